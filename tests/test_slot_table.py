"""The slot table (``schema.SLOT_TABLE``) is the one list of the rulebook slots: the loader,
the loop, the rulebook, ``compare`` and the typed rule set read it, and the action words the
modules declare are the ones docs/actions.md lists."""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml

from solo_rules.compare import IMPACTS
from solo_rules.describe import SECTION_TITLES
from solo_rules.errors import VariantError
from solo_rules.game import compile
from solo_rules.rules import slots as slot_protocols
from solo_rules.schema import SLOT_TABLE, SLOTS
from solo_rules.variant import available_overlays, available_variants, load_variant

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _playable() -> list[str]:
    """Every shipped variant, alone and with each overlay that applies to it."""
    found = list(available_variants())
    for overlay in available_overlays():
        for vid in available_variants():
            try:
                load_variant(f"{vid}+{overlay}")
            except VariantError:
                continue
            found.append(f"{vid}+{overlay}")
    return found


def test_every_slot_names_its_protocol_title_and_impact() -> None:
    hints = typing.get_type_hints(slot_protocols.Rules)
    for slot in SLOT_TABLE:
        if not slot.attribute:  # the loop reads what it needs of the module (the ranks' order)
            continue  # or the module acts through its stages (a slot a package adds)
        assert slot.title and SECTION_TITLES[slot.name] == slot.title
        assert slot.impact in IMPACTS
        assert slot.protocol.__module__ == slot_protocols.__name__
        expected = slot.protocol | None if slot.optional else slot.protocol
        assert hints[slot.attribute] == expected, slot.name
    assert [slot.name for slot in SLOT_TABLE] == SLOTS


@pytest.mark.parametrize("vid", available_variants())
def test_the_compiled_rule_set_holds_each_slot_module_under_its_attribute(vid: str) -> None:
    variant = load_variant(vid)
    rules = compile(variant)
    for slot in SLOT_TABLE:
        if not slot.attribute:
            continue
        held = getattr(rules, slot.attribute)
        rule = variant.slots.get(slot.name)
        assert held is (None if rule is None else rule.module), slot.name


def test_only_an_optional_slot_may_be_left_empty_and_only_where_no_module_needs_it(
        tmp_path: Path) -> None:
    """Altenburg's contracts call a partner, so its optional partner slot is needed (issue 41);
    Heart Solo's are all played alone, so it may go without one."""
    for vid in ("altenburg-1988", "heart-solo"):
        base = load_variant(vid)
        for slot in SLOT_TABLE:
            tree = {k: v for k, v in base.tree.items() if k not in ("rules", "extends")}
            tree["rules"] = {k: v for k, v in base.tree["rules"].items() if k != slot.name}
            path = tmp_path / f"{vid}-no-{slot.name}.yaml"
            path.write_text(_yaml(tree))
            if slot.optional and vid == "heart-solo":
                assert slot.name not in load_variant(path).slots
            elif slot.optional:
                with pytest.raises(VariantError,
                                   match=rf"rules\.{slot.name}: missing; rules\.\w+ needs it"):
                    load_variant(path)
            else:
                with pytest.raises(VariantError, match=rf"rules\.{slot.name}: missing"):
                    load_variant(path)


def _yaml(tree: object) -> str:
    """A variant's resolved tree as a file's text."""
    return str(yaml.safe_dump(_plain(tree), sort_keys=False, allow_unicode=True))


def _plain(value: object) -> object:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _doc_words() -> dict[tuple[str, int], set[str]]:
    text = (DOCS / "actions.md").read_text()
    table = text[text.index("## Words"):text.index("## Phases")]
    rows = re.findall(r"^\| `([^`]+)` \| (\d+) \| [^|]+ \| ([^|]+) \|", table, re.M)
    return {(word, int(aid)): {p.strip() for p in phases.split(",")}
            for word, aid, phases in rows}


def test_the_word_table_of_the_docs_is_the_words_the_modules_declare() -> None:
    """docs/actions.md lists each word with its id and the phases that take it: exactly the
    words the shipped modules contribute, in every variant and overlay."""
    declared: dict[tuple[str, int], set[str]] = {}
    for vid in _playable():
        rules = compile(load_variant(vid))
        for phase, stage in rules.stages.items():
            for word in stage.words(rules):
                declared.setdefault((word.text, word.id), set()).add(phase)
    assert declared == _doc_words()
