"""Cards, card sets and packs of the German Solo family (DOSSIER §1.1, §1.2).

A card is an int 0..31 inside (``suit * 8 + rank``), so a hand is a 32-bit mask. ``Card`` is an
``IntEnum`` over those ints: cheap to hash and compare, with a readable name (``Card.CQ``).
Text is written suit first with French letters (``CQ``, ``S7``, ``HA``, ``DT`` or ``D10``);
German names (``Eichel-Ober``), German suit letters (``EO``) and the symbols ♣♠♥♦ parse too.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from typing import NoReturn

import attrs

from solo_rules.errors import CardParseError, shown

__all__ = [
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_ids",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "piquet_pack",
]


class Suit(enum.IntEnum):
    """The four suits; clubs = Acorns (Eichel), spades = Leaves (Grün) (DOSSIER §1.2)."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        """The French letter used in card text: C, S, H, D."""
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol ♣♠♥♦."""
        return "♣♠♥♦"[self]

    @property
    def german(self) -> str:
        """The German-suited name: Eichel, Grün, Rot, Schellen."""
        return ("Eichel", "Grün", "Rot", "Schellen")[self]

    @property
    def is_black(self) -> bool:
        """Clubs and spades are black; their queens are the permanent matadors."""
        return self <= Suit.SPADES


class Rank(enum.IntEnum):
    """Ranks in natural order, highest first: A K Q J 10 9 8 7 (DOSSIER §1.4, AMB-49)."""

    ACE = 0
    KING = 1
    QUEEN = 2
    JACK = 3
    TEN = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    @property
    def letter(self) -> str:
        """The rank letter used in card text: A K Q J T 9 8 7."""
        return "AKQJT987"[self]

    @property
    def german(self) -> str:
        """The German-suited name: Ass, König, Ober, Unter, Zehn, Neun, Acht, Sieben."""
        return ("Ass", "König", "Ober", "Unter", "Zehn", "Neun", "Acht", "Sieben")[self]


class Card(enum.IntEnum):
    """One of the 32 cards; the value is ``suit * 8 + rank``."""

    CA = 0
    CK = 1
    CQ = 2
    CJ = 3
    CT = 4
    C9 = 5
    C8 = 6
    C7 = 7
    SA = 8
    SK = 9
    SQ = 10
    SJ = 11
    ST = 12
    S9 = 13
    S8 = 14
    S7 = 15
    HA = 16
    HK = 17
    HQ = 18
    HJ = 19
    HT = 20
    H9 = 21
    H8 = 22
    H7 = 23
    DA = 24
    DK = 25
    DQ = 26
    DJ = 27
    DT = 28
    D9 = 29
    D8 = 30
    D7 = 31

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The card of that suit and rank."""
        return cls(suit * 8 + rank)

    @property
    def suit(self) -> Suit:
        """The printed suit (not the effective suit under a contract, see ``ranking``)."""
        return _SUITS[self >> 3]

    @property
    def rank(self) -> Rank:
        """The printed rank."""
        return _RANKS[self & 7]

    @property
    def symbol_text(self) -> str:
        """Display text with a suit symbol and 10 spelled out: ``♣Q``, ``♦10``."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return f"{self.suit.symbol}{rank}"

    @property
    def german_name(self) -> str:
        """German-suited display name: ``Eichel-Ober``."""
        return f"{self.suit.german}-{self.rank.german}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.{self.name}"


#: The members by value: a tuple index in place of ``Card(n)``'s enum lookup, which bots and
#: views do for every card they look at.
_CARDS: tuple[Card, ...] = tuple(Card)
_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANKS: tuple[Rank, ...] = tuple(Rank)

