"""The compiled rule set: a variant's modules bound once into the functions the state machine
calls, with the action table and the trump tables cached.

The engine walks the fixed phases (auction, declaration, call, partner's trumps, play, early-end
decisions) and asks the module in each slot what is legal and what follows. It never looks at a
variant's name: every difference between variants is a module or a parameter.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

import attrs

from solo_rules.actions import (
    ASK,
    CALL_BASE,
    CONTINUE,
    PASS,
    STOP,
    TRUMP_BASE,
    WORDS,
    Action,
)
from solo_rules.cards import Card, CardSet, parse_card
from solo_rules.errors import ActionParseError, CardParseError, InvalidStateError
from solo_rules.ranking import NO_TRUMP, Ranking, TrumpTables
from solo_rules.rules.contracts import FREE, ContractDef
from solo_rules.rules.slots import (
    AuctionRules,
    ContractRules,
    DealRules,
    EarlyEndRules,
    PackRules,
    PartnerRules,
    PlayRules,
    RankRules,
    ScoringRules,
    SettlementRules,
)
from solo_rules.state import (
    ASKED,
    CONTINUED,
    REVEALED,
    STOPPED,
    Contract,
    GameState,
    Outcome,
    Phase,
    Trick,
    replace,
    trump_name,
)

if TYPE_CHECKING:
    from solo_rules.variant import Variant

__all__ = ["ActionSpace", "CompiledRules"]

_SUIT_ALIASES = {"c": "C", "clubs": "C", "♣": "C", "eichel": "C", "acorns": "C",
                 "s": "S", "spades": "S", "♠": "S", "grün": "S", "leaves": "S",
                 "h": "H", "hearts": "H", "♥": "H", "rot": "H", "herz": "H",
                 "d": "D", "diamonds": "D", "♦": "D", "schellen": "D", "bells": "D"}
_ALIASES = {"yes": "hold", "helfer": "ask partner", "helfer?": "ask partner", "ask": "ask partner",
            "weg": "pass", "go on": "continue"}


@attrs.frozen
class ActionSpace:
    """Every action of a variant, by id and by canonical text."""

    by_id: dict[int, Action]
    by_text: dict[str, Action]

    @classmethod
    def build(cls, entries: list[tuple[int, str]]) -> ActionSpace:
        """Intern the (id, text) entries."""
        by_id = {aid: Action(aid, text) for aid, text in sorted(entries)}
        return cls(by_id, {a.text.lower(): a for a in by_id.values()})

    def text_of(self, aid: int) -> str:
        """The text of an action id (or a placeholder for an unknown id)."""
        action = self.by_id.get(aid)
        return action.text if action else f"<action {aid}>"

    def parse(self, text: str) -> Action:
        """The action written as ``text``; card and suit spellings are normalised (``play D10``,
        ``play ♣Q``, ``declare solo hearts tout``, ``yes``)."""
        if not isinstance(text, str):
            raise ActionParseError(f"action text must be a string, got {text!r}")
        words = text.strip().lower().split()
        key = " ".join(words)
        key = _ALIASES.get(key, key)
        if words and words[0] in ("play", "call") and len(words) == 2:
            try:
                key = f"{words[0]} {parse_card(text.split()[1]).name.lower()}"
            except CardParseError as exc:
                raise ActionParseError(f"cannot read action {text!r}: {exc}") from None
        elif words and words[0] in ("declare", "trump"):
            key = " ".join(_SUIT_ALIASES.get(w, w).lower() for w in words)
        elif words and words[0] == "bid" and len(words) >= 2:
            key = "bid " + "".join(words[1:]).replace("@clubs", "@c").replace("@spades", "@s") \
                .replace("@hearts", "@h").replace("@diamonds", "@d")
        action = self.by_text.get(key)
        if action is None:
            known = sorted({a.text.split()[0] for a in self.by_id.values()})
            raise ActionParseError(
                f"unknown action {text!r}; actions start with one of: {', '.join(known)}"
                " (for example 'play CQ', 'bid frage', 'declare solo H')")
        return action


#: The action kinds each phase takes; any other kind is a ``wrong_phase`` error.
_PHASE_KINDS: dict[Phase, frozenset[str]] = {
    Phase.AUCTION: frozenset({"bid", "pass", "hold", "keep"}),
    Phase.DECLARE: frozenset({"declare"}),
    Phase.CALL: frozenset({"call"}),
    Phase.TRUMP: frozenset({"trump"}),
    Phase.PLAY: frozenset({"play"}),
    Phase.DECIDE: frozenset({"stop", "continue", "ask partner", "pass"}),
}
_PHASE_EXPECTS = {Phase.AUCTION: "a bid, hold or pass", Phase.DECLARE: "a declaration",
                  Phase.CALL: "a call", Phase.TRUMP: "naming trumps",
                  Phase.PLAY: "a card to play", Phase.DECIDE: "a decision"}


class CompiledRules:
    """The variant's modules bound into the engine's phase functions."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        modules: dict[str, Any] = dict(variant.modules)
        self.pack_module: PackRules = modules["pack"]
        self.deal_module: DealRules = modules["deal"]
        self.auction: AuctionRules = modules["auction"]
        self.contracts: ContractRules = modules["contracts"]
        self.partner: PartnerRules | None = modules.get("partner")
        self.play: PlayRules = modules["play"]
        self.early_end: EarlyEndRules = modules["early_end"]
        self.scoring: ScoringRules = modules["scoring"]
        self.settlement: SettlementRules = modules["settlement"]
        self.players = self.pack_module.players
        self.pack = self.pack_module.cards.mask
        self.hand_size = len(CardSet(self.pack)) // self.players
        self.ranking: Ranking = cast(RankRules, modules["ranks"]).ranking
        self._tables = tuple(self.ranking.tables(t) for t in range(5))
        self._contract_defs = {c.id: c for c in self.contracts.contracts}
        entries = [(card, f"play {Card(card).name}") for card in range(32)]
        entries += [(TRUMP_BASE + s, f"trump {'CSHD'[s]}") for s in range(4)]
        entries += list(WORDS.items())
        entries += self.auction.bid_actions()
        entries += self.contracts.declarations(self.auction.preferred)
        if self.partner is not None:
            entries += self.partner.call_actions()
        self.actions = ActionSpace.build(entries)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_compiled_of, (self.variant,))

    # -- tables ----------------------------------------------------------------------------

    def tables(self, trump: int | None) -> TrumpTables:
        """The cached ranking tables for a trump code."""
        return self._tables[NO_TRUMP if trump is None else trump]

    def contract_def(self, contract_id: str) -> ContractDef:
        """The contract definition by id."""
        return cast(ContractDef, self._contract_defs[contract_id])

    def contract_text(self, contract: Contract) -> str:
        """``Solo in H by seat 2, tout`` and the like."""
        cdef = self.contract_def(contract.kind)
        who = ("everyone for himself" if contract.declarer is None
               else f"by seat {contract.declarer}")
        text = f"{cdef.name} {who}, trumps {trump_name(contract.trump)}"
        if contract.called is not None:
            text += f", calling {Card(contract.called).symbol_text}"
        if contract.tout:
            text += ", Tout announced"
        return text

    # -- starting --------------------------------------------------------------------------

    def deal(self, rng: random.Random, dealer: int) -> tuple[int, ...]:
        """Shuffle and deal one hand per seat."""
        return self.deal_module.deal(CardSet(self.pack), self.players, dealer, rng)

    def first_dealer(self, rng: random.Random) -> int:
        """The first dealer of a session, drawn by the variant's rule (by lot, or the first
        player dealt a club)."""
        return self.deal_module.choose_first_dealer(CardSet(self.pack), self.players, rng)

    def start(self, hands: tuple[int, ...], dealer: int) -> GameState:
        """The state before the first bid."""
        auction, first = self.auction.start(dealer, self.players)
        return GameState(self, Phase.AUCTION, first, dealer, hands, (), auction, None, (),
                         first, (), (0,) * self.players, 0)

    # -- legality --------------------------------------------------------------------------

    def play_mask(self, state: GameState) -> int:
        """The cards the seat to play may play: the play rules, then the partner rules."""
        mask = self.play.legal_mask(self, state, state.player)
        if self.partner is not None:
            mask = self.partner.restrict_play(self, state, state.player, mask)
        return mask

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The legal action ids in ``state``, ascending."""
        phase = state.phase
        if phase == Phase.PLAY:
            mask = self.play_mask(state)
            out = []
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return tuple(out)
        if phase == Phase.AUCTION:
            return tuple(self.auction.legal(self, state))
        if phase == Phase.DECLARE:
            return tuple(sorted(self.auction.declarations(self, state)))
        if phase == Phase.CALL:
            assert self.partner is not None
            return tuple(self.partner.callable_cards(self, state))
        if phase == Phase.TRUMP:
            assert self.partner is not None
            return tuple(TRUMP_BASE + s for s in self.partner.partner_trumps(state))
        if phase == Phase.DECIDE:
            return tuple(self.early_end.decisions(self, state))
        return ()

    def is_legal(self, state: GameState, aid: int) -> bool:
        """Whether ``aid`` is legal in ``state``; a card play is checked on the mask alone."""
        if state.phase == Phase.PLAY:
            return 0 <= aid < 32 and bool(self.play_mask(state) >> aid & 1)
        return aid in self.legal_ids(state)

    def why_illegal(self, state: GameState, aid: int) -> tuple[str, str]:
        """The reason code and a short reason why ``aid`` is not legal in ``state``:
        ``wrong_phase`` for an action of a kind this phase never takes, else ``not_legal``."""
        phase = Phase(state.phase)
        kind = self.actions.by_id[aid].kind if aid in self.actions.by_id else "unknown"
        if kind not in _PHASE_KINDS[phase]:
            return "wrong_phase", f"the rules expect {_PHASE_EXPECTS[phase]} now"
        return "not_legal", self._why_not_legal(state, aid, kind)

    def _why_not_legal(self, state: GameState, aid: int, kind: str) -> str:
        phase = state.phase
        if phase == Phase.PLAY:
            seat = state.player
            if not state.hands[seat] >> aid & 1:
                return f"seat {seat} does not hold {Card(aid).name}"
            if state.trick and self.play.legal_mask(self, state, seat) >> aid & 1:
                return "the called card must be played"
            contract = state.contract
            if state.trick and contract is not None and self.tables(contract.trump).follow_mask(
                    state.trick[0]) >> aid & 1:
                return f"seat {seat} must beat the trick with a card of the suit led"
            if state.trick:
                return f"seat {seat} must follow the suit of {Card(state.trick[0]).name}"
            return "the holder of the called card must lead it when he leads its suit"
        explain = getattr(self.auction, "explain", None)
        if phase == Phase.AUCTION and explain is not None:
            reason = explain(self, state, aid)
            if reason:
                return str(reason)
        if phase == Phase.AUCTION and kind == "bid":
            return "a bid must be higher than the standing bid and allowed to this hand"
        if phase == Phase.AUCTION and aid == PASS:
            return "this hand has a duty to bid"
        return f"this {kind} is not allowed in this position"

    # -- transitions -----------------------------------------------------------------------

    def apply_id(self, state: GameState, aid: int) -> GameState:
        """The state after the legal action ``aid``."""
        phase = state.phase
        if phase == Phase.PLAY:
            return self._play(state, aid)
        history = (*state.history, (state.player, aid))
        if phase == Phase.AUCTION:
            return self._bid(state, aid, history)
        if phase == Phase.DECLARE:
            return self._declare(state, aid, history)
        if phase == Phase.CALL:
            return self._call(state, aid, history)
        if phase == Phase.TRUMP:
            contract = attrs.evolve(state.contract, trump=aid - TRUMP_BASE)  # type: ignore[misc]
            return self._start_play(replace(state, contract=contract, history=history))
        if phase == Phase.DECIDE:
            return self._decide(state, aid, history)
        raise InvalidStateError("the hand is over")

    def _bid(self, state: GameState, aid: int, history: tuple[tuple[int, int], ...]) -> GameState:
        auction, following = self.auction.step(state, aid)
        state = replace(state, auction=auction, history=history)
        if following is not None:
            return replace(state, player=following)
        end = self.auction.finish(state)
        state = replace(state, auction=end.auction)
        if end.declarer is not None:
            return replace(state, phase=Phase.DECLARE, player=end.declarer)
        if end.contract is not None:
            return self._contracted(replace(state, contract=end.contract))
        return replace(state, phase=Phase.END)

    def _declare(self, state: GameState, aid: int,
                 history: tuple[tuple[int, int], ...]) -> GameState:
        cdef, code, tout = self.contracts.decode(aid)
        contract = self.make_contract(cdef, code, tout, state.player)
        return self._contracted(replace(state, contract=contract, history=history))

    def make_contract(self, cdef: ContractDef, code: int, tout: bool, declarer: int) -> Contract:
        """The contract ``cdef`` declared by ``declarer`` with trump ``code`` (a suit, or
        ``FREE`` when the partner names trumps) and Tout or not."""
        if cdef.trump_by == "partner":
            trump, constraint = None, None if code == FREE else code
        else:
            trump, constraint = (NO_TRUMP if cdef.trump_by == "none" else code), None
        return Contract(cdef.id, self.contracts.index(cdef.id), declarer, trump, tout,
                        None, None, constraint)

    def _contracted(self, state: GameState) -> GameState:
        """Once the contract is fixed: its declarer calls a partner if it has one, else play."""
        assert state.contract is not None
        if self.contract_def(state.contract.kind).partner == "called_card":
            assert state.contract.declarer is not None
            return replace(state, phase=Phase.CALL, player=state.contract.declarer)
        return self._start_play(state)

    def _call(self, state: GameState, aid: int, history: tuple[tuple[int, int], ...]) -> GameState:
        card = aid - CALL_BASE
        contract = state.contract
        assert contract is not None
        holder = next((s for s, hand in enumerate(state.hands) if hand >> card & 1), None)
        partner = None if holder == contract.declarer else holder
        contract = attrs.evolve(contract, called=card, partner=partner)
        state = replace(state, contract=contract, history=history)
        if self.contract_def(contract.kind).trump_by == "partner" and partner is not None:
            return replace(state, phase=Phase.TRUMP, player=partner,
                           flags=state.flags | REVEALED)
        return self._start_play(state)

    def _start_play(self, state: GameState) -> GameState:
        eldest = state.eldest
        return replace(state, phase=Phase.PLAY, player=eldest, leader=eldest, trick=())

    def _play(self, state: GameState, card: int) -> GameState:
        players = len(state.hands)
        seat = state.player
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        trick = (*state.trick, card)
        history = (*state.history, (seat, card))
        contract = state.contract
        assert contract is not None
        flags = state.flags
        if card == contract.called:
            flags |= REVEALED
        if len(trick) < players:
            return GameState(self, Phase.PLAY, (seat + 1) % players, state.dealer, tuple(hands),
                             history, state.auction, contract, trick, state.leader,
                             state.tricks, state.won, flags)
        winner = (state.leader + self.tables(contract.trump).winner(trick)) % players
        won = list(state.won)
        won[winner] += 1
        after = GameState(self, Phase.PLAY, winner, state.dealer, tuple(hands), history,
                          state.auction, contract, (), winner,
                          (*state.tricks, Trick(state.leader, trick, winner)), tuple(won), flags)
        return self._after_trick(after)

    def _after_trick(self, state: GameState) -> GameState:
        if self.early_end.decisions(self, state):
            assert state.contract is not None and state.contract.declarer is not None
            return replace(state, phase=Phase.DECIDE, player=state.contract.declarer)
        if self.early_end.finished(self, state):
            return replace(state, phase=Phase.END)
        return state

    def _decide(self, state: GameState, aid: int,
                history: tuple[tuple[int, int], ...]) -> GameState:
        leader = state.leader
        if aid == STOP:
            return replace(state, phase=Phase.END, flags=state.flags | STOPPED,
                           history=history)
        flags = state.flags
        if aid == CONTINUE:
            flags |= CONTINUED
        elif aid == ASK:
            flags |= ASKED | REVEALED
        state = replace(state, phase=Phase.PLAY, player=leader, flags=flags, history=history)
        if aid == ASK:
            return self._after_trick(state)
        if self.early_end.finished(self, state):
            return replace(state, phase=Phase.END)
        return state

    # -- the result ------------------------------------------------------------------------

    def outcome(self, state: GameState) -> Outcome:
        """Score and settle the finished hand."""
        contract = state.contract
        if contract is None:
            return Outcome(None, None, None, 0, 0, False, (0,) * state.players, (),
                           "thrown in: everyone passed")
        if contract.co_declarers:
            return self._joint_outcome(state, contract)
        made, parts = self.scoring.score(self, state)
        sign = 1 if made else -1
        value = sign * sum(v for _, v in parts)
        party, defenders = state.party_tricks()
        return Outcome(contract, contract.declarer, contract.partner, party, defenders, made,
                       self.settlement.settle(state, value),
                       tuple((name, sign * v) for name, v in parts))

    def _joint_outcome(self, state: GameState, contract: Contract) -> Outcome:
        """A contract with several declarers: each plays and settles his own game with every
        other player (S-NIE multiple Kickers, AMB-33); the results add up."""
        singles = [self.outcome(replace(state, contract=attrs.evolve(
            contract, declarer=seat, co_declarers=()))) for seat in contract.declarers]
        scores = tuple(sum(o.scores[seat] for o in singles) for seat in range(state.players))
        breakdown = tuple((f"seat {seat}: {name}", v)
                          for seat, o in zip(contract.declarers, singles, strict=True)
                          for name, v in o.breakdown)
        first = singles[0]
        return Outcome(contract, contract.declarer, None, first.party_tricks,
                       first.defender_tricks, first.made, scores, breakdown,
                       joint=tuple(zip(contract.declarers, (o.made for o in singles), strict=True)))


def _compiled_of(variant: Variant) -> CompiledRules:
    return cast(CompiledRules, variant.compiled)
