"""Strength of the sampling bot against the heuristic and random bots, by paired simulation,
with its bidding from samples on and off.

Each deal (``compare.seeded_deal``, the deals of ``solo-rules simulate``) is played once with
the opposing bot in every seat, then, for each ``--bid-samples`` count, once per seat with
``SamplingBot`` in that seat and the same opposing bots (same seeds) in the others. A deal's
figure is the sampling bot's score minus the opposing bot's score in the same seat, averaged
over the seats (so every deal counts each seat once); the mean over deals is printed with its
95 % confidence interval (normal approximation over the deals), with the sampling bot's hands
per second of CPU time (summed over the workers) and of wall time. With ``--bid-samples 0``
the sampling bot bids, declares and calls as the heuristic bot; with a count above 0 it takes
those decisions from that many samples, and the paired difference of the two (same deals, same
seats, same seeds) is the worth of bidding from samples, printed with its own interval.

Not part of the test suite; slow in pure Python (a decision before the play solves full deals).
The default (20 deals of Altenburg, each opponent, bidding from samples off and on with 4)
takes an hour or more; ``--jobs 2`` plays deals in parallel, ``--every 5`` prints the figures so
far every 5 deals (a long run stopped early still reports), other variants with
``--variant foster``, a stronger player with ``--samples 16 --depth 6``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor

import solo_rules
from solo_rules.analysis.stats import mean
from solo_rules.bots import Bot, HeuristicBot, RandomBot, SamplingBot
from solo_rules.compare import seeded_deal
from solo_rules.game import CompiledRules

OPPONENTS: dict[str, Callable[[int], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}

#: One deal's figures per (opponent, bid samples): the mean gain over the seats and the CPU
#: seconds the sampling bot's hands took.
Figures = dict[tuple[str, int], tuple[float, float]]


def play(rules: CompiledRules, deal: int, bots: list[Bot]) -> tuple[int, ...]:
    """The scores of deal ``deal`` played by ``bots`` (one per seat)."""
    hands, dealer = seeded_deal(rules, deal)
    state = rules.start(hands, dealer)
    while not state.is_terminal:
        seat = state.player
        state = state.apply_unchecked(bots[seat].choose(state.view(seat)))
    return state.outcome().scores


def paired(rules: CompiledRules, opponent: str, deal: int, samples: int, depth: int,
           bid_samples: int) -> float:
    """The sampling bot's mean score gain over ``opponent`` in one deal, seats rotated."""
    make = OPPONENTS[opponent]
    seats = range(rules.players)
    base = play(rules, deal, [make(deal * 8 + seat) for seat in seats])
    gains = []
    for seat in seats:
        bots = [SamplingBot(rules, deal * 8 + s, samples=samples, depth=depth,
                            bid_samples=bid_samples) if s == seat
                else make(deal * 8 + s) for s in seats]
        gains.append(play(rules, deal, bots)[seat] - base[seat])
    return statistics.fmean(gains)


def figures(job: tuple[str, int, tuple[str, ...], int, int, tuple[int, ...]]) -> Figures:
    """Every configuration's figures for one deal (run in a worker process)."""
    variant, deal, opponents, samples, depth, bid_counts = job
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    result: Figures = {}
    for opponent in opponents:
        for bids in bid_counts:
            cpu = time.process_time()
            gain = paired(rules, opponent, deal, samples, depth, bids)
            result[opponent, bids] = gain, time.process_time() - cpu
    return result


def report(done: list[Figures], players: int, wall: float) -> None:
    """The figures over the deals done so far."""
    hands = len(done) * players
    for opponent, bids in done[0]:
        gains = [deal[opponent, bids][0] for deal in done]
        cpu = sum(deal[opponent, bids][1] for deal in done)
        print(f"sampling (bid samples {bids}) - {opponent:<9} mean score difference per hand "
              f"{mean(gains).text()}  ({hands} hands with the sampling bot: "
              f"{hands / cpu:.3f} hands/s CPU)")
    counts = sorted({bids for _, bids in done[0]})
    for opponent in dict.fromkeys(opponent for opponent, _ in done[0]):
        for bids in counts[1:] if counts[0] == 0 else ():
            on_off = [deal[opponent, bids][0] - deal[opponent, 0][0] for deal in done]
            print(f"bidding from {bids} samples - heuristic bidding, against {opponent}: "
                  f"{mean(on_off).text()} per hand (paired)")
    print(f"({len(done)} deals, {wall:.0f} s wall)", flush=True)


def run(jobs: Iterable[tuple[str, int, tuple[str, ...], int, int, tuple[int, ...]]],
        workers: int) -> Iterable[Figures]:
    """The deals' figures, in order, from ``workers`` processes (or this one)."""
    if workers == 1:
        yield from map(figures, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(figures, jobs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals (default 20)")
    parser.add_argument("--variant", default="altenburg-1988", help="variant id or file")
    parser.add_argument("--against", choices=tuple(OPPONENTS), action="append",
                        help="opposing bot (default: both)")
    parser.add_argument("--samples", type=int, default=8, help="samples per card (8)")
    parser.add_argument("--depth", type=int, default=5,
                        help="cards in hand from which the bot solves (5)")
    parser.add_argument("--bid-samples", type=int, nargs="+", default=[0, 4],
                        help="samples per decision before the play, each count a "
                             "configuration; 0 bids as the heuristic bot (default: 0 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--every", type=int, default=0,
                        help="print the figures so far every N deals (0: at the end only)")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.samples < 1 or args.jobs < 1 or min(args.bid_samples) < 0:
        parser.error("--deals must be at least 2, --samples and --jobs at least 1, "
                     "--bid-samples at least 0")
    try:
        rules = solo_rules.compile(solo_rules.load_variant(args.variant))
    except solo_rules.SoloRulesError as exc:
        parser.error(str(exc))
    bid_counts = tuple(dict.fromkeys(args.bid_samples))
    print(f"solo-rules {solo_rules.__version__}, Python {sys.version.split()[0]}, "
          f"{rules.variant.id}, {args.deals} deals, seats rotated, samples {args.samples}, "
          f"depth {args.depth}, bid samples {' '.join(map(str, bid_counts))}, "
          f"seed {args.seed}, {args.jobs} jobs", flush=True)
    opponents = tuple(args.against or OPPONENTS)
    jobs = ((args.variant, args.seed * 2**32 + deal, opponents, args.samples, args.depth,
             bid_counts) for deal in range(args.deals))
    wall = time.perf_counter()
    done: list[Figures] = []
    for deal in run(jobs, args.jobs):
        done.append(deal)
        if args.every and len(done) % args.every == 0 and len(done) < args.deals:
            report(done, rules.players, time.perf_counter() - wall)
    report(done, rules.players, time.perf_counter() - wall)
    return 0


if __name__ == "__main__":
    sys.exit(main())
