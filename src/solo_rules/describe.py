"""The rulebook of a variant, assembled from its modules' own clauses (one source of truth).

Each section is one rulebook slot, in ``SLOTS`` order: the clauses the module's ``describe()``
gives for its parameters (omitting those about a kind of contract the variant lacks), each
citing the notes of exactly the parameters it states (an item's field's, an item's, a
parameter's or else the slot's provenance: each note vouches for the value it was written for,
and names the file that wrote it where two files wrote one for the same rule), and a visible
note for every editorial choice, with its alternatives and rationale, and for every inference
that says how it was reached. Notes are numbered in order of first citation, so every note is
cited. Nothing here is written per variant, so the prose cannot drift from the behaviour.
"""

from __future__ import annotations

import abc
import enum
import os
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Literal, cast

import attrs

from solo_rules.cards import Card, Rank, Suit, parse_card
from solo_rules.errors import SoloRulesError, wrong_type
from solo_rules.rules.slots import ladder_of
from solo_rules.schema import SLOT_OF, SLOTS, Clause, Provenance
from solo_rules.variant import SlotRule, Variant, available_overlays, load_variant, overlay_title

__all__ = ["FORMATS", "GLOSSARY", "SECTION_TITLES", "Book", "Note", "Section", "compose",
           "note_of", "phase_slots", "rulebook", "value_text"]

Format = Literal["text", "markdown", "rst"]

#: The formats ``rulebook`` writes.
FORMATS: tuple[str, ...] = ("text", "markdown", "rst")

class _Titles(Mapping[str, str]):
    """The heading of each rulebook slot, read from the slot table (``Slot.title``), so that a
    slot an installed package adds has its heading too."""

    def __getitem__(self, name: str) -> str:
        return SLOT_OF[name].title

    def __iter__(self) -> Iterator[str]:
        return iter(SLOTS)

    def __len__(self) -> int:
        return len(SLOTS)


#: The heading of each rulebook slot (``Slot.title``).
SECTION_TITLES: Mapping[str, str] = _Titles()

#: Terms of the German Solo family (DOSSIER §1.3, §1.8): term, meaning, and the pattern of the
#: rulebook words that use it; a rulebook's glossary has the terms its clauses use.
GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("called card", "The card the declarer names to choose his partner; its holder is the "
                    "partner, secretly until the card is played or he must reveal himself.",
     r"called card"),
    ("colour", "The suit whose games are played \"in colour\" and are worth a multiple of "
               "the same game \"in suit\".", r"in colour"),
    ("declarer", "The player who wins the auction (or is forced to play) and declares the "
                 "contract.", r"declarer"),
    ("defenders", "The players who are not in the declarer's party.", r"defender|adversar"),
    ("eldest", "The player next to the dealer in the direction of play: he is dealt to first, "
               "speaks first in the auction and leads to the first trick.", r"[Ee]ldest"),
    ("First / Last", "Winning each of the first tricks, and then every trick, for extra value.",
     r"\"First\""),
    ("forced contract", "The contract a player must play when everyone passes (Mussfrage, "
                        "Forcée, forced spadille).", r"everyone passes, the player holding"),
    ("Helfer? / Hier!", "The declarer's question \"partner?\" and the partner's answer, which "
                        "makes the partner known.", r"Helfer"),
    ("mackers", "The top trumps counted for extra value when the party held them in unbroken "
                "order.", r"[Mm]acker"),
    ("matadors", "The highest trumps, whatever suit is trump, which the order of the cards "
                 "names (in German Solo ♣Q, the seven of trumps and ♠Q).", r"matador"),
    ("misère", "A contract in which the declarer must take no trick.", r"must take no trick"),
    ("party", "The declarer together with his partner, if he has one.", r"party"),
    ("preferred suit", "A suit whose contracts outrank the same contract in another suit: "
                       "couleur favorite, Hauptfarbe.", r"ranks above the same contract"),
    ("prime", "Stopping after the party has won each of the first tricks, for a bonus.",
     r"prime"),
    ("Solo", "A contract the declarer plays alone against the other players.", r"\bSolo\b"),
    ("Tout", "Taking every trick: announced with the declaration, or played on for after "
             "the first tricks.", r"\bTout\b"),
    ("trick", "One card from each player in turn; the highest trump, or else the highest card "
              "of the suit led, wins it.", r"trick"),
)

