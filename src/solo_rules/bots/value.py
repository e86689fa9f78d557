"""A value-aware bidder: the sampling bot's bidding, the heuristic bot's card play.

Every decision before the play (a bid, pass or hold, the purchase, the contract declared, the
called card, naming trumps, the Mediateur exchange) is ``SamplingBot``'s: each legal choice is
worth its mean score over ``bid_samples`` deals drawn from those consistent with the bot's
view, each choice carried to the first lead by heuristic rollouts and played out along the
double-dummy solver's line, then scored by the variant's own rules (``Outcome.scores``: its
base values, bonuses and settlement). So the choice answers the variant's contract values: a
Solo worth more is bid more often. The card play, where a solve per decision costs most, is
``HeuristicBot``'s (the same view, its own seed).

What makes it cheaper than ``SamplingBot``'s bidding over a hand: the deals it sampled for one
decision are kept for its later decisions of the hand while they stay consistent with its
view (a deal that its view rules out is dropped and a fresh one drawn, so the samples stay
uniform over the consistent deals), each with its rollout seeds and the lines already solved
on it; a first lead reached again is not solved again. ``benchmarks/value_bot.py`` measures
its hands per CPU-second and its gain over the heuristic bot.
"""

from __future__ import annotations

from typing import ClassVar

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.bots.sampling import BidSample, SamplingBot
from solo_rules.game import CompiledRules
from solo_rules.resample import Resampler, replay
from solo_rules.state import Phase
from solo_rules.variant import Variant
from solo_rules.view import PlayerView

__all__ = ["ValueBot"]

_SOLVED = (Phase.PLAY, Phase.DECIDE)


class ValueBot(SamplingBot):
    """Bids and declares from the expected score of each legal choice over ``bid_samples``
    resampled deals solved double-dummy (``SamplingBot``'s bidding, samples kept through the
    hand); plays its cards as ``HeuristicBot``. Seeded, so a game between bots is
    reproducible."""

    #: one legal action is always its choice, and choosing it draws nothing
    skips_forced_moves: ClassVar[bool] = True

    def __init__(self, variant: CompiledRules | Variant | str, seed: int | None = None, *,
                 bid_samples: int = 4) -> None:
        if bid_samples < 1:
            raise ValueError(f"bid_samples must be at least 1, not {bid_samples}")
        super().__init__(variant, seed, samples=1, depth=0, bid_samples=bid_samples)
        #: the samples of the last decision before the play
        self.kept: list[BidSample] = []

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase in _SOLVED:
            return self.fallback.choose(view)
        return super().choose(view)

    def _bid_samples(self, view: PlayerView, resampler: Resampler) -> list[BidSample]:
        """The kept samples whose deal is still consistent with ``view`` (replayed to its
        state), topped up with fresh ones to ``bid_samples``."""
        rules = self.rules
        samples = []
        for kept in self.kept:
            state = replay(rules, kept.state.dealt, view.dealer, view)
            if state is not None and rules.view(state, view.seat) == view:
                samples.append(BidSample(state, kept.seeds, kept.lines))
        while len(samples) < self.bid_samples:
            state = self._sample(view, resampler)
            samples.append(BidSample(state, [self.rng.getrandbits(64)
                                             for _ in range(rules.players)], {}))
        self.kept = samples
        return samples
