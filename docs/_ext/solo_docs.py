"""The solo-rules site's Sphinx extension: every generated page comes from the library at build
time, so no generated copy is checked in to drift.

- one rulebook page per playable variant (and per overlay on each variant it fits), written as
  a one-line stub at ``builder-inited`` and filled by the ``rulebook`` directive from the
  modules' clauses (``rulebook(..., fmt="rst")``); a page per abstract base (the shared core
  a lineage links to) by the ``core-rules`` directive;
- roles ``:source:``, ``:decision:`` and ``:variant:`` that link a source id to the source
  list, an AMB/E id to the decision register and a variant id to its rulebook;
- directives for the source list, the decision register (``decisions.yaml`` plus the variant
  files), the comparison matrix, the variant-file format (the modules' Params classes) and the
  command-line reference (the argparse parser);
- ``solo-rules-output``: a command's real output, run when the site is built.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import yaml
from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from solo_rules import available_variants, load_variant
from solo_rules.cli import _parser, main
from solo_rules.describe import SECTION_TITLES, rulebook
from solo_rules.lineage import family_tree, family_tree_text
from solo_rules.schema import SLOTS, RuleModule, module_class, module_ids
from solo_rules.variant import Variant, variant_dir

LOG = logging.getLogger(__name__)
GENERATED = "rulebooks/generated"
_ID = re.compile(r"^(AMB-\d\d|E\d+)$")


# -- what is shipped -------------------------------------------------------------------------


def _files() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every shipped variant file and its raw YAML."""
    for path in sorted(variant_dir().glob("*.yaml")):
        yield path, yaml.safe_load(path.read_text(encoding="utf-8"))


def _overlays() -> list[str]:
    return [raw["id"] for _, raw in _files() if raw.get("status") == "overlay"]


def _books() -> list[tuple[str, Variant]]:
    """(page name, variant) of every rulebook page: each playable variant, then each overlay
    on each variant it fits."""
    books = [(vid, load_variant(vid)) for vid in available_variants()]
    for overlay in _overlays():
        for vid in available_variants():
            try:
                books.append((f"{vid}+{overlay}", load_variant(vid, [overlay])))
            except Exception:  # the overlay's declares exclude this variant
                continue
    return books


def _bases() -> list[dict[str, Any]]:
    """The raw YAML of every abstract base (a shared core that other variants extend)."""
    return [raw for _, raw in _files() if raw.get("status") == "abstract"]


def _decisions(app: Sphinx) -> list[dict[str, str]]:
    path = Path(app.srcdir) / "decisions.yaml"
    return list(yaml.safe_load(path.read_text(encoding="utf-8")))


def _uses(variants: list[tuple[str, Variant]]) -> dict[str, list[tuple[str, str, Any]]]:
    """For each source, AMB or E id: (page, rule, provenance) of each note that cites it."""
    found: dict[str, list[tuple[str, str, Any]]] = {}
    for page, variant in variants:
        for slot, rule in variant.slots.items():
            notes = [(slot, rule.provenance)] + [
                (f"{slot}.{key}", prov) for key, prov in rule.param_provenance.items()]
            for where, prov in notes:
                for ref in prov.refs:
                    found.setdefault(ref, []).append((page, where, prov))
    return found


# -- generated pages -------------------------------------------------------------------------


def write_rulebook_stubs(app: Sphinx) -> None:
    """Write one stub per rulebook page (``.. rulebook:: id``); stale stubs are removed."""
    folder = Path(app.srcdir) / GENERATED
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {f"{page}.rst": f".. rulebook:: {page}\n" for page, _ in _books()}
    wanted.update({f"{raw['id']}.rst": f".. core-rules:: {raw['id']}\n" for raw in _bases()})
    for stale in folder.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    for name, text in wanted.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


