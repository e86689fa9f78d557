"""The sampling bot's decisions before the play (issue 13, part 4: "bidding from the same
samples"): each legal bid, pass, declaration or call is carried to the first lead on deals
resampled from the seat's view and scored double-dummy. It decides from the view alone, is
reproducible from its seed, bids a hand that is cold in every sample, passes a hopeless one,
and falls back on the heuristic bot when told to draw no sample. A sample or two and hands
whose solves are short keep these tests fast."""

from __future__ import annotations

import random

import pytest
from test_sampling_bot import _play_hand

import solo_rules
from solo_rules import GameState, Phase, solve
from solo_rules.bots import HeuristicBot, SamplingBot
from solo_rules.cards import parse_cards
from solo_rules.compare import seeded_deal
from solo_rules.game import CompiledRules
from solo_rules.resample import Resampler, replay
from solo_rules.rules.exchange import EXCHANGE

MEDIATEUR = "altenburg-1988+mediateur"
#: tests/overlays/test_mediateur.py's deal: seat 0 lacks HA (seat 1's) and DA (seat 2's).
MEDIATEUR_HANDS = ("CQ H7 HK HQ HJ CA SA D7", "HA HT H9 CK CJ DK DQ S9",
                   "DA SQ H8 CT C9 DJ DT S8", "C8 C7 SK SJ ST S7 D9 D8")
ALTENBURG = solo_rules.compile(solo_rules.load_variant("altenburg-1988"))
HEART_SOLO = solo_rules.compile(solo_rules.load_variant("heart-solo"))


def _heart_solo(first: str, second: str) -> GameState:
    """Heart Solo (S-FOS: three hands of eight from 24 cards) dealt by seat 2, so seat 0
    bids first and holds ``first``; seat 1 holds ``second``, seat 2 the rest. Two defenders
    keep the full-deal solves short."""
    hands = [parse_cards(text).mask for text in (first, second)]
    return HEART_SOLO.start((*hands, HEART_SOLO.pack & ~(hands[0] | hands[1])), 2)


# Seat 0 holds Spadille (CQ), Manille (C7), Basta (SQ) and the five best clubs besides: a
# Solo in clubs (the 4 bid, S-FOS "The only play is for the Solo") takes every trick whatever
# the others hold, in every sample.
COLD = _heart_solo("CQ C7 SQ CA CK CJ CT C9", "C8 SA SK SJ ST S9 S8 S7")
# Seat 0 holds no matador, no ace and no club or diamond: no Solo of his can be made.
HOPELESS = _heart_solo("H7 H9 HT S7 S8 S9 SJ ST", "CQ C7 SQ CA CK CJ CT C9")


def test_the_sampling_bot_bids_a_hand_that_is_cold_in_every_sample() -> None:
    state = COLD
    view = state.view(0)
    assert [a.text for a in view.legal_actions] == ["pass", "bid 4", "bid 8"]
    assert SamplingBot(HEART_SOLO, 1, bid_samples=2).choose(view).kind == "bid"
    # carried on by sampling bots in every seat, seat 0 declares a Solo it makes (in colour,
    # for 8: Spadille, Basta and six clubs from the ace are cold there too, and worth twice)
    bots = [SamplingBot(HEART_SOLO, seat, bid_samples=2) for seat in range(3)]
    while state.phase not in (Phase.PLAY, Phase.END):
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    assert state.contract is not None and state.contract.declarer == 0
    assert solve(state).made


def test_the_sampling_bot_passes_a_hopeless_hand() -> None:
    view = HOPELESS.view(0)
    assert [a.text for a in view.legal_actions] == ["pass", "bid 4", "bid 8"]
    assert SamplingBot(HEART_SOLO, 1, bid_samples=2).choose(view).text == "pass"


def _reach(rules: CompiledRules, seed: int, phase: str) -> GameState:
    """A hand of ``rules`` dealt from ``seed``, played by heuristic bots up to a decision of
    ``phase`` with a choice."""
    state = rules.start(*seeded_deal(rules, seed))
    bots = [HeuristicBot(seed * 8 + seat) for seat in range(rules.players)]
    while state.phase != phase or len(state.legal_actions()) < 2:
        assert not state.is_terminal, f"no {phase} decision in deal {seed}"
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    return state


def _other_deal(rules: CompiledRules, state: GameState) -> GameState:
    """A deal the seat to move cannot tell from ``state`` (the same view), with other hidden
    hands."""
    view = state.view(state.player)
    resampler = Resampler(view, rules)
    rng = random.Random(3)
    for _ in range(20):
        other = replay(rules, resampler.sample(rng), view.dealer, view)
        if other is not None and other.hands != state.hands:
            assert other.view(state.player) == view
            return other
    raise AssertionError("no other deal with the same view")


