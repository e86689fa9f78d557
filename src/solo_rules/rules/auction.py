"""The auction (rulebook slot ``auction``).

``auction.immediate_hold`` is the Altenburg "bidding with immediate hold" (S-WIK, DOSSIER §2a,
AMB-12): Skat-style duels in which the earlier seat holds with "yes", jump bids allowed, the
preferred-suit (Acorn) levels between the contracts, the duty of the holder of both black queens,
and a forced contract when everyone passes.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from solo_rules.actions import BID_BASE, HOLD, KEEP, PASS
from solo_rules.cards import Card, Suit
from solo_rules.ranking import NO_TRUMP
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.rules.contracts import FREE, ContractDef, ContractLadder, suit_word
from solo_rules.state import Contract

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import GameState

__all__ = ["AllPass", "AmountState", "AscendingAmounts", "AuctionEnd", "BidLevel", "Duty",
           "HoldState", "ImmediateHold", "RankedBid", "RoundState", "SingleRound"]


@attrs.frozen
class BidLevel:
    """One bid: a contract, at its preferred-suit level or not."""

    contract: str
    preferred: bool = False


@attrs.frozen
class Duty:
    """A player dealt all of ``cards`` may not pass below ``released_by`` and must declare at
    least ``at_least`` [S-WIK Grossfrage duty; AMB-02]."""

    cards: tuple[str, ...]
    at_least: str
    released_by: str


@attrs.frozen
class AllPass:
    """What happens when every player passes: the holder of all of ``holder_of`` must declare
    one of the forced ``contracts`` (Mussfrage, Forcée); otherwise the contract ``play`` is
    played at once without a declarer (S-FOS Heart Solo), or the hand is thrown in."""

    contracts: tuple[str, ...] = ()
    holder_of: tuple[str, ...] = ()
    play: str | None = None

    def check(self, contracts: ContractLadder) -> None:
        """Raise ``ValueError`` when a named contract is unknown, or ``play`` names one that
        needs a declarer (to name trumps, call a partner, or stand alone)."""
        known = {c.id: c for c in contracts.contracts}
        for name in self.contracts:
            if name not in known:
                raise ValueError(f"all_pass names unknown contract {name!r}")
        if self.play is None:
            return
        cdef = known.get(self.play)
        if cdef is None:
            raise ValueError(f"all_pass.play names unknown contract {self.play!r}")
        if (cdef.trump_by not in ("fixed", "none") or cdef.partner != "none"
                or cdef.single_player == "declarer"):
            raise ValueError(f"all_pass.play: contract {self.play!r} is played without a "
                             "declarer, so it must fix its trumps, have no partner and name "
                             "its single_player")

    def contract(self, rules: CompiledRules) -> Contract | None:
        """The declarer-less contract played when everyone passes, if any."""
        if self.play is None:
            return None
        cdef = rules.contract_def(self.play)
        trump = NO_TRUMP if cdef.trump_by == "none" else "CSHD".index(cdef.suit or "C")
        return Contract(cdef.id, rules.contracts.index(cdef.id), None, trump)

    def declarer(self, hands: tuple[int, ...]) -> int | None:
        """The seat that must play a forced contract, or ``None`` (thrown in)."""
        if not self.contracts:
            return None
        needed = _mask(self.holder_of)
        for seat, hand in enumerate(hands):
            if hand & needed == needed:
                return seat
        return None

    def describe(self) -> Clause:
        """The all-pass rule in prose."""
        otherwise = ("the hand is thrown in and the deal passes on" if self.play is None else
                     "the hand is played at once, without a declarer, as the contract "
                     f"{self.play.replace('_', ' ').capitalize()} below")
        if not self.contracts:
            return Clause(f"If everyone passes, {otherwise}.", "all_pass")
        holder = " and ".join(Card[c].symbol_text for c in self.holder_of)
        games = " or ".join(c.capitalize() for c in self.contracts)
        them = "them both" if len(self.holder_of) > 1 else "it"
        return Clause(f"If everyone passes, the player holding {holder} must play a {games}; "
                      f"if nobody holds {them}, {otherwise}.", "all_pass")


@attrs.frozen
class AuctionEnd:
    """How an auction ended: the seat that declares next, or a contract that starts play at
    once, or neither (the hand is thrown in)."""

    auction: Any
    declarer: int | None
    contract: Contract | None = None


@attrs.frozen(slots=True)
class HoldState:
    """Auction progress: the next seat to enter (index from eldest), the holder and challenger
    (-1 for none), the standing level (-1 for none), the seats that bid a preferred level, and
    whether the declarer was forced by an all-pass."""

    next_entrant: int
    holder: int
    challenger: int
    level: int
    preferred: int
    forced: bool = False


@functools.cache
def _mask(cards: tuple[str, ...]) -> int:
    mask = 0
    for name in cards:
        mask |= 1 << Card[name]
    return mask


@register("auction", "auction.immediate_hold")
@attrs.frozen
class ImmediateHold(RuleModule):
    """Bidding with immediate hold [S-WIK]; formalised as in DOSSIER §2a and AMB-12."""

    levels: tuple[BidLevel, ...]
    preferred_suit: str | None = None
    binding: bool = True
    jump_bids: bool = True
    duty: Duty | None = None
    all_pass: AllPass = AllPass()

    def __attrs_post_init__(self) -> None:
        if not self.levels:
            raise ValueError("an auction needs at least one bid level")
        if any(level.preferred for level in self.levels) and self.preferred_suit is None:
            raise ValueError("preferred levels need preferred_suit")
        if self.preferred_suit is not None and self.preferred_suit not in ("C", "S", "H", "D"):
            raise ValueError(f"preferred_suit must be C, S, H or D, got {self.preferred_suit!r}")
        names = self.level_names
        if self.duty is not None:
            for name in (self.duty.at_least, self.duty.released_by):
                if name not in names:
                    raise ValueError(f"duty names unknown bid {name!r}; bids are {names}")

    # -- tables ----------------------------------------------------------------------------

    @property
    def level_names(self) -> list[str]:
        """The bid names, lowest first: the contract id, with ``@`` and the suit letter for a
        preferred-suit level (``frage@C``)."""
        return [f"{lv.contract}@{self.preferred_suit}" if lv.preferred else lv.contract
                for lv in self.levels]

    @property
    def preferred(self) -> int | None:
        """The preferred suit as a number, if any."""
        return None if self.preferred_suit is None else "CSHD".index(self.preferred_suit)

    def bid_actions(self) -> list[tuple[int, str]]:
        """Every bid of this auction as (action id, text)."""
        return [(BID_BASE + k, f"bid {name}") for k, name in enumerate(self.level_names)]

    def check(self, contracts: ContractLadder) -> None:
        """Raise ``ValueError`` when a level or the all-pass contract names no contract."""
        known = {c.id for c in contracts.contracts}
        for level in self.levels:
            if level.contract not in known:
                raise ValueError(f"bid level names unknown contract {level.contract!r}")
        self.all_pass.check(contracts)

    def _level_of(self, contract: str, preferred: bool) -> int:
        for index, level in enumerate(self.levels):
            if level.contract == contract and level.preferred == preferred:
                return index
        return -1

    def _duty_bound(self, hand: int, level: int) -> bool:
        duty = self.duty
        if duty is None:
            return False
        cards = _mask(duty.cards)
        return hand & cards == cards and level < self.level_names.index(duty.released_by)

    def _may_bid(self, rules: CompiledRules, hand: int, level: int) -> bool:
        contract = rules.contract_def(self.levels[level].contract)
        needed = contract.requires_mask
        return hand & needed == needed

    # -- the engine's interface ------------------------------------------------------------

    def start(self, dealer: int, players: int) -> tuple[HoldState, int]:
        """The opening auction state and the first seat to speak (eldest)."""
        return HoldState(1, -1, -1, -1, 0), (dealer + 1) % players

    def legal(self, rules: CompiledRules, state: GameState) -> list[int]:
        """Legal bid, hold and pass ids for the seat to speak."""
        auction: HoldState = state.auction
        seat = state.player
        hand = state.hands[seat]
        out = []
        if not self._duty_bound(hand, auction.level):
            out.append(PASS)
        if auction.holder == seat and self._may_bid(rules, hand, auction.level):
            out.append(HOLD)
        if auction.holder < 0:
            candidates: range = range(0, 1)
        elif self.jump_bids:
            candidates = range(auction.level + 1, len(self.levels))
        else:
            candidates = range(auction.level + 1, min(auction.level + 2, len(self.levels)))
        out.extend(BID_BASE + k for k in candidates if self._may_bid(rules, hand, k))
        return sorted(out)

    def step(self, state: GameState, action: int) -> tuple[HoldState, int | None]:
        """The auction after ``action`` and the next seat to speak (``None``: auction over)."""
        auction: HoldState = state.auction
        seat = state.player
        players = state.players
        preferred = auction.preferred
        if action >= BID_BASE and self.levels[action - BID_BASE].preferred:
            preferred |= 1 << seat
        if action == HOLD and self.levels[auction.level].preferred:
            preferred |= 1 << seat

        def next_entrant(holder: int, level: int) -> tuple[HoldState, int | None]:
            if auction.next_entrant >= players:
                return HoldState(players, holder, -1, level, preferred), None
            challenger = (state.dealer + 1 + auction.next_entrant) % players
            if holder < 0:
                return HoldState(auction.next_entrant + 1, -1, -1, -1, preferred), challenger
            return (HoldState(auction.next_entrant + 1, holder, challenger, level, preferred),
                    challenger)

        if auction.holder < 0:  # opening
            if action == PASS:
                return next_entrant(-1, -1)
            return next_entrant(seat, action - BID_BASE)
        if seat == auction.challenger:
            if action == PASS:
                return next_entrant(auction.holder, auction.level)
            return (HoldState(auction.next_entrant, auction.holder, seat, action - BID_BASE,
                              preferred), auction.holder)
        # the holder answers
        if action == PASS:
            return next_entrant(auction.challenger, auction.level)
        level = auction.level if action == HOLD else action - BID_BASE
        return (HoldState(auction.next_entrant, seat, auction.challenger, level, preferred),
                auction.challenger)

    def finish(self, state: GameState) -> AuctionEnd:
        """The auction's result once every seat has spoken: the last holder declares; after an
        all-pass the forced player does, or the hand is thrown in."""
        auction: HoldState = state.auction
        if auction.holder >= 0:
            return AuctionEnd(auction, auction.holder)
        forced = self.all_pass.declarer(state.hands)
        if forced is None:
            return AuctionEnd(auction, None, self.all_pass.contract(state.rules))
        return AuctionEnd(attrs.evolve(auction, holder=forced, forced=True), forced)

    def explain(self, rules: CompiledRules, state: GameState, action: int) -> str:
        """Why a bid, hold or pass is refused, in the terms of this auction."""
        auction: HoldState = state.auction
        hand = state.hands[state.player]
        names = self.level_names
        if action == PASS and self.duty is not None:
            cards = " and ".join(Card[c].symbol_text for c in self.duty.cards)
            return (f"a player dealt {cards} has a duty to bid: he may not pass before a "
                    f"{self.duty.released_by} has been bid")
        if action == HOLD:
            return "only the holder of the standing bid may hold it"
        if action < BID_BASE:
            return ""
        level = action - BID_BASE
        if auction.holder < 0 and level > 0:
            return f"the opening bid is {names[0]}"
        if level <= auction.level:
            return f"a bid must be higher than the standing {names[auction.level]}"
        if not self._may_bid(rules, hand, level):
            cards = " and ".join(Card[c].symbol_text
                                 for c in rules.contract_def(self.levels[level].contract).requires)
            return f"only a player holding {cards} may bid {names[level]}"
        return "bids go up one step at a time"

    def declarations(self, rules: CompiledRules, state: GameState) -> list[int]:
        """The declaration ids open to the auction winner (or the forced player)."""
        auction: HoldState = state.auction
        seat = state.player
        hand = state.hands[seat]
        ladder = rules.contracts
        out = []
        for position, contract in enumerate(ladder.contracts):
            if auction.forced != (contract.id in self.all_pass.contracts):
                continue
            needed = contract.requires_mask
            if hand & needed != needed:
                continue
            codes = contract.trump_codes() if auction.forced else ladder.declaration_codes(
                contract, self.preferred)
            for code in codes:
                if not auction.forced and not self._declarable(contract.id, code, auction, seat,
                                                               hand):
                    continue
                for tout in (False, True) if contract.tout else (False,):
                    out.append(ladder.declaration_id(position, code, tout))
        return out

    def _declarable(self, contract: str, code: int, auction: HoldState, seat: int,
                    hand: int) -> bool:
        in_preferred = code != FREE and code == self.preferred
        level = self._level_of(contract, in_preferred)
        if level < 0 or level < auction.level:
            return False
        if self.binding and auction.preferred >> seat & 1 and not in_preferred:
            return False
        if self._duty_bound(hand, auction.level):
            assert self.duty is not None
            return level >= self.level_names.index(self.duty.at_least)
        return True

    def describe(self) -> list[Clause]:
        shown = []
        for level in self.levels:
            contract = level.contract.capitalize()
            shown.append(f"{contract} in {suit_word('CSHD'.index(self.preferred_suit or 'C'))}"
                         if level.preferred else contract)
        clauses = [
            Clause("The bids, from lowest to highest, are: " + ", ".join(shown) + ".", "levels"),
        ]
        if self.preferred_suit is not None:
            suit = suit_word("CSHD".index(self.preferred_suit))
            clauses.append(Clause(
                f"A contract in {suit} ranks above the same contract in another suit, but "
                "below the next higher contract.", "preferred_suit"))
            if self.binding:
                clauses.append(Clause(
                    f"A player who bid a {suit} level at any point must play in {suit}.",
                    "binding"))
        clauses += [
            Clause(f"Eldest speaks first and may open with {shown[0]} or pass; while nobody has "
                   "opened, each player in turn may open or pass.", "levels"),
            Clause("Once a player holds a bid, the next player in turn challenges him: the "
                   "challenger passes or bids higher"
                   + (", and may jump to any higher bid" if self.jump_bids else
                      " by exactly one step")
                   + "; the holder then passes, holds with \"yes\" at the same bid, or bids "
                   "higher; the two go on until one passes.", "jump_bids"),
            Clause("The survivor holds against the next player in turn, until all have spoken. "
                   "The last holder declares a contract at least as high as the bid he holds.",
                   "levels"),
        ]
        if self.duty is not None:
            cards = " and ".join(Card[c].symbol_text for c in self.duty.cards)
            clauses.append(Clause(
                f"A player dealt {cards} must bid: he may not pass until a "
                f"{self.duty.released_by.capitalize()} has been bid, and he must declare at "
                f"least a {self.duty.at_least.capitalize()} unless a "
                f"{self.duty.released_by.capitalize()} was bid.", "duty"))
        clauses.append(self.all_pass.describe())
        return clauses


@attrs.frozen
class RankedBid:
    """One bid of a single-round auction: the contract it names, the trump suits its declarer
    may name (for a contract whose declarer names trumps), and its rank (equal ranks do not
    overcall each other). ``join``: a later equal bid joins the standing one instead (AMB-33).
    ``needs_one_of``: the bidder must hold one of these cards (S-NIE IsIt, AMB-29).
    ``keepable_over``: bids whose standing bidder may take this bid over himself (AMB-28).
    ``id`` is the bid's action text (``bid solo@C``); ``label`` its name in the rulebook
    (default: ``id`` capitalised); overlays merge bids by ``id``."""

    id: str
    contract: str
    rank: int
    suits: str = "CSHD"
    label: str = ""
    join: bool = False
    needs_one_of: tuple[str, ...] = ()
    keepable_over: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not self.suits or set(self.suits) - set("CSHD") or len(set(self.suits)) != len(
                self.suits):
            raise ValueError(f"bid {self.id!r}: suits must be letters of CSHD, got "
                             f"{self.suits!r}")
        for name in self.needs_one_of:
            if name not in Card.__members__:
                raise ValueError(f"bid {self.id!r}: unknown card {name!r} in needs_one_of")

    @property
    def needs_mask(self) -> int:
        """The cards of which the bidder must hold at least one (0: no such need)."""
        return _mask(self.needs_one_of)


@attrs.frozen(slots=True)
class RoundState:
    """Single-round auction progress: seats that have spoken (from eldest), the standing bid
    (index, -1 for none) and its holder, the seats that joined it, and the seat (-1: none) now
    deciding whether to keep the bid just made over his own."""

    spoken: int
    bid: int
    holder: int
    joined: tuple[int, ...] = ()
    keeper: int = -1


@register("auction", "auction.single_round")
@attrs.frozen
class SingleRound(RuleModule):
    """One bid each from eldest, a higher bid overriding a lower one [S-NIE: "Higher value bids
    override lower ones ... Each player is allowed to bid once."]; the ranking is data (AMB-31),
    with joining (AMB-33) and keeping (AMB-28) as bid attributes. All pass: thrown in (AMB-37)."""

    bids: tuple[RankedBid, ...]

    def __attrs_post_init__(self) -> None:
        if not self.bids:
            raise ValueError("an auction needs at least one bid")
        names = [bid.id for bid in self.bids]
        if len(set(names)) != len(names):
            raise ValueError(f"bid ids repeat: {names}")
        for bid in self.bids:
            for other in bid.keepable_over:
                if other not in names:
                    raise ValueError(f"bid {bid.id!r}: keepable_over names unknown bid "
                                     f"{other!r}; bids are {names}")

    @property
    def preferred(self) -> int | None:
        """No preferred suit: club precedence is in the ranks."""
        return None

    def bid_actions(self) -> list[tuple[int, str]]:
        """Every bid as (action id, text)."""
        return [(BID_BASE + k, f"bid {bid.id}") for k, bid in enumerate(self.bids)]

    def check(self, contracts: ContractLadder) -> None:
        """Raise ``ValueError`` when a bid names no contract, or a joinable bid leaves its
        declaration open (joined declarers cannot each declare)."""
        known = {c.id: c for c in contracts.contracts}
        for bid in self.bids:
            if bid.contract not in known:
                raise ValueError(f"bid {bid.id!r} names unknown contract {bid.contract!r}")
            if bid.join and len(self._codes(bid, known[bid.contract])) != 1:
                raise ValueError(f"bid {bid.id!r}: a joinable bid must fix its trumps")

    @staticmethod
    def _codes(bid: RankedBid, contract: ContractDef) -> tuple[int, ...]:
        if contract.trump_by == "declarer":
            return tuple("CSHD".index(s) for s in bid.suits)
        return contract.trump_codes()

    def _may_bid(self, rules: CompiledRules, hand: int, bid: RankedBid) -> bool:
        needed = rules.contract_def(bid.contract).requires_mask
        return hand & needed == needed and (not bid.needs_one_of or bool(hand & bid.needs_mask))

    # -- the engine's interface ------------------------------------------------------------

    def start(self, dealer: int, players: int) -> tuple[RoundState, int]:
        """Nobody has spoken; eldest (the dealer's left) bids first [S-NIE]."""
        return RoundState(0, -1, -1), (dealer + 1) % players

    def legal(self, rules: CompiledRules, state: GameState) -> list[int]:
        """Keep or pass for a keeper; otherwise pass, or any allowed bid that outranks the
        standing one (or joins it)."""
        auction: RoundState = state.auction
        if auction.keeper >= 0:
            return [PASS, KEEP]
        hand = state.hands[state.player]
        standing = self.bids[auction.bid] if auction.bid >= 0 else None
        out = [PASS]
        for k, bid in enumerate(self.bids):
            above = standing is None or bid.rank > standing.rank or (
                k == auction.bid and bid.join)
            if above and self._may_bid(rules, hand, bid):
                out.append(BID_BASE + k)
        return out

    def step(self, state: GameState, action: int) -> tuple[RoundState, int | None]:
        """The auction after ``action`` and the next seat to speak (``None``: over)."""
        auction: RoundState = state.auction
        players = state.players
        if auction.keeper >= 0:
            holder = auction.keeper if action == KEEP else auction.holder
            auction = RoundState(auction.spoken, auction.bid, holder)
        elif action != PASS:
            k = action - BID_BASE
            seat = state.player
            if k == auction.bid and self.bids[k].join:
                auction = RoundState(auction.spoken + 1, k, auction.holder,
                                     (*auction.joined, seat))
            else:
                keeper = -1
                if auction.bid >= 0 and self.bids[auction.bid].id in self.bids[k].keepable_over \
                        and self._may_bid(state.rules, state.hands[auction.holder], self.bids[k]):
                    keeper = auction.holder
                auction = RoundState(auction.spoken + 1, k, seat, (), keeper)
                if keeper >= 0:
                    return auction, keeper
        else:
            auction = attrs.evolve(auction, spoken=auction.spoken + 1)
        if auction.spoken >= players:
            return auction, None
        return auction, (state.dealer + 1 + auction.spoken) % players

    def finish(self, state: GameState) -> AuctionEnd:
        """The holder of the highest bid plays its contract (with those who joined it); he
        declares only when the bid leaves trumps open. All pass: thrown in."""
        auction: RoundState = state.auction
        if auction.holder < 0:
            return AuctionEnd(auction, None)
        bid = self.bids[auction.bid]
        rules = state.rules
        cdef = rules.contract_def(bid.contract)
        codes = self._codes(bid, cdef)
        if len(codes) > 1 or cdef.tout:
            return AuctionEnd(auction, auction.holder)
        contract = rules.make_contract(cdef, codes[0], False, auction.holder)
        return AuctionEnd(auction, None, attrs.evolve(contract, co_declarers=auction.joined))

    def declarations(self, rules: CompiledRules, state: GameState) -> list[int]:
        """The declarations of the won bid's contract: only its trump choice."""
        auction: RoundState = state.auction
        bid = self.bids[auction.bid]
        ladder = rules.contracts
        cdef = rules.contract_def(bid.contract)
        position = ladder.index(cdef.id)
        return [ladder.declaration_id(position, code, tout) for code in self._codes(bid, cdef)
                for tout in ((False, True) if cdef.tout else (False,))]

    def describe(self) -> list[Clause]:
        ranked: dict[int, list[str]] = {}
        for bid in self.bids:
            ranked.setdefault(bid.rank, []).append(_bid_words(bid))
        order = " < ".join(" = ".join(names) for _, names in sorted(ranked.items()))
        clauses = [
            Clause("Each player bids once, beginning with the player on the dealer's left: he "
                   "passes or makes a bid that outranks the standing bid, which it overrides.",
                   "bids"),
            Clause(f"The bids rank, lowest first: {order}. A bid does not overcall a bid of "
                   "equal rank, so only one of them can be played in a hand.", "bids"),
        ]
        for bid in self.bids:
            if bid.join:
                clauses.append(Clause(
                    f"A player may bid {_bid_words(bid)} over a standing {_bid_words(bid)}: he "
                    "joins it, and each of them plays and settles his own game.", "bids"))
            if bid.needs_one_of:
                cards = " ".join(Card[c].symbol_text for c in bid.needs_one_of)
                clauses.append(Clause(f"To bid {_bid_words(bid)} a player must hold at least one "
                                      f"of {cards}.", "bids"))
            for over in bid.keepable_over:
                standing = _bid_words(next(b for b in self.bids if b.id == over))
                clauses.append(Clause(
                    f"When {_bid_words(bid)} is bid over a standing {standing}, the {standing} "
                    f"bidder may at once keep it (he then plays {_bid_words(bid)} himself, if he "
                    "could have bid it) or let it stand; this is not his one bid.", "bids"))
        clauses.append(Clause("The bid fixes the contract; its holder only names trumps where "
                              "the bid leaves them open, and calls a partner where the contract "
                              "has one.", "bids"))
        clauses.append(AllPass().describe())
        return clauses


def _bid_words(bid: RankedBid) -> str:
    """``Solo (♠/♥/♦)``: a bid's label and, where it limits them, its trump suits."""
    name = bid.label or bid.id.capitalize()
    if bid.suits == "CSHD":
        return name
    return f"{name} ({'/'.join(Suit('CSHD'.index(s)).symbol for s in bid.suits)})"


@attrs.frozen(slots=True)
class AmountState:
    """Amount-auction progress: the seats that passed (a mask: a pass is final), the standing
    bidder and the index of his amount (-1 for none), and whether an all-pass forced him."""

    passed: int
    bidder: int
    level: int
    forced: bool = False


@register("auction", "auction.ascending_amounts")
@attrs.frozen
class AscendingAmounts(RuleModule):
    """Bidding by amounts [S-FOS: "The players bid against one another ... eldest hand having the
    first say"; the table gives "the amounts bid on them"], formalised by AMB-19: in turn each
    player passes for good or bids more; the winner names a game worth at least his bid."""

    amounts: tuple[int, ...] = (2, 4, 8, 16, 32)
    all_pass: AllPass = AllPass()

    def __attrs_post_init__(self) -> None:
        amounts = list(self.amounts)
        if not amounts or amounts[0] <= 0 or amounts != sorted(set(amounts)):
            raise ValueError(f"amounts must be positive and strictly increasing, got {amounts}")

    @property
    def preferred(self) -> int | None:
        """No suit outranks another in this auction: the colour changes values only."""
        return None

    def bid_actions(self) -> list[tuple[int, str]]:
        """Every bid as (action id, text): ``bid 2``, ``bid 4``, ..."""
        return [(BID_BASE + k, f"bid {amount}") for k, amount in enumerate(self.amounts)]

    def check(self, contracts: ContractLadder) -> None:
        """Raise ``ValueError`` when an all-pass contract is unknown, or the highest amount is
        worth more than any game the winner could name."""
        self.all_pass.check(contracts)
        best = max((contracts.value(c.base, code) for c in contracts.contracts if not c.forced
                    for code in c.trump_codes()), default=0)
        if self.amounts[-1] > best:
            raise ValueError(f"the bid {self.amounts[-1]} is worth more than any game "
                             f"(the highest is worth {best})")

    def start(self, dealer: int, players: int) -> tuple[AmountState, int]:
        """Nobody has bid or passed; eldest speaks first."""
        return AmountState(0, -1, -1), (dealer + 1) % players

    def legal(self, rules: CompiledRules, state: GameState) -> list[int]:
        """Pass, or any amount above the standing bid."""
        auction: AmountState = state.auction
        return [PASS, *(BID_BASE + k for k in range(auction.level + 1, len(self.amounts)))]

    def step(self, state: GameState, action: int) -> tuple[AmountState, int | None]:
        """The auction after ``action`` and the next seat that has not passed; ``None`` once
        every seat but the bidder has passed, or all have."""
        auction: AmountState = state.auction
        seat = state.player
        if action == PASS:
            auction = attrs.evolve(auction, passed=auction.passed | 1 << seat)
        else:
            auction = AmountState(auction.passed, seat, action - BID_BASE)
        players = state.players
        for offset in range(1, players + 1):
            following = (seat + offset) % players
            if not auction.passed >> following & 1:
                return auction, None if following == auction.bidder else following
        return auction, None

    def finish(self, state: GameState) -> AuctionEnd:
        """The highest bidder declares; after an all-pass the forced player does, or the
        all-pass contract is played, or the hand is thrown in."""
        auction: AmountState = state.auction
        if auction.bidder >= 0:
            return AuctionEnd(auction, auction.bidder)
        forced = self.all_pass.declarer(state.hands)
        if forced is None:
            return AuctionEnd(auction, None, self.all_pass.contract(state.rules))
        return AuctionEnd(attrs.evolve(auction, bidder=forced, forced=True), forced)

    def declarations(self, rules: CompiledRules, state: GameState) -> list[int]:
        """The games worth at least the winning bid [AMB-19]; for a forced player, the
        all-pass contracts in any suit."""
        auction: AmountState = state.auction
        hand = state.hands[state.player]
        ladder = rules.contracts
        out = []
        for position, cdef in enumerate(ladder.contracts):
            if (cdef.id not in self.all_pass.contracts if auction.forced else cdef.forced):
                continue
            if hand & cdef.requires_mask != cdef.requires_mask:
                continue
            for code in cdef.trump_codes():
                if (not auction.forced
                        and ladder.value(cdef.base, code) < self.amounts[auction.level]):
                    continue
                for tout in (False, True) if cdef.tout else (False,):
                    out.append(ladder.declaration_id(position, code, tout))
        return out

    def describe(self) -> list[Clause]:
        amounts = ", ".join(str(a) for a in self.amounts)
        return [
            Clause(f"The players bid amounts: {amounts}.", "amounts"),
            Clause("Eldest speaks first; in turn each player either passes or bids an amount "
                   "higher than the standing bid. A player who has passed may not bid again.",
                   "amounts"),
            Clause("The bidding ends when everyone but the highest bidder has passed. He then "
                   "names a game whose value is at least his bid, in the suit he names.",
                   "amounts"),
            self.all_pass.describe(),
        ]
