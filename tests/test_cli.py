"""The ``solo-rules`` command: the variants table, rulebooks, watched and interactive hands, and
one-line errors with exit code 2 for bad input."""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

import solo_rules
from solo_rules import compile as sr_compile
from solo_rules.cli import main

VARIANTS = solo_rules.available_variants()
README = Path(__file__).resolve().parents[1] / "README.md"


class FakeTTY(io.StringIO):
    """Typed answers on a stdin that claims to be a terminal, echoed as a terminal would."""

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        sys.stdout.write(line)
        return line


class InterruptingTTY(FakeTTY):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- variants and rules ----------------------------------------------------------------------

def test_variants_lists_id_title_players_and_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    lines = out.split("\n\n")[0].splitlines()
    assert lines[0].split() == ["id", "title", "players", "status"]
    assert len(lines) == len(VARIANTS) + 1
    for vid, line in zip(VARIANTS, lines[1:], strict=True):
        variant = solo_rules.load_variant(vid)
        assert line.startswith(vid + " ")
        players = sr_compile(variant).players
        assert re.search(rf"{re.escape(variant.title)}\s+{players}\s+{variant.status}$", line)


def test_variants_lists_each_overlay_with_the_bases_it_applies_to(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each overlay (status: overlay) is listed after the variants, with every base whose rules
    satisfy its declared requirements and conflicts."""
    _, out, _ = run(capsys, "variants")
    lines = out.split("\n\n")[1].splitlines()
    assert lines[0].split() == ["overlay", "title", "applies", "to"]
    overlays = solo_rules.available_overlays()
    assert overlays and [line.split()[0] for line in lines[1:]] == overlays
    for oid, line in zip(overlays, lines[1:], strict=True):
        assert line.endswith(", ".join(solo_rules.overlay_bases(oid)))


def test_an_overlaid_variant_is_named_by_its_id_and_a_bad_overlay_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``base+overlay`` loads the overlay on the base; an unknown overlay, or one whose
    declaration the base does not satisfy, is one line and exit code 2."""
    code, out, _ = run(capsys, "rules", "altenburg-1988+matador-renege")
    assert code == 0 and "overlays: matador-renege" in out
    code, _, err = run(capsys, "rules", "altenburg-1988+nope")
    assert code == 2 and err.strip().endswith(
        "unknown overlay 'nope'; known overlays: " + ", ".join(solo_rules.available_overlays()))
    code, _, err = run(capsys, "rules", "foster+couleur-favorite")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "declares.requires" in err


def test_rules_prints_the_rulebook_with_citations_and_editorial_notes(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "altenburg-1988")
    assert code == 0
    assert out == solo_rules.rulebook("altenburg-1988")
    assert "S-WIK (Wikipedia" in out
    assert "EDITORIAL NOTE:" in out


def test_rules_markdown_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "altenburg-1988", "--format", "markdown")
    assert code == 0
    assert out.startswith("# German Solo: Altenburg rules (1988)\n")
    assert "> **Editorial note**" in out


