"""A variant file that loads, plays (issue 41): Hypothesis mutates the resolved tree of every
shipped variant and overlaid variant (a slot or a parameter deleted, a module swapped for
another of its slot, a number pushed to 0, negative or huge, a list cut or grown, a value of
another type), and each mutant is either refused at load within a second with the library's
one-line ``VariantError``, or loads and plays random hands to their end with no exception.

The slow suite draws enough mutants to find, from scratch, the two the issue names (Altenburg
without its partner slot, Malborn with a packet of 2^63); tests/test_load_checks.py keeps each
case found as a fast regression test.
"""

from __future__ import annotations

import contextlib
import copy
import random
import signal
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import solo_rules as sr
from solo_rules.errors import shown
from solo_rules.schema import module_ids

#: Every shipped variant and every overlay on each base it applies to, as load_variant takes
#: them.
SHIPPED = [(vid, ()) for vid in sr.available_variants()] + [
    (base, (overlay,)) for overlay in sr.available_overlays()
    for base in sr.overlay_bases(overlay)]
#: The values a number is pushed to, besides small ones near zero and its own neighbours.
EDGES = [0, -1, 1_000_000, 1_000_001, -1_000_000, 2**31, 2**63, -(2**63), 10**25]
#: Values of other types put in place of a value.
OTHERS = [None, True, False, "x", "", 2.5, [], {}, "CQ", [1, "x"], {"id": "x"}, 3]
#: Random hands each mutant that loads must play to their end.
HANDS = 8


class Overran(Exception):
    """The watchdog's alarm: the step it guards used more processor time than it may."""


@contextlib.contextmanager
def within(seconds: float, what: str) -> Iterator[None]:
    """Raise ``Overran`` once the block has used ``seconds`` of processor time (so a load that
    does not end is stopped, and a busy machine slows no verdict). The alarm repeats until the
    block ends, in case it first lands where an exception is swallowed (a gc callback)."""

    def alarm(_signum: int, _frame: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0.05)
        raise Overran(f"{what} took more than {seconds} s")

    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def resolved(source: str, overlays: tuple[str, ...]) -> dict[str, Any]:
    """The resolved tree of a shipped variant as plain data, under its own one-file id."""
    tree = yaml.safe_load(yaml.safe_dump(_plain(sr.load_variant(source, overlays).tree)))
    tree["id"] = "mutant"
    return tree


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


TREES = {(source, overlays): resolved(source, overlays) for source, overlays in SHIPPED}


def nodes(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value under ``node`` with its path of keys and indexes, ``node`` itself first."""
    yield path, node
    if isinstance(node, dict):
        for key, item in node.items():
            yield from nodes(item, (*path, key))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from nodes(item, (*path, index))


def value_at(tree: dict[str, Any], path: tuple[Any, ...]) -> Any:
    """The value at ``path``, or ``"(deleted)"``."""
    try:
        return holder(tree, path)[path[-1]]
    except (KeyError, IndexError, TypeError):
        return "(deleted)"


def holder(tree: dict[str, Any], path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        tree = tree[key]
    return tree


class Mutant:
    """A mutated tree, shown by what was done to it (a failure report names it in a line)."""

    def __init__(self, what: str, tree: dict[str, Any], seed: int = 0) -> None:
        self.what, self.tree, self.seed = what, tree, seed

    def __repr__(self) -> str:
        return f"Mutant({self.what!r}, seed={self.seed})"


@st.composite
def mutants(draw: st.DrawFn) -> Mutant:
    """A shipped variant's resolved tree with one to three mutations of its rules, a line
    saying what was done (for the failure report), and the seed of its first hand."""
    key = draw(st.sampled_from(sorted(TREES)))
    tree = copy.deepcopy(TREES[key])
    done = [f"{'+'.join((key[0], *key[1]))}:"]
    for _ in range(draw(st.integers(1, 3))):
        rules = tree["rules"]
        if not rules:
            break
        slot = draw(st.sampled_from(sorted(rules)))
        kind = draw(st.sampled_from(["delete", "swap", "number", "length", "type"]))
        params = (rules[slot].get("params") or {}) if isinstance(rules[slot], dict) else {}
        inside = [(("rules", slot, "params", *path), value)
                  for path, value in nodes(params) if path]
        if kind == "delete":
            whole = not inside or draw(st.booleans())  # the slot, or a part of its params
            path = ("rules", slot) if whole else draw(st.sampled_from(inside))[0]
            del holder(tree, path)[path[-1]]
        elif kind == "swap" and isinstance(rules[slot], dict):
            module = draw(st.sampled_from(module_ids(slot)))
            rules[slot]["module"] = module
            if draw(st.booleans()):  # the other module with its own defaults
                rules[slot].pop("params", None)
                (rules[slot].get("provenance") or {}).pop("params", None)
            path = ("rules", slot, "module")
        elif kind == "number" and (numbers := [(path, value) for path, value in inside
                                               if type(value) is int]):
            path, value = draw(st.sampled_from(numbers))
            holder(tree, path)[path[-1]] = draw(st.one_of(
                st.sampled_from(EDGES), st.integers(-3, 12),
                st.sampled_from([value - 1, value + 1, 2 * value, -value])))
        elif kind == "length" and (lists := [(path, value) for path, value in inside
                                             if isinstance(value, list)]):
            path, value = draw(st.sampled_from(lists))
            holder(tree, path)[path[-1]] = draw(st.one_of(
                st.integers(0, len(value)).map(lambda end, value=value: value[:end]),
                st.integers(2, 40).map(lambda times, value=value: value * times),
                st.just(value + value[-1:])))
        elif kind == "type" and inside:
            path, _ = draw(st.sampled_from(inside))
            holder(tree, path)[path[-1]] = copy.deepcopy(draw(st.sampled_from(OTHERS)))
        else:
            continue
        done.append(f"{kind} {'.'.join(map(str, path))} -> {shown(value_at(tree, path))}")
    return Mutant(" ".join(done), tree, draw(st.integers(0, 2**32 - 1)))


def check(folder: Path, mutant: Mutant) -> str:
    """The property for one mutant: refused at load within a second in one line, or loaded
    and every one of ``HANDS`` random hands played to its end; which of the two it was."""
    what, tree = mutant.what, mutant.tree
    path = folder / "mutant.yaml"
    path.write_text(yaml.safe_dump(tree, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    try:
        with within(1.0, f"loading {what}"):
            variant = sr.load_variant(path)
    except sr.VariantError as exc:
        assert "\n" not in str(exc), what
        assert str(exc).startswith(str(path)), what
        return "refused at load"
    for seed in range(mutant.seed, mutant.seed + HANDS):
        rng = random.Random(seed)
        with within(20.0, f"a hand of {what}"):
            state = sr.new_game(variant, seed=seed)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
            state.outcome()
    return "loaded and played"


def test_every_shipped_tree_loads_as_one_file(tmp_path: Path) -> None:
    """The mutations start from trees that load and play as they are."""
    for (source, overlays), tree in TREES.items():
        assert check(tmp_path, Mutant("+".join((source, *overlays)), tree)) \
            == "loaded and played"


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(mutant=mutants())
def test_a_mutated_variant_is_refused_at_load_or_plays(tmp_path: Path, mutant: Mutant) -> None:
    event(check(tmp_path, mutant))


@pytest.mark.slow
@settings(max_examples=1500, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(mutant=mutants())
def test_many_mutated_variants_are_refused_at_load_or_play(tmp_path: Path,
                                                           mutant: Mutant) -> None:
    event(check(tmp_path, mutant))
