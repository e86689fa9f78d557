"""The solo-duty overlay (S-CAS, S-PAR; DOSSIER §2g-4, §4.7, AMB-52): both black queens and all
four Aces oblige their holder to play Solo unless another player does."""

from __future__ import annotations

from drive import legal, run

from solo_rules import load_variant, new_game, overlay_bases

#: Seat 0 holds CQ, SQ and the four Aces; seat 1 is strong enough in hearts to bid Solo.
ALTEN_ACES = ("CQ SQ CA SA HA DA D7 S7", "HK HQ HJ HT H9 H8 H7 CK",
              "CJ CT C9 C8 C7 SK SJ ST", "S9 S8 DK DQ DJ DT D9 D8")
DUTY = "altenburg-1988+solo-duty"


def test_the_holder_of_both_alten_and_four_aces_must_declare_solo() -> None:
    """S-CAS: "Wer die beiden Alten und vier Asse besitzt, muß Solo ansagen, wenn es kein
    anderer tut"; S-PAR: "The bid is compulsory to anyone holding both black Queens and all four
    Aces"."""
    state = run(new_game(DUTY, hands=list(ALTEN_ACES), dealer=3), "bid frage", "pass", "pass",
                "pass")
    assert state.player == 0
    assert legal(state) and all(text.startswith("declare solo") for text in legal(state))
    base = run(new_game("altenburg-1988", hands=list(ALTEN_ACES), dealer=3), "bid frage",
               "pass", "pass", "pass")
    assert any(text.startswith("declare grossfrage") for text in legal(base))


def test_another_players_solo_releases_him() -> None:
    """S-CAS: "wenn es kein anderer tut" — once another player bids Solo he may pass."""
    state = run(new_game(DUTY, hands=list(ALTEN_ACES), dealer=3), "bid frage", "bid solo")
    assert state.player == 0 and "pass" in legal(state)
    alone = run(new_game(DUTY, hands=list(ALTEN_ACES), dealer=3), "bid frage", "bid frage@C")
    assert alone.player == 0 and "pass" not in legal(alone)


def test_solo_duty_is_off_in_altenburg_and_stated_in_the_overlay() -> None:
    """AMB-52: "Off for Altenburg. Available as a module." """
    assert overlay_bases("solo-duty") == ["altenburg-1988"]
    prose = " ".join(c.text for c in load_variant(DUTY).slots["auction"].module.describe())
    assert "♣A" in prose or "CA" in prose.replace("♣", "C")
    assert prose.count("must bid") == 2
