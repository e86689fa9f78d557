"""The OpenSpiel adapter passes OpenSpiel's own random-simulation test for every variant, its
resampling keeps the seat's information state (OpenSpiel's ResampleInfostateTest, in
Python), its utility and game-length bounds hold, and OpenSpiel's IS-MCTS plays it (issue 12)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import solo_rules as sr
from solo_rules.integrations.openspiel import game_name, max_game_length, register
from solo_rules.state import replace

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_random_sim_test_passes(variant: str) -> None:
    game = pyspiel.load_game(register(variant))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_every_shipped_variant_is_registered_under_its_id() -> None:
    names = pyspiel.registered_names()
    for variant in sr.available_variants():
        assert game_name(variant) in names
    assert game_name("altenburg-1988") == "python_solo_altenburg_1988"


@pytest.mark.parametrize("variant", ["heart-solo", "altenburg-1988"])
def test_resampling_keeps_each_seats_information_state(variant: str) -> None:
    game = pyspiel.load_game(register(variant))
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == \
                state.information_state_string(player)
            assert other.information_state_tensor(player) == \
                state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 4


def test_the_deal_is_card_by_card_in_the_variants_packets() -> None:
    """[S-WIK: "deals 8 cards each in batches of 3-2-3"] the first three cards go to eldest."""
    game = pyspiel.load_game(register("altenburg-1988"), {"dealer": 2})
    state = game.new_initial_state()
    order = state.deal_order
    assert order[:3] == (3, 3, 3) and order[3:6] == (0, 0, 0)
    assert [order.count(seat) for seat in range(4)] == [8] * 4
    for card in range(32):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 32 - card
        state.apply_action(card)
    assert state.current_player() == 3  # eldest speaks first


@pytest.mark.parametrize("variant", VARIANTS)
def test_scores_stay_within_the_declared_utility_range(variant: str) -> None:
    rules = sr.compile(sr.load_variant(variant))
    bound = rules.settlement.bound(rules)
    rng = random.Random(0)
    for seed in range(150):
        state = sr.new_game(variant, seed=seed)
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
        assert max(map(abs, state.outcome().scores)) <= bound


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_longest_auction_fits_the_declared_game_length(variant: str) -> None:
    """Exhaustive search of every sequence of decisions before the first card, on sample
    deals: with all the cards after it, the hand fits ``max_game_length``."""
    rules = sr.compile(sr.load_variant(variant))
    cards_and_decisions = rules.players * rules.hand_size + rules.hand_size
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


def test_openspiel_ismcts_example_plays_hands() -> None:
    path = Path(__file__).parents[1] / "examples" / "openspiel_ismcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["openspiel_ismcts"] = module
    spec.loader.exec_module(module)
    mine, theirs = module.play("heart-solo", hands=2, simulations=10, seed=3)
    assert abs(mine + 2 * theirs) < 1e-9  # Heart Solo settles between the players: zero-sum
    assert module.play("heart-solo", hands=2, simulations=10, seed=3) == (mine, theirs)


def test_a_dealer_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"dealer must be a seat 0\.\.2, got 5"):
        pyspiel.load_game(register("heart-solo"), {"dealer": 5})
