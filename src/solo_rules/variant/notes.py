"""Provenance notes through ``extends`` and overlays: each note signed with the file and the rule
it was written for, and kept only for the values it vouches for."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, cast

import attrs

from solo_rules import schema as rules_base
from solo_rules.schema import RuleModule
from solo_rules.variant.convert import converter
from solo_rules.variant.plain import canonical, merge


def signed_tree(tree: dict[str, Any]) -> dict[str, Any]:
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


def _note(note: Mapping[str, Any], who: str, where: str) -> dict[str, Any]:
    """A note as a file wrote it (without its deleted fields), signed with the file and the
    rule it was written for."""
    out = {key: value for key, value in note.items() if value is not None}
    out.setdefault("set_by", who)
    out.setdefault("written_for", where)
    return out


#: A value that no module has: a parameter or item that is new, or gone.
_GONE = object()


def slot_notes(slot: str, parent: Mapping[str, Any] | None, node: Mapping[str, Any],
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
    main, mine = _main_note(slot, parent, parent_main, raw, prov, who)
    before = _values(parent) if parent is not None else {}
    after = _values(node)
    if before is None or after is None:  # an unknown module or bad values: ``_build`` says
        return None
    patterns = {key: note for key, note in written.items() if "*" in key}
    lists = {key for key, (_, value) in after.items() if "." not in key and _items(value)}
    merged = _Merged(slot, who, {key: note for key, note in written.items() if "*" not in key},
                     patterns, lists, before, after, parent_prov.get("params") or {},
                     parent_main, main if mine else {"basis": "house", "set_by": who})
    final = {key: merged.note(key) for key in dict.fromkeys([*after, *merged.written])}
    notes: dict[str, Any] = {}  # only where the nearest wider note would not say the same
    for key in sorted(final, key=lambda k: k.count(".")):
        if final[key] != _nearest(notes, main, key, wider_only=True):
            notes[key] = final[key]
    notes = {key: notes[key] for key in final if key in notes}
    # a pattern that matches nothing is kept as written, for ``_build`` to report
    notes.update((p, note) for p, note in patterns.items() if not any(map(
        functools.partial(_matches, p), after)))
    return {**main, "params": notes} if notes else dict(main)


def _main_note(slot: str, parent: Mapping[str, Any] | None, parent_main: dict[str, Any],
               raw: Mapping[str, Any], prov: Mapping[str, Any],
               who: str) -> tuple[dict[str, Any], bool]:
    """The slot's own note after the merge, and whether it is the file's (its own, a change
    to the parent's, or a house rule for a module it swapped) rather than the parent's."""
    own = {key: value for key, value in prov.items() if key != "params"}
    if "basis" in own:
        return _note(own, who, slot), True
    if own:  # a change to the parent's note (its quote, say) makes it this file's
        return {**_note(merge(parent_main, own), who, slot), "set_by": who}, True
    if "module" in raw and raw["module"] != (parent or {}).get("module"):
        return {"basis": "house", "set_by": who}, True
    return parent_main, False


@attrs.frozen
class _Merged:
    """One slot's merge as its notes see it: the file's notes (exact and ``*`` patterns), its
    lists of items, the values before and after, the parent's notes, and the note for a value
    changed silently."""

    slot: str
    who: str
    written: Mapping[str, Any]
    patterns: Mapping[str, Any]
    lists: set[str]
    before: Mapping[str, tuple[type, Any]]
    after: Mapping[str, tuple[type, Any]]
    parent_notes: Mapping[str, Any]
    parent_main: Mapping[str, Any]
    changed: Mapping[str, Any]

    def note(self, key: str) -> Any:
        """The note that vouches for ``key`` (a parameter, item, part or topic) now."""
        wider = [prefix for prefix in _prefixes(key)[1:] if prefix in self.written]
        covers = [prefix for prefix in wider if prefix not in self.lists]  # a note for a rule
        pattern = next((p for p in self.patterns if _matches(p, key)), None)  # covers its
        if key in self.written:  # parts; a list's items are rules of their own
            return _note(self.written[key], self.who, f"{self.slot}.{key}")
        if pattern is not None:
            return _note(self.patterns[pattern], self.who, f"{self.slot}.{pattern}")
        if covers:
            return _note(self.written[covers[0]], self.who, f"{self.slot}.{covers[0]}")
        if self.before.get(key, _GONE) == self.after[key]:
            return _nearest(self.parent_notes, self.parent_main, key)
        if wider:
            return _note(self.written[wider[0]], self.who, f"{self.slot}.{wider[0]}")
        return self.changed


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
        return dict(_module_values(cls, canonical(params)))
    except Exception:  # cattrs and attrs validators raise many kinds; ``_build`` reports them
        return None


@functools.lru_cache(maxsize=512)
def _module_values(cls: type[RuleModule], params: str) -> tuple[tuple[str, tuple[type, Any]],
                                                                    ...]:
    """``_values`` of the module ``cls`` with the parameters ``params`` (canonical JSON)."""
    module = converter.structure(json.loads(params), cls)
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
