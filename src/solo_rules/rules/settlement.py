"""Settling the score between players (rulebook slot ``settlement``; DOSSIER §2a, §7).

[S-WIK: "only declarer's party scores (positively or negatively)".]
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Literal

import attrs

from solo_rules.ranking import Trump
from solo_rules.rules.slots import Rules, SettlementRules, ladder_of, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, Outcome, replace

__all__ = ["PerAdversary", "ScoreSheet", "Settlement", "single_side"]


class Settlement(RuleModule, SettlementRules):
    """The result every settlement shares: the scoring rule values the hand, ``settle`` turns
    the signed value into each seat's change; a joint contract settles each declarer's own
    game and adds them up [S-NIE multiple Kickers, AMB-33]."""

    @abc.abstractmethod
    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """Each seat's change of score for the signed hand value."""

    def units(self) -> int:
        """What one score unit is worth in this settlement (its stake)."""
        return 1

    def outcome(self, rules: Rules, state: GameState) -> Outcome:
        """The hand's result, with any payment made during the deal (the five-hand purchase,
        AMB-38) added to the seats' changes."""
        outcome = self._played(rules, state)
        transfers = rules.deal_rules.transfers(state)
        if any(transfers):
            payer = transfers.index(min(transfers))
            payee = transfers.index(max(transfers))
            outcome = self._paid(outcome, transfers, f"seat {payer} bought the hand of seat "
                                                     f"{payee} for {max(transfers) * self.units()}")
        payments, note = rules.contracts.side_payment(rules, state)
        if any(payments):
            outcome = self._paid(outcome, payments, note)
        return outcome

    def _paid(self, outcome: Outcome, payments: tuple[int, ...], note: str) -> Outcome:
        """``outcome`` with ``payments`` (score units, one per seat) added and noted."""
        scores = tuple(s + p * self.units() for s, p in zip(outcome.scores, payments,
                                                           strict=True))
        return attrs.evolve(outcome, scores=scores,
                            note=f"{outcome.note}; {note}" if outcome.note else note)

    def _played(self, rules: Rules, state: GameState) -> Outcome:
        contract = state.contract
        if contract is None:
            return Outcome(None, None, None, 0, 0, False, (0,) * state.players, (),
                           "thrown in: no contract was played")
        if contract.co_declarers:
            return self._joint(rules, state)
        made, parts = rules.scoring.score(rules, state)
        sign = 1 if made else -1
        value = sign * sum(v for _, v in parts)
        party, defenders = state.party_tricks()
        return Outcome(contract, contract.declarer, contract.partner, party, defenders, made,
                       self.settle(rules, state, value),
                       tuple((name, sign * v) for name, v in parts))

    def bound(self, rules: Rules) -> int:
        """Every seat a declarer of a joint contract, each settling the largest value."""
        return rules.players * self.settled(rules, rules.scoring.max_value(rules))

    @abc.abstractmethod
    def settled(self, rules: Rules, value: int) -> int:
        """An upper bound of one seat's change, in absolute value, for a hand of ``value``."""

    def _joint(self, rules: Rules, state: GameState) -> Outcome:
        """Each declarer of a joint contract plays and settles his own game with every other
        player; the results add up."""
        contract = state.contract
        assert contract is not None
        singles = [self._played(rules, replace(state, contract=attrs.evolve(
            contract, declarer=seat, co_declarers=()))) for seat in contract.declarers]
        scores = tuple(sum(o.scores[seat] for o in singles) for seat in range(state.players))
        breakdown = tuple((f"seat {seat}: {name}", v)
                          for seat, o in zip(contract.declarers, singles, strict=True)
                          for name, v in o.breakdown)
        first = singles[0]
        return Outcome(contract, contract.declarer, None, first.party_tricks,
                       first.defender_tricks, first.made, scores, breakdown,
                       joint=tuple(zip(contract.declarers, (o.made for o in singles),
                                       strict=True)))


