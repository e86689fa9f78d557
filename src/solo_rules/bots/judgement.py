"""How the heuristic bot judges a contract from its own hand: whether it expects to make it.

A contract's need is the hand strength (``heuristic.hand_strength``'s units) it takes per trick
of the contract's target, more for each opponent and less with a called partner, calibrated on
the heuristic bots' own make rates (a partner game of five tricks of eight at four hands needs
8, a Solo 11.5, a Solo at three hands 10.5; a partner game of three tricks of five at six hands
6.7). A target of every trick, and a Tout, is made only when it is certain (``certain``); a
misère only with a hand that can duck every suit (``ducks``). It reads the contract definitions
and the auction's bids the rules expose, no contract's value (where a bid is an amount, the
auction says which games it admits).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solo_rules.cards import Suit
from solo_rules.ranking import TRUMP, Trump, TrumpTables
from solo_rules.rules.contract_def import ContractDef

__all__ = ["NEVER_MADE", "certain", "ducks", "margin", "need"]

#: The margin of a contract the hand cannot make by any reckoning.
NEVER_MADE = -1000.0
#: Strength per trick of the target: alone against two opponents, more per opponent, less
#: with a called partner.
_PER_TRICK, _PER_OPPONENT, _PARTNER = 1.7, 0.2, 0.5
#: The hand size the needs are calibrated at.
_CARDS = 8


def need(tricks: int, seats: int, partner: bool, cards: int = _CARDS) -> float:
    """The strength a hand of ``cards`` cards needs to take ``tricks`` tricks at a table of
    ``seats`` playing seats, with a called partner or alone: a short hand's cards are fewer
    among more, each trick dearer (by the fourth root of the ratio to eight cards)."""
    opponents = seats - 1 - partner
    per_trick = _PER_TRICK + _PER_OPPONENT * opponents - _PARTNER * partner
    return float(tricks * per_trick * (_CARDS / cards) ** 0.25)


def certain(hand: int, outside: int, tables: TrumpTables, on_lead: bool) -> bool:
    """Whether ``hand`` takes every remaining trick whatever the ``outside`` cards (those it
    has not seen played) are and wherever they lie: each of its cards beats every outside card
    of its effective suit, it has trumps enough to draw the outside ones, and when it is not
    ``on_lead`` one more to ruff a lead it cannot follow, and no plain card while a trump is
    out (a lead it follows may be ruffed behind it)."""
    power = tables.power
    masks = (*tables.suit_masks, tables.trump_mask)
    voids = False
    for suit in range(TRUMP + 1):
        mine, theirs = hand & masks[suit], outside & masks[suit]
        if not mine:
            voids = voids or (bool(theirs) and suit != TRUMP)
            continue
        if theirs and min(_powers(mine, power)) < max(_powers(theirs, power)):
            return False
    trumps, theirs = hand & tables.trump_mask, outside & tables.trump_mask
    if not on_lead and theirs and hand & ~tables.trump_mask:
        return False  # a lead it follows with a plain card may be ruffed behind it
    return trumps.bit_count() - theirs.bit_count() >= (1 if voids and not on_lead else 0)


def _powers(mask: int, power: tuple[int, ...]) -> list[int]:
    """The powers of the cards of ``mask``."""
    powers = []
    while mask:
        low = mask & -mask
        powers.append(power[low.bit_length() - 1])
        mask ^= low
    return powers


def ducks(hand: int, outside: int, tables: TrumpTables, strict: bool) -> bool:
    """Whether ``hand`` can expect to take no trick without trumps: in every suit its k-th
    lowest card has at most k outside cards below it (none when ``strict``: a declarer who
    must head a trick he can beat holds only the lowest cards of each suit)."""
    power = tables.power
    for suit_mask in tables.suit_masks:
        theirs = sorted(_powers(outside & suit_mask, power))
        for k, mine in enumerate(sorted(_powers(hand & suit_mask, power))):
            below = sum(1 for other in theirs if other < mine)
            if below > (0 if strict else k):
                return False
    return True


def margin(cdef: ContractDef, strengths: Sequence[int], suits: Sequence[Suit | None],
           seats: int, cards: int, sure: Callable[[int], bool],
           ducking: Callable[[bool], bool], tout: bool = False) -> float:
    """How much stronger than it needs the hand is for ``cdef`` declared in the best of
    ``suits`` (Tout if ``tout``), at a table of ``seats`` playing seats, holding ``cards``:
    ``strengths`` is its strength per trump (by suit number, the fifth without trumps),
    ``sure(trump)`` whether it takes every trick with those trumps, ``ducking(strict)``
    whether it can take none (``ducks``). ``NEVER_MADE`` when it cannot be made so."""
    if cdef.single_player != "declarer" or (cdef.trump_by == "partner" and tout):
        return NEVER_MADE  # a game nobody declares; a Tout on trumps another names
    if cdef.misere:
        return 0.0 if ducking(cdef.must_head) else NEVER_MADE
    trumps = [int(trump) for trump in _trumps(cdef, suits)]
    if tout or cdef.tricks >= cards:  # every trick: only a certain hand
        return 0.0 if any(sure(trump) for trump in trumps) else NEVER_MADE
    if trumps:
        strength = float(max(strengths[trump] for trump in trumps))
    else:  # the partner names trumps: his best suit, which the hand may not share
        suited = strengths[:TRUMP]
        strength = (max(suited) + sum(suited) / len(suited)) / 2
    return strength - need(cdef.tricks, seats, cdef.partner == "called_card", cards)


def _trumps(cdef: ContractDef, suits: Sequence[Suit | None]) -> list[Trump]:
    """The trumps ``cdef`` may be declared with in ``suits`` (a partner's bound suit
    included); none while a partner is still to name them."""
    named = [Trump.of(suit) for suit in suits if suit is not None]
    if cdef.trump_by in ("declarer", "partner") and named:
        return named
    return [] if cdef.trump_by == "partner" else list(cdef.possible_trumps())
