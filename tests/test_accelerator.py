"""The optional compiled solver's switch and bookkeeping, without compiling anything: the pure
path says it is pure, the compiled list names the solver, and the build hook (hatch_build.py)
compiles only when asked. That the compiled solver searches as this one does is shown by
tests/solver_trace.py's digests against an accelerated install (the CI script's last step)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import solo_rules
from solo_rules import accelerator
from solo_rules.cli import main

ROOT = Path(__file__).resolve().parent.parent


def build_hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wheel_hook(module: ModuleType) -> Any:
    return module.AcceleratorBuildHook(str(ROOT), {}, None, None, str(ROOT / "dist"), "wheel")


def test_the_test_run_uses_the_pure_python_path() -> None:
    assert solo_rules.ACCELERATED is False
    assert accelerator.compiled_modules() == ()
    assert accelerator.summary() == "pure Python"


def test_version_says_which_path_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.endswith("(pure Python)\n")


@pytest.mark.parametrize("name", accelerator.COMPILED_MODULES)
def test_every_compiled_module_is_a_module_of_the_package_with_its_source(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__file__ is not None and module.__file__.endswith(".py")
    assert module.__name__ == name


def test_only_the_solver_is_compiled_and_only_it_has_c_declarations() -> None:
    """The rest of the library is the same pure Python for every user: the solver's kernel is
    the one compiled module, and ``solver.pxd`` the one ``.pxd`` in the package."""
    assert accelerator.COMPILED_MODULES == ("solo_rules.solver",)
    declared = sorted(path.relative_to(ROOT / "src").as_posix()
                      for path in (ROOT / "src").rglob("*.pxd"))
    assert declared == ["solo_rules/solver.pxd"]


def test_the_build_hook_compiles_the_listed_modules_from_their_source_files() -> None:
    modules = build_hook_module().compiled_modules(ROOT)
    assert tuple(modules) == accelerator.COMPILED_MODULES
    for name, path in modules.items():
        assert path == ROOT / "src" / Path(*name.split(".")).with_suffix(".py")
        assert path.is_file()


@pytest.mark.parametrize(("value", "wanted"), [("", False), ("0", False), ("1", True)])
def test_the_switch_is_1_or_0(value: str, wanted: bool) -> None:
    assert build_hook_module().accelerate_requested({"SOLO_RULES_ACCELERATE": value}) is wanted


def test_an_unclear_switch_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"SOLO_RULES_ACCELERATE='yes': expected 1"):
        build_hook_module().accelerate_requested({"SOLO_RULES_ACCELERATE": "yes"})


def test_the_default_wheel_is_pure_python_and_needs_no_compiler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLO_RULES_ACCELERATE", raising=False)
    hook = wheel_hook(build_hook_module())
    build_data: dict[str, Any] = {"pure_python": True, "infer_tag": False, "force_include": {}}
    hook.initialize("standard", build_data)
    assert hook.dependencies() == []
    assert build_data == {"pure_python": True, "infer_tag": False, "force_include": {}}


def test_the_accelerated_build_asks_for_cython(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLO_RULES_ACCELERATE", "1")
    requirements = wheel_hook(build_hook_module()).dependencies()
    assert [r.split(">=")[0] for r in requirements] == ["Cython", "setuptools"]


def test_an_accelerated_editable_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLO_RULES_ACCELERATE", "1")
    with pytest.raises(RuntimeError, match="regular wheel only"):
        wheel_hook(build_hook_module()).initialize("editable", {"force_include": {}})


def _attrs_classes_calling_bare_super(source: str) -> list[str]:
    """The attrs classes of ``source`` whose methods call ``super()`` without arguments."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef) or not any(
                "attrs" in ast.unparse(decorator) for decorator in node.decorator_list):
            continue
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id == "super" and not call.args):
                found.append(f"{node.name} line {call.lineno}")
    return found


@pytest.mark.parametrize("name", accelerator.COMPILED_MODULES)
def test_no_compiled_attrs_class_calls_bare_super(name: str) -> None:
    """Compiled, a slotted attrs class (which attrs rebuilds) breaks ``super()``'s hidden class
    cell: "super(type, obj): obj must be an instance or subtype of type" in the accelerated
    install only. Such a call names its class (``Base.method(self, ...)``) instead."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    assert _attrs_classes_calling_bare_super(Path(spec.origin).read_text(encoding="utf-8")) == []
