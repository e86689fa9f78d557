"""The site's generated reference pages read as a newcomer needs (issue 26): the comparison
matrix in the rulebook's words, the decision register under its questions with an index, the
sources with what is known of them, and a landing page of a few entry points. The pages'
reStructuredText comes from ``docs/_ext/site_pages.py``, which needs no Sphinx; the built site
itself is checked by ``tests/test_site_build.py`` (``pytest -m slow``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

import solo_rules as sr
from solo_rules.describe import value_text

DOCS = Path(__file__).resolve().parents[1] / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import site_pages  # noqa: E402  (the docs extension's pages, beside conf.py)

PAGES = site_pages.books()
PLAYABLE = [(page, variant) for page, variant in PAGES if "+" not in page]


@pytest.fixture(scope="module")
def matrix() -> str:
    return site_pages.matrix(PLAYABLE)


@pytest.fixture(scope="module")
def register() -> str:
    return site_pages.register(site_pages.decisions(), PAGES)


def test_the_matrix_shows_values_in_the_rulebooks_words(matrix: str) -> None:
    for internal in ("<bound method", "Helfer()", "Duty(", "[ACE", "CLUBS", "True", "False",
                     "None", "(none) ("):
        assert internal not in matrix, internal
    assert "- ♣Q ♠Q (at least grossfrage; released by solo): " in matrix
    assert "bars slam yes; not with tout yes; from trick 5" in matrix
    assert "- A K Q J 10 9 8 7: :ref:`altenburg-1988 <rulebook-altenburg-1988-ranks>`" in matrix


def test_the_matrix_fits_the_page_one_row_per_parameter(matrix: str) -> None:
    """Two columns whatever the number of variants; each parameter once per section."""
    for table in matrix.split(".. list-table::")[1:]:
        header = table.split("   * - ")[1]
        assert header.count("     - ") == 1
        params = re.findall(r"^   \* - ``(\w+)``$", table, re.MULTILINE)
        assert len(params) == len(set(params))


def test_value_text_is_the_rulebooks_printer() -> None:
    assert value_text(None) == "none" and value_text(()) == "(none)"
    assert value_text(True) == "yes" and value_text("same_dealer_redeals") == "same dealer redeals"
    assert value_text(sr.Card.CQ) == "♣Q" and value_text("CQ") == "♣Q"
    assert value_text(sr.Suit.HEARTS) == "♥"
    assert value_text(tuple(sr.Rank)[:8]) == "A K Q J 10 9 8 7"


def test_every_decision_is_headed_by_its_question(register: str) -> None:
    entries = site_pages.decisions()
    assert all(entry["question"].endswith("?") for entry in entries)
    for entry in entries:
        did = entry["id"]
        heading = f"{did}: {site_pages.esc(entry['question'])}"
        assert f"\n{heading}\n{'~' * len(heading)}\n" in register
        assert f"*Cite as:* ``decisions.html#{did.lower()}``" in register


def test_the_register_opens_with_an_index_of_every_question(register: str) -> None:
    index = register.split("Ambiguities in the sources\n")[0]
    ids = re.findall(r":ref:`([A-Z0-9-]+) <decision-", index)
    assert ids == [entry["id"] for entry in site_pages.decisions()]


def test_the_register_has_one_line_per_note_not_per_overlay(register: str) -> None:
    """A variant's optional-rule pages share its notes: each note is one line naming the
    variant families, never one line per overlaid page."""
    notes = re.findall(r"^- ``[\w.]+`` \(\w+\) in (.*)$", register, re.MULTILINE)
    assert notes
    for line in notes:
        families = line.split("; alternatives")[0]
        assert "+" not in re.sub(r"the overlay :variant:`[^`]+`", "", families), line
    # one line per note keeps a decision's entry short, whatever the overlays multiply
    assert len(register) < 1_600 * len(site_pages.decisions())


def test_each_source_says_what_is_known_of_it() -> None:
    metadata = site_pages.source_metadata()
    cited = {sid for _, raw in site_pages.files() for sid in (raw.get("sources") or {})}
    assert set(metadata) == cited  # every cited source is described, and nothing else
    text = site_pages.source_list(PAGES, metadata)
    for sid, known in metadata.items():
        section = text.split(f".. _source-{sid.lower()}:")[1].split(".. _source-")[0]
        assert f":Title: {site_pages.esc(known['title'])}" in section
        if "url" in known:
            assert f":Address: {known['url']}" in section
        if "date" in known:
            assert f":Date: {known['date']}" in section
    assert ":Address: https://en.wikipedia.org/wiki/German_Solo" in text


def test_the_rulebook_index_lists_each_variant_once_with_its_optional_rules() -> None:
    index = site_pages.rulebook_index(PAGES, "generated")
    for page, _ in PLAYABLE:
        assert index.count(f"<generated/{page}>`") == 1
    assert ":doc:`+matador-renege <generated/altenburg-1988+matador-renege>`" in index


def test_the_landing_page_is_a_few_sentences_and_a_handful_of_entry_points() -> None:
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    body = text.split("```{toctree}")[0]
    links = re.findall(r"\{doc\}`", body)
    assert 4 <= len(links) <= 12
    assert "three kinds of reader" not in text
    assert all(":hidden:" in block for block in text.split("```{toctree}")[1:])


def test_the_decisions_file_keeps_its_fields() -> None:
    entries = yaml.safe_load((DOCS / "decisions.yaml").read_text(encoding="utf-8"))
    assert {"id", "concerns", "question", "chosen"} <= set(entries[0])


def test_every_link_of_the_matrix_is_a_section_of_that_rulebook(matrix: str) -> None:
    """A variant without the rule links to its rulebook, not to a section it does not have."""
    books = dict(PLAYABLE)
    targets = re.findall(r":ref:`([\w-]+) <rulebook-\1-(\w+)>`", matrix)
    assert targets
    for vid, slot in targets:
        assert f".. _rulebook-{vid}-{slot}:" in sr.rulebook(books[vid], "rst"), (vid, slot)
    assert ":variant:`heart-solo`" in matrix  # Heart Solo has no partner rule


def test_the_api_reference_documents_every_public_name() -> None:
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"solo_rules\.(\w+)", text)) | set(
        re.findall(r":members: (.*)", text.split("automodule:: solo_rules.describe")[1])[0]
        .replace(",", " ").split())
    assert set(sr.__all__) - documented == set()


@pytest.mark.parametrize(("page", "variant"), PAGES, ids=[page for page, _ in PAGES])
def test_a_rulebook_cites_only_what_its_reader_can_open(page: str, variant: sr.Variant) -> None:
    # the sources and the decision register are on the site; the research dossier is not
    text = sr.rulebook(variant, "rst")
    assert not re.search(r"DOSSIER|ADDENDUM|§", text), page


def test_the_family_tree_cites_only_what_its_reader_can_open() -> None:
    from solo_rules.lineage import family_tree, family_tree_text
    text = "\n".join(family_tree_text(family_tree()))
    assert "Quadrille" in text and not re.search(r"DOSSIER|ADDENDUM|§", text)
