"""Variant files: YAML -> resolved tree -> typed rule modules -> frozen ``Variant``.

A variant file names a module and its parameters for each rulebook slot, with provenance. A file
``extends`` one parent; mappings merge deeply, lists of items with an ``id`` merge by id, and
``null`` deletes. Overlays are variant files applied on top, with ``declares: {requires,
conflicts}`` checked at load. Every error names the file, the dotted path and the bad value.
A Variant is deeply immutable and is its id plus a hash of its resolved content: one interned
object per content in a process, however it was loaded or unpickled.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import importlib.resources
import json
import os
import re
import threading
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

import attrs
import cattrs
import yaml

from solo_rules import files, safe_yaml
from solo_rules import schema as rules_base
from solo_rules.bounds import check_limits, check_numbers
from solo_rules.cards import Card, Suit, parse_card, parse_suit
from solo_rules.errors import SoloRulesError, VariantError, cut, shown
from solo_rules.requirements import check_needs
from solo_rules.schema import SLOTS, Provenance, RuleModule

__all__ = ["RELATION_KINDS", "Relation", "SlotRule", "Variant", "available_overlays",
           "available_variants", "checked_file", "derive", "file_modules", "load_variant",
           "overlay_bases", "overlay_title", "relations", "variant_dir", "with_params"]

SCHEMA = 1
_TOP_KEYS = {"schema", "id", "title", "extends", "status", "kind", "summary", "sources",
             "declares", "relations", "rules"}
_SLOT_KEYS = {"module", "params", "provenance"}
#: The historical relations a file may name (``relations``): the game it descends from, the
#: one its rules are taken from, and one dealt from the same pack.
RELATION_KINDS = ("parent", "derived_from", "same_pack_as")
_RELATION_KEYS = {"kind", "variant", "refs", "quote", "note"}
_STATUSES = {"documented", "documented-partial", "reconstructed", "house", "abstract",
             "overlay"}
_AMB = re.compile(r"^AMB-\d\d$")
_E = re.compile(r"^E\d+$")
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
#: The longest id, and the longest chain of ``extends`` (the shipped ones are 2 files long).
MAX_ID = 100
MAX_EXTENDS = 32
#: The most items in one list or mapping of a variant file (the shipped ones have a dozen).
MAX_ITEMS = 1_000
#: The most values in one variant file (the largest shipped one has under 1,000).
MAX_NODES = 20_000

_converter = cattrs.Converter(forbid_extra_keys=True, prefer_attrib_converters=True)


def _read_text(parse: typing.Callable[[str], Any], what: str) -> typing.Callable[[Any, Any], Any]:
    """A cattrs hook that reads a parameter naming a suit or a card from its text."""

    def hook(value: Any, _kind: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"expected {what}, got {shown(value)}")
        return parse(value)

    return hook


_converter.register_structure_hook(Suit, _read_text(parse_suit, "a suit like C, S, H or D"))


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
            items.append(_converter.structure(item, item_kind))
        except Exception as exc:
            exc.add_note(cattrs.IterableValidationNote(f"item {index}", index, item_kind))
            errors.append(exc)
    if errors:
        raise cattrs.IterableValidationError(f"while reading {kind}", errors, kind)
    return tuple(items)


_converter.register_structure_hook(bool, _exactly(bool, "true or false"))
_converter.register_structure_hook(int, _exactly(int, "a whole number"))
_converter.register_structure_hook(str, _exactly(str, "text"))
_converter.register_structure_hook_func(_is_list_type, _list_hook)


_converter.register_structure_hook(Card, _read_text(parse_card, "a card like CQ or S7"))


def _read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of ``mapping``, so a frozen holder cannot be changed through it."""
    return MappingProxyType(dict(mapping))


def _frozen(value: Any) -> Any:
    """A deep read-only copy: mappings as ``MappingProxyType``, lists as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _frozen_tree(tree: Mapping[str, Any]) -> Mapping[str, Any]:
    """The resolved tree, deeply read-only."""
    return cast(Mapping[str, Any], _frozen(tree))


@attrs.frozen
class SlotRule:
    """One resolved slot: the module (carrying its params), and where the rule comes from."""

    module: RuleModule
    provenance: Provenance
    param_provenance: Mapping[str, Provenance] = attrs.field(factory=dict, converter=_read_only)


@attrs.frozen
class Variant:
    """A resolved, validated, deeply immutable variant, equal to another by id and content hash
    (the other fields are what that content says): pure data (``solo_rules.game.compile``
    makes it a rule set)."""

    id: str
    title: str = attrs.field(eq=False)
    status: str = attrs.field(eq=False)
    summary: str = attrs.field(eq=False)
    sources: Mapping[str, str] = attrs.field(converter=_read_only, eq=False)
    lineage: tuple[str, ...] = attrs.field(eq=False)
    slots: Mapping[str, SlotRule] = attrs.field(converter=_read_only, eq=False)
    tree: Mapping[str, Any] = attrs.field(repr=False, converter=_frozen_tree, eq=False)
    overlays: tuple[str, ...] = attrs.field(default=(), eq=False)
    #: hex sha256 of the canonical JSON of the tree and lineage: what the variant is
    content_hash: str = attrs.field(init=False, default=attrs.Factory(
        lambda self: _digest(self.tree, self.lineage), takes_self=True))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (_canonical(self.tree), self.lineage, self.overlays, self.title,
                           self.summary))

    @property
    def modules(self) -> dict[str, RuleModule]:
        """The module of each slot."""
        return {slot: rule.module for slot, rule in self.slots.items()}


@attrs.frozen
class Relation:
    """A historical relation a variant file names (``relations``): its kind, the variant it
    relates to, the source or decision ids that vouch for it, and their words. History, not
    rules: it is outside the variant's content, so it changes no hash and no record."""

    kind: str
    variant: str
    refs: tuple[str, ...]
    quote: str = ""
    note: str = ""


