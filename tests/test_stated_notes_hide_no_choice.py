"""No hidden editorial choice (issue 36): the rulebook prints a stated note's quotation, not its
rationale, so a note labelled stated may not carry an editorial, reconstructed or inferred
reading in its rationale; such a reading has a note (and a basis) of its own. Every note of
every shipped variant, and of every overlay on each base it fits, is read."""

from __future__ import annotations

import re

import pytest

import solo_rules
from solo_rules.describe import compose

#: the words that mark a reading as not stated
CHOSEN = re.compile(r"editorial|reconstruct|inferred", re.IGNORECASE)


def rulebooks() -> list[str]:
    """Every shipped variant, and every overlay on each base it fits."""
    return [*solo_rules.available_variants(),
            *(f"{base}+{overlay}" for overlay in solo_rules.available_overlays()
              for base in solo_rules.overlay_bases(overlay))]


@pytest.mark.parametrize("variant", rulebooks())
def test_a_stated_note_hides_no_choice_in_its_rationale(variant: str) -> None:
    hidden = [(note["where"], note["rationale"]) for note in compose(variant).to_dict()["notes"]
              if note["basis"] == "stated" and CHOSEN.search(note["rationale"] or "")]
    assert hidden == []


def test_parlett_labels_the_first_hand_without_a_preferred_suit_editorial() -> None:
    """S-PAR: "The trump suit chosen freely in the first deal remains the suit of preference
    thereafter": that the first deal's bidding prefers no suit is the reading (DOSSIER §2g-1),
    a note of its own."""
    notes = {note["where"]: note for note in compose("parlett-penguin").to_dict()["notes"]}
    assert notes["auction.preferred_suit"]["basis"] == "editorial"
    assert notes["auction.preferred_mode"]["basis"] == "stated"
