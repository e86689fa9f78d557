"""Studies: what a rule does to the game, measured on the same deals in every variant.

``study(spec)`` plays the study's deals (``solo_rules.analysis.deals``) in chunks on any
executor, keeps each finished chunk in ``store`` if given (a study stopped in any way resumes
there), and measures them (``solo_rules.analysis.metrics``): the contract economy, the
solver's facts, seats, roles, the partner's reveal, decisiveness, luck and skill, each
variant's metrics with their intervals, and the paired differences on the same deals. For a
sweep, the differences against the reference value, ranked by effect size, are its
sensitivity; a metric that cannot respond to the swept rule (value-blind bots and a change of
scoring, a parameter that changes only words, or hands played identically at every value)
says so rather than showing a zero effect for the wrong reason.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import pickle
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from importlib import metadata
from os import PathLike
from pathlib import Path
from typing import Any

import attrs

from solo_rules.accelerator import summary as solver_build
from solo_rules.analysis.chunks import Chunk, ChunkStore, run_chunks
from solo_rules.analysis.deals import Challenge, HandRecord, Work, play_chunk
from solo_rules.analysis.metrics import (
    SCORE_KEYS,
    VariantMetrics,
    difference,
    effect_size,
    measure,
)
from solo_rules.analysis.plan import DOUBLE_DUMMY, Study, load_study
from solo_rules.analysis.players import reads_values
from solo_rules.analysis.simulation import DEADLINE_FLOOR, HAND_SECONDS
from solo_rules.analysis.stats import Estimate, units_for
from solo_rules.compare import compare, incomparable
from solo_rules.errors import StudyError, shown
from solo_rules.game import CompiledRules, compile

__all__ = ["CHUNK", "Change", "Comparison", "StudyResult", "study"]

#: Deals per chunk of work (fixed: the chunks, and so a resumed study, are the same anywhere).
CHUNK = 25
#: The version of the kept chunks' format: a change makes older chunks unread.
RECORDS = 1


@attrs.frozen
class Change:
    """One metric's change from ``left`` to ``right`` on the same deals: both estimates, the
    difference with its interval, its effect size, and whether the metric could respond."""

    key: str
    label: str
    kind: str
    left: Estimate
    right: Estimate
    difference: Estimate
    effect: float
    responds: bool = True

    @property
    def distinguishable(self) -> bool:
        """Whether the difference's interval leaves out zero."""
        d = self.difference
        return not math.isnan(d.low) and (d.low > 0 or d.high < 0)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "kind": self.kind,
                "left": self.left.to_dict(), "right": self.right.to_dict(),
                "difference": self.difference.to_dict(),
                "effect": None if math.isinf(self.effect) else self.effect,
                "responds": self.responds, "distinguishable": self.distinguishable}


@attrs.frozen
class Comparison:
    """``right`` against ``left`` on the same deals (for a sweep: ``right_value`` of the swept
    parameter instead of the reference ``left_value``), every change ranked by effect size."""

    left: str
    right: str
    changes: tuple[Change, ...]
    left_value: Any = None
    right_value: Any = None

    @property
    def ranked(self) -> tuple[Change, ...]:
        """The changes of metrics that could respond, largest effect first."""
        return tuple(c for c in self.changes if c.responds)

    def to_dict(self) -> dict[str, Any]:
        return {"left": self.left, "right": self.right, "left_value": self.left_value,
                "right_value": self.right_value,
                "changes": [c.to_dict() for c in self.changes]}