def checked_file(path: Path) -> Mapping[str, Any]:
    """The top level of the variant file at ``path``, read and checked as the loader does
    (known keys, schema, id, relations), without resolving its rules."""
    return _checked(path).raw


def relations(source: str | Path) -> tuple[Relation, ...]:
    """The relations the variant file ``source`` (an id, an abstract base's included, or a
    path) names itself, checked: its parent's are not inherited."""
    raw = _checked(_locate(str(source))).raw
    return tuple(Relation(item["kind"], item["variant"], tuple(item["refs"]),
                          item.get("quote", ""), item.get("note", ""))
                 for item in raw.get("relations") or ())


@functools.cache
def variant_dir() -> Path:
    """The folder of the shipped variant files (inside the wheel, or the source checkout);
    found once, since finding it costs more than loading a cached variant by id."""
    packaged = Path(str(importlib.resources.files("solo_rules"))) / "variants"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "variants"


def available_variants() -> list[str]:
    """The ids of the shipped variant files that can be played (not abstract, not overlays)."""
    out = []
    for path in sorted(variant_dir().glob("*.yaml"), key=lambda path: path.stem):
        if _read(path).raw.get("status") not in ("abstract", "overlay"):
            out.append(path.stem)
    return out


def available_overlays() -> list[str]:
    """The ids of the shipped overlay files (optional rule modules, DOSSIER §2g)."""
    return [path.stem for path in sorted(variant_dir().glob("*.yaml"))
            if _read(path).raw.get("status") == "overlay"]


def overlay_title(overlay: str | Path) -> str:
    """The title of an overlay file (an overlay alone is no variant, so it has no Variant)."""
    raw = _checked(_locate(str(overlay))).raw
    return str(raw.get("title", raw["id"]))


def overlay_bases(overlay: str | Path) -> list[str]:
    """The playable shipped variants whose rules satisfy what ``overlay`` declares it requires
    and conflicts with: the bases it applies to."""
    layer = _chain(_locate(str(overlay)))
    out = []
    for vid in available_variants():
        tree, lineage = _resolve(_chain(_locate(vid)))
        try:
            _check_declares(_resolve(layer)[0], tree, layer[0].path, lineage)
        except VariantError:
            continue
        out.append(vid)
    return out


def load_variant(
    source: str | Path, overlays: Sequence[str | Path] = ()
) -> Variant:
    """Load a variant by id (``"altenburg-1988"``) or by path, with optional overlays: the one
    Variant of the resolved content in this process, however and wherever it was loaded. An
    overlaid variant's own id (``"altenburg-1988+matador-renege"``) loads it again."""
    if not isinstance(source, str | os.PathLike):
        raise TypeError("load_variant: source must be a variant id or a path (str or "
                        f"os.PathLike), got {type(source).__name__}")
    if isinstance(overlays, str | bytes | os.PathLike) or not isinstance(overlays, Sequence) \
            or not all(isinstance(overlay, str | os.PathLike) for overlay in overlays):
        raise TypeError("load_variant: overlays must be a sequence of overlay ids or paths, "
                        f"got {shown(overlays)}")
    if isinstance(source, str) and "+" in source and not _exists(Path(source)):
        source, *named = source.split("+")
        overlays = (*named, *overlays)
    if len(overlays) > MAX_EXTENDS:
        raise VariantError(f"{cut(str(source))}: {len(overlays)} overlays (at most "
                           f"{MAX_EXTENDS})")
    base = _chain(_locate(str(source)))
    return _load(base, tuple(_chain(_locate_overlay(str(overlay))) for overlay in overlays))


def file_modules(source: str | Path) -> dict[str, RuleModule]:
    """The rule module of each slot as the variant file ``source`` (an id or a path) resolves
    on its own, an abstract base included: the values its notes were written for. An overlay
    alone names no modules, so it has none."""
    tree, _ = _resolve(_chain(_locate(str(source))))
    out = {}
    for slot, node in (tree.get("rules") or {}).items():
        cls = rules_base.module_class(str((node or {}).get("module")))
        if cls is not None:
            out[slot] = _converter.structure((node or {}).get("params") or {}, cls)
    return out


def _locate_overlay(source: str) -> Path:
    """The file of an overlay named by id or path; an unknown id names the known overlays."""
    path = Path(source)
    if path.suffix in (".yaml", ".yml") or _exists(path) or (
            _ID.fullmatch(source) and len(source) <= MAX_ID
            and (variant_dir() / f"{source}.yaml").is_file()):
        return _locate(source)
    raise VariantError(f"unknown overlay {shown(source)}; known overlays: "
                       f"{', '.join(available_overlays())}")


def derive(variant: Variant, changes: Mapping[str, Any], *, name: str,
           sources: Mapping[str, Any] | None = None) -> Variant:
    """``variant`` with the dotted tree paths of ``changes`` set to their (plain) values, a
    ``None`` value deleting one, and ``sources`` added; checked like a file and named
    ``<id>+<name>``, whose house rule a changed value is unless the changes give its note
    (``rules.<slot>.provenance.params.<param>``). Used to isolate one rule change
    (``solo_rules.compare``) and for a session's preferred suit (``solo_rules.match``)."""
    tree = _plain(variant.tree)
    before = _plain(tree.get("rules") or {})
    tree["sources"] = {**_plain(sources or {}), **tree.get("sources", {})}
    written: dict[str, dict[str, Any]] = {}  # per slot, what the change writes besides values
    for dotted, value in changes.items():
        *parents, last = dotted.split(".")
        node = tree
        for key in parents:
            node = node.setdefault(key, {})
        if value is None:
            node.pop(last, None)
        else:
            node[last] = _plain(value)
        path = dotted.split(".")
        if len(path) > 1 and path[0] == "rules" and (
                len(path) == 2 or path[2] in ("module", "provenance")):
            _set(written.setdefault(path[1], {}), path[2:], _plain(value))
    tree["id"] = f"{variant.id}+{name}"
    for slot, node in (tree.get("rules") or {}).items():
        parent = before.get(slot)
        if isinstance(node, dict) and node != parent:
            own = written.get(slot, {})
            notes = _slot_notes(slot, parent, node, own, tree["id"])
            if notes is not None:
                node["provenance"] = notes
    return _intern(tree, variant.lineage, (*variant.overlays, name), f"<{tree['id']}>",
                   (f"{variant.title} + {name}", variant.summary))


