"""The alternative readings of ADDENDUM §A3 for Rothspitzen, each a parameter value that
changes play or payment as its reading says (the table of tests/test_every_alternative_is_
selectable.py names them)."""

from __future__ import annotations

from pathlib import Path

from drive import variant_file
from three_hand_deals import BETE, FIVE, FOUR, SWEEP, legal, play, run

from solo_rules import GameState, load_variant, new_game


def _start(tmp_path: Path, rules: str, hands: tuple[str, ...], dealer: int = 2) -> GameState:
    path = variant_file(tmp_path, "rothspitzen", rules)
    return new_game(load_variant(path), hands=list(hands), dealer=dealer)


def _stopped(state: GameState) -> GameState:
    return run(play(run(state, "bid solo", "pass", "pass", "declare solo C"), FIVE), "stop")


def test_amb72_ii_without_the_hold_the_couleur_bidder_plays(tmp_path: Path) -> None:
    state = _start(tmp_path, "auction: {params: {bids: [{id: couleur, keepable_over: []}]}}",
                   SWEEP)
    state = run(state, "bid solo", "bid couleur")
    assert state.player == 2 and legal(state) == ["pass"]


def test_amb72_iii_a_solo_holder_may_not_name_the_couleur(tmp_path: Path) -> None:
    state = _start(tmp_path, "auction: {params: {bids: [{id: solo, suits: [C, S, D]}]}}", SWEEP)
    assert legal(run(state, "bid solo", "pass", "pass")) == [
        "declare solo C", "declare solo S", "declare solo D"]


def test_amb73_b_each_player_sets_a_share_of_the_stamm(tmp_path: Path) -> None:
    """A Stamm of 12 in thirds of 4: a throw-in costs everyone 4."""
    state = _start(tmp_path, "settlement: {params: {stake: shared, stamm: 12}}", SWEEP)
    assert run(state, "pass", "pass", "pass").outcome().scores == (-4, -4, -4)


def test_amb73_c_each_player_sets_a_stamm(tmp_path: Path) -> None:
    """Three Stämme stand: the winner draws all three (12), less his own."""
    state = _start(tmp_path, "settlement: {params: {stake: each}}", SWEEP)
    assert _stopped(state).outcome().scores == (8 + 2, -4 - 1, -4 - 1)


def test_amb74_b_each_opponent_also_pays_the_price(tmp_path: Path) -> None:
    """EX-70 with the price P from each opponent besides: 6 + 2 x 4."""
    state = _start(tmp_path, "settlement: {params: {price_each: true}}", SWEEP)
    assert _stopped(state).outcome().scores == (14, -5, -9)


def test_amb75_c_a_quarter_for_each_of_the_first_five(tmp_path: Path) -> None:
    state = _start(tmp_path, "scoring: {params: {prime: 5}}", SWEEP)
    assert _stopped(state).outcome().scores == (4 + 10, -5, -9)


def test_amb78_d_the_opponents_share_what_a_loser_would_have_drawn(tmp_path: Path) -> None:
    """EX-73's hand: no Stamm set and no matador paid; the opponents share the dealer's Stamm,
    2 each."""
    state = _start(tmp_path, "settlement: {params: {loss: forfeit}}", FOUR)
    state = play(run(state, "bid solo", "pass", "pass", "declare solo C"), BETE)
    assert state.outcome().scores == (0, 2, -2)
    assert state.rules.settlement.pot_after(0, state.outcome()) == 0


def test_amb80_b_each_named_matador_counts_without_a_sequence(tmp_path: Path) -> None:
    """SWEEP's soloist holds Manille and Basta but not the Eichel-Ober: two named matadors,
    none in the run."""
    state = _start(tmp_path, "scoring: {params: {matadors: named}}", SWEEP)
    assert dict(_stopped(state).outcome().breakdown)["matadors"] == 2


def test_amb82_b_without_the_renege_an_unguarded_matador_follows(tmp_path: Path) -> None:
    """SWEEP's seat 1 holds the Eichel-Ober as his only trump: led a club, he must play it."""
    state = _start(tmp_path, "play: {params: {matador_renege: false}}", SWEEP)
    state = run(state, "bid solo", "pass", "pass", "declare solo C", "play CA")
    assert legal(state) == ["play CQ"]


def test_amb83_d_counter_clockwise_the_right_hand_player_is_forehand(tmp_path: Path) -> None:
    state = _start(tmp_path, "deal: {params: {direction: counter-clockwise}}", SWEEP)
    assert state.player == 1
