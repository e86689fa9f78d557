"""Per-seat views: a seat sees its own hand and the public record, never another seat's unplayed
card, and the called partner only once he is revealed (DOSSIER §7)."""

from __future__ import annotations

import pytest

from solo_rules import Card, GameState, InvalidStateError, Phase, new_game

#: Altenburg, seat 3 dealing: seat 0 (eldest) can declare a Frage in hearts and call ♠A, which
#: seat 2 holds together with ♠Q.
HANDS = (
    "CQ HA HK HQ HJ HT C7 D7",
    "CA CK CJ CT C9 C8 DA DK",
    "SA SQ SK SJ ST S9 S8 S7",
    "H9 H8 H7 DQ DJ DT D9 D8",
)
#: The same deal with ♠A and ♥9 swapped between seats 2 and 3: the partner is now seat 3.
SWAPPED = (HANDS[0], HANDS[1], "H9 SQ SK SJ ST S9 S8 S7", "SA H8 H7 DQ DJ DT D9 D8")

FRAGE = ("bid frage", "pass", "pass", "pass", "declare frage H", "call SA")


def play(hands: tuple[str, ...], *texts: str) -> GameState:
    state = new_game("altenburg-1988", hands=hands, dealer=3)
    for text in texts:
        state = state.apply(text)
    return state


def test_view_holds_own_hand_and_public_facts() -> None:
    state = play(HANDS, *FRAGE)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == state.hand(seat)
        assert (view.contract_kind, view.declarer, view.trump) == ("frage", 0, 2)
        assert view.called is Card.SA
        assert [(s, a.text) for s, a in view.history] == [
            (0, "bid frage"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "declare frage H"),
            (0, "call SA")]


def test_only_the_seat_to_act_sees_legal_actions() -> None:
    state = play(HANDS, *FRAGE)
    assert state.player == 0
    assert state.view(0).legal_actions == state.legal_actions()
    assert all(state.view(seat).legal_actions == () for seat in (1, 2, 3))


def test_hidden_partner_is_known_only_to_himself_until_the_called_card_falls() -> None:
    """S-WIK: "whoever holds that Ace becomes the declarer's partner. The partner must not reveal
    this; instead their identity will become clear during play." """
    state = play(HANDS, *FRAGE)
    assert state.contract is not None and state.contract.partner == 2
    assert [state.view(seat).partner for seat in range(4)] == [None, None, 2, None]
    # ♥A led; seat 2 must follow trumps with ♠Q and wins, then must lead the called ♠A.
    state = play(HANDS, *FRAGE, "play HA", "play CA", "play SQ", "play H9")
    assert state.tricks[-1].winner == 2 and not state.partner_revealed
    assert [state.view(seat).partner for seat in range(4)] == [None, None, 2, None]
    assert [a.text for a in state.legal_actions()] == ["play SA"]
    state = state.apply("play SA")
    assert state.partner_revealed
    assert [state.view(seat).partner for seat in range(4)] == [2, 2, 2, 2]


def test_partner_who_names_trumps_is_revealed_at_once() -> None:
    """S-WIK Grossfrage (and so the Mussfrage): "This time the partner must reveal this and choose
    the trump suit, which may not be the suit of the called Ace." """
    state = play(HANDS, "pass", "pass", "pass", "pass", "declare mussfrage", "call SA")
    assert state.phase == Phase.TRUMP and state.player == 2
    assert [state.view(seat).partner for seat in range(4)] == [2, 2, 2, 2]
    assert [a.text for a in state.view(2).legal_actions] == ["trump C", "trump H", "trump D"]


@pytest.mark.parametrize("seat", [0, 1])
def test_view_is_the_same_whoever_holds_the_other_unplayed_cards(seat: int) -> None:
    """Moving ♠A (and so the partnership) from seat 2 to seat 3 changes nothing that seats 0 and
    1 can see: their views of the two deals are equal card for card."""
    for step in range(len(FRAGE) + 2):
        moves = (*FRAGE, "play HA")[:step]
        assert play(HANDS, *moves).view(seat) == play(SWAPPED, *moves).view(seat)


def test_trick_on_the_table_shows_each_card_with_its_seat() -> None:
    state = play(HANDS, *FRAGE, "play HA", "play CA")
    assert state.view(3).trick == ((0, Card.HA), (1, Card.CA))
    assert state.view(3).tricks == ()


def test_view_of_a_seat_that_does_not_exist() -> None:
    with pytest.raises(InvalidStateError, match=r"^seat must be 0\.\.3, got -1$"):
        play(HANDS).view(-1)


def test_view_is_frozen() -> None:
    view = play(HANDS).view(0)
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]
