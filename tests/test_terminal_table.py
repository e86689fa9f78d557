"""The terminal table a newcomer plays at (issue 26): one way to write a card, the menu in the
order the hand is shown, every choice explained by the rule that offers it, the "Helfer?"
question named, one reading for a number, a card and a text, lines wrapped to the terminal and
coloured where it takes colour, a running trick count, ``help`` and ``last``, ``--bot`` and
``--json``."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from test_cli import FakeTTY

import solo_rules as sr
from solo_rules import compile as sr_compile
from solo_rules.cli import main
from solo_rules.describe import compose
from solo_rules.display import choice_note
from solo_rules.terminal import Screen, Table

#: A card as the engine's texts write it: on the table's screen only in the command lines
#: that deal a hand again and in the help text's examples.
LETTER_CARD = re.compile(r"(?<![\w@'])[CSHD](?:10|[AKQJT987])(?![\w'])")


def typed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: str,
          *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", FakeTTY(answers))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cards_are_written_one_way_on_the_screen(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "--seed", "12", "--dealer", "3")
    shown = [line for line in out.splitlines()
             if "solo-rules play" not in line and not line.startswith("Your choice")]
    assert not [line for line in shown if LETTER_CARD.search(line)]
    assert "♣" in out and "Eichel-" not in out
    assert out.count("(German-suited: ♣ Eichel, ♠ Grün, ♥ Rot, ♦ Schellen; Q Ober, J Unter)") \
        == 1


def test_the_menu_lists_the_cards_in_the_order_the_hand_is_shown(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = typed(capsys, monkeypatch, "1\n" * 40, "--seed", "12", "--dealer", "3")
    menus = 0
    for block in out.split("Your hand: ")[1:]:
        hand = block.splitlines()[0].split()
        cards = re.findall(r"^ +\d+\. play (\S+)$", block.split("Your choice")[0], re.MULTILINE)
        if cards:
            menus += 1
            assert cards == [card for card in hand if card in cards]
    assert menus >= 5


def test_the_helfer_question_is_named_and_passing_says_what_it_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    rules = sr_compile(sr.load_variant("altenburg-1988"))
    state = sr.new_game("altenburg-1988", seed=206)
    from solo_rules.bots import HeuristicBot
    bots = [HeuristicBot(206 * 8 + seat, rules) for seat in range(4)]
    while state.phase != sr.Phase.DECIDE:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    notes = {a.text: choice_note(rules, state, a) for a in state.legal_actions()}
    assert notes == {
        "pass": 'play on without asking "Helfer?"',
        "ask partner": 'ask "Helfer?": the partner answers "Hier!" and is known from now on; '
                       "the party may then not play on for every trick"}
    assert main(["play", "--watch", "--seed", "206"]) == 0
    out = capsys.readouterr().out
    assert re.search(r'^seat \d: (pass  \(play on without asking "Helfer\?"|ask partner  '
                     r'\(ask "Helfer\?")', out, re.MULTILINE)
    assert "(passes)" not in out


def test_a_number_a_card_and_a_text_are_read_alike() -> None:
    table = Table(sr.load_variant("altenburg-1988"), io.StringIO(), 0)
    state = sr.new_game("altenburg-1988", seed=12, dealer=3)
    for text in ("pass", "pass", "bid frage", "pass", "declare frage H", "call CA"):
        state = state.apply(text)
    menu = table.menu(state)
    first = menu[0]
    assert first.card is not None
    for answer in ("1", first.card.symbol_text, first.card.name, first.card.name.lower(),
                   f"play {first.card.name.lower()}", f"  play {first.card.symbol_text} "):
        assert table.choice(state, menu, answer) == first
    for answer, message in (("9", "there is no choice 9: pick 1 to 8"),
                            ("-1", "there is no choice -1: pick 1 to 8"),
                            ("DJ", "play ♦J is not legal now: you do not hold ♦J"),
                            ("play dj", "play ♦J is not legal now: you do not hold ♦J"),
                            ("bid frage", "bid frage is not legal now: the rules expect a card"),
                            ("zzz", "'zzz' is not one of your choices: enter 1 to 8")):
        with pytest.raises(sr.SoloRulesError) as refused:
            table.choice(state, menu, answer)
        assert str(refused.value).startswith(message), (answer, str(refused.value))


def test_a_card_typed_in_the_auction_is_told_when_cards_are_played() -> None:
    """Issue 40: ``CQ`` typed while bidding gets a hint, not only "not one of your choices"."""
    table = Table(sr.load_variant("altenburg-1988"), io.StringIO(), 0)
    state = sr.new_game("altenburg-1988", seed=12, dealer=3)
    menu = table.menu(state)
    with pytest.raises(sr.SoloRulesError) as refused:
        table.choice(state, menu, "CQ")
    assert "cards are played with 'play ♣Q' (or just ♣Q) once the play begins" in \
        str(refused.value)
    with pytest.raises(sr.SoloRulesError) as refused:
        table.choice(state, menu, "zzz")
    assert "cards are played" not in str(refused.value)


def _declaring(variant: str) -> sr.GameState:
    """An Altenburg hand bid up to Solo in clubs, at its declaration."""
    state = sr.new_game(variant, seed=12, dealer=3)
    for text in ("bid frage", "bid frage@C", "hold", "bid solo", "hold", "bid solo@C", "hold",
                 "pass", "pass", "pass"):
        state = state.apply(text)
    return state


def test_an_announced_tout_choice_shows_the_value_with_the_tout_bonus() -> None:
    """Issue 40: the Tout choice showed the base value alone; the scoring's announced-Tout
    bonus (PartyPoints' ``tout_announced``) is added where the player chooses it."""
    variant = sr.load_variant("altenburg-1988")
    rules = sr_compile(variant)
    state = _declaring("altenburg-1988")
    notes = {action.text: choice_note(rules, state, action) for action in state.legal_actions()}
    bonus = rules.scoring.announced_tout_bonus
    assert bonus > 0
    assert notes["declare solo C"].endswith("base value 6")
    assert notes["declare solo C tout"].endswith(
        f"base value 6 + {bonus} for Tout announced = {6 + bonus}")


def test_help_points_at_the_rulebook_section_of_the_phase(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: ``help`` covered input only; it now names the section that rules the
    current phase, as ``solo-rules rules`` numbers it."""
    _, out, _ = typed(capsys, monkeypatch, "help\n" + "1\n" * 6 + "help\n" + "1\n" * 40,
                      "--seed", "12", "--dealer", "3")
    titles = {s.slot: f"section {n} ({s.title})"
              for n, s in enumerate(compose("altenburg-1988").sections, start=1)}
    said = " ".join(out.split())
    assert (f"The rules of this part of the hand: {titles['auction']} of the rulebook "
            "(solo-rules rules altenburg-1988).") in said
    assert f"The rules of this part of the hand: {titles['play']} of the rulebook" in said


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_lines_wrap_to_the_terminal_width_at_word_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("NO_COLOR", "1")
    screen = Screen(_Terminal())
    text = ("Frage: you name trumps, with a partner called by a card, take 5 tricks; base "
            "value 2 and some more words to wrap")
    lines = screen.lines("  3. bid frage  (" + text + ")").splitlines()
    assert len(lines) > 1 and all(len(line) < 50 for line in lines)
    assert " ".join(line.strip() for line in lines) == "3. bid frage  (" + text + ")" or \
        " ".join(" ".join(line.split()) for line in lines) == " ".join(
            ("3. bid frage (" + text + ")").split())
    assert all(line.startswith("      ") for line in lines[1:])  # continuation indented
    assert Screen(io.StringIO()).lines(text * 3) == text * 3  # not a terminal: one line


def test_colour_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Screen(_Terminal()).lines("♥A ♠K") == "\x1b[31m♥A\x1b[0m ♠K"
    monkeypatch.setenv("NO_COLOR", "1")
    assert Screen(_Terminal()).lines("♥A ♠K") == "♥A ♠K"
    monkeypatch.delenv("NO_COLOR")
    assert Screen(io.StringIO()).lines("♥A") == "♥A"  # a pipe gets no colour codes


def test_the_trick_count_help_and_last_trick(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    answers = "last\nhelp\n" + "1\n" * 6 + "last\n" + "1\n" * 40
    code, out, _ = typed(capsys, monkeypatch, answers, "--seed", "12", "--dealer", "3")
    assert code == 0
    assert "No trick has been completed yet." in out
    assert "Answer with a number from 1 to " in out and "'last' shows the last" in out
    assert re.search(r"^Trick 1 of 8; tricks won: you 0, seat 1 0, seat 2 0, seat 3 0$", out,
                     re.MULTILINE)
    assert re.search(r"^Trick \d: (you|seat \d) [♣♠♥♦]\S+, .*; (you|seat \d) won it\.$", out,
                     re.MULTILINE)


def test_help_gives_this_menus_own_choices_as_examples(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Foster's bids are amounts: its help must not suggest Altenburg's ``bid frage``."""
    _, out, _ = typed(capsys, monkeypatch, "help\n" + "1\n" * 40, "foster", "--seed", "7",
                      "--seat", "2")
    assert "as shown (pass, bid 32);" in " ".join(out.split())  # however it wraps
    assert "frage" not in out


def test_play_seats_the_bot_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--watch", "--seed", "5"]) == 0
    heuristic = capsys.readouterr().out
    assert main(["play", "--watch", "--seed", "5", "--bot", "random"]) == 0
    randomly = capsys.readouterr().out
    assert heuristic != randomly
    assert main(["play", "--watch", "--seed", "5", "--bot", "nobody"]) == 2
    assert "argument --bot: invalid choice: 'nobody'" in capsys.readouterr().err


def test_play_json_prints_a_record_that_replays(capsys: pytest.CaptureFixture[str],
                                               tmp_path: pytest.TempPathFactory) -> None:
    assert main(["play", "foster", "--watch", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out
    record = sr.read_record(out)
    assert isinstance(record, sr.GameRecord) and record.seed == 3
    assert sr.replay(record).is_terminal
    assert main(["play", "--watch", "--seed", "3", "--hands", "2", "--json"]) == 0
    match = sr.read_record(capsys.readouterr().out)
    assert isinstance(match, sr.MatchRecord) and len(match.hands) == 2


def test_play_json_at_a_terminal_is_refused(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = typed(capsys, monkeypatch, "", "--json")
    assert (code, out) == (2, "")
    assert err.startswith("solo-rules play: error: --json prints the game record")


def test_variants_and_rules_print_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [v["id"] for v in listed["variants"]] == sr.available_variants()
    assert all(v["summary"] and v["players"] >= 3 for v in listed["variants"])
    assert [o["id"] for o in listed["overlays"]] == sr.available_overlays()
    assert main(["rules", "altenburg-1988+matador-renege", "--json"]) == 0
    book = json.loads(capsys.readouterr().out)
    assert book["title"] == "German Solo: Altenburg rules (1988) + matador renege"
    assert book["sections"][3]["clauses"][4]["number"] == "4.5"
    cited = {n for s in book["sections"] for c in s["clauses"] for n in c["notes"]}
    assert cited == {note["number"] for note in book["notes"]}


def test_every_error_of_a_command_has_its_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["play", "nowhere"], ["play", "--seat", "9"], ["rules", "nope"],
                 ["replay", "missing.json"], ["compare", "foster", "nope"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"solo-rules {argv[0]}: error: "), err
