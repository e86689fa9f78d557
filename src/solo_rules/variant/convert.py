"""Reading a slot's parameters and notes into typed values (one cattrs converter, strict about
kinds), and flattening its errors into one line that names the path and the bad value."""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import cattrs

from solo_rules.cards import Card, Suit, parse_card, parse_suit
from solo_rules.errors import SoloRulesError, cut, shown

converter = cattrs.Converter(forbid_extra_keys=True, prefer_attrib_converters=True)


def _read_text(parse: typing.Callable[[str], Any], what: str) -> typing.Callable[[Any, Any], Any]:
    """A cattrs hook that reads a parameter naming a suit or a card from its text."""

    def hook(value: Any, _kind: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"expected {what}, got {shown(value)}")
        return parse(value)

    return hook


converter.register_structure_hook(Suit, _read_text(parse_suit, "a suit like C, S, H or D"))


def _exactly(kind: type, what: str) -> typing.Callable[[Any, Any], Any]:
    """A cattrs hook that takes a value of exactly ``kind`` (no ``"false"`` read as true, no
    ``true`` read as 1, no number read as text)."""

    def hook(value: Any, _kind: Any) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {what}, got {shown(value)}")
        return value

    return hook


def _is_list_type(kind: Any) -> bool:
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _list_hook(value: Any, kind: Any) -> tuple[Any, ...]:
    """A ``tuple[X, ...]`` parameter from a YAML list (a list of suits also from their letters,
    ``SHD``; any other text would be read as its letters); a bad item is reported with its
    index, as cattrs does."""
    item_kind = typing.get_args(kind)[0]
    if isinstance(value, str) and item_kind is Suit:
        value = list(value)
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list, got {shown(value)}")
    items, errors = [], []
    for index, item in enumerate(value):
        try:
            items.append(converter.structure(item, item_kind))
        except Exception as exc:
            exc.add_note(cattrs.IterableValidationNote(f"item {index}", index, item_kind))
            errors.append(exc)
    if errors:
        raise cattrs.IterableValidationError(f"while reading {kind}", errors, kind)
    return tuple(items)


converter.register_structure_hook(bool, _exactly(bool, "true or false"))


converter.register_structure_hook(int, _exactly(int, "a whole number"))


converter.register_structure_hook(str, _exactly(str, "text"))


converter.register_structure_hook_func(_is_list_type, _list_hook)


converter.register_structure_hook(Card, _read_text(parse_card, "a card like CQ or S7"))


def explain(exc: BaseException, value: Any, dotted: str, kind: Any = None) -> str:
    """Flatten a cattrs error into ``dotted.path: problem`` parts that name the bad value."""
    if isinstance(exc, cattrs.ClassValidationError | cattrs.IterableValidationError):
        with_notes, without = exc.group_exceptions()
        parts = []
        for sub, note in with_notes:
            if isinstance(note, cattrs.IterableValidationNote):
                child = value[int(note.index)] if isinstance(value, list | tuple) else None
                parts.append(explain(sub, child, f"{dotted}[{note.index}]", note.type))
            else:
                child = value.get(note.name) if isinstance(value, dict) else None
                parts.append(explain(sub, child, f"{dotted}.{note.name}", note.type))
        parts += [explain(sub, value, dotted) for sub in without]
        return _first(parts)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        allowed = ", ".join(field.name for field in attrs.fields(exc.cl))
        return _first([f"{dotted}.{cut(str(key))}: unknown key; allowed: {allowed}"
                       for key in sorted(exc.extra_fields, key=str)])
    if isinstance(exc, KeyError):
        return f"{dotted}: missing"
    if len(exc.args) > 1 and isinstance(exc.args[1], attrs.Attribute):  # an attrs validator
        return f"{dotted}.{exc.args[1].name}: {exc.args[0]}"
    if isinstance(exc, SoloRulesError):  # a card or suit text that does not parse
        return f"{dotted}: {exc}"
    if kind is not None:
        return f"{dotted}: expected {_type_name(kind)}, got {shown(value)}"
    if isinstance(exc, AttributeError):
        return f"{dotted}: expected a mapping, got {shown(value)}"
    return f"{dotted}: {exc}"


def listed(names: Sequence[str] | Mapping[str, Any], keep: int = 12) -> str:
    """``a, b, c`` for a message, the first ``keep`` names and how many more."""
    first = [cut(str(name)) for name in list(names)[:keep]]
    more = len(names) - keep
    return ", ".join(first) + (f" and {more} more" if more > 0 else "")


def _first(parts: Sequence[str], keep: int = 3) -> str:
    """The first ``keep`` problems of many, and how many more: one line, however bad the
    file."""
    more = len(parts) - keep
    return "; ".join(parts[:keep]) + (f" (and {more} more)" if more > 0 else "")


def _type_name(kind: Any) -> str:
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(option) for option in typing.get_args(kind))
    if origin in (tuple, list):
        return "a list"
    return _KIND_NAMES.get(kind) or str(getattr(kind, "__name__", kind))


_KIND_NAMES: dict[Any, str] = {bool: "true or false", int: "a whole number", str: "text"}
