"""Sensitivity: changing one parameter of an Altenburg rule module changes both its prose and
its behaviour (DESIGN.md: "changing any parameter must change both the prose and the behaviour
on some example").

Each case writes a variant file ``extends: altenburg-1988`` that changes one parameter, then
checks that the module's ``describe()`` text differs and that an example observed under the two
variants gives the expected, different results.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from altenburg.altenburg_deals import (
    HIDDEN,
    HIDDEN_FIVE,
    QUEENS,
    SWEEP,
    SWEEP_FIVE,
    SWEEP_SIXTH,
    TOUT,
    VARIANT,
    frage,
    legal,
    legal_cards,
    play,
    run,
    start,
    variant_file,
)

from solo_rules import CardSet, VariantError, load_variant, new_game

EIGHTS_NINES = "[C8, C9, S8, S9, H8, H9, D8, D9]"


class Case(NamedTuple):
    """One parameter change: the slot, the ``rules:`` YAML, an example and its two results."""

    slot: str
    rules: str
    observe: Callable[[str], Any]
    base: Any
    changed: Any


def _hand_sizes(variant: str) -> list[int]:
    return [len(new_game(variant, seed=5).hand(seat)) for seat in range(4)]


def _eldest_packets(variant: str) -> list[int]:
    """The positions in the shuffled pack of the cards dealt to eldest (seat 0)."""
    state = new_game(variant, seed=5, dealer=3)
    order = list(CardSet(state.rules.pack))
    random.Random(5).shuffle(order)
    return sorted(order.index(card) for card in state.hand(0))


def _cq_against_h7(variant: str) -> int:
    state = run(start(QUEENS, variant=variant), "bid frage", "pass", "pass", "pass",
                "declare grossfrage", "call CA", "trump H")
    return play(state, "CQ HJ H7 H8").tricks[-1].winner


def _answers_to_frage(variant: str) -> list[str]:
    return legal(run(start(SWEEP, variant=variant), "bid frage"))


def _acorn_holder_declarations(variant: str) -> bool:
    state = run(start(SWEEP, variant=variant), "bid frage", "bid frage@C", "hold", "pass", "pass",
                "pass")
    return "declare solo H" in legal(state)


def _duty_holder_may_pass(variant: str) -> bool:
    return "pass" in legal(start(QUEENS, variant=variant))


def _solo_with_prime(variant: str) -> tuple[int, ...]:
    state = run(start(SWEEP, variant=variant), "bid frage", "pass", "pass", "pass",
                "declare solo H")
    return run(play(state, SWEEP_FIVE), "stop").outcome().scores


def _defender_on_called_suit(variant: str) -> set[str]:
    return legal_cards(play(frage(HIDDEN, "H", "SA", dealer=2, variant=variant), "ST D7 DK"))


def _partner_leading(variant: str) -> set[str]:
    return legal_cards(frage(HIDDEN, "H", "SA", dealer=1, variant=variant))


def _grossfrage_trumps(variant: str) -> list[str]:
    state = run(start(QUEENS, variant=variant), "bid frage", "pass", "pass", "pass",
                "declare grossfrage", "call HA")
    return legal(state)


def _after_hidden_five(declaration: str) -> Callable[[str], list[str]]:
    def observe(variant: str) -> list[str]:
        state = run(start(HIDDEN, variant=variant), "bid frage", "pass", "pass", "pass",
                    declaration, "call SA")
        state = play(state, HIDDEN_FIVE)
        return legal(state) if not state.is_terminal else ["<end>"]

    return observe


def _after_helfer(variant: str) -> list[str]:
    state = play(frage(HIDDEN, "H", "SA", variant=variant), HIDDEN_FIVE)
    return legal(run(state, "ask partner"))


def _void_in_clubs(variant: str) -> set[str]:
    return legal_cards(play(frage(TOUT, "H", "SA", dealer=0, variant=variant), "CK CT C8"))


def _after_four_sweep_tricks(variant: str) -> list[str]:
    return legal(play(frage(SWEEP, "H", "SA", variant=variant), " ".join(SWEEP_FIVE.split()[:16])))


def _tout_over_after_trick_six(variant: str) -> bool:
    state = run(start(SWEEP, variant=variant), "bid frage", "pass", "pass", "pass",
                "declare frage H tout", "call SA")
    return play(state, f"{SWEEP_FIVE} {SWEEP_SIXTH}").is_terminal


def _frage_prime_score(variant: str) -> tuple[int, ...]:
    return run(play(frage(SWEEP, "H", "SA", variant=variant), SWEEP_FIVE), "stop").outcome().scores


CASES = {
    "pack.remove": Case("pack", f"pack: {{params: {{remove: {EIGHTS_NINES}}}}}\n"
                        "deal: {params: {packets: [3, 3]}}", _hand_sizes, [8] * 4, [6] * 4),
    "deal.packets": Case("deal", "deal: {params: {packets: [4, 4]}}", _eldest_packets,
                         [0, 1, 2, 12, 13, 20, 21, 22], [0, 1, 2, 3, 16, 17, 18, 19]),
    "ranks.matadors": Case("ranks", "ranks: {params: {matadors: [trump_seven, CQ, SQ]}}",
                           _cq_against_h7, 0, 2),
    "auction.jump_bids": Case("auction", "auction: {params: {jump_bids: false}}",
                              _answers_to_frage,
                              ["pass", "bid frage@C", "bid solo", "bid solo@C"],
                              ["pass", "bid frage@C"]),
    "auction.binding": Case("auction", "auction: {params: {binding: false}}",
                            _acorn_holder_declarations, False, True),
    "auction.duty": Case("auction", "auction: {params: {duty: null}}", _duty_holder_may_pass,
                         False, True),
    "contracts.solo.base": Case("contracts", "contracts: {params: {contracts: [{id: solo, "
                                "base: 2}]}}", _solo_with_prime, (8, 0, 0, 0), (4, 0, 0, 0)),
    "partner.must_play_when_led": Case(
        "partner", "partner: {params: {must_play_when_led: false}}", _defender_on_called_suit,
        {"SA"}, {"SA", "S9", "S8", "S7"}),
    "partner.must_lead_when_leading_suit": Case(
        "partner", "partner: {params: {must_lead_when_leading_suit: false}}", _partner_leading,
        {"SA", "DA", "DT", "C9", "CT"}, {"SA", "S9", "S8", "S7", "DA", "DT", "C9", "CT"}),
    "partner.trump_not_called_suit": Case(
        "partner", "partner: {params: {trump_not_called_suit: false}}", _grossfrage_trumps,
        ["trump C", "trump S", "trump D"], ["trump C", "trump S", "trump H", "trump D"]),
    "partner.helfer": Case("partner", "partner: {params: {helfer: null}}",
                           _after_hidden_five("declare frage H"),
                           ["pass", "ask partner"], ["<end>"]),
    "partner.helfer.not_with_tout": Case(
        "partner", "partner: {params: {helfer: {not_with_tout: false}}}",
        _after_hidden_five("declare frage H tout"),
        ["play CT", "play SA", "play DT"], ["pass", "ask partner"]),
    "partner.helfer.bars_slam": Case(
        "partner", "partner: {params: {helfer: {bars_slam: false}}}", _after_helfer,
        ["stop"], ["stop", "continue"]),
    "play.must_trump": Case("play", "play: {params: {must_trump: true}}", _void_in_clubs,
                            {"CQ", "H7", "HA", "HK", "HQ", "HJ", "HT", "DA"},
                            {"CQ", "H7", "HA", "HK", "HQ", "HJ", "HT"}),
    "early_end.first_tricks": Case("early_end", "early_end: {params: {first_tricks: 4}}",
                                   _after_four_sweep_tricks,
                                   ["play HK", "play HQ", "play HJ", "play DA"],
                                   ["stop", "continue"]),
    "early_end.stop_when_decided": Case(
        "early_end", "early_end: {params: {stop_when_decided: false}}",
        _tout_over_after_trick_six, True, False),
    "scoring.prime": Case("scoring", "scoring: {params: {prime: 3}}", _frage_prime_score,
                          (4, 0, 4, 0), (5, 0, 5, 0)),
}


def _prose(variant: str, slot: str) -> list[str]:
    return [clause.text for clause in load_variant(variant).slots[slot].module.describe()]


@pytest.mark.parametrize("name", sorted(CASES))
def test_parameter_changes_prose_and_behaviour(name: str, tmp_path: Path) -> None:
    """DESIGN.md: "changing any parameter must change both the prose and the behaviour on some
    example (a sensitivity test per module)"."""
    case = CASES[name]
    changed = variant_file(tmp_path, case.rules)
    assert load_variant(changed).slots[case.slot].module != \
        load_variant(VARIANT).slots[case.slot].module
    assert _prose(changed, case.slot) != _prose(VARIANT, case.slot)
    before, after = case.observe(VARIANT), case.observe(changed)
    assert before == case.base
    assert after == case.changed != before


def test_every_altenburg_module_with_parameters_is_varied() -> None:
    """Each module of altenburg-1988 that has parameters has a sensitivity case."""
    import attrs

    varied = {case.slot for case in CASES.values()}
    for slot, rule in load_variant(VARIANT).slots.items():
        if attrs.fields(type(rule.module)):
            assert slot in varied, f"no sensitivity case for the {slot} module"


def test_pack_change_needs_a_matching_deal(tmp_path: Path) -> None:
    """A smaller pack dealt in the 3-2-3 packets of S-WIK ("deals 8 cards each in batches of
    3–2–3") cannot give every player his share: the variant file is refused, naming the deal."""
    changed = variant_file(tmp_path, f"pack: {{params: {{remove: {EIGHTS_NINES}}}}}")
    with pytest.raises(VariantError, match=r"rules\.deal\.params: .*needs 6 for each of 4"):
        load_variant(changed)
