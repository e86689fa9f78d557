"""The variant loader: extends and deep merge, overlays, and one clear error for each bad file.

Each error test writes a small variant file that extends the shipped Altenburg file and checks
that the message names the file, the dotted path and the bad value.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from solo_rules import (
    InvalidStateError,
    Variant,
    VariantError,
    available_variants,
    load_variant,
    new_game,
)
from solo_rules.rules.partner import Helfer


def write(directory: Path, name: str, body: str, *, extends: str = "altenburg-1988",
          status: str = "house") -> Path:
    """A variant file ``name.yaml`` with the given body after the header lines."""
    path = directory / f"{name}.yaml"
    header = f"schema: 1\nid: {name}\nextends: {extends}\nstatus: {status}\n"
    path.write_text(header + body, encoding="utf-8")
    return path


def module(variant: Variant, slot: str) -> Any:
    """The rule module filling ``slot`` (typed loosely: each test knows which one it reads)."""
    return variant.modules[slot]


def load_error(path: Path) -> str:
    with pytest.raises(VariantError) as excinfo:
        load_variant(path)
    message = str(excinfo.value)
    assert "\n" not in message
    return message


# -- shipped files ------------------------------------------------------------------------------


def test_available_variants_lists_the_playable_files_only() -> None:
    ids = available_variants()
    assert "altenburg-1988" in ids
    assert "german-solo-family" not in ids
    assert ids == sorted(ids)
    for vid in ids:
        variant = load_variant(vid)
        assert isinstance(variant, Variant) and variant.id == vid
        assert variant.status not in ("abstract", "overlay")


def test_abstract_variant_cannot_be_played() -> None:
    """german-solo-family fills only the shared slots; it is a base, not a game."""
    with pytest.raises(VariantError, match=r"german-solo-family\.yaml: german-solo-family is "
                                           r"abstract \(a base for other variants\) and cannot "
                                           r"be played"):
        load_variant("german-solo-family")
    with pytest.raises(VariantError, match="abstract"):
        new_game("german-solo-family", seed=1)


def test_unknown_variant_id_lists_the_known_ones() -> None:
    with pytest.raises(VariantError, match=r"^unknown variant 'no-such-game'; known variants: .*"
                                           r"altenburg-1988"):
        load_variant("no-such-game")


def test_missing_variant_path() -> None:
    with pytest.raises(VariantError, match=r"nowhere\.yaml: no such variant file"):
        load_variant("/nonexistent/nowhere.yaml")


def test_a_directory_named_like_a_variant_id_does_not_hide_the_variant(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tests' own folders are named so (tests/foster): run from there, "foster" was read as
    # a path and refused as "no such variant file"
    (tmp_path / "foster").mkdir()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path)
    assert load_variant("foster").id == "foster"
    with pytest.raises(VariantError, match=r"^elsewhere: no such variant file"):
        load_variant("elsewhere")


def test_lineage_runs_from_the_file_to_the_root() -> None:
    assert load_variant("altenburg-1988").lineage == ("altenburg-1988", "german-solo-family")


# -- the top level ------------------------------------------------------------------------------


def test_unknown_top_level_key(tmp_path: Path) -> None:
    path = write(tmp_path, "extra-key", "colour: red\n")
    assert load_error(path) == (f"{path}: unknown key 'colour' at the top level; allowed: "
                                "declares, extends, id, kind, relations, rules, schema, sources, "
                                "status, summary, title")


def test_schema_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "future.yaml"
    path.write_text("schema: 2\nid: future\nextends: altenburg-1988\n", encoding="utf-8")
    assert load_error(path) == f"{path}: schema: expected 1, got 2"


def test_bad_id(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("schema: 1\nid: Bad_Id\n", encoding="utf-8")
    assert load_error(path) == (f"{path}: id: expected a lower-case id like 'altenburg-1988' of "
                                "at most 100 characters, got 'Bad_Id'")


def test_bad_status(tmp_path: Path) -> None:
    path = write(tmp_path, "famous", "", status="famous")
    assert load_error(path) == (f"{path}: status: expected one of ['abstract', 'documented', "
                                "'documented-partial', 'house', 'overlay', 'reconstructed'], "
                                "got 'famous'")


def test_bad_yaml_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "broken", "rules:\n  play: [unclosed\n")
    # libyaml (PyYAML's parser where it has it) says "did not find expected", PyYAML "expected"
    assert re.match(rf"{re.escape(str(path))}:7:1: (did not find )?expected ',' or ']'",
                    load_error(path))


def test_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("- a\n- b\n", encoding="utf-8")
    assert load_error(path) == f"{path}: a variant file must be a mapping, got list"


def test_extends_cycle(tmp_path: Path) -> None:
    first = write(tmp_path, "cycle-a", "", extends="cycle-b")
    write(tmp_path, "cycle-b", "", extends="cycle-a")
    assert load_error(first) == f"{first}: extends: cycle through cycle-a -> cycle-b -> cycle-a"


def test_unknown_parent_names_the_extending_file(tmp_path: Path) -> None:
    path = write(tmp_path, "orphan", "", extends="no-such-parent")
    assert load_error(path).startswith(
        f"{path}: extends: unknown variant 'no-such-parent'; known variants: ")


def test_playable_variant_must_fill_every_slot(tmp_path: Path) -> None:
    path = write(tmp_path, "half", "", extends="german-solo-family")
    assert load_error(path) == (f"{path}: rules.pack: missing; every playable variant fills "
                                "every slot")


# -- slots, modules and parameters --------------------------------------------------------------


def test_unknown_slot(tmp_path: Path) -> None:
    path = write(tmp_path, "bidding", "rules:\n  bidding: {module: auction.immediate_hold}\n")
    assert load_error(path) == (f"{path}: rules.bidding: unknown slot; slots are pack, deal, "
                                "ranks, auction, contracts, partner, play, early_end, scoring, "
                                "settlement")


def test_unknown_key_in_a_slot(tmp_path: Path) -> None:
    path = write(tmp_path, "typo", "rules:\n  deal: {modul: deal.packets}\n")
    assert load_error(path) == (f"{path}: rules.deal.modul: unknown key; allowed: module, params, "
                                "provenance")


def test_unknown_module_id(tmp_path: Path) -> None:
    path = write(tmp_path, "shuffle", "rules:\n  deal: {module: deal.shuffle}\n")
    assert load_error(path) == (f"{path}: rules.deal.module: unknown module 'deal.shuffle' for "
                                "slot deal; known: deal.dealer_buys, deal.packets")


def test_module_of_another_slot_is_unknown_in_this_one(tmp_path: Path) -> None:
    path = write(tmp_path, "wrong-slot", "rules:\n  deal: {module: play.follow_suit}\n")
    assert "rules.deal.module: unknown module 'play.follow_suit' for slot deal" in load_error(path)


def test_unknown_param_key_names_file_path_and_key(tmp_path: Path) -> None:
    path = write(tmp_path, "packet", "rules:\n  deal:\n    params: {packet: [3, 2, 3]}\n")
    assert load_error(path) == (f"{path}: rules.deal.params.packet: unknown key; allowed: "
                                "packets, direction, first_dealer, next_dealer, misdeal, "
                                "after_misere, cut")


def test_unknown_key_in_a_nested_param(tmp_path: Path) -> None:
    body = "rules:\n  auction:\n    params:\n      levels: [{contract: frage, jump: 1}]\n"
    path = write(tmp_path, "nested", body)
    assert load_error(path) == (f"{path}: rules.auction.params.levels[0].jump: unknown key; "
                                "allowed: contract, preferred, sur")


@pytest.mark.parametrize(
    ("slot", "params", "message"),
    [
        ("pack", "{players: 7}", "rules.pack.params.players: 'players' must be in (3, 4, 5, 6) "
                                 "(got 7)"),
        ("deal", "{packets: [3, x]}", "rules.deal.params.packets[1]: expected a whole number, "
                                      "got 'x'"),
        ("deal", "{first_dealer: coin}", "rules.deal.params.first_dealer: expected one of "
                                         "'lot_lowest_card', 'first_club_dealt', got 'coin'"),
        ("deal", "[3, 2, 3]", "rules.deal.params: expected a mapping, got [3, 2, 3]"),
        ("pack", "{remove: [X9]}", "rules.pack.params.remove[0]: cannot read card 'X9': write the "
         "suit first (C S H D or ♣♠♥♦), then the rank (A K Q J T/10 9 8 7, or 6 to 2), like CQ, "
         "S7, HA or D10"),
        ("ranks", "{plain_order: [A, K, Q]}", "rules.ranks.params: a rank order must name each "
                                              "of A K Q J T 9 8 7 once, got ['A', 'K', 'Q']"),
        ("auction", "{all_pass: {contracts: [nothing], holder_of: [CQ]}}",
         "rules.auction.params: all_pass names unknown contract 'nothing'"),
    ],
)
def test_bad_param_value_names_file_path_and_value(
    tmp_path: Path, slot: str, params: str, message: str
) -> None:
    path = write(tmp_path, "bad-value", f"rules:\n  {slot}:\n    params: {params}\n")
    assert load_error(path) == f"{path}: {message}"


# -- provenance ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("provenance", "message"),
    [
        ("null", "rules.play.provenance: missing; every rule needs its source"),
        ("{basis: editorial, refs: [AMB-12]}",
         "rules.play.provenance: an editorial rule must list its alternatives and a one-line "
         "rationale"),
        ("{basis: editorial, refs: [AMB-12], alternatives: [x]}",
         "rules.play.provenance: an editorial rule must list its alternatives and a one-line "
         "rationale"),
        ("{basis: stated, refs: []}",
         "rules.play.provenance.refs: a stated rule must cite a source"),
        ("{basis: inferred, refs: []}",
         "rules.play.provenance.refs: a inferred rule must cite a source"),
        ("{basis: stated, refs: [S-XYZ]}",
         "rules.play.provenance.refs: 'S-XYZ' is neither a source of this variant (S-WIK, S-NIE, "
         "S-FOS, S-002, S-QFR, S-KSP, S-CAS, S-HOY, S-PAR, S-MAL, S-QLAW) nor an AMB-nn or En id"),
        ("{basis: hearsay}",
         "rules.play.provenance.basis: expected one of 'stated', 'inferred', 'editorial', "
         "'house', got 'hearsay'"),
        ("{params: {nope: {basis: house}}}",
         "rules.play.provenance.params.nope: no such parameter or topic of play.follow_suit"),
        ("{params: {must_trump: {basis: stated}}}",
         "rules.play.provenance.params.must_trump.refs: a stated rule must cite a source"),
    ],
)
def test_bad_provenance(tmp_path: Path, provenance: str, message: str) -> None:
    """DESIGN: every rule names its basis; an editorial one its alternatives and rationale."""
    path = write(tmp_path, "unsourced", f"rules:\n  play:\n    provenance: {provenance}\n")
    assert load_error(path) == f"{path}: {message}"


def test_house_rule_needs_no_reference(tmp_path: Path) -> None:
    path = write(tmp_path, "house-play", "rules:\n  play:\n    provenance: {basis: house}\n")
    assert load_variant(path).slots["play"].provenance.basis == "house"


# -- extends: deep merge ------------------------------------------------------------------------


def test_child_mapping_merges_into_the_parent(tmp_path: Path) -> None:
    """A child's mapping changes only the keys it names; lists without ids are replaced."""
    path = write(tmp_path, "packets", "rules:\n  deal:\n    params: {packets: [2, 3, 3]}\n")
    child, parent = load_variant(path), load_variant("altenburg-1988")
    assert module(child, "deal").packets == (2, 3, 3)
    assert child.slots["deal"].provenance == parent.slots["deal"].provenance
    assert child.modules["auction"] == parent.modules["auction"]
    assert child.lineage == ("packets", "altenburg-1988", "german-solo-family")
    hands = new_game(child, seed=4).hands
    assert [h.bit_count() for h in hands] == [8, 8, 8, 8]


