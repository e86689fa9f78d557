"""Throughput of ``solo_rules.simulate``: simulated hands per second in one process and on a
process pool of 2 workers, the same run side by side, with the ratio (and a check that both
give the same numbers). Issue 13's targets: at least 5,000 hands/s per core, and at least 1.8
times that on 2 workers.

Besides the wall-clock rates it prints hands per CPU-second (this process's CPU time, plus the
pool workers' for 2 workers), the per-core figure that other work on a shared machine disturbs
least, and the load average, so a poor 2-worker ratio on a busy machine can be told from a poor
scaling. Not part of the test suite: run ``python benchmarks/simulate.py --hands 2000``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

import solo_rules


def _children_cpu() -> float:
    """CPU seconds used by this process's finished children (the pool's workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*", default=["altenburg-1988", "foster"])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    played = args.hands * len(args.variants)
    print(f"{args.hands} deals x {len(args.variants)} variants ({', '.join(args.variants)}), "
          f"{args.bot} bots; load average before: {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} CPUs")
    rates = {}
    results = {}
    for workers in (1, 2):
        start, cpu_start, children_start = time.perf_counter(), time.process_time(), \
            _children_cpu()
        if workers == 1:
            result = solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                         seed=args.seed)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                result = solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                             seed=args.seed, executor=pool)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu_start + _children_cpu() - children_start
        rates[workers] = played / seconds
        results[workers] = result.to_json()
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {played} hands in "
              f"{seconds:.2f} s = {rates[workers]:.0f} simulated hands/s; "
              f"{cpu:.2f} CPU-s = {played / cpu:.0f} hands per CPU-second")
    print(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}x; "
          f"same numbers: {results[1] == results[2]}; load average after: "
          f"{os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
