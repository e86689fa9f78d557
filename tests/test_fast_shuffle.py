"""The deal's inline shuffle (``solo_rules.rules.deal.shuffled``) must deal exactly what
``random.Random(seed).shuffle`` deals, or every seed would give another hand than before."""

from __future__ import annotations

import random

import pytest

from solo_rules.rules.deal import shuffled


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
