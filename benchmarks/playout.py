"""Throughput of complete random hands: the auction through scoring, with random legal choices.

For each playable variant (or the one given by ``--variant``) it plays the same hands twice, once
with the checked ``apply`` and once with ``apply_unchecked``, and prints hands per second and
microseconds per transition. When OpenSpiel is importable it plays OpenSpiel's ``skat`` (C++
driven from Python, the reference) the same way in the same process and prints the ratios.
Each figure is the fastest of ``--repeat`` rounds over the same hands, in the process's CPU
time (``time.process_time``), so that other work on a shared machine does not tilt the ratios
towards whichever job ran in a quiet spell. Not part of the test
suite: run ``python benchmarks/playout.py --hands 2000``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import solo_rules

PROGRESS_EVERY = 2.0  # seconds between progress lines on stderr
SKAT = "open_spiel skat (reference)"


class Run:
    """The totals of one timed run."""

    def __init__(self, label: str, hands: int, transitions: int, seconds: float) -> None:
        self.label = label
        self.hands = hands
        self.transitions = transitions
        self.seconds = seconds

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def us_per_transition(self) -> float:
        return self.seconds / self.transitions * 1e6

    def line(self) -> str:
        return (f"{self.label:<34} {self.hands:>7} hands {self.hands_per_second:>10.1f} hands/s "
                f"{self.transitions / self.hands:>6.1f} transitions/hand "
                f"{self.us_per_transition:>7.2f} µs/transition")


def timed(label: str, hands: int, play_one: Callable[[int], int]) -> Run:
    """Run ``play_one(hand_number)`` (which returns its transition count) for ``hands`` hands."""
    transitions = 0
    start = time.process_time()
    last = time.perf_counter()
    for number in range(hands):
        transitions += play_one(number)
        now = time.perf_counter()
        if now - last > PROGRESS_EVERY:
            print(f"  ... {label}: {number + 1}/{hands} hands", file=sys.stderr, flush=True)
            last = now
    return Run(label, hands, transitions, time.process_time() - start)


def best_of(jobs: dict[str, Callable[[int], int]], hands: int, repeat: int) -> dict[str, Run]:
    """Time every job ``repeat`` times, in rounds (so a busy spell of the machine hits all the
    jobs alike), and keep each job's fastest run, as ``timeit`` does."""
    best: dict[str, Run] = {}
    for round_number in range(1, repeat + 1):
        print(f"  round {round_number}/{repeat}", file=sys.stderr, flush=True)
        for label, play_one in jobs.items():
            run = timed(label, hands, play_one)
            if label not in best or run.seconds < best[label].seconds:
                best[label] = run
    return best


def solo_hand(variant: solo_rules.Variant, seed: int, checked: bool,
              views: bool = False) -> Callable[[int], int]:
    """A function playing hand ``number`` of ``variant`` with random legal actions (with
    ``views``, read from the view of the seat to act, as a bot reads them)."""
    players = solo_rules.compile(variant).players

    def play_one(number: int) -> int:
        rng = random.Random(seed * 1_000_003 + number)
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32), dealer=number % players)
        steps = 0
        while not state.is_terminal:
            legal = state.view(state.player).legal_actions if views else state.legal_actions()
            action = rng.choice(legal)
            state = state.apply(action) if checked else state.apply_unchecked(action)
            steps += 1
        state.outcome()
        return steps

    return play_one


