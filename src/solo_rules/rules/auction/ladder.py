"""Bidding up a ladder of bids (``auction.ascending_ladder``): the American trick-count auction
of S-002 ["To bid, a player declares 'I can play' (at least a 5 bid). The next bidder to bid
either passes or declares 'I can play too' (at least 5 clubs or 6). Once all but one player has
passed, that player can declare a suit and call for an ace of another suit to be partner or
decide to play 'solo'."], with the bids ranked as data (AMB-17) and a pass final (E14)."""

from __future__ import annotations

import functools
from collections.abc import Mapping

import attrs

from solo_rules.actions import BID_BASE, PASS
from solo_rules.cards import Suit
from solo_rules.rules.auction.amounts import PassingForGood
from solo_rules.rules.auction.common import AllPass
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.params import suits
from solo_rules.rules.slots import BidGames, Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState

__all__ = ["AscendingLadder", "LadderBid"]


@attrs.frozen
class LadderBid:
    """One rung: its id (``bid 5@C``), its name in the rulebook, the contract it commits the
    winner to, the trump suits he may name with it, and the contract he may play instead at
    declaration (``upgrade``: the same level alone, S-002 "or decide to play 'solo'").
    ``ties_previous``: the rung ranks equal to the one before it, so neither overcalls the
    other (AMB-17's alternative "5 clubs and 6 equal")."""

    id: str
    contract: str
    label: str = ""
    suits: tuple[Suit, ...] = attrs.field(default=tuple(Suit), validator=suits)
    upgrade: str | None = None
    ties_previous: bool = False

    def contracts(self) -> tuple[str, ...]:
        """The contracts the winner of this bid may declare."""
        return (self.contract,) if self.upgrade is None else (self.contract, self.upgrade)


@register("auction", "auction.ascending_ladder")
@attrs.frozen(cache_hash=True)
class AscendingLadder(PassingForGood):
    """In turn from eldest each player passes for good or bids a higher rung of ``bids``
    (lowest first); when all but one have passed, he declares the bid's contract in one of its
    suits, or its ``upgrade`` [S-002; AMB-17]. All pass: ``all_pass`` (thrown in, AMB-18)."""

    bids: tuple[LadderBid, ...]
    all_pass: AllPass = attrs.field(factory=AllPass)

    def __attrs_post_init__(self) -> None:
        names = [bid.id for bid in self.bids]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"bids must be distinct and at least one, got {names}")
        if self.bids[0].ties_previous:
            raise ValueError(f"bid {names[0]!r}: the lowest bid has no bid before it to tie")

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each rung's rank, lowest 0: one above the rung before it, or equal to it."""
        ranks: list[int] = []
        for bid in self.bids:
            ranks.append(ranks[-1] if ranks and bid.ties_previous else len(set(ranks)))
        return tuple(ranks)

    @property
    def bid_names(self) -> tuple[str, ...]:
        return tuple(bid.id for bid in self.bids)

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when a bid names an unknown contract."""
        ladder = ladder_of(slots)
        known = {c.id for c in ladder.contracts}
        for bid in self.bids:
            for name in bid.contracts():
                if name not in known:
                    raise ValueError(f"bid {bid.id!r} names unknown contract {name!r}")
        self.all_pass.check(ladder)

    # -- the auction phase -----------------------------------------------------------------

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """The rung's contract, in the one suit it names if it names one, and the contract
        the winner may play instead (``upgrade``)."""
        bid = next(bid for bid in self.bids if bid.id == name)
        cdef = rules.contract_def(bid.contract)
        suit = bid.suits[0] if len(bid.suits) == 1 else None
        meaning = f"{bid.label or bid.id}: {cdef.brief(suit).partition(': ')[2]}"
        if bid.upgrade is not None:
            meaning += f"; or, declaring, {rules.contract_def(bid.upgrade).name} alone"
        return meaning

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """The rung's contract and its ``upgrade``, in the rung's suits."""
        bid = next(bid for bid in self.bids if bid.id == name)
        return tuple((contract, bid.suits if rules.contract_def(contract).trump_by == "declarer"
                      else rules.contract_def(contract).trump_suits())
                     for contract in bid.contracts())

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """Pass, or any rung ranked above the standing bid (kept per standing bid)."""
        return _legal_by_level(self)[self.progress(state).level + 1]

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """The won bid's contract, or its upgrade, in a suit the bid allows; for a forced
        player, the all-pass contracts."""
        auction = self.record(record)
        if auction.forced:
            return self.all_pass.admits(True, contract, suit)
        bid = self.bids[auction.level]
        if contract.id not in bid.contracts():
            return False
        return suit in (bid.suits if contract.trump_by == "declarer" else contract.trump_suits())

    def declaration_cards(self, rules: Rules) -> int:
        """None: the declarations allowed depend on the won bid, not on the hand."""
        return 0

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        order = "".join((" = " if bid.ties_previous else " < ") + (bid.label or bid.id)
                        for bid in self.bids)[3:]
        clauses = [
            Clause("The player on the dealer's left speaks first; in turn each player either "
                   "passes, and may not bid again, or bids higher than the standing bid.",
                   "bids"),
            Clause(f"The bids rank, lowest first: {order}.", "bids"),
            Clause("When all but one have passed, the last bidder declares the game of his bid "
                   "and names trumps where the bid leaves them to him.", "bids"),
        ]
        if any(bid.upgrade for bid in self.bids):
            clauses.append(Clause("Instead of a partnership game he may play the same bid "
                                  "alone (Solo).", "bids"))
        clauses.append(self.all_pass.describe())
        return clauses


@functools.cache
def _legal_by_level(ladder: AscendingLadder) -> tuple[tuple[int, ...], ...]:
    """The legal ids for each standing bid (index 0: none yet, k + 1: rung k), computed once
    per ladder: every turn of the auction asks."""
    ranks = ladder.ranks
    out = []
    for level in range(-1, len(ladder.bids)):
        floor = ranks[level] if level >= 0 else -1
        out.append((PASS.id, *(BID_BASE + k for k in range(level + 1, len(ladder.bids))
                               if ranks[k] > floor)))
    return tuple(out)
