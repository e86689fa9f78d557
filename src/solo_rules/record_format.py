"""The game-record format: one hand (or a match of hands) as data, written as JSON or YAML and
read back, with no rules engine (``solo_rules.record`` replays a record through the rules).

A hand record names the variant (id, overlays, content hash), the seed it was dealt from (when
known), the dealer, the deal, every action as text with the seat that took it, and the outcome;
``docs/records.md`` describes it field by field. ``state.to_record()`` (or ``record_of(state)``)
writes one and ``read_record`` reads one from text or a file. A state does not know its seed (a
hand may be dealt from given cards), so whoever dealt it passes ``seed=``; the deal itself is
what a replay uses. The ``format`` field is the version of this layout: each format this
version reads has its reader in ``READERS``, and any other is refused. This module sits just
above ``serial`` so that the rule set a state is played under can write its record.
"""

from __future__ import annotations

import json
import os
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NoReturn, TypeVar

import attrs
import cattrs
import cattrs.gen
import yaml

from solo_rules import files, safe_yaml
from solo_rules.cards import Card, CardSet, Suit
from solo_rules.errors import RecordError, SoloRulesError, check_seed, cut, shown
from solo_rules.ranking import Trump
from solo_rules.serial import converter, structure, unstructure
from solo_rules.state import GameState, Outcome
from solo_rules.variant import Variant

__all__ = [
    "FORMAT",
    "READERS",
    "GameRecord",
    "MatchRecord",
    "Misdeal",
    "RecordedVariant",
    "read_record",
    "record_of",
]

#: The record format this version writes (and the newest it reads).
FORMAT = 1

R = TypeVar("R")


@attrs.frozen
class RecordedVariant:
    """Which rules a record was played under: the variant's id, the overlays applied on top,
    and the hash of the resolved content, so a replay under changed rules is refused."""

    id: str
    overlays: tuple[str, ...]
    content_hash: str

    @classmethod
    def of(cls, variant: Variant) -> RecordedVariant:
        """The reference to ``variant``."""
        if not isinstance(variant, Variant):
            raise TypeError(f"RecordedVariant.of: variant must be a Variant, got "
                            f"{type(variant).__name__}")
        return cls(variant.id, variant.overlays, variant.content_hash)

    @property
    def base(self) -> str:
        """The id of the variant file the overlays go on (``id`` without ``+overlay``)."""
        return self.id.split("+")[0] if self.overlays else self.id


@attrs.frozen
class GameRecord:
    """One hand: the variant, the seed (``None`` when the hands were given), the dealer, the
    cards each seat was dealt (seat 0 first), each action as ``(seat, text)`` and the outcome
    (``None`` while the hand is unfinished)."""

    variant: RecordedVariant
    seed: int | None
    dealer: int
    deal: tuple[CardSet, ...]
    actions: tuple[tuple[int, str], ...]
    outcome: Outcome | None
    format: int = FORMAT
    kind: Literal["hand"] = "hand"

    def to_json(self) -> str:
        """The record as JSON text (one line per field of the top level)."""
        return _dump_json(self)

    def to_yaml(self) -> str:
        """The record as YAML for people (cards and actions one line each)."""
        return _dump_yaml(self)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``: YAML for ``.yaml``/``.yml``, else JSON; atomically,
        so a failed write leaves any earlier file whole."""
        _save(self, path)


@attrs.frozen
class Misdeal:
    """A hand of a match abandoned unplayed because its deal was wrong (called by the table;
    the engine itself never misdeals), and who had dealt it."""

    dealer: int
    kind: Literal["misdeal"] = "misdeal"


@attrs.frozen
class MatchRecord:
    """A match: the variant, the match's seed, the first dealer, each hand (or misdeal) in
    order, the running totals after the last hand, and the pot standing after it (written only
    where one stands: a variant that keeps a pot, S-PIE-ROT)."""

    variant: RecordedVariant
    seed: int
    first_dealer: int
    hands: tuple[GameRecord | Misdeal, ...]
    totals: tuple[int, ...]
    pot: int = 0
    format: int = FORMAT
    kind: Literal["match"] = "match"

    def to_json(self) -> str:
        """The record as JSON text."""
        return _dump_json(self)

    def to_yaml(self) -> str:
        """The record as YAML for people."""
        return _dump_yaml(self)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` (YAML for ``.yaml``/``.yml``, else JSON), atomically."""
        _save(self, path)


def _hand_or_misdeal(data: Any, _kind: Any) -> GameRecord | Misdeal:
    """A match's entry: a hand or a misdeal, by its ``kind``."""
    if isinstance(data, dict) and data.get("kind") == "misdeal":
        return converter.structure(data, Misdeal)
    return converter.structure(data, GameRecord)


converter.register_structure_hook(GameRecord | Misdeal, _hand_or_misdeal)
# A match without a pot is written as before one could stand: no ``pot`` field.
converter.register_unstructure_hook(MatchRecord, cattrs.gen.make_dict_unstructure_fn(
    MatchRecord, converter, pot=cattrs.gen.override(omit_if_default=True)))


