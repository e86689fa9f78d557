"""The reStructuredText of the site's generated reference pages, from the library and the
register files alone (no Sphinx here, so ``tests/test_site_pages.py`` reads it without the docs
extra): the decision register, the comparison matrix, the source list and the rulebook index.
``solo_docs.py`` wraps each in a directive.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

from solo_rules import Variant, VariantError, available_variants, load_variant
from solo_rules.describe import SECTION_TITLES, value_text
from solo_rules.schema import SLOTS, Provenance
from solo_rules.variant import variant_dir

DOCS = Path(__file__).resolve().parents[1]
#: A decision id: an ambiguity of the sources (AMB-nn) or an editorial choice (En).
DECISION_ID = re.compile(r"^(AMB-\d\d|E\d+)$")
#: A matrix cell of a variant without the rule: it links to the variant's rulebook, which has
#: no section for the rule.
NO_RULE = "(no such rule)"
#: The fields of the source metadata (docs/sources.yaml), in the order the page shows them.
SOURCE_FIELDS = (("title", "Title"), ("author", "Author"), ("publisher", "Published by"),
                 ("date", "Date"), ("based_on", "Based on"), ("url", "Address"),
                 ("also_at", "Also at"), ("note", "Note"), ("read", "Read here"))


# -- what is shipped -------------------------------------------------------------------------


def files() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every shipped variant file and its raw YAML."""
    for path in sorted(variant_dir().glob("*.yaml")):
        yield path, yaml.safe_load(path.read_text(encoding="utf-8"))


def overlays() -> list[str]:
    """The ids of the shipped overlay files."""
    return [raw["id"] for _, raw in files() if raw.get("status") == "overlay"]


@functools.cache
def books() -> tuple[tuple[str, Variant], ...]:
    """(page name, variant) of every rulebook page: each playable variant, then each overlay
    on each variant it fits. Loaded once per build: every ``:variant:`` role asks for it."""
    found = [(vid, load_variant(vid)) for vid in available_variants()]
    for overlay in overlays():
        for vid in available_variants():
            try:
                found.append((f"{vid}+{overlay}", load_variant(vid, [overlay])))
            except VariantError:  # the overlay's declares exclude this variant
                continue
    return tuple(found)


def bases() -> list[dict[str, Any]]:
    """The raw YAML of every abstract base (a shared core that other variants extend)."""
    return [raw for _, raw in files() if raw.get("status") == "abstract"]


@functools.cache
def page_names() -> frozenset[str]:
    """The name of every generated page: each rulebook's and each abstract base's."""
    return frozenset(page for page, _ in books()) | {raw["id"] for raw in bases()}


def decisions(docs: Path = DOCS) -> list[dict[str, str]]:
    """The entries of the decision register (docs/decisions.yaml)."""
    return list(yaml.safe_load((docs / "decisions.yaml").read_text(encoding="utf-8")))


def source_metadata(docs: Path = DOCS) -> dict[str, dict[str, str]]:
    """What is known of each source (docs/sources.yaml), by source id."""
    return dict(yaml.safe_load((docs / "sources.yaml").read_text(encoding="utf-8")))


def uses(pages: Iterable[tuple[str, Variant]]) -> dict[str, list[tuple[str, str, Provenance]]]:
    """For each source, AMB or E id: (page, rule, provenance) of each note that cites it."""
    found: dict[str, list[tuple[str, str, Provenance]]] = {}
    for page, variant in pages:
        for slot, rule in variant.slots.items():
            notes = [(slot, rule.provenance)] + [
                (f"{slot}.{key}", prov) for key, prov in rule.param_provenance.items()]
            for where, prov in notes:
                for ref in prov.refs:
                    found.setdefault(ref, []).append((page, where, prov))
    return found


# -- text ------------------------------------------------------------------------------------


def esc(text: object) -> str:
    """``text`` with reStructuredText markup characters escaped and each AMB-nn id a link to
    the decision register."""
    text = re.sub(r"([\\*`_|\[\]])", r"\\\1", str(text))
    return re.sub(r"(?<![\w-])(AMB-\d\d)(?![\w-])", r":decision:`\1`", text)


