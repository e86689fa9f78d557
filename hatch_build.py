"""The opt-in accelerated wheel: ``SOLO_RULES_ACCELERATE=1 pip install .`` (or ``python -m build``).

Without the variable the wheel is pure Python and needs no compiler. With it, this hook asks for
Cython and setuptools as build dependencies, compiles the modules that
``src/solo_rules/accelerator.py`` lists (the double-dummy solver) from their own source
(Cython's pure-Python mode, typed by ``solver.pxd``, so the search is the very same code), and
puts each compiled module next to its ``.py`` file in a platform wheel. A failed compilation
stops the build with a message saying what to do.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VARIABLE = "SOLO_RULES_ACCELERATE"
#: Annotations stay hints, as in pure Python: Cython must not turn ``x: int`` into a type check
#: or a C type, which could change behaviour (an ``IntFlag`` is an ``int`` subclass, say).
DIRECTIVES = {"annotation_typing": False}


def accelerate_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``SOLO_RULES_ACCELERATE`` asks for the compiled modules (``1``) or not (unset,
    empty or ``0``); any other value is refused, so that a typo does not pass unnoticed."""
    value = environ.get(VARIABLE, "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{VARIABLE}={value!r}: expected 1 (compile the accelerator) or 0")
    return value == "1"


def compiled_modules(root: str | Path) -> dict[str, Path]:
    """Each module the accelerator compiles, by dotted name, with its source file under
    ``root``; the list is read from ``src/solo_rules/accelerator.py`` without importing the
    package (whose dependencies the build environment lacks)."""
    src = Path(root) / "src"
    spec = importlib.util.spec_from_file_location(
        "_solo_rules_accelerator", src / "solo_rules" / "accelerator.py")
    assert spec is not None and spec.loader is not None
    listing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(listing)
    modules = {name: src.joinpath(*name.split(".")).with_suffix(".py")
               for name in listing.COMPILED_MODULES}
    missing = [str(path) for path in modules.values() if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"accelerator.py lists modules without a source file: {missing}")
    return modules


class AcceleratorBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compiles the solver into the wheel when ``SOLO_RULES_ACCELERATE=1``."""

    def dependencies(self) -> list[str]:
        return ["Cython>=3.0", "setuptools>=68"] if accelerate_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not accelerate_requested():
            return
        if version == "editable":
            raise RuntimeError(f"{VARIABLE}=1: the accelerator is built into a regular wheel "
                               "only; use `pip install .`, not `pip install -e .`")
        self._work = tempfile.mkdtemp(prefix="solo-rules-accelerator-")
        for name, built in self._compile(compiled_modules(self.root)).items():
            relative = Path(*name.split(".")).with_suffix(sysconfig.get_config_var("EXT_SUFFIX"))
            build_data["force_include"][str(built)] = relative.as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)

    def _compile(self, modules: dict[str, Path]) -> dict[str, Path]:
        """Translate and compile ``modules``; the compiled file of each, by dotted name."""
        from Cython.Build import cythonize  # a build dependency only when accelerating
        from setuptools import Distribution, Extension

        work = Path(self._work)
        try:
            extensions = cythonize(
                [Extension(name, [str(path)]) for name, path in modules.items()],
                build_dir=str(work / "c"), compiler_directives=DIRECTIVES, language_level=3,
                force=True, quiet=True, nthreads=os.cpu_count() or 1)
            distribution = Distribution({"ext_modules": extensions})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            command.parallel = os.cpu_count() or 1
            command.ensure_finalized()
            command.run()
        except (Exception, SystemExit) as exc:  # Cython and distutils errors, a missing compiler
            shutil.rmtree(work, ignore_errors=True)
            raise RuntimeError(
                f"{VARIABLE}=1: compiling the accelerator failed ({type(exc).__name__}: {exc}; "
                f"Python {sys.version.split()[0]}). It needs a C compiler and the Python "
                f"headers; without {VARIABLE} the package installs as pure Python, with the "
                "same behaviour.") from exc
        return {name: Path(command.get_ext_fullpath(name)) for name in modules}
