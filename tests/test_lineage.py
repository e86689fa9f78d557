"""The lineage (issue 28, item 7): variant files name their historical relations with their
sources, the loader refuses a bad one in one line, and the site's family tree is generated
from the files (Quadrille -> German Solo -> the regional and American forms; Spitzeln and
Rothspitzen beside Heart Solo)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from solo_rules import VariantError, load_variant
from solo_rules.lineage import FamilyNode, family_tree, family_tree_text
from solo_rules.variant import relations, variant_dir


def _find(roots: tuple[FamilyNode, ...], vid: str) -> tuple[FamilyNode, ...]:
    """The path from a root to the node ``vid``."""
    for root in roots:
        if root.id == vid:
            return (root,)
        below = _find(root.children, vid)
        if below:
            return (root, *below)
    return ()


def test_quadrille_heads_the_tree_and_german_solo_descends_from_it() -> None:
    """S-WIK: 'Parlett calls it a "neat little descendant of Quadrille"'; S-002: "It is
    essentially a simplification of Quadrille"."""
    roots = family_tree()
    assert [root.id for root in roots] == ["quadrille"]
    core = _find(roots, "german-solo-family")[-1]
    assert core.placed_by is not None and core.placed_by.kind == "parent"
    assert core.placed_by.refs == ("S-WIK", "S-002")
    assert [n.id for n in _find(roots, "niese-six-hand")] == [
        "quadrille", "german-solo-family", "niese", "niese-six-hand"]
    assert [n.id for n in _find(roots, "heart-solo")] == [
        "quadrille", "german-solo-family", "foster", "heart-solo"]


def test_spitzeln_and_rothspitzen_stand_beside_heart_solo_by_their_pack() -> None:
    """S-SPZ: "a variant of German Solo"; the pack of Foster's Heart Solo is Grimm's
    Spitzeln pack, and Pierer's Rothspitzen its mirror (ADDENDUM §A1.4)."""
    roots = family_tree()
    spitzeln = _find(roots, "spitzeln")
    assert [n.id for n in spitzeln] == ["quadrille", "german-solo-family", "spitzeln"]
    assert [(r.kind, r.variant) for r in spitzeln[-1].beside] == [("derived_from",
                                                                    "rothspitzen")]
    for vid in ("heart-solo", "rothspitzen"):
        assert [(r.kind, r.variant) for r in _find(roots, vid)[-1].beside] == [
            ("same_pack_as", "spitzeln")]
    text = "\n".join(family_tree_text(roots))
    assert "- heart-solo: Heart Solo (Foster's Complete Hoyle) [documented]; same pack as " \
           "spitzeln (S-FOS, S-SPZ)" in text


def test_overlays_are_no_games_of_the_tree() -> None:
    text = "\n".join(family_tree_text(family_tree()))
    assert "pref-sur" not in text and "couleur-favorite" not in text


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "variants"
    shutil.copytree(variant_dir(), folder)
    return folder


def test_a_relation_written_into_a_file_moves_its_node_on_the_page(tmp_path: Path) -> None:
    """The page is generated from the files: a relation added to niese places it under
    Altenburg and names its source."""
    folder = _copy(tmp_path)
    before = family_tree_text(family_tree(folder))
    path = folder / "niese.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "\nrules:\n", "\nrelations:\n  - {kind: derived_from, variant: altenburg-1988, "
        "refs: [S-WIK]}\nrules:\n", 1), encoding="utf-8")
    after = family_tree_text(family_tree(folder))
    assert after != before
    assert [n.id for n in _find(family_tree(folder), "niese-five-hand")] == [
        "quadrille", "german-solo-family", "altenburg-1988", "niese", "niese-five-hand"]
    assert any(line.strip().startswith("- niese: ") and "derived from altenburg-1988 (S-WIK)"
               in line for line in after)


def _house(tmp_path: Path, relation: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("schema: 1\nid: house\nextends: altenburg-1988\nstatus: house\n"
                    f"relations:\n  - {relation}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("relation", "message"), [
    ("{kind: cousin, variant: niese, refs: [S-WIK]}",
     "relations[0].kind: unknown relation kind 'cousin'; known: parent, derived_from, "
     "same_pack_as"),
    ("{kind: parent, variant: whist, refs: [S-WIK]}",
     "relations[0].variant: unknown variant 'whist'; known variants: altenburg-1988"),
    ("{kind: parent, variant: niese, refs: [S-NOPE]}",
     "relations[0].refs: 'S-NOPE' is no source of house nor of niese, nor an AMB or E id"),
    ("{kind: parent, variant: niese, refs: []}",
     "relations[0].refs: expected a list of source or decision ids"),
    ("{kind: parent, variant: niese, refs: [S-WIK], since: 1840}",
     "relations[0].since: unknown key; allowed: kind, note, quote, refs, variant"),
    ("{kind: parent, variant: house, refs: [S-WIK]}",
     "relations[0].variant: unknown variant 'house'"),
])
def test_a_bad_relation_is_refused_in_one_line_naming_the_file_and_the_item(
        tmp_path: Path, relation: str, message: str) -> None:
    path = _house(tmp_path, relation)
    with pytest.raises(VariantError) as error:
        load_variant(str(path))
    text = str(error.value)
    assert text.startswith(f"{path}: ") and message in text and "\n" not in text


def test_relations_are_history_not_rules_so_no_hash_or_record_changes(tmp_path: Path) -> None:
    """A file's relations are its own and outside its content: Heart Solo's relation leaves
    the content hash its records name as it was, and Foster's child inherits none."""
    path = _house(tmp_path, "{kind: derived_from, variant: niese, refs: [S-WIK]}")
    plain = tmp_path / "plain" / "house.yaml"
    plain.parent.mkdir()
    plain.write_text(path.read_text(encoding="utf-8").split("relations:")[0], encoding="utf-8")
    assert load_variant(str(path)).content_hash == load_variant(str(plain)).content_hash
    assert relations("foster") == ()
    assert [r.variant for r in relations("heart-solo")] == ["spitzeln"]
