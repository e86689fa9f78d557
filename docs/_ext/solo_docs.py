"""The solo-rules site's Sphinx extension: every generated page comes from the library at build
time, so no generated copy is checked in to drift.

- one rulebook page per playable variant (and per overlay on each variant it fits), written as
  a one-line stub at ``builder-inited`` and filled by the ``rulebook`` directive from the
  modules' clauses (``rulebook(..., fmt="rst")``), each clause anchored at its number
  (``#4-5``); a page per abstract base (the shared core a lineage links to) by the
  ``core-rules`` directive, and the ``rulebook-index`` table;
- roles ``:source:``, ``:decision:`` and ``:variant:`` that link a source id to the source
  list, an AMB/E id to the decision register and a variant id to its rulebook;
- directives for the source list (``sources.yaml`` plus the variant files), the decision
  register (``decisions.yaml`` plus the variant files), the comparison matrix (their text
  from ``site_pages.py``, which needs no Sphinx), the variant-file format (the modules' Params
  classes) and the command-line reference (the argparse parser);
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
from docutils import nodes
from docutils.parsers.rst.states import RSTState
from docutils.statemachine import StringList
from site_pages import (
    DECISION_ID,
    bases,
    books,
    decisions,
    esc,
    files,
    matrix,
    page_names,
    register,
    rulebook_index,
    source_list,
    source_metadata,
)
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from solo_rules import load_variant
from solo_rules.bounds import limits_of
from solo_rules.cli import _parser, main
from solo_rules.describe import SECTION_TITLES, rulebook, value_text
from solo_rules.lineage import family_tree, family_tree_text
from solo_rules.requirements import needed_by
from solo_rules.schema import SLOT_TABLE, RuleModule, module_class, module_ids

LOG = logging.getLogger(__name__)
GENERATED = "rulebooks/generated"
#: A clause of a rulebook page as the rulebook writer numbers it: ``4.5 The ...``.
_CLAUSE = re.compile(r"^(\d+)\.(\d+) ")


# -- generated pages -------------------------------------------------------------------------


def write_rulebook_stubs(app: Sphinx) -> None:
    """Write one stub per rulebook page (``.. rulebook:: id``); stale stubs are removed."""
    folder = Path(app.srcdir) / GENERATED
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {f"{page}.rst": f".. rulebook:: {page}\n" for page, _ in books()}
    wanted.update({f"{raw['id']}.rst": f".. core-rules:: {raw['id']}\n" for raw in bases()})
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
        for path, _ in files():
            self.env.note_dependency(str(path))
        node = nodes.section() if self.with_titles else nodes.container()
        node.document = self.state.document
        lines = self.rst().splitlines()
        if not isinstance(self.state, RSTState):  # a Markdown (MyST) page parses Markdown
            lines = ["```{eval-rst}", *lines, "```"]
        content = StringList(lines, source=f"<{self.name}>")
        if self.with_titles:
            nested_parse_with_titles(self.state, content, node)
        else:
            self.state.nested_parse(content, self.content_offset, node)
        return list(node.children)

    with_titles = False


class RulebookDirective(_RstDirective):
    """``.. rulebook:: altenburg-1988`` (or ``variant+overlay``): the variant's rulebook, each
    clause with its citable anchor: clause 4.5 is ``altenburg-1988.html#4-5``, its number a
    link to itself."""

    required_arguments = 1
    with_titles = True

    def rst(self) -> str:
        base, *overlays = self.arguments[0].split("+")
        page = self.arguments[0]
        text = rulebook(load_variant(base, overlays), "rst")
        cite = (f"Cite a rule by its clause: ``{page}.html#4-5`` is clause 4.5, and each "
                "clause number links to its own anchor.")
        head, sep, rest = text.partition("\n\n.. _rulebook-")
        return f"{head}\n\n{cite}{sep}{rest}"

    def run(self) -> list[nodes.Node]:
        found = super().run()
        document = self.state.document
        for top in found:
            for paragraph in top.findall(nodes.paragraph):
                first = paragraph.children[0] if paragraph.children else None
                match = _CLAUSE.match(first.astext()) if isinstance(first, nodes.Text) else None
                if match is None or not isinstance(paragraph.parent, nodes.section):
                    continue
                ident = f"{match.group(1)}-{match.group(2)}"
                if ident in document.ids:
                    continue
                paragraph["ids"].insert(0, ident)
                document.ids[ident] = paragraph
                number = f"{match.group(1)}.{match.group(2)}"
                link = nodes.reference(number, number, refuri=f"#{ident}",
                                       classes=["clause-anchor"])
                paragraph.replace(first, nodes.Text(first.astext()[len(number):]))
                paragraph.insert(0, link)
        return found


class CoreRulesDirective(_RstDirective):
    """``.. core-rules:: german-solo-family``: an abstract base, which cannot be played alone:
    the rules it fills, with their sources, and where each variant built on it states them."""

    required_arguments = 1
    with_titles = True

    def rst(self) -> str:
        raw = next(r for r in bases() if r["id"] == self.arguments[0])
        children = [(page, v) for page, v in books() if raw["id"] in v.lineage
                    and "+" not in page]
        title = esc(raw.get("title", raw["id"]))
        lines = [title, "=" * len(title), "", f"- id: {raw['id']}",
                 "- status: abstract (a shared core: it cannot be played on its own)"]
        if raw.get("summary"):
            lines.append(f"- summary: {esc(raw['summary'])}")
        lines += ["- variants built on it: "
                  + ", ".join(f":variant:`{page}`" for page, _ in children), ""]
        for slot, rule in (raw.get("rules") or {}).items():
            heading = SECTION_TITLES.get(slot, slot)
            prov = rule.get("provenance") or {}
            refs = "; ".join(f":source:`{r}`" if not DECISION_ID.match(r) else
                             f":decision:`{r}`" for r in prov.get("refs") or [])
            params = "; ".join(f"{key.replace('_', ' ')}: {value_text(value)}"
                               for key, value in (rule.get("params") or {}).items())
            lines += [heading, "-" * len(heading), "",
                      f"Module ``{rule['module']}``" + (f": {esc(params)}." if params else "."),
                      "", f"{str(prov.get('basis', '')).capitalize()}: {refs}."]
            if prov.get("quote"):
                lines += ["", f"   {esc(prov['quote'])}"]
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
            cite=lambda ref: (f":decision:`{ref}`" if DECISION_ID.match(ref)
                              else f":source:`{ref}`")))


class SourceListDirective(_RstDirective):
    """Every source id of the shipped variant files: its citation, what is known of it
    (docs/sources.yaml) and the rulebooks citing it."""

    with_titles = True

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(Path(self.env.srcdir) / "sources.yaml"))
        return super().run()

    def rst(self) -> str:
        return source_list(books(), source_metadata(Path(self.env.srcdir)))


class DecisionRegisterDirective(_RstDirective):
    """The decision register (``site_pages.register``); each decision's section anchored at
    its id (``decisions.html#amb-13``), so the heading's permalink is the one to cite."""

    with_titles = True

    def rst(self) -> str:
        entries = decisions(Path(self.env.srcdir))
        known = {entry["id"] for entry in entries}
        for did in sorted({ref for _, v in books() for rule in v.slots.values()
                           for prov in (rule.provenance, *rule.param_provenance.values())
                           for ref in prov.refs} - known):
            if DECISION_ID.match(did):
                LOG.warning("decision %s is cited by a variant file but not in decisions.yaml",
                            did)
        return register(entries, books())

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(Path(self.env.srcdir) / "decisions.yaml"))
        found = super().run()
        document = self.state.document
        for top in found:
            for section in top.findall(nodes.section):
                title = section.next_node(nodes.title)
                match = re.match(r"^(AMB-\d\d|E\d+): ", title.astext() if title else "")
                ident = match.group(1).lower() if match else None
                if ident and ident not in document.ids:
                    section["ids"].insert(0, ident)
                    document.ids[ident] = section
        return found


