"""Trick play (rulebook slot ``play``; DOSSIER §1.6).

[S-WIK: "Players must follow suit if possible; if not, they can play anything."] Following is
by effective suit: the matadors belong to the trumps, not to their printed suits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.ranking import TrumpTables
from solo_rules.schema import Clause, RuleModule, register

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import GameState

__all__ = ["FollowSuit", "heading_cards"]


def heading_cards(tables: TrumpTables, trick: tuple[int, ...], cards: int) -> int:
    """The cards of ``cards`` that would win ``trick`` as it stands: the duty of a declarer who
    must "go over any card that has been played" [S-NIE Kicker; AMB-32]."""
    out = 0
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if tables.winner((*trick, card)) == len(trick):
            out |= low
        mask ^= low
    return out


@register("play", "play.follow_suit")
@attrs.frozen
class FollowSuit(RuleModule):
    """Follow the led suit if possible; otherwise play anything, or trump if ``must_trump``."""

    must_trump: bool = False

    def legal_mask(self, rules: CompiledRules, state: GameState, seat: int) -> int:
        """The cards ``seat`` may play to the current trick."""
        hand = state.hands[seat]
        if not state.trick:
            return hand
        contract = state.contract
        assert contract is not None and contract.trump is not None
        tables = rules.tables(contract.trump)
        follow = hand & tables.follow_mask(state.trick[0])
        if follow:
            if ((seat == contract.declarer or seat in contract.co_declarers)
                    and rules.contract_def(contract.kind).must_head):
                return heading_cards(tables, state.trick, follow) or follow
            return follow
        if self.must_trump and hand & tables.trump_mask:
            return hand & tables.trump_mask
        return hand

    def describe(self) -> list[Clause]:
        void = ("must play a trump if he can" if self.must_trump
                else "may play any card; there is no duty to trump or to beat the trick")
        return [
            Clause("Eldest leads to the first trick; the winner of each trick leads to the next.",
                   "must_trump"),
            Clause("Each player must follow the suit led if he can; a player who cannot "
                   f"{void}.", "must_trump"),
            Clause("The highest trump wins the trick; if no trump is played, the highest card "
                   "of the suit led wins.", "must_trump"),
        ]
