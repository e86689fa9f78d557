""""This deal again" of a match's hand (issue 40): the printed command and Python call carry the
match state the hand was dealt under, so that a later hand of a couleur-first-won match (the
preferred suit that of the first contract made: S-WIK "the suit of the first contract that was
satisfied"; AMB-46) is dealt again under the preferred suit set earlier and scores the same."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

import solo_rules
from solo_rules import Match, new_game, read_record
from solo_rules.cli import main
from solo_rules.record import GameRecord

#: Altenburg with the couleur-favorite's session mode first_won: no suit is preferred until a
#: declarer's party makes its contract, whose trump is preferred (and doubles) from then on.
FIRST_WON = """\
schema: 1
id: couleur-first-won
title: "Altenburg, the preferred suit that of the first game won"
extends: altenburg-1988
status: house
rules:
  auction: {params: {preferred_mode: first_won, preferred_suit: null, binding: true}}
  contracts: {params: {colour_suit: null, colour_multiplier: 2}}
"""
_AGAIN = re.compile(r"^This deal again: (.*?)  \(Python: (.*)\)$", re.MULTILINE)


def _scores(state: solo_rules.GameState, hand: GameRecord) -> tuple[int, ...]:
    for _, text in hand.actions:
        state = state.apply(text)
    return tuple(state.outcome().scores)


def test_a_later_hand_of_a_first_won_match_is_dealt_again_under_its_preferred_suit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = tmp_path / "first-won.yaml"
    variant.write_text(FIRST_WON, encoding="utf-8")
    record = tmp_path / "match.json"
    assert main(["play", str(variant), "--watch", "--hands", "3", "--seed", "1",
                 "--record", str(record)]) == 0
    calls = _AGAIN.findall(capsys.readouterr().out)
    match = read_record(record)
    played = Match.replay(match, solo_rules.load_variant(str(variant))).hand_variants()
    assert len(calls) == len(match.hands) == 3
    last = match.hands[2]
    assert isinstance(last, GameRecord)
    command, python = calls[2]
    preferred = solo_rules.compile(played[2]).auction.preferred
    assert preferred is not None and f"--preferred {preferred.letter}" in command  # by hand 1
    assert "--preferred" not in calls[0][0]  # the first hand was dealt with none
    # the Python call deals the same cards under the same rules, and the hand scores the same
    again = eval(python, {"solo_rules": solo_rules})  # the call as printed
    assert again.variant == played[2]
    assert solo_rules.record_of(again, last.seed).deal == last.deal
    assert _scores(again, last) == tuple(last.outcome.scores)
    # the call printed before issue 40 (no match state) deals it under other rules
    plain = new_game(str(variant), seed=last.seed, dealer=last.dealer)
    assert plain.variant != played[2]
    assert _scores(plain, last) != tuple(last.outcome.scores)
    # the command plays the hand under the same rules: its record names the same variant
    argv = shlex.split(command)[1:]
    assert main([*argv, "--watch", "--json"]) == 0
    rerun = json.loads(capsys.readouterr().out)
    assert rerun["variant"]["content_hash"] == last.variant.content_hash


def test_the_match_state_options_are_checked(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--watch", "--preferred", "X"]) == 2
    assert "expected a suit like C or ♣, got 'X'" in capsys.readouterr().err
    assert main(["play", "--watch", "--hands", "2", "--preferred", "S"]) == 2
    assert "a match of --hands keeps its own" in capsys.readouterr().err
