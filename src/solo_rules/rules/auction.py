"""The auction (rulebook slot ``auction``).

``auction.immediate_hold`` is the Altenburg "bidding with immediate hold" (S-WIK, DOSSIER §2a,
AMB-12): Skat-style duels in which the earlier seat holds with "yes", jump bids allowed, the
preferred-suit (Acorn) levels between the contracts, the duty of the holder of both black queens,
and a forced contract when everyone passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from solo_rules.actions import BID_BASE, HOLD, PASS
from solo_rules.cards import Card
from solo_rules.rules.base import Clause, RuleModule, register
from solo_rules.rules.contracts import FREE, ContractLadder, suit_word

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import Contract, GameState

__all__ = ["AllPass", "AuctionEnd", "BidLevel", "Duty", "HoldState", "ImmediateHold"]


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
    one of the forced ``contracts`` (Mussfrage, Forcée); with no contract, or when nobody holds
    those cards, the hand is thrown in."""

    contracts: tuple[str, ...] = ()
    holder_of: tuple[str, ...] = ()

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
        if not self.contracts:
            return Clause("If everyone passes, the hand is thrown in and the deal passes on.",
                          "all_pass")
        holder = " and ".join(Card[c].symbol_text for c in self.holder_of)
        games = " or ".join(c.capitalize() for c in self.contracts)
        return Clause(f"If everyone passes, the player holding {holder} must play a {games}; "
                      "if nobody holds them, the hand is thrown in.", "all_pass")


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
        for name in self.all_pass.contracts:
            if name not in known:
                raise ValueError(f"all_pass names unknown contract {name!r}")

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
            return AuctionEnd(auction, None)
        return AuctionEnd(attrs.evolve(auction, holder=forced, forced=True), forced)

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
