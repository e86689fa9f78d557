"""Settling the score between players (rulebook slot ``settlement``; DOSSIER §2a, §7).

[S-WIK: "only declarer's party scores (positively or negatively)".]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.schema import Clause, RuleModule, register

if TYPE_CHECKING:
    from solo_rules.state import GameState

__all__ = ["PerAdversary", "ScoreSheet", "single_side"]


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


def single_side(state: GameState) -> tuple[int, ...]:
    """The side that plays against the rest: the declarer's party, or for a contract nobody
    declares, the seat its ``single_player`` rule names (the winner of the last trick)."""
    party = state.party()
    contract = state.contract
    if party or contract is None or not state.tricks:
        return party
    if state.rules.contract_def(contract.kind).single_player == "last_trick_winner":
        return (state.tricks[-1].winner,)
    return ()


@register("settlement", "settlement.per_adversary")
@attrs.frozen
class PerAdversary(RuleModule):
    """Money between the players: each adversary pays the party the value (or is paid it) and
    the party shares it equally [S-FOS: "A solo player wins from or loses to each of his
    adversaries individually the amount of the game in counters. Two partners pay or receive
    each from one adversary."; AMB-21, AMB-22, AMB-30]. ``stake`` is the money per unit."""

    stake: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    zero_sum = True

    def settle(self, state: GameState, value: int) -> tuple[int, ...]:
        """Each seat's winnings for a signed hand value; they sum to zero."""
        side = single_side(state)
        if not side:
            return (0,) * state.players
        amount = value * self.stake
        share, rest = divmod(amount * (state.players - len(side)), len(side))
        if rest:
            raise ValueError(f"{len(side)} partners cannot share what "
                             f"{state.players - len(side)} adversaries pay")
        return tuple(share if seat in side else -amount for seat in range(state.players))

    def describe(self) -> list[Clause]:
        unit = "the value" if self.stake == 1 else f"the value times {self.stake}"
        return [
            Clause("The players settle in counters between themselves: what one wins, the "
                   "others lose.", "stake"),
            Clause(f"A player who plays alone receives {unit} from each adversary if he wins, "
                   "and pays it to each of them if he loses.", "stake"),
            Clause(f"Two partners each receive {unit} from one adversary, or each pay it to "
                   "one adversary.", "stake"),
            Clause("In a game that nobody declares, the player who loses it pays each other "
                   "player.", "stake"),
        ]
