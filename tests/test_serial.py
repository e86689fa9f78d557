"""Outcomes and views serialise to JSON through the one converter and read back equal; cards,
suits, trumps and actions are written as people write them."""

from __future__ import annotations

import json

from drive import random_state
from hypothesis import given
from hypothesis import strategies as st

import solo_rules
from solo_rules import Outcome, PlayerView, structure, to_json, unstructure

VARIANTS = solo_rules.available_variants()


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_every_seats_view_round_trips_through_json(variant: str, seed: int, steps: int) -> None:
    state = random_state(variant, seed, steps)
    for seat in range(state.players):
        view = state.view(seat)
        assert structure(json.loads(to_json(view)), PlayerView) == view


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1))
def test_every_outcome_round_trips_through_json(variant: str, seed: int) -> None:
    outcome = random_state(variant, seed, 10_000).outcome()
    assert structure(json.loads(to_json(outcome)), Outcome) == outcome


def test_a_view_is_written_with_card_and_action_text() -> None:
    state = solo_rules.new_game("altenburg-1988", seed=7)
    state = state.apply(state.legal_actions()[1])
    data = unstructure(state.view(0))
    assert data["hand"] == [card.name for card in state.hand(0)]
    assert data["history"] == [[state.history[0][0], {"id": 100, "kind": "bid", "level": 0,
                                                      "bid": "frage", "text": "bid frage"}]]
    assert data["phase"] == "auction" and data["trump"] is None


def test_an_outcome_is_written_with_its_contract_in_words() -> None:
    state = solo_rules.new_game("foster", seed=3)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[-1])
    outcome = state.outcome()
    data = json.loads(to_json(outcome))
    assert data["scores"] == list(outcome.scores)
    assert outcome.contract is not None
    assert data["contract"]["kind"] == outcome.contract.kind
    trump = outcome.contract.trump
    assert data["contract"]["trump"] == (None if trump is None else trump.text)
