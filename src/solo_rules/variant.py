"""Variant files: YAML -> resolved tree -> typed rule modules -> frozen ``Variant``.

A variant file names a module and its parameters for each rulebook slot, with provenance. A file
``extends`` one parent; mappings merge deeply, lists of items with an ``id`` merge by id, and
``null`` deletes. Overlays are variant files applied on top, with ``declares: {requires,
conflicts}`` checked at load. Every error names the file, the dotted path and the bad value.
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import re
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs
import cattrs
import yaml

from solo_rules.errors import VariantError
from solo_rules import schema as rules_base
from solo_rules.schema import SLOTS, Provenance, RuleModule

__all__ = ["SlotRule", "Variant", "available_variants", "load_variant", "variant_dir"]

SCHEMA = 1
_TOP_KEYS = {"schema", "id", "title", "extends", "status", "kind", "summary", "sources",
             "declares", "rules"}
_SLOT_KEYS = {"module", "params", "provenance"}
_STATUSES = {"documented", "reconstructed", "house", "abstract", "overlay"}
_AMB = re.compile(r"^AMB-\d\d$")
_E = re.compile(r"^E\d+$")

_converter = cattrs.Converter(forbid_extra_keys=True, prefer_attrib_converters=True)


@attrs.frozen
class SlotRule:
    """One resolved slot: the module (carrying its params), and where the rule comes from."""

    module: RuleModule
    provenance: Provenance
    param_provenance: Mapping[str, Provenance] = attrs.field(factory=dict)


@attrs.frozen(eq=False)
class Variant:
    """A resolved, validated variant: pure data (``solo_rules.game.compile`` makes it a rule
    set)."""

    id: str
    title: str
    status: str
    summary: str
    sources: Mapping[str, str]
    lineage: tuple[str, ...]
    slots: Mapping[str, SlotRule]
    tree: Mapping[str, Any] = attrs.field(repr=False)
    overlays: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_tree, (_freeze(self.tree), self.lineage, self.overlays))

    @property
    def modules(self) -> dict[str, RuleModule]:
        """The module of each slot."""
        return {slot: rule.module for slot, rule in self.slots.items()}


def variant_dir() -> Path:
    """The folder of the shipped variant files (inside the wheel, or the source checkout)."""
    packaged = Path(str(importlib.resources.files("solo_rules"))) / "variants"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "variants"


def available_variants() -> list[str]:
    """The ids of the shipped variant files that can be played (not abstract, not overlays)."""
    out = []
    for path in sorted(variant_dir().glob("*.yaml")):
        raw = _read(path)
        if raw.get("status") not in ("abstract", "overlay"):
            out.append(path.stem)
    return out


def load_variant(
    source: str | Path, overlays: Sequence[str | Path] = ()
) -> Variant:
    """Load a variant by id (``"altenburg-1988"``) or by path, with optional overlays."""
    return _load(str(source), tuple(str(o) for o in overlays))


@functools.lru_cache(maxsize=64)
def _load(source: str, overlays: tuple[str, ...]) -> Variant:
    path = _locate(source)
    tree, lineage = _resolve(path, ())
    names = []
    for overlay in overlays:
        opath = _locate(overlay)
        otree, _ = _resolve(opath, ())
        _check_declares(otree, tree, opath, lineage)
        tree = _merge(tree, {k: v for k, v in otree.items() if k in ("rules", "sources")})
        names.append(str(otree.get("id", opath.stem)))
    if names:
        tree = {**tree, "id": f"{tree['id']}+{'+'.join(names)}"}
    variant = _build(tree, lineage, tuple(names), path)
    _BUILT[(_freeze(variant.tree), lineage, variant.overlays)] = variant
    return variant


def _locate(source: str) -> Path:
    path = Path(source)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise VariantError(f"{source}: no such variant file")
        return path
    candidate = variant_dir() / f"{source}.yaml"
    if not candidate.is_file():
        known = ", ".join(available_variants())
        raise VariantError(f"unknown variant {source!r}; known variants: {known}")
    return candidate


@functools.lru_cache(maxsize=128)
def _read_cached(path: str, mtime: float) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise VariantError(f"{path}{where}: {problem}") from None
    if not isinstance(data, dict):
        raise VariantError(f"{path}: a variant file must be a mapping, got {type(data).__name__}")
    return data


def _read(path: Path) -> dict[str, Any]:
    return copy.deepcopy(_read_cached(str(path), path.stat().st_mtime))


def _resolve(path: Path, seen: tuple[str, ...]) -> tuple[dict[str, Any], tuple[str, ...]]:
    raw = _read(path)
    unknown = sorted(set(raw) - _TOP_KEYS)
    if unknown:
        raise VariantError(f"{path}: unknown key {unknown[0]!r} at the top level; "
                           f"allowed: {', '.join(sorted(_TOP_KEYS))}")
    if raw.get("schema") != SCHEMA:
        raise VariantError(f"{path}: schema: expected {SCHEMA}, got {raw.get('schema')!r}")
    vid = raw.get("id")
    if not isinstance(vid, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", vid):
        raise VariantError(f"{path}: id: expected a lower-case id like 'altenburg-1988', "
                           f"got {vid!r}")
    if vid in seen:
        raise VariantError(f"{path}: extends: cycle through {' -> '.join((*seen, vid))}")
    parent = raw.get("extends")
    if parent is None:
        return raw, (vid,)
    if not isinstance(parent, str):
        raise VariantError(f"{path}: extends: expected one parent id, got {parent!r}")
    parent_path = path.parent / f"{parent}.yaml"
    if not parent_path.is_file():
        try:
            parent_path = _locate(parent)
        except VariantError as exc:
            raise VariantError(f"{path}: extends: {exc}") from None
    parent_tree, lineage = _resolve(parent_path, (*seen, vid))
    for key in ("status", "kind", "declares"):
        parent_tree.pop(key, None)
    merged = _merge(parent_tree, raw)
    merged.pop("extends", None)
    return merged, (vid, *lineage)


def _merge(base: Any, over: Any) -> Any:
    """Deep merge: mappings by key, lists of mappings with ``id`` by id, ``null`` deletes."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = _merge(out[key], value)
            else:
                out[key] = copy.deepcopy(value)
        return out
    if (isinstance(base, list) and isinstance(over, list) and over
            and all(isinstance(i, dict) and "id" in i for i in base + over)):
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
           path: Path) -> Variant:
    where = str(path)
    status = tree.get("status", "documented")
    if status not in _STATUSES:
        raise VariantError(f"{where}: status: expected one of {sorted(_STATUSES)}, got {status!r}")
    sources = tree.get("sources") or {}
    if not isinstance(sources, dict):
        raise VariantError(f"{where}: sources: expected a mapping of source ids")
    cites = {}
    for sid, entry in sources.items():
        cite = entry.get("cite") if isinstance(entry, dict) else entry
        if not isinstance(cite, str):
            raise VariantError(f"{where}: sources.{sid}: expected {{cite: text}}, got {entry!r}")
        cites[str(sid)] = cite
    rules = tree.get("rules") or {}
    if not isinstance(rules, dict):
        raise VariantError(f"{where}: rules: expected a mapping of slots")
    slots: dict[str, SlotRule] = {}
    for slot in rules:
        if slot not in SLOTS:
            raise VariantError(f"{where}: rules.{slot}: unknown slot; slots are "
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
    for slot, rule in slots.items():  # parameters that name other slots' things
        try:
            rule.module.check(modules)
        except ValueError as exc:
            raise VariantError(f"{where}: rules.{slot}.params: {exc}") from None
    return Variant(tree["id"], str(tree.get("title", tree["id"])), status,
                   str(tree.get("summary", "")), cites, lineage, slots, tree, overlays)


def _slot(raw: Any, dotted: str, slot: str, where: str, cites: Mapping[str, str]) -> SlotRule:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: {dotted}: expected a mapping with module, params, "
                           f"provenance; got {raw!r}")
    unknown = sorted(set(raw) - _SLOT_KEYS)
    if unknown:
        raise VariantError(f"{where}: {dotted}.{unknown[0]}: unknown key; allowed: module, "
                           "params, provenance")
    module_id = raw.get("module")
    cls = rules_base.module_class(str(module_id))
    if cls is None or cls.slot != slot:
        known = ", ".join(rules_base.module_ids(slot))
        raise VariantError(f"{where}: {dotted}.module: unknown module {module_id!r} for slot "
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
        raise VariantError(f"{where}: {dotted}: expected a mapping, got {raw!r}")
    raw = dict(raw)
    params_raw = raw.pop("params", None) or {}
    main = _one_provenance(raw, dotted, where, cites)
    per_param = {}
    fields = {f.name for f in attrs.fields(cast(Any, type(module)))}
    for name, value in params_raw.items():
        if name not in fields:
            raise VariantError(f"{where}: {dotted}.params.{name}: no such parameter of "
                               f"{type(module).module_id}")
        per_param[name] = _one_provenance(value, f"{dotted}.params.{name}", where, cites)
    return main, per_param


def _one_provenance(raw: Any, dotted: str, where: str, cites: Mapping[str, str]) -> Provenance:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: {dotted}: expected a mapping, got {raw!r}")
    try:
        prov = _converter.structure(raw, Provenance)
    except Exception as exc:
        raise VariantError(f"{where}: {_explain(exc, raw, dotted)}") from None
    for ref in prov.refs:
        if ref not in cites and not _AMB.match(ref) and not _E.match(ref):
            raise VariantError(f"{where}: {dotted}.refs: {ref!r} is neither a source of this "
                               f"variant ({', '.join(cites)}) nor an AMB-nn or En id")
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
        return "; ".join(parts)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        allowed = ", ".join(field.name for field in attrs.fields(exc.cl))
        return "; ".join(f"{dotted}.{key}: unknown key; allowed: {allowed}"
                         for key in sorted(exc.extra_fields))
    if isinstance(exc, KeyError):
        return f"{dotted}: missing"
    if len(exc.args) > 1 and isinstance(exc.args[1], attrs.Attribute):  # an attrs validator
        return f"{dotted}.{exc.args[1].name}: {exc.args[0]}"
    if kind is not None:
        return f"{dotted}: expected {_type_name(kind)}, got {value!r}"
    if isinstance(exc, AttributeError):
        return f"{dotted}: expected a mapping, got {value!r}"
    return f"{dotted}: {exc}"


def _type_name(kind: Any) -> str:
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(option) for option in typing.get_args(kind))
    if origin in (tuple, list):
        return "a list"
    return str(getattr(kind, "__name__", kind))


def _freeze(tree: Any) -> str:
    return yaml.safe_dump(tree, sort_keys=True)


#: Variants loaded in this process by their resolved tree, so that an unpickled state shares
#: the very rule set of the original and compares equal to it.
_BUILT: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Variant] = {}


@functools.lru_cache(maxsize=64)
def _from_tree(text: str, lineage: tuple[str, ...], overlays: tuple[str, ...]) -> Variant:
    """Rebuild a variant from its resolved tree (used by pickle): the one already loaded in
    this process if there is one, else a new one, cached so a pickled batch shares it."""
    built = _BUILT.get((text, lineage, overlays))
    if built is not None:
        return built
    return _build(yaml.safe_load(text), lineage, overlays, Path(f"<{lineage[0]}>"))
