"""Bots that play a seat from its ``PlayerView`` alone, so they can never see hidden cards.

``RandomBot`` picks a legal action at random; ``HeuristicBot`` plays simple, sensible card
play; ``SamplingBot`` solves resampled deals double-dummy. All take a seed, so a game between
bots is reproducible.
"""

from solo_rules.bots.base import Bot, SkipsForcedMoves, legal_choices, skips_forced_moves
from solo_rules.bots.heuristic import HeuristicBot
from solo_rules.bots.random import RandomBot
from solo_rules.bots.sampling import SamplingBot
from solo_rules.bots.value import ValueBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "SamplingBot", "SkipsForcedMoves", "ValueBot",
           "legal_choices", "skips_forced_moves"]