#: Decisions before the play, each in a deal whose solves are short.
DECISIONS = [(ALTENBURG, 1, Phase.AUCTION), (ALTENBURG, 5, Phase.DECLARE),
             (ALTENBURG, 5, Phase.CALL), (HEART_SOLO, 10, Phase.DECLARE)]


@pytest.mark.parametrize(("rules", "seed", "phase"), DECISIONS,
                         ids=[f"{r.variant.id}-{p}" for r, _, p in DECISIONS])
def test_the_sampling_bots_bidding_is_the_same_whatever_the_hidden_hands(
        rules: CompiledRules, seed: int, phase: str) -> None:
    # The bot never looks at the hidden hands: with the same seed it decides the same in two
    # deals that give the seat to move the same view.
    state = _reach(rules, seed, phase)
    other = _other_deal(rules, state)
    chosen = SamplingBot(rules, 7, bid_samples=2).choose(state.view(state.player))
    assert SamplingBot(rules, 7, bid_samples=2).choose(other.view(other.player)) == chosen


def test_the_sampling_bots_bidding_is_reproducible_from_its_seed() -> None:
    state = _reach(HEART_SOLO, 11, Phase.DECLARE)
    view = state.view(state.player)
    chosen = {SamplingBot(HEART_SOLO, 5, bid_samples=3).choose(view) for _ in range(3)}
    assert len(chosen) == 1 and chosen <= set(view.legal_actions)


#: Whole hands whose decisions before the play are each taken from one sample: Heart Solo's
#: all-pass hand without a declarer (S-FOS "the winner of the last trick loses"), played out by
#: the rollout bots; Münsterland's call and trumps named by the partner (Verscheih); the
#: six-hand Niese.
HANDS = [("heart-solo", 0), ("heart-solo", 2), ("muensterland-sollo", 2),
         ("muensterland-sollo", 3), ("niese-six-hand", 0)]


@pytest.mark.parametrize(("variant", "seed"), HANDS)
def test_the_sampling_bot_bids_and_plays_whole_hands_legally(variant: str, seed: int) -> None:
    played = _play_hand(variant, seed, samples=2, depth=3, bid_samples=1)
    assert played and not played[-1].startswith(("bid", "declare", "call"))


def test_the_sampling_bot_decides_the_five_hand_purchase_from_samples() -> None:
    """[S-NIE five-hand: "the dealer has the option of buying the player's hand to the right by
    looking only at the last three cards that player received"] The dealer's offer or pass is
    taken from deals resampled around the three cards he saw (issue 24: the purchase is
    resampled), and is reproducible from the bot's seed."""
    state = solo_rules.new_game("niese-five-hand", seed=2)
    view = state.view(state.player)
    assert view.seat == state.dealer and len(view.hand) == 3
    chosen = {SamplingBot("niese-five-hand", 3, bid_samples=1).choose(view) for _ in range(2)}
    assert len(chosen) == 1 and chosen <= set(view.legal_actions)


def test_the_sampling_bot_demands_and_returns_in_the_mediateur_exchange() -> None:
    # The mediateur overlay (S-WIK Variations, AMB-48): the declarer demands an Ace he lacks
    # and gives a card back face down; both from samples, then the play can begin.
    state = solo_rules.new_game(MEDIATEUR, hands=list(MEDIATEUR_HANDS), dealer=3)
    for text in ("bid frage", "pass", "pass", "pass", "declare mediateur H"):
        state = state.apply(text)
    kinds = []
    while state.phase == EXCHANGE:
        view = state.view(state.player)
        action = SamplingBot(MEDIATEUR, 2, bid_samples=1).choose(view)
        assert action in view.legal_actions
        kinds.append(action.kind)
        state = state.apply(action)
    assert kinds == ["demand", "hand over", "return"] and state.phase == Phase.PLAY


def test_without_bid_samples_the_sampling_bot_bids_as_the_heuristic_bot() -> None:
    # bid_samples=0: every decision before the play is the heuristic bot's, seeded with the
    # first draw of the sampling bot's generator
    for seed in range(10):
        state = solo_rules.new_game("altenburg-1988", seed=seed, dealer=seed % 4)
        view = state.view(state.player)
        heuristic = HeuristicBot(random.Random(seed).getrandbits(64)).choose(view)
        assert SamplingBot(ALTENBURG, seed, bid_samples=0).choose(view) == heuristic


def test_the_sampling_bot_needs_a_non_negative_bid_sample_count() -> None:
    with pytest.raises(ValueError, match="bid_samples must be at least 0"):
        SamplingBot("altenburg-1988", 0, bid_samples=-1)
