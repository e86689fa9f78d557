"""AMB-12 (ii) as a parameter value: must the opening bid be Frage? S-WIK: "First, eldest hand
bids 'Frage' or passes." The recommended reading (yes) is the default; the alternative (no)
lets the opening be any bid when jump bids are allowed (auction.open_with_lowest)."""

from __future__ import annotations

from pathlib import Path

import pytest
from altenburg_deals import SWEEP, legal, run, start, variant_file

from solo_rules import IllegalActionError, load_variant

ANY_OPENING = "auction: {params: {open_with_lowest: false}}"


def _prose(variant: str) -> str:
    return " ".join(c.text for c in load_variant(variant).slots["auction"].module.describe())


def test_the_opening_bid_is_frage_by_default() -> None:
    """S-WIK: "First, eldest hand bids 'Frage' or passes." """
    state = start(SWEEP)
    assert legal(state) == ["pass", "bid frage"]
    with pytest.raises(IllegalActionError, match="the opening bid is frage"):
        state.apply("bid solo")


def test_any_opening_bid_under_amb12_ii_no(tmp_path: Path) -> None:
    """AMB-12 (ii), no: with jump bids the opening may be any bid; the opener then holds it."""
    variant = variant_file(tmp_path, ANY_OPENING)
    state = start(SWEEP, variant=variant)
    assert legal(state) == ["pass", "bid frage", "bid frage@C", "bid solo", "bid solo@C"]
    opened = run(state, "bid solo")
    assert opened.player == 1 and legal(opened) == ["pass", "bid solo@C"]
    declared = run(opened, "pass", "pass", "pass")
    assert "declare solo H" in legal(declared) and "declare frage H" not in legal(declared)


def test_without_jump_bids_the_opening_stays_frage(tmp_path: Path) -> None:
    """One level at a time (jump_bids: false) leaves only the lowest bid to open with."""
    variant = variant_file(tmp_path, "auction: {params: {open_with_lowest: false, "
                                     "jump_bids: false}}")
    assert legal(start(SWEEP, variant=variant)) == ["pass", "bid frage"]


def test_the_rulebook_states_the_opening(tmp_path: Path) -> None:
    """The prose follows the value."""
    assert "may open with ⟨frage⟩ or pass" in _prose("altenburg-1988")
    assert "may open with any bid or pass" in _prose(variant_file(tmp_path, ANY_OPENING))
