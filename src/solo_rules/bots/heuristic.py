"""A simple rule-of-thumb player that decides from its own view only.

It values a hand by its trumps (the matadors most), bids and holds while the hand is strong
enough for the bid, declares in its best suit, leads high trumps when it plays with the
contract, wins a trick as cheaply as it can unless a known friend is winning it, and otherwise
plays its lowest card. The card order it reckons with is the family's (DOSSIER §1.3-1.4); the
engine's legal actions, which come with the view, decide what it may do.
"""

from __future__ import annotations

import random

from solo_rules.actions import (
    BID_BASE,
    CALL_BASE,
    DECLARE_BASE,
    HOLD,
    PASS,
    STOP,
    TRUMP_BASE,
    Action,
)
from solo_rules.bots.base import legal_choices
from solo_rules.cards import Card, CardSet, Rank
from solo_rules.ranking import NO_TRUMP, TRUMP, Ranking, TrumpTables
from solo_rules.state import Phase
from solo_rules.view import PlayerView

__all__ = ["HeuristicBot", "hand_strength"]

_RANKING = Ranking()
#: Strength needed to open the lowest bid, and the strength worth each further bid level.
_OPEN = 8
_STEP = 3


def hand_strength(hand: CardSet, trump: int) -> int:
    """A rough worth of ``hand`` with ``trump`` as trumps: 3 per matador, 2 per other trump
    ace or king, 1 per other trump, and 1 per plain ace."""
    tables = _RANKING.tables(trump)
    matadors = _RANKING.matador_cards(trump)
    worth = 0
    for card in hand:
        if card in matadors:
            worth += 3
        elif tables.suit_of[card] == TRUMP:
            worth += 2 if card.rank <= Rank.KING else 1
        elif card.rank is Rank.ACE:
            worth += 1
    return worth


def _best_suit(hand: CardSet, allowed: range | list[int] = range(4)) -> int:
    return max(allowed, key=lambda suit: (hand_strength(hand, suit), -suit))


def _suit_of_text(text: str) -> int | None:
    """The suit a bid or declaration binds, from its text (``bid frage@C``, ``declare solo H``)."""
    last = text.replace("@", " ").split()[-1]
    return "CSHD".index(last) if last in ("C", "S", "H", "D") else None


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
        best = _best_suit(view.hand)
        ceiling = BID_BASE + (hand_strength(view.hand, best) - _OPEN) // _STEP
        standing = max((a.id for _, a in view.history if BID_BASE <= a.id < DECLARE_BASE),
                       default=BID_BASE)
        for action in legal:
            if action.id == HOLD and standing <= ceiling:
                return action
        for action in legal:
            if (BID_BASE <= action.id <= ceiling
                    and _suit_of_text(action.text) in (None, best)):
                return action
        return next((a for a in legal if a.id == PASS), legal[0])

    def _declare(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The declaration in its strongest trump suit, the cheapest contract first; no Tout."""
        plain = [a for a in legal if not a.text.endswith(" tout")] or list(legal)
        best = _best_suit(view.hand)

        def worth(action: Action) -> tuple[int, int]:
            suit = _suit_of_text(action.text)
            value = hand_strength(view.hand, suit) if suit is not None else \
                hand_strength(view.hand, best) - 1
            return value, -action.id

        return max(plain, key=worth)

    def _other(self, view: PlayerView, legal: tuple[Action, ...]) -> Action | None:
        """Calls, naming trumps and decisions."""
        ids = {a.id: a for a in legal}
        if STOP in ids:
            return ids[STOP]
        trumps = [a for a in legal if TRUMP_BASE <= a.id < TRUMP_BASE + 4]
        if trumps:
            suit = _best_suit(view.hand, [a.id - TRUMP_BASE for a in trumps])
            return ids[TRUMP_BASE + suit]
        calls = [a for a in legal if CALL_BASE <= a.id < TRUMP_BASE]
        if calls:  # call in the suit where the bot is shortest, so the partner can help
            return min(calls, key=lambda a: (len(view.hand.of_suit(Card(a.id - CALL_BASE).suit)),
                                             a.id))
        return ids.get(PASS)

    # -- the play ----------------------------------------------------------------------------

    def _play(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        trump = NO_TRUMP if view.trump is None else view.trump
        tables = _RANKING.tables(trump)

        def low(action: Action) -> tuple[bool, int]:
            return tables.suit_of[action.id] == TRUMP, tables.power[action.id]

        if not view.trick:
            return self._lead(view, legal, tables)
        cards = tuple(card for _, card in view.trick)
        winner_seat = view.trick[tables.winner(cards)][0]
        if winner_seat in self._friends(view):
            return min(legal, key=low)
        beaters = [a for a in legal if tables.winner((*cards, Card(a.id))) == len(cards)]
        return min(beaters or legal, key=low)

    @staticmethod
    def _lead(view: PlayerView, legal: tuple[Action, ...], tables: TrumpTables) -> Action:
        """With the contract: the highest trump; otherwise an ace, or the lowest plain card."""
        trumps = [a for a in legal if tables.suit_of[a.id] == TRUMP]
        with_contract = view.declarer == view.seat or view.partner == view.seat
        if with_contract and trumps:
            return max(trumps, key=lambda a: tables.power[a.id])
        aces = [a for a in legal if tables.suit_of[a.id] != TRUMP and Card(a.id).rank is Rank.ACE]
        if aces:
            return aces[0]
        plain = [a for a in legal if tables.suit_of[a.id] != TRUMP] or list(legal)
        return min(plain, key=lambda a: tables.power[a.id])

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