_SUIT_WORDS: dict[str, Suit] = {
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "e": Suit.CLUBS, "clubs": Suit.CLUBS,
    "eichel": Suit.CLUBS, "acorns": Suit.CLUBS, "kreuz": Suit.CLUBS,
    "s": Suit.SPADES, "♠": Suit.SPADES, "g": Suit.SPADES, "spades": Suit.SPADES,
    "grün": Suit.SPADES, "gruen": Suit.SPADES, "leaves": Suit.SPADES, "pik": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS, "r": Suit.HEARTS,
    "hearts": Suit.HEARTS, "rot": Suit.HEARTS, "herz": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS,
    "schellen": Suit.DIAMONDS, "bells": Suit.DIAMONDS, "karo": Suit.DIAMONDS,
}
_RANK_WORDS: dict[str, Rank] = {
    "a": Rank.ACE, "ass": Rank.ACE, "daus": Rank.ACE, "ace": Rank.ACE,
    "k": Rank.KING, "könig": Rank.KING, "koenig": Rank.KING, "king": Rank.KING,
    "q": Rank.QUEEN, "o": Rank.QUEEN, "ober": Rank.QUEEN, "queen": Rank.QUEEN, "dame": Rank.QUEEN,
    "j": Rank.JACK, "u": Rank.JACK, "unter": Rank.JACK, "jack": Rank.JACK, "bube": Rank.JACK,
    "t": Rank.TEN, "10": Rank.TEN, "zehn": Rank.TEN, "ten": Rank.TEN,
    "9": Rank.NINE, "neun": Rank.NINE, "nine": Rank.NINE,
    "8": Rank.EIGHT, "acht": Rank.EIGHT, "eight": Rank.EIGHT,
    "7": Rank.SEVEN, "sieben": Rank.SEVEN, "seven": Rank.SEVEN,
}
_SHORT = re.compile(r"^(♣|♠|♥|♡|♦|♢|[cshdegr])(10|[akqjot987u])$")
_WORDS = re.compile(r"^([^\s\-]+)[\s\-]+([^\s\-]+)$")
_PARSE_CACHE: dict[str, Card] = {}
#: The most texts ``parse_card`` remembers (every spelling of every card fits many times over),
#: and the longest it remembers (``Eichel-Ober`` is 11): padded texts are parsed, not kept.
_PARSE_CACHE_SIZE = 4096
_PARSE_CACHE_TEXT = 24


def parse_card(text: str) -> Card:
    """Parse one card: ``CQ``, ``d10``, ``♣Q``, ``EO`` (Eichel-Ober) or ``Eichel-Ober``.

    German letters are E G R S for the suits (so ``S`` is read as spades, the French letter)
    and O U for Ober and Unter. Raises ``CardParseError`` naming the text and the reason, and
    ``TypeError`` for anything but text.
    """
    cached = _PARSE_CACHE.get(text) if isinstance(text, str) else _not_text("a card", text)
    if cached is not None:
        return cached
    key = text.strip().lower()
    if not key:
        raise CardParseError(f"empty card text {shown(text)}: write a card like CQ, S7, HA or D10")
    match = _SHORT.match(key)
    if match:
        suit, rank = _SUIT_WORDS[match.group(1)], _RANK_WORDS[match.group(2)]
    else:
        words = _WORDS.match(key)
        if not words or words.group(1) not in _SUIT_WORDS or words.group(2) not in _RANK_WORDS:
            raise CardParseError(
                f"cannot read card {shown(text)}: write the suit first (C S H D or ♣♠♥♦), "
                "then the rank (A K Q J T/10 9 8 7), like CQ, S7, HA or D10"
            )
        suit, rank = _SUIT_WORDS[words.group(1)], _RANK_WORDS[words.group(2)]
    card = Card.of(suit, rank)
    if len(_PARSE_CACHE) < _PARSE_CACHE_SIZE and len(text) <= _PARSE_CACHE_TEXT:
        _PARSE_CACHE[text] = card
    return card


def _not_text(what: str, value: object) -> NoReturn:
    raise TypeError(f"{what} is read from text (str), got {type(value).__name__} {value!r:.60}")


def parse_suit(text: str) -> Suit:
    """Parse one suit: a letter (``C S H D``, German ``E G R``), a symbol (``♣ ♠ ♥ ♡ ♦ ♢``) or
    a name (``hearts``, ``karo``, ``Eichel``). Raises ``CardParseError`` naming the text."""
    suit = _SUIT_WORDS.get(text.strip().lower()) if isinstance(text, str) else _not_text(
        "a suit", text)
    if suit is None:
        raise CardParseError(f"cannot read suit {shown(text)}: write C S H D, a symbol ♣♠♥♦, or a "
                             "name like hearts or karo")
    return suit


