"""The rulebook's citations can be trusted, in every format: every note is cited and every
citation has its note; a clause cites the provenance of exactly the parameters it states; a
value a file sets without provenance is a house rule naming that file; a variant's rulebook has
no clause about a kind of contract it lacks, a glossary of the terms it uses, and display names
only (issue 9)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import solo_rules
from solo_rules.describe import FORMATS, compose, features, note_of, rulebook
from solo_rules.rules.slots import ladder_of
from solo_rules.schema import Provenance

VARIANTS = solo_rules.available_variants()


def _house(tmp_path: Path) -> solo_rules.Variant:
    """A house variant: new packets and next dealer, one contract's value, a new settlement."""
    path = tmp_path / "my-house.yaml"
    path.write_text(
        "schema: 1\nid: my-house\ntitle: My house rules\nextends: altenburg-1988\n"
        "status: house\nrules:\n"
        "  deal:\n    params: {packets: [4, 4], next_dealer: right}\n"
        "  contracts:\n    params:\n      contracts:\n        - {id: solo, base: 7}\n"
        "  settlement:\n    module: settlement.per_adversary\n    params: {stake: 2}\n",
        encoding="utf-8")
    return solo_rules.load_variant(path)


def _cited(text: str, clause_start: str) -> list[str]:
    """The note numbers on the text-format clause that starts with ``clause_start``."""
    line = next(line for line in text.splitlines() if clause_start in line)
    return re.findall(r"\[(\d+)\]", line)


def _distinct(notes: list[Provenance]) -> list[Provenance]:
    return [note for n, note in enumerate(notes) if note not in notes[:n]]


def _note(text: str, number: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"[{number}] "))


@pytest.fixture(params=[*VARIANTS, "house"])
def variant(request: pytest.FixtureRequest, tmp_path: Path) -> solo_rules.Variant:
    if request.param == "house":
        return _house(tmp_path)
    return solo_rules.load_variant(request.param)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_footnote_is_referenced_and_every_reference_defined(
        variant: solo_rules.Variant, fmt: str) -> None:
    text = rulebook(variant, fmt)  # type: ignore[arg-type]
    pattern = {"text": (r"^\d+\.\d+ .*$", r"\[(\d+)\]", r"^\[(\d+)\] "),
               "markdown": (r"^\d+\. .*$", r"\[\^(\d+)\](?!:)", r"^\[\^(\d+)\]: "),
               "rst": (r"^\d+\.\d+ .*$", r"\[(\d+)\]_", r"^\.\. \[(\d+)\] ")}[fmt]
    used = {n for line in re.findall(pattern[0], text, re.MULTILINE)
            for n in re.findall(pattern[1], line)}
    defined = re.findall(pattern[2], text, re.MULTILINE)
    assert sorted(defined, key=int) == defined and len(set(defined)) == len(defined)
    assert used == set(defined) and used


def test_a_clause_cites_the_notes_of_exactly_the_parameters_it_states(
        variant: solo_rules.Variant) -> None:
    book = compose(variant)
    by_number = {note.number: note.provenance for note in book.notes}
    has = features(variant)
    for section in book.sections:
        rule = variant.slots[section.slot]
        clauses = [c for c in rule.module.describe_in(variant.modules) if c.needs in has]
        for clause, (_, marks) in zip(clauses, section.clauses, strict=True):
            expected = [note_of(rule, param) for param in clause.params or ("",)]
            cited = [by_number[number] for number in marks]
            assert _distinct(cited) == _distinct(expected), clause.text


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_provenance_a_clause_could_cite_is_in_the_book(vid: str) -> None:
    """No note is lost: every parameter note a shipped variant's own file wrote is cited,
    unless only a clause about something the variant lacks (a kind of contract, a colour)
    states it. (A parent's note kept for a value no clause states need not be.)"""
    variant = solo_rules.load_variant(vid)
    printed = [note.provenance for note in compose(variant).notes]
    has = features(variant)
    for slot, rule in variant.slots.items():
        stated = {p for c in rule.module.describe_in(variant.modules) if c.needs in has
                  for p in c.params}
        lacking = {p for c in rule.module.describe() for p in c.params} - stated
        for key, note in rule.param_provenance.items():
            if note.set_by == vid and note.written_for == f"{slot}.{key}" \
                    and key not in lacking:
                assert note in printed, (slot, key)


