"""The heuristic bot bids and declares its hand by the contracts the rules expose (issue 39):
the contract it makes that is worth most, a Tout or going on only when every trick is certain,
a called card it does not hold, a misère only when it can duck it; and the value bot values
its choices as it plays them."""

from __future__ import annotations

import pytest
from test_sampling_bot_bidding import _other_deal

import solo_rules
from solo_rules.bots import HeuristicBot, ValueBot
from solo_rules.bots.judgement import certain, ducks, need
from solo_rules.cards import Suit, parse_cards
from solo_rules.compare import seeded_deal
from solo_rules.ranking import Trump
from solo_rules.state import GameState, Phase

ALTENBURG = solo_rules.compile(solo_rules.load_variant("altenburg-1988"))
AMERICAN = solo_rules.compile(solo_rules.load_variant("american-trick-count"))
FOSTER = solo_rules.compile(solo_rules.load_variant("foster"))
NIESE = solo_rules.compile(solo_rules.load_variant("niese"))
QUADRILLE = solo_rules.compile(solo_rules.load_variant("quadrille"))


def _deal(rules: solo_rules.CompiledRules, hand: str, dealer: int = 3) -> GameState:
    """A hand with ``hand`` for the eldest seat (after ``dealer``) and the rest of the pack
    dealt round to the others in card order."""
    eldest = (dealer + 1) % rules.players
    mine = parse_cards(hand).mask
    others = [seat for seat in range(rules.players) if seat != eldest]
    hands = [0] * rules.players
    hands[eldest] = mine
    rest = [card for card in range(32) if not mine >> card & 1]
    for k, card in enumerate(rest):
        hands[others[k % len(others)]] |= 1 << card
    return rules.start(tuple(hands), dealer)


def _first(state: GameState, phase: str, rules: solo_rules.CompiledRules) -> GameState:
    """``state`` played by heuristic bots (with the rules) up to a decision of ``phase``."""
    bots = [HeuristicBot(seat, rules) for seat in range(rules.players)]
    while state.phase != phase:
        assert not state.is_terminal, f"no {phase} decision"
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    return state


def test_the_needs_grow_with_the_target_and_the_opponents_and_shrink_with_a_partner() -> None:
    assert need(5, 4, partner=True) == pytest.approx(8)  # a Frage at four hands
    assert need(5, 4, partner=False) > need(5, 3, partner=False) > need(5, 4, partner=True)
    assert need(6, 4, partner=True) > need(5, 4, partner=True)
    assert need(3, 6, partner=True, cards=5) < need(5, 4, partner=True)  # six hands
    assert need(3, 6, partner=True, cards=5) > need(3, 6, partner=True, cards=8)


def test_heuristic_bot_bids_its_hands_level_not_the_lowest_bid() -> None:
    """American trick count: a hand of the eight highest clubs bids above the lowest rung at
    once."""
    state = _first(_deal(AMERICAN, "CQ C7 SQ CA CK CJ CT C9"), Phase.AUCTION, AMERICAN)
    view = state.view(state.player)
    lowest = min(a.level for a in view.legal_actions if a.level is not None)
    chosen = HeuristicBot(1, AMERICAN).choose(view)
    assert chosen.kind == "bid" and chosen.level is not None and chosen.level > lowest + 2


def test_heuristic_bot_passes_a_hand_that_makes_nothing() -> None:
    state = _first(_deal(AMERICAN, "C7 C8 S7 S8 H7 H8 D7 D8"), Phase.AUCTION, AMERICAN)
    assert HeuristicBot(1, AMERICAN).choose(state.view(state.player)).kind == "pass"


def test_heuristic_bot_announces_a_tout_when_every_trick_is_certain() -> None:
    """Altenburg, hearts trumps: the eight highest trumps take every trick."""
    state = _first(_deal(ALTENBURG, "CQ H7 SQ HA HK HQ HJ HT"), Phase.DECLARE, ALTENBURG)
    chosen = HeuristicBot(1, ALTENBURG).choose(state.view(state.player))
    assert chosen.tout and chosen.suit == Suit.HEARTS and chosen.contract == "solo"


def test_heuristic_bot_declares_a_solo_it_makes_rather_than_a_partner_game() -> None:
    """Altenburg: the five highest trumps and three plain aces, no Tout (the ninth and tenth
    trumps are out), play alone."""
    state = _first(_deal(ALTENBURG, "CQ H7 SQ HA HK CA SA DA"), Phase.DECLARE, ALTENBURG)
    chosen = HeuristicBot(1, ALTENBURG).choose(state.view(state.player))
    assert chosen.contract == "solo" and not chosen.tout and chosen.suit == Suit.HEARTS


