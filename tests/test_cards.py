"""Cards, card text, card sets and the packs of the family (DOSSIER §1.1, §1.2, §1.5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo_rules import (
    TRUMP,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Ranking,
    Suit,
    Trump,
    parse_card,
    parse_cards,
    piquet_pack,
    quadrille_pack,
)
from solo_rules.cards import CARD_IDS, PIQUET_IDS, card_ids
from solo_rules.rules.deal import PiquetPack

# -- card text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("CQ", Card.CQ),
        ("S7", Card.S7),
        ("HA", Card.HA),
        ("DT", Card.DT),
        ("D10", Card.DT),
        ("d10", Card.DT),
        (" cq ", Card.CQ),
        ("♣Q", Card.CQ),
        ("♠Q", Card.SQ),
        ("♥7", Card.H7),
        ("♡7", Card.H7),
        ("♦10", Card.DT),
        ("♢A", Card.DA),
        ("Eichel-Ober", Card.CQ),
        ("Grün-Ober", Card.SQ),
        ("Rot-Sieben", Card.H7),
        ("Schellen-Unter", Card.DJ),
        ("eichel ober", Card.CQ),
        ("EO", Card.CQ),
        ("GO", Card.SQ),
        ("RU", Card.HJ),
        ("EU", Card.CJ),
        ("clubs queen", Card.CQ),
        ("Kreuz-Dame", Card.CQ),
        ("Karo-Ass", Card.DA),
    ],
)
def test_card_text_parses_in_french_german_and_symbol_forms(text: str, card: Card) -> None:
    """DOSSIER §1.2: Ober = Queen, Unter = Jack, Eichel = clubs, Grün = spades, Rot = hearts,
    Schellen = diamonds; cards are written suit first."""
    assert parse_card(text) is card


def test_german_letter_s_reads_as_spades_not_schellen() -> None:
    """``S`` is the French spade letter; Schellen must be written out (or as D)."""
    assert parse_card("SQ") is Card.SQ
    assert parse_card("Schellen-Ober") is Card.DQ


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty card text ''"),
        ("   ", "empty card text '   '"),
        ("X7", "cannot read card 'X7': write the suit first"),
        ("QC", "cannot read card 'QC'"),
        ("C1", "cannot read card 'C1'"),
        ("C11", "cannot read card 'C11'"),
        ("Eichel-Eins", "cannot read card 'Eichel-Eins'"),
        ("Ober", "cannot read card 'Ober'"),
    ],
)
def test_unreadable_card_text_is_rejected_with_the_text_in_the_message(
    text: str, fragment: str
) -> None:
    with pytest.raises(CardParseError) as excinfo:
        parse_card(text)
    assert fragment in str(excinfo.value)
    assert "\n" not in str(excinfo.value)


def test_card_list_parses_with_spaces_and_commas() -> None:
    cards = parse_cards("CQ, s7  HA,D10")
    assert list(cards) == [Card.CQ, Card.S7, Card.HA, Card.DT]
    assert parse_cards("") == CardSet()


def test_card_list_with_a_repeated_card_is_rejected() -> None:
    with pytest.raises(CardParseError, match=r"card CQ appears twice in 'CQ S7 ♣Q'"):
        parse_cards("CQ S7 ♣Q")


def test_card_list_with_an_unreadable_card_names_it() -> None:
    with pytest.raises(CardParseError, match=r"cannot read card 'ZZ'"):
        parse_cards("CQ ZZ")


# -- cards, suits, ranks --------------------------------------------------------------------------


def test_card_value_is_suit_times_eight_plus_rank() -> None:
    for card in list(Card)[:PIQUET_IDS]:
        assert card == card.suit * 8 + card.rank
        assert Card.of(card.suit, card.rank) is card
    assert len(Card) == CARD_IDS == 52


def test_the_forty_card_packs_low_ranks_follow_the_32_card_ids() -> None:
    """ADDENDUM §A2f: Quadrille's 6 5 4 3 2 are ids 32..51, five a suit, so no 32-card id
    moves; the forty-card pack is "the four tens, nines, and eights ... discarded" [S-HOY]."""
    for card in list(Card)[PIQUET_IDS:]:
        assert card == PIQUET_IDS + card.suit * 5 + card.rank - Rank.SIX
        assert Card.of(card.suit, card.rank) is card
    assert parse_card("h2") is Card.H2 and parse_card("Schellen-Sechs") is Card.D6
    forty = quadrille_pack()
    assert len(forty) == 40
    assert str(forty.of_suit(Suit.SPADES)) == "SA SK SQ SJ S7 S6 S5 S4 S3 S2"
    assert card_ids(forty.mask) == tuple(forty)


def test_card_names_and_display_forms() -> None:
    assert str(Card.CQ) == "CQ"
    assert Card.CQ.symbol_text == "♣Q"
    assert Card.DT.symbol_text == "♦10"
    assert Card.CQ.german_name == "Eichel-Ober"
    assert Card.SJ.german_name == "Grün-Unter"
    assert Card.DA.german_name == "Schellen-Ass"


@given(st.sampled_from(list(Card)))
def test_every_display_form_of_a_card_parses_back(card: Card) -> None:
    for text in (card.name, card.name.lower(), card.symbol_text, card.german_name):
        assert parse_card(text) is card


def test_suits_and_ranks_in_order() -> None:
    """DOSSIER §1.2 suits; §1.4 natural order A K Q J 10 9 8 7 (AMB-49)."""
    assert [s.letter for s in Suit] == ["C", "S", "H", "D"]
    assert "".join(s.symbol for s in Suit) == "♣♠♥♦"
    assert [s.german for s in Suit] == ["Eichel", "Grün", "Rot", "Schellen"]
    assert [s.is_black for s in Suit] == [True, True, False, False]
    assert "".join(r.letter for r in Rank) == "AKQJT98765432"
    assert Rank.QUEEN.german == "Ober"
    assert Rank.JACK.german == "Unter"


# -- card sets ------------------------------------------------------------------------------------


def test_card_set_iterates_in_fixed_card_order() -> None:
    """A set iterates ♣A first and ♦7 last, whatever order the cards were given in."""
    cards = CardSet.of([Card.D7, Card.CA, Card.HQ, Card.SK])
    assert list(cards) == [Card.CA, Card.SK, Card.HQ, Card.D7]
    assert str(cards) == "CA SK HQ D7"
    assert cards.symbols() == "♣A ♠K ♥Q ♦7"
    assert list(piquet_pack()) == list(Card)[:PIQUET_IDS]


def test_card_set_operations() -> None:
    a = parse_cards("CQ SQ HA")
    b = parse_cards("SQ HA D7")
    assert a | b == parse_cards("CQ SQ HA D7")
    assert a & b == parse_cards("SQ HA")
    assert a - b == parse_cards("CQ")
    assert a ^ b == parse_cards("CQ D7")
    assert parse_cards("SQ") <= a
    assert not a <= b
    assert len(a) == 3
    assert Card.CQ in a and Card.D7 not in a
    assert "CQ" not in a and 99 not in a and -1 not in a
    assert bool(a) and not CardSet()
    assert a.of_suit(Suit.HEARTS) == parse_cards("HA")
    assert hash(a) == hash(parse_cards("HA SQ CQ"))


@given(st.sets(st.sampled_from(list(Card))), st.sets(st.sampled_from(list(Card))))
def test_card_set_operations_agree_with_python_sets(left: set[Card], right: set[Card]) -> None:
    a, b = CardSet.of(left), CardSet.of(right)
    assert set(a | b) == left | right
    assert set(a & b) == left & right
    assert set(a - b) == left - right
    assert set(a ^ b) == left ^ right
    assert (a <= b) == (left <= right)
    assert len(a) == len(left)
    assert list(a) == sorted(left)


# -- packs (DOSSIER §1.1) -------------------------------------------------------------------------

DIAMONDS_BUT_SEVEN = ("DA", "DK", "DQ", "DJ", "DT", "D9", "D8")
EIGHTS_AND_NINES = ("C9", "C8", "S9", "S8", "H9", "H8", "D9", "D8")

#: pack name -> (cards removed from the 32, players, hand size) from the DOSSIER §1.1 table
PACKS: dict[str, tuple[tuple[str, ...], int, int]] = {
    "piquet-32": ((), 4, 8),
    "heart-solo-24": (("H8", *DIAMONDS_BUT_SEVEN), 3, 8),
    "six-hand-30": (("H8", "D8"), 6, 5),
    "muensterland-24": (EIGHTS_AND_NINES, 4, 6),
}


@pytest.mark.parametrize("name", sorted(PACKS))
def test_pack_size_and_hand_size_follow_the_pack_table(name: str) -> None:
    """DOSSIER §1.1: 32 = 8 x 4; Heart Solo 24 = 8 x 3; six-hand 30 = 5 x 6; Münsterland
    24 = 6 x 4."""
    removed, players, hand = PACKS[name]
    module = PiquetPack(players=players, remove=tuple(Card[c] for c in removed))
    assert len(module.cards) == players * hand
    assert module.cards == piquet_pack(Card[c] for c in removed)


def test_heart_solo_pack_is_the_32_less_the_heart_eight_and_all_diamonds_but_the_seven() -> None:
    """EX-29, S-FOS: "reduced to twenty-four cards by deleting the Eight of hearts, and all the
    diamonds but the Seven"."""
    pack = piquet_pack(Card[c] for c in PACKS["heart-solo-24"][0])
    assert str(pack.of_suit(Suit.CLUBS)) == "CA CK CQ CJ CT C9 C8 C7"
    assert str(pack.of_suit(Suit.SPADES)) == "SA SK SQ SJ ST S9 S8 S7"
    assert str(pack.of_suit(Suit.HEARTS)) == "HA HK HQ HJ HT H9 H7"
    assert str(pack.of_suit(Suit.DIAMONDS)) == "D7"


