"""Speed of what agents ask for: views, encodings, masks, information-state strings, resamples.

It plays ``--hands`` random hands per variant, keeps every state with its seat to act, and
times, over the same states, building the seat's view, encoding it (observations per second),
its legal-action mask, its information-state string, and drawing a consistent deal for it.
Each figure is the fastest of ``--repeat`` rounds; the ratios compare each step with building
the view, measured side by side in the same run. Not part of the test suite:

    python benchmarks/observations.py --hands 50
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import solo_rules
from solo_rules.observation import Encoder
from solo_rules.resample import Resampler


def states_of(variant: str, hands: int, seed: int) -> list[solo_rules.GameState]:
    """Every state before an action in ``hands`` random hands."""
    rng = random.Random(seed)
    out = []
    for number in range(hands):
        state = solo_rules.new_game(variant, seed=seed + number)
        while not state.is_terminal:
            out.append(state)
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
    return out


def fastest(repeat: int, work: Callable[[], None]) -> float:
    """The shortest of ``repeat`` timings of ``work``, in CPU time (a busy machine's waits
    left out)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def report(variant: str, hands: int, seed: int, repeat: int) -> None:
    """Print the speed of each step for ``variant``, over the states of ``hands`` hands."""
    encoder = Encoder(variant)
    states = states_of(variant, hands, seed)
    views = [state.view(state.player) for state in states]
    rng = random.Random(seed)
    steps: list[tuple[str, Callable[[solo_rules.GameState, solo_rules.PlayerView], object]]] = [
        ("view", lambda state, _: state.view(state.player)),
        ("encode (observation)", lambda _, view: encoder.encode(view)),
        ("legal-action mask", lambda _, view: encoder.legal_mask(view)),
        ("information-state string", lambda _, view: encoder.string(view)),
        ("resample a consistent deal",
         lambda _, view: Resampler(view, encoder.rules).sample(rng)),
    ]
    print(f"{variant}: {len(states)} states from {hands} hands, encoding of {encoder.size} "
          f"floats, {encoder.index.num_distinct_actions} actions")
    base = 0.0
    for label, step in steps:
        def work(step: Callable[[solo_rules.GameState, solo_rules.PlayerView], object] = step
                 ) -> None:
            for state, view in zip(states, views, strict=True):
                step(state, view)

        seconds = fastest(repeat, work)
        base = base or seconds
        print(f"  {label:<28} {len(states) / seconds:>10.0f} /s "
              f"{seconds / len(states) * 1e6:>9.1f} µs {seconds / base:>7.2f} x view")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for variant in [args.variant] if args.variant else solo_rules.available_variants():
        report(variant, args.hands, args.seed, args.repeat)


if __name__ == "__main__":
    main()
