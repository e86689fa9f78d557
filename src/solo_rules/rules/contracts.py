"""The contracts a declarer may play (rulebook slot ``contracts``; DOSSIER §1.7, §1.8, §2a).

A contract is data: who names trumps, whether a partner is called, the tricks to take, the base
value, and the cards the declarer must hold. Declarations are numbered from that list, so their
action ids are stable for a variant file.
"""

from __future__ import annotations

from typing import Literal

import attrs

from solo_rules.actions import DECLARE_BASE
from solo_rules.cards import Card, Suit
from solo_rules.schema import Clause, RuleModule, register

__all__ = ["FREE", "ContractDef", "ContractLadder"]

#: Trump code of a declaration whose trumps are not fixed by it (the partner names them).
FREE = 4
_SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")


@attrs.frozen
class ContractDef:
    """One contract: ``trump_by`` is ``declarer``, ``partner`` (the called partner names them),
    ``fixed`` (``suit``) or ``none`` (no trumps). ``misere``: the declarer must take no trick;
    ``must_head``: a declarer who follows suit must beat the trick if he can (S-NIE Kicker,
    AMB-32); ``shows``: cards laid face up for the table, none, the ``required`` cards (S-NIE
    Ladies) or the whole ``hand`` (S-NIE Bronco, AMB-34). ``single_player``: who plays alone
    against the rest: the ``declarer`` (with his partner, if any), or, for a contract nobody
    declares, the ``last_trick_winner``, who loses the value (S-FOS Heart Solo, AMB-25)."""

    id: str
    name: str
    partner: Literal["none", "called_card"] = "none"
    trump_by: Literal["declarer", "partner", "fixed", "none"] = "declarer"
    suit: str | None = None
    tricks: int = 5
    base: int = 1
    forced: bool = False
    tout: bool = True
    requires: tuple[str, ...] = ()
    misere: bool = False
    must_head: bool = False
    shows: Literal["none", "required", "hand"] = "none"
    single_player: Literal["declarer", "last_trick_winner"] = "declarer"

    def __attrs_post_init__(self) -> None:
        if self.trump_by == "fixed" and self.suit not in ("C", "S", "H", "D"):
            raise ValueError(f"contract {self.id!r}: trump_by fixed needs suit C, S, H or D")
        for name in self.requires:
            if name not in Card.__members__:
                raise ValueError(f"contract {self.id!r}: unknown card {name!r} in requires")

    @property
    def requires_mask(self) -> int:
        """The cards the declarer must hold to bid or declare it."""
        mask = 0
        for name in self.requires:
            mask |= 1 << Card[name]
        return mask

    def trump_codes(self) -> tuple[int, ...]:
        """The trump codes a declaration of this contract may carry (``FREE``: not fixed)."""
        if self.trump_by == "declarer":
            return (0, 1, 2, 3)
        if self.trump_by == "fixed":
            return ("CSHD".index(self.suit or "C"),)
        return (FREE,)