def test_muensterland_pack_has_no_eights_or_nines() -> None:
    """S-WIK: "only 24 cards are used, the 8s and 9s being omitted"."""
    pack = piquet_pack(Card[c] for c in EIGHTS_AND_NINES)
    for suit in Suit:
        assert [c.rank.letter for c in pack.of_suit(suit)] == list("AKQJT7")


def test_pack_module_rejects_an_unknown_card() -> None:
    with pytest.raises(TypeError, match="'remove' must be <enum 'Card'>"):
        PiquetPack(remove=("X9",))  # type: ignore[arg-type]


# -- trumps and plain suits per pack (DOSSIER §1.5) -----------------------------------------------

#: (#trumps, ♣ plain, ♠ plain, ♥ plain, ♦ plain) per pack and trump, copied from the §1.5 tables;
#: None is the table's "–" (no trumps, or the trump suit's own plain column).
TRUMP_COUNTS: dict[str, dict[str, tuple[int | None, ...]]] = {
    "piquet-32": {
        "C": (9, None, 7, 8, 8),
        "S": (9, 7, None, 8, 8),
        "H": (10, 7, 7, None, 8),
        "D": (10, 7, 7, 8, None),
        "none": (None, 8, 8, 8, 8),
    },
    "muensterland-24": {
        "C": (7, None, 5, 6, 6),
        "S": (7, 5, None, 6, 6),
        "H": (8, 5, 5, None, 6),
        "D": (8, 5, 5, 6, None),
    },
    "heart-solo-24": {
        "C": (9, None, 7, 7, 1),
        "S": (9, 7, None, 7, 1),
        "H": (9, 7, 7, None, 1),
        "D": (3, 7, 7, 7, None),
    },
    "six-hand-30": {
        "C": (9, None, 7, 7, 7),
        "S": (9, 7, None, 7, 7),
        "H": (9, 7, 7, None, 7),
        "D": (9, 7, 7, 7, None),
        "none": (None, 8, 8, 7, 7),
    },
}
TRUMP_CASES = [(pack, trump) for pack, rows in TRUMP_COUNTS.items() for trump in rows]