def test_list_items_with_ids_merge_by_id_and_new_ids_append(tmp_path: Path) -> None:
    body = ("rules:\n  contracts:\n    params:\n      contracts:\n"
            "        - {id: solo, base: 7}\n"
            "        - {id: bettel, name: Bettel, trump_by: none, tricks: 0, base: 5}\n")
    variant = load_variant(write(tmp_path, "by-id", body))
    contracts = {c.id: c for c in module(variant, "contracts").contracts}
    assert list(contracts) == ["mussfrage", "frage", "grossfrage", "solo", "bettel"]
    assert (contracts["solo"].name, contracts["solo"].base) == ("Solo", 7)
    assert contracts["frage"].base == 2
    assert contracts["bettel"].trump_by == "none"


def test_null_deletes_and_delete_true_removes_a_list_item(tmp_path: Path) -> None:
    body = ("rules:\n"
            "  partner:\n    params:\n      helfer: null\n"
            "  auction:\n    params:\n      levels: [{contract: frage}, {contract: solo}]\n"
            "      duty: null\n"
            "  contracts:\n    params:\n      contracts: [{id: grossfrage, delete: true}]\n")
    variant = load_variant(write(tmp_path, "deleting", body))
    assert module(load_variant("altenburg-1988"), "partner").helfer == Helfer()
    assert module(variant, "partner").helfer is None
    assert module(variant, "auction").duty is None
    ids = [c.id for c in module(variant, "contracts").contracts]
    assert ids == ["mussfrage", "frage", "solo"]


