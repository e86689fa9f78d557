"""Double-dummy solving: what the declarer's party can force when every hand is known.

``solve(state)`` searches the rest of a hand in play under the variant's own rules: every move
is one of the rule set's legal actions and every position the rule set's next state, so the
called card's duties, must-head, an early end and the declarer's decisions (stop, go on,
"Helfer?") come with the rules, overlays included. The party (the declarer and his partner, as
the engine knows them) chooses to gain; everyone else to defend. The trick count is alpha-beta
on null windows (can the party take ``k`` of the tricks to come?), played on the raw hands
inside a trick with the rules' legal cards, with a table of bounds at trick starts keyed on the
hands in relative ranks and seeded with sure trump tricks and the leader's quick tricks;
equivalent cards are played once, good cards first. Whether the party makes its objective is
that count against the early-end rule's ``trick_goal`` where its verdict is a number of tricks,
else an and-or search through the rule set's own states. The accelerator compiles this module
(``solver.pxd`` declares its types).
"""

from __future__ import annotations

import gc
from types import TracebackType

import attrs

from solo_rules.cards import card_ids
from solo_rules.errors import InvalidStateError
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP
from solo_rules.state import GameState, Phase

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
    #: trick starts and decisions searched (table hits not counted)
    nodes: int


#: read once: an enum member looked up on its class costs several times a global
_PLAY: str = Phase.PLAY


class GcPaused:
    """The garbage collector paused for a search: its tables hold no reference cycles, but
    their many tuples and lists trigger collection after collection that only scans them
    (a tenth of the compiled solver's time)."""

    def __init__(self) -> None:
        self.enabled = gc.isenabled()

    def __enter__(self) -> None:
        gc.disable()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.enabled:
            gc.enable()


