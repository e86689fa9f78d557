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
(``solver.pxd`` declares its types): the trick count's arrays become C arrays and its steps C
functions, one source for both (``COMPILED`` is the one place where they differ: pure Python
binds its own versions of the few steps whose C arrays and loops cost it most, the ``pure_``
functions, which keep what they find in dictionaries).
"""

from __future__ import annotations

import gc
from collections import defaultdict
from types import TracebackType

import attrs

from solo_rules.cards import PIQUET_IDS, card_ids
from solo_rules.errors import InvalidStateError, wrong_type
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP
from solo_rules.state import GameState, Phase, build_state

try:  # Cython's own module, where it is installed; the compiled module reads it as a constant
    import cython  # type: ignore[import-untyped,import-not-found,unused-ignore]
    #: whether this module runs compiled (its arrays are then C arrays, which start zeroed)
    COMPILED: bool = cython.compiled
except ImportError:  # pure Python without Cython (it is no dependency)
    COMPILED = False

__all__ = ["DoubleDummy", "Solution", "searches", "solve"]

# The sizes of the search's arrays (``solver.pxd`` declares its C arrays with the same): seats
# (per leader, the seats in turn), cards, plies (a row of ``SEATS`` per trick still to come,
# up to 16), moves per ply, and the tables of bounds and legal cards (entries, powers of two;
# a key of bounds may take ``PROBES`` places from its home).
SEATS = 8
#: the hands in a key of bounds: three 64-bit words of two hands of 32 cards
KEYED_SEATS = 6
CARDS = 32
PLIES = 17 * SEATS
#: the row of the relative ranks (``norm``) of the legal cards' keys, after those of the plies
SCRATCH = PLIES // SEATS
MOVES = 16
TABLE_BITS = 13
TABLE = 1 << TABLE_BITS
PROBES = 4
LEGAL_BITS = 13
#: the table of the moves that decided a trick's plays (``generate``; entries, a power of two)
HINT_BITS = 13
#: the table of the keys of trick starts by their hands as they are (``key_of``)
SEEN_BITS = 12
#: a rank that puts a card after every card without it (``generate``)
FAR = 1000
#: the effective suit of the trumps, a C integer in the compiled module
TRUMP_SUIT: int = TRUMP
#: 64-bit arithmetic for the tables' hashes: the compiled module's words wrap by themselves
FULL = 0xFFFF_FFFF_FFFF_FFFF
SPREAD = 0x9E37_79B9_7F4A_7C15
MIX = 0xC2B2_AE3D_27D4_EB4F
#: the index of a lowest bit: ``bit_at[(low * DE_BRUIJN & LOW32) >> 27]``
DE_BRUIJN = 0x077C_B531
LOW32 = 0xFFFF_FFFF
ONE = 1


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


def zeros(size: int) -> list[int]:
    """A list of ``size`` zeros (an array of the search in pure Python)."""
    return [0] * size


def sparse() -> defaultdict[int, int]:
    """Zeros by index, made as they are read (a table of the search in pure Python, whose
    full size a small search never reads)."""
    return defaultdict(int)


def popcount(cards: int) -> int:
    """The cards of a 32-bit mask, counted in the word (the compiled module has no
    ``int.bit_count`` of a C integer)."""
    cards = cards - (cards >> 1 & 0x5555_5555)
    cards = (cards & 0x3333_3333) + (cards >> 2 & 0x3333_3333)
    return ((cards + (cards >> 4) & 0x0F0F_0F0F) * 0x0101_0101 & LOW32) >> 24


class GcPaused:
    """The garbage collector paused for a search: its tables hold no reference cycles, but
    their many tuples and lists trigger collection after collection that only scans them."""

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

    The trick count runs on fixed arrays of small integers (the hands, the trick and the
    moves per ply, a table of bounds and one of legal cards), which the accelerator compiles
    to C arrays (``solver.pxd``): a position costs no object but where the rules are asked
    for a seat's legal cards. Both searches keep their table at trick starts (and decisions)
    only, keyed on the hands in relative ranks (``normalise``). The trick count needs nothing
    else: every trick is played, the declarer's decisions change only flags, and the play
    rules read of a position only the contract, the seat's hand and the trick
    (``PlayRules.duty``, ``PartnerRules.restriction``), and of a card only its
    effective suit and its order among the cards in play, but for the named ones; so its
    table holds bounds on the party's tricks still to come, shared by positions reached with
    any tricks won, and its legal cards are kept per hand and trick in relative ranks.
    Whether the party makes its objective is the early-end rule's verdict: the trick count
    against its ``trick_goal`` where it has one, else ``and_or``, whose verdict reads the
    tricks won per seat and the flags: that table's key has them."""

    #: the compiled search's tables of the steps pure Python replaces (the module's ``pure_``
    #: functions): C arrays only (``solver.pxd``)
    rank_at: list[int]
    legal_keys: list[int]
    legal_cards: list[int]
    exact_keys: list[int]
    exact_cards: list[int]
    seen: list[int]
    seen_lead: list[int]
    #: per seat, whether ``ask`` finds its legal cards itself (a C array compiled too)
    plain: list[int]

    def __init__(self, state: GameState) -> None:
        rules = state.rules
        if not isinstance(rules, CompiledRules):
            raise TypeError(f"solve needs a state of a compiled rule set, not {rules!r}")
        if state.phase not in (Phase.PLAY, Phase.DECIDE):
            raise InvalidStateError(f"solve starts in the play, not in phase {state.phase}")
        contract = state.contract
        if contract is None or contract.declarer is None:
            raise InvalidStateError("solve needs a contract with a declarer's party")
        refusal = _refusal(rules)
        if refusal is not None:
            raise InvalidStateError(refusal)
        players = len(state.hands)
        self.rules = rules
        self.contract = contract
        self.party = state.party()
        #: the party's first and last seat (the same seat when the declarer plays alone)
        self.ends = (self.party[0], self.party[-1])
        self.total = rules.hand_size
        self.seated = rules.seated
        self.players = players
        #: the fields of a position of the hand that the play rules do not read, and their
        #: legal cards of a position (``ask``)
        self.fields = (state.dealer, state.hands, state.history, state.memory, contract,
                       state.tricks, state.won, state.flags, state.dealt)
        self.play_mask = rules.play.mask
        self.held = list(state.hands)
        self.nodes = 0
        self.decided = -1
        #: per trick start or decision (the phase, the seat to move, the leader, the tricks won
        #: per seat, the flags, the contract and the hands, as they are and in relative
        #: ranks): whether the party makes its objective
        self.made: dict[tuple[object, ...], bool] = {}
        if not COMPILED:  # the compiled search's arrays are C arrays, and start zeroed; in
            # pure Python the tables are sparse, as a search fills a few thousand places, and
            # the steps that the module's ``pure_`` functions replace keep dictionaries
            self.hand = zeros(SEATS)
            self.trick = zeros(PLIES)
            self.norm = zeros(SCRATCH * CARDS)
            self.moves_at = zeros(PLIES * MOVES)
            self.keys = sparse()
            self.lead = sparse()
            self.low = sparse()
            self.high = sparse()
            self.best = sparse()
            self.hint_keys = sparse()
            self.hint_cards = sparse()
            self.counts = zeros(SEATS)
            self.ruffers = zeros(SEATS)
            #: per seat, hand and trick (its cards): the legal cards and their suits' cards
            self.legal_known: dict[tuple[int, ...], tuple[int, int]] = {}
            #: per seat, legal cards, live cards of their suits and trick: the moves, the hint
            self.moves_known: dict[tuple[int, ...], tuple[list[int], int]] = {}
            #: per legal and live cards of one suit (live ones shifted by 32): its runs' heads
            self.runs_known: dict[int, list[int]] = {}
            #: per hands as they are: the key of the hands in relative ranks (``words``)
            self.seen_known: dict[tuple[int, ...], tuple[int, int, int]] = {}
        #: per seat, whether the rules give it its cards of the suit led, or any card when it
        #: holds none or leads (``PlayRules.follows_only``), which ``ask`` then finds itself
        if not COMPILED:
            self.plain = zeros(SEATS)
        partner = rules.partner
        for seat in range(players):
            self.plain[seat] = rules.play.follows_only(rules, contract, seat) and (
                partner is None or not partner.restricts(contract, seat))
        tables = rules.tables(contract.trump)
        # the tables run over every card id; the search holds the 32 of the packs it plays
        self.power = list(tables.power[:CARDS])
        self.suit_of = list(tables.suit_of[:CARDS])
        #: per effective suit, its cards (a mask)
        self.suit_masks = [*tables.suit_masks, tables.trump_mask]
        #: per effective suit (a row of ``CARDS``), its cards from the strongest down
        order = [0] * (5 * CARDS)
        lengths = [0] * 5
        for suit in range(5):
            cards = sorted((c for c in card_ids(rules.pack) if tables.suit_of[c] == suit),
                           key=lambda c: -tables.power[c])
            order[suit * CARDS:suit * CARDS + len(cards)] = cards
            lengths[suit] = len(cards)
        self.order = order
        self.order_len = lengths
        #: per leader (a row of ``SEATS``), the seats in turn (a seat that sits out takes none)
        turn = [0] * (SEATS * SEATS)
        for seat in range(players):
            seats = state.in_turn(seat)
            turn[seat * SEATS:seat * SEATS + len(seats)] = seats
        self.turn = turn
        self.in_party = [int(seat in self.party) for seat in range(SEATS)]
        #: the order of leads, lowest first: the party's strongest first, the defence's plain
        #: cards first
        self.party_lead = [-power for power in self.power]
        self.defence_lead = [(suit == TRUMP) * FAR - power
                             for suit, power in zip(self.suit_of, self.power, strict=True)]
        bit_at = zeros(CARDS)
        for card in range(CARDS):
            bit_at[((1 << card) * DE_BRUIJN & LOW32) >> 27] = card
        self.bit_at = bit_at
        # Cards a rule may treat by name are never merged with their neighbours, nor moved in
        # the tables' keys: the called card (its holder's duties, the partner's reveal) and
        # those the play rules name (the matadors where they may be reneged).
        named = rules.play.named_cards(rules, tables.trump)
        #: whether the play rules name cards (the matador renege): a trump lead may then
        #: leave trumps out (``quick``)
        self.renege = bool(named)
        called = contract.called
        self.called = -1 if called is None else called
        #: the called card's place in its effective suit, from the top
        self.called_at = 0
        if called is not None:
            named |= 1 << called
            suit = tables.suit_of[called]
            self.called_at = order[suit * CARDS:suit * CARDS + lengths[suit]].index(called)
        self.named = named

    def party_tricks(self, state: GameState) -> int:
        won = state.won
        first, last = self.ends
        return won[first] + won[last] if first != last else won[first]

    def load(self, state: GameState) -> tuple[int, int, int, int]:
        """Copy the hands and the trick of ``state`` into the search's arrays; the leader, the
        cards in the trick, every card still in play (a mask) and the tricks still to come."""
        left = self.total - len(state.tricks)
        trick = state.trick if state.phase is Phase.PLAY else ()
        live = 0
        for seat, hand in enumerate(state.hands):
            self.hand[seat] = hand
            live |= hand
        base = left * SEATS
        for index, card in enumerate(trick):
            self.trick[base + index] = card
            live |= 1 << card
        return state.leader, len(trick), live, left

    # -- moves -----------------------------------------------------------------------------

    def moves(self, state: GameState) -> list[int]:
        """The moves of any position of the hand, good ones first: in the play, one card of
        each run of equivalent cards (``generate``; at a trick start, the lead that last
        decided a search from it first); at a decision, its legal actions."""
        if state.phase is not Phase.PLAY:
            return list(self.rules.legal_ids(state))
        leader, count, live, left = self.load(state)
        self.normalise(live, left)
        ply = left * SEATS + count
        found = self.generate(leader, count, live, left)
        if not count and left > 1:
            self.words(left)
            slot = self.find(self.w0, self.w1, self.w2, leader)
            if slot >= 0:
                self.promote(ply * MOVES, found, left * CARDS, self.best[slot] - 1)
        return [self.moves_at[ply * MOVES + index] for index in range(found)]

    def legal(self, state: GameState) -> int:
        """The cards (a mask) the seat to move may play in ``state``, in play, as the search
        reads them (``legal_of``): the rules' own, asked once per hand and trick in relative
        ranks."""
        leader, count, _, left = self.load(state)
        return self.legal_of(state.player, leader, count, left)

    def legal_of(self, seat: int, leader: int, count: int, left: int) -> int:
        """The cards the rules let ``seat`` play to the ``count`` cards of the trick at
        ``left`` tricks to come, kept per seat, hand and trick as they are, and in ranks
        relative to the cards of that hand and trick alone: the rules read nothing else of
        the position (the class docstring), so hands and tricks alike in their ranks share an
        entry. Each key has 63 bits: the hand, the seat, the count and each card of the trick
        in five bits."""
        hand = self.hand[seat]
        start = left * SEATS
        key = hand | seat << 32 | count << 35  # first as they are: no relative ranks computed
        for index in range(count):
            card = self.trick[start + index]
            key |= card << (38 + 5 * index)
        exact = (key * MIX & FULL) >> (64 - LEGAL_BITS)
        if self.exact_keys[exact] == key:
            return self.exact_cards[exact]
        self.exact_keys[exact] = key
        seen = hand
        for index in range(count):
            seen |= ONE << self.trick[start + index]
        self.normalise(seen, SCRATCH)
        base = SCRATCH * CARDS
        key = self.relative(hand, SCRATCH) | seat << 32 | count << 35
        for index in range(count):
            card = self.norm[base + self.trick[start + index]]
            key |= card << (38 + 5 * index)
        slot = (key * SPREAD & FULL) >> (64 - LEGAL_BITS)
        if self.legal_keys[slot] != key:
            slot ^= 1  # its pair's other place
        if self.legal_keys[slot] == key:
            relative = self.legal_cards[slot]
        else:
            relative = self.relative(self.ask(seat, leader, count, left), SCRATCH)
            if self.legal_keys[slot ^ 1] == 0:
                slot ^= 1
            self.legal_keys[slot] = key
            self.legal_cards[slot] = relative
        legal = 0
        while hand:
            low = hand & -hand
            if relative >> self.norm[base + self.bit_at[(low * DE_BRUIJN & LOW32) >> 27]] & 1:
                legal |= low
            hand ^= low
        self.exact_cards[exact] = legal
        return legal

    def ask(self, seat: int, leader: int, count: int, left: int) -> int:
        """The rules' legal cards (a mask) of ``seat`` to the trick at ``left`` tricks to
        come: its cards of the suit led (or every card) where the rules say that is all they
        give it (``plain``), else asked of a position built for them."""
        start = left * SEATS
        if self.plain[seat]:
            hand = self.hand[seat]
            if count:
                follow: int = hand & self.suit_masks[self.suit_of[self.trick[start]]]
                if follow:
                    return follow
            return hand
        dealer, hands, history, memory, contract, tricks, won, flags, dealt = self.fields
        trick = tuple([self.trick[start + index] for index in range(count)]) if count else ()
        held = self.held  # the hands of the position, but for the seat's
        held[seat] = self.hand[seat]
        probe = build_state(self.rules, Phase.PLAY, seat, dealer, tuple(held), history, memory,
                            contract, trick, leader, tricks, won, flags, dealt)
        held[seat] = hands[seat]
        legal: int = self.play_mask(self.rules, probe)
        return legal

    def generate(self, leader: int, count: int, live: int, left: int) -> int:
        """The moves of the seat to play the ``count``-th card of the trick at ``left``
        tricks to come, into its ply's row of ``moves_at``: the first legal card of each run
        of equivalent cards, good ones first; how many.

        Two legal cards of the mover are equivalent when they are of one effective suit and
        no other card still in play (in a hand or in the trick) lies between them: whichever
        is played, every trick goes the same way and every later duty is the same; a named
        card is a run of its own. Good moves: the party's strongest leads, the defence's plain
        winners before its trumps; a follower's cheapest card when his side holds the trick,
        else his cheapest card that takes it, then his cheapest."""
        seat = self.turn[leader * SEATS + count]
        legal = self.legal_of(seat, leader, count, left)
        named = self.named
        start = (left * SEATS + count) * MOVES
        found = 0
        suits = 0
        for suit in range(5):
            if not legal & self.suit_masks[suit]:
                continue
            suits |= self.suit_masks[suit]
            in_run = False
            for index in range(self.order_len[suit]):
                card = self.order[suit * CARDS + index]
                if not live >> card & 1:
                    continue
                if not legal >> card & 1:
                    in_run = False
                elif named >> card & 1 or not in_run:
                    self.moves_at[start + found] = card
                    found += 1
                    in_run = not named >> card & 1
        # the order depends on the seat, the trick and the legal cards, the runs on the live
        # cards of their suits: the hint of the card that last decided the same is kept there
        hint = ((legal | (live & suits) << 32) * SPREAD & FULL) ^ seat
        trick = left * SEATS
        for index in range(count):
            hint = (hint ^ self.trick[trick + index]) * MIX & FULL
        self.hint = hint
        mine = self.in_party[seat]
        if not count:
            for index in range(found):
                card = self.moves_at[start + index]
                self.rank_at[start + index] = (self.party_lead[card] if mine
                                               else self.defence_lead[card])
        else:
            held = self.winning(left, count)
            best = self.trick[left * SEATS + held]
            best_suit = self.suit_of[best]
            bar = self.power[best]
            ours = mine == self.in_party[self.turn[leader * SEATS + held]]
            for index in range(found):
                card = self.moves_at[start + index]
                power = self.power[card]
                suit = self.suit_of[card]
                self.rank_at[start + index] = power if ours or (
                    power > bar and suit in (best_suit, TRUMP_SUIT)) else power + FAR
        for index in range(1, found):  # a stable insertion sort on the ranks
            card = self.moves_at[start + index]
            rank = self.rank_at[start + index]
            place = index
            while place and self.rank_at[start + place - 1] > rank:
                self.moves_at[start + place] = self.moves_at[start + place - 1]
                self.rank_at[start + place] = self.rank_at[start + place - 1]
                place -= 1
            self.moves_at[start + place] = card
            self.rank_at[start + place] = rank
        return found

    def promote(self, start: int, found: int, base: int, lead: int) -> None:
        """Move the card ``lead`` (if any: a card, or the relative card in the row of ``norm``
        from ``base`` unless it is -1) first among the ``found`` moves from ``start``."""
        if lead < 0:
            return
        for index in range(found):
            card = self.moves_at[start + index]
            if (card if base < 0 else self.norm[base + card]) == lead:
                while index:
                    self.moves_at[start + index] = self.moves_at[start + index - 1]
                    index -= 1
                self.moves_at[start] = card
                return

    def winning(self, left: int, count: int) -> int:
        """The place of the card that holds the first ``count`` cards of the trick at
        ``left`` tricks to come: the highest power among the cards of the led effective suit
        and the trumps (``ranking.TrumpTables``)."""
        start = left * SEATS
        led = self.suit_of[self.trick[start]]
        held = 0
        for index in range(1, count):
            if self.beats(self.trick[start + index], self.trick[start + held], led):
                held = index
        return held

    def beats(self, card: int, best: int, led: int) -> bool:
        """Whether ``card`` takes a trick of the effective suit ``led`` from ``best``: a card of
        that suit or a trump of higher power (``ranking.TrumpTables``)."""
        suit = self.suit_of[card]
        return suit in (led, TRUMP_SUIT) and self.power[card] > self.power[best]

    # -- relative ranks --------------------------------------------------------------------

    def normalise(self, live: int, left: int) -> None:
        """Per card, in the row of ``left`` tricks to come of ``norm``, the card it stands for
        in the tables' keys when ``live`` are the cards in play: each live card moves up its
        effective suit over the cards gone, but never past a named card, so that positions
        alike but for the cards gone share one entry (the bridge solvers' relative ranks). No
        rule reads more of a card than its effective suit and its order among the live cards,
        but for the named ones."""
        base = left * CARDS
        named = self.named
        for suit in range(5):
            if not live & self.suit_masks[suit]:
                continue  # no card of the suit to place
            row = suit * CARDS
            slot = 0
            for index in range(self.order_len[suit]):
                card = self.order[row + index]
                if named >> card & 1:
                    self.norm[base + card] = card
                    slot = index + 1
                elif live >> card & 1:
                    self.norm[base + card] = self.order[row + slot]
                    slot += 1

    def normaliser(self, live: int) -> tuple[int, ...]:
        """Per card, the card (a mask) it stands for when ``live`` are the cards in play (0
        for a card gone): ``normalise``, read."""
        self.normalise(live, 0)
        return tuple([1 << self.norm[card] if live >> card & 1 else 0 for card in range(CARDS)])

    def relative(self, hand: int, left: int) -> int:
        """``hand`` in relative ranks, by the row of ``left`` tricks to come of ``norm``."""
        base = left * CARDS
        canon = 0
        while hand:
            low = hand & -hand
            canon |= ONE << self.norm[base + self.bit_at[(low * DE_BRUIJN & LOW32) >> 27]]
            hand ^= low
        return canon

    def words(self, left: int) -> None:
        """The key of the hands in relative ranks (``w0``, ``w1``, ``w2``: two hands a word)."""
        self.w0 = self.relative(self.hand[0], left) | self.relative(self.hand[1], left) << 32
        self.w1 = self.relative(self.hand[2], left) | self.relative(self.hand[3], left) << 32
        self.w2 = self.relative(self.hand[4], left) | self.relative(self.hand[5], left) << 32

    def key_of(self, leader: int, live: int, left: int) -> bool:
        """The key of the hands in relative ranks (``words``) at a trick start, found again
        by the hands as they are where it was computed before (no relative ranks computed);
        whether it computed them (into the row of ``left`` of ``norm``)."""
        raw0 = self.hand[0] | self.hand[1] << 32
        raw1 = self.hand[2] | self.hand[3] << 32
        raw2 = self.hand[4] | self.hand[5] << 32
        slot = ((raw0 ^ raw1 * SPREAD ^ raw2 * MIX ^ leader) * MIX & FULL) >> (64 - SEEN_BITS)
        if self.seen_lead[slot] == leader + 1 and self.seen[6 * slot] == raw0 \
                and self.seen[6 * slot + 1] == raw1 and self.seen[6 * slot + 2] == raw2:
            self.w0 = self.seen[6 * slot + 3]
            self.w1 = self.seen[6 * slot + 4]
            self.w2 = self.seen[6 * slot + 5]
            return False
        self.normalise(live, left)
        self.words(left)
        self.seen_lead[slot] = leader + 1
        self.seen[6 * slot] = raw0
        self.seen[6 * slot + 1] = raw1
        self.seen[6 * slot + 2] = raw2
        self.seen[6 * slot + 3] = self.w0
        self.seen[6 * slot + 4] = self.w1
        self.seen[6 * slot + 5] = self.w2
        return True

    # -- the table of bounds ---------------------------------------------------------------

    def find(self, w0: int, w1: int, w2: int, leader: int) -> int:
        """The place of the entry of these hands (``words``) and ``leader`` in the table of
        bounds, or -1."""
        home = ((w0 ^ w1 * SPREAD ^ w2 * MIX ^ leader) * SPREAD & FULL) >> (64 - TABLE_BITS)
        for probe in range(PROBES):
            slot = (home + probe) & (TABLE - 1)
            if not self.lead[slot]:
                return -1
            if self.lead[slot] == leader + 1 and self.keys[3 * slot] == w0 \
                    and self.keys[3 * slot + 1] == w1 and self.keys[3 * slot + 2] == w2:
                return slot
        return -1

    def entry(self, w0: int, w1: int, w2: int, leader: int, live: int, left: int) -> int:
        """The place of the entry of these hands and ``leader``, made with its first bounds
        (``sure``) if it is new: in the first free place the key may take, else over the
        entry in its home place (the table only ever loses what it learnt)."""
        slot = self.find(w0, w1, w2, leader)
        if slot >= 0:
            return slot
        home = ((w0 ^ w1 * SPREAD ^ w2 * MIX ^ leader) * SPREAD & FULL) >> (64 - TABLE_BITS)
        slot = home
        for probe in range(PROBES):
            if not self.lead[(home + probe) & (TABLE - 1)]:
                slot = (home + probe) & (TABLE - 1)
                break
        self.keys[3 * slot] = w0
        self.keys[3 * slot + 1] = w1
        self.keys[3 * slot + 2] = w2
        self.lead[slot] = leader + 1
        self.best[slot] = 0
        self.sure(slot, leader, live, left)
        return slot

    # -- the trick count -------------------------------------------------------------------

    def tricks(self, state: GameState) -> int:
        """The most tricks the party can force, every trick played: null-window searches of
        the tricks still to come, from all but one of them down to the first the party
        reaches (a reached target proves every lower one, and a target above the truth is
        mostly refuted cheaply), then all of them if it reaches that first one."""
        with GcPaused():
            return self.party_tricks(state) + self.to_come(state)

    def to_come(self, state: GameState) -> int:
        """``tricks`` still to come."""
        leader, count, live, left = self.load(state)
        target = max(left - 1, 0)
        if not target or self.reach(leader, count, live, target, left):
            if target < left and self.reach(leader, count, live, left, left):
                target = left
            return target
        target -= 1
        while target and not self.reach(leader, count, live, target, left):
            target -= 1
        return target

    def reach(self, leader: int, count: int, live: int, target: int, left: int) -> bool:
        """Whether the party can take ``target`` of the ``left`` tricks still to play (the
        current one included, whose first ``count`` cards are played), every trick played.
        The hands are changed on the way and restored; ``live`` is every card still in play
        (in a hand or in the trick)."""
        if count:
            return self.extend(leader, count, live, target, left, -1)
        if target <= 0:
            return True
        if target > left:
            return False
        if left == 1:
            return self.last(leader) >= target
        fresh = self.key_of(leader, live, left)
        w0 = self.w0
        w1 = self.w1
        w2 = self.w2
        slot = self.entry(w0, w1, w2, leader, live, left)
        if self.low[slot] >= target:
            return True
        if self.high[slot] < target:
            return False
        self.nodes += 1
        if not fresh:  # the moves' order reads the relative ranks
            self.normalise(live, left)
        result = self.extend(leader, 0, live, target, left, self.best[slot] - 1)
        decided = self.decided
        slot = self.entry(w0, w1, w2, leader, live, left)  # the search may have moved it
        if result:
            self.low[slot] = max(self.low[slot], target)
        else:
            self.high[slot] = min(self.high[slot], target - 1)
        if decided >= 0:
            self.best[slot] = decided + 1
        return result

    def extend(self, leader: int, count: int, live: int, target: int, left: int,
               lead: int) -> bool:
        """``reach`` for the seat to play the ``count``-th card of the trick: the party's
        seat wins if one card does, a defender if one card does. At a trick start, ``lead``
        is the relative card of the lead that last decided it (or -1), tried first, and
        ``decided`` is left the relative card of the lead that decides it now (or -1)."""
        seat = self.turn[leader * SEATS + count]
        gaining = self.in_party[seat]
        hand = self.hand[seat]
        start = (left * SEATS + count) * MOVES
        found = self.generate(leader, count, live, left)
        place = left * SEATS + count
        hint = self.hint
        slot = hint >> (64 - HINT_BITS)
        if count:  # within a trick, the card that last decided the same moves first
            if self.hint_keys[slot] == hint:
                self.promote(start, found, -1, self.hint_cards[slot])
        else:
            self.promote(start, found, left * CARDS, lead)
        last = count + 1 == self.seated
        if last:  # the trick so far: who holds it, and the cards in play after it
            held = self.winning(left, count)
            best = self.trick[left * SEATS + held]
            led = self.suit_of[self.trick[left * SEATS]]
            rest = live
            for gone in range(left * SEATS, place):
                rest &= ~(ONE << self.trick[gone])
        for index in range(found):
            card = self.moves_at[start + index]
            self.hand[seat] = hand & ~(ONE << card)
            self.trick[place] = card
            if last:
                winner = self.turn[leader * SEATS
                                   + (count if self.beats(card, best, led) else held)]
                result = self.reach(winner, 0, rest & ~(ONE << card),
                                    target - 1 if self.in_party[winner] else target, left - 1)
            else:
                result = self.extend(leader, count + 1, live, target, left, -1)
            if result == gaining:
                self.hand[seat] = hand
                if count:
                    self.hint_keys[slot] = hint
                    self.hint_cards[slot] = card
                else:
                    self.decided = self.norm[left * CARDS + card]
                return bool(gaining)
        self.hand[seat] = hand
        if not count:
            self.decided = -1
        return not gaining

    def last(self, leader: int) -> int:
        """The party's tricks (0 or 1) of the last trick: every seat plays its one card."""
        for index in range(self.seated):
            hand = self.hand[self.turn[leader * SEATS + index]]
            self.trick[SEATS + index] = self.bit_at[(hand * DE_BRUIJN & LOW32) >> 27]
        return self.in_party[self.turn[leader * SEATS + self.winning(1, self.seated)]]

    def sure(self, slot: int, leader: int, live: int, left: int) -> int:
        """The first bounds of the entry at ``slot`` (0: a C function that may raise returns
        a value): the party's tricks to come are at least the trumps
        one of its seats holds above every defender's trump, and at most those left but the
        trumps one defender holds above every trump of the party. Such a trump takes the
        trick it is played to, whatever the others play, unless a partner's higher one falls
        on it (so one seat's count, not the side's); every card is played when every trick
        is. The leader's side takes at least the leader's ``quick`` tricks besides."""
        for seat in range(SEATS):
            self.counts[seat] = 0
        side = -1
        row = TRUMP_SUIT * CARDS
        for index in range(self.order_len[TRUMP_SUIT]):
            card = self.order[row + index]
            if live >> card & 1:
                seat = self.owner(card)
                if side < 0:
                    side = self.in_party[seat]
                elif self.in_party[seat] != side:
                    break
                self.counts[seat] += 1
        top = 0
        for seat in range(SEATS):
            top = max(top, self.counts[seat])
        low = top if side == 1 else 0
        high = left if side == 1 else left - top
        quick = self.quick(leader, live)
        if self.in_party[leader]:
            low = max(low, quick)
        else:
            high = min(high, left - quick)
        self.low[slot] = low
        self.high[slot] = high
        return 0

    def quick(self, leader: int, live: int) -> int:
        """The tricks the leader can cash from the top (the hands as ``load`` left them): his
        trumps above every other live trump, and in each plain suit his cards above every
        other live card of it, as many as each other seat that holds a trump can follow (the
        rest could be ruffed); every seat must follow the suit led when it can, so such a
        card wins. Where trump leads draw trumps (the play rules name no card: the matador
        renege keeps matadors back), top trumps as many as every other seat holds draw them
        first, and then nobody ruffs. The holder of the called card must lead it first in its
        suit: his suit counts only if it is on top."""
        mine = self.hand[leader]
        trumps = self.suit_masks[TRUMP_SUIT]
        run = self.run(mine, live, TRUMP_SUIT)
        ruffers = 0
        drawn = not self.renege
        for index in range(1, self.seated):
            hand = self.hand[self.turn[leader * SEATS + index]]
            if hand & trumps:
                self.ruffers[ruffers] = hand
                ruffers += 1
                drawn = drawn and popcount(hand & trumps) <= run
        if drawn:
            ruffers = 0
        called = self.called
        count = run
        for suit in range(TRUMP_SUIT):
            cards = self.suit_masks[suit]
            if not mine & cards:
                continue
            run = self.run(mine, live, suit)
            if called >= 0 and mine >> called & 1 and cards >> called & 1 \
                    and self.called_at >= run:
                continue
            for index in range(ruffers):
                run = min(run, popcount(self.ruffers[index] & cards))
            count += run
        return count

    def run(self, hand: int, live: int, suit: int) -> int:
        """How many of the live cards of ``suit``, from its top down, ``hand`` holds."""
        run = 0
        for index in range(self.order_len[suit]):
            card = self.order[suit * CARDS + index]
            if live >> card & 1:
                if not hand >> card & 1:
                    break
                run += 1
        return run

    def owner(self, card: int) -> int:
        """The seat whose hand holds ``card``."""
        for seat in range(self.players):
            if self.hand[seat] >> card & 1:
                return seat
        raise AssertionError(f"no hand holds card {card}")

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
                leader, count, live, left = self.load(state)
                return target <= 0 or self.reach(leader, count, live, target, left)
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
        key = None
        if playing and trick:
            moves = self.moves(state)
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
            # the moves first: they leave the relative ranks of the position in ``norm``
            moves = self.moves(state) if playing else list(rules.legal_ids(state))
            if not playing:
                _, _, live, _ = self.load(state)
                self.normalise(live, 0)
            left = self.total - len(state.tricks) if playing else 0
            key = (*head, *[self.relative(hand, left) for hand in state.hands])
            known = self.made.get(key)
            if known is not None:
                self.made[exact] = known
                return known
            self.nodes += 1
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