def record_of(state: GameState, seed: int | None = None) -> GameRecord:
    """The record of the hand that led to ``state`` (finished or not). ``seed`` is the seed
    it was dealt from, if the caller dealt it from one: a state does not keep it."""
    if not isinstance(state, GameState):
        raise TypeError(f"record_of: state must be a GameState, got {type(state).__name__}")
    if seed is not None:
        check_seed(seed)
    rules = state.rules
    deal = tuple(map(CardSet, state.dealt))
    actions = tuple((seat, rules.actions.text_of(aid)) for seat, aid in state.history)
    outcome = state.outcome() if state.is_terminal else None
    return GameRecord(RecordedVariant.of(state.variant), seed, state.dealer, deal, actions,
                      outcome)


def read_record(source: str | os.PathLike[str]) -> GameRecord | MatchRecord:
    """A record from JSON or YAML text, or from a file (a path, or a string that is not
    record text); raises one ``RecordError`` naming what is wrong and where. The file is read
    within ``files.MAX_BYTES`` and the text within ``safe_yaml``'s limits, and its shape is
    checked strictly (a seat ``"1"`` or ``true`` is no seat) before it is built."""
    if not isinstance(source, str | os.PathLike):
        raise TypeError("read_record: source must be record text or a path (str or "
                        f"os.PathLike), got {type(source).__name__}")
    text, where = _text(source)
    try:
        data = safe_yaml.load_data(text)
    except (yaml.YAMLError, ValueError) as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = cut(" ".join(str(getattr(exc, "problem", None) or exc).split()))
        if isinstance(exc, safe_yaml.LimitError | safe_yaml.JSONLimitError):
            raise RecordError(f"{where}{at}: {problem}") from None
        raise RecordError(f"{where}{at}: not JSON or YAML ({problem}); is the file complete?"
                          ) from None
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a record is a mapping with a 'format' field, got "
                          f"{type(data).__name__}")
    version = data.get("format")
    if version is None:
        raise RecordError(f"{where}: the record has no format version (a 'format' field)")
    if type(version) is not int:
        raise RecordError(f"{where}: format: expected a whole number, got {shown(version)}")
    reader = READERS.get(version)
    if reader is None:
        raise RecordError(f"{where}: record format {version} is unknown; this version of "
                          f"solo-rules reads format {', '.join(map(str, sorted(READERS)))}")
    return reader(data, where)


def _read_format_1(data: dict[str, Any], where: str) -> GameRecord | MatchRecord:
    """A record of format 1 (this version's own layout): a hand or a match, by its ``kind``."""
    kind = data.get("kind")
    if kind not in ("hand", "match") or type(kind) is not str:
        raise RecordError(f"{where}: 'kind' must be 'hand' or 'match', got {shown(kind)}")
    cls: type[GameRecord] | type[MatchRecord] = GameRecord if kind == "hand" else MatchRecord
    _check_shape(data, cls, "", where)
    return _structure(data, cls, where)


#: The reader of each record format this version reads, by the record's ``format`` number (a
#: later layout adds its reader here, turning an older record into today's classes).
READERS: dict[int, Callable[[dict[str, Any], str], GameRecord | MatchRecord]] = {
    1: _read_format_1}


def _text(source: str | os.PathLike[str]) -> tuple[str, str]:
    """The record text (within the size limit) and a name for messages."""
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("{")):
        if len(source) > files.MAX_BYTES or len(source.encode("utf-8", "surrogatepass")) \
                > files.MAX_BYTES:
            raise RecordError(f"record: larger than {files.MAX_BYTES:,} bytes")
        return source, "record"
    return files.read_text(source, error=RecordError, what="the record"), files.name_of(source)


#: The type hints of each record class, resolved once (``typing.get_type_hints`` leaves the
#: classes as they are; the compiled build's ``Trick`` takes no new attributes).
_HINTS: dict[type, dict[str, Any]] = {}
#: The value a record field of each of these types is written as, for the shape check.
_WRITTEN_AS: dict[Any, tuple[type, str]] = {
    int: (int, "a whole number"), str: (str, "text"), bool: (bool, "true or false"),
    Card: (str, "a card like 'CQ'"), Suit: (str, "a suit letter like 'H'"),
    Trump: (str, "a trump like 'H' or 'none'")}


