"""The command line at its edges (issue 8): help and version, scripted play with --moves, the
interactive niceties, and no traceback whatever the arguments, the input or the output."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solo_rules
from solo_rules.bots import HeuristicBot
from solo_rules.cli import _parser, main
from solo_rules.variant import variant_dir

SCRIPT = "import sys; from solo_rules.cli import main; sys.exit(main(sys.argv[1:]))"


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def typed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: str,
          *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", FakeTTY(answers))
    return run(capsys, "play", *argv)


def shell(command: str) -> subprocess.CompletedProcess[bytes]:
    """Run the command under a shell, for redirections the test process cannot make."""
    return subprocess.run(["/bin/sh", "-c", command], capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
                          check=False)


def cli(args: str) -> str:
    return f"{sys.executable} -c '{SCRIPT}' {args}"


# -- help, version ---------------------------------------------------------------------------

def test_bare_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: solo-rules") and "examples:" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and re.fullmatch(r"solo-rules \S+ \((pure Python|accelerated: .*)\)\n", out)


def subcommands() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_has_a_description_an_example_and_help_for_each_option(
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    parser = subcommands()[name]
    assert parser.description
    for action in parser._actions:
        assert action.help, (name, action.dest)
        if action.option_strings and action.dest != "help":
            assert re.search(r": .*\S$", action.help), (name, action.dest)  # ends in an example
    code, out, _ = run(capsys, name, "--help")
    assert code == 0
    assert re.search(rf"^examples:\n  solo-rules {name}", out, re.MULTILINE)


# -- interactive niceties --------------------------------------------------------------------

def test_a_superscript_digit_at_the_prompt_is_refused_and_asked_again(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = typed(capsys, monkeypatch, "²\n١\n" + "1\n" * 40, "--seed", "1",
                           "--seat", "2")
    assert (code, err) == (0, "")
    assert "Not accepted: '²' is not one of your choices" in out
    assert "Not accepted: '١' is not one of your choices" in out


def test_a_forced_move_is_played_without_a_prompt(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "--seed", "1")
    assert "(your only choice: " in out
    assert "Your choice (1-1 " not in out


def test_bids_are_explained_at_the_prompt(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "--seed", "1")
    assert re.search(r"^ +\d\. bid frage +\(Frage: you name trumps, with a partner called by "
                     r"a card, take 5 tricks; base value 2\)$", out, re.MULTILINE)
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "foster", "--seed", "1", "--seat", "1")
    assert re.search(r"^ +\d\. bid 16 +\(declare any game worth at least 16\)$", out,
                     re.MULTILINE)


def test_every_hand_is_shown_at_the_end_with_how_to_play_another(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "--seed", "1")
    end = out.split("The deal was:\n")[1]
    for seat in range(4):
        assert len(re.findall(rf"^  seat {seat}: (\S+ ?){{8}}$", end, re.MULTILINE)) == 1
    assert "Another hand: solo-rules play altenburg-1988 --seed 2" in end


def test_the_stake_is_shown_where_money_is_paid(capsys: pytest.CaptureFixture[str]) -> None:
    """Niese pays 5 a point from each adversary: the outcome says so."""
    _, out, _ = run(capsys, "play", "niese", "--watch", "--seed", "3")
    assert "\n  value: bid +2 first +1 = +3\n  paid: each adversary pays 15: the value 3 at " \
           "stake 5\n  change: " in out


@pytest.mark.parametrize("vid", ["altenburg-1988", "foster"])
def test_the_printed_call_deals_the_same_hand(capsys: pytest.CaptureFixture[str],
                                              vid: str) -> None:
    _, out, _ = run(capsys, "play", vid, "--watch", "--seed", "11")
    call = re.search(r"This deal again: solo-rules play (\S+) --seed 11  \(Python: "
                     r"(solo_rules\.new_game\('[\w-]+', seed=11\))\)", out)
    assert call is not None and call.group(1) == vid
    state = eval(call.group(2), {"solo_rules": solo_rules})
    dealer = int(re.search(r"dealer seat (\d)", out).group(1))  # type: ignore[union-attr]
    assert state.dealer == dealer
    for seat in range(state.players):
        printed = re.search(rf"^  seat {seat}: (.*)$", out, re.MULTILINE)
        assert printed is not None
        assert set(printed.group(1).split()) == {c.symbol_text for c in state.hand(seat)}


# -- scripted play ---------------------------------------------------------------------------

def bot_moves(vid: str, seed: int, seat: int) -> list[str]:
    """The moves the command's own bot would make for ``seat`` in the hand of ``seed``."""
    state = solo_rules.new_game(vid, seed=seed)
    rules = solo_rules.compile(solo_rules.load_variant(vid))
    bots = [HeuristicBot(seed * 8 + s, rules) for s in range(state.players)]
    moves = []
    while not state.is_terminal:
        action = bots[state.player].choose(state.view(state.player))
        if state.player == seat:
            moves.append(action.text)
        state = state.apply(action)
    return moves


