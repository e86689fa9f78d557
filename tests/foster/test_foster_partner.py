"""Foster's Solo: the called ace, the self-call and the Forcée partner (S-FOS; DOSSIER §1.7,
§2b, AMB-21, AMB-24)."""

from __future__ import annotations

from foster_deals import (
    CLUBS,
    CLUBS_SIX,
    SELF,
    SELF_FIVE,
    SWEEP,
    play,
    run,
    start,
    texts,
)

from solo_rules import GameState, Phase


def simple(hands: tuple[str, ...], trump: str, called: str) -> GameState:
    """Seat 0 bids 2, the others pass, and he declares a Simple in ``trump`` calling
    ``called``."""
    return run(start(hands), "bid 2", "pass", "pass", "pass", f"declare simple {trump}",
               f"call {called}")


def test_simple_calls_an_ace_but_not_the_trump_ace() -> None:
    """S-FOS: a partner "is selected by the player asking for a certain ace"; AMB-24 (i),
    editorial: not the ace of trumps. With hearts trumps seat 0 may call CA, SA or DA."""
    state = run(start(SWEEP), "bid 2", "pass", "pass", "pass", "declare simple H")
    assert state.phase == Phase.CALL
    assert texts(state) == ["call CA", "call SA", "call DA"]


def test_the_partner_stays_unknown_until_the_ace_falls() -> None:
    """S-FOS: "the holder of the ace remains unknown until the ace falls, although from the
    first he must assist the player who has asked for it"."""
    state = simple(CLUBS, "C", "SA")
    assert state.contract is not None and state.contract.partner == 2
    before = play(state, CLUBS_SIX.split(" SA ")[0])
    assert [before.view(seat).partner for seat in range(4)] == [None, None, 2, None]
    after = play(before, "SA")
    assert after.partner_revealed
    assert [after.view(seat).partner for seat in range(4)] == [2, 2, 2, 2]


def test_self_called_ace_plays_alone_unknown_until_he_plays_it() -> None:
    """S-FOS: "If a player asks for an ace while holding it himself, he of course plays without
    a partner, unknown to the others however, until he plays the ace asked for." (AMB-21)"""
    state = simple(SELF, "H", "DA")
    assert state.contract is not None and state.contract.partner is None
    before = play(state, SELF_FIVE)
    assert not before.partner_revealed
    for seat in (1, 2, 3):
        view = before.view(seat)
        assert view.partner is None and view.called is not None and view.called.name == "DA"
    after = play(run(before, "continue"), "DA")
    assert after.partner_revealed


def test_self_called_simple_is_paid_as_a_solo_at_the_simple_value() -> None:
    """AMB-21 (a): "A solo player wins from or loses to each of his adversaries individually
    the amount of the game": the self-caller receives the Simple in suit value, 2, from each."""
    state = run(play(simple(SELF, "H", "DA"), SELF_FIVE), "stop")
    outcome = state.outcome()
    assert outcome.made and outcome.partner is None
    assert outcome.scores == (6, -2, -2, -2)


def test_forcee_call_goes_to_another_player_who_names_trumps_not_the_called_suit() -> None:
    """S-FOS: "If he calls, the player holding the ace names the trump suit; but the suit so
    named must not be the suit of the called ace." Seat 0 holds HA, so he may call CA, SA or
    DA; SA's holder (seat 2) names any suit but spades."""
    state = run(start(SWEEP), "pass", "pass", "pass", "pass", "declare forcee")
    assert texts(state) == ["call CA", "call SA", "call DA"]
    state = run(state, "call SA")
    assert state.phase == Phase.TRUMP and state.player == 2 and state.partner_revealed
    assert texts(state) == ["trump C", "trump H", "trump D"]
    state = run(state, "trump C")
    assert state.phase == Phase.PLAY and state.player == 0
    assert state.contract is not None and state.contract.trump == 0


def test_called_ace_need_not_be_played_when_its_suit_is_led() -> None:
    """AMB-24 (ii), editorial: Foster states no duty for the called ace. Seat 3 (eldest) leads
    SK; seat 2, the hidden partner, may keep SA and follow with S7."""
    state = run(start(CLUBS, dealer=2), "pass", "bid 2", "pass", "pass", "declare simple C",
                "call SA")
    state = play(state, "SK D7 DJ")
    assert state.player == 2
    assert texts(state) == ["play SA", "play S7"]


def test_forcee_holder_with_every_ace_calls_a_king() -> None:
    """Editorial fallback (AMB-11, E6): Foster's Forcée caller asks "for an ace"; the ace's
    holder must name trumps, so the caller cannot be him. Holding all four aces, seat 0 calls
    a king he lacks instead."""
    hands = ("CQ SQ CA SA HA DA H7 D7", "CK SK HK DK CJ SJ HJ DJ", "CT ST HT DT C9 S9 H9 D9",
             "C8 S8 H8 D8 C7 S7 HQ DQ")
    state = run(start(hands), "pass", "pass", "pass", "pass", "declare forcee")
    assert texts(state) == ["call CK", "call SK", "call HK", "call DK"]

