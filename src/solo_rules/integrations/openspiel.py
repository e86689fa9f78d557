"""Every variant as an OpenSpiel Python game (``pip install 'solo-rules[openspiel]'``).

Importing this module registers each shipped variant as ``python_solo_<id>`` (``-`` written
``_``: ``python_solo_altenburg_1988``); ``register(variant)`` adds a variant of your own. A
game deals the cards one at a time as chance nodes (uniform over the cards not yet dealt, in
the order of the variant's own deal: packets from eldest; the outcome of a card is its card
id, and ``max_chance_outcomes`` is the variant's card range, ``cards.card_range``: 32, or 52
for the forty-card pack), then the seats play the hand with actions numbered by the variant's
dense ``ActionIndex`` (OpenSpiel numbers chance outcomes and actions apart). Information-state
and observation strings and tensors are the seat's ``Encoder`` string and vector
(docs/observations.md);
``resample_from_infostate`` draws a deal uniformly from those consistent with the seat's view
(``solo_rules.resample``), which OpenSpiel's IS-MCTS uses. Returns are the hand's scores,
within the utility range ``-bound..bound`` of the settlement's ``bound``; where that is 0, a
settlement that pays nothing (Quadrille's unknown amounts, AMB-89), the game declares -1..1
(``observation.utility_bound``): every return is 0, which lies in it, and OpenSpiel requires
the minimum utility below the maximum. The game parameter ``scaled_rewards`` divides the
returns by that bound (within -1..1), as the PettingZoo and Gymnasium environments scale.

>>> import pyspiel
>>> from solo_rules.integrations import openspiel
>>> game = pyspiel.load_game("python_solo_heart_solo")
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(42, 32)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel

from solo_rules.bots import Bot
from solo_rules.cards import Card, CardSet, card_range
from solo_rules.errors import IllegalActionError
from solo_rules.game import CompiledRules
from solo_rules.integrations.arrays import Array, CompactEncoder, information_state, public
from solo_rules.observation import Encoder, rules_of, said_bound, utility_bound
from solo_rules.resample import Resampler, replay
from solo_rules.state import GameState, PlayerView
from solo_rules.variant import Variant, available_variants

__all__ = ["SoloBot", "SoloGame", "SoloObserver", "SoloState", "game_name", "max_game_length",
           "register"]


def game_name(variant: CompiledRules | Variant | str) -> str:
    """The OpenSpiel short name of a variant: ``python_solo_`` and its id."""
    return "python_solo_" + rules_of(variant).variant.id.replace("-", "_")


def max_game_length(rules: CompiledRules) -> int:
    """An upper bound of the player actions in a hand: every card of the pack, and the
    actions other than cards (``observation.said_bound``)."""
    return rules.pack.bit_count() + said_bound(rules)


class SoloGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One hand of a registered variant (one class for every variant: the game's short name
    says which). Parameters: ``dealer``, the dealer's seat (default 0); ``scaled_rewards``,
    returns divided by the utility bound, within -1..1, as PettingZoo's ``scaled_rewards``
    (default false: the scores)."""

    def __init__(self, params: dict[str, Any] | None = None, *, name: str) -> None:
        table = _TABLES[name]
        params = params or {}
        super().__init__(table.game_type, table.scaled_info if params.get("scaled_rewards")
                         else table.game_info, params)
        players = table.rules.players
        if not 0 <= self.dealer < players:
            raise ValueError(f"{name}: dealer must be a seat 0..{players - 1}, "
                             f"got {self.dealer}")

    @functools.cached_property
    def _table(self) -> _Table:
        """The variant's registration, found by the game's name: a game that pickle or
        OpenSpiel rebuilt from its string has no other attribute."""
        return _TABLES[self.get_type().short_name]

    @functools.cached_property
    def _hand(self) -> _Hand:
        return _hand_of(self.get_type().short_name, self.dealer,
                        bool(self.get_parameters()["scaled_rewards"]))

    @property
    def rules(self) -> CompiledRules:
        """The variant's compiled rules."""
        return self._table.rules

    @property
    def encoder(self) -> Encoder:
        """The variant's encoder of views with perfect recall (information states)."""
        return self._table.encoder

    @property
    def compact(self) -> CompactEncoder:
        """The variant's compact observation (OpenSpiel's observations)."""
        return self._table.compact

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
    """A hand being dealt (chance nodes) or played (a ``GameState`` of solo_rules).

    Its Python attributes are two immutable values, which OpenSpiel's ``clone`` (a deep copy
    of each) and ``serialize`` (a pickle) share or name: the hand's registration and where the
    hand is, a ``_Dealing`` or the ``GameState``."""

    def __init__(self, game: SoloGame) -> None:
        super().__init__(game)
        self._hand: _Hand = game._hand
        self._now: _Dealing | GameState = _DEALING

    @property
    def state(self) -> GameState | None:
        """The hand once dealt (``None`` while the cards are dealt)."""
        now = self._now
        return now if type(now) is GameState else None

    @property
    def dealt(self) -> tuple[int, ...]:
        """The cards dealt so far, one mask per seat."""
        now = self._now
        if type(now) is GameState:
            return now.dealt
        assert isinstance(now, _Dealing)
        return now.dealt or (0,) * self._hand.rules.players

    @property
    def cards_dealt(self) -> int:
        """How many cards have been dealt (the whole pack once the hand is dealt)."""
        now = self._now
        if type(now) is GameState:
            return len(self._hand.deal_order)
        assert isinstance(now, _Dealing)
        return now.position

    @property
    def deal_order(self) -> tuple[int, ...]:
        """The seat that receives each card in turn: the variant's deal of an unshuffled
        pack."""
        return self._hand.deal_order

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._hand.dealer

    def current_player(self) -> int:
        now = self._now
        if type(now) is not GameState:
            return int(pyspiel.PlayerId.CHANCE)
        if now.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return now.player

    def _legal_actions(self, player: int) -> list[int]:
        now = self._now
        assert type(now) is GameState and player == now.player
        index = self._hand.encoder.index
        return [index.index(aid) for aid in now.rules.legal_ids(now)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet dealt, equally likely."""
        left = list(CardSet(self._hand.rules.pack & ~sum(self.dealt)))
        return [(int(card), 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        now, hand = self._now, self._hand
        if type(now) is GameState:
            index = hand.encoder.index
            if not 0 <= action < index.num_distinct_actions:
                raise pyspiel.SpielError(f"{hand.name}: no action {action}; the actions are "
                                         f"0..{index.num_distinct_actions - 1}")
            try:
                self._now = now.apply(index.action(action))
            except IllegalActionError as exc:
                raise pyspiel.SpielError(f"{hand.name}: action {action}: {exc}") from None
            return
        assert isinstance(now, _Dealing)
        dealt = list(self.dealt)
        if not (0 <= action < hand.encoder.card_ids
                and (hand.rules.pack & ~sum(dealt)) >> action & 1):
            raise pyspiel.SpielError(f"{hand.name}: chance outcome {action} is no card left "
                                     "to deal")
        dealt[hand.deal_order[now.position]] |= 1 << action
        position = now.position + 1
        if position == len(hand.deal_order):
            self._now = hand.rules.start(tuple(dealt), hand.dealer)
        else:
            self._now = _Dealing(tuple(dealt), position)

    def _action_to_string(self, player: int, action: int) -> str:
        hand = self._hand
        if player == pyspiel.PlayerId.CHANCE:
            return (f"deal {Card(action).name}" if 0 <= action < hand.encoder.card_ids
                    else f"deal {action}?")
        index = hand.encoder.index
        if not 0 <= action < index.num_distinct_actions:
            return f"action {action} (none of {hand.name})"
        return index.action(action).text

    def is_terminal(self) -> bool:
        now = self._now
        return type(now) is GameState and now.is_terminal

    def returns(self) -> list[float]:
        """The hand's score per seat once it is over, else zeros."""
        now = self._now
        if type(now) is not GameState or not now.is_terminal:
            return [0.0] * self._hand.rules.players
        divisor = self._hand.divisor
        return [score / divisor for score in now.outcome().scores]

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> SoloState:
        """A state ``player_id`` cannot tell from this one, its deal drawn uniformly from
        the consistent deals (``solo_rules.resample``), seeded from ``probability_sampler``."""
        now = self._now
        hand = self._hand
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        if type(now) is not GameState:
            assert isinstance(now, _Dealing)
            redealt: SoloState = self.clone()
            redealt._now = now.redealt(player_id, hand.rules.pack, rng)
            return redealt
        view = now.view(player_id)
        hands = Resampler(view, hand.rules).sample(rng)
        # the seat's history replayed on the new deal: a card it saw given back face down
        # (the Mediateur exchange) is one the new deal's declarer could have given
        replayed = replay(hand.rules, hands, hand.dealer, view, rng)
        assert replayed is not None
        other: SoloState = self.get_game().new_initial_state()
        given = list(hands)
        for seat in hand.deal_order:
            card = (given[seat] & -given[seat]).bit_length() - 1
            given[seat] &= given[seat] - 1
            other.apply_action(card)
        index = hand.encoder.index
        for _, aid in replayed.history:
            other.apply_action(index.index(aid))
        return other

    def __str__(self) -> str:
        now = self._now
        if type(now) is not GameState:
            return "dealing: " + " / ".join(str(CardSet(mask)) for mask in self.dealt)
        return str(now)


class SoloObserver:
    """OpenSpiel's observer of a seat: with perfect recall the seat's ``Encoder`` vector (the
    information state), else its compact observation (``arrays.CompactEncoder``); of the
    public information alone (``private_info`` none), what every seat observes
    (``arrays.public``). ``tensor`` and its named fields in ``dict``; while the cards are
    dealt, the seat and its cards so far (nothing, for the public observer)."""

    def __init__(self, game: SoloGame, iig_obs_type: Any, params: dict[str, Any] | None
                 ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None \
            else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or (
                iig_obs_type is not None and not iig_obs_type.public_info):
            raise ValueError("observers of every seat's private information, or of private "
                             "information alone, are not supported: observe one seat, or the "
                             "public information")
        #: whether the observer keeps every action (OpenSpiel's default observation does not)
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        #: whether the observer sees what every seat sees, and no seat's own cards
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.encoder = game.encoder
        self.compact = game.compact
        layout = self.encoder if self.perfect_recall else self.compact
        self.fields = layout.fields
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {f.name: self.tensor[f.start:f.start + f.size] for f in self.fields}

    def _array(self, view: PlayerView, out: Array | None = None) -> Array:
        if self.perfect_recall:
            return information_state(self.encoder, view, out)
        return self.compact.encode(view, out)

    def set_from(self, state: SoloState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state`` (or the public view)."""
        now = state.state
        if now is None:
            self.tensor.fill(0.0)
            if not self.public:
                self.dict["seat"][player] = 1.0
                self.dict["hand"][list(CardSet(state.dealt[player]))] = 1.0
        elif self.public:
            self.tensor[:] = public([self._array(now.view(seat)) for seat in
                                     range(now.players)], self.fields)
        else:
            self._array(now.view(player), self.tensor)

    def string_from(self, state: SoloState, player: int) -> str:
        """``player``'s information-state string with perfect recall, else the observed
        fields (the nonzero entries of each, the ``won`` tricks by count)."""
        now = state.state
        if now is None:
            if self.public:
                return f"public | dealing, {state.cards_dealt} cards dealt"
            return (f"seat {player} | dealing, {state.cards_dealt} cards dealt | hand "
                    f"{CardSet(state.dealt[player])}")
        if self.perfect_recall and not self.public:
            return self.encoder.string(now.view(player))
        self.set_from(state, player)
        parts = ["public"] if self.public else []
        for name, part in self.dict.items():
            if name == "won":
                parts.append("won " + " ".join(str(round(x * self.compact.rules.hand_size))
                                               for x in part))
            elif part.any():
                parts.append(f"{name} {' '.join(map(str, np.flatnonzero(part)))}")
        return " | ".join(parts)


class SoloBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the library's bots (``HeuristicBot``, ``SamplingBot``, any ``choose(view)``)
    as OpenSpiel's ``pyspiel.Bot`` of ``player`` in a registered game: it chooses from the
    seat's view alone, so it plays with ``evaluate_bots`` and against OpenSpiel's own bots
    (MCTS, IS-MCTS)."""

    def __init__(self, game: SoloGame, player: int, bot: Bot) -> None:
        super().__init__()
        if not isinstance(game, SoloGame):
            raise TypeError(f"SoloBot plays a solo_rules game, not {type(game).__name__}")
        self.player = player
        self.bot = bot
        self._index = game.encoder.index

    def step(self, state: SoloState) -> int:
        """The bot's choice in ``state`` (its seat to act), as the game's action."""
        now = state.state
        if now is None or now.is_terminal or now.player != self.player:
            raise pyspiel.SpielError(f"SoloBot of seat {self.player}: not its turn")
        return self._index.index(self.bot.choose(now.view(self.player)))

    def restart_at(self, state: SoloState) -> None:
        """Nothing to forget: the bot reads each decision's view afresh."""

    def inform_action(self, state: SoloState, player: int, action: int) -> None:
        """Nothing to remember (the view holds every action the seat saw)."""


@attrs.frozen
class _Table:
    """A registered variant: its rules, encoder and OpenSpiel game type and information."""

    rules: CompiledRules
    encoder: Encoder
    compact: CompactEncoder
    game_type: Any
    game_info: Any
    scaled_info: Any


#: the registered variants by game name
_TABLES: dict[str, _Table] = {}


@attrs.frozen(eq=False)
class _Hand:
    """What every state of one game shares: its name, the dealer, what the returns are divided
    by, the rules, the encoder and the order in which the cards are dealt. Immutable, so copies
    share it; pickled by name."""

    name: str
    dealer: int
    divisor: int
    rules: CompiledRules
    encoder: Encoder
    deal_order: tuple[int, ...]

    def __reduce__(self) -> tuple[object, ...]:
        return (_hand_of, (self.name, self.dealer, self.divisor != 1))

    def __copy__(self) -> _Hand:
        return self

    def __deepcopy__(self, memo: object) -> _Hand:
        return self


@functools.cache
def _hand_of(name: str, dealer: int, scaled: bool = False) -> _Hand:
    """The shared part of the states of game ``name`` dealt by ``dealer``, its returns
    ``scaled`` or not."""
    table = _TABLES.get(name)
    if table is None:
        raise pyspiel.SpielError(f"{name} is not registered: import "
                                 "solo_rules.integrations.openspiel, and register(variant) "
                                 "a variant of your own")
    return _Hand(name, dealer, utility_bound(table.rules) if scaled else 1, table.rules,
                 table.encoder, _deal_order(table.rules, dealer))


@attrs.frozen
class _Dealing:
    """A hand being dealt: the cards each seat has so far, and how many were dealt."""

    dealt: tuple[int, ...]
    position: int

    def redealt(self, seat: int, pack: int, rng: random.Random) -> _Dealing:
        """The deal so far as ``seat`` may know it: its own cards, and as many cards to each
        other seat as it has, drawn uniformly from the rest of the pack."""
        if not self.dealt:
            return self
        unseen = list(CardSet(pack & ~self.dealt[seat]))
        rng.shuffle(unseen)
        dealt = list(self.dealt)
        for other, cards in enumerate(self.dealt):
            if other != seat:
                count = cards.bit_count()
                dealt[other] = sum(1 << card for card in unseen[:count])
                del unseen[:count]
        return _Dealing(tuple(dealt), self.position)

    def __copy__(self) -> _Dealing:
        return self

    def __deepcopy__(self, memo: object) -> _Dealing:
        return self


#: the hand before the first card is dealt (``dealt`` filled on the first card)
_DEALING = _Dealing((), 0)


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
        parameter_specification={"dealer": 0, "scaled_rewards": False})


def _game_info(rules: CompiledRules, scaled: bool) -> Any:
    """The game's sizes: the dense actions, a chance outcome per card id of the variant's card
    range, and the utility range ``utility_bound`` declares (-1..1 where nothing is paid, or
    the returns are ``scaled``)."""
    bound = 1.0 if scaled else float(utility_bound(rules))
    return pyspiel.GameInfo(
        num_distinct_actions=Encoder(rules).index.num_distinct_actions,
        max_chance_outcomes=len(card_range(rules.pack)),
        num_players=rules.players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0 if rules.settlement.zero_sum else None,
        max_game_length=max_game_length(rules))


def _creator(name: str) -> type:
    """What OpenSpiel calls with a game's parameters to make game ``name``: a class whose
    construction gives the ``SoloGame``. A class, not a function: OpenSpiel's registry drops
    its reference after the interpreter has shut down, which a class (in a reference cycle
    with its own ``__mro__``) survives and a function would not."""

    def make(cls: type, params: dict[str, Any] | None = None) -> SoloGame:
        return SoloGame(params, name=name)

    return type(f"Create_{name}", (), {"__new__": make, "__doc__": f"Makes {name}."})


def register(variant: CompiledRules | Variant | str) -> str:
    """Register ``variant`` with OpenSpiel (once) and return its game name."""
    rules = rules_of(variant)
    name = game_name(rules)
    if name not in _TABLES:
        game_type = _game_type(rules)
        _TABLES[name] = _Table(rules, Encoder(rules), CompactEncoder(rules), game_type,
                               _game_info(rules, False), _game_info(rules, True))
        if name not in pyspiel.registered_names():
            pyspiel.register_game(game_type, _creator(name))
    return name


for _variant in available_variants():
    register(_variant)
