"""The differential trace of hand_trace.py over the variants added after its digests were
stored (the five-hand and six-hand Niese, Münsterland, Parlett's Penguin, American trick count):
speed work on the engine must leave their legal sets, refusals, transitions, states, outcomes
and views as they were, too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hand_trace import trace

MORE = Path(__file__).parent / "data" / "trace_digests_more.json"


def _stored() -> dict[str, str]:
    digests: dict[str, str] = json.loads(MORE.read_text())
    return digests


@pytest.mark.parametrize("variant", sorted(_stored()))
def test_random_hands_of_the_newer_variants_trace_as_stored(variant: str) -> None:
    assert trace(variant) == _stored()[variant], (
        f"{variant}: random hands no longer trace as stored; if a rule changed on purpose, "
        "store the new digest in tests/data/trace_digests_more.json")
