"""The largest score a seat can win or lose in one hand (``SettlementRules.bound``, which the
OpenSpiel and PettingZoo adapters declare): computed per contract from the scoring's largest
value and the settlement's widest payment, never exceeded, and reached (issue 24)."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from every_variant import EVERY

import solo_rules as sr
from solo_rules.bots import HeuristicBot
from solo_rules.integrations.openspiel import register
from solo_rules.integrations.pettingzoo import env, raw_env

#: Seat 0 (eldest, dealer 3) holds the eight best clubs, the three matadors and, where clubs
#: are trumps, the five mackers of S-NIE among them.
TOP_CLUBS = ["CQ C7 SQ CA CK CJ CT C9", "SA SK SJ ST S9 S8 S7 HA",
             "HK HQ HJ HT H9 H8 H7 DA", "DK DQ DJ DT D9 D8 D7 C8"]


def _bound(variant: str) -> int:
    rules = sr.compile(sr.load_variant(variant))
    return rules.settlement.bound(rules)


@pytest.mark.parametrize("variant", EVERY)
def test_no_hand_scores_beyond_the_bound(variant: str) -> None:
    bound = _bound(variant)
    rng = random.Random(0)
    most = 0
    for seed in range(60):
        state = sr.new_game(variant, seed=seed)
        bots = [HeuristicBot(seed * 8 + seat) for seat in range(state.players)]
        while not state.is_terminal:
            state = state.apply(bots[state.player].choose(state.view(state.player))
                                if seed % 2 else rng.choice(state.legal_actions()))
        most = max(most, *map(abs, state.outcome().scores))
    # a settlement that pays nothing (Quadrille's unknown amounts, AMB-89) has the bound 0
    assert 0 < most <= bound if bound else most == 0


@pytest.mark.parametrize("variant", ["heart-solo", "niese-five-hand",
                                     "altenburg-1988+mediateur"])
def test_the_adapters_declare_the_bound(variant: str) -> None:
    bound = _bound(variant)
    game = pyspiel.load_game(register(variant))
    assert (game.min_utility(), game.max_utility()) == (-bound, bound)
    assert raw_env(variant).bound == bound


def test_where_nothing_is_paid_the_adapters_declare_one() -> None:
    """[AMB-89] Quadrille's settlement amounts are unknown: every score is 0 and the bound is
    0. OpenSpiel requires the minimum utility below the maximum, so the adapters declare the
    range -1..1, in which the returns (all 0) lie; a scaled reward is the score itself (0)
    and an illegal action costs -1, below every legal hand."""
    assert _bound("quadrille") == 0
    game = pyspiel.load_game(register("quadrille"))
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    raw = raw_env("quadrille", scaled_rewards=True)
    assert (raw.bound, raw.declared, raw.scale) == (0, 1, 1.0)
    wrapped = env("quadrille")
    wrapped.reset(seed=0)
    mover = wrapped.agent_selection
    mask = wrapped.observe(mover)["action_mask"]
    wrapped.step(int(np.flatnonzero(mask == 0)[0]))
    assert wrapped.rewards[mover] == -1.0


def _played(variant: str, bid: str, declare: str | None) -> sr.Outcome:
    """Seat 0 bids ``bid`` on TOP_CLUBS, everyone else passes, seat 0 declares and the hand
    is played out by the first legal card (the party goes on whenever asked)."""
    state = sr.new_game(variant, hands=TOP_CLUBS, dealer=3).apply(bid)
    while state.phase == sr.Phase.AUCTION:
        state = state.apply("pass")
    if declare is not None:
        state = state.apply(declare)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.text == "continue"), legal[0]))
    return state.outcome()


def test_altenburgs_bound_is_a_solo_tout_announced_with_the_matadors() -> None:
    """[S-WIK: "The base value of a declaration is ... 6 for Solo." "There is a bonus of 2
    points for prime, 4 points for Tout (, and 6 points for Tout if it was announced along with
    the declaration. There is also a bonus of 2 points in case the 3 highest trumps were all
    dealt to the same party."] Prime and Tout exclude each other: 6 + 6 + 2 = 14, scored by
    the declarer alone on the score sheet."""
    outcome = _played("altenburg-1988", "bid frage", "declare solo C tout")
    assert outcome.scores == (14, 0, 0, 0) == (_bound("altenburg-1988"), 0, 0, 0)


def test_nieses_bound_is_a_club_solo_two_with_every_macker() -> None:
    """[S-NIE: "Mackers are the queen of clubs, the 7 of trump, the queen of spades, the ace of
    trump, and the king of trump. ... First and last can be collected on all bids except
    kickers, bloncos, and bull solos."] A Solo 2 in clubs (16) with five mackers, First and
    Last, doubled in Solo 2 and again in clubs: 16 + (5 + 1 + 2) x 4 = 48, paid by each of
    the three others at 5 cents a unit: 720, the bound."""
    outcome = _played("niese", "bid solo2@C", None)
    assert outcome.scores == (720, -240, -240, -240)
    assert _bound("niese") == 720


@pytest.mark.parametrize("variant", ["niese", "altenburg-1988", "quadrille"])
def test_scaled_returns_are_the_score_over_the_bound_in_every_adapter(variant: str) -> None:
    """OpenSpiel's ``scaled_rewards`` game parameter declares -1..1 and returns each score
    over the utility bound (1 where nothing is paid), as PettingZoo's and Gymnasium's scaled
    rewards are; the same hand through OpenSpiel and PettingZoo gives the same rewards."""
    from solo_rules.integrations.gymnasium import SoloEnv
    from solo_rules.observation import utility_bound

    name = register(variant)
    game = pyspiel.load_game(name, {"scaled_rewards": True})
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    declared = utility_bound(sr.compile(sr.load_variant(variant)))
    assert SoloEnv(variant).scale == 1.0 / declared
    rng = np.random.RandomState(2)
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() \
                else state.legal_actions()
            state.apply_action(int(rng.choice(outcomes)))
        hand = state.state
        assert state.returns() == [score / declared for score in hand.outcome().scores]
        assert all(-1.0 <= r <= 1.0 for r in state.returns())
        raw = raw_env(variant, scaled_rewards=True)
        raw.reset(seed=0)
        raw.game = hand.rules.start(hand.dealt, hand.dealer)
        raw.agent_selection = raw.possible_agents[raw.game.player]
        for seat, aid in hand.history:
            assert raw.agent_selection == f"player_{seat}"
            raw.step(raw.encoder.index.index(aid))
        assert [raw.rewards[agent] for agent in raw.possible_agents] == state.returns()
