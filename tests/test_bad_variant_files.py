"""Bad variant files: every one is a ``VariantError`` naming the file, the place and the value,
found fast (issue 8): limits on size, depth, alias expansion, integers and ``extends`` chains;
strict booleans, whole numbers and schema; and rules that could not be settled, refused at load.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo_rules import VariantError, load_variant
from solo_rules.safe_yaml import MAX_BYTES, MAX_DEPTH


def write(tmp_path: Path, name: str, body: str | bytes) -> Path:
    path = tmp_path / f"{name}.yaml"
    if isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")
    return path


def error(source: str | Path) -> str:
    with pytest.raises(VariantError) as info:
        load_variant(source)
    text = str(info.value)
    assert "\n" not in text
    return text


def test_a_file_that_is_not_utf8_is_refused_with_the_offset(tmp_path: Path) -> None:
    path = write(tmp_path, "latin", b"schema: 1\nid: latin\nsummary: \xe9t\xe9\n")
    assert error(path) == f"{path}: not UTF-8 text: byte 0xe9 at offset 29"


def test_a_long_path_in_a_message_keeps_the_files_name(tmp_path: Path) -> None:
    folder = tmp_path / ("d" * 120) / ("e" * 120)
    folder.mkdir(parents=True)
    message = error(write(folder, "bad", "schema: 1\nid: [\n"))
    assert f"e/bad.yaml ({len(str(folder / 'bad.yaml'))} characters):3:" in message
    assert len(message) < 300


def test_a_file_beyond_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = write(tmp_path, "huge", "schema: 1\nid: huge\nsummary: " + "x" * MAX_BYTES + "\n")
    assert error(path) == f"{path}: larger than {MAX_BYTES:,} bytes"


def test_deep_nesting_is_refused_with_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "deep", "schema: 1\nid: deep\nsummary: " + "[" * 1000 + "]" * 1000)
    assert error(path).startswith(f"{path}:3:")
    assert f"nested deeper than {MAX_DEPTH} levels" in error(path)


@pytest.mark.parametrize("where", ["summary: *i", "rules: {pack: {provenance: {quote: *i}}}"])
def test_an_alias_bomb_is_refused_before_it_expands(tmp_path: Path, where: str) -> None:
    lines = ["a: &a ['lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol', 'lol']"]
    for n in range(ord("b"), ord("j") + 1):
        before = chr(n - 1)
        lines.append(f"{chr(n)}: &{chr(n)} [{', '.join([f'*{before}'] * 9)}]")
    body = "schema: 1\nid: bomb\nsummary: x\nx-anchors:\n" + "\n".join(
        "  " + line for line in lines) + f"\n{where}\n"
    path = write(tmp_path, "bomb", body)
    assert len(body) < 1024
    assert "expands beyond" in error(path)


def test_an_alias_that_contains_itself_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "loop", "schema: 1\nid: loop\nsummary: &s [*s]\n")
    assert "an alias refers to a node that contains it" in error(path)


def test_a_5000_digit_integer_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "digits", "schema: 1\nid: digits\nsummary: " + "7" * 5000 + "\n")
    assert error(path) == f"{path}:3:10: an integer of 5000 characters (at most 40)"


@pytest.mark.parametrize("key", ["id", "extends"])
def test_an_over_long_id_or_parent_is_refused(tmp_path: Path, key: str) -> None:
    long = "a" * 300
    body = f"schema: 1\nid: {long if key == 'id' else 'child'}\n"
    if key == "extends":
        body += f"extends: {long}\n"
    path = write(tmp_path, "long", body)
    message = error(path)
    assert message.startswith(f"{path}: {key}: ")
    assert "(302 characters)" in message  # the value, shown cut


@pytest.mark.parametrize("name", ["x" * 5000, "x" * 300 + ".yaml", "nul\0byte", "\udcff.yaml"])
def test_a_variant_name_the_file_system_refuses_is_a_variant_error(name: str) -> None:
    message = error(name)
    assert "no such variant file" in message or "cannot read" in message or \
        "unknown variant" in message
    assert len(message) < 400


def test_an_extends_chain_beyond_the_limit_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "v0", "schema: 1\nid: v0\nextends: altenburg-1988\n")
    for n in range(1, 40):
        write(tmp_path, f"v{n}", f"schema: 1\nid: v{n}\nextends: v{n - 1}\n")
    message = error(tmp_path / "v39.yaml")
    assert message == (f"{tmp_path / 'v8.yaml'}: extends: a chain longer than 32 files "
                       "(from v39)")


def test_provenance_params_must_be_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "prov", "schema: 1\nid: prov\nextends: altenburg-1988\nrules:\n"
                 "  settlement: {provenance: {params: 3}}\n")
    assert error(path) == (f"{path}: rules.settlement.provenance.params: expected a mapping of "
                           "parameter names, got 3")


def test_schema_true_is_not_schema_1(tmp_path: Path) -> None:
    path = write(tmp_path, "schema", "schema: true\nid: schema\nextends: altenburg-1988\n")
    assert error(path) == f"{path}: schema: expected 1, got True"


def test_a_quoted_false_is_not_a_boolean(tmp_path: Path) -> None:
    path = write(tmp_path, "quoted", "schema: 1\nid: quoted\nextends: altenburg-1988\nrules:\n"
                 "  play: {params: {must_trump: 'false'}}\n")
    assert error(path) == (f"{path}: rules.play.params.must_trump: expected true or false, "
                           "got 'false'")


def test_true_is_not_a_whole_number_and_a_number_is_not_text(tmp_path: Path) -> None:
    path = write(tmp_path, "typed", "schema: 1\nid: typed\nextends: altenburg-1988\nrules:\n"
                 "  scoring: {params: {prime: true}}\n")
    assert error(path) == f"{path}: rules.scoring.params.prime: expected a whole number, got True"
    path = write(tmp_path, "texts", "schema: 1\nid: texts\nextends: foster\nrules:\n"
                 "  scoring: {params: {go_on_contract: 16}}\n")
    assert "rules.scoring.params.go_on_contract" in error(path)


def test_a_text_where_a_list_belongs_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "listed", "schema: 1\nid: listed\nextends: niese\nrules:\n"
                 "  scoring: {params: {doubled: bull}}\n")
    assert error(path) == (f"{path}: rules.scoring.params.doubled: expected a list, "
                           "got 'bull'")


def test_a_title_must_be_text(tmp_path: Path) -> None:
    path = write(tmp_path, "titled", "schema: 1\nid: titled\nextends: niese\ntitle: [1, 2]\n")
    assert error(path) == f"{path}: title: expected text, got [1, 2]"


FIVE_PLAYERS = """schema: 1
id: foster-five
extends: foster
rules:
  pack: {params: {players: 5, remove: [D7, H7]}}
  deal: {params: {packets: [3, 3]}}
  contracts: {params: {contracts: [{id: simple, base: BASE}, {id: tout, tricks: 6},
                                   {id: tout_partner, tricks: 6}]}}
