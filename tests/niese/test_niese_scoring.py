"""Niese scoring and settlement: bid values in and out of clubs, mackers, First and Last, Solo 2
doubling, the "both ways" option, per-adversary payment at nickel, dime or quarter stakes (S-NIE;
DOSSIER §2c, AMB-26, 27, 30, 35, 36, 40; EX-11, EX-12, EX-14)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish
from niese_deals import (
    MACKERS,
    SWEEP,
    TOPS,
    WEAK,
    bid,
    legal,
    overlay,
    play,
    play_out,
    run,
)

from solo_rules import Suit, load_variant, new_game, parse_cards


def test_mackers_need_the_first_three() -> None:
    """EX-11. S-NIE: "Persons must have the first 3 mackers in order to collect macker winnings.
    Likewise, persons must have the first 4 mackers before collecting for the fifth macker." """
    scoring = load_variant("niese").modules["scoring"]
    held = scoring.mackers_held  # type: ignore[attr-defined]
    assert held(Suit.HEARTS, parse_cards("CQ SQ HA HK").mask) == 0
    assert held(Suit.HEARTS, parse_cards("CQ H7 SQ").mask) == 3
    assert held(Suit.HEARTS, parse_cards("CQ H7 SQ HK").mask) == 3
    assert held(Suit.HEARTS, parse_cards("CQ H7 SQ HA").mask) == 4
    assert held(Suit.SPADES, parse_cards("CQ S7 SQ SA SK").mask) == 5


def test_isit_with_five_mackers_and_no_first() -> None:
    """EX-12. S-NIE: IsIt "Score Value = 4"; 5 mackers "Total Score Value = 10 for clubs". The
    party loses the first trick, so there is no First: 4 + 10 = 14 units; with partners each
    defender pays one party member (AMB-30): 14 x 5 cents each."""
    state = bid(MACKERS, "isit", "pass", "pass", "pass")
    state = run(state, "call SA")
    state = play(state, "H7 S9 HA D7")  # seat 2 wins the first trick
    state = play_out(state)
    outcome = state.outcome()
    assert outcome.made and outcome.partner == 1
    assert dict(outcome.breakdown) == {"bid": 4, "mackers": 10}
    assert outcome.scores == (70, 70, -70, -70)


def test_each_defender_may_pay_each_partner(tmp_path: Path) -> None:
    """AMB-30 (b): "Each defender pays each party member, so each is ±2V net." S-002:
    "(in partner games, both the bidder and the partner get paid…)". EX-12's hand pays 14 x 5
    cents from each defender to each partner: 140 each way."""
    each = overlay(tmp_path, "niese-each", "  settlement: {params: {partners_paid: each}}\n")
    state = run(bid(MACKERS, "isit", "pass", "pass", "pass", variant=each), "call SA")
    outcome = play_out(play(state, "H7 S9 HA D7")).outcome()
    assert outcome.scores == (140, 140, -140, -140)
    prose = " ".join(c.text for c in each.slots["settlement"].module.describe())
    assert "from each adversary" in prose


def test_bull_solo_at_quarter_stakes(tmp_path: Path) -> None:
    """EX-14. S-NIE: Bull Solo "Score Value = 14"; "Quarter Solo ... multiplied by ... 25 cents":
    $3.50 from each of the three, $10.50 in all; no First or Last on a Bull Solo."""
    quarter = overlay(tmp_path, "niese-quarter", "  settlement: {params: {stake: 25}}\n")
    state = play_out(bid(TOPS, "bull", "pass", "pass", "pass", variant=quarter))
    outcome = state.outcome()
    assert state.won[0] == 8 and outcome.breakdown == (("bid", 14),)
    assert outcome.scores == (1050, -350, -350, -350)