@attrs.frozen
class StudyResult:
    """A study's metrics per variant, its comparisons (a sweep's: its sensitivity), its notes
    and its provenance; ``result_hash`` is the same on every executor and after a resume."""

    study: Study
    variants: tuple[VariantMetrics, ...]
    comparisons: tuple[Comparison, ...]
    notes: tuple[str, ...]
    #: why a variant has no comparison (another pack or player count than the first)
    unpaired: dict[str, str]
    #: the deals each variant was dealt from, and how each variant's hands
    deals: int
    #: the library, the solver build, the variants' content hashes, bots, seeds and hands
    provenance: dict[str, Any]
    #: what this run took (not part of the result: seconds, chunks played and resumed)
    run: dict[str, Any] = attrs.field(eq=False)

    @property
    def result_hash(self) -> str:
        """The hex sha256 of the results (metrics, comparisons, notes) as canonical JSON."""
        return str(self.provenance["result_hash"])

    @property
    def sensitivity(self) -> tuple[Comparison, ...]:
        """For a sweep, each value against the reference (else none)."""
        return self.comparisons if self.study.sweep is not None else ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: provenance, the study, the metrics, comparisons, notes and the run."""
        return {"provenance": self.provenance, "study": self.study.to_dict(),
                **_results(self.variants, self.comparisons, self.notes, self.unpaired),
                "run": self.run}

    def to_json(self) -> str:
        """Indented JSON text."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def wider_than_wanted(self, estimate: Estimate, kind: str) -> int | None:
        """The deals ``estimate`` (of a metric ``kind``: ``rate``, ``mean`` or ``r2``) would
        need for the study's precision, if it is wider."""
        if not isinstance(estimate, Estimate):
            raise TypeError(f"wider_than_wanted: estimate must be an Estimate, got "
                            f"{type(estimate).__name__}")
        if kind not in ("rate", "mean", "r2"):
            raise StudyError(f"wider_than_wanted: kind must be 'rate', 'mean' or 'r2', got "
                             f"{shown(kind)}")
        wanted = self.study.precision[0 if kind == "rate" else 1]
        return units_for(estimate, wanted, self.deals)


def _results(variants: Sequence[VariantMetrics], comparisons: Sequence[Comparison],
             notes: Sequence[str], unpaired: dict[str, str]) -> dict[str, Any]:
    return {"variants": [v.to_dict() for v in variants],
            "comparisons": [c.to_dict() for c in comparisons], "notes": list(notes),
            "unpaired": dict(unpaired)}


def _version() -> str:
    """The installed library's version (``unknown`` in a source checkout)."""
    try:
        return metadata.version("solo-rules")
    except metadata.PackageNotFoundError:
        return "unknown"


@functools.cache
def _code() -> str:
    """The hex sha256 of the library's Python source (every module, by its path): the
    version number alone does not change with the code that plays and measures a hand."""
    package = Path(__file__).parents[1]
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _key(spec: Study, rules: Sequence[CompiledRules]) -> str:
    """The identity of a study's hands: what they are played from (the variants, the bots,
    the seeds, the library's code), never how or where."""
    data = {"records": RECORDS, "library": _version(), "code": _code(), "chunk": CHUNK,
            "variants": [r.variant.content_hash for r in rules], "bots": spec.bots,
            "challenger": spec.challenger, "seed": spec.seed, "rotations": spec.rotations,
            "solve": [m for m in spec.metrics if m in DOUBLE_DUMMY]}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _deal_seconds(spec: Study, rules: Sequence[CompiledRules]) -> float:
    """The seconds a deal may take on a worker before its chunk is overdue: every hand it
    plays (each variant, each rotation, the challenger's too) at the bots' ``HAND_SECONDS``,
    and half a minute more a hand when the solver is asked about it (the pure solver, at
    every trick for decisiveness and luck)."""
    challenger = spec.challenger if "skill" in spec.metrics else None
    bots = [b for b in (spec.bots, challenger) if b is not None]
    hands = len(rules) * (max(r.players for r in rules) if spec.rotations else 1) * len(bots)
    solving = 30.0 if any(m in DOUBLE_DUMMY for m in spec.metrics) else 0.0
    return hands * (max(HAND_SECONDS[b] for b in bots) + solving)


