"""``import solo_rules`` loads the engine alone (issue 13: under 150 ms, measured by
``benchmarks/import_time.py``): the layers above it are imported on first use of one of their
exports, and the public API is what it was (names, objects, ``dir``, ``__all__``)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import solo_rules

#: The layers above the engine, and the optional libraries, that a bare import must not load.
HEAVY = ("solo_rules.analysis", "solo_rules.bots", "solo_rules.cli", "solo_rules.compare",
         "solo_rules.describe", "solo_rules.integrations", "solo_rules.match",
         "solo_rules.observation", "solo_rules.record", "solo_rules.resample",
         "solo_rules.solver", "matplotlib", "numpy", "scipy", "dask", "distributed", "pyspiel",
         "pettingzoo", "gymnasium", "rich")


def loaded_after(statement: str) -> list[str]:
    """The modules a fresh interpreter has loaded after ``statement``."""
    out = subprocess.run([sys.executable, "-c", f"{statement}\nimport json, sys\n"
                          "print(json.dumps(sorted(sys.modules)))"],
                         check=True, capture_output=True, text=True).stdout
    loaded: list[str] = json.loads(out)
    return loaded


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m in HEAVY or m.startswith(tuple(f"{h}." for h in HEAVY))]


def test_import_solo_rules_loads_no_layer_above_the_engine_nor_an_optional_library() -> None:
    loaded = loaded_after("import solo_rules")
    assert heavy(loaded) == []
    assert "solo_rules.game" in loaded and "solo_rules.record_format" in loaded


def test_a_hand_played_and_recorded_needs_no_layer_above_the_engine() -> None:
    loaded = loaded_after("import solo_rules\nstate = solo_rules.new_game('foster', seed=1)\n"
                          "state = state.apply(state.legal_actions()[0])\n"
                          "state.to_record().to_json()")
    assert heavy(loaded) == []


def test_a_lazy_export_loads_its_layer_on_first_use() -> None:
    loaded = loaded_after("from solo_rules import simulate")
    assert "solo_rules.analysis" in loaded and "solo_rules.compare" in loaded


@pytest.mark.parametrize("name", solo_rules.__all__)
def test_every_export_is_listed_by_dir_and_is_its_modules_own_object(name: str) -> None:
    assert name in dir(solo_rules)
    value = getattr(solo_rules, name)
    module = getattr(value, "__module__", None)
    if isinstance(module, str) and module.startswith("solo_rules.") \
            and hasattr(importlib.import_module(module), name):
        assert getattr(importlib.import_module(module), name) is value


def test_from_import_of_every_export_works_in_a_fresh_interpreter() -> None:
    names = ", ".join(solo_rules.__all__)
    subprocess.run([sys.executable, "-c", f"from solo_rules import {names}"], check=True)


def test_an_export_named_as_its_module_stays_the_export_when_the_module_is_imported_later(
        ) -> None:
    """``compare`` and ``resample`` are functions even after ``import solo_rules.analysis``
    has imported the modules ``solo_rules.compare`` and ``solo_rules.resample``."""
    statement = ("import solo_rules.analysis, solo_rules.observation, solo_rules.resample\n"
                 "import solo_rules\n"
                 "assert callable(solo_rules.compare) and callable(solo_rules.resample)\n"
                 "assert solo_rules.compare.__module__ == 'solo_rules.compare'\n"
                 "assert solo_rules.resample.__module__ == 'solo_rules.resample'\n")
    subprocess.run([sys.executable, "-c", statement], check=True)


def test_an_unknown_attribute_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="module 'solo_rules' has no attribute 'simulat'"):
        solo_rules.simulat  # type: ignore[attr-defined]  # noqa: B018
