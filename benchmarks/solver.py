"""Double-dummy solve time of full bid-worthy deals from the first lead.

A deal is bid-worthy when the heuristic bots, bidding and declaring from their own views, reach
a contract with a declarer; ``solo_rules.solve`` then searches it from the first lead with every
hand known. Prints the mean, median and slowest solve time and the positions searched, per
variant, and which path ran: pure Python, or the compiled solver of an install built with
``SOLO_RULES_ACCELERATE=1`` (docs/development.md, "The compiled solver"). Not part of the test
suite: run ``python benchmarks/solver.py --deals 10``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import solo_rules
from solo_rules import accelerator
from solo_rules.bots import HeuristicBot
from solo_rules.solver import searches

#: The target for the mean solve time, with the compiled solver (seconds).
TARGET = 0.005


def first_leads(variant: solo_rules.Variant, deals: int, seed: int) -> list[solo_rules.GameState]:
    """``deals`` positions at the first lead of hands the heuristic bots bid and declared."""
    rng = random.Random(seed)
    players = solo_rules.compile(variant).players
    found: list[solo_rules.GameState] = []
    while len(found) < deals:
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32),
                                    dealer=rng.randrange(players))
        bots = [HeuristicBot(rng.getrandbits(32)) for _ in range(players)]
        while not state.is_terminal and state.phase != solo_rules.Phase.PLAY:
            state = state.apply(bots[state.player].choose(state.view(state.player)))
        contract = state.contract
        if (state.phase == solo_rules.Phase.PLAY and contract is not None
                and contract.declarer is not None):
            found.append(state)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals per variant (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--variant",
                        help="one variant id or file (default: every one the solver searches)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        variants = [solo_rules.load_variant(v)
                    for v in ([args.variant] if args.variant else solo_rules.available_variants())]
        # every shipped variant the solver searches (not Quadrille's forty cards), or the one
        variants = [v for v in variants if args.variant or searches(solo_rules.compile(v))]
    except solo_rules.SoloRulesError as exc:
        parser.error(str(exc))
    print(f"solo-rules {solo_rules.__version__} ({accelerator.summary()}), Python "
          f"{sys.version.split()[0]}, {args.deals} deals per variant, seed {args.seed}")
    for variant in variants:
        times: list[float] = []
        nodes: list[int] = []
        made = 0
        for state in first_leads(variant, args.deals, args.seed):
            start = time.process_time()
            solution = solo_rules.solve(state)
            times.append(time.process_time() - start)
            nodes.append(solution.nodes)
            made += solution.made
        mean = statistics.fmean(times)
        print(f"{variant.id:<16} mean {mean * 1e3:8.1f} ms  median "
              f"{statistics.median(times) * 1e3:8.1f} ms  slowest {max(times) * 1e3:8.1f} ms  "
              f"mean nodes {statistics.fmean(nodes):9.0f}  made {made}/{len(times)}  "
              f"mean/target {mean / TARGET:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
