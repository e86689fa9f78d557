"""How a table shows a hand to a person: the cards in the order of the trumps as they stand,
and what a bid stands for. The terminal (``solo_rules.cli``) and the served table
(``solo_rules.web``) both show them so."""

from __future__ import annotations

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet, parse_suit
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP, Trump

__all__ = ["bid_note", "in_trump_order", "trump_cards"]


def in_trump_order(rules: CompiledRules, hand: CardSet, trump: Trump | None) -> list[Card]:
    """``hand`` with the trumps first (highest first), then the plain suits in order, highest
    first; before the trumps are known (``trump`` is ``None``), in suit order."""
    if trump is None:
        return list(hand)
    tables = rules.tables(trump)
    return sorted(hand, key=lambda c: (tables.suit_of[c] != TRUMP, tables.suit_of[c],
                                       -tables.power[c]))


def trump_cards(rules: CompiledRules, hand: CardSet, trump: Trump | None) -> list[Card]:
    """The cards of ``hand`` that are trumps under ``trump`` (none before it is known)."""
    if trump is None:
        return []
    suit_of = rules.tables(trump).suit_of
    return [card for card in hand if suit_of[card] == TRUMP]


def bid_note(rules: CompiledRules, action: Action) -> str:
    """What a bid stands for: the contract its name gives (``frage@C``: Frage in clubs), or
    for a bid of an amount, a game worth at least that much; ``""`` for any other action."""
    if action.kind != "bid" or action.bid is None:
        return ""
    name, _, suit = action.bid.partition("@")
    known = {c.id: c for c in rules.contracts.contracts}
    if name.isdecimal():
        return f"a game worth at least {name}"
    contract = known.get(name)
    if contract is None:
        return ""
    side = ("with a partner called by a card" if contract.partner == "called_card"
            else "alone")
    goal = ("take no trick" if contract.misere
            else f"take {contract.tricks} tricks")
    trumps = f", {parse_suit(suit).symbol} trumps" if suit else ""
    return f"{contract.name}: {goal} {side}{trumps}"