def anchor(decision: str) -> str:
    """The citable anchor of a decision on the register page: ``amb-13``, ``e4``."""
    return decision.lower()


def _heading(text: str, mark: str) -> list[str]:
    return [text, mark * len(text), ""]


def _family_line(pages: Sequence[str]) -> str:
    """The pages of one note in one line, by variant family: a variant stands for itself and
    the optional rules on it that share the note; an overlay's own note is named by the
    overlay."""
    plain = [page for page in pages if "+" not in page]
    parts = [f":variant:`{page}`" for page in plain]
    by_overlay: dict[str, list[str]] = {}
    for page in pages:
        base, _, overlay = page.partition("+")
        if overlay and base not in plain:
            by_overlay.setdefault(overlay, []).append(page)
    for overlay, overlaid in by_overlay.items():
        count = f" on {len(overlaid)} variants" if len(overlaid) > 1 else ""
        parts.append(f"the overlay :variant:`{overlay} <{overlaid[0]}>`{count}")
    return ", ".join(parts)


# -- the decision register -------------------------------------------------------------------


def register(entries: Sequence[Mapping[str, str]],
             pages: Sequence[tuple[str, Variant]]) -> str:
    """The decision register: an index of every question, then each decision under its
    question, with its citable anchor, the source's words, the readings, the one chosen and
    why, and one line per variant family that cites it."""
    cited = uses(pages)
    lines = _heading("Index", "-")
    lines += [".. list-table::", "   :header-rows: 1", "   :widths: 12 64 24",
              "   :class: decision-index", "", "   * - Decision", "     - Question",
              "     - Concerns"]
    for entry in entries:
        did = entry["id"]
        lines += [f"   * - :ref:`{did} <decision-{anchor(did)}>`",
                  f"     - {esc(entry['question'])}", f"     - {esc(entry['concerns'])}"]
    lines.append("")
    groups = (("Ambiguities in the sources", "AMB"), ("Editorial choices", "E"))
    for title, prefix in groups:
        lines += _heading(title, "-")
        for entry in (e for e in entries if re.match(rf"{prefix}-?\d", e["id"])):
            lines += _decision(entry, cited.get(entry["id"], []))
    return "\n".join(lines)


def _decision(entry: Mapping[str, str], cited: Sequence[tuple[str, str, Provenance]]
              ) -> list[str]:
    did = entry["id"]
    lines = [f".. _decision-{anchor(did)}:", ""]
    lines += _heading(f"{did}: {esc(entry['question'])}", "~")
    lines += [f"*Concerns:* {esc(entry['concerns'])}. *Cite as:* ``decisions.html#{anchor(did)}``",
              ""]
    shown = (("The source says", "source"), ("Readings", "readings"), ("Chosen", "chosen"),
             ("Why", "why"))
    for label, key in shown:
        if entry.get(key):
            lines += [f"**{label}:** {esc(entry[key])}", ""]
    if cited:
        lines += ["**In the variant files:**", ""]
        notes: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
        for page, where, prov in cited:
            key = (where, prov.basis, tuple(str(a) for a in prov.alternatives))
            if page not in notes.setdefault(key, []):
                notes[key].append(page)
        for (where, basis, alternatives), pages in notes.items():
            line = f"- ``{where}`` ({basis}) in {_family_line(pages)}"
            if alternatives:
                line += f"; alternatives: {esc('; '.join(alternatives))}"
            lines.append(line)
        lines.append("")
    return lines


# -- the comparison matrix -------------------------------------------------------------------


