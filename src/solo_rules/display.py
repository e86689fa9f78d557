"""How a table shows a hand to a person: one way to write a card (``♣Q``, as the rulebook does),
the cards in the order of the trumps as they stand, the choices in that order, and what each
choice stands for in the words of the rule that offers it. The terminal
(``solo_rules.cli``) and the served table (``solo_rules.web``) both show them so."""

from __future__ import annotations

import re
from collections.abc import Sequence

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet, parse_card
from solo_rules.game import CompiledRules
from solo_rules.ranking import TRUMP, Trump
from solo_rules.state import GameState

__all__ = ["action_text", "bid_note", "choice_note", "in_menu_order", "in_trump_order",
           "symbols", "trump_cards"]

#: A card as the engine's messages write it (``CQ``, ``H10``, ``ST``), on its own.
_CARD = re.compile(r"(?<![\w@])([CSHD])(10|[AKQJT987])(?!\w)")
#: A suit letter after a word that names a suit: ``declare solo H``, ``bid frage@C``.
_SUIT = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


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


def in_menu_order(rules: CompiledRules, choices: Sequence[Action], trump: Trump | None
                  ) -> list[Action]:
    """``choices`` as a menu lists them: the cards in the order the hand is shown
    (``in_trump_order``), the others in their own order (by id)."""
    cards = CardSet.of(a.card for a in choices if a.card is not None)
    place = {card: k for k, card in enumerate(in_trump_order(rules, cards, trump))}
    return sorted(choices, key=lambda a: (a.card is not None, place.get(a.card, 0)
                                          if a.card is not None else a.id))


def symbols(text: str) -> str:
    """An engine's text with each card in it written as the rulebook writes cards: ``seat 2
    must follow the suit of CQ`` becomes ``... of ♣Q``."""
    return _CARD.sub(lambda m: parse_card(m.group(0)).symbol_text, text)


def action_text(action: Action) -> str:
    """An action as a table shows it, with card and suit symbols (``play ♣Q``, ``declare solo
    ♥``, ``bid frage@♣``); the parser reads it back, as it reads the letters."""
    if action.card is not None:
        return f"{action.kind} {action.card.symbol_text}"
    words = action.text.split(" ")
    if action.kind in ("declare", "trump") and len(words) > 1 and words[-1] != "tout":
        words[-1] = _SUIT.get(words[-1], words[-1])
    elif action.kind == "declare" and len(words) > 2:
        words[-2] = _SUIT.get(words[-2], words[-2])
    text = " ".join(words)
    return re.sub(r"@([CSHD])\b", lambda m: "@" + _SUIT[m.group(1)], text)


def bid_note(rules: CompiledRules, action: Action) -> str:
    """What a bid commits its bidder to, in the auction's words (``AuctionRules.bid_meaning``);
    ``""`` for any other action."""
    if action.kind != "bid" or action.bid is None:
        return ""
    return rules.auction.bid_meaning(rules, action.bid)


def choice_note(rules: CompiledRules, state: GameState, action: Action) -> str:
    """What choosing the legal ``action`` does, from the rule of the current phase
    (``CompiledRules.means``), else the commentary phrase of its word; ``""`` for a card."""
    return rules.means(state, action.id) or rules.actions.note(action)
