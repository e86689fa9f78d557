"""More small endings for the double-dummy solver: the overlays' play rules (the matador
renege names its cards: AMB-53), and one search asked of every card of a position, as the
sampling bot asks it, against a plain search of every line of play (issue 13)."""

from __future__ import annotations

import pytest
from marks import slow_where
from test_solver import VARIANTS, brute_force, endings

import solo_rules
from solo_rules.solver import DoubleDummy

OVERLAID = [f"altenburg-1988+{overlay}" for overlay in solo_rules.available_overlays()]


@pytest.mark.parametrize("variant", slow_where(OVERLAID))
def test_solver_equals_every_line_of_play_under_the_overlays(variant: str) -> None:
    players = solo_rules.compile(solo_rules.load_variant(variant)).players
    for state in endings(variant, 20, 3 * players + 1):
        solution = solo_rules.solve(state)
        assert (solution.tricks, solution.made) == brute_force(state), state


def test_matador_renege_names_the_matadors_and_plain_play_does_not() -> None:
    # S-WIK Variations: a player holding only matadors as trumps "may discard a non-trump
    # instead of following suit" (AMB-53): which matador is held then matters, so the solver
    # must not merge the matadors with their neighbours; without the renege it may.
    plain = solo_rules.compile(solo_rules.load_variant("altenburg-1988"))
    renege = solo_rules.compile(solo_rules.load_variant("altenburg-1988+matador-renege"))
    clubs = solo_rules.Trump.CLUBS
    matadors = sum(1 << card for card in renege.ranking.matador_cards(clubs))
    assert matadors and renege.play.named_cards(renege, clubs) == matadors
    assert plain.play.named_cards(plain, clubs) == 0


@pytest.mark.parametrize("variant", slow_where(VARIANTS))
def test_one_search_answers_every_card_of_a_position(variant: str) -> None:
    players = solo_rules.compile(solo_rules.load_variant(variant)).players
    for state in endings(variant, 6, 3 * players):
        search = DoubleDummy(state)
        for aid in state.rules.legal_ids(state):
            child = state.rules.apply_id(state, aid)
            assert (search.tricks(child), search.makes(child)) == brute_force(child), child