#: How a note names its basis.
BASIS_WORDS: Mapping[str, str] = {"stated": "Stated", "inferred": "Inferred",
                                  "editorial": "Editorial choice", "house": "House rule"}

#: A clause naming what a variant lacks: the terms it names are not used.
_ABSENT = re.compile(r"there is no bonus for [^.;]*")

#: A contract named in a clause as ``⟨id⟩`` is printed with its display name.
_CONTRACT_REF = re.compile(r"⟨([^⟩]+)⟩")

#: A card as a variant file writes it (``CQ``, ``H10``), printed as the rulebook prints cards.
_CARD_TEXT = re.compile(r"[CSHD](?:10|[AKQJT987])")


def value_text(value: object) -> str:
    """A rule parameter's value in a reader's words, as the rulebook writes them: cards and
    suits by their symbols (``♣Q``, ``♣``), ranks as ``A K Q J 10``, yes and no, names with
    spaces (``same dealer redeals``), a contract by its name, a listed item by its id, another
    rule item by its fields that differ from their defaults; the value ``None`` is ``none``,
    an empty list ``(none)``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return value.symbol_text
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Rank):
        return "10" if value is Rank.TEN else value.letter
    if isinstance(value, enum.Enum):
        return str(value.name).lower().replace("_", " ")
    if isinstance(value, str):
        return parse_card(value).symbol_text if _CARD_TEXT.fullmatch(value) \
            else value.replace("_", " ")
    if isinstance(value, Mapping):
        return "; ".join(f"{value_text(key)}: {value_text(item)}" for key, item in value.items())
    if isinstance(value, list | tuple | frozenset):
        if not value:
            return "(none)"
        simple = all(isinstance(item, int | Rank | Card | Suit) for item in value)
        return (" " if simple else ", ").join(
            value_text(item.id) if _named_item(item) else value_text(item) for item in value)
    if attrs.has(type(value)):
        return _item_text(value)
    return str(value)


def _item_text(item: object) -> str:
    """A rule item (a bid, a level, a duty): a contract by its name, else its first required
    field, then each field that differs from its default, in brackets."""
    name = getattr(item, "name", None)
    if isinstance(name, str) and hasattr(item, "id"):  # a contract of the ladder
        return name
    head, parts = "", []
    fields = attrs.fields(cast(Any, type(item)))
    for field in fields:
        shown = getattr(item, field.name)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        if default is attrs.NOTHING and not head:
            head = value_text(shown)
        elif shown != default:
            parts.append(f"{field.name.replace('_', ' ')} {value_text(shown)}")
    if not head:  # every field has a default: the changed ones, or else all of them
        return "; ".join(parts or [f"{field.name.replace('_', ' ')} "
                                   f"{value_text(getattr(item, field.name))}"
                                   for field in fields])
    return f"{head} ({'; '.join(parts)})" if parts else head


def _named_item(item: object) -> bool:
    """A rule item of a list known by its id (a bid), whose details its rule states."""
    return attrs.has(type(item)) and isinstance(getattr(item, "id", None), str) \
        and not isinstance(getattr(item, "name", None), str)


@attrs.frozen
class Note:
    """One numbered source note: the provenance of the rule ``where`` (``slot`` or
    ``slot.param``), numbered in order of first citation."""

    number: int
    where: str
    provenance: Provenance


@attrs.frozen
class Section:
    """One rulebook slot: its clauses with the numbers of the notes each cites, and the notes
    first cited here."""

    slot: str
    title: str
    clauses: tuple[tuple[str, tuple[int, ...]], ...]
    notes: tuple[Note, ...]


@attrs.frozen
class Book:
    """A rulebook as data, for any writer: the variant, its sections, the sources and the
    dossier ids it cites, and the glossary of the terms it uses."""

    variant: Variant
    sections: tuple[Section, ...]
    cited: tuple[str, ...]
    glossary: tuple[tuple[str, str], ...]

    @property
    def notes(self) -> tuple[Note, ...]:
        """Every note, in number order."""
        return tuple(note for section in self.sections for note in section.notes)

    def to_dict(self) -> dict[str, Any]:
        """The rulebook as JSON-ready data (``solo-rules rules --json``): the variant, each
        section's numbered clauses with the notes they cite, the notes with their basis,
        sources, quotation and any editorial alternatives, the sources and the glossary."""
        variant = self.variant
        return {
            "id": variant.id, "title": variant.title, "status": variant.status,
            "summary": variant.summary, "lineage": list(variant.lineage),
            "overlays": list(variant.overlays),
            "sections": [{"number": position, "slot": section.slot, "title": section.title,
                          "clauses": [{"number": f"{position}.{index}", "text": text,
                                       "notes": list(marks)}
                                      for index, (text, marks) in
                                      enumerate(section.clauses, start=1)]}
                         for position, section in enumerate(self.sections, start=1)],
            "notes": [{"number": note.number, "where": note.where,
                       **attrs.asdict(note.provenance, recurse=False)}
                      for note in self.notes],
            "sources": [{"id": ref, "cite": cite} for ref, cite in source_listing(self)],
            "glossary": [{"term": term, "meaning": meaning} for term, meaning in self.glossary],
        }


def features(variant: Variant) -> set[str]:
    """The kinds of contract the variant has, for clauses that need one (``Clause.needs``)."""
    ladder = ladder_of(variant.modules).contracts
    found = {""}
    if any(c.trump_by == "none" for c in ladder):
        found.add("no_trump")
    if any(c.single_player != "declarer" for c in ladder):
        found.add("declarerless")
    if any(c.partner == "called_card" for c in ladder):
        found.add("partnership")
    if any(c.partner == "none" and c.single_player == "declarer" for c in ladder):
        found.add("alone")
    if any(c.misere for c in ladder):
        found.add("misere")
    return found


def phase_slots(variant: Variant) -> dict[str, str]:
    """The slot whose module owns each phase of the hand, so a table can point at that
    section of the rulebook (pack, ranks, scoring and settlement own none: no ``stages``)."""
    return {stage.phase: slot for slot, rule in variant.slots.items()
            for stage in getattr(rule.module, "stages", tuple)()}


def compose(variant: Variant | str) -> Book:
    """The rulebook of ``variant`` as data: each module's clauses for the features the variant
    has, each citing the notes of exactly the parameters it states."""
    if isinstance(variant, str | os.PathLike):
        variant = load_variant(variant)
    if not isinstance(variant, Variant):
        raise wrong_type("rulebook", "variant", "a Variant, its id or a path", variant)
    has = features(variant)
    names = {c.id: c.name for c in ladder_of(variant.modules).contracts}
    drafts = []  # per slot: its clauses' texts, each with the notes it cites
    for slot in (s for s in SLOTS if s in variant.slots):
        rule = variant.slots[slot]
        clauses = []
        for clause in rule.module.describe_in(variant.modules):
            if clause.needs not in has:
                continue
            text = _CONTRACT_REF.sub(lambda m: names.get(m.group(1), m.group(1)), clause.text)
            clauses.append((text, _provenances(slot, rule, clause)))
        drafts.append((slot, clauses))
    shown = _shown_wheres([cited for _, clauses in drafts for _, notes in clauses
                           for cited in notes])
    sections = []
    numbers: dict[tuple[str, str], int] = {}
    cited: list[str] = []
    for slot, clauses in drafts:
        marked, notes = [], []
        for text, found in clauses:
            marks = []
            for where, prov in found:
                key = (where, prov.set_by)
                if key not in numbers:
                    numbers[key] = len(numbers) + 1
                    notes.append(Note(numbers[key], shown[key], prov))
                    cited += [ref for ref in prov.refs if ref not in cited]
                if numbers[key] not in marks:
                    marks.append(numbers[key])
            marked.append((text, tuple(marks)))
        sections.append(Section(slot, SECTION_TITLES.get(slot, slot), tuple(marked),
                                tuple(notes)))
    body = " ".join(text for section in sections for text, _ in section.clauses)
    used = _ABSENT.sub("", body)  # "there is no bonus for prime" uses no prime
    glossary = tuple((term, meaning) for term, meaning, cue in GLOSSARY if re.search(cue, used))
    return Book(variant, tuple(sections), tuple(cited), glossary)


def _provenances(slot: str, rule: SlotRule, clause: Clause) -> list[tuple[str, Provenance]]:
    """The note of each parameter a clause states: its item's (``param.item``), else its
    parameter's, else the slot's; the slot's for a clause that states no parameter. Each is
    named by the rule it was written for, a house rule by the value it sets."""
    firsts: dict[Provenance, str] = {}
    for param in clause.params or ("",):
        firsts.setdefault(note_of(rule, param), param)
    found = []
    for prov, param in firsts.items():
        if prov.written_for and prov.basis != "house":
            found.append((prov.written_for, prov))
        else:  # a house rule (or a note the loader did not sign) names the value it sets
            key = next((k for k in _wider(param) if k in rule.param_provenance), "")
            found.append((f"{slot}.{param if prov.basis == 'house' else key}"
                          if key else slot, prov))
    return found


def _wider(param: str) -> list[str]:
    """``param`` and each wider rule it belongs to (``contracts.solo.base``,
    ``contracts.solo``, ``contracts``); none for ``""``."""
    parts = param.split(".") if param else []
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]


def note_of(rule: SlotRule, param: str) -> Provenance:
    """The note that vouches for ``param`` (a parameter or topic, an item ``param.item``, an
    item's field ``param.item.field``, or ``""`` for the slot's rule): its own, else the
    nearest wider rule's, else the slot's."""
    for key in _wider(param):
        if key in rule.param_provenance:
            return rule.param_provenance[key]
    return rule.provenance


def _shown_wheres(cited: list[tuple[str, Provenance]]) -> dict[tuple[str, str], str]:
    """How each note names its rule: as written for, and where two files wrote a note for the
    same rule (a child's slot note beside its parent's, kept for a value the child left
    alone), with the file it comes from."""
    files: dict[str, set[str]] = {}
    for where, prov in cited:
        files.setdefault(where, set()).add(prov.set_by)
    return {(where, prov.set_by): f"{where}, in {prov.set_by}"
            if len(files[where]) > 1 and prov.set_by else where for where, prov in cited}


def rulebook(variant: Variant | str, fmt: Format = "text") -> str:
    """The rulebook of ``variant`` (a ``Variant``, an id or a path) as plain text, Markdown or
    reStructuredText (``FORMATS``)."""
    if fmt not in FORMATS:
        raise SoloRulesError(f"rulebook format must be one of {', '.join(FORMATS)}, got "
                             f"{fmt!r:.60}")
    book = compose(variant)
    writers: dict[str, type[_Text | _Markdown | _Rst]] = {
        "text": _Text, "markdown": _Markdown, "rst": _Rst}
    writer: _Writer = writers[fmt](book)
    out = writer.header()
    for position, section in enumerate(book.sections, start=1):
        out += writer.section(position, section)
    return out + writer.sources() + writer.glossary()


def note_text(book: Book, note: Note, ref: Callable[[str], str] = str) -> str:
    """A note in one line: basis, where, the sources (each through ``ref``), the quotation."""
    prov = note.provenance
    text = f"{BASIS_WORDS[prov.basis]} ({note.where})"
    if prov.set_by and prov.basis == "house":
        text += f", set by the variant file {prov.set_by}"
    if prov.refs:
        text += ": " + "; ".join(ref(r) for r in prov.refs)
    if prov.quote:
        text += f'. Source: "{prov.quote}"'
    return text + "."


def editorial_text(prov: Provenance) -> str:
    """An editorial choice's (or an inference's) rationale and the alternatives a variant file
    may pick, if any."""
    if not prov.alternatives:
        return prov.rationale
    return f"{prov.rationale} Alternatives: {'; '.join(str(a) for a in prov.alternatives)}."


def _reasoned(note: Note) -> str | None:
    """How the margin names a note's reasoning: an editorial choice always has one, an
    inference may say how it was reached; other notes show none."""
    if note.provenance.basis == "editorial":
        return "editorial"
    if note.provenance.basis == "inferred" and note.provenance.rationale:
        return "inferred"
    return None


def source_listing(book: Book) -> list[tuple[str, str]]:
    """The sources cited, in order of first mention, then the dossier ids cited."""
    sources = book.variant.sources
    out = [(ref, sources[ref]) for ref in book.cited if ref in sources]
    for pattern, what in ((r"AMB-\d+", "ambiguities in the sources, each resolved in the "
                                      "decision register (docs/decisions.yaml; the "
                                      "documentation site's Decision register page) with the "
                                      "question, the reading chosen and its alternatives"),
                          (r"E\d+", "editorial choices where no source decides, listed in the "
                                     "same decision register")):
        ids = sorted((r for r in book.cited if re.fullmatch(pattern, r)),
                     key=lambda r: int(re.sub(r"\D", "", r)))
        if ids:
            out.append((", ".join(ids), what))
    return out


class _Writer(abc.ABC):
    """One output format; ``ref`` prints a source id, with its citation at first mention."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.seen: set[str] = set()

    def ref(self, ref: str) -> str:
        if ref not in self.seen and ref in self.book.variant.sources:
            self.seen.add(ref)
            return f"{ref} ({self.book.variant.sources[ref]})"
        return ref

    @abc.abstractmethod
    def header(self) -> str:
        """The header in this format."""

    @abc.abstractmethod
    def section(self, position: int, section: Section) -> str:
        """The section in this format."""

    @abc.abstractmethod
    def sources(self) -> str:
        """The sources in this format."""

    @abc.abstractmethod
    def glossary(self) -> str:
        """The glossary in this format."""


