"""Variants changed in code: ``derive`` (tree paths set, for a diff or a session's choice) and
``with_params`` (parameters set as an overlay would set them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solo_rules.errors import VariantError
from solo_rules.variant.merging import merge_over
from solo_rules.variant.notes import slot_notes
from solo_rules.variant.plain import plain
from solo_rules.variant.structure import Variant, intern


def derive(variant: Variant, changes: Mapping[str, Any], *, name: str,
           sources: Mapping[str, Any] | None = None) -> Variant:
    """``variant`` with the dotted tree paths of ``changes`` set to their (plain) values, a
    ``None`` value deleting one, and ``sources`` added; checked like a file and named
    ``<id>+<name>``, whose house rule a changed value is unless the changes give its note
    (``rules.<slot>.provenance.params.<param>``). Used to isolate one rule change
    (``solo_rules.compare``) and for a session's preferred suit (``solo_rules.match``)."""
    tree = plain(variant.tree)
    before = plain(tree.get("rules") or {})
    tree["sources"] = {**plain(sources or {}), **tree.get("sources", {})}
    written: dict[str, dict[str, Any]] = {}  # per slot, what the change writes besides values
    for dotted, value in changes.items():
        *parents, last = dotted.split(".")
        node = tree
        for key in parents:
            node = node.setdefault(key, {})
        if value is None:
            node.pop(last, None)
        else:
            node[last] = plain(value)
        path = dotted.split(".")
        if len(path) > 1 and path[0] == "rules" and (
                len(path) == 2 or path[2] in ("module", "provenance")):
            _set(written.setdefault(path[1], {}), path[2:], plain(value))
    tree["id"] = f"{variant.id}+{name}"
    for slot, node in (tree.get("rules") or {}).items():
        parent = before.get(slot)
        if isinstance(node, dict) and node != parent:
            own = written.get(slot, {})
            notes = slot_notes(slot, parent, node, own, tree["id"])
            if notes is not None:
                node["provenance"] = notes
    return intern(tree, variant.lineage, (*variant.overlays, name), f"<{tree['id']}>",
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
    tree = plain(variant.tree)
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
        into[keys[-1]] = plain(value)
    merged = merge_over(tree, {"rules": over["rules"]}, name)
    merged["id"] = f"{variant.id}+{name}"
    return intern(merged, variant.lineage, (*variant.overlays, name), f"<{merged['id']}>")


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
