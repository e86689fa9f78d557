"""Malborn Solo, "Solo mit 4 Personen" (S-MAL; ADDENDUM §A2a, AMB-61..70, E18..E22,
EX-51..62). With ``dealer=3`` seat 0 is eldest: he is asked first and leads; with
``dealer=1`` seat 2 is, and seat 0 is the third to be asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import legal, play, run, variant_file

from solo_rules import (
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    Suit,
    compile,
    load_variant,
    new_game,
)
from solo_rules.ranking import TRUMP

VARIANT = "malborn-solo"
#: Seat 0 holds six hearts with the spade queen and no club queen (seat 1's); seat 3 holds
#: no trump in hearts and no ace.
HANDS = ("H7 SQ HA HK HQ HJ SA DA", "CQ HT H9 CA CK DK DQ DJ", "H8 C7 CT C9 SK SJ DT D9",
         "C8 CJ ST S9 S8 S7 D8 D7")
#: Seat 0's heart Solo led from eldest (dealer 3): he loses only the third trick, to the club
#: queen, and has five tricks after the sixth.
FIVE_OF_SIX = "H7 H9 H8 D7 SQ HT C7 D8 HA CQ C9 C8 CA CT CJ HK HQ DJ SJ S7 HJ DQ SK S8"
#: The same hands with seat 2 leading (dealer 1): seat 0 wins the spade lead with his ace,
#: then as above.
FIVE_AFTER_SPADE = "SK S7 SA DJ H7 H9 H8 D7 SQ HT C7 D8 HA CQ C9 C8 CA CT CJ HK HQ DQ SJ S8"


def start(dealer: int = 3, hands: tuple[str, ...] = HANDS) -> GameState:
    return new_game(VARIANT, hands=list(hands), dealer=dealer)


def test_ex51_hearts_trumps_are_the_three_matadors_and_seven_hearts() -> None:
    """EX-51. S-MAL: "Kreuz-Dame - Trumpf-Sieben – Pik-Dame – Trumpf-Ass – Trumpf-König –
    (nur bei Herz und Karo: Trumpf Dame -) Trumpf-Bube – Trumpf-Zehn – Trumpf-Neun –
    Trumpf-Acht"; "bei den roten Farben Herz und Karo gibt es 10 Trumpfkarten"."""
    compiled = compile(load_variant(VARIANT))
    order = compiled.tables(Suit.HEARTS).order(CardSet(compiled.pack))
    assert [card.name for card in order] == ["CQ", "H7", "SQ", "HA", "HK", "HQ", "HJ", "HT",
                                             "H9", "H8"]
    assert len(compiled.tables(Suit.SPADES).order(CardSet(compiled.pack))) == 9


def test_ex52_with_clubs_trumps_the_spade_suit_has_seven_cards_without_its_queen() -> None:
    """EX-52. S-MAL: "Die Rangfolge der Karten ist Ass – König – Dame – Bube - Zehn – Neun –
    Acht – Sieben." With clubs trumps ♠Q is a trump, so spades are A K J 10 9 8 7."""
    compiled = compile(load_variant(VARIANT))
    tables = compiled.tables(Suit.CLUBS)
    spades = [card for card in CardSet(compiled.pack) if tables.suit_of[card] == Suit.SPADES]
    spades.sort(key=lambda card: -tables.power[card])
    assert [card.name for card in spades] == ["SA", "SK", "SJ", "ST", "S9", "S8", "S7"]
    assert tables.suit_of[Card.SQ] == TRUMP


def test_the_skat_pack_is_dealt_four_and_four() -> None:
    """S-MAL: "Gespielt wird mit einem 32er Skatblatt"; "Dann werden sie von links nach rechts
    mit 4 und 4 ausgeteilt"; "Jeder Spieler erhält 8 Karten"."""
    compiled = compile(load_variant(VARIANT))
    assert (len(CardSet(compiled.pack)), compiled.players, compiled.hand_size) == (32, 4, 8)
    assert compiled.deal_rules.packets == (4, 4)  # type: ignore[attr-defined]
    state = new_game(VARIANT, seed=5, dealer=3)
    assert state.player == 0 and [len(state.hand(seat)) for seat in range(4)] == [8] * 4