@register("contracts", "contracts.ladder")
@attrs.frozen
class ContractLadder(RuleModule):
    """The list of contracts, lowest first, and whether Tout may be announced with them."""

    contracts: tuple[ContractDef, ...]
    colour_suit: str | None = None
    colour_multiplier: int = 1

    def __attrs_post_init__(self) -> None:
        ids = [c.id for c in self.contracts]
        if len(set(ids)) != len(ids):
            raise ValueError(f"contract ids repeat: {ids}")
        if len(self.contracts) > 40:
            raise ValueError("at most 40 contracts")
        if self.colour_suit is not None and self.colour_suit not in ("C", "S", "H", "D"):
            raise ValueError(f"colour_suit must be C, S, H or D, got {self.colour_suit!r}")
        if self.colour_multiplier < 1:
            raise ValueError(f"colour_multiplier must be at least 1, got {self.colour_multiplier}")

    def value(self, base: int, trump: int | None) -> int:
        """``base`` as a game with ``trump``: multiplied when the trump is the colour suit
        [S-FOS: "If the trump is clubs, (in colour,) it is worth double"; AMB-56]."""
        if self.colour_suit is not None and trump == "CSHD".index(self.colour_suit):
            return base * self.colour_multiplier
        return base

    def index(self, contract_id: str) -> int:
        """The position of ``contract_id`` in the list."""
        for position, contract in enumerate(self.contracts):
            if contract.id == contract_id:
                return position
        raise KeyError(contract_id)

    @staticmethod
    def declaration_codes(contract: ContractDef, preferred: int | None) -> tuple[int, ...]:
        """Trump codes for ``contract``; a partner-named trump may be bound to the preferred
        suit by the declaration (a preferred-level Grossfrage, AMB-07)."""
        codes = contract.trump_codes()
        if contract.trump_by == "partner" and preferred is not None and not contract.forced:
            codes += (preferred,)
        return codes

    def declarations(self, preferred: int | None) -> list[tuple[int, str]]:
        """Every declaration of this ladder as (action id, text)."""
        out = []
        for position, contract in enumerate(self.contracts):
            for code in self.declaration_codes(contract, preferred):
                for tout in (False, True) if contract.tout else (False,):
                    out.append((self.declaration_id(position, code, tout),
                                self.declaration_text(contract, code, tout)))
        return out

    @staticmethod
    def declaration_id(position: int, code: int, tout: bool) -> int:
        """The action id of declaring contract ``position`` with trump ``code``."""
        return DECLARE_BASE + (position * 5 + code) * 2 + int(tout)

    def decode(self, action_id: int) -> tuple[ContractDef, int, bool]:
        """(contract, trump code, tout) of a declaration id."""
        offset = action_id - DECLARE_BASE
        return self.contracts[offset // 10], offset // 2 % 5, bool(offset & 1)

    @staticmethod
    def declaration_text(contract: ContractDef, code: int, tout: bool) -> str:
        """``declare solo H tout`` and the like."""
        words = ["declare", contract.id]
        if code != FREE and contract.trump_by != "fixed":
            words.append("CSHD"[code])
        if tout:
            words.append("tout")
        return " ".join(words)

    def describe(self) -> list[Clause]:
        clauses = []
        for contract in self.contracts:
            clauses.append(Clause(_describe_contract(contract), f"contracts.{contract.id}"))
        if self.colour_suit is not None and self.colour_multiplier != 1:
            suit = suit_word("CSHD".index(self.colour_suit))
            clauses.append(Clause(
                f"{suit.capitalize()} are the colour: a game with {suit} as trumps is played "
                f"\"in colour\" and is worth {self.colour_multiplier} times its base value; in any "
                "other suit it is played \"in suit\" at its base value.", "colour_suit"))
        if any(c.tout for c in self.contracts):
            names = ", ".join(c.name for c in self.contracts if c.tout)
            clauses.append(Clause(
                f"Tout (all the tricks) may be announced together with the declaration of {names};"
                " the party must then take every trick.", "contracts.tout"))
        return clauses


def _describe_contract(contract: ContractDef) -> str:
    who = {
        "declarer": "the declarer names trumps",
        "partner": "the called partner reveals himself and names trumps",
        "fixed": f"{_SUIT_WORDS['CSHD'.index(contract.suit or 'C')]} are trumps",
        "none": "there are no trumps",
    }[contract.trump_by]
    side = ("together with the partner called by a card" if contract.partner == "called_card"
            else "alone against the others")
    forced = " It is played only when everyone passes." if contract.forced else ""
    if contract.single_player == "last_trick_winner":
        return (f"{contract.name}: {who}; nobody declares, everyone plays for himself, and the "
                "winner of the last trick loses the value to each other player. Base value "
                f"{contract.base}.{forced}")
    needs = ""
    if contract.requires:
        cards = " and ".join(Card[name].symbol_text for name in contract.requires)
        needs = f" Only a player who holds {cards} may bid or declare it."
    taker = "the party" if contract.partner == "called_card" else "he"
    goal = ("he must take no trick" if contract.misere
            else f"{taker} must take at least {contract.tricks} tricks")
    extra = ""
    if contract.must_head:
        extra += (" When the declarer follows suit he must play a card that beats the trick so "
                  "far if he has one; the others need not.")
    if contract.shows != "none":
        shown = "his whole hand" if contract.shows == "hand" else "the cards it requires"
        extra += f" The declarer lays {shown} face up on the table before the opening lead."
    return (f"{contract.name}: {who}; the declarer plays {side}, and {goal}. Base value "
            f"{contract.base}.{forced}{needs}{extra}")


def suit_word(suit: int) -> str:
    """The English plural name of a suit."""
    return _SUIT_WORDS[Suit(suit)]
