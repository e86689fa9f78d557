"""Throughput of ``solo_rules.simulate``: simulated hands per second in one process and on a
process pool of 2 workers, the same run side by side, with the ratio (and a check that both
give the same numbers). Not part of the test suite: run
``python benchmarks/simulate.py --hands 2000``.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import solo_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*", default=["altenburg-1988", "foster"])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    played = args.hands * len(args.variants)
    print(f"{args.hands} deals x {len(args.variants)} variants ({', '.join(args.variants)}), "
          f"{args.bot} bots")
    rates = {}
    results = {}
    for workers in (1, 2):
        start = time.perf_counter()
        if workers == 1:
            result = solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                         seed=args.seed)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                result = solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                             seed=args.seed, executor=pool)
        seconds = time.perf_counter() - start
        rates[workers] = played / seconds
        results[workers] = result.to_json()
        print(f"{workers} worker{'s' if workers > 1 else ''}: {played} hands in "
              f"{seconds:.2f} s = {rates[workers]:.0f} simulated hands/s")
    print(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}x; "
          f"same numbers: {results[1] == results[2]}")


if __name__ == "__main__":
    main()