class _RstDirective(SphinxDirective):
    """A directive whose output is reStructuredText generated from the library."""

    def rst(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        for path, _ in _files():
            self.env.note_dependency(str(path))
        node = nodes.section() if self.with_titles else nodes.container()
        node.document = self.state.document
        content = StringList(self.rst().splitlines(), source=f"<{self.name}>")
        if self.with_titles:
            nested_parse_with_titles(self.state, content, node)
        else:
            self.state.nested_parse(content, self.content_offset, node)
        return list(node.children)

    with_titles = False


class RulebookDirective(_RstDirective):
    """``.. rulebook:: altenburg-1988`` (or ``variant+overlay``): the variant's rulebook."""

    required_arguments = 1
    with_titles = True

    def rst(self) -> str:
        base, *overlays = self.arguments[0].split("+")
        return rulebook(load_variant(base, overlays), "rst")


class CoreRulesDirective(_RstDirective):
    """``.. core-rules:: german-solo-family``: an abstract base, which cannot be played alone:
    the rules it fills, with their sources, and where each variant built on it states them."""

    required_arguments = 1
    with_titles = True

    def rst(self) -> str:
        raw = next(r for r in _bases() if r["id"] == self.arguments[0])
        children = [(page, v) for page, v in _books() if raw["id"] in v.lineage
                    and "+" not in page]
        title = _esc(raw.get("title", raw["id"]))
        lines = [title, "=" * len(title), "", f"- id: {raw['id']}",
                 "- status: abstract (a shared core: it cannot be played on its own)"]
        if raw.get("summary"):
            lines.append(f"- summary: {_esc(raw['summary'])}")
        lines += ["- variants built on it: "
                  + ", ".join(f":variant:`{page}`" for page, _ in children), ""]
        for slot, rule in (raw.get("rules") or {}).items():
            heading = SECTION_TITLES.get(slot, slot)
            prov = rule.get("provenance") or {}
            refs = "; ".join(f":source:`{r}`" if not _ID.match(r) else f":decision:`{r}`"
                             for r in prov.get("refs") or [])
            lines += [heading, "-" * len(heading), "",
                      f"Module ``{rule['module']}`` with ``{_show(rule.get('params') or {})}``.",
                      "", f"{str(prov.get('basis', '')).capitalize()}: {refs}."]
            if prov.get("quote"):
                lines += ["", f"   {_esc(prov['quote'])}"]
            lines += ["", "As each variant built on it states the rule: " + ", ".join(
                f":ref:`{page} <rulebook-{page}-{slot}>`" for page, v in children
                if slot in v.slots), ""]
        return "\n".join(lines)


class FamilyTreeDirective(_RstDirective):
    """``.. family-tree::``: the family tree of the variant files (``solo_rules.lineage``),
    each game linked to its rulebook, each relation to the sources that vouch for it."""

    def rst(self) -> str:
        return "\n".join(family_tree_text(
            family_tree(), link=lambda vid: f":variant:`{vid}`",
            cite=lambda ref: f":decision:`{ref}`" if _ID.match(ref) else f":source:`{ref}`"))


class SourceListDirective(_RstDirective):
    """Every source id of the shipped variant files, with its full citation and its users."""

    def rst(self) -> str:
        cites: dict[str, str] = {}
        for _, raw in _files():
            for sid, entry in (raw.get("sources") or {}).items():
                cites.setdefault(sid, entry["cite"] if isinstance(entry, dict) else entry)
        uses = _uses(_books())
        lines = []
        for sid in sorted(cites):
            pages = sorted({page for page, _, _ in uses.get(sid, [])})
            lines += [f".. _source-{sid.lower()}:", "", f"**{sid}**", f"   {_esc(cites[sid])}"]
            if pages:
                lines += ["", "   Cited in: " + ", ".join(f":variant:`{p}`" for p in pages)]
            lines.append("")
        return "\n".join(lines)


class DecisionRegisterDirective(_RstDirective):
    """Each AMB and E id: the question, the readings, the one chosen and why, the variants
    using it and the alternatives they offer as parameter values."""

    with_titles = True

    def rst(self) -> str:
        uses = _uses(_books())
        known = set()
        lines = []
        for entry in _decisions(self.env.app):
            did = entry["id"]
            known.add(did)
            title = f"{did}: {entry['concerns']}" if did.startswith("AMB") else \
                f"{did}: {entry['chosen']}"
            lines += [f".. _decision-{did.lower()}:", "", _esc(title), "-" * len(_esc(title)), ""]
            for label, key in (("The source says", "source"), ("Readings", "readings"),
                               ("Chosen", "chosen"), ("Why", "why")):
                if key in entry and not (key == "chosen" and did.startswith("E")):
                    lines += [f"**{label}:** {_esc(entry[key])}", ""]
            if did.startswith("E"):
                lines += [f"**Used in (dossier):** {_esc(entry['concerns'])}", ""]
            cited = uses.get(did, [])
            if cited:
                lines += ["**In the variant files:**", ""]
                for page, where, prov in cited:
                    alternatives = "; ".join(str(a) for a in prov.alternatives)
                    line = f"- :ref:`{page} <rulebook-{page}-{where.split('.')[0]}>`, " \
                           f"``{where}`` ({prov.basis})"
                    if alternatives:
                        line += f"; alternatives: {_esc(alternatives)}"
                    lines.append(line)
                lines.append("")
        for did in sorted(set(uses) - known):
            if _ID.match(did):
                LOG.warning("decision %s is cited by a variant file but not in decisions.yaml",
                            did)
        return "\n".join(lines)


class ComparisonMatrixDirective(_RstDirective):
    """Every playable variant against every rule parameter, each cell linking to the rule in
    that variant's rulebook."""

    def rst(self) -> str:
        books = [(vid, load_variant(vid)) for vid in available_variants()]
        head = "   * - Rule\n" + "".join(f"     - :variant:`{vid}`\n" for vid, _ in books)
        rows = []
        for slot in SLOTS:
            params: list[str] = []
            for _, variant in books:
                rule = variant.slots.get(slot)
                if rule is not None:
                    params += [f.name for f in attrs.fields(type(rule.module))
                               if f.name not in params]
            for param in ["module", *params]:
                row = f"   * - {SECTION_TITLES[slot]}: ``{param}``\n"
                for vid, variant in books:
                    rule = variant.slots.get(slot)
                    if rule is None:
                        cell = "(none)"
                    elif param == "module":
                        cell = f"``{rule.module.module_id}``"
                    elif hasattr(rule.module, param):
                        cell = _esc(_show(getattr(rule.module, param)))
                    else:
                        cell = "(none)"
                    if rule is not None and cell != "(none)":
                        cell = f"{cell} (:ref:`rule <rulebook-{vid}-{slot}>`)"
                    row += f"     - {cell}\n"
                rows.append(row)
        return ("Two variants in full, with sources, witness deals and simulation: "
                ":doc:`/comparing`.\n\n"
                ".. list-table::\n   :header-rows: 1\n   :class: comparison-matrix\n\n"
                + head + "".join(rows))


class VariantFormatDirective(_RstDirective):
    """Every registered rule module by slot: its parameters with types, defaults and allowed
    values, from the module classes themselves."""

    with_titles = True

    def rst(self) -> str:
        lines = []
        for slot in SLOTS:
            title = f"``{slot}``: {SECTION_TITLES[slot]}"
            lines += [title, "-" * len(title), ""]
            for mid in module_ids(slot):
                cls = module_class(mid)
                assert cls is not None
                lines += [f"``{mid}``", "~" * (len(mid) + 4), "", _doc(cls), ""]
                lines += _fields_table(cls)
                if cls.topics:
                    lines += ["Rules without a parameter that may carry their own provenance: "
                              + ", ".join(f"``{t}``" for t in cls.topics), ""]
        return "\n".join(lines)


class CliReferenceDirective(_RstDirective):
    """The ``solo-rules`` command and each subcommand, from the argparse parser."""

    with_titles = True

    def rst(self) -> str:
        parser = _parser()
        lines = ["``solo-rules``", "-" * 14, "", "::", ""]
        lines += [f"   {line}" for line in _help(parser).splitlines()] + [""]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    title = f"``solo-rules {name}``"
                    lines += [title, "-" * len(title), "", "::", ""]
                    lines += [f"   {line}" for line in _help(sub).splitlines()] + [""]
        return "\n".join(lines)


class CommandOutputDirective(SphinxDirective):
    """``solo-rules-output:: compare altenburg-1988 foster``: the command run when the site is
    built (from the docs folder, so a path names a file beside the page), shown with its
    output, so the page can never show output the library no longer gives. A non-zero exit
    shows the error line the command printed."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        args = shlex.split(self.arguments[0])
        out, err = io.StringIO(), io.StringIO()
        cwd = os.getcwd()
        try:
            os.chdir(self.env.srcdir)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(args)
        finally:
            os.chdir(cwd)
        for arg in args:
            if (Path(self.env.srcdir) / arg).is_file():
                self.env.note_dependency(str(Path(self.env.srcdir) / arg))
        text = f"$ solo-rules {self.arguments[0]}\n{out.getvalue()}{err.getvalue()}".rstrip()
        if code != 0 and not err.getvalue():
            LOG.warning("solo-rules %s exited with %s and no message", self.arguments[0], code,
                        location=self.get_location())
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def _help(parser: argparse.ArgumentParser) -> str:
    """A parser's help at a fixed width, so the page does not depend on the terminal."""
    parser.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=88)
    return parser.format_help()


