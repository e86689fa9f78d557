"""Where a random hand's time goes: the deal, each phase's legal actions and apply, the outcome.

It plays the hands of ``benchmarks/playout.py`` (the same seeds and random legal choices, the
checked ``apply``), keeps every state and the action chosen in it, then times each part of a
hand over those states: ``new_game``, per phase ``legal_actions()`` and ``apply`` (the latter
as legal-then-apply less legal, since ``apply`` reuses the legal set just listed), the
driver's own draws, and ``outcome()``. It prints microseconds per hand for each part, their
sum next to the whole hand timed as ``playout.py`` times it and, with OpenSpiel installed,
Skat's whole hand in the same process: the budget a ratio of 1.0 leaves. Each figure is the
fastest of ``--repeat`` rounds in CPU time. Not part of the test suite: run
``python benchmarks/phases.py --variant altenburg-1988``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from playout import load_average, skat_hand, solo_hand

import solo_rules


def fastest(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``run``, in CPU seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def recorded(variant: solo_rules.Variant, seed: int, hands: int
             ) -> tuple[list[tuple[int, int, int]], dict[str, list[tuple[solo_rules.GameState,
                                                                          solo_rules.Action]]],
                        list[solo_rules.GameState], list[tuple[solo_rules.Action, ...]]]:
    """The hands of ``playout.py``: each hand's deal arguments (hand seed, deal seed, dealer),
    every state by phase with the action chosen in it, the final states, and every legal set
    the driver drew from."""
    players = solo_rules.compile(variant).players
    deals, by_phase, ends, legal_sets = [], defaultdict(list), [], []
    for number in range(hands):
        rng = random.Random(seed * 1_000_003 + number)
        deal_seed = rng.getrandbits(32)
        deals.append((seed * 1_000_003 + number, deal_seed, number % players))
        state = solo_rules.new_game(variant, seed=deal_seed, dealer=number % players)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = rng.choice(legal)
            legal_sets.append(legal)
            by_phase[str(state.phase)].append((state, action))
            state = state.apply(action)
        ends.append(state)
    return deals, by_phase, ends, legal_sets


def parts(variant: solo_rules.Variant, seed: int, hands: int, repeat: int
          ) -> list[tuple[str, float, float]]:
    """Each part of a hand: its label, calls per hand and CPU µs per hand."""
    deals, by_phase, ends, legal_sets = recorded(variant, seed, hands)
    rows: list[tuple[str, float, float]] = []

    def row(label: str, calls: int, run: Callable[[], object]) -> None:
        rows.append((label, calls / hands, fastest(repeat, run) / hands * 1e6))

    def generators() -> None:
        for hand_seed, _, _ in deals:
            random.Random(hand_seed).getrandbits(32)

    def new_games() -> None:
        for _, deal_seed, dealer in deals:
            solo_rules.new_game(variant, seed=deal_seed, dealer=dealer)

    def choices() -> None:
        rng = random.Random(seed)
        for legal in legal_sets:
            rng.choice(legal)

    row("driver: its seeded generator", hands, generators)
    row("new_game (seeded deal)", hands, new_games)
    for phase, items in by_phase.items():
        def legal(items: list[tuple[solo_rules.GameState, solo_rules.Action]] = items) -> None:
            for state, _ in items:
                state.legal_actions()

        def both(items: list[tuple[solo_rules.GameState, solo_rules.Action]] = items) -> None:
            for state, action in items:
                state.legal_actions()
                state.apply(action)

        legal_time = fastest(repeat, legal)
        rows.append((f"{phase}: legal_actions", len(items) / hands, legal_time / hands * 1e6))
        rows.append((f"{phase}: apply", len(items) / hands,
                     max(0.0, fastest(repeat, both) - legal_time) / hands * 1e6))
    row("driver: random choices", len(legal_sets), choices)
    row("outcome", len(ends), lambda: [state.outcome() for state in ends])
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="altenburg-1988",
                        help="a variant id or file (default altenburg-1988)")
    parser.add_argument("--hands", type=int, default=2000, help="hands (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and choices")
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the fastest counts")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")
    try:
        variant = solo_rules.load_variant(args.variant)
    except solo_rules.SoloRulesError as exc:
        parser.error(str(exc))
    print(f"solo-rules {solo_rules.__version__}, {variant.id}, "
          f"{args.hands} hands, best of {args.repeat} rounds, seed {args.seed}, "
          f"{load_average()}", flush=True)
    print(f"  {'part':<36} {'calls/hand':>10} {'µs/hand':>9} {'µs/call':>8}")
    print("  ... recording and timing the parts", file=sys.stderr, flush=True)
    rows = parts(variant, args.seed, args.hands, args.repeat)
    for label, calls, micros in rows:
        print(f"  {label:<36} {calls:>10.1f} {micros:>9.2f} {micros / calls:>8.2f}")
    whole_hand = solo_hand(variant, args.seed, True)
    whole = fastest(args.repeat, lambda: [whole_hand(n) for n in range(args.hands)])
    total = sum(r[2] for r in rows)
    print(f"  {'sum of the parts':<36} {'':>10} {total:>9.2f}")
    # the parts run over kept states, each part in a tight loop; a played hand interleaves them
    print(f"  {'the rest (the loop, colder caches)':<36} {'':>10} "
          f"{whole / args.hands * 1e6 - total:>9.2f}")
    print(f"  {'whole hand (playout.py)':<36} {'':>10} {whole / args.hands * 1e6:>9.2f}")
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        print(f"OpenSpiel skat: skipped ({exc})")
        return 0
    skat = skat_hand(pyspiel, args.seed)
    skat_time = fastest(args.repeat, lambda: [skat(n) for n in range(args.hands)])
    print(f"  {'open_spiel skat, whole hand':<36} {'':>10} {skat_time / args.hands * 1e6:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
