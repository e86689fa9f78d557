"""Cost of ``import solo_rules``: the median wall time of fresh interpreters running
``python -c "import solo_rules"`` minus that of ``python -c pass``, run alternately in one loop
so both see the same machine load (issue 13's target: under 150 ms), and the same for the CPU
time (user + system) the interpreters used, which a loaded machine disturbs less.

The interpreters read and write bytecode in a temporary cache, as an installed package has
its ``.pyc`` files; ``--no-bytecode`` compiles the modules that have no bytecode yet (such as a
source tree's) from source each time instead, as ``PYTHONDONTWRITEBYTECODE`` does. ``--other
SRC`` times the import from another source tree (a checkout's ``src``) in the same loop, for a
before-and-after ratio. Not part of the test suite: run
``python benchmarks/import_time.py --runs 20``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

#: The statement to time, and the baseline it is set against.
IMPORT, BASELINE = "import solo_rules", "pass"


def timed(statement: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds for a fresh interpreter to run ``statement`` and exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", statement], check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="fresh interpreters of each kind")
    parser.add_argument("--target-ms", type=float, default=150.0)
    parser.add_argument("--no-bytecode", action="store_true",
                        help="compile from source every time (PYTHONDONTWRITEBYTECODE)")
    parser.add_argument("--other", metavar="SRC", help="also import solo_rules from SRC")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        if args.no_bytecode:  # the installed libraries keep their own bytecode
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env["PYTHONPYCACHEPREFIX"] = cache
        series = {"import solo_rules": env}
        if args.other:
            series[f"import solo_rules from {args.other}"] = {**env, "PYTHONPATH": args.other}
        series["pass"] = env
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in series}
        for name, name_env in series.items():  # warm the file cache and the bytecode
            timed(BASELINE if name == "pass" else IMPORT, name_env)
        for _ in range(args.runs):
            for name, name_env in series.items():
                samples[name].append(timed(BASELINE if name == "pass" else IMPORT, name_env))
    print(f"{args.runs} fresh interpreters each, {'no ' if args.no_bytecode else ''}bytecode "
          f"cache; medians in ms, minus python -c pass:")
    costs: dict[str, tuple[float, float]] = {}
    for name, times in samples.items():
        wall, cpu = (statistics.median(t[n] for t in times) * 1000 for n in (0, 1))
        print(f"  {name:<40} wall {wall:6.1f}  CPU {cpu:6.1f}")
        costs[name] = wall, cpu
    base_wall, base_cpu = costs.pop("pass")
    for name, (wall, cpu) in costs.items():
        print(f"{name} costs {wall - base_wall:.1f} ms wall, {cpu - base_cpu:.1f} ms CPU")
    wall, cpu = costs["import solo_rules"]
    if args.other:
        other_wall, other_cpu = costs[f"import solo_rules from {args.other}"]
        print(f"this tree / other: {(wall - base_wall) / (other_wall - base_wall):.2f}x wall, "
              f"{(cpu - base_cpu) / (other_cpu - base_cpu):.2f}x CPU")
    met = wall - base_wall < args.target_ms
    print(f"target: under {args.target_ms:.0f} ms wall: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
