"""The pack, the seats and the deal (rulebook slots ``pack`` and ``deal``; DOSSIER §1.1, §2a)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import ClassVar, Literal

import attrs

from solo_rules.bounds import Limit
from solo_rules.cards import (
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    card_ids,
    piquet_pack,
    quadrille_pack,
)
from solo_rules.rules.params import cards
from solo_rules.rules.slots import DealRules, PackRules, pack_of
from solo_rules.schema import Clause, RuleModule, register

__all__ = ["PacketDeal", "PiquetPack", "QuadrillePack", "deal_to", "shuffled"]


_NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def _card_list(cards: tuple[Card, ...]) -> str:
    return ", ".join(card.symbol_text for card in cards)


@register("pack", "pack.piquet")
@attrs.frozen
class PiquetPack(RuleModule, PackRules):
    """The 32-card Piquet/Skat pack, less ``remove``, for ``players`` seats [S-WIK, S-FOS]."""

    players: int = attrs.field(default=4, validator=attrs.validators.in_((3, 4, 5, 6)))
    remove: tuple[Card, ...] = attrs.field(default=(), validator=cards)
    suits: Literal["german", "french"] = "french"
    #: seats that sit each hand out [S-NIE: "the dealer sits out the hand in which he/she deals"]
    sits_out: int = attrs.field(default=0, validator=attrs.validators.in_((0, 1)))

    @property
    def cards(self) -> CardSet:
        """The cards in play."""
        return piquet_pack(self.remove)

    def describe(self) -> list[Clause]:
        count = len(self.cards)
        hand = count // (self.players - self.sits_out)
        style = (
            "German-suited (Eichel, Grün, Rot, Schellen; Ober and Unter)"
            if self.suits == "german"
            else "French-suited (clubs, spades, hearts, diamonds)"
        )
        clauses = [
            Clause(f"{_NUMBERS[self.players]} players take part; there are no fixed "
                   "partnerships: any partnership lasts a single hand.", "players"),
            Clause(f"The game uses a {style} pack of 32 cards, A K Q J 10 9 8 7 in each suit.",
                   "suits"),
        ]
        if self.remove:
            clauses.append(Clause(
                f"The {_card_list(self.remove)} are taken out, leaving {count} cards.", "remove"))
        if self.sits_out:
            clauses.append(Clause(f"One player sits out each hand; each of the other "
                                  f"{_NUMBERS[self.players - 1].lower()} receives {hand} cards.",
                                  "sits_out"))
        else:
            clauses.append(Clause(f"Each player receives {hand} cards.", "players"))
        return clauses


@register("pack", "pack.quadrille")
@attrs.frozen
class QuadrillePack(RuleModule, PackRules):
    """Quadrille's forty cards for four seats, ten a hand: "It is played by four persons, with
    forty cards; the four tens, nines, and eights, are discarded from the pack" [S-HOY p. 262]."""

    players: int = attrs.field(default=4, validator=attrs.validators.in_((4,)))
    suits: Literal["french"] = "french"
    sits_out: int = attrs.field(default=0, init=False)

    @property
    def cards(self) -> CardSet:
        """The cards in play: A K Q J 7 6 5 4 3 2 in each suit."""
        return quadrille_pack()

    def describe(self) -> list[Clause]:
        return [
            Clause("Four players take part; there are no fixed partnerships: any partnership "
                   "lasts a single hand.", "players"),
            Clause("The game uses a French-suited pack of forty cards, A K Q J 7 6 5 4 3 2 in "
                   "each suit: the tens, nines and eights are taken out.", "suits"),
            Clause("Each player receives 10 cards.", "players"),
        ]


#: for each position ``i`` of a pack shuffled from the top down, ``i + 1`` and its bit length:
#: what ``Random._randbelow(i + 1)`` draws with
_DRAWS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(63, 0, -1))


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """``cards`` shuffled in place and returned, exactly as ``rng.shuffle`` shuffles them (the
    same deal for the same seed): for a plain ``random.Random`` its Fisher-Yates loop is run
    inline with ``getrandbits``; a subclass shuffles itself."""
    if type(rng) is not random.Random or len(cards) > len(_DRAWS) + 1:
        rng.shuffle(cards)
        return cards
    bits = rng.getrandbits
    draws = _DRAWS[64 - len(cards):]
    for i, n, k in draws:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


