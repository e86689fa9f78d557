"""A digest of double-dummy solutions, to show that the solver's two paths search alike.

The solver runs one search on two sets of tables: C arrays when compiled, and lists,
dictionaries and its own ``pure_`` steps in pure Python (``solver.COMPILED``). For positions of
random hands of every stored variant (fixed seeds, after one to three tricks) it records each
``solve``'s tricks, made and nodes searched, and hashes them per variant. The nodes are in it
on purpose: the two paths must not only agree on the answer but search the same tree, so a
step that orders moves or keys the table differently on one path shows. ``python
tests/solver_trace.py`` prints today's digests, ``--write`` stores them in
``tests/data/solver_digests.json`` (only when the search is meant to change); CI checks them on
both installs.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import hand_trace

import solo_rules
from solo_rules import GameState, Phase

DIGESTS = Path(__file__).parent / "data" / "solver_digests.json"
VARIANTS = ("altenburg-1988", "american-trick-count", "foster", "heart-solo",
            "muensterland-sollo", "niese", "niese-five-hand", "niese-six-hand",
            "parlett-penguin")
POSITIONS = 12


def positions(variant_id: str, count: int = POSITIONS, seed: int = 29) -> list[GameState]:
    """``count`` positions of random hands with a declarer, each after one to three tricks."""
    variant = solo_rules.load_variant(variant_id)
    players = solo_rules.compile(variant).players
    rng = random.Random(f"{seed} {variant_id}")
    found: list[GameState] = []
    while len(found) < count:
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32),
                                    dealer=rng.randrange(players))
        after = rng.randint(1, 3)
        while not state.is_terminal:
            contract = state.contract
            if state.phase == Phase.PLAY and not state.trick and len(state.tricks) == after \
                    and contract is not None and contract.declarer is not None:
                found.append(state)
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def trace(variant_id: str) -> str:
    """The hex digest of the solutions of ``variant_id``'s positions."""
    digest = hashlib.sha256()
    for state in positions(variant_id):
        solution = solo_rules.solve(state)
        digest.update(f"{solution.tricks}|{solution.made}|{solution.nodes};".encode())
    return digest.hexdigest()


def stored() -> dict[str, str]:
    """The stored digests, by variant id."""
    return hand_trace.stored(DIGESTS)


def main(argv: list[str] | None = None) -> int:
    return hand_trace.digest_main(__doc__.splitlines()[0],
                                  lambda: {variant: trace(variant) for variant in VARIANTS},
                                  DIGESTS, argv)


if __name__ == "__main__":
    sys.exit(main())
