"""The rule modules added for Foster and Heart Solo: each parameter changes the prose, and bad
parameters are refused at load with a message naming the file and the rule (DESIGN: "changing
any parameter must change both the prose and the behaviour on some example")."""

from __future__ import annotations

from pathlib import Path

import pytest
from foster_deals import variant_file

from solo_rules import Suit, VariantError, load_variant
from solo_rules.rules.auction import AllPass, AscendingAmounts
from solo_rules.rules.contracts import ContractDef, ContractLadder
from solo_rules.rules.early_end import AbandonAtFive
from solo_rules.rules.scoring import GameValues
from solo_rules.rules.settlement import PerAdversary
from solo_rules.schema import RuleModule

_SOLO = (ContractDef("solo", "Solo", base=4),)


def prose(module: RuleModule) -> str:
    """All of a module's clauses as one text."""
    return " ".join(clause.text for clause in module.describe())


@pytest.mark.parametrize(("default", "changed"), [
    (AscendingAmounts(), AscendingAmounts(amounts=(4, 8))),
    (AscendingAmounts(), AscendingAmounts(all_pass=AllPass(play="last"))),
    (AbandonAtFive(), AbandonAtFive(go_on=False)),
    (AbandonAtFive(), AbandonAtFive(stop_when_lost=False)),
    (GameValues(), GameValues(go_on_contract="tout")),
    (PerAdversary(), PerAdversary(stake=5)),
    (ContractLadder(_SOLO), ContractLadder(_SOLO, colour_suit=Suit.CLUBS, colour_multiplier=2)),
    (ContractLadder(_SOLO, colour_suit=Suit.CLUBS, colour_multiplier=2),
     ContractLadder(_SOLO, colour_suit=Suit.DIAMONDS, colour_multiplier=2)),
])
def test_each_parameter_changes_the_prose(default: RuleModule, changed: RuleModule) -> None:
    """One source of truth: a parameter that changes the behaviour changes the rulebook."""
    assert prose(default) != prose(changed)


@pytest.mark.parametrize(("rules_yaml", "message"), [
    ("auction: {params: {amounts: [4, 2]}}",
     "rules.auction.params: amounts must be positive and strictly increasing"),
    ("auction: {params: {amounts: [2, 64]}}",
     "rules.auction.params: the bid 64 is worth more than any game (the highest is worth 32)"),
    ("auction: {params: {all_pass: {play: solo}}}",
     "rules.auction.params: all_pass.play: contract 'solo' is played without a declarer"),
    ("auction: {params: {all_pass: {play: nothing}}}",
     "rules.auction.params: all_pass.play names unknown contract 'nothing'"),
    ("contracts: {params: {colour_suit: X}}",
     "rules.contracts.params.colour_suit: cannot read suit 'X'"),
    ("settlement: {params: {stake: 0}}", "rules.settlement.params: 'stake' must be >= 1: 0"),
    ("scoring: {params: {go_on_contract: slam}}",
     "rules.scoring.params: go_on_contract names unknown contract 'slam'"),
])
def test_bad_parameters_are_refused_with_the_rule_named(tmp_path: Path, rules_yaml: str,
                                                        message: str) -> None:
    """Bad input gets a one-line error naming the file, the dotted path and what was wrong."""
    path = variant_file(tmp_path, rules_yaml)
    with pytest.raises(VariantError) as error:
        load_variant(path)
    text = str(error.value)
    assert str(path) in text and message in text and "\n" not in text


def test_heart_solo_is_foster_with_its_differences() -> None:
    """S-FOS gives Heart Solo as a form of Solo: the file extends foster and keeps its lineage."""
    variant = load_variant("heart-solo")
    assert variant.lineage == ("heart-solo", "foster", "german-solo-family")
    ladder = variant.slots["contracts"].module
    assert isinstance(ladder, ContractLadder)
    assert [c.id for c in ladder.contracts] == ["solo", "last_trick"]