def test_stakes_multiply_the_score_units(tmp_path: Path) -> None:
    """S-NIE: "multiply the score value of the bid by 5 cents ... Dime and Quarter Solo ... 10 and
    25 cents respectively." """
    results = []
    for stake in (5, 10, 25):
        rules = f"  settlement: {{params: {{stake: {stake}}}}}\n"
        variant = overlay(tmp_path, f"niese-{stake}", rules)
        results.append(play_out(bid(TOPS, "bull", "pass", "pass", "pass", variant=variant))
                       .outcome().scores[0])
    assert results == [14 * 3 * 5, 14 * 3 * 10, 14 * 3 * 25]


def test_club_solo_stops_for_first() -> None:
    """S-NIE First: "Bidder or partners get the first 5 tricks ... ScoreValue = 2 for clubs"; club
    Solo 8, five club mackers 10: 8 + 10 + 2 = 20, paid by each of the three (x 5 cents)."""
    state = bid(SWEEP, "solo@C", "pass", "pass", "pass")
    state = play(state, "CQ C9 H8 S7 C7 C8 H9 D7 SQ S9 HT D8 CA SA HJ D9 CK SK HQ DT")
    assert state.player == 0 and legal(state) == ["stop", "continue"]
    outcome = run(state, "stop").outcome()
    assert dict(outcome.breakdown) == {"bid": 8, "mackers": 10, "first": 2}
    assert outcome.scores == (300, -100, -100, -100)


def test_first_and_last_are_cumulative() -> None:
    """AMB-35. S-NIE Last: "Bidder or partners get the first 5 tricks and the last 3 tricks ...
    ScoreValue = 4 for clubs": going on and taking every trick scores First and Last."""
    state = bid(SWEEP, "solo@C", "pass", "pass", "pass")
    state = play_out(state)
    outcome = state.outcome()
    assert state.won[0] == 8
    assert dict(outcome.breakdown) == {"bid": 8, "mackers": 10, "first": 2, "last": 4}


def test_first_without_a_visible_sweep_is_not_a_decision() -> None:
    """AMB-35 and DESIGN ("a decision must be decidable from the deciding player's view"): the
    hidden partner (SA) takes the first trick, so the declarer cannot see a sweep; play stops at
    the party's fifth trick and First still counts (S-NIE: "Bidder or partners get the first 5
    tricks"): Question in clubs 4 + mackers 10 + First 2."""
    state = run(bid(MACKERS, "question", "pass", "pass", "pass"), "declare question C", "call SA")
    state = play(state, "H7 CT HA S7 C9 HK D7 CQ C7 C8 HQ D8 SQ SK HJ D9 CA SJ HT DT")
    assert state.is_terminal and not state.partner_revealed
    texts = [state.rules.actions.text_of(aid) for _, aid in state.history]
    assert "stop" not in texts and "continue" not in texts
    assert dict(state.outcome().breakdown) == {"bid": 4, "mackers": 10, "first": 2}


def test_failed_try_for_last_forfeits_first_but_not_the_bid() -> None:
    """AMB-35. S-NIE: "If an individual or partners try for last and do not complete it, they
    also forfeit winnings for achieving first." The Solo itself is made."""
    state = bid(MACKERS, "solo@C", "pass", "pass", "pass")
    state = play(state, "CQ CT HK S7 C7 C9 HQ D7 SQ C8 HJ D8 CA S9 HT D9 CK ST H9 DT")
    state = run(state, "continue")
    state = play(state, "H7 SJ HA DJ")  # seat 2 takes trick 6: Last fails
    assert state.is_terminal
    outcome = state.outcome()
    assert outcome.made and dict(outcome.breakdown) == {"bid": 8, "mackers": 10}


def test_six_trick_solo_decides_after_its_sixth_trick() -> None:
    """S-NIE 6 Trick Solo: "the bidder must get 6 tricks": the stop-or-go-on choice comes once
    the contract is made, after six straight tricks (AMB-35)."""
    state = bid(SWEEP, "solo6@C", "pass", "pass", "pass")
    state = play(state, "CQ C9 H8 S7 C7 C8 H9 D7 SQ S9 HT D8 CA SA HJ D9 CK SK HQ DT")
    assert len(state.tricks) == 5 and legal(state)[0].startswith("play")
    state = play(state, "CJ SJ HK DJ")
    assert legal(state) == ["stop", "continue"]
    outcome = run(state, "stop").outcome()
    assert dict(outcome.breakdown) == {"bid": 8, "mackers": 10, "first": 2}


