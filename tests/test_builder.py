"""The one fast-construction idiom (``state.builder``): a value built by a builder is the value
its attrs class builds, whatever the fields, defaults and factories; ``replace`` changes only
the fields it names; a state copies as itself."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

import solo_rules
from solo_rules.cards import CardSet
from solo_rules.rules.auction.amounts import AmountState, amount_state
from solo_rules.rules.auction.immediate_hold import HoldState, hold_state
from solo_rules.rules.auction.single_round import RoundState, round_state
from solo_rules.state import (
    Contract,
    GameState,
    Outcome,
    PlayerView,
    Trick,
    build_contract,
    build_outcome,
    build_state,
    build_trick,
    builder,
    replace,
)
from solo_rules.view import _build as build_view

#: every value the engine builds with a builder
BUILT: list[tuple[type[Any], Any]] = [
    (GameState, build_state), (PlayerView, build_view), (Trick, build_trick),
    (Contract, build_contract), (Outcome, build_outcome), (HoldState, hold_state),
    (RoundState, round_state), (AmountState, amount_state),
]


def _marker_values(cls: type[Any]) -> list[object]:
    """One distinct value per field of ``cls``."""
    return [object() for _ in attrs.fields(cls)]


@pytest.mark.parametrize(("cls", "build"), BUILT, ids=[cls.__name__ for cls, _ in BUILT])
def test_a_built_value_is_the_value_its_class_builds(cls: type[Any], build: Any) -> None:
    values = _marker_values(cls)
    names = [field.name for field in attrs.fields(cls)]
    built = build(*values)
    assert type(built) is cls
    assert built == cls(*values) == build(**dict(zip(names, values, strict=True)))
    assert hash(built) == hash(cls(*values))
    # every field holds the very value given (a repr of marker objects would need real ones)
    assert all(getattr(built, name) is value for name, value in zip(names, values, strict=True))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(built, names[0], 1)


@pytest.mark.parametrize(("cls", "build"), BUILT, ids=[cls.__name__ for cls, _ in BUILT])
def test_a_builder_fills_the_defaults_and_factories_its_class_fills(cls: type[Any],
                                                                    build: Any) -> None:
    required = [field for field in attrs.fields(cls) if field.default is attrs.NOTHING]
    values = [object() for _ in required]
    assert build(*values) == cls(*values)


def test_a_factory_default_is_made_anew_for_each_value() -> None:
    @attrs.frozen(slots=True, weakref_slot=False)
    class Bag:
        items: list[int] = attrs.field(factory=list)

    build = builder(Bag)
    assert build() == Bag() and build().items is not build().items


def test_a_builder_refuses_a_field_it_would_not_check() -> None:
    @attrs.frozen(slots=True, weakref_slot=False)
    class Checked:
        seat: int = attrs.field(validator=attrs.validators.ge(0))

    with pytest.raises(TypeError, match="field 'seat' has a validator"):
        builder(Checked)


@pytest.mark.parametrize(("cls", "build"), BUILT, ids=[cls.__name__ for cls, _ in BUILT])
def test_replace_changes_only_the_fields_it_names(cls: type[Any], build: Any) -> None:
    value = build(*_marker_values(cls))
    assert replace(value) == value and type(replace(value)) is cls
    for field in attrs.fields(cls):
        marker = object()
        changed = replace(value, **{field.name: marker})
        assert changed == attrs.evolve(value, **{field.name: marker})
        for other in attrs.fields(cls):
            expected = marker if other is field else getattr(value, other.name)
            assert getattr(changed, other.name) is expected, (field.name, other.name)
    with pytest.raises(TypeError, match=f"{cls.__name__} has no field 'colour'"):
        replace(value, colour=1)


def test_a_state_copies_as_itself_and_pickles_to_an_equal_state() -> None:
    state = solo_rules.new_game("niese", seed=11)
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled == state and unpickled.rules is state.rules
    fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
    assert build_state(*fields) == GameState(*fields) == state
    assert solo_rules.new_game("niese", seed=11).view(1).exposed == CardSet()
