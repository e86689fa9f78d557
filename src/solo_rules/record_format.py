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
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import attrs
import cattrs
import yaml

from solo_rules.cards import CardSet
from solo_rules.errors import RecordError
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
        _save(self, Path(path))


@attrs.frozen
class Misdeal:
    """A hand of a match abandoned unplayed because its deal was wrong (called by the table;
    the engine itself never misdeals), and who had dealt it."""

    dealer: int
    kind: Literal["misdeal"] = "misdeal"


@attrs.frozen
class MatchRecord:
    """A match: the variant, the match's seed, the first dealer, each hand (or misdeal) in
    order, and the running totals after the last hand."""

    variant: RecordedVariant
    seed: int
    first_dealer: int
    hands: tuple[GameRecord | Misdeal, ...]
    totals: tuple[int, ...]
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
        _save(self, Path(path))


def _hand_or_misdeal(data: Any, _kind: Any) -> GameRecord | Misdeal:
    """A match's entry: a hand or a misdeal, by its ``kind``."""
    if isinstance(data, dict) and data.get("kind") == "misdeal":
        return converter.structure(data, Misdeal)
    return converter.structure(data, GameRecord)


converter.register_structure_hook(GameRecord | Misdeal, _hand_or_misdeal)


def record_of(state: GameState, seed: int | None = None) -> GameRecord:
    """The record of the hand that led to ``state`` (finished or not). ``seed`` is the seed
    it was dealt from, if the caller dealt it from one: a state does not keep it."""
    rules = state.rules
    deal = tuple(map(CardSet, state.dealt))
    actions = tuple((seat, rules.actions.text_of(aid)) for seat, aid in state.history)
    outcome = state.outcome() if state.is_terminal else None
    return GameRecord(RecordedVariant.of(state.variant), seed, state.dealer, deal, actions,
                      outcome)


def read_record(source: str | Path) -> GameRecord | MatchRecord:
    """A record from JSON or YAML text, or from a file (a ``Path``, or a string that is not
    record text); raises ``RecordError`` naming what is wrong and where."""
    text, where = _text(source)
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise RecordError(f"{where}: not JSON or YAML ({' '.join(str(exc).split())}); is the "
                          "file complete?") from None
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a record is a mapping with a 'format' field, got "
                          f"{type(data).__name__}")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{where}: the record has no format version (a 'format' field)")
    reader = READERS.get(version)
    if reader is None:
        raise RecordError(f"{where}: record format {version} is unknown; this version of "
                          f"solo-rules reads format {', '.join(map(str, sorted(READERS)))}")
    return reader(data, where)


def _read_format_1(data: dict[str, Any], where: str) -> GameRecord | MatchRecord:
    """A record of format 1 (this version's own layout): a hand or a match, by its ``kind``."""
    kind = data.get("kind")
    if kind not in ("hand", "match"):
        raise RecordError(f"{where}: 'kind' must be 'hand' or 'match', got {kind!r}")
    cls: type[GameRecord] | type[MatchRecord] = GameRecord if kind == "hand" else MatchRecord
    return _structure(data, cls, where)


#: The reader of each record format this version reads, by the record's ``format`` number (a
#: later layout adds its reader here, turning an older record into today's classes).
READERS: dict[int, Callable[[dict[str, Any], str], GameRecord | MatchRecord]] = {
    1: _read_format_1}


def _text(source: str | Path) -> tuple[str, str]:
    """The record text and a name for messages."""
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("{")):
        return source, "record"
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record ({exc.__class__.__name__}: "
                          f"{getattr(exc, 'strerror', None) or exc})") from None


def _structure(data: dict[str, Any], cls: type[R], where: str) -> R:
    try:
        return structure(data, cls)
    except Exception as exc:  # cattrs raises exception groups; report the first problem
        problems = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) \
            else [str(exc)]
        raise RecordError(f"{where}: {' '.join(problems[0].split())}"
                          + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
                          ) from None


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


def _save(record: GameRecord | MatchRecord, path: Path) -> None:
    dump: Callable[[GameRecord | MatchRecord], str] = (
        _dump_yaml if path.suffix in (".yaml", ".yml") else _dump_json)
    text = dump(record)
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's file-creation mask (``mkstemp`` makes private files; a record is not)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
