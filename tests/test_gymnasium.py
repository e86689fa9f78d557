"""The single-agent Gymnasium environment (issue 38): it passes Gymnasium's own
``check_env`` on every variant; seeded resets are reproducible in another process; the seat's
rewards lie in the declared range, 0 until the hand ends; an illegal action ends the hand with
the lowest reward; opponents may be callables; the vector API runs it."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from every_variant import DEFAULT, EVERY
from gymnasium.utils.env_checker import check_env

import solo_rules as sr
from solo_rules.integrations.gymnasium import ENV_ID, SoloEnv

PLAY = """
import hashlib, numpy as np, gymnasium
from solo_rules.integrations.gymnasium import ENV_ID
env = gymnasium.make(ENV_ID, variant="altenburg-1988", seat=2, opponents="heuristic")
digest = hashlib.sha256()
observation, info = env.reset(seed=11)
for _ in range(3):
    done = False
    while not done:
        digest.update(observation.tobytes())
        action = int(np.flatnonzero(info["action_mask"])[-1])
        observation, reward, done, _, info = env.step(action)
        digest.update(repr(reward).encode())
    observation, info = env.reset()
print(digest.hexdigest())
"""


@pytest.mark.parametrize("variant", DEFAULT)
def test_gymnasiums_env_checker_passes(variant: str) -> None:
    env = gymnasium.make(ENV_ID, variant=variant, seat=1, opponents="random",
                         render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_gymnasiums_env_checker_passes_for_every_seat_and_opponent(variant: str) -> None:
    players = sr.compile(sr.load_variant(variant)).players
    for seat in range(players):
        for opponents in ("random", "heuristic"):
            env = gymnasium.make(ENV_ID, variant=variant, seat=seat, opponents=opponents,
                                 observation="information_state")
            check_env(env.unwrapped)


def test_seeded_resets_are_reproducible_across_processes() -> None:
    runs = [subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)]
    namespace: dict[str, object] = {}
    exec(PLAY.replace("print(digest.hexdigest())", "out = digest.hexdigest()"), namespace)
    assert runs[0] == runs[1] == f"{namespace['out']}\n"


@pytest.mark.parametrize("variant", ["altenburg-1988", "niese", "quadrille", "heart-solo"])
def test_rewards_are_the_seats_score_over_the_bound(variant: str) -> None:
    env = SoloEnv(variant, seat=0, opponents="random")
    raw = SoloEnv(variant, seat=0, opponents="random", scaled_rewards=False)
    low, high = env.reward_range
    for hand in range(6):
        totals = []
        for one in (env, raw):
            _, info = one.reset(seed=hand)
            done, rewards = False, []
            picks = random.Random(hand)
            while not done:
                action = picks.choice(np.flatnonzero(info["action_mask"]).tolist())
                _, reward, done, truncated, info = one.step(action)
                rewards.append(float(reward))
                assert not truncated
            assert all(r == 0.0 for r in rewards[:-1])
            totals.append(rewards[-1])
        assert low <= totals[0] <= high
        assert one.game is not None and totals[1] == one.game.outcome().scores[0]
        assert totals[0] == pytest.approx(totals[1] * env.scale)


def test_an_illegal_action_ends_the_hand_with_the_lowest_reward() -> None:
    env = SoloEnv("heart-solo", opponents="heuristic")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info["illegal"] and reward == env.reward_range[0] == -1.0
    assert not info["action_mask"].any()


def test_opponents_may_be_callables_and_the_library_bots() -> None:
    """A function of the rules and a seed gives each opponent: here one that always takes
    the lowest legal action, which the hand's history shows."""
    seen = []

    def lowest(rules: sr.CompiledRules, seed: int) -> object:
        return lambda view: (seen.append(view.seat), view.legal_actions[0])[1]

    env = SoloEnv("heart-solo", seat=0, opponents=lowest)
    _, info = env.reset(seed=5)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert set(seen) == {1, 2}
    with pytest.raises(ValueError, match="opponents must be one of random, heuristic, sampling"):
        SoloEnv("heart-solo", opponents="clever")


def test_the_vector_api_runs_the_environment() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync",
                              variant="heart-solo", opponents="heuristic")
    observations, infos = envs.reset(seed=4)
    assert observations.shape == (3, envs.single_observation_space.shape[0])
    finished = 0
    for _ in range(60):
        actions = np.array([np.flatnonzero(mask)[0] if mask.any() else 0
                            for mask in infos["action_mask"]])
        _, _, done, _, infos = envs.step(actions)
        finished += int(done.sum())
    assert finished >= 3


@pytest.mark.walks
def test_the_reinforce_example_beats_the_random_agent() -> None:
    """examples/gymnasium_reinforce.py: 3,000 hands of training against heuristic bots give a
    policy whose mean reward over 500 held-out hands exceeds the random agent's."""
    path = Path(__file__).parents[1] / "examples" / "gymnasium_reinforce.py"
    spec = importlib.util.spec_from_file_location("gymnasium_reinforce", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    env = SoloEnv("heart-solo", 0, "heuristic")
    weights = example.train(env, seconds=600.0, rate=0.05, seed=1, most=3000)
    trained = example.evaluate(env, weights, 500, 10_000_000)
    assert trained > example.evaluate(env, None, 500, 10_000_000) + 0.1
