"""Actions and refusals in a player's words (issue 40, "one voice for people"): a choice is
named as a player says it, a deed in the third person, and the engine's explanation of a
refusal is addressed to its reader with the cards as the table shows them."""

from __future__ import annotations

import pytest

import solo_rules as sr
from solo_rules.cards import Card
from solo_rules.game import compile
from solo_rules.wording import action_words, addressed, deed_words

ALTENBURG = compile(sr.load_variant("altenburg-1988"))
NAMES = ("Ann", "Bob", "Cy", "Di")


@pytest.mark.parametrize(("text", "words", "deed"), [
    ("declare solo C tout", "Solo, ♣ trumps, Tout", "Bob declares Solo, ♣ trumps, Tout"),
    ("declare frage S", "Frage, ♠ trumps", "Bob declares Frage, ♠ trumps"),
    ("bid frage", "Bid Frage", "Bob bids Frage"),
    ("bid solo@C", "Bid Solo (♣)", "Bob bids Solo (♣)"),
    ("pass", "Pass", "Bob passes"),
    ("hold", "Hold", "Bob holds"),
    ("trump C", "♣ trumps", "Bob names ♣ trumps"),
    ("call CA", "Call ♣A", "Bob calls ♣A"),
    ("play SQ", "♠Q", "Bob plays ♠Q"),
    ("stop", "Stop", "Bob stops play after the first tricks"),
])
def test_an_action_is_named_in_words_and_told_in_the_third_person(text: str, words: str,
                                                                  deed: str) -> None:
    action = ALTENBURG.actions.parse(text)
    assert action_words(ALTENBURG, action) == words
    assert deed_words(ALTENBURG, action, "Bob") == deed


def test_ones_own_deed_takes_the_plain_verb() -> None:
    assert deed_words(ALTENBURG, ALTENBURG.actions.parse("bid frage"), "you") == "You bid Frage"


def test_a_refusal_is_addressed_to_its_reader_with_the_cards_shown_as_symbols() -> None:
    # the engine's words, as a refused card in Altenburg gets them
    state = sr.new_game("altenburg-1988", seed=11)
    while state.phase != "play" or len(state.legal_actions()) == len(
            state.hand(state.current_player)):
        state = state.apply(state.legal_actions()[0])
    seat = state.current_player
    playable = {a.card for a in state.legal_actions()}
    barred = next(c for c in state.hand(seat) if c not in playable)
    _, why = state.rules.refusal(state, state.rules.actions.parse(f"play {barred.name}").id)
    assert f"seat {seat} must" in why
    told = addressed(why, seat, NAMES)
    assert told.startswith("You must") and "seat" not in told
    assert not state.trick or Card(state.trick[0]).symbol_text in told
    assert addressed(why, (seat + 1) % 4, NAMES).startswith(f"{NAMES[seat]} must")


def test_a_seat_is_named_and_its_verb_agrees_with_you() -> None:
    assert addressed("seat 2 does not hold CQ", 2, NAMES) == "You do not hold ♣Q"
    assert addressed("seat 2 does not hold CQ", 0, NAMES) == "Cy does not hold ♣Q"
    assert addressed("Solo by seat 1, trumps ♥", None, NAMES) == "Solo by Bob, trumps ♥"