def test_only_the_spade_queen_holder_may_announce_a_gewiesenes_spiel() -> None:
    """S-MAL: "Kann einer den Spielbetrag mit der Pik-Dame verdoppeln und ein „gewiesenes“
    Spiel ansagen" (AMB-61 a: eligibility is holding ♠Q)."""
    state = start()
    assert legal(state) == ["pass", "bid solo", "bid gewiesen", "bid durch"]
    assert legal(run(state, "pass")) == ["pass", "bid solo", "bid durch"]


def test_ex54_two_plain_solos_go_to_the_earlier_in_lead_order() -> None:
    """EX-54. S-MAL: "geht es nach der Reihenfolge des Aufspiels: Zuerst der Aufspielende, dann
    der Zweite, der Dritte und der Geber": the dealer cannot take eldest's Solo from him."""
    state = run(start(), "bid solo", "pass", "pass")
    assert state.player == 3 and legal(state) == ["pass", "bid durch"]
    state = run(state, "pass")
    assert state.player == 0 and legal(state)[0] == "declare solo C"


def test_ex53_a_gewiesenes_spiel_takes_priority_over_a_solo_and_shows_the_queen() -> None:
    """EX-53. S-MAL: "Kann einer den Spielbetrag mit der Pik-Dame verdoppeln und ein
    „gewiesenes“ Spiel ansagen, hat dies Vorrang". The third player to be asked (seat 0)
    overcalls eldest's Solo; the queen is shown to the table until it is played (AMB-61)."""
    state = run(start(dealer=1), "bid solo", "pass", "bid gewiesen", "pass")
    assert state.player == 0 and legal(state)[0] == "declare gewiesen C"
    state = run(state, "declare gewiesen H")
    assert state.contract is not None and state.contract.kind == "gewiesen"
    assert [state.view(seat).exposed for seat in range(4)] == [CardSet()] + [
        CardSet.of([Card.SQ])] * 3
    state = play(state, FIVE_AFTER_SPADE[:36])  # the third trick: the queen is played
    assert Card.SQ not in state.hand(0)
    assert all(state.view(seat).exposed == CardSet() for seat in range(4))


def test_ex56_a_soloist_without_the_club_queen_wins_with_five_tricks() -> None:
    """EX-56. S-MAL: "Der Solo-Spieler muss zum Gewinnen 5 Stiche haben, unabhängig davon, ob er
    die Kreuz-Dame hat oder nicht." Play stops once he has them (AMB-69)."""
    state = run(start(), "bid solo", "pass", "pass", "pass", "declare solo H")
    assert Card.CQ not in state.hand(0)
    state = play(state, FIVE_OF_SIX)
    outcome = state.outcome()
    assert state.is_terminal and (outcome.party_tricks, outcome.defender_tricks) == (5, 1)
    assert outcome.made and outcome.scores == (3, -1, -1, -1)


def test_ex60_a_gewiesenes_spiel_won_at_ten_cents_pays_sixty(tmp_path: Path) -> None:
    """EX-60. B = 10¢. S-MAL: "den Spielbetrag mit der Pik-Dame verdoppeln"; "Bezahlt wird
    nach jedem Spiel" (AMB-64: each opponent pays the soloist twice the stake)."""
    ten = load_variant(variant_file(tmp_path, VARIANT, "settlement: {params: {stake: 10}}"))
    state = new_game(ten, hands=list(HANDS), dealer=1)
    state = run(state, "bid solo", "pass", "bid gewiesen", "pass", "declare gewiesen H")
    outcome = play(state, FIVE_AFTER_SPADE).outcome()
    assert outcome.made and outcome.scores == (60, -20, -20, -20)


def test_a_durch_is_fourfold_and_fails_with_the_first_trick_lost() -> None:
    """S-MAL: "sollte einer ein Spiel „durch“ ansagen können und den Betrag damit vervierfachen
    können, hat dies Vorrang" (AMB-62 a: every trick, ×4; E19)."""
    state = run(start(), "bid durch", "pass", "pass", "pass")
    assert legal(start())[-1] == "bid durch"
    state = play(run(state, "declare solo_durch H"), FIVE_OF_SIX[:35])  # the club queen's trick
    outcome = state.outcome()
    assert state.is_terminal and len(state.tricks) == 3
    assert not outcome.made and outcome.scores == (-12, 4, 4, 4)


