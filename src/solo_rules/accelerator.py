"""The optional compiled solver: which module the build compiles, and whether this process runs it.

``SOLO_RULES_ACCELERATE=1 pip install .`` compiles the double-dummy solver's kernel with Cython
from its own ``.py`` source (``hatch_build.py`` reads the list here), typed by ``solver.pxd``,
and installs the compiled module next to its source, which Python then imports. The search is
the same code, so only its speed changes: the solver's digests (``tests/solver_trace.py``) are
the same for both builds, as CI checks. The rest of the library is pure Python in every build.
This module imports nothing of the package, so that the build hook can read it on its own.
"""

from __future__ import annotations

from importlib.machinery import ExtensionFileLoader, PathFinder
from pathlib import Path

__all__ = ["COMPILED_MODULES", "compiled_modules", "is_accelerated", "summary"]

#: The modules the build compiles: the double-dummy solver, a kernel on arrays of small ints.
COMPILED_MODULES: tuple[str, ...] = ("solo_rules.solver",)

#: the package's directory, where each compiled module sits next to its source
_HERE = Path(__file__).parent


def compiled_modules() -> tuple[str, ...]:
    """The modules of ``COMPILED_MODULES`` that this process imports from a compiled file."""
    compiled = []
    for name in COMPILED_MODULES:
        # found in its package's directory, without importing the package as ``find_spec``
        # would (a bare ``import solo_rules`` must not load the solver to check it)
        spec = PathFinder.find_spec(name, [str(_HERE.joinpath(*name.split(".")[1:-1]))])
        if spec is not None and isinstance(spec.loader, ExtensionFileLoader):
            compiled.append(name)
    return tuple(compiled)


def is_accelerated() -> bool:
    """Whether the solver runs compiled (an install built with ``SOLO_RULES_ACCELERATE=1``)."""
    return compiled_modules() == COMPILED_MODULES


def summary() -> str:
    """Which path runs, in a few words, for ``solo-rules --version``."""
    return "compiled solver" if is_accelerated() else "pure Python"
