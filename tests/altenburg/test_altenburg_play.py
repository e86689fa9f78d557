"""Altenburg 1988 trick play: following suit by effective suit, the called card (S-WIK; DOSSIER
§1.6, §2a, AMB-10; EX-05, EX-06, EX-40)."""

from __future__ import annotations

from altenburg_deals import HIDDEN, TOUT, frage, legal_cards, play


def test_forehand_leads_to_the_first_trick() -> None:
    """S-WIK: "Forehand leads to the first trick." """
    for dealer in range(4):
        state = frage(HIDDEN, "H", "SA", dealer=dealer)
        assert state.player == state.leader == (dealer + 1) % 4


def test_black_queens_follow_the_trumps_not_their_suit() -> None:
    """EX-06. S-WIK: "Neither Spadille nor Baste count as members of their natural suits." When
    trumps are led, a player whose only trump is Basta must play it."""
    state = play(frage(TOUT, "H", "SA"), "CQ")
    assert legal_cards(state) == {"H9", "H8"}
    state = play(state, "H9")
    assert legal_cards(state) == {"SQ"}


def test_spadille_holder_is_void_in_clubs() -> None:
    """EX-06. S-WIK: "Players must follow suit if possible; if not, they can play anything." With
    hearts trumps and CK led, a player whose only club-faced card is CQ may play anything, and CQ
    wins as the highest trump."""
    state = frage(TOUT, "H", "SA", dealer=0)  # seat 1 leads; seat 0 holds CQ and no club
    state = play(state, "CK")
    assert legal_cards(state) == {"CT", "C9"}
    state = play(state, "CT")
    assert legal_cards(state) == {"C8", "C7"}
    state = play(state, "C8")
    assert legal_cards(state) == {"CQ", "H7", "HA", "HK", "HQ", "HJ", "HT", "DA"}
    state = play(state, "CQ")
    assert state.tricks[-1].winner == 0 and state.player == 0


def test_no_duty_to_trump() -> None:
    """S-WIK: "Players must follow suit if possible; if not, they can play anything." A void
    player may discard instead of trumping, and the highest card of the suit led then wins."""
    state = play(frage(TOUT, "H", "SA", dealer=0), "CK CT C8")
    assert "DA" in legal_cards(state)
    state = play(state, "DA")
    assert state.tricks[-1].winner == 1 and state.player == 1


def test_manille_beats_basta_and_the_trump_ace() -> None:
    """EX-05. S-WIK: "The top three cards, sometimes known as matadors, in descending order, are
    the Ober of Acorns, trump 7 and Ober of Leaves"; "Whoever plays the highest trump or, if no
    trumps are played, the highest card of the suit led, wins the trick". Hearts trumps, trick
    HA, SQ, H7, CA: the trump 7 wins."""
    hands = ("CQ HA HK HQ DA DK SA SK", "SQ HJ HT CK CJ DQ DJ SJ",
             "H7 H9 H8 C9 C8 DT D9 ST", "CA CT C7 D8 D7 S9 S8 S7")
    state = play(frage(hands, "H", "CA"), "HA SQ H7 CA")
    assert state.tricks[-1].winner == 2 and state.player == 2


def test_called_card_must_be_played_when_its_suit_is_led() -> None:
    """EX-40. S-WIK: "In a Frage or Grossfrage, if the suit of the called Ace or King is led, the
    called card must be played." The hidden partner holds SA and low spades; a defender leads
    ST."""
    state = frage(HIDDEN, "H", "SA", dealer=2)  # seat 3 (a defender) leads
    state = play(state, "ST D7 DK")
    assert state.player == 2
    assert legal_cards(state) == {"SA"}
    state = play(state, "SA")
    assert state.tricks[-1].winner == 2
    assert state.partner_revealed


def test_called_card_led_when_its_holder_leads_its_suit() -> None:
    """AMB-10 (a): "the holder who leads that suit must lead the called card, otherwise the suit
    is 'led' and the called card is not played" (S-WIK: "if the suit of the called Ace or King is
    led, the called card must be played")."""
    state = frage(HIDDEN, "H", "SA", dealer=1)  # seat 2, the partner, leads
    assert state.player == 2
    assert legal_cards(state) == {"SA", "DA", "DT", "C9", "CT"}


def test_called_card_holder_discards_freely() -> None:
    """AMB-10: "Discards: unrestricted in both readings." When he cannot follow, the partner may
    keep or throw the called card."""
    state = play(frage(HIDDEN, "H", "SA"), "CQ H8")
    assert legal_cards(state) == {"SA", "S9", "S8", "S7", "DA", "DT", "C9", "CT"}
    state = play(state, "S9")
    assert not state.partner_revealed
