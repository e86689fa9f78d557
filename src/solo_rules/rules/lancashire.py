"""Quadrille paid by the Lancashire table (rulebook slots ``scoring`` and ``settlement``;
ADDENDUM §A2f, AMB-89..92).

[S-HOY p. 282: "1. An Ask-leave in a common suit: the same as at plain quadrille; viz. one
a-piece." "5. A solo, common suit: two from each ; mats, three ; double mats, four." "6. A solo
in hearts : four from each; mats, six ; double mats, eight."] Who pays is stated (S-HOYUS p. 77);
the table's other items were not read, so every other amount is EDITORIAL.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from solo_rules.cards import Card, Suit
from solo_rules.ranking import Trump
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.pot import matador_run
from solo_rules.rules.scoring import OmbreOutcome
from solo_rules.rules.settlement import Settlement, caller_alone_open, single_side
from solo_rules.rules.slots import Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, Outcome, dealt_mask

__all__ = ["LancashireTable", "QuadrillePayments"]

#: the red Aces, whose holder may be paid a fish each (S-HOY p. 262, AMB-92)
_RED_ACES = (Card.HA, Card.DA)


def _frozen_values(value: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(dict(value).items()))


def _counters(instance: object, attribute: attrs.Attribute[tuple[tuple[str, int], ...]],
              value: tuple[tuple[str, int], ...]) -> None:
    """Each contract's ``game`` is a whole number of counters, none negative."""
    for contract, counters in value:
        if not isinstance(counters, int) or isinstance(counters, bool) or counters < 0:
            raise ValueError(f"{attribute.name}.{contract}: expected a whole number of counters "
                             f"(0 or more), got {counters!r}")


@register("scoring", "scoring.lancashire")
@attrs.frozen
class LancashireTable(OmbreOutcome):
    """What each adversary pays, by the Lancashire table [S-HOY p. 282]: ``game`` per contract
    (an ask-leave 1, a solo 2: items 1 and 5, stated; forced spadille as an ask-leave and a
    vole bid as a solo, EDITORIAL); ``mats`` more for the three matadors in the side's hands,
    twice that for ``double_mats_at`` trumps in unbroken run (item 5, stated for a solo;
    "mats" read as matadors, INFERRED; for an ask-leave, EDITORIAL); all of it times
    ``preferred_times`` in the preferable suit, hearts (item 6, stated for a solo); times
    ``vole_times`` for the vole [law 21: "He who wins the vole, is to take double the stake
    played for out of the pool", EDITORIAL transfer]. A failed vole keeps the game
    (``failed_vole: keep_game``, law 29, AMB-90 a) or pays the vole (``pays_vole``, S-QFR2, b).
    A lost game pays what it would have won, by remise or by codille alike (S-HOYUS p. 77:
    "pay their adversaries what they should have received if they had won")."""

    game: tuple[tuple[str, int], ...] = attrs.field(
        default=(("ask_leave", 1), ("forced_spadille", 1), ("sans_prendre", 2), ("vole", 2)),
        converter=_frozen_values, validator=_counters)
    mats: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    double_mats_at: int = attrs.field(default=6, validator=attrs.validators.ge(4))
    preferred: Suit = Suit.HEARTS
    preferred_times: int = attrs.field(default=2, validator=attrs.validators.ge(1))
    vole_times: int = attrs.field(default=2, validator=attrs.validators.ge(1))
    failed_vole: Literal["keep_game", "pays_vole"] = "keep_game"
    #: that a lost game pays what it would have won, by remise as by codille
    topics = ("lost_game",)

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless every contract of the ladder has its ``game`` value."""
        ids = {contract.id for contract in ladder_of(slots).contracts}
        missing = sorted(ids - dict(self.game).keys())
        if missing:
            raise ValueError(f"game: no value for {', '.join(missing)}")

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """The result, named as ``OmbreOutcome`` names it, and what each adversary pays for it:
        the game, the mats, the preferable suit's and the vole's multiples."""
        made, parts = super().score(rules, state)
        name = parts[0][0]
        contract = state.contract
        assert contract is not None and contract.trump is not None
        game = dict(self.game)[contract.kind]
        run = matador_run(rules, state, contract.trump)
        mats = (2 * self.mats if run >= self.double_mats_at
                else self.mats if run >= 3 else 0)
        times = self.preferred_times if contract.trump == Trump.of(self.preferred) else 1
        vole = name == "vole" or (name == "game, the vole failed"
                                  and self.failed_vole == "pays_vole")
        if vole and name != "vole":
            made = False
        value = (game + mats) * times * (self.vole_times if vole else 1)
        return made, [(name, value)]

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """A contract's game with double mats, in the preferable suit, for the vole."""
        return ((dict(self.game)[contract.id] + 2 * self.mats) * self.preferred_times
                * self.vole_times)

    @property
    def values_contracts(self) -> bool:
        """The table values each contract."""
        return True

    def describe(self) -> list[Clause]:
        game = dict(self.game)
        suit = self.preferred.name.lower()
        failed = ("still wins its game (law 29)" if self.failed_vole == "keep_game" else
                  "pays the vole to each adversary, as if it had been made against it")
        return [
            *super().describe(),
            Clause(f"Each adversary pays for the game: {game['ask_leave']} for an ask-leave "
                   f"and {game['sans_prendre']} for a solo (sans prendre).", "game"),
            Clause(f"Forced spadille is paid {game['forced_spadille']}.",
                   "game.forced_spadille"),
            Clause(f"A vole bid is paid {game['vole']} for the game, and as a vole if made.",
                   "game.vole"),
            Clause(f"The side that holds the three matadors (mats) is paid {self.mats} more; "
                   f"with {self.double_mats_at} trumps in unbroken run from Spadille (double "
                   f"mats), {2 * self.mats} more.", "mats", ("double_mats_at",)),
            Clause(f"In {suit}, the preferable suit, everything is paid {self.preferred_times} "
                   "times.", "preferred", ("preferred_times",)),
            Clause(f"The vole is paid {self.vole_times} times; a side that plays for the vole "
                   f"and fails {failed}.", "vole_times", ("failed_vole",)),
            Clause("A side that loses, by remise or by codille, pays each adversary what it "
                   "would have been paid had it won.", "lost_game"),
        ]