def _set(node: dict[str, Any], path: Sequence[str], value: Any) -> None:
    """Set the value at ``path`` in ``node`` (the whole of it for an empty path)."""
    if not path:
        node.clear()
        node.update(value if isinstance(value, dict) else {})
        return
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value


def with_params(variant: Variant, changes: Mapping[str, Any], *, name: str) -> Variant:
    """``variant`` with parameters set as an overlay file named ``name`` setting them would
    set them: each a house rule of ``name`` (never the parent's citation), the variant named
    ``<id>+<name>``. A path is ``rules.SLOT.params.NAME``, then an item of a list of items
    with ids by its id, then its fields: ``rules.contracts.params.contracts.solo.base``."""
    tree = _plain(variant.tree)
    over: dict[str, Any] = {"id": name, "rules": {}}
    for dotted, value in changes.items():
        keys = dotted.split(".")
        if len(keys) < 4 or keys[0] != "rules" or keys[2] != "params":
            raise VariantError(f"{variant.id}: {dotted}: a parameter's path is "
                               "rules.SLOT.params.NAME[.ITEM].FIELD")
        node, into = tree, over
        for depth, key in enumerate(keys[:-1]):
            node, into = _step_into(node, into, key, keys[:depth + 1], variant.id, dotted)
        if not isinstance(into, dict):
            raise VariantError(f"{variant.id}: {dotted}: {keys[-2]} holds no fields")
        into[keys[-1]] = _plain(value)
    merged = _over(tree, {"rules": over["rules"]}, name)
    merged["id"] = f"{variant.id}+{name}"
    return _intern(merged, variant.lineage, (*variant.overlays, name), f"<{merged['id']}>")


def _step_into(node: Any, into: Any, key: str, path: Sequence[str], vid: str,
               dotted: str) -> tuple[Any, Any]:
    """One key of a ``with_params`` path: the tree's node under it (an item of a list by its
    id) and the overlay's node that mirrors it (made as needed)."""
    where = ".".join(path)
    if isinstance(node, list):
        found = [item for item in node if isinstance(item, dict) and str(item.get("id")) == key]
        if not found:
            ids = ", ".join(str(item.get("id")) for item in node if isinstance(item, dict))
            raise VariantError(f"{vid}: {dotted}: no item {key!r} in {'.'.join(path[:-1])}; "
                               f"items: {ids or 'none'}")
        mirror = next((item for item in into if item["id"] == found[0]["id"]), None)
        if mirror is None:
            mirror = {"id": found[0]["id"]}
            into.append(mirror)
        return found[0], mirror
    if not isinstance(node, dict) or key not in node:
        there = ", ".join(map(str, node)) if isinstance(node, dict) else ""
        raise VariantError(f"{vid}: {dotted}: {where} is not in the variant"
                           + (f"; there: {there}" if there else ""))
    child = node[key]
    if key not in into:
        into[key] = [] if isinstance(child, list) else {}
    return child, into[key]


@attrs.frozen
class _File:
    """A variant file as read. Its resolved path and stat are its identity for the caches (an
    edit is a new file); ``raw`` is the parsed mapping, frozen because the caches share it."""

    path: Path = attrs.field(eq=False)
    resolved: str
    mtime_ns: int
    size: int
    raw: Mapping[str, Any] = attrs.field(eq=False, repr=False)


@functools.lru_cache(maxsize=64)
def _load(base: tuple[_File, ...], layers: tuple[tuple[_File, ...], ...]) -> Variant:
    """The variant of a checked chain of files with overlay chains on top, cached by the path
    and stat of every file involved."""
    tree, lineage = _resolve(base)
    names, titles, summaries = [], [], []
    for layer in layers:
        otree, _ = _resolve(layer)
        _check_declares(otree, tree, layer[0].path, lineage)
        tree = _over(tree, {k: v for k, v in otree.items() if k in ("rules", "sources")},
                     str(otree["id"]))
        names.append(str(otree["id"]))
        titles.append(str(otree.get("title", otree["id"])))
        summaries.append(str(otree.get("summary", "")).strip())
    if not names:
        return _intern(tree, lineage, (), str(base[0].path))
    title = " + ".join([str(tree.get("title", tree["id"])), *titles])
    summary = " ".join(f"{text}" for text in summaries if text)
    summary += f" Otherwise as {tree.get('title', tree['id'])}."
    tree = {**tree, "id": f"{tree['id']}+{'+'.join(names)}"}
    return _intern(tree, lineage, tuple(names), str(base[0].path), (title, summary.strip()))


#: The one Variant of each (id, content hash) in this process, so that equal content is the
#: very same object (and rule set) whichever thread loaded it, from where, or unpickled it.
_INTERNED: dict[tuple[str, str], Variant] = {}
_INTERNED_LOCK = threading.Lock()


def _intern(tree: dict[str, Any], lineage: tuple[str, ...], overlays: tuple[str, ...],
            where: str, named: tuple[str, str] | None = None) -> Variant:
    """The interned Variant of a plain (JSON-ready) tree, built and checked on first sight.
    ``named`` is the title and summary of an overlaid variant (its base's, with the
    overlays'): they name the variant without being rules, so they stay out of the tree and
    its content hash."""
    key = (str(tree["id"]), _digest(tree, lineage))
    with _INTERNED_LOCK:
        found = _INTERNED.get(key)
    if found is not None:
        return found
    built = _build(tree, lineage, overlays, where, named)
    with _INTERNED_LOCK:
        return _INTERNED.setdefault((built.id, built.content_hash), built)


