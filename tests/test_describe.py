"""The rulebook is assembled from the modules' own clauses, with every source and every editorial
choice visible (DESIGN: "One source of truth for rules and prose")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import solo_rules
from solo_rules.describe import GLOSSARY, SECTION_TITLES, compose, features, rulebook
from solo_rules.schema import SLOTS

VARIANTS = solo_rules.available_variants()


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_slot_has_a_section_in_rulebook_order(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    text = rulebook(variant)
    slots = [slot for slot in SLOTS if slot in variant.slots]
    positions = [text.index(f"{n}. {SECTION_TITLES[slot]}\n")
                 for n, slot in enumerate(slots, start=1)]
    assert positions == sorted(positions)
    for slot in slots:
        for clause in variant.slots[slot].module.describe_in(variant.modules):
            if clause.needs in features(variant) and "⟨" not in clause.text:
                assert clause.text in text, (slot, clause.text)


@pytest.mark.parametrize("vid", VARIANTS)
def test_header_names_title_id_status_lineage_and_summary(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    head = rulebook(variant).split("\n\n")[0]
    assert head.startswith(variant.title + "\n" + "=" * len(variant.title))
    assert f"id: {variant.id}" in head
    assert f"status: {variant.status}" in head
    assert "lineage: " + " <- ".join(variant.lineage) in head
    assert variant.summary.split()[0] in head


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_provenance_is_a_numbered_note_with_its_sources(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    text = rulebook(variant)
    notes = re.findall(r"^\[(\d+)\] (.*)$", text, re.MULTILINE)
    expected = len(compose(variant).notes)
    assert [int(n) for n, _ in notes] == list(range(1, expected + 1))
    markers = {int(n) for line in re.findall(r"^\d+\.\d+ .*$", text, re.MULTILINE)
               for n in re.findall(r"\[(\d+)\]", line)}
    assert markers == set(range(1, expected + 1))
    for note in compose(variant).notes:
        for ref in note.provenance.refs:
            assert ref in text
        if note.provenance.quote:
            assert f'Source: "{note.provenance.quote}"' in text
    body, sources = text.split("\nSources\n-------\n")
    for ref, cite in variant.sources.items():
        if re.search(rf"(?<![\w-]){re.escape(ref)}(?![\w-])", body):
            assert f"\n{ref}: {cite}\n" in "\n" + sources


def test_altenburg_notes_cite_s_wik_with_its_citation_and_quote() -> None:
    text = rulebook("altenburg-1988")
    assert "S-WIK (Wikipedia, 'German Solo'" in text
    assert ('Source: "Players must follow suit if possible; if not, they can play anything. '
            'Whoever plays the highest trump' in text)


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_editorial_choice_has_a_visible_note_with_alternatives(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    text = rulebook(variant)
    markdown = rulebook(variant, "markdown")
    for note in compose(variant).notes:
        prov = note.provenance
        if prov.basis != "editorial":
            continue
        alternatives = "; ".join(str(a) for a in prov.alternatives)
        explained = f"{prov.rationale} Alternatives: {alternatives}."
        assert f"Editorial choice ({note.where})" in text
        assert f"    EDITORIAL NOTE: {explained}" in text
        assert f"> **Editorial note** ({note.where}): {explained}" in markdown


def test_altenburg_rulebook_shows_the_next_dealer_editorial_choice() -> None:
    text = rulebook("altenburg-1988")
    assert "Editorial choice (deal.next_dealer): AMB-13; E1." in text
    assert "EDITORIAL NOTE: Not stated; the next player in the direction of play" in text


@pytest.mark.parametrize("vid", VARIANTS)
def test_markdown_footnotes_are_all_defined(vid: str) -> None:
    variant = solo_rules.load_variant(vid)
    text = rulebook(variant, "markdown")
    assert text.startswith(f"# {variant.title}\n")
    used = set(re.findall(r"\[\^(\d+)\](?!:)", text))
    defined = set(re.findall(r"^\[\^(\d+)\]:", text, re.MULTILINE))
    assert used <= defined
    assert len(re.findall(r"^## \d+\. ", text, re.MULTILINE)) == len(variant.slots)
    assert "## Sources" in text and "## Glossary" in text


def test_glossary_explains_the_family_terms() -> None:
    text = rulebook("altenburg-1988")
    glossary = text.split("\nGlossary\n--------\n")[1]
    for term in ("matadors", "eldest", "party", "prime", "Tout", "declarer", "called card"):
        assert f"\n{term}" in "\n" + glossary, term
    assert glossary.count("\n") == len(compose("altenburg-1988").glossary) <= len(GLOSSARY)


def _overlay(tmp_path: Path, slot: str, params: str) -> solo_rules.Variant:
    path = tmp_path / "changed.yaml"
    path.write_text(f"schema: 1\nid: changed\nextends: altenburg-1988\n"
                    f"rules:\n  {slot}:\n    params: {params}\n", encoding="utf-8")
    return solo_rules.load_variant(path)


@pytest.mark.parametrize(("slot", "params", "before", "after"), [
    ("scoring", "{prime: 3}", "Prime: 2 when", "Prime: 3 when"),
    ("deal", "{packets: [4, 4]}", "batches of 3-2-3", "batches of 4-4"),
    ("early_end", "{first_tricks: 4}", "each of the first 5 tricks", "each of the first 4 tricks"),
    ("auction", "{jump_bids: false}", "may jump to any higher bid", "by exactly one step"),
])
def test_changing_a_parameter_changes_the_rulebook(tmp_path: Path, slot: str, params: str,
                                                   before: str, after: str) -> None:
    original = rulebook("altenburg-1988")
    changed = rulebook(_overlay(tmp_path, slot, params))
    assert before in original and before not in changed
    assert after in changed and after not in original


def test_rulebook_rejects_an_unknown_format() -> None:
    with pytest.raises(ValueError, match="text, markdown, rst"):
        rulebook("altenburg-1988", "html")  # type: ignore[arg-type]


def test_rulebook_is_exported_from_the_package() -> None:
    assert solo_rules.rulebook is rulebook
