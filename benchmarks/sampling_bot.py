"""Strength of the sampling bot against the heuristic and random bots, by paired simulation.

Each deal (``compare.seeded_deal``, the deals of ``solo-rules simulate``) is played once with
the opposing bot in every seat, then once per seat with ``SamplingBot`` in that seat and the
same opposing bots (same seeds) in the others. A deal's figure is the sampling bot's score
minus the opposing bot's score in the same seat, averaged over the seats (so every deal counts
each seat once); the mean over deals is printed with its 95 % confidence interval (normal
approximation over the deals), with the sampling bot's hands per second of CPU time (this
process) and of wall time. Against the random bot the gain includes the heuristic bidding and
early play the sampling bot falls back on; against the heuristic bot only the solved play
differs.

Not part of the test suite. The default (40 deals of Altenburg, each opponent) takes a few
minutes; run longer with e.g. ``python benchmarks/sampling_bot.py --deals 400``, other
variants with ``--variant foster``, a stronger bot with ``--samples 16 --depth 6``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

import solo_rules
from solo_rules.analysis.stats import mean
from solo_rules.bots import Bot, HeuristicBot, RandomBot, SamplingBot
from solo_rules.compare import seeded_deal
from solo_rules.game import CompiledRules

OPPONENTS: dict[str, Callable[[int], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}


def play(rules: CompiledRules, deal: int, bots: list[Bot]) -> tuple[int, ...]:
    """The scores of deal ``deal`` played by ``bots`` (one per seat)."""
    hands, dealer = seeded_deal(rules, deal)
    state = rules.start(hands, dealer)
    while not state.is_terminal:
        seat = state.player
        state = state.apply_unchecked(bots[seat].choose(state.view(seat)))
    return state.outcome().scores


def paired(rules: CompiledRules, opponent: str, deal: int, samples: int, depth: int
           ) -> float:
    """The sampling bot's mean score gain over ``opponent`` in one deal, seats rotated."""
    make = OPPONENTS[opponent]
    seats = range(rules.players)
    base = play(rules, deal, [make(deal * 8 + seat) for seat in seats])
    gains = []
    for seat in seats:
        bots = [SamplingBot(rules, deal * 8 + s, samples=samples, depth=depth) if s == seat
                else make(deal * 8 + s) for s in seats]
        gains.append(play(rules, deal, bots)[seat] - base[seat])
    return statistics.fmean(gains)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="deals per opponent (default 40)")
    parser.add_argument("--variant", default="altenburg-1988", help="variant id or file")
    parser.add_argument("--against", choices=tuple(OPPONENTS), action="append",
                        help="opposing bot (default: both)")
    parser.add_argument("--samples", type=int, default=8, help="samples per decision (8)")
    parser.add_argument("--depth", type=int, default=5,
                        help="cards in hand from which the bot solves (5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.samples < 1:
        parser.error("--deals must be at least 2 and --samples at least 1")
    try:
        rules = solo_rules.compile(solo_rules.load_variant(args.variant))
    except solo_rules.SoloRulesError as exc:
        parser.error(str(exc))
    print(f"solo-rules {solo_rules.__version__}, Python {sys.version.split()[0]}, "
          f"{rules.variant.id}, {args.deals} deals, seats rotated, samples {args.samples}, "
          f"depth {args.depth}, seed {args.seed}")
    for opponent in args.against or tuple(OPPONENTS):
        wall, cpu = time.perf_counter(), time.process_time()
        gains = [paired(rules, opponent, args.seed * 2**32 + deal, args.samples, args.depth)
                 for deal in range(args.deals)]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        hands = args.deals * rules.players
        print(f"sampling - {opponent:<9} mean score difference per hand {mean(gains).text()}  "
              f"({hands} hands with the sampling bot: {hands / cpu:.2f} hands/s CPU, "
              f"{hands / wall:.2f} hands/s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
