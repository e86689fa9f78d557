"""Per-seat views: what one seat may know, and nothing more.

A view holds the seat's own hand, every public action, the tricks, and the contract as the table
knows it: the called card, but the partner only once revealed (or to the partner himself, who
knows he holds the called card). It never contains another seat's unplayed card, except the
cards a contract lays face up (``exposed``), nor an action the contract hides from the seat
(``ContractRules.concealed``: a card given back face down, which it sees as such).
"""

from __future__ import annotations

import functools
from typing import Any, cast

from solo_rules.actions import Action, ActionSpace
from solo_rules.cards import Card, CardSet
from solo_rules.rules.slots import Rules
from solo_rules.state import GameState, Phase, PlayerView

__all__ = ["PlayerView", "build_view", "exposed_cards"]

#: every card by its value (``suit * 8 + rank``): a tuple index in place of an enum call
_CARDS: tuple[Card, ...] = tuple(Card)
_END: str = Phase.END
_NO_CARDS = CardSet()
_new_object = object.__new__
#: a plain class with ``PlayerView``'s slots, so ``build_view`` fills them directly
_Twin = type("_PlayerViewTwin", (), {"__slots__": PlayerView.__slots__})

History = tuple[tuple[int, Action], ...]


class _Entries(dict[tuple[int, int], tuple[int, Action]]):
    """A history entry ``(seat, action id)`` as a view shows it, ``(seat, Action)``: filled on
    first use and then shared, so translating a history is one dict lookup an entry."""

    __slots__ = ("by_id",)

    def __init__(self, actions: ActionSpace) -> None:
        super().__init__()
        self.by_id = actions.by_id

    def __missing__(self, entry: tuple[int, int]) -> tuple[int, Action]:
        shown = self[entry] = (entry[0], self.by_id[entry[1]])
        return shown


class _Views:
    """What building views under one rule set reuses: the entry table, and the last history
    translated. A bot asks for a view at every decision and each history is the one before
    plus one action, so it is translated from the last one's in a step (the same entries:
    the translation of an entry depends on nothing else; hiding is applied after)."""

    __slots__ = ("entries", "last")

    def __init__(self, rules: Rules) -> None:
        self.entries = _Entries(rules.actions)
        self.last: tuple[tuple[tuple[int, int], ...], History] = ((), ())

    def history(self, history: tuple[tuple[int, int], ...]) -> History:
        """``history`` as every seat sees it before any hiding."""
        known, shown = self.last
        if history is known:
            return shown
        entries = self.entries
        step = len(history) - len(known)
        if step == 1 and history[:-1] == known:
            shown = (*shown, entries[history[-1]])
        else:
            shown = tuple(map(entries.__getitem__, history))
        self.last = (history, shown)
        return shown


#: one ``_Views`` per rule set (a compiled rule set hashes by its variant, in one step)
_views_of = functools.lru_cache(maxsize=64)(_Views)


def build_view(rules: Rules, state: GameState, seat: int) -> PlayerView:
    """The view of ``seat`` in ``state`` (``state.view(seat)`` calls this)."""
    views = _views_of(rules)
    contract = state.contract
    history = views.history(state.history)
    if contract is not None:
        concealed = rules.contracts.concealed(rules, state, seat)
        if concealed:  # a card given back face down (the Mediateur exchange)
            hidden = list(history)
            entries, actual = views.entries, state.history
            for position, aid in concealed.items():
                hidden[position] = entries[actual[position][0], aid]
            history = tuple(hidden)
    partner = None
    if contract is not None and contract.partner is not None and (
            state.partner_revealed or seat == contract.partner):
        partner = contract.partner
    hands = state.hands
    out = rules.sitting_out(state)
    cards = state.trick
    trick = tuple(zip(state.in_turn(state.leader), map(_CARDS.__getitem__, cards),
                      strict=False)) if cards else ()
    to_act = None if state.phase == _END else state.player
    # filled as a mutable twin, then its class swapped (as ``GameState`` is built): a third of
    # the frozen ``__init__``'s cost, which sets each field through ``object.__setattr__``
    view: Any = _new_object(_Twin)
    view.seat = seat
    view.players = len(hands)
    view.dealer = state.dealer
    view.phase = state.phase
    view.current_player = to_act
    view.hand = CardSet(hands[seat])
    view.history = history
    if contract is None:
        view.contract_kind = view.declarer = view.trump = view.called = None
        view.tout = False
        view.exposed = _NO_CARDS
    else:
        view.contract_kind = contract.kind
        view.declarer = contract.declarer
        view.trump = contract.trump
        view.called = contract.called
        view.tout = contract.tout
        view.exposed = exposed_cards(rules, state, seat)
    view.partner = partner
    view.trick = trick
    view.tricks = state.tricks
    view.legal_actions = rules.legal_actions(state) if to_act == seat else ()
    view.sitting_out = tuple(s for s in range(len(hands)) if out >> s & 1) if out else ()
    view.__class__ = PlayerView
    return cast(PlayerView, view)


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
    return CardSet(mask & cdef.requires_mask if cdef.shows == "required" else mask)
