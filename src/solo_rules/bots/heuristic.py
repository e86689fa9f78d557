"""A simple rule-of-thumb player that decides from its own view only.

It values a hand by its trumps (the matadors most). Given the rules, it bids at once the
highest bid whose contract its hand makes (``judgement``: a need per trick of the target, by
the seats at the table and whether a partner is called) and holds a standing bid it makes; it
declares the contract it makes that takes most tricks, alone before with a partner, a Tout and
going on past the first tricks only when every trick is certain, and calls a card it does not
hold. It leads high trumps when it plays with the contract, wins a trick as cheaply as it can
unless a known friend is winning it, and otherwise plays its lowest card; in a misère the
declarer ducks and the others play low. The card order it reckons with is the family's of the
pack it holds: the 32-card pack's German Solo order (DOSSIER §1.3-1.4), or, once its hand or
the cards it was dealt show a card below the seven, the forty-card pack's Quadrille order
(``OmbreTrumps``'s: Spadille ♠A, Manille, Basto ♣A; S-CHA, S-PAR). The engine's legal actions,
which come with the view, decide what it may do.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Sequence
from typing import ClassVar, NamedTuple

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.bots.judgement import certain, ducks, margin, need
from solo_rules.cards import PIQUET_IDS, SUIT_MASKS, Card, CardSet, Rank, Suit, quadrille_pack
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP, Ranking, Trump, TrumpTables
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.ranks import OmbreTrumps
from solo_rules.state import Phase
from solo_rules.view import PlayerView

__all__ = ["HeuristicBot", "hand_strength"]

#: Without the rules: the strength worth each bid level above the opening one.
_STEP = 3
#: The words that keep the standing bid for the seat that says them.
_HOLDS = ("hold", "keep")


def _heads(tables: TrumpTables) -> tuple[bool, ...]:
    """Per card, whether it is a plain card that heads its suit: the highest power among the
    plain cards of its effective suit (an ace of the 32-card pack; a king of Quadrille's, whose
    black aces are matadors and whose red aces rank below the jack)."""
    suits, powers = tables.suit_of, tables.power
    tops = [-1] * TRUMP
    for suit, power in zip(suits, powers, strict=True):
        if suit != TRUMP and power > tops[suit]:
            tops[suit] = power
    return tuple(suit != TRUMP and power == tops[suit]
                 for suit, power in zip(suits, powers, strict=True))


def _card_worths(ranking: Ranking, trump: int) -> tuple[int, ...]:
    """Per card, what it adds to a hand's strength with ``trump`` as trumps: 3 for a matador,
    2 for another trump ace or king, 1 for another trump, 1 for a plain card that heads its
    suit (``_heads``)."""
    matadors, tables = ranking.matador_cards(trump), ranking.tables(trump)
    heads = _heads(tables)
    return tuple(3 if card in matadors
                 else (2 if card.rank <= Rank.KING else 1) if tables.suit_of[card] == TRUMP
                 else 1 if heads[card] else 0 for card in Card)


def _byte_worths(worth: tuple[int, ...], position: int) -> tuple[int, ...]:
    """For each value of the byte at ``position`` of a hand's mask, the worth of its cards
    (each value's is a smaller value's plus the card of its lowest bit; a bit past the last
    card id is worth nothing)."""
    worths = [0] * 256
    for value in range(1, 256):
        lowest = value & -value
        card = 8 * position + lowest.bit_length() - 1
        worths[value] = worths[value ^ lowest] + (worth[card] if card < len(worth) else 0)
    return tuple(worths)


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
    #: whether a card is a plain card that heads its suit (``_heads``: the 32-card pack's
    #: plain aces; the other side leads one first)
    plain_ace: tuple[bool, ...]

    @classmethod
    def of(cls, tables: TrumpTables) -> _PlayTables:
        suits, powers = tables.suit_of, tables.power
        by_led = tuple(tuple(power if suit in (TRUMP, led) else -1
                             for suit, power in zip(suits, powers, strict=True))
                       for led in range(TRUMP + 1))
        return cls(tuple(power + (1000 if suit == TRUMP else 0)
                         for suit, power in zip(suits, powers, strict=True)),
                   tuple(by_led[suit] for suit in suits), by_led[TRUMP], _heads(tables))


class _Order(NamedTuple):
    """A card order the bot reckons with, and its tables, each per trump (``Trump.NONE``
    last)."""

    #: per card, what it adds to a hand's strength (``_card_worths``)
    worths: tuple[tuple[int, ...], ...]
    #: per byte of a hand's mask (its position, then its value), the worth of those cards: a
    #: hand's strength is a look-up per byte (the bot rates a hand for every suit at every bid)
    worth_bytes: tuple[tuple[tuple[int, ...], ...], ...]
    #: the play's tables
    play: tuple[_PlayTables, ...]
    #: the order's own tables (which cards are trumps, and their powers)
    tables: tuple[TrumpTables, ...]
    #: the mask of the pack's cards
    pack: int

    @classmethod
    def of(cls, ranking: Ranking, positions: int, pack: int) -> _Order:
        """The tables of ``ranking``'s order, over the first ``positions`` bytes of a mask,
        for the cards of ``pack``."""
        worths = tuple(_card_worths(ranking, trump) for trump in Trump)
        tables = tuple(ranking.tables(trump) for trump in Trump)
        return cls(worths,
                   tuple(tuple(_byte_worths(worth, position) for position in range(positions))
                         for worth in worths),
                   tuple(_PlayTables.of(table) for table in tables), tables, pack)




#: The 32-card pack's order (the family's: DOSSIER §1.3-1.4), over its four bytes.
_PIQUET = _Order.of(Ranking(), 4, (1 << PIQUET_IDS) - 1)


@functools.cache
def _forty() -> _Order:
    """The forty-card pack's order (Quadrille's, ``OmbreTrumps``), over all seven bytes of a
    mask: built on first use, as only a hand of that pack needs it."""
    return _Order.of(OmbreTrumps().ranking, 7, quadrille_pack().mask)


def _order_of(view: PlayerView) -> _Order:
    """The order of the pack ``view``'s hand shows: the forty-card pack's once it holds or was
    dealt a card below the seven (a card id of 32 and above), else the 32-card pack's."""
    if (view.hand.mask | view.dealt.mask) >> PIQUET_IDS:
        return _forty()
    return _PIQUET


