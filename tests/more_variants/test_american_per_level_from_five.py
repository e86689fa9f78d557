"""AMB-17's alternative values as a parameter value: "+5 cents per level counted from 5 in every
suit". S-002: "5 hearts, diamonds, or spades - 5 cents 5 clubs (called "better" when bidding) -
10 cents 6-8 bids increase the bid by 5 cents per level". The recommended reading counts the
5 cents per level within each suit class (6 clubs = 15); the alternative counts them from the
5-cent game in every suit, so a club level above 5 is worth what the plain level is (6 clubs =
10). Each rung's value is its ``base`` in the ``contracts`` table of contracts.ladder."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish, run, variant_file

from solo_rules import GameState, VariantError, load_variant, new_game

VARIANT = "american-trick-count"
HANDS = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
         "DA DK DQ DJ DT D9 D8 D7")
#: "+5 cents per level counted from 5 in every suit": 6, 7, 8 clubs at 10, 15, 20 cents
FROM_FIVE = "contracts: {params: {contracts: [" + ", ".join(
    f"{{id: {kind}{n}c, base: {5 * (n - 4)}}}" for kind in ("t", "solo")
    for n in (6, 7, 8)) + "]}}"


@pytest.fixture
def from_five(tmp_path: Path) -> str:
    return str(variant_file(tmp_path, VARIANT, FROM_FIVE, "from-five"))


def _solo_six_clubs(variant: str) -> GameState:
    """Seat 1 bids 6 clubs and plays it alone; seeded play finishes the hand."""
    state = run(new_game(variant, hands=list(HANDS), dealer=3),
                "pass", "bid 6@C", "pass", "pass", "declare solo6c")
    return finish(state, random.Random(0))


def test_six_clubs_is_worth_ten_counted_from_five(from_five: str) -> None:
    """By default seat 1's failed Solo 6 in clubs costs 15 cents (10 for 5 clubs, +5); counted
    from 5 in every suit it costs 10, as a plain 6; the play is the same."""
    default, chosen = _solo_six_clubs(VARIANT), _solo_six_clubs(from_five)
    assert [t.winner for t in chosen.tricks] == [t.winner for t in default.tricks]
    assert dict(default.outcome().breakdown) == {"base": -15}
    assert dict(chosen.outcome().breakdown) == {"base": -10}
    assert chosen.outcome().scores == (10, -30, 10, 10)


def test_five_clubs_keeps_its_stated_ten_cents(from_five: str) -> None:
    """"5 clubs ... - 10 cents" is stated: the alternative changes the levels above it only."""
    ladder = {c.id: c.base for c in load_variant(from_five).slots["contracts"].module.contracts}
    assert (ladder["t5"], ladder["t5c"], ladder["t6"], ladder["t6c"]) == (5, 10, 10, 10)
    assert (ladder["t7c"], ladder["t8c"], ladder["solo8c"]) == (15, 20, 20)


def test_the_rulebook_shows_the_values_counted_from_five(from_five: str) -> None:
    """The prose follows the value."""
    def prose(variant: str) -> str:
        return " ".join(c.text for c in load_variant(variant).slots["contracts"].module.describe())
    assert "6 tricks in clubs: clubs are trumps" in prose(VARIANT)
    assert "Base value 15" in prose(VARIANT).split("6 tricks in clubs:")[1].split("7 tricks")[0]
    assert "Base value 10" in prose(from_five).split("6 tricks in clubs:")[1].split("7 tricks")[0]


def test_a_value_that_is_no_number_is_a_one_line_error(tmp_path: Path) -> None:
    path = variant_file(tmp_path, VARIANT, "contracts: {params: {contracts: [{id: t6c, "
                                           "base: ten}]}}", "bad-value")
    with pytest.raises(VariantError, match="base: expected a whole number, got 'ten'") as error:
        load_variant(path)
    assert "\n" not in str(error.value)
