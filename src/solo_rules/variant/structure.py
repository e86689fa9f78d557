"""Structuring a resolved tree: each slot's module and notes as typed values, checked, into the
one interned ``Variant`` of that content in this process."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Mapping
from typing import Any, cast

import attrs

from solo_rules import schema as rules_base
from solo_rules.bounds import check_limits, check_numbers
from solo_rules.errors import VariantError, cut, shown
from solo_rules.requirements import check_needs
from solo_rules.schema import SLOT_TABLE, SLOTS, Provenance, RuleModule
from solo_rules.variant.convert import converter, explain, listed
from solo_rules.variant.finding import AMB, E_ID
from solo_rules.variant.plain import canonical, digest, frozen_tree, read_only

_STATUSES = {"documented", "documented-partial", "reconstructed", "house", "abstract",
             "overlay"}


_SLOT_KEYS = {"module", "params", "provenance"}


@attrs.frozen
class SlotRule:
    """One resolved slot: the module (carrying its params), and where the rule comes from."""

    module: RuleModule
    provenance: Provenance
    param_provenance: Mapping[str, Provenance] = attrs.field(factory=dict, converter=read_only)


@attrs.frozen
class Variant:
    """A resolved, validated, deeply immutable variant, equal to another by id and content hash
    (the other fields are what that content says): pure data (``solo_rules.game.compile``
    makes it a rule set)."""

    id: str
    title: str = attrs.field(eq=False)
    status: str = attrs.field(eq=False)
    summary: str = attrs.field(eq=False)
    sources: Mapping[str, str] = attrs.field(converter=read_only, eq=False)
    lineage: tuple[str, ...] = attrs.field(eq=False)
    slots: Mapping[str, SlotRule] = attrs.field(converter=read_only, eq=False)
    tree: Mapping[str, Any] = attrs.field(repr=False, converter=frozen_tree, eq=False)
    overlays: tuple[str, ...] = attrs.field(default=(), eq=False)
    #: hex sha256 of the canonical JSON of the tree and lineage: what the variant is
    content_hash: str = attrs.field(init=False, default=attrs.Factory(
        lambda self: digest(self.tree, self.lineage), takes_self=True))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (canonical(self.tree), self.lineage, self.overlays, self.title,
                           self.summary))

    @property
    def modules(self) -> dict[str, RuleModule]:
        """The module of each slot."""
        return {slot: rule.module for slot, rule in self.slots.items()}


#: The one Variant of each (id, content hash) in this process, so that equal content is the
#: very same object (and rule set) whichever thread loaded it, from where, or unpickled it.
_INTERNED: dict[tuple[str, str], Variant] = {}


_INTERNED_LOCK = threading.Lock()


def intern(tree: dict[str, Any], lineage: tuple[str, ...], overlays: tuple[str, ...],
           where: str, named: tuple[str, str] | None = None) -> Variant:
    """The interned Variant of a plain (JSON-ready) tree, built and checked on first sight.
    ``named`` is the title and summary of an overlaid variant (its base's, with the
    overlays'): they name the variant without being rules, so they stay out of the tree and
    its content hash."""
    key = (str(tree["id"]), digest(tree, lineage))
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
    return intern(json.loads(text), lineage, overlays, f"<{lineage[0]}>",
                  (title, summary) if overlays else None)


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
    rules_base.installed()  # the slots and modules of installed packages too
    for slot in rules:
        if slot not in SLOTS:
            module = rules[slot].get("module") if isinstance(rules[slot], dict) else None
            why = "" if module is None or rules_base.module_class(str(module)) is not None else \
                f" (module {shown(module)}: no installed package provides it)"
            raise VariantError(f"{where}: rules.{cut(str(slot))}: unknown slot{why}; slots "
                               f"are {', '.join(SLOTS)}")
    for spec in SLOT_TABLE:
        slot = spec.name
        if slot in rules:
            slots[slot] = _slot(rules[slot], f"rules.{slot}", slot, where, cites)
        elif not spec.optional and status != "abstract":
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
        module = converter.structure(params, cls)
    except Exception as exc:  # cattrs raises exception groups; flatten to one line
        raise VariantError(f"{where}: {explain(exc, params, f'{dotted}.params')}") from None
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
        prov = converter.structure(raw, Provenance)
    except Exception as exc:
        raise VariantError(f"{where}: {explain(exc, raw, dotted)}") from None
    for ref in prov.refs:
        if ref not in cites and not AMB.match(ref) and not E_ID.match(ref):
            raise VariantError(f"{where}: {dotted}.refs: {shown(ref)} is neither a source of "
                               f"this variant ({listed(cites)}) nor an AMB-nn or En id")
    if prov.basis == "editorial" and (not prov.alternatives or not prov.rationale):
        raise VariantError(f"{where}: {dotted}: an editorial rule must list its alternatives "
                           "and a one-line rationale")
    if prov.basis in ("stated", "inferred") and not prov.refs:
        raise VariantError(f"{where}: {dotted}.refs: a {prov.basis} rule must cite a source")
    return prov
