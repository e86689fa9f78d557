"""Matches: the first dealer, the next dealer, throw-ins and misdeals under each variant's own
session rules; running totals; the record of a whole match and its replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solo_rules
from solo_rules import GameRecord, Match, MatchRecord, Misdeal, RecordError, read_record
from solo_rules.bots import HeuristicBot, RandomBot

VARIANTS = solo_rules.available_variants()
GOLDEN = Path(__file__).resolve().parent / "records"


def bots(players: int, seed: int = 0) -> list[RandomBot]:
    return [RandomBot(seed * 8 + seat) for seat in range(players)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_first_dealer_is_drawn_by_the_variants_rule(variant: str) -> None:
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    for seed in range(20):
        match = Match.start(variant, seed=seed)
        assert match.first_dealer == match.dealer == rules.first_dealer(random.Random(seed))


def test_foster_the_first_player_dealt_a_club_deals_first() -> None:
    """S-FOS: "throw round the cards for the first club turned up to deal"."""
    rules = solo_rules.compile(solo_rules.load_variant("foster"))
    for seed in range(20):
        cards = list(solo_rules.CardSet(rules.pack))
        random.Random(seed).shuffle(cards)
        first_club = next(n for n, card in enumerate(cards) if card.suit == solo_rules.Suit.CLUBS)
        assert Match.start("foster", seed=seed).first_dealer == first_club % 4


def test_a_given_dealer_overrides_the_draw() -> None:
    assert Match.start("niese", seed=1, dealer=3).dealer == 3
    with pytest.raises(solo_rules.InvalidStateError, match=r"dealer must be a seat 0\.\.3"):
        Match.start("niese", seed=1, dealer=4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_deal_passes_to_the_left_after_each_hand(variant: str) -> None:
    """AMB-13: the next dealer is the next player in the direction of play."""
    match = Match.start(variant, seed=4)
    players = len(match.totals)
    following = solo_rules.compile(solo_rules.load_variant(variant)).next_seat
    for _ in range(5):
        dealer = match.dealer
        match = match.play(bots(players))
        assert match.dealer == following[dealer]


def test_altenburg_after_a_misdeal_the_same_dealer_deals_again() -> None:
    """AMB-13, S-HOY/S-QLAW (Quadrille law): "He who deals wrong is to deal again"."""
    match = Match.start("altenburg-1988", seed=2)
    after = match.misdeal()
    assert after.dealer == match.dealer
    assert after.hands == (Misdeal(match.dealer),) and after.totals == match.totals
    assert after.deal().hands != match.deal().hands  # a new shuffle


def test_niese_after_a_misdeal_the_deal_passes_to_the_left() -> None:
    """S-NIE: "In the event of a misdeal, the dealer loses the privilege of dealing and the
    deal is passed to the left." (EX-21)"""
    match = Match.start("niese", seed=2)
    assert match.misdeal().dealer == (match.dealer + 1) % 4


def test_a_hand_everyone_passes_is_thrown_in_nobody_scores_and_the_deal_passes() -> None:
    """AMB-37 (Niese): "If all pass, throw the hand in and pass the deal left"."""
    match = Match.start("niese", seed=1)
    passing = [_Passer()] * 4
    after = match.play(passing)
    hand = after.hands[0]
    assert isinstance(hand, GameRecord) and hand.outcome is not None
    assert hand.outcome.contract is None and hand.outcome.note.startswith("thrown in")
    assert after.totals == (0, 0, 0, 0)
    assert after.dealer == (match.dealer + 1) % 4


class _Passer:
    def choose(self, view: solo_rules.PlayerView) -> solo_rules.Action:
        return view.legal_actions[0]


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_the_totals_add_up_each_hands_scores(variant: str, seed: int, hands: int) -> None:
    match = Match.start(variant, seed=seed)
    players = len(match.totals)
    for number in range(hands):
        match = match.play(bots(players, seed + number))
    rows = match.running_totals()
    assert len(rows) == hands and rows[-1] == match.totals
    scores = [hand.outcome.scores for hand in match.hands
              if isinstance(hand, GameRecord) and hand.outcome is not None]
    assert match.totals == tuple(map(sum, zip(*scores, strict=True)))
    if solo_rules.compile(match.variant).settlement.zero_sum:
        assert sum(match.totals) == 0


