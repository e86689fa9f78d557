"""The pot (Stamm) and its fees: the three-hand Solo of Pierer's "Rothspitzen" (S-PIE-ROT;
ADDENDUM §A2b, AMB-73..81) and the same frame for four-hand Solo (S-CAS "Einsatz" and
"Gebühren"; §A2c, AMB-86, reconstructed).

[S-PIE-ROT: "Der Preis des Spiels ist dem Werthe des Stammes gleich; jeder Matador u. die fünf
ersten Stiche werden außerdem mit dem vierten Theile des Werths des Stammes u. alle Stiche
(tout) mit dem zweifachen Werthe desselben bezahlt."] The scoring (``scoring.stamm_fees``) counts
the fees in quarters of a Stamm; the settlement (``settlement.pot_and_fees``) moves Stämme
between the players and the pot, which outlives the hand: a match carries it (``Match.pot``)
and plays each hand under its variant with the pot it stands at (``pot``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from solo_rules.bounds import Limit
from solo_rules.cards import card_ids
from solo_rules.ranking import Trump
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.early_end import raised_objective
from solo_rules.rules.settlement import Settlement, caller_alone_open, scored, single_side
from solo_rules.rules.slots import Rules, ScoringRules, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Flags, GameState, Outcome, build_outcome, dealt_mask

__all__ = ["PotAndFees", "StammFees", "matador_run", "party_dealt"]


@register("scoring", "scoring.stamm_fees")
@attrs.frozen
class StammFees(RuleModule, ScoringRules):
    """Pierer's fees, in quarters of the Stamm, paid by each opponent to a winner and by a
    loser to each opponent [S-PIE-ROT]: ``matador`` per matador of the party's (its unbroken
    run from the top trump, AMB-80 a; or each of the three named matadors it holds,
    ``matadors: named``, b), ``prime`` for the first five tricks won straight when the declarer
    stops after them (AMB-75 a), and ``tout`` for all the tricks, after going on (paid by the
    declarer if a later trick escapes him, who still wins his game: AMB-76 a, c) or in a game
    for all of them. The game itself is paid by the Stamm (``settlement.pot_and_fees``), not by
    a value."""

    matador: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    prime: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    tout: int = attrs.field(default=8, validator=attrs.validators.ge(0))
    matadors: Literal["run", "named"] = "run"

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless the settlement pays these fees in quarters of a Stamm."""
        if not isinstance(slots.get("settlement"), PotAndFees):
            raise ValueError("scoring.stamm_fees counts in quarters of a Stamm, so the "
                             "settlement must be settlement.pot_and_fees")

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party won its game, and the fees, in quarters of a Stamm: a fee that
        goes against the result (a failed tout after a won game) is negative."""
        contract = state.contract
        assert contract is not None
        flags = state.flags
        party, _ = state.party_tricks()
        cdef = rules.contract_def(contract.kind)
        needed = raised_objective(rules, state) if contract.tout else cdef.tricks
        made = contract.declarer is not None and (bool(flags & Flags.STOPPED) or party >= needed)
        parts = []
        if contract.trump is not None and contract.trump != Trump.NONE:
            parts.append(("matadors", self.matador * self.held(rules, state, contract.trump)))
        if flags & Flags.STOPPED:
            parts.append(("first five", self.prime))
        if contract.tout or flags & Flags.CONTINUED or cdef.tricks >= rules.hand_size:
            swept = party == rules.hand_size
            parts.append(("tout", self.tout if swept or not made else -self.tout))
        return made, [(name, value) for name, value in parts if value]

    def held(self, rules: Rules, state: GameState, trump: Trump) -> int:
        """The matadors the party was dealt: its unbroken run of trumps from the top of the
        pack's trumps [S-SPZ: "These three cards are matadors, as are any other cards of the
        trump suit that follow them consecutively"; AMB-80 a], or (``named``) how many of the
        three named matadors it holds, in any order (AMB-80 b)."""
        if self.matadors == "named":
            return (party_dealt(state) & rules.trump_tables[trump].matadors).bit_count()
        return matador_run(rules, state, trump)

    @property
    def values_contracts(self) -> bool:
        """The game is paid by the Stamm, not by a contract's value."""
        return False

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """Every trump a matador, the first five and the tout (whatever the contract)."""
        most = max(len(_trump_order(rules, trump)) for trump in Trump if trump != Trump.NONE)
        return most * self.matador + self.prime + self.tout

    def describe(self) -> list[Clause]:
        counted = ("the unbroken run of trumps it holds from the highest: the three named "
                   "matadors and any trumps that follow them without a gap, and none without "
                   "the highest" if self.matadors == "run" else
                   "each of the three named matadors it holds, in sequence or not")
        return [
            Clause("The game itself is paid with the Stamm (see the settlement); besides it, "
                   "fees are paid in quarters of the Stamm's value, by each opponent to a "
                   "declarer who wins and by a declarer who loses to each opponent."),
            Clause(f"Matadors: {_quarters(self.matador)} for each matador of the declarer's "
                   f"party, counting {counted}.", "matador", ("matadors",)),
            Clause(f"First five: {_quarters(self.prime)} when the declarer's party wins the "
                   "first five tricks straight and he stops after them.", "prime"),
            Clause(f"Tout: {_quarters(self.tout)} when the party takes every trick, having gone "
                   "on after the first five or played a game for all of them; if a trick "
                   "escapes a party that went on, it pays the tout to each opponent instead, "
                   "but still wins its game and its matadors.", "tout"),
        ]


