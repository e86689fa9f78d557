"""Kontra and Re, a rule from outside solo-rules: who may double, when, what the multiplier
does, the refusals and their explanations, records, views, the rulebook, the command line and
the agents' frameworks. (A house rule: no source of the family has it, so these tests quote
the package's own rule: "each player but the declarer, in turn from eldest hand, may say
Kontra until one does: the game then counts double, won or lost. After a Kontra the declarer
may say Re: the game then counts four times.")"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pyspiel
import pytest
from pettingzoo.test import api_test
from solo_rules_kontra import DOUBLED, KONTRA, RE

import solo_rules
from solo_rules import GameState, IllegalActionError, new_game, read_record, record_of, replay
from solo_rules.bots import HeuristicBot
from solo_rules.describe import rulebook
from solo_rules.integrations.openspiel import register
from solo_rules.integrations.pettingzoo import env

KONTRA_VARIANT = "altenburg-1988+kontra"
#: the installed command line, beside the interpreter running the tests
COMMAND = str(Path(sys.executable).parent / "solo-rules")
#: Altenburg, seat 3 dealing: seat 0 (eldest) holds Spadille and hearts and declares a Solo.
HANDS = ("CQ HA HK HQ HJ HT C7 D7", "CA CK CJ CT C9 C8 DA DK",
         "SA SQ SK SJ ST S9 S8 S7", "H9 H8 H7 DQ DJ DT D9 D8")
DECLARED = ("bid frage", "pass", "pass", "pass", "declare solo H")


def run(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = state.apply(text)
    return state


def declared(variant: str = KONTRA_VARIANT) -> GameState:
    """Seat 0 declares a Solo in hearts; the others have not spoken since."""
    return run(new_game(variant, hands=HANDS, dealer=3), *DECLARED)


def finished(state: GameState) -> GameState:
    """The hand played out with the first legal action each time."""
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def test_after_the_declaration_each_opponent_in_turn_may_say_kontra() -> None:
    state = declared()
    assert (state.phase, state.player) == ("kontra", 1)
    assert [a.text for a in state.legal_actions()] == ["pass", "kontra"]
    state = run(state, "pass")
    assert state.player == 2
    state = run(state, "pass", "pass")
    assert state.phase == "play" and state.player == 0


def test_a_kontra_hands_the_word_to_the_declarer_who_may_say_re() -> None:
    state = run(declared(), "pass", "kontra")
    assert (state.phase, state.player) == ("kontra", 0)
    assert [a.text for a in state.legal_actions()] == ["pass", "re"]
    assert run(state, "re").phase == "play"


def test_re_before_a_kontra_is_refused_with_the_rule() -> None:
    with pytest.raises(IllegalActionError) as caught:
        declared().apply("re")
    assert caught.value.reason == "not_legal"
    assert "Re answers a Kontra: an opponent says Kontra or passes first" in str(caught.value)


def test_after_a_kontra_only_re_or_a_pass_is_taken() -> None:
    with pytest.raises(IllegalActionError, match="Kontra has been said: the declarer says Re"):
        run(declared(), "kontra").apply("kontra")


def test_a_card_is_refused_as_of_the_wrong_phase() -> None:
    with pytest.raises(IllegalActionError) as caught:
        declared().apply("play D7")
    assert caught.value.reason == "wrong_phase"
    assert "the rules expect Kontra, Re or a pass now" in str(caught.value)


@pytest.mark.parametrize(("said", "times", "name"), [(("kontra", "pass"), 2, "Kontra"),
                                                     (("kontra", "re"), 4, "Re")])
def test_the_game_counts_double_after_kontra_and_four_times_after_re(
        said: tuple[str, ...], times: int, name: str) -> None:
    plain = finished(declared("altenburg-1988")).outcome()
    doubled = finished(run(declared(), *said)).outcome()
    base = sum(value for _, value in plain.breakdown)
    assert doubled.breakdown == (*plain.breakdown, (name, base * (times - 1)))
    assert doubled.scores == tuple(score * times for score in plain.scores)


def test_without_a_kontra_the_game_counts_once() -> None:
    plain = finished(declared("altenburg-1988")).outcome()
    assert finished(run(declared(), "pass", "pass", "pass")).outcome().scores == plain.scores


def test_the_multiplier_is_public_in_every_view() -> None:
    state = run(declared(), "pass", "kontra")
    assert DOUBLED.of(state) is not None and DOUBLED.of(state).multiplier == 2
    assert [state.view(seat).memory for seat in range(4)] == [(("kontra", 2),)] * 4
    assert [run(state, "re").view(seat).memory for seat in range(4)] == [(("kontra", 4),)] * 4


def test_the_doubling_travels_in_records_and_pickles() -> None:
    state = finished(run(declared(), "kontra", "re"))
    record = read_record(record_of(state).to_json())
    again = replay(record)
    assert again == state and DOUBLED.of(again) == DOUBLED.of(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert again.outcome() == state.outcome()


def test_the_rulebook_labels_the_rule_a_house_rule() -> None:
    text = rulebook(solo_rules.load_variant(KONTRA_VARIANT))
    assert "Kontra and Re" in text
    assert "After a Kontra the declarer may say Re: the game then counts four times." in text
    assert "House rule (kontra), set by the variant file kontra." in text


def test_the_command_line_prints_the_rulebook_and_watches_a_hand() -> None:
    rules = subprocess.run([COMMAND, "rules", KONTRA_VARIANT],
                           capture_output=True, text=True, check=True).stdout
    assert "Kontra and Re" in rules
    watched = subprocess.run([COMMAND, "play", KONTRA_VARIANT,
                              "--watch", "--seed", "3"], capture_output=True, text=True,
                             check=True).stdout
    assert "passes" in watched and "Outcome:" in watched


def test_the_heuristic_bot_plays_the_new_decision() -> None:
    state = new_game(KONTRA_VARIANT, seed=5)
    bots = [HeuristicBot(seat) for seat in range(4)]
    seen = set()
    while not state.is_terminal:
        seen.add(state.phase)
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    assert "kontra" in seen
    assert KONTRA.id not in [aid for _, aid in state.history]  # it passes: never doubles
    assert RE.id not in [aid for _, aid in state.history]


def test_openspiel_random_sim_test_with_serialisation() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(register(KONTRA_VARIANT)), num_sims=3,
                            serialize=True, verbose=False)


def test_pettingzoo_api_test() -> None:
    api_test(env(KONTRA_VARIANT), num_cycles=20)
