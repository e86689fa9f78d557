"""Paired simulation of variants: the same seeded deals played by bots in each variant.

Hand ``h`` of a run with seed ``s`` is dealt from ``seeded_deal(rules, s * 2**32 + h)``, so
every variant with the same pack and players gets the same cards and dealer, and the paired
differences compare like with like. The hands run in chunks of seed ranges on any
``concurrent.futures``-style executor (none, a process pool, a Dask ``distributed`` client's
executor); the records come back in hand order, so the numbers do not depend on the executor.
"""

from __future__ import annotations

import functools
import json
import os
import pickle
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, NamedTuple

import attrs

from solo_rules.analysis.chunks import Chunk, ranges, run_chunks
from solo_rules.analysis.stats import Estimate, mean, proportion
from solo_rules.bots import Bot, HeuristicBot, RandomBot, SamplingBot, skips_forced_moves
from solo_rules.compare import incomparable, seeded_deal
from solo_rules.errors import SoloRulesError, check_seed, shown
from solo_rules.game import CompiledRules, compile
from solo_rules.state import Phase
from solo_rules.variant import Variant, load_variant
from solo_rules.view import build_view

__all__ = ["BOTS", "CHUNK", "HAND_SECONDS", "PairedDifference", "SimulationResult", "VariantStats",
           "simulate"]

#: The bots a simulation can seat, by name: each made from its seed and the rules it plays.
BOTS: dict[str, Callable[[int, CompiledRules], Bot]] = {
    "heuristic": lambda seed, _: HeuristicBot(seed),
    "random": lambda seed, _: RandomBot(seed),
    "sampling": lambda seed, rules: SamplingBot(rules, seed),
}
#: Hands per unit of work sent to the executor (fixed, so the work is the same everywhere).
CHUNK = 100
#: The seconds a hand of each bot may take on a worker before the chunk is overdue: far
#: more than a hand takes, so only a stopped or hung worker is given up on.
HAND_SECONDS: dict[str, float] = {"heuristic": 1.0, "random": 1.0, "sampling": 60.0}
#: Seconds added to every chunk's deadline (a worker starting, compiling the rules).
DEADLINE_FLOOR = 30.0
#: The role of a seat in a hand with a declarer.
ROLES = ("declarer", "partner", "defender")
_END = Phase.END


class _Hand(NamedTuple):
    """One finished hand of one variant: what was played, by whom, and the scores (a tuple,
    so a chunk's hands pickle back from a worker cheaply)."""

    contract: str
    declarers: tuple[int, ...]
    partner: int | None
    made: bool
    scores: tuple[int, ...]

    def role(self, seat: int) -> str | None:
        if not self.declarers:
            return None
        if seat in self.declarers:
            return "declarer"
        return "partner" if seat == self.partner else "defender"


def _play(rules: CompiledRules, make: Callable[[int, CompiledRules], Bot], deal_seed: int,
          deal: tuple[tuple[int, ...], int]) -> _Hand:
    """The hand ``deal`` (``seeded_deal(rules, deal_seed)``) played by bots made by ``make``."""
    state = rules.start(*deal)
    bots = [make(deal_seed * 8 + seat, rules) for seat in range(rules.players)]
    choose = [bot.choose for bot in bots]
    skips = [skips_forced_moves(bot) for bot in bots]
    legal_actions, apply = rules.legal_actions, rules.apply_id
    while state.phase != _END:  # as ``state.view(seat)`` and ``apply_unchecked``, one call less
        seat = state.player
        legal = legal_actions(state)
        if len(legal) == 1 and skips[seat]:  # a forced move: no view built, the bot not asked
            state = apply(state, legal[0].id)
        else:
            state = apply(state, choose[seat](build_view(rules, state, seat, legal)).id)
    outcome = state.outcome()
    contract = outcome.contract
    if contract is None:
        return _Hand("(none)", (), None, False, outcome.scores)
    return _Hand(contract.kind, contract.declarers, outcome.partner, outcome.made,
                 outcome.scores)


