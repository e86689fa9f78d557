"""Variant files: YAML -> resolved tree -> typed rule modules -> frozen ``Variant``.

A variant file names a module and its parameters for each rulebook slot, with provenance. A file
``extends`` one parent; mappings merge deeply, lists of items with an ``id`` merge by id, and
``null`` deletes. Overlays are variant files applied on top, with ``declares: {requires,
conflicts}`` checked at load. Every error names the file, the dotted path and the bad value.
A Variant is deeply immutable and is its id plus a hash of its resolved content: one interned
object per content in a process, however it was loaded or unpickled.

One module per job: ``finding`` (files and their top level), ``merging`` (``extends`` and
overlays), ``notes`` (provenance through merges), ``convert`` and ``structure`` (typed values
and the ``Variant``), ``loading`` and ``changes`` (the public ways to get one).
"""

from solo_rules.variant.changes import derive, with_params
from solo_rules.variant.finding import (
    RELATION_KINDS,
    Relation,
    available_overlays,
    available_variants,
    checked_file,
    overlay_title,
    relations,
    variant_dir,
)
from solo_rules.variant.loading import file_modules, load_variant, overlay_bases
from solo_rules.variant.structure import SlotRule, Variant

__all__ = ["RELATION_KINDS", "Relation", "SlotRule", "Variant", "available_overlays",
           "available_variants", "checked_file", "derive", "file_modules", "load_variant",
           "overlay_bases", "overlay_title", "relations", "variant_dir", "with_params"]
