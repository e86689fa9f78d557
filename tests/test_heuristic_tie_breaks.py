"""The heuristic bot's choices among equals, written as plain loops for speed (issue 13), are
the choices of the ``max`` and ``min`` with key functions they replace: the strongest suit, the
lower-numbered one on a tie, and the strongest declaration, the lowest id on a tie."""

from __future__ import annotations

import itertools

import pytest

import solo_rules
from solo_rules.bots import HeuristicBot, heuristic
from solo_rules.cards import CardSet, Suit


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_the_strongest_allowed_suit_is_the_lower_numbered_one_on_a_tie(size: int) -> None:
    for strengths in itertools.product(range(3), repeat=4):
        for allowed in itertools.permutations(Suit, size):
            expected = max(allowed, key=lambda suit: (strengths[suit], -suit))
            assert heuristic._best_suit(strengths, list(allowed)) == expected, (strengths,
                                                                               allowed)
    for strengths in itertools.product(range(3), repeat=4):
        assert heuristic._best_suit(strengths) == max(
            Suit, key=lambda suit: (strengths[suit], -suit))


@pytest.mark.parametrize("variant", ["altenburg-1988", "foster", "heart-solo", "niese"])
def test_without_the_rules_the_declaration_is_the_strongest_the_lowest_id_on_a_tie(
        variant: str) -> None:
    """Every declaration state bots without the rules reach on 30 seeded deals: unless it is
    a Tout, the bot's choice is the first of the highest (worth, -id) among the legal
    declarations without Tout, a declaration naming no suit worth the mean of the best suit's
    strength and the mean suit's (a partner names trumps)."""
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    declared = 0
    for seed in range(30):
        state = solo_rules.new_game(variant, seed=seed)
        bots = [HeuristicBot(seed * 8 + seat) for seat in range(rules.players)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            chosen = bots[seat].choose(view)
            if view.phase == "declare" and len(view.legal_actions) > 1 and not chosen.tout:
                declared += 1
                plain = [a for a in view.legal_actions if not a.tout]
                strengths = [heuristic.hand_strength(CardSet(view.hand.mask), suit)
                             for suit in Suit]
                unsuited = (max(strengths) + sum(strengths) / 4) / 2

                def key(action: solo_rules.Action, strengths: list[int] = strengths,
                        unsuited: float = unsuited) -> tuple[float, int]:
                    suit = action.suit
                    return (unsuited if suit is None else strengths[suit]), -action.id

                assert chosen == max(plain, key=key)
            state = state.apply(chosen)
    assert declared > 0, f"{variant}: no declaration with a choice on these deals"