def _rows(rules: Sequence[CompiledRules], bots: str, seed: int, start: int, stop: int
          ) -> list[tuple[_Hand, ...]]:
    """Hands ``start`` to ``stop - 1`` of the run, each played in every rule set; a deal is
    dealt once for all the rule sets that deal alike (the same pack, players and hand sizes,
    ``incomparable``: ``seeded_deal`` reads nothing else)."""
    make = BOTS[bots]
    #: per rule set, the first that deals alike (itself if none before it does)
    dealt_as = [next((j for j in range(i) if incomparable(rules[j], r) is None), i)
                for i, r in enumerate(rules)]
    rows = []
    for hand in range(start, stop):
        deal_seed = seed * 2**32 + hand
        deals: list[tuple[tuple[int, ...], int]] = []
        for r, first in zip(rules, dealt_as, strict=True):
            deals.append(seeded_deal(r, deal_seed) if first == len(deals) else deals[first])
        rows.append(tuple(_play(r, make, deal_seed, deal)
                          for r, deal in zip(rules, deals, strict=True)))
    return rows


@functools.lru_cache(maxsize=8)
def _unpacked(packed: bytes) -> tuple[CompiledRules, ...]:
    """The compiled rule sets of pickled variants, once per worker process."""
    return tuple(compile(variant) for variant in pickle.loads(packed))


def _chunk(packed: bytes, bots: str, seed: int, start: int, stop: int
           ) -> list[tuple[_Hand, ...]]:
    """``_rows`` for an executor's worker: the variants come pickled once for the whole run
    (pickling a variant writes its canonical tree) and are compiled once per worker."""
    return _rows(_unpacked(packed), bots, seed, start, stop)


@attrs.frozen
class VariantStats:
    """One variant's statistics over the simulated hands, each with a 95 % interval."""

    variant: str
    hands: int
    #: the share of hands played in each contract ("(none)": thrown in)
    contracts: dict[str, Estimate]
    #: per contract with a declarer, the share of hands the declarer's side made
    make_rates: dict[str, Estimate]
    #: over every hand with a declarer
    make_rate: Estimate
    #: the mean score of each seat per hand
    seat_scores: tuple[Estimate, ...]
    #: the mean score per hand of a seat in each role (declarer, partner, defender)
    role_scores: dict[str, Estimate]
    #: how often each declarer's score occurred (the distribution that ``plot`` draws)
    declarer_scores: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "variant": self.variant, "hands": self.hands,
            "contracts": {k: e.to_dict() for k, e in self.contracts.items()},
            "make_rates": {k: e.to_dict() for k, e in self.make_rates.items()},
            "make_rate": self.make_rate.to_dict(),
            "seat_scores": [e.to_dict() for e in self.seat_scores],
            "role_scores": {k: e.to_dict() for k, e in self.role_scores.items()},
            "declarer_scores": {str(k): n for k, n in self.declarer_scores.items()},
        }


@attrs.frozen
class PairedDifference:
    """``right`` minus ``left`` on the same deals: per seat, and in the declarer's score."""

    left: str
    right: str
    seat_scores: tuple[Estimate, ...]
    #: the difference in the declarer's score, over deals with a declarer in both
    declarer_score: Estimate

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"left": self.left, "right": self.right,
                "seat_scores": [e.to_dict() for e in self.seat_scores],
                "declarer_score": self.declarer_score.to_dict()}


def _stats(variant: str, played: Sequence[_Hand]) -> VariantStats:
    n = len(played)
    kinds = Counter(hand.contract for hand in played)
    declared = [hand for hand in played if hand.declarers]
    make_rates = {}
    for kind in sorted({hand.contract for hand in declared}):
        of_kind = [hand for hand in declared if hand.contract == kind]
        make_rates[kind] = proportion(sum(hand.made for hand in of_kind), len(of_kind))
    seats = len(played[0].scores)
    by_role: dict[str | None, list[float]] = {role: [] for role in ROLES}
    for hand in declared:  # each seat's score to its role's list, in hand order
        for seat, score in enumerate(hand.scores):
            by_role[hand.role(seat)].append(float(score))
    roles = {role: mean(by_role[role]) for role in ROLES}
    return VariantStats(
        variant, n,
        {kind: proportion(count, n) for kind, count in sorted(kinds.items())},
        make_rates, proportion(sum(hand.made for hand in declared), len(declared)),
        tuple(mean([float(hand.scores[seat]) for hand in played]) for seat in range(seats)),
        roles,
        dict(sorted(Counter(hand.scores[hand.declarers[0]] for hand in declared).items())))


