"""Every choice says what it commits the player to, in the words of the rule that offers it
(``CompiledRules.means``, ``AuctionRules.bid_meaning``, ``ContractDef.brief``), and a table
writes cards and suits one way, as the rulebook does (``solo_rules.display``; issue 26)."""

from __future__ import annotations

import pytest

import solo_rules as sr
from solo_rules import compile as sr_compile
from solo_rules.display import action_text, in_menu_order, in_trump_order, symbols


@pytest.mark.parametrize("vid", sr.available_variants())
def test_every_bid_and_declaration_says_what_it_commits_to(vid: str) -> None:
    """Each bid and declaration of every variant is explained, and no two of a variant read
    alike (Kicker and Bronco, Bull and Solo 2 differ): the contract's name, trumps, partner,
    goal and base value, from the rule that offers it."""
    rules = sr_compile(sr.load_variant(vid))
    state = sr.new_game(vid, seed=1)
    for kind in ("bid", "declare"):
        actions = [a for a in rules.actions.by_id.values() if a.kind == kind]
        notes = {}
        for action in actions:
            note = (rules.auction.bid_meaning(rules, action.bid or "") if kind == "bid"
                    else rules.contracts.means(rules, state, action.id))  # type: ignore[attr-defined]
            assert note, (vid, action.text)
            assert "_" not in note.split(":")[0], (vid, note)  # a display name, not an id
            notes[action.text] = note
        assert len(set(notes.values())) == len(notes), (vid, kind)


def test_the_bids_newcomers_asked_about_are_explained() -> None:
    niese = sr_compile(sr.load_variant("niese"))
    assert niese.auction.bid_meaning(niese, "isitsolo") == \
        "IsIt Solo (♣): ♣ trumps, alone, take 5 tricks; base value 4"
    kicker = niese.auction.bid_meaning(niese, "kicker")
    bronco = niese.auction.bid_meaning(niese, "bronco")
    assert "your hand laid face up" in bronco and "face up" not in kicker
    assert niese.auction.bid_meaning(niese, "bull") != niese.auction.bid_meaning(niese, "solo2")
    foster = sr_compile(sr.load_variant("foster"))
    tout = next(a for a in foster.actions.by_id.values() if a.text.startswith(
        "declare tout_partner"))
    assert foster.contracts.means(foster, sr.new_game("foster", seed=1), tout.id) \
        .startswith("Tout with a partner: ")  # type: ignore[attr-defined]


def test_the_menu_follows_the_hand_order_for_any_trumps() -> None:
    rules = sr_compile(sr.load_variant("niese"))
    state = sr.new_game("niese", seed=3)
    while state.phase != sr.Phase.PLAY:
        state = state.apply(state.legal_actions()[-1])
    trump = state.contract.trump if state.contract else None
    menu = in_menu_order(rules, state.legal_actions(), trump)
    order = in_trump_order(rules, state.hand(state.player), trump)
    assert [a.card for a in menu] == [card for card in order if card in
                                      {a.card for a in menu}]


def test_action_text_writes_cards_and_suits_as_symbols() -> None:
    rules = sr_compile(sr.load_variant("altenburg-1988"))
    texts = {a.text: action_text(a) for a in rules.actions.by_id.values()}
    assert texts["play CQ"] == "play ♣Q" and texts["call SA"] == "call ♠A"
    assert texts["declare frage H"] == "declare frage ♥"
    assert texts["declare solo D tout"] == "declare solo ♦ tout"
    assert texts["bid frage@C"] == "bid frage@♣"
    for text, shown in texts.items():  # the parser reads each back
        assert rules.actions.parse(shown).text == text


def test_the_helfer_question_is_named_and_passing_says_what_it_plays() -> None:
    rules = sr_compile(sr.load_variant("altenburg-1988"))
    state = sr.new_game("altenburg-1988", seed=230)
    from solo_rules.bots import HeuristicBot
    bots = [HeuristicBot(230 * 8 + seat) for seat in range(4)]
    while state.phase != sr.Phase.DECIDE:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    notes = {a.text: rules.means(state, a.id) for a in state.legal_actions()}
    assert notes == {
        "pass": 'play on without asking "Helfer?"',
        "ask partner": 'ask "Helfer?": the partner answers "Hier!" and is known from now on; '
                       "the party may then not play on for every trick"}


def test_an_engine_message_is_shown_with_the_rulebooks_cards() -> None:
    assert symbols("seat 2 must follow the suit of CQ; legal: play SQ, play H10, play DT") == \
        "seat 2 must follow the suit of ♣Q; legal: play ♠Q, play ♥10, play ♦10"
    assert symbols("bid frage@C, declare solo H, CARD, ACE") == \
        "bid frage@C, declare solo H, CARD, ACE"


def test_a_contract_is_written_with_the_symbols_of_its_suits() -> None:
    state = sr.new_game("altenburg-1988", seed=12, dealer=3)
    for text in ("pass", "pass", "bid frage", "pass", "declare frage H", "call CA"):
        state = state.apply(text)
    assert state.contract is not None
    assert state.rules.contract_text(state.contract) == "Frage by seat 2, trumps ♥, calling ♣A"
