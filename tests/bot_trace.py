"""A digest of the heuristic bot's choices over many seeded hands, to show that speed work on
the bot and the simulation driver changes nothing but speed.

Every variant is played with ``HeuristicBot`` in every seat on the simulation's own seeded
deals; each choice (seat and action id) and each hand's outcome go into the digest, and the
statistics ``simulate`` reports go into a second one. ``tests/data/bot_digests.json`` keeps
them as the bot was; ``python tests/bot_trace.py`` prints today's, ``--write`` stores them (only
when the bot's play or a rule is meant to change).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import hand_trace

import solo_rules
from solo_rules.bots import HeuristicBot
from solo_rules.compare import seeded_deal

DIGESTS = Path(__file__).parent / "data" / "bot_digests.json"
#: Hands per variant: every phase's rule of thumb (bids, holds, declarations, calls, plays).
HANDS = 400
SEED = 11


def choices(variant_id: str, hands: int = HANDS, seed: int = SEED) -> str:
    """The hex digest of the heuristic bots' choices and outcomes over ``hands`` deals."""
    rules = solo_rules.compile(solo_rules.load_variant(variant_id))
    digest = hashlib.sha256()
    for number in range(hands):
        deal_seed = seed * 2**32 + number
        state = rules.start(*seeded_deal(rules, deal_seed))
        bots = [HeuristicBot(deal_seed * 8 + seat, rules) for seat in range(rules.players)]
        while not state.is_terminal:
            seat = state.player
            action = bots[seat].choose(state.view(seat))
            digest.update(f"{seat}:{action.id};".encode())
            state = state.apply(action)
        digest.update(f"{hand_trace.canonical(state.outcome())}|".encode())
    return digest.hexdigest()


def statistics(hands: int = 120, seed: int = SEED) -> str:
    """The hex digest of what ``simulate`` reports for a pair of variants."""
    result = solo_rules.simulate(["altenburg-1988", "foster"], hands=hands, seed=seed)
    return hashlib.sha256(result.to_json().encode()).hexdigest()


def today() -> dict[str, str]:
    """Today's digests: one per variant, and the simulation statistics'."""
    digests = {variant: choices(variant) for variant in solo_rules.available_variants()}
    return {**digests, "simulate": statistics()}


def stored() -> dict[str, str]:
    """The stored digests."""
    return hand_trace.stored(DIGESTS)


def main(argv: list[str] | None = None) -> int:
    return hand_trace.digest_main(__doc__.splitlines()[0], today, DIGESTS, argv)


if __name__ == "__main__":
    sys.exit(main())
