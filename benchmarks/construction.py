"""What the one fast-construction idiom (``state.builder``) saves, value by value.

A builder fills a mutable twin of a frozen attrs class and swaps its class, where the class's
frozen ``__init__`` stores each field through ``object.__setattr__``. For each value a hand
builds, this counts how many a random hand builds (the checked ``apply``, choices drawn from
``legal_actions``; for ``PlayerView`` a view of the seat to act at every turn, as a bot asks),
times one build by a builder and by the class on the arguments of a real build (the fastest of
many rounds, so a busy machine tilts neither), and prints the share of a hand a builder saves:
builds per hand times the difference, over the hand's own time measured in the same run. The
values built with a builder today are marked; a builder earns its place where it saves more
than 3 % of a hand in some variant (docs/performance.md).

    python benchmarks/construction.py [--hands 500] [--variant altenburg-1988]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import solo_rules
from solo_rules import state, view
from solo_rules.rules.auction import amounts, first_to_declare, immediate_hold, single_round

#: every value a hand builds, with its builder where it has one
VALUES: dict[type[Any], Callable[..., Any] | None] = {
    state.GameState: state.build_state, state.PlayerView: view._build,
    state.Trick: state.build_trick, state.Contract: state.build_contract,
    state.Outcome: state.build_outcome, immediate_hold.HoldState: immediate_hold.hold_state,
    single_round.RoundState: single_round.round_state, amounts.AmountState: amounts.amount_state,
    first_to_declare.FirstState: None,
}


@contextmanager
def recorded(cls: type[Any], build: Callable[..., Any] | None,
             calls: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> Iterator[None]:
    """Every build of ``cls`` in the block recorded in ``calls``: its builder's calls, made
    through each module global that holds it, or else the class's ``__init__``'s."""
    if build is None:
        init = cls.__init__

        def recording_init(self: Any, *arguments: Any, **named: Any) -> None:
            calls.append((arguments, named))
            init(self, *arguments, **named)
        cls.__init__ = recording_init  # type: ignore[misc]
        try:
            yield
        finally:
            cls.__init__ = init  # type: ignore[misc]
        return

    def recording(*arguments: Any, **named: Any) -> Any:
        calls.append((arguments, named))
        return build(*arguments, **named)

    places = [(module, name) for module in list(sys.modules.values())
              if getattr(module, "__name__", "").startswith("solo_rules")
              for name, value in list(vars(module).items()) if value is build]
    for module, name in places:
        setattr(module, name, recording)
    try:
        yield
    finally:
        for module, name in places:
            setattr(module, name, build)


def play(variant: solo_rules.Variant, seeds: list[int], views: bool) -> float:
    """CPU seconds for the random hands of ``seeds`` (with ``views``, a view at every turn)."""
    start = time.process_time()
    for deal in seeds:
        game = solo_rules.new_game(variant, seed=deal)
        choose = random.Random(deal).choice
        while not game.is_terminal:
            if views:
                game.view(game.player)
            game = game.apply(choose(game.legal_actions()))
        game.outcome()
    return time.process_time() - start


def fastest(call: Callable[[], object], number: int = 20_000, repeat: int = 7) -> float:
    """The fastest of ``repeat`` rounds of ``number`` calls, in seconds per call."""
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append",
                        help="a variant id (repeatable; default: one of each auction)")
    args = parser.parse_args(argv)
    variants = args.variant or ["altenburg-1988", "niese", "foster", "american-trick-count"]
    rng = random.Random(args.seed)
    seeds = [rng.getrandbits(32) for _ in range(args.hands)]
    print(f"solo-rules {solo_rules.__version__}, {args.hands} random hands; one build timed as "
          "the fastest of 7 rounds; * marks a value built with a builder today")
    for vid in variants:
        variant = solo_rules.load_variant(vid)
        hands = {views: min(play(variant, seeds, views) for _ in range(3)) / args.hands
                 for views in (False, True)}
        print(f"\n{vid}: {hands[False] * 1e6:.1f} µs a hand ({hands[True] * 1e6:.1f} with a "
              "view at every turn, the hand of PlayerView's row)")
        print(f"  {'value':<14} {'per hand':>9} {'builder':>9} {'class':>9} "
              f"{'a builder saves':>16}")
        for cls, build in VALUES.items():
            calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
            views = cls is state.PlayerView
            with recorded(cls, build, calls):
                play(variant, seeds, views)
            if not calls:
                continue
            arguments, named = calls[len(calls) // 2]
            builder = build or state.builder(cls)
            by_builder = fastest(lambda b=builder, a=arguments, n=named: b(*a, **n))
            by_class = fastest(lambda c=cls, a=arguments, n=named: c(*a, **n))
            count = len(calls) / args.hands
            saved = count * (by_class - by_builder) / hands[views]
            label = cls.__name__ + (" *" if build is not None else "")
            print(f"  {label:<14} {count:>9.1f} {by_builder * 1e9:>7.0f}ns "
                  f"{by_class * 1e9:>7.0f}ns {saved:>16.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