@functools.lru_cache(maxsize=64)
def _rebuild(text: str, lineage: tuple[str, ...], overlays: tuple[str, ...], title: str,
             summary: str) -> Variant:
    """Unpickle a variant from its canonical tree: the interned one of that content (cached by
    content, so a batch of pickled states does not hash the tree again for each)."""
    return _intern(json.loads(text), lineage, overlays, f"<{lineage[0]}>",
                   (title, summary) if overlays else None)


def _plain(value: Any) -> Any:
    """A plain, private, JSON-ready copy: mappings as dicts with text keys, sequences as lists,
    odd YAML scalars (dates) as text; so a tree and its JSON text build the same variant."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


def _canonical(value: Any) -> str:
    """``value`` as compact JSON, equal content giving equal text. Mapping order is kept, not
    sorted: it orders the rulebook (sources, club values, parameter provenance)."""
    return json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)


def _digest(tree: Mapping[str, Any], lineage: Sequence[str]) -> str:
    """Hex sha256 of the canonical tree and lineage: the identity of a variant's content."""
    text = _canonical({"lineage": lineage, "tree": tree})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _exists(path: Path) -> bool:
    """Whether ``path`` names anything; a name the file system refuses names nothing."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _locate(source: str) -> Path:
    """The file of a variant id or path; a name the file system refuses (too long, a NUL
    byte) is a ``VariantError`` too. A file of that name comes first, then a bundled variant
    of that id: a directory named like an id (``tests/foster``) does not hide the variant."""
    try:
        path = Path(source)
        if path.is_file():
            return path
        candidate = variant_dir() / f"{source}.yaml"
        if _ID.fullmatch(source) and candidate.is_file():
            return candidate
        if path.exists() and not path.is_dir():  # a FIFO, a device: refused when read
            return path
        if path.suffix in (".yaml", ".yml") or path.exists():
            raise VariantError(f"{files.name_of(source)}: no such variant file")
    except (OSError, ValueError) as exc:
        if isinstance(exc, VariantError):
            raise
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise VariantError(f"{files.name_of(source)}: cannot read: {why}") from None
    known = ", ".join(available_variants())
    raise VariantError(f"unknown variant {shown(source)}; known variants: {known}")


@functools.lru_cache(maxsize=128)
def _parse(resolved: str, mtime_ns: int, size: int, label: str) -> Any:
    """The YAML of a file, parsed once per (resolved path, mtime, size) so an edit parses anew;
    a mapping comes frozen, since every later read shares it. Errors name the file ``label``."""
    text = files.read_text(resolved, error=VariantError, label=label, what="a variant file")
    try:
        data = safe_yaml.load(text, max_items=MAX_ITEMS, max_nodes=MAX_NODES)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise VariantError(f"{label}{where}: {cut(str(problem))}") from None
    except ValueError as exc:  # a bad date
        raise VariantError(f"{label}: cannot read: {cut(str(exc))}") from None
    return _frozen(data) if isinstance(data, dict) else data


def _read(path: Path) -> _File:
    """The variant file at ``path``, which must hold a mapping."""
    label = files.name_of(path)
    try:
        resolved = path.resolve()
        stat = resolved.stat()
    except (OSError, ValueError, RuntimeError) as exc:  # too long, a NUL byte, a link loop
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise VariantError(f"{label}: cannot read: {why}") from None
    data = _parse(str(resolved), stat.st_mtime_ns, stat.st_size, label)
    if not isinstance(data, Mapping):
        raise VariantError(f"{label}: a variant file must be a mapping, got "
                           f"{type(data).__name__}")
    return _File(path, str(resolved), stat.st_mtime_ns, stat.st_size, data)


def _chain(path: Path) -> tuple[_File, ...]:
    """The file at ``path`` and its ancestors, each checked, at most ``MAX_EXTENDS`` long; a
    parent is looked for next to its child first, then among the shipped variants."""
    files: list[_File] = []
    seen: list[str] = []
    while True:
        file = _checked(path)
        vid = str(file.raw["id"])
        if vid in seen:
            raise VariantError(f"{path}: extends: cycle through {' -> '.join((*seen, vid))}")
        files.append(file)
        seen.append(vid)
        parent = file.raw.get("extends")
        if parent is None:
            return tuple(files)
        if len(files) >= MAX_EXTENDS:
            raise VariantError(f"{path}: extends: a chain longer than {MAX_EXTENDS} files "
                               f"(from {seen[0]})")
        if not isinstance(parent, str) or not _ID.fullmatch(parent) or len(parent) > MAX_ID:
            raise VariantError(f"{path}: extends: expected one parent id, got {shown(parent)}")
        parent_path = path.parent / f"{parent}.yaml"
        if not parent_path.is_file():
            try:
                parent_path = _locate(parent)
            except VariantError as exc:
                raise VariantError(f"{path}: extends: {exc}") from None
        path = parent_path


def _checked(path: Path) -> _File:
    """The file at ``path`` with its top level checked: known keys, schema, id."""
    file = _read(path)
    raw = file.raw
    unknown = sorted(set(raw) - _TOP_KEYS, key=str)
    if unknown:
        raise VariantError(f"{path}: unknown key {shown(unknown[0])} at the top level; "
                           f"allowed: {', '.join(sorted(_TOP_KEYS))}")
    schema = raw.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise VariantError(f"{path}: schema: expected {SCHEMA}, got {shown(schema)}")
    vid = raw.get("id")
    if not isinstance(vid, str) or not _ID.fullmatch(vid) or len(vid) > MAX_ID:
        raise VariantError(f"{path}: id: expected a lower-case id like 'altenburg-1988' of at "
                           f"most {MAX_ID} characters, got {shown(vid)}")
    if "relations" in raw:
        _check_relations(path, raw)
    return file


def _related_file(path: Path, vid: object) -> Path | None:
    """The file of the variant a relation names: next to ``path`` first, then shipped."""
    if not isinstance(vid, str) or not _ID.fullmatch(vid) or len(vid) > MAX_ID:
        return None
    for folder in (path.parent, variant_dir()):
        candidate = folder / f"{vid}.yaml"
        if _exists(candidate):
            return candidate
    return None


def _sources_of(path: Path, raw: Mapping[str, Any]) -> set[str]:
    """The source ids of a file and of the files it extends (a parent not found, or a chain
    too long, ends the walk: ``_chain`` reports those)."""
    found: set[str] = set()
    for _ in range(MAX_EXTENDS):
        sources = raw.get("sources")
        found.update(str(sid) for sid in (sources if isinstance(sources, Mapping) else ()))
        parent = _related_file(path, raw.get("extends"))
        if parent is None:
            break
        path, raw = parent, _read(parent).raw
    return found


def _check_relations(path: Path, raw: Mapping[str, Any]) -> None:
    """Raise a one-line ``VariantError`` for a bad ``relations`` list: an unknown kind or
    variant, a key of no relation, a ref that is neither a decision id nor a source of this
    file or of the related one, a quote or note that is no text."""
    items = raw["relations"]
    if not isinstance(items, list | tuple) or not items:
        raise VariantError(f"{path}: relations: expected a list of relations, got "
                           f"{shown(items)}")
    for index, item in enumerate(items):
        where = f"{path}: relations[{index}]"
        if not isinstance(item, Mapping):
            raise VariantError(f"{where}: expected a mapping with kind, variant and refs, got "
                               f"{shown(item)}")
        extra = sorted(set(item) - _RELATION_KEYS, key=str)
        if extra:
            raise VariantError(f"{where}.{extra[0]}: unknown key; allowed: "
                               f"{', '.join(sorted(_RELATION_KEYS))}")
        if item.get("kind") not in RELATION_KINDS:
            raise VariantError(f"{where}.kind: unknown relation kind {shown(item.get('kind'))}"
                               f"; known: {', '.join(RELATION_KINDS)}")
        other = _related_file(path, item.get("variant"))
        if other is None or item["variant"] == raw.get("id"):
            known = ", ".join(p.stem for p in sorted(variant_dir().glob("*.yaml"))
                              if _read(p).raw.get("status") != "overlay")
            raise VariantError(f"{where}.variant: unknown variant {shown(item.get('variant'))}"
                               f"; known variants: {known}")
        refs = item.get("refs")
        if not isinstance(refs, list | tuple) or not refs \
                or not all(isinstance(ref, str) for ref in refs):
            raise VariantError(f"{where}.refs: expected a list of source or decision ids, got "
                               f"{shown(refs)}")
        known_sources = {*_sources_of(path, raw), *_sources_of(other, _read(other).raw)}
        for ref in refs:
            if not (_AMB.match(ref) or _E.match(ref) or ref in known_sources):
                raise VariantError(f"{where}.refs: {shown(ref)} is no source of "
                                   f"{raw.get('id')} nor of {item['variant']}, nor an AMB or "
                                   "E id")
        for key in ("quote", "note"):
            if key in item and not isinstance(item[key], str):
                raise VariantError(f"{where}.{key}: expected text, got {shown(item[key])}")


def _resolve(chain: tuple[_File, ...]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The plain resolved tree of a checked chain (each child merged over its parent, which
    keeps neither status, kind nor declares) and its lineage."""
    tree: dict[str, Any] = _signed(_plain(chain[-1].raw))
    tree.pop("relations", None)  # history, not rules: each file's own (``relations``)
    for file in reversed(chain[:-1]):
        for key in ("status", "kind", "declares"):
            tree.pop(key, None)
        raw = _plain(file.raw)
        raw.pop("relations", None)
        tree = _over(tree, raw, str(raw.get("id", "")))
        tree.pop("extends", None)
    return tree, tuple(str(file.raw["id"]) for file in chain)


