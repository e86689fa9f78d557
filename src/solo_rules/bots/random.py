"""A bot that picks uniformly among the legal actions: the baseline for simulations."""

from __future__ import annotations

import random
from typing import ClassVar

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses a legal action uniformly at random, reproducibly from ``seed``."""

    #: it reads nothing but the legal actions
    reads_values: ClassVar[bool] = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """A random legal action of ``view``."""
        return self.rng.choice(legal_choices(view))
