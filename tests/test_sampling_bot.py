"""The sampling bot (``solo_rules.bots.SamplingBot``; issue 13, part 4) plays legal actions
only, decides from its seat's view alone, is reproducible from its seed, and finds a winning
line the heuristic bot misses. Tiny sample counts and late endings keep these tests fast."""

from __future__ import annotations

import random

import pytest

import solo_rules
from solo_rules import GameState, Phase, solve
from solo_rules.bots import HeuristicBot, SamplingBot
from solo_rules.resample import Resampler, replay

VARIANTS = solo_rules.available_variants()
#: The variants whose views ``resample`` rebuilds deals from: every one (the five-hand Niese's
#: purchase included, issue 24).
RESAMPLED = tuple(VARIANTS)


def _late_ending(variant: str, seed: int, cards: int) -> GameState:
    """A hand of ``variant`` played by heuristic bots until the seat to play a card holds at
    most ``cards`` cards and has a choice, in a contract with a declarer."""
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    for attempt in range(seed, seed + 200):
        state = solo_rules.new_game(variant, seed=attempt, dealer=attempt % rules.players)
        bots = [HeuristicBot(attempt * 8 + seat) for seat in range(rules.players)]
        while not state.is_terminal:
            contract = state.contract
            if (state.phase == Phase.PLAY and contract is not None
                    and contract.declarer is not None
                    and state.hands[state.player].bit_count() <= cards
                    and len(state.legal_actions()) > 1):
                return state
            state = state.apply(bots[state.player].choose(state.view(state.player)))
    raise AssertionError(f"no late ending found in {variant}")


def _play_hand(variant: str, seed: int, samples: int, depth: int, bid_samples: int = 0,
               state: GameState | None = None) -> list[str]:
    """A whole hand (from ``state`` if given) with a sampling bot in every seat; the actions,
    each checked legal. It bids as the heuristic bot unless ``bid_samples`` is above 0
    (tests/test_sampling_bot_bidding.py): full-deal solves are slow in pure Python."""
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    if state is None:
        state = solo_rules.new_game(variant, seed=seed, dealer=seed % rules.players)
    bots = [SamplingBot(rules, seed * 8 + seat, samples=samples, depth=depth,
                        bid_samples=bid_samples) for seat in range(rules.players)]
    played: list[str] = []
    while not state.is_terminal:
        view = state.view(state.player)
        action = bots[state.player].choose(view)
        assert action in view.legal_actions
        played.append(action.text)
        state = state.apply(action)
    state.outcome()
    return played


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sampling_bot_plays_only_legal_actions_to_the_end(variant: str) -> None:
    for seed in range(3):
        _play_hand(variant, seed, samples=2, depth=3)


def test_the_sampling_bot_is_reproducible_from_its_seed() -> None:
    assert _play_hand("altenburg-1988", 5, 3, 4) == _play_hand("altenburg-1988", 5, 3, 4)


@pytest.mark.parametrize("variant", RESAMPLED)
def test_the_sampling_bot_chooses_the_same_whatever_the_hidden_hands(variant: str) -> None:
    # The true deal and another one the seat cannot tell from it (same view): the bot, with
    # the same seed, must choose the same card, for it never looks at the hidden hands.
    state = _late_ending(variant, 11, 4)
    seat = state.player
    view = state.view(seat)
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    resampler = Resampler(view, rules)
    rng = random.Random(3)
    others = [replay(rules, resampler.sample(rng), view.dealer, view) for _ in range(20)]
    other = next(o for o in others if o is not None and o.hands != state.hands)
    assert other.view(seat) == view
    chosen = SamplingBot(rules, 7, samples=3).choose(view)
    assert SamplingBot(rules, 7, samples=3).choose(other.view(seat)) == chosen


def test_the_sampling_bot_refuses_the_full_game_state() -> None:
    state = _late_ending("altenburg-1988", 1, 3)
    with pytest.raises(TypeError, match="PlayerView"):
        SamplingBot(state.rules.variant, 0).choose(state)  # type: ignore[arg-type]


# Altenburg 1988, seed 307, dealer 3: seat 1 plays a Frage in clubs and calls HA, held by
# seat 2. After five tricks the party has three and needs five; seat 2 (revealed) leads from
# SK SJ H7, its partner holds SA S9 S8 and the defenders hold only hearts and diamonds.
# Leading the spades wins two tricks (the partner plays under them): the contract is made
# whatever the defenders hold that the view allows. The heuristic bot leads its lowest plain
# card, H7: the defenders take it and every trick after it.
PLAYED = "D8 D7 DK DA H8 H9 C9 HA SQ CJ C8 C7 D9 CK S7 DQ CA CQ CT ST"
SPADE_ENDING = ("pass", "bid frage", "pass", "pass", "declare frage C", "call HA",
                *(f"play {card}" for card in PLAYED.split(" ")))


def test_the_sampling_bot_finds_the_winning_spade_leads_the_heuristic_bot_misses() -> None:
    state = solo_rules.new_game("altenburg-1988", seed=307, dealer=3)
    for text in SPADE_ENDING:
        state = state.apply(text)
    view = state.view(2)
    assert state.player == 2 and state.party() == (1, 2)
    heuristic = HeuristicBot(0).choose(view)
    assert heuristic.text == "play H7"
    assert not solve(state.apply(heuristic)).made
    chosen = SamplingBot(state.rules.variant, 0, samples=4).choose(view)
    assert chosen.text in ("play SK", "play SJ")
    assert solve(state.apply(chosen)).made
    # clear-cut: in deals the seat cannot tell from this one, the spade lead makes and H7 fails
    rules = solo_rules.compile(state.variant)
    resampler = Resampler(view, rules)
    rng = random.Random(1)
    for _ in range(10):
        other = replay(rules, resampler.sample(rng), view.dealer, view)
        assert other is not None
        assert solve(other.apply(chosen)).made and not solve(other.apply(heuristic)).made


def test_the_sampling_bot_needs_a_sample() -> None:
    with pytest.raises(ValueError, match="samples must be at least 1"):
        SamplingBot("altenburg-1988", 0, samples=0)
