"""Resampling: deals drawn for a seat are always consistent with its view (voids shown by
play, exposed hands, the called card and the partner), and uniform over the consistent deals
(a chi-square test on small cases, fixed seed) (issue 12)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from every_variant import DEFAULT, EVERY
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import solo_rules as sr
from solo_rules import Card
from solo_rules.resample import Resampler, is_consistent, resample, resample_state

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


@settings(max_examples=30)
@given(variant=st.sampled_from(EVERY), seed=st.integers(0, 10_000),
       stop=st.floats(0.0, 1.0), seat=st.integers(0, 5))
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
    assert is_consistent(view, variant, state.dealt)
    for _ in range(3):
        hands = resample(view, variant, rng)
        assert is_consistent(view, variant, hands)
        assert hands[view.seat] == state.dealt[view.seat]
        assert resample_state(view, variant, rng).view(view.seat) == view


def test_a_changed_view_is_not_consistent_with_the_true_deal() -> None:
    """The consistency check can fail: swapping a card between two other seats' hands in a
    deal breaks it once those seats have played from their hands as dealt."""
    state = sr.new_game("altenburg-1988", seed=4)
    rng = random.Random(4)
    while len(state.tricks) < 3 and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    dealt = list(state.dealt)
    played_by_1 = state.tricks[0].cards[(1 - state.tricks[0].leader) % 4]
    card_of_2 = (dealt[2] & -dealt[2]).bit_length() - 1
    dealt[1] ^= 1 << played_by_1 | 1 << card_of_2
    dealt[2] ^= 1 << played_by_1 | 1 << card_of_2
    assert not is_consistent(state.view(0), "altenburg-1988", tuple(dealt))


def _late_state(variant: str, seed: int, tricks: int) -> sr.GameState:
    """The first random hand from ``seed`` on still in play after ``tricks`` tricks."""
    rng = random.Random(seed)
    state = sr.new_game(variant, seed=seed)
    while len(state.tricks) < tricks or state.phase != sr.Phase.PLAY:
        if state.is_terminal:
            return _late_state(variant, seed + 1, tricks)
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _all_consistent(view: sr.PlayerView, variant: str) -> list[tuple[int, ...]]:
    """Every consistent deal, by brute force over every way to give the unseen cards to the
    other seats (no constraint assumed but how many cards each holds since the deal's moves)
    and, where the five-hand purchase put two seats' deals in one hand, every split of it."""
    sampler = Resampler(view, variant)
    unseen = frozenset(card for _, cards in sampler.classes for card in cards)
    base = list(sampler.played)
    base[view.seat] |= view.hand.mask
    deals = set()

    def give(seat: int, left: frozenset[int], hands: list[int]) -> None:
        if seat == view.players:
            for dealt in _undealt(sampler, view, hands):
                if is_consistent(view, variant, dealt):
                    deals.add(dealt)
            return
        for cards in itertools.combinations(sorted(left), sampler.capacity[seat]):
            mine = hands.copy()
            mine[seat] |= sum(1 << card for card in cards)
            give(seat + 1, left - set(cards), mine)

    give(0, unseen, base)
    return sorted(deals)


def _undealt(sampler: Resampler, view: sr.PlayerView,
             hands: list[int]) -> list[tuple[int, ...]]:
    """Every deal whose cards, moved as the deal's rule moves them, give ``hands``."""
    deals: list[list[int]] = [[0] * len(hands)]
    for holder, cards in enumerate(hands):
        group = [seat for seat, held_by in enumerate(sampler.holders) if held_by == holder]
        if view.seat in group:
            for deal in deals:
                deal[view.seat] = view.dealt.mask
            cards &= ~view.dealt.mask
            group.remove(view.seat)
        if not group:
            continue
        first, *rest = group  # a holder's cards are at most two seats' deals
        ways = itertools.combinations([c for c in range(32) if cards >> c & 1],
                                      sampler.sizes[first]) if rest else [tuple(
            c for c in range(32) if cards >> c & 1)]
        grown = []
        for part in ways:
            mask = sum(1 << card for card in part)
            for deal in deals:
                deal = deal.copy()
                deal[first] = mask
                if rest:
                    deal[rest[0]] = cards & ~mask
                grown.append(deal)
        deals = grown
    return [tuple(deal) for deal in deals]


def _renege_ending(variant: str, tricks: int) -> sr.GameState:
    """A hand of ``variant`` where a seat reneged its matadors, played on to ``tricks``
    tricks, with a seat to play that is not the reneger."""
    for seed in range(500):
        rng = random.Random(seed)
        state = sr.new_game(variant, seed=seed)
        reneger = None
        while not state.is_terminal and len(state.tricks) < tricks:
            choices = state.legal_actions()
            if state.phase == sr.Phase.PLAY and state.trick and reneger is None:
                rules = state.rules
                assert isinstance(rules, sr.CompiledRules)
                duty = rules.play.duty(rules, state, state.player)[1]
                follow = rules.tables(state.contract.trump).follow_mask(  # type: ignore[union-attr]
                    state.trick[0])
                off = [a for a in choices if a.card is not None and not follow >> a.card & 1]
                if duty == "renege" and off and state.hands[state.player] & follow:
                    reneger = state.player
                    choices = tuple(off)
            state = state.apply(rng.choice(choices))
        if reneger is not None and not state.is_terminal and state.phase == sr.Phase.PLAY \
                and state.player != reneger and len(state.tricks) == tricks:
            return state
    raise AssertionError(f"no renege in 500 hands of {variant}")


@pytest.mark.parametrize(("variant", "seed", "tricks"), [
    ("altenburg-1988", 5, 5), ("foster", 0, 6), ("heart-solo", 2, 5), ("niese", 0, 6),
    ("niese-five-hand", 1, 6), ("parlett-penguin", 0, 6)])
def test_resampling_is_uniform_over_the_consistent_deals(variant: str, seed: int,
                                                          tricks: int) -> None:
    state = _late_state(variant, seed, tricks)
    assert state.phase == sr.Phase.PLAY
    _check_uniform(state.view(state.player), variant, state)


@pytest.mark.parametrize("variant", [
    pytest.param("altenburg-1988+matador-renege", marks=pytest.mark.walks),
    "heart-solo+matador-renege"])
def test_resampling_is_uniform_after_a_permitted_renege(variant: str) -> None:
    """A seat reneged its matadors (AMB-53): the deals where it still holds trumps are among
    those drawn from, and each consistent deal is drawn equally often."""
    state = _renege_ending(variant, 5)
    _check_uniform(state.view(state.player), variant, state)


@pytest.mark.walks
def test_resampling_is_uniform_for_a_seat_that_did_not_see_the_purchase() -> None:
    """[S-NIE five-hand] A seat other than the dealer and the seller does not know which
    three of the buyer's cards the dealer looked at: every split is drawn equally often."""
    state = _late_state("niese-five-hand", 0, 7)
    seller = (state.dealer - 1) % 5
    seat = next(s for s in range(5) if s not in (state.dealer, seller))
    _check_uniform(state.view(seat), "niese-five-hand", state)


def _check_uniform(view: sr.PlayerView, variant: str, state: sr.GameState) -> None:
    """Every consistent deal found by brute force, the true one among them, and the sampler's
    draws spread over them evenly (chi-square, fixed seed)."""
    deals = _all_consistent(view, variant)
    assert state.dealt in deals and len(deals) >= 6
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


def _in_support(sampler: Resampler, state: sr.GameState) -> str | None:
    """Why the true deal of ``state`` could not be drawn by ``sampler`` (``None``: it could):
    each unseen card's true holder is among the seats its class allows, each seat is given as
    many as it holds, and the viewing seat's own dealt cards are where it saw them."""
    view = sampler.view
    holding = [state.hands[seat] | sampler.played[seat] for seat in range(state.players)]
    drawn = [0] * state.players
    for seats, cards in sampler.classes:
        for card in cards:
            holder = next(seat for seat in range(state.players) if holding[seat] >> card & 1)
            if holder not in seats:
                return f"{Card(card).name} is held by seat {holder}, not one of {seats}"
            drawn[holder] += 1
    for seat in range(state.players):
        if seat != view.seat and drawn[seat] != sampler.capacity[seat]:
            return f"seat {seat} holds {drawn[seat]} unseen cards, not {sampler.capacity[seat]}"
    if view.dealt.mask != state.dealt[view.seat] or not sampler.count:
        return "the seat's own deal is not kept"
    return None


def walk_support(variant: str, views: int, sample_every: int) -> int:
    """Every view of every seat at every step of random hands, until ``views`` views: the
    true deal is in the sampler's support and consistent, and every ``sample_every``-th view
    is sampled (a consistent deal is drawn). The number of views checked."""
    players = sr.compile(sr.load_variant(variant)).players
    checked = number = 0
    while checked < views:
        rng = random.Random(number)
        state = sr.new_game(variant, seed=number, dealer=number % players)
        states = [state]
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        for state in states:
            for seat in range(players):
                view = state.view(seat)
                sampler = Resampler(view, variant)
                why = _in_support(sampler, state)
                assert why is None, (variant, number, len(state.history), seat, why)
                if checked % sample_every == 0:
                    assert is_consistent(view, variant, state.dealt)
                    assert is_consistent(view, variant, sampler.sample(rng))
                checked += 1
        number += 1
    return checked


@pytest.mark.parametrize("variant", DEFAULT)
def test_the_true_deal_is_always_in_the_samplers_support(variant: str) -> None:
    """The true deal is consistent with every view met in play, so the sampler must be able
    to draw it: the five-hand purchase, the sitting-out seat and the matador renege included
    (issue 24)."""
    assert walk_support(variant, views=150, sample_every=7) >= 150


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_the_true_deal_is_always_in_the_samplers_support_over_many_hands(variant: str) -> None:
    assert walk_support(variant, views=4000, sample_every=3) >= 4000
