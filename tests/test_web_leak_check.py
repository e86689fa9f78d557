"""The web secrecy run's leak check (``web_client.leaks``) can fail: a history note naming a
card another seat holds is a leak, and a bid's own note, which the rules alone write, is not
(a Grossfrage "needs ♣Q ♠Q", whoever bid it)."""

from __future__ import annotations

from typing import Any

from web_client import leaks

from solo_rules import GameState, new_game
from solo_rules.cards import Card
from solo_rules.display import bid_note


def _deal_without_black_queens() -> tuple[GameState, int]:
    """A deal and a seat that holds neither black queen."""
    for seed in range(100):
        state = new_game("altenburg-1988", seed=seed)
        for seat in range(state.players):
            if not state.hands[seat] >> Card.CQ & 1 and not state.hands[seat] >> Card.SQ & 1:
                return state, seat
    raise AssertionError("no such deal in 100 seeds")


def _frame(state: GameState, seat: int, note: str) -> dict[str, Any]:
    return {"end": None, "hand": [card.name for card in state.hand(seat)], "trumps": [],
            "exposed": [], "trick": [], "last_trick": None, "legal": [], "partner": None,
            "bidding": [{"seat": (seat + 1) % 4, "text": "bid grossfrage@C", "note": note}]}


def test_a_bid_note_of_the_rules_names_no_secret_card() -> None:
    state, seat = _deal_without_black_queens()
    note = bid_note(state.rules, state.rules.actions.parse("bid grossfrage@C"))
    assert "♣Q ♠Q" in note
    assert leaks(_frame(state, seat, note), [state], seat) == []


def test_a_note_naming_another_seats_card_is_a_leak() -> None:
    state, seat = _deal_without_black_queens()
    found = leaks(_frame(state, seat, "Grossfrage; the bidder holds ♣Q"), [state], seat)
    assert found == ["cards named: ['CQ']"]
