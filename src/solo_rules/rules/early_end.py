"""Ending the play early (rulebook slot ``early_end``; DOSSIER §2a, AMB-04, AMB-08, AMB-54).

[S-WIK: "If declarer's party wins the first 5 tricks they can stop the game to get a bonus for
prime. Or they can continue playing".] Stopping and continuing are the declarer's actions,
offered only when his view shows that the party won every trick so far: a hidden partner is
not assumed, which is what "Helfer?" is for (DOSSIER §7).
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Mapping
from typing import ClassVar, Literal

import attrs

from solo_rules.actions import PASS, Action, Word
from solo_rules.bounds import Limit
from solo_rules.rules.partner import ASK
from solo_rules.rules.slots import EarlyEndRules, History, Rules, SettlementRules, Stage
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Flags, GameState, Phase, replace

__all__ = [
    "CONTINUE",
    "STOP",
    "AbandonAtFive",
    "EarlyEnd",
    "FirstAndLast",
    "PrimeOrContinue",
    "declarer_sees_party_sweep",
    "lost_for_good",
    "raised_objective",
]

#: Stop play after the first tricks, for prime or First.
STOP = Word("stop", 70, (), "stops play after the first tricks")
#: Go on for all the tricks (Durchmarsch, Tout, Last).
CONTINUE = Word("continue", 71, ("go on",), "plays on for all the tricks")
_SETTLED = Flags.STOPPED | Flags.CONTINUED


def declarer_sees_party_sweep(state: GameState) -> tuple[bool, bool]:
    """(known won, known lost): whether the declarer's view shows that his party won every
    completed trick, or that it did not. A hidden partner counts as unknown."""
    contract = state.contract
    assert contract is not None
    declarer = contract.declarer
    flags = state.flags
    knows_partner = (flags & Flags.REVEALED or contract.called is None
                     or contract.partner is None)
    winners = [trick.winner for trick in state.tricks]
    if knows_partner:
        party = {declarer} if contract.partner is None else {declarer, contract.partner}
        won = party.issuperset(winners)
        return won, not won
    others = {w for w in winners if w != declarer}
    return not others, len(others) >= 2


def lost_for_good(rules: Rules, state: GameState, party: int, defenders: int,
                  objective: int) -> bool:
    """Whether a party with ``party`` tricks to the defenders' ``defenders`` can no longer take
    ``objective``, and the grades of a lost game are all decided: the settlement's
    (``SettlementRules.grades``: a codille below four tricks; ``waits``: who pays) and a drawn
    game's (``ContractDef.drawn_at``), so that no later trick changes the result."""
    total = rules.hand_size
    if defenders <= total - objective:
        return False
    remaining = total - party - defenders
    contract = state.contract
    assert contract is not None
    drawn = rules.contract_def(contract.kind).drawn_at
    settlement = rules.settlement
    return all(party >= grade or party + remaining < grade
               for grade in (settlement.grades if drawn is None
                             else (*settlement.grades, drawn))) and not settlement.waits(rules,
                                                                                         state)


def raised_objective(rules: Rules, state: GameState) -> int:
    """The contract's tricks, or every trick once Tout was announced or the party went on: the
    objective where going on raises the stakes (S-WIK AMB-04, S-FOS AMB-23)."""
    contract = state.contract
    assert contract is not None
    flags = state.flags
    if contract.tout or flags & Flags.CONTINUED:
        return rules.hand_size
    return rules.contract_def(contract.kind).tricks