def load_average() -> str:
    """The machine's load when the run starts: on a shared machine, a busy spell slows the
    engine's Python more than Skat's C++, so the ratios are worth most at a low load."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:  # not every platform has one
        return "load average unknown"
    return f"load average {one:.2f} (1 min) {five:.2f} (5 min) on {os.cpu_count()} CPUs"


def check_skat_deal_is_uniform(pyspiel: Any, seed: int, hands: int = 20) -> None:
    """Check, on a few untimed hands, what sampling Skat's legal actions at a chance node
    assumes: its chance outcomes are exactly its legal actions, each equally likely."""
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                probabilities = {p for _, p in outcomes}
                if (sorted(a for a, _ in outcomes) != sorted(state.legal_actions())
                        or max(probabilities) - min(probabilities) > 1e-12):
                    raise SystemExit("OpenSpiel skat's deal is not uniform over its legal "
                                     "actions: the benchmark's sampling would be biased")
            state.apply_action(rng.choice(state.legal_actions()))


def skat_hand(pyspiel: Any, seed: int) -> Callable[[int], int]:
    """A function playing hand ``number`` of OpenSpiel's skat with random legal actions; the
    deal is OpenSpiel's chance steps (one per card), counted as transitions.

    Skat deals uniformly (every chance outcome of a deal step has the same probability), so a
    chance node is sampled exactly by ``rng.choice(state.legal_actions())``, as a player's
    action is: the reference runs at its own speed, not at the cost of ``chance_outcomes()``
    and weighted sampling in Python."""
    game = pyspiel.load_game("skat")

    def play_one(number: int) -> int:
        rng = random.Random(seed * 1_000_003 + number)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        return steps

    return play_one


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and choices")
    parser.add_argument("--variant", help="one variant id or file (default: every playable one)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds of runs; each job's fastest counts")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")
    try:
        variants = [solo_rules.load_variant(v)
                    for v in ([args.variant] if args.variant else solo_rules.available_variants())]
    except solo_rules.SoloRulesError as exc:
        parser.error(str(exc))
    print(f"solo-rules {solo_rules.__version__}, "
          f"Python {sys.version.split()[0]}, "
          f"{args.hands} hands per run, best of {args.repeat} rounds, seed {args.seed}, "
          f"{load_average()}")
    jobs: dict[str, Callable[[int], int]] = {}
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        print(f"OpenSpiel skat: skipped ({exc}; install it with `pip install open_spiel`)")
    else:
        check_skat_deal_is_uniform(pyspiel, args.seed)
        jobs[SKAT] = skat_hand(pyspiel, args.seed)
    for variant in variants:
        jobs[f"{variant.id} apply"] = solo_hand(variant, args.seed, True)
        jobs[f"{variant.id} apply_unchecked"] = solo_hand(variant, args.seed, False)
    runs = best_of(jobs, args.hands, args.repeat)
    skat = runs.get(SKAT)
    if skat is not None:
        print(skat.line())
    for variant in variants:
        checked, fast = runs[f"{variant.id} apply"], runs[f"{variant.id} apply_unchecked"]
        assert checked.transitions == fast.transitions, "the two runs must play the same hands"
        print(checked.line())
        print(fast.line())
        print(f"  checked/unchecked time ratio: {checked.seconds / fast.seconds:.2f}")
        if skat is not None:
            for run in (checked, fast):
                print(f"  {run.label} vs skat: hands/s ratio "
                      f"{run.hands_per_second / skat.hands_per_second:.2f}, µs/transition ratio "
                      f"{skat.us_per_transition / run.us_per_transition:.2f} (above 1: faster)")
    if skat is not None:
        print(summary(variants, runs, skat))
    return 0


def summary(variants: list[solo_rules.Variant], runs: dict[str, Run], skat: Run) -> str:
    """One line per variant: the checked ``apply``'s hands/s ratio to Skat, against the target
    of 0.5 (the engine is pure Python in every build)."""
    target = 0.5
    lines = [f"summary (target {target:.1f} for every variant):"]
    ratios = []
    for variant in variants:
        ratio = runs[f"{variant.id} apply"].hands_per_second / skat.hands_per_second
        ratios.append(ratio)
        lines.append(f"  {variant.id:<26} {ratio:5.2f}  {'met' if ratio >= target else 'below'}")
    lines.append(f"  {'lowest':<26} {min(ratios):5.2f}  "
                 f"{'met' if min(ratios) >= target else 'below'}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