def test_niese_contract_and_auction_clauses_cite_what_the_source_states() -> None:
    """S-NIE: "Question: The bidder and a partner must get 5 tricks. Anything can be trump." is
    stated; the Kicker reading (AMB-32), the IsIt keep (AMB-28) and the all-pass throw-in
    (AMB-37) are editorial."""
    text = rulebook("niese")
    stated = [("5.1 Question:", "Stated (contracts)"), ("5.5 Solo:", "Stated (contracts)"),
              ("4.1 Each player bids once", "Stated (auction)"),
              ("4.6 The bid fixes the contract", "Stated (auction)"),
              ("7.2 The winner of each trick", "Stated (play)")]
    editorial = [("5.3 Kicker:", "contracts.contracts.kicker.head"),
                 ("5.7 Bronco:", "contracts.contracts.bronco.shows"),
                 ("4.4 When IsIt is bid", "auction.bids.isit"),
                 ("4.7 If everyone passes", "auction.all_pass"),
                 ("7.1 Eldest leads", "play.first_lead")]
    for start, label in stated:
        assert [_note(text, n).split(": ")[0] for n in _cited(text, start)] == [
            f"[{_cited(text, start)[0]}] {label}"], start
    for start, where in editorial:
        notes = [_note(text, number) for number in _cited(text, start)]
        assert any(note.split("] ", 1)[1].startswith(f"Editorial choice ({where})")
                   for note in notes), (start, notes)


def test_altenburg_deal_starting_at_eldest_is_inferred() -> None:
    """DOSSIER §2a: "Deal 3-2-3 clockwise, starting with eldest ... INFERRED"."""
    text = rulebook("altenburg-1988")
    (number,) = _cited(text, "Dealing begins with the player on the dealer's left")
    assert _note(text, number).startswith(f"[{number}] Inferred (deal.eldest)")
    (number,) = _cited(text, "batches of 3-2-3")
    assert "3–2–3" in _note(text, number) and "Stated (deal)" in _note(text, number)


@pytest.mark.parametrize("vid", [v for v in VARIANTS
                                 if "partner" in solo_rules.load_variant(v).slots])
def test_calling_in_a_void_suit_cites_amb_60(vid: str) -> None:
    text = rulebook(vid)
    (number,) = _cited(text, "in which he holds no card")
    assert "AMB-60" in _note(text, number)


def test_a_value_set_without_provenance_is_a_house_rule_of_its_file(tmp_path: Path) -> None:
    variant = _house(tmp_path)
    text = rulebook(variant)
    for start, where in [("batches of 4-4", "deal.packets"),
                         ("The deal passes to the right", "deal.next_dealer"),
                         ("Solo: the declarer names trumps", "contracts.contracts.solo"),
                         ("receives the value times 2", "settlement")]:
        number = _cited(text, start)[0]
        note = _note(text, number)
        assert note == (f"[{number}] House rule ({where}), set by the variant file my-house."), note
    assert "3-2-3" not in text
    # the untouched values keep their sources: the Solo's 5 tricks, the Frage
    solo = [_note(text, number) for number in _cited(text, "Solo: the declarer names trumps")]
    assert len(solo) == 2 and "Stated (contracts): S-WIK" in solo[1]
    (number,) = _cited(text, "Frage: the declarer names trumps")
    assert "Stated (contracts)" in _note(text, number)


def test_an_overlay_value_is_a_house_rule_of_the_overlay(tmp_path: Path) -> None:
    path = tmp_path / "ten-a-point.yaml"
    path.write_text("schema: 1\nid: ten-a-point\nstatus: overlay\n"
                    "rules:\n  settlement:\n    params: {stake: 10}\n", encoding="utf-8")
    text = rulebook(solo_rules.load_variant("niese", [path]))
    (number,) = _cited(text, "receives the value times 10")
    assert _note(text, number) == (f"[{number}] House rule (settlement.stake), set by the "
                                   "variant file ten-a-point.")
    assert "Dime Solo" not in text  # the parent's alternatives are not the overlay's