class EarlyEnd(RuleModule, EarlyEndRules, Stage):
    """The decision phase every early-end rule shares: after a trick the rule may offer the
    declarer a decision (stop, go on, and the partner rule's "Helfer?"), or end the hand."""

    phase = Phase.DECIDE
    after = (Phase.PLAY,)
    expects = "a decision"

    @abc.abstractmethod
    def decisions(self, rules: Rules, state: GameState) -> list[int]:
        """The decision ids open to the declarer after the trick just completed."""

    @abc.abstractmethod
    def finished(self, rules: Rules, state: GameState) -> bool:
        """Whether the hand ends now."""

    def opening_tricks(self, rules: Rules) -> int:
        """All of them, unless the rule counts "the first tricks" itself."""
        return rules.hand_size

    def stages(self) -> tuple[Stage, ...]:
        return (self,)

    def words(self, rules: Rules) -> Iterable[Word]:
        return (PASS, STOP, CONTINUE, *(() if rules.partner is None
                                         else rules.partner.decision_words))

    def actions(self, rules: Rules) -> Iterable[Action]:
        return ()

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """Entered only after a trick (``after_trick``), never in turn."""
        return None

    def after_trick(self, rules: Rules, state: GameState) -> GameState:
        """The declarer's decision, if one is open and its answers differ, else the end of the
        hand if it is over, else play goes on."""
        decisions = self.decisions(rules, state)
        if decisions and not self.moot(rules, state, decisions):
            return self.deciding(state, decisions)
        if self.finished(rules, state):
            return replace(state, phase=Phase.END)
        return state

    def deciding(self, state: GameState, decisions: list[int]) -> GameState:
        """``state`` at the ``decisions``, with the seat that decides to move: the declarer."""
        assert state.contract is not None and state.contract.declarer is not None
        return replace(state, phase=Phase.DECIDE, player=state.contract.declarer)

    def moot(self, rules: Rules, state: GameState, decisions: list[int]) -> bool:
        """Whether every answer to the open decisions ends the hand now with the result it
        has anyway: the result is certain (AMB-54) and no answer changes it (asking "Helfer?"
        after the party can no longer make its tricks), so it is not a decision at all."""
        if not self.finished(rules, state):
            return False
        settle = rules.settlement.outcome
        result = settle(rules, replace(state, phase=Phase.END))
        deciding = self.deciding(state, decisions)
        for aid in decisions:
            after = self.apply(rules, deciding, aid,
                               (*state.history, (deciding.player, aid)))
            if after.phase != Phase.END or settle(rules, after) != result:
                return False
        return True

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        return tuple(self.decisions(rules, state))

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """Stop ends the hand (prime, First); going on raises the objective; asking makes the
        partner answer, and the decision is open again; passing plays on."""
        if aid == STOP.id:
            return replace(state, phase=Phase.END, flags=state.flags | Flags.STOPPED,
                           history=history)
        back = replace(state, phase=Phase.PLAY, player=state.leader)
        if aid == ASK.id:
            assert rules.partner is not None
            return self.after_trick(rules, rules.partner.answer(back, history))
        flags = state.flags | Flags.CONTINUED if aid == CONTINUE.id else state.flags
        back = replace(back, flags=flags, history=history)
        return replace(back, phase=Phase.END) if self.finished(rules, back) else back

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """Asking names the "Helfer?" question; passing plays on without it; stop and go on
        in the words of the rule (``stop_means``, ``continue_means``)."""
        if aid == ASK.id:
            barred = rules.partner is not None and rules.partner.asking_bars_slam
            return ('ask "Helfer?": the partner answers "Hier!" and is known from now on'
                    + ("; the party may then not play on for every trick" if barred else ""))
        if aid == PASS.id:
            return 'play on without asking "Helfer?"'
        if aid == STOP.id:
            return self.stop_means()
        return self.continue_means() if aid == CONTINUE.id else ""

    def stop_means(self) -> str:
        """What stopping does under this rule, for the declarer choosing it."""
        return "stop play now"

    def continue_means(self) -> str:
        """What going on does under this rule, for the declarer choosing it."""
        return "play on for every trick"

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        if aid == CONTINUE.id and rules.partner is not None and state.flags & Flags.ASKED:
            return "after asking \"Helfer?\" the party may not play on for all the tricks"
        return "that decision is not open to the declarer now"


