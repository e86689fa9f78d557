"""Validators for rule parameters that name suits and cards. The fields are typed ``Suit`` and
``Card``; the variant loader reads ``C`` and ``CQ`` (any spelling ``parse_suit`` and
``parse_card`` read) into them, and these check what Python callers pass."""

from __future__ import annotations

from collections.abc import Sized
from typing import Any

import attrs

from solo_rules.cards import Card, Suit

__all__ = ["cards", "distinct", "optional_suit", "suits"]


def distinct(_instance: object, attribute: attrs.Attribute[Any], value: Sized) -> None:
    """No item repeats."""
    items = list(value)  # type: ignore[call-overload]
    if len(set(items)) != len(items):
        raise ValueError(f"{attribute.name}: an item is repeated in {items!r}", attribute)


#: A parameter that is a suit, or none.
optional_suit = attrs.validators.optional(attrs.validators.instance_of(Suit))
#: A parameter that is distinct suits.
suits = attrs.validators.and_(
    attrs.validators.deep_iterable(attrs.validators.instance_of(Suit),
                                   attrs.validators.instance_of(tuple)), distinct)
#: A parameter that is distinct cards.
cards = attrs.validators.and_(
    attrs.validators.deep_iterable(attrs.validators.instance_of(Card),
                                   attrs.validators.instance_of(tuple)), distinct)