_NO_TRUMP = int(Trump.NONE)
#: above every key and power in the tables
_NEVER = 1 << 30
_SUITS = tuple(Suit)
#: per card id, its printed suit
_SUIT_OF = tuple(card.suit for card in Card)
_SUIT_WORTHS = _PIQUET.worth_bytes[:len(_SUITS)]
_PLAY, _AUCTION, _DECLARE = Phase.PLAY, Phase.AUCTION, Phase.DECLARE


def hand_strength(hand: CardSet, trump: int) -> int:
    """A rough worth of ``hand`` with ``trump`` as trumps: 3 per matador, 2 per other trump
    ace or king, 1 per other trump, and 1 per plain card that heads its suit (a plain ace; a
    king in Quadrille's order, which a hand with a card below the seven is reckoned in)."""
    mask = hand.mask
    if mask >> PIQUET_IDS:
        return _wide_strength(_forty().worth_bytes[trump], mask)
    low, mid, high, top = _PIQUET.worth_bytes[trump]
    return low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF] + top[mask >> 24]


def _wide_strength(worths: tuple[tuple[int, ...], ...], mask: int) -> int:
    """The worth of the cards of ``mask`` by the seven byte tables ``worths``."""
    low, mid, high, top, fifth, sixth, seventh = worths
    return (low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF]
            + top[mask >> 24 & 0xFF] + fifth[mask >> 32 & 0xFF] + sixth[mask >> 40 & 0xFF]
            + seventh[mask >> 48 & 0xFF])


