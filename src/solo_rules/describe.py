"""The rulebook of a variant, assembled from its modules' own clauses (one source of truth).

Each section is one rulebook slot, in ``SLOTS`` order: the clauses the module's ``describe()``
gives for its parameters, a note number on every clause pointing to where that rule comes from
(the slot's provenance, or the parameter's own), and a visible note for every editorial choice
with its alternatives and rationale. Nothing here is written per variant, so the prose cannot
drift from the behaviour.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

import attrs

from solo_rules.errors import SoloRulesError
from solo_rules.schema import SLOTS, Clause, Provenance
from solo_rules.variant import SlotRule, Variant, load_variant

__all__ = ["GLOSSARY", "SECTION_TITLES", "rulebook"]

Format = Literal["text", "markdown"]

#: The heading of each rulebook slot.
SECTION_TITLES: Mapping[str, str] = {
    "pack": "Players and cards",
    "deal": "The deal",
    "ranks": "The order of the cards",
    "auction": "Bidding",
    "contracts": "Contracts",
    "partner": "The called partner",
    "play": "Playing the tricks",
    "early_end": "Ending the play early",
    "scoring": "Scoring a hand",
    "settlement": "Settling up",
}

#: Terms of the German Solo family, as this rulebook uses them (DOSSIER §1.3, §1.8).
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("called card", "The card the declarer names to choose his partner; its holder is the "
                    "partner, secretly until the card is played or he must reveal himself."),
    ("declarer", "The player who wins the auction (or is forced to play) and declares the "
                 "contract."),
    ("defenders", "The players who are not in the declarer's party."),
    ("eldest", "The player on the dealer's left: he is dealt to first, speaks first in the "
               "auction and leads to the first trick."),
    ("Helfer? / Hier!", "The declarer's question \"partner?\" and the partner's answer, which "
                        "makes the partner known."),
    ("matadors", "The three highest trumps, whatever suit is trump: Spadille (♣Q, Eichel-Ober), "
                 "Manille (the seven of trumps) and Basta (♠Q, Grün-Ober)."),
    ("Mussfrage / Force", "The contract a player must play when everyone passes."),
    ("party", "The declarer together with his partner, if he has one."),
    ("preferred suit", "A suit (usually clubs, Acorns) whose contracts outrank the same contract "
                       "in another suit: couleur favorite, Hauptfarbe."),
    ("prime", "Stopping after the party has won each of the first tricks, for a bonus."),
    ("Solo", "A contract the declarer plays alone against the other players."),
    ("Tout", "Taking every trick: announced with the declaration, or played on for after "
             "prime (Durchmarsch)."),
    ("trick", "One card from each player in turn; the highest trump, or else the highest card "
              "of the suit led, wins it."),
)


@attrs.frozen
class _Note:
    """One numbered source note: the provenance and the rule it supports (``slot`` or
    ``slot.param``)."""

    number: int
    where: str
    provenance: Provenance


def rulebook(variant: Variant | str, fmt: Format = "text") -> str:
    """The rulebook of ``variant`` (a ``Variant``, an id or a path) as plain text or Markdown."""
    if fmt not in ("text", "markdown"):
        raise SoloRulesError(f"rulebook format must be 'text' or 'markdown', got {fmt!r:.60}")
    if isinstance(variant, str):
        variant = load_variant(variant)
    citer = _Citer(variant.sources)
    writer = _Markdown(citer) if fmt == "markdown" else _Text(citer)
    out = writer.header(variant)
    number = 0
    for position, slot in enumerate((s for s in SLOTS if s in variant.slots), start=1):
        rule = variant.slots[slot]
        notes, marker = _notes(slot, rule, number)
        number += len(notes)
        clauses = [(clause.text, marker(clause)) for clause in rule.module.describe()]
        out += writer.section(position, SECTION_TITLES.get(slot, slot), clauses, notes)
    return out + writer.sources() + writer.glossary()


def _notes(slot: str, rule: SlotRule, start: int) -> tuple[list[_Note], Callable[[Clause], int]]:
    """The notes of one slot (its own provenance first, then each parameter's), and a function
    giving the note number of a clause: its parameter's note if it has one, else the slot's."""
    notes = [_Note(start + 1, slot, rule.provenance)]
    by_param = {}
    for offset, (param, provenance) in enumerate(rule.param_provenance.items(), start=2):
        by_param[param] = start + offset
        notes.append(_Note(start + offset, f"{slot}.{param}", provenance))

    def marker(clause: Clause) -> int:
        return by_param.get(clause.param.split(".")[0], start + 1)

    return notes, marker


class _Citer:
    """Citation text: a source's full citation at its first mention, its id after that; every
    reference cited is listed again, with what it is, at the end of the book."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        self.sources = sources
        self.cited: list[str] = []

    def ref(self, ref: str) -> str:
        """The text of one reference; AMB-nn and En ids are explained in the source list."""
        if ref not in self.cited:
            self.cited.append(ref)
            if ref in self.sources:
                return f"{ref} ({self.sources[ref]})"
        return ref

    def note(self, note: _Note) -> str:
        """The note in one line: basis, sources, and the quoted sentence."""
        prov = note.provenance
        text = {"stated": "Stated", "inferred": "Inferred", "editorial": "Editorial choice",
                "house": "House rule"}[prov.basis]
        text += f" ({note.where})"
        if prov.refs:
            text += ": " + "; ".join(self.ref(ref) for ref in prov.refs)
        if prov.quote:
            text += f'. Source: "{prov.quote}"'
        return text + "."

    def listing(self) -> list[tuple[str, str]]:
        """The sources cited, in order of first mention, then the dossier ids cited."""
        out = [(ref, self.sources[ref]) for ref in self.cited if ref in self.sources]
        for pattern, what in ((r"AMB-\d+", "ambiguities resolved in the rules dossier "
                                           "(DOSSIER.md §3), with the alternatives"),
                              (r"E\d+", "editorial choices listed in the rules dossier "
                                        "(DOSSIER.md §6)")):
            ids = sorted((r for r in self.cited if re.fullmatch(pattern, r)),
                         key=lambda r: int(re.sub(r"\D", "", r)))
            if ids:
                out.append((", ".join(ids), what))
        return out


def _editorial_text(note: _Note) -> str:
    """An editorial choice's rationale and the alternatives a variant file may pick."""
    prov = note.provenance
    return f"{prov.rationale} Alternatives: {'; '.join(str(a) for a in prov.alternatives)}."


class _Text:
    """Plain text: underlined headings, numbered clauses with [n] note markers."""

    def __init__(self, citer: _Citer) -> None:
        self.citer = citer

    def header(self, variant: Variant) -> str:
        lines = [variant.title, "=" * len(variant.title), *_header_fields(variant), ""]
        return "\n".join(lines) + "\n"

    def section(self, position: int, title: str, clauses: list[tuple[str, int]],
                notes: list[_Note]) -> str:
        heading = f"{position}. {title}"
        lines = [heading, "-" * len(heading)]
        for index, (text, number) in enumerate(clauses, start=1):
            lines.append(f"{position}.{index} {text} [{number}]")
        lines.append("")
        for note in notes:
            lines.append(f"[{note.number}] {self.citer.note(note)}")
            if note.provenance.basis == "editorial":
                lines.append(f"    EDITORIAL NOTE: {_editorial_text(note)}")
        lines.append("")
        return "\n".join(lines) + "\n"

    def sources(self) -> str:
        lines = ["Sources", "-------"]
        lines += [f"{ref}: {cite}" for ref, cite in self.citer.listing()]
        return "\n".join(lines) + "\n\n"

    def glossary(self) -> str:
        lines = ["Glossary", "--------"]
        lines += [f"{term}: {meaning}" for term, meaning in GLOSSARY]
        return "\n".join(lines) + "\n"


class _Markdown:
    """Markdown: a heading per slot, clauses as a list with ``[^n]`` footnotes, and editorial
    choices as block quotes so they show where the rule is."""

    def __init__(self, citer: _Citer) -> None:
        self.citer = citer

    def header(self, variant: Variant) -> str:
        lines = [f"# {variant.title}", ""]
        lines += [f"- {line}" for line in _header_fields(variant)]
        return "\n".join(lines) + "\n\n"

    def section(self, position: int, title: str, clauses: list[tuple[str, int]],
                notes: list[_Note]) -> str:
        lines = [f"## {position}. {title}", ""]
        lines += [f"{index}. {text}[^{number}]"
                  for index, (text, number) in enumerate(clauses, start=1)]
        lines.append("")
        for note in notes:
            if note.provenance.basis == "editorial":
                lines += [f"> **Editorial note** ({note.where}): {_editorial_text(note)}", ""]
        lines += [f"[^{note.number}]: {self.citer.note(note)}" for note in notes]
        lines.append("")
        return "\n".join(lines) + "\n"

    def sources(self) -> str:
        lines = ["## Sources", ""]
        lines += [f"- **{ref}**: {cite}" for ref, cite in self.citer.listing()]
        return "\n".join(lines) + "\n\n"

    def glossary(self) -> str:
        lines = ["## Glossary", ""]
        lines += [f"- **{term}**: {meaning}" for term, meaning in GLOSSARY]
        return "\n".join(lines) + "\n"


def _header_fields(variant: Variant) -> list[str]:
    lineage = " <- ".join(variant.lineage)
    fields = [f"id: {variant.id}", f"status: {variant.status}", f"lineage: {lineage}"]
    if variant.overlays:
        fields.append(f"overlays: {', '.join(variant.overlays)}")
    if variant.summary:
        fields.append(f"summary: {variant.summary}")
    return fields