def test_a_later_player_overcalls_a_gewiesenes_spiel_only_with_durch() -> None:
    """S-MAL: the "durch" that quadruples "hat dies Vorrang" (INFERRED over gewiesen)."""
    state = run(start(), "bid gewiesen")
    assert legal(state) == ["pass", "bid durch"]


def test_ex57_when_nobody_plays_the_club_queen_calls_a_plain_ace() -> None:
    """EX-57. S-MAL: "Will keiner ein Spiel machen, wird in Zweiergruppen um die meisten Stiche
    gespielt, Kreuz ist Trumpf. Wer die Kreuzdame hat, sucht sich seinen Spiel-Partner indem er
    ankündigt mit welchem Ass, Pik, Herz oder Karo, er spielen will." """
    state = run(start(), "pass", "pass", "pass", "pass")
    assert state.player == 1 and legal(state) == ["declare paar"]
    state = run(state, "declare paar")
    assert state.contract is not None and state.contract.trump == Suit.CLUBS
    assert legal(state) == ["call SA", "call HA", "call DA"]


def test_ex58_the_club_queen_may_not_call_the_trump_ace() -> None:
    """EX-58. S-MAL: "mit welchem Ass, Pik, Herz oder Karo, er spielen will"."""
    state = run(start(), "pass", "pass", "pass", "pass", "declare paar")
    with pytest.raises(IllegalActionError):
        state.apply("call CA")


def test_holding_the_three_plain_aces_he_calls_a_plain_king() -> None:
    """S-MAL: "Falls er diese drei Asse selbst hat, darf er auch einen König rufen." (AMB-66 a:
    a plain King he lacks.)"""
    hands = ("SQ HK HQ HJ HT H9 H8 H7", "CQ SA HA DA CA CK CJ CT", "C9 C8 C7 SK SJ ST S9 S8",
             "S7 DK DQ DJ DT D9 D8 D7")
    state = run(start(hands=hands), "pass", "pass", "pass", "pass", "declare paar")
    assert legal(state) == ["call SK", "call HK", "call DK"]


def test_the_pair_game_is_won_by_the_pair_with_the_most_tricks() -> None:
    """S-MAL: "in Zweiergruppen um die meisten Stiche gespielt" (AMB-64 x: each loser pays one
    winner the stake). Seat 0 holds the called heart ace."""
    state = run(start(), "pass", "pass", "pass", "pass", "declare paar", "call HA")
    state = play(state, "HA HT H8 C8 S8 SA H9 SJ HK CA SK CJ DQ D9 D8 DA HJ CQ CT S7 CK C9 "
                        "ST SQ")
    outcome = state.outcome()
    assert (outcome.party_tricks, outcome.defender_tricks) == (5, 1)
    assert outcome.scores == (1, 1, -1, -1)


def test_ex62_a_pair_game_of_four_tricks_each_is_drawn() -> None:
    """EX-62. S-MAL: "um die meisten Stiche" (AMB-65 a: at 4-4 nobody pays)."""
    state = run(start(), "pass", "pass", "pass", "pass", "declare paar", "call HA")
    state = play(state, "DA DK D9 D8 SQ CK C7 CJ DT D7 SA DJ H9 H8 C8 HA S7 HK CA SK CQ CT S8 "
                        "HJ HT C9 ST HQ SJ S9 H7 DQ")
    outcome = state.outcome()
    assert state.is_terminal and (outcome.party_tricks, outcome.defender_tricks) == (4, 4)
    assert not outcome.made and outcome.scores == (0, 0, 0, 0)
    assert outcome.note.startswith("drawn")


def test_play_goes_on_at_four_all_since_a_draw_is_still_open() -> None:
    """AMB-65 with AMB-69: play stops once the result is decided, and a draw is a result, so
    the pair game at three tricks to four is played on."""
    state = run(start(), "pass", "pass", "pass", "pass", "declare paar", "call HA")
    state = play(state, "DA DK D9 D8 SQ CK C7 CJ DT D7 SA DJ H9 H8 C8 HA S7 HK CA SK CQ CT S8 "
                        "HJ HT C9 ST HQ")
    assert not state.is_terminal and len(state.tricks) == 7
