"""Speed of what agents ask for: views, encodings, masks, information-state strings, resamples.

It plays ``--hands`` random hands per variant, keeps every state with its seat to act, and
times, over the same states, building the seat's view, encoding it (observations per second),
its legal-action mask, its information-state string, and drawing a consistent deal for it.
Each figure is the fastest of ``--repeat`` rounds; the ratios compare each step with building
the view, measured side by side in the same run. Not part of the test suite:

    python benchmarks/observations.py --hands 50

``--frameworks`` measures instead what a researcher meets through OpenSpiel: random hands
played through pyspiel with nothing observed, with the information-state tensor and with the
observation tensor of the seat to act at each decision, against OpenSpiel's C++ Skat driven
the same way, episodes of ``rl_environment`` (the stock one, and ``integrations.rl``'s), and
decisions of the Gymnasium environment against the library's own random playout;
``new_game`` by id, ``replay`` and the first-dealer draw are timed too;
``--before DIR`` runs the same measures on another checkout's ``src`` (a worktree of main) in
a child process and prints both side by side:

    git worktree add --detach /tmp/oldmain-38 main
    python benchmarks/observations.py --frameworks --before /tmp/oldmain-38
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

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


def pyspiel_rates(game_name: str, hands: int, seed: int) -> dict[str, float]:
    """Decisions per second of ``hands`` random hands through pyspiel: nothing observed, the
    information-state tensor, the observation tensor of the seat to act (the chance nodes
    sampled, not counted); and the same hands' engine transitions alone (``GameState.apply``)
    where the game is a solo_rules one."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    kinds: dict[str, Callable[[Any, int], object]] = {"step": lambda state, player: None}
    if game.get_type().provides_information_state_tensor:
        kinds["step + information-state tensor"] = lambda state, player: \
            state.information_state_tensor(player)
    if game.get_type().provides_observation_tensor:
        kinds["step + observation tensor"] = lambda state, player: \
            state.observation_tensor(player)
    out = {}
    for label, observe in kinds.items():
        rng = random.Random(seed)
        decisions = 0
        spent = 0.0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                start = time.process_time()
                player = state.current_player()
                observe(state, player)
                state.apply_action(rng.choice(state.legal_actions()))
                spent += time.process_time() - start
                decisions += 1
        out[label] = decisions / spent
    return out


def engine_rate(variant: str, hands: int, seed: int) -> float:
    """Transitions per second of the engine alone (``apply`` of a listed legal action)."""
    rng = random.Random(seed)
    steps, spent = 0, 0.0
    for number in range(hands):
        state = solo_rules.new_game(variant, seed=seed + number)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            start = time.process_time()
            state = state.apply(action)
            spent += time.process_time() - start
            steps += 1
    return steps / spent


def rl_rates(game_name: str, episodes: int, seed: int) -> dict[str, float]:
    """Episodes per second of OpenSpiel's ``rl_environment`` played at random, the seat to act
    reading its information state at each step, and every seat at the end: the stock
    environment, and ``integrations.rl``'s where this checkout has it."""
    from open_spiel.python import rl_environment

    kinds: dict[str, Any] = {"rl_environment (stock)": rl_environment.Environment}
    try:
        from solo_rules.integrations.rl import Environment
        kinds["integrations.rl.Environment"] = Environment
    except ImportError:
        pass
    out = {}
    for label, kind in kinds.items():
        env = kind(game_name, chance_event_sampler=rl_environment.ChanceEventSampler(seed))
        rng = random.Random(seed)
        start = time.process_time()
        for _ in range(episodes):
            step = env.reset()
            while not step.last():
                player = step.observations["current_player"]
                step.observations["info_state"][player]
                step = env.step([rng.choice(step.observations["legal_actions"][player])])
            for seat in range(env.num_players):
                step.observations["info_state"][seat]
        out[label] = episodes / (time.process_time() - start)
    return out


def gymnasium_rates(variant: str, hands: int, seed: int) -> dict[str, float]:
    """Decisions per second of random play: the library's own playout (views and legal
    actions of every seat), and the Gymnasium environment's seat against random bots (its
    observation and mask at each of its steps; the bots' decisions counted too), where this
    checkout has it."""
    rng = random.Random(seed)
    start, decisions = time.process_time(), 0
    for number in range(hands):
        state = solo_rules.new_game(variant, seed=seed + number)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.view(state.player).legal_actions))
            decisions += 1
    out = {"random playout": decisions / (time.process_time() - start)}
    try:
        from solo_rules.integrations.gymnasium import SoloEnv
    except ImportError:
        return out
    env = SoloEnv(variant, 0, "random")
    start, decisions = time.process_time(), 0
    for number in range(hands):
        _, info = env.reset(seed=seed + number)
        done = False
        while not done:
            legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
            _, _, done, _, info = env.step(rng.choice(legal))
        assert env.game is not None
        decisions += len(env.game.history)
    out["gymnasium environment, random bots"] = decisions / (time.process_time() - start)
    return out


def array_rates(variant: str, hands: int, seed: int) -> dict[str, float]:
    """Decisions per second of building the seat's view and its observation as a float32
    array, over the states of ``hands`` random hands: perfect recall (before
    ``integrations.arrays``: the encoder's list converted), and compact where this checkout
    has it."""
    import numpy as np

    encoder = Encoder(variant)
    states = states_of(variant, hands, seed)
    kinds: dict[str, Callable[[solo_rules.PlayerView], object]] = {
        "view + perfect-recall array": lambda view: np.asarray(encoder.encode(view),
                                                               np.float32)}
    try:
        from solo_rules.integrations.arrays import CompactEncoder, information_state
        compact = CompactEncoder(variant)
        kinds["view + perfect-recall array"] = lambda view: information_state(encoder, view)
        kinds["view + compact array"] = compact.encode
    except ImportError:
        pass
    out = {}
    for label, encode in kinds.items():
        def work(encode: Callable[[solo_rules.PlayerView], object] = encode) -> None:
            for state in states:
                encode(state.view(state.player))

        out[label] = len(states) / fastest(1, work)
    return out


