"""The immutable game state and the data it is made of: frozen values, no rules.

A hand runs deal -> auction -> declaration (contract, called card, trumps named by the partner)
-> play (with early-end decisions) -> scoring and settlement. ``GameState`` holds one moment of
it and asks its rule set (the ``RuleSet`` protocol, compiled from a variant by
``solo_rules.game``) what is legal and what follows; nothing here knows a rule. States are
small (ints and tuples, hands as 32-bit masks) and share the compiled rule set, whose tables
(``RuleCore``) and per-transition dispatch over them are declared here, below the rule
modules, so that the accelerator can type both.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable
from operator import itemgetter
from pathlib import Path
from typing import Any, Protocol, SupportsIndex, cast

import attrs

from solo_rules.actions import Action, ActionSpace
from solo_rules.cards import Card, CardSet, Suit
from solo_rules.errors import ActionParseError, IllegalActionError, InvalidStateError
from solo_rules.ranking import Trump
from solo_rules.variant import Variant

try:
    import cython

    #: whether this module runs compiled (the accelerator, ``state.pxd``): the switch between
    #: the two ways ``build_state`` makes a frozen state (Cython reads ``cython.compiled`` as
    #: true when it compiles the module; its pure-Python shadow module says false)
    COMPILED: bool = cython.compiled
except ImportError:  # Cython is not installed: pure Python
    COMPILED = False

__all__ = [
    "Contract",
    "Flags",
    "FrozenValue",
    "GameState",
    "HandRecord",
    "Outcome",
    "Phase",
    "PlayerView",
    "RuleCore",
    "RuleSet",
    "Trick",
    "build_outcome",
    "build_state",
    "build_trick",
    "construct_with",
    "dealt_mask",
    "replace",
    "replace_contract",
]


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


#: ``Phase.END`` read once: an enum member looked up on its class costs several times a global
#: (``EnumType.__getattr__`` puts every class attribute through a slow hook), and the loop asks
#: on every transition whether the hand is over
_END: str = Phase.END


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

    # A test such as ``state.flags & Flags.STOPPED`` runs on every trick: done by ``int``, it
    # gives a plain int (truthy exactly when the flag is set) in a fifth of ``IntFlag``'s
    # time; typeshed types it as ``Flags``, hence the ignores. ``|`` and ``~`` give ``Flags``.
    __and__ = int.__and__  # type: ignore[assignment]
    __rand__ = int.__and__  # type: ignore[assignment]


class FrozenValue:
    """What ``@attrs.frozen`` gives a value class, for the classes written by hand so that the
    accelerator can compile them as extension types (``Contract``, the auction's
    ``HoldState``): equality and hash by the fields (the class's ``_values`` gets them, in
    order), attrs' ``repr`` (of the fields its ``__attrs_attrs__`` shows) and pickling. A
    subclass refuses ``__setattr__`` and ``__delattr__`` itself, as its mutable twin (see
    ``mutable_twin``), which derives from this class too, must not. (``GameState`` has these
    methods of its own: the compiled build keeps a free list of states, which Cython allows
    only on a class without an extension base.)"""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _values_of(self)
        return values(self) == values(other)

    def __hash__(self) -> int:
        return hash(_values_of(self)(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{field.name}={getattr(self, field.name)!r}"
                          for field in attrs.fields(cast(Any, type(self))) if field.repr)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return type(self), _values_of(self)(self)


def _values_of(value: FrozenValue) -> Callable[[Any], tuple[Any, ...]]:
    """The getter of a frozen value's fields, in order (its class's ``_values``)."""
    getter: Callable[[Any], tuple[Any, ...]] = type(value)._values  # type: ignore[attr-defined]
    return getter


#: The fields of ``Contract``, in order: its constructor's parameters (the last five have
#: defaults), its equality, hash, ``repr`` and pickle.
_CONTRACT_FIELDS = ("kind", "index", "declarer", "trump", "tout", "called", "partner",
                    "trump_bound", "co_declarers")


@attrs.frozen
class _ContractFields:
    """``Contract``'s fields as attrs declares them (types and defaults): what
    ``attrs.fields(Contract)`` gives, and what ``attrs.evolve`` and the record's converter read."""

    kind: str
    index: int
    declarer: int | None
    trump: Trump | None
    tout: bool = False
    called: Card | None = None
    partner: int | None = None
    trump_bound: Suit | None = None
    co_declarers: tuple[int, ...] = ()


