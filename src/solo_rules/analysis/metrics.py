"""A study's metrics from its hands: each a ratio of per-deal sums, so that every estimate, and
every difference between two variants on the same deals, takes its interval from the deals
(the independent units) rather than from the hands, which share their cards.

Every metric has a key (``share.solo``, ``score.p1``...), a label, and is a *rate* (a share,
with a Wilson interval on the deals' effective count) or a *mean* (a normal interval); the
share of score variance the double-dummy result explains (``luck.r2``) is the one of its own
kind, with Fisher's interval.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from typing import Literal

import attrs

from solo_rules.analysis.deals import Challenge, HandRecord
from solo_rules.analysis.stats import (
    Estimate,
    clustered_mean,
    clustered_proportion,
    paired_difference,
    squared_correlation,
)
from solo_rules.game import CompiledRules

__all__ = ["SCORE_KEYS", "Metric", "Series", "VariantMetrics", "difference", "effect_size",
           "measure", "report_order"]

Kind = Literal["rate", "mean", "r2"]
ROLES = ("declarer", "partner", "defender")
#: The keys of metrics of scores: a change of scoring moves them by itself, whatever the bots.
SCORE_KEYS = ("score.", "role_score.", "skill.", "luck.")


@attrs.frozen
class Series:
    """One metric's per-deal sums: ``sums[d] / counts[d]`` over the deals, and for a mean the
    sum of squares of its observations (for its spread)."""

    kind: Kind
    sums: array[float]
    counts: array[float]
    squares: array[float]

    def estimate(self) -> Estimate:
        if self.kind == "rate":
            return clustered_proportion(self.sums, self.counts)
        return clustered_mean(self.sums, self.counts)

    @property
    def spread(self) -> float:
        """The standard deviation of one observation (a mean's), from the sums of squares."""
        n = math.fsum(self.counts)
        if n < 2:
            return math.nan
        centre = math.fsum(self.sums) / n
        return math.sqrt(max(0.0, math.fsum(self.squares) / n - centre * centre))


@attrs.frozen
class Metric:
    """One metric of one variant: its key, label, kind, unit (``%`` for a rate) and estimate."""

    key: str
    label: str
    kind: Kind
    estimate: Estimate

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "label": self.label, "kind": self.kind,
                **self.estimate.to_dict()}


@attrs.frozen
class VariantMetrics:
    """Every metric of one variant, by key, with the series behind each (for differences)."""

    variant: str
    hands: int
    deals: int
    metrics: dict[str, Metric]
    series: dict[str, Series] = attrs.field(repr=False, eq=False)

    def __getitem__(self, key: str) -> Metric:
        return self.metrics[key]

    def to_dict(self) -> dict[str, object]:
        return {"variant": self.variant, "hands": self.hands, "deals": self.deals,
                "metrics": {key: m.to_dict() for key, m in self.metrics.items()}}


class _Sums:
    """The per-deal sums of the metrics of one variant, made as they are first added to."""

    def __init__(self, deals: int) -> None:
        self.deals = deals
        self.series: dict[str, Series] = {}
        self.labels: dict[str, str] = {}

    def add(self, key: str, label: str, kind: Kind, deal: int, value: float,
            count: float = 1.0) -> None:
        found = self.series.get(key)
        if found is None:
            zeros = bytes(8 * self.deals)
            found = self.series[key] = Series(kind, array("d", zeros), array("d", zeros),
                                              array("d", zeros))
            self.labels[key] = label
        found.sums[deal] += value
        found.counts[deal] += count
        found.squares[deal] += value * value

    def rate(self, key: str, label: str, deal: int, hit: bool) -> None:
        self.add(key, label, "rate", deal, 1.0 if hit else 0.0)

    def mean(self, key: str, label: str, deal: int, value: float) -> None:
        self.add(key, label, "mean", deal, float(value))


def _place(position: int) -> str:
    """A place at the table from the dealer, in the direction of play: ``place 1 (eldest)``."""
    return f"place {position}" + {0: " (dealer)", 1: " (eldest)"}.get(position, "")


