"""Pierer's Sur (``pref-sur``, ADDENDUM §A2d, AMB-85, E32): a second preferred suit whose
games outrank the same games in the Couleur, and are outranked by the next contract."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import legal, run

from solo_rules import IllegalActionError, VariantError, load_variant, new_game, rulebook

#: Seat 0 (eldest, dealer 3) has a long heart suit; seat 1 long clubs.
HANDS = ["CQ H7 HA HK HQ HJ HT H9", "CA CK CJ CT C9 C8 C7 H8", "SA SK SQ SJ ST S9 S8 S7",
         "DA DK DQ DJ DT D9 D8 D7"]


def _sur() -> object:
    return load_variant("altenburg-1988", ["pref-sur"])


def test_games_in_sur_beat_the_same_games_in_couleur_and_not_the_next_contract() -> None:
    """EX-77, S-PIE-SOLO: "so überstechen die Spielarten in Sur die nämlichen in Couleur".
    With Couleur = Eichel and Sur = Roth: Frage(Grün) < Frage(Eichel) < Frage(Roth) <
    Groß Forcé (the Grossfrage) in any suit (AMB-85 ii)."""
    variant = _sur()
    assert variant.modules["auction"].bid_names[:4] == (  # type: ignore[attr-defined]
        "frage", "frage@C", "frage@H", "grossfrage")
    state = run(new_game(variant, hands=HANDS, dealer=3), "bid frage")
    assert "bid frage@C" in legal(state)
    state = run(state, "bid frage@C")
    assert "bid frage@H" in legal(state)  # eldest may answer with the Sur
    state = run(state, "bid frage@H")
    assert "bid frage@C" not in legal(state) and "bid frage" not in legal(state)
    assert "bid grossfrage" not in legal(state)  # needs both black queens: CQ and SQ
    with pytest.raises(IllegalActionError, match="a bid must be higher than the standing "
                                                 "frage@H"):
        state.apply("bid frage@C")


def test_a_sur_bid_is_met_by_the_same_game_in_sur_not_in_couleur() -> None:
    """The holder of a Frage in Sur declares at least that: a Frage in hearts, not in clubs
    (the Couleur ranks below the Sur), S-PIE-SOLO."""
    state = run(new_game(_sur(), hands=HANDS, dealer=3), "bid frage", "pass", "bid frage@H",
                "pass", "pass")
    assert "declare frage H" in legal(state)
    assert "declare frage C" not in legal(state)
    assert "declare frage S" not in legal(state)


def test_a_sur_bid_after_a_couleur_bid_binds_to_the_sur_not_the_couleur() -> None:
    """Altenburg's binding (S-WIK: "A declarer who at some point during the auction bid the
    preferred suit, must in every case play in the preferred suit") would leave a player who
    bid a Solo in clubs and then in hearts (the Sur) no declaration; the Sur, still higher,
    replaces it (EDITORIAL): he declares a Solo in hearts."""
    state = run(new_game(_sur(), hands=HANDS, dealer=3), "bid frage", "bid solo@C", "hold",
                "bid solo@H", "pass", "pass", "pass")
    assert [text for text in legal(state) if text.startswith("declare")] == [
        "declare solo H", "declare solo H tout"]


def test_the_rulebook_says_the_sur_ranks_above_the_couleur_and_pays_like_it() -> None:
    book = rulebook(_sur())
    assert "Frage in clubs, Frage in hearts, Grossfrage" in book
    assert "Hearts are the Sur, a second and still higher preferred suit" in book
    assert "it is played and paid like a game in clubs" in book


def _house(tmp_path: Path, rules: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("schema: 1\nid: house\nstatus: overlay\nrules:\n  " + rules + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("rules", "message"), [
    ("auction: {params: {sur_suit: C}}", "sur_suit must differ from preferred_suit, both are C"),
    ("auction: {params: {sur_suit: null}}", "sur levels need sur_suit"),
])
def test_a_sur_that_is_no_second_suit_is_refused_in_one_line(tmp_path: Path, rules: str,
                                                              message: str) -> None:
    with pytest.raises(VariantError, match=message) as error:
        load_variant("altenburg-1988", ["pref-sur", _house(tmp_path, rules)])
    assert "\n" not in str(error.value)


def test_a_colour_multiple_with_a_sur_is_refused_since_the_sur_pays_like_the_couleur(
        tmp_path: Path) -> None:
    """AMB-85 (iii): Sur pays like Couleur; the contracts multiply only one colour, so a
    doubled Couleur with a Sur would pay the Sur less than its rank says."""
    path = _house(tmp_path, "contracts: {params: {colour_suit: C, colour_multiplier: 2}}")
    with pytest.raises(VariantError, match="the Sur pays like the Couleur"):
        load_variant("altenburg-1988", ["pref-sur", path])
