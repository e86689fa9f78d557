"""A single-agent Gymnasium environment for any variant and seat
(``pip install 'solo-rules[gymnasium]'``): one seat is the agent, the others are played by the
library's bots or by callables, one hand per episode.

The observation is the seat's compact observation (``arrays.CompactEncoder``), or with
``observation="information_state"`` its perfect-recall encoding (docs/observations.md); the
action space is ``Discrete`` over the variant's dense action index, and ``info["action_mask"]``
is 1 at each legal action (int8). The reward, 0 until the hand ends, is then the seat's score
over the variant's utility bound (``observation.utility_bound``: within -1..1), or the raw
score with ``scaled_rewards=False``. An illegal action ends the hand with the lowest reward
(``illegal_reward``) and ``info["illegal"]``, as PettingZoo's ``TerminateIllegalWrapper`` does.
The dealer is drawn by the variant's rule each hand, so the seat sits in every position;
``reset(seed=...)`` seeds the deals and the opponents, reproducibly across processes.

>>> import gymnasium
>>> from solo_rules.integrations import gymnasium as solo_gym
>>> env = gymnasium.make("solo_rules/Solo-v0", variant="heart-solo", opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((510,), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from solo_rules.actions import Action
from solo_rules.bots import Bot, HeuristicBot, RandomBot, SamplingBot
from solo_rules.game import CompiledRules, new_game
from solo_rules.integrations.arrays import Array, CompactEncoder, action_mask, information_state
from solo_rules.observation import Encoder, rules_of, utility_bound
from solo_rules.state import GameState, PlayerView
from solo_rules.variant import Variant

__all__ = ["ENV_ID", "OPPONENTS", "Opponent", "SoloEnv"]

#: the id ``gymnasium.make`` and ``gymnasium.make_vec`` know the environment by
ENV_ID = "solo_rules/Solo-v0"

#: a seat's player: a bot, or a callable choosing from the seat's view
Opponent = Bot | Callable[[PlayerView], Action]

#: the library's bots by name, each made from the variant's rules and a seed
OPPONENTS: dict[str, Callable[[CompiledRules, int], Bot]] = {
    "random": lambda rules, seed: RandomBot(seed),
    "heuristic": lambda rules, seed: HeuristicBot(seed),
    "sampling": lambda rules, seed: SamplingBot(rules, seed),
}


def _chooser(player: Opponent) -> Callable[[PlayerView], Action]:
    choose = getattr(player, "choose", None)
    return choose if callable(choose) else player  # type: ignore[return-value]


class SoloEnv(gymnasium.Env[Array, np.int64]):
    """One hand of ``variant`` played by ``seat`` against ``opponents``: a bot's name
    (``OPPONENTS``), or a function of the rules and a seed giving a bot or a callable (called
    at each reset, with a seed drawn from the environment's generator)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (Env: an instance attribute)

    def __init__(self, variant: CompiledRules | Variant | str = "altenburg-1988", seat: int = 0,
                 opponents: str | Callable[[CompiledRules, int], Opponent] = "heuristic", *,
                 observation: str = "compact", scaled_rewards: bool = True,
                 illegal_reward: float | None = None, render_mode: str | None = None) -> None:
        self.rules = rules = rules_of(variant)
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ValueError(f"seat must be a seat 0..{rules.players - 1}, got {seat!r}")
        if isinstance(opponents, str):
            if opponents not in OPPONENTS:
                raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)} or a "
                                 f"function, got {opponents!r}")
            opponents = OPPONENTS[opponents]
        if observation not in ("compact", "information_state"):
            raise ValueError(f"observation must be 'compact' or 'information_state', got "
                             f"{observation!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, got {render_mode!r}")
        self.seat = seat
        self.make_opponent = opponents
        self.render_mode = render_mode
        self.encoder = encoder = Encoder(rules)
        compact = CompactEncoder(rules)
        self._encode: Callable[[PlayerView], Array] = compact.encode \
            if observation == "compact" else lambda view: information_state(encoder, view)
        size = compact.size if observation == "compact" else encoder.size
        self.observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(encoder.index.num_distinct_actions)
        #: the rewards are the score times ``scale``: over the utility bound, or 1
        self.scale = 1.0 / utility_bound(rules) if scaled_rewards else 1.0
        self._divisor = utility_bound(rules) if scaled_rewards else 1
        self.reward_range = (-utility_bound(rules) * self.scale, utility_bound(rules) * self.scale)
        self.illegal_reward = self.reward_range[0] if illegal_reward is None else illegal_reward
        self._rng = random.Random()
        self._players: list[Callable[[PlayerView], Action] | None] = []
        #: the hand being played (``None`` before the first reset)
        self.game: GameState | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Array, dict[str, Any]]:
        """Deal a hand (again until the seat has a decision) and let the opponents act up to
        the seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rules = self.rules
        while True:
            self._players = [None if seat == self.seat else _chooser(
                self.make_opponent(rules, self._rng.randrange(1 << 62)))
                for seat in range(rules.players)]
            dealer = rules.first_dealer(self._rng)
            self.game = self._advance(new_game(rules.variant, seed=self._rng.randrange(1 << 62),
                                               dealer=dealer))
            if not self.game.is_terminal:
                return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Array, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the seat's action (a dense index), then the opponents' up to its next
        decision or the end of the hand."""
        state = self.game
        if state is None or state.is_terminal:
            raise RuntimeError("reset() the environment: the hand is over")
        index = self.encoder.index
        legal = state.legal_actions()
        number = int(action)
        chosen = index.actions[number] if 0 <= number < len(index.actions) else None
        if chosen is None or chosen not in legal:
            info = self._info()
            info["illegal"] = True
            info["action_mask"] = np.zeros_like(info["action_mask"])
            return self._observe(), self.illegal_reward, True, False, info
        self.game = state = self._advance(state.apply(chosen))
        reward = state.outcome().scores[self.seat] / self._divisor if state.is_terminal \
            else 0.0
        if self.render_mode == "human":
            print(state)
        return self._observe(), reward, state.is_terminal, False, self._info()

    def render(self) -> str | None:
        """The whole table as text (every hand: for watching, not for the agent)."""
        if self.render_mode is None or self.game is None:
            return None
        if self.render_mode == "human":
            print(self.game)
            return None
        return str(self.game)

    def _advance(self, state: GameState) -> GameState:
        """The opponents' actions from ``state`` up to the seat's turn or the end."""
        players = self._players
        while not state.is_terminal and state.player != self.seat:
            chooser = players[state.player]
            assert chooser is not None
            state = state.apply(chooser(state.view(state.player)))
        return state

    def _observe(self) -> Array:
        assert self.game is not None
        return self._encode(self.game.view(self.seat))

    def _info(self) -> dict[str, Any]:
        assert self.game is not None
        view = self.game.view(self.seat)
        return {"action_mask": action_mask(self.encoder.index, view.legal_actions)}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=f"{__name__}:SoloEnv", disable_env_checker=True)