def test_a_match_is_reproducible_from_its_seed() -> None:
    one = Match.start("foster", seed=9).play(bots(4)).play(bots(4))
    two = Match.start("foster", seed=9).play(bots(4)).play(bots(4))
    assert one == two
    first = one.hands[0]
    assert isinstance(first, GameRecord) and first.seed is not None
    assert solo_rules.new_game("foster", seed=first.seed, dealer=first.dealer).hands == tuple(
        cards.mask for cards in first.deal)


def test_finish_refuses_an_unfinished_hand_or_the_wrong_dealer() -> None:
    match = Match.start("altenburg-1988", seed=3, dealer=0)
    with pytest.raises(solo_rules.InvalidStateError, match="finish\\(\\) takes a finished hand"):
        match.finish(match.deal())
    other = solo_rules.new_game("altenburg-1988", seed=3, dealer=1)
    while not other.is_terminal:
        other = other.apply(other.legal_actions()[0])
    with pytest.raises(solo_rules.InvalidStateError, match="seat 0 deals this hand, not seat 1"):
        match.finish(other)


def test_a_hand_dealt_by_the_table_is_recorded_without_a_seed() -> None:
    match = Match.start("altenburg-1988", seed=3, dealer=0)
    dealt = solo_rules.new_game("altenburg-1988", seed=99, dealer=0)
    while not dealt.is_terminal:
        dealt = dealt.apply(dealt.legal_actions()[-1])
    hand = match.finish(dealt).hands[0]
    assert isinstance(hand, GameRecord) and hand.seed is None


# -- match records ---------------------------------------------------------------------------

def test_the_golden_match_record_replays() -> None:
    record = read_record(GOLDEN / "niese-match.yaml")
    assert isinstance(record, MatchRecord)
    match = Match.replay(record)
    assert match.to_record() == record
    assert any(isinstance(hand, Misdeal) for hand in record.hands)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_match_record_round_trips_and_replays(variant: str) -> None:
    match = Match.start(variant, seed=5)
    players = len(match.totals)
    match = match.play([HeuristicBot(s) for s in range(players)]).misdeal().play(bots(players))
    record = match.to_record()
    for text in (record.to_json(), record.to_yaml()):
        read = read_record(text)
        assert read == record
        assert isinstance(read, MatchRecord) and Match.replay(read) == match


def golden_match() -> dict[str, object]:
    record = read_record(GOLDEN / "niese-match.yaml")
    assert isinstance(record, MatchRecord)
    data: dict[str, object] = json.loads(record.to_json())
    return data


def match_error(data: dict[str, object]) -> str:
    record = read_record(json.dumps(data))
    assert isinstance(record, MatchRecord)
    with pytest.raises(RecordError) as caught:
        Match.replay(record)
    return str(caught.value)


def test_a_match_record_with_the_wrong_dealer_is_refused() -> None:
    data = golden_match()
    hands = data["hands"]
    assert isinstance(hands, list)
    hands[2]["dealer"] = (hands[2]["dealer"] + 1) % 4
    assert match_error(data).startswith("hand 2: dealt by seat ")


def test_a_match_record_with_wrong_totals_is_refused() -> None:
    data = golden_match()
    data["totals"] = [1, -1, 0, 0]
    assert match_error(data).startswith("the recorded totals [1, -1, 0, 0] are not the sums")


def test_a_bad_hand_in_a_match_record_names_the_hand_and_the_action() -> None:
    data = golden_match()
    hands = data["hands"]
    assert isinstance(hands, list)
    seat, _ = hands[0]["actions"][0]
    hands[0]["actions"][0] = [(seat + 1) % 4, "pass"]
    assert match_error(data).startswith("hand 0: action 0 ('pass' by seat ")