def _paired(left: str, right: str, pairs: Sequence[tuple[_Hand, _Hand]]) -> PairedDifference:
    seats = len(pairs[0][0].scores)
    return PairedDifference(
        left, right,
        tuple(mean([float(b.scores[seat] - a.scores[seat]) for a, b in pairs])
              for seat in range(seats)),
        mean([float(b.scores[b.declarers[0]] - a.scores[a.declarers[0]])
              for a, b in pairs if a.declarers and b.declarers]))


@attrs.frozen
class SimulationResult:
    """Per-variant statistics and the paired differences between variants that share a pack
    (each later variant against the first of its pack)."""

    variants: tuple[str, ...]
    hands: int
    bots: str
    seed: int
    stats: tuple[VariantStats, ...]
    differences: tuple[PairedDifference, ...]
    #: why a variant has no paired difference (another pack or player count)
    unpaired: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"variants": list(self.variants), "hands": self.hands, "bots": self.bots,
                "seed": self.seed, "stats": [s.to_dict() for s in self.stats],
                "differences": [d.to_dict() for d in self.differences],
                "unpaired": dict(self.unpaired)}

    def to_json(self) -> str:
        """Indented JSON text."""
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def table(self) -> str:
        """The statistics as plain-text tables, 95 % intervals in brackets."""
        lines = [f"{self.hands} hands per variant, {self.bots} bots, seed {self.seed}"]
        for s in self.stats:
            lines += ["", f"{s.variant}: made {s.make_rate.text(percent=True)} of "
                      f"{s.make_rate.n} hands with a declarer"]
            lines.append(f"  {'contract':<16}{'played':<28}made")
            for kind, share in s.contracts.items():
                made = s.make_rates.get(kind)
                lines.append(f"  {kind:<16}{share.text(percent=True):<28}"
                             f"{made.text(percent=True) if made else '-'}")
            lines.append("  mean score  " + "  ".join(
                f"seat {seat} {e.text()}" for seat, e in enumerate(s.seat_scores)))
            lines.append("  by role     " + "  ".join(
                f"{role} {e.text()}" for role, e in s.role_scores.items()))
        for d in self.differences:
            lines += ["", f"{d.right} minus {d.left} on the same deals:",
                      "  per seat    " + "  ".join(f"seat {seat} {e.text()}"
                                                  for seat, e in enumerate(d.seat_scores)),
                      f"  declarer    {d.declarer_score.text()}"]
        for vid, why in self.unpaired.items():
            lines += ["", f"{vid}: not paired ({why})"]
        return "\n".join(lines) + "\n"

    def plot(self, path: str | Path) -> None:
        """Draw contract frequencies and declarer score distributions, the variants side by
        side, into an image file (needs matplotlib: ``pip install 'solo-rules[analysis]'``)."""
        if not isinstance(path, str | os.PathLike) or not os.fspath(path):
            raise TypeError(f"plot: path must be a file name (str or os.PathLike), got "
                            f"{shown(path)}")
        try:  # an optional dependency, imported only when a plot is asked for
            import matplotlib

            matplotlib.use("Agg")
            from matplotlib import pyplot
        except ImportError:
            raise SoloRulesError("plotting needs matplotlib: pip install "
                                 "'solo-rules[analysis]'") from None
        figure, (left, right) = pyplot.subplots(1, 2, figsize=(12, 4.5))
        width = 0.8 / len(self.stats)
        kinds = sorted({kind for s in self.stats for kind in s.contracts})
        scores = sorted({score for s in self.stats for score in s.declarer_scores})
        nothing = Estimate(0.0, 0.0, 0.0, 0)
        for n, s in enumerate(self.stats):
            shares = [s.contracts.get(k, nothing) for k in kinds]
            left.bar([i + n * width for i in range(len(kinds))], [e.value for e in shares],
                     width, label=s.variant,
                     yerr=[[max(0.0, e.value - e.low) for e in shares],
                           [max(0.0, e.high - e.value) for e in shares]])
            total = sum(s.declarer_scores.values()) or 1
            right.bar([i + n * width for i in range(len(scores))],
                      [s.declarer_scores.get(v, 0) / total for v in scores], width,
                      label=s.variant)
        left.set_xticks([i + 0.4 - width / 2 for i in range(len(kinds))], kinds, rotation=45,
                        ha="right")
        left.set_ylabel("share of hands (95 % interval)")
        left.set_title("Contracts played")
        right.set_xticks([i + 0.4 - width / 2 for i in range(len(scores))],
                         [str(v) for v in scores], rotation=90)
        right.set_ylabel("share of hands with a declarer")
        right.set_title("Declarer's score per hand")
        for axes in (left, right):
            axes.legend()
        figure.suptitle(f"{self.hands} hands, {self.bots} bots, seed {self.seed}")
        figure.tight_layout()
        try:
            figure.savefig(Path(path))
        except (OSError, ValueError) as exc:
            raise SoloRulesError(f"cannot write the plot {path}: {' '.join(str(exc).split())}"
                                 ) from None
        finally:
            pyplot.close(figure)