# -- overlays -----------------------------------------------------------------------------------


def overlay(directory: Path, name: str, declares: str, body: str = "") -> Path:
    path = directory / f"{name}.yaml"
    path.write_text(f"schema: 1\nid: {name}\nstatus: overlay\ndeclares: {declares}\n{body}",
                    encoding="utf-8")
    return path


def test_overlay_applies_on_top_when_its_requirements_hold(tmp_path: Path) -> None:
    path = overlay(tmp_path, "big-prime", "{requires: [auction=auction.immediate_hold]}",
                   "rules:\n  scoring:\n    params: {prime: 3}\n")
    variant = load_variant("altenburg-1988", overlays=[path])
    assert variant.id == "altenburg-1988+big-prime"
    assert variant.overlays == ("big-prime",)
    assert module(variant, "scoring").prime == 3
    assert module(variant, "scoring").matadors == 2
    assert module(load_variant("altenburg-1988"), "scoring").prime == 2


def test_overlay_with_unsatisfied_requirement(tmp_path: Path) -> None:
    path = overlay(tmp_path, "needs-other", "{requires: [auction=auction.single_round]}")
    with pytest.raises(VariantError) as excinfo:
        load_variant("altenburg-1988", overlays=[path])
    assert str(excinfo.value) == (f"{path}: declares.requires: 'auction=auction.single_round' "
                                  "is not satisfied by altenburg-1988 (its auction is "
                                  "'auction.immediate_hold')")


