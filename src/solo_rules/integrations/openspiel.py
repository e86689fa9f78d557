"""Every variant as an OpenSpiel Python game (``pip install 'solo-rules[openspiel]'``).

Importing this module registers each shipped variant as ``python_solo_<id>`` (``-`` written
``_``: ``python_solo_altenburg_1988``); ``register(variant)`` adds a variant of your own. A
game deals the cards one at a time as chance nodes (uniform over the cards not yet dealt, in
the order of the variant's own deal: packets from eldest), then the seats play the hand with
actions numbered by the variant's dense ``ActionIndex``. Information-state and observation
strings and tensors are the seat's ``Encoder`` string and vector (docs/observations.md);
``resample_from_infostate`` draws a deal uniformly from those consistent with the seat's view
(``solo_rules.resample``), which OpenSpiel's IS-MCTS uses. Returns are the hand's scores.

>>> import pyspiel
>>> from solo_rules.integrations import openspiel
>>> game = pyspiel.load_game("python_solo_heart_solo")
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(42, 32)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from solo_rules.cards import Card, CardSet
from solo_rules.game import CompiledRules
from solo_rules.observation import Encoder, rules_of
from solo_rules.resample import Resampler, replay
from solo_rules.state import GameState
from solo_rules.variant import Variant, available_variants

__all__ = ["SoloGame", "SoloObserver", "SoloState", "game_name", "max_game_length", "register"]


def game_name(variant: CompiledRules | Variant | str) -> str:
    """The OpenSpiel short name of a variant: ``python_solo_`` and its id."""
    return "python_solo_" + rules_of(variant).variant.id.replace("-", "_")


def max_game_length(rules: CompiledRules) -> int:
    """An upper bound of the player actions in a hand: every card, a decision after every
    trick, a declaration per seat, the call, the trumps and "Helfer?", the three steps of a
    Mediateur exchange where the variant has one, and an auction in which
    each seat speaks at most once between two raises of the bid, plus a pass each (the
    longest auctions, searched exhaustively on sample deals, are far shorter:
    tests/test_openspiel.py)."""
    bids = sum(1 for action in rules.actions.by_id.values() if action.kind == "bid")
    exchange = 3 if any(a.kind == "demand" for a in rules.actions.by_id.values()) else 0
    players, tricks = rules.players, rules.hand_size
    return players * tricks + tricks + players + 3 + exchange + players * (bids + 2)


class SoloGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One hand of a variant. Parameter ``dealer``: the dealer's seat (default 0)."""

    #: set per variant by ``register``: class attributes, since OpenSpiel copies games
    #: and states without calling ``__init__``
    rules: CompiledRules
    encoder: Encoder

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_game_type(self.rules), _game_info(self.rules), params or {})
        players = self.rules.players
        if not 0 <= self.dealer < players:
            raise ValueError(f"{game_name(self.rules)}: dealer must be a seat 0..{players - 1}, "
                             f"got {self.dealer}")

    @property
    def dealer(self) -> int:
        """The dealer's seat (the ``dealer`` parameter)."""
        return int(self.get_parameters()["dealer"])

    def new_initial_state(self) -> SoloState:
        """A hand before the first card is dealt."""
        return SoloState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SoloObserver:
        """The observer of information states and observations (both the seat's view)."""
        return SoloObserver(self, iig_obs_type, params)


