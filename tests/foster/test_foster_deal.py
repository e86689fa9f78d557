"""Foster's Solo: players, pack and deal (S-FOS; DOSSIER §2b, EX-28)."""

from __future__ import annotations

import random

from solo_rules import Card, Phase, Suit, compile, load_variant, new_game, piquet_pack
from solo_rules.rules.deal import PacketDeal


def foster_deal() -> PacketDeal:
    """The deal module of the Foster file."""
    deal = load_variant("foster").slots["deal"].module
    assert isinstance(deal, PacketDeal)
    return deal


def test_four_players_thirty_two_cards_eight_each() -> None:
    """S-FOS: "Solo is played with a pack of thirty-two cards" ... "Solo is played by four
    persons" ... "to deal eight cards to each player"."""
    variant = load_variant("foster")
    assert compile(variant).players == 4
    assert compile(variant).pack == piquet_pack().mask
    state = new_game("foster", seed=11)
    assert [len(state.hand(seat)) for seat in range(4)] == [8, 8, 8, 8]


def test_deal_in_packets_of_three_two_three_from_eldest() -> None:
    """S-FOS: "deal eight cards to each player; 3-2-3 at a time"; the first packet goes to the
    dealer's left (eldest), clockwise (AMB-14)."""
    deal = foster_deal()
    dealer = 2
    cards = list(piquet_pack())
    random.Random(5).shuffle(cards)
    hands = deal.deal(piquet_pack(), 4, dealer, random.Random(5))
    order = [(dealer + k) % 4 for k in range(1, 5)]
    expected = [0] * 4
    position = 0
    for size in (3, 2, 3):
        for seat in order:
            for card in cards[position:position + size]:
                expected[seat] |= 1 << card
            position += size
    assert list(hands) == expected


def test_ex28_first_dealer_is_the_first_player_dealt_a_club() -> None:
    """EX-28. S-FOS: the players "throw round the cards for the first club turned up to deal":
    cards are dealt face up round the table and the first player to receive a club deals."""
    deal = foster_deal()
    for seed in range(40):
        cards = list(piquet_pack())
        random.Random(seed).shuffle(cards)
        first_club = next(n for n, card in enumerate(cards) if Card(card).suit == Suit.CLUBS)
        assert deal.choose_first_dealer(piquet_pack(), 4, random.Random(seed)) == first_club % 4
    prose = " ".join(c.text for c in deal.describe())
    assert "first player to receive a club deals" in prose


def test_eldest_leads_to_the_first_trick() -> None:
    """S-FOS: "The trump named, the eldest hand leads any card he pleases"."""
    state = new_game("foster", seed=4, dealer=1)
    while state.phase < Phase.PLAY:  # through the auction and declaration
        state = state.apply(state.legal_actions()[-1])
    assert state.player == state.leader == 2


def test_the_deal_passes_left_and_a_misdeal_is_redealt_by_the_same_dealer() -> None:
    """Editorial (AMB-13, E1, E2): Foster names no next dealer; the deal passes to the left, the
    direction of play, and after a misdeal the same dealer deals again (Quadrille law)."""
    deal = foster_deal()
    assert [deal.following_dealer(dealer, 4) for dealer in range(4)] == [1, 2, 3, 0]
    assert [deal.following_dealer(dealer, 4, misdeal=True) for dealer in range(4)] == [0, 1, 2, 3]