def _strengths(hand: CardSet, order: _Order = _PIQUET) -> tuple[int, int, int, int]:
    """The hand's strength with each suit as trumps, by suit number, in ``order``."""
    mask = hand.mask
    if order is not _PIQUET:
        clubs, spades, hearts, diamonds = order.worth_bytes[:len(_SUITS)]
        return (_wide_strength(clubs, mask), _wide_strength(spades, mask),
                _wide_strength(hearts, mask), _wide_strength(diamonds, mask))
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
    move (hence ``skips_forced_moves``). Given the ``rules`` it plays, it weighs each bid and
    declaration by the contracts they lead to (``judgement``) and plays a misère to its end
    (the declarer ducks, the others play low);
    without them, it bids by its strength alone."""

    #: one legal action is always its choice, and choosing it changes nothing in the bot
    skips_forced_moves: ClassVar[bool] = True
    #: it bids and plays from its hand's strength, the contracts' targets and the legal
    #: actions: the variant's scoring and settlement (what a contract is worth) change none of
    #: its choices
    reads_values: ClassVar[bool] = False

    def __init__(self, seed: int | None = None, rules: CompiledRules | None = None) -> None:
        self._seed = seed
        self._rng: random.Random | None = None
        self._rules = rules

    @property
    def rng(self) -> random.Random:
        """The bot's random generator, seeded on first use: most hands never need it, and
        seeding one costs more than a decision."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        # ``legal_choices(view)``, without its call for a view with actions (it refuses
        # anything else)
        legal = view.legal_actions if type(view) is PlayerView else ()
        if not legal:
            legal = legal_choices(view)
        phase = view.phase
        rules = self._rules
        if phase == _PLAY:
            if rules is not None and len(legal) > 1 and _misere(view, rules):
                return _misere_play(view, legal, _order_of(view).play)
            # ``_order_of(view)`` by the dealt cards alone: a variant of the forty-card pack
            # exchanges no cards, so every card its hand holds was dealt to it
            if view.dealt.mask >> PIQUET_IDS:
                return _play(view, legal, _forty().play)
            return _play(view, legal)
        if phase == _AUCTION:
            if rules is not None:
                return _bid_contracts(view, legal, _Judge(view, _order_of(view)), rules)
            return _bid(view, legal, _order_of(view))
        if phase == _DECLARE:
            return _declare(view, legal, _Judge(view, _order_of(view)), rules)
        chosen = _other(view, legal)
        if chosen is not None:
            return chosen
        return self.rng.choice(legal) if len(legal) > 1 else legal[0]


# -- the auction and the declaration ----------------------------------------------------

class _Judge:
    """The hand of one decision as ``judgement`` reckons it: its strength per trump (the
    fifth without trumps), the cards it has not seen, and, asked once each, whether it takes
    every trick with given trumps or can duck every one."""

    def __init__(self, view: PlayerView, order: _Order) -> None:
        hand = view.hand
        played = 0
        for trick in view.tricks:
            for card in trick.cards:
                played |= 1 << card
        for _, card in view.trick:
            played |= 1 << card
        self.mask = hand.mask
        self.outside = order.pack & ~(self.mask | played)
        self.order = order
        self.strengths = (*_strengths(hand, order),
                          _wide_strength(order.worth_bytes[_NO_TRUMP], self.mask)
                          if order is not _PIQUET else hand_strength(hand, _NO_TRUMP))
        self.seats = view.players - len(view.sitting_out)
        self.cards = len(hand)
        self._sure: dict[int, bool] = {}
        self._ducks: dict[bool, bool] = {}

    def sure(self, trump: int) -> bool:
        """Whether the hand takes every trick with ``trump`` as trumps (not on lead)."""
        sure = self._sure.get(trump)
        if sure is None:
            sure = self._sure[trump] = certain(self.mask, self.outside,
                                               self.order.tables[trump], on_lead=False)
        return sure

    def ducks(self, strict: bool) -> bool:
        """Whether the hand can take no trick without trumps (``judgement.ducks``)."""
        ducking = self._ducks.get(strict)
        if ducking is None:
            ducking = self._ducks[strict] = ducks(self.mask, self.outside,
                                                  self.order.tables[_NO_TRUMP], strict)
        return ducking

    def margin(self, cdef: ContractDef, suits: Sequence[Suit | None],
               tout: bool = False) -> float:
        """How much stronger than ``cdef`` in the best of ``suits`` needs the hand is."""
        return margin(cdef, self.strengths, suits, self.seats, self.cards, self.sure,
                      self.ducks, tout)


