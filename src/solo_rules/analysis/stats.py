"""Estimates with 95 % confidence intervals: means (normal approximation) and proportions
(Wilson score interval, which stays inside 0..1 for rare and common events alike), alone or
over independent units that group correlated observations (a deal played from every seat
rotation in several variants), with paired differences and the units a precision needs."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["Z95", "Estimate", "clustered_mean", "clustered_proportion", "mean",
           "paired_difference", "proportion", "squared_correlation", "units_for"]

#: The two-sided 95 % quantile of the standard normal distribution.
Z95 = statistics.NormalDist().inv_cdf(0.975)


@attrs.frozen
class Estimate:
    """A value estimated from ``n`` observations, with its 95 % confidence interval (``nan``
    bounds when ``n`` is too small to say)."""

    value: float
    low: float
    high: float
    n: int

    @property
    def width(self) -> float:
        """The width of the interval."""
        return self.high - self.low

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``nan`` as ``None``."""
        return {name: None if isinstance(v, float) and math.isnan(v) else v
                for name, v in attrs.asdict(self).items()}

    def text(self, percent: bool = False) -> str:
        """``1.23 [0.98, 1.48]``, or in per cent."""
        scale, unit = (100.0, "%") if percent else (1.0, "")
        if math.isnan(self.value):
            return "-"
        if math.isnan(self.low):
            return f"{self.value * scale:.2f}{unit}"
        return (f"{self.value * scale:.2f}{unit} "
                f"[{self.low * scale:.2f}, {self.high * scale:.2f}]")


def mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal-approximation 95 % interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = math.fsum(values) / n
    if n < 2:
        return Estimate(centre, math.nan, math.nan, n)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half, n)


def proportion(hits: int, n: int) -> Estimate:
    """The share ``hits / n`` with its Wilson score 95 % interval."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    low, high = _wilson(hits / n, n)
    return Estimate(hits / n, low, high, n)


def _wilson(p: float, n: float) -> tuple[float, float]:
    """The Wilson score 95 % bounds of a share ``p`` of ``n`` observations (``n`` need not be
    whole: an effective count)."""
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the exact bounds hold exactly at 0 and n, and the interval holds p despite rounding
    low = 0.0 if p == 0 else min(p, centre - half)
    high = 1.0 if p == 1 else max(p, centre + half)
    return low, high


# -- estimates over clusters: the hands of one deal (its rotations, its variants) are not
# independent of each other, the deals are -------------------------------------------------


def _linearised(sums: Sequence[float], counts: Sequence[float], ratio: float) -> list[float]:
    """Each unit's share of the ratio's error, ``(a_i - R b_i) / mean(b)``: the ratio's
    variance is their variance over the units, divided by their number (the delta method)."""
    scale = math.fsum(counts) / len(counts)
    return [(a - ratio * b) / scale for a, b in zip(sums, counts, strict=True)]


def _unit_variance(values: Sequence[float]) -> float:
    """The variance of the mean of ``values`` (one per unit)."""
    return statistics.variance(values) / len(values) if len(values) > 1 else math.nan


def clustered_mean(sums: Sequence[float], counts: Sequence[float]) -> Estimate:
    """``sum(sums) / sum(counts)``, a mean over observations grouped in independent units
    (``sums[i]`` of ``counts[i]`` observations in unit ``i``), with its 95 % interval from the
    units' spread: observations within a unit may be correlated."""
    n = math.fsum(counts)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = math.fsum(sums) / n
    variance = _unit_variance(_linearised(sums, counts, centre))
    if math.isnan(variance):
        return Estimate(centre, math.nan, math.nan, round(n))
    half = Z95 * math.sqrt(variance)
    return Estimate(centre, centre - half, centre + half, round(n))


def clustered_proportion(hits: Sequence[float], counts: Sequence[float]) -> Estimate:
    """The share ``sum(hits) / sum(counts)`` of observations grouped in independent units,
    with a Wilson score interval on the effective number of observations: the count divided by
    the design effect (the units' variance of the share over its variance were every
    observation independent), so correlated hands of one deal count for less."""
    n = math.fsum(counts)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = math.fsum(hits) / n
    effective = n
    if 0 < p < 1 and len(counts) > 1:
        variance = _unit_variance(_linearised(hits, counts, p))
        if variance > 0:
            effective = p * (1 - p) / variance
    low, high = _wilson(p, effective)
    return Estimate(p, low, high, round(n))


def paired_difference(left: tuple[Sequence[float], Sequence[float]],
                      right: tuple[Sequence[float], Sequence[float]]) -> Estimate:
    """The right ratio minus the left one (each ``(sums, counts)`` over the same units), with
    a 95 % interval from the units' paired errors: the same deals in both, so what the deal
    decides cancels."""
    (la, lb), (ra, rb) = left, right
    ln, rn = math.fsum(lb), math.fsum(rb)
    if ln == 0 or rn == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    lr, rr = math.fsum(la) / ln, math.fsum(ra) / rn
    errors = [r - q for q, r in zip(_linearised(la, lb, lr), _linearised(ra, rb, rr),
                                   strict=True)]
    centre = rr - lr
    variance = _unit_variance(errors)
    units = len(errors)
    if math.isnan(variance):
        return Estimate(centre, math.nan, math.nan, units)
    half = Z95 * math.sqrt(variance)
    return Estimate(centre, centre - half, centre + half, units)


def squared_correlation(xs: Sequence[float], ys: Sequence[float], units: int) -> Estimate:
    """The share of the variance of ``ys`` that a straight line in ``xs`` explains (r²), with
    a 95 % interval from Fisher's z on ``units`` independent units (the deals: fewer than the
    pairs when several pairs share a deal, so the interval is a cautious one)."""
    n = len(xs)
    if n < 3 or units < 4:
        return Estimate(math.nan, math.nan, math.nan, n)
    sx, sy = statistics.pstdev(xs), statistics.pstdev(ys)
    if sx == 0 or sy == 0:
        return Estimate(math.nan, math.nan, math.nan, n)
    r = statistics.correlation(xs, ys)
    r = max(-1.0, min(1.0, r))
    if abs(r) == 1.0:
        return Estimate(1.0, 1.0, 1.0, n)
    z, half = math.atanh(r), Z95 / math.sqrt(units - 3)
    low, high = math.tanh(z - half), math.tanh(z + half)
    squares = (low * low, high * high)
    floor = 0.0 if low <= 0 <= high else min(squares)
    return Estimate(r * r, min(floor, r * r), max(max(squares), r * r), n)


def units_for(estimate: Estimate, half_width: float, units: int) -> int | None:
    """How many units (deals) would bring ``estimate``'s interval to ``± half_width``, from its
    width on ``units`` (the interval narrows with the square root of the count); ``None``
    when it is already that narrow or has no interval."""
    half = estimate.width / 2
    if math.isnan(half) or half <= half_width or units == 0:
        return None
    return math.ceil(units * (half / half_width) ** 2)
