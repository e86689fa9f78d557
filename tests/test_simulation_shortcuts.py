"""The shortcuts of the simulation's hand loop (issue 13) change nothing but speed: a forced
move is applied without a view only for a bot that would have chosen it without drawing, a view
given the legal actions is the view built without them, a trick's entries pair each card with
the seat that played it, and a contract that says it hides nothing hides nothing."""

from __future__ import annotations

import json

import pytest
from drive import bot_states

import solo_rules
from solo_rules import GameState, compile, load_variant, new_game
from solo_rules import view as view_module
from solo_rules.bots import HeuristicBot, RandomBot, skips_forced_moves
from solo_rules.cards import Card
from solo_rules.view import build_view

VARIANTS = solo_rules.available_variants()



@pytest.fixture(scope="module")
def states() -> dict[str, list[GameState]]:
    return {variant: bot_states(variant, 12) for variant in (*VARIANTS, "altenburg-1988+mediateur")}


def test_only_the_heuristic_bot_is_skipped_on_a_forced_move() -> None:
    assert skips_forced_moves(HeuristicBot(1))
    assert not skips_forced_moves(RandomBot(1))
    assert not skips_forced_moves(object())


def test_a_random_bot_draws_even_from_one_legal_action() -> None:
    """Why ``RandomBot`` must not be skipped: skipping it would change its later choices."""
    state = new_game("altenburg-1988", seed=3)
    bot = RandomBot(7)
    while len(state.legal_actions()) > 1:
        state = state.apply(bot.choose(state.view(state.player)))
    before = bot.rng.getstate()
    bot.choose(state.view(state.player))
    assert bot.rng.getstate() != before


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_heuristic_bot_chooses_a_forced_move_without_drawing(variant: str) -> None:
    forced = 0
    for number in range(30):
        state = new_game(variant, seed=number)
        bots = [HeuristicBot(number * 8 + seat) for seat in range(state.players)]
        while not state.is_terminal:
            view = state.view(state.player)
            bot = bots[state.player]
            drawn = bot.rng.getstate()
            action = bot.choose(view)
            if len(view.legal_actions) == 1:
                forced += 1
                assert action is view.legal_actions[0]
                assert bot.rng.getstate() == drawn
            state = state.apply(action)
    assert forced > 0


def test_a_view_given_the_legal_actions_is_the_view_built_without_them(
        states: dict[str, list[GameState]]) -> None:
    for played in states.values():
        for state in played:
            rules = state.rules
            for seat in range(state.players):
                legal = rules.legal_actions(state)
                assert build_view(rules, state, seat, legal) == state.view(seat)


def test_a_trick_pairs_each_card_with_the_seat_that_played_it(
        states: dict[str, list[GameState]]) -> None:
    seen_sitting_out = False
    for played in states.values():
        for state in played:
            view = state.view(state.player)
            seen_sitting_out |= bool(view.sitting_out and view.trick)
            assert view.trick == tuple(
                (seat, Card(card)) for seat, card in zip(state.in_turn(state.leader),
                                                        state.trick, strict=False))
    assert seen_sitting_out  # the five-hand Niese: a trick led past the seat sitting out


def test_a_contract_that_conceals_nothing_hides_no_action(
        states: dict[str, list[GameState]]) -> None:
    hidden_somewhere = set()
    for variant, played in states.items():
        rules = compile(load_variant(variant))
        hides = {position for state in played if state.contract is not None
                 for seat in range(state.players)
                 for position in rules.contracts.concealed(rules, state, seat)}
        if hides:
            hidden_somewhere.add(variant)
        assert rules.contracts.conceals or not hides, variant
    assert hidden_somewhere == {"altenburg-1988+mediateur"}


def test_a_view_a_few_actions_after_the_last_one_is_the_view_built_afresh(
        states: dict[str, list[GameState]]) -> None:
    """The history translated last is extended by the actions since (forced moves applied
    without a view): every third state's views, against views built with empty caches."""
    for played in states.values():
        asked = played[::3]
        views = [state.view(seat) for state in asked for seat in range(state.players)]
        fresh = []
        for state in asked:
            for seat in range(state.players):
                view_module._views_of.cache_clear()
                fresh.append(state.view(seat))
        assert views == fresh


@pytest.mark.parametrize("pair", [("altenburg-1988", "foster"), ("foster", "niese-five-hand"),
                                  ("heart-solo", "parlett-penguin")])
def test_a_variant_simulated_beside_another_plays_the_deals_it_plays_alone(
        pair: tuple[str, str]) -> None:
    """A deal is dealt once for the variants that deal alike and shared; each variant's
    statistics are those of a run of it alone, whether its deals are shared or not."""
    together = solo_rules.simulate(list(pair), hands=40, seed=2)
    for variant, stats in zip(pair, together.stats, strict=True):
        alone = solo_rules.simulate(variant, hands=40, seed=2).stats[0]
        assert json.dumps(alone.to_dict()) == json.dumps(stats.to_dict())  # NaN as text
