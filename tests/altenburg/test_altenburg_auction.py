"""Altenburg 1988 auction: bidding with immediate hold (S-WIK; DOSSIER §2a, AMB-02, 07, 12, 59).

Every test names the rule it checks and quotes the S-WIK sentence that fixes it.
"""

from __future__ import annotations

import pytest
from altenburg_deals import QUEENS, SWEEP, legal, run, start

from solo_rules import GameState, IllegalActionError, Phase


def bid_order(state: GameState) -> list[str]:
    """The variant's bids, lowest first, from its action table."""
    bids = [a for a in state.rules.actions.by_id.values() if a.kind == "bid"]
    return [str(a.bid) for a in sorted(bids, key=lambda a: a.level or 0)]

def test_eldest_opens_only_with_frage_or_passes() -> None:
    """S-WIK: "First, eldest hand bids 'Frage' or passes." (AMB-12 ii: the opening is Frage)"""
    state = start(SWEEP)
    assert state.player == 0
    assert legal(state) == ["pass", "bid frage"]
    with pytest.raises(IllegalActionError):
        state.apply("bid solo")


def test_after_eldest_passes_the_next_player_may_open() -> None:
    """S-WIK: "If eldest hand did not pass, the next player may pass or bid higher."; when
    eldest passed, the next players duel in his place (AMB-12 i)."""
    state = run(start(SWEEP), "pass")
    assert state.player == 1
    assert legal(state) == ["pass", "bid frage"]
    state = run(state, "bid frage")
    assert state.player == 2
    assert "bid frage@C" in legal(state)


def test_challenger_bids_strictly_higher_and_may_jump() -> None:
    """S-WIK: "the next player may pass or bid higher." Jump bids are allowed (AMB-12 iii)."""
    state = run(start(SWEEP), "bid frage")
    assert state.player == 1
    assert legal(state) == ["pass", "bid frage@C", "bid solo", "bid solo@C"]
    with pytest.raises(IllegalActionError):
        state.apply("bid frage")
    over = run(state, "bid solo")  # the holder may now only hold Solo or outbid it
    assert over.player == 0 and legal(over) == ["pass", "hold", "bid solo@C"]


def test_holder_answers_pass_hold_or_higher() -> None:
    """S-WIK: "Eldest hand must then respond with 'pass', hold with 'yes', or name an even
    higher game." """
    state = run(start(SWEEP), "bid frage", "bid frage@C")
    assert state.player == 0
    assert legal(state) == ["pass", "hold", "bid solo", "bid solo@C"]
    held = state.apply("yes")  # seat 0 now holds Frage in Acorns against seat 1
    assert held.view(1).history[-1][0] == 0 and held.view(1).history[-1][1].text == "hold"
    assert held.player == 1 and legal(held) == ["pass", "bid solo", "bid solo@C"]


def test_duel_continues_until_one_passes() -> None:
    """S-WIK: "The second player must now pass or bid even higher." The challenger may not hold;
    the two go on until one passes (AMB-12)."""
    state = run(start(SWEEP), "bid frage", "bid frage@C", "hold")
    assert state.player == 1
    assert legal(state) == ["pass", "bid solo", "bid solo@C"]
    state = run(state, "bid solo")
    assert state.player == 0
    state = run(state, "bid solo@C")
    assert state.player == 1
    assert "hold" not in legal(state)
    state = run(state, "pass")
    assert state.player == 2
    declaring = run(state, "pass", "pass")  # seat 0 survived the duel and holds
    assert declaring.phase == Phase.DECLARE and declaring.player == 0


def test_survivor_faces_the_next_player() -> None:
    """S-WIK: "Once one of the two players passes, the third player may will either pass or make
    an even higher bid. Finally, the fourth player bids" """
    state = run(start(SWEEP), "bid frage", "bid frage@C", "pass")
    assert state.player == 2
    assert legal(state) == ["pass", "bid solo", "bid solo@C"]
    state = run(state, "bid solo")
    assert state.player == 1
    state = run(state, "pass")
    assert state.player == 3
    state = run(state, "pass")
    assert state.phase == Phase.DECLARE and state.player == 2


def test_last_holder_declares_at_least_his_bid() -> None:
    """S-WIK: "after another player has passed the remaining player declares at least the mode
    of play which he or she bid." """
    frage_held = run(start(SWEEP), "bid frage", "pass", "pass", "pass")
    assert frage_held.phase == Phase.DECLARE and frage_held.player == 0
    assert "declare frage H" in legal(frage_held)
    assert "declare solo H" in legal(frage_held)
    solo_held = run(start(SWEEP), "bid frage", "pass", "pass", "bid solo", "pass")
    assert solo_held.player == 3
    assert not [text for text in legal(solo_held) if text.startswith("declare frage")]
    assert "declare solo H" in legal(solo_held)


def test_acorn_frage_ranks_between_frage_and_grossfrage() -> None:
    """S-WIK: "A Frage with Acorns as the trump suit has precedence during the auction, but is
    played in the same way as a Frage in other suits." """
    state = start(QUEENS, dealer=2)  # seat 3 is eldest, seat 0 (both queens) speaks second
    names = bid_order(state)
    assert names.index("frage") < names.index("frage@C") < names.index("grossfrage")
    state = run(state, "bid frage")
    assert legal(state)[:3] == ["bid frage@C", "bid grossfrage", "bid grossfrage@C"]


def test_acorn_grossfrage_ranks_above_grossfrage() -> None:
    """S-WIK: "During the bidding, a Grossfrage in Acorns has precedence over the same contract
    in other suits." """
    state = run(start(QUEENS, dealer=2), "bid frage", "bid grossfrage", "pass")
    assert state.player == 1
    names = bid_order(state)
    assert names.index("grossfrage") < names.index("grossfrage@C") < names.index("solo")
    assert run(state, "pass", "pass").player == 0  # seat 0 held Grossfrage and declares