class DoubleDummy:
    """One hand's searches: the rule set, the party, the card order and the tables. Ask
    ``makes`` and ``tricks`` of any positions of the hand in play (a sampling bot asks them of
    each card it may play), and they share what they learn.

    Both searches keep their table at trick starts (and decisions) only, keyed on the hands
    in relative ranks (``canonical``). The trick count needs nothing else: every trick is
    played, the declarer's decisions change only flags, and the play rules read of a position
    only the contract, the seat's hand and the trick (``PlayRules.legal_mask``,
    ``PartnerRules.restrict_play``), so its table holds bounds on the party's tricks still to
    come, shared by positions reached with any tricks won. Whether the party makes its
    objective is the early-end rule's verdict: the trick count against its ``trick_goal``
    where it has one, else ``and_or``, whose verdict reads the tricks won per seat and the
    flags: that table's key has them."""

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
        self.seated = rules.seated
        players = len(state.hands)
        self.in_party = tuple(seat in self.party for seat in range(players))
        #: per leader, the seats in turn (a seat that sits the hand out takes none)
        self.turns = tuple(state.in_turn(seat) for seat in range(players))
        tables = rules.tables(contract.trump)
        self.power = tables.power
        self.suit_of = tables.suit_of
        self.winner = tables.winner
        #: per effective suit, its cards (a mask)
        self.suit_masks = (*tables.suit_masks, tables.trump_mask)
        #: per effective suit, its cards from the strongest down
        self.order = tuple(
            tuple(sorted((c for c in card_ids(rules.pack) if tables.suit_of[c] == suit),
                         key=lambda c: -tables.power[c]))
            for suit in range(5))
        #: the order of leads: the party's strongest first, the defence's plain cards first
        self.party_lead = tuple(-power for power in tables.power)
        self.defence_lead = tuple((suit == TRUMP, -power)
                                  for suit, power in zip(tables.suit_of, tables.power,
                                                         strict=True))
        # Cards a rule may treat by name are never merged with their neighbours, nor moved in
        # the tables' keys: the called card (its holder's duties, the partner's reveal) and
        # those the play rules name (the matadors where they may be reneged).
        named = rules.play.named_cards(rules, tables.trump)
        if contract.called is not None:
            named |= 1 << contract.called
        self.named = named
        #: whether the play rules name cards (the matador renege): a trump lead may then
        #: leave trumps out (``quick``)
        self.renege = bool(rules.play.named_cards(rules, tables.trump))
        #: a position of the hand, whose fields the play rules do not read (``moves_of``)
        self.origin = state
        self.nodes = 0
        #: per trick start (the hands in relative ranks and the leader): the party's tricks
        #: still to come, at least and at most, and the lead (relative, a mask) that last
        #: decided
        self.bounds: dict[tuple[int, ...], list[int]] = {}
        #: per trick start as it is (the hands and the leader): its entry of ``bounds`` and
        #: the relative cards (``canonical``), found again without computing them
        self.seen: dict[tuple[int, ...], tuple[list[int], tuple[int, ...]]] = {}
        #: per trick start or decision (the phase, the seat to move, the leader, the tricks won
        #: per seat, the flags, the contract and the hands, as they are and in relative
        #: ranks): whether the party makes its objective
        self.made: dict[tuple[object, ...], bool] = {}
        #: per live cards: each card's relative card (``normaliser``)
        self.norms: dict[int, tuple[int, ...]] = {}
        #: per (seat, trick, legal cards, live cards of their suits): the moves (``moves_of``)
        self.card_moves: dict[tuple[object, ...], list[int]] = {}
        #: per (seat, hand, trick): the cards the rules let the seat play, and the cards of
        #: their effective suits (masks)
        self.legal: dict[tuple[int, int, tuple[int, ...]], tuple[int, int]] = {}

    def party_tricks(self, state: GameState) -> int:
        won = state.won
        first, last = self.ends
        return won[first] + won[last] if first != last else won[first]

    # -- moves -----------------------------------------------------------------------------

    def moves_of(self, seat: int, hand: int, trick: tuple[int, ...], live: int,
                 leader: int) -> list[int]:
        """The cards ``seat`` may play from ``hand`` to ``trick`` by the rules, one of each
        run of equivalent cards, good ones first (kept: positions share them, and a search
        puts the card that decided it first; no search below asks the same key, whose trick
        differs, so the list is never changed under a search that reads it)."""
        known = self.legal.get((seat, hand, trick))
        if known is None:
            origin = self.origin
            hands = origin.hands
            probe = GameState(origin.rules, _PLAY, seat, origin.dealer,
                              (*hands[:seat], hand, *hands[seat + 1:]), origin.history,
                              origin.auction, origin.contract, trick, leader, origin.tricks,
                              origin.won, origin.flags, origin.dealt)
            legal = 0
            for card in self.rules.legal_ids(probe):
                legal |= 1 << card
            suits = 0
            for cards in self.suit_masks:
                if legal & cards:
                    suits |= cards
            known = self.legal[seat, hand, trick] = (legal, suits)
        legal, suits = known
        # the order depends on the seat, the trick and the cards; the runs on the live cards
        # of the suits played
        key = (seat, trick, legal, live & suits)
        moves = self.card_moves.get(key)
        if moves is None:
            moves = self.card_moves[key] = self.ordered(seat, leader, trick,
                                                        self.one_per_run(legal, live))
        return moves

    def moves(self, state: GameState) -> list[int]:
        """The moves of any position of the hand, good ones first: in the play, one card of
        each run of equivalent cards (``moves_of``); at a decision, its legal actions."""
        if state.phase is not Phase.PLAY:
            return list(self.rules.legal_ids(state))
        live = 0
        for hand in state.hands:
            live |= hand
        for card in state.trick:
            live |= 1 << card
        return self.moves_of(state.player, state.hands[state.player], state.trick, live,
                             state.leader)

    def one_per_run(self, legal: int, live: int) -> list[int]:
        """The first card of each run of ``legal`` cards (masks) among the ``live`` ones in
        the rank order of each suit; a named card is a run of its own.

        Two legal cards of the mover are equivalent when they are of one effective suit and
        no other card still in play (in a hand or in the trick) lies between them: whichever
        is played, every trick goes the same way and every later duty is the same."""
        named = self.named
        picked: list[int] = []
        for order, cards in zip(self.order, self.suit_masks, strict=True):
            if not legal & cards:
                continue
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
        return picked

    def ordered(self, seat: int, leader: int, trick: tuple[int, ...],
                cards: list[int]) -> list[int]:
        """Good moves first: the party's strongest leads, the defence's plain winners before
        its trumps; a follower's cheapest card when his side holds the trick, else his
        cheapest card that takes it, then his cheapest."""
        power = self.power
        suit_of = self.suit_of
        if not trick:
            cards.sort(key=(self.party_lead if self.in_party[seat]
                            else self.defence_lead).__getitem__)
            return cards
        best = trick[self.winner(trick)]
        best_suit = suit_of[best]
        bar = power[best]
        cards.sort(key=power.__getitem__)
        if self.in_party[seat] == self.in_party[self.turns[leader][trick.index(best)]]:
            return cards
        takers = [card for card in cards
                  if power[card] > bar and suit_of[card] in (best_suit, TRUMP)]
        return takers + [card for card in cards if card not in takers]

    # -- relative ranks --------------------------------------------------------------------

    def canonical(self, hands: tuple[int, ...] | list[int],
                  live: int) -> tuple[tuple[int, ...], list[int]]:
        """The hands in relative ranks (``normaliser``), and the relative card (a mask) of
        each card."""
        norm = self.norms.get(live)
        if norm is None:
            norm = self.norms[live] = self.normaliser(live)
        key = []
        for hand in hands:
            canon = 0
            while hand:
                low = hand & -hand
                canon |= norm[low.bit_length() - 1]
                hand ^= low
            key.append(canon)
        return norm, key

    def normaliser(self, live: int) -> tuple[int, ...]:
        """Per card, the card (a mask) it stands for in the tables' keys when ``live`` are the
        cards in play: each live card moves up its effective suit over the cards
        gone, but never past a named card, so that positions alike but for the cards gone
        share one entry (the bridge solvers' relative ranks). No rule reads more of a card
        than its effective suit and its order among the live cards, but for the named ones."""
        norm = [0] * 32
        named = self.named
        for order in self.order:
            slot = 0
            for index, card in enumerate(order):
                if named >> card & 1:
                    norm[card] = live & (1 << card)
                    slot = index + 1
                elif live >> card & 1:
                    norm[card] = 1 << order[slot]
                    slot += 1
        return tuple(norm)

    # -- the trick count -------------------------------------------------------------------

    def tricks(self, state: GameState) -> int:
        """The most tricks the party can force, every trick played: null-window searches of
        the tricks still to come, from all but one of them down to the first the party
        reaches (a reached target proves every lower one, and a target above the truth is
        mostly refuted cheaply), then all of them if it reaches that first one. A sweep is
        rare: on the ten deals of each variant of ``benchmarks/solver.py`` this first guess
        searches 4-8 % fewer positions than all of them, and fewer than a binary search."""
        with GcPaused():
            return self.party_tricks(state) + self.to_come(state)

    @staticmethod
    def position(state: GameState) -> tuple[list[int], int, tuple[int, ...], int]:
        """What ``reach`` searches from ``state``: the hands (a list it may change), the
        leader, the trick in play and every card still in play."""
        trick = state.trick if state.phase is Phase.PLAY else ()
        hands = list(state.hands)
        live = 0
        for hand in hands:
            live |= hand
        for card in trick:
            live |= 1 << card
        return hands, state.leader, trick, live

    def to_come(self, state: GameState) -> int:
        """``tricks`` still to come."""
        hands, leader, trick, live = self.position(state)
        left = self.total - len(state.tricks)
        target = max(left - 1, 0)
        if not target or self.reach(hands, leader, trick, live, target):
            if target < left and self.reach(hands, leader, trick, live, left):
                target = left
            return target
        target -= 1
        while target and not self.reach(hands, leader, trick, live, target):
            target -= 1
        return target

    def reach(self, hands: list[int], leader: int, trick: tuple[int, ...], live: int,
              target: int) -> bool:
        """Whether the party can take ``target`` of the tricks still to play (the current one
        included), every trick played. ``hands`` is changed on the way and restored; ``live``
        is every card still in play (in a hand or in the trick)."""
        if trick:
            return self.extend(hands, leader, trick, live, target, None, None)
        if target <= 0:
            return True
        left = hands[leader].bit_count()
        if target > left:
            return False
        if left == 1:
            return self.last(hands, leader) >= target
        exact = (*hands, leader)
        found = self.seen.get(exact)
        if found is None:
            norm, key = self.canonical(hands, live)
            key.append(leader)
            entry = self.bounds.get(tuple(key))
            if entry is None:
                entry = self.bounds[tuple(key)] = self.sure(hands, leader, live, left)
            found = self.seen[exact] = (entry, norm)
        else:
            entry, norm = found
        if entry[0] >= target:
            return True
        elif entry[1] < target:
            return False
        self.nodes += 1
        result = self.extend(hands, leader, trick, live, target, entry, norm)
        if result:
            entry[0] = target
        else:
            entry[1] = target - 1
        return result

    def sure(self, hands: list[int], leader: int, live: int, left: int) -> list[int]:
        """A new table entry: the party's tricks to come are at least the trumps one of its
        seats holds above every defender's trump, and at most those left but the trumps one
        defender holds above every trump of the party. Such a trump takes the trick it is
        played to, whatever the others play, unless a partner's higher one falls on it (so
        one seat's count, not the side's); every card is played when every trick is. The
        leader's side takes at least the leader's ``quick`` tricks besides."""
        in_party = self.in_party
        counts = [0] * len(hands)
        side = None
        for card in self.order[TRUMP]:
            if live >> card & 1:
                seat = self.owner(hands, card)
                if side is None:
                    side = in_party[seat]
                elif in_party[seat] != side:
                    break
                counts[seat] += 1
        top = max(counts)
        low, high = (top, left) if side else (0, left - top)
        quick = self.quick(hands, leader, live)
        if in_party[leader]:
            return [max(low, quick), high, 0]
        return [low, min(high, left - quick), 0]

    def quick(self, hands: list[int], leader: int, live: int) -> int:
        """The tricks the leader can cash from the top: his trumps above every other live
        trump, and in each plain suit his cards above every other live card of it, as many
        as each other seat that holds a trump can follow (the rest could be ruffed); every
        seat must follow the suit led when it can, so such a card wins. Where trump leads
        draw trumps (the play rules name no card: the matador renege keeps matadors back),
        top trumps as many as every other seat holds draw them first, and then nobody ruffs.
        The holder of the called card must lead it first in its suit: his suit counts only
        if it is on top."""
        mine = hands[leader]
        trumps = self.suit_masks[TRUMP]
        run = self.run(mine, live, TRUMP)
        ruffers = []
        drawn = not self.renege
        for seat in self.turns[leader][1:self.seated]:
            hand = hands[seat]
            if hand & trumps:
                ruffers.append(hand)
                drawn = drawn and (hand & trumps).bit_count() <= run
        if drawn:
            ruffers = []
        called = self.contract.called
        count = run
        for suit in range(TRUMP):
            cards = self.suit_masks[suit]
            if not mine & cards:
                continue
            run = self.run(mine, live, suit)
            if called is not None and mine >> called & 1 and cards >> called & 1 \
                    and self.order[suit].index(called) >= run:
                continue
            for hand in ruffers:
                run = min(run, (hand & cards).bit_count())
            count += run
        return count

    def run(self, hand: int, live: int, suit: int) -> int:
        """How many of the live cards of ``suit``, from its top down, ``hand`` holds."""
        run = 0
        for card in self.order[suit]:
            if live >> card & 1:
                if not hand >> card & 1:
                    break
                run += 1
        return run

    @staticmethod
    def owner(hands: list[int], card: int) -> int:
        """The seat whose hand holds ``card``."""
        for seat, hand in enumerate(hands):
            if hand >> card & 1:
                return seat
        raise AssertionError(f"no hand holds card {card}")

    def extend(self, hands: list[int], leader: int, trick: tuple[int, ...], live: int,
               target: int, entry: list[int] | None, norm: tuple[int, ...] | None) -> bool:
        """``reach`` for the seat to play to ``trick``: the party's seat wins if one card
        does, a defender if one card does. At a trick start, ``entry`` is its table entry,
        whose deciding lead (a relative card, by ``norm``) is tried first."""
        count = len(trick)
        order = self.turns[leader]
        seat = order[count]
        gaining = self.in_party[seat]
        hand = hands[seat]
        moves = self.moves_of(seat, hand, trick, live, leader)
        if entry is not None and entry[2] and norm is not None:
            moves = self.first(moves, norm, entry[2])
        last = count + 1 == self.seated
        for index, card in enumerate(moves):
            hands[seat] = hand & ~(1 << card)
            played = (*trick, card)
            if last:
                winner = order[self.winner(played)]
                after = live
                for gone in played:
                    after &= ~(1 << gone)
                result = self.reach(hands, winner, (), after,
                                    target - 1 if self.in_party[winner] else target)
            else:
                result = self.extend(hands, leader, played, live, target, None, None)
            if result == gaining:
                hands[seat] = hand
                if entry is not None and norm is not None:
                    entry[2] = norm[card]
                elif index:  # the kept moves learn: this card first where they are asked again
                    moves.insert(0, moves.pop(index))
                return gaining
        hands[seat] = hand
        return not gaining

    @staticmethod
    def first(moves: list[int], norm: tuple[int, ...], lead: int) -> list[int]:
        """``moves`` with the card whose relative card is ``lead`` first, if there is one (a
        copy: the kept moves stay as they are)."""
        for index, card in enumerate(moves):
            if norm[card] == lead:
                return [card, *moves[:index], *moves[index + 1:]] if index else moves
        return moves

    def last(self, hands: list[int], leader: int) -> int:
        """The party's tricks (0 or 1) of the last trick: every seat plays its one card."""
        order = self.turns[leader][:self.seated]
        played = tuple([hands[seat].bit_length() - 1 for seat in order])
        return int(self.in_party[order[self.winner(played)]])

    # -- the objective ---------------------------------------------------------------------

    def makes(self, state: GameState) -> bool:
        """Whether the party can make its objective: the trick count against the early-end
        rule's ``trick_goal`` where its verdict is a number of tricks, else ``and_or``."""
        rules = self.rules
        if state.phase == Phase.END:
            return rules.early_end.made(rules, state)
        goal = rules.early_end.trick_goal(rules, state)
        with GcPaused():
            if goal is not None:  # one null-window search, not the whole trick count
                target = goal - self.party_tricks(state)
                return target <= 0 or self.reach(*self.position(state), target)
            return self.and_or(state)

    def and_or(self, state: GameState) -> bool:
        """Whether the party can make its objective: every card and decision played by the
        rules, the early end included; the table kept at trick starts and decisions."""
        rules = self.rules
        if state.phase == Phase.END:
            return rules.early_end.made(rules, state)
        playing = state.phase is Phase.PLAY
        trick = state.trick
        if playing and not trick and len(state.tricks) == self.total - 1:
            while state.phase is Phase.PLAY:  # the last trick: one card each, no choice
                state = rules.apply_id(state, rules.legal_ids(state)[0])
            return self.and_or(state)
        live = 0
        for hand in state.hands:
            live |= hand
        for card in trick:
            live |= 1 << card
        key = None
        if playing and trick:
            moves = self.moves_of(state.player, state.hands[state.player], trick, live,
                                  state.leader)
        else:
            contract = state.contract
            head = (state.phase, state.player, state.leader, state.won, int(state.flags),
                    None if contract is self.contract else contract)
            # the hands as they are first (no relative ranks to compute), then relative: the
            # two keys agree where they meet, as a hand already in relative ranks is its own
            exact = (*head, *state.hands)
            known = self.made.get(exact)
            if known is not None:
                return known
            norm, hands = self.canonical(state.hands, live)
            key = (*head, *hands)
            known = self.made.get(key)
            if known is not None:
                self.made[exact] = known
                return known
            self.nodes += 1
            if playing:
                moves = self.moves_of(state.player, state.hands[state.player], trick, live,
                                      state.leader)
                # the lead that last decided the trick count here first
                entry = self.bounds.get((*hands, state.leader))
                if entry is not None and entry[2]:
                    moves = self.first(moves, norm, entry[2])
            else:
                moves = list(rules.legal_ids(state))
        gaining = state.player in self.party
        result = not gaining
        apply = rules.apply_id
        for aid in moves:
            if self.and_or(apply(state, aid)) == gaining:
                result = gaining
                break
        if key is not None:
            self.made[key] = self.made[exact] = result
        return result


def solve(state: GameState) -> Solution:
    """The double-dummy result of a hand in play (phase ``play`` or the declarer's decision)
    with every hand known: the party's most tricks and whether it can make its objective."""
    with GcPaused():  # the tables go before it resumes, so that it never scans them
        search = DoubleDummy(state)
        rules = search.rules
        goal = rules.early_end.trick_goal(rules, state)
        tricks = search.tricks(state)
        made = search.and_or(state) if goal is None else tricks >= goal
        solution = Solution(tricks, made, search.nodes)
        del search
    return solution
