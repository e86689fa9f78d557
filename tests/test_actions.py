"""The action grammar: ids, text forms that parse back, aliases and parse errors."""

from __future__ import annotations

import pytest

from solo_rules import Action, ActionParseError, Card, available_variants, load_variant
from solo_rules.actions import (
    ASK,
    BID_BASE,
    CALL_BASE,
    CONTINUE,
    DECLARE_BASE,
    HOLD,
    KEEP,
    PASS,
    STOP,
    TRUMP_BASE,
)
from solo_rules.engine import ActionSpace

VARIANTS = available_variants()


def space(variant_id: str = "altenburg-1988") -> ActionSpace:
    """Every action of a variant."""
    actions: ActionSpace = load_variant(variant_id).compiled.actions
    return actions


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_action_text_parses_back_to_the_same_action(variant_id: str) -> None:
    actions = space(variant_id)
    for action in actions.by_id.values():
        for text in (action.text, action.text.upper(), f"  {action.text}  "):
            parsed = actions.parse(text)
            assert parsed == action and parsed.text == action.text, text


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_action_texts_are_unique_within_a_variant(variant_id: str) -> None:
    texts = [a.text.lower() for a in space(variant_id).by_id.values()]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_card_and_word_ids_are_the_same_in_every_variant(variant_id: str) -> None:
    """actions.py: "Ids of cards and of the fixed words are the same in every variant"."""
    by_id = space(variant_id).by_id
    for card in Card:
        assert by_id[card].text == f"play {card.name}"
    for code, letter in enumerate("CSHD"):
        assert by_id[TRUMP_BASE + code].text == f"trump {letter}"
    words = {PASS: "pass", HOLD: "hold", STOP: "stop", CONTINUE: "continue",
             ASK: "ask partner", KEEP: "keep"}
    for aid, word in words.items():
        assert by_id[aid].text == word
    if CALL_BASE in by_id:
        assert all(by_id[CALL_BASE + card].text == f"call {card.name}" for card in Card)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_action_kind_follows_the_id_layout(variant_id: str) -> None:
    for action in space(variant_id).by_id.values():
        assert action.text.startswith(action.kind), action
        if action.kind == "bid":
            assert BID_BASE <= action.id < DECLARE_BASE
        if action.kind == "declare":
            assert action.id >= DECLARE_BASE


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("yes", "hold"),
        ("YES", "hold"),
        ("weg", "pass"),
        ("helfer", "ask partner"),
        ("Helfer?", "ask partner"),
        ("ask", "ask partner"),
        ("go on", "continue"),
        ("play d10", "play DT"),
        ("  play   D10 ", "play DT"),
        ("play ♣Q", "play CQ"),
        ("play Eichel-Ober", "play CQ"),
        ("play EO", "play CQ"),
        ("call sa", "call SA"),
        ("call ♠A", "call SA"),
        ("trump hearts", "trump H"),
        ("trump ♥", "trump H"),
        ("declare solo hearts tout", "declare solo H tout"),
        ("declare Solo ♥", "declare solo H"),
        ("declare frage eichel", "declare frage C"),
        ("bid frage@clubs", "bid frage@C"),
        ("bid Frage @ C", "bid frage@C"),
    ],
)
def test_aliases_and_spellings_parse_to_the_canonical_action(text: str, canonical: str) -> None:
    assert space().parse(text).text == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bogus", "unknown action 'bogus'; actions start with one of: ask, bid, call, continue, "
                  "declare, hold, keep, pass, play, stop, trump (for example 'play CQ', "
                  "'bid frage', 'declare solo H')"),
        ("", "unknown action ''; actions start with one of"),
        ("play", "unknown action 'play'"),
        ("declare solo", "unknown action 'declare solo'"),
        ("bid nothing", "unknown action 'bid nothing'"),
        ("play X9", "cannot read action 'play X9': cannot read card 'X9': write the suit first"),
        ("call Eichel-Zwei", "cannot read action 'call Eichel-Zwei': cannot read card "
                             "'Eichel-Zwei'"),
    ],
)
def test_unreadable_action_text_raises_action_parse_error(text: str, message: str) -> None:
    with pytest.raises(ActionParseError) as excinfo:
        space().parse(text)
    assert str(excinfo.value).startswith(message)
    assert "\n" not in str(excinfo.value)


def test_action_text_must_be_a_string() -> None:
    with pytest.raises(ActionParseError, match=r"^action text must be a string, got 5$"):
        space().parse(5)  # type: ignore[arg-type]


def test_actions_compare_and_hash_by_id_and_sort_by_id() -> None:
    a, b = Action(68, "pass"), Action(68, "weg")
    assert a == b and hash(a) == hash(b)
    assert sorted([Action(100, "bid frage"), Action(2, "play CQ"), a]) == [
        Action(2, "play CQ"), a, Action(100, "bid frage")]
    assert str(Action(2, "play CQ")) == "play CQ"


def test_action_kinds() -> None:
    assert Action(Card.CQ, "play CQ").kind == "play"
    assert Action(CALL_BASE + Card.SA, "call SA").kind == "call"
    assert Action(TRUMP_BASE + 2, "trump H").kind == "trump"
    assert Action(ASK, "ask partner").kind == "ask partner"
    assert Action(BID_BASE, "bid frage").kind == "bid"
    assert Action(DECLARE_BASE, "declare x").kind == "declare"
