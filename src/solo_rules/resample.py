"""Resampling: complete deals drawn uniformly from those consistent with one seat's view.

A deal is *consistent* with a view when playing the view's history on it is legal all the way
and gives that seat the very same view: its own hand, the cards played, the cards a contract
lays face up, the called card's holder once known, and every seat's earlier decisions (a seat
that failed to follow suit holds none of that suit). The sampler counts, exactly, the deals
that respect the card constraints read from the view (hand sizes, cards played, exposed cards,
the revealed partner's called card, voids shown by play), draws one of them uniformly with the
given ``random.Random``, and keeps it only if replaying the history confirms it: rejection
from a uniform superset, so the result is uniform over the consistent deals.

Cards that changed hands in the Mediateur exchange (``demand``, ``hand over``, ``return``) are
drawn where they are now and moved back for the deal; a card the seat saw given back only face
down is any card of the giver's, drawn uniformly, and the replay tries each card the declarer
could have given back that the seat would see as that same face-down action. The draws are
then uniform over the consistent pairs of a deal and a card given back (each hand the giver
holds now stands for as many pairs as it has cards).

>>> import random, solo_rules as sr
>>> from solo_rules.resample import resample
>>> state = sr.new_game("altenburg-1988", seed=7)
>>> hands = resample(state.view(0), "altenburg-1988", random.Random(1))
>>> hands[0] == state.hands[0]
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import attrs

from solo_rules.cards import Card, card_ids
from solo_rules.errors import InvalidStateError, wrong_type
from solo_rules.game import CompiledRules
from solo_rules.observation import rules_of
from solo_rules.rules.exchange import HAND_OVER
from solo_rules.state import Contract, GameState, PlayerView
from solo_rules.variant import Variant
from solo_rules.view import plays

__all__ = ["Resampler", "is_consistent", "replay", "resample", "resample_state"]

#: A split of one class of cards: (seat, how many) pairs, the card assignments it stands for,
#: and the room each seat has left after it.
Share = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]

#: How many drawn deals may fail the replay check before the sampler gives up.
MAX_TRIES = 100_000


def replay(rules: CompiledRules, hands: tuple[int, ...], dealer: int,
           view: PlayerView, rng: random.Random | None = None) -> GameState | None:
    """The state reached by playing ``view``'s history on the dealt ``hands``, or ``None``
    when an action of it is not legal there. An action the seat saw concealed (a card given
    back face down) stands for any legal action the seat would see so: each is tried, in an
    order shuffled by ``rng`` if given, so one consistent with the rest is taken."""
    return _replay(rules, rules.start(hands, dealer), view, 0, rng)


def _replay(rules: CompiledRules, state: GameState, view: PlayerView, first: int,
            rng: random.Random | None) -> GameState | None:
    history = view.history
    for position in range(first, len(history)):
        seat, action = history[position]
        if state.current_player != seat:
            return None
        if rules.is_legal(state, action.id):
            state = rules.apply_id(state, action.id)
            continue
        seen_so = [after for after in map(lambda aid: rules.apply_id(state, aid),
                                          rules.legal_ids(state))
                   if rules.view(after, view.seat).history[position][1] == action]
        if rng is not None:
            rng.shuffle(seen_so)
        for after in seen_so:
            found = _replay(rules, after, view, position + 1, rng)
            if found is not None:
                return found
        return None
    return state


def is_consistent(view: PlayerView, variant: CompiledRules | Variant | str,
                  hands: tuple[int, ...]) -> bool:
    """Whether the dealt ``hands`` (one card mask per seat) are consistent with ``view``."""
    rules = rules_of(variant)
    state = replay(rules, hands, view.dealer, view)
    return state is not None and rules.view(state, view.seat) == view


class Resampler:
    """The deals consistent with one view: build once, then ``sample(rng)`` as often as
    needed (a sampling bot's determinizations); ``count`` is the size of the superset."""

    def __init__(self, view: PlayerView, variant: CompiledRules | Variant | str) -> None:
        if not isinstance(view, PlayerView):
            raise wrong_type("Resampler", "view", "a PlayerView", view)
        self.rules = rules = rules_of(variant)
        self.view = view
        players = rules.players
        if view.players != players:
            raise InvalidStateError(f"the view has {view.players} seats; "
                                    f"{rules.variant.id} has {players}")
        #: per seat, the seat that now holds the cards it was dealt (the five-hand purchase)
        self.holders = holders = rules.deal_rules.holders(rules, view)
        #: per seat, how many cards it was dealt
        self.sizes = sizes = rules.deal_rules.dealt_sizes(rules.pack.bit_count(), players,
                                                          view.dealer)
        played = [0] * players
        barred = [0] * players
        contract = _contract_of(rules, view)
        for seat, before, card in plays(rules, view):
            played[seat] |= 1 << card
            barred[seat] |= _excluded(rules, contract, before, seat, card)
        self.played = tuple(played)
        me = view.seat
        held = [0] * players  # how many cards each seat has held since the deal's moves
        for seat, size in enumerate(sizes):
            held[holders[seat]] += size
        others = frozenset(seat for seat in range(players) if seat != me and held[seat])
        # the seat's own dealt cards that went to another's hand (the five-hand purchase)
        given = frozenset({holders[me]}) if holders[me] != me else others
        dealt = view.dealt.mask
        allowed = {card: given if dealt >> card & 1 else others
                   for card in card_ids(rules.pack & ~view.hand.mask & ~sum(played))}
        for seat, cards in enumerate(barred):
            for card in allowed:
                if cards >> card & 1:
                    allowed[card] -= {seat}
        if view.exposed:
            holding = frozenset(_declarers(view)) & others
            for card in view.exposed:
                allowed[card] &= holding
        if view.called is not None and view.partner not in (None, me) \
                and view.called in allowed:
            allowed[view.called] = frozenset({view.partner})
        self.exchange = exchange = _Exchange.of(view)
        room = [0] * players
        if exchange is not None:  # the cards are drawn where they are now
            holder = exchange.giver if exchange.step == "demand" else exchange.declarer
            if exchange.card in allowed:
                allowed[exchange.card] &= frozenset({holder})
            if exchange.returned is not None and exchange.returned in allowed:
                allowed[exchange.returned] &= frozenset({exchange.giver})
            if exchange.step == HAND_OVER.text:
                room[exchange.declarer], room[exchange.giver] = 1, -1
        classes: dict[frozenset[int], list[int]] = {}
        for card, seats in allowed.items():
            classes.setdefault(seats, []).append(card)
        self.classes = tuple((tuple(sorted(seats)), tuple(cards))
                             for seats, cards in sorted(classes.items(), key=_class_key))
        self.capacity = tuple(0 if seat == me else held[seat] + room[seat]
                              - played[seat].bit_count() for seat in range(players))
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.count = self._count(0, self.capacity)

    def _count(self, first: int, capacity: tuple[int, ...]) -> int:
        """How many ways to give the cards of classes ``first..`` to the seats with room
        ``capacity`` (memoised: the sampler draws in proportion to these counts)."""
        if first == len(self.classes):
            return 1 if not any(capacity) else 0
        key = (first, capacity)
        total = self._memo.get(key)
        if total is None:
            total = sum(ways * self._count(first + 1, rest)
                        for _, ways, rest in self._shares(first, capacity))
            self._memo[key] = total
        return total

    def _shares(self, first: int, capacity: tuple[int, ...]) -> Iterator[Share]:
        """Each way to split the cards of class ``first`` among its seats: (seat, how many)
        pairs, the number of card assignments that split stands for, and the room left."""
        seats, cards = self.classes[first]

        def go(i: int, left: int, ways: int) -> Iterator[tuple[tuple[tuple[int, int], ...],
                                                                 int]]:
            seat = seats[i]
            if i == len(seats) - 1:
                if left <= capacity[seat]:
                    yield ((seat, left),), ways
                return
            for k in range(min(left, capacity[seat]) + 1):
                for tail, tail_ways in go(i + 1, left - k, ways * math.comb(left, k)):
                    yield ((seat, k), *tail), tail_ways

        if not seats:
            return
        for share, ways in go(0, len(cards), 1):
            rest = list(capacity)
            for seat, k in share:
                rest[seat] -= k
            yield share, ways, tuple(rest)

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """A deal drawn uniformly from the superset (not yet checked by replay)."""
        _check_rng("draw", rng)
        if self.count == 0:
            raise InvalidStateError("no deal is consistent with this view")
        hands = list(self.played)
        hands[self.view.seat] |= self.view.hand.mask
        capacity = self.capacity
        for first, (_, cards) in enumerate(self.classes):
            share, capacity = self._pick(first, capacity, rng)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            position = 0
            for seat, k in share:
                for card in shuffled[position:position + k]:
                    hands[seat] |= 1 << card
                position += k
        if self.exchange is not None:
            self.exchange.undo(hands, rng)
        return self._undeal(hands, rng)

    def _undeal(self, hands: list[int], rng: random.Random) -> tuple[int, ...]:
        """The hands as dealt, from the cards each seat has held since the deal's moves
        (``holders``): a seat's holding that two seats' deals make up is split between them,
        the viewing seat's own cards where it saw them, the rest uniformly."""
        holders, sizes, view = self.holders, self.sizes, self.view
        if all(holder == seat for seat, holder in enumerate(holders)):
            return tuple(hands)
        dealt = [0] * len(hands)
        for holder, cards in enumerate(hands):
            group = [seat for seat, held_by in enumerate(holders) if held_by == holder]
            if view.seat in group:
                dealt[view.seat] = view.dealt.mask
                cards &= ~view.dealt.mask
                group.remove(view.seat)
            shuffled = list(card_ids(cards))
            rng.shuffle(shuffled)
            for seat in group:
                for card in shuffled[:sizes[seat]]:
                    dealt[seat] |= 1 << card
                del shuffled[:sizes[seat]]
        return tuple(dealt)

    def _pick(self, first: int, capacity: tuple[int, ...], rng: random.Random
              ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """A split of class ``first`` drawn in proportion to the deals it leads to, and the
        room left after it."""
        pick = rng.randrange(self._count(first, capacity))
        for share, ways, rest in self._shares(first, capacity):
            weight = ways * self._count(first + 1, rest)
            if pick < weight:
                return share, rest
            pick -= weight
        raise AssertionError("the counts do not add up")

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """A consistent deal, uniformly: the dealt hands, one card mask per seat."""
        _check_rng("sample", rng)
        for _ in range(MAX_TRIES):
            hands = self.draw(rng)
            if is_consistent(self.view, self.rules, hands):
                return hands
        raise InvalidStateError(f"no consistent deal found in {MAX_TRIES} draws")


def _check_rng(where: str, rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise wrong_type(where, "rng", "a random.Random", rng)


def _class_key(item: tuple[frozenset[int], list[int]]) -> tuple[int, ...]:
    return tuple(sorted(item[0]))


def _contract_of(rules: CompiledRules, view: PlayerView) -> Contract | None:
    """The contract as ``view`` shows it to the table: its partner is left unknown."""
    if view.contract_kind is None:
        return None
    return Contract(view.contract_kind, rules.contracts.index(view.contract_kind),
                    view.declarer, view.trump, view.tout, view.called,
                    co_declarers=view.co_declarers)


def _excluded(rules: CompiledRules, contract: Contract | None, trick: tuple[int, ...],
              seat: int, card: int) -> int:
    """The cards ``seat`` cannot have held when it played ``card`` to ``trick``: what the play
    rules and the partnership's duties say the play proves (``excludes``)."""
    if contract is None:
        return 0
    proven = rules.play.excludes(rules, contract, trick, seat, card)
    if rules.partner is not None:
        proven |= rules.partner.excludes(rules, contract, trick, seat, card)
    return proven


def _declarers(view: PlayerView) -> tuple[int, ...]:
    """The seats that declared the view's contract."""
    return () if view.declarer is None else (view.declarer, *view.co_declarers)


def resample(view: PlayerView, variant: CompiledRules | Variant | str,
             rng: random.Random) -> tuple[int, ...]:
    """Dealt hands (a card mask per seat) drawn uniformly from the deals consistent with
    ``view``, using ``rng``. For many draws from one view, build a ``Resampler`` once."""
    _check_rng("resample", rng)
    return Resampler(view, variant).sample(rng)


def resample_state(view: PlayerView, variant: CompiledRules | Variant | str,
                   rng: random.Random) -> GameState:
    """A complete state drawn uniformly from those ``view``'s seat cannot tell apart from
    the true one: a resampled deal with the view's history replayed on it."""
    rules = rules_of(variant)
    state = replay(rules, resample(view, rules, rng), view.dealer, view, rng)
    assert state is not None
    return state


@attrs.frozen
class _Exchange:
    """The Mediateur exchange as a view shows it: the declarer, the giver, the card demanded,
    the card given back (``None`` when seen face down or not yet given) and the last step
    seen (``demand``, ``hand over`` or ``return``)."""

    declarer: int
    giver: int
    card: Card
    returned: Card | None
    step: str

    @classmethod
    def of(cls, view: PlayerView) -> _Exchange | None:
        demand = next(((seat, a) for seat, a in view.history if a.kind == "demand"), None)
        if demand is None or demand[1].card is None:
            return None
        giver = next((seat for seat, a in view.history if a.kind == HAND_OVER.text), None)
        given = next((a for _, a in view.history if a.kind == "return"), None)
        if giver is None:  # the holder of the demanded card is to hand it over
            assert view.current_player is not None
            return cls(demand[0], view.current_player, demand[1].card, None, "demand")
        if given is None:
            return cls(demand[0], giver, demand[1].card, None, HAND_OVER.text)
        return cls(demand[0], giver, demand[1].card, given.card, "return")

    def undo(self, hands: list[int], rng: random.Random) -> None:
        """Move the exchanged cards in ``hands`` (as they are now, cards played included)
        back to where they were dealt; a card given back unseen is any of the giver's."""
        if self.step == "return":
            returned = int(self.returned) if self.returned is not None else rng.choice(
                card_ids(hands[self.giver]))
            hands[self.giver] &= ~(1 << returned)
            hands[self.declarer] |= 1 << returned
        if self.step != "demand":
            hands[self.declarer] &= ~(1 << self.card)
            hands[self.giver] |= 1 << self.card

