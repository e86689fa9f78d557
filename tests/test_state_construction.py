"""``GameState.__new__`` builds states through a class-swapped twin: users still get attrs'
frozen value semantics (immutability, equality, hashing, ``evolve``, pickling)."""

from __future__ import annotations

import pickle

import attrs
import pytest

import solo_rules
from solo_rules.state import GameState, replace


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
    copy = pickle.loads(pickle.dumps(moved))
    assert copy == moved and copy.rules is moved.rules


def test_replace_copies_every_field_and_changes_only_those_named() -> None:
    """``replace`` fills its twin field by field: a field added to ``GameState`` and not to
    ``replace`` would be lost, and an unknown name must stay an error."""
    state = solo_rules.new_game("altenburg-1988", seed=3)
    assert type(replace(state)) is GameState and replace(state) == state
    for field in attrs.fields(GameState):
        marker = object()
        changed = replace(state, **{field.name: marker})
        assert type(changed) is GameState
        for other in attrs.fields(GameState):
            expected = marker if other is field else getattr(state, other.name)
            assert getattr(changed, other.name) is expected, (field.name, other.name)
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(state, colour=1)
