"""A PettingZoo AEC environment for every variant (``pip install 'solo-rules[pettingzoo]'``).

One hand per episode: agents ``seat_0``..``seat_{n-1}`` act in the order the rules give (the
auction, the declaration, the play), each observing a dict of ``observation`` (the seat's
``Encoder`` vector, docs/observations.md) and ``action_mask`` (1 at the dense index of each
legal action; all zero for a seat not to act). The action space is ``Discrete`` over the
variant's dense action index. At the end of the hand every seat is rewarded with its score.

>>> from solo_rules.integrations.pettingzoo import env
>>> game = env("heart-solo")
>>> game.reset(seed=1)
>>> game.agent_selection
'seat_1'

The raw environment raises ``IllegalActionError`` on an action its mask forbids; the
first dealer is drawn by the variant's own rule, and ``reset(seed=...)`` makes the episode
reproducible.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from solo_rules.game import CompiledRules, new_game
from solo_rules.observation import Encoder
from solo_rules.state import GameState
from solo_rules.variant import Variant

__all__ = ["SoloEnv", "env", "raw_env"]

Observation = dict[str, np.ndarray[Any, np.dtype[Any]]]


class SoloEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One hand of a variant as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "solo_rules_v0", "is_parallelizable": False}

    def __init__(self, variant: CompiledRules | Variant | str = "altenburg-1988",
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.encoder = encoder = Encoder(variant)
        self.rules = encoder.rules
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(encoder.players)]
        self.agents = self.possible_agents[:]
        size, actions = encoder.size, encoder.index.num_distinct_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; the first dealer is drawn by the variant's rule."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self.rules.first_dealer(self._rng)
        self.state = new_game(self.rules.variant, seed=self._rng.randrange(1 << 62),
                              dealer=dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.state.player)

    def observe(self, agent: str) -> Observation:
        """The seat's encoded view and its legal-action mask."""
        assert self.state is not None
        view = self.state.view(self.possible_agents.index(agent))
        return {"observation": np.asarray(self.encoder.encode(view), np.float32),
                "action_mask": np.asarray(self.encoder.legal_mask(view), np.int8)}

    def step(self, action: int | None) -> None:
        """Apply the action at dense index ``action`` for the agent to act."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.state is not None and action is not None
        state = self.state.apply(self.encoder.index.action(int(action)))
        self.state = state
        self._cumulative_rewards[self.agent_selection] = 0.0
        if state.is_terminal:
            scores = state.outcome().scores
            self.rewards = {agent: float(scores[n]) for n, agent in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(state.player)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The whole table as text (every hand: for watching, not for agents)."""
        return None if self.render_mode is None or self.state is None else str(self.state)

    def close(self) -> None:
        """Nothing to release."""

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]


def raw_env(variant: CompiledRules | Variant | str = "altenburg-1988",
            render_mode: str | None = None) -> SoloEnv:
    """The environment without PettingZoo's wrappers."""
    return SoloEnv(variant, render_mode)


def env(variant: CompiledRules | Variant | str = "altenburg-1988",
        render_mode: str | None = None) -> Any:
    """The environment inside PettingZoo's order-enforcing and bounds-checking wrappers."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(variant, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)
