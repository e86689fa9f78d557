"""The OpenSpiel adapter passes OpenSpiel's own random-simulation test, with serialization, on
every variant and overlay; its games and states pickle, deep-copy and serialize back equal; an
illegal or unknown action is OpenSpiel's own error; a clone shares the immutable state; its
resampling keeps every seat's information state (OpenSpiel's ResampleInfostateTest, in
Python), the sitting-out seat's included; its utility and game-length bounds hold, and
OpenSpiel's IS-MCTS plays every variant (issues 12 and 24)."""

from __future__ import annotations

import copy
import importlib.util
import pickle
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pyspiel
import pytest
from every_variant import DEFAULT, EVERY

import solo_rules as sr
from solo_rules.integrations.openspiel import (
    SoloGame,
    SoloState,
    game_name,
    max_game_length,
    register,
)
from solo_rules.state import replace

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


def _game(variant: str, dealer: int = 0) -> SoloGame:
    game = pyspiel.load_game(register(variant), {"dealer": dealer})
    assert isinstance(game, SoloGame)
    return game


def _states(game: SoloGame, seed: int) -> list[SoloState]:
    """Every state of one random hand, the chance nodes included."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


def _same(one: SoloState, other: SoloState) -> None:
    assert type(other) is SoloState and other.history() == one.history()
    assert str(other) == str(one) and other.current_player() == one.current_player()
    assert other.state == one.state and other.dealt == one.dealt
    for player in range(one.num_players()):
        assert other.information_state_string(player) == one.information_state_string(player)
    assert other.returns() == one.returns()


@pytest.mark.parametrize("variant", DEFAULT)
def test_openspiel_random_sim_test_passes_with_serialization(variant: str) -> None:
    pyspiel.random_sim_test(_game(variant), num_sims=2, serialize=True, verbose=False)


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_openspiel_random_sim_test_passes_over_many_hands(variant: str) -> None:
    pyspiel.random_sim_test(_game(variant, dealer=1), num_sims=20, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("variant", ["heart-solo", "niese-five-hand",
                                     "altenburg-1988+mediateur"])
def test_states_pickle_deepcopy_and_serialize_back_equal(variant: str) -> None:
    game = _game(variant, dealer=1)
    for state in _states(game, 3)[::5]:
        _same(state, pickle.loads(pickle.dumps(state)))
        _same(state, copy.deepcopy(state))
        _same(state, game.deserialize_state(state.serialize()))
        other_game, other = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state))
        assert other_game == game
        _same(state, other)


def test_games_pickle_back_equal_and_keep_their_variant() -> None:
    for variant in ("heart-solo", "altenburg-1988+matador-renege"):
        game = _game(variant, dealer=2)
        back = pickle.loads(pickle.dumps(game))
        assert back == game and type(back) is SoloGame and back.dealer == 2
        assert back.rules.variant.id == variant
        assert copy.deepcopy(game) == game


def test_a_state_unpickles_in_a_new_process() -> None:
    """Unpickling imports the adapter, which registers the shipped variants again."""
    state = _states(_game("foster"), 1)[40]
    code = ("import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); "
            "print(state.history())")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                         capture_output=True, check=True)
    assert out.stdout.decode().strip() == str(state.history())


def test_an_illegal_or_unknown_action_is_openspiels_own_error() -> None:
    game = _game("altenburg-1988")
    state = _states(game, 0)[33]
    assert not state.is_chance_node()
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match=r"illegal action \(\d+\)"):
        state.apply_action_with_legality_check(illegal)
    with pytest.raises(pyspiel.SpielError, match=r"illegal action \(999\)"):
        state.apply_action_with_legality_check(999)
    with pytest.raises(pyspiel.SpielError, match=r"no action 999; the actions are 0\.\.100"):
        state.apply_action(999)
    with pytest.raises(pyspiel.SpielError, match="is not legal for seat"):
        state.apply_action(illegal)
    dealing = game.new_initial_state()
    dealing.apply_action(5)
    with pytest.raises(pyspiel.SpielError, match="chance outcome 5 is no card left to deal"):
        dealing.apply_action(5)
    assert state.action_to_string(state.current_player(), 999) == \
        "action 999 (none of python_solo_altenburg_1988)"


def test_a_clone_shares_the_immutable_state() -> None:
    """OpenSpiel's clone deep-copies each Python attribute of a state: both are immutable
    values that copy as themselves, so a clone costs a new state and two look-ups
    (benchmarks/openspiel_clone.py measures it against a move)."""
    for state in _states(_game("niese"), 2)[::9]:
        other = state.clone()
        assert other.state is state.state and other._hand is state._hand
        _same(state, other)
        if not state.is_terminal():
            other.apply_action(other.legal_actions()[0])
            assert other.history() != state.history()


def test_every_shipped_variant_is_registered_under_its_id() -> None:
    names = pyspiel.registered_names()
    for variant in sr.available_variants():
        assert game_name(variant) in names
    assert game_name("altenburg-1988") == "python_solo_altenburg_1988"
    assert register("altenburg-1988+matador-renege") == \
        "python_solo_altenburg_1988+matador_renege"


@pytest.mark.parametrize("variant", ["heart-solo", "altenburg-1988", "niese-five-hand",
                                     "altenburg-1988+matador-renege",
                                     "altenburg-1988+mediateur"])
def test_resampling_keeps_each_seats_information_state(variant: str) -> None:
    """Every seat, the one sitting out the five-hand game included, at every state."""
    game = _game(variant, dealer=3 if variant != "heart-solo" else 1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for state in _states(game, 1):
        if state.is_chance_node():
            continue
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == \
                state.information_state_string(player)
            assert other.information_state_tensor(player) == \
                state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
        checked += 1
    assert checked > 4


def test_the_deal_is_card_by_card_in_the_variants_packets() -> None:
    """[S-WIK: "deals 8 cards each in batches of 3-2-3"] the first three cards go to eldest."""
    state = _game("altenburg-1988", dealer=2).new_initial_state()
    order = state.deal_order
    assert order[:3] == (3, 3, 3) and order[3:6] == (0, 0, 0)
    assert [order.count(seat) for seat in range(4)] == [8] * 4
    for card in range(32):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 32 - card
        state.apply_action(card)
    assert state.current_player() == 3  # eldest speaks first


def test_the_forty_card_pack_is_dealt_by_card_id() -> None:
    """[S-HOY: "It is played by four persons, with forty cards"] Quadrille's chance outcomes
    are its forty card ids, the low ranks' 32..51 among them (``max_chance_outcomes`` is the
    card range, 52); a card outside the pack, a ten, is no outcome. The dealt cards reach the
    hands, and the observation during the deal, at their card ids."""
    game = _game("quadrille")
    assert game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    pack = sr.compile(sr.load_variant("quadrille")).pack
    assert [card for card, _ in state.chance_outcomes()] == \
        [card for card in range(52) if pack >> card & 1]
    with pytest.raises(pyspiel.SpielError, match="chance outcome 4 is no card left to deal"):
        state.clone().apply_action(int(sr.Card.CT))
    with pytest.raises(pyspiel.SpielError, match="chance outcome 52 is no card left to deal"):
        state.clone().apply_action(52)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, int(sr.Card.D2)) == "deal D2"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 52) == "deal 52?"
    first = state.deal_order[0]
    state.apply_action(int(sr.Card.H3))
    observed = np.asarray(state.information_state_tensor(first))
    hand = next(f for f in game.encoder.fields if f.name == "hand")
    assert list(np.flatnonzero(observed[hand.start:hand.start + hand.size])) == [sr.Card.H3]
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.state is not None and sum(state.state.hands) == pack
    short = sr.compile(sr.load_variant("muensterland-sollo")).pack  # 24 cards, no 9 or 8
    outside = next(card for card in range(32) if not short >> card & 1)
    with pytest.raises(pyspiel.SpielError, match=f"chance outcome {outside} is no card left"):
        _game("muensterland-sollo").new_initial_state().apply_action(outside)


@pytest.mark.parametrize("variant", VARIANTS)
def test_scores_stay_within_the_declared_utility_range(variant: str) -> None:
    game = _game(variant)
    rng = random.Random(0)
    for seed in range(150):
        state = sr.new_game(variant, seed=seed)
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
        assert game.min_utility() <= min(state.outcome().scores)
        assert max(state.outcome().scores) <= game.max_utility()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_longest_auction_fits_the_declared_game_length(variant: str) -> None:
    """Exhaustive search of every sequence of decisions before the first card, on sample
    deals: with all the cards after it, the hand fits ``max_game_length``."""
    rules = sr.compile(sr.load_variant(variant))
    cards_and_decisions = rules.pack.bit_count() + rules.hand_size
    for seed in range(3):
        memo: dict[sr.GameState, int] = {}

        def longest(state: sr.GameState, memo: dict[sr.GameState, int] = memo) -> int:
            if state.phase in (sr.Phase.PLAY, sr.Phase.END):
                return 0
            key = replace(state, history=())
            if key not in memo:
                memo[key] = 1 + max(longest(state.apply_unchecked(a))
                                    for a in rules.legal_ids(state))
            return memo[key]

        assert longest(sr.new_game(variant, seed=seed)) + cards_and_decisions \
            <= max_game_length(rules)


def _example() -> ModuleType:
    path = Path(__file__).parents[1] / "examples" / "openspiel_ismcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["openspiel_ismcts"] = module
    spec.loader.exec_module(module)
    return module


def test_openspiel_ismcts_example_plays_hands() -> None:
    module = _example()
    mine, theirs = module.play("heart-solo", hands=2, simulations=10, seed=3)
    assert abs(mine + 2 * theirs) < 1e-9  # Heart Solo settles between the players: zero-sum
    assert module.play("heart-solo", hands=2, simulations=10, seed=3) == (mine, theirs)


@pytest.mark.parametrize("variant", sr.available_variants())
def test_openspiel_ismcts_example_plays_every_variant(variant: str) -> None:
    """The searching seat resamples at every decision: the five-hand dealer, who sits out
    unless he buys, included."""
    module = _example()
    bound = _game(variant).max_utility()
    for seed in range(8):
        mine, theirs = module.play(variant, hands=1, simulations=4, seed=seed)
        assert abs(mine) <= bound and abs(theirs) <= bound


def test_a_dealer_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"dealer must be a seat 0\.\.2, got 5"):
        pyspiel.load_game(register("heart-solo"), {"dealer": 5})


def test_the_deal_in_progress_is_in_the_information_state_and_resampled_unseen() -> None:
    """During the card-by-card deal a seat's information state says how many cards have been
    dealt (a seat that has one card after the 1st or after the 4th card knows which), and
    resampling at a chance node keeps the seat's own cards and every seat's count while the
    other seats' cards are drawn from the rest of the pack, not the true state's (issue 38)."""
    game = _game("altenburg-1988", dealer=3)
    state = game.new_initial_state()
    strings = set()
    for card in range(12):
        state.apply_action(card)
        strings.add(state.information_state_string(1))
    assert len(strings) == 12
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for _ in range(20):
        other = state.resample_from_infostate(1, sampler)
        assert other.is_chance_node()
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.dealt[1] == state.dealt[1]
        assert [bin(mask).count("1") for mask in other.dealt] == \
            [bin(mask).count("1") for mask in state.dealt]
        assert not sum(other.dealt) & ~other.dealt[1] & state.dealt[1]
        differ += other.dealt != state.dealt
        while other.is_chance_node():
            other.apply_action(other.chance_outcomes()[0][0])
        assert not other.is_terminal()
    assert differ >= 18
