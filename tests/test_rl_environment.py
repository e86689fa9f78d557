"""OpenSpiel's rl_environment through ``integrations.rl.Environment`` (issue 38): its time
steps equal the stock environment's, seat by seat, for information states and observations,
while each seat's tensor is encoded only when read and stays that step's after later steps."""

from __future__ import annotations

import random

import numpy as np
import pytest
from open_spiel.python import rl_environment

from solo_rules.integrations.openspiel import register
from solo_rules.integrations.rl import Environment


@pytest.mark.parametrize("observation", [rl_environment.ObservationType.INFORMATION_STATE,
                                         rl_environment.ObservationType.OBSERVATION])
@pytest.mark.parametrize("variant", ["altenburg-1988", "niese-five-hand"])
def test_time_steps_equal_the_stock_environments(variant: str, observation: object) -> None:
    name = register(variant)
    envs = [cls(name, observation_type=observation,
                chance_event_sampler=rl_environment.ChanceEventSampler(seed=5))
            for cls in (rl_environment.Environment, Environment)]
    rng = random.Random(1)
    for _ in range(2):
        steps = [env.reset() for env in envs]
        earlier = []
        while True:
            stock, lazy = steps
            assert stock.step_type == lazy.step_type
            assert stock.rewards == lazy.rewards and stock.discounts == lazy.discounts
            for key in ("legal_actions", "current_player"):
                assert stock.observations[key] == lazy.observations[key]
            tensors = lazy.observations["info_state"]
            assert len(tensors) == len(stock.observations["info_state"])
            for seat, tensor in enumerate(stock.observations["info_state"]):
                assert np.array_equal(np.asarray(tensor, np.float32), tensors[seat])
            earlier.append((stock.observations["info_state"][0], tensors))
            if stock.last():
                break
            player = stock.observations["current_player"]
            action = rng.choice(stock.observations["legal_actions"][player])
            steps = [env.step([action]) for env in envs]
        for tensor, tensors in earlier:
            assert np.array_equal(np.asarray(tensor, np.float32), tensors[0])


def test_a_seat_is_encoded_only_when_read() -> None:
    env = Environment(register("heart-solo"))
    step = env.reset()
    tensors = step.observations["info_state"]
    assert tensors._done == {}
    tensors[step.observations["current_player"]]
    assert list(tensors._done) == [step.observations["current_player"]]
    with pytest.raises(IndexError):
        tensors[3]
