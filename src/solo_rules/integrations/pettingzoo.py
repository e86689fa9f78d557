"""A PettingZoo AEC environment for every variant (``pip install 'solo-rules[pettingzoo]'``).

One hand per episode: agents ``player_0``..``player_{n-1}`` (seat ``i`` is ``player_i``, as
PettingZoo's classic card games name them) act in the order the rules give (the auction, the
declaration, the play), each observing a dict of ``observation`` (the seat's ``Encoder``
vector, or with ``observation="compact"`` its compact observation: docs/observations.md)
and ``action_mask`` (1 at the dense index of each legal action; all zero for a seat not to
act). The action space is ``Discrete`` over the variant's dense
action index. At the end of the hand every seat is rewarded with its score, or with its score
over the variant's bound (``scaled_rewards=True``: within -1..1; where the settlement pays
nothing, its bound 0, as Quadrille's unknown amounts, every reward is 0 and the bound taken is
1, as the OpenSpiel adapter's utility range: ``observation.utility_bound``). ``state()`` is the
global view: every seat's encoding, seat 0 first.

>>> from solo_rules.integrations.pettingzoo import env
>>> game = env("heart-solo")
>>> game.reset(seed=1)
>>> game.agent_selection
'player_1'

``env()`` wraps the raw environment as the classic games are wrapped: an illegal action ends
the hand with ``illegal_reward`` for the seat that took it (PettingZoo's
``TerminateIllegalWrapper``; by default the lowest reward a hand can give, or -1 where every
hand gives 0) and 0 for the others; the raw environment (``raw_env``) raises
``IllegalActionError`` instead. The first
dealer is drawn by the variant's own rule; ``reset(seed=...)`` makes the episode reproducible
and ``reset(options={"dealer": seat})`` deals from that seat (other keys are ignored, as
PettingZoo's own tests pass one).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from solo_rules.bots import Bot
from solo_rules.game import CompiledRules, new_game
from solo_rules.integrations.arrays import Array, CompactEncoder, action_mask, information_state
from solo_rules.observation import Encoder, utility_bound
from solo_rules.state import GameState, PlayerView
from solo_rules.variant import Variant

__all__ = ["BotPolicy", "SoloEnv", "env", "env_name", "raw_env"]

Observation = dict[str, np.ndarray[Any, np.dtype[Any]]]

#: the render modes: ``human`` prints the table, ``ansi`` returns it as text
RENDER_MODES = ("human", "ansi")


def env_name(variant: CompiledRules | Variant | str) -> str:
    """The environment's name for a variant: ``solo_rules_`` and its id, ``-`` written ``_``
    and an overlay's ``+`` written ``__``, then the version (``solo_rules_heart_solo_v1``)."""
    return "solo_rules_" + Encoder(variant).rules.variant.id.replace("-", "_").replace(
        "+", "__") + "_v1"


class SoloEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One hand of a variant as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES), "name": "solo_rules_v1",
        "is_parallelizable": False}

    def __init__(self, variant: CompiledRules | Variant | str = "altenburg-1988",
                 render_mode: str | None = None, scaled_rewards: bool = False,
                 observation: str = "information_state") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                             f"got {render_mode!r}")
        if observation not in ("information_state", "compact"):
            raise ValueError(f"observation must be 'information_state' or 'compact', got "
                             f"{observation!r}")
        self.encoder = encoder = Encoder(variant)
        compact = CompactEncoder(encoder.rules)
        self._encode: Callable[[PlayerView], Array] = compact.encode \
            if observation == "compact" else lambda view: information_state(encoder, view)
        self.rules = rules = encoder.rules
        #: the class metadata, named for the variant
        self.metadata = {**SoloEnv.metadata, "name": env_name(rules)}  # type: ignore[misc]
        self.render_mode = render_mode
        #: the largest score a seat can win or lose in one hand (``settlement.bound``)
        self.bound = rules.settlement.bound(rules)
        #: the rewards lie within ``-declared..declared`` (unscaled): the bound, or 1 where
        #: it is 0 (``observation.utility_bound``), which ``scaled_rewards`` divides by
        self.declared = declared = utility_bound(rules)
        self.scale = 1.0 / declared if scaled_rewards else 1.0
        self._divisor = declared if scaled_rewards else 1
        self.possible_agents = [f"player_{seat}" for seat in range(encoder.players)]
        self.agents = self.possible_agents[:]
        size = compact.size if observation == "compact" else encoder.size
        actions = encoder.index.num_distinct_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (size * encoder.players,), np.float32)
        self._rng = random.Random()
        #: the hand being played (``None`` before the first ``reset``)
        self.game: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: the first dealer is drawn by the variant's rule, unless
        ``options`` names the ``dealer``."""
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self.rules.first_dealer(self._rng)
        chosen = (options or {}).get("dealer")
        if chosen is not None:
            if type(chosen) is not int or not 0 <= chosen < self.rules.players:
                raise ValueError(f"options['dealer'] must be a seat 0..{self.rules.players - 1}"
                                 f", got {chosen!r}")
            dealer = chosen
        self.game = new_game(self.rules.variant, seed=self._rng.randrange(1 << 62),
                             dealer=dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.game.player)

    def observe(self, agent: str) -> Observation:
        """The seat's encoded view and its legal-action mask."""
        view = self._game().view(self.possible_agents.index(agent))
        return {"observation": self._encode(view),
                "action_mask": action_mask(self.encoder.index, view.legal_actions)}

    def state(self) -> np.ndarray[Any, np.dtype[Any]]:
        """The global view: every seat's encoding, seat 0 first (``state_space``)."""
        game = self._game()
        return np.concatenate([self._encode(game.view(seat)) for seat in range(game.players)])

    def step(self, action: int | None) -> None:
        """Apply the action at dense index ``action`` for the agent to act (an illegal one
        raises ``IllegalActionError``; ``env()`` ends the hand instead)."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert action is not None
        state = self._game().apply(self.encoder.index.action(int(action)))
        self.game = state
        self._cumulative_rewards[self.agent_selection] = 0.0
        if state.is_terminal:
            scores = state.outcome().scores
            self.rewards = {agent: scores[n] / self._divisor
                            for n, agent in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(state.player)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (every hand: for watching, not for agents): returned in
        ``ansi`` mode, printed in ``human`` mode."""
        if self.render_mode is None or self.game is None:
            return None
        if self.render_mode == "human":
            print(self.game)
            return None
        return str(self.game)

    def close(self) -> None:
        """Nothing to release."""

    def _game(self) -> GameState:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]


class BotPolicy:
    """One of the library's bots (``HeuristicBot``, ``SamplingBot``, any ``choose(view)``) as
    a policy in an environment of this module: ``policy(observation, agent)`` is the dense
    index of the bot's choice for the agent's seat, read from the seat's view in ``env`` (the
    same knowledge as the observation)."""

    def __init__(self, env: Any, bot: Bot) -> None:
        raw = getattr(env, "unwrapped", env)
        if not isinstance(raw, SoloEnv):
            raise TypeError(f"BotPolicy plays a solo_rules environment, not "
                            f"{type(raw).__name__}")
        self.env: SoloEnv = raw
        self.bot = bot

    def __call__(self, observation: object, agent: str) -> int:
        env = self.env
        view = env._game().view(env.possible_agents.index(agent))
        return env.encoder.index.index(self.bot.choose(view))


def raw_env(variant: CompiledRules | Variant | str = "altenburg-1988",
            render_mode: str | None = None, scaled_rewards: bool = False,
            observation: str = "information_state") -> SoloEnv:
    """The environment without PettingZoo's wrappers: an illegal action raises."""
    return SoloEnv(variant, render_mode, scaled_rewards, observation)


def env(variant: CompiledRules | Variant | str = "altenburg-1988",
        render_mode: str | None = None, scaled_rewards: bool = False,
        illegal_reward: float | None = None, observation: str = "information_state") -> Any:
    """The environment inside PettingZoo's wrappers, as its classic card games have it: an
    illegal action ends the hand with ``illegal_reward`` for the seat that took it (default:
    the lowest reward of a hand, -1 with ``scaled_rewards``, and -1 where the settlement pays
    nothing), then the order-enforcing and bounds-checking wrappers."""
    raw = raw_env(variant, render_mode, scaled_rewards, observation)
    worst = -raw.declared * raw.scale if illegal_reward is None else illegal_reward
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=worst)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
