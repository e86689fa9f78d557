"""The contracts a declarer may play, and the declaration (rulebook slot ``contracts``; DOSSIER
§1.7, §1.8, §2a).

A contract is data (``ContractDef``): who names trumps, whether a partner is called, the tricks
to take, the base value, and the cards the declarer must hold. The ladder owns the declaration
phase: every declaration is enumerated here, once, and the auction only says which of them its
result allows. Declaration ids follow the ladder's order, so they are stable for a variant file.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import ClassVar

import attrs

from solo_rules.actions import DECLARE_BASE, Action, Word
from solo_rules.cards import Card, Suit
from solo_rules.ranking import Trump
from solo_rules.requirements import Needs
from solo_rules.rules.contract_def import ContractDef, suit_word
from solo_rules.rules.exchange import Exchange, ExchangeStage
from solo_rules.rules.params import optional_suit
from solo_rules.rules.slots import (
    AuctionRules,
    ContractRules,
    History,
    Rules,
    ScoringRules,
    Stage,
    colour_multiplies,
)
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Contract, GameState, Phase, build_contract, build_state, replace

__all__ = ["ContractLadder", "Declaration"]


def _calls_a_partner(ladder: ContractLadder) -> str:
    """Why the ladder needs a partner rule: the first contract that calls a partner or has
    him name trumps; ``""`` when none does."""
    for contract in ladder.contracts:
        if contract.partner == "called_card" or contract.trump_by == "partner":
            return (f"contract {contract.id!r} calls a partner, and the partner rule says how")
    return ""


@attrs.frozen(slots=True)
class Declaration:
    """One declaration: its action, the contract, the suit it names (``None``: none) and Tout."""

    action: Action
    contract: ContractDef
    suit: Suit | None
    tout: bool


@register("contracts", "contracts.ladder")
@attrs.frozen(cache_hash=True)
class ContractLadder(RuleModule, ContractRules, Stage):
    """The list of contracts, lowest first, and whether Tout may be announced with them."""

    contracts: tuple[ContractDef, ...]
    colour_suit: Suit | None = attrs.field(default=None, validator=optional_suit)
    colour_multiplier: int = 1
    #: the Mediateur exchange of one contract (DOSSIER §2g-2, AMB-48), if the ladder has it
    exchange: Exchange | None = None

    needs: ClassVar = (Needs("partner", _calls_a_partner),)
    phase = Phase.DECLARE
    after = (Phase.AUCTION,)
    expects = "a declaration"

    def __attrs_post_init__(self) -> None:
        ids = [c.id for c in self.contracts]
        if len(set(ids)) != len(ids):
            raise ValueError(f"contract ids repeat: {ids}")
        if len(self.contracts) > 40:
            raise ValueError("at most 40 contracts")
        if self.colour_multiplier < 1:
            raise ValueError(f"colour_multiplier must be at least 1, got {self.colour_multiplier}")
        if self.exchange is not None:
            self.exchange.check(self.contracts)

    # -- the contracts ---------------------------------------------------------------------

    def value(self, base: int, trump: Trump | None) -> int:
        """``base`` as a game with ``trump``: multiplied when the trump is the colour suit
        [S-FOS: "If the trump is clubs, (in colour,) it is worth double"; AMB-56]."""
        if self.colour_suit is not None and trump is not None and int(trump) == self.colour_suit:
            return base * self.colour_multiplier
        return base

    def index(self, contract_id: str) -> int:
        """The position of ``contract_id`` in the list."""
        for position, contract in enumerate(self.contracts):
            if contract.id == contract_id:
                return position
        raise KeyError(contract_id)

    def contract(self, contract: ContractDef, suit: Suit | None, tout: bool,
                 declarer: int | None) -> Contract:
        """The contract declared by ``declarer`` with ``suit``; where the partner names
        trumps, ``suit`` binds his choice (a preferred-level Grossfrage, AMB-07)."""
        bound = suit if contract.trump_by == "partner" else None
        return build_contract(contract.id, _index(self)[contract.id], declarer,
                        contract.trump_of(suit), tout, trump_bound=bound)

    def text(self, contract: Contract) -> str:
        """``Solo by seat 2, trumps ♥, Tout announced`` and the like: cards and suits by their
        symbols, as the rulebook writes them."""
        cdef = self.contracts[contract.index]
        who = ("everyone for himself" if contract.declarer is None
               else f"by seat {contract.declarer}")
        suit = None if contract.trump is None else contract.trump.suit
        trump = "?" if contract.trump is None else "none" if suit is None else suit.symbol
        text = f"{cdef.name} {who}, trumps {trump}"
        if contract.called is not None:
            text += f", calling {contract.called.symbol_text}"
        if contract.tout:
            text += ", Tout announced"
        return text

    # -- the declaration phase -------------------------------------------------------------

    def stages(self) -> tuple[Stage, ...]:
        """The declaration, then the exchange where the ladder has one."""
        return (self,) if self.exchange is None else (self, ExchangeStage(self.exchange))

    @property
    def conceals(self) -> bool:
        """Only the exchange gives a card back face down."""
        return self.exchange is not None

    def concealed(self, rules: Rules, state: GameState, seat: int) -> Mapping[int, int]:
        """The card given back in the exchange, face down to all but its two holders."""
        if self.exchange is None:
            return super().concealed(rules, state, seat)
        return self.exchange.concealed(state, seat)

    def side_payment(self, rules: Rules, state: GameState) -> tuple[tuple[int, ...], str]:
        """The declarer's payment for the card he demanded in the exchange."""
        if self.exchange is None:
            return super().side_payment(rules, state)
        return self.exchange.side_payment(rules, state)

    def side_payment_bound(self, rules: Rules) -> int:
        """The larger of the exchange's two prices, where the ladder has an exchange."""
        if self.exchange is None:
            return 0
        return max(self.exchange.payment, self.exchange.preferred_payment)

    def declarations(self, preferred: Suit | None) -> tuple[Declaration, ...]:
        """Every declaration of this ladder, by id; a partner-named trump may be bound to the
        preferred suit by the declaration (a preferred-level Grossfrage, AMB-07)."""
        return _declarations(self, preferred)

    def words(self, rules: Rules) -> Iterable[Word]:
        return ()

    def actions(self, rules: Rules) -> Iterable[Action]:
        return (d.action for d in self.declarations(rules.auction.preferred))

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """The auction's winner declares, unless the auction fixed the contract itself."""
        return replace(state, phase=Phase.DECLARE) if state.contract is None else None

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """The declarations the seat holds the cards for and the auction allows."""
        seat = state.player
        return _legal(self, rules, rules.auction.record_of(state), seat,
                      state.hands[seat] & _read_cards(self, rules))

    def is_legal(self, rules: Rules, state: GameState, aid: int) -> bool:
        return aid in self.legal(rules, state)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """The declared contract is fixed; a partner is called next, if it has one."""
        declared = _declared(self, rules.auction.preferred)
        contract = declared.get((aid, state.player))
        if contract is None:  # first declared so by this seat: kept, as contracts are values
            declaration = self._by_id(rules, aid)
            contract = declared[aid, state.player] = self.contract(
                declaration.contract, declaration.suit, declaration.tout, state.player)
        return rules.advance(build_state(state.rules, state.phase, state.player, state.dealer,
                                         state.hands, history, state.memory, contract,
                                         state.trick, state.leader, state.tricks, state.won,
                                         state.flags, state.dealt))

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        cdef = self._by_id(rules, aid).contract
        if state.hands[state.player] & cdef.requires_mask != cdef.requires_mask:
            cards = " and ".join(card.symbol_text for card in cdef.requires)
            return f"only a player holding {cards} may declare {cdef.name}"
        return "the auction's result does not allow this declaration"

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """The contract declared, in brief (``ContractDef.brief``)."""
        declaration = self._by_id(rules, aid)
        return declaration.contract.brief(declaration.suit, declaration.tout,
                                          rules.scoring.announced_tout_bonus)

    def _by_id(self, rules: Rules, aid: int) -> Declaration:
        return _declaration_by_id(self, rules.auction.preferred)[aid]

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        return self._describe(established=True, preferred=True, bases=True)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``; where the session is still to establish the colour (a preferred
        suit, AMB-46), its multiple is stated for the suit to come; an exchange's favourite
        suit only where a suit is preferred; where the scoring does not start from a
        contract's base value (a game paid by a pot), no base is stated."""
        auction = slots.get("auction")
        scoring = slots.get("scoring")
        return self._describe(established=self.colour_suit is not None
                              or not colour_multiplies(slots),
                              preferred=isinstance(auction, AuctionRules)
                              and auction.preferred is not None,
                              bases=not isinstance(scoring, ScoringRules)
                              or scoring.values_contracts)

    def _describe(self, established: bool, preferred: bool, bases: bool) -> list[Clause]:
        clauses = []
        for contract in self.contracts:
            clauses.append(Clause(_describe_contract(contract, bases), f"contracts.{contract.id}",
                                  _stated_fields(contract, bases)))
        if not established:
            clauses.append(Clause(
                "Once the session has established the preferred suit, a game with it as trumps "
                f"is played \"in colour\" and is worth {self.colour_multiplier} times its base "
                "value.", "colour_multiplier"))
        elif self.colour_suit is not None and self.colour_multiplier != 1:
            suit = suit_word(self.colour_suit)
            clauses.append(Clause(
                f"{suit.capitalize()} are the colour: a game with {suit} as trumps is played "
                f"\"in colour\" and is worth {self.colour_multiplier} times its base value; in any "
                "other suit it is played \"in suit\" at its base value.", "colour_suit",
                ("colour_multiplier",)))
        touts = [c for c in self.contracts if c.tout]
        if touts:
            names = ", ".join(c.name for c in touts)
            keys = tuple(f"contracts.{c.id}.tout" for c in touts)
            clauses.append(Clause(
                f"Tout (all the tricks) may be announced together with the declaration of {names};"
                " the party must then take every trick.", keys[0], keys[1:]))
        if self.exchange is not None:
            name = self.contracts[self.index(self.exchange.contract)].name
            clauses += self.exchange.describe(name, self.colour_suit is not None
                                              and self.colour_multiplier > 1, preferred)
        return clauses