class ComparisonMatrixDirective(_RstDirective):
    """Every rule parameter of the playable variants, by rulebook section, each value in the
    rulebook's words with the variants that give it (``site_pages.matrix``)."""

    with_titles = True

    def rst(self) -> str:
        return matrix([(page, v) for page, v in books() if "+" not in page])


class RulebookIndexDirective(_RstDirective):
    """The playable variants with their summaries and the optional rules fitting each."""

    def rst(self) -> str:
        return rulebook_index(books(), "generated")


class VariantFormatDirective(_RstDirective):
    """Every registered rule module by slot: its parameters with types, defaults and allowed
    values, from the module classes themselves."""

    with_titles = True

    def rst(self) -> str:
        lines = []
        for spec in SLOT_TABLE:
            slot = spec.name
            title = f"``{slot}``: {SECTION_TITLES[slot]}"
            lines += [title, "-" * len(title), ""]
            if spec.optional:
                users = ", ".join(f"``{mid}``" for mid in needed_by(slot)) or "no module"
                lines += [f"Optional: a variant may leave it empty unless one of its modules "
                          f"needs it; modules that may: {users}.", ""]
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
                  f"     - {shown}", f"     - {esc(_allowed(kind, field, cls))}"]
    return [*lines, ""]


def _allowed(kind: Any, field: Any, cls: type) -> str:
    limit = limits_of(cls).get(field.name)
    if limit is not None:  # checked at load, in terms of the table (hand: cards a hand)
        return str(limit)
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
            if isinstance(getattr(value, key, None), str):
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


