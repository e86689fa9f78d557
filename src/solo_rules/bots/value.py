"""A value-aware bidder: it values its choices by playing them as it will play them.

Every decision but a card to play (a bid, pass or hold, the purchase, the contract declared,
the called card, naming trumps, the Mediateur exchange, the declarer's stop or go-on) is worth
its mean score over ``bid_samples`` deals drawn from those consistent with the bot's view:
on each, the choice is played to the end of the hand by ``HeuristicBot``\\ s in every seat
(seeded alike for every choice of a sample), each deciding from its own view, and scored by the
variant's own rules (``Outcome.scores``: its base values, bonuses and settlement). So the
valuation matches the play: the card play is ``HeuristicBot``'s (the same view, its own seed),
a partner called by a card stays hidden until his card shows, as at the table (the samples
draw who holds it), and a misère is valued as the bot can duck it. A choice worth more is made
more often; where no sample pays anything (a variant without a settlement), it cannot value
and decides as the heuristic bot.

Among more than ``FINALISTS`` choices (a declaration: every contract, suit and Tout the
auction allows), each is screened on half of ``bid_samples`` samples and only the best few are
scored on ``bid_samples`` fresh ones, which alone decide: on few samples the best-looking choice
is often the luckiest one (a Tout made in every sample), and its luck must not count twice. And
the deals it sampled are kept for its later decisions of the hand while they stay consistent
with its view (a deal its view now rules out is dropped and a fresh one drawn, so the samples
stay uniform over the consistent deals). ``benchmarks/value_bot.py`` measures its hands per
CPU-second and its gain over the heuristic bot.
"""

from __future__ import annotations

from typing import ClassVar

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.bots.heuristic import HeuristicBot
from solo_rules.bots.sampling import BidSample, SamplingBot, _LeadKey
from solo_rules.game import CompiledRules
from solo_rules.resample import Resampler, replay
from solo_rules.state import GameState, Phase
from solo_rules.variant import Variant
from solo_rules.view import PlayerView

__all__ = ["ValueBot"]

_PLAY = Phase.PLAY
#: The choices a decision scores again on samples of their own.
FINALISTS = 3


class ValueBot(SamplingBot):
    """Bids, declares and stops or goes on from the expected score of each legal choice over
    ``bid_samples`` resampled deals played out by heuristic bots (the finalists of a wide
    choice scored on samples of their own, samples kept through the hand); plays its cards as
    ``HeuristicBot``. Seeded, so a game between bots is reproducible."""

    #: one legal action is always its choice, and choosing it draws nothing
    skips_forced_moves: ClassVar[bool] = True

    def __init__(self, variant: CompiledRules | Variant | str, seed: int | None = None, *,
                 bid_samples: int = 8) -> None:
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
        if view.phase == _PLAY:
            return self.fallback.choose(view)
        resampler = Resampler(view, self.rules)
        if resampler.count == 0:
            return self.fallback.choose(view)
        return self._bid(view, legal, resampler)

    def _bid(self, view: PlayerView, legal: tuple[Action, ...],
             resampler: Resampler) -> Action:
        """The choice with the best total score over ``bid_samples`` samples (the heuristic
        bot's if no sample scores anything). Among more than ``FINALISTS`` choices (a
        declaration's contracts, suits and Touts), each is first screened on half as many
        samples, and only the ``FINALISTS`` best are scored on ``bid_samples`` others, which
        alone decide: the choice that looked best on few samples is often the one that was
        luckiest there (a Tout), and that luck must not count twice."""
        if len(legal) <= FINALISTS:
            ranked = list(range(len(legal)))
            totals = self._totals(view, legal, self._bid_samples(view, resampler))
        else:
            screen = max(1, self.bid_samples // 2)
            samples = self._bid_samples(view, resampler, screen + self.bid_samples)
            first = self._totals(view, legal, samples[:screen])
            if not any(first):
                return self.fallback.choose(view)
            ranked = sorted(range(len(legal)), key=lambda i: (-first[i], i))[:FINALISTS]
            totals = self._totals(view, [legal[i] for i in ranked], samples[screen:])
        if not any(totals):  # nothing paid: the samples cannot tell the choices apart
            return self.fallback.choose(view)
        return legal[ranked[max(range(len(ranked)), key=lambda k: (totals[k], -ranked[k]))]]

    def _play_out(self, state: GameState, bots: list[HeuristicBot],
                  lines: dict[_LeadKey, tuple[int, ...]]) -> GameState:
        """The end of the hand as ``bots`` play it from their views: the policy the bot
        itself plays by, with a called partner hidden until his card shows."""
        while not state.is_terminal:
            state = self._step(state, bots)
        return state

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