@functools.lru_cache(maxsize=4096)
def _legal(ladder: ContractLadder, rules: Rules, record: object, seat: int,
           hand: int) -> tuple[int, ...]:
    """The legal declarations, kept: they depend on the auction's record, the seat and the
    cards of its hand that a contract requires or the auction reads (``_read_cards``) only."""
    auction = rules.auction
    out: list[int] = []
    for needed, contract, suit, ids in _choices(ladder, auction.preferred):
        if hand & needed == needed and auction.allows(rules, record, seat, hand, contract, suit):
            out += ids
    return tuple(sorted(out))


@functools.cache
def _index(ladder: ContractLadder) -> dict[str, int]:
    """The position of each contract in the list, by id."""
    return {contract.id: position for position, contract in enumerate(ladder.contracts)}


@functools.lru_cache(maxsize=256)
def _read_cards(ladder: ContractLadder, rules: Rules) -> int:
    """The cards of a hand its legal declarations depend on: those a contract requires and
    those the auction's ``allows`` reads."""
    mask = rules.auction.declaration_cards(rules)
    for contract in ladder.contracts:
        mask |= contract.requires_mask
    return mask


@functools.cache
def _declared(ladder: ContractLadder, preferred: Suit | None
              ) -> dict[tuple[int, int], Contract]:
    """The contract of each declaration id and declarer declared so far (a few hundred at
    most): built once each, since a contract is an immutable value."""
    return {}


