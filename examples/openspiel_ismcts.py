"""Run OpenSpiel's IS-MCTS on a solo-rules variant: seat 0 searches, the others play at random.

    pip install 'solo-rules[openspiel]'
    python examples/openspiel_ismcts.py --variant heart-solo --hands 4 --simulations 50

IS-MCTS samples the hidden cards with ``resample_from_infostate``, which draws deals uniformly
from those consistent with the seat's view (``solo_rules.resample``). It prints seat 0's
average score next to the average of the random seats, over the same hands, each dealt by a
seat drawn at random; ``--seed`` fixes the dealers, the deals, the search and the random seats.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from solo_rules.integrations.openspiel import register


def play(variant: str, hands: int, simulations: int, seed: int) -> tuple[float, float]:
    """Seat 0's average score with IS-MCTS, and the random seats' average, over ``hands``."""
    name = register(variant)
    players = pyspiel.load_game(name).num_players()
    rng = np.random.RandomState(seed)
    searched, others = 0.0, 0.0
    for _ in range(hands):
        # A dealer drawn for each hand, so seat 0 plays from every position (in the five-hand
        # game, also as the dealer who sits out unless he buys).
        game = pyspiel.load_game(name, {"dealer": int(rng.randint(players))})
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations,
                               random_state=rng)
        # Draw the sampled deals from the seeded generator too, so a run is reproducible.
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player,
                                                                              rng.uniform))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        searched += returns[0]
        others += sum(returns[1:]) / (len(returns) - 1)
    return searched / hands, others / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="heart-solo")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    mine, theirs = play(args.variant, args.hands, args.simulations, args.seed)
    print(f"{args.variant}: {args.hands} hands, IS-MCTS with {args.simulations} simulations")
    print(f"  seat 0 (IS-MCTS) average score {mine:+.2f}; random seats {theirs:+.2f}")


if __name__ == "__main__":
    main()
