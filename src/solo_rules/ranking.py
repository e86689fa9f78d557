"""The effective suit and strength of every card under a contract (DOSSIER §1.3-§1.6).

Under a trump suit the three matadors lead the trumps: Spadille (♣Q) always first, Manille (the
trump 7) second, Basta (♠Q) third [S-WIK, S-FOS, S-NIE]; the black queens leave their printed
suits [S-WIK: "Neither Spadille nor Baste count as members of their natural suits."]. Below the
matadors every suit runs A K Q J 10 9 8 7 (AMB-49). With no trump (Niese Kicker, Bronco, Bull)
there are no matadors and every card keeps its suit (AMB-50). Quadrille's order depends on the
colour of the trump suit: Manille is the black deuce or the red seven, the red suits rank K Q J
A 2 3 4 5 6 7, and a red trump suit's Ace (Punto) heads it [S-CHA, S-PAR]. The tables are
computed once per parameter set and trump, and cached.
"""

from __future__ import annotations

import enum
import functools

import attrs

from solo_rules.cards import PIQUET_RANKS, Card, CardSet, Rank, Suit

__all__ = ["TRUMP", "Ranking", "Trump", "TrumpTables"]

#: The effective suit of a trump card in ``TrumpTables.suit_of`` (the plain suits are 0..3).
TRUMP = 4


class Trump(enum.IntEnum):
    """The trumps of a contract: one of the four suits (same numbers as ``Suit``), or ``NONE``
    for a contract without trumps (Niese Kicker, Bronco, Bull: AMB-50)."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    NONE = 4

    @classmethod
    def of(cls, suit: Suit | int) -> Trump:
        """The trump of a suit."""
        return _TRUMPS[suit]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` without trumps."""
        return _SUITS[self]

    @property
    def text(self) -> str:
        """The suit letter, or ``none``."""
        return "none" if self is Trump.NONE else Suit(self).letter


_TRUMPS = tuple(Trump)
_SUITS: tuple[Suit | None, ...] = (*Suit, None)


@attrs.frozen(slots=True)
class TrumpTables:
    """Per card: its effective suit (0..3, or ``TRUMP``) and its power (higher wins).

    Trumps have power 100 and above, so a trick is won by the highest power among the cards of
    the led effective suit and the trumps.
    """

    trump: int
    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    trump_mask: int
    suit_masks: tuple[int, ...]
    #: the mask of the matadors under this trump (the scoring asks at every hand's end)
    matadors: int
    #: per led card, the mask of the cards that follow its effective suit (``follow_mask``),
    #: read on every card played to a trick
    follows: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(
        lambda self: tuple(self.trump_mask if suit == TRUMP else self.suit_masks[suit]
                           for suit in self.suit_of), takes_self=True))

    def winner(self, cards: tuple[int, ...]) -> int:
        """The index in ``cards`` (led card first) of the card that wins the trick."""
        suit_of, power, trump = self.suit_of, self.power, TRUMP
        led = suit_of[cards[0]]  # the trumps and the led effective suit are counted
        best, best_power = 0, -1
        for index, card in enumerate(cards):
            suit = suit_of[card]
            if suit in (trump, led) and power[card] > best_power:
                best, best_power = index, power[card]
        return best

    def follow_mask(self, led_card: int) -> int:
        """The mask of cards that follow the suit of ``led_card`` (its effective suit)."""
        return self.follows[led_card]

    def order(self, pack: CardSet) -> tuple[Card, ...]:
        """The trumps of ``pack``, highest first."""
        trumps = [card for card in pack if self.suit_of[card] == TRUMP]
        return tuple(sorted(trumps, key=lambda c: -self.power[c]))