# ``Contract`` is written by hand, as ``GameState`` is and for the same reason: the accelerator
# compiles it as an extension type (``state.pxd``) whose fields the compiled rule modules read
# as C members (a hand reads them over a hundred times). It keeps attrs' frozen value semantics.
class Contract(FrozenValue):
    """The contract in play. ``partner`` is the engine's knowledge, hidden from views until
    ``GameState.partner_revealed``; ``None`` when there is no partner (or a self-call).
    ``declarer`` is ``None`` for a contract that everyone plays for himself (S-FOS Heart Solo
    when all pass). ``trump`` is ``None`` until the partner names it; ``trump_bound`` is the
    suit he must then name (a preferred-level Grossfrage, AMB-07)."""

    __slots__ = _CONTRACT_FIELDS
    __attrs_attrs__ = attrs.fields(attrs.resolve_types(_ContractFields))
    _values = operator.attrgetter(*_CONTRACT_FIELDS)

    kind: str
    index: int
    declarer: int | None
    trump: Trump | None
    tout: bool
    called: Card | None
    partner: int | None
    trump_bound: Suit | None
    #: further declarers of the same contract, each playing alone (Niese joint Kickers, AMB-33)
    co_declarers: tuple[int, ...]

    # The compiled build's constructor, storing into the C fields. Pure Python replaces it by
    # ``_build_contract`` (``construct_with``): a frozen instance cannot store into itself.
    def __init__(self, kind: str, index: int, declarer: int | None, trump: Trump | None,
                 tout: bool = False, called: Card | None = None, partner: int | None = None,
                 trump_bound: Suit | None = None, co_declarers: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.index = index
        self.declarer = declarer
        self.trump = trump
        self.tout = tout
        self.called = called
        self.partner = partner
        self.trump_bound = trump_bound
        self.co_declarers = co_declarers

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    @property
    def declarers(self) -> tuple[int, ...]:
        """Every seat that declared this contract: the declarer, then any co-declarers."""
        if self.declarer is None:
            return ()
        return (self.declarer, *self.co_declarers)


@attrs.frozen
class _TrickFields:
    """``Trick``'s fields as attrs declares them: what ``attrs.fields(Trick)`` gives."""

    leader: int
    cards: tuple[int, ...]
    winner: int


_TRICK_FIELDS = ("leader", "cards", "winner")


# Written by hand on ``FrozenValue``, as ``Contract`` is: compiled, an extension type that the
# play builds (``build_trick``) and the scoring reads (``dealt_mask``) as C members.
class Trick(FrozenValue):
    """A completed trick: who led, the cards in playing order, and who won it. One per trick
    played, built by ``build_trick``."""

    __slots__ = _TRICK_FIELDS
    __attrs_attrs__ = attrs.fields(attrs.resolve_types(_TrickFields))
    _values = operator.attrgetter(*_TRICK_FIELDS)

    leader: int
    cards: tuple[int, ...]
    winner: int

    # The compiled build's constructor, storing into the C fields. Pure Python replaces it by
    # ``build_trick`` (below): a frozen instance cannot store into itself.
    def __init__(self, leader: int, cards: tuple[int, ...], winner: int) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def players(self, players: int) -> tuple[int, ...]:
        """The seats in playing order at a clockwise table where every seat plays (else
        ``GameState.in_turn``, which follows the variant's direction)."""
        return tuple((self.leader + i) % players for i in range(len(self.cards)))


# No ``__weakref__`` slot, as ``GameState``: ``build_outcome`` builds one by a class swap.
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


# No ``__weakref__`` slot, as ``GameState``: ``solo_rules.view`` builds a view by a class swap.
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
    #: each phase's legal ids and its apply, bound once: the dispatch is one look-up
    _legal_of: dict[str, Callable[[Any, GameState], tuple[int, ...]]]
    _apply_of: dict[str, Callable[[Any, GameState, int, tuple[tuple[int, int], ...]],
                                  GameState]]
    #: the stage owning each phase (``slots.Stage``), asked for a state not just listed
    stages: dict[str, Any]
    #: the actions by id (an id no action has holds ``None``, never read)
    _action_table: tuple[Action, ...]
    #: the last state whose legal ids were asked for, and its ids: ``apply`` checks the
    #: action a player just chose from them without computing them again (one tuple,
    #: replaced whole, so threads sharing the rule set read a consistent pair)
    _last_legal: tuple[GameState | None, tuple[int, ...]]

    @property
    def variant(self) -> Variant: ...

    @property
    def actions(self) -> ActionSpace: ...

    def legal_ids(self, state: GameState) -> tuple[int, ...]: ...

    def is_legal(self, state: GameState, aid: int) -> bool: ...

    def legal_actions(self, state: GameState) -> tuple[Action, ...]: ...

    def action_of(self, aid: int) -> Action | None: ...

    def apply_legal(self, state: GameState, aid: int) -> GameState | None:
        """The state after ``aid`` if it is legal in ``state``, else ``None``."""
        ...

    def apply_chosen(self, state: GameState, action: object) -> GameState | None:
        """The state after ``action`` when it is a legal choice from the legal set just
        computed for ``state``, else ``None`` (then ``apply`` checks it in full)."""
        ...

    def refusal(self, state: GameState, aid: int) -> tuple[str, str]: ...

    def apply_id(self, state: GameState, aid: int) -> GameState: ...

    def outcome(self, state: GameState) -> Outcome: ...

    def view(self, state: GameState, seat: int) -> PlayerView: ...

    def contract_text(self, contract: Contract) -> str: ...

    def sitting_out(self, state: GameState) -> int:
        """The seats (a mask) that sit this hand out (S-NIE five-hand)."""
        ...

    def record(self, state: GameState, seed: int | None) -> HandRecord:
        """The game record of the hand that led to ``state``."""
        ...



class RuleCore:
    """The part of a compiled rule set that the loop and the rule modules read on every
    transition: the sizes, the seat and trump tables, each slot's module and the phase
    dispatch (``solo_rules.game.CompiledRules`` fills it; ``slots.Rules`` types it). It is
    declared here, below every rule module, so that the accelerator can make it a C struct
    (``state.pxd``) that a compiled module reads by C member access."""

    __slots__ = ("_action_table", "_after", "_apply_of", "_contract_defs", "_last_legal",
                 "_legal_of", "auction", "contracts", "deal_rules", "early_end", "hand_size",
                 "next_seat", "pack", "partner", "play", "players", "ranking", "scoring",
                 "seated", "settlement", "stages", "trump_tables", "turn_orders",
                 "turn_positions")

    players: int
    seated: int
    #: ``slots.DealRules`` and ``ContractDef`` by id: the rule layer above types them
    deal_rules: Any
    _contract_defs: dict[str, Any]

    # Two questions the rule modules ask many times a hand; methods here so that a compiled
    # module calls them in C (``state.pxd``).

    def contract_def(self, contract_id: str) -> Any:
        """The contract definition (a ``ContractDef``) by id."""
        return self._contract_defs[contract_id]

    def sitting_out(self, state: GameState) -> int:
        """The seats (a mask) that sit this hand out: none unless the deal rule says so."""
        if self.seated == self.players:
            return 0
        out: int = self.deal_rules.sitting_out(state)
        return out


# The loop's phase dispatch, read on every transition: module functions over a ``RuleCore``
# that ``CompiledRules`` binds as its methods and ``GameState`` calls directly (compiled, a C
# call: ``state.pxd`` types the rule set and the state as their C types).

def _legal_ids(self: RuleSet, state: GameState) -> tuple[int, ...]:
    """The legal action ids in ``state``, ascending."""
    legal_of = self._legal_of
    legal = legal_of.get(state.phase)
    ids = () if legal is None else legal(self, state)
    self._last_legal = (state, ids)
    return ids


def _legal_actions(self: RuleSet, state: GameState) -> tuple[Action, ...]:
    """The legal actions in ``state``, by ascending id (its legal ids, as ``legal_ids``)."""
    legal_of = self._legal_of
    legal = legal_of.get(state.phase)
    ids = () if legal is None else legal(self, state)
    self._last_legal = (state, ids)
    table = self._action_table
    if COMPILED:  # a loop in C; pure Python's fastest is one ``itemgetter`` call
        return tuple([table[aid] for aid in ids])
    if len(ids) > 1:
        actions: tuple[Action, ...] = itemgetter(*ids)(table)
        return actions
    return (table[ids[0]],) if ids else ()


def _apply_legal(self: RuleSet, state: GameState, aid: int) -> GameState | None:
    """The state after ``aid`` when it is legal in ``state`` (checked as ``is_legal``
    does), else ``None``: the checked ``apply`` in one call."""
    apply_of = self._apply_of
    apply = apply_of.get(state.phase)
    if apply is None:
        return None
    last, ids = self._last_legal
    if not (aid in ids if last is state else self.stages[state.phase].is_legal(self, state,
                                                                                aid)):
        return None
    return apply(self, state, aid, state.history + ((state.player, aid),))


def _apply_chosen(self: RuleSet, state: GameState, action: object) -> GameState | None:
    """The state after ``action`` when it is one of this variant's own actions (the very
    object ``legal_actions`` gave) or an id, and legal in ``state`` by the legal set just
    computed for it; else ``None``, and ``GameState.apply`` takes its general path. The
    checked ``apply`` of a player choosing from ``legal_actions()``, in one call."""
    last, ids = self._last_legal
    if last is not state:
        return None
    if type(action) is Action:
        aid = action.id
        if aid not in ids or self._action_table[aid] is not action:
            return None
    elif type(action) is int and action in ids:
        aid = action
    else:
        return None
    return self._apply_of[state.phase](self, state, aid,
                                       state.history + ((state.player, aid),))


def _is_legal(self: RuleSet, state: GameState, aid: int) -> bool:
    """Whether ``aid`` is legal in ``state`` (from its legal ids, if just computed)."""
    last, ids = self._last_legal
    if last is state:
        return aid in ids
    stage = self.stages.get(state.phase)
    return stage is not None and stage.is_legal(self, state, aid)


def _apply_id(self: RuleSet, state: GameState, aid: int) -> GameState:
    """The state after the legal action ``aid``."""
    apply_of = self._apply_of
    apply = apply_of.get(state.phase)
    if apply is None:
        raise InvalidStateError("the hand is over")
    return apply(self, state, aid, state.history + ((state.player, aid),))


#: The fields of ``GameState``, in order: its constructor's parameters, its equality, hash,
#: ``repr`` and pickle, and ``attrs.fields(GameState)``.
_FIELDS = ("rules", "phase", "player", "dealer", "hands", "history", "auction", "contract",
           "trick", "leader", "tricks", "won", "flags", "dealt")


# ``GameState`` is written by hand, not by attrs: the accelerator compiles it as a C extension
# type (``state.pxd`` gives its fields C slots, and the compiled rule modules read them as C
# fields), which attrs cannot decorate. It keeps attrs' frozen value semantics: immutable
# (``FrozenInstanceError``), equal and hashed by its 14 fields, attrs' ``repr``, pickled by
# ``__reduce__``, and ``attrs.fields``/``attrs.evolve`` work on it (``__attrs_attrs__``).
# The rule modules build states with ``build_state``; ``GameState(...)`` is the same call.
# No ``__weakref__`` slot: pure Python builds a state by a class swap (``build_state``).
class GameState:
    """One moment of a hand. Build it with ``new_game``; move with ``apply``. ``phase`` names
    the phase (a ``Phase``, or a phase a rule module adds); ``auction`` is the auction
    module's own record, which the declaration reads."""

    __slots__ = _FIELDS
    #: what ``attrs.fields(GameState)`` gives (and ``attrs.evolve`` reads)
    __attrs_attrs__ = attrs.fields(attrs.make_class("GameState", _FIELDS, frozen=True))

    rules: RuleSet
    phase: str
    player: int
    dealer: int
    hands: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    auction: object
    contract: Contract | None
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    flags: Flags
    #: the hands as dealt, one mask per seat (what ``new_game`` was given or drew): a rule of
    #: the deal (the five-hand purchase, AMB-38) may move cards between seats before play
    dealt: tuple[int, ...]

    # The compiled build's constructor, storing into the C fields. Pure Python replaces it by
    # ``build_state`` (below the class): a frozen instance cannot store into itself.
    def __init__(self, rules: RuleSet, phase: str, player: int, dealer: int,
                 hands: tuple[int, ...], history: tuple[tuple[int, int], ...], auction: object,
                 contract: Contract | None, trick: tuple[int, ...], leader: int,
                 tricks: tuple[Trick, ...], won: tuple[int, ...], flags: Flags,
                 dealt: tuple[int, ...]) -> None:
        self.rules = rules
        self.phase = phase
        self.player = player
        self.dealer = dealer
        self.hands = hands
        self.history = history
        self.auction = auction
        self.contract = contract
        self.trick = trick
        self.leader = leader
        self.tricks = tricks
        self.won = won
        self.flags = flags
        self.dealt = dealt

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _ALL_FIELDS(self) == _ALL_FIELDS(other)

    def __hash__(self) -> int:
        return hash(_ALL_FIELDS(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(_FIELDS, _ALL_FIELDS(self),
                                                                       strict=True))
        return f"GameState({fields})"

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return GameState, _ALL_FIELDS(self)

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
        return None if self.phase == _END else self.player

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.phase == _END

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
        return _legal_actions(self.rules, self)

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
        after = _apply_chosen(rules, self, action)  # the common case: a legal choice, just listed
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
        elif type(action) is int:
            aid = action
        else:
            raise TypeError(f"apply takes an Action, its text or its int id, got "
                            f"{type(action).__name__} {action!r:.60}")
        if self.phase == _END:
            raise IllegalActionError("the hand is over: no action is legal", "game_over")
        after = _apply_legal(rules, self, aid)
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
        return _apply_id(self.rules, self, action if isinstance(action, int) else action.id)

    def outcome(self) -> Outcome:
        """The result of the finished hand (raises ``InvalidStateError`` before the end)."""
        if self.phase != _END:
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

    def __str__(self) -> str:
        contract = self.contract
        lines = [f"{self.variant.id}: {self.phase}, dealer {self.dealer}"]
        if contract is not None:
            lines.append(f"contract: {self.rules.contract_text(contract)}")
        for seat in range(len(self.hands)):
            lines.append(f"  seat {seat}: {CardSet(self.hands[seat]).symbols()}")
        return "\n".join(lines)


_ALL_FIELDS = operator.attrgetter(*_FIELDS)
_new_object = object.__new__


def mutable_twin(cls: type) -> type:
    """A plain class with the slots and the bases of the frozen class ``cls`` (so that an
    instance's class can be swapped for ``cls``): a builder fills a twin field by field and
    then swaps its class to ``cls`` (as ``build_state`` does in pure Python), about a third
    of the cost of a frozen ``__init__``."""
    return type(f"_{cls.__name__}Twin", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})


_Twin = mutable_twin(GameState)
_TrickTwin = mutable_twin(Trick)
_OutcomeTwin = mutable_twin(Outcome)
_ContractTwin = mutable_twin(Contract)


def build_state(rules: RuleSet, phase: str, player: int, dealer: int, hands: tuple[int, ...],
                history: tuple[tuple[int, int], ...], auction: object, contract: Contract | None,
                trick: tuple[int, ...], leader: int, tricks: tuple[Trick, ...],
                won: tuple[int, ...], flags: Flags, dealt: tuple[int, ...]) -> GameState:
    """The state of these fields, as ``GameState(...)`` builds it but as a plain call: the rule
    modules build one on every transition. Pure Python fills a mutable twin of the same slots
    and swaps its class (a frozen state cannot store into itself); the compiled build stores
    into the C fields of a new extension object (``state.pxd``)."""
    state: Any = GameState.__new__(GameState) if COMPILED else _new_object(_Twin)
    state.rules = rules
    state.phase = phase
    state.player = player
    state.dealer = dealer
    state.hands = hands
    state.history = history
    state.auction = auction
    state.contract = contract
    state.trick = trick
    state.leader = leader
    state.tricks = tricks
    state.won = won
    state.flags = flags
    state.dealt = dealt
    if not COMPILED:
        state.__class__ = GameState
    return state  # type: ignore[no-any-return]  # (no ``cast``: a call on every state)


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


def build_trick(leader: int, cards: tuple[int, ...], winner: int) -> Trick:
    """``Trick(...)`` as a plain call, as ``build_state`` builds a state (the play builds one
    at every trick's end)."""
    trick: Any = Trick.__new__(Trick) if COMPILED else _new_object(_TrickTwin)
    trick.leader = leader
    trick.cards = cards
    trick.winner = winner
    if not COMPILED:
        trick.__class__ = Trick
    return trick  # type: ignore[no-any-return]


def build_outcome(contract: Contract | None, declarer: int | None, partner: int | None,
                  party_tricks: int, defender_tricks: int, made: bool, scores: tuple[int, ...],
                  breakdown: tuple[tuple[str, int], ...], note: str = "",
                  joint: tuple[tuple[int, bool], ...] = ()) -> Outcome:
    """``Outcome(...)`` as a plain call, as ``build_state`` builds a state: a mutable twin filled
    and its class swapped, about a third of the cost of the frozen ``__init__`` (the
    settlement builds one at every hand's end)."""
    outcome: Any = _new_object(_OutcomeTwin)
    outcome.contract = contract
    outcome.declarer = declarer
    outcome.partner = partner
    outcome.party_tricks = party_tricks
    outcome.defender_tricks = defender_tricks
    outcome.made = made
    outcome.scores = scores
    outcome.breakdown = breakdown
    outcome.note = note
    outcome.joint = joint
    outcome.__class__ = Outcome
    return outcome  # type: ignore[no-any-return]


def _build_contract(kind: str, index: int, declarer: int | None, trump: Trump | None,
                    tout: bool = False, called: Card | None = None, partner: int | None = None,
                    trump_bound: Suit | None = None,
                    co_declarers: tuple[int, ...] = ()) -> Contract:
    """``Contract(...)`` in pure Python: a mutable twin filled and its class swapped."""
    contract: Any = _new_object(_ContractTwin)
    contract.kind = kind
    contract.index = index
    contract.declarer = declarer
    contract.trump = trump
    contract.tout = tout
    contract.called = called
    contract.partner = partner
    contract.trump_bound = trump_bound
    contract.co_declarers = co_declarers
    contract.__class__ = Contract
    return contract  # type: ignore[no-any-return]


def construct_with(cls: type[Any], build: Callable[..., Any]) -> None:
    """Let ``cls(...)`` call ``build(...)`` (pure Python): a frozen instance cannot store into
    itself, so the class's ``__init__``, which stores into the C fields of the compiled
    build, gives way to a builder that fills a mutable twin and swaps its class. The one
    difference of construction between the builds (see ``COMPILED``)."""
    def new(_cls: type[Any], *fields: Any, **named: Any) -> Any:
        return build(*fields, **named)

    cls.__new__ = staticmethod(new)  # type: ignore[assignment]
    del cls.__init__


if not COMPILED:
    construct_with(GameState, build_state)
    construct_with(Contract, _build_contract)
    construct_with(Trick, build_trick)


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


def replace(state: GameState, **changes: Any) -> GameState:
    """``state`` with some fields changed: ``attrs.evolve`` without its generic machinery (on
    the engine's hot path: an auction's or a hand's end, a phase entered). An unknown field
    is a ``TypeError``."""
    return _replaced(state, changes)


def replace_contract(contract: Contract, **changes: Any) -> Contract:
    """``contract`` with some fields changed, as ``attrs.evolve`` changes it (which mypy's
    attrs plugin does not know to take a hand-written class). An unknown field is a
    ``TypeError``."""
    return Contract(**{**dict(zip(_CONTRACT_FIELDS, Contract._values(contract), strict=True)),
                       **changes})


def _replaced(state: GameState, changes: dict[str, Any]) -> GameState:
    """``replace``'s work, typed by the accelerator (``state.pxd``): each field is the change
    named for it, else the state's own, read as a C member when compiled."""
    after = build_state(changes.pop("rules", state.rules), changes.pop("phase", state.phase),
                        changes.pop("player", state.player), changes.pop("dealer", state.dealer),
                        changes.pop("hands", state.hands), changes.pop("history", state.history),
                        changes.pop("auction", state.auction),
                        changes.pop("contract", state.contract),
                        changes.pop("trick", state.trick), changes.pop("leader", state.leader),
                        changes.pop("tricks", state.tricks), changes.pop("won", state.won),
                        changes.pop("flags", state.flags), changes.pop("dealt", state.dealt))
    if changes:
        raise TypeError(f"GameState has no field {next(iter(changes))!r}")
    return after
