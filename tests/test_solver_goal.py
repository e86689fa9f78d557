"""Where the early-end rule's verdict is a number of tricks (``EarlyEndRules.trick_goal``), the
double-dummy solver reads ``made`` off its trick count instead of searching the rule set's
states: the two agree on random positions of every variant and overlay, decisions included,
and each rule gives its goal, or none where the verdict reads more (issue 13)."""

from __future__ import annotations

import random

import attrs
import pytest
from marks import HEAVY, slow_where
from test_solver_reference import VARIANTS

import solo_rules
from solo_rules import GameState, Phase
from solo_rules.solver import DoubleDummy
from solo_rules.state import Flags, replace


def at_first_lead(variant: str, kind: str | None = None) -> GameState:
    """The first position of the play of a seeded random hand with a declarer (of contract
    ``kind`` if given, with no Tout announced: the contract is changed to it, which is all
    ``trick_goal`` reads of it)."""
    rng = random.Random(variant)
    while True:
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32))
        while not state.is_terminal and state.phase != Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        contract = state.contract
        if state.phase == Phase.PLAY and contract is not None and contract.declarer is not None:
            if kind is not None:
                state = replace(state, contract=attrs.evolve(contract, kind=kind, tout=False))
            return state


def positions(variant: str, count: int) -> list[GameState]:
    """``count`` positions in play or at a decision, with a declarer, of seeded random hands,
    each at a random moment from the third trick on (earlier is too slow for ``and_or``)."""
    rng = random.Random(f"goal {variant}")
    found: list[GameState] = []
    while len(found) < count:
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32))
        while not state.is_terminal:
            contract = state.contract
            if (state.phase in (Phase.PLAY, Phase.DECIDE) and contract is not None
                    and contract.declarer is not None and len(state.tricks) >= 2
                    and rng.random() < 0.15):
                found.append(state)
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def goal(state: GameState) -> int | None:
    rules = state.rules
    assert isinstance(rules, solo_rules.CompiledRules)
    return rules.early_end.trick_goal(rules, state)


@pytest.mark.parametrize("variant", slow_where(VARIANTS, HEAVY | {"foster"}))
def test_made_is_the_trick_count_against_the_goal_where_there_is_one(variant: str) -> None:
    counted = 0
    for state in positions(variant, 40):
        wanted = goal(state)
        if wanted is not None:
            counted += 1
            made = DoubleDummy(state).and_or(state)
            assert made == (DoubleDummy(state).tricks(state) >= wanted), state
            # ``makes`` asks the goal of one null-window search, on a fresh table
            assert DoubleDummy(state).makes(state) == made, state
    assert counted  # every variant has contracts whose verdict is a count


def test_prime_or_continue_wants_the_contracts_tricks_or_every_trick_after_going_on() -> None:
    # S-WIK: "If declarer's party wins the first 5 tricks they can stop the game ... Or they
    # can continue playing" (AMB-04): stopping after 5 of a 5-trick game has them anyway.
    state = at_first_lead("altenburg-1988", kind="frage")
    assert goal(state) == 5
    assert goal(replace(state, contract=attrs.evolve(state.contract, tout=True))) == 8
    assert goal(replace(state, flags=state.flags | Flags.CONTINUED)) == 8
    assert goal(replace(state, flags=state.flags | Flags.STOPPED)) == 0


def test_a_stop_short_of_the_contracts_tricks_leaves_no_goal_until_it_has_passed() -> None:
    # S-PAR: the soloist who "wins the first five straight off ... may cease play and claim
    # his winnings": in an eight-trick Allstich that claims the game with five tricks, so the
    # verdict is no count until the fifth trick is behind.
    state = at_first_lead("parlett-penguin", kind="allstich")
    assert goal(state) is None
    assert goal(replace(state, flags=state.flags | Flags.CONTINUED)) == 8


def test_prime_at_the_contracts_tricks_wants_them() -> None:
    # S-002: "If bidder's party wins all tricks to the number bid, they can stop the game":
    # the stop comes with the contract's tricks, so seven tricks bid want seven.
    assert goal(at_first_lead("american-trick-count", kind="t7")) == 7


def test_first_and_last_keeps_the_contracts_tricks_and_a_misere_has_no_goal() -> None:
    # S-NIE: going on for Last does not change the contract (AMB-35); Kicker: "The bidder
    # cannot get any tricks" (AMB-33), a verdict on one seat's tricks, not the party's count.
    state = at_first_lead("niese", kind="question")
    assert goal(state) == 5
    assert goal(replace(state, flags=state.flags | Flags.CONTINUED)) == 5
    assert goal(at_first_lead("niese", kind="kicker")) is None


def test_abandon_at_five_wants_the_contracts_tricks_or_all_after_going_on() -> None:
    # S-FOS: "The hands are abandoned as soon as the bidder takes five tricks ... If he goes
    # on he must win all eight tricks" (AMB-23).
    state = at_first_lead("foster", kind="simple")
    assert goal(state) == 5
    assert goal(replace(state, flags=state.flags | Flags.CONTINUED)) == 8
    assert goal(at_first_lead("foster", kind="tout")) == 8