def _signed(tree: dict[str, Any]) -> dict[str, Any]:
    """The plain tree of a file with no parent, each of its notes signed with the file's id
    and the rule it was written for (``Provenance.set_by``, ``written_for``)."""
    who = str(tree.get("id", ""))
    rules = tree.get("rules")
    for slot, raw in (rules.items() if isinstance(rules, dict) else ()):
        prov = raw.get("provenance") if isinstance(raw, dict) else None
        if not isinstance(prov, dict):
            continue
        notes = prov.get("params")
        signed = {key: value for key, value in prov.items() if key != "params"}
        if "basis" in signed:
            signed = _note(signed, who, slot)
        if isinstance(notes, dict):
            signed["params"] = {key: _note(note, who, f"{slot}.{key}")
                                if isinstance(note, dict) else note
                                for key, note in notes.items()}
        elif "params" in prov:
            signed["params"] = notes
        raw["provenance"] = signed
    return tree


def _over(base: dict[str, Any], over: dict[str, Any], who: str) -> dict[str, Any]:
    """``over`` (a file's plain tree, or an overlay's) merged over the resolved ``base``, each
    slot it touches with the notes that vouch for its values now (``_slot_notes``); ``who``
    is the id of the file that ``over`` is."""
    rules = over.get("rules")
    if not isinstance(rules, dict):
        return cast(dict[str, Any], _merge(base, over))
    values = {slot: {key: value for key, value in raw.items() if key != "provenance"}
              if isinstance(raw, dict) else raw for slot, raw in rules.items()}
    merged = cast(dict[str, Any], _merge(base, {**over, "rules": values}))
    base_rules: dict[str, Any] = base["rules"] if isinstance(base.get("rules"), dict) else {}
    merged_rules = merged.get("rules")
    for slot, raw in rules.items():
        node = merged_rules.get(slot) if isinstance(merged_rules, dict) else None
        if not isinstance(raw, dict) or not isinstance(node, dict):
            continue
        parent = base_rules.get(slot)
        parent = parent if isinstance(parent, dict) else None
        if "provenance" in raw and raw["provenance"] is None:
            node.pop("provenance", None)  # deleted: ``_build`` asks for the rule's source
            continue
        notes = _slot_notes(slot, parent, node, raw, who)
        if notes is None:  # malformed: merged as written, for ``_build`` to report
            notes = _merge((parent or {}).get("provenance") or {}, raw.get("provenance") or {})
        if notes:
            node["provenance"] = notes
        else:
            node.pop("provenance", None)
    return merged


