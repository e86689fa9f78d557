"""``GameState`` is written by hand (a C extension type in the compiled build), built through a
class-swapped twin in pure Python: users still get attrs' frozen value semantics (immutability,
equality, hashing, ``repr``, ``attrs.fields``/``evolve``, pickling, copies)."""

from __future__ import annotations

import copy
import inspect
import pickle
import subprocess
import sys

import attrs
import pytest

import solo_rules
from solo_rules import accelerator
from solo_rules import state as state_module
from solo_rules.state import GameState, Outcome, build_outcome, replace


def test_a_built_state_is_a_frozen_game_state_equal_to_its_copies() -> None:
    state = solo_rules.new_game("altenburg-1988", seed=7)
    assert type(state) is GameState
    fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
    positional = GameState(*fields)
    keywords = GameState(**{field.name: getattr(state, field.name)
                            for field in attrs.fields(GameState)})
    assert positional == keywords == state
    assert hash(positional) == hash(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.player = 3  # type: ignore[misc]


def test_evolve_replace_and_pickle_keep_every_field() -> None:
    state = solo_rules.new_game("niese", seed=11)
    moved = attrs.evolve(state, player=(state.player + 1) % 4)
    assert moved == replace(state, player=(state.player + 1) % 4)
    assert moved != state
    unpickled = pickle.loads(pickle.dumps(moved))
    assert unpickled == moved and unpickled.rules is moved.rules


def test_replace_copies_every_field_and_changes_only_those_named() -> None:
    """``replace`` builds from every field: a field added to ``GameState`` and not to
    ``replace`` would be lost, and an unknown name must stay an error. Each marker is of its
    field's type (the compiled build keeps seats as C ints, sequences as tuples and the rule
    set as a ``RuleCore``: another variant's rule set marks it)."""
    state = solo_rules.new_game("altenburg-1988", seed=3)
    other_rules = solo_rules.compile(solo_rules.load_variant("foster"))
    assert type(replace(state)) is GameState and replace(state) == state
    for number, field in enumerate(attrs.fields(GameState)):
        value = getattr(state, field.name)
        marker = (other_rules if field.name == "rules"
                  else 200 + number if type(value) is int
                  else (object(),) if type(value) is tuple else object())
        changed = replace(state, **{field.name: marker})
        assert type(changed) is GameState
        for other in attrs.fields(GameState):
            expected = marker if other is field else getattr(state, other.name)
            assert getattr(changed, other.name) is expected, (field.name, other.name)
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(state, colour=1)


def test_repr_copies_and_deletion_behave_as_the_attrs_class_did() -> None:
    """The hand-written class keeps what ``@attrs.frozen`` gave: the same ``repr`` text, a
    copy that is the state itself, a field that cannot be deleted, and no equality with a
    value of another class that has the same fields."""
    state = solo_rules.new_game("foster", seed=5)
    names = [field.name for field in attrs.fields(GameState)]
    reference = attrs.make_class("GameState", names, frozen=True)(
        *(getattr(state, name) for name in names))
    assert repr(state) == repr(reference)
    assert state != reference and not state == reference  # noqa: SIM201
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del state.phase  # type: ignore[misc]


def test_the_construction_switch_says_which_path_runs() -> None:
    """``state.COMPILED`` (how ``build_state`` makes a state) is true exactly where the state
    module runs compiled, and pure Python needs no Cython to say so."""
    compiled = "solo_rules.state" in accelerator.compiled_modules()
    assert state_module.COMPILED is compiled
    blocked = ("import sys; sys.modules['cython'] = None; import solo_rules, solo_rules.state "
               "as s; print(s.COMPILED, solo_rules.new_game('altenburg-1988', seed=1).phase)")
    shown = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                           check=True).stdout.split()
    assert shown == [str(compiled), "auction"]


def test_build_outcome_takes_every_field_of_outcome() -> None:
    """The settlement copies an outcome field by field through ``build_outcome`` (a payment
    added by ``Settlement._paid``): a field added to ``Outcome`` and not to ``build_outcome``
    would be lost there."""
    parameters = list(inspect.signature(build_outcome).parameters)
    assert parameters == [field.name for field in attrs.fields(Outcome)]