class _Text(_Writer):
    """Plain text: underlined headings, numbered clauses with [n] note markers."""

    def header(self) -> str:
        title = self.book.variant.title
        lines = [title, "=" * len(title), *_header_fields(self.book.variant), ""]
        return "\n".join(lines) + "\n"

    def section(self, position: int, section: Section) -> str:
        heading = f"{position}. {section.title}"
        lines = [heading, "-" * len(heading)]
        for index, (text, marks) in enumerate(section.clauses, start=1):
            lines.append(f"{position}.{index} {text} " + "".join(f"[{n}]" for n in marks))
        lines.append("")
        for note in section.notes:
            lines.append(f"[{note.number}] {note_text(self.book, note, self.ref)}")
            kind = _reasoned(note)
            if kind:
                head = "EDITORIAL NOTE" if kind == "editorial" else "INFERENCE"
                lines.append(f"    {head}: {editorial_text(note.provenance)}")
        lines.append("")
        return "\n".join(lines) + "\n"

    def sources(self) -> str:
        lines = ["Sources", "-------"]
        lines += [f"{ref}: {cite}" for ref, cite in source_listing(self.book)]
        return "\n".join(lines) + "\n\n"

    def glossary(self) -> str:
        lines = ["Glossary", "--------"]
        lines += [f"{term}: {meaning}" for term, meaning in self.book.glossary]
        return "\n".join(lines) + "\n"


