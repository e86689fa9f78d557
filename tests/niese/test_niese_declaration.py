"""Niese calls, trumps and the deal: the called ace, the King fallback, the partner's trumps in
Having the Ladies, 3-2-3 from the dealer's left and the misdeal (S-NIE; DOSSIER §2c, AMB-11,
AMB-13; EX-18, EX-21)."""

from __future__ import annotations

import random

import pytest
from niese_deals import ACES, MACKERS, TOPS, bid, legal, run

from solo_rules import CardSet, IllegalActionError, Phase, compile, load_variant


def test_question_may_not_call_the_trump_ace() -> None:
    """EX-18. S-NIE Question: "Bidder must call an ace not in his/her hand ... The ace cannot be
    the same suit as trump." With hearts trumps A♥ cannot be called."""
    state = run(bid(MACKERS, "question", "pass", "pass", "pass"), "declare question H")
    assert state.phase == Phase.CALL and legal(state) == ["call SA"]
    with pytest.raises(IllegalActionError):
        state.apply("call HA")


def test_isit_may_not_call_the_club_ace() -> None:
    """EX-18. S-NIE IsIt: "Clubs must be trump. ... The bidder cannot call the ace of clubs." """
    state = bid(TOPS, "pass", "isit", "pass", "pass")  # seat 1 bids IsIt without the club ace
    assert state.phase == Phase.CALL and state.player == 1
    assert legal(state) == ["call SA", "call HA", "call DA"]
    with pytest.raises(IllegalActionError):
        state.apply("call CA")


def test_with_all_aces_a_king_is_called() -> None:
    """AMB-11. S-NIE: "If the bidder has all of the aces, he/she can call a king." """
    state = run(bid(ACES, "question", "pass", "pass", "pass"), "declare question H")
    assert legal(state) == ["call CK", "call SK", "call DK"]


def test_called_ace_holder_is_the_partner() -> None:
    """S-NIE: "Bidder must call an ace not in his/her hand and the person who has it is the
    bidder's partner." """
    state = run(bid(MACKERS, "question", "pass", "pass", "pass"), "declare question C", "call HA")
    assert state.contract is not None and state.contract.partner == 2
    assert state.party() == (0, 2)


def test_ladies_partner_names_trumps_but_not_the_called_suit() -> None:
    """S-NIE Having the Ladies: "The bidder's partner makes trump. He/She cannot make trump the
    suit of the ace you called." """
    state = run(bid(MACKERS, "ladies", "pass", "pass", "pass"), "call HA")
    assert state.phase == Phase.TRUMP and state.player == 2
    assert legal(state) == ["trump C", "trump S", "trump D"]
    state = state.apply("trump S")
    assert state.phase == Phase.PLAY and state.contract is not None and state.contract.trump == 1


def test_deal_is_three_two_three_from_the_dealers_left() -> None:
    """S-NIE: "Dealing begins on the dealer's left and continues to each player. A 3, 2, 3
    dealing scheme ..." """
    rules = compile(load_variant("niese"))
    cards = list(CardSet(rules.pack))
    random.Random(11).shuffle(cards)
    hands = rules.deal(random.Random(11), 2)
    packets = [(3, 0), (3, 1), (3, 2), (3, 3), (2, 0), (2, 1), (2, 2), (2, 3),
               (3, 0), (3, 1), (3, 2), (3, 3)]
    position = 0
    for size, offset in packets:
        seat = (2 + 1 + offset) % 4
        assert all(hands[seat] >> card & 1 for card in cards[position:position + size])
        position += size


def test_deal_rotates_left_and_a_misdeal_passes_it() -> None:
    """EX-21. S-NIE: "At the end of each hand, the deal is rotated to the left of the last dealer."
    "In the event of a misdeal, the dealer loses the privilege of dealing and the deal is passed
    to the left." """
    deal = load_variant("niese").modules["deal"]
    for dealer in range(4):
        assert deal.following_dealer(dealer, 4) == (dealer + 1) % 4  # type: ignore[attr-defined]
        assert deal.following_dealer(  # type: ignore[attr-defined]
            dealer, 4, misdeal=True) == (dealer + 1) % 4
