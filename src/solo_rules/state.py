"""The immutable game state and the data it is made of: frozen values, no rules.

A hand runs deal -> auction -> declaration (contract, called card, trumps named by the partner)
-> play (with early-end decisions) -> scoring and settlement. ``GameState`` holds one moment of
it and asks its rule set (the ``RuleSet`` protocol, compiled from a variant by
``solo_rules.game``) what is legal and what follows; nothing here knows a rule. States are
small (ints and tuples, hands as 32-bit masks) and share the compiled rule set.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, ParamSpec, Protocol, SupportsIndex, TypeVar, cast

import attrs

from solo_rules.actions import Action, ActionSpace
from solo_rules.cards import Card, CardSet, Suit
from solo_rules.errors import ActionParseError, IllegalActionError, InvalidStateError, integer
from solo_rules.ranking import Trump
from solo_rules.variant import Variant

__all__ = [
    "Contract",
    "Effect",
    "Flags",
    "GameState",
    "HandRecord",
    "Memories",
    "Memory",
    "Outcome",
    "Payment",
    "Phase",
    "PlayerView",
    "RuleSet",
    "Trick",
    "build_contract",
    "build_outcome",
    "build_state",
    "build_trick",
    "builder",
    "dealt_mask",
    "replace",
]

P = ParamSpec("P")
V = TypeVar("V")
T = TypeVar("T")


class Phase(enum.StrEnum):
    """The phases of a hand that the standard rule modules own, in order. A module may add
    its own phase (any other string); ``GameState.phase`` is the name of the current one."""

    #: the cards are dealt; a state passes through it to the first phase that applies
    DEAL = "deal"
    AUCTION = "auction"
    DECLARE = "declare"
    CALL = "call"
    TRUMP = "trump"
    PLAY = "play"
    DECIDE = "decide"
    END = "end"


class Flags(enum.IntFlag):
    """Facts about a hand in progress, kept in ``GameState.flags``."""

    NONE = 0
    #: the partner is publicly known (called card played, "Hier!", trumps named by him)
    REVEALED = 1
    #: the party stopped after the first tricks (prime / First)
    STOPPED = 2
    #: the party went on for all the tricks
    CONTINUED = 4
    #: "Helfer?" was asked
    ASKED = 8

    # A test such as ``state.flags & Flags.STOPPED`` runs on every trick: ``int``'s ``&``
    # gives a plain int (truthy exactly when the flag is set) without ``enum``'s Python code;
    # typeshed types it as ``Flags``, hence the ignores. ``|`` and ``~`` give ``Flags``.
    __and__ = int.__and__  # type: ignore[assignment]
    __rand__ = int.__and__  # type: ignore[assignment]


#: ``GameState.memory``: each remembering module's key with its value, in the order first kept.
Memories = tuple[tuple["Memory[Any]", Any], ...]


@attrs.frozen(slots=True, weakref_slot=False, eq=False)
class Memory(Generic[T]):
    """The key to one rule module's own remembered value on a state (``GameState.memory``):
    the module reads it with ``of`` and replaces it with ``kept``, and nothing else does; a
    state holds no key of a module its variant does not use. ``seen_by`` says what each seat
    may see of it (its view's ``memory``): nothing, unless a subclass says otherwise. One key
    per name, made once where its module is defined: a pickled key is that key again."""

    #: the value's name in a state's and a view's ``memory``
    name: str

    def __attrs_post_init__(self) -> None:
        if _KEYS.setdefault(self.name, self) is not self:
            raise ValueError(f"a Memory key named {self.name!r} exists already")

    def __reduce__(self) -> tuple[object, ...]:
        return (_key_named, (self.name,))

    def of(self, state: GameState) -> T | None:
        """The value kept in ``state``, or ``None`` before the module kept one."""
        for key, value in state.memory:
            if key is self:
                found: T = value
                return found
        return None

    def kept(self, memory: Memories, value: T) -> Memories:
        """``memory`` (a state's) with this module's value replaced by ``value``."""
        last = len(memory) - 1
        if last >= 0 and memory[last][0] is self:  # kept last (the auction's, turn by turn)
            return ((self, value),) if last == 0 else (*memory[:last], (self, value))
        for n, (key, _) in enumerate(memory):
            if key is self:
                return (*memory[:n], (self, value), *memory[n + 1:])
        return (*memory, (self, value))

    def seen_by(self, value: T, seat: int, state: GameState) -> object:
        """What ``seat`` may see of ``value`` in ``state``, as plain data for its view (text,
        numbers, tuples of them; ``None``: nothing)."""
        return None


#: every ``Memory`` key by name (one each): what an unpickled key is found by
_KEYS: dict[str, Memory[Any]] = {}


def _key_named(name: str) -> Memory[Any]:
    return _KEYS[name]


def builder(cls: Callable[P, V]) -> Callable[P, V]:
    """A function that builds the frozen attrs class ``cls`` from its fields (by position or
    name, with its defaults) as ``cls(...)`` does, for the values the engine builds in every
    hand: it fills a mutable twin of the class's slots and swaps its class, where the frozen
    ``__init__`` stores each field through ``object.__setattr__``; ``replace`` then changes a
    field of such a value through it.

    The function's code is generated from ``attrs.fields(cls)``, as attrs generates
    ``__init__``; a field with a validator or a converter is refused (the builder would skip it).
    """
    frozen = cast(type, cls)
    twin = type(f"_{frozen.__name__}Twin", frozen.__bases__,
                {"__slots__": frozen.__dict__["__slots__"]})
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": frozen,
                                 "_missing": attrs.NOTHING}
    parameters, lines, pops = [], [], []
    for field in attrs.fields(frozen):
        name = field.name
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"builder({frozen.__name__}): field {name!r} has a validator or a "
                            "converter, which the builder would skip")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            namespace[f"_factory_{name}"] = field.default.factory
            parameters.append(f"{name}=_missing")
            lines.append(f"    if {name} is _missing:\n        {name} = _factory_{name}()\n")
        elif field.default is attrs.NOTHING:
            parameters.append(name)
        else:
            namespace[f"_default_{name}"] = field.default
            parameters.append(f"{name}=_default_{name}")
        lines.append(f"    value.{name} = {name}\n")
        pops.append(f"pop({name!r}, value.{name})")
    source = (f"def build({', '.join(parameters)}):\n    value = _new(_twin)\n{''.join(lines)}"
              "    value.__class__ = _cls\n    return value\n\n"
              f"def replaced(value, changes):\n    pop = changes.pop\n"
              f"    return build({', '.join(pops)})\n")
    exec(compile(source, f"<builder of {frozen.__qualname__}>", "exec"), namespace)
    build: Callable[P, V] = namespace["build"]
    build.__doc__ = f"``{frozen.__name__}(...)``, built without the frozen ``__init__``."
    _REPLACED[frozen] = namespace["replaced"]
    return build


#: for each class that has a builder, the work of ``replace``: the builder called with each
#: field of a value, or the change named for it (popped from the changes)
_REPLACED: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def replace(value: V, **changes: Any) -> V:
    """``value`` with some fields changed, as ``attrs.evolve`` changes it but through the
    value's ``builder`` (a state at each phase's end, a contract when its partner is called).
    An unknown field is a ``TypeError``."""
    after: V = _REPLACED[type(value)](value, changes)
    if changes:
        raise TypeError(f"{type(value).__name__} has no field {next(iter(changes))!r}")
    return after


@attrs.frozen(slots=True, weakref_slot=False)
class Contract:
    """The contract in play. ``partner`` is the engine's knowledge, hidden from views until
    ``GameState.partner_revealed``; ``None`` when there is no partner (or a self-call).
    ``declarer`` is ``None`` for a contract that everyone plays for himself (S-FOS Heart Solo
    when all pass). ``trump`` is ``None`` until the partner names it; ``trump_bound`` is the
    suit he must then name (a preferred-level Grossfrage, AMB-07)."""

    kind: str
    index: int
    declarer: int | None
    trump: Trump | None
    tout: bool = False
    called: Card | None = None
    partner: int | None = None
    trump_bound: Suit | None = None
    #: further declarers of the same contract, each playing alone (Niese joint Kickers, AMB-33)
    co_declarers: tuple[int, ...] = ()

    @property
    def declarers(self) -> tuple[int, ...]:
        """Every seat that declared this contract: the declarer, then any co-declarers."""
        if self.declarer is None:
            return ()
        return (self.declarer, *self.co_declarers)


def _cards_text(cards: tuple[int, ...]) -> str:
    """Cards by their text in a ``repr``: ``('CQ', 'SA')``, not card numbers."""
    return repr(tuple(_CARD_NAMES[card] for card in cards))


_CARD_NAMES = tuple(card.name for card in Card)


@attrs.frozen(slots=True, weakref_slot=False)
class Trick:
    """A completed trick: who led, the cards in playing order, and who won it."""

    leader: int
    cards: tuple[int, ...] = attrs.field(repr=_cards_text)
    winner: int

    def players(self, players: int) -> tuple[int, ...]:
        """The seats in playing order at a clockwise table where every seat plays (else
        ``GameState.in_turn``, which follows the variant's direction)."""
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise TypeError(f"Trick.players: players must be a number of seats (an int >= 1), got "
                            f"{type(players).__name__} {players!r:.20}")
        return tuple((self.leader + i) % players for i in range(len(self.cards)))


@attrs.frozen(slots=True, weakref_slot=False)
class Payment:
    """A payment between seats made outside the hand's value (the five-hand purchase, the
    Mediateur's fish, a module's own), by the rule that makes it: ``amounts`` is each seat's
    change, in points as the settlement counts them; ``note`` says it in words."""

    name: str
    amounts: tuple[int, ...]
    note: str


@attrs.frozen
class Effect:
    """What a rule module's decisions do to a finished hand's settlement, by name: its value
    multiplied by ``multiplier`` (a part of ``Outcome.breakdown`` under ``name``), and
    ``payments`` between seats, in score units, one per seat (none: ``()``)."""

    name: str
    multiplier: int = 1
    payments: tuple[int, ...] = ()
    note: str = ""


@attrs.frozen(slots=True, weakref_slot=False)
class Outcome:
    """The result of a finished hand: contract, parties, tricks, and the score per seat with a
    breakdown of named components (each signed as applied to the declarer)."""

    contract: Contract | None
    declarer: int | None
    partner: int | None
    party_tricks: int
    defender_tricks: int
    made: bool
    scores: tuple[int, ...]
    breakdown: tuple[tuple[str, int], ...]
    note: str = ""
    #: per declarer of a joint contract (``Contract.co_declarers``): (seat, made)
    joint: tuple[tuple[int, bool], ...] = ()
    #: the payments made outside the hand's value, included in ``scores`` (``note`` words them)
    payments: tuple[Payment, ...] = ()


@attrs.frozen(slots=True, weakref_slot=False)
class PlayerView:
    """The information of ``seat``: enough to choose any of its actions, and nothing more
    (``solo_rules.view`` builds it)."""

    seat: int
    players: int
    dealer: int
    phase: str
    current_player: int | None
    hand: CardSet
    history: tuple[tuple[int, Action], ...]
    contract_kind: str | None
    declarer: int | None
    trump: Trump | None
    called: Card | None
    tout: bool
    partner: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    legal_actions: tuple[Action, ...]
    #: unplayed cards of other seats that lie face up by rule (``ContractDef.shows``: the Niese
    #: Ladies' queens, the Bronco's hand, AMB-34); never any other hidden card
    exposed: CardSet = attrs.field(factory=CardSet)
    #: the seats that sit this hand out and take no turn (S-NIE five-hand)
    sitting_out: tuple[int, ...] = ()
    #: the cards this seat was dealt and saw (``GameState.dealt``): its hand and the cards it
    #: played, except where a rule of the deal moved cards (S-NIE five-hand: the dealer's look
    #: at three cards, the seller's five), which it still remembers
    dealt: CardSet = attrs.field(factory=CardSet)
    #: the seats that declared the contract besides ``declarer``, each playing alone (S-NIE
    #: joint Kickers, AMB-33): public, as ``Contract.co_declarers``
    co_declarers: tuple[int, ...] = ()
    #: what this seat may see of the values rule modules remember (``Memory.seen_by``), by
    #: name: empty unless a module shows it something
    memory: tuple[tuple[str, Any], ...] = ()


class HandRecord(Protocol):
    """What ``GameState.to_record`` gives: a ``solo_rules.GameRecord``, which the record layer
    defines above this one (``record_of`` returns the same record typed as ``GameRecord``)."""

    def to_json(self) -> str: ...

    def to_yaml(self) -> str: ...

    def save(self, path: str | Path) -> None: ...


class RuleSet(Protocol):
    """What a state asks of the rule set it is played under (``solo_rules.game`` compiles it
    from a variant): the actions, what is legal, what follows, why a refused action is
    refused, the result, and each seat's view."""

    #: for each seat, every seat in turn from it, in the direction of play (AMB-14)
    turn_orders: tuple[tuple[int, ...], ...]
    #: ``turn_orders`` inverted: ``turn_positions[first][seat]`` is the place of ``seat`` in
    #: turn from ``first`` (0 for ``first`` itself)
    turn_positions: tuple[tuple[int, ...], ...]

    @property
    def variant(self) -> Variant: ...

    @property
    def actions(self) -> ActionSpace: ...

    def legal_ids(self, state: GameState) -> tuple[int, ...]: ...

    def legal_actions(self, state: GameState) -> tuple[Action, ...]: ...

    def is_legal(self, state: GameState, aid: int) -> bool: ...

    def action_of(self, aid: int) -> Action | None: ...

    def apply_legal(self, state: GameState, aid: int) -> GameState | None:
        """The state after ``aid`` if it is legal in ``state``, else ``None``."""
        ...

    def apply_chosen(self, state: GameState, action: object) -> GameState | None:
        """The state after ``action`` when it is a legal choice from the legal set just
        computed for ``state``, else ``None`` (then ``apply`` checks it in full)."""
        ...

    def apply_id(self, state: GameState, aid: int) -> GameState: ...

    def refusal(self, state: GameState, aid: int) -> tuple[str, str]: ...

    def outcome(self, state: GameState) -> Outcome: ...

    def view(self, state: GameState, seat: int) -> PlayerView: ...

    def contract_text(self, contract: Contract) -> str: ...

    def sitting_out(self, state: GameState) -> int:
        """The seats (a mask) that sit this hand out (S-NIE five-hand)."""
        ...

    def record(self, state: GameState, seed: int | None) -> HandRecord:
        """The game record of the hand that led to ``state``."""
        ...


@attrs.frozen(slots=True, weakref_slot=False)
class GameState:
    """One moment of a hand. Build it with ``new_game``; move with ``apply``. ``phase`` names
    the phase (a ``Phase``, or a phase a rule module adds); ``memory`` holds the values rule
    modules remember, each read and replaced through its module's ``Memory`` key (the
    auction's record, which the declaration reads, among them)."""

    rules: RuleSet
    phase: str
    player: int
    dealer: int
    hands: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    memory: Memories
    contract: Contract | None
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    flags: Flags
    #: the hands as dealt, one mask per seat (what ``new_game`` was given or drew): a rule of
    #: the deal (the five-hand purchase, AMB-38) may move cards between seats before play
    dealt: tuple[int, ...]

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    # -- reading ---------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant this hand is played under."""
        return self.rules.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self.phase == Phase.END else self.player

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.phase == Phase.END

    @property
    def partner_revealed(self) -> bool:
        """Whether the partner's identity is public."""
        return bool(self.flags & Flags.REVEALED)

    @property
    def eldest(self) -> int:
        """The first seat after the dealer in the direction of play."""
        return self.rules.turn_orders[self.dealer][1]

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats that sit this hand out (S-NIE five-hand: the dealer, or the seat that
        sold him its hand); they take no turn."""
        out = self.rules.sitting_out(self)
        return tuple(seat for seat in range(len(self.hands)) if out >> seat & 1)

    def in_turn(self, first: int) -> tuple[int, ...]:
        """The seats that play this hand, in turn from ``first``."""
        if type(first) is not int or not 0 <= first < len(self.hands):
            if isinstance(first, bool) or not hasattr(type(first), "__index__"):
                raise TypeError(f"in_turn: first must be a seat (an int), got "
                                f"{type(first).__name__}")
            first = _seat_index(first, len(self.hands))
        out = self.rules.sitting_out(self)
        order = self.rules.turn_orders[first]
        return _seats_in_turn(order, out) if out else order

    def hand(self, seat: int) -> CardSet:
        """The unplayed cards of ``seat`` (a seat number 0..players-1; no negative index)."""
        hands = self.hands
        if type(seat) is int and 0 <= seat < len(hands):
            return CardSet(hands[seat])
        return CardSet(hands[_seat_index(seat, len(hands))])

    def dealt_hand(self, seat: int) -> CardSet:
        """The cards ``seat`` plays the hand with: its hand plus every card it has played (the
        deal itself, before a purchase moved cards, is ``dealt``)."""
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            seat = _seat_index(seat, len(self.hands))
        return CardSet(dealt_mask(self, seat))

    def party(self) -> tuple[int, ...]:
        """The declarer's side (engine knowledge): the declarer and the partner, if any."""
        contract = self.contract
        if contract is None or contract.declarer is None:
            return ()
        if contract.partner is None:
            return (contract.declarer,)
        return (contract.declarer, contract.partner)

    def party_tricks(self) -> tuple[int, int]:
        """Tricks won so far by the party and by the defenders."""
        contract = self.contract
        if contract is None or contract.declarer is None:
            return 0, len(self.tricks)
        won = self.won
        mine = won[contract.declarer] + (0 if contract.partner is None else won[contract.partner])
        return mine, len(self.tricks) - mine

    # -- moving ----------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, sorted by id; empty exactly when the hand is over."""
        return self.rules.legal_actions(self)

    def action(self, text: str) -> Action:
        """The action of this variant written as ``text`` (raises ``ActionParseError``)."""
        return self.rules.actions.parse(text)

    def apply(self, action: Action | str | int) -> GameState:
        """The state after ``action`` (an ``Action``, its text or its id), checked for legality.

        Raises ``IllegalActionError`` with a reason code and the legal alternatives,
        ``ActionParseError`` for text or an ``Action`` that is not one of this variant's (an
        ``Action`` of another variant is compared by its text, not only its id), and
        ``TypeError`` for anything else.
        """
        rules = self.rules
        after = rules.apply_chosen(self, action)  # the common case: a legal choice, just listed
        if after is not None:
            return after
        if isinstance(action, Action):
            aid = action.id
            known = rules.action_of(aid)
            if known is not action and (known is None or known.text != action.text):
                raise ActionParseError(
                    f"{action.text!r} (id {aid}) is not an action of {self.variant.id}"
                    + ("" if known is None else f": its id {aid} here is {known.text!r}"))
        elif isinstance(action, str):
            aid = rules.actions.parse(action).id
        else:
            number = integer(action)  # an int, or another integer type (numpy.int64)
            if number is None:
                raise TypeError(f"apply takes an Action, its text or its int id, got "
                                f"{type(action).__name__} {action!r:.60}")
            aid = number
        if self.phase == Phase.END:
            raise IllegalActionError("the hand is over: no action is legal", "game_over")
        after = rules.apply_legal(self, aid)
        if after is None:
            texts = [rules.actions.by_id[a].text for a in rules.legal_ids(self)]
            reason, why = rules.refusal(self, aid)
            raise IllegalActionError(
                f"{rules.actions.text_of(aid)!r} is not legal for seat {self.player} in phase "
                f"{self.phase}: {why}; legal: {', '.join(texts)}", reason, texts)
        return after

    def apply_unchecked(self, action: Action | int) -> GameState:
        """The state after a legal ``action``, without the legality check: the fast path for
        rollouts. An illegal action here gives an undefined state."""
        if isinstance(action, Action):
            return self.rules.apply_id(self, action.id)
        number = integer(action)
        if number is None:
            raise TypeError(f"apply_unchecked: action must be an Action or its int id, got "
                            f"{type(action).__name__}")
        return self.rules.apply_id(self, number)

    def outcome(self) -> Outcome:
        """The result of the finished hand (raises ``InvalidStateError`` before the end)."""
        if self.phase != Phase.END:
            raise InvalidStateError("outcome() is only defined once the hand is over")
        return self.rules.outcome(self)

    def to_record(self, seed: int | None = None) -> HandRecord:
        """The game record of the hand so far (finished or not): a ``GameRecord`` to save as
        JSON or YAML and replay. ``seed`` is the seed the hand was dealt from, if it was: a
        state does not keep it."""
        return self.rules.record(self, seed)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: see ``PlayerView``."""
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            seat = _seat_index(seat, len(self.hands))
        return self.rules.view(self, seat)

    def __repr__(self) -> str:
        """Every field, with the rule set as its variant's id, the cards as text and the
        history as action text, where attrs would print masks and ids."""
        text = self.rules.actions.text_of
        fields = {
            "variant": self.rules.variant.id, "phase": str(self.phase), "player": self.player,
            "dealer": self.dealer, "hands": tuple(str(CardSet(mask)) for mask in self.hands),
            "history": tuple((seat, text(aid)) for seat, aid in self.history),
            "memory": {key.name: value for key, value in self.memory},
            "contract": self.contract,
            "trick": tuple(_CARD_NAMES[card] for card in self.trick), "leader": self.leader,
            "tricks": self.tricks, "won": self.won, "flags": self.flags,
            "dealt": tuple(str(CardSet(mask)) for mask in self.dealt)}
        return "GameState(" + ", ".join(f"{name}={value!r}" for name, value in fields.items()) \
            + ")"

    def __str__(self) -> str:
        contract = self.contract
        lines = [f"{self.variant.id}: {self.phase}, dealer {self.dealer}"]
        if contract is not None:
            lines.append(f"contract: {self.rules.contract_text(contract)}")
        for seat in range(len(self.hands)):
            lines.append(f"  seat {seat}: {CardSet(self.hands[seat]).symbols()}")
        return "\n".join(lines)


#: the values the engine builds in every hand, as the rule modules build them: a state on every
#: transition, a trick at each trick's end, a contract once declared, an outcome at the end
build_state = builder(GameState)
build_trick = builder(Trick)
build_contract = builder(Contract)
build_outcome = builder(Outcome)


def dealt_mask(state: GameState, seat: int) -> int:
    """The mask of ``state.dealt_hand(seat)`` for a seat known to be valid, without building
    a ``CardSet``: what scoring reads for the party's matadors or mackers."""
    mask = state.hands[seat]
    out = state.rules.sitting_out(state)
    if not out:  # every seat plays every trick: its card is at its place in turn
        positions = state.rules.turn_positions
        for trick in state.tricks:
            mask |= 1 << trick.cards[positions[trick.leader][seat]]
        offset = positions[state.leader][seat]
        if offset < len(state.trick):
            mask |= 1 << state.trick[offset]
        return mask
    if out >> seat & 1:
        return mask
    # a seat sits out: the seat's place in each trick is its place among the seats in turn
    # from the leader (``in_turn``, from the mask found once rather than asked per trick)
    orders = state.rules.turn_orders
    for trick in state.tricks:
        mask |= 1 << trick.cards[_seats_in_turn(orders[trick.leader], out).index(seat)]
    in_turn = _seats_in_turn(orders[state.leader], out)
    for offset, card in enumerate(state.trick):
        if in_turn[offset] == seat:
            mask |= 1 << card
    return mask


@functools.lru_cache(maxsize=1024)
def _seats_in_turn(order: tuple[int, ...], out: int) -> tuple[int, ...]:
    """The seats of ``order`` not in the mask ``out``, in that order (kept: a hand where a
    seat sits out asks on every card)."""
    return tuple(seat for seat in order if not out >> seat & 1)


def _seat_index(seat: object, players: int) -> int:
    """The slow path of a seat check: an integer of another type (``numpy.int64``) is taken
    by its value; a non-integer (a bool, a float, text) is a ``TypeError``, an int outside
    ``0..players-1`` (negative ones included) an ``InvalidStateError``."""
    if isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
        raise TypeError(f"a seat is an int 0..{players - 1}, got {type(seat).__name__} "
                        f"{seat!r:.60}")
    index = operator.index(cast(SupportsIndex, seat))
    if not 0 <= index < players:
        raise InvalidStateError(f"seat must be 0..{players - 1}, got {index}")
    return index
