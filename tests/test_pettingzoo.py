"""The PettingZoo adapter passes PettingZoo's own ``api_test`` for every variant, and its
observations and masks are the seat's encoded view (issue 12)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

import solo_rules as sr
from solo_rules.integrations.pettingzoo import env, raw_env
from solo_rules.observation import Encoder

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_passes(variant: str) -> None:
    api_test(env(variant), num_cycles=40)


def test_a_seeded_episode_is_reproducible_and_scores_the_hand() -> None:
    def episode() -> tuple[list[int], dict[str, float]]:
        game = raw_env("foster")
        game.reset(seed=3)
        rng = np.random.default_rng(0)
        taken = []
        for agent in game.agent_iter():
            obs, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            taken.append(action)
            game.step(action)
            assert agent in game.possible_agents
        assert game.state is not None and game.state.is_terminal
        return taken, {a: float(s) for a, s in zip(game.possible_agents,
                                                   game.state.outcome().scores, strict=True)}

    first, second = episode(), episode()
    assert first == second and len(first[0]) > 8


def test_observation_is_the_encoded_view_of_the_seat() -> None:
    game = raw_env("niese")
    game.reset(seed=5)
    assert game.state is not None
    encoder = Encoder("niese")
    for seat, agent in enumerate(game.possible_agents):
        obs = game.observe(agent)
        assert obs["observation"].tolist() == encoder.encode(game.state.view(seat))
        acting = game.state.player == seat
        assert bool(obs["action_mask"].any()) == acting


def test_an_illegal_action_is_refused() -> None:
    game = raw_env("altenburg-1988")
    game.reset(seed=0)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(sr.IllegalActionError):
        game.step(int(np.flatnonzero(mask == 0)[0]))
