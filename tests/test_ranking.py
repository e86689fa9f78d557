"""The card order under every trump and without trumps (DOSSIER §1.3, §1.4, §1.6; EX-01..08),
and the engine's tables against the independent reference in ``tests/reference.py``."""

from __future__ import annotations

import pytest
import reference
from hypothesis import given
from hypothesis import strategies as st

from solo_rules import TRUMP, Card, CardSet, Rank, Ranking, Suit, Trump, new_game, parse_card
from solo_rules.cards import PIQUET_IDS
from solo_rules.ranking import TrumpTables

RANKING = Ranking()


def tables(trump: str | None) -> TrumpTables:
    return RANKING.tables(Trump.NONE if trump is None else "CSHD".index(trump))


def winner(trump: str | None, trick: str) -> int:
    return tables(trump).winner(tuple(parse_card(c) for c in trick.split()))


def order_text(trump: str) -> str:
    return " ".join(c.name for c in tables(trump).order(CardSet((1 << 32) - 1)))


# -- EX-01..04: the trump order of each suit ----------------------------------------------------


def test_trump_order_clubs() -> None:
    """EX-01, S-NIE: "Clubs (highest value): ♣Q, ♣7, ♠Q, ♣A, ♣K, ♣J, ♣10, ♣9, ♣8." """
    assert order_text("C") == "CQ C7 SQ CA CK CJ CT C9 C8"


def test_trump_order_spades() -> None:
    """EX-02, S-NIE: "Spades: ♣Q, ♠7, ♠Q, ♠A, ♠K, ♠J, ♠10, ♠9, ♠8." """
    assert order_text("S") == "CQ S7 SQ SA SK SJ ST S9 S8"


def test_trump_order_hearts() -> None:
    """EX-03, S-NIE: "Hearts: ♣Q, ♡7, ♠Q, ♡A, ♡K, ♡Q, ♡J, ♡10, ♡9, ♡8." """
    assert order_text("H") == "CQ H7 SQ HA HK HQ HJ HT H9 H8"


def test_trump_order_diamonds() -> None:
    """EX-04, S-NIE: "Diamonds: ♣Q, ♢7, ♠Q, ♢A, ♢K, ♢Q, ♢J, ♢10, ♢9, ♢8." """
    assert order_text("D") == "CQ D7 SQ DA DK DQ DJ DT D9 D8"


@pytest.mark.parametrize("trump", "CSHD")
def test_matadors_head_every_trump_suit(trump: str) -> None:
    """S-WIK: the matadors "in descending order, are the Ober of Acorns, trump 7 and Ober of
    Leaves"; S-NIE: "the queen of clubs is the highest card, the 7 of trump second, and the queen
    of spades third"."""
    assert RANKING.matador_cards("CSHD".index(trump)) == (Card.CQ, Card[f"{trump}7"], Card.SQ)
    assert order_text(trump).split()[:3] == ["CQ", f"{trump}7", "SQ"]


# -- EX-05..08: single tricks -------------------------------------------------------------------


def test_manille_beats_the_trump_ace_and_basta() -> None:
    """EX-05, S-WIK: the matadors are "in descending order … the Ober of Acorns, trump 7 and
    Ober of Leaves". Hearts trump; A♥ led, ♠Q, 7♥, A♣: 7♥ wins."""
    assert winner("H", "HA SQ H7 CA") == 2


def test_spadille_is_not_a_club_when_clubs_are_not_trumps() -> None:
    """EX-06, S-WIK: "Neither Spadille nor Baste count as members of their natural suits."
    Hearts trump, K♣ led: ♣Q does not follow clubs, and played on the trick it wins as the
    highest trump."""
    hearts = tables("H")
    assert not hearts.follow_mask(Card.CK) >> Card.CQ & 1
    assert hearts.follow_mask(Card.CK) >> Card.CA & 1
    assert hearts.follow_mask(Card.HA) >> Card.CQ & 1
    assert winner("H", "CK CA CQ C7") == 2