def pure_legal(search: DoubleDummy, seat: int, leader: int, count: int,
               left: int) -> tuple[int, int]:
    """The legal cards of ``seat`` to the trick (``legal_of``) and the cards of their suits,
    in pure Python: asked of the rules once per seat, hand and trick as they are, no relative
    ranks computed (a dictionary costs less than a C array's hashed table there)."""
    start = left * SEATS
    key = (seat, search.hand[seat], *search.trick[start:start + count])
    known = search.legal_known.get(key)
    if known is None:
        legal = search.ask(seat, leader, count, left)
        suits = 0
        for cards in search.suit_masks:
            if legal & cards:
                suits |= cards
        known = search.legal_known[key] = (legal, suits)
    return known


def pure_legal_of(search: DoubleDummy, seat: int, leader: int, count: int, left: int) -> int:
    """``DoubleDummy.legal_of`` in pure Python (``pure_legal``)."""
    return pure_legal(search, seat, leader, count, left)[0]


def pure_generate(search: DoubleDummy, leader: int, count: int, live: int, left: int) -> int:
    """``DoubleDummy.generate`` in pure Python, the same moves in the same order and the same
    hint: kept per seat, legal cards, live cards of their suits and trick (all they depend
    on), the runs of a suit per its legal and live cards, and sorted by the built-in sort
    (stable, as the kernel's insertion sort is)."""
    seat = search.turn[leader * SEATS + count]
    start = left * SEATS
    trick = search.trick[start:start + count]
    known_legal = search.legal_known.get((seat, search.hand[seat], *trick))
    legal, suits = known_legal if known_legal is not None else pure_legal(
        search, seat, leader, count, left)
    key = (seat, legal, live & suits, *trick)
    known = search.moves_known.get(key)
    if known is None:
        moves: list[int] = []
        for suit in range(5):
            cards = search.suit_masks[suit]
            if legal & cards:
                runs = (legal & cards) | (live & cards) << 32
                heads = search.runs_known.get(runs)
                if heads is None:
                    heads = search.runs_known[runs] = pure_heads(search, suit, legal, live)
                moves += heads
        hint = ((legal | (live & suits) << 32) * SPREAD & FULL) ^ seat
        for card in trick:
            hint = (hint ^ card) * MIX & FULL
        mine = search.in_party[seat]
        power = search.power
        if not count:
            moves.sort(key=(search.party_lead if mine else search.defence_lead).__getitem__)
        else:
            moves.sort(key=power.__getitem__)
            held = search.winning(left, count)
            if mine != search.in_party[search.turn[leader * SEATS + held]]:
                best = trick[held]
                bar = power[best]
                suit_of = search.suit_of
                taking = (suit_of[best], TRUMP_SUIT)
                takers = [card for card in moves if power[card] > bar and suit_of[card] in taking]
                moves = takers + [card for card in moves if card not in takers]
        known = search.moves_known[key] = (moves, hint)
    moves, search.hint = known
    row = (start + count) * MOVES
    search.moves_at[row:row + len(moves)] = moves
    return len(moves)