def _fields_table(cls: type[RuleModule]) -> list[str]:
    fields = attrs.fields(typing.cast(Any, cls))
    if not fields:
        return ["No parameters.", ""]
    hints = typing.get_type_hints(cls)
    lines = [".. list-table::", "   :header-rows: 1", "", "   * - Parameter", "     - Type",
             "     - Default", "     - Allowed values"]
    for field in fields:
        kind = hints.get(field.name, field.type)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        shown = "(required)" if default is attrs.NOTHING else f"``{_show(default)}``"
        lines += [f"   * - ``{field.name}``", f"     - ``{_type_text(kind)}``",
                  f"     - {shown}", f"     - {_esc(_allowed(kind, field))}"]
    return [*lines, ""]


def _allowed(kind: Any, field: Any) -> str:
    literal = [arg for arg in _walk(kind) if typing.get_origin(arg) is typing.Literal]
    if literal:
        return ", ".join(repr(v) for lit in literal for v in typing.get_args(lit))
    validator = field.validator
    options = getattr(validator, "options", None)
    if options is not None:
        return ", ".join(repr(v) for v in options)
    bound = getattr(validator, "bound", None)
    if bound is not None:
        return f"{getattr(validator, 'compare_op', '')} {bound}".strip()
    return "any value of the type"