@pytest.mark.parametrize("clash", ["play=play.follow_suit", "german-solo-family"])
def test_overlay_with_a_conflict(tmp_path: Path, clash: str) -> None:
    path = overlay(tmp_path, "clashing", f"{{conflicts: [{clash}]}}")
    with pytest.raises(VariantError) as excinfo:
        load_variant("altenburg-1988", overlays=[path])
    assert str(excinfo.value) == f"{path}: declares.conflicts: altenburg-1988 has {clash!r}"


def test_overlay_with_a_malformed_declaration(tmp_path: Path) -> None:
    path = overlay(tmp_path, "odd", "{needs: [x]}")
    with pytest.raises(VariantError, match=r"declares: expected a mapping with requires and "
                                           r"conflicts"):
        load_variant("altenburg-1988", overlays=[path])


def test_variant_loaded_from_a_path_plays(tmp_path: Path) -> None:
    state = new_game(load_variant(write(tmp_path, "plain-copy", "")), seed=9)
    assert state.variant.id == "plain-copy"
    assert state.legal_actions()
    with pytest.raises(InvalidStateError):
        state.outcome()


def test_a_slot_whose_module_no_installed_package_provides(tmp_path: Path) -> None:
    """A variant naming a rule module of a package that is not installed fails in one line
    naming the file, the path and the module."""
    path = write(tmp_path, "doubled", "rules:\n  kontra: {module: kontra.kontra_re}\n")
    assert load_error(path) == (f"{path}: rules.kontra: unknown slot (module "
                                "'kontra.kontra_re': no installed package provides it); slots "
                                "are pack, deal, ranks, auction, contracts, partner, play, "
                                "early_end, scoring, settlement")
