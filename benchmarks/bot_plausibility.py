"""How plausibly the heuristic bots bid and play each variant, measured on seeded deals.

Heuristic bots sit in every seat of ``--deals`` seeded deals per variant. Printed per variant:
the contract kinds declared (of the kinds a player may declare) and the share of each, the
share of deals thrown in, the make rate; then, on the first ``--solve`` deals with a declarer
(double dummy with ``solo_rules.solver``, pure or compiled; not for a pack it cannot search),
per 1,000 hands:

* ``hopeless``: the declared contract cannot be made double dummy at the first lead;
* ``sure solo``: a partner game declared where a legal declaration alone was made double dummy;
* ``under``: a legal declaration with more tricks to take (a Tout), or alone, was made double
  dummy and not declared (the declarer's own never-bid-though-makeable: the seats that
  passed are not searched);
* ``self-call``: the declarer called a card he holds though one he does not was callable;
* ``stopped``: the declarer stopped where going on would take every trick double dummy.

``--compare DIR`` runs the same measure on the source tree ``DIR`` (an old checkout, e.g.
``git worktree add --detach /tmp/oldmain main``) in a second process and prints both side by
side. Keep runs short: ``python benchmarks/bot_plausibility.py --deals 200 --solve 20``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import solo_rules
from solo_rules.bots import HeuristicBot
from solo_rules.compare import seeded_deal
from solo_rules.solver import DoubleDummy, searches

SEED = 39


def _bots(rules: solo_rules.CompiledRules, seed: int) -> list[HeuristicBot]:
    """Heuristic bots for every seat, given the rules where the bot takes them (an old
    tree's does not)."""
    try:
        return [HeuristicBot(seed * 8 + seat, rules)
                for seat in range(rules.players)]
    except TypeError:
        return [HeuristicBot(seed * 8 + seat) for seat in range(rules.players)]


def _to_play(state: solo_rules.GameState, bots: list[HeuristicBot]) -> solo_rules.GameState:
    """``state`` carried by ``bots`` to the first lead (or the end)."""
    while not state.is_terminal and state.phase != solo_rules.Phase.PLAY:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    return state


def _makes(state: solo_rules.GameState) -> bool | None:
    """Whether the declarer's party makes its contract double dummy from ``state``."""
    contract = state.contract
    if state.is_terminal or contract is None or contract.declarer is None:
        return None
    return DoubleDummy(state).makes(state)


def _goal(rules: solo_rules.CompiledRules, action: solo_rules.Action,
          cards: int) -> tuple[int, bool]:
    """A declaration's tricks to take and whether it is played alone."""
    cdef = rules.contract_def(action.contract or "")
    return (cards if action.tout else cdef.tricks), cdef.partner == "none"


def measure(variant: str, deals: int, solve: int) -> dict[str, object]:
    """The plausibility figures of ``variant`` (see the module's docstring)."""
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    searchable = searches(rules)
    offered = [c.id for c in rules.contracts.contracts
               if not c.forced and c.single_player == "declarer"]
    kinds: Counter[str] = Counter()
    thrown = made = played = solved = 0
    blunders: Counter[str] = Counter()
    for number in range(deals):
        deal_seed = SEED * 2**32 + number
        state = rules.start(*seeded_deal(rules, deal_seed))
        bots = _bots(rules, deal_seed)
        check = searchable and solved < solve
        first_lead: solo_rules.GameState | None = None
        counted = False
        while not state.is_terminal:
            seat = state.player
            view = state.view(seat)
            action = bots[seat].choose(view)
            legal = view.legal_actions
            if check and action.kind == "declare" and len(legal) > 1:
                chosen = _goal(rules, action, len(view.hand))
                sure = under = False
                for other in legal:
                    goal = _goal(rules, other, len(view.hand))
                    better = goal[0] > chosen[0] or (goal[1] and not chosen[1])
                    if other.id == action.id or not better:
                        continue
                    if _makes(_to_play(state.apply(other), _bots(rules, deal_seed))):
                        under = True
                        sure = sure or (goal[1] and not chosen[1] and goal[0] == chosen[0])
                blunders["sure solo"] += sure
                blunders["under"] += under
            if action.kind == "call" and view.hand.mask >> (action.card or 0) & 1 \
                    and any(not view.hand.mask >> (a.card or 0) & 1 for a in legal
                            if a.kind == "call"):
                blunders["self-call"] += 1
            if check and action.kind == "stop" and any(a.kind == "continue" for a in legal):
                going = state.apply(next(a for a in legal if a.kind == "continue"))
                blunders["stopped"] += bool(_makes(going))
            state = state.apply(action)
            if state.phase == solo_rules.Phase.PLAY and first_lead is None:
                first_lead = state
        contract = state.contract
        if contract is None or contract.declarer is None:
            thrown += contract is None
            continue
        kinds[contract.kind] += 1
        played += 1
        made += bool(state.outcome().made)
        if check and first_lead is not None:
            counted = True
            blunders["hopeless"] += _makes(first_lead) is False
        solved += counted
    return {"variant": variant, "offered": offered, "kinds": dict(kinds), "deals": deals,
            "thrown": thrown, "declared": played, "made": made, "solved": solved,
            "blunders": dict(blunders)}


def _line(result: dict[str, object]) -> str:
    kinds = result["kinds"]
    offered = result["offered"]
    deals = result["deals"]
    declared = result["declared"]
    solved = result["solved"]
    blunders = result["blunders"]
    assert isinstance(kinds, dict) and isinstance(offered, list) and isinstance(deals, int)
    assert isinstance(declared, int) and isinstance(solved, int) and isinstance(blunders, dict)
    shares = " ".join(f"{k} {100 * n / deals:.0f}%" for k, n in sorted(kinds.items(),
                                                                      key=lambda kv: -kv[1]))
    made = f"{100 * int(str(result['made'])) / declared:.0f}%" if declared else "-"
    per = (" ".join(f"{name} {1000 * blunders.get(name, 0) / solved:.0f}"
                    for name in ("hopeless", "sure solo", "under", "stopped"))
           if solved else "not searched")
    calls = 1000 * blunders.get("self-call", 0) / deals
    kinds_of = sum(1 for k in offered if k in kinds)
    return (f"kinds {kinds_of}/{len(offered)} [{shares}] thrown in "
            f"{100 * int(str(result['thrown'])) / deals:.0f}% made {made} | per 1000 "
            f"(solved {solved}): {per} self-call {calls:.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per variant (200)")
    parser.add_argument("--solve", type=int, default=20,
                        help="deals with a declarer searched double dummy per variant (20)")
    parser.add_argument("--variant", action="append",
                        help="a variant id (repeatable; default: every shipped one)")
    parser.add_argument("--compare", metavar="DIR",
                        help="an older source tree to measure side by side")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.deals < 1 or args.solve < 0:
        parser.error("--deals must be at least 1 and --solve at least 0")
    variants = args.variant or list(solo_rules.available_variants())
    unknown = [v for v in variants if v not in solo_rules.available_variants()]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r}")
    results = [measure(v, args.deals, args.solve) for v in variants]
    if args.json:
        print(json.dumps(results))
        return 0
    before: dict[str, dict[str, object]] = {}
    if args.compare:
        command = [sys.executable, __file__, "--json", "--deals", str(args.deals),
                   "--solve", str(args.solve)] + [f"--variant={v}" for v in variants]
        env = {**os.environ, "PYTHONPATH": str(Path(args.compare) / "src")}
        old = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if old.returncode:
            print(f"error: the run on {args.compare} failed: {old.stderr.strip()[-300:]}",
                  file=sys.stderr)
            return 1
        before = {r["variant"]: r for r in json.loads(old.stdout)}
    print(f"solo-rules heuristic bots, {args.deals} deals per variant (seed {SEED}), "
          f"{args.solve} searched double dummy")
    for result in results:
        name = str(result["variant"])
        if name in before:
            print(f"{name}\n  before {_line(before[name])}\n  after  {_line(result)}")
        else:
            print(f"{name}: {_line(result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
