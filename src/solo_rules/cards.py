"""Cards, card sets and packs of the German Solo family (DOSSIER §1.1, §1.2; ADDENDUM §A2f).

A card is an int inside: the 32-card pack's ``A K Q J 10 9 8 7`` are ``suit * 8 + rank``
(0..31), so a hand of that pack is a 32-bit mask; the five low ranks of Quadrille's forty-card
pack, ``6 5 4 3 2``, follow as 32..51 (``32 + suit * 5``), so no 32-card id changes. ``Card`` is
an ``IntEnum`` over those ints: cheap to hash and compare, with a readable name (``Card.CQ``).
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
    "CARD_IDS",
    "PIQUET_IDS",
    "PIQUET_RANKS",
    "SUIT_MASKS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_ids",
    "card_range",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "piquet_pack",
    "quadrille_pack",
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
    """Ranks in natural order, highest first: A K Q J 10 9 8 7 (DOSSIER §1.4, AMB-49), then the
    ranks of the forty-card pack below the seven, 6 5 4 3 2 (S-HOY p. 262)."""

    ACE = 0
    KING = 1
    QUEEN = 2
    JACK = 3
    TEN = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7
    SIX = 8
    FIVE = 9
    FOUR = 10
    THREE = 11
    TWO = 12

    @property
    def letter(self) -> str:
        """The rank letter used in card text: A K Q J T 9 8 7 6 5 4 3 2."""
        return "AKQJT98765432"[self]

    @property
    def german(self) -> str:
        """The German-suited name: Ass, König, Ober, Unter, Zehn ... Sieben, Sechs ... Zwei."""
        return ("Ass", "König", "Ober", "Unter", "Zehn", "Neun", "Acht", "Sieben", "Sechs",
                "Fünf", "Vier", "Drei", "Zwei")[self]


class Card(enum.IntEnum):
    """One card: ``suit * 8 + rank`` for the 32-card pack's ranks, ``32 + suit * 5 + (rank -
    SIX)`` for the forty-card pack's 6 5 4 3 2."""

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
    C6 = 32
    C5 = 33
    C4 = 34
    C3 = 35
    C2 = 36
    S6 = 37
    S5 = 38
    S4 = 39
    S3 = 40
    S2 = 41
    H6 = 42
    H5 = 43
    H4 = 44
    H3 = 45
    H2 = 46
    D6 = 47
    D5 = 48
    D4 = 49
    D3 = 50
    D2 = 51

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The card of that suit and rank."""
        return _CARDS[suit * 8 + rank if rank < Rank.SIX else 32 + suit * 5 + rank - Rank.SIX]

    @property
    def suit(self) -> Suit:
        """The printed suit (not the effective suit under a contract, see ``ranking``)."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        """The printed rank."""
        return _RANK_OF[self]

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
#: how many card ids there are (0..51), and how many the 32-card pack uses (0..31)
CARD_IDS = len(_CARDS)
PIQUET_IDS = 32
#: the ranks of the 32-card pack, highest first: A K Q J 10 9 8 7
PIQUET_RANKS: tuple[Rank, ...] = _RANKS[:8]
_SUIT_OF: tuple[Suit, ...] = tuple(
    _SUITS[card >> 3] if card < PIQUET_IDS else _SUITS[(card - PIQUET_IDS) // 5]
    for card in range(CARD_IDS))
_RANK_OF: tuple[Rank, ...] = tuple(
    _RANKS[card & 7] if card < PIQUET_IDS else _RANKS[Rank.SIX + (card - PIQUET_IDS) % 5]
    for card in range(CARD_IDS))
#: per suit, the mask of its cards: a byte of the 32-card ids and five of the low ranks
SUIT_MASKS: tuple[int, ...] = tuple(0xFF << 8 * suit | 0x1F << PIQUET_IDS + 5 * suit
                                    for suit in range(4))
_ALL_IDS = (1 << CARD_IDS) - 1

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
    "6": Rank.SIX, "sechs": Rank.SIX, "six": Rank.SIX,
    "5": Rank.FIVE, "fünf": Rank.FIVE, "fuenf": Rank.FIVE, "five": Rank.FIVE,
    "4": Rank.FOUR, "vier": Rank.FOUR, "four": Rank.FOUR,
    "3": Rank.THREE, "drei": Rank.THREE, "three": Rank.THREE,
    "2": Rank.TWO, "zwei": Rank.TWO, "two": Rank.TWO, "deuce": Rank.TWO,
}
_SHORT = re.compile(r"^(♣|♠|♥|♡|♦|♢|[cshdegr])(10|[akqjot98765432u])$")
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
                "then the rank (A K Q J T/10 9 8 7, or 6 to 2), like CQ, S7, HA or D10"
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
    """An immutable set of cards as a mask, one bit per card id; iterates in card order (♣A
    first; a 32-card pack's ♦7 last)."""

    mask: int = attrs.field(default=0)

    @mask.validator
    def _is_mask(self, _attribute: object, mask: int) -> None:
        if type(mask) is not int or not 0 <= mask <= _ALL_IDS:
            _check_mask(mask)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of the given cards (ids 0..51)."""
        if not isinstance(cards, Iterable) or isinstance(cards, str | bytes):
            raise TypeError(f"CardSet.of: cards must be an iterable of card ids, got "
                            f"{type(cards).__name__}")
        mask = 0
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int):
                raise TypeError(f"CardSet.of: cards must be card ids 0..{CARD_IDS - 1}, got "
                                f"{type(card).__name__}")
            if not 0 <= card < CARD_IDS:
                raise CardParseError(f"{card} is not a card id 0..{CARD_IDS - 1}")
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
        return isinstance(card, int) and 0 <= card < CARD_IDS and bool(self.mask >> card & 1)

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
        return CardSet(self.mask & SUIT_MASKS[suit])


#: Per byte position and byte value, the card ids of that byte's bits, ascending (read by
#: ``card_ids``, and by the play rule inline: a legal play is listed on every card); bytes 4
#: to 6 hold the forty-card pack's low ranks.
BYTE_IDS = tuple(tuple(tuple(8 * position + bit for bit in range(8) if value >> bit & 1)
                        for value in range(256)) for position in range(7))


def card_ids(mask: int) -> tuple[int, ...]:
    """The card ids of ``mask``, ascending: a table look-up per byte instead of a loop over
    the bits, on the engine's hot path (legal plays)."""
    low, mid, high, top, *wide = BYTE_IDS
    ids = (low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF]
           + top[mask >> 24 & 0xFF])
    if mask >> PIQUET_IDS:
        ids += (wide[0][mask >> 32 & 0xFF] + wide[1][mask >> 40 & 0xFF]
                + wide[2][mask >> 48 & 0xFF])
    return ids