def _bid_contracts(view: PlayerView, legal: tuple[Action, ...], judge: _Judge,
                   rules: CompiledRules) -> Action:
    """Hold (or keep) the standing bid if the hand makes one of its contracts; else bid the
    highest level it makes (its hand's level, not the lowest it could afford); else pass."""
    def makes(action: Action) -> bool:
        return any(judge.margin(rules.contract_def(contract), suits) >= 0
                   for contract, suits in rules.auction.bid_contracts(rules, action.bid or ""))

    standing: Action | None = None
    for _, action in view.history:
        if action.level is not None and (standing is None or action.level > (standing.level
                                                                              or 0)):
            standing = action
    if standing is not None and makes(standing):
        for action in legal:
            if action.kind in _HOLDS:
                return action
    best: Action | None = None
    for action in legal:
        if action.kind == "bid" and (best is None or (action.level or 0) > (best.level or 0)) \
                and makes(action):
            best = action
    if best is not None:
        return best
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def _bid(view: PlayerView, legal: tuple[Action, ...], order: _Order = _PIQUET) -> Action:
    """Without the rules: bid or hold up to the level the hand is worth, one level per
    ``_STEP`` of strength above what a majority of the tricks needs at this table (with a
    partner at four seats or more), the highest such level at once; never bid a
    preferred-suit level in a suit that is not its best."""
    strengths = _strengths(view.hand, order)
    best = _best_suit(strengths)
    seats = view.players - len(view.sitting_out)
    cards = len(view.hand)
    opening = need(cards // 2 + 1, seats, seats >= 4, cards)
    ceiling = int((strengths[best] - opening) // _STEP)
    standing = 0  # the highest level bid so far (levels count from 0)
    for _, action in view.history:
        level = action.level
        if level is not None and level > standing:
            standing = level
    if standing <= ceiling:
        for action in legal:
            if action.kind == "hold":
                return action
    chosen: Action | None = None
    for action in legal:
        level = action.level
        if level is not None and level <= ceiling and action.suit in (None, best):
            chosen = action
    if chosen is not None:
        return chosen
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def _declare(view: PlayerView, legal: tuple[Action, ...], judge: _Judge,
             rules: CompiledRules | None) -> Action:
    """The declaration the hand makes that takes most tricks, alone before with a partner,
    then the highest contract, then the widest margin (a Tout only when every trick is
    certain); if it makes none, the one it misses least. Without the rules every contract
    reads as a partner game of a majority of the tricks."""
    chosen, highest = legal[0], None
    cards = judge.cards
    plain = {trump_by: ContractDef("plain", "plain", partner="called_card", trump_by=trump_by,
                                   tricks=cards // 2 + 1) for trump_by in ("declarer", "partner")}
    rank = 0
    for action in legal:
        suit = action.suit
        if rules is None:  # a declaration naming no suit reads as trumps named by a partner
            cdef = plain["partner" if suit is None else "declarer"]
        else:
            cdef = rules.contract_def(action.contract or "")
            rank = rules.contracts.index(cdef.id)
        worth = judge.margin(cdef, (suit,), action.tout)
        made = worth >= 0
        key = (made, (cards if action.tout else cdef.tricks) if made else 0,
               made and cdef.partner == "none", rank if made else 0, worth, -action.id)
        if highest is None or key > highest:
            chosen, highest = action, key
    return chosen


def _other(view: PlayerView, legal: tuple[Action, ...]) -> Action | None:
    """Calls, naming trumps and decisions."""
    kinds = {a.kind: a for a in legal}
    if "stop" in kinds:
        if "continue" in kinds and _rest_certain(view):
            return kinds["continue"]
        return kinds["stop"]
    trumps = {a.suit: a for a in legal if a.suit is not None and a.kind == "trump"}
    if trumps:
        return trumps[_best_suit(_strengths(view.hand, _order_of(view)), list(trumps))]
    calls = [(a, a.card) for a in legal if a.card is not None and a.kind == "call"]
    if calls:  # a card it does not hold, in the suit where it is shortest: the partner helps
        mask = view.hand.mask
        held = [(mask & suit_mask).bit_count() for suit_mask in SUIT_MASKS]
        return min(calls, key=lambda ac: (mask >> ac[1] & 1, held[_SUIT_OF[ac[1]]],
                                          ac[0].id))[0]
    if "demand" in kinds or "return" in kinds:
        trump = Trump.NONE if view.trump is None else view.trump
        order = _order_of(view)
        worth = order.worths[trump]
        if "demand" in kinds:  # the Mediateur exchange: the card worth most with these trumps
            return max((a for a in legal if a.kind == "demand"),
                       key=lambda a: (worth[_card_of(a)], -a.id))
        give = order.play[trump].give  # ... and back the card worth least, the lowest if several
        return min(legal, key=lambda a: (worth[_card_of(a)], give[_card_of(a)]))
    return kinds.get("pass")


def _rest_certain(view: PlayerView) -> bool:
    """Whether the hand takes every remaining trick for certain (``judgement.certain``), the
    winner of the last trick leading the next."""
    judge = _Judge(view, _order_of(view))
    trump = _NO_TRUMP if view.trump is None else int(view.trump)
    on_lead = bool(view.tricks) and view.tricks[-1].winner == view.seat
    return certain(judge.mask, judge.outside, judge.order.tables[trump], on_lead)


# -- the play ------------------------------------------------------------------------------

def _play(view: PlayerView, legal: tuple[Action, ...],
          plays: tuple[_PlayTables, ...] = _PIQUET.play) -> Action:
    """Lead (``_lead``); else let a friend's winning card stand, or win the trick with
    the cheapest card that does; else give away the lowest card (``_PlayTables.give``).

    ``plays`` are the tables of the order reckoned with, per trump (by default the 32-card
    pack's, bound once). Plain loops over the few cards (every play action has a card, hence
    the ignores)."""
    if len(legal) == 1:
        return legal[0]
    trump = view.trump
    tables = plays[_NO_TRUMP if trump is None else trump]
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


def _misere(view: PlayerView, rules: CompiledRules) -> bool:
    """Whether the hand is played as a misère (the declarer to take no trick)."""
    kind = view.contract_kind
    return kind is not None and view.declarer is not None and rules.contract_def(kind).misere


def _misere_play(view: PlayerView, legal: tuple[Action, ...],
                 plays: tuple[_PlayTables, ...]) -> Action:
    """A card of a misère. The declarer (or one who joined him) ducks: he leads his lowest
    card; following, the highest card below the trick's best; unable to follow, he sheds his
    highest; made to win, he wins with the highest (the lower ones duck later). Another seat
    plays its lowest card, leaving the declarer to win what he must."""
    trump = view.trump
    tables = plays[_NO_TRUMP if trump is None else trump]
    trick, give = view.trick, tables.give
    if not trick or (view.seat != view.declarer and view.seat not in view.co_declarers):
        return legal[_lowest(legal, give)]
    counts = tables.counts[trick[0][1]]
    to_beat = max(counts[card] for _, card in trick)
    under = [action for action in legal if counts[_card_of(action)] < to_beat]
    if under:  # the highest card that loses (a discard counts -1: the highest of those)
        return max(under, key=lambda a: (counts[_card_of(a)], give[_card_of(a)]))
    return max(legal, key=lambda a: give[_card_of(a)])


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