@functools.cache
def _declaration_by_id(ladder: ContractLadder, preferred: Suit | None
                       ) -> dict[int, Declaration]:
    """Every declaration of ``ladder`` by its action id."""
    return {d.action.id: d for d in ladder.declarations(preferred)}


@functools.cache
def _choices(ladder: ContractLadder, preferred: Suit | None
             ) -> tuple[tuple[int, ContractDef, Suit | None, tuple[int, ...]], ...]:
    """The declarations grouped by what the auction rules on: the cards the contract needs,
    the contract and the suit, with the ids of its declarations (with and without Tout)."""
    groups: dict[tuple[ContractDef, Suit | None], list[int]] = {}
    for declaration in ladder.declarations(preferred):
        groups.setdefault((declaration.contract, declaration.suit), []).append(
            declaration.action.id)
    return tuple((contract.requires_mask, contract, suit, tuple(ids))
                 for (contract, suit), ids in groups.items())


#: whether a declaration may add Tout, by ``ContractDef.tout``: without it, or both
_TOUTS = ((False,), (False, True))


@functools.cache
def _declarations(ladder: ContractLadder, preferred: Suit | None) -> tuple[Declaration, ...]:
    """Every declaration of ``ladder``: contract x suit x Tout, enumerated in one place."""
    out = []
    for position, contract in enumerate(ladder.contracts):
        suits = contract.trump_suits()
        if contract.trump_by == "partner" and preferred is not None and not contract.forced:
            suits += (preferred,)
        for suit in suits:
            for tout in _TOUTS[contract.tout]:
                code = 4 if suit is None else int(suit)  # docs/actions.md: 4 names no suit
                aid = DECLARE_BASE + (position * 5 + code) * 2 + int(tout)
                out.append(Declaration(Action.declare(aid, contract.id, suit, tout), contract,
                                       suit, tout))
    return tuple(sorted(out, key=lambda d: d.action.id))


