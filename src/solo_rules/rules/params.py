"""Converters for rule parameters that name suits and cards, so a module's fields are typed
``Suit`` and ``Card`` while variant files write ``C`` and ``CQ`` (any spelling that
``parse_suit`` and ``parse_card`` read)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from solo_rules.cards import Card, Suit, parse_card, parse_suit

__all__ = ["ParamError", "card_tuple", "optional_suit", "suit_tuple"]

T = TypeVar("T")


class ParamError(ValueError):
    """A parameter value that cannot be read, naming the parameter (``args``: the message and
    the ``attrs.Attribute``, as attrs validators raise them, so the loader names the path)."""

    def __str__(self) -> str:
        return f"{self.args[1].name}: {self.args[0]}"


def _naming(convert: Callable[[object], T]) -> Any:
    """``convert`` as an attrs converter whose errors name the parameter."""

    def converter(value: object, field: attrs.Attribute[Any]) -> T:
        try:
            return convert(value)
        except ValueError as exc:
            raise ParamError(str(exc), field) from None

    return attrs.Converter(converter, takes_field=True)


def _optional_suit(value: object) -> Suit | None:
    """A suit from its text (or a ``Suit``), or ``None``."""
    if value is None or isinstance(value, Suit):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected a suit like C, S, H or D, got {value!r}")
    return parse_suit(value)


def _suit_tuple(value: object) -> tuple[Suit, ...]:
    """Distinct suits from a string of letters (``SHD``) or a list; at least one."""
    items = list(value) if isinstance(value, (str, list, tuple)) else None
    if not items:
        raise ValueError(f"expected suit letters like CSHD, got {value!r}")
    suits = tuple(s if isinstance(s, Suit) else parse_suit(str(s)) for s in items)
    if len(set(suits)) != len(suits):
        raise ValueError(f"a suit is repeated in {value!r}")
    return suits


def _card_tuple(value: object) -> tuple[Card, ...]:
    """Distinct cards from a list of card texts (``[CQ, SQ]``)."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"expected a list of cards like [CQ, SQ], got {value!r}")
    cards = tuple(c if isinstance(c, Card) else parse_card(str(c)) for c in value)
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card is repeated in {list(value)!r}")
    return cards


#: Converters for a parameter that is an optional suit, several suits, or several cards.
optional_suit = _naming(_optional_suit)
suit_tuple = _naming(_suit_tuple)
card_tuple = _naming(_card_tuple)