def test_acorn_solo_ranks_above_solo() -> None:
    """S-WIK: "An Acorn Solo takes precedence over a Solo in other suits." """
    state = run(start(SWEEP), "bid frage", "bid solo")
    assert legal(state) == ["pass", "hold", "bid solo@C"]
    state = run(state, "bid solo@C")
    assert legal(state) == ["pass"]


def test_acorn_bid_binds_the_declaration_to_clubs() -> None:
    """AMB-07 (editorial, by S-WIK's couleur rule): "A declarer who at some point during the
    auction bid the preferred suit, must in every case play in the preferred suit." """
    bound = run(start(SWEEP), "bid frage", "bid frage@C", "hold", "pass", "pass", "pass")
    assert bound.player == 0
    assert legal(bound) == ["declare frage C", "declare frage C tout", "declare solo C",
                            "declare solo C tout"]
    free = run(start(SWEEP), "bid frage", "pass", "pass", "pass")
    assert "declare solo H" in legal(free)


def test_acorn_bid_binds_even_after_a_higher_bid() -> None:
    """AMB-07 / S-WIK couleur rule: "A declarer who at some point during the auction bid the
    preferred suit, must in every case play in the preferred suit." Seat 1 bid Frage in Acorns,
    then Solo: he must play an Acorn Solo."""
    state = run(start(SWEEP), "bid frage", "bid frage@C", "hold", "bid solo", "pass", "pass",
                "pass")
    assert state.player == 1
    assert legal(state) == ["declare solo C", "declare solo C tout"]


def test_grossfrage_only_with_both_black_queens() -> None:
    """AMB-59: only the holder of both black queens may bid Grossfrage (S-WIK says who "must"
    announce it: "a player who is dealt both the Spadille and Manille")."""
    one_queen = run(start(SWEEP), "bid frage")  # seat 1 holds SQ but not CQ
    assert not [text for text in legal(one_queen) if "grossfrage" in text]
    both = run(start(QUEENS, dealer=2), "bid frage")  # seat 0 holds CQ and SQ
    assert "bid grossfrage" in legal(both)


def test_grossfrage_duty_forbids_passing_below_solo() -> None:
    """S-WIK: "A Grossfrage must be announced by a player who is dealt both the Spadille and
    Manille unless they intend to call a Solo or a Solo has already been bid in which case they
    may pass." Read as both black queens (AMB-02)."""
    eldest = start(QUEENS)
    assert legal(eldest) == ["bid frage"]
    challenger = run(start(QUEENS, dealer=2), "bid frage")
    assert challenger.player == 0
    assert "pass" not in legal(challenger)
    with pytest.raises(IllegalActionError, match="duty"):
        challenger.apply("pass")


def test_grossfrage_duty_released_once_a_solo_is_bid() -> None:
    """S-WIK: "... unless they intend to call a Solo or a Solo has already been bid in which case
    they may pass." (AMB-02)"""
    state = run(start(QUEENS, dealer=0), "bid frage", "bid solo", "pass", "pass")
    assert state.player == 0  # seat 0 (both queens) speaks last, against a Solo
    assert legal(state)[0] == "pass"
    state = run(state, "pass")
    assert state.phase == Phase.DECLARE and state.player == 2


def test_grossfrage_duty_declares_at_least_grossfrage() -> None:
    """S-WIK: "A Grossfrage must be announced by a player who is dealt both the Spadille and
    Manille unless they intend to call a Solo" (AMB-02): winning at Frage, he may not declare
    a Frage."""
    state = run(start(QUEENS), "bid frage", "pass", "pass", "pass")
    choices = legal(state)
    assert not [text for text in choices if text.startswith("declare frage")]
    assert {"declare grossfrage", "declare grossfrage C", "declare solo H"} <= set(choices)


def test_all_pass_makes_the_spadille_holder_play_mussfrage() -> None:
    """S-WIK: "If all four players pass, then the player who holds the Spadille (O or Q) has to
    play a Force (Mußfrage)." """
    state = run(start(SWEEP, dealer=0), "pass", "pass", "pass", "pass")  # eldest is seat 1
    assert state.phase == Phase.DECLARE
    assert state.player == 0  # seat 0 holds CQ
    assert legal(state) == ["declare mussfrage", "declare mussfrage tout"]
    state = run(state, "declare mussfrage")
    assert state.contract is not None and state.contract.kind == "mussfrage"


@pytest.mark.parametrize(("moves", "attempt", "reason"), [
    ((), "bid solo", "the opening bid is frage"),
    ((), "pass", "a player dealt ♣Q and ♠Q has a duty to bid: he may not pass before a solo "
                 "has been bid"),
    ((), "hold", "only the holder of the standing bid may hold it"),
    (("bid frage",), "bid grossfrage", "only a player holding ♣Q and ♠Q may bid grossfrage"),
    (("bid frage",), "bid frage", "a bid must be higher than the standing frage"),
])
def test_refused_bids_say_which_auction_rule_refuses_them(
        moves: tuple[str, ...], attempt: str, reason: str) -> None:
    """S-WIK: "First, eldest hand bids 'Frage' or passes." and "A Grossfrage must be announced
    by a player who is dealt both the Spadille and Manille" (AMB-02, AMB-59): a refused bid
    names the rule, not just the alternatives."""
    state = run(start(QUEENS), *moves)
    with pytest.raises(IllegalActionError) as error:
        state.apply(attempt)
    assert error.value.reason == "not_legal"
    assert f": {reason}; legal:" in str(error.value)