def test_a_file_with_its_own_slot_source_does_not_keep_the_parents_parameter_note(
        tmp_path: Path) -> None:
    path = tmp_path / "sourced.yaml"
    path.write_text("schema: 1\nid: sourced\nextends: altenburg-1988\nrules:\n  deal:\n"
                    "    params: {next_dealer: right}\n    provenance:\n      basis: stated\n"
                    "      refs: [S-PAR]\n      quote: \"Deal, bid and play to the right\"\n",
                    encoding="utf-8")
    text = rulebook(solo_rules.load_variant(path))
    (number,) = _cited(text, "The deal passes to the right")
    assert "S-PAR" in _note(text, number) and "AMB-13" not in _note(text, number)


@pytest.mark.parametrize(("vid", "absent"), [
    ("altenburg-1988", "In a contract without trumps"),
    ("heart-solo", "In a contract without trumps"),
    ("foster", "nobody declares"),
    ("niese", "nobody declares"),
    ("heart-solo", "Two partners"),
    ("altenburg-1988", "must take no trick"),
])
def test_no_clause_for_a_kind_of_contract_the_variant_lacks(vid: str, absent: str) -> None:
    book = compose(vid)
    assert not [text for section in book.sections for text, _ in section.clauses
                if absent in text]


@pytest.mark.parametrize(("vid", "present"), [
    ("niese", "In a contract without trumps"),
    ("heart-solo", "nobody declares"),
    ("foster", "Two partners"),
    ("niese", "must take no trick"),
])
def test_a_clause_for_a_kind_of_contract_the_variant_has(vid: str, present: str) -> None:
    assert present in rulebook(vid)


def test_foster_promises_the_king_only_where_the_declarer_may_not_call_his_own_ace() -> None:
    """S-FOS: "If a player asks for an ace while holding it himself, he of course plays without
    a partner": Simple never needs the King fallback; Forcée (partner names trumps) does."""
    text = rulebook("foster")
    first = next(line for line in text.splitlines() if line.startswith("6.1 "))
    assert "King" not in first
    assert "Where the partner must name trumps, the called card must be one the declarer does " \
           "not hold: if he holds every such Ace, a King" in text


@pytest.mark.parametrize(("vid", "has", "lacks"), [
    ("niese", ["mackers", "First / Last", "misère", "matadors"],
     ["Helfer? / Hier!", "prime", "colour", "forced contract"]),
    ("foster", ["colour", "called card", "Tout", "forced contract"],
     ["Helfer? / Hier!", "prime", "mackers"]),
    ("altenburg-1988", ["Helfer? / Hier!", "prime", "preferred suit", "forced contract"],
     ["mackers", "colour"]),
    ("heart-solo", ["colour", "Solo"], ["called card", "Helfer? / Hier!", "Tout"]),
])
def test_the_glossary_has_the_terms_the_variant_uses(vid: str, has: list[str],
                                                     lacks: list[str]) -> None:
    terms = [term for term, _ in compose(vid).glossary]
    assert set(has) <= set(terms) and not set(lacks) & set(terms), terms


def test_niese_names_its_matadors_best_spits_and_boss() -> None:
    """S-NIE: "These cards are commonly referred as the Best, Spits, and the Boss"."""
    assert "♣Q (Best), the seven of trumps (Spits), ♠Q (Boss)" in rulebook("niese")
    assert "♣Q (Spadilla)" in rulebook("foster")


def test_clauses_use_display_names_never_internal_ids(variant: solo_rules.Variant) -> None:
    book = compose(variant)
    body = "\n".join(text for section in book.sections for text, _ in section.clauses)
    assert "⟨" not in body and "Forcee" not in body
    for contract in ladder_of(variant.modules).contracts:
        if contract.id != contract.name:
            assert not re.search(rf"(?<![\w.]){re.escape(contract.id)}(?![\w])", body), \
                contract.id


def test_every_decision_a_variant_cites_is_in_the_register() -> None:
    """Every AMB/E id in a rulebook links to the site's decision register (docs/decisions.yaml),
    so each must have an entry there."""
    register = Path(__file__).resolve().parents[1] / "docs" / "decisions.yaml"
    known = {entry["id"] for entry in yaml.safe_load(register.read_text(encoding="utf-8"))}
    for vid in VARIANTS:
        for ref in compose(vid).cited:
            if re.fullmatch(r"AMB-\d\d|E\d+", ref):
                assert ref in known, (vid, ref)