def parse_cards(text: str) -> CardSet:
    """Parse cards separated by spaces or commas into a ``CardSet``; duplicates are an error."""
    if not isinstance(text, str):
        _not_text("a set of cards", text)
    mask = 0
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        card = parse_card(token)
        if mask >> card & 1:
            raise CardParseError(f"card {card.name} appears twice in {shown(text)}")
        mask |= 1 << card
    return CardSet(mask)


@attrs.frozen(slots=True)
class CardSet:
    """An immutable set of cards as a 32-bit mask; iterates in card order (♣A first, ♦7 last)."""

    mask: int = attrs.field(default=0)

    @mask.validator
    def _is_mask(self, _attribute: object, mask: int) -> None:
        if type(mask) is not int or not 0 <= mask <= 0xFFFFFFFF:
            _check_mask(mask)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of the given cards (ids 0..31)."""
        if not isinstance(cards, Iterable) or isinstance(cards, str | bytes):
            raise TypeError(f"CardSet.of: cards must be an iterable of card ids, got "
                            f"{type(cards).__name__}")
        mask = 0
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int):
                raise TypeError(f"CardSet.of: cards must be card ids 0..31, got "
                                f"{type(card).__name__}")
            if not 0 <= card < 32:
                raise CardParseError(f"{card} is not a card id 0..31")
            mask |= 1 << card
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield _CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __str__(self) -> str:
        return " ".join(card.name for card in self)

    def __repr__(self) -> str:
        """The cards as text, ``<CardSet CA CK CQ>`` (``parse_cards("CA CK CQ")``), not the
        mask (``.mask``)."""
        return f"<CardSet {self or 'empty'}>"

    def symbols(self) -> str:
        """Display text with suit symbols: ``♣Q ♠7 ♥A``."""
        return " ".join(card.symbol_text for card in self)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one printed suit."""
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit < 4:
            raise TypeError(f"of_suit: suit must be a Suit, got {type(suit).__name__}")
        return CardSet(self.mask & (0xFF << (8 * suit)))


#: Per byte position and byte value, the card ids of that byte's bits, ascending (read by
#: ``card_ids``, and by the play rule inline: a legal play is listed on every card).
BYTE_IDS = tuple(tuple(tuple(8 * position + bit for bit in range(8) if value >> bit & 1)
                        for value in range(256)) for position in range(4))


def card_ids(mask: int) -> tuple[int, ...]:
    """The card ids of a 32-bit ``mask``, ascending: four table look-ups instead of a loop
    over the bits, on the engine's hot path (legal plays)."""
    low, mid, high, top = BYTE_IDS
    return (low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF]
            + top[mask >> 24 & 0xFF])


def _check_mask(mask: object) -> None:
    """The slow path of the mask check: an int subclass in range passes; a non-int (or a bool)
    is a ``TypeError``, a number outside 32 bits a ``CardParseError``."""
    if not isinstance(mask, int) or isinstance(mask, bool):
        raise TypeError(f"a CardSet mask is an int, got {type(mask).__name__} {mask!r:.60}")
    if 0 <= mask <= 0xFFFFFFFF:
        return
    raise CardParseError(f"a CardSet mask is 32 bits (0..0xFFFFFFFF), one per card; got {mask}")


def piquet_pack(remove: Iterable[int] = ()) -> CardSet:
    """The 32-card pack, less the given cards (24-card Münsterland and Heart Solo packs, 30-card
    six-hand pack: DOSSIER §1.1)."""
    if not isinstance(remove, Iterable) or isinstance(remove, str | bytes):
        raise TypeError(f"piquet_pack: remove must be an iterable of card ids, got "
                        f"{type(remove).__name__}")
    return CardSet((1 << 32) - 1) - CardSet.of(remove)