def _check_shape(data: Any, kind: Any, path: str, where: str) -> None:
    """Refuse ``data`` unless it has the shape a record field of type ``kind`` is written in,
    exactly: mappings with the class's keys, lists of the right length, numbers that are
    whole numbers (not ``true``, ``1.0`` or ``"1"``). One ``RecordError`` names the first
    problem and its path (``actions[3][0]``), before cattrs builds anything."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)

    def refuse(expected: str) -> NoReturn:
        raise RecordError(f"{where}: {path or 'the record'}: expected {expected}, got "
                          f"{shown(data, 40)}")

    if kind in _WRITTEN_AS:
        written, name = _WRITTEN_AS[kind]
        if type(data) is not written:
            refuse(name)
        if isinstance(data, int) and data < 0 \
                and path.rsplit(".", 1)[-1] in ("seed", "dealer", "first_dealer"):
            refuse("a whole number >= 0")
    elif kind is CardSet:
        _check_shape(data, tuple[Card, ...], path, where)
    elif origin is typing.Literal:
        if data not in args or type(data) is not str:
            refuse(" or ".join(map(repr, args)))
    elif origin in (typing.Union, types.UnionType):
        options = [option for option in args if option is not type(None)]
        if data is None and len(options) < len(args):
            return
        if len(options) == 1:
            _check_shape(data, options[0], path, where)
        elif GameRecord in options and Misdeal in options:
            misdeal = isinstance(data, dict) and data.get("kind") == "misdeal"
            _check_shape(data, Misdeal if misdeal else GameRecord, path, where)
        else:
            refuse(" or ".join(map(_kind_name, options)))
    elif origin is tuple:
        if not isinstance(data, list):
            refuse(f"a list of {len(args)}" if args[-1] is not Ellipsis else "a list")
        if args[-1] is Ellipsis:
            for index, item in enumerate(data):
                _check_shape(item, args[0], f"{path}[{index}]", where)
        elif len(data) != len(args):
            refuse(f"a list of {len(args)}")
        else:
            for index, (item, item_kind) in enumerate(zip(data, args, strict=True)):
                _check_shape(item, item_kind, f"{path}[{index}]", where)
    elif attrs.has(kind):
        _check_mapping(data, kind, path, where, refuse)


def _check_mapping(data: Any, cls: type, path: str, where: str,
                   refuse: Callable[[str], NoReturn]) -> None:
    """``_check_shape`` of an attrs class: a mapping of its fields, each checked."""
    if not isinstance(data, dict):
        refuse(f"a mapping of {cls.__name__} fields")
    fields = attrs.fields(cls)
    names = {field.name for field in fields}
    prefix = f"{path}." if path else ""
    for key in data:
        if key not in names:
            raise RecordError(f"{where}: {prefix}{shown(key, 40)}: unknown key; allowed: "
                              f"{', '.join(field.name for field in fields)}")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    for field in fields:
        if field.name in data:
            _check_shape(data[field.name], hints[field.name], prefix + field.name, where)
        elif field.default is attrs.NOTHING:
            raise RecordError(f"{where}: {prefix}{field.name}: missing")


def _kind_name(kind: Any) -> str:
    return _WRITTEN_AS[kind][1] if kind in _WRITTEN_AS else getattr(kind, "__name__", str(kind))


def _structure(data: dict[str, Any], cls: type[R], where: str) -> R:
    try:
        return structure(data, cls)
    except Exception as exc:  # cattrs raises exception groups; report the first problem
        problems = cattrs.transform_error(exc, format_exception=_problem) \
            if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        raise RecordError(f"{where}: {cut(' '.join(problems[0].split()), 200)}"
                          + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
                          ) from None


def _problem(exc: BaseException, kind: Any) -> str:
    """A cattrs leaf error as text: a card or suit that does not parse says which and why."""
    if isinstance(exc, SoloRulesError):
        return str(exc)
    return cattrs.v.format_exception(exc, kind)


def _ordered(record: GameRecord | MatchRecord) -> dict[str, Any]:
    """The record's data with ``format`` and ``kind`` first, as a reader looks for them (in
    each hand of a match too)."""
    data = _kind_first(unstructure(record))
    if "hands" in data:
        data["hands"] = [_kind_first(hand) for hand in data["hands"]]
    return data


def _kind_first(data: dict[str, Any]) -> dict[str, Any]:
    front: dict[str, Any] = {key: data[key] for key in ("format", "kind") if key in data}
    return {**front, **{key: value for key, value in data.items() if key not in front}}


def _dump_json(record: GameRecord | MatchRecord) -> str:
    """One top-level field a line, and one line per item of a list (a seat's cards, an action,
    a hand of a match), so records read and diff well."""
    lines = []
    for key, value in _ordered(record).items():
        if isinstance(value, list | tuple) and value:
            items = ",\n  ".join(_compact(item) for item in value)
            lines.append(f" {_compact(key)}: [\n  {items}\n ]")
        else:
            lines.append(f" {_compact(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _dump_yaml(record: GameRecord | MatchRecord) -> str:
    text: str = yaml.safe_dump(_ordered(record), sort_keys=False, allow_unicode=True,
                               default_flow_style=None, width=100)
    return text


def _save(record: GameRecord | MatchRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` by ``files.write_text``: atomically; a directory, device
    node or FIFO there is refused (``RecordError``), a symlink written through."""
    files.check_target(path, error=RecordError, what="the record's path")
    dump: Callable[[GameRecord | MatchRecord], str] = (
        _dump_yaml if Path(path).suffix in (".yaml", ".yml") else _dump_json)
    files.write_text(path, dump(record), error=RecordError, what="the record's path")