#: A value that no module has: a parameter or item that is new, or gone.
_GONE = object()


def _slot_notes(slot: str, parent: Mapping[str, Any] | None, node: Mapping[str, Any],
                raw: Mapping[str, Any], who: str) -> dict[str, Any] | None:
    """The provenance of the slot ``node`` once the file ``who`` (its slot ``raw``) is merged
    over ``parent``: a note vouches only for the value it was written for. Each parameter,
    topic and item whose value and meaning (the module class that defines it) are unchanged
    keeps the note that vouched for it; the file's own note for it applies wherever it wrote
    one; a value the file changed without a note of its own takes the file's note for the
    whole parameter or slot, else it is a house rule of the file. ``None``: not readable."""
    prov = raw.get("provenance") or {}
    written = prov.get("params") or {} if isinstance(prov, dict) else None
    if not isinstance(written, dict) or not all(isinstance(n, dict | None) for n in
                                                written.values()):
        return None
    written = {key: note for key, note in written.items() if note is not None}  # ``null``:
    # no note of the file's own (an old way to drop a parent's note from a value it changes)
    parent_prov = (parent or {}).get("provenance") or {}
    if not isinstance(parent_prov, dict):
        return None
    parent_main = {key: value for key, value in parent_prov.items() if key != "params"}
    parent_notes = parent_prov.get("params") or {}
    own = {key: value for key, value in prov.items() if key != "params"}
    house = {"basis": "house", "set_by": who}
    if "basis" in own:
        main, mine = _note(own, who, slot), True
    elif own:  # a change to the parent's note (its quote, say) makes it this file's
        main, mine = {**_note(_merge(parent_main, own), who, slot), "set_by": who}, True
    elif "module" in raw and raw["module"] != (parent or {}).get("module"):
        main, mine = house, True
    else:
        main, mine = parent_main, False
    before = _values(parent) if parent is not None else {}
    after = _values(node)
    if before is None or after is None:  # an unknown module or bad values: ``_build`` says
        return None
    patterns = {key: note for key, note in written.items() if "*" in key}
    written = {key: note for key, note in written.items() if "*" not in key}
    lists = {key for key, (_, value) in after.items() if "." not in key and _items(value)}
    final: dict[str, Any] = {}
    for key in dict.fromkeys([*after, *written]):
        wider = [prefix for prefix in _prefixes(key)[1:] if prefix in written]
        covers = [prefix for prefix in wider if prefix not in lists]  # a note for a rule
        pattern = next((p for p in patterns if _matches(p, key)), None)  # covers its parts;
        if key in written:  # a list's items are rules of their own
            final[key] = _note(written[key], who, f"{slot}.{key}")
        elif pattern is not None:
            final[key] = _note(patterns[pattern], who, f"{slot}.{pattern}")
        elif covers:
            final[key] = _note(written[covers[0]], who, f"{slot}.{covers[0]}")
        elif before.get(key, _GONE) == after[key]:
            final[key] = _nearest(parent_notes, parent_main, key)
        elif wider:
            final[key] = _note(written[wider[0]], who, f"{slot}.{wider[0]}")
        else:
            final[key] = main if mine else house
    notes: dict[str, Any] = {}  # only where the nearest wider note would not say the same
    for key in sorted(final, key=lambda k: k.count(".")):
        if final[key] != _nearest(notes, main, key, wider_only=True):
            notes[key] = final[key]
    notes = {key: notes[key] for key in final if key in notes}
    # a pattern that matches nothing is kept as written, for ``_build`` to report
    notes.update((p, note) for p, note in patterns.items() if not any(map(
        functools.partial(_matches, p), after)))
    return {**main, "params": notes} if notes else dict(main)


def _matches(pattern: str, key: str) -> bool:
    """Whether ``key`` is one of the rules a note's key ``pattern`` names: a ``*`` stands for
    any one part (``contracts.*.base``: the base of every contract)."""
    parts, wanted = key.split("."), pattern.split(".")
    return len(parts) == len(wanted) and all(w in ("*", p) for w, p in zip(wanted, parts,
                                                                        strict=True))


def _prefixes(key: str) -> list[str]:
    """``key`` and each wider rule it belongs to: ``contracts.solo.base``,
    ``contracts.solo``, ``contracts``."""
    parts = key.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]


def _nearest(notes: Mapping[str, Any], main: Any, key: str, wider_only: bool = False) -> Any:
    """The note that vouches for ``key``: its own, else the nearest wider one's, else the
    slot's (``wider_only``: not its own)."""
    for prefix in _prefixes(key)[1 if wider_only else 0:]:
        if prefix in notes:
            return notes[prefix]
    return main


def _items(value: Any) -> bool:
    """Whether a parameter's value is a list of items with ids (contracts, bids)."""
    return isinstance(value, tuple) and bool(value) and all(hasattr(i, "id") for i in value)


def _note(note: Mapping[str, Any], who: str, where: str) -> dict[str, Any]:
    """A note as a file wrote it (without its deleted fields), signed with the file and the
    rule it was written for."""
    out = {key: value for key, value in note.items() if value is not None}
    out.setdefault("set_by", who)
    out.setdefault("written_for", where)
    return out


