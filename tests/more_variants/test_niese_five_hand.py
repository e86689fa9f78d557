"""Niese five-hand (S-NIE; DOSSIER §2c, AMB-38, EX-20): the dealer sits out and may buy the
hand on his right after seeing only its last three cards; the purchase procedure is editorial."""

from __future__ import annotations

import random
from pathlib import Path

from drive import legal, play, run, variant_file

from solo_rules import Card, CardSet, GameState, compile, load_variant, new_game, rulebook

VARIANT = "niese-five-hand"
#: Dealer 4; seat 3, on his right, was dealt CQ H7 SQ HA HK and, last, HQ HJ HT, which lie
#: before him face down (the dealer's to look at until the purchase is settled).
HANDS = ("CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8", "DA DK DQ DJ DT D9 D8 D7",
         "CQ H7 SQ HA HK", "HQ HJ HT")
#: The first five tricks: the buyer's heart Solo takes them all, the seller taking no turn.
FIVE = "CA S7 D7 HT CQ H9 H8 D8 H7 C7 S8 D9 SQ C8 S9 DT HA C9 ST DJ"


def start() -> GameState:
    return new_game(VARIANT, hands=HANDS, dealer=4)


def test_ex20_the_dealer_sits_out_and_sees_only_the_last_three_cards_on_his_right() -> None:
    """EX-20. S-NIE: "In a 5 hand game, the dealer sits out the hand in which he/she deals.
    After all cards are dealt, the dealer has the option of buying the player's hand to the
    right by looking only at the last three cards that player received." """
    state = start()
    assert (state.phase, state.player, legal(state)) == ("purchase", 4, ["pass", "offer"])
    dealer, seller = state.view(4), state.view(3)
    assert dealer.hand == CardSet.of([Card.HQ, Card.HJ, Card.HT]) and dealer.sitting_out == (4,)
    assert not seller.hand.mask & dealer.hand.mask and len(seller.hand) == 5
    dealt = new_game(VARIANT, seed=9, dealer=2)
    assert [len(dealt.hand(seat)) for seat in range(5)] == [8, 5, 3, 8, 8]


def test_on_accepting_the_dealer_pays_at_once_plays_the_hand_and_the_seller_sits_out() -> None:
    """AMB-38 (EDITORIAL): "The seller may accept or refuse. If he accepts, the dealer pays the
    offer at once and takes the hand, and the seller sits out the deal." The auction and the
    tricks pass over seat 3; the buyer's heart Solo with five mackers stops after First:
    (4 + 5 + 1) x 5 cents from each of the three players in the hand; seat 3 only receives the
    price, 2 units = 10 cents."""
    offered = run(start(), "offer")
    assert (offered.player, legal(offered)) == (3, ["accept", "refuse"])
    state = run(offered, "accept")
    assert state.phase == "auction" and state.sitting_out == (3,)
    assert len(state.hand(4)) == 8 and state.hand(3) == CardSet()
    state = run(state, "pass", "pass", "pass", "bid solo", "declare solo H")
    assert [seat for seat, _ in state.history[2:6]] == [0, 1, 2, 4]
    state = play(state, FIVE)
    assert all(len(trick.cards) == 4 for trick in state.tricks)
    assert state.view(0).trick == () and state.tricks[0].winner == 4
    outcome = run(state, "stop").outcome()
    assert outcome.breakdown == (("bid", 4), ("mackers", 5), ("first", 1))
    assert outcome.scores == (-50, -50, -50, 10, 140)
    assert "seat 4 bought the hand of seat 3 for 10" in outcome.note


def test_a_refusal_or_a_pass_leaves_the_seller_his_hand_and_the_dealer_out() -> None:
    """S-NIE: "if the dealer likes what he/she sees, he/she can make an offer, otherwise pass and
    wait till the next hand"; AMB-38: the seller may refuse. The dealer then sits out."""
    for moves in (("pass",), ("offer", "refuse")):
        state = run(start(), *moves)
        assert state.phase == "auction" and state.player == 0 and state.sitting_out == (4,)
        assert len(state.hand(3)) == 8 and state.hand(4) == CardSet()
        state = run(state, "pass", "pass", "pass", "pass")
        assert state.is_terminal and state.outcome().scores == (0, 0, 0, 0, 0)


def test_a_hand_thrown_in_after_a_purchase_still_pays_the_price() -> None:
    """AMB-38: the dealer "pays the offer at once", whatever happens to the hand."""
    state = run(start(), "offer", "accept", "pass", "pass", "pass", "pass")
    assert state.is_terminal and state.outcome().scores == (0, 0, 0, 10, -10)


def test_the_rulebook_and_the_seats() -> None:
    """Five seats, four in play with 8 cards each; the rulebook states the purchase as an
    editorial reading (AMB-38) and the sit-out, which S-NIE states: "In a 5 hand game, the
    dealer sits out the hand in which he/she deals"."""
    compiled = compile(load_variant(VARIANT))
    assert (compiled.players, compiled.seated, compiled.hand_size) == (5, 4, 8)
    book = rulebook(VARIANT)
    assert "One player sits out each hand; each of the other four receives 8 cards." in book
    assert ("A player who sits out neither bids nor plays, and the hand is settled without him: "
            "the seller keeps only the price.") in book
    assert "EDITORIAL NOTE: S-NIE names 'an offer' but no amount" in book


def test_the_dealer_looks_at_the_last_packet_dealt_on_his_right() -> None:
    """S-NIE: "by looking only at the last three cards that player received": dealing 3-2-3
    from eldest round the four players in the hand, the dealer's look is the seller's last
    packet, in the order the shuffled cards were dealt."""
    compiled = compile(load_variant(VARIANT))
    pack = CardSet(compiled.pack)
    for seed in range(20):
        cards = list(range(32))
        random.Random(seed).shuffle(cards)
        hands = compiled.deal_rules.deal(pack, 5, 0, random.Random(seed))
        # seats in turn 1, 2, 3, 4 (the seller, on dealer 0's right); packets 3, 2, 3
        last_packet = cards[29:32]  # 12 + 8 cards, then 3 each to seats 1, 2, 3 and 4
        assert hands[0] == sum(1 << card for card in last_packet)
        assert hands[4].bit_count() == 5 and not hands[4] & hands[0]


def test_an_amount_auction_also_passes_over_the_seat_that_sits_out(tmp_path: Path) -> None:
    """Seat-outs are the loop's, not one auction's: the five-hand game bid by Foster's amounts
    (a variant file) still gives the seller no turn after he sold his hand."""
    path = variant_file(tmp_path, VARIANT, """
        auction:
          module: auction.ascending_amounts
          params: {amounts: [2, 4, 8], bids: null, keep_plays: null, keep_window: null}
          provenance: {basis: house, params: null}
    """, status="house")
    state = run(new_game(load_variant(path), hands=HANDS, dealer=4), "offer", "accept",
                "bid 2", "bid 4", "pass", "bid 8", "pass", "pass")
    assert [seat for seat, _ in state.history[2:]] == [0, 1, 2, 4, 0, 1]
    assert state.phase == "declare" and state.player == 4
