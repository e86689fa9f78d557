"""What the loader checks before a variant is built (issue 41): every number within bounds
given by the pack and the players, and what each module needs of the other slots. Each case
is one the mutation property (tests/test_mutated_variants.py) found, refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo_rules import VariantError, load_variant
from solo_rules.requirements import needed_by
from solo_rules.schema import module_class


def refusal(tmp_path: Path, name: str, body: str) -> tuple[Path, str]:
    """The one-line refusal of the variant file ``body``, with its path."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"schema: 1\nid: {name}\nstatus: house\n{body}", encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    text = str(info.value)
    assert "\n" not in text
    return path, text


def test_contracts_that_call_a_partner_need_the_partner_rule(tmp_path: Path) -> None:
    """Altenburg's Frage: "the declarer aims to take five of the eight tricks with the help of a
    partner" [S-WIK]; without the partner slot nobody says how he is called."""
    path, text = refusal(tmp_path, "no-partner", "extends: altenburg-1988\n"
                         "rules:\n  partner: null\n")
    assert text == (f"{path}: rules.partner: missing; rules.contracts needs it: contract "
                    "'mussfrage' calls a partner, and the partner rule says how")


def test_contracts_that_call_no_partner_need_no_partner_rule() -> None:
    """Heart Solo has no partnership contract [S-FOS], and no partner slot."""
    assert "partner" not in load_variant("heart-solo").modules


def test_a_packet_of_a_64_bit_number_is_refused_before_the_deal_is_built(
        tmp_path: Path) -> None:
    path, text = refusal(tmp_path, "huge-packet", "extends: malborn-solo\nrules:\n  deal:\n"
                         "    params: {packets: [4, 9223372036854775808]}\n")
    assert text == (f"{path}: rules.deal.params.packets[1]: 9223372036854775808 is out of "
                    "range; numbers in a variant are at most 1,000,000 either way")


def test_a_packet_is_at_most_a_hand(tmp_path: Path) -> None:
    """Malborn deals 4-4 of 32 cards to four players [S-MAL]: a hand is 8 cards."""
    path, text = refusal(tmp_path, "big-packet", "extends: malborn-solo\nrules:\n  deal:\n"
                         "    params: {packets: [4, 9000]}\n")
    assert text == (f"{path}: rules.deal.params.packets[1]: expected 1..8 (the cards of a "
                    "hand), got 9000")


def test_there_are_no_more_packets_than_cards_in_a_hand(tmp_path: Path) -> None:
    path, text = refusal(tmp_path, "many-packets", "extends: malborn-solo\nrules:\n  deal:\n"
                         "    params: {packets: [1, 1, 1, 1, 1, 1, 1, 1, 1]}\n")
    assert text == (f"{path}: rules.deal.params.packets: 9 items; expected 1..8 (the cards "
                    "of a hand)")


def test_a_trick_target_fits_the_hand(tmp_path: Path) -> None:
    """Quadrille deals ten cards a hand [S-HOY p. 262]: no contract can ask for eleven tricks."""
    path, text = refusal(tmp_path, "eleven", "extends: quadrille\nrules:\n  contracts:\n"
                         "    params: {contracts: [{id: sans_prendre, tricks: 11}]}\n")
    assert text.startswith(f"{path}: rules.contracts.params.contracts[")
    assert text.endswith("].tricks: expected 0..10 (the cards of a hand), got 11")


def test_a_negative_count_of_tricks_is_refused(tmp_path: Path) -> None:
    path, text = refusal(tmp_path, "negative", "extends: altenburg-1988\nrules:\n  early_end:\n"
                         "    params: {first_tricks: -1}\n")
    assert text == (f"{path}: rules.early_end.params.first_tricks: expected 1..8 (the cards "
                    "of a hand), got -1")


def test_a_bid_leaves_its_declarer_a_suit_to_name(tmp_path: Path) -> None:
    """Found by the property: Rothspitzen's Couleur bid with no suits loaded and broke when a
    hand's holder came to declare."""
    path, text = refusal(tmp_path, "no-suits", "extends: rothspitzen\nrules:\n  auction:\n"
                         "    params:\n      bids: [{id: couleur, suits: []}]\n")
    assert text == f"{path}: rules.auction.params.bids[1].suits: 0 items; expected at least 1"


def test_an_optional_slot_says_which_modules_need_it() -> None:
    """The slot table's optional slots name what depends on them (issue 41): the contract
    ladder, whose contracts may call a partner, needs the partner slot."""
    assert "contracts.ladder" in needed_by("partner")
    for mid in needed_by("partner"):
        cls = module_class(mid)
        assert cls is not None and any(need.slot == "partner" for need in cls.needs)


def test_a_lancashire_game_value_that_is_no_number_is_refused_at_load(tmp_path: Path) -> None:
    """The Lancashire table's ``game`` values are counters: text where a number belongs is
    refused at load in one line, not raised as a TypeError when the hand is scored (found by
    the slow suite's mutated variant files)."""
    path = tmp_path / "bad-lancashire.yaml"
    path.write_text("schema: 1\nid: bad-lancashire\nstatus: house\n"
                    "extends: quadrille-lancashire\ntitle: bad\nrules:\n  scoring:\n    params:\n"
                    "      game: {ask_leave: 'x', forced_spadille: 1, sans_prendre: 2, vole: 2}\n")
    with pytest.raises(VariantError, match=r"rules\.scoring\.params: game\.ask_leave: expected a "
                                           r"whole number of counters"):
        load_variant(path)