def pure_heads(search: DoubleDummy, suit: int, legal: int, live: int) -> list[int]:
    """The first legal card of each run of equivalent cards of ``suit`` (``generate``), from
    its strongest down."""
    named = search.named
    heads: list[int] = []
    in_run = False
    row = suit * CARDS
    for card in search.order[row:row + search.order_len[suit]]:
        if not live >> card & 1:
            continue
        if not legal >> card & 1:
            in_run = False
        elif named >> card & 1 or not in_run:
            heads.append(card)
            in_run = not named >> card & 1
    return heads


def pure_key_of(search: DoubleDummy, leader: int, live: int, left: int) -> bool:
    """``DoubleDummy.key_of`` in pure Python: the key kept per hands as they are in a
    dictionary, which loses none (the key does not depend on the leader)."""
    exact = tuple(search.hand)
    known = search.seen_known.get(exact)
    if known is None:
        search.normalise(live, left)
        search.words(left)
        search.seen_known[exact] = (search.w0, search.w1, search.w2)
        return True
    search.w0, search.w1, search.w2 = known
    return False


if not COMPILED:  # the steps whose C arrays and loops cost pure Python most (see ``COMPILED``)
    DoubleDummy.legal_of = pure_legal_of  # type: ignore[method-assign,assignment]
    DoubleDummy.generate = pure_generate  # type: ignore[method-assign,assignment]
    DoubleDummy.key_of = pure_key_of  # type: ignore[method-assign,assignment]


