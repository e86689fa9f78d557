"""The cost of an OpenSpiel ``clone()`` against one ``apply_action``, per variant.

MCTS-style search clones a state at every node, so a clone should cost about as much as a
move. It plays ``--hands`` random hands per variant through the OpenSpiel adapter, keeps every
state at a player's decision, and times over the same states: cloning each, and cloning each
then applying its first legal action (the move's cost is the difference). Each figure is the
fastest of ``--repeat`` rounds in CPU time, both measured side by side in the same run. Not
part of the test suite:

    python benchmarks/openspiel_clone.py --hands 20
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from observations import fastest

import solo_rules
from solo_rules.integrations.openspiel import register


def states_of(game: pyspiel.Game, hands: int, seed: int) -> list[pyspiel.State]:
    """Every state at a player's decision in ``hands`` random hands."""
    rng = np.random.RandomState(seed)
    out = []
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
                continue
            out.append(state.clone())
            state.apply_action(int(rng.choice(state.legal_actions())))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("variants", nargs="*", default=solo_rules.available_variants())
    args = parser.parse_args()
    print(f"{'variant':34} {'states':>7} {'clone us':>9} {'move us':>8} {'clone/move':>10}")
    for variant in args.variants:
        game = pyspiel.load_game(register(variant))
        states = states_of(game, args.hands, args.seed)
        firsts = [state.legal_actions()[0] for state in states]

        def clone(states: list[pyspiel.State] = states) -> None:
            for state in states:
                state.clone()

        def clone_and_move(states: list[pyspiel.State] = states,
                           firsts: list[int] = firsts) -> None:
            for state, action in zip(states, firsts, strict=True):
                state.clone().apply_action(action)

        cloned = fastest(args.repeat, clone) / len(states)
        moved = fastest(args.repeat, clone_and_move) / len(states) - cloned
        print(f"{variant:34} {len(states):7} {cloned * 1e6:9.1f} {moved * 1e6:8.1f} "
              f"{cloned / moved:10.2f}")


if __name__ == "__main__":
    main()
