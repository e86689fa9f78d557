"""Finding and reading variant files: an id or a path to its file, the YAML parsed once per
edit, the top level checked (keys, schema, id, relations), and the chain of files it extends."""

from __future__ import annotations

import functools
import importlib.resources
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import yaml

from solo_rules import files, safe_yaml, schema
from solo_rules.errors import VariantError, cut, shown
from solo_rules.variant.plain import frozen_copy

SCHEMA = 1


_TOP_KEYS = {"schema", "id", "title", "extends", "status", "kind", "summary", "sources",
             "declares", "relations", "rules"}


#: The historical relations a file may name (``relations``): the game it descends from, the
#: one its rules are taken from, and one dealt from the same pack.
RELATION_KINDS = ("parent", "derived_from", "same_pack_as")


_RELATION_KEYS = {"kind", "variant", "refs", "quote", "note"}


AMB = re.compile(r"^AMB-\d\d$")


E_ID = re.compile(r"^E\d+$")


ID = re.compile(r"[a-z0-9][a-z0-9-]*")


#: The longest id, and the longest chain of ``extends`` (the shipped ones are 2 files long).
MAX_ID = 100


MAX_EXTENDS = 32


#: The most items in one list or mapping of a variant file (the shipped ones have a dozen).
MAX_ITEMS = 1_000


#: The most values in one variant file (the largest shipped one has under 1,000).
MAX_NODES = 20_000


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


@attrs.frozen
class VariantFile:
    """A variant file as read. Its resolved path and stat are its identity for the caches (an
    edit is a new file); ``raw`` is the parsed mapping, frozen because the caches share it."""

    path: Path = attrs.field(eq=False)
    resolved: str
    mtime_ns: int
    size: int
    raw: Mapping[str, Any] = attrs.field(eq=False, repr=False)


#: A checked file and its ancestors, the file itself first: what ``extends`` resolves.
Chain = tuple[VariantFile, ...]


def checked_file(path: Path) -> Mapping[str, Any]:
    """The top level of the variant file at ``path``, read and checked as the loader does
    (known keys, schema, id, relations), without resolving its rules."""
    return checked(path).raw


def relations(source: str | Path) -> tuple[Relation, ...]:
    """The relations the variant file ``source`` (an id, an abstract base's included, or a
    path) names itself, checked: its parent's are not inherited."""
    raw = checked(locate(str(source))).raw
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
    return Path(__file__).resolve().parents[3] / "variants"


def available_variants() -> list[str]:
    """The ids of the shipped variant files that can be played (not abstract, not overlays)."""
    out = []
    for path in sorted(variant_dir().glob("*.yaml"), key=lambda path: path.stem):
        if read(path).raw.get("status") not in ("abstract", "overlay"):
            out.append(path.stem)
    return out


def available_overlays() -> list[str]:
    """The ids of the shipped overlay files (optional rule modules, DOSSIER §2g)."""
    return [path.stem for path in sorted(variant_dir().glob("*.yaml"))
            if read(path).raw.get("status") == "overlay"]


def overlay_title(overlay: str | Path) -> str:
    """The title of an overlay file (an overlay alone is no variant, so it has no Variant)."""
    raw = checked(locate(str(overlay))).raw
    return str(raw.get("title", raw["id"]))


def locate_overlay(source: str) -> Path:
    """The file of an overlay named by id or path; an unknown id names the known overlays."""
    path = Path(source)
    if path.suffix in (".yaml", ".yml") or exists(path) or (
            ID.fullmatch(source) and len(source) <= MAX_ID
            and (variant_dir() / f"{source}.yaml").is_file()):
        return locate(source)
    provided = installed_file(source)
    if provided is not None:
        return provided
    raise VariantError(f"unknown overlay {shown(source)}; known overlays: "
                       f"{', '.join(available_overlays())}")


