"""Münsterland Sollo (S-DEWIKI, S-AKS, S-WIK, S-DET; DOSSIER §1.5, §2e, AMB-41..45, EX-47).

EX-46 and EX-48 are named by the issue but are not in the DOSSIER's table of worked examples
(§5 lists EX-47 only for Sollo); the source sentences of §2e are tested instead."""

from __future__ import annotations

import pytest
from drive import legal, play, run

from solo_rules import Card, CardSet, GameState, Suit, compile, load_variant, new_game, rulebook
from solo_rules.ranking import TRUMP

VARIANT = "muensterland-sollo"
#: Seat 0 (eldest; dealer 3) holds six club trumps.
HANDS = ("CQ C7 SQ CA CK CJ", "CT HA HK HQ HJ HT", "H7 SA SK SJ ST S7", "DA DK DQ DJ DT D7")


def start() -> GameState:
    return new_game(VARIANT, hands=HANDS, dealer=3)


def test_twenty_four_cards_without_eights_and_nines_six_each() -> None:
    """S-DEWIKI: "mit einem Skatblatt ohne 8en und 9en ... 24 Spielkarten", "so dass jeder
    sechs Spielkarten bekommt"; S-WIK: "the 8s and 9s being omitted"."""
    compiled = compile(load_variant(VARIANT))
    pack = CardSet(compiled.pack)
    assert len(pack) == 24 and compiled.players == 4 and compiled.hand_size == 6
    assert not any(card.name[1] in "98" for card in pack)
    state = new_game(VARIANT, seed=4)
    assert [len(state.hand(seat)) for seat in range(4)] == [6] * 4


def test_ex47_a_club_solo_has_seven_trumps_and_needs_four_of_six() -> None:
    """EX-47. S-DEWIKI: "Er muss mindestens 4 Stiche erhalten." With clubs trumps: ♣Q 7♣ ♠Q A♣
    K♣ J♣ 10♣ (seven; AMB-45, the 7 is Manille)."""
    compiled = compile(load_variant(VARIANT))
    order = compiled.tables(Suit.CLUBS).order(CardSet(compiled.pack))
    assert [card.name for card in order] == ["CQ", "C7", "SQ", "CA", "CK", "CJ", "CT"]
    assert compiled.contract_def("solo").tricks == 4
    state = run(start(), "bid solo", "declare solo C")
    state = play(state, "CQ CT S7 D7 C7 HT ST DT SQ HJ SJ DJ CA HQ SK DQ")
    outcome = state.outcome()
    assert state.is_terminal and len(state.tricks) == 4 and outcome.made
    assert outcome.scores == (6, -2, -2, -2)


@pytest.mark.parametrize(("trump", "count"), [(Suit.CLUBS, 7), (Suit.SPADES, 7),
                                              (Suit.HEARTS, 8), (Suit.DIAMONDS, 8)])
def test_black_trump_suits_have_seven_trumps_and_red_ones_eight(trump: Suit, count: int) -> None:
    """DOSSIER §1.5 "Münsterland 24" (inferred): a black trump suit has 7 trumps, a red one 8."""
    compiled = compile(load_variant(VARIANT))
    tables = compiled.tables(trump)
    assert sum(1 for c in CardSet(compiled.pack) if tables.suit_of[c] == TRUMP) == count


def test_the_first_player_to_declare_plays_and_the_others_do_not_speak() -> None:
    """S-DEWIKI: "Der Spieler vor der Hand kann als erster ein Spiel bestimmen. Sollte er dieses
    nicht wünschen, sagt er 'weg' und der nächste Spieler ist an der Reihe." AMB-43: the first
    declaration wins."""
    state = start()
    assert state.player == 0 and legal(state) == ["pass", "bid frage", "bid solo",
                                                  "bid solo_tout"]
    after = run(state, "weg", "bid solo")
    assert after.phase == "declare" and after.player == 1
    assert [seat for seat, _ in after.history] == [0, 1]


def test_frage_has_hearts_trumps_and_calls_a_plain_ace() -> None:
    """S-DEWIKI: "Frage: Herz ist Trumpf. Es wird ein Fehl-Ass (Kreuz, Karo oder Pik) gerufen."
    (AMB-41: hearts fixed.) Seat 0 holds A♣, so he may call A♠ or A♦."""
    state = run(start(), "bid frage")
    assert state.contract is not None and state.contract.trump == Suit.HEARTS
    assert legal(state) == ["call SA", "call DA"]
    assert compile(load_variant(VARIANT)).contract_def("frage").tricks == 4


def test_verscheih_when_all_say_weg() -> None:
    """S-DEWIKI: "Die Alte (der Spieler mit der Kreuzdame) ruft ein Ass. Der Spieler mit diesem
    Ass kann einen Trumpf bestimmen"; S-AKS: "muss dann den Trumpf bestimmen". AMB-42: he must,
    and not in the called Ace's suit. Seat 0 holds ♣Q; the A♥ holder names trumps."""
    state = run(start(), "weg", "weg", "weg", "weg")
    assert (state.phase, state.player) == ("declare", 0)
    assert legal(state) == ["declare verscheih"]
    state = run(state, "declare verscheih", "call HA")
    assert (state.phase, state.player) == ("trump", 1)
    assert legal(state) == ["trump C", "trump S", "trump D"]


def test_solo_tout_plays_alone_for_all_six_tricks() -> None:
    """S-DET: "Sollo tuu" ... "wat soviel bedütt äs 'allein alles'"; whoever announced it
    "spielde alleen giegen de dreianneren Metspielers" (all six, inferred)."""
    state = run(start(), "bid solo_tout", "declare solo_tout C")
    state = play(state, "CQ CT S7 D7 C7 HT ST DT SQ HJ SJ DJ CA HQ SK DQ CK HK SA DK CJ HA H7 DA")
    outcome = state.outcome()
    assert outcome.made and outcome.party_tricks == 6 and outcome.scores == (24, -8, -8, -8)


def test_the_editorial_stake_table_is_marked_as_such() -> None:
    """AMB-44: the scoring could not be read; the stake table (1, 1, 2, 8) is EDITORIAL, and the
    rulebook says so."""
    values = {c.id: c.base for c in compile(load_variant(VARIANT)).contracts.contracts}
    assert values == {"verscheih": 1, "frage": 1, "solo": 2, "solo_tout": 8}
    book = rulebook(VARIANT)
    assert "The scoring could not be read (AMB-44)" in book
    assert "passes by saying \"weg\"" in book
    assert Card.C9 not in CardSet(compile(load_variant(VARIANT)).pack)
