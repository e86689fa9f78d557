"""Double-dummy solving: what the declarer's party can force when every hand is known.

``solve(state)`` searches the rest of a hand in play under the variant's own rules: every move
is one of the rule set's legal actions and every position the rule set's next state, so the
called card's duties, must-head, an early end and the declarer's decisions (stop, go on,
"Helfer?") come with the rules, overlays included. The party (the declarer and his partner, as
the engine knows them) chooses to gain; everyone else to defend. The search is alpha-beta on
null windows (can the party reach ``k`` tricks?) with a transposition table of bounds, with
equivalent cards played once and the strongest cards tried first.
"""

from __future__ import annotations

import attrs

from solo_rules.cards import card_ids
from solo_rules.errors import InvalidStateError
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP
from solo_rules.state import GameState, Phase, replace

__all__ = ["DoubleDummy", "Solution", "solve"]


@attrs.frozen(slots=True)
class Solution:
    """The result of a double-dummy search from one position."""

    #: the most tricks the party can take against best defence, every trick played: where
    #: the early-end rule ends the hand first (the result is certain, the party stopped),
    #: play goes on to the last trick for this count
    tricks: int
    #: whether the party can make its objective against best defence (the early-end rule's
    #: ``made``: the contract's tricks, prime, no trick in a misère, ...)
    made: bool
    #: positions searched (transposition hits not counted)
    nodes: int


_Key = tuple[object, ...]


