"""A bot that plays by sampling the hidden cards and solving each sample double-dummy.

For a card to play (or the declarer's stop / go-on decision) it draws ``samples`` deals
uniformly from those consistent with its own view (``solo_rules.resample``: never the true
hidden hands), solves every legal action on each of them with ``solo_rules.solver`` under the
variant's own rules, and takes the action after which its side reaches its objective in the
most samples (the declarer's party: the contract made; a defender: the contract beaten), then,
among those tied, the one with the best mean trick count for its side, then the first legal.

What it leaves to ``HeuristicBot`` (the same view, its own seed), and why:

* the auction, the declaration and every other decision before the play (calling a card,
  purchase, naming trumps): choosing a contract from samples means solving each candidate
  contract from the first lead on every sample, 0.1 to 3 s a solve in pure Python
  (``benchmarks/solver.py``), too slow for a bot in a simulation;
* the play while its hand holds more than ``depth`` cards: the solve time grows about
  fourfold per extra trick (``benchmarks/sampling_bot.py`` reports the time per decision);
* hands without a declarer's party (nothing for the solver to score);
* views from which ``resample`` can rebuild no deal: it deals the seat the cards of its
  view, which the five-hand Niese's purchase (S-NIE) has changed since the deal.

It is a perfect-information Monte Carlo player: each sample is solved as if every hand were
known to everyone, the usual simplification (strategy fusion) of such bots.
"""

from __future__ import annotations

import random

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.bots.heuristic import HeuristicBot
from solo_rules.game import CompiledRules
from solo_rules.observation import rules_of
from solo_rules.resample import Resampler, replay
from solo_rules.solver import DoubleDummy
from solo_rules.state import GameState, Phase
from solo_rules.variant import Variant
from solo_rules.view import PlayerView

__all__ = ["SamplingBot"]

#: The phases the solver searches: the card play and the declarer's decisions after a trick.
_SOLVED = (Phase.PLAY, Phase.DECIDE)


class SamplingBot:
    """Plays ``variant`` from a seat's view by solving ``samples`` resampled deals once its
    hand holds at most ``depth`` cards; seeded, so a game between bots is reproducible."""

    def __init__(self, variant: CompiledRules | Variant | str, seed: int | None = None, *,
                 samples: int = 8, depth: int = 5) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.rules = rules_of(variant)
        self.rng = random.Random(seed)
        self.samples = samples
        self.depth = depth
        self.fallback = HeuristicBot(self.rng.getrandbits(64))

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if (view.phase not in _SOLVED or view.declarer is None
                or len(view.hand) > self.depth):
            return self.fallback.choose(view)
        resampler = Resampler(view, self.rules)
        if resampler.count == 0:
            return self.fallback.choose(view)
        return self._search(view, legal, resampler)

    def _search(self, view: PlayerView, legal: tuple[Action, ...],
                resampler: Resampler) -> Action:
        """The action that reaches the side's objective in most samples, then the one with
        the best mean trick count among those tied."""
        rules = self.rules
        made = [0] * len(legal)
        solved: list[tuple[DoubleDummy, list[GameState], bool]] = []
        for _ in range(self.samples):
            state = replay(rules, resampler.sample(self.rng), view.dealer, view)
            assert state is not None  # the resampler keeps only deals the history replays on
            search = DoubleDummy(state)
            gaining = view.seat in search.party
            children = [rules.apply_id(state, action.id) for action in legal]
            for i, child in enumerate(children):
                made[i] += search.makes(child) is gaining
            solved.append((search, children, gaining))
        most = max(made)
        tied = [i for i, count in enumerate(made) if count == most]
        if len(tied) == 1:
            return legal[tied[0]]
        tricks = dict.fromkeys(tied, 0)
        for search, children, gaining in solved:
            for i in tied:
                count = search.tricks(children[i])
                tricks[i] += count if gaining else -count
        return legal[max(tied, key=lambda i: (tricks[i], -i))]
