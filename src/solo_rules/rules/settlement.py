"""Settling the score between players (rulebook slot ``settlement``; DOSSIER §2a, §7).

[S-WIK: "only declarer's party scores (positively or negatively)".]
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import ClassVar, Literal, NamedTuple

import attrs

from solo_rules.bounds import Limit
from solo_rules.ranking import Trump
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.slots import ContractRules, Rules, SettlementRules, ladder_of, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Contract, GameState, Outcome, Payment, build_outcome, replace

__all__ = ["AmountsUnknown", "PerAdversary", "ScoreSheet", "Settlement", "caller_alone_open",
           "drawn", "single_side"]


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
        """The hand's result, with the payments made outside its value added to the seats'
        changes, each by the rule that makes it: the deal's (the five-hand purchase, AMB-38),
        the contract's own procedure's (the Mediateur's fish), a phase's (``Stage.settles``)."""
        outcome = self._played(rules, state)
        transfers = rules.deal_rules.transfers(state)
        if any(transfers):
            payer = transfers.index(min(transfers))
            payee = transfers.index(max(transfers))
            outcome = self._paid(outcome, transfers,
                                 f"seat {payer} bought the hand of seat {payee} for "
                                 f"{max(transfers) * self.units()}", "deal")
        payments, note = rules.contracts.side_payment(rules, state)
        if any(payments) and state.contract is not None:
            outcome = self._paid(outcome, payments, note, state.contract.kind)
        for stage in rules.settling:
            effect = stage.settles(rules, state)
            if effect is not None and any(effect.payments):
                outcome = self._paid(outcome, effect.payments, effect.note, effect.name)
        return outcome

    def _paid(self, outcome: Outcome, payments: tuple[int, ...], note: str,
              name: str = "") -> Outcome:
        """``outcome`` with ``payments`` (score units, one per seat) added, noted and listed
        under ``name`` (by default the settlement's own module id)."""
        name = name or self.module_id
        amounts = tuple(p * self.units() for p in payments)
        scores = tuple(s + p for s, p in zip(outcome.scores, amounts, strict=True))
        return replace(outcome, scores=scores,
                       note=f"{outcome.note}; {note}" if outcome.note else note,
                       payments=(*outcome.payments, Payment(name, amounts, note)))

    def _played(self, rules: Rules, state: GameState) -> Outcome:
        """The hand's result as played: the scoring's value, signed by the result and settled."""
        contract = state.contract
        if contract is None:
            return build_outcome(None, None, None, 0, 0, False, (0,) * len(state.hands), (),
                                 "thrown in: no contract was played")
        if contract.co_declarers:
            return self._joint(rules, state)
        state, contract, made, parts, party, defenders, draw = scored(rules, state)
        if draw:
            return build_outcome(contract, contract.declarer, contract.partner, party,
                                 defenders, False, (0,) * len(state.hands), (),
                                 "drawn: the sides took equal tricks")
        sign = 1 if made else -1
        value = sign * sum([v for _, v in parts])
        return build_outcome(contract, contract.declarer, contract.partner, party, defenders, made,
                             self.settle(rules, state, value),
                             tuple([(name, sign * v) for name, v in parts]))

    def bound(self, rules: Rules) -> int:
        """Each contract's largest value (``ScoringRules.max_value``) as this settlement
        settles it, a contract that may be joined with every seat its declarer, with the
        largest payment of the deal or of the contract's own procedure added."""
        joinable = rules.auction.joinable(rules)
        times, paid_by_phases = _most_effects(rules)
        played = max(self.settled(rules, contract,
                                  rules.scoring.max_value(rules, contract) * times,
                                  contract.id in joinable)
                     for contract in rules.contracts.contracts)
        paid = max(rules.deal_rules.transfer_bound(), rules.contracts.side_payment_bound(rules))
        return played + (paid + paid_by_phases) * self.units()

    @abc.abstractmethod
    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """The largest change of one seat, in absolute value, for a hand of ``contract``
        worth ``value``; ``joint``: other seats may have declared it too, each settling his
        own game."""

    def _joint(self, rules: Rules, state: GameState) -> Outcome:
        """Each declarer of a joint contract plays and settles his own game with every other
        player; the results add up."""
        contract = state.contract
        assert contract is not None
        singles = [self._played(rules, replace(state, contract=replace(
            contract, declarer=seat, co_declarers=()))) for seat in contract.declarers]
        scores = tuple(sum(o.scores[seat] for o in singles) for seat in range(state.players))
        breakdown = tuple((f"seat {seat}: {name}", v)
                          for seat, o in zip(contract.declarers, singles, strict=True)
                          for name, v in o.breakdown)
        first = singles[0]
        return build_outcome(contract, contract.declarer, None, first.party_tricks,
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
        return tuple([value if seat in party else 0 for seat in range(len(state.hands))])

    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """The party's members each score the value (of their own game, when joint)."""
        return value

    def describe(self) -> list[Clause]:
        return [Clause("Each player keeps a running score. Only the declarer's party scores: the "
                       "value is added to (or taken from) the score of the declarer and of his "
                       "partner; the defenders' scores are unchanged.", "")]


@register("settlement", "settlement.amounts_unknown")
@attrs.frozen
class AmountsUnknown(Settlement):
    """A settlement whose amounts the sources do not give: no score changes, and the rulebook
    says what is known of the payments and that their amounts were not found (Quadrille: "The
    game, consolation, matadores, bastos, and other payments, are variously regulated"
    [S-HOY p. 262]; AMB-89). ``grades``: the party's tricks at which the lost game's grade
    changes, so that play goes on until it is known (Quadrille: remise at 5)."""

    zero_sum = True
    graded_at: tuple[int, ...] = (5,)
    #: the grades are counts of tricks
    limits: ClassVar = {"graded_at": Limit(0, "hand")}

    @property
    def grades(self) -> tuple[int, ...]:
        """The trick totals at which the named result changes (remise, codille)."""
        return self.graded_at

    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """Nothing changes hands: the amounts are unknown."""
        return (0,) * len(state.hands)

    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """No seat's score changes."""
        return 0

    def describe(self) -> list[Clause]:
        return [Clause("What a hand is worth is not known: the sources name the payments (the "
                       "game, the consolation, the matadors, the sans prendre, the vole) and "
                       "who pays them, but not their amounts. Here no score changes; the record "
                       "of each hand names its result.", "")]


def drawn(rules: Rules, state: GameState) -> bool:
    """Whether the finished hand's game is drawn: its party took the tricks at which its
    contract draws (``ContractDef.drawn_at``; S-MAL "um die meisten Stiche", AMB-65)."""
    contract = state.contract
    if contract is None:
        return False
    at = rules.contract_def(contract.kind).drawn_at
    return at is not None and state.party_tricks()[0] == at


class Scored(NamedTuple):
    """A played hand as a settlement reads it: the state with the partner settled, its
    contract, whether it was made, the score's parts, the sides' tricks and a draw."""

    state: GameState
    contract: Contract
    made: bool
    parts: list[tuple[str, int]]
    party: int
    defenders: int
    drawn: bool


def scored(rules: Rules, state: GameState) -> Scored:
    """The hand's score, read once for every settlement: the partner settled first."""
    if rules.partner is not None:
        state = rules.partner.settling(state)
    contract = state.contract
    assert contract is not None
    made, parts = rules.scoring.score(rules, state)
    for stage in rules.settling:  # a phase's multiplier, a part of the value by name
        effect = stage.settles(rules, state)
        if effect is not None and effect.multiplier != 1:
            parts = [*parts, (effect.name, sum(v for _, v in parts) * (effect.multiplier - 1))]
    party, defenders = state.party_tricks()
    return Scored(state, contract, made, parts, party, defenders, drawn(rules, state))


def _with_next_in_turn(state: GameState, seat: int, amount: int) -> tuple[int, ...]:
    """``seat`` receives ``amount`` from the next player in turn alone (pays him, if negative):
    a settlement with one adversary (AMB-21 c, AMB-25, EDITORIAL)."""
    payer = state.in_turn(seat)[1]
    return tuple([amount if s == seat else -amount if s == payer else 0
                  for s in range(len(state.hands))])


def caller_alone_open(rules: Rules, state: GameState, below: int) -> bool:
    """Whether the caller's own tricks to come can still decide that he pays a lost game
    alone, having taken fewer than ``below`` [S-HOYUS p. 77: "unless the ombre does not make
    three tricks, in which case ... the ombre pays alone"]: only with a partner, not in a forced
    game ("he who is called pays half of the losing"), and while he has fewer but can still
    take them."""
    contract = state.contract
    if (contract is None or contract.declarer is None or contract.partner is None
            or contract.partner == contract.declarer
            or rules.contract_def(contract.kind).forced):
        return False
    own = state.won[contract.declarer]
    return own < below <= own + rules.hand_size - len(state.tricks)


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
    ``partners_paid: each`` has each adversary pay each partner instead (AMB-30 b);
    ``self_call`` and ``partner_tout`` settle the self-called ace (AMB-21) and Tout with a
    partner (AMB-22) by their alternative readings."""

    stake: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    partners_paid: Literal["shared", "each"] = "shared"
    #: a declarer who called a card he holds: ``alone`` as a soloist (AMB-21 a), ``double``
    #: what the pair would have won, "without sharing", with each adversary (b), or with
    #: ``one_adversary``, the next player in turn (c)
    self_call: Literal["alone", "double", "one_adversary"] = "alone"
    #: a partnership contract for every trick: ``shared`` as any partnership (AMB-22 a), or
    #: ``soloist_split``: a soloist's winnings split between the partners (b)
    partner_tout: Literal["shared", "soloist_split"] = "shared"
    #: a game nobody declares: its loser pays ``each`` other player (AMB-25, S-FOS "loses to
    #: each of his adversaries individually"), or ``one_adversary``, the next player in turn
    #: from him (the alternative of AMB-25; whom he pays is EDITORIAL, as for AMB-21 c)
    declarerless: Literal["each", "one_adversary"] = "each"
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
        if self.partner_tout == "soloist_split":
            self._check_soloist_split(ladder, players, len(pack.cards) // players)
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
            return (0,) * len(state.hands)
        amount = value * self.stake
        sitting = rules.sitting_out(state)  # a mask of the seats out
        adversaries = rules.seated - len(side)
        contract = state.contract
        assert contract is not None
        if self.self_call != "alone" and contract.called is not None and len(side) == 1:
            return self._self_called(state, side[0], amount)
        if (self.declarerless == "one_adversary"
                and rules.contract_def(contract.kind).single_player != "declarer"):
            return _with_next_in_turn(state, side[0], amount)
        if (self.partner_tout == "soloist_split" and len(side) == 2
                and rules.contract_def(contract.kind).tricks >= rules.hand_size):
            # AMB-22 (b): the soloist's winnings (one amount from each other player), which
            # the adversaries pay in equal parts and the partners share
            total = amount * (rules.seated - 1)
            return tuple([total // 2 if seat in side else 0 if sitting >> seat & 1
                          else -total // adversaries for seat in range(len(state.hands))])
        if self.partners_paid == "each":
            return tuple([amount * adversaries if seat in side else 0 if sitting >> seat & 1
                          else -amount * len(side) for seat in range(len(state.hands))])
        share, rest = divmod(amount * adversaries, len(side))
        if rest:
            raise ValueError(f"{len(side)} partners cannot share what "
                             f"{adversaries} adversaries pay")
        return tuple([share if seat in side else 0 if sitting >> seat & 1 else -amount
                      for seat in range(len(state.hands))])

    def _self_called(self, state: GameState, declarer: int, amount: int) -> tuple[int, ...]:
        """A self-called ace [S-FOS: "he of course plays without a partner"]: what the pair
        would have won with each adversary (AMB-21 b, S-QFR "gagne sans partager"), or the
        amount with one adversary only, the next player in turn (AMB-21 c, EDITORIAL)."""
        if self.self_call == "one_adversary":
            return _with_next_in_turn(state, declarer, amount)
        payers = state.in_turn(declarer)[1:]
        return tuple([2 * amount * len(payers) if seat == declarer else -2 * amount
                      if seat in payers else 0 for seat in range(len(state.hands))])

    def _check_soloist_split(self, ladder: ContractRules, players: int, hand_size: int) -> None:
        """Raise ``ValueError`` when a partnership contract for every trick could not split a
        soloist's winnings evenly between the partners and between the adversaries."""
        for contract in ladder.contracts:
            if contract.partner == "none" or contract.tricks < hand_size:
                continue
            for trump in Trump:
                total = ladder.value(contract.base, trump) * self.stake * (players - 1)
                if total % 2 or total % (players - 2):
                    raise ValueError(
                        f"partner_tout soloist_split: {contract.name} (value "
                        f"{ladder.value(contract.base, trump)}, stake {self.stake}) cannot be "
                        f"split evenly between 2 partners and {players - 2} adversaries")

    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """A lone player receives from, or pays, every other seated player (twice the value
        after a self-call settled ``double``); a declarer of a joint contract also settles
        with each other declarer in his game; partners share what is paid, or each receive
        it, from adversaries who then pay it twice."""
        amount = value * self.stake
        others = rules.seated - 1
        if joint:
            return 2 * others * amount
        if contract.partner == "none":
            return others * amount
        lone = others * amount * (2 if self.self_call == "double" else 1)
        return max(lone, 2 * amount) if self.partners_paid == "each" else lone

    def describe(self) -> list[Clause]:
        return self._describe(adversaries=2)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``, for the partners' adversaries at this table (four in the six-hand
        game, where each partner receives from two of them)."""
        pack = pack_of(slots)
        return self._describe(adversaries=pack.players - pack.sits_out - 2)

    def _describe(self, adversaries: int) -> list[Clause]:
        unit = "the value" if self.stake == 1 else f"the value times {self.stake}"
        if self.partners_paid == "each":
            partners = (f"Two partners each receive {unit} from each adversary, or each pay it "
                        "to each adversary.")
        elif adversaries == 2:
            partners = (f"Two partners each receive {unit} from one adversary, or each pay it "
                        "to one adversary.")
        else:
            partners = (f"Each of the {adversaries} adversaries pays {unit} to two partners, "
                        "who share it equally, or is paid it by them, who share the cost.")
        return [
            Clause("The players settle in counters between themselves: what one wins, the "
                   "others lose."),
            Clause(f"A player who plays alone receives {unit} from each adversary if he wins, "
                   "and pays it to each of them if he loses.", "stake"),
            Clause(partners, "stake", ("partners_paid",), needs="partnership"),
            Clause({
                "alone": "A declarer who called a card he holds himself (where that is "
                         "allowed) settles as a player who plays alone.",
                "double": "A declarer who called a card he holds himself receives from each "
                          f"adversary, or pays each of them, twice {unit}: what he and a "
                          "partner would have won, without sharing.",
                "one_adversary": "A declarer who called a card he holds himself receives "
                                 f"{unit} from one adversary only, the next player in turn, "
                                 "or pays it to him.",
            }[self.self_call], "self_call", needs="partnership"),
            Clause("Two partners who play for every trick settle as any partners do."
                   if self.partner_tout == "shared" else
                   "Two partners who play for every trick together win or lose what a player "
                   "alone would: the adversaries pay, or are paid, that in equal parts, and the "
                   "partners share it equally.", "partner_tout", needs="partnership"),
            Clause({
                "each": "In a game that nobody declares, the player who loses it pays "
                        f"{unit} to each other player.",
                "one_adversary": "In a game that nobody declares, the player who loses it "
                                 f"pays {unit} to one player only, the next player in turn "
                                 "from him.",
            }[self.declarerless], "declarerless", ("stake",), needs="declarerless"),
        ]


def _most_effects(rules: Rules) -> tuple[int, int]:
    """The largest multiplier of a hand's value that the phases' effects may make together,
    and the largest payment between two seats they may add (``Stage.settles_most``)."""
    times, paid = 1, 0
    for stage in rules.settling:
        effect = stage.settles_most(rules)
        if effect is not None:
            times *= effect.multiplier
            paid += max((abs(p) for p in effect.payments), default=0)
    return times, paid