class SoloState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance nodes) or played (a ``GameState`` of solo_rules)."""

    def __init__(self, game: SoloGame) -> None:
        super().__init__(game)
        self.kind = type(game)
        self.dealer = game.dealer
        self.deal_order = _deal_order(game.rules, self.dealer)
        self.dealt = [0] * game.rules.players
        self.position = 0
        self.state: GameState | None = None

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None and player == self.state.player
        index = self.kind.encoder.index
        return [index.index(aid) for aid in self.state.rules.legal_ids(self.state)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet dealt, equally likely."""
        left = list(CardSet(self.kind.rules.pack & ~sum(self.dealt)))
        return [(int(card), 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.dealt[self.deal_order[self.position]] |= 1 << action
            self.position += 1
            if self.position == len(self.deal_order):
                self.state = self.kind.rules.start(tuple(self.dealt), self.dealer)
        else:
            self.state = self.state.apply(self.kind.encoder.index.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action).name}"
        return self.kind.encoder.index.action(action).text

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_terminal

    def returns(self) -> list[float]:
        """The hand's score per seat once it is over, else zeros."""
        if self.state is None or not self.state.is_terminal:
            return [0.0] * self.kind.rules.players
        return [float(score) for score in self.state.outcome().scores]

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> SoloState:
        """A state ``player_id`` cannot tell from this one, its deal drawn uniformly from
        the consistent deals (``solo_rules.resample``), seeded from ``probability_sampler``."""
        if self.state is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        view = self.state.view(player_id)
        hands = Resampler(view, self.kind.rules).sample(rng)
        # the seat's history replayed on the new deal: a card it saw given back face down
        # (the Mediateur exchange) is one the new deal's declarer could have given
        replayed = replay(self.kind.rules, hands, self.dealer, view, rng)
        assert replayed is not None
        other: SoloState = self.get_game().new_initial_state()
        given = list(hands)
        for seat in self.deal_order:
            card = (given[seat] & -given[seat]).bit_length() - 1
            given[seat] &= given[seat] - 1
            other.apply_action(card)
        index = self.kind.encoder.index
        for _, aid in replayed.history:
            other.apply_action(index.index(aid))
        return other

    def __str__(self) -> str:
        if self.state is None:
            return "dealing: " + " / ".join(str(CardSet(mask)) for mask in self.dealt)
        return str(self.state)


class SoloObserver:
    """The seat's encoded view (``Encoder``) as OpenSpiel's observer: ``tensor`` and its
    named fields in ``dict``; while the cards are dealt, the seat and its cards so far."""

    def __init__(self, game: SoloGame, iig_obs_type: Any, params: dict[str, Any] | None
                 ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("only the seat's own observation (public and its private "
                             "information) is supported")
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.start:f.start + f.size]
                     for f in self.encoder.fields}

    def set_from(self, state: SoloState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        if state.state is None:
            self.tensor.fill(0.0)
            self.dict["seat"][player] = 1.0
            for card in CardSet(state.dealt[player]):
                self.dict["hand"][card] = 1.0
        else:
            self.tensor[:] = self.encoder.encode(state.state.view(player))

    def string_from(self, state: SoloState, player: int) -> str:
        """``player``'s information-state string."""
        if state.state is None:
            return f"seat {player} | dealing | hand {CardSet(state.dealt[player])}"
        return self.encoder.string(state.state.view(player))


def _deal_order(rules: CompiledRules, dealer: int) -> tuple[int, ...]:
    """The seat that receives each card in turn: the variant's deal of an unshuffled pack."""

    class Unshuffled(random.Random):
        def shuffle(self, x: Any) -> None:
            """Leave the pack in order, so each dealt card's position is its rank here."""

    hands = rules.deal(Unshuffled(), dealer)
    cards = list(CardSet(rules.pack))
    return tuple(next(seat for seat, hand in enumerate(hands) if hand >> card & 1)
                 for card in cards)


def _game_type(rules: CompiledRules) -> Any:
    zero_sum = rules.settlement.zero_sum
    return pyspiel.GameType(
        short_name=game_name(rules),
        long_name=f"solo-rules {rules.variant.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.players,
        min_num_players=rules.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"dealer": 0})


def _game_info(rules: CompiledRules) -> Any:
    bound = float(rules.settlement.bound(rules))
    return pyspiel.GameInfo(
        num_distinct_actions=Encoder(rules).index.num_distinct_actions,
        max_chance_outcomes=32,
        num_players=rules.players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0 if rules.settlement.zero_sum else None,
        max_game_length=max_game_length(rules))


def register(variant: CompiledRules | Variant | str) -> str:
    """Register ``variant`` with OpenSpiel (once) and return its game name."""
    rules = rules_of(variant)
    name = game_name(rules)
    if name not in pyspiel.registered_names():
        game_class = type(f"SoloGame_{rules.variant.id}", (SoloGame,),
                          {"rules": rules, "encoder": Encoder(rules)})
        pyspiel.register_game(_game_type(rules), game_class)
    return name


for _variant in available_variants():
    register(_variant)
