"""The hands of a study: each seeded deal played in every variant from every rotation, and
what the double-dummy solver says about each hand.

Deal ``d`` of a study with seed ``s`` is ``seeded_deal(rules, s * 2**32 + d)`` (the deals of
``simulate``), the same cards and dealer in every variant that deals alike (common random
numbers). Rotation ``r`` moves each hand ``r`` seats on among the seats dealt as many cards
(duplicate style: over the rotations each hand is held at every place at the table, the
dealer staying where he is), and the bots of rotation ``r`` are seeded from ``r``, the deal
and the seat, the same in every variant. For the skill gap the challenger takes each seat of
the unrotated deal in turn, the other bots as in rotation 0.
"""

from __future__ import annotations

import functools
import pickle
from collections.abc import Sequence
from typing import Any, NamedTuple

from solo_rules.analysis.players import BOTS, Played, play
from solo_rules.bots.sampling import solved_line
from solo_rules.compare import incomparable, seeded_deal
from solo_rules.errors import InvalidStateError
from solo_rules.game import CompiledRules, compile
from solo_rules.solver import DoubleDummy

__all__ = ["Challenge", "HandRecord", "Work", "bot_seed", "play_chunk", "rotated",
           "rotations_of"]


class Work(NamedTuple):
    """What every chunk of a study plays: the bots, the seed, and what to measure."""

    bots: str
    challenger: str | None
    seed: int
    rotations: bool
    #: solve each hand at its first lead (the double-dummy metrics)
    solve: bool
    #: and at each trick start (decisiveness)
    decisive: bool
    #: and play it out double-dummy (luck)
    line: bool


class HandRecord(NamedTuple):
    """One hand of one variant: the deal, its rotation and dealer, the contract and its
    parties, whether it was made, every seat's score, and the solver's facts (``-1`` or
    ``None``: not solved, or no declarer's party to solve for)."""

    variant: int
    deal: int
    rotation: int
    dealer: int
    contract: str
    declarers: tuple[int, ...]
    #: the declarer's partner (``-1``: none)
    partner: int
    made: bool
    scores: tuple[int, ...]
    #: the trick (from 1) in which the called card fell; 0 if it never did; -1 without a
    #: called partner
    reveal: int
    #: 1 if the declared contract was makeable against best defence at the first lead, else 0
    makeable: int
    #: the first trick after which the double-dummy result no longer changed (0: at the
    #: first lead)
    decisive: int
    #: the declarer's score had the hand been played double-dummy from the first lead
    solved_score: int | None
    #: a checksum of the hand's actions (equal play, equal checksums)
    checksum: int

    @classmethod
    def of(cls, row: Sequence[Any]) -> HandRecord:
        """A record from its JSON row."""
        record = cls(*row)
        return record._replace(declarers=tuple(record.declarers), scores=tuple(record.scores))


class Challenge(NamedTuple):
    """The challenger's score in one seat of an unrotated deal of one variant."""

    variant: int
    deal: int
    seat: int
    score: int


