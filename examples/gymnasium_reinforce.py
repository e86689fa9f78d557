"""Train one seat of a solo-rules variant with masked REINFORCE in the Gymnasium environment,
then compare it with a random agent over the same evaluation hands.

    pip install 'solo-rules[gymnasium]'
    python examples/gymnasium_reinforce.py --variant heart-solo --seconds 120

The policy is linear over the compact observation, a softmax over the legal actions only (the
``action_mask`` of ``info``), trained on each hand's final reward (the seat's score over the
variant's bound) with a running-mean baseline. The other seats are the library's
``HeuristicBot`` (``--opponents``). It prints the trained and the random agent's mean reward
over ``--evaluate`` hands dealt from the same seeds.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from solo_rules.integrations.gymnasium import SoloEnv


def masked_softmax(logits: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]
                   ) -> np.ndarray[Any, Any]:
    """The softmax of ``logits`` over the legal actions (0 elsewhere)."""
    legal = mask.astype(bool)
    out = np.zeros_like(logits)
    shifted = np.exp(logits[legal] - logits[legal].max())
    out[legal] = shifted / shifted.sum()
    return out


def train(env: SoloEnv, seconds: float, rate: float, seed: int, most: int | None = None
          ) -> np.ndarray[Any, Any]:
    """The weights after ``seconds`` of REINFORCE (or ``most`` hands, if fewer), one hand
    per update."""
    rng = np.random.default_rng(seed)
    weights = np.zeros((env.action_space.n, env.observation_space.shape[0]))
    baseline, hands = 0.0, 0
    observation, info = env.reset(seed=seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end and (most is None or hands < most):
        steps, done, reward = [], False, 0.0
        while not done:
            probs = masked_softmax(weights @ observation, info["action_mask"])
            action = int(rng.choice(len(probs), p=probs))
            steps.append((observation, probs, action))
            observation, reward, done, _, info = env.step(action)
        advantage = float(reward) - baseline
        baseline += 0.02 * (float(reward) - baseline)
        for seen, probs, action in steps:
            grad = -probs
            grad[action] += 1.0
            weights += rate * advantage * np.outer(grad, seen)
        hands += 1
        observation, info = env.reset()
    print(f"trained on {hands} hands")
    return weights


def evaluate(env: SoloEnv, weights: np.ndarray[Any, Any] | None, hands: int, seed: int
             ) -> float:
    """The mean final reward over ``hands`` hands dealt from ``seed`` on: the policy's most
    likely legal action, or a random legal one without weights."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for hand in range(hands):
        observation, info = env.reset(seed=seed + hand)
        done, reward = False, 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            if weights is None:
                action = int(rng.choice(legal))
            else:
                action = int(legal[np.argmax((weights @ observation)[legal])])
            observation, reward, done, _, info = env.step(action)
        total += float(reward)
    return total / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="heart-solo")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--evaluate", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = SoloEnv(args.variant, args.seat, args.opponents)
    weights = train(env, args.seconds, args.rate, args.seed)
    held_out = 10_000_000  # evaluation deals apart from the training ones
    trained = evaluate(env, weights, args.evaluate, held_out)
    random_agent = evaluate(env, None, args.evaluate, held_out)
    print(f"{args.variant}, seat {args.seat} against {args.opponents} bots, "
          f"{args.evaluate} hands: trained {trained:+.4f}, random {random_agent:+.4f} "
          f"(mean reward, score over the bound)")


if __name__ == "__main__":
    main()
