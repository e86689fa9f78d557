"""The Python API at its boundary (issue 8): a wrong Python type is a ``TypeError`` with a clear
message, a wrong value a ``SoloRulesError``; nothing is quietly misread."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import solo_rules as sr
from solo_rules import cards as cards_module
from solo_rules.variant import variant_dir


@pytest.mark.parametrize("bad", [None, 1.5, b"pass", ["pass"], True, object()])
def test_apply_refuses_what_is_not_an_action_text_or_id(bad: Any) -> None:
    state = sr.new_game("altenburg-1988", seed=1)
    with pytest.raises(TypeError, match=r"^apply takes an Action, its text or its int id, got "):
        state.apply(bad)


def test_an_action_of_another_variant_is_refused_by_its_text_not_taken_by_its_id() -> None:
    """Altenburg's ``bid grossfrage@C`` has the id of Foster's ``bid 16``: refused."""
    altenburg = sr.compile(sr.load_variant("altenburg-1988")).actions
    foster = sr.new_game("foster", seed=2)
    action = altenburg.parse("bid grossfrage@C")
    twin = foster.rules.actions.by_id[action.id]
    assert twin.text != action.text  # the premise: one id, two meanings
    with pytest.raises(sr.ActionParseError, match=rf"^'bid grossfrage@C' \(id {action.id}\) is "
                       rf"not an action of foster: its id {action.id} here is '{twin.text}'$"):
        foster.apply(action)


def test_an_equal_action_built_anew_is_accepted() -> None:
    state = sr.new_game("altenburg-1988", seed=1)
    legal = state.legal_actions()[0]
    rebuilt = sr.Action(legal.id, legal.kind, legal.card, legal.suit, legal.contract,
                        legal.tout, legal.bid, legal.level)
    assert state.apply(rebuilt) == state.apply(legal)


def test_new_game_takes_a_path_as_load_variant_does() -> None:
    path = variant_dir() / "niese.yaml"
    assert sr.new_game(Path(path), seed=4) == sr.new_game("niese", seed=4)


def test_new_game_refuses_a_variant_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match=r"^new_game takes a Variant, its id or a path, got int"):
        sr.new_game(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["altenburg-1988", "foster", "heart-solo", "niese"])
def test_one_seed_is_one_deal_the_dealer_drawn_by_the_variants_rule(variant: str) -> None:
    """Without ``dealer=``, the dealer is the variant's first dealer drawn from the seed (as
    ``solo-rules play --seed`` draws it), and the deal is the one that dealer deals."""
    rules = sr.compile(sr.load_variant(variant))
    dealers = set()
    for seed in range(12):
        dealer = rules.first_dealer(random.Random(seed))
        state = sr.new_game(variant, seed=seed)
        assert state.dealer == dealer
        assert state == sr.new_game(variant, seed=seed, dealer=dealer)
        dealers.add(dealer)
    assert len(dealers) > 1


def test_negative_seeds_are_refused_not_dealt_as_their_absolute_value() -> None:
    with pytest.raises(sr.InvalidStateError, match=r"^seed must be an int >= 0, got -5$"):
        sr.new_game("altenburg-1988", seed=-5)


@pytest.mark.parametrize("seat", [-1, 4, 100])
def test_a_seat_outside_the_table_is_refused_not_indexed_from_the_end(seat: int) -> None:
    state = sr.new_game("altenburg-1988", seed=1)
    for read in (state.hand, state.dealt_hand, state.view):
        with pytest.raises(sr.InvalidStateError, match=rf"^seat must be 0\.\.3, got {seat}$"):
            read(seat)


@pytest.mark.parametrize("seat", ["1", 1.0, None, True])
def test_a_seat_of_the_wrong_type_is_a_type_error(seat: Any) -> None:
    state = sr.new_game("altenburg-1988", seed=1)
    for read in (state.hand, state.dealt_hand, state.view):
        with pytest.raises(TypeError, match=r"^a seat is an int 0\.\.3, got "):
            read(seat)


@pytest.mark.parametrize("mask", [-255, -1, 1 << 52])
def test_a_cardset_mask_outside_the_card_ids_is_refused(mask: int) -> None:
    with pytest.raises(sr.CardParseError, match=r"^a CardSet mask is 52 bits"):
        sr.CardSet(mask)


@pytest.mark.parametrize("mask", ["1", 1.0, None, True])
def test_a_cardset_mask_of_the_wrong_type_is_a_type_error(mask: Any) -> None:
    with pytest.raises(TypeError, match=r"^a CardSet mask is an int, got "):
        sr.CardSet(mask)


def test_a_cardset_of_an_int_subclass_in_range_is_accepted() -> None:
    assert sr.CardSet(sr.Card.CK) == sr.CardSet(int(sr.Card.CK))


@pytest.mark.parametrize("parse", [sr.parse_card, sr.parse_cards, sr.parse_suit])
@pytest.mark.parametrize("bad", [None, 5, b"CQ"])
def test_card_parsers_refuse_what_is_not_text(parse: Any, bad: Any) -> None:
    with pytest.raises(TypeError, match=r"is read from text \(str\), got "):
        parse(bad)


def test_parse_cards_cache_is_bounded() -> None:
    for pad in range(20_000):
        assert sr.parse_card(" " * pad + "CQ") is sr.Card.CQ
    assert len(cards_module._PARSE_CACHE) <= cards_module._PARSE_CACHE_SIZE
    # bounded in size too: a padded text is parsed, not kept (20,000 of them kept 39 MB)
    assert sum(map(len, cards_module._PARSE_CACHE)) <= \
        cards_module._PARSE_CACHE_SIZE * cards_module._PARSE_CACHE_TEXT


def test_an_unknown_rulebook_format_is_a_solo_rules_error() -> None:
    with pytest.raises(sr.SoloRulesError, match=r"^rulebook format must be one of text, "
                                                r"markdown, rst, got 'html'$"):
        sr.rulebook(sr.load_variant("niese"), "html")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["x" * 5000, "play " + "x" * 5000, "declare solo " + "y" * 3000])
def test_an_error_names_a_huge_input_without_echoing_all_of_it(text: str) -> None:
    state = sr.new_game("niese", seed=1)
    with pytest.raises(sr.ActionParseError) as info:
        state.apply(text)
    assert len(str(info.value)) < 400
    assert "characters)" in str(info.value)


def test_a_seat_of_another_integer_type_is_taken_by_its_value() -> None:
    """An integer type with ``__index__`` (numpy's, as RL libraries hand them over) names
    the seat it holds."""

    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = sr.new_game("niese", seed=1)
    assert state.hand(Index(2)) == state.hand(2)  # type: ignore[arg-type]
    assert state.view(Index(1)) == state.view(1)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match=r"^seat must be 0\.\.3, got -1$"):
        state.hand(Index(-1))  # type: ignore[arg-type]
