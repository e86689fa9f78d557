"""Foster's Solo: bidding by amounts, naming the game, Forcée and the thrown-in hand (S-FOS;
DOSSIER §2b, AMB-19, AMB-20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from foster_deals import SPLIT, SWEEP, run, start, texts, variant_file

from solo_rules import IllegalActionError, Phase

#: Foster's table of games [S-FOS]: (contract id, value in suit, value in colour).
TABLE = (("simple", 2, 4), ("solo", 4, 8), ("tout", 16, 32), ("tout_partner", 16, 32))


def test_bids_are_the_table_amounts_and_eldest_speaks_first() -> None:
    """S-FOS: "The players bid against one another ... eldest hand having the first say"; the
    table gives "the amounts bid on them" (AMB-19 a: 2, 4, 8, 16, 32)."""
    state = start(SWEEP, dealer=1)
    assert state.player == 2
    assert texts(state) == ["pass", "bid 2", "bid 4", "bid 8", "bid 16", "bid 32"]


def test_a_bid_must_be_higher_than_the_standing_bid() -> None:
    """AMB-19: "Each player in turn ... passes or bids strictly more than the standing bid."""
    state = run(start(SWEEP), "bid 4")
    assert state.player == 1
    assert texts(state) == ["pass", "bid 8", "bid 16", "bid 32"]
    with pytest.raises(IllegalActionError):
        state.apply("bid 4")


def test_a_pass_is_final_and_the_bidding_goes_round_until_all_others_pass() -> None:
    """AMB-19: "A pass is final ... The auction ends when three players have passed after a
    bid." Seat 1 passes and is never asked again; seat 0 outbids seat 2 in the second round."""
    state = run(start(SWEEP), "bid 2", "pass", "bid 4", "pass")
    assert state.player == 0
    state = run(state, "bid 8")
    assert state.player == 2  # seat 1 passed for good, seat 3 too
    state = run(state, "pass")
    assert state.phase == Phase.DECLARE and state.player == 0


def test_three_passes_after_a_bid_end_the_auction() -> None:
    """S-FOS: "When no one will bid any higher, the player who has made the best offer names
    the game he wishes to play"."""
    state = run(start(SWEEP, dealer=0), "bid 2", "pass", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 1


@pytest.mark.parametrize("bid", [2, 4, 8, 16, 32])
def test_the_winner_names_a_game_worth_at_least_his_bid(bid: int) -> None:
    """S-FOS: the best offer "names the game he wishes to play, with or without a partner";
    AMB-19: any game of the table "whose value is at least his bid" (clubs the colour, worth
    double: "Simple in suit, 2; in colour, 4. Forcée or Solo in suit, 4; in colour, 8. Tout in
    Suit, 16; in colour, 32.")."""
    state = run(start(SWEEP), f"bid {bid}", "pass", "pass", "pass")
    expected = sorted(
        f"declare {game} {suit}"
        for game, in_suit, in_colour in TABLE
        for suit in "CSHD"
        if (in_colour if suit == "C" else in_suit) >= bid)
    assert sorted(texts(state)) == expected


def test_forcee_holder_of_both_black_queens_plays_solo_or_calls_an_ace() -> None:
    """S-FOS: "Forcée is when no bid is made, and any player holds both Spadilla and Basta. He
    must play a Solo, or call for an ace." Seat 0 holds both."""
    state = run(start(SWEEP), "pass", "pass", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 0
    assert texts(state) == ["declare forcee", "declare solo C", "declare solo S",
                            "declare solo H", "declare solo D"]


def test_forcee_is_not_a_game_that_can_be_bid_for() -> None:
    """S-FOS: "Forcée is when no bid is made": after a bid it is never offered."""
    state = run(start(SWEEP), "bid 2", "pass", "pass", "pass")
    assert not [text for text in texts(state) if "forcee" in text]


def test_all_pass_without_both_black_queens_throws_the_hand_in() -> None:
    """AMB-20 (a), editorial: when all pass and nobody holds both Spadilla and Basta, the hand
    is thrown in; nobody pays."""
    state = run(start(SPLIT), "pass", "pass", "pass", "pass")
    assert state.is_terminal
    outcome = state.outcome()
    assert outcome.contract is None and outcome.scores == (0, 0, 0, 0)


def test_all_pass_alternative_forces_the_spadilla_holder(tmp_path: Path) -> None:
    """AMB-20 (b), the parameter's alternative value: the Spadilla holder alone is forced
    (S-HOY: "he who holds spadille is obliged to play")."""
    variant = variant_file(tmp_path, """
        auction: {params: {all_pass: {holder_of: [CQ]}}}
    """)
    state = run(start(SPLIT, variant=variant), "pass", "pass", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 0
