"""The value-aware bidder (``ValueBot``, issue 27): its cost and its strength against the heuristic
bot, in one run.

Cost: ``--hands`` seeded hands played with the same bot in every seat, for ``ValueBot``, for
``SamplingBot`` bidding alike but with its own card play of the last ``depth`` tricks
(``--sampling-depth``, 0: the heuristic's play, as the value bot) and for ``HeuristicBot``,
side by side: hands per CPU-second of this process, and the ratios.

Strength: a study of ``--deals`` deals (``solo_rules.study``, metric ``skill``): each deal
played once with heuristic bots in every seat, then once per seat with the value bot in that
seat and the same heuristic bots (same seeds) in the others; a hand's gain is the value bot's
score minus the heuristic bot's in the same seat of the same deal. The mean gain per hand is
printed with its 95 % interval over the deals (the unit: a deal's seats share its cards).

Not part of the test suite; meant for the compiled solver (``SOLO_RULES_ACCELERATE=1 pip
install .``), with which the defaults take about a quarter of an hour on 2 workers; pure
Python is about ten times slower. ``--workers 2`` plays the study's deals on a process pool.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import solo_rules
from solo_rules import accelerator
from solo_rules.analysis import make_study, study
from solo_rules.analysis.players import play
from solo_rules.bots import Bot, HeuristicBot, SamplingBot, ValueBot
from solo_rules.compare import seeded_deal
from solo_rules.game import CompiledRules


def hands_per_cpu_second(rules: CompiledRules, make: Callable[[int], Bot], hands: int) -> float:
    """Hands per CPU-second of ``hands`` seeded hands with ``make(seed)`` in every seat."""
    start = time.process_time()
    for deal in range(hands):
        bots = [make(deal * 8 + seat) for seat in range(rules.players)]
        play(rules, rules.start(*seeded_deal(rules, deal)), bots)
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="altenburg-1988")
    parser.add_argument("--hands", type=int, default=40, help="hands for the cost (default 40)")
    parser.add_argument("--deals", type=int, default=1000,
                        help="deals for the strength (default 1000)")
    parser.add_argument("--bid-samples", type=int, default=8)
    parser.add_argument("--sampling-depth", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = solo_rules.compile(solo_rules.load_variant(args.variant))
    print(f"{args.variant}; {accelerator.summary()}; bid samples {args.bid_samples}; load "
          f"average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    speeds = {
        "value": hands_per_cpu_second(
            rules, lambda seed: ValueBot(rules, seed, bid_samples=args.bid_samples), args.hands),
        f"sampling (depth {args.sampling_depth})": hands_per_cpu_second(
            rules, lambda seed: SamplingBot(rules, seed, depth=args.sampling_depth,
                                            bid_samples=args.bid_samples), args.hands),
        "heuristic": hands_per_cpu_second(rules, lambda seed: HeuristicBot(seed, rules),
                                          args.hands * 20),
    }
    value = speeds["value"]
    for name, speed in speeds.items():
        print(f"cost: {name:<22} {speed:10.2f} hands per CPU-second "
              f"({speed / value:.2f} x the value bot's)", flush=True)
    spec = make_study(variants=[args.variant], bots="heuristic", challenger="value",
                      hands=args.deals, seed=args.seed, rotations=False, metrics=["skill"])
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = study(spec, executor=pool)
    else:
        result = study(spec)
    gain = result.variants[0]["skill.gain"].estimate
    print(f"strength: the value bot's mean gain per hand over the heuristic bot in the same "
          f"seat: {gain.value:+.3f} [{gain.low:+.3f}, {gain.high:+.3f}] (95 %), {gain.n:,} "
          f"hands of {args.deals:,} deals, in {time.perf_counter() - started:,.0f} s on "
          f"{args.workers} worker(s); load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