"""


def test_a_settlement_partners_cannot_share_evenly_is_refused_at_load(tmp_path: Path) -> None:
    """[S-FOS: "Two partners pay or receive each from one adversary."] With five players and
    a Simple worth 3, two partners cannot split what three adversaries pay."""
    path = write(tmp_path, "five", FIVE_PLAYERS.replace("BASE", "3"))
    assert error(path) == (f"{path}: rules.settlement.params: with 5 players, 2 partners cannot "
                           "share what 3 adversaries pay for Simple (value 3, stake 1): make its "
                           "value or the stake even")
    even = write(tmp_path, "five-even", FIVE_PLAYERS.replace("BASE", "2").replace(
        "foster-five", "foster-five-even"))
    assert load_variant(even).id == "foster-five-even"


def test_a_joinable_bid_with_a_partner_is_refused_at_load(tmp_path: Path) -> None:
    """[S-NIE: "Multiple kickers can be played per hand"; AMB-33] Joined declarers each settle
    alone; a joinable IsIt (a called partner) would settle non-zero-sum."""
    path = write(tmp_path, "join", "schema: 1\nid: join\nextends: niese\nrules:\n  auction:\n"
                 "    params: {bids: [{id: isit, join: true}]}\n")
    assert error(path) == (f"{path}: rules.auction.params: bid 'isit': a joinable bid must name "
                           "a contract played alone ('isit' calls a partner): joined declarers "
                           "each settle their own game, which a partner would unbalance")


@pytest.mark.parametrize("declares", ["{requires: 5}", "{conflicts: [{a: 1}]}", "{requires: x}"])
def test_an_overlays_declarations_must_be_lists_of_text(tmp_path: Path, declares: str) -> None:
    path = write(tmp_path, "ov", f"schema: 1\nid: ov\nstatus: overlay\ndeclares: {declares}\n")
    with pytest.raises(VariantError, match=r"declares\.(requires|conflicts): expected a list of "
                                           r"'slot=module' or variant ids, got "):
        load_variant("altenburg-1988", overlays=[path])


def test_a_list_item_whose_id_is_not_a_scalar_replaces_the_list_and_is_then_refused(
        tmp_path: Path) -> None:
    path = write(tmp_path, "ov", "schema: 1\nid: ov\nstatus: overlay\nrules:\n  contracts:\n"
                 "    params: {contracts: [{id: [frage], base: 3}]}\n")
    with pytest.raises(VariantError) as info:
        load_variant("altenburg-1988", overlays=[path])
    message = str(info.value)
    assert "rules.contracts.params.contracts[0].id: expected text, got ['frage']" in message


def test_a_status_that_is_a_list_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "listed-status", "schema: 1\nid: listed-status\nextends: niese\n"
                 "status: [house]\n")
    assert error(path) == (f"{path}: status: expected one of ['abstract', 'documented', "
                           "'documented-partial', 'house', 'overlay', 'reconstructed'], got "
                           "['house']")


def test_a_repeated_bid_level_is_refused_at_load(tmp_path: Path) -> None:
    """Found by the mutated corpus: two equal levels made two actions 'bid frage'."""
    path = write(tmp_path, "twice", "schema: 1\nid: twice\nextends: altenburg-1988\nrules:\n"
                 "  auction: {params: {levels: [{contract: frage}, {contract: frage}]}}\n")
    assert error(path) == (f"{path}: rules.auction.params: a bid level repeats: "
                           "['frage', 'frage']; each level is one bid")
