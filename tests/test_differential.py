"""The engine's behaviour over many random hands is the stored one: speed work changes nothing
else (legal sets, refusals, transitions, final states, outcomes and views; see hand_trace.py)."""

from __future__ import annotations

import pytest
from hand_trace import VARIANTS, stored, trace
from marks import slow_where

#: The default run traces Altenburg's hands; every other variant's trace runs in the slow
#: suite (.ci/run), as the differential runs do.
TRACED_BY_DEFAULT = "altenburg-1988"


@pytest.mark.parametrize("variant", slow_where(VARIANTS, set(VARIANTS) - {TRACED_BY_DEFAULT}))
def test_random_hands_trace_the_stored_legal_sets_states_and_outcomes(variant: str) -> None:
    assert trace(variant) == stored()[variant], (
        f"{variant}: random hands no longer trace as stored; if a rule changed on purpose, "
        "store the new digests with `python tests/hand_trace.py --write`")