def _stated_fields(contract: ContractDef, bases: bool = True) -> tuple[str, ...]:
    """The item fields a contract's sentence states besides the contract itself, each of which
    a variant file may source on its own (``contracts.solo.base``)."""
    fields = ["base", "tricks"] if bases else ["tricks"]
    if contract.requires:
        fields.append("requires")
    if contract.must_head:
        fields.append("head")
    if contract.shows != "none":
        fields.append("shows")
    if contract.drawn_at is not None:
        fields.append("drawn_at")
    return tuple(f"contracts.{contract.id}.{field}" for field in fields)


def _describe_contract(contract: ContractDef, bases: bool = True) -> str:
    who = {
        "declarer": "the declarer names trumps",
        "partner": "the called partner reveals himself and names trumps",
        "fixed": f"{suit_word(contract.suit or Suit.CLUBS)} are trumps",
        "none": "there are no trumps",
    }[contract.trump_by]
    side = ("together with the partner called by a card" if contract.partner == "called_card"
            else "alone against the others")
    forced = " It is played only when everyone passes." if contract.forced else ""
    if contract.single_player == "last_trick_winner":
        return (f"{contract.name}: {who}; nobody declares, everyone plays for himself, and the "
                "winner of the last trick loses the value. Base value "
                f"{contract.base}.{forced}")
    needs = ""
    if contract.requires:
        cards = " and ".join(Card(card).symbol_text for card in contract.requires)
        needs = f" Only a player who holds {cards} may bid or declare it."
    taker = "the party" if contract.partner == "called_card" else "he"
    goal = ("he must take no trick" if contract.misere
            else f"{taker} must take at least {contract.tricks} tricks")
    if contract.drawn_at is not None:
        goal += (f"; with {contract.drawn_at} tricks the game is drawn, and nobody pays")
    extra = ""
    if contract.must_head and contract.head == "under":
        extra += (" When the declarer follows suit he must play a card that does not beat the "
                  "trick so far if he has one; the others need not.")
    elif contract.must_head:
        extra += (" When the declarer follows suit he must play a card that beats the trick so "
                  "far if he has one; the others need not.")
        if contract.head == "over_even_void":
            extra += " When he cannot follow he must still beat the trick if any card can."
    if contract.shows == "shown":
        extra += (" The declarer shows the cards it requires to the table as he announces it "
                  "and takes them back into his hand: they are known to all until played.")
    elif contract.shows != "none":
        shown = "his whole hand" if contract.shows == "hand" else "the cards it requires"
        when = ("before the opening lead" if not contract.shows_after else
                "after the first trick" if contract.shows_after == 1 else
                f"after the first {contract.shows_after} tricks")
        extra += f" The declarer lays {shown} face up on the table {when}."
    base = f" Base value {contract.base}." if bases else ""
    return (f"{contract.name}: {who}; the declarer plays {side}, and {goal}.{base}"
            f"{forced}{needs}{extra}")
