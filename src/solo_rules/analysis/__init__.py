"""Empirical comparison of variants: paired simulation by bots, with 95 % intervals.

``simulate`` needs only the core; ``SimulationResult.plot`` needs matplotlib (the ``analysis``
extra).
"""

from solo_rules.analysis.simulation import (
    BOTS,
    PairedDifference,
    SimulationResult,
    VariantStats,
    simulate,
)
from solo_rules.analysis.stats import Estimate

__all__ = ["BOTS", "Estimate", "PairedDifference", "SimulationResult", "VariantStats",
           "simulate"]
