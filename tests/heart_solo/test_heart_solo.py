"""Heart Solo for three players (S-FOS; DOSSIER §1.5, §2d, AMB-25, EX-29, EX-30, EX-31)."""

from __future__ import annotations

import random

import pytest
from drive import finish
from heart_solo_deals import HEARTS, LAST, LAST_PLAY, play, run, start, texts
from hypothesis import given
from hypothesis import strategies as st

from solo_rules import Card, CardSet, Phase, Suit, compile, load_variant, new_game
from solo_rules.ranking import TRUMP

#: DOSSIER §1.5, "Heart Solo 24": per trump suit, the number of trumps and of plain cards in
#: clubs, spades, hearts and diamonds (None for the trump suit itself).
TRUMP_TABLE = {
    "C": (9, (None, 7, 7, 1)),
    "S": (9, (7, None, 7, 1)),
    "H": (9, (7, 7, None, 1)),
    "D": (3, (7, 7, 7, None)),
}


def pack() -> CardSet:
    """The Heart Solo pack as the variant file builds it."""
    return CardSet(compile(load_variant("heart-solo")).pack)


def test_ex29_the_twenty_four_card_pack() -> None:
    """EX-29. S-FOS: "the pack is reduced to twenty-four cards by deleting the Eight of hearts,
    and all the diamonds but the Seven." Clubs and spades 8 each, hearts 7, diamonds only D7;
    three players of 8 cards (inferred: 24 / 3)."""
    cards = pack()
    assert len(cards) == 24
    assert [len(cards.of_suit(suit)) for suit in Suit] == [8, 8, 7, 1]
    assert Card.H8 not in cards and cards.of_suit(Suit.DIAMONDS) == CardSet.of([Card.D7])
    variant = load_variant("heart-solo")
    assert compile(variant).players == 3 and compile(variant).hand_size == 8


@pytest.mark.parametrize("trump", "CSHD")
def test_trumps_and_plain_suits_match_the_dossier_table(trump: str) -> None:
    """DOSSIER §1.5 "Heart Solo 24" (inferred from the pack and the §1.4 order): the trump count
    and the plain cards per suit for each trump; every row sums to the pack."""
    tables = compile(load_variant("heart-solo")).tables("CSHD".index(trump))
    cards = pack()
    trumps, plain = TRUMP_TABLE[trump]
    assert sum(1 for card in cards if tables.suit_of[card] == TRUMP) == trumps
    counts = tuple(None if suit.letter == trump else
                   sum(1 for card in cards if tables.suit_of[card] == suit) for suit in Suit)
    assert counts == plain
    assert trumps + sum(n for n in plain if n is not None) == 24


def test_ex30_diamonds_the_colour_have_three_trumps() -> None:
    """EX-30. S-FOS: "Diamonds are always colour, and there are only three trumps in that suit;
    Spadilla, Manilla, and Basta." """
    tables = compile(load_variant("heart-solo")).tables(Suit.DIAMONDS)
    assert tables.order(pack()) == (Card.CQ, Card.D7, Card.SQ)


def test_ex31_hearts_trump_order() -> None:
    """EX-31. S-FOS pack with the §1.4 order: with hearts trumps, ♣Q > 7♥ > ♠Q > A♥ > K♥ > Q♥ >
    J♥ > 10♥ > 9♥ (nine trumps; no 8)."""
    tables = compile(load_variant("heart-solo")).tables(Suit.HEARTS)
    names = [card.name for card in tables.order(pack())]
    assert names == ["CQ", "H7", "SQ", "HA", "HK", "HQ", "HJ", "HT", "H9"]


def test_only_solo_is_bid_at_four_or_eight() -> None:
    """S-FOS: "The only play is for the Solo"; AMB-25: bids are 4 (Solo in suit) or 8 (Solo in
    colour), eldest first."""
    state = start(HEARTS)
    assert state.player == 0 and texts(state) == ["pass", "bid 4", "bid 8"]


def test_a_bid_of_four_names_any_suit_and_eight_names_diamonds() -> None:
    """AMB-25: "The winner names trumps consistent with his bid: diamonds if he bid 8; any suit
    if he bid 4." There is no Simple and no partner."""
    four = run(start(HEARTS), "bid 4", "pass", "pass")
    assert texts(four) == ["declare solo C", "declare solo S", "declare solo H",
                           "declare solo D"]
    eight = run(start(HEARTS), "bid 8", "pass", "pass")
    assert texts(eight) == ["declare solo D"]
    assert run(eight, "declare solo D").phase == Phase.PLAY


def test_solo_in_suit_won_is_paid_four_by_each_and_play_stops_at_five() -> None:
    """S-FOS: "The only play is for the Solo"; Foster's Solo is abandoned at the bidder's fifth
    trick, and Tout is off by default (AMB-25, E17): no going on after a sweep."""
    state = run(start(HEARTS), "bid 4", "pass", "pass", "declare solo H")
    state = play(state, "CQ H7 S7 SQ C7 S8 HA C8 S9 HK C9 ST HQ CT SJ")
    assert state.is_terminal and len(state.tricks) == 5
    assert state.outcome().scores == (8, -4, -4)


def test_solo_in_colour_is_paid_eight_by_each() -> None:
    """S-FOS: Solo "in colour, 8"; diamonds are the colour in Heart Solo."""
    state = run(start(HEARTS), "bid 8", "pass", "pass", "declare solo D")
    state = play(state, "CQ C7 D7 SQ C8 S7 HA H7 S8 HK C9 S9 HQ CT ST")
    assert state.outcome().scores == (16, -8, -8)


def test_all_pass_plays_in_colour_and_the_last_trick_loses_a_solo_in_colour() -> None:
    """S-FOS: "if no one will make a bid, the hands are played in colour, and the winner of the
    last trick loses the value of a Solo." AMB-25: diamonds trumps, everyone for himself, all
    eight tricks; seat 2 wins the last trick and pays 8 to each of the other two."""
    state = run(start(LAST), "pass", "pass", "pass")
    assert state.phase == Phase.PLAY and state.player == 0
    contract = state.contract
    assert contract is not None and contract.declarer is None and contract.trump == Suit.DIAMONDS
    assert all(state.view(seat).declarer is None for seat in range(3))
    for card in LAST_PLAY.split():
        assert state.phase == Phase.PLAY
        state = state.apply(f"play {card}")
    assert state.is_terminal and len(state.tricks) == 8
    assert [trick.winner for trick in state.tricks] == [0] * 7 + [2]
    outcome = state.outcome()
    assert outcome.declarer is None and not outcome.made
    assert outcome.scores == (8, 8, -16)


def test_heart_solo_has_no_partner_slot() -> None:
    """S-FOS: "The only play is for the Solo": no called partner, so no call actions at all."""
    variant = load_variant("heart-solo")
    assert "partner" not in variant.slots
    assert not [a for a in compile(variant).actions.by_id.values() if a.kind == "call"]


@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 2))
def test_payments_sum_to_zero(seed: int, dealer: int) -> None:
    """Every finished Heart Solo hand settles between the three players: the payments sum to
    zero, and every hand is paid (there is no thrown-in hand: all pass plays in colour)."""
    outcome = finish(new_game("heart-solo", seed=seed, dealer=dealer),
                     random.Random(seed)).outcome()
    assert outcome.contract is not None
    assert sum(outcome.scores) == 0 and any(outcome.scores)