def test_rules_reads_a_variant_file_by_path(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("schema: 1\nid: house\nextends: altenburg-1988\ntitle: House rules\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "rules", str(path))
    assert code == 0
    assert out.startswith("House rules\n")


# -- watching --------------------------------------------------------------------------------

def _replay(vid: str, seed: int, out: str) -> solo_rules.GameState:
    """Apply the actions printed in a watched hand to a fresh deal of the same seed and the
    dealer the header names."""
    header = re.search(r"dealer seat (\d+)", out)
    assert header is not None
    state = solo_rules.new_game(vid, seed=seed, dealer=int(header.group(1)))
    for seat, text in re.findall(r"^seat (\d+): (.+?)(?:  \(.*\))?$", out, re.MULTILINE):
        assert int(seat) == state.current_player
        state = state.apply(text)
    return state


@pytest.mark.parametrize("vid", VARIANTS)
def test_watch_prints_the_deal_every_action_and_ends_with_the_outcome(
        capsys: pytest.CaptureFixture[str], vid: str) -> None:
    for seed in range(4):
        code, out, err = run(capsys, "play", vid, "--watch", "--seed", str(seed))
        assert code == 0 and err == ""
        state = _replay(vid, seed, out)
        assert state.is_terminal
        for seat in range(state.players):
            assert f"  seat {seat}: " in out
        outcome = state.outcome()
        last = out.rstrip("\n").split("\n\n")[-1]
        assert last.startswith("Outcome: ")
        if outcome.contract is None:
            assert last.endswith("nobody scores.")
        else:
            change = ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(outcome.scores))
            assert last.endswith(f"  change: {change}")
            tricks = ", ".join(f"seat {s} {n}" for s, n in enumerate(state.won))
            assert f"\n  tricks: {tricks}\n" in last
            if outcome.declarer is not None and not outcome.joint:
                result = "made" if outcome.made else "lost"
                assert (f"\n  party {outcome.party_tricks}, defenders "
                        f"{outcome.defender_tricks}: {result}\n") in last


@pytest.mark.parametrize("vid", VARIANTS)
def test_without_dealer_the_first_dealer_is_drawn_by_the_variants_rule(
        capsys: pytest.CaptureFixture[str], vid: str) -> None:
    """S-WIK: "First dealer is chosen by lot"; S-FOS: "throw round the cards for the first club
    turned up to deal" (EX-28): the command draws the first dealer by the variant's own rule,
    reproducibly from the seed."""
    variant = solo_rules.load_variant(vid)
    dealers = set()
    for seed in range(12):
        out = run(capsys, "play", vid, "--watch", "--seed", str(seed))[1]
        expected = sr_compile(variant).first_dealer(random.Random(seed))
        assert f"dealer seat {expected}," in out.split("\n")[0]
        dealers.add(expected)
    assert len(dealers) > 1


def test_watch_annotates_tricks_the_call_and_the_partner(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--watch", "--seed", "1", "--dealer", "0")
    assert "seat 2 wins the auction" in out
    assert "whoever holds ♥A is the partner (secretly seat 0)" in out
    assert "the called card; seat 0 wins trick 1" in out
    assert "partner revealed: seat 0" in out
    assert "(leads)" in out


def test_watch_is_reproducible_by_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--watch", "--seed", "5", "--dealer", "2")[1]
    assert first == run(capsys, "play", "--watch", "--seed", "5", "--dealer", "2")[1]
    assert "dealer seat 2, eldest seat 3" in first


def test_play_without_a_terminal_watches(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert run(capsys, "play", "--seed", "3")[1] == \
        run(capsys, "play", "--watch", "--seed", "3")[1]


# -- interactive play ------------------------------------------------------------------------

def play_typed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
               stdin: io.StringIO, *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, err = run(capsys, "play", *argv)
    assert err == ""
    return code, out


def test_interactive_hand_shows_the_hand_choices_and_reaches_the_outcome(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = play_typed(capsys, monkeypatch, FakeTTY("1\n" * 40), "--seed", "1", "--seat", "2")
    assert code == 0
    assert "You are seat 2" in out
    assert "Your hand: " in out and "Your choice (1-" in out
    assert re.search(r"^   1\. (pass|bid \w+|play [♣♠♥♦]\S+)(  \(.+\))?$", out, re.MULTILINE)
    # Altenburg is German-suited: the names are given once, the cards written as in the
    # rulebook (♣Q), never as the letters of the action text or with a German name beside
    assert out.count("(German-suited: ♣ Eichel, ♠ Grün, ♥ Rot, ♦ Schellen; Q Ober, J Unter)") == 1
    assert "Eichel-" not in out
    assert "Trick so far: " in out
    assert re.search(r"^you: ", out, re.MULTILINE)
    assert "\nOutcome: " in out


def test_interactive_bad_input_is_refused_with_the_reason_and_asked_again(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    typed = FakeTTY("zzz\n0\n\nplay\n" + "1\n" * 40)
    code, out = play_typed(capsys, monkeypatch, typed, "--seed", "1", "--seat", "2")
    assert code == 0
    before_first_move = out.split("\nyou: ")[0]
    refusals = re.findall(r"Not accepted: (.*)", before_first_move)
    assert len(refusals) == 4
    assert refusals[0].startswith("'zzz' is not one of your choices: enter 1 to ")
    assert refusals[1].startswith("there is no choice 0")
    assert refusals[2] == "enter a choice's number, a card or the choice's text"
    assert before_first_move.count("Your choice (1-") == 5
    assert "\nOutcome: " in out


def test_interactive_accepts_the_action_text(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 is eldest and speaks first; without both black queens it may pass.
    hand = solo_rules.new_game("altenburg-1988", seed=4, dealer=0).hand(1)
    assert not {solo_rules.Card.CQ, solo_rules.Card.SQ} <= set(hand)
    code, out = play_typed(capsys, monkeypatch, FakeTTY("Pass\n" + "1\n" * 40),
                           "--seed", "4", "--seat", "1", "--dealer", "0")
    assert code == 0
    assert "\nyou: pass\n" in out


def test_interactive_refuses_an_illegal_action_with_the_reason(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = play_typed(capsys, monkeypatch, FakeTTY("play CA\n" + "1\n" * 40),
                        "--seed", "4", "--seat", "1", "--dealer", "0")
    assert "Not accepted: play ♣A is not legal now: the rules expect a bid, hold or pass now" \
        in out


def test_interactive_end_of_input_quits_cleanly(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = play_typed(capsys, monkeypatch, FakeTTY(""), "--seed", "1", "--seat", "1")
    assert code == 0
    assert out.rstrip().endswith("Goodbye.")


def test_interactive_ctrl_c_quits_cleanly(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = play_typed(capsys, monkeypatch, InterruptingTTY(""), "--seed", "1", "--seat", "1")
    assert code == 130
    assert out.rstrip().endswith("Interrupted.")


def test_interactive_play_in_a_real_terminal() -> None:
    """The command run in a pseudo-terminal detects it and plays interactively."""
    master, slave = os.openpty()
    script = "import sys; from solo_rules.cli import main; sys.exit(main(sys.argv[1:]))"
    process = subprocess.Popen([sys.executable, "-c", script, "play", "--seed", "2", "--seat",
                                "3"], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    output = b""
    answered = 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the terminal closed: the command ended
                    break
                if not chunk:
                    break
                output += chunk
            prompts = output.count(b"Your choice (1-")
            if prompts > answered:
                os.write(master, b"1\n")
                answered = prompts
            if process.poll() is not None and not ready:
                break
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait()
        os.close(master)
    text = output.decode("utf-8", "replace")
    assert process.returncode == 0, text
    assert answered >= 1
    assert "You are seat 3" in text
    assert "Outcome: " in text


# -- errors ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--seed", "x"], "argument --seed: expected a whole number >= 0, got 'x'"),
    (["play", "--seed", "-3"], "argument --seed: expected a whole number >= 0, got '-3'"),
    (["play", "nowhere"], "unknown variant 'nowhere'"),
    (["rules", "nowhere"], "unknown variant 'nowhere'"),
    (["play", "missing.yaml"], "missing.yaml: no such variant file"),
    (["play", "--seat", "4"], "--seat 4: altenburg-1988 has seats 0..3"),
    (["play", "--seat", "-1", "--watch"], "--seat -1: altenburg-1988 has seats 0..3"),
    (["play", "--dealer", "9"], "--dealer 9: altenburg-1988 has seats 0..3"),
    (["rules", "altenburg-1988", "--format", "html"], "argument --format: invalid choice"),
    (["deal"], "argument COMMAND: invalid choice: 'deal'"),
])
def test_bad_input_is_one_line_on_stderr_with_exit_code_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err
    assert re.match(r"solo-rules( \w+)?: error: ", err)
    assert message in err


@pytest.mark.parametrize(("content", "message"), [
    ("rules: [\n", "expected"),
    ("schema: 1\nid: broken\nextends: altenburg-1988\nrules: {deal: {params: {packets: x}}}\n",
     "rules.deal.params"),
    ("- just a list\n", "a variant file must be a mapping"),
])
def test_a_bad_variant_file_is_one_line_with_exit_code_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(content, encoding="utf-8")
    for argv in (["rules", str(path)], ["play", str(path), "--watch"]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and "Traceback" not in err
        assert str(path) in err and message in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0
    assert "--watch" in out


def test_action_grammar_doc_lists_every_word_the_shipped_modules_contribute() -> None:
    doc = (README.parent / "docs" / "actions.md").read_text(encoding="utf-8")
    for vid in VARIANTS:
        for action in sr_compile(solo_rules.load_variant(vid)).actions.by_id.values():
            if action.kind not in ("play", "call", "trump", "bid", "declare"):
                assert f"| `{action.text}` | {action.id} |" in doc
    for form in ("`play CQ`", "`call SA`", "`trump H`", "`bid NAME`", "`declare "):
        assert f"| {form}" in doc
