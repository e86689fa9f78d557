"""The deal's fast path (``solo_rules.rules.deal.deal_to``: the pack shuffled as its cards'
bits, each hand summed by a getter of its positions) must deal
exactly the hands that shuffling the card ids and handing them round one by one deals, or
every seed would give another hand than before."""

from __future__ import annotations

import random

import pytest

from solo_rules.cards import CardSet, card_ids, piquet_pack
from solo_rules.rules.deal import deal_to, shuffled


def dealt_one_by_one(pack: CardSet, receivers: tuple[int, ...], players: int,
                     rng: random.Random) -> tuple[int, ...]:
    """The reference: shuffle the card ids, then give each card to its receiver in turn."""
    hands = [0] * players
    for card, seat in zip(shuffled(list(card_ids(pack.mask)), rng), receivers, strict=False):
        hands[seat] |= 1 << card
    return tuple(hands)


DEALS = [
    (piquet_pack(), tuple(seat for seat in (1, 2, 3, 0) for _ in range(8)), 4),
    (piquet_pack(), tuple(s for size in (3, 2, 3) for s in (2, 3, 0, 1) for _ in range(size)), 4),
    (piquet_pack(card for card in range(32) if card % 8 in (6, 7)),  # 24 cards, 3-3 packets
     tuple(s for size in (3, 3) for s in (1, 2, 3, 0) for _ in range(size)), 4),
    # seat 4 is given one card and seat 5 none (as a seat that sits the hand out)
    (piquet_pack(), (4, *(s for s in (0, 1, 2, 3) for _ in range(7)), 3, 3, 3), 6),
]


@pytest.mark.parametrize(("pack", "receivers", "players"), DEALS)
def test_deal_to_deals_what_handing_the_cards_round_deals(
        pack: CardSet, receivers: tuple[int, ...], players: int) -> None:
    for seed in range(300):
        assert (deal_to(pack, receivers, players, random.Random(seed))
                == dealt_one_by_one(pack, receivers, players, random.Random(seed)))
