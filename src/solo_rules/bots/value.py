"""A value-aware bidder: the sampling bot's bidding, the heuristic bot's card play.

Every decision before the play (a bid, pass or hold, the purchase, the contract declared, the
called card, naming trumps, the Mediateur exchange) is ``SamplingBot``'s: each legal choice is
worth its mean score over ``bid_samples`` deals drawn from those consistent with the bot's
view, each choice carried to the first lead by heuristic rollouts and played out along the
double-dummy solver's line, then scored by the variant's own rules (``Outcome.scores``: its
base values, bonuses and settlement). So the choice answers the variant's contract values: a
Solo worth more is bid more often. The card play, where a solve per decision costs most, is
``HeuristicBot``'s (the same view, its own seed).

Two things set it apart from ``SamplingBot``'s bidding. Among more than ``FINALISTS``
choices (a declaration: every contract, suit and Tout the auction allows), each is screened on
half of ``bid_samples`` samples and only the best few are scored on ``bid_samples`` fresh ones,
which alone decide: on few samples the best-looking choice is often the luckiest one (a Tout
made in every sample), and its luck must not count twice. And the deals it sampled are kept
for its later decisions of the hand while they stay consistent with its view (a deal its view
now rules out is dropped and a fresh one drawn, so the samples stay uniform over the
consistent deals), each with its rollout seeds and the lines already solved on it: a first
lead reached again is not solved again. ``benchmarks/value_bot.py`` measures its hands per
CPU-second and its gain over the heuristic bot.
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
#: The choices a decision scores again on samples of their own.
FINALISTS = 3


class ValueBot(SamplingBot):
    """Bids and declares from the expected score of each legal choice over ``bid_samples``
    resampled deals solved double-dummy (``SamplingBot``'s bidding, the finalists of a wide
    choice scored on samples of their own, samples kept through the hand); plays its cards as
    ``HeuristicBot``. Seeded, so a game between bots is reproducible."""

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

    def _bid(self, view: PlayerView, legal: tuple[Action, ...],
             resampler: Resampler) -> Action:
        """The choice with the best total score over ``bid_samples`` samples. Among more
        than ``FINALISTS`` choices (a declaration's contracts, suits and Touts), each is first
        screened on half as many samples, and only the ``FINALISTS`` best are scored on
        ``bid_samples`` others, which alone decide: the choice that looked best on few
        samples is often the one that was luckiest there (a Tout), and that luck must not
        count twice."""
        if len(legal) <= FINALISTS:
            return super()._bid(view, legal, resampler)
        screen = max(1, self.bid_samples // 2)
        samples = self._bid_samples(view, resampler, screen + self.bid_samples)
        first = self._totals(view, legal, samples[:screen])
        ranked = sorted(range(len(legal)), key=lambda i: (-first[i], i))[:FINALISTS]
        second = self._totals(view, [legal[i] for i in ranked], samples[screen:])
        return legal[ranked[max(range(len(ranked)), key=lambda k: (second[k], -ranked[k]))]]

    def _bid_samples(self, view: PlayerView, resampler: Resampler,
                     count: int | None = None) -> list[BidSample]:
        """The kept samples whose deal is still consistent with ``view`` (replayed to its
        state), topped up with fresh ones to ``count`` (``bid_samples``)."""
        rules = self.rules
        wanted = self.bid_samples if count is None else count
        samples = []
        for kept in self.kept:
            state = replay(rules, kept.state.dealt, view.dealer, view)
            if state is not None and rules.view(state, view.seat) == view:
                samples.append(BidSample(state, kept.seeds, kept.lines))
        while len(samples) < wanted:
            state = self._sample(view, resampler)
            samples.append(BidSample(state, [self.rng.getrandbits(64)
                                             for _ in range(rules.players)], {}))
        self.kept = samples
        return samples
