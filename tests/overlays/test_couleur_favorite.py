"""The couleur-favorite overlay (S-WIK Variations, S-CAS, S-PAR; DOSSIER §2g-1, AMB-07, AMB-46,
AMB-47; EX-44): clubs preferred in the auction, binding, and games in clubs scoring double."""

from __future__ import annotations

from pathlib import Path

from drive import legal, play, run, variant_file
from overlay_deals import CLUBS, CLUBS_FIVE, frage

from solo_rules import GameState, load_variant, new_game, overlay_bases

BASE = "altenburg-1988"
COULEUR = "altenburg-1988+couleur-favorite"


def _played_out(state: GameState) -> GameState:
    """Finish with the lowest legal card, declining every decision."""
    while not state.is_terminal:
        texts = legal(state)
        state = state.apply("pass" if "pass" in texts else texts[0])
    return state


def test_ex44_a_made_frage_in_the_preferred_suit_scores_two_times_two() -> None:
    """EX-44. S-WIK: "Games in the preferred suit score double." A made Frage (2) in clubs,
    without bonuses, scores 2 x 2 = 4 for declarer and partner; Altenburg alone scores 2."""
    made = _played_out(play(frage(COULEUR, CLUBS, "C", "DA"), CLUBS_FIVE)).outcome()
    assert made.made and dict(made.breakdown) == {"base": 2, "colour": 2}
    assert made.scores == (4, 0, 4, 0)
    plain = _played_out(play(frage(BASE, CLUBS, "C", "DA"), CLUBS_FIVE)).outcome()
    assert dict(plain.breakdown) == {"base": 2} and plain.scores == (2, 0, 2, 0)


def test_the_whole_value_doubles_bonuses_included() -> None:
    """AMB-47: "The whole hand value × 2" (S-PAR: "All payments are doubled"). A sweep stopped
    for prime in clubs: (2 + 2) x 2 = 8."""
    state = play(frage(COULEUR, CLUBS, "C", "DA"), "CA C8 S7 SK CK C9 S8 SJ CQ SQ S9 ST "
                 "CJ DJ SA H7 CT DK HJ H8")
    assert [trick.winner for trick in state.tricks] == [0] * 5
    outcome = run(state, "ask partner", "stop").outcome()
    assert dict(outcome.breakdown) == {"base": 2, "prime": 2, "colour": 4}


def test_doubling_only_the_base_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-47 alternative: the doubling covers only the base value, not the bonuses."""
    path = variant_file(tmp_path, BASE, """\
        contracts: {params: {colour_suit: C, colour_multiplier: 2}}
        scoring: {params: {colour_covers: base}}""", "altenburg-base-doubles")
    state = play(frage(str(path), CLUBS, "C", "DA"), "CA C8 S7 SK CK C9 S8 SJ CQ SQ S9 ST "
                 "CJ DJ SA H7 CT DK HJ H8")
    outcome = run(state, "ask partner", "stop").outcome()
    assert dict(outcome.breakdown) == {"base": 2, "prime": 2, "colour": 2}
    prose = [c.text for c in load_variant(path).slots["scoring"].module.describe()]
    assert any("only the base value is multiplied" in text for text in prose)


def test_a_preferred_contract_ranks_between_its_plain_self_and_the_next() -> None:
    """S-WIK: "A contract in the preferred suit ranks higher than the same contract in a
    different suit but lower than the next higher contract in a different suit." Over a Frage
    the next bids are Frage in clubs, then Solo, then Solo in clubs (seat 1 may not bid
    Grossfrage without both black queens, AMB-59)."""
    state = run(new_game(COULEUR, hands=list(CLUBS), dealer=3), "bid frage")
    assert legal(state) == ["pass", "bid frage@C", "bid solo", "bid solo@C"]


def test_a_preferred_bid_binds_the_declarer_to_clubs() -> None:
    """S-WIK: "A declarer who at some point during the auction bid the preferred suit, must in
    every case play in the preferred suit." """
    state = run(new_game(COULEUR, hands=list(CLUBS), dealer=3), "bid frage", "bid frage@C",
                "pass", "pass", "pass")
    assert state.player == 1
    assert {text.split()[2] for text in legal(state)} == {"C"}


def test_a_preferred_grossfrage_partner_must_name_the_preferred_suit() -> None:
    """DOSSIER §2g-1 (EDITORIAL, AMB-07): "in a preferred-level Grossfrage, the called partner
    must name the preferred suit", the only reading that gives S-WIK's "a Grossfrage in Acorns
    has precedence over the same contract in other suits" any effect."""
    queens = ("CQ SQ D8 DA HK H9 D9 S9", "CK CJ CT SK SJ ST HJ HT",
              "HA H7 HQ DK DQ DJ DT CA", "SA S8 S7 C9 C8 C7 D7 H8")
    state = run(new_game(COULEUR, hands=list(queens), dealer=3), "bid frage", "pass", "pass",
                "pass", "declare grossfrage C", "call HA")
    assert state.player == 2 and legal(state) == ["trump C"]


def test_couleur_favorite_applies_where_the_auction_has_preferred_levels() -> None:
    """The overlay requires an immediate-hold auction, a contract ladder and party points."""
    assert overlay_bases("couleur-favorite") == ["altenburg-1988"]