def test_solo2_doubles_mackers_first_and_last() -> None:
    """S-NIE Solo 2: "Macker and First and Last values are doubled."; "Score Value=16 for clubs":
    16 + 20 + 4 + 8 = 48, with no stop decision (all eight tricks are the bid)."""
    state = bid(SWEEP, "solo2@C", "pass", "pass", "pass")
    state = play_out(state)
    outcome = state.outcome()
    texts = [state.rules.actions.text_of(aid) for _, aid in state.history]
    assert "stop" not in texts and "continue" not in texts
    assert dict(outcome.breakdown) == {"bid": 16, "mackers": 20, "first": 4, "last": 8}


def test_question_in_clubs_is_worth_four() -> None:
    """AMB-27. S-NIE Question: "Anything can be trump."; "Hand values are doubled when played with
    clubs as trump" (AMB-26: the listed club values): Question is 2, or 4 in clubs."""
    for suit, value in (("C", 4), ("H", 2)):
        state = run(bid(MACKERS, "question", "pass", "pass", "pass"), f"declare question {suit}")
        state = play_out(run(state, "call SA"))
        assert abs(dict(state.outcome().breakdown)["bid"]) == value


def test_ladies_is_eight_flat_even_in_clubs() -> None:
    """AMB-36. S-NIE Having the Ladies: "Score Value = 8", the only trump bid without a club
    value; mackers still count 2 each in clubs."""
    state = run(bid(MACKERS, "ladies", "pass", "pass", "pass"), "call SA")
    assert state.player == 1 and legal(state) == ["trump C", "trump H", "trump D"]
    outcome = play_out(run(state, "trump C")).outcome()
    assert outcome.made and dict(outcome.breakdown)["bid"] == 8
    assert dict(outcome.breakdown)["mackers"] == 10


def test_failed_party_pays_the_bid_only() -> None:
    """S-NIE: "If not, he/she must pay each of the other players that amount." Without "both ways"
    the mackers held are not paid."""
    outcome = play_out(bid(WEAK, "solo@C", "pass", "pass", "pass")).outcome()
    assert not outcome.made and outcome.breakdown == (("bid", -8),)
    assert outcome.scores == (-120, 40, 40, 40)


@pytest.mark.parametrize(("option", "expected"), [
    ("own_mackers", {"bid": -8, "mackers": -6}), ("defenders_mackers", {"bid": -8})])
def test_mackers_both_ways(tmp_path: Path, option: str, expected: dict[str, int]) -> None:
    """AMB-40. S-NIE: "Players may choose to pay mackers both ways. ... an individual or partners
    must pay the value of the bid and the value of any mackers they had." Reading (a) charges the
    loser's own mackers (here three club mackers, 6); reading (b) the defenders' (none here)."""
    variant = overlay(tmp_path, f"niese-{option.replace('_', '-')}",
                      f"  scoring: {{params: {{both_ways: {option}}}}}\n")
    outcome = play_out(bid(WEAK, "solo@C", "pass", "pass", "pass", variant=variant)).outcome()
    assert not outcome.made and dict(outcome.breakdown) == expected


def test_settlement_is_zero_sum_over_random_hands() -> None:
    """S-NIE: the amount "to be paid to the player (or players) by each of the other players":
    every payment has a payer, so each finished hand sums to zero, in whole stakes."""
    rng = random.Random(2024)
    seen = set()
    for seed in range(400):
        outcome = finish(new_game("niese", seed=seed, dealer=seed % 4), rng).outcome()
        assert sum(outcome.scores) == 0
        assert all(score % 5 == 0 for score in outcome.scores)
        seen.add(None if outcome.contract is None else outcome.contract.kind)
    assert {"solo2", "bull", "bronco", "solo"} <= seen
