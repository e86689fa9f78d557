"""Kontra and Re, a house rule for the four-hand variants with a declarer (no source of the
Solo family has it): a rule module of its own, with its own slot, phase, words, remembered
value and effect on the settlement, plugged into solo-rules through the ``solo_rules.rules``
entry point.

After the declaration each player but the declarer, in turn from eldest, may say Kontra
(``kontra``): the game then counts double. After a Kontra the declarer may say Re (``re``): it
counts four times. The multiplier is public: every seat's view shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol, runtime_checkable

import attrs

from solo_rules.actions import PASS, Action, Word
from solo_rules.rules.slots import Describes, History, Rules, Stage, Staged, pack_of
from solo_rules.schema import Clause, RuleModule, Slot, add_slot, register
from solo_rules.state import Effect, GameState, Memory, Phase, replace

__all__ = ["DOUBLED", "KONTRA", "RE", "Doubling", "KontraRe", "KontraStage"]

#: The folder of this package's overlay files (``kontra``), found through the entry point.
VARIANT_FILES = Path(__file__).parent / "variants"

#: The phase in which the opponents may say Kontra and the declarer Re.
KONTRA_PHASE = "kontra"
#: An opponent doubles the game.
KONTRA = Word("kontra", 80, ("double",), "says Kontra: the game counts double")
#: The declarer doubles it again, after a Kontra.
RE = Word("re", 81, ("redouble",), "says Re: the game counts four times")


@runtime_checkable
class DoublingRules(Describes, Staged, Protocol):
    """What the ``kontra`` slot's module is: a rule in prose with phases of its own."""


add_slot(Slot("kontra", "Kontra and Re", "declaration", optional=True), DoublingRules,
         after="partner")


@attrs.frozen
class Doubling:
    """The doubling of a hand so far: the seat that said Kontra (``None``: nobody yet),
    whether the declarer said Re, and how many opponents have passed."""

    kontra: int | None = None
    re: bool = False
    passed: int = 0

    @property
    def multiplier(self) -> int:
        """What the game counts: once, double after Kontra, four times after Re."""
        return 1 if self.kontra is None else 4 if self.re else 2


@attrs.frozen
class _Doubled(Memory[Doubling]):
    """The key of a hand's doubling; every seat sees its multiplier."""

    def seen_by(self, value: Doubling, seat: int, state: GameState) -> object:
        return value.multiplier


#: The key of a hand's doubling on its states.
DOUBLED = _Doubled("kontra")


def _opponents(state: GameState, declarer: int) -> tuple[int, ...]:
    """The seats that may say Kontra: every seat that plays but the declarer, from eldest."""
    return tuple(seat for seat in state.in_turn(state.eldest) if seat != declarer)


@attrs.frozen
class KontraStage(Stage):
    """The opponents in turn say Kontra or pass until one says it; then the declarer says Re
    or passes. A hand without a single declarer has no such phase."""

    phase = KONTRA_PHASE
    after = (Phase.DECLARE, Phase.CALL, Phase.TRUMP, "exchange")
    before = (Phase.PLAY,)
    expects = "Kontra, Re or a pass"

    def words(self, rules: Rules) -> Iterable[Word]:
        return (PASS, KONTRA, RE)

    def actions(self, rules: Rules) -> Iterable[Action]:
        return ()

    def said_most(self, rules: Rules) -> int:
        """Each opponent once and the declarer once."""
        return rules.players

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        contract = state.contract
        if contract is None or contract.declarer is None or contract.co_declarers:
            return None
        first = _opponents(state, contract.declarer)[0]
        return replace(state, phase=KONTRA_PHASE, player=first,
                       memory=DOUBLED.kept(state.memory, Doubling()))

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        doubling = DOUBLED.of(state)
        assert doubling is not None
        return (PASS.id, KONTRA.id) if doubling.kontra is None else (PASS.id, RE.id)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """A Kontra hands the word to the declarer; the last opponent's pass, or the
        declarer's answer, ends the phase."""
        doubling = DOUBLED.of(state)
        contract = state.contract
        assert doubling is not None and contract is not None and contract.declarer is not None
        declarer = contract.declarer
        if doubling.kontra is None and aid == KONTRA.id:
            doubling = attrs.evolve(doubling, kontra=state.player)
            return replace(state, player=declarer, history=history,
                           memory=DOUBLED.kept(state.memory, doubling))
        if doubling.kontra is None:
            doubling = attrs.evolve(doubling, passed=doubling.passed + 1)
            opponents = _opponents(state, declarer)
            state = replace(state, history=history, memory=DOUBLED.kept(state.memory, doubling))
            if doubling.passed < len(opponents):
                return replace(state, player=opponents[doubling.passed])
            return rules.advance(state)
        doubling = attrs.evolve(doubling, re=aid == RE.id)
        return rules.advance(replace(state, history=history,
                                     memory=DOUBLED.kept(state.memory, doubling)))

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        doubling = DOUBLED.of(state)
        if doubling is not None and doubling.kontra is None:
            return "Re answers a Kontra: an opponent says Kontra or passes first"
        return "Kontra has been said: the declarer says Re or passes"

    def settles(self, rules: Rules, state: GameState) -> Effect | None:
        """The game counts double after Kontra, four times after Re."""
        doubling = DOUBLED.of(state)
        if doubling is None or doubling.kontra is None:
            return None
        return Effect("Re" if doubling.re else "Kontra", multiplier=doubling.multiplier)

    def settles_most(self, rules: Rules) -> Effect | None:
        return Effect("Re", multiplier=4)


@register("kontra", "kontra.kontra_re")
@attrs.frozen
class KontraRe(RuleModule, DoublingRules):
    """Kontra and Re (a house rule): the opponents may double the game, the declarer may
    double it again."""

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless four play: the rule is written for a declarer against
        the three others."""
        if pack_of(slots).players != 4:
            raise ValueError("kontra.kontra_re is a rule of four-hand games")

    def stages(self) -> tuple[Stage, ...]:
        return (KontraStage(),)

    def describe(self) -> list[Clause]:
        return [
            Clause("Once the contract is declared (and any partner called and trumps named), "
                   "each player but the declarer, in turn from eldest hand, may say Kontra "
                   "until one does: the game then counts double, won or lost."),
            Clause("After a Kontra the declarer may say Re: the game then counts four times."),
        ]
