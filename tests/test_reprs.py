"""Readable reprs: a card set, a card, a trick and a state show their cards and actions as text,
not masks and ids (issue 26); and the trace digests do not depend on any repr."""

from __future__ import annotations

import attrs
import pytest
from hand_trace import canonical

import solo_rules as sr
from solo_rules import Card, CardSet, GameState, parse_cards


def _played(moves: int) -> GameState:
    state = sr.new_game("altenburg-1988", hands=[
        "CA CK CJ CT C9 C8 C7 SK", "CQ HA HK HQ HJ HT H9 H8",
        "SQ SJ ST S9 S8 S7 H7 DA", "SA DK DQ DJ DT D9 D8 D7"], dealer=0)
    for text in ["bid frage", "pass", "pass", "pass", "declare frage H", "call SA",
                 "play CQ", "play SQ", "play D7", "play C7"][:moves]:
        state = state.apply(text)
    return state


def test_a_card_set_shows_its_cards() -> None:
    assert repr(parse_cards("CA CK DT")) == "<CardSet CA CK DT>"
    assert repr(CardSet()) == "<CardSet empty>"
    assert "mask" not in repr(_played(0).view(2).hand)


def test_a_card_repr_names_it_as_python_does() -> None:
    assert repr(Card.CQ) == "Card.CQ"
    assert eval(repr(Card.CQ), {"Card": Card}) is Card.CQ


def test_a_trick_shows_its_cards() -> None:
    trick = _played(10).tricks[0]
    assert repr(trick) == "Trick(leader=1, cards=('CQ', 'SQ', 'D7', 'C7'), winner=1)"


def test_a_state_shows_hands_as_cards_and_history_as_actions() -> None:
    state = _played(7)
    text = repr(state)
    assert "variant='altenburg-1988'" in text and "phase='play'" in text
    assert "hands=('CA CK CJ CT C9 C8 C7 SK', 'HA HK HQ HJ HT H9 H8'," in text
    assert "history=((1, 'bid frage'), (2, 'pass'), (3, 'pass'), (0, 'pass'), " \
           "(1, 'declare frage H'), (1, 'call SA'), (1, 'play CQ'))" in text
    assert "trick=('CQ',)" in text
    for field in attrs.fields(GameState):  # every field is shown, the rule set by its variant
        assert f"{'variant' if field.name == 'rules' else field.name}=" in text


def test_a_view_shows_its_hand_as_cards() -> None:
    assert "hand=<CardSet SQ SJ ST S9 S8 S7 H7 DA>" in repr(_played(7).view(2))


def test_the_trace_digests_do_not_read_any_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hand_trace.canonical`` writes the fields, so another repr changes no digest."""
    state = _played(10)
    before = canonical(state.view(0)), canonical(state.contract)
    for cls in (CardSet, GameState, sr.Trick, sr.Contract, sr.PlayerView, sr.Action):
        monkeypatch.setattr(cls, "__repr__", lambda self: "changed")
    monkeypatch.setattr(Card, "__repr__", lambda self: "changed")
    assert (canonical(state.view(0)), canonical(state.contract)) == before
    assert "changed" not in before[0]
