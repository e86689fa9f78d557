"""The rulebook of an overlaid variant reads and cites right: it names the optional rules
applied, every shipped value cites its sources (no shipped file is a "house rule"), and the
couleur rule's partner binding is stated (DOSSIER §2g-1: "in a preferred-level Grossfrage, the
called partner must name the preferred suit", EDITORIAL, AMB-07)."""

from __future__ import annotations

import pytest

import solo_rules
from solo_rules.describe import rulebook

OVERLAID = [f"{base}+{overlay}" for overlay in solo_rules.available_overlays()
            for base in solo_rules.overlay_bases(overlay)]


@pytest.mark.parametrize("overlay", solo_rules.available_overlays())
def test_the_header_names_each_overlay_with_its_title(overlay: str) -> None:
    base = solo_rules.overlay_bases(overlay)[0]
    text = rulebook(f"{base}+{overlay}")
    assert f"overlays: {overlay} ({solo_rules.overlay_title(overlay)})" in text


@pytest.mark.parametrize("vid", solo_rules.available_variants() + OVERLAID)
def test_no_shipped_rule_is_cited_as_a_house_rule(vid: str) -> None:
    assert "House rule" not in rulebook(vid)


def test_couleur_favorite_states_that_the_grossfrage_partner_names_the_preferred_suit() -> None:
    text = rulebook("altenburg-1988+couleur-favorite")
    assert "In a Grossfrage declared in clubs, the called partner must name clubs as trumps." \
        in text
