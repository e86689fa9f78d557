"""A payment never depends on tricks not played (issue 36; AMB-54's reason for ending early, "no
score depends on later tricks"). For every shipped variant and every overlay on each base it
fits: from each random hand that ended before its last trick, every legal completion of the
remaining tricks (all of them where two tricks or fewer remain, a sample where more) gives the
same result and the same scores as the early end."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import solo_rules
from solo_rules import GameState, Outcome, Phase, new_game
from solo_rules.state import replace

#: random hands played per variant
HANDS = 40
#: completions sampled where more than two tricks remain
SAMPLES = 12
#: the most completions walked where two tricks or fewer remain
WALKED = 600


def combinations() -> list[str]:
    """Every shipped variant, and every overlay on each base it fits."""
    bases = solo_rules.available_variants()
    overlaid = [f"{base}+{overlay}" for overlay in solo_rules.available_overlays()
                for base in solo_rules.overlay_bases(overlay)]
    return [*bases, *overlaid]


def played_on(state: GameState) -> GameState:
    """``state`` (ended early, or at a decision after a completed trick) with play going on:
    the early end's verdict is set aside until every card is played, and no decision taken."""
    return replace(state, phase=Phase.PLAY, player=state.leader)


def completions(state: GameState, rng: random.Random) -> Iterator[GameState]:
    """Completions of the remaining tricks of an early-ended ``state``: every one where two
    tricks or fewer remain (at most ``WALKED``), else ``SAMPLES`` random ones."""
    remaining = state.rules.hand_size - len(state.tricks)
    if remaining > 2:
        for _ in range(SAMPLES):
            yield _random_completion(state, rng)
        return
    stack = [played_on(state)]
    walked = 0
    while stack and walked < WALKED:
        at = stack.pop()
        if len(at.tricks) == at.rules.hand_size:
            walked += 1
            yield at
            continue
        if at.phase != Phase.PLAY:
            at = played_on(at)
        stack.extend(at.apply(action) for action in at.legal_actions())


def _random_completion(state: GameState, rng: random.Random) -> GameState:
    at = played_on(state)
    while len(at.tricks) < at.rules.hand_size:
        if at.phase != Phase.PLAY:
            at = played_on(at)
        at = at.apply(rng.choice(at.legal_actions()))
    return at


def result(outcome: Outcome) -> tuple[object, ...]:
    """What a payment rests on: won or lost, the scores and their named parts."""
    return outcome.made, outcome.scores, outcome.breakdown


@pytest.mark.parametrize("variant", combinations())
def test_no_payment_depends_on_tricks_not_played(variant: str) -> None:
    rng = random.Random(36)
    early = 0
    for seed in range(HANDS):
        state = new_game(variant, seed=seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.contract is None or len(state.tricks) == state.rules.hand_size:
            continue
        early += 1
        expected = result(state.outcome())
        for end in completions(state, rng):
            assert result(end.outcome()) == expected, (variant, seed, state.tricks, end.tricks)
    assert early, f"{variant}: no hand of {HANDS} ended early"