def _quarters(count: int) -> str:
    """``a quarter of the Stamm``, ``twice the Stamm``, ``3 quarters of the Stamm``."""
    whole, part = divmod(count, 4)
    if not part:
        return {0: "nothing", 1: "the Stamm's value", 2: "twice the Stamm's value"}.get(
            whole, f"{whole} times the Stamm's value")
    return ("a quarter of the Stamm's value" if count == 1
            else f"{count} quarters of the Stamm's value")


def party_dealt(state: GameState) -> int:
    """The mask of the cards the declarer's party was dealt."""
    held = 0
    for seat in state.party():
        held |= dealt_mask(state, seat)
    return held


def matador_run(rules: Rules, state: GameState, trump: Trump) -> int:
    """The party's unbroken run of trumps, as dealt, from the top of the pack's trumps: its
    matadors and false matadors [S-HOY p. 279: "False matadores are any sequence of trumps
    following the matadores regularly"; S-SPZ; AMB-80 a]."""
    held = party_dealt(state)
    run = 0
    for card in _trump_order(rules, trump):
        if not held >> card & 1:
            break
        run += 1
    return run


def _trump_order(rules: Rules, trump: int) -> tuple[int, ...]:
    """The trumps of the pack under ``trump``, highest first."""
    tables = rules.trump_tables[trump]
    return tuple(sorted(card_ids(rules.pack & tables.trump_mask),
                        key=lambda card: -tables.power[card]))


