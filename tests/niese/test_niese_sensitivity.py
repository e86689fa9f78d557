"""Sensitivity of the Niese modules: changing one parameter changes both the module's prose and
its behaviour on an example (DESIGN.md: "changing any parameter must change both the prose and
the behaviour on some example")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from niese_deals import SWEEP, TOPS, WEAK, bid, legal, overlay, play, play_out

from solo_rules import Variant, load_variant


class Case(NamedTuple):
    """One parameter change: the slot, the ``rules:`` YAML, an example and its two results."""

    slot: str
    rules: str
    observe: Callable[[Variant], Any]
    base: Any
    changed: Any


def _kicker_over_kicker(variant: Variant) -> bool:
    return "bid kicker" in legal(bid(TOPS, "kicker", variant=variant))


def _after_five(variant: Variant) -> list[str]:
    state = bid(SWEEP, "solo@C", "pass", "pass", "pass", variant=variant)
    return legal(play(state, "CQ C9 H8 S7 C7 C8 H9 D7 SQ S9 HT D8 CA SA HJ D9 CK SK HQ DT"))


def _failed_club_solo(variant: Variant) -> tuple[tuple[str, int], ...]:
    state = play_out(bid(WEAK, "solo@C", "pass", "pass", "pass", variant=variant))
    return state.outcome().breakdown


def _club_question_value(variant: Variant) -> int:
    state = bid(TOPS, "question", "pass", "pass", "pass", variant=variant)
    state = play_out(state.apply("declare question C").apply("call HQ"))
    return abs(dict(state.outcome().breakdown)["bid"])


def _bull_payment(variant: Variant) -> int:
    return play_out(bid(TOPS, "bull", "pass", "pass", "pass", variant=variant)).outcome().scores[1]


CASES = {
    "auction.bids": Case("auction", "  auction: {params: {bids: [{id: kicker, join: false}]}}\n",
                         _kicker_over_kicker, True, False),
    "early_end.first_tricks": Case("early_end", "  early_end: {params: {first_tricks: 6}}\n",
                                   _after_five, ["stop", "continue"], []),
    "scoring.both_ways": Case("scoring", "  scoring: {params: {both_ways: own_mackers}}\n",
                              _failed_club_solo, (("bid", -8),), (("bid", -8), ("mackers", -6))),
    "scoring.club_values": Case("scoring", "  scoring: {params: {club_values: {question: 2}}}\n",
                                _club_question_value, 4, 2),
    "settlement.stake": Case("settlement", "  settlement: {params: {stake: 10}}\n",
                             _bull_payment, -70, -140),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_niese_parameter_changes_prose_and_behaviour(name: str, tmp_path: Path) -> None:
    """DESIGN.md: "changing any parameter must change both the prose and the behaviour on some
    example (a sensitivity test per module)"."""
    case = CASES[name]
    base = load_variant("niese")
    changed = overlay(tmp_path, f"niese-{name.replace('.', '-').replace('_', '-')}", case.rules)
    prose = [[c.text for c in v.slots[case.slot].module.describe()] for v in (base, changed)]
    assert prose[0] != prose[1]
    before, after = case.observe(base), case.observe(changed)
    assert before == case.base
    assert after == case.changed != before