#: per card id, its order in the draw for the first dealer: by rank, then by suit
_LOT = tuple(card.rank * len(Suit) + card.suit for card in Card)


@functools.cache
def _receivers(packets: tuple[int, ...], players: int, dealer: int,
               step: int) -> tuple[int, ...]:
    """The seat that receives each card of the shuffled pack, in dealing order: packets in
    the direction of play (``step`` +1 clockwise, -1 counter-clockwise) from eldest, computed
    once per dealer."""
    return tuple((dealer + offset * step) % players for size in packets
                 for offset in range(1, players + 1) for _ in range(size))


@functools.cache
def _pack_bits(pack: int) -> tuple[int, ...]:
    """The cards of the mask ``pack`` as their bits (``1 << card``), ascending."""
    return tuple(1 << card for card in card_ids(pack))


@functools.cache
def _takers(receivers: tuple[int, ...], players: int,
            cards: int) -> tuple[Callable[[list[int]], Sequence[int]], ...]:
    """Per seat, a getter of the items at the positions of a ``cards``-long shuffled pack
    that ``receivers`` gives it, always as a sequence (a slice for one position or none)."""
    takers: list[Callable[[list[int]], Sequence[int]]] = []
    for seat in range(players):
        positions = [p for p, to in enumerate(receivers[:cards]) if to == seat]
        takers.append(itemgetter(*positions) if len(positions) > 1
                      else itemgetter(slice(positions[0], positions[0] + 1)) if positions
                      else itemgetter(slice(0, 0)))
    return tuple(takers)


def deal_to(pack: CardSet, receivers: tuple[int, ...], players: int,
            rng: random.Random) -> tuple[int, ...]:
    """Shuffle ``pack`` and give the card at each position to the seat ``receivers`` names;
    one mask per seat. The pack is shuffled as its cards' bits, which ``shuffled`` permutes
    exactly as it would the card ids (the same deal for the same seed), so that a hand is the
    sum of the bits it receives, taken by one ``itemgetter`` per seat."""
    bits = shuffled(list(_pack_bits(pack.mask)), rng)
    return tuple([sum(take(bits)) for take in _takers(receivers, players, len(bits))])


