"""Merging files: a chain of ``extends`` resolved into one tree, an overlay merged over a base
(its notes with it), and what an overlay declares it requires and conflicts with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import attrs

from solo_rules.errors import VariantError, shown
from solo_rules.variant.finding import Chain
from solo_rules.variant.notes import signed_tree, slot_notes
from solo_rules.variant.plain import merge, plain


@attrs.frozen(eq=False)
class Resolved:
    """A chain of files merged into one plain tree, and the ids of those files, the file
    itself first (its lineage)."""

    tree: dict[str, Any]
    lineage: tuple[str, ...]


def resolve(chain: Chain) -> Resolved:
    """The plain resolved tree of a checked chain (each child merged over its parent, which
    keeps neither status, kind nor declares) and its lineage."""
    tree: dict[str, Any] = signed_tree(plain(chain[-1].raw))
    tree.pop("relations", None)  # history, not rules: each file's own (``relations``)
    for file in reversed(chain[:-1]):
        for key in ("status", "kind", "declares"):
            tree.pop(key, None)
        raw = plain(file.raw)
        raw.pop("relations", None)
        tree = merge_over(tree, raw, str(raw.get("id", "")))
        tree.pop("extends", None)
    return Resolved(tree, tuple(str(file.raw["id"]) for file in chain))


def merge_over(base: dict[str, Any], over: dict[str, Any], who: str) -> dict[str, Any]:
    """``over`` (a file's plain tree, or an overlay's) merged over the resolved ``base``, each
    slot it touches with the notes that vouch for its values now (``slot_notes``); ``who``
    is the id of the file that ``over`` is."""
    rules = over.get("rules")
    if not isinstance(rules, dict):
        return cast(dict[str, Any], merge(base, over))
    values = {slot: {key: value for key, value in raw.items() if key != "provenance"}
              if isinstance(raw, dict) else raw for slot, raw in rules.items()}
    merged = cast(dict[str, Any], merge(base, {**over, "rules": values}))
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
        notes = slot_notes(slot, parent, node, raw, who)
        if notes is None:  # malformed: merged as written, for ``_build`` to report
            notes = merge((parent or {}).get("provenance") or {}, raw.get("provenance") or {})
        if notes:
            node["provenance"] = notes
        else:
            node.pop("provenance", None)
    return merged


def check_declares(overlay: Mapping[str, Any], tree: Mapping[str, Any], path: Path,
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
