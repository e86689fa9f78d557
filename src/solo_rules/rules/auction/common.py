"""What every auction shares: the auction phase itself (entering it, bids as actions, the hand
over to the declaration), the all-pass rule, and the ladder the bids must name."""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from solo_rules.actions import PASS, Action, Word
from solo_rules.cards import CARD_IDS, Card, Suit
from solo_rules.errors import InvalidStateError
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.params import cards
from solo_rules.rules.slots import AuctionRules, ContractRules, History, Rules, Stage
from solo_rules.schema import Clause, RuleModule
from solo_rules.state import Contract, GameState, Memory, Phase, build_state, replace

__all__ = ["AUCTION_RECORD", "AllPass", "Auction", "card_mask"]


_EVERY_CARD = (1 << CARD_IDS) - 1

#: The auction's own record of its progress (``AUCTION_RECORD``).
P = TypeVar("P")

#: The key of an auction module's record of its progress on a state: the auction keeps it,
#: the declaration reads it through ``AuctionRules.record_of``; no seat sees it (the bids are
#: in the history).
AUCTION_RECORD: Memory[Any] = Memory("auction")


def card_mask(cards: Iterable[Card]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


@attrs.frozen
class AllPass:
    """What happens when every player passes: the holder of all of ``holder_of`` must declare
    one of the forced ``contracts`` (Mussfrage, Forcée); otherwise the contract ``play`` is
    played at once without a declarer (S-FOS Heart Solo), or the hand is thrown in."""

    contracts: tuple[str, ...] = ()
    holder_of: tuple[Card, ...] = attrs.field(default=(), validator=cards)
    play: str | None = None

    def check(self, contracts: ContractRules) -> None:
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

    def contract(self, rules: Rules) -> Contract | None:
        """The declarer-less contract played when everyone passes, if any."""
        if self.play is None:
            return None
        return rules.contracts.contract(rules.contract_def(self.play), None, False, None)

    def declarer(self, hands: tuple[int, ...]) -> int | None:
        """The seat that must play a forced contract, or ``None`` (thrown in)."""
        if not self.contracts:
            return None
        needed = card_mask(self.holder_of)
        for seat, hand in enumerate(hands):
            if hand & needed == needed:
                return seat
        return None

    def admits(self, forced: bool, contract: ContractDef, suit: Suit | None) -> bool:
        """Whether a declarer, ``forced`` by an all-pass or not, may declare ``contract`` with
        ``suit`` as far as this rule goes: a forced player only this rule's contracts (with no
        suit bound for the partner), anyone else no contract that is only played forced."""
        if forced:
            return contract.id in self.contracts and suit in contract.trump_suits()
        return not contract.forced

    def describe(self) -> Clause:
        """The all-pass rule in prose."""
        otherwise = ("the hand is thrown in and the deal passes on" if self.play is None else
                     "the hand is played at once, without a declarer, as the contract "
                     f"⟨{self.play}⟩ below")
        if not self.contracts:
            return Clause(f"If everyone passes, {otherwise}.", "all_pass")
        holder = " and ".join(card.symbol_text for card in self.holder_of)
        games = " or ".join(f"⟨{c}⟩" for c in self.contracts)
        if len(self.holder_of) == 1:  # every card is dealt, so one card always has a holder
            return Clause(f"If everyone passes, the player holding {holder} must play a "
                          f"{games}.", "all_pass")
        return Clause(f"If everyone passes, the player holding {holder} must play a {games}; "
                      f"if nobody holds them all, {otherwise}.", "all_pass", ("nobody_forced",))


class Auction(RuleModule, AuctionRules, Stage, Generic[P]):
    """The auction phase of every auction module: it starts at the deal, takes bids (and its
    own words) until ``step`` says it is over, then hands on to the declaration. ``P`` is the
    module's record of its progress, kept under ``AUCTION_RECORD``."""

    phase = Phase.AUCTION
    after = (Phase.DEAL,)
    expects = "a bid, hold or pass"
    #: what happens when everyone passes and nobody holds the cards of a forced contract
    topics: ClassVar[tuple[str, ...]] = ("nobody_forced",)
    #: the words besides ``pass`` that this auction takes
    extra_words: tuple[Word, ...] = ()

    @property
    @abc.abstractmethod
    def bid_names(self) -> tuple[str, ...]:
        """The bids' names, lowest first (``bid NAME`` is the k-th bid)."""

    @abc.abstractmethod
    def start(self, eldest: int) -> tuple[P, int]:
        """The opening record and the first seat to speak, given eldest (the seat after the
        dealer in the direction of play)."""

    @abc.abstractmethod
    def step(self, rules: Rules, state: GameState, aid: int) -> tuple[P, int | None]:
        """The record after ``aid`` and the next seat to speak (``None``: the auction is
        over)."""

    @abc.abstractmethod
    def finish(self, rules: Rules, state: GameState) -> GameState:
        """The state once every seat has spoken (``conclude`` it)."""

    def progress(self, state: GameState) -> P:
        """This auction's record in ``state`` (``AUCTION_RECORD.of``, inlined: read on every
        turn of the auction)."""
        for key, value in state.memory:
            if key is AUCTION_RECORD:
                record: P = value
                return record
        raise InvalidStateError("the auction has not begun")

    def record(self, record: Any) -> P:
        """``record`` (what ``record_of`` gave) as this auction's own type."""
        typed: P = record
        return typed

    def record_of(self, state: GameState) -> object:
        return AUCTION_RECORD.of(state)

    def stages(self) -> tuple[Stage, ...]:
        return (self,)

    def declaration_cards(self, rules: Rules) -> int:
        """Every card, unless the auction knows that ``allows`` reads fewer."""
        return _EVERY_CARD

    def words(self, rules: Rules) -> Iterable[Word]:
        return (PASS, *self.extra_words)

    def actions(self, rules: Rules) -> Iterable[Action]:
        return (Action.make_bid(level, name) for level, name in enumerate(self.bid_names))

    def said_most(self, rules: Rules) -> int:
        """Each seat speaks at most once between two raises of the bid, plus a pass each."""
        return rules.players * (len(self.bid_names) + 2)

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        record, first = self.start(rules.next_seat[state.dealer])  # eldest
        return build_state(state.rules, Phase.AUCTION, first, state.dealer, state.hands,
                           state.history, AUCTION_RECORD.kept(state.memory, record), state.contract,
                           state.trick, state.leader, state.tricks, state.won, state.flags,
                           state.dealt)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """The module's record after the bid, and the next seat to speak; the auction's
        ``finish`` once every seat has spoken."""
        record, following = self.step(rules, state, aid)
        state = build_state(state.rules, state.phase,
                            state.player if following is None else following,
                            state.dealer, state.hands, history,
                            AUCTION_RECORD.kept(state.memory, record), state.contract,
                            state.trick, state.leader, state.tricks, state.won, state.flags,
                            state.dealt)
        return state if following is not None else self.finish(rules, state)

    @staticmethod
    def conclude(rules: Rules, state: GameState, declarer: int | None,
                 contract: Contract | None = None) -> GameState:
        """Hand on from the auction: to ``declarer``'s declaration, or to a ``contract`` the
        auction fixed, or, with neither, the hand is thrown in."""
        if declarer is not None:
            return rules.advance(replace(state, player=declarer))
        if contract is not None:
            return rules.advance(replace(state, contract=contract))
        return replace(state, phase=Phase.END)

    def all_passed(self, rules: Rules, state: GameState, all_pass: AllPass,
                   forced_record: Callable[[int], P]) -> GameState:
        """Everyone passed: the player ``all_pass`` forces declares (``forced_record`` is this
        auction's record naming him), or its contract is played, or the hand is thrown in."""
        forced = all_pass.declarer(state.hands)
        if forced is None:
            return self.conclude(rules, state, None, all_pass.contract(rules))
        memory = AUCTION_RECORD.kept(state.memory, forced_record(forced))
        return self.conclude(rules, replace(state, memory=memory), forced)

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """A bid by the contract it commits the bidder to (``bid_meaning``); a pass drops out."""
        action = rules.actions.by_id[aid]
        if action.bid is not None:
            return self.bid_meaning(rules, action.bid)
        return "drop out of the bidding" if aid == PASS.id else ""

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        kind = rules.actions.by_id[aid].kind
        if kind == "bid":
            return "a bid must be higher than the standing bid and allowed to this hand"
        if aid == PASS.id:
            return "this hand has a duty to bid"
        return f"'{kind}' is not open to this seat now"
