"""``is_legal`` answers exactly as ``legal_actions`` lists, for every state and action id, whatever
state the rule set's legal cache holds (issue 37: an action of another kind whose id maps onto a
legal card was accepted when the cache held another table's state)."""

from __future__ import annotations

import itertools

import pytest
from every_variant import EVERY
from hypothesis import given
from hypothesis import strategies as st
from marks import slow_where
from test_properties import play_random_hand

from solo_rules import CardSet, GameState, IllegalActionError, Phase, new_game
from solo_rules.actions import call_id

#: Every shipped variant and every overlay on each of its bases; the overlaid variants run in
#: the slow suite (``pytest -m slow``, .ci/run), as in test_properties.
VARIANTS = slow_where(EVERY, slow=())
#: Hands whose states are interleaved, so that the cache holds another hand's state.
HANDS = 2


def checked_ids(state: GameState) -> list[int]:
    """Every action id of the variant, the id after each (a gap's first id) and two far outside."""
    ids = set(state.rules.actions.by_id)
    return sorted(ids | {aid + 1 for aid in ids} | {-1, 10**9})


def agrees(state: GameState, cached: GameState) -> None:
    """With ``cached`` the last state asked for its legal actions, ``is_legal`` (which
    ``apply_legal`` and ``GameState.apply`` ask) says yes exactly to ``state.legal_actions()``."""
    rules = state.rules
    legal = {action.id for action in state.legal_actions()}
    cached.legal_actions()
    for aid in checked_ids(state):
        assert rules.is_legal(state, aid) == (aid in legal), (aid, state.phase)


@pytest.mark.parametrize("variant_id", VARIANTS)
@given(st.data())
def test_is_legal_equals_membership_in_legal_actions_whatever_the_cache_holds(
    variant_id: str, data: st.DataObject
) -> None:
    """States of several hands of one variant, interleaved: each checked with the cache holding
    itself and holding the state of another hand before it."""
    hands = [play_random_hand(data, variant_id).states for _ in range(HANDS)]
    assert all(states[0].rules is hands[0][0].rules for states in hands)  # one shared cache
    interleaved = [states[step] for step in range(max(map(len, hands)))
                   for states in hands if step < len(states)]
    for before, state in itertools.pairwise(interleaved):
        agrees(state, cached=state)
        agrees(state, cached=before)


def test_a_call_is_not_a_play_of_the_low_card_its_id_lines_up_with() -> None:
    """Quadrille (S-HOY): "To ask Leave is to ask permission to play with a partner by calling a
    king" -- a call belongs to the calling, not to the play. In play, ``call CK`` (id 33, the
    id ``play_card`` would read as a low card) is refused as an action of the wrong kind, with
    the cache holding another table's state or this one."""
    other = new_game("quadrille", seed=2)
    for seed in range(200):
        state = new_game("quadrille", seed=seed)
        while not state.is_terminal and state.phase is not Phase.PLAY:
            state = state.apply(state.legal_actions()[-1])
        if state.phase is not Phase.PLAY:
            continue
        low = [int(card) for card in CardSet(state.hands[state.player]) if card >= 32]
        if not low:
            continue
        call = call_id(low[0] - 32)  # the call whose id is the low card's card id
        rules = state.rules
        other.legal_actions()
        assert not rules.is_legal(state, call)
        state.legal_actions()
        assert not rules.is_legal(state, call)
        other.legal_actions()
        with pytest.raises(IllegalActionError) as refused:
            state.apply(rules.actions.by_id[call].text)
        assert refused.value.reason == "wrong_phase"
        return
    pytest.fail("no Quadrille deal of 200 reached the play with a low card in the seat's hand")
