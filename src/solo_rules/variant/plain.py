"""A variant's tree as plain data: frozen and plain copies, its canonical text and digest, and
the deep merge of one tree over another that ``extends`` and overlays are made of."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast


def read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of ``mapping``, so a frozen holder cannot be changed through it."""
    return MappingProxyType(dict(mapping))


def frozen_copy(value: Any) -> Any:
    """A deep read-only copy: mappings as ``MappingProxyType``, lists as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen_copy(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen_copy(item) for item in value)
    return value


def frozen_tree(tree: Mapping[str, Any]) -> Mapping[str, Any]:
    """The resolved tree, deeply read-only."""
    return cast(Mapping[str, Any], frozen_copy(tree))


def plain(value: Any) -> Any:
    """A plain, private, JSON-ready copy: mappings as dicts with text keys, sequences as lists,
    odd YAML scalars (dates) as text; so a tree and its JSON text build the same variant."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


def canonical(value: Any) -> str:
    """``value`` as compact JSON, equal content giving equal text. Mapping order is kept, not
    sorted: it orders the rulebook (sources, club values, parameter provenance)."""
    return json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False)


def digest(tree: Mapping[str, Any], lineage: Sequence[str]) -> str:
    """Hex sha256 of the canonical tree and lineage: the identity of a variant's content."""
    text = canonical({"lineage": lineage, "tree": tree})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def merge(base: Any, over: Any) -> Any:
    """Deep merge: mappings by key, lists of mappings with a scalar ``id`` by id, ``null``
    deletes."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = merge(out[key], value)
            else:
                out[key] = merge({}, value) if isinstance(value, dict) else copy.deepcopy(value)
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
                    merged[position] = merge(merged[position], item)
            else:
                merged.append(copy.deepcopy(item))
        return [item for item in merged if item]
    return copy.deepcopy(over)