def matrix(pages: Sequence[tuple[str, Variant]]) -> str:
    """Every rule parameter of the playable variants, one table per rulebook section, one row
    per parameter: each value it takes, in the rulebook's words (``describe.value_text``),
    with the variants that give it, each linking to that rule in its rulebook."""
    lines = []
    for slot in SLOTS:
        rows = _matrix_rows(slot, pages)
        if not rows:
            continue
        lines += [f".. _matrix-{slot}:", ""]
        lines += _heading(SECTION_TITLES[slot], "-")
        lines += [".. list-table::", "   :header-rows: 1", "   :widths: 24 76",
                  "   :class: comparison-matrix", "", "   * - Parameter",
                  "     - Values, and the variants that give them"]
        for param, values in rows:
            lines.append(f"   * - ``{param}``")
            if len(values) == 1 and len(next(iter(values.values()))) == len(pages):
                lines.append(f"     - {next(iter(values))} (every variant)")
                continue
            for k, (text, vids) in enumerate(values.items()):
                links = ", ".join(f":variant:`{vid}`" if text == NO_RULE else
                                  f":ref:`{vid} <rulebook-{vid}-{slot}>`" for vid in vids)
                lines.append(f"     {'- ' if k == 0 else '  '}- {text}: {links}")
        lines.append("")
    return "\n".join(lines)


def _matrix_rows(slot: str, pages: Sequence[tuple[str, Variant]]
                 ) -> list[tuple[str, dict[str, list[str]]]]:
    """(parameter, {value text: variant ids}) for the module and each parameter of ``slot``'s
    modules; a variant whose module lacks the parameter is not listed under it."""
    params: list[str] = []
    for _, variant in pages:
        rule = variant.slots.get(slot)
        if rule is not None:
            params += [f.name for f in attrs.fields(type(rule.module)) if f.name not in params]
    rows = []
    for param in ["module", *params]:
        values: dict[str, list[str]] = {}
        for vid, variant in pages:
            rule = variant.slots.get(slot)
            if rule is None:
                text = NO_RULE if param == "module" else None
            elif param == "module":
                text = f"``{rule.module.module_id}``"
            elif param in attrs.fields_dict(type(rule.module)):
                text = esc(value_text(getattr(rule.module, param))) or "(empty)"
            else:
                text = None
            if text is not None:
                values.setdefault(text, []).append(vid)
        rows.append((param, values))
    return rows


# -- the sources -------------------------------------------------------------------------------


def source_list(pages: Sequence[tuple[str, Variant]], metadata: Mapping[str, Mapping[str, str]]
                ) -> str:
    """Every source a variant file cites: its short citation, what is known of it (title,
    author, date, address) and the rulebooks citing it, one line per variant family."""
    cites: dict[str, str] = {}
    for _, raw in files():
        for sid, entry in (raw.get("sources") or {}).items():
            cites.setdefault(sid, entry["cite"] if isinstance(entry, dict) else entry)
    cited = uses(pages)
    lines = []
    for sid in sorted(cites):
        lines += [f".. _source-{sid.lower()}:", ""]
        lines += _heading(f"{sid}: {esc(cites[sid])}", "-")
        known = metadata.get(sid, {})
        for key, label in SOURCE_FIELDS:
            if key in known:
                value = str(known[key]).strip()
                shown = value if key in ("url", "also_at") and value.startswith("http") \
                    else esc(value)
                lines.append(f":{label}: {shown}")
        using = sorted({page for page, _, _ in cited.get(sid, [])})
        if using:
            lines.append(f":Cited in: {_family_line(using)}")
        lines.append("")
    return "\n".join(lines)


# -- the rulebook index ------------------------------------------------------------------------


def rulebook_index(pages: Sequence[tuple[str, Variant]], generated: str) -> str:
    """A table of the playable variants: title, summary, status and the optional rules that
    fit each, every one linking to its rulebook page."""
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 30 50 20",
             "   :class: rulebook-index", "", "   * - Variant", "     - Summary",
             "     - With optional rules"]
    for page, variant in pages:
        if "+" in page:
            continue
        overlaid = [other for other, _ in pages if other.startswith(f"{page}+")]
        lines += [f"   * - :doc:`{esc(variant.title)} <{generated}/{page}>`",
                  f"     - {esc(variant.summary)} ({variant.status})",
                  "     - " + (", ".join(f":doc:`+{other.split('+', 1)[1]} "
                                         f"<{generated}/{other}>`" for other in overlaid)
                               or "none")]
    return "\n".join(lines) + "\n"