def _counts(pack: CardSet, trump: str) -> tuple[int | None, ...]:
    code = Trump.NONE if trump == "none" else "CSHD".index(trump)
    tables = Ranking().tables(code)
    trumps = sum(1 for c in pack if tables.suit_of[c] == TRUMP)
    plain = tuple(
        None if s == code else sum(1 for c in pack if tables.suit_of[c] == s) for s in range(4)
    )
    return (None if trump == "none" else trumps, *plain)


@pytest.mark.parametrize(("pack_name", "trump"), TRUMP_CASES)
def test_trump_and_plain_suit_counts_match_the_dossier_tables(pack_name: str, trump: str) -> None:
    """DOSSIER §1.5 (INFERRED from §1.1 and §1.4); S-NIE: "In clubs and spades there are 9 trump.
    In hearts and diamonds there are 10 trump." (32-card pack)."""
    pack = piquet_pack(Card[c] for c in PACKS[pack_name][0])
    expected = TRUMP_COUNTS[pack_name][trump]
    assert _counts(pack, trump) == expected
    assert sum(n for n in expected if n is not None) == len(pack)


def test_heart_solo_with_diamonds_trump_has_exactly_three_trumps() -> None:
    """EX-30, S-FOS: "Diamonds are always colour, and there are only three trumps in that suit;
    Spadilla, Manilla, and Basta"."""
    pack = piquet_pack(Card[c] for c in PACKS["heart-solo-24"][0])
    assert Ranking().tables(Suit.DIAMONDS).order(pack) == (Card.CQ, Card.D7, Card.SQ)