@register("early_end", "end.prime_or_continue")
@attrs.frozen
class PrimeOrContinue(EarlyEnd):
    """After a sweep of the first ``first_tricks`` tricks the declarer stops (prime) or goes on
    for all the tricks; otherwise play ends as soon as the result is certain (AMB-54).
    ``prime_bonus``: whether stopping scores a bonus (S-WIK) or only claims the game (S-PAR).
    ``prime_at``: prime after ``first_tricks``, or after the contract's own number of tricks
    [S-002: "If bidder's party wins all tricks to the number bid, they can stop the game"].
    ``forced_go_on``: whether a forced contract's party may go on (Quadrille law 16: no)."""

    first_tricks: int = 5
    #: the first tricks are some of a hand's
    limits: ClassVar = {"first_tricks": Limit(1, "hand")}
    stop_when_decided: bool = True
    prime_bonus: bool = True
    prime_at: Literal["first_tricks", "contract"] = "first_tricks"
    #: whether the party of a forced contract may play on too [S-HOY law 16: "Forced spadille
    #: ... nor is he allowed to play for the vole"]
    forced_go_on: bool = True
    #: who stops or goes on: the ``declarer``, or the party's ``trick_winner`` of the last of the
    #: first tricks, told his partner first [S-HOY law 20: "he who won the sixth ought to say,
    #: 'I play the vole;' or, 'I do not play the vole'"; law 19: "The ombre is entitled to know
    #: his king called, before he declares for the vole"]
    decided_by: Literal["declarer", "trick_winner"] = "declarer"

    def opening_tricks(self, rules: Rules) -> int:
        """The first ``first_tricks`` tricks."""
        return self.first_tricks

    def deciding(self, state: GameState, decisions: list[int]) -> GameState:
        """The declarer decides, or (``decided_by: trick_winner``) whoever of the party won the
        trick that ended the sweep, and the partner is known from then on (laws 19, 20)."""
        if self.decided_by == "declarer" or STOP.id not in decisions:
            return super().deciding(state, decisions)
        return replace(state, phase=Phase.DECIDE, player=state.tricks[-1].winner,
                       flags=state.flags | Flags.REVEALED)

    def stop_means(self) -> str:
        return ("stop now and score prime" if self.prime_bonus
                else "stop now: the game is made")

    def continue_means(self) -> str:
        lost = ", and cannot score prime" if self.prime_bonus else ""
        return f"play on: the party must then take every trick{lost}"

    def objective(self, rules: Rules, state: GameState) -> int:
        """The tricks the party must take: the contract's, or all of them after Tout or a
        decision to go on (AMB-04)."""
        return raised_objective(rules, state)

    def decisions(self, rules: Rules, state: GameState) -> list[int]:
        """The decision actions open to the declarer after the trick just completed: stop or go
        on after a sweep he can see (only stop once "Helfer?" barred the slam), and the partner
        rule's "Helfer?" after the first tricks and each later one while the hand goes on and
        the called card is unplayed [S-WIK; AMB-08]."""
        flags = state.flags
        if flags & _SETTLED:
            return []
        contract = state.contract
        assert contract is not None
        at = (self.first_tricks if self.prime_at == "first_tricks"
              else rules.contract_def(contract.kind).tricks)
        done = len(state.tricks)
        partner = rules.partner
        ask = [ASK.id] if partner is not None and partner.may_ask(state) else []
        cdef = rules.contract_def(contract.kind)
        if done == at and at < rules.hand_size and cdef.tricks < rules.hand_size and (
                self.forced_go_on or not cdef.forced):
            if self.decided_by == "trick_winner":  # the partner is told before (law 19)
                won = set(state.party()).issuperset(trick.winner for trick in state.tricks)
            else:
                won, _ = declarer_sees_party_sweep(state)
            if won and not contract.tout:
                if partner is not None and partner.asking_bars_slam and flags & Flags.ASKED:
                    return [STOP.id]
                return sorted([STOP.id, CONTINUE.id, *ask])
        if done < self.first_tricks:
            return [PASS.id, *ask] if ask and not self.finished(rules, state) else []
        if ask and (done == self.first_tricks or not self.finished(rules, state)):
            return [PASS.id, *ask]
        return []

    def finished(self, rules: Rules, state: GameState) -> bool:
        """Whether the hand ends now."""
        flags = state.flags
        if flags & Flags.STOPPED or len(state.tricks) == rules.hand_size:
            return True
        if not self.stop_when_decided:
            return False
        objective = raised_objective(rules, state)  # ``objective``, without a call (each trick)
        party, defenders = state.party_tricks()
        return party >= objective or lost_for_good(rules, state, party, defenders, objective)

    def made(self, rules: Rules, state: GameState) -> bool:
        """Whether the party met its objective."""
        party, _ = state.party_tricks()
        return bool(state.flags & Flags.STOPPED) or party >= self.objective(rules, state)

    def trick_goal(self, rules: Rules, state: GameState) -> int | None:
        """The objective: stopping after a sweep of at least the objective's tricks has them
        anyway, and going on only raises it. A stop still to come after fewer tricks than the
        objective (prime after five in an eight-trick game) makes the game short of them."""
        if state.flags & Flags.STOPPED:
            return 0
        objective = self.objective(rules, state)
        contract = state.contract
        assert contract is not None
        at = (self.first_tricks if self.prime_at == "first_tricks"
              else rules.contract_def(contract.kind).tricks)
        if (at >= objective or state.flags & _SETTLED or contract.tout
                or len(state.tricks) > at):
            return objective
        return None

    def describe(self) -> list[Clause]:
        return self._describe(graded=False)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``; where the settlement grades a lost game, play goes on until the
        grade is known."""
        return self._describe(graded=_graded(slots))

    def _describe(self, graded: bool) -> list[Clause]:
        first = (f"each of the first {self.first_tricks} tricks"
                 if self.prime_at == "first_tricks"
                 else "every trick until it has the tricks its contract needs")
        stop = ("score the bonus for prime" if self.prime_bonus
                else "claim the game, which is then made")
        lost = ", and cannot score prime" if self.prime_bonus else ""
        by_winner = self.decided_by == "trick_winner"
        who = "whoever of the party won the last of them" if by_winner else "the declarer"
        clauses = [
            Clause(f"If the declarer's party wins {first}, {who} may stop play and "
                   f"{stop}, or play on; a party that plays on must take every trick{lost}.",
                   "first_tricks", (*(("prime_at",) if self.prime_at != "first_tricks" else ()),
                                    "prime_bonus", *(("decided_by",) if by_winner else ()))),
            Clause("The declarer is told who his partner is before that decision, and a partner "
                   "not yet known who decides makes himself known by it.", "decided_by")
            if by_winner else
            Clause("The declarer decides from what he can see: while his partner is unknown, "
                   "a trick won by another player is not known to be his party's.",
                   "first_tricks"),
        ]
        if not self.forced_go_on:
            clauses.append(Clause("The party of a forced contract may not play on: it stops when "
                                  "it has its tricks.", "forced_go_on"))
        if self.stop_when_decided:
            clauses.append(Clause("Otherwise play stops as soon as the result is certain: when "
                                  "the party has its tricks, or can no longer get them"
                                  + _GRADED[graded] + ".", "stop_when_decided"))
        return clauses


#: what "the result is certain" adds where the settlement grades a lost game (a codille)
_GRADED = ("", " and it is known how many tricks below its objective it ends")


def _graded(slots: Mapping[str, RuleModule]) -> bool:
    """Whether the settlement among ``slots`` grades a lost game by the party's tricks."""
    settlement = slots.get("settlement")
    return isinstance(settlement, SettlementRules) and bool(settlement.grades)


