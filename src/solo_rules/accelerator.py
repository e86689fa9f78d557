"""The optional accelerator: which modules it compiles, and whether this process runs them.

``SOLO_RULES_ACCELERATE=1 pip install .`` compiles the modules listed here with Cython, from
their own ``.py`` source (``hatch_build.py`` reads this list), and installs each compiled module
next to its source; Python then imports the compiled one. The rules are the same code, so only
speed changes: ``tests/test_differential.py`` run against such an install shows it (CI does).
This module imports nothing of the package, so that the build hook can read it on its own.
"""

from __future__ import annotations

from importlib.machinery import ExtensionFileLoader, PathFinder
from pathlib import Path

__all__ = ["COMPILED_MODULES", "compiled_modules", "is_accelerated", "summary"]

#: The hot path, chosen by profile (``benchmarks/playout.py`` under cProfile): the state and its
#: transitions, the loop, views, actions, cards and the rule modules a hand runs through; the
#: double-dummy solver (``benchmarks/solver.py``), typed by ``solver.pxd``; and the simulation's
#: loop, bot and observations (``benchmarks/simulate.py``, ``benchmarks/observations.py``).
#: Not compiled: the modules off the hot path (variant loading, records, rulebooks, the
#: command line). Cython's limits shape a few lines of the compiled ones: no conditional
#: between tuples of different lengths, no ``*`` unpacking inside ``max([...])``, and the
#: explicit two-argument ``super(Class, self)`` in a slotted attrs class (attrs cannot
#: re-point a compiled method's class cell at the class it rebuilds).
COMPILED_MODULES: tuple[str, ...] = (
    "solo_rules.actions",
    "solo_rules.cards",
    "solo_rules.game",
    "solo_rules.observation",
    "solo_rules.ranking",
    "solo_rules.state",
    "solo_rules.view",
    "solo_rules.rules.auction.amounts",
    "solo_rules.rules.auction.common",
    "solo_rules.rules.auction.first_to_declare",
    "solo_rules.rules.auction.immediate_hold",
    "solo_rules.rules.auction.ladder",
    "solo_rules.rules.auction.single_round",
    "solo_rules.rules.contract_def",
    "solo_rules.rules.contracts",
    "solo_rules.rules.deal",
    "solo_rules.rules.early_end",
    "solo_rules.rules.partner",
    "solo_rules.rules.play",
    "solo_rules.rules.purchase",
    "solo_rules.rules.scoring",
    "solo_rules.rules.settlement",
    "solo_rules.solver",
    "solo_rules.bots.heuristic",
    "solo_rules.bots.base",
    "solo_rules.analysis.simulation",
)

#: the package's directory, where each compiled module sits next to its source
_HERE = Path(__file__).parent


def compiled_modules() -> tuple[str, ...]:
    """The modules of ``COMPILED_MODULES`` that this process imports from a compiled file."""
    compiled = []
    for name in COMPILED_MODULES:
        # found in its package's directory, without importing the package as ``find_spec``
        # would (a bare ``import solo_rules`` must not load the bots to check the bot module)
        spec = PathFinder.find_spec(name, [str(_HERE.joinpath(*name.split(".")[1:-1]))])
        if spec is not None and isinstance(spec.loader, ExtensionFileLoader):
            compiled.append(name)
    return tuple(compiled)


def is_accelerated() -> bool:
    """Whether every module of the hot path runs compiled (an accelerated install)."""
    return compiled_modules() == COMPILED_MODULES


def summary() -> str:
    """Which path runs, in a few words, for ``solo-rules --version``."""
    compiled = len(compiled_modules())
    if compiled == 0:
        return "pure Python"
    if compiled == len(COMPILED_MODULES):
        return f"accelerated: {compiled} modules compiled"
    return f"partly accelerated: {compiled} of {len(COMPILED_MODULES)} modules compiled"
