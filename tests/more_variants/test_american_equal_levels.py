"""AMB-17's alternative as a parameter value: are 5 clubs and 6 equal? S-002: "'I can play too'
(at least 5 clubs or 6)" and "6-8 bids increase the bid by 5 cents per level". The recommended
reading ranks 5 clubs below 6 (the S-WIK interleave rule); the alternative ranks a club level
equal to the next plain level, both worth the same cents, so neither overcalls the other
(``ties_previous`` on a rung of auction.ascending_ladder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import legal, run, variant_file

from solo_rules import GameState, VariantError, load_variant, new_game

VARIANT = "american-trick-count"
HANDS = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
         "DA DK DQ DJ DT D9 D8 D7")
EQUAL = ("auction: {params: {bids: [" + ", ".join(
    f'{{id: "{rung}", ties_previous: true}}' for rung in
    ("6", "7", "8", "solo6", "solo7", "solo8")) + "]}}")


@pytest.fixture
def equal(tmp_path: Path) -> str:
    return str(variant_file(tmp_path, VARIANT, EQUAL, "equal-levels"))


def _start(variant: str) -> GameState:
    return new_game(variant, hands=list(HANDS), dealer=3)


def test_six_overcalls_five_clubs_by_default() -> None:
    """Recommended: rank by (solo, tricks, clubs), so 5 clubs < 6."""
    assert "bid 6" in legal(run(_start(VARIANT), "bid 5@C"))


def test_five_clubs_and_six_are_equal_under_the_alternative(equal: str) -> None:
    """"5 clubs and 6 equal (both 10 cents)": 6 does not overcall 5 clubs, nor 7 6 clubs; a
    higher rung still does."""
    after_five_clubs = legal(run(_start(equal), "bid 5@C"))
    assert "bid 6" not in after_five_clubs and "bid 6@C" in after_five_clubs
    assert "bid 7" not in legal(run(_start(equal), "bid 6@C"))
    assert "bid 5@C" in legal(run(_start(equal), "bid 5"))


def test_the_rulebook_shows_equal_rungs(equal: str) -> None:
    """The prose follows the value."""
    prose = " ".join(c.text for c in load_variant(equal).slots["auction"].module.describe())
    assert "5 < 5 clubs = 6 < 6 clubs = 7 < 7 clubs = 8 < 8 clubs < solo 5" in prose


def test_the_lowest_rung_cannot_tie(tmp_path: Path) -> None:
    """A tie needs a rung before it: a one-line error names the bid."""
    path = variant_file(tmp_path, VARIANT, 'auction: {params: {bids: [{id: "5", '
                                           "ties_previous: true}]}}", "bad-tie")
    with pytest.raises(VariantError, match="the lowest bid has no bid before it to tie"):
        load_variant(path)