def _variants(chosen: Sequence[Variant | str | Path] | Variant | str | Path
              ) -> tuple[Variant, ...]:
    sources = [chosen] if isinstance(chosen, str | Path | Variant) else chosen
    if not isinstance(sources, Sequence) or not all(
            isinstance(v, str | Path | Variant) for v in sources):
        raise TypeError("simulate: variants must be a Variant, an id or a path, or a sequence "
                        f"of them, got {shown(chosen)}")
    if not sources:
        raise SoloRulesError("simulate needs at least one variant")
    return tuple(v if isinstance(v, Variant) else load_variant(v) for v in sources)


def simulate(variants: Sequence[Variant | str | Path] | Variant | str | Path, *, hands: int,
             bots: str = "heuristic", seed: int = 0, executor: Executor | None = None,
             progress: Callable[[int], None] | None = None,
             timeout: float | None = None) -> SimulationResult:
    """Play ``hands`` seeded deals in each variant with ``bots`` (a name in ``BOTS``) in
    every seat, on ``executor`` if given (chunks of seed ranges; the result is the same
    whatever runs them); ``progress`` is told the hands done after each chunk. On an
    executor, a chunk is due within ``timeout`` seconds per hand and variant (by default
    ``HAND_SECONDS`` of the bots): a worker stopped, hung or dead is a ``WorkerError``."""
    chosen = _variants(variants)
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise SoloRulesError(f"hands must be a positive number, got {shown(hands)}")
    if not isinstance(bots, str) or bots not in BOTS:
        raise SoloRulesError(f"unknown bot {shown(bots)}; bots are {', '.join(BOTS)}")
    check_seed(seed, error=SoloRulesError)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError("simulate: executor must be a concurrent.futures.Executor (with "
                        f"submit), got {type(executor).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"simulate: progress must be callable, got {type(progress).__name__}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(
            timeout, int | float) or not 0 < timeout < float("inf")):
        raise SoloRulesError(f"timeout must be a positive number of seconds, got "
                             f"{shown(timeout)}")
    per_hand = (HAND_SECONDS[bots] if timeout is None else timeout) * len(chosen)
    rules = [compile(v) for v in chosen]
    parts = []
    if executor is None:
        for start, stop in ranges(hands, CHUNK):
            parts.append(_rows(rules, bots, seed, start, stop))
            if progress is not None:
                progress(stop)
    else:
        packed = pickle.dumps(chosen)
        chunks = (Chunk(_chunk, (packed, bots, seed, start, stop),
                        (DEADLINE_FLOOR if timeout is None else 0) + per_hand * (stop - start),
                        f"hands {start}..{stop - 1}")
                  for start, stop in ranges(hands, CHUNK))
        done = 0
        for part in run_chunks(executor, chunks):
            parts.append(part)
            done += len(part)
            if progress is not None:
                progress(done)
    played = [row for part in parts for row in part]
    ids = tuple(v.id for v in chosen)
    stats = tuple(_stats(vid, [row[i] for row in played]) for i, vid in enumerate(ids))
    differences, unpaired = [], {}
    for j in range(1, len(chosen)):
        partner = next((i for i in range(j) if incomparable(rules[i], rules[j]) is None), None)
        if partner is None:
            unpaired[ids[j]] = str(incomparable(rules[0], rules[j]))
            continue
        differences.append(_paired(ids[partner], ids[j],
                                   [(row[partner], row[j]) for row in played]))
    return SimulationResult(ids, hands, bots, seed, stats, tuple(differences), unpaired)
