"""Resampling: deals drawn for a seat are always consistent with its view (voids shown by
play, exposed hands, the called card and the partner), and uniform over the consistent deals
(a chi-square test on small cases, fixed seed) (issue 12)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import solo_rules as sr
from solo_rules.resample import Resampler, is_consistent, resample, resample_state

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


def _dealt(state: sr.GameState) -> tuple[int, ...]:
    return tuple(state.dealt_hand(seat).mask for seat in range(state.players))


@settings(max_examples=30)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000),
       stop=st.floats(0.0, 1.0), seat=st.integers(0, 3))
def test_resampled_deals_are_consistent_with_the_view(variant: str, seed: int, stop: float,
                                                     seat: int) -> None:
    rng = random.Random(seed)
    state = sr.new_game(variant, seed=seed)
    moves = []
    while not state.is_terminal:
        moves.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    state = moves[int(stop * (len(moves) - 1))]
    view = state.view(seat % state.players)
    assert is_consistent(view, variant, _dealt(state))
    for _ in range(3):
        hands = resample(view, variant, rng)
        assert is_consistent(view, variant, hands)
        assert hands[view.seat] == _dealt(state)[view.seat]
        assert resample_state(view, variant, rng).view(view.seat) == view


def test_a_changed_view_is_not_consistent_with_the_true_deal() -> None:
    """The consistency check can fail: swapping a card between two other seats' hands in a
    deal breaks it once those seats have played from their hands as dealt."""
    state = sr.new_game("altenburg-1988", seed=4)
    rng = random.Random(4)
    while len(state.tricks) < 3 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    dealt = list(_dealt(state))
    played_by_1 = state.tricks[0].cards[(1 - state.tricks[0].leader) % 4]
    card_of_2 = (dealt[2] & -dealt[2]).bit_length() - 1
    dealt[1] ^= 1 << played_by_1 | 1 << card_of_2
    dealt[2] ^= 1 << played_by_1 | 1 << card_of_2
    assert not is_consistent(state.view(0), "altenburg-1988", tuple(dealt))


def _late_state(variant: str, seed: int, tricks: int) -> sr.GameState:
    rng = random.Random(seed)
    state = sr.new_game(variant, seed=seed)
    while len(state.tricks) < tricks:
        if state.is_terminal:
            return _late_state(variant, seed + 1, tricks)
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _all_consistent(view: sr.PlayerView, variant: str) -> list[tuple[int, ...]]:
    """Every consistent deal, by brute force over every way to give the unseen cards to the
    other seats (no constraint assumed but the hand sizes)."""
    sampler = Resampler(view, variant)
    unseen = frozenset(card for _, cards in sampler.classes for card in cards)
    base = list(sampler.played)
    base[view.seat] |= view.hand.mask
    deals = set()

    def give(seat: int, left: frozenset[int], hands: list[int]) -> None:
        if seat == view.players:
            if is_consistent(view, variant, tuple(hands)):
                deals.add(tuple(hands))
            return
        for cards in itertools.combinations(sorted(left), sampler.capacity[seat]):
            mine = hands.copy()
            mine[seat] |= sum(1 << card for card in cards)
            give(seat + 1, left - set(cards), mine)

    give(0, unseen, base)
    return sorted(deals)


@pytest.mark.parametrize(("variant", "seed", "tricks"), [
    ("altenburg-1988", 5, 5), ("foster", 0, 6), ("heart-solo", 2, 5), ("niese", 0, 6)])
def test_resampling_is_uniform_over_the_consistent_deals(variant: str, seed: int,
                                                          tricks: int) -> None:
    state = _late_state(variant, seed, tricks)
    assert state.phase == sr.Phase.PLAY
    view = state.view(state.player)
    deals = _all_consistent(view, variant)
    assert _dealt(state) in deals and len(deals) >= 6
    sampler = Resampler(view, variant)
    rng = random.Random(12)
    draws = 20 * len(deals)
    counts = Counter(sampler.sample(rng) for _ in range(draws))
    assert set(counts) <= set(deals)
    observed = [counts[deal] for deal in deals]
    result = chisquare(observed)
    assert result.pvalue > 0.001, (len(deals), observed)


def test_a_biased_sampler_fails_the_chi_square_check() -> None:
    """The uniformity test can fail: always preferring the first consistent deal half the
    time is detected."""
    state = _late_state("altenburg-1988", 5, 5)
    view = state.view(state.player)
    deals = _all_consistent(view, "altenburg-1988")
    rng = random.Random(12)
    sampler = Resampler(view, "altenburg-1988")
    draws = [deals[0] if rng.random() < 0.5 else sampler.sample(rng)
             for _ in range(20 * len(deals))]
    counts = Counter(draws)
    assert chisquare([counts[deal] for deal in deals]).pvalue < 0.001


def test_voids_shown_by_play_are_kept() -> None:
    """[S-WIK: "Players must follow suit if possible"] A seat that did not follow the led
    suit is never given a card of it in a resampled deal."""
    rng = random.Random(0)
    for seed in range(40):
        state = _late_state("altenburg-1988", seed, 4)
        tables = state.rules.tables(state.contract.trump)  # type: ignore[union-attr]
        for trick in state.tricks:
            follow = tables.follow_mask(trick.cards[0])
            for seat, card in zip(trick.players(4), trick.cards, strict=True):
                if seat != state.player and not follow >> card & 1:
                    sampler = Resampler(state.view(state.player), "altenburg-1988")
                    hands = sampler.sample(rng)
                    assert not (hands[seat] & follow & ~state.dealt_hand(seat).mask
                                & ~_played(state, seat))
                    return
    pytest.fail("no void shown in 40 hands")


def _played(state: sr.GameState, seat: int) -> int:
    return state.dealt_hand(seat).mask & ~state.hands[seat]


def test_cards_laid_face_up_stay_with_the_declarer() -> None:
    """[S-NIE Bronco; AMB-34] the cards a contract lays face up are the declarer's in every
    resampled deal."""
    rng = random.Random(0)
    for seed in range(100):
        state = sr.new_game("niese", seed=seed)
        while not state.is_terminal:
            view = state.view((state.player + 1) % 4)
            if view.exposed and view.declarer not in (None, view.seat):
                for _ in range(5):
                    hands = resample(view, "niese", rng)
                    assert hands[view.declarer] & view.exposed.mask == view.exposed.mask
                return
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no exposed hand in 100 Niese hands")


def test_resampling_is_reproducible_from_the_seed() -> None:
    state = _late_state("foster", 0, 3)
    view = state.view(state.player)
    first = [resample(view, "foster", random.Random(9)) for _ in range(2)]
    assert first[0] == first[1]
    assert len({resample(view, "foster", random.Random(seed)) for seed in range(20)}) > 1
