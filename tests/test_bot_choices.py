"""The heuristic bot decides as it always did: making it or the simulation driver faster
(issue 13) changes nothing but speed (the digests of bot_trace.py)."""

from __future__ import annotations

import pytest
from bot_trace import choices, statistics, stored

import solo_rules


@pytest.mark.parametrize("variant", solo_rules.available_variants())
def test_heuristic_bots_choose_the_stored_actions_on_seeded_deals(variant: str) -> None:
    assert choices(variant) == stored()[variant], (
        f"{variant}: the heuristic bot no longer plays as stored; if its play or a rule "
        "changed on purpose, store the new digests with `python tests/bot_trace.py --write`")


def test_simulation_reports_the_stored_statistics() -> None:
    assert statistics() == stored()["simulate"]
