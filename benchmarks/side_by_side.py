"""Random hands (``playout.py``'s) played by other checkouts and this one, side by side in one run.

Each round plays the same hands of each variant in a fresh process per checkout, in turn, so a
busy spell of a shared machine hits them all alike; each figure is the fastest round's CPU time
(``time.process_time``). Prints the µs per hand of each checkout and its ratio to the first one
named (below 1: faster). ``--views`` also takes the view of the seat to act before each choice,
as a bot does; ``--instructions`` counts a hand's instructions under callgrind instead, exact
on a busy machine where time is not. To see what a change costs, compare with a worktree of the
commit before it: ``git worktree add --detach /tmp/old main`` and
``python benchmarks/side_by_side.py /tmp/old --hands 300 --rounds 5``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(source: str, variants: list[str], hands: int, seed: int,
          views: bool) -> dict[str, float]:
    """Seconds of CPU time for ``hands`` random hands of each variant, with ``solo_rules``
    imported from the ``src`` folder ``source`` (run in a process of its own)."""
    sys.path[:0] = [source, str(HERE)]
    from playout import solo_hand, timed

    import solo_rules

    if Path(solo_rules.__file__).parents[1] != Path(source).resolve():
        raise SystemExit(f"solo_rules came from {solo_rules.__file__}, not {source}")
    out = {}
    for vid in variants or solo_rules.available_variants():
        play_one = solo_hand(solo_rules.load_variant(vid), seed, True, views)
        play_one(0)  # compile the rule set and warm its caches outside the timing
        out[vid] = timed(vid, hands, play_one).seconds
    return out


def run_child(source: str, args: argparse.Namespace, vids: list[str], hands: int,
              valgrind: bool = False) -> tuple[dict[str, float], int]:
    """A child's seconds per variant, and with ``valgrind`` the instructions it ran in all
    (callgrind counts them exactly for the same code and input, however busy the machine)."""
    command = [sys.executable, __file__, str(args.checkouts[0]), "--child", source,
               "--hands", str(hands), "--seed", str(args.seed),
               *(["--views"] if args.views else []), *(f"--variant={vid}" for vid in vids)]
    if valgrind:
        command[:0] = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    done = subprocess.run(command, check=True, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    counted = re.findall(r"Collected : (\d+)", done.stderr)
    return json.loads(done.stdout), int(counted[-1]) if counted else 0


def instructions(source: str, args: argparse.Namespace, vid: str) -> float:
    """Instructions per hand of ``vid``: a run of ``--hands`` hands less a run of none."""
    full = run_child(source, args, [vid], args.hands, valgrind=True)[1]
    return (full - run_child(source, args, [vid], 0, valgrind=True)[1]) / args.hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="+", type=Path,
                        help="other checkouts (their src/ is imported); this one runs last")
    parser.add_argument("--hands", type=int, default=300, help="hands per variant and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the fastest counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[],
                        help="a variant id (repeatable; default: every playable one)")
    parser.add_argument("--views", action="store_true",
                        help="take the view of the seat to act before each choice")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per hand under callgrind, in place of time")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.variant, args.hands, args.seed, args.views)))
        return 0
    sources = [str((path / "src").resolve()) for path in args.checkouts]
    sources.append(str(HERE.parent / "src"))
    for source in sources:
        if not (Path(source) / "solo_rules").is_dir():
            parser.error(f"{source}: no solo_rules package")
    best: list[dict[str, float]] = [{} for _ in sources]
    if args.instructions:
        vids = args.variant or list(run_child(sources[-1], args, [], 0)[0])
        with ThreadPoolExecutor(args.jobs) as pool:
            counts = {(index, vid): pool.submit(instructions, source, args, vid)
                      for index, source in enumerate(sources) for vid in vids}
        for (index, vid), count in counts.items():
            best[index][vid] = count.result()
    for round_number in range(1, 0 if args.instructions else args.rounds + 1):
        print(f"  round {round_number}/{args.rounds}", file=sys.stderr, flush=True)
        for times, source in zip(best, sources, strict=True):
            for vid, seconds in run_child(source, args, args.variant, args.hands)[0].items():
                times[vid] = min(seconds, times.get(vid, seconds))
    views = " with views" if args.views else ""
    how = ("instructions per hand (callgrind)" if args.instructions
           else f"µs per hand, the fastest of {args.rounds} rounds")
    unit = 1 if args.instructions else 1e6 / args.hands
    print(f"{args.hands} hands per variant{views}, seed {args.seed}; {how}, and the ratio to "
          f"{sources[0]}")
    for index, source in enumerate(sources):
        print(f"  [{index}] {source}")
    print(f"{'variant':<26}" + "".join(f"{f'[{i}]':>12}{'ratio':>7}"
                                       for i in range(len(sources))))
    for vid in best[0]:
        base = best[0][vid]
        print(f"{vid:<26}" + "".join(f"{figures[vid] * unit:>12,.0f}"
                                     f"{figures[vid] / base:>7.3f}" for figures in best))
    total = [sum(figures.values()) for figures in best]
    print(f"{'all variants':<26}" + "".join(f"{t / len(best[0]) * unit:>12,.0f}"
                                           f"{t / total[0]:>7.3f}" for t in total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
