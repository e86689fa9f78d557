"""Bounds on the numbers and lists of a variant file, checked at load before anything is built
from them: every whole number within ``MAX_NUMBER``, and the ones a module declares in its
``limits`` (a packet, a trick target) within what the pack and the players allow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from solo_rules.errors import VariantError, shown

__all__ = ["MAX_NUMBER", "Limit", "check_limits", "check_numbers", "limits_of"]

#: The largest whole number, either way, anywhere in a variant's rules: no count of cards or
#: tricks, no score value comes near it, and nothing a hand computes grows past it.
MAX_NUMBER = 1_000_000

#: A bound: a number, or a fact of the table: the cards a ``hand`` is dealt (the tricks of a
#: hand), the cards of the ``pack``, the ``players``.
Bound = int | Literal["hand", "pack", "players"]

_WHAT = {"hand": "the cards of a hand", "pack": "the cards of the pack",
         "players": "the players"}


@attrs.frozen
class Limit:
    """The range ``low..high`` of a whole-number parameter (of each item, for a list), and for
    a list the range ``shortest..longest`` of its length. A module declares its own in a
    ``limits`` class attribute, by field name; a subclass adds to its bases'."""

    low: Bound = 0
    high: Bound = MAX_NUMBER
    shortest: Bound = 0
    longest: Bound = MAX_NUMBER

    def __str__(self) -> str:
        """The limit in words, for the variant-format page: ``1..hand; 1..hand items``."""
        text = f"{self.low}..{self.high}"
        if (self.shortest, self.longest) != (0, MAX_NUMBER):
            text += f"; {self.shortest}..{self.longest} items"
        return text


def limits_of(cls: type) -> dict[str, Limit]:
    """The limits the class ``cls`` and its bases declare, by field name."""
    return {name: limit for klass in reversed(cls.__mro__)
            for name, limit in vars(klass).get("limits", {}).items()}


@attrs.frozen
class _Table:
    """The facts of the table that bounds are given in."""

    hand: int
    pack: int
    players: int

    def value(self, bound: Bound) -> int:
        return bound if isinstance(bound, int) else int(getattr(self, bound))


def _range(table: _Table, low: Bound, high: Bound) -> str:
    """``1..8 (the cards of a hand)``: a range for a message, saying what its ends mean."""
    why = ", ".join(_WHAT[bound] for bound in (low, high) if isinstance(bound, str))
    return f"{table.value(low)}..{table.value(high)}" + (f" ({why})" if why else "")


def check_numbers(rules: Any, where: str) -> None:
    """Raise a one-line ``VariantError`` for a whole number in the plain tree ``rules`` beyond
    ``MAX_NUMBER`` either way, naming its path under ``rules``."""
    todo: list[tuple[str, Any]] = [("rules", rules)]
    while todo:
        dotted, value = todo.pop()
        if isinstance(value, Mapping):
            todo.extend((f"{dotted}.{key}", item) for key, item in value.items())
        elif isinstance(value, list | tuple):
            todo.extend((f"{dotted}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) > MAX_NUMBER:
            raise VariantError(f"{where}: {dotted}: {shown(value)} is out of range; numbers in "
                               f"a variant are at most {MAX_NUMBER:,} either way")


def check_limits(modules: Mapping[str, Any], where: str) -> None:
    """Raise a one-line ``VariantError`` for a parameter of ``modules`` (by slot) outside the
    ``limits`` its class declares, in terms of the pack slot's cards and players."""
    pack = modules.get("pack")
    if pack is None:
        return
    cards, players = len(pack.cards), int(pack.players)
    seated = players - int(pack.sits_out)
    table = _Table(cards // max(seated, 1), cards, players)
    for slot, module in modules.items():
        problem = _problem(module, f"rules.{slot}.params", table)
        if problem:
            raise VariantError(f"{where}: {problem}")


def _problem(value: Any, dotted: str, table: _Table) -> str:
    """The first parameter of the attrs instance ``value`` (at ``dotted``) outside its limit,
    as ``path: what is wrong``; ``""`` when there is none."""
    limits = limits_of(type(value))
    for field in attrs.fields(type(value)):
        item, path, limit = getattr(value, field.name), f"{dotted}.{field.name}", \
            limits.get(field.name, Limit(-MAX_NUMBER))
        if isinstance(item, tuple):
            shortest, longest = table.value(limit.shortest), table.value(limit.longest)
            if not shortest <= len(item) <= longest:
                return (f"{path}: {len(item)} items; expected "
                        + (f"at least {shortest}" if longest >= MAX_NUMBER
                           else _range(table, limit.shortest, limit.longest)))
            parts = [(f"{path}[{index}]", part) for index, part in enumerate(item)]
        elif isinstance(item, Mapping):
            parts = [(f"{path}.{key}", part) for key, part in item.items()]
        else:
            parts = [(path, item)]
        for where, part in parts:
            problem = _out_of(part, where, limit, table)
            if problem:
                return problem
    return ""


def _out_of(value: Any, dotted: str, limit: Limit, table: _Table) -> str:
    """What is wrong with one value, a whole number against ``limit`` or an attrs item
    against its own limits; ``""`` when nothing is."""
    if type(value) is int:
        if not table.value(limit.low) <= value <= table.value(limit.high):
            return (f"{dotted}: expected {_range(table, limit.low, limit.high)}, got "
                    f"{shown(value)}")
        return ""
    if attrs.has(type(value)):
        return _problem(value, dotted, table)
    return ""
