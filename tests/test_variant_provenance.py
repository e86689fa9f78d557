"""The loader remembers which file set each value and with what provenance: a value a file
sets without a note of its own is a house rule of that file (``Provenance.set_by``), never the
parent's citation, and this survives pickling (issue 9)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import solo_rules
from solo_rules.describe import note_of
from solo_rules.errors import VariantError


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "child.yaml"
    path.write_text("schema: 1\nid: child\nextends: altenburg-1988\n" + text, encoding="utf-8")
    return path


def test_a_value_set_without_a_note_is_a_house_rule_of_its_file(tmp_path: Path) -> None:
    variant = solo_rules.load_variant(_write(tmp_path, "rules:\n  deal:\n"
                                                       "    params: {misdeal: deal_passes_left}\n"))
    note = variant.slots["deal"].param_provenance["misdeal"]
    assert (note.basis, note.set_by, note.refs, note.alternatives) == ("house", "child", (), ())
    parent = solo_rules.load_variant("altenburg-1988").slots["deal"]
    assert variant.slots["deal"].provenance == parent.provenance  # the rest keeps its source
    assert pickle.loads(pickle.dumps(variant)) is variant


def test_one_item_of_a_list_gets_its_own_house_note(tmp_path: Path) -> None:
    variant = solo_rules.load_variant(_write(
        tmp_path, "rules:\n  contracts:\n    params:\n      contracts:\n"
                  "        - {id: frage, base: 3}\n"))
    rule = variant.slots["contracts"]
    assert (note_of(rule, "contracts.frage").basis,
            note_of(rule, "contracts.frage").set_by) == ("house", "child")
    assert note_of(rule, "contracts.solo.base").basis == "editorial"
    assert note_of(rule, "contracts.solo.base").set_by == "altenburg-1988"


def test_a_new_module_without_provenance_is_a_house_rule(tmp_path: Path) -> None:
    variant = solo_rules.load_variant(_write(
        tmp_path, "rules:\n  settlement:\n    module: settlement.per_adversary\n"))
    rule = variant.slots["settlement"]
    assert (rule.provenance.basis, rule.provenance.set_by) == ("house", "child")


def test_a_note_for_an_item_names_a_real_parameter(tmp_path: Path) -> None:
    path = _write(tmp_path, "rules:\n  contracts:\n    provenance:\n      params:\n"
                            "        nothing.solo: {basis: house}\n")
    with pytest.raises(VariantError, match=r"params\.nothing\.solo: no such parameter or topic"):
        solo_rules.load_variant(path)
