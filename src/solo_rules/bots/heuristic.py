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
_TABLES = tuple(_RANKING.tables(trump) for trump in Trump)
#: Per trump, per card: the order in which the bot would rather give a card away, lowest
#: first (plain cards before trumps, then by power).
_LOW = tuple(tuple((tables.suit_of[card] == TRUMP, tables.power[card]) for card in Card)
             for tables in _TABLES)


def hand_strength(hand: CardSet, trump: int) -> int:
    """A rough worth of ``hand`` with ``trump`` as trumps: 3 per matador, 2 per other trump
    ace or king, 1 per other trump, and 1 per plain ace."""
    return _strength(hand.mask, trump)


def _strength(mask: int, trump: int) -> int:
    low, mid, high, top = _WORTH_BYTES[trump]
    return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF] + top[mask >> 24]


def _strengths(hand: CardSet) -> tuple[int, ...]:
    """The hand's strength with each suit as trumps, by suit number."""
    mask = hand.mask
    return tuple(_strength(mask, suit) for suit in Suit)


def _best_suit(strengths: Sequence[int], allowed: Sequence[Suit] = tuple(Suit)) -> Suit:
    """The allowed suit the hand is strongest in (the lower-numbered one on a tie)."""
    return max(allowed, key=lambda suit: (strengths[suit], -suit))


#: The card of a card play (every legal action of the play phase has one).
_card_of: Callable[[Action], Card] = operator.attrgetter("card")


class HeuristicBot:
    """Plays sensibly from a ``PlayerView``; a choice it has no rule for (a variant's unusual
    decision) is made by its seeded random generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        legal = legal_choices(view)
        if view.phase == Phase.PLAY:
            return self._play(view, legal)
        if view.phase == Phase.AUCTION:
            return self._bid(view, legal)
        if view.phase == Phase.DECLARE:
            return self._declare(view, legal)
        chosen = self._other(view, legal)
        return chosen if chosen is not None else self.rng.choice(legal)

    # -- the auction and the declaration ---------------------------------------------------

    def _bid(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Bid or hold up to the level the hand is worth (one level per ``_STEP`` of strength
        above ``_OPEN``); never bid a preferred-suit level in a suit that is not its best."""
        strengths = _strengths(view.hand)
        best = _best_suit(strengths)
        ceiling = (strengths[best] - _OPEN) // _STEP
        standing = max((a.level for _, a in view.history if a.level is not None), default=0)
        for action in legal:
            if action.kind == "hold" and standing <= ceiling:
                return action
        for action in legal:
            if (action.level is not None and action.level <= ceiling
                    and action.suit in (None, best)):
                return action
        return next((a for a in legal if a.kind == "pass"), legal[0])

    def _declare(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The declaration in its strongest trump suit, the cheapest contract first; no Tout."""
        plain = [a for a in legal if not a.tout] or list(legal)
        strengths = _strengths(view.hand)
        best = _best_suit(strengths)

        def worth(action: Action) -> tuple[int, int]:
            suit = action.suit
            value = strengths[suit] if suit is not None else strengths[best] - 1
            return value, -action.id

        return max(plain, key=worth)

    def _other(self, view: PlayerView, legal: tuple[Action, ...]) -> Action | None:
        """Calls, naming trumps and decisions."""
        kinds = {a.kind: a for a in legal}
        if "stop" in kinds:
            return kinds["stop"]
        trumps = {a.suit: a for a in legal if a.suit is not None and a.kind == "trump"}
        if trumps:
            return trumps[_best_suit(_strengths(view.hand), list(trumps))]
        calls = [(a, a.card) for a in legal if a.card is not None and a.kind == "call"]
        if calls:  # call in the suit where the bot is shortest, so the partner can help
            return min(calls, key=lambda ac: (len(view.hand.of_suit(ac[1].suit)), ac[0].id))[0]
        trump = Trump.NONE if view.trump is None else view.trump
        if "demand" in kinds:  # the Mediateur exchange: the card worth most with these trumps
            return max((a for a in legal if a.kind == "demand"),
                       key=lambda a: (_card_worth(_card_of(a), trump), -a.id))
        if "return" in kinds:  # ... and back the card worth least, the lowest if several
            return min(legal, key=lambda a: (_card_worth(_card_of(a), trump),
                                             *_LOW[trump][_card_of(a)]))
        return kinds.get("pass")

    # -- the play ----------------------------------------------------------------------------

    def _play(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        trump = Trump.NONE if view.trump is None else view.trump
        tables = _TABLES[trump]
        cards = list(map(_card_of, legal))
        if not view.trick:
            return legal[self._lead(view, cards, tables)]
        played = tuple(card for _, card in view.trick)
        winning = tables.winner(played)
        everything = range(len(cards))
        if view.trick[winning][0] in self._friends(view):
            choices: Sequence[int] = everything
        else:
            # a card beats the trick's best card if it is of the led suit or a trump and
            # stronger (powers differ within those suits), as ``tables.winner`` would say
            suit_of, power = tables.suit_of, tables.power
            led, to_beat = suit_of[played[0]], power[played[winning]]
            choices = [i for i in everything
                       if suit_of[cards[i]] in (TRUMP, led) and power[cards[i]] > to_beat
                       ] or everything
        order = _LOW[trump]
        return legal[min(choices, key=lambda i: order[cards[i]])]

    @staticmethod
    def _lead(view: PlayerView, cards: list[Card], tables: TrumpTables) -> int:
        """The index of the card to lead. With the contract: the highest trump; otherwise an
        ace, or the lowest plain card."""
        suit_of, power = tables.suit_of, tables.power
        everything = range(len(cards))
        trumps = [i for i in everything if suit_of[cards[i]] == TRUMP]
        with_contract = view.declarer == view.seat or view.partner == view.seat
        if with_contract and trumps:
            return max(trumps, key=lambda i: power[cards[i]])
        plain = [i for i in everything if suit_of[cards[i]] != TRUMP]
        aces = [i for i in plain if cards[i].rank is Rank.ACE]
        if aces:
            return aces[0]
        return min(plain or everything, key=lambda i: power[cards[i]])

    @staticmethod
    def _friends(view: PlayerView) -> set[int]:
        """The seats this view knows to be on its own side (itself included)."""
        me = view.seat
        if view.declarer is None:
            return {me}
        party = {view.declarer} if view.partner is None else {view.declarer, view.partner}
        alone = view.called is None
        if me in party:
            return party
        if alone or view.partner is not None:
            return set(range(view.players)) - party
        return {me}