class DoubleDummy:
    """One hand's searches: the rule set, the party, the card order and the transposition
    tables. Ask ``makes`` and ``tricks`` of any positions of the hand in play (a sampling bot
    asks them of each card it may play), and they share what they learn."""

    def __init__(self, state: GameState) -> None:
        rules = state.rules
        if not isinstance(rules, CompiledRules):
            raise TypeError(f"solve needs a state of a compiled rule set, not {rules!r}")
        if state.phase not in (Phase.PLAY, Phase.DECIDE):
            raise InvalidStateError(f"solve starts in the play, not in phase {state.phase}")
        contract = state.contract
        if contract is None or contract.declarer is None:
            raise InvalidStateError("solve needs a contract with a declarer's party")
        self.rules = rules
        self.contract = contract
        self.party = state.party()
        #: the party's first and last seat (the same seat when the declarer plays alone)
        self.ends = (self.party[0], self.party[-1])
        self.total = rules.hand_size
        tables = rules.tables(contract.trump)
        self.power = tables.power
        #: per effective suit, its cards from the strongest down
        self.order = tuple(
            tuple(sorted((c for c in card_ids(rules.pack) if tables.suit_of[c] == suit),
                         key=lambda c: -tables.power[c]))
            for suit in range(5))
        self.suit_of = tables.suit_of
        #: the order of leads: the party's strongest first, the defence's plain cards first
        self.party_lead = tuple(-power for power in tables.power)
        self.defence_lead = tuple((suit == TRUMP, -power)
                                  for suit, power in zip(tables.suit_of, tables.power,
                                                         strict=True))
        # Cards a rule may treat by name are never merged with their neighbours: the called
        # card (its holder's duties, the partner's reveal) and those the play rules name (the
        # matadors where they may be reneged).
        named = rules.play.named_cards(rules, tables.trump)
        if contract.called is not None:
            named |= 1 << contract.called
        self.named = named
        #: the cards ``moves`` keeps, per (legal cards, live cards)
        self.runs: dict[tuple[int, int], tuple[int, ...]] = {}
        self.bounds: dict[_Key, tuple[int, int]] = {}
        self.makes_table: dict[_Key, bool] = {}
        #: per position, its moves, the one that last decided it first (tried first next time)
        self.expanded: dict[_Key, list[int]] = {}
        self.nodes = 0

    def key(self, state: GameState) -> _Key:
        """What the rest of the hand depends on: the phase, the seat to move, the hands, the
        trick, the tricks won per seat, the flags and the contract; not the history, nor the
        order in which earlier tricks were won (no rule of the family reads it: the early-end
        rules ask which seats have won a trick, which ``won`` tells)."""
        contract = state.contract
        return (state.phase if state.phase is not Phase.PLAY else None, state.player,
                state.hands, state.trick, state.leader, state.won, int(state.flags),
                None if contract is self.contract else contract)

    def party_tricks(self, state: GameState) -> int:
        won = state.won
        first, last = self.ends
        return won[first] + won[last] if first != last else won[first]

    def moves(self, state: GameState) -> tuple[int, ...]:
        """The legal actions, one card of each run of equivalent cards, strongest first.

        Two legal cards of the mover are equivalent when they are of one effective suit and
        no other card still in play (in a hand or in the trick) lies between them: whichever
        is played, every trick goes the same way and every later duty is the same."""
        ids = self.rules.legal_ids(state)
        if state.phase is not Phase.PLAY or len(ids) < 2 or ids[-1] >= 32:
            return ids
        live = 0
        for hand in state.hands:
            live |= hand
        for card in state.trick:
            live |= 1 << card
        legal = 0
        for card in ids:
            legal |= 1 << card
        picked = self.runs.get((legal, live))
        if picked is None:
            picked = self.runs[legal, live] = self.one_per_run(legal, live)
        return self.ordered(state, list(picked))

    def one_per_run(self, legal: int, live: int) -> tuple[int, ...]:
        """The first card of each run of ``legal`` cards (masks) among the ``live`` ones in
        the rank order of each suit; a named card is a run of its own."""
        named = self.named
        picked: list[int] = []
        for order in self.order:
            in_run = False
            for card in order:
                if not live >> card & 1:
                    continue
                if not legal >> card & 1:
                    in_run = False
                elif named >> card & 1:
                    picked.append(card)
                    in_run = False
                elif not in_run:
                    picked.append(card)
                    in_run = True
        return tuple(picked)

    def ordered(self, state: GameState, cards: list[int]) -> tuple[int, ...]:
        """Good moves first: the party's strongest leads, the defence's plain winners before
        its trumps; a follower's cheapest card when his side holds the trick, else his
        cheapest card that takes it, then his cheapest."""
        power = self.power
        trick = state.trick
        suit_of = self.suit_of
        if not trick:
            cards.sort(key=(self.party_lead if state.player in self.party
                            else self.defence_lead).__getitem__)
            return tuple(cards)
        led = suit_of[trick[0]]
        best = max((c for c in trick if suit_of[c] in (TRUMP, led)), key=power.__getitem__)
        best_suit = suit_of[best]
        ours = (state.player in self.party) == (
            state.rules.turn_orders[state.leader][trick.index(best)] in self.party)

        def rank(card: int) -> tuple[bool, int]:
            suit = suit_of[card]
            takes = suit in (best_suit, TRUMP) and power[card] > power[best]
            return (ours or not takes, power[card])

        cards.sort(key=rank)
        return tuple(cards)

    def at_least(self, state: GameState, target: int) -> bool:
        """Whether the party can end the hand with ``target`` tricks or more."""
        have = self.party_tricks(state)
        if have >= target:
            return True
        left = self.total - len(state.tricks)
        if have + left < target:
            return False
        if state.phase == Phase.END:  # ended early: the tricks are counted to the last one
            state = replace(state, phase=Phase.PLAY, player=state.leader)
        if left == 1 and state.phase is Phase.PLAY:
            return self.party_tricks(self.last_trick(state)) >= target
        key = self.key(state)
        low, high = self.bounds.get(key, (have, self.total))
        if low >= target:
            return True
        if high < target:
            return False
        self.nodes += 1
        gaining = state.player in self.party
        result = not gaining
        apply = self.rules.apply_id
        moves = self.ordered_moves(key, state)
        for i, aid in enumerate(moves):
            if self.at_least(apply(state, aid), target) is gaining:
                result = gaining
                if i:
                    moves.insert(0, moves.pop(i))
                break
        self.bounds[key] = (max(low, target), high) if result else (low, min(high, target - 1))
        return result

    def last_trick(self, state: GameState) -> GameState:
        """The last trick played out: every seat has one card left, so no choice remains
        (no table entry is worth its cost here)."""
        apply = self.rules.apply_id
        legal = self.rules.legal_ids
        while state.phase is Phase.PLAY:
            state = apply(state, legal(state)[0])
        return state

    def ordered_moves(self, key: _Key, state: GameState) -> list[int]:
        """The moves of a position, kept per position with the one that last decided it
        first: the null-window searches at other targets come back to the same positions."""
        moves = self.expanded.get(key)
        if moves is None:
            moves = self.expanded[key] = list(self.moves(state))
        return moves

    def makes(self, state: GameState) -> bool:
        """Whether the party can make its objective."""
        if state.phase == Phase.END:
            return self.rules.early_end.made(self.rules, state)
        if len(state.tricks) == self.total - 1 and state.phase is Phase.PLAY:
            return self.makes(self.last_trick(state))
        key = self.key(state)
        known = self.makes_table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        gaining = state.player in self.party
        result = not gaining
        apply = self.rules.apply_id
        moves = self.ordered_moves(key, state)
        for i, aid in enumerate(moves):
            if self.makes(apply(state, aid)) is gaining:
                result = gaining
                if i:
                    moves.insert(0, moves.pop(i))
                break
        self.makes_table[key] = result
        return result

    def tricks(self, state: GameState) -> int:
        """The most tricks the party can force: a binary search over null-window searches."""
        low = self.party_tricks(state)  # reachable: tricks are never taken away
        high = low + self.total - len(state.tricks)
        while low < high:
            middle = (low + high + 1) // 2
            if self.at_least(state, middle):
                low = middle
            else:
                high = middle - 1
        return low


def solve(state: GameState) -> Solution:
    """The double-dummy result of a hand in play (phase ``play`` or the declarer's decision)
    with every hand known: the party's most tricks and whether it can make its objective."""
    search = DoubleDummy(state)
    tricks = search.tricks(state)
    made = search.makes(state)
    return Solution(tricks, made, search.nodes)
