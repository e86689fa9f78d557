"""A simple rule-of-thumb player that decides from its own view only.

It values a hand by its trumps (the matadors most), bids and holds while the hand is strong
enough for the bid, declares in its best suit, leads high trumps when it plays with the
contract, wins a trick as cheaply as it can unless a known friend is winning it, and otherwise
plays its lowest card. The card order it reckons with is the family's (DOSSIER §1.3-1.4); the
engine's legal actions, which come with the view, decide what it may do.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import ClassVar, NamedTuple

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.cards import Card, CardSet, Rank, Suit
from solo_rules.ranking import TRUMP, Ranking, Trump, TrumpTables
from solo_rules.state import Phase
from solo_rules.view import PlayerView

__all__ = ["HeuristicBot", "hand_strength"]

_RANKING = Ranking()
#: Strength needed to open the lowest bid, and the strength worth each further bid level.
_OPEN = 8
_STEP = 3


def _card_worth(card: Card, trump: int) -> int:
    """What ``card`` adds to a hand's strength with ``trump`` as trumps."""
    if card in _RANKING.matador_cards(trump):
        return 3
    if _RANKING.tables(trump).suit_of[card] == TRUMP:
        return 2 if card.rank <= Rank.KING else 1
    return 1 if card.rank is Rank.ACE else 0


def _byte_worths(worth: tuple[int, ...], position: int) -> tuple[int, ...]:
    """For each value of the byte at ``position`` of a hand's mask, the worth of its cards
    (each value's is a smaller value's plus the card of its lowest bit)."""
    worths = [0] * 256
    for value in range(1, 256):
        lowest = value & -value
        worths[value] = worths[value ^ lowest] + worth[8 * position + lowest.bit_length() - 1]
    return tuple(worths)


#: Per trump, per byte of a hand's mask (its position, then its value), the worth of those
#: cards: a hand's strength is four look-ups (the bot rates a hand for every suit at every bid).
_WORTH_BYTES = tuple(
    tuple(_byte_worths(tuple(_card_worth(card, trump) for card in Card), position)
          for position in range(4))
    for trump in Trump)


class _PlayTables(NamedTuple):
    """What the play reads under one trump, each a tuple indexed by card, so a decision is a
    few look-ups rather than calls with key functions."""

    #: the order in which the bot would rather give a card away, lowest first: plain cards
    #: before trumps, then by power (equal powers of two plain suits stay equal)
    give: tuple[int, ...]
    #: per led card: a card's power if it counts in that trick (a trump, or of the led
    #: effective suit: ``TrumpTables.winner``'s rule), else -1
    counts: tuple[tuple[int, ...], ...]
    #: a card's power if it is a trump, else -1 (the contract's side leads its highest)
    trump_power: tuple[int, ...]
    #: whether a card is a plain ace (the other side leads one first)
    plain_ace: tuple[bool, ...]

    @classmethod
    def of(cls, tables: TrumpTables) -> _PlayTables:
        suits, powers = tables.suit_of, tables.power
        by_led = tuple(tuple(power if suit in (TRUMP, led) else -1
                             for suit, power in zip(suits, powers, strict=True))
                       for led in range(TRUMP + 1))
        return cls(tuple(power + (1000 if suit == TRUMP else 0)
                         for suit, power in zip(suits, powers, strict=True)),
                   tuple(by_led[suit] for suit in suits), by_led[TRUMP],
                   tuple(card.rank is Rank.ACE and suits[card] != TRUMP for card in Card))


#: Per trump (``Trump.NONE`` last): the play's tables.
_PLAY_TABLES = tuple(_PlayTables.of(_RANKING.tables(trump)) for trump in Trump)
_NO_TRUMP = int(Trump.NONE)
#: above every key and power in the tables
_NEVER = 1 << 30
_SUITS = tuple(Suit)
_SUIT_WORTHS = _WORTH_BYTES[:len(_SUITS)]
_PLAY, _AUCTION, _DECLARE = Phase.PLAY, Phase.AUCTION, Phase.DECLARE


