"""Settling the score between players (rulebook slot ``settlement``; DOSSIER §2a, §7).

[S-WIK: "only declarer's party scores (positively or negatively)".]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.rules.base import Clause, RuleModule, register

if TYPE_CHECKING:
    from solo_rules.state import GameState

__all__ = ["ScoreSheet"]


@register("settlement", "settlement.score_sheet")
@attrs.frozen
class ScoreSheet(RuleModule):
    """A running score per player; the declarer and his partner each add the signed value, the
    defenders' scores do not change. No money changes hands, so it is not zero-sum."""

    zero_sum = False

    def settle(self, state: GameState, value: int) -> tuple[int, ...]:
        """The change of each seat's score for a signed hand value."""
        party = state.party()
        return tuple(value if seat in party else 0 for seat in range(state.players))

    def describe(self) -> list[Clause]:
        return [Clause("Each player keeps a running score. Only the declarer's party scores: the "
                       "value is added to (or taken from) the score of the declarer and of his "
                       "partner; the defenders' scores are unchanged.", "")]
