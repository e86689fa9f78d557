"""Empirical comparison of variants: paired simulation by bots, and studies of what a rule
does to the game, with 95 % intervals.

``simulate`` and ``study`` need only the core; plots and a study's figures need matplotlib (the
``analysis`` extra).
"""

from solo_rules.analysis.plan import Study, Sweep, load_study, make_study
from solo_rules.analysis.players import BOTS
from solo_rules.analysis.simulation import (
    PairedDifference,
    SimulationResult,
    VariantStats,
    simulate,
)
from solo_rules.analysis.stats import Estimate
from solo_rules.analysis.studies import Change, Comparison, StudyResult, study

__all__ = ["BOTS", "Change", "Comparison", "Estimate", "PairedDifference", "SimulationResult",
           "Study", "StudyResult", "Sweep", "VariantStats", "load_study", "make_study",
           "simulate", "study"]
