"""Scoring a hand (rulebook slot ``scoring``; DOSSIER §2a, AMB-01, AMB-03..06).

[S-WIK: "The base value plus any scores is added or subtracted to the scores of declarer and
declarer's partner (if any), provided they achieve their objective".]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.rules.base import Clause, RuleModule, register
from solo_rules.state import CONTINUED, STOPPED

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import GameState

__all__ = ["PartyPoints"]


@register("scoring", "scoring.party_points")
@attrs.frozen
class PartyPoints(RuleModule):
    """The contract's base value plus the bonuses, won or lost as a whole."""

    prime: int = 2
    tout_unannounced: int = 4
    tout_announced: int = 6
    matadors: int = 2

    def score(self, rules: CompiledRules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party made its objective, and the value's components (unsigned)."""
        contract = state.contract
        assert contract is not None
        parts = [("base", rules.contract_def(contract.kind).base)]
        if state.flags & STOPPED:
            parts.append(("prime", self.prime))
        if contract.tout:
            parts.append(("tout announced", self.tout_announced))
        elif state.flags & CONTINUED:
            parts.append(("tout", self.tout_unannounced))
        if contract.trump is not None:
            matadors = rules.ranking.matador_cards(contract.trump)
            party = 0
            for seat in state.party():
                party |= state.dealt_hand(seat).mask
            if matadors and all(party >> card & 1 for card in matadors):
                parts.append(("matadors", self.matadors))
        return rules.early_end.made(rules, state), [(n, v) for n, v in parts if v]

    def describe(self) -> list[Clause]:
        return [
            Clause("A hand is worth the base value of its contract plus the bonuses that apply.",
                   "prime"),
            Clause(f"Prime: {self.prime} when the party stops after winning the first tricks.",
                   "prime"),
            Clause(f"Tout: {self.tout_unannounced} when the party plays on for all the tricks, "
                   f"or {self.tout_announced} instead when Tout was announced with the "
                   "declaration; the party must then take every trick.", "tout_announced"),
            Clause(f"Matadors: {self.matadors} when the three matadors were all dealt to the "
                   "declarer's party.", "matadors"),
            Clause("If the party meets its objective the value is won; otherwise the same value "
                   "is lost.", "prime"),
        ]