def _walk(kind: Any) -> Iterator[Any]:
    yield kind
    for arg in typing.get_args(kind):
        yield from _walk(arg)


def _type_text(kind: Any) -> str:
    text = str(kind).replace("typing.", "")
    return re.sub(r"<class '(?:[\w.]+\.)?(\w+)'>", r"\1", re.sub(r"solo_rules\.[\w.]+\.", "",
                                                                 text))


def _show(value: Any) -> str:
    """A parameter value in a few words: items by their id, cards and suits by name."""
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict) or (hasattr(value, "items") and not attrs.has(type(value))):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if attrs.has(type(value)):
        for key in ("id", "contract"):
            if hasattr(value, key):
                return str(getattr(value, key))
        return type(value).__name__ + "(" + ", ".join(
            f"{f.name}={_show(getattr(value, f.name))}" for f in attrs.fields(type(value))
            if getattr(value, f.name) != f.default) + ")"
    if hasattr(value, "name") and hasattr(type(value), "__members__"):
        return str(value.name)
    return str(value)


def _doc(cls: type) -> str:
    """A module's docstring (reStructuredText already) on one line, AMB ids linked."""
    text = " ".join((cls.__doc__ or "").split())
    return re.sub(r"(?<![\w-])(AMB-\d\d)(?![\w-])", r":decision:`\1`", text)


def _esc(text: str) -> str:
    text = re.sub(r"([\\*`_|\[\]])", r"\\\1", str(text))
    return re.sub(r"(?<![\w-])(AMB-\d\d)(?![\w-])", r":decision:`\1`", text)


# -- roles -------------------------------------------------------------------------------------


def _xref(target: str, title: str, reftype: str = "ref") -> addnodes.pending_xref:
    node = addnodes.pending_xref("", nodes.inline(title, title), refdomain="std",
                                 reftype=reftype, reftarget=target, refexplicit=True,
                                 refwarn=True)
    return node


def source_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:source:`S-WIK``` links to the source's full citation."""
    return [_xref(f"source-{text.lower()}", text)], []


def decision_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                  options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:decision:`AMB-13``` links to the decision register."""
    return [_xref(f"decision-{text.lower()}", text)], []


def variant_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                 options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:variant:`foster``` links to the variant's rulebook; an abstract base has none."""
    pages = {page for page, _ in _books()} | {raw["id"] for raw in _bases()}
    if text not in pages:
        return [nodes.literal(text, text)], []
    return [_xref(f"/{GENERATED}/{text}", text, "doc")], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_rulebook_stubs)
    app.add_role("source", source_role)
    app.add_role("decision", decision_role)
    app.add_role("variant", variant_role)
    app.add_directive("rulebook", RulebookDirective)
    app.add_directive("core-rules", CoreRulesDirective)
    app.add_directive("source-list", SourceListDirective)
    app.add_directive("family-tree", FamilyTreeDirective)
    app.add_directive("decision-register", DecisionRegisterDirective)
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("variant-format", VariantFormatDirective)
    app.add_directive("cli-reference", CliReferenceDirective)
    app.add_directive("solo-rules-output", CommandOutputDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
