"""The PettingZoo adapter passes PettingZoo's own ``api_test``, ``seed_test``, ``render_test``
and ``parallel_api_test`` (through ``turn_based_aec_to_parallel``) on every variant and
overlay; it follows the classic card games' conventions (``player_i`` agents, a name per
environment, ``state()``, the illegal move ending the hand as ``TerminateIllegalWrapper``
does); its observations and masks are the seat's encoded view (issues 12 and 24)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from every_variant import DEFAULT, EVERY
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.test.state_test import test_state as pettingzoo_state_test
from pettingzoo.test.state_test import test_state_space as pettingzoo_state_space_test
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import solo_rules as sr
from solo_rules.integrations.pettingzoo import env, env_name, raw_env
from solo_rules.observation import Encoder


def _frameworks_tests(variant: str, cycles: int) -> None:
    api_test(env(variant), num_cycles=cycles)
    seed_test(lambda: env(variant), num_cycles=cycles)
    parallel_api_test(turn_based_aec_to_parallel(env(variant)), num_cycles=cycles)


@pytest.mark.parametrize("variant", DEFAULT)
def test_pettingzoo_api_seed_and_parallel_tests_pass(variant: str) -> None:
    _frameworks_tests(variant, 40)


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_pettingzoo_api_seed_and_parallel_tests_pass_over_long_runs(variant: str) -> None:
    _frameworks_tests(variant, 1000)


@pytest.mark.parametrize("variant", ["heart-solo", "niese-five-hand"])
def test_pettingzoo_render_test_passes(variant: str, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    def make(render_mode: str | None = None) -> Any:
        return env(variant, render_mode=render_mode)

    render_test(make)
    assert f"{variant}: " in capsys.readouterr().out  # human mode printed the table


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match=r"render_mode must be one of human, ansi or None, got "
                                         r"'rgb_array'"):
        env("foster", render_mode="rgb_array")


@pytest.mark.parametrize("variant", ["altenburg-1988", "niese-five-hand"])
def test_state_is_every_seats_encoding(variant: str) -> None:
    game = env(variant)
    pettingzoo_state_space_test(game)
    pettingzoo_state_test(game, num_cycles=20)
    game.reset(seed=2)
    hand = game.unwrapped.game
    encoder = Encoder(variant)
    expected = [x for seat in range(hand.players) for x in encoder.encode(hand.view(seat))]
    assert game.state().tolist() == expected
    assert game.state().shape == game.state_space.shape


def test_agents_are_named_as_the_classic_card_games_name_them() -> None:
    game = env("niese-six-hand")
    game.reset(seed=0)
    assert game.possible_agents == [f"player_{seat}" for seat in range(6)]
    assert game.agent_selection == f"player_{game.unwrapped.game.player}"
    names = {env_name(variant) for variant in EVERY}
    assert len(names) == len(EVERY)
    assert env("heart-solo").metadata["name"] == "solo_rules_heart_solo_v1"
    assert env_name("altenburg-1988+matador-renege") == \
        "solo_rules_altenburg_1988__matador_renege_v1"


def test_reset_deals_from_the_dealer_named_in_the_options() -> None:
    game = raw_env("foster")
    for dealer in range(4):
        game.reset(seed=1, options={"dealer": dealer})
        assert game.game is not None and game.game.dealer == dealer
    game.reset(seed=1, options={"other": True})  # PettingZoo's own tests pass such a key
    with pytest.raises(ValueError, match=r"options\['dealer'\] must be a seat 0\.\.3, got 4"):
        game.reset(options={"dealer": 4})


def _finish(game: Any, rng: np.random.Generator) -> dict[str, float]:
    final = {}
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


def test_scaled_rewards_are_the_scores_over_the_bound() -> None:
    rules = sr.compile(sr.load_variant("niese"))
    bound = rules.settlement.bound(rules)
    for seed in range(6):
        raw, scaled = env("niese"), env("niese", scaled_rewards=True)
        raw.reset(seed=seed)
        scaled.reset(seed=seed)
        plain = _finish(raw, np.random.default_rng(seed))
        small = _finish(scaled, np.random.default_rng(seed))
        assert small == pytest.approx({agent: r / bound for agent, r in plain.items()})
        assert all(-1.0 <= r <= 1.0 for r in small.values())


def test_an_illegal_move_ends_the_hand_as_terminate_illegal_wrapper_does(
        caplog: pytest.LogCaptureFixture) -> None:
    """PettingZoo's classic games end the episode on an illegal move, the mover rewarded
    ``illegal_reward`` and the others 0 (``TerminateIllegalWrapper``): ``env()`` is wrapped
    so, with the lowest reward a hand can give by default; the raw environment raises."""
    rules = sr.compile(sr.load_variant("altenburg-1988"))
    worst = -float(rules.settlement.bound(rules))
    for game, illegal_reward in ((env("altenburg-1988"), worst),
                                 (env("altenburg-1988", illegal_reward=-3.0), -3.0),
                                 (wrappers.TerminateIllegalWrapper(
                                     raw_env("altenburg-1988"), illegal_reward=-1.0), -1.0)):
        game.reset(seed=0)
        mover = game.agent_selection
        mask = game.observe(mover)["action_mask"]
        caplog.clear()
        game.step(int(np.flatnonzero(mask == 0)[0]))
        assert "Illegal move made" in caplog.text
        assert all(game.terminations.values())
        assert game.rewards == {agent: illegal_reward if agent == mover else 0.0
                                for agent in game.possible_agents}
    raw = raw_env("altenburg-1988")
    raw.reset(seed=0)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    with pytest.raises(sr.IllegalActionError):
        raw.step(int(np.flatnonzero(mask == 0)[0]))


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
        assert game.game is not None and game.game.is_terminal
        return taken, {a: float(s) for a, s in zip(game.possible_agents,
                                                   game.game.outcome().scores, strict=True)}

    first, second = episode(), episode()
    assert first == second and len(first[0]) > 8


def test_observation_is_the_encoded_view_of_the_seat() -> None:
    game = raw_env("niese")
    game.reset(seed=5)
    assert game.game is not None
    encoder = Encoder("niese")
    for seat, agent in enumerate(game.possible_agents):
        obs = game.observe(agent)
        assert obs["observation"].tolist() == encoder.encode(game.game.view(seat))
        acting = game.game.player == seat
        assert bool(obs["action_mask"].any()) == acting


@pytest.mark.parametrize("variant", ["heart-solo", "altenburg-1988", "niese-five-hand",
                                     "quadrille"])
def test_the_compact_observation_passes_pettingzoos_tests(variant: str) -> None:
    """``observation="compact"`` (issue 38): the seat's compact observation, of its space's
    size, through PettingZoo's own api, seed and parallel tests."""
    from solo_rules.integrations.arrays import CompactEncoder

    def make() -> Any:
        return env(variant, observation="compact")

    api_test(make(), num_cycles=40)
    seed_test(make, num_cycles=40)
    parallel_api_test(turn_based_aec_to_parallel(make()), num_cycles=40)
    game = make()
    game.reset(seed=3)
    observed = game.observe(game.agent_selection)["observation"]
    assert observed.shape == (CompactEncoder(variant).size,)
    with pytest.raises(ValueError, match="observation must be 'information_state' or "
                                         "'compact', got 'full'"):
        env(variant, observation="full")
