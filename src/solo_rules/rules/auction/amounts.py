"""Bidding by amounts (``auction.ascending_amounts``): the Foster auction [S-FOS: "The players
bid against one another ... eldest hand having the first say"], formalised by AMB-19."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Literal

import attrs

from solo_rules.actions import BID_BASE, PASS, Action
from solo_rules.cards import Suit
from solo_rules.rules.auction.common import AllPass, Auction
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.slots import BidGames, ContractRules, Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, builder

__all__ = ["AmountState", "AscendingAmounts", "GameBid", "game_bids", "step_passing_for_good"]


@attrs.frozen
class GameBid:
    """A bid that is a game of the table (AMB-19 b): its name (``solo``, ``solo@C`` in
    colour), the contracts of its row and the trump suits it names."""

    name: str
    contracts: tuple[str, ...]
    suits: tuple[Suit | None, ...]


def game_bids(ladder: ContractRules) -> tuple[GameBid, ...]:
    """The games as bids, lowest first [AMB-19 b: "Bids are game names, ranked by the table
    rows, with suit < colour"]: a row is the contracts of one base value that a player may bid
    (not a forced one); within it the suits in order of the game's value, the lowest named by
    the row's first contract, each higher one by that and its suit (``simple@C``)."""
    rows: dict[int, list[ContractDef]] = {}
    for contract in ladder.contracts:
        if not contract.forced:
            rows.setdefault(contract.base, []).append(contract)
    bids = []
    for base in sorted(rows):
        first = rows[base][0]
        groups: dict[int, list[Suit | None]] = {}
        for suit in first.trump_suits():
            groups.setdefault(ladder.value(base, first.trump_of(suit)), []).append(suit)
        ids = tuple(c.id for c in rows[base])
        for k, value in enumerate(sorted(groups)):
            suits = groups[value]
            name = first.id
            if k:
                colour = suits[0]
                if len(suits) != 1 or colour is None:
                    raise ValueError(f"the game {first.name} is worth {value} in several suits "
                                     "above its lowest value: it cannot be bid by name")
                name += f"@{colour.letter}"
            bids.append(GameBid(name, ids, tuple(suits)))
    return tuple(bids)


@attrs.frozen(slots=True, weakref_slot=False)
class AmountState:
    """Amount-auction progress: the seats that passed (a mask: a pass is final), the standing
    bidder and the index of his amount (-1 for none), and whether an all-pass forced him."""

    passed: int
    bidder: int
    level: int
    forced: bool = False





#: ``AmountState(...)`` as the auction builds it, on every turn
amount_state = builder(AmountState)


@functools.cache
def _legal_by_level(top: int) -> tuple[tuple[int, ...], ...]:
    """For ``top`` bids, the legal ids for each standing bid (index 0: none yet, k + 1: bid
    k): pass, or any higher bid. Computed once; every turn of the auction asks."""
    return tuple((PASS.id, *(BID_BASE + k for k in range(level + 1, top)))
                 for level in range(-1, top))


def step_passing_for_good(state: GameState, auction: AmountState,
                          aid: int) -> tuple[AmountState, int | None]:
    """A bid raises the standing one, a pass is for good; the next seat to speak is the next
    in turn that has not passed (``None`` once every seat but the bidder has passed, or all
    have). Shared by the auctions where a pass is final (AMB-19)."""
    seat = state.player
    if aid == PASS.id:
        auction = amount_state(auction.passed | 1 << seat, auction.bidder, auction.level,
                              auction.forced)
    else:
        auction = amount_state(auction.passed, seat, aid - BID_BASE)
    for following in (*state.in_turn(seat)[1:], seat):
        if not auction.passed >> following & 1:
            return auction, None if following == auction.bidder else following
    return auction, None


class PassingForGood(Auction[AmountState]):
    """An auction in which eldest speaks first, a pass is for good and the last bidder
    declares; after an all-pass, the auction's ``all_pass`` rule (S-FOS amounts, S-002's
    ladder)."""

    all_pass: AllPass

    def start(self, eldest: int) -> tuple[AmountState, int]:
        """Nobody has bid or passed; eldest speaks first."""
        return amount_state(0, -1, -1), eldest

    def step(self, rules: Rules, state: GameState, aid: int) -> tuple[AmountState, int | None]:
        """The record after ``aid`` and the next seat that has not passed; ``None`` once
        every seat but the bidder has passed, or all have."""
        return step_passing_for_good(state, self.progress(state), aid)

    def finish(self, rules: Rules, state: GameState) -> GameState:
        """The last bidder declares; after an all-pass the forced player does, or the
        all-pass contract is played, or the hand is thrown in."""
        auction = self.progress(state)
        if auction.bidder >= 0:
            return self.conclude(rules, state, auction.bidder)
        return self.all_passed(rules, state, self.all_pass, lambda seat: amount_state(
            auction.passed, seat, auction.level, True))


@register("auction", "auction.ascending_amounts")
@attrs.frozen
class AscendingAmounts(PassingForGood):
    """Bidding by amounts [S-FOS: "The players bid against one another ... eldest hand having the
    first say"; the table gives "the amounts bid on them"], formalised by AMB-19: in turn each
    player passes for good or bids more; the winner names a game worth at least his bid.
    ``bids: games``: the bids are the games themselves, ranked by the table's rows, in suit
    below in colour, and the winner plays the game he bid (AMB-19 b)."""

    amounts: tuple[int, ...] = (2, 4, 8, 16, 32)
    all_pass: AllPass = attrs.field(factory=AllPass)
    #: what a bid is: an ``amounts`` (AMB-19 a) or one of the ``games`` (AMB-19 b)
    bids: Literal["amounts", "games"] = "amounts"

    def __attrs_post_init__(self) -> None:
        amounts = list(self.amounts)
        if not amounts or amounts[0] <= 0 or amounts != sorted(set(amounts)):
            raise ValueError(f"amounts must be positive and strictly increasing, got {amounts}")

    @property
    def bid_names(self) -> tuple[str, ...]:
        """``2``, ``4``, ...: a bid is its amount."""
        return tuple(str(amount) for amount in self.amounts)

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when an all-pass contract is unknown, or the highest amount is
        worth more than any game the winner could name."""
        ladder = ladder_of(slots)
        self.all_pass.check(ladder)
        if self.bids == "games":
            if not game_bids(ladder):
                raise ValueError("bids: games needs at least one game that is not forced")
            return
        best = max((ladder.value(c.base, c.trump_of(suit)) for c in ladder.contracts
                    if not c.forced for suit in c.trump_suits()), default=0)
        if self.amounts[-1] > best:
            raise ValueError(f"the bid {self.amounts[-1]} is worth more than any game "
                             f"(the highest is worth {best})")

    # -- the auction phase -----------------------------------------------------------------

    def actions(self, rules: Rules) -> Iterable[Action]:
        """The bids: the amounts, or the games of the variant's table."""
        if self.bids == "amounts":
            return Auction.actions(self, rules)
        return (Action.make_bid(level, bid.name)
                for level, bid in enumerate(game_bids(rules.contracts)))

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """An amount: any game worth at least that much; a game bid: its games [AMB-19]."""
        if self.bids == "amounts":
            return f"declare any game worth at least {name}"
        bid = next(bid for bid in game_bids(rules.contracts) if bid.name == name)
        games = " or ".join(rules.contract_def(contract).name for contract in bid.contracts)
        suits = " ".join(suit.symbol for suit in bid.suits if suit is not None)
        return f"{games}, {suits} trumps" if suits else games

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """An amount: the games in the suits that make them worth at least that much; a game
        bid: its games in its suits [AMB-19]."""
        if self.bids == "games":
            bid = next(bid for bid in game_bids(rules.contracts) if bid.name == name)
            return tuple((contract, bid.suits) for contract in bid.contracts)
        ladder, amount = rules.contracts, int(name)
        games = ((c.id, tuple(suit for suit in c.trump_suits()
                              if ladder.value(c.base, c.trump_of(suit)) >= amount))
                 for c in ladder.contracts if not c.forced)
        return tuple((contract, suits) for contract, suits in games if suits)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """Pass, or any bid above the standing one."""
        level = self.progress(state).level
        top = len(self.amounts) if self.bids == "amounts" else len(game_bids(rules.contracts))
        return _legal_by_level(top)[level + 1]

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """The games worth at least the winning bid [AMB-19]; for a forced player, the
        all-pass contracts in any suit."""
        auction = self.record(record)
        admitted = self.all_pass.admits(auction.forced, contract, suit)
        if auction.forced or not admitted:
            return admitted
        if self.bids == "games":
            bid = game_bids(rules.contracts)[auction.level]
            return contract.id in bid.contracts and suit in bid.suits
        value = rules.contracts.value(contract.base, contract.trump_of(suit))
        return value >= self.amounts[auction.level]

    def declaration_cards(self, rules: Rules) -> int:
        """None: the games allowed depend on the winning amount, not on the hand."""
        return 0

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        if self.bids == "games":
            return [
                Clause("The players bid games by name: the games rank by the rows of the table "
                       "of contracts, lowest first, and within a row a game in suit ranks below "
                       "the same game in colour.", "bids"),
                Clause("Eldest speaks first; in turn each player either passes or bids a game "
                       "higher than the standing bid. A player who has passed may not bid "
                       "again.", "bids"),
                Clause("The bidding ends when everyone but the highest bidder has passed. He then "
                       "plays the game he bid, in a suit of his bid, in colour if he bid it so.",
                       "bids"),
                self.all_pass.describe(),
            ]
        amounts = ", ".join(str(a) for a in self.amounts)
        return [
            Clause(f"The players bid amounts: {amounts}.", "amounts", ("bids",)),
            Clause("Eldest speaks first; in turn each player either passes or bids an amount "
                   "higher than the standing bid. A player who has passed may not bid again.",
                   "bids"),
            Clause("The bidding ends when everyone but the highest bidder has passed. He then "
                   "names a game whose value is at least his bid, in the suit he names.",
                   "bids"),
            self.all_pass.describe(),
        ]
