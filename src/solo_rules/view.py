"""Per-seat views: what one seat may know, and nothing more.

A view holds the seat's own hand, every public action, the tricks, and the contract as the table
knows it: the called card, but the partner only once revealed (or to the partner himself, who
knows he holds the called card). It never contains another seat's unplayed card, except the
cards a contract lays face up (``exposed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet

if TYPE_CHECKING:
    from solo_rules.state import GameState, Trick

__all__ = ["PlayerView", "exposed_cards"]


@attrs.frozen(slots=True)
class PlayerView:
    """The information of ``seat``: enough to choose any of its actions."""

    seat: int
    players: int
    dealer: int
    phase: int
    current_player: int | None
    hand: CardSet
    history: tuple[tuple[int, Action], ...]
    contract_kind: str | None
    declarer: int | None
    trump: int | None
    called: Card | None
    tout: bool
    partner: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    legal_actions: tuple[Action, ...]
    #: unplayed cards of other seats that lie face up by rule (``ContractDef.shows``: the Niese
    #: Ladies' queens, the Bronco's hand, AMB-34); never any other hidden card
    exposed: CardSet = attrs.field(factory=CardSet)

    @classmethod
    def of(cls, state: GameState, seat: int) -> PlayerView:
        """The view of ``seat`` in ``state``."""
        if not 0 <= seat < state.players:
            from solo_rules.errors import InvalidStateError

            raise InvalidStateError(f"seat must be 0..{state.players - 1}, got {seat}")
        table = state.rules.actions.by_id
        contract = state.contract
        partner = None
        if contract is not None and contract.partner is not None and (
                state.partner_revealed or seat == contract.partner):
            partner = contract.partner
        players = state.players
        trick = tuple(((state.leader + i) % players, Card(c)) for i, c in enumerate(state.trick))
        legal = state.legal_actions() if state.current_player == seat else ()
        return cls(
            seat, players, state.dealer, state.phase, state.current_player, state.hand(seat),
            tuple((s, table[a]) for s, a in state.history),
            None if contract is None else contract.kind,
            None if contract is None else contract.declarer,
            None if contract is None else contract.trump,
            None if contract is None or contract.called is None else Card(contract.called),
            False if contract is None else contract.tout,
            partner, trick, state.tricks, legal, exposed_cards(state, seat),
        )


def exposed_cards(state: GameState, seat: int) -> CardSet:
    """The unplayed cards of seats other than ``seat`` that the contract lays face up."""
    contract = state.contract
    if contract is None:
        return CardSet()
    cdef = state.rules.contract_def(contract.kind)
    if cdef.shows == "none":
        return CardSet()
    mask = 0
    for declarer in contract.declarers:
        if declarer != seat:
            mask |= state.hands[declarer]
    return CardSet(mask & cdef.requires_mask if cdef.shows == "required" else mask)