def test_player_whose_only_club_faced_card_is_spadille_may_play_anything() -> None:
    """EX-06 in play: hearts Solo, ♣K led; seat 1's only club-faced card is ♣Q, so seat 1 is
    void in clubs and every card of its hand is legal; ♣Q then wins the trick."""
    state = new_game(
        "altenburg-1988",
        hands=[
            "CK CA CJ CT HA HK HQ HJ",
            "CQ SA SK SJ ST DA DK DQ",
            "C9 C8 C7 S9 S8 S7 HT H9",
            "SQ H8 H7 DJ DT D9 D8 D7",
        ],
        dealer=3,
    )
    for text in ("bid frage", "bid solo", "pass", "pass", "pass", "declare solo H", "play CK"):
        state = state.apply(text)
    assert state.player == 1
    assert {a.text for a in state.legal_actions()} == {f"play {c}" for c in state.hand(1)}
    for text in ("play CQ", "play C9", "play SQ"):
        state = state.apply(text)
    assert state.tricks[-1].winner == 1


def test_seven_plain_spades_when_hearts_are_trumps() -> None:
    """EX-07, S-002: "Black plain suits contain 7 cards, and red plain suits contain 8 cards."
    Hearts trump: the plain spades are A K J 10 9 8 7."""
    hearts = tables("H")
    spades = [Card(c).name for c in range(32) if hearts.suit_of[c] == Suit.SPADES]
    assert spades == ["SA", "SK", "SJ", "ST", "S9", "S8", "S7"]
    diamonds = [c for c in range(32) if hearts.suit_of[c] == Suit.DIAMONDS]
    assert len(diamonds) == 8


def test_without_trumps_basta_is_an_ordinary_queen() -> None:
    """EX-08 (AMB-50), S-NIE: "Nothing is trump. Aces are high and 7s are low." J♠ led, ♠Q,
    A♣: ♠Q wins as the highest spade."""
    assert winner(None, "SJ SQ CA") == 1
    none = tables(None)
    assert none.trump_mask == 0
    assert RANKING.matador_cards(Trump.NONE) == ()
    assert none.follow_mask(Card.SJ) >> Card.SQ & 1


def test_without_trumps_the_first_card_of_another_suit_never_wins() -> None:
    """S-NIE no-trump bids: the highest card of the led suit wins; nothing is trump."""
    assert winner(None, "C7 CA HA SA") == 1
    assert winner(None, "C7 HA SA DA") == 0


def test_natural_order_puts_the_ten_below_the_jack() -> None:
    """AMB-49: "Aces rank high and Tens rank low" means the natural order, 10 below the Jack."""
    assert winner("H", "CT CJ") == 1
    assert winner(None, "DT D9") == 0


def test_plain_suit_follow_masks_exclude_the_matadors() -> None:
    """DOSSIER §1.6 item 2: under a trump the black queens are trumps, not clubs or spades."""
    for code in range(4):
        tab = RANKING.tables(code)
        assert tab.suit_of[Card.CQ] == TRUMP and tab.suit_of[Card.SQ] == TRUMP
        assert tab.suit_of[Card.of(Suit(code), Rank.EIGHT)] == TRUMP


# -- the engine against the independent reference -----------------------------------------------

TRUMPS: list[str | None] = ["C", "S", "H", "D", None]


@pytest.mark.parametrize("trump", TRUMPS)
def test_effective_suits_agree_with_reference(trump: str | None) -> None:
    """Every card's effective suit under every trump, as in DOSSIER §1.4."""
    tab = tables(trump)
    for card in list(Card)[:PIQUET_IDS]:
        suit = tab.suit_of[card]
        expected = reference.effective_suit(card.name, trump)
        assert ("T" if suit == TRUMP else "CSHD"[suit]) == expected, card.name


@pytest.mark.parametrize("trump", TRUMPS)
def test_engine_trump_order_is_the_reference_order(trump: str | None) -> None:
    order = tables(trump).order(CardSet((1 << 32) - 1))
    expected = () if trump is None else reference.TRUMP_ORDER[trump]
    assert tuple(c.name for c in order) == expected


@given(
    st.sampled_from(TRUMPS),
    st.lists(st.sampled_from(list(Card)[:PIQUET_IDS]), min_size=1, max_size=6, unique=True),
)
def test_trick_winner_agrees_with_reference(trump: str | None, trick: list[Card]) -> None:
    """Random tricks of 1 to 6 distinct cards under every trump and without trumps."""
    expected = reference.trick_winner([c.name for c in trick], trump)
    assert tables(trump).winner(tuple(trick)) == expected


def test_ranking_tables_are_cached_per_trump() -> None:
    assert RANKING.tables(2) is Ranking().tables(2)
    assert RANKING.tables(2) is not RANKING.tables(3)
