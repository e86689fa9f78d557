"""``state.to_record()`` (issue 12): a state writes its own game record, the same one
``record_of`` writes, which round-trips through JSON and YAML and replays to the state; the
record's format is read through a table of readers, one per format version."""

from __future__ import annotations

import pytest
from drive import random_state

import solo_rules
from solo_rules import GameRecord, read_record, record_of, replay
from solo_rules.record_format import FORMAT, READERS


@pytest.mark.parametrize("variant", solo_rules.available_variants())
@pytest.mark.parametrize("steps", [0, 7, 10_000])
def test_state_to_record_round_trips_through_json_and_yaml_and_replays(variant: str,
                                                                       steps: int) -> None:
    state = random_state(variant, 21, steps)
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
    state = random_state("foster", 3, 12)
    record = state.to_record()
    assert isinstance(record, GameRecord)
    assert record.seed is None


def test_every_format_up_to_this_versions_own_has_a_reader() -> None:
    assert sorted(READERS) == list(range(1, FORMAT + 1))