def hand_strength(hand: CardSet, trump: int) -> int:
    """A rough worth of ``hand`` with ``trump`` as trumps: 3 per matador, 2 per other trump
    ace or king, 1 per other trump, and 1 per plain ace."""
    low, mid, high, top = _WORTH_BYTES[trump]
    mask = hand.mask
    return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF] + top[mask >> 24]


def _strengths(hand: CardSet) -> tuple[int, int, int, int]:
    """The hand's strength with each suit as trumps, by suit number."""
    mask = hand.mask
    low, mid, high, top = mask & 0xFF, mask >> 8 & 0xFF, mask >> 16 & 0xFF, mask >> 24
    clubs, spades, hearts, diamonds = _SUIT_WORTHS
    return (clubs[0][low] + clubs[1][mid] + clubs[2][high] + clubs[3][top],
            spades[0][low] + spades[1][mid] + spades[2][high] + spades[3][top],
            hearts[0][low] + hearts[1][mid] + hearts[2][high] + hearts[3][top],
            diamonds[0][low] + diamonds[1][mid] + diamonds[2][high] + diamonds[3][top])


def _best_suit(strengths: Sequence[int], allowed: Sequence[Suit] = _SUITS) -> Suit:
    """The allowed suit the hand is strongest in (the lower-numbered one on a tie)."""
    if allowed is _SUITS:  # the first of the strongest
        return _SUITS[strengths.index(max(strengths))]
    best = allowed[0]
    for suit in allowed:  # a loop, not ``max`` with a key function: no closure to compile
        if strengths[suit] > strengths[best] or (strengths[suit] == strengths[best]
                                                 and suit < best):
            best = suit
    return best


#: The card of a card play (every legal action of the play phase has one).
_card_of: Callable[[Action], Card] = operator.attrgetter("card")


