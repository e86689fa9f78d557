"""Actions: structured, hashable values with a stable int id and one text grammar.

An ``Action`` is a kind with the fields that kind uses (a card, a suit, a contract, Tout, a
bid), the way python-chess has ``Move``: ``parse_action`` reads text into those fields and
``Action.text`` prints them back. One grammar serves every variant (``docs/actions.md``):

==================================  ===========  ============================================
text                                id           fields
==================================  ===========  ============================================
``play CQ``                         0..31        ``card`` (the id is the card)
``call SA``                         32..63       ``card``
``trump H``                         64..67       ``suit``
a word: ``pass``, ``hold``, ...     68..99       the word is the ``kind``
``bid NAME``                        100 + k      ``bid`` (its name), ``suit`` of ``@S``
``declare CONTRACT [SUIT] [tout]``  1000 + ...   ``contract``, ``suit``, ``tout``
``demand SA``                       2000..2031   ``card`` (the Mediateur exchange)
``return H7``                       2032..2063   ``card``; ``return face down`` (2064) is how
                                                 the others see it: ``card`` is ``None``
``play C6`` ... ``return D2``       3000..3079   a card of the forty-card pack's 6 5 4 3 2
                                                 (ids 32..51): ``play`` 3000 + card - 32,
                                                 ``call`` 3020 +, ``demand`` 3040 +,
                                                 ``return`` 3060 +
==================================  ===========  ============================================

Words are contributed by the rule modules that use them (``Word``), each with a fixed id, so a
new decision needs no change here. ``ActionSpace`` holds one variant's actions by id and by
their parsed fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from solo_rules.cards import PIQUET_IDS, Card, Suit, card_ids, parse_card, parse_suit
from solo_rules.errors import ActionParseError, CardParseError, shown

__all__ = [
    "BID_BASE",
    "CALL_BASE",
    "DECLARE_BASE",
    "DEMAND_BASE",
    "PASS",
    "RETURN_BASE",
    "TRUMP_BASE",
    "WIDE_BASE",
    "WORD_IDS",
    "Action",
    "ActionKey",
    "ActionSpace",
    "Word",
    "action_card",
    "call_id",
    "parse_action",
    "play_card",
    "play_ids",
]

CALL_BASE = 32
TRUMP_BASE = 64
#: Ids a ``Word`` may take.
WORD_IDS = range(68, 100)
BID_BASE = 100
DECLARE_BASE = 1000
DEMAND_BASE = 2000
#: ``return CARD`` is ``RETURN_BASE + card``; ``RETURN_BASE + 32`` is a return seen face down
RETURN_BASE = 2032
#: the card kinds' ids for a card below the seven (ids 32..51), 20 a kind in ``_CARD_KINDS``
#: order, after every other id, so that no 32-card action's id moves
WIDE_BASE = 3000

#: The kinds whose actions carry a card; ``return`` may carry none (seen face down).
_CARD_KINDS = ("play", "call", "demand", "return")
#: The kinds whose actions carry fields; any other kind is a word.
_FIELD_KINDS = (*_CARD_KINDS, "trump", "bid", "declare")
#: The text of a card given back face down, as the seats that do not see it read it.
_FACE_DOWN = "face down"

#: (kind, card, suit, contract, tout, bid): what text names, without a variant's ids.
ActionKey = tuple[str, Card | None, Suit | None, str | None, bool, str | None]


@attrs.frozen
class Word:
    """A fixed action word that a rule module contributes: its text, its id (fixed, so it is
    the same in every variant that uses it), other accepted spellings, and the phrase the
    commentary uses for it (``passes``, ``asks "Helfer?"``)."""

    text: str
    id: int = attrs.field()
    aliases: tuple[str, ...] = ()
    note: str = ""

    @id.validator
    def _in_range(self, _attribute: object, value: int) -> None:
        if value not in WORD_IDS:
            raise ValueError(f"word {self.text!r}: id {value} is outside {WORD_IDS.start}.."
                             f"{WORD_IDS.stop - 1}")

    def __attrs_post_init__(self) -> None:
        if self.text.split()[0] in _FIELD_KINDS or self.text != " ".join(self.text.split()):
            raise ValueError(f"word {self.text!r}: a word is lower-case text that does not "
                             f"begin with {', '.join(_FIELD_KINDS)}")


#: The word every variant has: pass in the auction, or decline an offered decision.
PASS = Word("pass", 68, ("weg",), "passes")


@attrs.frozen(slots=True, repr=False, order=False)
class Action:
    """One action of a variant. Equal and hashed by id; ``str()`` and ``text`` print it in the
    grammar that ``parse_action`` reads. Bots read its fields, never its text."""

    id: int
    kind: str = attrs.field(eq=False)
    card: Card | None = attrs.field(default=None, eq=False)
    suit: Suit | None = attrs.field(default=None, eq=False)
    contract: str | None = attrs.field(default=None, eq=False)
    tout: bool = attrs.field(default=False, eq=False)
    bid: str | None = attrs.field(default=None, eq=False)
    #: the bid's position in the variant's list, lowest first
    level: int | None = attrs.field(default=None, eq=False)
    text: str = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "text", _print(self.key))

    @classmethod
    def play(cls, card: Card) -> Action:
        """Play ``card`` to the trick."""
        return cls(_card_id(0, 0, card), "play", card=card)

    @classmethod
    def call(cls, card: Card) -> Action:
        """Call ``card``: its holder becomes the declarer's partner."""
        return cls(_card_id(1, CALL_BASE, card), "call", card=card)

    @classmethod
    def trump(cls, suit: Suit) -> Action:
        """Name ``suit`` as trumps."""
        return cls(TRUMP_BASE + suit, "trump", suit=suit)

    @classmethod
    def demand(cls, card: Card) -> Action:
        """Demand ``card`` from the seat that holds it (the Mediateur exchange)."""
        return cls(_card_id(2, DEMAND_BASE, card), "demand", card=card)

    @classmethod
    def give_back(cls, card: Card | None) -> Action:
        """Give ``card`` back face down in exchange; ``None``: the same, as a seat that does
        not see the card reads it (``return face down``)."""
        return cls(RETURN_BASE + PIQUET_IDS if card is None else _card_id(3, RETURN_BASE, card),
                   "return", card=card)

    @classmethod
    def word(cls, word: Word) -> Action:
        """The action of a fixed word."""
        return cls(word.id, word.text)

    @classmethod
    def make_bid(cls, level: int, name: str) -> Action:
        """The variant's ``level``-th bid, named ``name`` (``frage@C``: the suit after ``@``)."""
        _, _, letter = name.partition("@")
        suit = parse_suit(letter) if letter else None
        return cls(BID_BASE + level, "bid", suit=suit, bid=name, level=level)

    @classmethod
    def declare(cls, aid: int, contract: str, suit: Suit | None, tout: bool) -> Action:
        """Declare ``contract``, naming ``suit`` (``None``: the declaration names none) and
        Tout or not; the id is the contract ladder's."""
        return cls(aid, "declare", suit=suit, contract=contract, tout=tout)

    @property
    def key(self) -> ActionKey:
        """What the text names, without the variant's id."""
        return self.kind, self.card, self.suit, self.contract, self.tout, self.bid

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action(id={self.id}, text={self.text!r})"

    def __lt__(self, other: Action) -> bool:
        return self.id < other.id