@pytest.mark.parametrize("vid", solo_rules.available_variants())
def test_moves_from_a_file_play_the_seat_like_the_bot_would(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, vid: str) -> None:
    """Feeding the seat's bot moves through --moves plays the hand that watching plays."""
    moves = tmp_path / "moves.txt"
    moves.write_text("# my moves\n\n" + "\n".join(bot_moves(vid, 5, 1)) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "play", vid, "--seed", "5", "--seat", "1", "--moves",
                         str(moves))
    assert (code, err) == (0, "")
    watched = run(capsys, "play", vid, "--seed", "5", "--watch")[1]
    assert out.split("\nOutcome: ")[1].split("The deal was:")[0] == \
        watched.split("\nOutcome: ")[1]


def test_moves_from_stdin(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(bot_moves("niese", 2, 0))))
    code, out, err = run(capsys, "play", "niese", "--seed", "2", "--moves", "-")
    assert (code, err) == (0, "")
    assert "\nOutcome: " in out


@pytest.mark.parametrize(("moves", "message"), [
    ("play CA\n", "--moves line 1: play ♣A is not legal now: the rules expect a bid, hold or "
                  "pass now; your choices: pass, bid solo, bid solo@♣"),
    ("\n# nothing\n7\n", "--moves line 3: there is no choice 7: pick 1 to 3"),
    ("pass\n", "--moves: the moves ended before the hand did; seat 1 must choose one of: "
               "play SK, play S8, play S7"),
    ("zzz\n", "--moves line 1: 'zzz' is not one of your choices: enter 1 to 3"),
])
def test_a_bad_move_is_one_line_naming_the_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, moves: str,
        message: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    code, _, err = run(capsys, "play", "--seed", "4", "--seat", "1", "--moves", "-")
    assert code == 2
    assert err.startswith(f"solo-rules play: error: {message}") and err.count("\n") == 1


def test_moves_left_over_after_the_hand_are_an_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    moves = bot_moves("altenburg-1988", 4, 1)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([*moves, "pass"])))
    code, _, err = run(capsys, "play", "--seed", "4", "--seat", "1", "--moves", "-")
    assert code == 2
    assert err == (f"solo-rules play: error: --moves line {len(moves) + 1}: 'pass' is left "
                   "over: the hand is over\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["--moves", "/no/such/file"], "--moves '/no/such/file': cannot read: No such file"),
    (["--moves", "-", "--watch"], "--watch and --moves exclude each other"),
])
def test_moves_option_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                             message: str) -> None:
    code, _, err = run(capsys, "play", "--seed", "1", *argv)
    assert code == 2 and message in err and err.count("\n") == 1


def test_piped_input_without_moves_says_how_to_play_from_a_script(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    code, out, err = run(capsys, "play", "--seed", "3")
    assert code == 0 and "\nOutcome: " in out
    assert err == ("solo-rules play: stdin is not a terminal, so bots play every seat; to play "
                   "seat 0 from a script, use --moves FILE or --moves -\n")


# -- never a traceback -----------------------------------------------------------------------

@pytest.mark.parametrize(("redirect", "code", "message"), [
    (">&-", 1, "cannot write the output: stdout is closed"),
    ("> /dev/full", 1, "cannot write the output: No space left on device"),
    ("2>&- | head -1", 0, ""),
    ("| head -1", 0, ""),
])
@pytest.mark.parametrize("command", ["variants", "play --watch --seed 1"])
def test_closed_or_full_output_is_one_line_not_a_traceback(
        redirect: str, code: int, message: str, command: str) -> None:
    done = shell(f"{cli(command)} {redirect}")
    assert done.returncode == code
    err = done.stderr.decode()
    assert "Traceback" not in err and "Exception" not in err
    assert err == (f"solo-rules: error: {message}\n" if message else "")


@pytest.mark.parametrize("name", ["$(printf '\\377\\376.yaml')", "$(printf 'x%.0s' $(seq 5000))",
                                  "$(printf 'y%.0s' $(seq 300)).yaml"])
def test_non_utf8_and_over_long_variant_paths_are_one_line(name: str) -> None:
    done = shell(f"{cli('rules')} \"{name}\"")
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 300


arguments = st.lists(st.one_of(
    st.sampled_from(["play", "rules", "variants", "--seed", "--seat", "--dealer", "--watch",
                     "--moves", "--format", "markdown", "-", "niese", "foster", "heart-solo",
                     "0", "1", "3", "-1", "99", "²", "x.yaml", "--help", "--version", "-h",
                     "--", "=", "--seed=", "9" * 50]),
    st.text(max_size=12)), max_size=6)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None,
          max_examples=40)