@attrs.frozen(slots=True, cache_hash=True)
class Ranking:
    """The card order of a variant: the matadors and the plain and no-trump orders.

    ``matadors`` names the permanent top trumps in order; the tokens ``trump_seven`` and
    ``trump_two`` stand for that rank of whatever suit is trump. A matador is a trump under every
    trump suit, which is how the black queens leave their printed suits. ``red_matadors``,
    ``red_plain_order`` and ``red_trump_first`` are what differs when the suit is red (None:
    nothing), as in Quadrille.
    """

    matadors: tuple[str, ...] = ("CQ", "trump_seven", "SQ")
    plain_order: tuple[Rank, ...] = PIQUET_RANKS
    no_trump_order: tuple[Rank, ...] = PIQUET_RANKS
    #: the cards that stay matadors, and so the only trumps, in a contract without trumps
    #: (none by default, AMB-50; the black queens under its alternative reading)
    no_trump_matadors: tuple[str, ...] = ()
    #: the matadors when a red suit is trump, if they differ (Quadrille's red seven Manille)
    red_matadors: tuple[str, ...] | None = None
    #: the order of a red suit, if it differs from ``plain_order`` (Quadrille's K Q J A 2 .. 7)
    red_plain_order: tuple[Rank, ...] | None = None
    #: the rank raised to the head of a red trump suit, below the matadors (Quadrille's Punto)
    red_trump_first: Rank | None = None

    def matador_cards(self, trump: int) -> tuple[Card, ...]:
        """The matadors under ``trump``, highest first; without a trump, those that stay
        matadors (none by default, AMB-50) (cached: the scoring of every hand asks)."""
        return _matador_cards(self, _trump_checked("matador_cards", trump))

    def tables(self, trump: int) -> TrumpTables:
        """The cached tables for ``trump`` (a ``Trump``, or its number)."""
        return _tables(self, _trump_checked("tables", trump))


#: the matador tokens that stand for a rank of the trump suit
_MATADOR_RANKS = {"trump_seven": Rank.SEVEN, "trump_two": Rank.TWO}


@functools.cache
def _matador_cards(ranking: Ranking, trump: int) -> tuple[Card, ...]:
    if trump == Trump.NONE:
        return tuple(Card[name] for name in ranking.no_trump_matadors)
    names = ranking.matadors
    if ranking.red_matadors is not None and not Suit(trump).is_black:
        names = ranking.red_matadors
    return tuple(Card.of(Suit(trump), _MATADOR_RANKS[name]) if name in _MATADOR_RANKS
                 else Card[name] for name in names)


@functools.cache
def _tables(ranking: Ranking, trump: int) -> TrumpTables:
    matadors = ranking.matador_cards(trump)
    suit_of: list[int] = []
    power: list[int] = []
    for card in Card:
        red = not card.suit.is_black
        order = (ranking.no_trump_order if trump == Trump.NONE
                 else ranking.red_plain_order if red and ranking.red_plain_order is not None
                 else ranking.plain_order)
        # a rank the order lacks is a card of another pack (a 6 in the 32-card pack): no power
        position = len(order) - order.index(card.rank) if card.rank in order else 0
        if card in matadors:
            suit_of.append(TRUMP)
            power.append(200 - matadors.index(card))
        elif card.suit == trump:
            suit_of.append(TRUMP)
            first = red and card.rank == ranking.red_trump_first
            power.append(100 + (len(order) + 1 if first else position))
        else:
            suit_of.append(card.suit)
            power.append(position)
    trump_mask = sum(1 << c for c in Card if suit_of[c] == TRUMP)
    suit_masks = tuple(sum(1 << c for c in Card if suit_of[c] == s) for s in range(4))
    matador_mask = 0
    for card in matadors:
        matador_mask |= 1 << card
    return TrumpTables(trump, tuple(suit_of), tuple(power), trump_mask, tuple(suit_masks),
                       matador_mask)


def _trump_checked(where: str, trump: object) -> int:
    """``trump`` if it is a ``Trump`` (or its number 0..4), else a ``TypeError``."""
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= Trump.NONE:
        raise TypeError(f"{where}: trump must be a Trump, got {type(trump).__name__}")
    return trump