class _Markdown(_Writer):
    """Markdown: a heading per slot, clauses as a list with ``[^n]`` footnotes, and editorial
    choices as block quotes so they show where the rule is."""

    def header(self) -> str:
        lines = [f"# {self.book.variant.title}", ""]
        lines += [f"- {line}" for line in _header_fields(self.book.variant)]
        return "\n".join(lines) + "\n\n"

    def section(self, position: int, section: Section) -> str:
        lines = [f"## {position}. {section.title}", ""]
        lines += [f"{index}. {text}" + "".join(f"[^{n}]" for n in marks)
                  for index, (text, marks) in enumerate(section.clauses, start=1)]
        lines.append("")
        for note in section.notes:
            kind = _reasoned(note)
            if kind:
                head = "Editorial note" if kind == "editorial" else "Inference"
                lines += [f"> **{head}** ({note.where}): {editorial_text(note.provenance)}", ""]
        lines += [f"[^{note.number}]: {note_text(self.book, note, self.ref)}"
                  for note in section.notes]
        lines.append("")
        return "\n".join(lines) + "\n"

    def sources(self) -> str:
        lines = ["## Sources", ""]
        lines += [f"- **{ref}**: {cite}" for ref, cite in source_listing(self.book)]
        return "\n".join(lines) + "\n\n"

    def glossary(self) -> str:
        lines = ["## Glossary", ""]
        lines += [f"- **{term}**: {meaning}" for term, meaning in self.book.glossary]
        return "\n".join(lines) + "\n"