def test_heuristic_bot_does_not_call_an_ace_it_holds_when_another_is_callable() -> None:
    """Every call decision of 200 seeded Foster deals where the caller holds a callable card
    and another is callable: he calls one he does not hold."""
    seen = 0
    for number in range(200):
        state = FOSTER.start(*seeded_deal(FOSTER, number))
        bots = [HeuristicBot(number * 8 + seat, FOSTER) for seat in range(FOSTER.players)]
        while not state.is_terminal:
            view = state.view(state.player)
            chosen = bots[state.player].choose(view)
            calls = [a.card for a in view.legal_actions if a.kind == "call"]
            held = [card for card in calls if card in view.hand]
            if held and len(held) < len(calls):
                seen += 1
                assert chosen.card not in view.hand, (number, str(chosen))
            state = state.apply(chosen)
    assert seen > 0


def test_the_declarer_goes_on_only_when_every_remaining_trick_is_certain() -> None:
    tables = ALTENBURG.tables(Trump.HEARTS)
    top, rest = parse_cards("CQ H7 SQ").mask, parse_cards("HA HK H9 CA SA").mask
    assert certain(top, rest, tables, on_lead=True)  # three top trumps, three tricks
    assert not certain(parse_cards("CQ H7 HA").mask, parse_cards("SQ HK H9").mask, tables,
                       on_lead=True)  # SQ is out and beats the HA
    # an ace is certain only once the trumps are drawn and no higher card of its suit is out
    assert certain(parse_cards("CQ H7 CA").mask, parse_cards("HA C8 SA").mask, tables, True)
    assert not certain(parse_cards("CQ CA CK").mask, parse_cards("H7 SQ C8").mask, tables,
                       True)


def test_heuristic_bot_does_not_bid_a_misere_it_cannot_duck() -> None:
    """Niese: a hand of aces and kings bids no Kicker or Bronco; a hand of the lowest cards
    of each suit can duck them all (strictly, as a declarer who must head a trick)."""
    state = _first(_deal(NIESE, "CA CK SA SK HA HK DA DK"), Phase.AUCTION, NIESE)
    view = state.view(state.player)
    chosen = HeuristicBot(1, NIESE).choose(view)
    assert chosen.bid not in ("kicker", "bronco")
    tables = NIESE.tables(Trump.NONE)
    low = parse_cards("C7 C8 S7 S8 H7 H8 D7 D8").mask
    assert ducks(low, (1 << 32) - 1 & ~low, tables, strict=True)
    high = parse_cards("CA CK SA SK HA HK DA DK").mask
    assert not ducks(high, (1 << 32) - 1 & ~high, tables, strict=False)


def test_the_auctions_name_the_contracts_of_each_bid() -> None:
    spades_hearts_diamonds = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    assert AMERICAN.auction.bid_contracts(AMERICAN, "6") == (
        ("t6", spades_hearts_diamonds), ("solo6", spades_hearts_diamonds))
    assert ALTENBURG.auction.bid_contracts(ALTENBURG, "frage@C") == (("frage", (Suit.CLUBS,)),)
    assert [c for c, _ in FOSTER.auction.bid_contracts(FOSTER, "16")] == ["tout",
                                                                          "tout_partner"]
    assert NIESE.auction.bid_contracts(NIESE, "isitsolo") == (("solo", (Suit.CLUBS,)),)


def test_the_value_bot_decides_as_the_heuristic_bot_where_nothing_pays() -> None:
    """Quadrille without a settlement scores every hand 0: the value bot cannot value its
    bids and bids as the heuristic bot (rather than passing every deal)."""
    bids = 0
    for number in range(6):
        state = QUADRILLE.start(*seeded_deal(QUADRILLE, number))
        while state.phase == Phase.AUCTION:
            view = state.view(state.player)
            bot = ValueBot(QUADRILLE, number, bid_samples=2)
            chosen = bot.choose(view)
            assert chosen == bot.fallback.choose(view)
            bids += chosen.kind != "pass"
            state = state.apply(chosen)
    assert bids > 0


def test_the_value_bot_decides_stop_or_go_on_from_its_samples() -> None:
    """At the declarer's decision after the fifth trick the value bot asks its samples, the
    same whatever the hidden hands."""
    for number in range(40):
        state = ALTENBURG.start(*seeded_deal(ALTENBURG, number))
        bots = [HeuristicBot(number * 8 + seat, ALTENBURG) for seat in range(4)]
        while not state.is_terminal and not (state.phase == Phase.DECIDE
                                             and len(state.legal_actions()) > 1):
            state = state.apply(bots[state.player].choose(state.view(state.player)))
        if state.is_terminal:
            continue
        bot = ValueBot(ALTENBURG, 5, bid_samples=2)
        chosen = bot.choose(state.view(state.player))
        assert bot.kept, "the decision was not taken from samples"
        other = _other_deal(ALTENBURG, state)
        again = ValueBot(ALTENBURG, 5, bid_samples=2).choose(other.view(other.player))
        assert again == chosen
        return
    pytest.fail("no stop or go-on decision on these deals")
