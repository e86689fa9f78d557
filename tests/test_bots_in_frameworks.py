"""The library's bots as OpenSpiel bots and PettingZoo policies (issue 38): they make the
very choices they make in solo_rules itself (the same hand, the same history), they play with
``evaluate_bots`` beside OpenSpiel's own MCTS bot, and a bot asked out of turn is refused."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import solo_rules as sr
from solo_rules.bots import HeuristicBot, SamplingBot
from solo_rules.integrations import pettingzoo
from solo_rules.integrations.openspiel import SoloBot, register


def _direct(state: sr.GameState, bots: list[HeuristicBot]) -> sr.GameState:
    while not state.is_terminal:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    return state


@pytest.mark.parametrize("variant", ["heart-solo", "altenburg-1988", "niese-five-hand"])
def test_openspiel_bots_choose_as_the_library_bots(variant: str) -> None:
    game = pyspiel.load_game(register(variant))
    players = game.num_players()
    for seed in range(3):
        state = game.new_initial_state()
        bots = [SoloBot(game, seat, HeuristicBot(seed * 10 + seat)) for seat in range(players)]
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        played = state.state
        assert played is not None
        start = played.rules.start(played.dealt, played.dealer)
        direct = _direct(start, [HeuristicBot(seed * 10 + seat) for seat in range(players)])
        assert direct.history == played.history
        assert returns == [float(score) for score in direct.outcome().scores]


def test_the_sampling_bot_plays_against_openspiels_mcts() -> None:
    game = pyspiel.load_game(register("heart-solo"))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [SoloBot(game, 0, SamplingBot("heart-solo", 1, samples=2, bid_samples=1)),
            SoloBot(game, 1, HeuristicBot(2)),
            mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=np.random.RandomState(1))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                          np.random.RandomState(3))
    assert len(returns) == 3 and sum(returns) == 0.0


def test_a_bot_asked_out_of_turn_is_refused() -> None:
    game = pyspiel.load_game(register("heart-solo"))
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not its turn"):
        SoloBot(game, 0, HeuristicBot(1)).step(state)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    other = (state.current_player() + 1) % 3
    with pytest.raises(pyspiel.SpielError, match="not its turn"):
        SoloBot(game, other, HeuristicBot(1)).step(state)


@pytest.mark.parametrize("variant", ["heart-solo", "altenburg-1988"])
def test_pettingzoo_policies_choose_as_the_library_bots(variant: str) -> None:
    env = pettingzoo.env(variant)
    env.reset(seed=4)
    policies = {agent: pettingzoo.BotPolicy(env, HeuristicBot(n))
                for n, agent in enumerate(env.possible_agents)}
    start = env.unwrapped.game
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else policies[agent](observation, agent)
        if action is not None:
            assert observation["action_mask"][action] == 1
        env.step(action)
    direct = _direct(start, [HeuristicBot(n) for n in range(start.players)])
    assert env.unwrapped.game.history == direct.history