def bot_seed(rotation: int, deal_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a rotation of a deal (rotation 0: ``simulate``'s)."""
    return ((rotation << 64) + deal_seed) * 8 + seat


def rotations_of(hands: Sequence[int]) -> int:
    """How many rotations a deal has: the size of the largest group of seats dealt alike."""
    sizes = [hand.bit_count() for hand in hands]
    return max(sizes.count(size) for size in sizes)


def rotated(hands: Sequence[int], rotation: int) -> tuple[int, ...]:
    """``hands`` with each moved ``rotation`` seats on among the seats dealt as many cards."""
    groups: dict[int, list[int]] = {}
    for seat, hand in enumerate(hands):
        groups.setdefault(hand.bit_count(), []).append(seat)
    out = list(hands)
    for seats in groups.values():
        for k, seat in enumerate(seats):
            out[seats[(k + rotation) % len(seats)]] = hands[seat]
    return tuple(out)


@functools.lru_cache(maxsize=8)
def _unpacked(packed: bytes) -> tuple[tuple[CompiledRules, ...], tuple[int, ...]]:
    """The compiled rule sets of pickled variants (once per worker process), and for each the
    first that deals alike (itself if none before it does)."""
    rules = tuple(compile(variant) for variant in pickle.loads(packed))
    dealt_as = tuple(next((j for j in range(i) if incomparable(rules[j], r) is None), i)
                     for i, r in enumerate(rules))
    return rules, dealt_as


def play_chunk(packed: bytes, work: Work, start: int, stop: int
               ) -> tuple[list[HandRecord], list[Challenge]]:
    """Deals ``start`` to ``stop - 1``, each in every variant of ``packed`` (the pickled
    variants) from every rotation: a worker's unit of work, the same on any executor."""
    rules, dealt_as = _unpacked(packed)
    make = BOTS[work.bots]
    hands: list[HandRecord] = []
    challenges: list[Challenge] = []
    for deal in range(start, stop):
        deal_seed = work.seed * 2**32 + deal
        deals: list[tuple[tuple[int, ...], int]] = []
        for i, (r, first) in enumerate(zip(rules, dealt_as, strict=True)):
            cards, dealer = seeded_deal(r, deal_seed) if first == i else deals[first]
            deals.append((cards, dealer))
            count = rotations_of(cards) if work.rotations else 1
            for rotation in range(count):
                bots = [make(bot_seed(rotation, deal_seed, seat), r) for seat in range(r.players)]
                played = play(r, r.start(rotated(cards, rotation), dealer), bots,
                              starts=work.solve)
                hands.append(_record(r, i, deal, rotation, dealer, played, work))
            if work.challenger is not None:
                challenge = BOTS[work.challenger]
                for seat in range(r.players):
                    seated = [challenge(bot_seed(0, deal_seed, s), r) if s == seat
                              else make(bot_seed(0, deal_seed, s), r) for s in range(r.players)]
                    end = play(r, r.start(cards, dealer), seated).end
                    challenges.append(Challenge(i, deal, seat, end.outcome().scores[seat]))
    return hands, challenges


def _record(rules: CompiledRules, variant: int, deal: int, rotation: int, dealer: int,
            played: Played, work: Work) -> HandRecord:
    """The record of a played hand, with the solver's facts where ``work`` asks for them."""
    end = played.end
    outcome = end.outcome()
    contract = outcome.contract
    if contract is None:
        return HandRecord(variant, deal, rotation, dealer, "(none)", (), -1, False,
                          outcome.scores, -1, -1, -1, None, played.checksum)
    partner = -1 if outcome.partner is None else outcome.partner
    reveal = -1
    if contract.called is not None and partner not in (-1, contract.declarer):
        reveal = next((k for k, trick in enumerate(end.tricks, 1)
                       if int(contract.called) in trick.cards), 0)
    makeable, decisive, solved = -1, -1, None
    if work.solve:
        makeable, decisive, solved = _solved(rules, played, outcome.made, work)
    return HandRecord(variant, deal, rotation, dealer, contract.kind, contract.declarers,
                      partner, outcome.made, outcome.scores, reveal, makeable, decisive, solved,
                      played.checksum)


def _solved(rules: CompiledRules, played: Played, made: bool, work: Work
            ) -> tuple[int, int, int | None]:
    """Whether the contract was makeable at the first lead; the first trick after which the
    double-dummy result stayed the hand's result; the declarer's double-dummy score."""
    if not played.starts:
        return -1, -1, None
    first = played.starts[0]
    contract = first.contract
    if contract is None or contract.declarer is None:
        return -1, -1, None
    try:
        search = DoubleDummy(first)
    except InvalidStateError:  # a hand the solver cannot key (none of the shipped ones)
        return -1, -1, None
    makeable = search.makes(first)
    decisive = -1
    if work.decisive:
        decisive = len(played.end.tricks)
        for start in reversed(played.starts):  # back from the end while the result holds
            if (makeable if start is first else search.makes(start)) is not made:
                break
            decisive = len(start.tricks)
    solved = None
    if work.line:
        state = first
        for aid in solved_line(search, first, makeable):
            state = rules.apply_id(state, aid)
        solved = rules.outcome(state).scores[contract.declarer]
    return int(makeable), decisive, solved