def _card_id(kind: int, base: int, card: int) -> int:
    """The id of the ``kind``-th card kind's action on ``card``: ``base + card`` for the
    32-card ids, after ``WIDE_BASE`` for the forty-card pack's low ranks."""
    return base + card if card < PIQUET_IDS else WIDE_BASE + 20 * kind + card - PIQUET_IDS


def play_card(aid: int) -> int:
    """The card a play action id plays (``Action.play``'s inverse)."""
    return aid if aid < WIDE_BASE else aid - WIDE_BASE + PIQUET_IDS


def call_id(card: int) -> int:
    """The id of ``call CARD`` (``Action.call(card).id``, without building the action)."""
    return _card_id(1, CALL_BASE, card)


def action_card(aid: int) -> Card:
    """The card of a ``play``, ``call``, ``demand`` or ``return`` action id."""
    if aid >= WIDE_BASE:
        return Card(PIQUET_IDS + (aid - WIDE_BASE) % 20)
    return Card(aid - next(base for base in (RETURN_BASE, DEMAND_BASE, CALL_BASE, 0)
                           if aid >= base))


def play_ids(mask: int) -> tuple[int, ...]:
    """The play action ids of the cards of ``mask``, ascending by card (``card_ids``: the
    32-card ids are their own play ids)."""
    ids = card_ids(mask)
    return tuple([_card_id(0, 0, card) for card in ids]) if mask >> PIQUET_IDS else ids


def _print(key: ActionKey) -> str:
    """The one printer: the text of an action's fields."""
    kind, card, suit, contract, tout, bid = key
    if kind in _CARD_KINDS:
        if card is None:
            return f"{kind} {_FACE_DOWN}"
        return f"{kind} {card.name}"
    if kind == "trump":
        assert suit is not None
        return f"trump {suit.letter}"
    if kind == "bid":
        return f"bid {bid}"
    if kind == "declare":
        words = ["declare", str(contract)]
        if suit is not None:
            words.append(suit.letter)
        if tout:
            words.append("tout")
        return " ".join(words)
    return kind


