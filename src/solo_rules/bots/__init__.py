"""Bots that play a seat from its ``PlayerView`` alone, so they can never see hidden cards.

``RandomBot`` picks a legal action at random; ``HeuristicBot`` bids the contract its hand
makes by rules of thumb and plays simple, sensible card play; ``SamplingBot`` solves resampled
deals double-dummy; ``ValueBot`` values its choices before the play on resampled deals played
out as the heuristic bot plays, and plays as it. All take a seed, so a game between bots is
reproducible.

Which rules each reacts to: every bot chooses among the legal actions, so a rule that changes
them (a duty, a bid ladder, the cards the engine lets it play) changes its choices. Only the
sampling and value bots choose by what the variant pays: they bid and declare from the score
of each legal choice on resampled deals played out under the variant's own rules, so a change
of scoring or settlement (a Solo worth more, a higher prime) changes their bids. The heuristic
bot bids from its hand's strength in the family's card order against the contracts' targets
and partners (and, where a bid is an amount, the games that amount admits), and the random bot
draws: a change of scoring leaves every one of their choices as it was. Each class says so in
its ``reads_values`` attribute (the sampling bot's is false when it bids as the heuristic bot,
``bid_samples=0``), which a study reads to note a metric that cannot respond.
"""

from solo_rules.bots.base import Bot, SkipsForcedMoves, legal_choices, skips_forced_moves
from solo_rules.bots.heuristic import HeuristicBot
from solo_rules.bots.random import RandomBot
from solo_rules.bots.sampling import SamplingBot
from solo_rules.bots.value import ValueBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "SamplingBot", "SkipsForcedMoves", "ValueBot",
           "legal_choices", "skips_forced_moves"]
