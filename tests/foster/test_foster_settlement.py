"""Foster's Solo: game values in suit and in colour, and payments between players (S-FOS;
DOSSIER §2b, AMB-21, AMB-22, EX-23, EX-24)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish
from foster_deals import (
    CLUBS,
    CLUBS_SIX,
    FOUR,
    FOUR_PLAY,
    SWEEP,
    play,
    run,
    start,
    variant_file,
)
from hypothesis import given
from hypothesis import strategies as st

from solo_rules import Trump, compile, load_variant, new_game

#: S-FOS games table: contract id -> (value in suit, value in colour).
TABLE = {"simple": (2, 4), "forcee": (4, 8), "solo": (4, 8), "tout": (16, 32),
         "tout_partner": (16, 32)}


@pytest.mark.parametrize("game", sorted(TABLE))
def test_game_values_in_suit_and_in_colour(game: str) -> None:
    """S-FOS: "Simple in suit, 2; in colour, 4. Forcée or Solo in suit, 4; in colour, 8. Tout in
    Suit, 16; in colour, 32." Clubs are the colour by default (AMB-56)."""
    rules = compile(load_variant("foster"))
    base = rules.contract_def(game).base
    assert [rules.contracts.value(base, trump) for trump in list(Trump)[:4]] == \
        [TABLE[game][1], TABLE[game][0], TABLE[game][0], TABLE[game][0]]


def test_ex23_lost_heart_solo_pays_four_to_each_adversary() -> None:
    """EX-23. S-FOS: "Forcée or Solo in suit, 4"; "A solo player wins from or loses to each of
    his adversaries individually the amount of the game in counters." Seat 0 takes 4 tricks."""
    state = run(start(FOUR), "bid 4", "pass", "pass", "pass", "declare solo H")
    outcome = play(state, FOUR_PLAY).outcome()
    assert (outcome.party_tricks, outcome.made) == (4, False)
    assert outcome.scores == (-12, 4, 4, 4)


def test_ex24_club_simple_made_each_partner_receives_four_from_one_adversary() -> None:
    """EX-24. S-FOS: "Simple in suit, 2; in colour, 4." "Two partners pay or receive each from
    one adversary." Seat 0 calls SA (seat 2)."""
    state = run(start(CLUBS), "bid 2", "pass", "pass", "pass", "declare simple C", "call SA")
    outcome = play(state, CLUBS_SIX).outcome()
    assert (outcome.declarer, outcome.partner, outcome.made) == (0, 2, True)
    assert outcome.scores == (4, -4, 4, -4)


def test_tout_with_a_partner_shares_the_loss() -> None:
    """S-FOS: Tout "with a partner he must share his gains or losses"; AMB-22 (a): each partner
    pays the Tout value to one adversary. Basta takes trick 3: the club Tout (32) is lost."""
    state = run(start(CLUBS), "bid 16", "pass", "pass", "pass", "declare tout_partner C",
                "call SA")
    state = play(state, "CQ CT C8 S8 C7 CJ C9 S9 CA SQ D9 ST")
    assert state.is_terminal
    assert state.outcome().scores == (-32, 32, -32, 32)


def test_forcee_in_clubs_is_worth_eight() -> None:
    """S-FOS: "Forcée in clubs is worth double, 8 counters." Seat 0 is forced, calls SA, and
    seat 2 names clubs; the party takes only four tricks and each partner pays 8."""
    state = run(start(SWEEP), "pass", "pass", "pass", "pass", "declare forcee", "call SA",
                "trump C")
    state = play(state, "CQ C8 C7 D7 SQ C9 S7 D8 HA H9 S8 D9 HK H8 S9 DT HQ CT ST DJ CK SJ DQ "
                 "HJ CJ SK DK HT CA SA DA H7")
    outcome = state.outcome()
    assert (outcome.partner, outcome.party_tricks) == (2, 4)
    assert outcome.scores == (-8, 8, -8, 8)


def test_colour_suit_parameter_moves_the_doubling(tmp_path: Path) -> None:
    """AMB-56: "Parameter colour_suit, default clubs": with hearts the colour, the lost heart
    Solo of EX-23 costs 8 to each adversary."""
    variant = variant_file(tmp_path, "contracts: {params: {colour_suit: H}}")
    state = run(start(FOUR, variant=variant), "bid 4", "pass", "pass", "pass", "declare solo H")
    assert play(state, FOUR_PLAY).outcome().scores == (-24, 8, 8, 8)


def test_stake_parameter_multiplies_every_payment(tmp_path: Path) -> None:
    """settlement.per_adversary ``stake``: the money per counter (1 in Foster)."""
    variant = variant_file(tmp_path, "settlement: {params: {stake: 5}}")
    state = run(start(FOUR, variant=variant), "bid 4", "pass", "pass", "pass", "declare solo H")
    assert play(state, FOUR_PLAY).outcome().scores == (-60, 20, 20, 20)


@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_payments_sum_to_zero(seed: int, dealer: int) -> None:
    """S-FOS settles in counters between the players (what one wins another pays): every
    finished hand's payments sum to zero, and only a thrown-in hand pays nothing."""
    state = finish(new_game("foster", seed=seed, dealer=dealer), random.Random(seed))
    outcome = state.outcome()
    assert sum(outcome.scores) == 0
    assert any(outcome.scores) == (outcome.contract is not None)
    assert compile(load_variant("foster")).settlement.zero_sum