def frameworks(variant: str, hands: int, seed: int) -> dict[str, float]:
    """Every framework measure of ``variant`` (per second), and C++ Skat's through pyspiel."""
    import solo_rules.integrations.openspiel as adapter

    name = adapter.register(variant)
    out = {f"engine transition ({variant})": engine_rate(variant, hands, seed)}
    out.update({f"{label} ({variant})": rate
                for label, rate in pyspiel_rates(name, hands, seed).items()})
    out.update({f"{label} ({variant}), episodes": rate
                for label, rate in rl_rates(name, max(hands // 4, 1), seed).items()})
    out.update({f"{label} ({variant})": rate
                for label, rate in gymnasium_rates(variant, hands, seed).items()})
    out.update({f"{label} ({variant})": rate
                for label, rate in array_rates(variant, hands, seed).items()})
    return out


def engine_costs(variant: str, hands: int, seed: int) -> dict[str, float]:
    """Calls per second of what users of the engine itself meet: ``new_game`` by id (the
    variant file found, checked and loaded each call), ``replay`` of a random hand's record,
    and the draw for the first dealer."""
    rules = solo_rules.new_game(variant, seed=seed).rules
    records = [solo_rules.record_of(state) for state in final_states(variant, hands, seed)]
    draw = random.Random(seed)

    def new_games() -> None:
        for number in range(hands):
            solo_rules.new_game(variant, seed=seed + number)

    def replays() -> None:
        for record in records:
            solo_rules.replay(record)

    def draws() -> None:
        for _ in range(hands):
            rules.first_dealer(draw)

    return {f"{label} ({variant})": hands / fastest(3, work)
            for label, work in (("new_game by id", new_games), ("replay a record", replays),
                                ("first-dealer draw", draws))}


def final_states(variant: str, hands: int, seed: int) -> list[solo_rules.GameState]:
    """The last state of each of ``hands`` random hands."""
    rng = random.Random(seed)
    out = []
    for number in range(hands):
        state = solo_rules.new_game(variant, seed=seed + number)
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def every_measure(variants: list[str], hands: int, seed: int) -> dict[str, float]:
    """The framework measures and the engine's own costs of every variant, then C++ Skat's
    through pyspiel."""
    out: dict[str, float] = {}
    for variant in variants:
        out.update(frameworks(variant, hands, seed))
        out.update(engine_costs(variant, hands, seed))
    out.update({f"{label} (C++ skat)": rate
                for label, rate in pyspiel_rates("skat", hands, seed).items()})
    return out


def best(into: dict[str, float], rates: dict[str, float]) -> None:
    """Keep in ``into`` the highest rate of each measure (a busy machine's waits left out)."""
    for label, rate in rates.items():
        into[label] = max(into.get(label, 0.0), rate)


def report_frameworks(variants: list[str], hands: int, seed: int, before: str | None,
                      repeat: int) -> None:
    """Print the framework measures, the best of ``repeat`` rounds, with another checkout's
    beside them when given (its rounds alternating with these, so both meet the same load)."""
    now: dict[str, float] = {}
    old: dict[str, float] = {}
    for _ in range(repeat):
        if before:
            env = {**os.environ, "PYTHONPATH": os.path.join(before, "src")}
            child = subprocess.run(
                [sys.executable, __file__, "--frameworks", "--json", "--hands", str(hands),
                 "--seed", str(seed), *(a for v in variants for a in ("--variant", v))],
                env=env, capture_output=True, text=True, check=True)
            best(old, json.loads(child.stdout))
        best(now, every_measure(variants, hands, seed))
    print(f"per second ({hands} random hands each; {'before | ' if before else ''}now"
          f"{' | now/before' if before else ''}):")
    for label, rate in now.items():
        if label in old:
            print(f"  {label:<62} {old[label]:>10.0f} | {rate:>10.0f} | "
                  f"{rate / old[label]:>5.2f} x")
        else:
            print(f"  {label:<62} {'':>10}   {rate:>10.0f}")
    for variant in variants:
        engine = now[f"engine transition ({variant})"]
        for label in ("step + information-state tensor", "step + observation tensor"):
            rate = now[f"{label} ({variant})"]
            print(f"  {variant}: {label}: the observation costs "
                  f"{engine / rate - engine / now[f'step ({variant})']:.2f} engine transitions")
        for label in ("view + perfect-recall array", "view + compact array"):
            print(f"  {variant}: {label}: {engine / now[f'{label} ({variant})']:.2f} engine "
                  "transitions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--frameworks", action="store_true")
    parser.add_argument("--before", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or (["altenburg-1988", "heart-solo"] if args.frameworks
                                else solo_rules.available_variants())
    if args.frameworks and args.json:
        print(json.dumps(every_measure(variants, args.hands, args.seed)))
    elif args.frameworks:
        report_frameworks(variants, args.hands, args.seed, args.before, args.repeat)
    else:
        for variant in variants:
            report(variant, args.hands, args.seed, args.repeat)


if __name__ == "__main__":
    main()