def _refusal(rules: CompiledRules) -> str | None:
    """Why ``solve`` cannot search the hands of ``rules``, or ``None`` if it can."""
    if rules.players > KEYED_SEATS or rules.hand_size >= PLIES // SEATS:
        return (f"solve keys at most {KEYED_SEATS} hands of fewer than {PLIES // SEATS} "
                f"cards, not {rules.players} of {rules.hand_size}")
    if rules.pack >> PIQUET_IDS:
        return ("solve packs a hand into 32 bits: it cannot search a pack with cards below the "
                "seven (Quadrille's forty)")
    return None


def searches(rules: CompiledRules) -> bool:
    """Whether ``solve`` can search the hands of ``rules`` (``solo_rules.compile(variant)``):
    every shipped variant but Quadrille, whose forty cards do not fit its 32-bit hands."""
    if not isinstance(rules, CompiledRules):
        raise wrong_type("searches", "rules", "a CompiledRules (solo_rules.compile(variant))",
                         rules)
    return _refusal(rules) is None


def solve(state: GameState) -> Solution:
    """The double-dummy result of a hand in play (phase ``play`` or the declarer's decision)
    with every hand known: the party's most tricks and whether it can make its objective."""
    if not isinstance(state, GameState):
        raise wrong_type("solve", "state", "a GameState", state)
    with GcPaused():  # the tables go before it resumes, so that it never scans them
        search = DoubleDummy(state)
        rules = search.rules
        goal = rules.early_end.trick_goal(rules, state)
        tricks = search.tricks(state)
        made = search.and_or(state) if goal is None else tricks >= goal
        solution = Solution(tricks, made, search.nodes)
        del search
    return solution