def parse_action(text: str, aliases: Mapping[str, str] = MappingProxyType({})) -> ActionKey:
    """The one parser: the fields ``text`` names. Cards and suits may be written in any
    spelling ``parse_card`` and ``parse_suit`` read (``play D10``, ``trump karo``, ``declare
    solo ♥ tout``, ``bid frage@clubs``); a word is looked up in ``aliases`` first."""
    if not isinstance(text, str):
        raise TypeError(f"action text must be a string, got {type(text).__name__} "
                        f"{text!r:.60}")
    words = text.split()
    if not words:
        raise ActionParseError("empty action text: write an action like 'play CQ' or 'pass'")
    kind = words[0].lower()
    rest = words[1:]
    try:
        if kind == "return" and " ".join(rest).lower() == _FACE_DOWN:
            return kind, None, None, None, False, None
        if kind in _CARD_KINDS and len(rest) == 1:
            return kind, parse_card(rest[0]), None, None, False, None
        if kind == "trump" and len(rest) == 1:
            return kind, None, parse_suit(rest[0]), None, False, None
        if kind == "bid" and rest:
            name, at, letter = "".join(rest).lower().partition("@")
            bid_suit = parse_suit(letter) if at else None
            if bid_suit is not None:
                name = f"{name}@{bid_suit.letter}"
            return kind, None, bid_suit, None, False, name
        if kind == "declare" and rest:
            tout = rest[-1].lower() == "tout"
            if tout:
                rest = rest[:-1]
            if not rest or len(rest) > 2:
                raise ActionParseError(f"cannot read action {shown(text)}: write 'declare CONTRACT "
                                       "[SUIT] [tout]', like 'declare solo H tout'")
            suit_of = parse_suit(rest[1]) if len(rest) == 2 else None
            return kind, None, suit_of, rest[0].lower(), tout, None
    except CardParseError as exc:
        raise ActionParseError(f"cannot read action {shown(text)}: {exc}") from None
    if kind in _FIELD_KINDS:
        raise ActionParseError(f"cannot read action {shown(text)}: '{kind}' takes "
                               + {"play": "one card, like 'play CQ'",
                                  "call": "one card, like 'call SA'",
                                  "demand": "one card, like 'demand SA'",
                                  "return": "one card, like 'return H7'",
                                  "trump": "one suit, like 'trump H'",
                                  "bid": "a bid's name, like 'bid frage'",
                                  "declare": "a contract, like 'declare solo H'"}[kind])
    phrase = " ".join(word.lower() for word in words)
    return aliases.get(phrase, phrase), None, None, None, False, None


@attrs.frozen
class ActionSpace:
    """Every action of a variant, by id and by the fields its text names."""

    by_id: Mapping[int, Action]
    by_key: Mapping[ActionKey, Action]
    aliases: Mapping[str, str]
    notes: Mapping[str, str]

    @classmethod
    def build(cls, actions: Iterable[Action], words: Iterable[Word]) -> ActionSpace:
        """Index ``actions`` and the spellings of ``words``; raise ``ValueError`` when two
        actions share an id or a text (two modules contributing one id to different words)."""
        by_id: dict[int, Action] = {}
        by_key: dict[ActionKey, Action] = {}
        for action in sorted(actions):
            known = by_id.get(action.id)
            if known is not None and known.text != action.text:
                raise ValueError(f"action id {action.id} is both {known.text!r} and "
                                 f"{action.text!r}")
            if by_key.get(action.key, action).id != action.id:
                raise ValueError(f"two actions are written {action.text!r}")
            by_id[action.id] = by_key[action.key] = action
        words = list(words)
        aliases = {alias: word.text for word in words for alias in word.aliases}
        notes = {word.text: word.note for word in words}
        return cls(MappingProxyType(by_id), MappingProxyType(by_key),
                   MappingProxyType(aliases), MappingProxyType(notes))

    def text_of(self, aid: int) -> str:
        """The text of an action id (or a placeholder for an unknown id)."""
        action = self.by_id.get(aid)
        return action.text if action else f"<action {aid}>"

    def parse(self, text: str) -> Action:
        """The action of this variant written as ``text`` (raises ``ActionParseError``, and
        ``TypeError`` for anything but text)."""
        action = self.by_key.get(parse_action(text, self.aliases))
        if action is None:
            known = sorted({a.text.split()[0] for a in self.by_id.values()})
            raise ActionParseError(
                f"unknown action {shown(text)}; actions start with one of: {', '.join(known)}"
                " (for example 'play CQ', 'bid frage', 'declare solo H')")
        return action

    def note(self, action: Action) -> str:
        """The commentary phrase of a word (``declines``), or ``''``."""
        return self.notes.get(action.kind, "")
