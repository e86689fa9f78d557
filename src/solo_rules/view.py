"""Per-seat views: what one seat may know, and nothing more.

A view holds the seat's own hand and the cards it was dealt, every public action, the tricks,
and the contract as the table knows it: the called card, but the partner only once revealed (or
to the partner himself, who knows he holds the called card). It never contains another seat's
unplayed card, except the cards a contract lays face up (``exposed``), nor an action the
contract hides from the seat (``ContractRules.concealed``: a card given back face down, which
it sees as such).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterator
from typing import Any, cast

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet
from solo_rules.rules.slots import Rules
from solo_rules.state import Flags, GameState, Phase, PlayerView, builder

__all__ = ["PlayerView", "build_view", "exposed_cards", "plays", "trick_seats"]

#: every card by its value (``suit * 8 + rank``): a tuple index in place of an enum call
_CARDS: tuple[Card, ...] = tuple(Card)
_NO_CARDS = CardSet()
#: the bit of ``Flags.REVEALED``: shifting a flag gives a plain int, where ``&`` would build a
#: new ``Flags`` through the enum's Python-level constructor
_REVEALED_BIT = Flags.REVEALED.bit_length() - 1
_getitem = operator.getitem
_new_object = object.__new__
#: sets a new ``CardSet``'s mask (its slot), as its frozen ``__init__`` would, without its check
_set_mask = cast(Any, CardSet.__dict__["mask"]).__set__
#: ``PlayerView(...)`` as ``build_view`` builds it, at every decision of a bot
_build = builder(PlayerView)

History = tuple[tuple[int, Action], ...]
Trick = tuple[tuple[int, Card], ...]


class _Shows(dict[str, bool]):
    """Per contract kind, whether it lays any card face up (``ContractDef.shows``): filled on
    first use, so a view of a contract that shows nothing skips ``exposed_cards``."""

    __slots__ = ("rules",)

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, kind: str) -> bool:
        shows = self[kind] = self.rules.contract_def(kind).shows != "none"
        return shows


class _Views:
    """What building views under one rule set reuses, as each view is built from the state
    alone (a cache, never a source): the history and trick entries as a view shows them, the
    last history translated, whether anything is ever hidden, and which contracts lay cards
    face up.

    A bot asks for a view at every decision, and each history is the one before plus an
    action or a few, so it is translated from the last one's by its new entries: the
    translation of an entry depends on nothing else (hiding is applied after)."""

    __slots__ = ("conceals", "entries", "everyone_plays", "last", "led_by", "pairs", "shows")

    def __init__(self, rules: Rules) -> None:
        actions = rules.actions.by_id
        size = max(actions) + 1
        #: per seat, per action id: the history entry ``(seat, Action)`` (``None`` for an id
        #: that is no action of the variant, and so in no history)
        self.entries = cast(tuple[list[tuple[int, Action]], ...], tuple(
            [(seat, actions[aid]) if aid in actions else None for aid in range(size)]
            for seat in range(rules.players)))
        #: per seat, per card: the trick entry ``(seat, Card)``
        self.pairs = tuple(tuple((seat, card) for card in _CARDS)
                           for seat in range(rules.players))
        #: per leader, the rows of ``pairs`` of the seats in turn from him (no one sitting out)
        self.led_by = tuple(tuple(self.pairs[seat] for seat in order)
                            for order in rules.turn_orders)
        #: no seat ever sits out (``Rules.sitting_out`` is then always 0)
        self.everyone_plays = rules.seated == rules.players
        #: the contracts may hide an action from a seat (``ContractRules.conceals``)
        self.conceals = rules.contracts.conceals
        self.last: tuple[tuple[tuple[int, int], ...], History] = ((), ())
        #: per contract kind, whether it lays any card face up (``ContractDef.shows``)
        self.shows = _Shows(rules)

    def history(self, history: tuple[tuple[int, int], ...]) -> History:
        """``history`` as every seat sees it before any hiding."""
        known, shown = self.last
        if history is known:
            return shown
        entries = self.entries
        before, after = len(known), len(history)
        if after == before + 1 and history[:before] == known:
            seat, aid = history[before]
            shown = shown + (entries[seat][aid],)  # noqa: RUF005  (one copy, not two)
        elif after > before and history[:before] == known:  # a few actions on (a driver
            # applied forced moves without a view)
            shown += tuple([entries[seat][aid] for seat, aid in history[before:]])
        else:
            shown = tuple([entries[seat][aid] for seat, aid in history])
        self.last = (history, shown)
        return shown


#: one ``_Views`` per rule set (a compiled rule set hashes by its variant, in one step)
_views_of = functools.lru_cache(maxsize=64)(_Views)
#: the seats sitting out, by their mask
_seats_of_mask = functools.cache(lambda out: tuple(s for s in range(out.bit_length())
                                                   if out >> s & 1))


def build_view(rules: Rules, state: GameState, seat: int,
               legal: tuple[Action, ...] | None = None) -> PlayerView:
    """The view of ``seat`` in ``state`` (``state.view(seat)`` calls this); ``legal``: the
    legal actions of ``state`` (``rules.legal_actions(state)``) if the caller has them."""
    views = _views_of(rules)
    contract = state.contract
    history = views.history(state.history)
    hands = state.hands
    out = 0 if views.everyone_plays else rules.sitting_out(state)
    cards = state.trick
    if cards:  # each card's entry from the row of the seat that played it (``map`` stops
        # at the last card played)
        trick: Trick = tuple(map(_getitem, views.led_by[state.leader] if not out else [
            views.pairs[s] for s in state.in_turn(state.leader)], cards))
    else:
        trick = ()
    to_act = None if state.phase == Phase.END else state.player
    hand = _new_object(CardSet)  # a state's mask needs no validation
    _set_mask(hand, hands[seat])
    dealt = _new_object(CardSet)
    _set_mask(dealt, state.dealt[seat])
    legal_actions = () if to_act != seat else rules.legal_actions(state) if legal is None \
        else legal
    sitting_out = _seats_of_mask(out) if out else ()
    memory = _seen(state, seat) if state.memory else ()
    if contract is None:
        return _build(seat, len(hands), state.dealer, state.phase, to_act, hand, history, None,
                      None, None, None, False, None, trick, state.tricks, legal_actions,
                      _NO_CARDS, sitting_out, dealt, (), memory)
    concealed = views.conceals and rules.contracts.concealed(rules, state, seat)
    if concealed:  # a card given back face down (the Mediateur exchange)
        hidden = list(history)
        entries, actual = views.entries, state.history
        for position, aid in concealed.items():
            hidden[position] = entries[actual[position][0]][aid]
        history = tuple(hidden)
    kind = contract.kind
    partner = contract.partner
    return _build(seat, len(hands), state.dealer, state.phase, to_act, hand, history, kind,
                  contract.declarer, contract.trump, contract.called, contract.tout,
                  partner if partner is not None and (
                      seat == partner or state.flags >> _REVEALED_BIT & 1) else None,
                  trick, state.tricks, legal_actions,
                  exposed_cards(rules, state, seat) if views.shows[kind] else _NO_CARDS,
                  sitting_out, dealt, contract.co_declarers, memory)


def _seen(state: GameState, seat: int) -> tuple[tuple[str, Any], ...]:
    """What ``seat`` may see of the values the modules remember, by name (``seen_by``)."""
    seen = []
    for key, value in state.memory:
        shown = key.seen_by(value, seat, state)
        if shown is not None:
            seen.append((key.name, shown))
    return tuple(seen)


def exposed_cards(rules: Rules, state: GameState, seat: int) -> CardSet:
    """The unplayed cards of seats other than ``seat`` that the contract lays face up."""
    contract = state.contract
    if contract is None:
        return _NO_CARDS
    cdef = rules.contract_def(contract.kind)
    if cdef.shows == "none" or len(state.tricks) < cdef.shows_after:
        return _NO_CARDS
    mask = 0
    for declarer in contract.declarers:
        if declarer != seat:
            mask |= state.hands[declarer]
    return CardSet(mask if cdef.shows == "hand" else mask & cdef.requires_mask)


def trick_seats(rules: Rules, view: PlayerView, leader: int) -> tuple[int, ...]:
    """The seats that play a trick led by ``leader``, in turn (those sitting out skipped)."""
    order = rules.turn_orders[leader]
    out = view.sitting_out
    return tuple(seat for seat in order if seat not in out) if out else order


def plays(rules: Rules, view: PlayerView) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """Every card ``view`` shows played, in order: the seat that played it, the cards played
    to its trick before it, and the card."""
    for trick in view.tricks:
        for position, (seat, card) in enumerate(zip(trick_seats(rules, view, trick.leader),
                                                    trick.cards, strict=True)):
            yield seat, trick.cards[:position], card
    cards = tuple(int(card) for _, card in view.trick)
    for position, (seat, card) in enumerate(view.trick):
        yield seat, cards[:position], int(card)
