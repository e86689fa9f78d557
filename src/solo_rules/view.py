"""Per-seat views: what one seat may know, and nothing more.

A view holds the seat's own hand, every public action, the tricks, and the contract as the table
knows it: the called card, but the partner only once revealed (or to the partner himself, who
knows he holds the called card). It never contains another seat's unplayed card, except the
cards a contract lays face up (``exposed``), nor an action the contract hides from the seat
(``ContractRules.concealed``: a card given back face down, which it sees as such).
"""

from __future__ import annotations

from solo_rules.cards import Card, CardSet
from solo_rules.rules.slots import Rules
from solo_rules.state import GameState, PlayerView

__all__ = ["PlayerView", "build_view", "exposed_cards"]


def build_view(rules: Rules, state: GameState, seat: int) -> PlayerView:
    """The view of ``seat`` in ``state`` (``state.view(seat)`` calls this)."""
    table = rules.actions.by_id
    contract = state.contract
    partner = None
    if contract is not None and contract.partner is not None and (
            state.partner_revealed or seat == contract.partner):
        partner = contract.partner
    players = state.players
    order = state.in_turn(state.leader)
    trick = tuple((order[i], Card(c)) for i, c in enumerate(state.trick))
    legal = state.legal_actions() if state.current_player == seat else ()
    # the history's (seat, action) pairs, built by zip and map in C: a view is built for
    # every decision of a bot, and the history grows through the hand
    seats, aids = zip(*state.history, strict=True) if state.history else ((), ())
    concealed = rules.contracts.concealed(rules, state, seat) if contract is not None else None
    if concealed:  # a card given back face down (the Mediateur exchange)
        aids = tuple(concealed.get(n, aid) for n, aid in enumerate(aids))
    return PlayerView(
        seat, players, state.dealer, state.phase, state.current_player, state.hand(seat),
        tuple(zip(seats, map(table.__getitem__, aids), strict=True)),
        None if contract is None else contract.kind,
        None if contract is None else contract.declarer,
        None if contract is None else contract.trump,
        None if contract is None else contract.called,
        False if contract is None else contract.tout,
        partner, trick, state.tricks, legal, exposed_cards(rules, state, seat),
        state.sitting_out,
    )


def exposed_cards(rules: Rules, state: GameState, seat: int) -> CardSet:
    """The unplayed cards of seats other than ``seat`` that the contract lays face up."""
    contract = state.contract
    if contract is None:
        return CardSet()
    cdef = rules.contract_def(contract.kind)
    if cdef.shows == "none" or len(state.tricks) < cdef.shows_after:
        return CardSet()
    mask = 0
    for declarer in contract.declarers:
        if declarer != seat:
            mask |= state.hands[declarer]
    return CardSet(mask & cdef.requires_mask if cdef.shows == "required" else mask)
