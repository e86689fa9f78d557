"""Observations as numpy arrays (issue 38): the perfect-recall encoding filled in one
assignment equals the core's list; the compact observation tiles its fields, holds what the
seat may know and nothing more (a consistent redeal observes the same), and is documented
field by field; OpenSpiel's observers of a seat without perfect recall, and of the public
information alone, work (they raised ValueError)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from every_variant import DEFAULT, EVERY

import solo_rules as sr
from solo_rules.integrations.arrays import CompactEncoder, information_state
from solo_rules.integrations.openspiel import SoloGame, register
from solo_rules.observation import Encoder


def _states(variant: str, seed: int) -> list[sr.GameState]:
    rng = random.Random(seed)
    state = sr.new_game(variant, seed=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _fields(compact: CompactEncoder, vector: np.ndarray) -> dict[str, np.ndarray]:
    return {f.name: vector[f.start:f.start + f.size] for f in compact.fields}


@pytest.mark.parametrize("variant", DEFAULT)
def test_the_information_state_array_is_the_encoding(variant: str) -> None:
    encoder = Encoder(variant)
    out = np.full(encoder.size, 7.0, np.float32)
    for state in _states(variant, 3)[::3]:
        for seat in range(state.players):
            view = state.view(seat)
            expected = np.asarray(encoder.encode(view), np.float32)
            assert np.array_equal(information_state(encoder, view), expected)
            assert np.array_equal(information_state(encoder, view, out), expected)


@pytest.mark.parametrize("variant", DEFAULT)
def test_the_compact_observation_decodes_the_view(variant: str) -> None:
    """Its fields tile the vector; the hand, the cards each seat played and took, the trick
    and the tricks won are the view's."""
    compact = CompactEncoder(variant)
    assert sum(f.size for f in compact.fields) == compact.size
    assert [f.start for f in compact.fields] == \
        [sum(f.size for f in compact.fields[:n]) for n in range(len(compact.fields))]
    for state in _states(variant, 5):
        view = state.view(state.player if not state.is_terminal else 0)
        got = _fields(compact, compact.encode(view))
        width = compact.card_ids
        assert list(np.flatnonzero(got["hand"])) == list(view.hand)
        played = got["played"].reshape(state.players, width)
        assert played.sum() == sum(len(t.cards) for t in view.tricks) + len(view.trick)
        for seat, card in view.trick:
            assert got["trick"].reshape(state.players, width)[seat, card] == 1.0
            assert played[seat, card] == 1.0
        for trick in view.tricks:
            assert all(got["taken"].reshape(state.players, width)[trick.winner, card] == 1.0
                       for card in trick.cards)
        assert round(float(got["won"].sum()) * state.rules.hand_size) == len(view.tricks)
        assert set(np.unique(got["seat"])) <= {0.0, 1.0} and got["seat"][view.seat] == 1.0


@pytest.mark.parametrize("variant", DEFAULT)
def test_observations_read_on_from_the_last_history_only_when_it_is_a_prefix(
        variant: str) -> None:
    """One encoder reading the views of two hands interleaved, back and forth and every seat
    gives what an encoder that never saw another view gives: its caches of the history and
    the tricks read never answer for another state (compact and perfect recall)."""
    shared, recall = CompactEncoder(variant), Encoder(variant)
    views = [state.view(seat) for one, other in zip(_states(variant, 7), _states(variant, 8),
                                                    strict=False)
             for state in (one, other) for seat in range(state.players)]
    for view in [*views, *reversed(views), *views[::5]]:
        assert np.array_equal(shared.encode(view), CompactEncoder(variant).encode(view))
        assert sorted(recall.ones(view)) == sorted(Encoder(variant).ones(view))


@pytest.mark.parametrize("variant", ["altenburg-1988", "heart-solo", "niese-five-hand",
                                     "quadrille", "altenburg-1988+mediateur"])
def test_observations_leak_no_hidden_card(variant: str) -> None:
    """A deal drawn from those consistent with a seat's view (OpenSpiel's resampling) gives
    that seat the same compact observation and public observation, at every decision; the
    other seats' cards differ in most of them."""
    _check_no_leak(variant, 2)


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_observations_leak_no_hidden_card_over_many_hands(variant: str) -> None:
    for seed in range(3, 13):
        _check_no_leak(variant, seed)


def _check_no_leak(variant: str, seed: int) -> None:
    game = pyspiel.load_game(register(variant))
    assert isinstance(game, SoloGame)
    compact = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    shared = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    seat_of, public_of = game.make_py_observer(compact), game.make_py_observer(shared)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(seed)
    state = game.new_initial_state()
    checked = differ = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(game.num_players()):
                other = state.resample_from_infostate(player, sampler)
                differ += other.dealt != state.dealt
                for observer in (seat_of, public_of):
                    observer.set_from(state, player)
                    mine = observer.tensor.copy()
                    observer.set_from(other, player)
                    assert np.array_equal(mine, observer.tensor)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert checked > 8 and differ > checked // 2


def test_openspiel_observers_without_perfect_recall_and_of_the_public() -> None:
    """``perfect_recall=False`` observes the compact observation (OpenSpiel's
    ``observation_tensor``), the information state stays the perfect-recall encoding, and the
    public observer is the same for every seat and holds no seat's hand or dealt cards."""
    game = pyspiel.load_game(register("altenburg-1988"))
    assert isinstance(game, SoloGame)
    assert game.observation_tensor_size() == game.compact.size < game.encoder.size
    assert game.information_state_tensor_size() == game.encoder.size
    shared = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node() or not (state.state.trick or state.state.tricks):
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    for player in range(4):
        view = state.state.view(player)
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32),
                              game.compact.encode(view))
        assert np.array_equal(np.asarray(state.information_state_tensor(player), np.float32),
                              information_state(game.encoder, view))
    tensors, strings = set(), set()
    for player in range(4):
        shared.set_from(state, player)
        assert not shared.dict["hand"].any() and not shared.dict["dealt"].any()
        assert shared.dict["tricks"].any() or shared.dict["trick"].any()
        tensors.add(shared.tensor.tobytes())
        strings.add(shared.string_from(state, player))
    assert len(tensors) == len(strings) == 1
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_observation_docs_list_every_compact_field() -> None:
    page = (Path(__file__).parents[1] / "docs" / "observations.md").read_text("utf-8")
    part = page[page.index("## Numpy arrays and the compact observation"):]
    for field in CompactEncoder("altenburg-1988").fields:
        assert f"| `{field.name}` |" in part, field.name
