"""The action grammar: ids, text forms that parse back, aliases and parse errors."""

from __future__ import annotations

import pytest

from solo_rules import (
    Action,
    ActionParseError,
    Card,
    Suit,
    Word,
    available_variants,
    compile,
    load_variant,
    parse_action,
)
from solo_rules.actions import BID_BASE, CALL_BASE, DECLARE_BASE, PASS, TRUMP_BASE, ActionSpace
from solo_rules.cards import PIQUET_IDS, card_range
from solo_rules.rules.auction import HOLD, KEEP
from solo_rules.rules.early_end import CONTINUE, STOP
from solo_rules.rules.partner import ASK

VARIANTS = available_variants()


def space(variant_id: str = "altenburg-1988") -> ActionSpace:
    """Every action of a variant."""
    return compile(load_variant(variant_id)).actions


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
    for card in card_range(compile(load_variant(variant_id)).pack):
        assert by_id[Action.play(card).id].text == f"play {card.name}"
    words = {word.text: word.id for word in (PASS, HOLD, STOP, CONTINUE, ASK, KEEP)}
    for action in by_id.values():
        if action.text in words:
            assert action.id == words[action.text]
    assert by_id[PASS.id].text == "pass"
    if CALL_BASE in by_id:
        assert all(by_id[CALL_BASE + card].text == f"call {card.name}"
                   for card in list(Card)[:PIQUET_IDS])
        for code, letter in enumerate("CSHD"):
            assert by_id[TRUMP_BASE + code].text == f"trump {letter}"


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_each_module_contributes_the_words_it_takes(variant_id: str) -> None:
    """Words come from the modules that use them: "keep" only where the auction has the Niese
    keep rule, "hold" only with the immediate-hold auction, "ask partner" only with Helfer."""
    variant = load_variant(variant_id)
    texts = {a.text for a in space(variant_id).by_id.values()}
    auction = variant.slots["auction"].module.module_id
    assert ("hold" in texts) == (auction == "auction.immediate_hold")
    assert ("keep" in texts) == (auction == "auction.single_round")
    partner = variant.slots.get("partner")
    helfer = partner is not None and getattr(partner.module, "helfer", None) is not None
    assert ("ask partner" in texts) == helfer
    assert {"pass", "stop", "continue"} <= texts


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
        ("trump ♡", "trump H"),
        ("trump karo", "trump D"),
        ("trump Schellen", "trump D"),
        ("play karo-ass", "play DA"),
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
                  "declare, hold, pass, play, stop, trump (for example 'play CQ', "
                  "'bid frage', 'declare solo H')"),
        ("", "empty action text: write an action like 'play CQ' or 'pass'"),
        ("play", "cannot read action 'play': 'play' takes one card, like 'play CQ'"),
        ("trump X", "cannot read action 'trump X': cannot read suit 'X'"),
        ("declare solo H tout extra", "cannot read action 'declare solo H tout extra'"),
        ("declare solo", "unknown action 'declare solo'"),
        ("bid nothing", "unknown action 'bid nothing'"),
        ("play X9", "cannot read action 'play X9': cannot read card 'X9': write the suit first"),
        ("call Eichel-Eins", "cannot read action 'call Eichel-Eins': cannot read card "
                             "'Eichel-Eins'"),
    ],
)
def test_unreadable_action_text_raises_action_parse_error(text: str, message: str) -> None:
    with pytest.raises(ActionParseError) as excinfo:
        space().parse(text)
    assert str(excinfo.value).startswith(message)
    assert "\n" not in str(excinfo.value)


def test_action_text_must_be_a_string() -> None:
    with pytest.raises(TypeError, match=r"^action text must be a string, got int 5$"):
        space().parse(5)  # type: ignore[arg-type]


def test_actions_compare_and_hash_by_id_and_sort_by_id() -> None:
    a, b = Action.word(PASS), Action(68, "weg")
    assert a == b and hash(a) == hash(b)
    play = Action.play(Card.CQ)
    bid = Action.make_bid(0, "frage")
    assert sorted([bid, play, a]) == [play, a, bid]
    assert str(play) == "play CQ"
    assert repr(play) == "Action(id=2, text='play CQ')"


def test_actions_are_structured_values_printed_by_one_printer() -> None:
    """python-chess style: fields in, text out, and ``parse_action`` reads the text back."""
    cases = [
        (Action.play(Card.CQ), "play", "play CQ"),
        (Action.call(Card.SA), "call", "call SA"),
        (Action.trump(Suit.HEARTS), "trump", "trump H"),
        (Action.word(ASK), "ask partner", "ask partner"),
        (Action.make_bid(3, "frage@C"), "bid", "bid frage@C"),
        (Action.declare(DECLARE_BASE + 21, "solo", Suit.HEARTS, True), "declare",
         "declare solo H tout"),
        (Action.declare(DECLARE_BASE + 8, "grossfrage", None, False), "declare",
         "declare grossfrage"),
    ]
    for action, kind, text in cases:
        assert (action.kind, action.text) == (kind, text)
        assert parse_action(text, {}) == action.key
    bid = Action.make_bid(3, "frage@C")
    assert (bid.bid, bid.suit, bid.level, bid.id) == ("frage@C", Suit.CLUBS, 3, BID_BASE + 3)
    assert Action.call(Card.SA).card is Card.SA and Action.call(Card.SA).id == CALL_BASE + 8


def test_a_word_needs_an_id_in_the_word_range_and_a_plain_text() -> None:
    with pytest.raises(ValueError, match=r"outside 68\.\.99"):
        Word("knock", 120)
    with pytest.raises(ValueError, match="does not begin with play"):
        Word("play again", 90)


def test_two_words_on_one_id_are_refused() -> None:
    with pytest.raises(ValueError, match="action id 68 is both 'pass' and 'knock'"):
        ActionSpace.build([Action.word(PASS), Action.word(Word("knock", 74)),
                           Action(68, "knock")], [PASS])
