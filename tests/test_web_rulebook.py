"""The table points a refusal to the rulebook clause that states the rule refusing it: the
clause of the library's own rulebook that shares the most telling words with the engine's
explanation, preferring the section of the slot that owns the phase; none when no clause says
it."""

from __future__ import annotations

import pytest

import solo_rules as sr
from solo_rules.bots import HeuristicBot
from solo_rules.web.rulebook import explanation, rulebook_of


def refusal(state: sr.GameState, action: str) -> str:
    with pytest.raises(sr.IllegalActionError) as refused:
        state.apply(action)
    return explanation(refused.value, state)


def clause_text(variant: sr.Variant, phase: str, why: str) -> str | None:
    book = rulebook_of(variant)
    clause = book.clause_for(phase, why)
    if clause is None:
        return None
    section = next(s for s in book.book.sections if s.slot == clause.slot)
    return section.clauses[clause.index][0]


def test_a_card_that_does_not_follow_suit_points_to_the_follow_suit_clause() -> None:
    state = sr.new_game("altenburg-1988", seed=1)
    bots = [HeuristicBot(seat) for seat in range(4)]
    while len(state.legal_actions()) == len(state.hand(state.player)) or state.phase != "play":
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    legal = {action.card for action in state.legal_actions()}
    barred = next(card for card in state.hand(state.player) if card not in legal)
    why = refusal(state, f"play {barred.name}")
    assert "must follow the suit" in why
    assert clause_text(state.variant, state.phase, why).startswith(
        "Each player must follow the suit led if he can")


def test_a_bid_too_low_points_to_the_bidding_clause_and_an_unheld_card_to_none() -> None:
    state = sr.new_game("altenburg-1988", seed=0).apply("bid frage")
    why = refusal(state, "bid frage")
    assert why == "a bid must be higher than the standing frage"
    assert "bids higher" in clause_text(state.variant, state.phase, why)
    assert clause_text(state.variant, "play", "seat 2 does not hold CA") is None


def test_the_partners_trump_duty_points_to_the_partner_rules() -> None:
    why = "the partner may not name the suit of the called card"
    variant = sr.load_variant("altenburg-1988")
    assert clause_text(variant, "trump", why) == (
        "Where the partner names trumps, he may not name the suit of the called card.")
