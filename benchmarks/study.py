"""Time of a large study (issue 27's measure): ``--deals`` deals (default 10,000), each from every
rotation, in every shipped variant of ``--players`` players (default 4), with the double-dummy
metrics (the contract economy's makeable rates, decisiveness, luck), on 1 worker (this process),
on a process pool of 2 workers and on a Dask ``LocalCluster`` of 2 worker processes; and a check
that all three give the same numbers (the result hash). Issue 27's target: under 10 minutes on
2 workers with the compiled solver.

Wall seconds are printed for each run, with CPU seconds where they can be counted (this process
and the pool's finished workers; a Dask cluster's workers are not this process's children).
The load average before and after says how much other work shared the cores. ``--runs`` picks
the runs (``serial pool dask`` by default). Not part of the test suite: run
``python benchmarks/study.py`` with the compiled solver installed (``SOLO_RULES_ACCELERATE=1
pip install .``); ``--deals 100`` for a quick look.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

from solo_rules import accelerator
from solo_rules.analysis import StudyResult, make_study, study

#: Issue 27's target for the 2-worker run, in seconds.
TARGET = 600


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _pool(run: Callable[[Executor | None], StudyResult]) -> StudyResult:
    with ProcessPoolExecutor(max_workers=2) as pool:
        return run(pool)


def _dask(run: Callable[[Executor | None], StudyResult]) -> StudyResult:
    from distributed import Client, LocalCluster  # the test extra: only for this run

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        return run(client.get_executor())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", nargs="+", choices=("serial", "pool", "dask"),
                        default=["serial", "pool", "dask"])
    args = parser.parse_args()
    spec = make_study(variants="shipped", players=args.players, hands=args.deals,
                      bots=args.bots, seed=args.seed,
                      metrics=["contracts", "double_dummy", "seats", "roles", "reveal",
                               "decisiveness", "luck"])
    print(f"{args.deals:,} deals x every rotation x {len(spec.variants)} variants "
          f"({', '.join(v.id for v in spec.variants)}), {args.bots} bots, double-dummy "
          f"metrics; {accelerator.summary()}; load average before: "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)

    def run(executor: Executor | None) -> StudyResult:
        return study(spec, executor=executor)

    runners: dict[str, tuple[str, Callable[[], StudyResult]]] = {
        "serial": ("1 worker (serial)", lambda: run(None)),
        "pool": ("2 workers (process pool)", lambda: _pool(run)),
        "dask": ("2 workers (Dask LocalCluster)", lambda: _dask(run)),
    }
    hashes = {}
    for name in args.runs:
        label, go = runners[name]
        wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
        result = go()
        wall = time.perf_counter() - wall
        cpu = time.process_time() - cpu + _children_cpu() - children
        hands = sum(m.hands for m in result.variants)
        counted = f", {cpu:,.0f} CPU-s" if name != "dask" else ""
        verdict = ""
        if name != "serial":
            verdict = f" (target {TARGET} s: {'met' if wall < TARGET else 'NOT met'})"
        print(f"{label}: {hands:,} hands in {wall:,.0f} s{counted} = "
              f"{hands / wall:,.0f} hands/s{verdict}; result hash {result.result_hash[:16]}; "
              f"load average {os.getloadavg()[0]:.2f}", flush=True)
        hashes[name] = result.result_hash
    print(f"same numbers from {', '.join(hashes)}: {len(set(hashes.values())) == 1}")


if __name__ == "__main__":
    main()
