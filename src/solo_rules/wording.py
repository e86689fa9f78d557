"""Actions and refusals in a player's words: ``Solo, ♣ trumps, Tout`` for ``declare solo C
tout``, ``Bob bids Frage`` for a history line, ``you must follow the suit of ♠9`` for the
engine's ``seat 0 must follow the suit of S9``. Every table a person reads (the served table,
the terminal) writes them so; the engine's texts stay as they are for programs."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence

from solo_rules.actions import Action
from solo_rules.display import bid_note, symbols
from solo_rules.errors import VariantError
from solo_rules.game import CompiledRules

__all__ = ["action_words", "addressed", "deed_words"]

#: ``seat N`` in an engine's text, with the verb after it when it is one that changes for "you"
_SEAT = re.compile(r"\bseat (\d+)('s)?(?: (does|has|is)\b)?")
_YOU_VERB = {"does": "do", "has": "have", "is": "are"}


def action_words(rules: CompiledRules, action: Action) -> str:
    """A choice as a button names it: ``Pass``, ``Bid Frage``, ``Solo, ♣ trumps, Tout``,
    ``♣ trumps``, ``Call ♣A``, a card as ``♣Q``."""
    if action.kind == "play" and action.card is not None:
        return action.card.symbol_text
    return _capital(_phrase(rules, action))


def deed_words(rules: CompiledRules, action: Action, who: str) -> str:
    """An action done, in the third person: ``Bob bids Frage``, ``Ann declares Solo, ♣
    trumps``, ``Bot C passes``; ``who`` names the seat (``you`` takes the plain verb)."""
    verb, _, rest = _phrase(rules, action, deed=True).partition(" ")
    if who != "you":
        note = rules.actions.note(action)
        if note and action.card is None and action.kind not in ("bid", "declare", "trump"):
            return _capital(f"{who} {note}")
        verb = _third(verb)
    return _capital(f"{who} {verb}" + (f" {rest}" if rest else ""))


def addressed(text: str, reader: int | None, names: Sequence[str]) -> str:
    """An engine's explanation for a person: cards in symbols, the reader's seat as "you",
    the other seats by name: ``seat 0 must follow the suit of S9`` to seat 0 reads ``you must
    follow the suit of ♠9``."""
    def name(match: re.Match[str]) -> str:
        seat, owner, verb = int(match.group(1)), match.group(2), match.group(3)
        if seat == reader:
            said = "your" if owner else "you"
            verb = _YOU_VERB.get(verb, verb) if verb else None
        else:
            said = (names[seat] if 0 <= seat < len(names) else f"seat {seat}") + (owner or "")
        return said + (f" {verb}" if verb else "")
    text = _SEAT.sub(name, symbols(text))
    return text[:1].upper() + text[1:] if text.startswith("you") else text


def _phrase(rules: CompiledRules, action: Action, deed: bool = False) -> str:
    """The action as a verb phrase (``bid Frage``, ``declare Solo, ♣ trumps``); for a deed
    the verb is always spelled out (``play ♣Q``, ``name ♣ trumps``)."""
    kind, card = action.kind, action.card
    if kind == "return":
        return f"give back {card.symbol_text}" if card else "give back a card face down"
    if card is not None:
        return f"{kind} {card.symbol_text}"
    if kind == "bid" and action.bid is not None:
        meaning = bid_note(rules, action)
        name = meaning.split(":", 1)[0] if ":" in meaning else _bid_name(rules, action.bid)
        return f"bid {symbols(_suits(name))}"
    if kind == "declare" and action.contract is not None:
        text = rules.contract_def(action.contract).name
        if action.suit is not None:
            text += f", {action.suit.symbol} trumps"
        if action.tout:
            text += ", Tout"
        return f"declare {text}" if deed else text
    if kind == "trump" and action.suit is not None:
        return f"{'name ' if deed else ''}{action.suit.symbol} trumps"
    return action.text


def _bid_name(rules: CompiledRules, bid: str) -> str:
    """A bid named after its contract where it has one (``solo@C``: ``Solo@C``)."""
    base, at, suit = bid.partition("@")
    with contextlib.suppress(VariantError):  # a bid of an amount, or of no one contract
        base = rules.contract_def(base).name
    return base + at + suit


def _suits(text: str) -> str:
    """A bid's own name with a suit letter after ``@`` written as its symbol."""
    return re.sub(r"@([CSHD])\b", lambda m: f" ({dict(C='♣', S='♠', H='♥', D='♦')[m.group(1)]})",
                  text)


def _third(verb: str) -> str:
    """``bid`` → ``bids``, ``pass`` → ``passes``, ``ask`` → ``asks``."""
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
