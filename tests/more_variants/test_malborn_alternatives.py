"""The alternative readings of ADDENDUM §A3 for Malborn Solo (AMB-61..70), each a parameter
value that changes play or payment as its reading says (the table of tests/test_every_
alternative_is_selectable.py names them)."""

from __future__ import annotations

from pathlib import Path

from drive import legal, play, run, variant_file
from test_malborn_solo import FIVE_AFTER_SPADE, FIVE_OF_SIX, HANDS

from solo_rules import Card, CardSet, GameState, load_variant, new_game


def _start(tmp_path: Path, rules: str, dealer: int = 3,
           hands: tuple[str, ...] = HANDS) -> GameState:
    """A hand of Malborn Solo with ``rules`` changed (none: the variant as shipped)."""
    variant = load_variant(variant_file(tmp_path, "malborn-solo", rules) if rules
                           else "malborn-solo")
    return new_game(variant, hands=list(hands), dealer=dealer)


def test_amb61_b_a_gewiesenes_spiel_needs_both_black_queens(tmp_path: Path) -> None:
    state = _start(tmp_path, "contracts: {params: {contracts: [{id: gewiesen, requires: "
                             "[CQ, SQ]}]}}")
    assert legal(state) == ["pass", "bid solo", "bid durch"]  # seat 0 has the spade queen only


def test_amb61_c_the_queen_face_up_gives_the_table_what_the_shown_queen_gives(
        tmp_path: Path) -> None:
    """(c) lays the queen face up until it is played, (a) shows it and takes it back: the
    table knows the same card until it is played either way; only the rulebook's words differ
    (the table of alternatives checks them)."""
    for rules in ("contracts: {params: {contracts: [{id: gewiesen, shows: required}]}}", ""):
        state = _start(tmp_path, rules, dealer=1)
        state = run(state, "bid solo", "pass", "bid gewiesen", "pass", "declare gewiesen H")
        assert state.view(1).exposed == CardSet.of([Card.SQ])
        state = play(state, FIVE_AFTER_SPADE[:36])
        assert state.view(1).exposed == CardSet()


def test_amb64_b_a_solo_is_worth_twice_the_simple_game(tmp_path: Path) -> None:
    state = _start(tmp_path, "contracts: {params: {contracts: [{id: solo, base: 2}, "
                             "{id: gewiesen, base: 4}, {id: solo_durch, base: 8}]}}")
    state = run(state, "bid solo", "pass", "pass", "pass", "declare solo H")
    assert play(state, FIVE_OF_SIX).outcome().scores == (6, -2, -2, -2)


def test_amb64_y_each_loser_of_the_pair_game_pays_each_winner(tmp_path: Path) -> None:
    state = _start(tmp_path, "settlement: {params: {partners_paid: each}}")
    state = run(state, "pass", "pass", "pass", "pass", "declare paar", "call HA")
    state = play(state, "HA HT H8 C8 S8 SA H9 SJ HK CA SK CJ DQ D9 D8 DA HJ CQ CT S7 CK C9 "
                        "ST SQ")
    assert state.outcome().scores == (2, 2, -2, -2)


def test_amb65_b_at_four_all_the_club_queen_pair_loses(tmp_path: Path) -> None:
    state = _start(tmp_path, "contracts: {params: {contracts: [{id: paar, drawn_at: null}]}}")
    state = run(state, "pass", "pass", "pass", "pass", "declare paar", "call HA")
    state = play(state, "DA DK D9 D8 SQ CK C7 CJ DT D7 SA DJ H9 H8 C8 HA S7 HK CA SK CQ CT S8 "
                        "HJ HT C9 ST HQ SJ S9 H7 DQ")
    assert state.outcome().scores == (-1, -1, 1, 1)


def test_amb66_d_holding_the_plain_aces_and_kings_he_plays_alone(tmp_path: Path) -> None:
    hands = ("SQ HQ HJ HT H9 H8 H7 D7", "CQ SA HA DA SK HK DK CT", "C9 C8 C7 SJ ST S9 S8 S7",
             "CA CK CJ DQ DJ DT D9 D8")
    state = _start(tmp_path, "partner: {params: {ranks: [A, K]}}", hands=hands)
    state = run(state, "pass", "pass", "pass", "pass", "declare paar")
    assert state.contract is not None and state.contract.called is None
    assert not any(text.startswith("call") for text in legal(state))


def test_amb67_b_the_called_ace_must_be_played_when_its_suit_is_led(tmp_path: Path) -> None:
    rules = "partner: {params: {must_play_when_led: true}}"
    hearts = ["play HA", "play HK", "play HQ", "play HJ", "play H7"]  # clubs trumps: H7 plain
    for variant, held in ((rules, ["play HA"]), ("", hearts)):
        state = run(_start(tmp_path, variant, dealer=0), "pass", "pass", "pass", "pass",
                    "declare paar", "call HA")
        state = play(state, "HT H8 C8")  # the club queen leads the called suit
        assert state.player == 0 and legal(state) == held


def test_amb68_b_counter_clockwise_the_dealers_right_is_eldest(tmp_path: Path) -> None:
    state = _start(tmp_path, "deal: {params: {direction: counter-clockwise}}")
    assert state.player == 2
