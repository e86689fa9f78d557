"""Loading: a variant by id or path, with overlays, through finding, merging and structuring;
the modules a file resolves to alone; the bases an overlay applies to."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path

from solo_rules import schema as rules_base
from solo_rules.errors import VariantError, cut, shown
from solo_rules.schema import RuleModule
from solo_rules.variant.convert import converter
from solo_rules.variant.finding import (
    MAX_EXTENDS,
    Chain,
    available_variants,
    chain,
    exists,
    locate,
    locate_overlay,
)
from solo_rules.variant.merging import check_declares, merge_over, resolve
from solo_rules.variant.structure import Variant, intern


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
    if isinstance(source, str) and "+" in source and not exists(Path(source)):
        source, *named = source.split("+")
        overlays = (*named, *overlays)
    if len(overlays) > MAX_EXTENDS:
        raise VariantError(f"{cut(str(source))}: {len(overlays)} overlays (at most "
                           f"{MAX_EXTENDS})")
    base = chain(locate(str(source)))
    return _load(base, tuple(chain(locate_overlay(str(overlay))) for overlay in overlays))


@functools.lru_cache(maxsize=64)
def _load(base: Chain, layers: tuple[Chain, ...]) -> Variant:
    """The variant of a checked chain of files with overlay chains on top, cached by the path
    and stat of every file involved."""
    resolved = resolve(base)
    tree, lineage = resolved.tree, resolved.lineage
    names, titles, summaries = [], [], []
    for layer in layers:
        otree = resolve(layer).tree
        check_declares(otree, tree, layer[0].path, lineage)
        tree = merge_over(tree, {k: v for k, v in otree.items() if k in ("rules", "sources")},
                          str(otree["id"]))
        names.append(str(otree["id"]))
        titles.append(str(otree.get("title", otree["id"])))
        summaries.append(str(otree.get("summary", "")).strip())
    if not names:
        return intern(tree, lineage, (), str(base[0].path))
    title = " + ".join([str(tree.get("title", tree["id"])), *titles])
    summary = " ".join(f"{text}" for text in summaries if text)
    summary += f" Otherwise as {tree.get('title', tree['id'])}."
    tree = {**tree, "id": f"{tree['id']}+{'+'.join(names)}"}
    return intern(tree, lineage, tuple(names), str(base[0].path), (title, summary.strip()))


def file_modules(source: str | Path) -> dict[str, RuleModule]:
    """The rule module of each slot as the variant file ``source`` (an id or a path) resolves
    on its own, an abstract base included: the values its notes were written for. An overlay
    alone names no modules, so it has none."""
    tree = resolve(chain(locate(str(source)))).tree
    out = {}
    for slot, node in (tree.get("rules") or {}).items():
        cls = rules_base.module_class(str((node or {}).get("module")))
        if cls is not None:
            out[slot] = converter.structure((node or {}).get("params") or {}, cls)
    return out


def overlay_bases(overlay: str | Path) -> list[str]:
    """The playable shipped variants whose rules satisfy what ``overlay`` declares it requires
    and conflicts with: the bases it applies to."""
    layer = chain(locate(str(overlay)))
    out = []
    for vid in available_variants():
        base = resolve(chain(locate(vid)))
        try:
            check_declares(resolve(layer).tree, base.tree, layer[0].path, base.lineage)
        except VariantError:
            continue
        out.append(vid)
    return out