def _values(node: Mapping[str, Any]) -> dict[str, tuple[type, Any]] | None:
    """Each parameter, item (``contracts.solo``), part (``exchange.ranks``,
    ``contracts.solo.base``) and topic of a slot's module with its value and the module class
    that defines it (what it means); ``None`` when the module or its parameters cannot be
    read."""
    cls = rules_base.module_class(str(node.get("module")))
    params = node.get("params") or {}
    if cls is None or not isinstance(params, dict):
        return None
    try:
        return dict(_module_values(cls, _canonical(params)))
    except Exception:  # cattrs and attrs validators raise many kinds; ``_build`` reports them
        return None


@functools.lru_cache(maxsize=512)
def _module_values(cls: type[RuleModule], params: str) -> tuple[tuple[str, tuple[type, Any]],
                                                                    ...]:
    """``_values`` of the module ``cls`` with the parameters ``params`` (canonical JSON)."""
    module = _converter.structure(json.loads(params), cls)
    out: dict[str, tuple[type, Any]] = {}
    for field in attrs.fields(cast(Any, cls)):
        owner = _field_owner(cls, field.name)
        value = getattr(module, field.name)
        out[field.name] = (owner, value)
        if _items(value):
            for item in value:
                out[f"{field.name}.{item.id}"] = (owner, item)
                out.update((f"{field.name}.{item.id}.{part.name}",
                            (owner, getattr(item, part.name)))
                           for part in attrs.fields(type(item)))
        elif attrs.has(type(value)):
            out.update((f"{field.name}.{sub.name}", (owner, getattr(value, sub.name)))
                       for sub in attrs.fields(type(value)))
        elif isinstance(value, Mapping):
            out.update((f"{field.name}.{key}", (owner, item)) for key, item in value.items())
    for topic in cls.topics:
        out[topic] = (next(klass for klass in reversed(cls.__mro__)
                           if topic in vars(klass).get("topics", ())), None)
    return tuple(out.items())


def _field_owner(cls: type, name: str) -> type:
    """The class that defines the attrs field ``name`` of ``cls`` (a subclass that keeps it
    keeps its meaning)."""
    for klass in cls.__mro__:
        defined = vars(klass).get("__attrs_attrs__", ())
        if any(field.name == name and not field.inherited for field in defined):
            return klass
    return cls


