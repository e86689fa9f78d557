"""Speed of ``state.view(seat)``, which a bot asks for at every decision: views per second.

Over the states of ``--hands`` random hands per variant it times the seat to act's view in the
order of play (as a simulation asks: each history is the last one plus an action, which the
view extends), the same views in a shuffled order (each history translated in full), and the
legal actions alone at the same states (which every view of the seat to act includes), side by
side in one run; each figure is the fastest of ``--repeat`` rounds. Not part of the test suite:

    python benchmarks/views.py --hands 200
"""

from __future__ import annotations

import argparse
import random

from observations import fastest, states_of


def report(variant: str, hands: int, seed: int, repeat: int) -> None:
    """Print the rates of views in play order, views in shuffled order and legal actions."""
    in_order = states_of(variant, hands, seed)
    shuffled = in_order[:]
    random.Random(seed).shuffle(shuffled)

    def views_in_order() -> None:
        for state in in_order:
            state.view(state.player)

    def views_shuffled() -> None:
        for state in shuffled:
            state.view(state.player)

    def legal_actions() -> None:
        for state in in_order:
            state.legal_actions()

    print(f"{variant}: {len(in_order)} states from {hands} hands")
    base = 0.0
    for label, work in (("views in play order", views_in_order),
                        ("views in shuffled order", views_shuffled),
                        ("legal actions alone", legal_actions)):
        seconds = fastest(repeat, work)
        base = base or seconds
        print(f"  {label:<24} {len(in_order) / seconds:>10.0f} /s "
              f"{seconds / len(in_order) * 1e6:>7.2f} µs {seconds / base:>6.2f} x in order")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*",
                        default=["altenburg-1988", "foster", "altenburg-1988+mediateur"])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for variant in args.variants:
        report(variant, args.hands, args.seed, args.repeat)


if __name__ == "__main__":
    main()
