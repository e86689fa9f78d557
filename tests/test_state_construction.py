"""``GameState`` and ``Contract`` are written by hand (C extension types in the compiled build),
built through a class-swapped twin in pure Python: users still get attrs' frozen value semantics
(immutability, equality, hashing, ``repr``, ``attrs.fields``/``evolve``, pickling, copies)."""

from __future__ import annotations

import copy
import inspect
import pickle
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

import solo_rules
from solo_rules import accelerator
from solo_rules import state as state_module
from solo_rules.rules.auction.immediate_hold import HoldState, hold_state
from solo_rules.rules.auction.single_round import RoundState, round_state
from solo_rules.serial import structure, unstructure
from solo_rules.state import (
    Contract,
    GameState,
    Outcome,
    Trick,
    build_outcome,
    build_trick,
    replace,
    replace_contract,
)


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
    field's type (the compiled build keeps seats as C ints, sequences as tuples, the rule set
    as a ``RuleCore`` and the contract as a ``Contract``: another variant's rule set and
    another contract mark them)."""
    state = solo_rules.new_game("altenburg-1988", seed=3)
    other_rules = solo_rules.compile(solo_rules.load_variant("foster"))
    assert type(replace(state)) is GameState and replace(state) == state
    for number, field in enumerate(attrs.fields(GameState)):
        value = getattr(state, field.name)
        marker = (other_rules if field.name == "rules"
                  else Contract("marker", number, None, None) if field.name == "contract"
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


def _played_contract() -> Contract:
    """The contract of an Altenburg hand played at random into its play, once a card was
    called (a partner and a called card)."""
    for seed in range(50):
        rng = random.Random(seed)
        state = solo_rules.new_game("altenburg-1988", seed=seed)
        while not state.is_terminal and state.phase != "play":
            state = state.apply(rng.choice(state.legal_actions()))
        if state.contract is not None and state.contract.called is not None:
            return state.contract
    raise AssertionError("no seed of 50 reached a called contract")


def test_a_contract_is_a_frozen_value_as_the_attrs_class_was() -> None:
    """``Contract`` keeps what ``@attrs.frozen`` gave it: fields in order with their defaults,
    keyword construction, equality and hash by value, the same ``repr``, immutability,
    ``attrs.evolve`` and pickling."""
    contract = _played_contract()
    names = [field.name for field in attrs.fields(Contract)]
    assert names == ["kind", "index", "declarer", "trump", "tout", "called", "partner",
                     "trump_bound", "co_declarers"]
    values = [getattr(contract, name) for name in names]
    assert Contract(*values) == Contract(**dict(zip(names, values, strict=True))) == contract
    assert hash(Contract(*values)) == hash(contract)
    bare = Contract("solo", 3, 1, None)
    assert (bare.tout, bare.called, bare.partner, bare.trump_bound, bare.co_declarers) == (
        False, None, None, None, ())
    reference = attrs.make_class("Contract", names, frozen=True)(*values)
    assert repr(contract) == repr(reference)
    assert contract != reference
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        contract.partner = 0  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del contract.kind  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(contract)) == contract
    assert attrs.evolve(contract, partner=None) == replace_contract(contract, partner=None)
    assert replace_contract(contract, partner=None).partner is None


def test_replace_contract_changes_only_the_fields_named() -> None:
    contract = _played_contract()
    for field in attrs.fields(Contract):
        marker = object()
        changed = replace_contract(contract, **{field.name: marker})
        for other in attrs.fields(Contract):
            expected = marker if other is field else getattr(contract, other.name)
            assert getattr(changed, other.name) is expected, (field.name, other.name)
    with pytest.raises(TypeError, match="colour"):
        replace_contract(contract, colour=1)


def test_a_contract_round_trips_through_the_record_converter() -> None:
    contract = _played_contract()
    assert structure(unstructure(contract), Contract) == contract


FROZEN_VALUES = [
    (Trick, build_trick, ["leader", "cards", "winner"], (1, (30, 2, 17, 9), 3), (1, (30,), 3),
     (), "Trick(leader=1, cards=(30, 2, 17, 9), winner=3)"),
    (HoldState, hold_state, ["next_entrant", "holder", "challenger", "level",
                             "preferred_bidders", "forced", "overbids"],
     (2, 1, 3, 4, 0b10, True, True), (1, -1, -1, -1, 0), (False, False),
     "HoldState(next_entrant=2, holder=1, challenger=3, level=4, preferred_bidders=2, "
     "forced=True)"),
    (RoundState, round_state, ["spoken", "bid", "holder", "joined", "keeper", "kept_over",
                               "forced"],
     (3, 2, 1, (0, 2), 1, 0, True), (0, -1, -1), ((), -1, -1, False),
     "RoundState(spoken=3, bid=2, holder=1, joined=(0, 2), keeper=1, kept_over=0, "
     "forced=True)"),
]


@pytest.mark.parametrize(("cls", "build", "names", "values", "required", "defaults", "shown"),
                         FROZEN_VALUES, ids=["Trick", "HoldState", "RoundState"])
def test_a_frozen_value_is_what_the_attrs_class_was(
        cls: Any, build: Any, names: list[str], values: tuple[Any, ...],
        required: tuple[Any, ...], defaults: tuple[Any, ...], shown: str) -> None:
    """A trick and the auctions' records (immediate hold's ``HoldState``, the single round's
    ``RoundState``), written by hand on ``FrozenValue``, keep what ``@attrs.frozen`` gave
    them: the fields and their defaults, equality and hash by value, the repr (without
    ``overbids``, which attrs did not show), immutability, pickling, and their builder makes
    the same value as the class."""
    assert [field.name for field in attrs.fields(cls)] == names
    record = cls(*values)
    assert record == build(*values) == pickle.loads(pickle.dumps(record))
    assert hash(record) == hash(build(*values))
    assert record != cls(*values[:-1], not values[-1])
    if cls is Trick:  # the record's converter reads tricks back
        assert structure(unstructure(record), Trick) == record
    assert tuple(getattr(cls(*required), name) for name in names[len(required):]) == defaults
    assert repr(record) == shown
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(record, names[0], 5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        delattr(record, names[1])
