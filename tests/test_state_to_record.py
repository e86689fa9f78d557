"""``state.to_record()`` (issue 12): a state writes its own game record, the same one
``record_of`` writes, which round-trips through JSON and YAML and replays to the state; the
record's format is read through a table of readers, one per format version."""

from __future__ import annotations

import random

import pytest

import solo_rules
from solo_rules import GameRecord, read_record, record_of, replay
from solo_rules.record_format import FORMAT, READERS


def played(variant: str, seed: int, steps: int) -> solo_rules.GameState:
    """A hand of ``variant`` dealt from ``seed`` after up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state = solo_rules.new_game(variant, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("variant", solo_rules.available_variants())
@pytest.mark.parametrize("steps", [0, 7, 10_000])
def test_state_to_record_round_trips_through_json_and_yaml_and_replays(variant: str,
                                                                       steps: int) -> None:
    state = played(variant, 21, steps)
    record = state.to_record(seed=21)
    assert isinstance(record, GameRecord)
    assert record == record_of(state, seed=21)
    assert record.seed == 21 and (record.outcome is not None) == state.is_terminal
    for text in (record.to_json(), record.to_yaml()):
        read = read_record(text)
        assert read == record
        assert isinstance(read, GameRecord)
        assert replay(read) == state


def test_state_to_record_without_a_seed_records_none() -> None:
    state = played("foster", 3, 12)
    record = state.to_record()
    assert isinstance(record, GameRecord)
    assert record.seed is None


def test_every_format_up_to_this_versions_own_has_a_reader() -> None:
    assert sorted(READERS) == list(range(1, FORMAT + 1))