class HeuristicBot:
    """Plays sensibly from a ``PlayerView``; a choice it has no rule for (a variant's unusual
    decision) is made by its seeded random generator, which is never drawn from for a forced
    move (hence ``skips_forced_moves``)."""

    #: one legal action is always its choice, and choosing it changes nothing in the bot
    skips_forced_moves: ClassVar[bool] = True
    #: it bids and plays from its hand's strength and the legal actions: the variant's
    #: scoring and settlement (what a contract is worth) change none of its choices
    reads_values: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """The bot's random generator, seeded on first use: most hands never need it, and
        seeding one costs more than a decision."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        legal = legal_choices(view)
        phase = view.phase
        if phase == _PLAY:
            return _play(view, legal)
        if phase == _AUCTION:
            return _bid(view, legal)
        if phase == _DECLARE:
            return _declare(view, legal)
        chosen = _other(view, legal)
        if chosen is not None:
            return chosen
        return self.rng.choice(legal) if len(legal) > 1 else legal[0]


# -- the auction and the declaration ----------------------------------------------------

def _bid(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Bid or hold up to the level the hand is worth (one level per ``_STEP`` of strength
    above ``_OPEN``); never bid a preferred-suit level in a suit that is not its best."""
    strengths = _strengths(view.hand)
    best = _best_suit(strengths)
    ceiling = (strengths[best] - _OPEN) // _STEP
    standing = 0  # the highest level bid so far (levels count from 0)
    for _, action in view.history:
        level = action.level
        if level is not None and level > standing:
            standing = level
    if standing <= ceiling:
        for action in legal:
            if action.kind == "hold":
                return action
    for action in legal:
        level = action.level
        if level is not None and level <= ceiling and action.suit in (None, best):
            return action
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def _declare(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """The declaration in its strongest trump suit, the cheapest contract first; no Tout."""
    plain = [a for a in legal if not a.tout] or list(legal)
    strengths = _strengths(view.hand)
    unsuited = strengths[_best_suit(strengths)] - 1
    # the highest worth, the lowest id among equals (``max`` with the key (worth, -id)):
    # a plain loop, as a key function costs a call per declaration (Altenburg offers
    # dozens)
    chosen, highest, lowest = plain[0], -_NEVER, _NEVER
    for action in plain:
        suit = action.suit
        worth = unsuited if suit is None else strengths[suit]
        if worth > highest or (worth == highest and action.id < lowest):
            chosen, highest, lowest = action, worth, action.id
    return chosen


def _other(view: PlayerView, legal: tuple[Action, ...]) -> Action | None:
    """Calls, naming trumps and decisions."""
    kinds = {a.kind: a for a in legal}
    if "stop" in kinds:
        return kinds["stop"]
    trumps = {a.suit: a for a in legal if a.suit is not None and a.kind == "trump"}
    if trumps:
        return trumps[_best_suit(_strengths(view.hand), list(trumps))]
    calls = [(a, a.card) for a in legal if a.card is not None and a.kind == "call"]
    if calls:  # call in the suit where the bot is shortest, so the partner can help
        mask = view.hand.mask
        held = [(mask >> (8 * suit) & 0xFF).bit_count() for suit in _SUITS]
        return min(calls, key=lambda ac: (held[ac[1] >> 3], ac[0].id))[0]
    trump = Trump.NONE if view.trump is None else view.trump
    if "demand" in kinds:  # the Mediateur exchange: the card worth most with these trumps
        return max((a for a in legal if a.kind == "demand"),
                   key=lambda a: (_card_worth(_card_of(a), trump), -a.id))
    if "return" in kinds:  # ... and back the card worth least, the lowest if several
        return min(legal, key=lambda a: (_card_worth(_card_of(a), trump),
                                         _PLAY_TABLES[trump].give[_card_of(a)]))
    return kinds.get("pass")


# -- the play ------------------------------------------------------------------------------

def _play(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Lead (``_lead``); else let a friend's winning card stand, or win the trick with
    the cheapest card that does; else give away the lowest card (``_PlayTables.give``).

    Plain loops over the few cards (every play action has a card, hence the ignores)."""
    if len(legal) == 1:
        return legal[0]
    trump = view.trump
    tables = _PLAY_TABLES[_NO_TRUMP if trump is None else trump]
    trick = view.trick
    if not trick:
        return legal[_lead(view, legal, tables)]
    counts = tables.counts[trick[0][1]]
    winner, to_beat = trick[0][0], -1  # the trick's best card: the first of the highest
    for seat, card in trick:
        if counts[card] > to_beat:
            winner, to_beat = seat, counts[card]
    if not _friend(view, winner):
        # the cheapest card that wins the trick, if any does: the lowest power above the
        # best card's (the cards that count run plain below trumps, as ``give`` does)
        chosen, lowest = -1, _NEVER
        for index, action in enumerate(legal):
            power = counts[action.card]  # type: ignore[index]
            if to_beat < power < lowest:
                chosen, lowest = index, power
        if chosen >= 0:
            return legal[chosen]
    return legal[_lowest(legal, tables.give)]


def _lowest(legal: tuple[Action, ...], order: tuple[int, ...]) -> int:
    """The index of the first of the cards lowest in ``order``."""
    chosen, lowest = 0, _NEVER
    for index, action in enumerate(legal):
        key = order[action.card]  # type: ignore[index]
        if key < lowest:
            chosen, lowest = index, key
    return chosen


def _lead(view: PlayerView, legal: tuple[Action, ...], tables: _PlayTables) -> int:
    """The index of the card to lead. With the contract: the highest trump; otherwise an ace,
    or the lowest plain card."""
    seat = view.seat
    if seat in (view.declarer, view.partner):
        chosen, highest = -1, -1
        powers = tables.trump_power
        for index, action in enumerate(legal):
            power = powers[action.card]  # type: ignore[index]
            if power > highest:
                chosen, highest = index, power
        if chosen >= 0:
            return chosen
    aces = tables.plain_ace
    for index, action in enumerate(legal):
        if aces[action.card]:  # type: ignore[index]
            return index
    return _lowest(legal, tables.give)  # plain cards first, each by power


def _friend(view: PlayerView, other: int) -> bool:
    """Whether ``view`` knows seat ``other`` to be on its own side (itself included)."""
    me = view.seat
    if other == me:
        return True
    declarer, partner = view.declarer, view.partner
    if declarer is None:
        return False
    in_party = other in (declarer, partner)
    if me in (declarer, partner):
        return in_party
    # the other side is known when the declarer plays alone or his partner is revealed
    return not in_party and (view.called is None or partner is not None)
