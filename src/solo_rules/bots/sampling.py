"""A bot that plays and bids by sampling the hidden cards and solving each sample double-dummy.

For a card to play (or the declarer's stop / go-on decision) it draws ``samples`` deals
uniformly from those consistent with its own view (``solo_rules.resample``: never the true
hidden hands), solves every legal action on each of them with ``solo_rules.solver`` under the
variant's own rules, and takes the action after which its side reaches its objective in the
most samples (the declarer's party: the contract made; a defender: the contract beaten), then,
among those tied, the one with the best mean trick count for its side, then the first legal.

Every decision before the play (a bid, pass or hold, the purchase, the contract declared, the
called card, naming trumps, the Mediateur exchange) it takes from ``bid_samples`` deals drawn
the same way. On each sampled deal, each legal action is carried forward to the first lead:

* the rollout: every later decision before the play, the other seats' and its own, is taken by
  ``HeuristicBot``\\ s seeded from this bot's generator, the same seeds for every action of a
  sample (common random numbers: two actions differ only by what they change);
* the score: the hand is then played out along the solver's choices (each seat to move takes
  the first of the solver's moves that keeps its side's double-dummy result: the party
  makes its objective if it can, the defence beats it if it can; so a party that may stop
  stops), and the action is worth the seat's score in ``Outcome.scores`` of that hand.
  This is the variant's own scoring (base, prime, Tout, matadors, colour, settlement) of a
  real end state, so no contract value is written here; made or beaten is the solver's, the
  bonuses follow the line it plays. A hand that ends before the play (all passed) scores as
  the rules say, and a contract without a declarer's party (Heart Solo when all pass, S-FOS),
  which the solver cannot score, and any hand of a pack the solver cannot search (Quadrille's
  forty cards: it packs a hand into 32 bits), are played out by the rollout bots.

It takes the action with the best mean score, the first legal one (lowest id: ``pass`` before
any bid) on a tie. Positions at the first lead that several actions reach on one sample are
solved once.

What it leaves to ``HeuristicBot`` (the same view, its own seed), and why:

* the decisions before the play when ``bid_samples`` is 0: they solve a full deal once per
  sample and distinct contract reached, a search that ``benchmarks/solver.py`` times, pure
  and compiled;
* the play while its hand holds more than ``depth`` cards: the solve time grows
  steeply with every extra trick (``benchmarks/sampling_bot.py`` reports the time per
  decision);
* the play of hands without a declarer's party (nothing for the solver to score);
* the play of a variant whose pack the solver cannot search (``searches``: Quadrille's forty
  cards);
* a view from which ``resample`` can rebuild no deal (none of a hand actually played: the true
  deal is always among those drawn from).

It is a perfect-information Monte Carlo player: each sample is solved as if every hand were
known to everyone, the usual simplification (strategy fusion) of such bots; in its bidding the
rollout bots also stand for its own later choices before the play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from solo_rules.actions import Action
from solo_rules.bots.base import legal_choices
from solo_rules.bots.heuristic import HeuristicBot
from solo_rules.game import CompiledRules
from solo_rules.observation import rules_of
from solo_rules.resample import Resampler, replay
from solo_rules.solver import DoubleDummy, searches
from solo_rules.state import GameState, Phase
from solo_rules.variant import Variant
from solo_rules.view import PlayerView

__all__ = ["BidSample", "SamplingBot", "solved_line"]

#: The phases the solver searches: the card play and the declarer's decisions after a trick.
_SOLVED = (Phase.PLAY, Phase.DECIDE)

#: What the rest of a hand at its first lead depends on (the phase, the seat to move, the
#: hands, the leader, the flags and the contract): positions with equal keys on one sample
#: are played out along the same line.
_LeadKey = tuple[object, ...]


class BidSample(NamedTuple):
    """One sampled deal of a decision before the play: the state reached on it, the seeds
    of its rollout bots (one per seat) and the lines solved from its first leads."""

    state: GameState
    seeds: list[int]
    lines: dict[_LeadKey, tuple[int, ...]]


class SamplingBot:
    """Plays ``variant`` from a seat's view by solving ``samples`` resampled deals once its
    hand holds at most ``depth`` cards, and takes its decisions before the play from
    ``bid_samples`` resampled deals (0: as the heuristic bot); seeded, so a game between bots
    is reproducible."""

    def __init__(self, variant: CompiledRules | Variant | str, seed: int | None = None, *,
                 samples: int = 8, depth: int = 5, bid_samples: int = 4) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        if bid_samples < 0:
            raise ValueError(f"bid_samples must be at least 0, not {bid_samples}")
        self.rules = rules_of(variant)
        self.rng = random.Random(seed)
        self.samples = samples
        self.depth = depth
        self.bid_samples = bid_samples
        #: whether the solver searches this variant's hands (``searches``); if not, the play
        #: is the heuristic bot's, and a sampled hand is played out by the rollout bots
        self.searches = searches(self.rules)
        self.fallback = HeuristicBot(self.rng.getrandbits(64), self.rules)

    @property
    def reads_values(self) -> bool:
        """Whether its choices depend on the variant's scoring and settlement: its bidding
        from samples does (each choice is worth the score the variant gives it), the
        heuristic bot's bidding (``bid_samples`` 0) does not."""
        return self.bid_samples > 0

    def choose(self, view: PlayerView) -> Action:
        """The action this bot takes in ``view``."""
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase in _SOLVED:
            if view.declarer is None or len(view.hand) > self.depth or not self.searches:
                return self.fallback.choose(view)
        elif not self.bid_samples:
            return self.fallback.choose(view)
        resampler = Resampler(view, self.rules)
        if resampler.count == 0:
            return self.fallback.choose(view)
        if view.phase in _SOLVED:
            return self._search(view, legal, resampler)
        return self._bid(view, legal, resampler)

    def _search(self, view: PlayerView, legal: tuple[Action, ...],
                resampler: Resampler) -> Action:
        """The action that reaches the side's objective in most samples, then the one with
        the best mean trick count among those tied."""
        rules = self.rules
        made = [0] * len(legal)
        solved: list[tuple[DoubleDummy, list[GameState], bool]] = []
        for _ in range(self.samples):
            state = self._sample(view, resampler)
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

    def _bid(self, view: PlayerView, legal: tuple[Action, ...],
             resampler: Resampler) -> Action:
        """The decision before the play with the best total score of the seat over the
        samples, each action carried to the first lead and played out double-dummy."""
        totals = self._totals(view, legal, self._bid_samples(view, resampler))
        return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]

    def _totals(self, view: PlayerView, legal: Sequence[Action],
                samples: Sequence[BidSample]) -> list[int]:
        """The seat's total score over ``samples`` after each of ``legal``."""
        rules = self.rules
        totals = [0] * len(legal)
        for state, seeds, lines in samples:
            for i, action in enumerate(legal):
                bots = [HeuristicBot(seed, rules) for seed in seeds]
                end = self._play_out(rules.apply_id(state, action.id), bots, lines)
                totals[i] += rules.outcome(end).scores[view.seat]
        return totals

    def _bid_samples(self, view: PlayerView, resampler: Resampler) -> list[BidSample]:
        """``bid_samples`` fresh samples of the decision's state, each with its rollout bots'
        seeds and an empty table of solved lines."""
        samples = []
        for _ in range(self.bid_samples):
            state = self._sample(view, resampler)
            seeds = [self.rng.getrandbits(64) for _ in range(self.rules.players)]
            samples.append(BidSample(state, seeds, {}))
        return samples

    def _sample(self, view: PlayerView, resampler: Resampler) -> GameState:
        """A state of a deal drawn uniformly from those consistent with ``view``."""
        state = replay(self.rules, resampler.sample(self.rng), view.dealer, view)
        assert state is not None  # the resampler keeps only deals the history replays on
        return state

    def _play_out(self, state: GameState, bots: list[HeuristicBot],
                  lines: dict[_LeadKey, tuple[int, ...]]) -> GameState:
        """The end of the hand: ``bots`` decide up to the first lead, then the solver's line
        (kept in ``lines`` per position) or, without a declarer's party or where the solver
        does not search (``searches``), ``bots`` again."""
        rules = self.rules
        while state.phase not in _SOLVED and not state.is_terminal:
            state = self._step(state, bots)
        if state.is_terminal:
            return state
        contract = state.contract
        if contract is None or contract.declarer is None or not self.searches:
            while not state.is_terminal:
                state = self._step(state, bots)
            return state
        key = (state.phase, state.player, state.hands, state.leader, int(state.flags),
               contract)
        line = lines.get(key)
        if line is None:
            line = lines[key] = self._line(state)
        for aid in line:
            state = rules.apply_id(state, aid)
        return state

    def _step(self, state: GameState, bots: list[HeuristicBot]) -> GameState:
        seat = state.player
        return self.rules.apply_id(state, bots[seat].choose(self.rules.view(state, seat)).id)

    def _line(self, state: GameState) -> tuple[int, ...]:
        """The actions to the end of the hand along the solver's choices (``solved_line``)."""
        search = DoubleDummy(state)
        return solved_line(search, state, search.makes(state))


def solved_line(search: DoubleDummy, state: GameState, made: bool) -> tuple[int, ...]:
    """The actions from ``state`` (in the play, of ``search``'s hand, where the party's
    double-dummy result is ``made``) to the end of the hand along the solver's choices: each
    seat takes the first of the solver's moves (its best-first order) that keeps its side's
    result. A seat of the side that loses it has none that would change it (the result is the
    best the other side can force), so it takes the first move without a search."""
    party = search.party
    apply = search.rules.apply_id
    line: list[int] = []
    while not state.is_terminal:
        moves = search.moves(state)
        aid, child = moves[0], apply(state, moves[0])
        if (state.player in party) is made and search.makes(child) is not made:
            for move in moves[1:]:  # the winning side's first move that keeps its result
                other = apply(state, move)
                if search.makes(other) is made:
                    aid, child = move, other
                    break
        line.append(aid)
        state = child
    return tuple(line)