# -- checks of the built pages -----------------------------------------------------------------

#: markup a page would show as text had its parser not read it: a directive, a role, a fence
_UNRENDERED = re.compile(r"(?:^|\s)\.\. [a-z][\w-]*::|:[a-z][\w-]*:`|```|\{[a-z][\w-]*\}`")
#: nodes whose text is shown as written, markup included on purpose
_VERBATIM = (nodes.literal, nodes.literal_block, nodes.raw, nodes.comment)


def check_unrendered_markup(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Warn (``-W`` fails the build) where a page shows reStructuredText or MyST markup as
    text, as a directive's rST parsed as Markdown once did: Sphinx itself says nothing."""
    for text in doctree.findall(nodes.Text):
        parent = text.parent
        if any(isinstance(node, _VERBATIM) for node in _ancestors(parent)):
            continue
        found = _UNRENDERED.search(text.astext())
        if found:
            LOG.warning("markup left unrendered on page %s: %r", docname,
                        found.group(0).strip(), location=parent)


def _ancestors(node: nodes.Node | None) -> Iterator[nodes.Node]:
    while node is not None:
        yield node
        node = node.parent


def check_unique_titles(app: Sphinx, env: Any) -> None:
    """Warn when two pages share a title, which the navigation and search cannot tell apart."""
    pages: dict[str, list[str]] = {}
    for docname, title in env.titles.items():
        pages.setdefault(title.astext(), []).append(docname)
    for title, names in sorted(pages.items()):
        if len(names) > 1:
            LOG.warning("pages %s share the title %r", ", ".join(sorted(names)), title)


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
    """``:variant:`foster``` (or ``:variant:`title <foster+matador-renege>```) links to the
    variant's rulebook; an abstract base has none."""
    shown, target = text, text
    explicit = re.fullmatch(r"(.+?)\s*<([^<>]+)>", text)
    if explicit:
        shown, target = explicit.group(1), explicit.group(2)
    if target not in page_names():
        return [nodes.literal(shown, shown)], []
    return [_xref(f"/{GENERATED}/{target}", shown, "doc")], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_rulebook_stubs)
    app.connect("doctree-resolved", check_unrendered_markup)
    app.connect("env-check-consistency", check_unique_titles)
    app.add_role("source", source_role)
    app.add_role("decision", decision_role)
    app.add_role("variant", variant_role)
    app.add_directive("rulebook", RulebookDirective)
    app.add_directive("core-rules", CoreRulesDirective)
    app.add_directive("source-list", SourceListDirective)
    app.add_directive("family-tree", FamilyTreeDirective)
    app.add_directive("decision-register", DecisionRegisterDirective)
    app.add_directive("comparison-matrix", ComparisonMatrixDirective)
    app.add_directive("rulebook-index", RulebookIndexDirective)
    app.add_directive("variant-format", VariantFormatDirective)
    app.add_directive("cli-reference", CliReferenceDirective)
    app.add_directive("solo-rules-output", CommandOutputDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