@register("deal", "deal.packets")
@attrs.frozen
class PacketDeal(RuleModule, DealRules):
    """Deal in packets from eldest round the table [S-WIK: "deals 8 cards each in batches of
    3-2-3"]; the first dealer, the next dealer and misdeals are session rules described here.

    ``direction`` is the one seat order of the whole hand: deal, bidding, play and the next
    dealer [S-WIK: "play is clockwise"; AMB-14]. Seats are numbered clockwise, so seat + 1 sits
    on the left; counter-clockwise (S-WIK-OLD infobox; S-PAR Quadrille: "Deal, bid and play to
    the right") mirrors the table, and the sides the other parameters name (the cut, the next
    dealer) are mirrored with it."""

    packets: tuple[int, ...] = (3, 2, 3)
    direction: Literal["clockwise", "counter-clockwise"] = "clockwise"
    first_dealer: Literal["lot_lowest_card", "first_club_dealt"] = "lot_lowest_card"
    next_dealer: Literal["left", "right"] = "left"
    misdeal: Literal["same_dealer_redeals", "deal_passes_left"] = "same_dealer_redeals"
    #: after a hand whose declarer had to take no trick (Kicker): the ``deal_passes`` as after
    #: any hand, or the ``same_dealer`` deals again and another contract follows (AMB-33 b)
    after_misere: Literal["deal_passes", "same_dealer"] = "deal_passes"

    topics = ("eldest",)
    cut: Literal["right_of_dealer", "none"] = "right_of_dealer"

    #: each packet deals each seat some of its hand, once round the table
    limits: ClassVar = {"packets": Limit(1, "hand", shortest=1, longest="hand")}

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless the packets deal every seat its share of the pack."""
        pack = pack_of(slots)
        if pack.sits_out:
            raise ValueError("a seat sits out each hand, so the deal must say who "
                             "(deal.dealer_buys)")
        count, players = len(pack.cards), pack.players
        sizes = [hand.bit_count() for hand in self.deal(pack.cards, players, 0,
                                                         random.Random(0))]
        if sizes != [count // players] * players:
            raise ValueError(f"the deal gives hands of {sizes} cards; the pack of {count} cards "
                             f"needs {count // players} for each of {players} players")

    @property
    def step(self) -> int:
        """The seat number's change from one player to the next in turn."""
        return 1 if self.direction == "clockwise" else -1

    def turn_orders(self, players: int) -> tuple[tuple[int, ...], ...]:
        """For each seat, every seat in turn from it, in the direction of play."""
        return tuple(tuple((first + i * self.step) % players for i in range(players))
                     for first in range(players))

    def deal(self, pack: CardSet, players: int, dealer: int,
             rng: random.Random) -> tuple[int, ...]:
        """Shuffle ``pack`` and deal the packets in turn from eldest; one mask per seat."""
        return deal_to(pack, _receivers(self.packets, players, dealer, self.step), players, rng)

    def following_dealer(self, dealer: int, players: int, misdeal: bool = False,
                         misere: bool = False) -> int:
        """The dealer of the next hand, after a normal hand, a misère hand or a misdeal."""
        if misdeal and self.misdeal == "same_dealer_redeals":
            return dealer
        if misere and self.after_misere == "same_dealer":
            return dealer
        step = -1 if self.next_dealer == "right" and not misdeal else 1
        return (dealer + step * self.step) % players

    def choose_first_dealer(self, pack: CardSet, players: int, rng: random.Random) -> int:
        """Draw for the first dealer: the lowest card drawn (by rank, then suit), or the first
        player dealt a club when the cards are thrown round face up."""
        cards = shuffled(list(card_ids(pack.mask)), rng)
        if self.first_dealer == "first_club_dealt":
            clubs = SUIT_MASKS[Suit.CLUBS]
            for position, card in enumerate(cards):
                if clubs >> card & 1:
                    return position * self.step % players
        drawn = cards[:players]
        return max(range(players), key=lambda seat: _LOT[drawn[seat]])

    def describe(self) -> list[Clause]:
        first = {
            "lot_lowest_card": "The first dealer is chosen by lot: whoever draws the lowest card "
                               "deals first.",
            "first_club_dealt": "For the first dealer the cards are dealt round face up; the "
                                "first player to receive a club deals.",
        }[self.first_dealer]
        batches = "-".join(str(n) for n in self.packets)
        left, right = ("left", "right") if self.direction == "clockwise" else ("right", "left")
        clauses = [Clause(first, "first_dealer")]
        clauses.append(Clause(f"The dealer shuffles and the player on the {right} cuts."
                              if self.cut == "right_of_dealer" else
                              "The dealer shuffles; there is no cut.", "cut"))
        clauses += [
            Clause(f"The cards are dealt {self.direction} in batches of {batches}.",
                   "packets"),
            Clause(f"Dealing begins with the player on the dealer's {left} (eldest); seats are "
                   + ("numbered in that order." if self.direction == "clockwise" else
                      "numbered the other way, clockwise."), "eldest"),
            Clause(f"Bidding and play go {self.direction} as well: the turn passes to the "
                   f"player on the {left}.", "direction"),
            Clause("The deal passes to the "
                   f"{left if self.next_dealer == 'left' else right} after each hand.",
                   "next_dealer"),
            Clause({"same_dealer_redeals": "After a misdeal the same dealer deals again.",
                    "deal_passes_left": "After a misdeal the dealer loses the deal, which passes "
                                        f"to the {left}."}[self.misdeal], "misdeal"),
            Clause("After a hand in which the declarer had to take no trick, the deal passes "
                   "as after any other." if self.after_misere == "deal_passes" else
                   "After a hand in which the declarer had to take no trick, the same dealer "
                   "deals again: another contract follows before the deal passes.",
                   "after_misere", needs="misere"),
        ]
        return clauses
