"""OpenSpiel's ``rl_environment`` for the registered variants, whose steps cost what the
engine costs (``pip install 'solo-rules[openspiel]'``).

OpenSpiel's own ``Environment`` encodes every seat's information state at every step, though
its agents read only the seat to act (and every seat at the end). ``Environment`` here is the
same environment whose time steps hold each seat's tensor as a lazy sequence: a seat's
encoding is computed (as a float32 array, ``integrations.arrays``) when an agent reads it, from
the immutable state of that step, so a later step never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

import pyspiel
from open_spiel.python import rl_environment

from solo_rules.integrations.arrays import Array, information_state
from solo_rules.integrations.openspiel import SoloGame, SoloState
from solo_rules.state import GameState, PlayerView

__all__ = ["Environment", "Tensors"]


class Tensors(Sequence[Array]):
    """Every seat's tensor of one state, each encoded on first reading."""

    def __init__(self, state: GameState, encode: Callable[[PlayerView], Array]) -> None:
        self._state = state
        self._encode = encode
        self._done: dict[int, Array] = {}

    def __len__(self) -> int:
        return self._state.players

    @overload
    def __getitem__(self, seat: int) -> Array: ...

    @overload
    def __getitem__(self, seat: slice) -> Sequence[Array]: ...

    def __getitem__(self, seat: int | slice) -> Array | Sequence[Array]:
        if isinstance(seat, slice):
            return [self[n] for n in range(len(self))[seat]]
        seat = range(len(self))[seat]  # an IndexError outside the seats, as a list's
        done = self._done.get(seat)
        if done is None:
            done = self._done[seat] = self._encode(self._state.view(seat))
        return done


class Environment(rl_environment.Environment):  # type: ignore[misc]  # no type information
    """``rl_environment.Environment`` of a registered variant (its game name, or the game)
    with lazy tensors in ``observations["info_state"]``: the information state, or with
    ``observation_type=ObservationType.OBSERVATION`` the compact observation."""

    _state: SoloState | None

    def __init__(self, game: str | SoloGame, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        solo = self._game
        if not isinstance(solo, SoloGame):
            raise TypeError(f"Environment takes a solo_rules game, got {type(solo).__name__}")
        self._encode: Callable[[PlayerView], Array] = solo.compact.encode \
            if self._use_observation else lambda view: information_state(solo.encoder, view)

    def _time_step(self, first: bool) -> rl_environment.TimeStep:
        state = self._state
        assert state is not None
        now = state.state
        assert now is not None  # the environment samples every chance node before it returns
        players = range(self.num_players)
        observations = {
            "info_state": Tensors(now, self._encode),
            "legal_actions": [state.legal_actions(seat) for seat in players],
            "current_player": state.current_player(),
            "serialized_state": pyspiel.serialize_game_and_state(self._game, state)
            if self._include_full_state else []}
        if first:
            return rl_environment.TimeStep(observations, None, None,
                                           rl_environment.StepType.FIRST)
        last = now.is_terminal
        self._should_reset = last
        return rl_environment.TimeStep(
            observations, list(state.rewards()),
            [0.0] * self.num_players if last else self._discounts,
            rl_environment.StepType.LAST if last else rl_environment.StepType.MID)

    def get_time_step(self) -> rl_environment.TimeStep:
        """The time step of the current state, its tensors encoded when read."""
        return self._time_step(first=False)

    def reset(self) -> rl_environment.TimeStep:
        """Deal a new hand and return its first time step."""
        self._should_reset = False
        self._state = self._game.new_initial_state()
        self._sample_external_events()
        return self._time_step(first=True)