@register("settlement", "settlement.pot_and_fees")
@attrs.frozen
class PotAndFees(Settlement):
    """The pot (Stamm) and the fees [S-PIE-ROT; S-CAS: "erhält er nicht nur den Einsatz,
    sondern auch bestimmte Gebühren von jedem Gegner"]. Before each deal one Stamm of ``stamm``
    counters (the price of the game) is set by the dealer (AMB-73 a), or by all in equal
    parts (``stake: shared``, b), or one by each player (``each``, c); a throw-in leaves it
    standing (AMB-81). A winner draws the Stämme standing, at most ``cap`` (AMB-79), and is paid
    the fees by each opponent; a loser sets as many as he would have drawn and pays the fees
    (``loss: double``, AMB-78 a), twice as many, at most ``cap``, below ``codille_below`` tricks
    (codille, c); or the opponents share what he would have drawn and no fees are paid
    (``loss: forfeit``, S-CAS's second option, AMB-86). ``price_each``: each opponent also pays
    a winner, and a loser each opponent, the price of the game (AMB-74 b). Two partners share
    (EDITORIAL, from Quadrille, S-HOYUS p. 77): a caller who took fewer than
    ``caller_alone_below`` tricks pays alone, except in a forced game. ``pot``: the counters
    standing when the hand is dealt, before its Stamm is set: the match's, not a rule (0 for a
    hand on its own)."""

    stamm: int = attrs.field(default=4, validator=attrs.validators.ge(4))
    cap: int = attrs.field(default=3, validator=attrs.validators.ge(1))
    stake: Literal["dealer", "shared", "each"] = "dealer"
    loss: Literal["double", "forfeit"] = "double"
    codille_below: int | None = None
    price_each: bool = False
    caller_alone_below: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    pot: int = attrs.field(default=0, validator=attrs.validators.ge(0))

    #: the two thresholds are counts of tricks
    limits: ClassVar = {"codille_below": Limit(0, "hand"), "caller_alone_below": Limit(0, "hand")}

    zero_sum = False

    def __attrs_post_init__(self) -> None:
        if self.stamm % 4:
            raise ValueError(f"stamm: the fees are quarters of the Stamm, so it must be a "
                             f"multiple of 4, got {self.stamm}")

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless the scoring counts the fees (``scoring.stamm_fees``)
        and a shared Stamm divides among the players."""
        if not isinstance(slots.get("scoring"), StammFees):
            raise ValueError("settlement.pot_and_fees pays the fees of scoring.stamm_fees")
        players = pack_of(slots).players
        if self.stake == "shared" and self.stamm % players:
            raise ValueError(f"stake: shared: a Stamm of {self.stamm} does not divide among "
                             f"{players} players")

    # -- the pot ---------------------------------------------------------------------------

    @property
    def keeps_pot(self) -> bool:
        """The Stamm outlives the hand."""
        return True

    def pot_after(self, pot: int, outcome: Outcome) -> int:
        """What the players paid in, less what they drew: every counter that is not a
        player's is the pot's."""
        return pot - sum(outcome.scores)

    @property
    def grades(self) -> tuple[int, ...]:
        """A codille costs double (S-PIE-ROT: "wenn er weniger als vier Stiche macht (codille
        wird), muß er dasselbe doppelt ... bezahlen")."""
        return () if self.codille_below is None else (self.codille_below,)

    def waits(self, rules: Rules, state: GameState) -> bool:
        """Whether the caller's own tricks to come can still decide that he pays a loss alone
        (``caller_alone_below``); a forfeit costs the party nothing to divide."""
        return self.loss != "forfeit" and caller_alone_open(rules, state,
                                                            self.caller_alone_below)

    def staked(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """What each seat puts into the pot before the deal [S-PIE-ROT: "gibt, nach Setzen
        des Stammes"]: the dealer a Stamm (AMB-73 a), everyone a share of it (b), or everyone
        a Stamm (c)."""
        seats = range(len(state.hands))
        if self.stake == "dealer":
            return tuple([self.stamm if seat == state.dealer else 0 for seat in seats])
        share = self.stamm // len(state.hands) if self.stake == "shared" else self.stamm
        return (share,) * len(state.hands)

    def units(self) -> int:
        """One score unit of the fees is a quarter of the Stamm."""
        return self.stamm // 4

    # -- the hand --------------------------------------------------------------------------

    def _played(self, rules: Rules, state: GameState) -> Outcome:
        """The Stamm set before the deal, then the Stämme drawn or set and the fees paid."""
        staked = self.staked(rules, state)
        standing = self.pot + sum(staked)
        reach = min(standing // self.stamm, self.cap)  # the Stämme a game is played for
        contract = state.contract
        played_for = f"the pot stood at {standing} ({_stamms(standing // self.stamm)})"
        if contract is None:
            return build_outcome(None, None, None, 0, 0, False, tuple(-s for s in staked), (),
                                 f"thrown in: no contract was played; {played_for}")
        state, contract, made, parts, party, defenders, draw = scored(rules, state)
        if draw:
            return build_outcome(contract, contract.declarer, contract.partner, party,
                                 defenders, False, tuple(-s for s in staked), (),
                                 f"drawn: the sides took equal tricks; {played_for}")
        sign = 1 if made else -1
        forfeit = not made and self.loss == "forfeit"
        count = reach
        if not made and self.codille_below is not None and party < self.codille_below:
            count = min(2 * reach, self.cap)
        from_pot = reach * self.stamm if made else 0 if forfeit else -count * self.stamm
        fees = [] if forfeit else [(name, sign * value * self.units()) for name, value in parts]
        price = [("price", sign * self.stamm)] if self.price_each and not forfeit else []
        each = sum(v for _, v in fees + price)
        gains = self._payments(rules, state, from_pot, each,
                               reach * self.stamm if forfeit else 0)
        scores = tuple(gain - stake for gain, stake in zip(gains, staked, strict=True))
        note = ("drew" if made else "left to the opponents" if forfeit else "set")
        return build_outcome(contract, contract.declarer, contract.partner, party, defenders,
                             made, scores, tuple([("Stamm", from_pot), *price, *fees]),
                             f"{played_for}; the party {note} "
                             f"{_stamms(reach if made or forfeit else count)}")

    def _payments(self, rules: Rules, state: GameState, from_pot: int, each: int,
                  shared: int) -> tuple[int, ...]:
        """What each seat gains: the party ``from_pot`` and ``each`` from every opponent, who
        pays it, the partners sharing; the opponents share ``shared`` drawn from the pot."""
        side = single_side(rules, state)
        sitting = rules.sitting_out(state)
        gains = [0] * len(state.hands)
        opponents = [seat for seat in state.in_turn(state.dealer)
                     if seat not in side and not sitting >> seat & 1]
        for seat in opponents:
            gains[seat] -= each
        if shared:
            for seat, share in _divided(shared, _by_highest_trump(rules, state,
                                                                  opponents)).items():
                gains[seat] += share
        total = from_pot + each * len(opponents)
        if len(side) == 1:
            gains[side[0]] += total
        elif len(side) == 2:
            declarer, partner = side
            contract = state.contract
            assert contract is not None
            if (total < 0 and not rules.contract_def(contract.kind).forced
                    and state.won[declarer] < self.caller_alone_below):
                gains[declarer] += total
            else:
                half = abs(total) // 2 * (1 if total >= 0 else -1)
                gains[declarer] += total - half
                gains[partner] += half
        return tuple(gains)

    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """The fees of a signed value alone, as each seat pays or receives them (no Stamm)."""
        return self._payments(rules, state, 0, value * self.units(), 0)

    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """The fees of ``value`` from every opponent (of each declarer's own game, when
        joint)."""
        return value * self.units() * (rules.players - 1) * (2 if joint else 1)

    def bound(self, rules: Rules) -> int:
        """The most Stämme drawn or set, every fee and price from every opponent, and a Stamm
        set before the deal."""
        price = self.stamm * (rules.players - 1) if self.price_each else 0
        return self.cap * self.stamm + super().bound(rules) + price + self.stamm

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        return self._describe(players=3)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``, with the share of a Stamm at this table."""
        return self._describe(players=pack_of(slots).players)

    def _describe(self, players: int) -> list[Clause]:
        stake = {
            "dealer": f"the dealer sets one Stamm of {self.stamm} counters, the price of the "
                      "game, into the pot",
            "shared": f"each player puts {self.stamm // players} counters into the pot, together "
                      f"one Stamm of {self.stamm}, the price of the game",
            "each": f"each player sets one Stamm of {self.stamm} counters, the price of the "
                    "game, into the pot",
        }[self.stake]
        codille = ("" if self.codille_below is None else
                   f"; with fewer than {self.codille_below} tricks (codille) he sets twice as "
                   f"many, at most {self.cap}")
        loss = {
            "double": "A declarer who loses (bête) sets as many Stämme as he would have drawn"
                      f"{codille}, and pays each opponent the fees he would have received.",
            "forfeit": "When the declarer loses, his opponents share the Stämme he would have "
                       "drawn, an odd counter to the opponent dealt the highest trump first; "
                       "no fees are paid.",
        }[self.loss]
        clauses = [
            Clause(f"Before each deal {stake}. The pot is carried from hand to hand: a hand "
                   "that everyone passes is thrown in and the Stämme stand for the next.",
                   "stake", ("stamm",)),
            Clause(f"A declarer who wins draws the Stämme that stand, at most {self.cap}; the "
                   "rest stay in the pot. He is also paid the fees by each opponent.", "cap"),
            Clause(loss, "loss", ("codille_below",) if self.codille_below is not None else ()),
            Clause("Each opponent also pays a declarer who wins, and a declarer who loses pays "
                   "each opponent, the price of the game." if self.price_each else
                   "The price of the game is the Stamm he draws or sets: no opponent pays it.",
                   "price_each"),
            Clause("Two partners share what they win, and share what they lose, the caller the "
                   "odd counter; but a caller who took fewer than "
                   f"{self.caller_alone_below} tricks pays alone, except in a forced game. "
                   "Play goes on until it is known whether he does.",
                   "caller_alone_below", needs="partnership"),
        ]
        return clauses


def _stamms(count: int) -> str:
    """``1 Stamm``, ``3 Stämme``."""
    return f"{count} Stamm" if count == 1 else f"{count} Stämme"


def _divided(amount: int, seats: list[int]) -> dict[int, int]:
    """``amount`` shared by ``seats``, the odd counters to the first of them."""
    share, odd = divmod(amount, len(seats))
    return {seat: share + (1 if n < odd else 0) for n, seat in enumerate(seats)}


def _by_highest_trump(rules: Rules, state: GameState, seats: list[int]) -> list[int]:
    """``seats`` ordered by the highest trump each was dealt, highest first [S-1726 p. 56, the
    odd counter "to him who has the highest Trump"; EDITORIAL for the split of the pot]."""
    contract = state.contract
    assert contract is not None and contract.trump is not None
    tables = rules.trump_tables[contract.trump]

    def best(seat: int) -> int:
        trumps = card_ids(dealt_mask(state, seat) & tables.trump_mask)
        return max((tables.power[card] for card in trumps), default=-1)

    return sorted(seats, key=best, reverse=True)
