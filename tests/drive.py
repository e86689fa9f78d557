"""Drive a hand from action texts in the scenario tests of every variant.

Each variant's ``*_deals.py`` holds its fixed deals and binds ``start`` to its variant; the
moves and the temporary variant files are the same everywhere, so they live here once.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

from solo_rules import GameState, Phase, new_game
from solo_rules.bots import RandomBot


def run(state: GameState, *actions: str) -> GameState:
    """Apply each action text in turn (each is checked for legality)."""
    for text in actions:
        state = state.apply(text)
    return state


def play(state: GameState, cards: str) -> GameState:
    """Play the space-separated ``cards`` in turn, each by the seat to move."""
    for card in cards.split():
        assert state.phase == Phase.PLAY, f"not in play before {card}: {Phase(state.phase).name}"
        state = state.apply(f"play {card}")
    return state


def finish(state: GameState, rng: random.Random) -> GameState:
    """Play random legal actions to the end of the hand."""
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def random_state(variant: str, seed: int, steps: int) -> GameState:
    """A hand of ``variant`` dealt from ``seed`` after up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state = new_game(variant, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def legal(state: GameState) -> list[str]:
    """The legal action texts, in id order."""
    return [action.text for action in state.legal_actions()]


def legal_cards(state: GameState) -> set[str]:
    """The cards the seat to move may play."""
    return {text.split()[1] for text in legal(state) if text.startswith("play ")}


def variant_file(folder: Path, parent: str, rules: str, name: str = "changed",
                 status: str = "") -> Path:
    """Write a variant file ``extends: parent`` whose ``rules:`` block is the YAML ``rules``
    (dedented, then indented under ``rules:``) into ``folder``, and return its path."""
    body = textwrap.indent(textwrap.dedent(rules).strip(), "  ")
    head = f"schema: 1\nid: {name}\nextends: {parent}\n" + (f"status: {status}\n" if status else "")
    path = folder / f"{name}.yaml"
    path.write_text(f"{head}rules:\n{body}\n", encoding="utf-8")
    return path


def bot_states(variant: str, hands: int) -> list[GameState]:
    """Every state of ``hands`` hands of ``variant`` played by random bots, which declare
    every contract (the Mediateur's exchange included)."""
    states = []
    for number in range(hands):
        state = new_game(variant, seed=number)
        bots = [RandomBot(number * 8 + seat) for seat in range(state.players)]
        while not state.is_terminal:
            states.append(state)
            state = state.apply(bots[state.player].choose(state.view(state.player)))
        states.append(state)
    return states