def exists(path: Path) -> bool:
    """Whether ``path`` names anything; a name the file system refuses names nothing."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def installed_file(source: str) -> Path | None:
    """The variant or overlay file of id ``source`` that an installed package provides
    (``schema.ENTRY_POINTS``), if one does."""
    if not ID.fullmatch(source) or len(source) > MAX_ID:
        return None
    return next((folder / f"{source}.yaml" for folder in schema.installed()
                 if (folder / f"{source}.yaml").is_file()), None)


def locate(source: str) -> Path:
    """The file of a variant id or path; a name the file system refuses (too long, a NUL
    byte) is a ``VariantError`` too. A file of that name comes first, then a bundled variant
    of that id: a directory named like an id (``tests/foster``) does not hide the variant."""
    try:
        path = Path(source)
        if path.is_file():
            return path
        candidate = variant_dir() / f"{source}.yaml"
        if ID.fullmatch(source) and candidate.is_file():
            return candidate
        if path.exists() and not path.is_dir():  # a FIFO, a device: refused when read
            return path
        if path.suffix in (".yaml", ".yml") or path.exists():
            raise VariantError(f"{files.name_of(source)}: no such variant file")
        provided = installed_file(source)
        if provided is not None:
            return provided
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
    return frozen_copy(data) if isinstance(data, dict) else data


def read(path: Path) -> VariantFile:
    """The variant file at ``path``, which must hold a mapping."""
    label = files.name_of(path)
    try:
        stat = os.stat(path)
        resolved = _resolved(str(path), stat.st_dev, stat.st_ino)
    except (OSError, ValueError, RuntimeError) as exc:  # too long, a NUL byte, a link loop
        why = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise VariantError(f"{label}: cannot read: {why}") from None
    data = _parse(resolved, stat.st_mtime_ns, stat.st_size, label)
    if not isinstance(data, Mapping):
        raise VariantError(f"{label}: a variant file must be a mapping, got "
                           f"{type(data).__name__}")
    return VariantFile(path, resolved, stat.st_mtime_ns, stat.st_size, data)


@functools.lru_cache(maxsize=256)
def _resolved(path: str, device: int, inode: int) -> str:
    """The absolute path of the file ``path`` names, resolved once per file identity (device
    and inode, as ``os.stat`` follows links): a path moved to another file resolves anew."""
    return str(Path(path).resolve(strict=True))


def chain(path: Path) -> Chain:
    """The file at ``path`` and its ancestors, each checked, at most ``MAX_EXTENDS`` long; a
    parent is looked for next to its child first, then among the shipped variants."""
    files: list[VariantFile] = []
    seen: list[str] = []
    while True:
        file = checked(path)
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
        if not isinstance(parent, str) or not ID.fullmatch(parent) or len(parent) > MAX_ID:
            raise VariantError(f"{path}: extends: expected one parent id, got {shown(parent)}")
        parent_path = path.parent / f"{parent}.yaml"
        if not parent_path.is_file():
            try:
                parent_path = locate(parent)
            except VariantError as exc:
                raise VariantError(f"{path}: extends: {exc}") from None
        path = parent_path


def checked(path: Path) -> VariantFile:
    """The file at ``path`` with its top level checked: known keys, schema, id."""
    file = read(path)
    raw = file.raw
    unknown = sorted(set(raw) - _TOP_KEYS, key=str)
    if unknown:
        raise VariantError(f"{path}: unknown key {shown(unknown[0])} at the top level; "
                           f"allowed: {', '.join(sorted(_TOP_KEYS))}")
    schema = raw.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise VariantError(f"{path}: schema: expected {SCHEMA}, got {shown(schema)}")
    vid = raw.get("id")
    if not isinstance(vid, str) or not ID.fullmatch(vid) or len(vid) > MAX_ID:
        raise VariantError(f"{path}: id: expected a lower-case id like 'altenburg-1988' of at "
                           f"most {MAX_ID} characters, got {shown(vid)}")
    if "relations" in raw:
        _check_relations(path, raw)
    return file


def _related_file(path: Path, vid: object) -> Path | None:
    """The file of the variant a relation names: next to ``path`` first, then shipped."""
    if not isinstance(vid, str) or not ID.fullmatch(vid) or len(vid) > MAX_ID:
        return None
    for folder in (path.parent, variant_dir()):
        candidate = folder / f"{vid}.yaml"
        if exists(candidate):
            return candidate
    return None


def _sources_of(path: Path, raw: Mapping[str, Any]) -> set[str]:
    """The source ids of a file and of the files it extends (a parent not found, or a chain
    too long, ends the walk: ``chain`` reports those)."""
    found: set[str] = set()
    for _ in range(MAX_EXTENDS):
        sources = raw.get("sources")
        found.update(str(sid) for sid in (sources if isinstance(sources, Mapping) else ()))
        parent = _related_file(path, raw.get("extends"))
        if parent is None:
            break
        path, raw = parent, read(parent).raw
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
                              if read(p).raw.get("status") != "overlay")
            raise VariantError(f"{where}.variant: unknown variant {shown(item.get('variant'))}"
                               f"; known variants: {known}")
        refs = item.get("refs")
        if not isinstance(refs, list | tuple) or not refs \
                or not all(isinstance(ref, str) for ref in refs):
            raise VariantError(f"{where}.refs: expected a list of source or decision ids, got "
                               f"{shown(refs)}")
        known_sources = {*_sources_of(path, raw), *_sources_of(other, read(other).raw)}
        for ref in refs:
            if not (AMB.match(ref) or E_ID.match(ref) or ref in known_sources):
                raise VariantError(f"{where}.refs: {shown(ref)} is no source of "
                                   f"{raw.get('id')} nor of {item['variant']}, nor an AMB or "
                                   "E id")
        for key in ("quote", "note"):
            if key in item and not isinstance(item[key], str):
                raise VariantError(f"{where}.{key}: expected text, got {shown(item[key])}")
