"""The bots an analysis seats, by name, and the loop that plays a hand with them.

A bot *reads the values* when its choices depend on the variant's scoring and settlement
(what a contract is worth); the others decide from their view, the legal actions and the
family's card order alone, so a change of scoring leaves every one of their choices as it was.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import NamedTuple

from solo_rules.bots import Bot, HeuristicBot, RandomBot, SamplingBot, ValueBot, skips_forced_moves
from solo_rules.game import CompiledRules
from solo_rules.state import GameState, Phase
from solo_rules.view import build_view

__all__ = ["BOTS", "Played", "play", "reads_values"]

#: The bots a simulation or a study can seat, by name: each made from its seed and the rules
#: it plays.
BOTS: dict[str, Callable[[int, CompiledRules], Bot]] = {
    "heuristic": lambda seed, rules: HeuristicBot(seed, rules),
    "random": lambda seed, _: RandomBot(seed),
    "sampling": lambda seed, rules: SamplingBot(rules, seed),
    "value": lambda seed, rules: ValueBot(rules, seed),
}
_END = Phase.END
_STARTS = (Phase.PLAY, Phase.DECIDE)


def reads_values(name: str, rules: CompiledRules) -> bool:
    """Whether the bot ``name`` chooses from the variant's values (``Bot.reads_values``)."""
    return bool(getattr(BOTS[name](0, rules), "reads_values", False))


class Played(NamedTuple):
    """A finished hand: its end, the state at each trick start of the play (the first lead,
    then after each trick, before any decision of the declarer) and a checksum of its
    actions (equal hands, equal checksums)."""

    end: GameState
    starts: tuple[GameState, ...]
    checksum: int


def play(rules: CompiledRules, state: GameState, bots: list[Bot], *,
         starts: bool = False) -> Played:
    """``state`` played to its end by ``bots`` (one per seat), each asked only when it has a
    choice or draws from one (``skips_forced_moves``); with ``starts``, the trick starts are
    kept too. The checksum is always kept: a sweep's note that hands were played alike at
    every value reads it, whatever the metrics."""
    choose = [bot.choose for bot in bots]
    skips = [skips_forced_moves(bot) for bot in bots]
    legal_actions, apply = rules.legal_actions, rules.apply_id
    kept: list[GameState] = []
    actions: list[int] = []
    while state.phase != _END:  # as ``state.view(seat)`` and ``apply_unchecked``, one call less
        if starts and state.phase in _STARTS and not state.trick \
                and (not kept or len(kept[-1].tricks) != len(state.tricks)):
            kept.append(state)
        seat = state.player
        legal = legal_actions(state)
        if len(legal) == 1 and skips[seat]:  # a forced move: no view built, the bot not asked
            aid = legal[0].id
        else:
            aid = choose[seat](build_view(rules, state, seat, legal)).id
        actions.append(aid)
        state = apply(state, aid)
    return Played(state, tuple(kept), zlib.crc32(",".join(map(str, actions)).encode()))