@register("settlement", "settlement.score_sheet")
@attrs.frozen
class ScoreSheet(Settlement):
    """A running score per player; the declarer and his partner each add the signed value, the
    defenders' scores do not change. No money changes hands, so it is not zero-sum."""

    zero_sum = False

    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """The change of each seat's score for a signed hand value."""
        party = state.party()
        return tuple(value if seat in party else 0 for seat in range(state.players))

    def settled(self, rules: Rules, value: int) -> int:
        """The party's members each score the value."""
        return value

    def describe(self) -> list[Clause]:
        return [Clause("Each player keeps a running score. Only the declarer's party scores: the "
                       "value is added to (or taken from) the score of the declarer and of his "
                       "partner; the defenders' scores are unchanged.", "")]


def single_side(rules: Rules, state: GameState) -> tuple[int, ...]:
    """The side that plays against the rest: the declarer's party, or for a contract nobody
    declares, the seat its ``single_player`` rule names (the winner of the last trick)."""
    party = state.party()
    contract = state.contract
    if party or contract is None or not state.tricks:
        return party
    if rules.contract_def(contract.kind).single_player == "last_trick_winner":
        return (state.tricks[-1].winner,)
    return ()


@register("settlement", "settlement.per_adversary")
@attrs.frozen
class PerAdversary(Settlement):
    """Money between the players: each adversary pays the party the value (or is paid it) and
    the party shares it equally [S-FOS: "A solo player wins from or loses to each of his
    adversaries individually the amount of the game in counters. Two partners pay or receive
    each from one adversary."; AMB-21, AMB-22, AMB-30]. ``stake`` is the money per unit;
    ``partners_paid: each`` has each adversary pay each partner instead (AMB-30 b)."""

    stake: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    partners_paid: Literal["shared", "each"] = "shared"
    zero_sum = True

    def units(self) -> int:
        """One score unit is worth the stake."""
        return self.stake

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when two partners could not share evenly what the adversaries
        pay: an odd table value of a contract with a partner, when the adversaries times the
        stake is odd (five players, three adversaries). The scoring's bonuses are added at
        play and not enumerated here."""
        pack = pack_of(slots)
        players = pack.players - pack.sits_out
        ladder = ladder_of(slots)
        adversaries = players - 2
        if adversaries * self.stake % 2 == 0:
            return
        for contract in ladder.contracts:
            if contract.partner == "none":
                continue
            for trump in Trump:
                value = ladder.value(contract.base, trump)
                if value % 2:
                    raise ValueError(
                        f"with {players} players, 2 partners cannot share what {adversaries} "
                        f"adversaries pay for {contract.name} (value {value}, stake "
                        f"{self.stake}): make its value or the stake even")

    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """Each seat's winnings for a signed hand value; they sum to zero. A seat that sits
        the hand out neither pays nor receives."""
        side = single_side(rules, state)
        if not side:
            return (0,) * state.players
        amount = value * self.stake
        out = state.sitting_out
        adversaries = rules.seated - len(side)
        if self.partners_paid == "each":
            return tuple(amount * adversaries if seat in side else 0 if seat in out
                         else -amount * len(side) for seat in range(state.players))
        share, rest = divmod(amount * adversaries, len(side))
        if rest:
            raise ValueError(f"{len(side)} partners cannot share what "
                             f"{adversaries} adversaries pay")
        return tuple(share if seat in side else 0 if seat in out else -amount
                     for seat in range(state.players))

    def settled(self, rules: Rules, value: int) -> int:
        """A lone player receives from, or pays, every adversary."""
        return value * self.stake * (rules.players - 1)

    def describe(self) -> list[Clause]:
        unit = "the value" if self.stake == 1 else f"the value times {self.stake}"
        return [
            Clause("The players settle in counters between themselves: what one wins, the "
                   "others lose."),
            Clause(f"A player who plays alone receives {unit} from each adversary if he wins, "
                   "and pays it to each of them if he loses.", "stake"),
            Clause(f"Two partners each receive {unit} from one adversary, or each pay it to "
                   "one adversary." if self.partners_paid == "shared" else
                   f"Two partners each receive {unit} from each adversary, or each pay it to "
                   "each adversary.", "stake", ("partners_paid",), needs="partnership"),
            Clause("In a game that nobody declares, the player who loses it pays each other "
                   "player.", "stake", needs="declarerless"),
        ]