@register("settlement", "settlement.quadrille")
@attrs.frozen
class QuadrillePayments(Settlement):
    """Counters between the players, as Quadrille divides them [S-HOYUS p. 77]: each adversary
    pays the value to a winner who played alone, and to each of two partners ("one a-piece");
    a loser alone pays it to each adversary; two partners who lose pay it each, "one half by
    him who calls, and the other by him who is called", unless the caller took fewer than
    ``caller_alone_below`` tricks, when he pays alone; never so in forced spadille ("he who is
    called pays half of the losing"; S-HOY p. 265: "he is not beasted"). A self-caller wins
    and loses alone (AMB-91). ``red_ace_fish``: each other player pays the holder of a red Ace
    that many counters for it (S-HOY p. 262, AMB-92; 0, off, by default). ``graded_at``: the
    party's tricks at which the named result changes (remise at 5)."""

    caller_alone_below: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    red_ace_fish: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    graded_at: tuple[int, ...] = (5,)

    zero_sum = True
    #: that a self-caller wins and loses alone (AMB-91)
    topics = ("self_call",)

    @property
    def grades(self) -> tuple[int, ...]:
        """The trick totals at which the named result changes (remise, codille)."""
        return self.graded_at

    def waits(self, rules: Rules, state: GameState) -> bool:
        """Whether the caller's tricks to come can still decide that he pays alone."""
        return caller_alone_open(rules, state, self.caller_alone_below)

    def settle(self, rules: Rules, state: GameState, value: int) -> tuple[int, ...]:
        """Each seat's change for the signed value each adversary pays or is paid."""
        side = single_side(rules, state)
        seats = range(len(state.hands))
        adversaries = [seat for seat in seats if seat not in side]
        gains = [0] * len(state.hands)
        for seat in adversaries:
            gains[seat] -= value
        total = value * len(adversaries)
        if len(side) == 1 or (value < 0 and self._caller_alone(rules, state)):
            gains[side[0]] += total
        else:
            for seat in side:
                gains[seat] += total // 2
        return tuple(gains)

    def _caller_alone(self, rules: Rules, state: GameState) -> bool:
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        return (not rules.contract_def(contract.kind).forced
                and state.won[contract.declarer] < self.caller_alone_below)

    def outcome(self, rules: Rules, state: GameState) -> Outcome:
        """The hand's result, with the red Aces' fish (``red_ace_fish``) added."""
        outcome = super().outcome(rules, state)
        if not self.red_ace_fish:
            return outcome
        seats = range(len(state.hands))
        fish = [0] * len(state.hands)
        for ace in _RED_ACES:
            holder = next(seat for seat in seats if dealt_mask(state, seat) >> ace & 1)
            for seat in seats:
                fish[seat] += (self.red_ace_fish * (len(state.hands) - 1) if seat == holder
                               else -self.red_ace_fish)
        return self._paid(outcome, tuple(fish), "the red Aces' fish")

    def settled(self, rules: Rules, contract: ContractDef, value: int, joint: bool) -> int:
        """A player alone receives from, or pays, the three others; and the red Aces' fish
        from each other player."""
        return (rules.players - 1) * (value + len(_RED_ACES) * self.red_ace_fish)

    def describe(self) -> list[Clause]:
        clauses = [
            Clause("The players settle in counters between themselves: what one wins, the "
                   "others lose."),
            Clause("A player who plays alone (sans prendre, or having called his own king) is "
                   "paid the value by each adversary if he wins, and pays it to each if he "
                   "loses.", "self_call"),
            Clause("Two partners who win are each paid the value by one adversary; two who "
                   "lose each pay it to one adversary, but a caller who took fewer than "
                   f"{self.caller_alone_below} tricks pays both alone, except in forced "
                   "spadille, where the called partner always pays half. Play goes on until it "
                   "is known whether he does.", "caller_alone_below", needs="partnership"),
        ]
        clauses.append(Clause(f"Each other player pays the holder of a red Ace "
                              f"{self.red_ace_fish} for each." if self.red_ace_fish else
                              "The holder of a red Ace is paid nothing for it.",
                              "red_ace_fish"))
        return clauses
