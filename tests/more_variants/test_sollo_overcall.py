"""AMB-43 as a parameter value: does the first declaration win, or may a Solo overcall a Frage?
S-DEWIKI: "Der Spieler vor der Hand kann als erster ein Spiel bestimmen. Sollte er dieses nicht
wünschen, sagt er 'weg' und der nächste Spieler ist an der Reihe." The recommended reading (the
first declaration wins) is the default; the alternative (``overcall: true``, EDITORIAL) lets
each later player declare a higher game, and the last to declare plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import legal, run, variant_file

from solo_rules import GameState, IllegalActionError, Phase, load_variant, new_game

VARIANT = "muensterland-sollo"
#: Seat 0 (eldest; dealer 3) holds six club trumps.
HANDS = ("CQ C7 SQ CA CK CJ", "CT HA HK HQ HJ HT", "H7 SA SK SJ ST S7", "DA DK DQ DJ DT D7")


@pytest.fixture
def overcall(tmp_path: Path) -> str:
    return str(variant_file(tmp_path, VARIANT, "auction: {params: {overcall: true}}",
                            "sollo-overcall"))


def _start(variant: str) -> GameState:
    return new_game(variant, hands=list(HANDS), dealer=3)


def test_the_first_declaration_ends_the_bidding_by_default() -> None:
    """S-DEWIKI: "kann als erster ein Spiel bestimmen": eldest's Frage is played at once."""
    state = run(_start(VARIANT), "bid frage")
    assert state.phase == Phase.CALL and state.player == 0


def test_a_solo_overcalls_a_frage_under_amb43(overcall: str) -> None:
    """AMB-43's alternative: after eldest's Frage the next player may declare Solo, which
    overrides it; the last to declare plays."""
    state = run(_start(overcall), "bid frage")
    assert state.phase == Phase.AUCTION and legal(state) == ["pass", "bid solo",
                                                            "bid solo_tout"]
    state = run(state, "bid solo", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 1
    with pytest.raises(IllegalActionError, match="higher than the declared solo"):
        run(_start(overcall), "bid solo", "bid frage")


def test_an_unopposed_declaration_still_plays(overcall: str) -> None:
    """With overcalling, a Frage that nobody overcalls is played by its declarer."""
    state = run(_start(overcall), "bid frage", "pass", "pass", "pass")
    assert state.phase == Phase.CALL and state.player == 0


def test_the_rulebook_states_the_overcall(overcall: str) -> None:
    """The prose follows the value."""
    def prose(variant: str) -> str:
        return " ".join(c.text for c in load_variant(variant).slots["auction"].module.describe())

    assert "The first player to declare plays" in prose(VARIANT)
    assert "the last player to declare plays" in prose(overcall)