@given(argv=arguments, typed_in=st.text(max_size=30))
def test_any_arguments_give_a_result_or_one_line_exit_2(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
        typed_in: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed_in))
    code, _, err = run(capsys, *argv)
    if code == 2:
        assert err.count("\n") == 1 and "Traceback" not in err
    else:
        assert code == 0, err


GARBAGE = [b"\xff\xfe\n", "²\n".encode(), b"9" * 5000 + b"\n", b"\x1b[A\x1b[B\n", b"\x00\n",
           b"play\n", b"bid\n", b"-1\n", b"0\n", "play ♣Q\n".encode(), b" " * 300 + b"\n",
           b"\t\n", b"declare solo X\n", b"1\n"]


def test_a_terminal_fed_garbage_refuses_it_and_quits_on_end_of_input() -> None:
    """In a real pseudo-terminal, every garbage answer is 'Not accepted' and Ctrl-D quits
    with exit 0: no traceback."""
    master, slave = os.openpty()
    process = subprocess.Popen([sys.executable, "-c", SCRIPT, "play", "--seed", "6"],
                               stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    output, fed = b"", 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and process.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    output += os.read(master, 65536)
                except OSError:
                    break
            if output.count(b"Your choice (1-") + output.count(b"Not accepted") > fed:
                os.write(master, GARBAGE[fed] if fed < len(GARBAGE) else b"\x04")
                fed += 1
        with contextlib.suppress(OSError):
            while select.select([master], [], [], 0.5)[0]:
                chunk = os.read(master, 65536)
                if not chunk:
                    break
                output += chunk
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait()
        os.close(master)
    text = output.decode("utf-8", "replace")
    assert process.returncode == 0, text
    assert "Traceback" not in text
    assert fed > len(GARBAGE)
    assert text.count("Not accepted") >= len(GARBAGE) - 2
    assert "Goodbye." in text


def test_the_readme_scripted_play_example_runs(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("To play a seat from a script")[1].split("```sh\n")[1].split("```")[0]
    script = block.replace("solo-rules", cli("")).replace("\\\n", "")
    lines = [line for line in script.splitlines() if line.strip()]
    made = shell(f"cd {tmp_path} && {lines[0]} && {lines[1]}")
    assert made.returncode == 0, made.stderr
    assert b"\nOutcome: " in made.stdout
    ended = shell(f"cd {tmp_path} && {lines[2]}")
    assert ended.returncode == 2
    assert ended.stderr.startswith(b"solo-rules play: error: --moves: the moves ended")


def test_a_loadable_file_with_a_non_utf8_name_plays(tmp_path: Path) -> None:
    source = variant_dir() / "niese.yaml"
    name = os.fsencode(tmp_path) + b"/n\xff.yaml"
    Path(os.fsdecode(name)).write_bytes(source.read_bytes())
    done = shell(f"{cli('play')} \"$(printf '{os.fsdecode(tmp_path)}/n\\377.yaml')\" --watch "
                 "--seed 1")
    assert done.returncode == 0, done.stderr
    assert b"This deal again: solo-rules play" in done.stdout and b"\\udcff" in done.stdout


def test_a_terminal_that_cannot_show_the_suits_is_one_line() -> None:
    done = shell(f"PYTHONIOENCODING=ascii {cli('play --watch --seed 1')}")
    assert done.returncode == 1
    assert done.stderr == b"solo-rules: error: cannot write the output in ascii: '\\u2663'\n"
