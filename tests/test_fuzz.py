"""Fuzzing the edges (issue 8): whatever a caller hands the library, the answer is a result, a
``SoloRulesError``, or (for a wrong Python type) a ``TypeError``; never another exception.

Hypothesis draws action texts, card texts, ids and arbitrary Python objects against ``apply``,
``parse_card(s)`` and ``new_game``; a corpus of variant files mutated from the shipped ones
(keys deleted, types changed, unknown keys, huge and negative numbers, cycles, alias bombs, bad
bytes) must each load as a ``Variant`` or fail as a ``VariantError``, and a mutated file that
loads must play a hand to the end. The default profile keeps this to a few seconds.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solo_rules as sr
from solo_rules.variant import variant_dir

VARIANTS = sr.available_variants()
#: The answers an edge may give to bad input.
REFUSALS = (sr.SoloRulesError, TypeError)

words = st.sampled_from(["play", "call", "trump", "bid", "declare", "pass", "hold", "weg",
                         "keep", "stop", "continue", "ask", "partner", "solo", "frage",
                         "tout", "CQ", "S7", "d10", "♣Q", "@C", "@", "H", "karo", "16", "-1",
                         "99999999999999999999", "²", "\x00", "\u202e", " ", "\t"])
action_texts = st.one_of(
    st.text(max_size=40),
    st.lists(words, max_size=6).map(" ".join),
    st.lists(words, max_size=6).map("".join),
)
ids = st.one_of(st.integers(), st.integers(-5, 300))
objects = st.one_of(
    st.none(), st.booleans(), st.floats(), st.binary(max_size=8), st.complex_numbers(),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                          max_size=2),
    st.tuples(st.text(max_size=3)), st.just(object()), st.just(Path("x")), st.just(...),
)


def reached_state(variant_id: str, seed: int, steps: int) -> sr.GameState:
    """A state some random legal steps into a hand."""
    rng = random.Random(seed)
    state = sr.new_game(variant_id, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


states = st.builds(reached_state, st.sampled_from(VARIANTS), st.integers(0, 2**31),
                   st.integers(0, 40))


@given(state=states, text=action_texts)
def test_any_action_text_is_applied_or_refused_with_a_solo_rules_error(
        state: sr.GameState, text: str) -> None:
    try:
        after = state.apply(text)
    except sr.SoloRulesError as exc:
        assert "\n" not in str(exc)
    else:
        assert after.history[-1][1] == state.action(text).id


@given(state=states, aid=ids)
def test_any_int_id_is_applied_or_refused(state: sr.GameState, aid: int) -> None:
    try:
        state.apply(aid)
    except sr.SoloRulesError as exc:
        assert "\n" not in str(exc)


@given(state=states, thing=objects)
def test_any_python_object_is_refused_with_a_type_error_or_solo_rules_error(
        state: sr.GameState, thing: Any) -> None:
    for call in (state.apply, state.action, state.hand, state.view, state.dealt_hand):
        with pytest.raises(REFUSALS):
            call(thing)


@given(text=action_texts)
def test_any_card_text_parses_or_is_a_card_parse_error(text: str) -> None:
    for parse in (sr.parse_card, sr.parse_cards, sr.parse_suit):
        try:
            parse(text)
        except sr.CardParseError as exc:
            assert "\n" not in str(exc)


@given(thing=objects)
def test_card_parsers_refuse_any_python_object(thing: Any) -> None:
    for parse in (sr.parse_card, sr.parse_cards, sr.parse_suit, sr.CardSet):
        with pytest.raises(REFUSALS):
            parse(thing)


@given(variant=st.one_of(st.sampled_from(VARIANTS), action_texts, objects),
       seed=st.one_of(st.none(), ids, objects), dealer=st.one_of(st.none(), ids, objects),
       hands=st.one_of(st.none(), objects, st.lists(st.one_of(action_texts, ids, objects),
                                                    max_size=5)))
def test_new_game_deals_or_refuses_any_arguments(variant: Any, seed: Any, dealer: Any,
                                                 hands: Any) -> None:
    try:
        state = sr.new_game(variant, seed=seed, dealer=dealer, hands=hands)
    except REFUSALS as exc:
        assert "\n" not in str(exc)
    else:
        assert not state.is_terminal or state.phase == sr.Phase.END


# -- a corpus of mutated variant files --------------------------------------------------------

BOMB = ("x-bomb:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"  {chr(n)}: &{chr(n)} [{', '.join([f'*{chr(n - 1)}'] * 8)}]\n"
                  for n in range(ord("b"), ord("j")))
        + "summary: *i\n")


def paths(tree: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a parsed YAML tree."""
    found = [prefix] if prefix else []
    if isinstance(tree, dict):
        for key, value in tree.items():
            found += paths(value, (*prefix, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            found += paths(value, (*prefix, index))
    return found


def mutate(tree: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three random changes somewhere in a variant tree."""
    tree = copy.deepcopy(tree)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths(tree))
        holder = tree
        for step in path[:-1]:
            holder = holder[step]
        key = path[-1]
        change = rng.randrange(6)
        if change == 0:  # delete the key or item
            del holder[key]
        elif change == 1:  # change its type
            holder[key] = rng.choice([None, True, "false", 3, -1, 2.5, [], {}, "CQ", [1, "x"]])
        elif change == 2 and isinstance(holder, dict):  # an unknown key beside it
            holder[f"unknown_{rng.randrange(99)}"] = 1
        elif change == 3:  # a huge or negative number
            holder[key] = rng.choice([10**25, -(10**25), -7, 0, 10**6, 2**63])
        elif change == 4 and isinstance(holder[key], list) and holder[key]:
            holder[key] = holder[key] * rng.randint(2, 50)  # a long list
        else:
            holder[key] = "x" * rng.choice([0, 1, 300, 5000])
    return tree


def corpus_file(folder: Path, seed: int) -> Path:
    """A mutated copy of a shipped variant, written as YAML, sometimes with bad bytes, an
    ``extends`` cycle or an alias bomb."""
    rng = random.Random(seed)
    name = rng.choice(sorted(p.stem for p in variant_dir().glob("*.yaml")))
    tree = yaml.safe_load((variant_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
    tree = mutate(tree, rng)
    if isinstance(tree, dict) and "id" in tree and rng.random() < 0.1:
        tree["extends"] = tree["id"]  # a cycle
    text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
    extra = rng.random()
    data = text.encode("utf-8")
    if extra < 0.05:
        data += BOMB.encode("utf-8")
    elif extra < 0.1:
        data = data[:rng.randrange(len(data))] + b"\xff\xfe" + data[rng.randrange(len(data)):]
    elif extra < 0.15:
        data = data[:rng.randrange(len(data))]  # cut short
    path = folder / f"{name}.yaml"  # the name of a shipped file: extends may resolve to itself
    path.write_bytes(data)
    return path


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow], deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mutated_variant_file_loads_and_plays_or_is_a_variant_error(
        tmp_path: Path, seed: int) -> None:
    folder = tmp_path / str(seed)
    folder.mkdir()
    path = corpus_file(folder, seed)
    try:  # the file as an overlay on a shipped variant
        sr.load_variant(VARIANTS[seed % len(VARIANTS)], overlays=[path])
    except sr.VariantError as exc:
        assert "\n" not in str(exc)
    try:
        variant = sr.load_variant(path)
    except sr.VariantError as exc:
        assert "\n" not in str(exc)
        return
    state = sr.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal, "a mutated variant's hand does not end"
    state.outcome()
    sr.rulebook(variant)
