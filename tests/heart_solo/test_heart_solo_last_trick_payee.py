"""AMB-25, the payees of Heart Solo's all-pass game: the last-trick winner pays each of the two
others (the default) or one player only (``settlement.declarerless: one_adversary``; whom he
pays, the next player in turn from him, is EDITORIAL)."""

from __future__ import annotations

import re
from pathlib import Path

import drive
import pytest
from heart_solo_deals import LAST, LAST_PLAY, VARIANT, play, run

from solo_rules import GameState, VariantError, load_variant, new_game
from solo_rules.describe import rulebook


def one_payee(tmp_path: Path) -> Path:
    """Heart Solo with the last-trick loser paying one player only."""
    return drive.variant_file(tmp_path, VARIANT,
                              "settlement: {params: {declarerless: one_adversary}}")


def all_pass_played(variant: Path | str) -> GameState:
    """Everyone passes LAST and it is played out in colour; seat 2 wins the last trick."""
    state = run(new_game(str(variant), hands=list(LAST), dealer=2), "pass", "pass", "pass")
    return play(state, LAST_PLAY)


def test_the_last_trick_loser_pays_one_player_only_when_selected(tmp_path: Path) -> None:
    """S-FOS: "the winner of the last trick loses the value of a Solo". Default (AMB-25): he pays
    8 to each of the other two; the alternative: he pays 8 to one only, the next in turn from
    him (seat 0 after seat 2), and the third player neither pays nor receives."""
    default = all_pass_played(VARIANT)
    chosen = all_pass_played(one_payee(tmp_path))
    assert [t.winner for t in chosen.tricks] == [t.winner for t in default.tricks] == [0] * 7 + [2]
    assert default.outcome().scores == (8, 8, -16)
    assert chosen.outcome().scores == (8, 0, -8)


def test_a_declared_solo_still_pays_each_adversary_when_selected(tmp_path: Path) -> None:
    """The reading is about the game nobody declares only: a Solo in colour won is still paid
    8 by each adversary [S-FOS: "A solo player wins from or loses to each of his adversaries
    individually"]."""
    hearts = ("CQ SQ HA HK HQ HJ HT H9", "H7 CA CK CJ CT C9 C8 C7", "D7 SA SK SJ ST S9 S8 S7")
    state = run(new_game(str(one_payee(tmp_path)), hands=list(hearts), dealer=2),
                "bid 8", "pass", "pass", "declare solo D")
    state = play(state, "CQ C7 D7 SQ C8 S7 HA H7 S8 HK C9 S9 HQ CT ST")
    assert state.outcome().scores == (16, -8, -8)


def test_the_rulebook_states_whom_the_last_trick_loser_pays(tmp_path: Path) -> None:
    """AMB-25: the rulebook follows the value."""
    assert "pays the value to each other player" in rulebook(load_variant(VARIANT))
    assert ("pays the value to one player only, the next player in turn from him"
            in rulebook(load_variant(str(one_payee(tmp_path)))))


def test_a_bad_payee_reading_is_a_one_line_error(tmp_path: Path) -> None:
    """A value that is no reading names the parameter, its file and the legal values."""
    path = drive.variant_file(tmp_path, VARIANT, "settlement: {params: {declarerless: one}}")
    message = "settlement.params.declarerless: expected one of 'each', 'one_adversary'"
    with pytest.raises(VariantError, match=re.escape(message)) as error:
        new_game(str(path))
    assert "\n" not in str(error.value)