@register("early_end", "end.first_and_last")
@attrs.frozen
class FirstAndLast(EarlyEnd):
    """[S-NIE] "First" (the first five tricks) then a stop-or-go-on decision for "Last" (every
    trick); going on does not raise the contract's objective, and a failed try only forfeits
    First (AMB-35). With ``last_choice: none`` there is no decision: a party that has taken
    every trick plays on for Last, and losing a trick later forfeits nothing (AMB-35,
    EDITORIAL). A misère contract ends when every declarer has taken a trick [S-NIE Kicker:
    "The bidder cannot get any tricks. If he/she does, the hand is over."; AMB-33]."""

    first_tricks: int = 5
    #: the first tricks are some of a hand's
    limits: ClassVar = {"first_tricks": Limit(1, "hand")}
    stop_when_decided: bool = True
    #: after First, the party chooses to ``stop_or_continue`` (AMB-35), or has ``none``
    last_choice: Literal["stop_or_continue", "none"] = "stop_or_continue"

    def opening_tricks(self, rules: Rules) -> int:
        """The first ``first_tricks`` tricks."""
        return self.first_tricks

    def stop_means(self) -> str:
        return 'stop now and collect "First"'

    def continue_means(self) -> str:
        return 'play on for "Last" (every trick); losing a trick forfeits "First"'

    def objective(self, rules: Rules, state: GameState) -> int:
        """The tricks the party must take: the contract's (all of them after Tout)."""
        contract = state.contract
        assert contract is not None
        return rules.hand_size if contract.tout else rules.contract_def(contract.kind).tricks

    def decisions(self, rules: Rules, state: GameState) -> list[int]:
        """Stop or go on, once the party has swept the first tricks and has its objective, as
        far as the declarer can see."""
        contract = state.contract
        assert contract is not None
        if (rules.contract_def(contract.kind).misere or state.flags & _SETTLED
                or self.last_choice == "none"):
            return []
        at = max(self.first_tricks, self.objective(rules, state))
        if len(state.tricks) != at or at >= rules.hand_size:
            return []
        won, _ = declarer_sees_party_sweep(state)
        return [STOP.id, CONTINUE.id] if won else []

    def finished(self, rules: Rules, state: GameState) -> bool:
        """Whether the hand ends now."""
        total = rules.hand_size
        if state.flags & Flags.STOPPED or len(state.tricks) == total:
            return True
        contract = state.contract
        assert contract is not None
        if rules.contract_def(contract.kind).misere:
            return all(state.won[seat] for seat in contract.declarers)
        if not self.stop_when_decided:
            return False
        party, defenders = state.party_tricks()
        if state.flags & Flags.CONTINUED or (self.last_choice == "none" and not defenders):
            return defenders > 0
        objective = self.objective(rules, state)
        return party >= objective or defenders > total - objective

    def made(self, rules: Rules, state: GameState) -> bool:
        """Whether the declarer met the contract: no trick at all in a misère, else its
        tricks (going on for Last never unmakes it)."""
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        if rules.contract_def(contract.kind).misere:
            return state.won[contract.declarer] == 0
        party, _ = state.party_tricks()
        return party >= self.objective(rules, state)

    def trick_goal(self, rules: Rules, state: GameState) -> int | None:
        """The objective, which going on for Last does not change (a stop comes only once the
        party has it); none in a misère, where the party must take no trick."""
        contract = state.contract
        assert contract is not None
        if rules.contract_def(contract.kind).misere:
            return None
        return self.objective(rules, state)

    def describe(self) -> list[Clause]:
        n = self.first_tricks
        if self.last_choice == "none":
            clauses = [Clause(f"If the declarer's party wins each of the first {n} tricks "
                              "(\"First\"), play goes on for \"Last\" (every trick) without a "
                              "choice; a trick lost later ends the hand and forfeits nothing.",
                              "first_tricks", ("last_choice",))]
        else:
            clauses = [
                Clause(f"If the declarer's party wins each of the first {n} tricks (\"First\") "
                       "and has made its contract, the declarer may stop, or play on for "
                       "\"Last\" (every trick). Playing on does not change the contract; if the "
                       "party then loses a trick, it loses First but its contract stands.",
                       "first_tricks", ("last_choice",)),
                Clause("The declarer decides from what he can see: while his partner is "
                       "unknown, a trick won by another player is not known to be his party's.",
                       "first_tricks"),
            ]
        clauses += [
            Clause("In a contract where the declarer must take no trick, the hand ends as soon "
                   "as every declarer has taken a trick.", needs="misere"),
        ]
        if self.stop_when_decided:
            clauses.append(Clause("Otherwise play stops as soon as the result is certain.",
                                  "stop_when_decided"))
        return clauses


