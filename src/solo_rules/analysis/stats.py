"""Estimates with 95 % confidence intervals: means (normal approximation) and proportions
(Wilson score interval, which stays inside 0..1 for rare and common events alike)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["Z95", "Estimate", "mean", "proportion"]

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
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the exact bounds hold exactly at 0 and n, and the interval holds p despite rounding
    low = 0.0 if hits == 0 else min(p, centre - half)
    high = 1.0 if hits == n else max(p, centre + half)
    return Estimate(p, low, high, n)
