"""Ending the play early (rulebook slot ``early_end``; DOSSIER §2a, AMB-04, AMB-08, AMB-54).

[S-WIK: "If declarer's party wins the first 5 tricks they can stop the game to get a bonus for
prime. Or they can continue playing".] Stopping and continuing are the declarer's actions,
offered only when his view shows that the party won every trick so far: a hidden partner is
not assumed, which is what "Helfer?" is for (DOSSIER §7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.actions import ASK, CONTINUE, PASS, STOP
from solo_rules.rules.base import Clause, RuleModule, register
from solo_rules.state import ASKED, CONTINUED, REVEALED, STOPPED

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import GameState

__all__ = ["PrimeOrContinue", "declarer_sees_party_sweep"]


def declarer_sees_party_sweep(state: GameState) -> tuple[bool, bool]:
    """(known won, known lost): whether the declarer's view shows that his party won every
    completed trick, or that it did not. A hidden partner counts as unknown."""
    contract = state.contract
    assert contract is not None
    declarer = contract.declarer
    knows_partner = (state.flags & REVEALED or contract.called is None
                     or contract.partner is None)
    winners = [trick.winner for trick in state.tricks]
    if knows_partner:
        party = {declarer} if contract.partner is None else {declarer, contract.partner}
        won = all(w in party for w in winners)
        return won, not won
    others = {w for w in winners if w != declarer}
    return not others, len(others) >= 2


@register("early_end", "end.prime_or_continue")
@attrs.frozen
class PrimeOrContinue(RuleModule):
    """After a sweep of the first ``first_tricks`` tricks the declarer stops (prime) or goes on
    for all the tricks; otherwise play ends as soon as the result is certain (AMB-54)."""

    first_tricks: int = 5
    stop_when_decided: bool = True

    def objective(self, rules: CompiledRules, state: GameState) -> int:
        """The tricks the party must take: the contract's, or all of them after Tout or a
        decision to go on (AMB-04)."""
        contract = state.contract
        assert contract is not None
        if contract.tout or state.flags & CONTINUED:
            return int(rules.hand_size)
        return rules.contract_def(contract.kind).tricks

    def decisions(self, rules: CompiledRules, state: GameState) -> list[int]:
        """The decision actions open to the declarer after the trick just completed."""
        contract = state.contract
        assert contract is not None
        if (len(state.tricks) != self.first_tricks or contract.tout
                or state.flags & (STOPPED | CONTINUED)):
            return []
        asked = bool(state.flags & ASKED)
        won, lost = declarer_sees_party_sweep(state)
        if won:
            helfer = getattr(rules.partner, "helfer", None)
            barred = asked and helfer is not None and helfer.bars_slam
            return sorted([STOP, PASS if barred else CONTINUE])
        if not lost and rules.partner is not None and rules.partner.can_ask(state, asked):
            return [PASS, ASK]
        return []

    def finished(self, rules: CompiledRules, state: GameState) -> bool:
        """Whether the hand ends now."""
        total = rules.hand_size
        if state.flags & STOPPED or len(state.tricks) == total:
            return True
        if not self.stop_when_decided:
            return False
        objective = self.objective(rules, state)
        party, defenders = state.party_tricks()
        return party >= objective or defenders > total - objective

    def made(self, rules: CompiledRules, state: GameState) -> bool:
        """Whether the party met its objective."""
        party, _ = state.party_tricks()
        return bool(state.flags & STOPPED) or party >= self.objective(rules, state)

    def describe(self) -> list[Clause]:
        n = self.first_tricks
        clauses = [
            Clause(f"If the declarer's party wins each of the first {n} tricks, the declarer "
                   "may stop play and score the bonus for prime, or play on; a party that plays "
                   "on must take every trick, and cannot score prime.", "first_tricks"),
            Clause("The declarer decides from what he can see: while his partner is unknown, "
                   "a trick won by another player is not known to be his party's.",
                   "first_tricks"),
        ]
        if self.stop_when_decided:
            clauses.append(Clause("Otherwise play stops as soon as the result is certain: when "
                                  "the party has its tricks, or can no longer get them.",
                                  "stop_when_decided"))
        return clauses
