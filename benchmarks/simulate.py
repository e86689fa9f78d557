"""Throughput of ``solo_rules.simulate``: hands per CPU-second in one process, and the speed-up
on a process pool of 2 workers, the same run side by side (and a check that both give the same
numbers). Issue 13's targets: at least 5,000 hands per second per core, and at least 1.8 times
that on 2 workers.

The per-core figure is hands per CPU-second of the 1-worker run (this process's CPU time),
which other work on a shared machine disturbs least. The 2-worker ratio is printed two ways:

- wall: 2-worker hands/s over 1-worker hands/s, each the best of ``--repeat`` runs. This is the
  target's figure, but only on a quiet machine: with other processes running, the 2 workers
  share the cores with them and the ratio says more about the load than about the scaling.
- CPU-normalised: 2 x (1-worker CPU-s) / (2-worker CPU-s, the pool's workers included), the
  ratio if each worker had a core of its own: it counts the parallel run's extra work
  (pickling, per-worker start-up), not the time the workers wait for a core or for each other.

The load average is printed before and after (after includes this run's own), and the share
of a core the 1-worker runs got (CPU-s over wall seconds). The verdict line says which ratio it
judges by: wall when the 1-minute load average before the runs was below ``--quiet`` and the
1-worker runs had a core to themselves (a share of at least 0.95), else CPU-normalised.
The first line says whether the solver runs compiled (``accelerator.summary()``: the sampling
bot's path).
Not part of the test suite: run ``python benchmarks/simulate.py``. The default of 16,000 deals
per variant keeps each run to a few seconds, long enough that starting the pool's workers (each
imports the library) does not decide the 2-worker ratio.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import solo_rules
from solo_rules import accelerator

#: Issue 13's targets.
PER_CORE = 5000
SCALING = 1.8


def _children_cpu() -> float:
    """CPU seconds used by this process's finished children (the pool's workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(run: Callable[[], str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (children included) and the result of ``run()``."""
    start, cpu_start, children_start = time.perf_counter(), time.process_time(), \
        _children_cpu()
    result = run()
    return (time.perf_counter() - start,
            time.process_time() - cpu_start + _children_cpu() - children_start, result)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["altenburg-1988", "foster"])
    parser.add_argument("--hands", type=int, default=16000,
                        help="deals per variant (default 16000: a run of a few seconds, so that "
                             "starting the workers does not decide the 2-worker ratio)")
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each, alternating; the best of each is reported")
    parser.add_argument("--quiet", type=float, default=0.5,
                        help="the load average below which the machine counts as quiet")
    args = parser.parse_args()
    played = args.hands * len(args.variants)

    def one() -> str:
        return solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                   seed=args.seed).to_json()

    def two() -> str:
        with ProcessPoolExecutor(max_workers=2) as pool:
            return solo_rules.simulate(args.variants, hands=args.hands, bots=args.bot,
                                       seed=args.seed, executor=pool).to_json()

    load_before = os.getloadavg()[0]
    print(f"{args.hands} deals x {len(args.variants)} variants ({', '.join(args.variants)}), "
          f"{args.bot} bots, best of {args.repeat}; {accelerator.summary()}; load average "
          f"before: {load_before:.2f} on {os.cpu_count()} CPUs")
    one()  # variants loaded and compiled, as the pool's forked workers find them
    runs: dict[int, list[tuple[float, float, str]]] = {1: [], 2: []}
    for _ in range(args.repeat):
        runs[1].append(_timed(one))
        runs[2].append(_timed(two))
    best = {workers: (min(r[0] for r in done), min(r[1] for r in done))
            for workers, done in runs.items()}
    same = len({r[2] for done in runs.values() for r in done}) == 1
    for workers, (wall, cpu) in best.items():
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {played} hands in {wall:.2f} s "
              f"= {played / wall:.0f} hands/s; {cpu:.2f} CPU-s = {played / cpu:.0f} hands per "
              f"CPU-second")
    per_core = played / best[1][1]
    wall_ratio = best[1][0] / best[2][0]
    cpu_ratio = 2 * best[1][1] / best[2][1]
    load_after = os.getloadavg()[0]
    share = sum(r[1] / r[0] for r in runs[1]) / len(runs[1])
    print(f"2 workers / 1 worker: wall {wall_ratio:.2f}x, CPU-normalised {cpu_ratio:.2f}x; "
          f"same numbers in every run: {same}; share of a core in the 1-worker runs: "
          f"{share:.2f}; load average after: {load_after:.2f}")
    quiet = load_before < args.quiet and share >= 0.95
    judged, ratio = ("wall", wall_ratio) if quiet else ("CPU-normalised", cpu_ratio)
    print(f"per core: {per_core:.0f} hands per CPU-second (target {PER_CORE}: "
          f"{'met' if per_core >= PER_CORE else 'NOT met'}); 2 workers: {ratio:.2f}x by the "
          f"{judged} ratio ({'quiet' if quiet else 'loaded'} machine; target {SCALING}x: "
          f"{'met' if ratio >= SCALING else 'NOT met'})")


if __name__ == "__main__":
    main()
