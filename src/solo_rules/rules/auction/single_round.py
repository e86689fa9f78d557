"""One bid each (``auction.single_round``): the Niese auction [S-NIE: "Higher value bids
override lower ones ... Each player is allowed to bid once."], with the ranking as data
(AMB-31), joining (AMB-33) and keeping (AMB-28) as bid attributes. All pass: thrown in, or a
forced game (AMB-37)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from solo_rules.actions import BID_BASE, PASS, Word
from solo_rules.bounds import Limit
from solo_rules.cards import Card, Suit
from solo_rules.rules.auction.common import AllPass, Auction, card_mask
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.params import cards, suits
from solo_rules.rules.slots import BidGames, Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, builder, replace

__all__ = ["KEEP", "RankedBid", "RoundState", "SingleRound"]

#: Keep a bid that was just made over one's own (the Niese IsIt keep rule, AMB-28).
KEEP = Word("keep", 73, (), "keeps his bid")


@attrs.frozen
class RankedBid:
    """One bid of a single-round auction: the contract it names, the trump suits its declarer
    may name (for a contract whose declarer names trumps), and its rank (equal ranks do not
    overcall each other). ``join``: a later equal bid joins the standing one instead (AMB-33).
    ``needs_one_of``: the bidder must hold one of these cards (S-NIE IsIt, AMB-29).
    ``keepable_over``: bids whose standing bidder may take this bid over himself (AMB-28);
    keeping, he plays this bid (``keep_plays: the_bid``, AMB-28 a) or his own (``own_bid``, b),
    after any such bid (``keep_window: any``, a) or only the very next one (``next_bid``, c).
    ``only_over``: the bid may be made only over a standing bid of these (S-NIE IsIt Solo,
    "Used when one person has already bid solo"; AMB-57's alternative).
    ``id`` is the bid's action text (``bid solo@C``); ``label`` its name in the rulebook
    (default: ``id`` capitalised); overlays merge bids by ``id``."""

    id: str
    contract: str
    rank: int
    suits: tuple[Suit, ...] = attrs.field(default=tuple(Suit), validator=suits)
    label: str = ""
    join: bool = False
    needs_one_of: tuple[Card, ...] = attrs.field(default=(), validator=cards)
    keepable_over: tuple[str, ...] = ()
    keep_plays: Literal["the_bid", "own_bid"] = "the_bid"
    keep_window: Literal["any", "next_bid"] = "any"
    only_over: tuple[str, ...] = ()

    #: a bid leaves its declarer at least one suit to name
    limits: ClassVar = {"suits": Limit(shortest=1)}

    @property
    def needs_mask(self) -> int:
        """The cards of which the bidder must hold at least one (0: no such need)."""
        return card_mask(self.needs_one_of)

    def words(self) -> str:
        """``Solo (♠/♥/♦)``: the label and, where it limits them, its trump suits."""
        name = self.label or self.id.capitalize()
        if len(self.suits) == len(Suit):
            return name
        return f"{name} ({'/'.join(suit.symbol for suit in self.suits)})"


@attrs.frozen(slots=True, weakref_slot=False)
class RoundState:
    """Single-round auction progress: seats that have spoken (from eldest), the standing bid
    (index, -1 for none) and its holder, the seats that joined it, the seat (-1: none) now
    deciding whether to keep the bid just made over his own and the bid it was made over, and
    whether the holder was forced by an all-pass. One per turn of the auction,"""

    spoken: int
    bid: int
    holder: int
    joined: tuple[int, ...] = ()
    keeper: int = -1
    kept_over: int = -1
    forced: bool = False


#: ``RoundState(...)`` as the auction builds it, on every turn
round_state = builder(RoundState)


@register("auction", "auction.single_round")
@attrs.frozen(cache_hash=True)
class SingleRound(Auction[RoundState]):
    """One bid each from eldest, a higher bid overriding a lower one [S-NIE: "Higher value bids
    override lower ones ... Each player is allowed to bid once."]; the ranking is data (AMB-31),
    with joining (AMB-33) and keeping (AMB-28) as bid attributes. All pass: thrown in, or
    ``all_pass`` (AMB-37)."""

    bids: tuple[RankedBid, ...]
    all_pass: AllPass = attrs.field(factory=AllPass)

    extra_words = (KEEP,)

    def __attrs_post_init__(self) -> None:
        if not self.bids:
            raise ValueError("an auction needs at least one bid")
        names = [bid.id for bid in self.bids]
        if len(set(names)) != len(names):
            raise ValueError(f"bid ids repeat: {names}")
        for bid in self.bids:
            for key, others in (("keepable_over", bid.keepable_over),
                                ("only_over", bid.only_over)):
                for other in others:
                    if other not in names:
                        raise ValueError(f"bid {bid.id!r}: {key} names unknown bid "
                                         f"{other!r}; bids are {names}")

    @property
    def bid_names(self) -> tuple[str, ...]:
        return tuple(bid.id for bid in self.bids)

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when a bid names no contract, or a joinable bid leaves its
        declaration open (joined declarers cannot each declare) or calls a partner (each
        joined declarer settles alone, AMB-33, so a partner's share would not be zero-sum)."""
        known = {c.id: c for c in ladder_of(slots).contracts}
        for bid in self.bids:
            if bid.contract not in known:
                raise ValueError(f"bid {bid.id!r} names unknown contract {bid.contract!r}")
            if bid.join and len(self._suits(bid, known[bid.contract])) != 1:
                raise ValueError(f"bid {bid.id!r}: a joinable bid must fix its trumps")
            if bid.join and known[bid.contract].partner != "none":
                raise ValueError(f"bid {bid.id!r}: a joinable bid must name a contract played "
                                 f"alone ({bid.contract!r} calls a partner): joined declarers "
                                 "each settle their own game, which a partner would unbalance")
        self.all_pass.check(ladder_of(slots))

    @staticmethod
    def _suits(bid: RankedBid, contract: ContractDef) -> tuple[Suit | None, ...]:
        """The suits the bid's declaration may name."""
        return bid.suits if contract.trump_by == "declarer" else contract.trump_suits()

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """The bid's contract, in the one suit the bid names if it names one (IsIt Solo:
        clubs), under the bid's own name; a joinable bid says so."""
        bid = next(bid for bid in self.bids if bid.id == name)
        cdef = rules.contract_def(bid.contract)
        suits = self._suits(bid, cdef)
        meaning = cdef.brief(suits[0] if len(suits) == 1 else None).partition(": ")[2]
        joins = "; a later equal bid joins it" if bid.join else ""
        return f"{bid.words()}: {meaning}{joins}"

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """The bid's contract, in the suits its declaration may name."""
        bid = next(bid for bid in self.bids if bid.id == name)
        return ((bid.contract, self._suits(bid, rules.contract_def(bid.contract))),)

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """Keeping takes over the bid just made over one's own (AMB-28)."""
        if aid == KEEP.id:
            plays = ("play it" if self.bids[self.progress(state).bid].keep_plays == "the_bid"
                     else "play your own")
            return f"take over the bid just made over yours, and {plays}"
        return super().means(rules, state, aid)

    def _may_bid(self, rules: Rules, hand: int, bid: RankedBid) -> bool:
        needed = rules.contract_def(bid.contract).requires_mask
        return hand & needed == needed and (not bid.needs_one_of or bool(hand & bid.needs_mask))

    # -- the auction phase -----------------------------------------------------------------

    def start(self, eldest: int) -> tuple[RoundState, int]:
        """Nobody has spoken; eldest (the dealer's left) bids first [S-NIE]."""
        return round_state(0, -1, -1), eldest

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """Keep (if his hand allows it) or pass for a keeper; otherwise pass, or any allowed
        bid that outranks the standing one (or joins it)."""
        auction = self.progress(state)
        return _legal(self, rules, auction.bid, auction.keeper >= 0,
                      state.hands[state.player] & _features(self, rules))

    def _legal(self, rules: Rules, bid: int, keeping: bool, hand: int) -> tuple[int, ...]:
        if keeping:
            may_keep = self._may_bid(rules, hand, self.bids[bid])
            return (PASS.id, KEEP.id) if may_keep else (PASS.id,)
        standing = self.bids[bid] if bid >= 0 else None
        out = [PASS.id]
        for k, other in enumerate(self.bids):
            above = standing is None or other.rank > standing.rank or (
                k == bid and other.join)
            over = (not other.only_over
                    or (standing is not None and standing.id in other.only_over))
            if above and over and self._may_bid(rules, hand, other):
                out.append(BID_BASE + k)
        return tuple(out)

    def step(self, rules: Rules, state: GameState, aid: int) -> tuple[RoundState, int | None]:
        """The record after ``aid`` and the next seat to speak (``None``: over)."""
        auction = self.progress(state)
        bids = self.bids
        if auction.keeper >= 0:
            if aid != KEEP.id:
                auction = round_state(auction.spoken, auction.bid, auction.holder)
            elif bids[auction.bid].keep_plays == "own_bid":
                auction = round_state(auction.spoken, auction.kept_over, auction.keeper)
            else:
                auction = round_state(auction.spoken, auction.bid, auction.keeper)
        elif aid != PASS.id:
            k = aid - BID_BASE
            seat = state.player
            if k == auction.bid and bids[k].join:
                auction = round_state(auction.spoken + 1, k, auction.holder,
                                     (*auction.joined, seat))
            else:
                # The keeper is asked whatever his hand, so being asked tells nobody whether
                # he could keep; only his legal choices depend on it.
                keeper = -1
                if (auction.bid >= 0 and bids[auction.bid].id in bids[k].keepable_over
                        and (bids[k].keep_window == "any"
                             or seat == state.in_turn(auction.holder)[1])):
                    keeper = auction.holder
                auction = round_state(auction.spoken + 1, k, seat, (), keeper, auction.bid)
                if keeper >= 0:
                    return auction, keeper
        else:
            auction = round_state(auction.spoken + 1, auction.bid, auction.holder,
                                 auction.joined, auction.keeper, auction.kept_over,
                                 auction.forced)
        if auction.spoken >= rules.seated:
            return auction, None
        return auction, state.in_turn(rules.next_seat[state.dealer])[auction.spoken]  # eldest

    def finish(self, rules: Rules, state: GameState) -> GameState:
        """The holder of the highest bid plays its contract (with those who joined it); he
        declares only when the bid leaves trumps open. All pass: thrown in."""
        auction = self.progress(state)
        if auction.holder < 0:
            return self.all_passed(rules, state, self.all_pass, lambda seat: round_state(
                auction.spoken, auction.bid, seat, auction.joined, auction.keeper,
                auction.kept_over, True))
        bid = self.bids[auction.bid]
        cdef = rules.contract_def(bid.contract)
        suits = self._suits(bid, cdef)
        if len(suits) > 1 or cdef.tout:
            return self.conclude(rules, state, auction.holder)
        contract = rules.contracts.contract(cdef, suits[0], False, auction.holder)
        if auction.joined:
            contract = replace(contract, co_declarers=auction.joined)
        return self.conclude(rules, state, None, contract)

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """Only the won bid's contract, in the suits the bid allows; after an all-pass, the
        forced contracts."""
        auction = self.record(record)
        if auction.forced:
            return self.all_pass.admits(True, contract, suit)
        bid = self.bids[auction.bid]
        return contract.id == bid.contract and suit in self._suits(bid, contract)

    def joinable(self, rules: Rules) -> frozenset[str]:
        """The contracts of the bids marked ``join`` (AMB-33)."""
        return frozenset(bid.contract for bid in self.bids if bid.join)

    def declaration_cards(self, rules: Rules) -> int:
        """None: the declaration allowed depends on the won bid, not on the hand."""
        return 0

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        ranked: dict[int, list[str]] = {}
        for bid in self.bids:
            ranked.setdefault(bid.rank, []).append(bid.words())
        order = " < ".join(" = ".join(names) for _, names in sorted(ranked.items()))
        clauses = [
            Clause("Each player bids once, beginning with the player on the dealer's left: he "
                   "passes or makes a bid that outranks the standing bid, which it overrides."),
            Clause(f"The bids rank, lowest first: {order}. A bid does not overcall a bid of "
                   "equal rank, so only one of them can be played in a hand.", "bids"),
        ]
        for bid in self.bids:
            if bid.join:
                clauses.append(Clause(
                    f"A player may bid {bid.words()} over a standing {bid.words()}: he joins "
                    "it, and each of them plays and settles his own game.", f"bids.{bid.id}"))
            if bid.needs_one_of:
                cards = " ".join(card.symbol_text for card in bid.needs_one_of)
                clauses.append(Clause(f"To bid {bid.words()} a player must hold at least one "
                                      f"of {cards}.", f"bids.{bid.id}"))
            if bid.only_over:
                others = " or ".join(b.words() for b in self.bids if b.id in bid.only_over)
                clauses.append(Clause(f"{bid.words()} may be bid only over a standing "
                                      f"{others}.", f"bids.{bid.id}"))
            for over in bid.keepable_over:
                standing = next(b for b in self.bids if b.id == over).words()
                when = ("" if bid.keep_window == "any"
                        else " by the very next player")
                plays = (f"he then plays {bid.words()} himself, if he could have bid it"
                         if bid.keep_plays == "the_bid" else
                         f"he then plays his {standing}, if he could have bid {bid.words()}")
                clauses.append(Clause(
                    f"When {bid.words()} is bid over a standing {standing}{when}, the "
                    f"{standing} bidder may at once keep it ({plays}) or let it stand; this is "
                    "not his one bid.", f"bids.{bid.id}"))
        clauses.append(Clause("The bid fixes the contract; its holder only names trumps where "
                              "the bid leaves them open, and calls a partner where the contract "
                              "has one."))
        clauses.append(self.all_pass.describe())
        return clauses


@functools.lru_cache(maxsize=256)
def _features(auction: SingleRound, rules: Rules) -> int:
    """The cards of a hand that its bids depend on: those a bid's contract needs, and those a
    bid needs one of."""
    mask = 0
    for bid in auction.bids:
        mask |= rules.contract_def(bid.contract).requires_mask | bid.needs_mask
    return mask


@functools.lru_cache(maxsize=4096)
def _legal(auction: SingleRound, rules: Rules, bid: int, keeping: bool,
           hand: int) -> tuple[int, ...]:
    """The legal ids for ``hand`` (its ``_features`` only) over the standing ``bid``: they are
    asked on every turn and depend on nothing else."""
    return auction._legal(rules, bid, keeping, hand)
