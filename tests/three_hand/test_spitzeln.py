"""Spitzeln: Grimm's pack (S-SPZ) with Pierer's Rothspitzen rules (S-PIE-ROT), a
reconstruction (ADDENDUM §A2b, E29; EX-66)."""

from __future__ import annotations

import pytest
from three_hand_deals import SPITZELN, legal, run, start

from solo_rules import Card, CardSet, Suit, compile, load_variant
from solo_rules.ranking import TRUMP


def pack() -> CardSet:
    return CardSet(compile(load_variant(SPITZELN)).pack)


def test_the_pack_is_grimms_and_fosters_heart_solo_pack() -> None:
    """S-SPZ: "the 8 of Hearts and all the bells have been removed apart from the Seven of
    Bells, leaving 24 cards"; S-FOS: "deleting the Eight of hearts, and all the diamonds but the
    Seven" (ADDENDUM §A1.4: the same pack)."""
    assert pack() == CardSet(compile(load_variant("heart-solo")).pack)
    assert [len(pack().of_suit(suit)) for suit in Suit] == [8, 8, 7, 1]


def test_ex66_roth_trumps_in_grimms_pack() -> None:
    """EX-66. S-SPZ pack and matador order: with Roth trumps EO > R7 > GO > RA > RK > RO > RU >
    R10 > R9 (nine; no R8)."""
    tables = compile(load_variant(SPITZELN)).tables(Suit.HEARTS)
    names = [card.name for card in tables.order(pack())]
    assert names == ["CQ", "H7", "SQ", "HA", "HK", "HQ", "HJ", "HT", "H9"]


@pytest.mark.parametrize(("trump", "count"), [("C", 9), ("S", 9), ("H", 9), ("D", 3)])
def test_the_reduced_suit_schellen_is_the_couleur_with_three_trumps(trump: str,
                                                                      count: int) -> None:
    """AMB-71: the Couleur is the reduced suit (Schellen in Grimm's pack), so a Couleur Solo
    has exactly the three matadors as trumps (§A1.2)."""
    tables = compile(load_variant(SPITZELN)).tables("CSHD".index(trump))
    assert sum(1 for card in pack() if tables.suit_of[card] == TRUMP) == count


def test_only_couleur_in_schellen_overcalls_solo() -> None:
    """E29: Pierer's auction, with the Couleur in Schellen (AMB-71)."""
    hands = ("C7 SQ CA CK CJ CT C9 C8", "CQ SA SK SJ ST S9 S8 S7", "D7 HA HK HQ HJ HT H9 H7")
    state = run(start(hands, variant=SPITZELN), "pass", "bid solo", "bid couleur")
    assert state.player == 1 and legal(state) == ["pass", "keep"]
    state = run(state, "pass")
    assert state.contract is not None and state.contract.trump == Suit.DIAMONDS
    assert state.contract.declarer == 2


def test_the_names_of_the_matadors_are_grimms() -> None:
    """S-SPZ: "known as the Old Man ... the trump Seven or Spitze"."""
    ranks = load_variant(SPITZELN).slots["ranks"].module
    assert ranks.names == ("the Old Man", "Spitze", "the Ober of Leaves")  # type: ignore[attr-defined]
    assert Card.CQ in pack()


def test_spitzeln_is_marked_a_reconstruction() -> None:
    """E29: Pierer's auction and payments applied to Grimm's pack, whose rules are unread."""
    variant = load_variant(SPITZELN)
    assert variant.status == "reconstructed"
    for slot in ("deal", "auction", "contracts", "play", "early_end", "scoring", "settlement"):
        provenance = variant.slots[slot].provenance
        assert provenance.basis == "editorial" and "E29" in provenance.refs, slot
