"""The double-dummy solver agrees with a plain search of every line of play on small endings of
every variant, and answers known deals (``solo_rules.solve``; issue 13)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from every_variant import SEARCHED
from marks import slow_where

import solo_rules
from solo_rules import GameState, InvalidStateError, Phase, Solution, solve
from solo_rules.solver import searches
from solo_rules.state import replace

sys.path.insert(0, str(Path(__file__).parent / "altenburg"))
from altenburg_deals import SWEEP, TOUT, frage

VARIANTS = SEARCHED


def brute_force(state: GameState) -> tuple[int, bool]:
    """Every line of play, no table, no pruning: the party's most tricks with every trick
    played, and whether it can make its objective under the early-end rule, against every
    defence."""
    rules = solo_rules.compile(state.variant)
    party = state.party()

    def tricks(node: GameState) -> int:
        if node.is_terminal and len(node.tricks) == rules.hand_size:
            return sum(node.won[seat] for seat in party)
        if node.is_terminal:  # an early end: the trick count plays on to the last trick
            node = replace(node, phase=Phase.PLAY, player=node.leader)
        results = [tricks(rules.apply_id(node, aid)) for aid in rules.legal_ids(node)]
        return max(results) if node.player in party else min(results)

    def made(node: GameState) -> bool:
        if node.is_terminal:
            return rules.early_end.made(rules, node)
        results = [made(rules.apply_id(node, aid)) for aid in rules.legal_ids(node)]
        return any(results) if node.player in party else all(results)

    return tricks(state), made(state)


def endings(variant: str, count: int, cards_left: int) -> list[GameState]:
    """Positions in play (seeded random hands) with at most ``cards_left`` cards in the hands
    and a declarer's party."""
    found: list[GameState] = []
    rng = random.Random(variant)
    players = solo_rules.compile(solo_rules.load_variant(variant)).players
    while len(found) < count:
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32),
                                    dealer=rng.randrange(players))
        while not state.is_terminal:
            contract = state.contract
            if (state.phase in (Phase.PLAY, Phase.DECIDE) and contract is not None
                    and contract.declarer is not None
                    and sum(h.bit_count() for h in state.hands) <= cards_left):
                found.append(state)
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("variant", slow_where(VARIANTS))
def test_solver_equals_every_line_of_play_on_small_endings(variant: str) -> None:
    players = solo_rules.compile(solo_rules.load_variant(variant)).players
    for state in endings(variant, 20, 3 * players + 1):
        tricks, made = brute_force(state)
        solution = solve(state)
        assert (solution.tricks, solution.made) == (tricks, made), state


def test_a_party_holding_every_top_trump_takes_every_trick() -> None:
    # TOUT: seat 0 (seven hearts and Spadille) calls SA from seat 2, who holds Basta.
    state = frage(TOUT, "H", "SA")
    assert state.phase == Phase.PLAY
    assert solve(state) == Solution(8, True, solve(state).nodes)


def test_the_sweep_deal_is_made_with_the_declarers_own_tricks() -> None:
    # SWEEP: seat 0 wins the first five tricks himself (Spadille, the heart top, CA, DA).
    solution = solve(frage(SWEEP, "H", "SA"))
    assert solution.made
    assert solution.tricks >= 5


def test_solve_refuses_a_hand_before_the_play() -> None:
    with pytest.raises(InvalidStateError, match="solve starts in the play"):
        solve(solo_rules.new_game("altenburg-1988", seed=1))


def test_solve_refuses_the_forty_card_pack_with_the_reason() -> None:
    """The search packs a hand into 32 bits; Quadrille's cards below the seven (ids 32..51)
    would not fit, so ``solve`` says so rather than answer wrongly."""
    state = solo_rules.new_game("quadrille", seed=1)
    while state.phase != Phase.PLAY:
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(InvalidStateError, match="cannot search a pack with cards below the "
                                                "seven"):
        solve(state)


def test_searches_says_beforehand_which_rule_sets_solve_refuses() -> None:
    """``searches`` answers from the same check as ``solve``'s refusal: every shipped variant
    but the two Quadrilles, whose forty cards do not fit."""
    answers = {vid: searches(solo_rules.compile(solo_rules.load_variant(vid)))
               for vid in solo_rules.available_variants()}
    assert [vid for vid, searched in answers.items() if not searched] == ["quadrille",
                                                                         "quadrille-lancashire"]
    with pytest.raises(TypeError, match="searches: rules must be a CompiledRules"):
        searches(solo_rules.load_variant("quadrille"))  # type: ignore[arg-type]
