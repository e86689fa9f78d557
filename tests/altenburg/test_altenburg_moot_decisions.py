"""No decision is offered whose every answer gives the same result (issue 26).

Once the result of a hand is certain, play stops [AMB-54, E16: "May stop once decided"]; asking
"Helfer?" then changes nothing: S-WIK's question is for a party that may still want to know
whether it has won the first tricks ("If that hasn't happened by the fifth trick, the declarer
may ask 'partner?' (Helfer?)", AMB-08), not for one that can no longer make its game. So the
early-end rule offers a decision only where some answer leads elsewhere.
"""

from __future__ import annotations

import pytest

import solo_rules as sr
from solo_rules import GameState, Phase
from solo_rules.bots import HeuristicBot

#: A Frage in spades calling ♥A (seed 93 of the terminal table, dealer seat 2), to the end
#: of the fifth trick: the defenders have four tricks, the party one, ♥A is unplayed.
HANDS = ["CQ CT C8 HJ DA DK DJ DT", "CK CJ C7 SK SJ S7 HT H7", "S9 HA HQ H9 H8 D9 D8 D7",
         "CA C9 SA SQ ST S8 HK DQ"]
PLAYED = ["bid frage", "pass", "pass", "pass", "declare frage S", "call HA", "play SQ",
          "play CQ", "play SJ", "play S9", "play DA", "play SK", "play D7", "play DQ",
          "play C7", "play H8", "play C9", "play CT", "play C8", "play CJ", "play D8",
          "play CA", "play SA", "play DT", "play S7", "play H9"]


def test_helfer_is_not_asked_once_the_party_can_no_longer_make_five() -> None:
    state = sr.new_game("altenburg-1988", hands=HANDS, dealer=2)
    for text in PLAYED:
        state = state.apply(text)
    assert len(state.tricks) == 5 and state.party_tricks() == (1, 4)
    assert not state.partner_revealed
    assert state.is_terminal  # no "pass / ask partner": both answers ended the hand as lost
    assert state.outcome().made is False


def _decisions(vid: str, hands: int) -> list[GameState]:
    """Every decision state of ``hands`` hands the heuristic bots play (the terminal
    table's bots, seeded as it seeds them)."""
    found = []
    for seed in range(hands):
        state = sr.new_game(vid, seed=seed)
        bots = [HeuristicBot(seed * 8 + seat) for seat in range(state.players)]
        while not state.is_terminal:
            if state.phase == Phase.DECIDE:
                found.append(state)
            state = state.apply(bots[state.player].choose(state.view(state.player)))
    return found


def test_helfer_is_still_asked_where_the_answer_matters() -> None:
    """A party that may still make its game is asked, and so is one that swept the first
    five tricks with a hidden partner: "Hier!" lets it see the sweep and stop for prime."""
    asked = [state for state in _decisions("altenburg-1988", 60)
             if "ask partner" in [a.text for a in state.legal_actions()]]
    assert any(state.party_tricks() == (5, 0) for state in asked)
    assert any(0 < state.party_tricks()[1] < 4 for state in asked)


def _answers_differ(state: GameState) -> bool:
    """Whether the legal answers of a decision lead to different places: some answer plays
    on, or they end the hand with different results."""
    after = [state.apply(action) for action in state.legal_actions()]
    if not all(next_state.is_terminal for next_state in after):
        return True
    return len({repr(next_state.outcome()) for next_state in after}) > 1


@pytest.mark.parametrize("vid", ["altenburg-1988", "parlett-penguin", "foster", "niese",
                                 "american-trick-count"])
def test_every_decision_offered_has_answers_that_differ(vid: str) -> None:
    decisions = _decisions(vid, 100)
    assert decisions
    for state in decisions:
        assert len(state.legal_actions()) == 1 or _answers_differ(state), \
            (vid, repr(state))