def study(spec: Study | str | Path, *, executor: Executor | None = None,
          store: str | Path | None = None,
          progress: Callable[[int, int], None] | None = None) -> StudyResult:
    """Run ``spec`` (a ``Study``, or a study file's path) on ``executor`` if given, keeping
    each finished chunk in the folder ``store`` (and taking the chunks it already holds);
    ``progress(deals done, deals)`` is called as chunks finish. The result does not depend
    on the executor, on resuming, or on the order in which chunks finish."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError("study: executor must be a concurrent.futures.Executor (with "
                        f"submit), got {type(executor).__name__}")
    if store is not None and (isinstance(store, bool) or not isinstance(store, str | PathLike)):
        raise TypeError(f"study: store must be a folder's path, got {type(store).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"study: progress must be callable, got {type(progress).__name__}")
    if not isinstance(spec, Study):
        if isinstance(spec, bool) or not isinstance(spec, str | PathLike):
            raise TypeError(f"study: spec must be a Study or a study file's path, got "
                            f"{type(spec).__name__}")
        spec = load_study(spec)
    started = time.monotonic()
    rules = [compile(v) for v in spec.variants]
    work = Work(spec.bots, spec.challenger if "skill" in spec.metrics else None, spec.seed,
                spec.rotations, any(m in DOUBLE_DUMMY for m in spec.metrics),
                "decisiveness" in spec.metrics, "luck" in spec.metrics)
    key = _key(spec, rules)
    kept = None if store is None else ChunkStore(store, key)
    ranges = [(start, min(start + CHUNK, spec.hands)) for start in range(0, spec.hands, CHUNK)]
    parts: dict[int, tuple[list[HandRecord], list[Challenge]]] = {}
    resumed = 0
    for start, stop in ranges:
        found = None if kept is None else kept.load(start, stop)
        if found is not None:
            parts[start] = ([HandRecord.of(row) for row in found["hands"]],
                            [Challenge(*row) for row in found["challenges"]])
            resumed += 1
    done = sum(stop - start for start, stop in ranges if start in parts)
    if progress is not None:
        progress(done, spec.hands)
    packed = pickle.dumps(tuple(spec.variants))

    def finished(start: int, stop: int, result: tuple[list[HandRecord], list[Challenge]]
                 ) -> None:
        nonlocal done
        parts[start] = result
        if kept is not None:
            kept.save(start, stop, {"hands": [list(h) for h in result[0]],
                                    "challenges": [list(c) for c in result[1]]})
        done += stop - start
        if progress is not None:
            progress(done, spec.hands)

    todo = [(start, stop) for start, stop in ranges if start not in parts]
    if executor is None:
        for start, stop in todo:
            finished(start, stop, play_chunk(packed, work, start, stop))
    else:
        per_deal = _deal_seconds(spec, rules)
        chunks = (Chunk(play_chunk, (packed, work, start, stop),
                        DEADLINE_FLOOR + per_deal * (stop - start), f"deals {start}..{stop - 1}")
                  for start, stop in todo)
        for (start, stop), result in zip(todo, run_chunks(executor, chunks), strict=False):
            finished(start, stop, result)
    hands = [h for start, _ in ranges for h in parts[start][0]]
    challenges = [c for start, _ in ranges for c in parts[start][1]]
    measured = tuple(
        measure(v.id, r, spec.metrics, spec.hands, (h for h in hands if h.variant == i),
                (c for c in challenges if c.variant == i))
        for i, (v, r) in enumerate(zip(spec.variants, rules, strict=True)))
    comparisons, unpaired = _comparisons(spec, rules, measured)
    notes, blind = _notes(spec, rules, hands)
    if blind:
        comparisons = tuple(_unresponsive(c, every=blind == "all") for c in comparisons)
    results = _results(measured, comparisons, notes, unpaired)
    digest = hashlib.sha256(json.dumps(results, sort_keys=True, ensure_ascii=False).encode()
                            ).hexdigest()
    provenance = {
        "library": f"solo-rules {_version()}", "code": _code(), "solver": solver_build(),
        "variants": {v.id: v.content_hash for v in spec.variants}, "bots": spec.bots,
        "challenger": spec.challenger, "seed": spec.seed,
        "deal_seeds": f"{spec.seed} * 2**32 + deal, deal 0 to {spec.hands - 1}",
        "deals": spec.hands, "rotations": spec.rotations,
        "hands": {m.variant: m.hands for m in measured}, "chunk": CHUNK, "key": key,
        "result_hash": digest}
    run = {"seconds": round(time.monotonic() - started, 3), "chunks": len(ranges),
           "resumed": resumed, "executor": type(executor).__name__ if executor else "none"}
    return StudyResult(spec, measured, comparisons, notes, unpaired, spec.hands, provenance, run)


def _comparisons(spec: Study, rules: Sequence[CompiledRules],
                 measured: Sequence[VariantMetrics]
                 ) -> tuple[tuple[Comparison, ...], dict[str, str]]:
    """A sweep's values against its reference; else each later variant against the first one
    that deals alike."""
    pairs: list[tuple[int, int]] = []
    unpaired: dict[str, str] = {}
    if spec.sweep is not None:
        ref = spec.sweep.reference
        pairs = [(ref, j) for j in range(len(measured)) if j != ref]
    else:
        for j in range(1, len(measured)):
            first = next((i for i in range(j) if incomparable(rules[i], rules[j]) is None),
                         None)
            if first is None:
                unpaired[measured[j].variant] = str(incomparable(rules[0], rules[j]))
            else:
                pairs.append((first, j))
    out = []
    for i, j in pairs:
        left, right = measured[i], measured[j]
        changes = []
        for key in right.metrics:
            diff = difference(left, right, key)
            if diff is None or math.isnan(diff.value):
                continue
            metric = right.metrics[key]
            changes.append(Change(key, metric.label, metric.kind, left.metrics[key].estimate,
                                  metric.estimate, diff, effect_size(left, right, key)))
        changes.sort(key=lambda c: (-c.effect, c.key))
        values = (None, None) if spec.sweep is None else (spec.sweep.values[i],
                                                          spec.sweep.values[j])
        out.append(Comparison(left.variant, right.variant, tuple(changes), *values))
    return tuple(out), unpaired


_BLIND = "Cannot respond:"
_SAME_PLAY = "Played alike:"


def _notes(spec: Study, rules: Sequence[CompiledRules], hands: Sequence[HandRecord]
           ) -> tuple[tuple[str, ...], str]:
    """Why metrics of a sweep cannot respond, where some cannot, and which (``"all"``, the
    metrics of the ``"play"``, or ``""``: none); what a metric lacks."""
    notes = []
    blind = ""
    sweep = spec.sweep
    if sweep is not None:
        impacts = set()
        for variant in sweep.variants:
            if variant is not sweep.base:
                impacts |= {e.impact for e in compare(sweep.base, variant).behavioural}
        bots = [b for b in (spec.bots, spec.challenger) if b is not None]
        aware = [b for b in bots if reads_values(b, rules[0])]
        if not impacts:
            notes.append(f"{_BLIND} {sweep.path} changes no rule's behaviour, only its words "
                         "or sources: no metric can respond.")
            blind = "all"
        elif impacts <= {"scoring", "settlement"} and not aware:
            notes.append(
                f"{_BLIND} {sweep.path} changes only the {' and '.join(sorted(impacts))}, "
                f"which the {' and '.join(bots)} bots do not read: every hand is played alike "
                "at each value, so no metric of the play (contract shares, make rates, the "
                "solver's facts, the partner's reveal, decisiveness, who declares) can "
                "respond; the scores move by the rule itself. A bot that reads the values "
                "(value, sampling) can respond.")
            blind = "play"
        elif _played_alike(hands, len(sweep.variants)):
            notes.append(f"{_SAME_PLAY} every hand was played identically at each value of "
                         f"{sweep.path}: the metrics of the play did not respond in these "
                         "deals; the scores move by the rule itself.")
            blind = "play"
    if "luck" in spec.metrics or "double_dummy" in spec.metrics:
        unsolved = sum(1 for h in hands if h.declarers and h.makeable < 0)
        if unsolved:
            notes.append(f"{unsolved} hands with a declarer were not solved double-dummy (no "
                         "declarer's party to solve for)")
    return tuple(notes), blind


def _played_alike(hands: Sequence[HandRecord], variants: int) -> bool:
    """Whether every (deal, rotation) was played with the same actions in every variant."""
    seen: dict[tuple[int, int], int] = {}
    for hand in hands:
        key = (hand.deal, hand.rotation)
        if seen.setdefault(key, hand.checksum) != hand.checksum:
            return False
    return variants > 1


def _unresponsive(comparison: Comparison, every: bool) -> Comparison:
    """The comparison with its metrics of the play (``every``: all) marked as unable to
    respond."""
    return attrs.evolve(comparison, changes=tuple(
        c if c.key.startswith(SCORE_KEYS) and not every else attrs.evolve(c, responds=False)
        for c in comparison.changes))
