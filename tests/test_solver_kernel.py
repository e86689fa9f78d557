"""The double-dummy solver's own tables agree with the rules (issue 13): the legal cards it
keeps per hand and trick in relative ranks, found again for other hands and tricks alike in
their ranks, are the rule set's legal plays, and its moves are among them, in every variant and
overlay. The compiled build runs the same tests against its C arrays (``.ci/run``)."""

from __future__ import annotations

import random

import pytest
from test_solver_reference import VARIANTS

import solo_rules
from solo_rules import Phase
from solo_rules.solver import DoubleDummy


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_searchs_legal_cards_are_the_rules_legal_plays(variant: str) -> None:
    # One search per hand, asked of every position of its play and each position after it:
    # later positions find the kept cards of earlier ones where hands and tricks are alike in
    # relative ranks (to the cards of that hand and trick), as the search does.
    rng = random.Random(f"kernel {variant}")
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    asked = 0
    for _ in range(12):
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32),
                                    dealer=rng.randrange(rules.players))
        search = None
        while not state.is_terminal:
            contract = state.contract
            if state.phase == Phase.PLAY and contract is not None \
                    and contract.declarer is not None:
                search = search or DoubleDummy(state)
                for node in (state, *(rules.apply_id(state, aid)
                                      for aid in rules.legal_ids(state))):
                    if node.phase != Phase.PLAY:
                        continue
                    legal = rules.legal_ids(node)
                    assert search.legal(node) == sum(1 << aid for aid in legal), node
                    moves = search.moves(node)
                    assert moves and set(moves) <= set(legal), node
                    asked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert asked
