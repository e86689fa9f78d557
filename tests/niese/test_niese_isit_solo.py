"""AMB-57 as a parameter value: may the first solo bid already be a club Solo? S-NIE: "IsIt Solo
— Used when one person has already bid solo. The bidder wants to go Solo in clubs." The
recommended reading (yes: a club Solo may be the first solo bid, ranking equal to IsIt Solo)
is the default; the alternative (no) deletes the plain club Solo bid and lets IsIt Solo be
bid only over a standing Solo (single-round bid key ``only_over``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from niese_deals import TOPS, bid, legal, overlay

from solo_rules import IllegalActionError, Variant, VariantError

CLUB_SOLO_ONLY_OVER_SOLO = ("  auction: {params: {bids: [{id: solo@C, delete: true}, "
                            "{id: isitsolo, only_over: [solo, solo6]}]}}\n")


@pytest.fixture
def isit_solo_after_solo(tmp_path: Path) -> Variant:
    return overlay(tmp_path, "isit-solo-after-solo", CLUB_SOLO_ONLY_OVER_SOLO)


def test_a_club_solo_may_be_the_first_solo_bid_by_default() -> None:
    """AMB-57, recommended: "A club Solo may be the first solo bid, and ranks equal to IsIt
    Solo." """
    first = legal(bid(TOPS))
    assert "bid solo@C" in first and "bid isitsolo" in first


def test_isit_solo_only_over_a_standing_solo(isit_solo_after_solo: Variant) -> None:
    """S-NIE: "IsIt Solo — Used when one person has already bid solo.": no club Solo opens the
    solo bidding; over a standing Solo, IsIt Solo goes Solo in clubs."""
    first = legal(bid(TOPS, variant=isit_solo_after_solo))
    assert "bid solo@C" not in first and "bid isitsolo" not in first
    with pytest.raises(IllegalActionError):
        bid(TOPS, "isitsolo", variant=isit_solo_after_solo)
    over_solo = legal(bid(TOPS, "solo", variant=isit_solo_after_solo))
    assert "bid isitsolo" in over_solo
    assert "bid isitsolo" in legal(bid(TOPS, "solo6", variant=isit_solo_after_solo))
    assert "bid isitsolo" not in legal(bid(TOPS, "question", variant=isit_solo_after_solo))


def test_the_rulebook_states_when_isit_solo_may_be_bid(isit_solo_after_solo: Variant) -> None:
    """The prose follows the value."""
    prose = " ".join(c.text for c in isit_solo_after_solo.slots["auction"].module.describe())
    assert ("IsIt Solo (♣) may be bid only over a standing Solo (♠/♥/♦) or 6 Trick Solo "
            "(♠/♥/♦).") in prose


def test_only_over_an_unknown_bid_is_refused(tmp_path: Path) -> None:
    """A bad bid name is a one-line error naming the key and the bids."""
    with pytest.raises(VariantError, match="only_over names unknown bid 'sol'"):
        overlay(tmp_path, "bad", "  auction: {params: {bids: [{id: isitsolo, "
                                 "only_over: [sol]}]}}\n")
