"""The family tree of the variant files (issue 28, item 7): each file's place is under the
game its ``relations`` name as its ``parent`` (else the one it is ``derived_from``, else the
file it ``extends``); its other relations ride beside it. Generated from the files, so a
relation written into a file moves its node; overlays, being optional rules, are no games."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

from solo_rules.variant import Relation, checked_file, relations, variant_dir

__all__ = ["FamilyNode", "family_tree", "family_tree_text"]

#: the relation kinds that place a node in the tree, the first found winning
_PLACING = ("parent", "derived_from")


@attrs.frozen
class FamilyNode:
    """One variant file in the tree: its id, title and status, the relation that places it
    (``None``: its ``extends``, or a root), its other relations, and the games under it."""

    id: str
    title: str
    status: str
    placed_by: Relation | None
    beside: tuple[Relation, ...]
    children: tuple[FamilyNode, ...]


def family_tree(folder: Path | None = None) -> tuple[FamilyNode, ...]:
    """The roots of the family tree of the variant files in ``folder`` (the shipped ones by
    default), each list in id order."""
    files = {}
    for path in sorted((folder or variant_dir()).glob("*.yaml"), key=lambda p: p.stem):
        raw = checked_file(path)
        if raw.get("status") != "overlay":
            files[str(raw["id"])] = (path, raw)
    place: dict[str, tuple[str | None, Relation | None]] = {}
    for vid, (path, raw) in files.items():
        own = relations(path)
        placing = next((r for kind in _PLACING for r in own if r.kind == kind
                        and r.variant in files), None)
        parent = placing.variant if placing is not None else raw.get("extends")
        place[vid] = (parent if parent in files else None, placing)

    def node(vid: str, seen: tuple[str, ...]) -> FamilyNode:
        path, raw = files[vid]
        placing = place[vid][1]
        below = tuple(node(child, (*seen, vid)) for child in files
                      if place[child][0] == vid and child not in seen)
        return FamilyNode(vid, str(raw.get("title", vid)), str(raw.get("status", "")),
                          placing, tuple(r for r in relations(path) if r != placing), below)

    return tuple(node(vid, ()) for vid in files if place[vid][0] is None)


_WORDS = {"parent": "descends from", "derived_from": "derived from",
          "same_pack_as": "same pack as"}


def family_tree_text(roots: Iterable[FamilyNode], link: Callable[[str], str] = str,
                     cite: Callable[[str], str] = str, depth: int = 0) -> list[str]:
    """The tree as a nested bullet list (Markdown and reStructuredText alike), one line a
    game: ``link`` writes a variant id as a link, ``cite`` a source or decision id."""
    lines = []
    for item in roots:
        said = [f"{_WORDS[item.placed_by.kind]} {link(item.placed_by.variant)} ("
                + ", ".join(map(cite, item.placed_by.refs)) + ")"] if item.placed_by else []
        said += [f"{_WORDS[r.kind]} {link(r.variant)} (" + ", ".join(map(cite, r.refs)) + ")"
                 + (f": {r.note}" if r.note else "") for r in item.beside]
        line = f"{'  ' * depth}- {link(item.id)}: {item.title} [{item.status}]"
        lines.append(line + ("; " + "; ".join(said) if said else ""))
        if item.children:
            lines.append("")
            lines += family_tree_text(item.children, link, cite, depth + 1)
            lines.append("")
    return lines