class _Rst(_Writer):
    """reStructuredText, for the documentation site: numbered footnotes, editorial notes as
    ``admonition`` blocks, and source, dossier and variant ids as roles (``:source:``,
    ``:decision:``, ``:variant:``) that the site's extension links to the source list, the
    decision register and the rulebooks."""

    def ref(self, ref: str) -> str:
        if ref in self.book.variant.sources:
            return f":source:`{ref}`"
        return f":decision:`{ref}`"

    def header(self) -> str:
        variant = self.book.variant
        title = _rst_escape(variant.title)
        lines = [title, "=" * len(title), ""]
        for line in _header_fields(variant):
            if line.startswith("lineage: "):
                line = "lineage: " + " ← ".join(f":variant:`{v}`" for v in variant.lineage)
                lines.append(f"- {line}")
            else:
                lines.append(f"- {_rst_escape(line)}")
        return "\n".join(lines) + "\n\n"

    def section(self, position: int, section: Section) -> str:
        heading = f"{position}. {section.title}"
        label = f".. _rulebook-{self.book.variant.id}-{section.slot}:"
        lines = [label, "", heading, "-" * len(heading), ""]
        for index, (text, marks) in enumerate(section.clauses, start=1):
            lines.append(f"{position}.{index} {_rst_escape(text)}"
                         + "".join(f" [{n}]_" for n in marks))
            lines.append("")
        for note in section.notes:
            kind = _reasoned(note)
            if kind:
                head = "Editorial choice" if kind == "editorial" else "Inference"
                lines += [f".. admonition:: {head} ({_rst_escape(note.where)})", "",
                          f"   {_rst_escape(note.provenance.rationale)}", ""]
                if note.provenance.alternatives:
                    lines += ["   Alternatives: " + "; ".join(
                        _rst_escape(str(a)) for a in note.provenance.alternatives), ""]
        for note in section.notes:
            text = _rst_escape_note(note_text(self.book, note, self.ref))
            lines += [f".. [{note.number}] {text}", ""]
        return "\n".join(lines) + "\n"

    def sources(self) -> str:
        lines = ["Sources", "-------", ""]
        for refs, cite in source_listing(self.book):
            linked = ", ".join(self.ref(ref) for ref in refs.split(", "))
            lines.append(f"- {linked}: {_rst_escape(cite)}")
        return "\n".join(lines) + "\n\n"

    def glossary(self) -> str:
        lines = ["Glossary", "--------", ""]
        for term, meaning in self.book.glossary:
            lines += [_rst_escape(term), f"   {_rst_escape(meaning)}"]
        return "\n".join(lines) + "\n"


def _rst_escape(text: str) -> str:
    """``text`` with the characters reStructuredText would read as markup escaped, and each
    AMB-nn id a ``:decision:`` link."""
    text = re.sub(r"([\\*`_|\[\]])", r"\\\1", text)
    return re.sub(r"(?<![\w-])(AMB-\d\d)(?![\w-])", r":decision:`\1`", text)


def _rst_escape_note(text: str) -> str:
    """A note's text escaped, except the roles it holds."""
    parts = re.split(r"(:(?:source|decision|variant):`[^`]+`)", text)
    return "".join(part if index % 2 else _rst_escape(part) for index, part in enumerate(parts))


def _header_fields(variant: Variant) -> list[str]:
    lineage = " <- ".join(variant.lineage)
    fields = [f"id: {variant.id}", f"status: {variant.status}", f"lineage: {lineage}"]
    if variant.overlays:
        shipped = set(available_overlays())  # a file of one's own is named by its id only
        fields.append("overlays: " + ", ".join(
            f"{name} ({overlay_title(name)})" if name in shipped else name
            for name in variant.overlays))
    if variant.summary:
        fields.append(f"summary: {variant.summary}")
    return fields