def measure(variant: str, rules: CompiledRules, metrics: Sequence[str], deals: int,
            hands: Iterable[HandRecord], challenges: Iterable[Challenge]) -> VariantMetrics:
    """The metrics of one variant from its hands (and the challenger's, for ``skill``)."""
    sums = _Sums(deals)
    names = {c.id: c.name for c in rules.contracts.contracts}
    if "contracts" in metrics:  # every contract's share, of every hand (0 where never played)
        for kind, name in names.items():
            sums.add(f"share.{kind}", f"{name} share", "rate", 0, 0.0, 0.0)
    per_deal = array("d", bytes(8 * deals))
    played: dict[tuple[int, int, int], int] = {}  # rotation-0 scores, for the skill gap
    actual: list[float] = []
    solved: list[float] = []
    solved_deals: set[int] = set()
    count = 0
    for hand in hands:
        count += 1
        d = hand.deal
        kind = hand.contract
        name = "thrown in" if kind == "(none)" else names.get(kind, kind)
        declared = bool(hand.declarers)
        if "contracts" in metrics:
            sums.add(f"share.{kind}", f"{name} share", "rate", d, 1.0, 0.0)
            per_deal[d] += 1
            if declared:
                sums.rate(f"made.{kind}", f"{name} made", d, hand.made)
                sums.rate("made", "contracts made", d, hand.made)
        if "double_dummy" in metrics and hand.makeable >= 0:
            makeable = hand.makeable == 1
            sums.rate(f"makeable.{kind}", f"{name} makeable (double dummy)", d, makeable)
            sums.rate("makeable", "contracts makeable (double dummy)", d, makeable)
            if makeable:
                sums.rate("missed", "makeable contracts lost in play", d, not hand.made)
                sums.rate(f"missed.{kind}", f"makeable {name} lost in play", d, not hand.made)
            else:
                sums.rate("gifted", "unmakeable contracts made", d, hand.made)
        if "seats" in metrics:
            order = rules.turn_positions[hand.dealer]
            for seat, score in enumerate(hand.scores):
                where = _place(order[seat])
                sums.mean(f"score.p{order[seat]}", f"score at {where}", d, score)
                sums.rate(f"declares.p{order[seat]}", f"{where} declares", d,
                          seat in hand.declarers)
        if "roles" in metrics and declared:
            for seat, score in enumerate(hand.scores):
                role = _role(hand, seat)
                for other in ROLES:
                    sums.rate(f"role.{other}", f"seats in the {other}'s role", d, role == other)
                sums.mean(f"role_score.{role}", f"{role}'s score", d, score)
        if "reveal" in metrics and hand.reveal >= 0:
            sums.rate("reveal.never", "called card never played", d, hand.reveal == 0)
            if hand.reveal > 0:
                sums.mean("reveal.trick", "trick the called card falls in", d, hand.reveal)
                for k in range(1, rules.hand_size + 1):
                    sums.rate(f"reveal.t{k}", f"called card falls in trick {k}", d,
                              hand.reveal == k)
        if "decisiveness" in metrics and hand.decisive >= 0:
            sums.mean("decisive.trick", "trick after which the result is decided", d,
                      hand.decisive)
            for k in range(rules.hand_size + 1):
                sums.rate(f"decisive.t{k}", f"decided after trick {k}" if k else
                          "decided at the first lead", d, hand.decisive == k)
        if "luck" in metrics and hand.solved_score is not None:
            score = hand.scores[hand.declarers[0]]
            actual.append(float(score))
            solved.append(float(hand.solved_score))
            solved_deals.add(d)
            sums.mean("luck.swing", "declarer's score off its double-dummy score", d,
                      abs(score - hand.solved_score))
        if hand.rotation == 0:
            for seat, score in enumerate(hand.scores):
                played[hand.deal, seat, 0] = score
    for key, series in sums.series.items():
        if key.startswith("share."):
            series.counts[:] = per_deal
    if "skill" in metrics:
        for challenge in challenges:
            base = played[challenge.deal, challenge.seat, 0]
            sums.mean("skill.gain", "challenger's gain per hand", challenge.deal,
                      challenge.score - base)
    found = {key: Metric(key, sums.labels[key], series.kind, series.estimate())
             for key, series in sorted(sums.series.items(), key=lambda kv: report_order(kv[0]))}
    if "luck" in metrics:
        found["luck.r2"] = Metric("luck.r2", "score variance the double-dummy score explains",
                                  "r2", squared_correlation(solved, actual, len(solved_deals)))
    return VariantMetrics(variant, count, deals, found, sums.series)


def _role(hand: HandRecord, seat: int) -> str:
    if seat in hand.declarers:
        return "declarer"
    return "partner" if seat == hand.partner else "defender"


_GROUPS = ("share.", "made", "makeable", "missed", "gifted", "score.", "declares.", "role.",
           "role_score.", "reveal.", "decisive.", "luck.", "skill.")


def report_order(key: str) -> tuple[int, str]:
    """Report order: by metric group, then by key (numbers in order)."""
    group = next((i for i, prefix in enumerate(_GROUPS) if key.startswith(prefix)), 99)
    head, _, tail = key.rpartition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    return group, f"{head}.{int(digits):04d}" if digits else key


def difference(left: VariantMetrics, right: VariantMetrics, key: str) -> Estimate | None:
    """``right``'s metric ``key`` minus ``left``'s on the same deals, with its interval (an
    r², whose deals are not paired here, from the two intervals); ``None`` if either lacks it."""
    if key not in left.metrics or key not in right.metrics:
        return None
    if key in left.series and key in right.series:
        a, b = left.series[key], right.series[key]
        return paired_difference((a.sums, a.counts), (b.sums, b.counts))
    a_est, b_est = left.metrics[key].estimate, right.metrics[key].estimate
    centre = b_est.value - a_est.value
    half = math.hypot(a_est.width / 2, b_est.width / 2)
    return Estimate(centre, centre - half, centre + half, min(a_est.n, b_est.n))


def effect_size(left: VariantMetrics, right: VariantMetrics, key: str) -> float:
    """How large the change of ``key`` is, comparable across metrics: Cohen's h for a rate,
    Cohen's d (the change over one hand's spread) for a mean, the change itself for an r²."""
    a, b = left.metrics[key], right.metrics[key]
    x, y = a.estimate.value, b.estimate.value
    if math.isnan(x) or math.isnan(y):
        return 0.0
    if a.kind == "rate":
        return abs(2 * math.asin(math.sqrt(y)) - 2 * math.asin(math.sqrt(x)))
    if a.kind == "mean":
        spread = math.hypot(left.series[key].spread, right.series[key].spread) / math.sqrt(2)
        return abs(y - x) / spread if spread > 0 else (math.inf if y != x else 0.0)
    return abs(y - x)