def card_range(pack: int) -> tuple[Card, ...]:
    """Every card the actions of a variant with ``pack`` range over: the 32-card ids, or all
    of them when the pack has a card below the seven (Quadrille's forty)."""
    return _CARDS if pack >> PIQUET_IDS else _CARDS[:PIQUET_IDS]


def _check_mask(mask: object) -> None:
    """The slow path of the mask check: an int subclass in range passes; a non-int (or a bool)
    is a ``TypeError``, a number outside the card ids' bits a ``CardParseError``."""
    if not isinstance(mask, int) or isinstance(mask, bool):
        raise TypeError(f"a CardSet mask is an int, got {type(mask).__name__} {mask!r:.60}")
    if 0 <= mask <= _ALL_IDS:
        return
    raise CardParseError(f"a CardSet mask is {CARD_IDS} bits (0..{_ALL_IDS:#x}), one per card "
                         f"id; got {mask}")


def piquet_pack(remove: Iterable[int] = ()) -> CardSet:
    """The 32-card pack, less the given cards (24-card Münsterland and Heart Solo packs, 30-card
    six-hand pack: DOSSIER §1.1)."""
    if not isinstance(remove, Iterable) or isinstance(remove, str | bytes):
        raise TypeError(f"piquet_pack: remove must be an iterable of card ids, got "
                        f"{type(remove).__name__}")
    return CardSet((1 << PIQUET_IDS) - 1) - CardSet.of(remove)


def quadrille_pack() -> CardSet:
    """The forty-card pack of Quadrille, A K Q J 7 6 5 4 3 2 in each suit: "the four tens,
    nines, and eights, are discarded from the pack" [S-HOY p. 262]."""
    return CardSet(sum(1 << Card.of(suit, rank) for suit in _SUITS for rank in _RANKS
                       if rank not in (Rank.TEN, Rank.NINE, Rank.EIGHT)))
