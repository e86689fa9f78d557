"""``build_view`` reuses what it built before (the last history translated, each seat's hand,
which contracts lay cards face up, the last rule set's tables): a view must be the same
whatever views were built before it, in whatever order, under whichever rule sets."""

from __future__ import annotations

import random

import pytest
from drive import bot_states

from solo_rules import GameState, PlayerView
from solo_rules import view as views

#: a hand of each: the Mediateur's card given back face down (``concealed``), Niese's cards
#: laid face up (``exposed``), a seat sitting out (Niese five-hand), and two plain ones
VARIANTS = ("altenburg-1988+mediateur", "niese", "niese-five-hand", "altenburg-1988", "foster")



def _fresh(state: GameState, seat: int) -> PlayerView:
    """The view of ``seat`` built with every cache empty."""
    views._views_of.cache_clear()
    return state.view(seat)


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return [state for variant in VARIANTS for state in bot_states(variant, 12)]


def test_a_view_is_the_same_in_any_order_of_building(states: list[GameState]) -> None:
    asked = [(state, seat) for state in states for seat in range(state.players)]
    expected = {id(state): {seat: _fresh(state, seat) for seat in range(state.players)}
                for state in states}
    random.Random(5).shuffle(asked)
    for state, seat in asked:
        assert state.view(seat) == expected[id(state)][seat]
    # and in play order again, each seat in turn, as a simulation asks
    for state in states:
        for seat in range(state.players):
            assert state.view(seat) == expected[id(state)][seat]


def test_the_cases_that_caches_could_get_wrong_occur(states: list[GameState]) -> None:
    """The states above include a card given back face down, cards laid face up and a seat
    sitting out, so the test above compares views that have them."""
    views = [state.view(seat) for state in states for seat in range(state.players)]
    assert any(entry[1].kind == "return" and entry[1].card is None for v in views
               for entry in v.history)
    assert any(v.exposed for v in views)
    assert any(v.sitting_out for v in views)