@register("early_end", "end.abandon_at_five")
@attrs.frozen
class AbandonAtFive(EarlyEnd):
    """[S-FOS: "The hands are abandoned as soon as the bidder takes five tricks, if he is
    playing anything but a tout. If he goes on he must win all eight tricks, or lose the value
    of a tout."] Going on is offered only after a sweep of every trick so far (AMB-23 a), or
    whenever the party takes its tricks (``go_on_when: any_time``, AMB-23 b); a game nobody
    declares is played to the last trick."""

    go_on: bool = True
    stop_when_lost: bool = True

    #: that a game nobody declares is played to the last trick
    topics = ("played_out",)
    go_on_when: Literal["sweep", "any_time"] = "sweep"

    def stop_means(self) -> str:
        return "stop: the hand is abandoned and the game made"

    def continue_means(self) -> str:
        return "go on: the game becomes a Tout, won by taking every trick or lost"

    def objective(self, rules: Rules, state: GameState) -> int:
        """The tricks the party needs: its contract's, or all of them once it went on."""
        return raised_objective(rules, state)

    def decisions(self, rules: Rules, state: GameState) -> list[int]:
        """Stop or go on, when the party has just taken its tricks without losing one, as far
        as the declarer can see."""
        contract = state.contract
        assert contract is not None
        if (not self.go_on or contract.declarer is None
                or state.flags & _SETTLED):
            return []
        objective = self.objective(rules, state)
        if objective >= rules.hand_size:
            return []
        if self.go_on_when == "any_time":
            party, _ = state.party_tricks()
            reached = party == objective and state.tricks[-1].winner in state.party()
            return [STOP.id, CONTINUE.id] if reached else []
        if len(state.tricks) != objective:
            return []
        won, _ = declarer_sees_party_sweep(state)
        return [STOP.id, CONTINUE.id] if won else []

    def finished(self, rules: Rules, state: GameState) -> bool:
        """Whether the hand ends now: abandoned at the party's tricks, lost for good (if
        ``stop_when_lost``), or after the last trick."""
        contract = state.contract
        assert contract is not None
        if state.flags & Flags.STOPPED or len(state.tricks) == rules.hand_size:
            return True
        if contract.declarer is None:
            return False
        objective = raised_objective(rules, state)  # ``objective``, without a call (each trick)
        party, defenders = state.party_tricks()
        return party >= objective or (self.stop_when_lost
                                      and lost_for_good(rules, state, party, defenders, objective))

    def made(self, rules: Rules, state: GameState) -> bool:
        """Whether the party took its tricks (stopping after a sweep has taken them)."""
        party, _ = state.party_tricks()
        return bool(state.flags & Flags.STOPPED) or party >= self.objective(rules, state)

    def trick_goal(self, rules: Rules, state: GameState) -> int | None:
        """The objective: a stop is offered only once the party has it, and going on only
        raises it."""
        return 0 if state.flags & Flags.STOPPED else self.objective(rules, state)

    def describe(self) -> list[Clause]:
        return self._describe(graded=False)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``; where the settlement grades a lost game, play goes on until the
        grade is known."""
        return self._describe(graded=_graded(slots))

    def _describe(self, graded: bool) -> list[Clause]:
        clauses = [Clause("Play is abandoned as soon as the declarer's party has taken the tricks "
                          "its game needs.")]
        if self.go_on:
            when = ("If the party has won every trick so far" if self.go_on_when == "sweep" else
                    "Whenever the party takes its tricks, even after losing one")
            clauses += [
                Clause(f"{when}, the declarer may instead go on: the game becomes a Tout, and "
                       "the party must win every trick or lose the value of a Tout.",
                       "go_on_when"),
                Clause("The declarer decides from what he can see: while his partner is "
                       "unknown, a trick won by another player is not known to be his party's.",
                       "go_on"),
            ]
        else:
            clauses.append(Clause("The declarer may not go on for all the tricks.", "go_on"))
        if self.stop_when_lost:
            clauses.append(Clause("Play also stops as soon as the party can no longer take its "
                                  "tricks" + _GRADED[graded] + ".", "stop_when_lost"))
        clauses.append(Clause("A game that nobody declares is played to the last trick.",
                              "played_out", needs="declarerless"))
        return clauses
