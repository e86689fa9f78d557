"""Niese six-hand (S-NIE; DOSSIER §1.5, §2c, AMB-39, EX-19): the pack and deal stated, every
other rule the four-hand game's with reconstructed trick targets, marked as reconstructed."""

from __future__ import annotations

import pytest
from drive import legal, play, run

from solo_rules import Card, CardSet, Suit, compile, load_variant, new_game, rulebook
from solo_rules.ranking import TRUMP

VARIANT = "niese-six-hand"
#: Seat 0 (eldest, dealer 5) holds the five heart mackers.
HANDS = ("CQ H7 SQ HA HK", "CA CK CJ CT C9", "C8 C7 SA SK SJ", "ST S9 S8 S7 HQ",
         "HJ HT H9 DA DK", "DQ DJ DT D9 D7")
#: The first three tricks, all won by seat 0's heart Solo.
FIRST_THREE = "CQ C9 C7 HQ H9 D7 H7 CT C8 S7 HT D9 SQ CJ SJ S8 HJ DT"


def rules():  # type: ignore[no-untyped-def]
    return compile(load_variant(VARIANT))


def test_ex19_thirty_cards_five_each_and_nine_heart_trumps() -> None:
    """EX-19. S-NIE: "In a 6 player game, the 8 of hearts and the 8 of diamonds are removed
    from the deck. Each player is then dealt five cards." With hearts trumps: ♣Q 7♥ ♠Q A♥ K♥ Q♥
    J♥ 10♥ 9♥ (nine)."""
    compiled = rules()
    pack = CardSet(compiled.pack)
    assert len(pack) == 30 and Card.H8 not in pack and Card.D8 not in pack
    assert compiled.players == 6 and compiled.hand_size == 5
    state = new_game(VARIANT, seed=11)
    assert [len(state.hand(seat)) for seat in range(6)] == [5] * 6
    order = compiled.tables(Suit.HEARTS).order(pack)
    assert [card.name for card in order] == ["CQ", "H7", "SQ", "HA", "HK", "HQ", "HJ", "HT", "H9"]


@pytest.mark.parametrize("trump", list(Suit))
def test_every_trump_suit_has_nine_trumps_and_seven_cards_in_each_plain_suit(trump: Suit) -> None:
    """DOSSIER §1.5 "Niese six-hand 30" (inferred): every trump suit has 9 trumps and every
    plain suit 7 cards; "note the symmetry"."""
    tables = rules().tables(trump)
    pack = CardSet(rules().pack)
    assert sum(1 for card in pack if tables.suit_of[card] == TRUMP) == 9
    for suit in Suit:
        if suit != trump:
            assert sum(1 for card in pack if tables.suit_of[card] == suit) == 7


def test_reconstructed_targets_three_of_five_four_and_all_five() -> None:
    """AMB-39 (EDITORIAL, reconstructed): 3 of 5 tricks wherever the four-hand game needs 5 of
    8; the 6 Trick Solo asks 4 of 5, Bull Solo and Solo 2 all five; Kicker none."""
    tricks = {c.id: c.tricks for c in rules().contracts.contracts}
    assert tricks == {"question": 3, "isit": 3, "kicker": 0, "ladies": 3, "solo": 3, "solo6": 4,
                      "bronco": 0, "bull": 5, "solo2": 5}
    assert rules().early_end.opening_tricks(rules()) == 3


def test_first_is_the_first_three_tricks_and_pays_with_the_mackers() -> None:
    """AMB-39: "First" = the first 3 tricks. S-NIE: "First: Bidder or partners get the first 5
    tricks" scaled to five cards; a heart Solo with all five mackers, stopped after First:
    4 + 5 + 1 = 10 units, 50 cents from each of the five others at Nickel Solo."""
    state = run(new_game(VARIANT, hands=HANDS, dealer=5), "bid solo", *["pass"] * 5,
                "declare solo H")
    state = play(state, FIRST_THREE)
    assert legal(state) == ["stop", "continue"]
    outcome = run(state, "stop").outcome()
    assert outcome.breakdown == (("bid", 4), ("mackers", 5), ("first", 1))
    assert outcome.scores == (250, -50, -50, -50, -50, -50)


def test_every_reconstructed_value_is_marked_in_provenance_and_rulebook() -> None:
    """AMB-39: "Mark the profile status: reconstructed"; each reconstructed parameter is an
    editorial choice saying RECONSTRUCTED, and the rulebook shows the status and the notes."""
    variant = load_variant(VARIANT)
    assert variant.status == "reconstructed"
    marked = (("contracts", "contracts"), ("early_end", "first_tricks"), ("deal", "packets"),
              ("auction", "bids"), ("early_end", "last_choice"),
              ("early_end", "stop_when_decided"), ("settlement", "stake"),
              ("settlement", "partners_paid"))
    for slot, param in marked:
        prov = variant.slots[slot].param_provenance[param]
        assert prov.basis == "editorial" and prov.rationale.startswith("RECONSTRUCTED (AMB-39)")
        assert "AMB-39" in prov.refs
    assert variant.slots["early_end"].provenance.rationale.startswith("RECONSTRUCTED (AMB-39)")
    book = rulebook(VARIANT)
    assert "status: reconstructed" in book
    assert book.count("RECONSTRUCTED (AMB-39)") == len(marked) + 1
    assert ("4 Trick Solo: the declarer names trumps; the declarer plays alone against the "
            "others, and he must take at least 4 tricks") in book
