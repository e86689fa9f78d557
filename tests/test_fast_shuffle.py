"""The deal's inline shuffle (``solo_rules.rules.deal.shuffled``) and its compiled generator
(``Twister``) must deal exactly what ``random.Random(seed).shuffle`` deals, or every seed would
give another hand than before."""

from __future__ import annotations

import random

import pytest

from solo_rules.rules.deal import Twister, seeded, shuffled


@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 31, 32])
def test_inline_shuffle_equals_random_shuffle_for_every_seed(size: int) -> None:
    for seed in range(500):
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert shuffled(list(range(size)), random.Random(seed)) == expected


def test_another_generator_shuffles_itself() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    cards = shuffled(list(range(32)), Counting(7))
    expected = list(range(32))
    random.Random(7).shuffle(expected)
    assert Counting.calls == 1 and cards == expected


# seeds of one 32-bit word and of two (the PettingZoo adapter draws below 2**62), their edges
SEEDS = [0, 1, 2, 7, 19650218, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**62 - 3, 2**64 - 1]


@pytest.mark.parametrize("seed", SEEDS)
def test_twister_draws_what_random_random_draws_from_the_same_seed(seed: int) -> None:
    twister, reference = Twister(seed), random.Random(seed)
    # a thousand words and more: past the first renewal of the 624-word state
    for k in [1, 5, 32, 0, 33, 64, 100] + [32] * 1200:
        assert twister.getrandbits(k) == reference.getrandbits(k), k


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 32, 700])
def test_twister_shuffles_as_random_random_shuffles(seed: int, size: int) -> None:
    expected = list(range(size))
    random.Random(seed).shuffle(expected)
    assert shuffled(list(range(size)), Twister(seed)) == expected


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, "1", None])
def test_twister_refuses_a_seed_it_cannot_mirror(seed: object) -> None:
    with pytest.raises(ValueError, match="seed is an int 0 <= seed < 2\\*\\*64"):
        Twister(seed)  # type: ignore[arg-type]


def test_negative_bit_counts_are_refused_as_random_refuses_them() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        Twister(1).getrandbits(-1)


def test_the_deal_draws_from_a_seed_what_random_random_draws() -> None:
    for seed in (0, 5, 2**40 + 3):
        assert seeded(seed).getrandbits(32) == random.Random(seed).getrandbits(32)
    assert type(seeded(None)) is random.Random
    assert type(seeded(2**64)) is random.Random