def _merge(base: Any, over: Any) -> Any:
    """Deep merge: mappings by key, lists of mappings with a scalar ``id`` by id, ``null``
    deletes."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = _merge(out[key], value)
            else:
                out[key] = _merge({}, value) if isinstance(value, dict) else copy.deepcopy(value)
        return out
    if (isinstance(base, list) and isinstance(over, list) and over
            and all(isinstance(i, dict) and isinstance(i.get("id"), str | int | float)
                    for i in base + over)):
        merged = [dict(item) for item in base]
        index = {item["id"]: n for n, item in enumerate(merged)}
        for item in over:
            if item["id"] in index:
                position = index[item["id"]]
                if set(item) == {"id", "delete"} and item["delete"] is True:
                    merged[position] = {}
                else:
                    merged[position] = _merge(merged[position], item)
            else:
                merged.append(copy.deepcopy(item))
        return [item for item in merged if item]
    return copy.deepcopy(over)


def _check_declares(overlay: Mapping[str, Any], tree: Mapping[str, Any], path: Path,
                    lineage: tuple[str, ...]) -> None:
    declares = overlay.get("declares") or {}
    if not isinstance(declares, dict) or set(declares) - {"requires", "conflicts"}:
        raise VariantError(f"{path}: declares: expected a mapping with requires and conflicts")
    for key in ("requires", "conflicts"):
        listed = declares.get(key) or []
        if not isinstance(listed, list) or not all(isinstance(item, str) for item in listed):
            raise VariantError(f"{path}: declares.{key}: expected a list of 'slot=module' or "
                               f"variant ids, got {shown(listed)}")
    rules = tree.get("rules", {})
    for need in declares.get("requires") or []:
        slot, _, module = str(need).partition("=")
        if (rules.get(slot) or {}).get("module") != module:
            raise VariantError(f"{path}: declares.requires: {need!r} is not satisfied by "
                               f"{lineage[0]} (its {slot} is "
                               f"{(rules.get(slot) or {}).get('module')!r})")
    for clash in declares.get("conflicts") or []:
        slot, _, module = str(clash).partition("=")
        if clash in lineage or (rules.get(slot) or {}).get("module") == module:
            raise VariantError(f"{path}: declares.conflicts: {lineage[0]} has {clash!r}")


def _build(tree: dict[str, Any], lineage: tuple[str, ...], overlays: tuple[str, ...],
           where: str, named: tuple[str, str] | None = None) -> Variant:
    """Validate a resolved (plain) tree and build its Variant; errors name ``where``."""
    status = tree.get("status", "documented")
    if not isinstance(status, str) or status not in _STATUSES:
        raise VariantError(f"{where}: status: expected one of {sorted(_STATUSES)}, got "
                           f"{shown(status)}")
    sources = tree.get("sources") or {}
    if not isinstance(sources, dict):
        raise VariantError(f"{where}: sources: expected a mapping of source ids")
    cites = {}
    for sid, entry in sources.items():
        cite = entry.get("cite") if isinstance(entry, dict) else entry
        if not isinstance(cite, str):
            raise VariantError(f"{where}: sources.{cut(str(sid))}: expected {{cite: text}}, got "
                               f"{shown(entry)}")
        cites[str(sid)] = cite
    rules = tree.get("rules") or {}
    if not isinstance(rules, dict):
        raise VariantError(f"{where}: rules: expected a mapping of slots")
    check_numbers(rules, where)
    slots: dict[str, SlotRule] = {}
    for slot in rules:
        if slot not in SLOTS:
            raise VariantError(f"{where}: rules.{cut(str(slot))}: unknown slot; slots are "
                               f"{', '.join(SLOTS)}")
    for slot in SLOTS:
        if slot in rules:
            slots[slot] = _slot(rules[slot], f"rules.{slot}", slot, where, cites)
        elif slot != "partner" and status != "abstract":
            raise VariantError(f"{where}: rules.{slot}: missing; every playable variant fills "
                               "every slot")
    if status == "abstract":
        raise VariantError(f"{where}: {tree['id']} is abstract (a base for other variants) "
                           "and cannot be played")
    modules = {slot: rule.module for slot, rule in slots.items()}
    check_limits(modules, where)
    check_needs(modules, where)
    for slot, rule in slots.items():  # parameters that name other slots' things
        try:
            rule.module.check(modules)
        except ValueError as exc:
            raise VariantError(f"{where}: rules.{slot}.params: {exc}") from None
    title, summary = tree.get("title", tree["id"]), tree.get("summary", "")
    for key, text in (("title", title), ("summary", summary)):
        if not isinstance(text, str):
            raise VariantError(f"{where}: {key}: expected text, got {shown(text)}")
    if named is not None:  # an overlaid variant
        title, summary = named
    return Variant(tree["id"], title, status, summary, cites, lineage, slots, tree, overlays)


def _slot(raw: Any, dotted: str, slot: str, where: str, cites: Mapping[str, str]) -> SlotRule:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: {dotted}: expected a mapping with module, params, "
                           f"provenance; got {shown(raw)}")
    unknown = sorted(set(raw) - _SLOT_KEYS)
    if unknown:
        raise VariantError(f"{where}: {dotted}.{unknown[0]}: unknown key; allowed: module, "
                           "params, provenance")
    module_id = raw.get("module")
    cls = rules_base.module_class(str(module_id))
    if cls is None or cls.slot != slot:
        known = ", ".join(rules_base.module_ids(slot))
        raise VariantError(f"{where}: {dotted}.module: unknown module {shown(module_id)} for slot "
                           f"{slot}; known: {known}")
    params = raw.get("params") or {}
    try:
        module = _converter.structure(params, cls)
    except Exception as exc:  # cattrs raises exception groups; flatten to one line
        raise VariantError(f"{where}: {_explain(exc, params, f'{dotted}.params')}") from None
    provenance_raw = raw.get("provenance")
    if provenance_raw is None:
        raise VariantError(f"{where}: {dotted}.provenance: missing; every rule needs its source")
    main, per_param = _provenance(provenance_raw, f"{dotted}.provenance", where, cites, module)
    return SlotRule(module, main, per_param)


def _provenance(raw: Any, dotted: str, where: str, cites: Mapping[str, str],
                module: RuleModule) -> tuple[Provenance, dict[str, Provenance]]:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: {dotted}: expected a mapping, got {shown(raw)}")
    raw = dict(raw)
    params_raw = raw.pop("params", None) or {}
    if not isinstance(params_raw, dict):
        raise VariantError(f"{where}: {dotted}.params: expected a mapping of parameter names, "
                           f"got {shown(params_raw)}")
    main = _one_provenance(raw, dotted, where, cites)
    per_param = {}
    fields = {f.name for f in attrs.fields(cast(Any, type(module)))}
    for name, value in params_raw.items():
        if "*" in name:
            raise VariantError(f"{where}: {dotted}.params.{name}: the pattern names no "
                               f"parameter, item or part of {type(module).module_id}")
        if name.split(".")[0] not in fields and name not in type(module).topics:
            raise VariantError(f"{where}: {dotted}.params.{cut(str(name))}: no such "
                               f"parameter or topic of {type(module).module_id}")
        per_param[name] = _one_provenance(value, f"{dotted}.params.{name}", where, cites)
    return main, per_param


def _one_provenance(raw: Any, dotted: str, where: str, cites: Mapping[str, str]) -> Provenance:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: {dotted}: expected a mapping, got {shown(raw)}")
    try:
        prov = _converter.structure(raw, Provenance)
    except Exception as exc:
        raise VariantError(f"{where}: {_explain(exc, raw, dotted)}") from None
    for ref in prov.refs:
        if ref not in cites and not _AMB.match(ref) and not _E.match(ref):
            raise VariantError(f"{where}: {dotted}.refs: {shown(ref)} is neither a source of "
                               f"this variant ({_listed(cites)}) nor an AMB-nn or En id")
    if prov.basis == "editorial" and (not prov.alternatives or not prov.rationale):
        raise VariantError(f"{where}: {dotted}: an editorial rule must list its alternatives "
                           "and a one-line rationale")
    if prov.basis in ("stated", "inferred") and not prov.refs:
        raise VariantError(f"{where}: {dotted}.refs: a {prov.basis} rule must cite a source")
    return prov


def _explain(exc: BaseException, value: Any, dotted: str, kind: Any = None) -> str:
    """Flatten a cattrs error into ``dotted.path: problem`` parts that name the bad value."""
    if isinstance(exc, cattrs.ClassValidationError | cattrs.IterableValidationError):
        with_notes, without = exc.group_exceptions()
        parts = []
        for sub, note in with_notes:
            if isinstance(note, cattrs.IterableValidationNote):
                child = value[int(note.index)] if isinstance(value, list | tuple) else None
                parts.append(_explain(sub, child, f"{dotted}[{note.index}]", note.type))
            else:
                child = value.get(note.name) if isinstance(value, dict) else None
                parts.append(_explain(sub, child, f"{dotted}.{note.name}", note.type))
        parts += [_explain(sub, value, dotted) for sub in without]
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


def _listed(names: Sequence[str] | Mapping[str, Any], keep: int = 12) -> str:
    """``a, b, c`` for a message, the first ``keep`` names and how many more."""
    listed = [cut(str(name)) for name in list(names)[:keep]]
    more = len(names) - keep
    return ", ".join(listed) + (f" and {more} more" if more > 0 else "")


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
