"""More of the dossier's alternative readings for Altenburg as parameter values (DOSSIER §3:
"In the library every recommendation is a parameter default, and the alternatives are legal
values"): each test sets the alternative in a small variant file and sees the behaviour and the
rulebook change against the default."""

from __future__ import annotations

from pathlib import Path

from altenburg_deals import (
    HIDDEN,
    HIDDEN_FIVE,
    QUEENS,
    SWEEP,
    SWEEP_FIVE,
    SWEEP_SIXTH,
    VARIANT,
    frage,
    legal,
    play,
    play_out,
    run,
    start,
    variant_file,
)

from solo_rules import Outcome, Phase, load_variant

#: Seat 0 (Frage in diamonds, calling CA from seat 2) holds none of the matadors: Spadille and
#: the trump 7 lie with seat 1, Basta with seat 3, so the defenders hold all three.
DEFENDERS_MATADORS = ("DA DK DQ DJ DT D9 D8 HA", "CQ D7 H7 H8 H9 HT HJ HQ",
                      "CA CK CJ CT C9 C8 C7 HK", "SQ SA SK SJ ST S9 S8 S7")

#: Seat 0 (Frage in hearts, calling SA from seat 2) and his partner hold all three matadors
#: (Spadille and the heart 7 with seat 0, Basta with seat 2) but little else: the party loses.
WEAK_MATADORS = ("CQ H7 C7 C8 D7 D8 S7 S8", "HA HK HQ HJ HT CA CK DA",
                 "SQ SA S9 C9 CT D9 DT H8", "SK SJ ST CJ DK DQ DJ H9")


def _prose(variant: str, slot: str) -> list[str]:
    return [clause.text for clause in load_variant(variant).slots[slot].module.describe()]


def _failed_tout(variant: str) -> Outcome:
    """SWEEP's Frage in hearts: the party sweeps the first five, goes on, and Basta takes the
    sixth trick."""
    state = run(play(frage(SWEEP, "H", "SA", variant=variant), SWEEP_FIVE), "continue")
    return play_out(play(state, SWEEP_SIXTH)).outcome()


def test_a_failed_tout_keeps_its_bonus_under_amb04_b(tmp_path: Path) -> None:
    """AMB-04 (b), S-WIK: "The bonus for Tout accrues if declarer's party continues playing
    after winning the first 5 tricks, whether they make it or not". With ``failed_tout:
    bonus_kept`` the +4 is kept and only the base is lost; by default (a) the party loses the
    base and the Tout as a whole."""
    kept = variant_file(tmp_path, "scoring: {params: {failed_tout: bonus_kept}}", "amb04b")
    default, changed = _failed_tout(VARIANT), _failed_tout(kept)
    assert not default.made and default.breakdown == (("base", -2), ("tout", -4))
    assert default.scores == (-6, 0, -6, 0)
    assert not changed.made and changed.breakdown == (("base", -2), ("tout", 4))
    assert changed.scores == (2, 0, 2, 0)
    assert _prose(kept, "scoring") != _prose(VARIANT, "scoring")
    assert any("keeps the Tout's 4" in text for text in _prose(kept, "scoring"))


def test_a_failed_tout_scores_as_a_made_game_under_amb04_c(tmp_path: Path) -> None:
    """AMB-04 (c): "A failed slam scores as a made 5-trick game" (S-WIK: "provided they
    achieve their objective, which is winning 5 or all tricks"). With ``failed_tout:
    five_made`` the party that went on and lost the sixth trick wins the base, without prime or
    Tout."""
    five = variant_file(tmp_path, "scoring: {params: {failed_tout: five_made}}", "amb04c")
    changed = _failed_tout(five)
    assert changed.made and changed.breakdown == (("base", 2),)
    assert changed.scores == (2, 0, 2, 0)
    assert not _failed_tout(VARIANT).made
    assert any("as if it had stopped" in text for text in _prose(five, "scoring"))


def test_the_defenders_matadors_cost_the_party_under_amb06_b(tmp_path: Path) -> None:
    """AMB-06 (b), S-WIK: "a bonus of 2 points in case the 3 highest trumps were all dealt to
    the same party". With ``matadors_rule: defenders_cost`` the party loses 2 when the
    defenders were dealt all three, whatever the result; by default (a) only the declarer's
    party's matadors count."""
    costly = variant_file(tmp_path, "scoring: {params: {matadors_rule: defenders_cost}}",
                          "amb06b")
    default = play_out(frage(DEFENDERS_MATADORS, "D", "CA")).outcome()
    changed = play_out(frage(DEFENDERS_MATADORS, "D", "CA", variant=costly)).outcome()
    assert default.made and default.breakdown == (("base", 2),)
    assert changed.made and changed.breakdown == (("base", 2), ("matadors", -2))
    assert (default.scores[0], changed.scores[0]) == (2, 0)
    assert any("the party loses 2 whatever" in text for text in _prose(costly, "scoring"))


def test_matadors_count_only_on_a_win_under_amb06_c(tmp_path: Path) -> None:
    """AMB-06 (c): the matador bonus is "added only on a win". With ``matadors_rule: win_only``
    a party that held all three and lost loses the base only; by default (a) the matadors ride
    with the stake (S-QLAW: the losing ombre pays "the matadores, if they have them")."""
    winning = variant_file(tmp_path, "scoring: {params: {matadors_rule: win_only}}", "amb06c")
    default = play_out(frage(WEAK_MATADORS, "H", "SA")).outcome()
    changed = play_out(frage(WEAK_MATADORS, "H", "SA", variant=winning)).outcome()
    assert not default.made and default.breakdown == (("base", -2), ("matadors", -2))
    assert not changed.made and changed.breakdown == (("base", -2),)
    assert any("a lost hand does not count them" in text for text in _prose(winning, "scoring"))


#: AMB-02 (a)'s reading: Spadille and any 7, since any 7 may become Manille (EDITORIAL).
LITERAL_DUTY = "auction: {params: {duty: {cards: [CQ], any_of: [C7, S7, H7, D7]}}}"


def test_the_literal_spadille_and_manille_duty_under_amb02_a(tmp_path: Path) -> None:
    """AMB-02 (a), S-WIK: "A Grossfrage must be announced by a player who is dealt both the
    Spadille and Manille". Manille is the trump 7 and trumps are unknown while bidding, so the
    EDITORIAL machine reading binds Spadille and any 7: HIDDEN's seat 0 (♣Q, ♥7, no ♠Q) may
    not pass, and QUEENS' seat 0 (both black queens, no 7) may; by default (b) the duty is both
    black queens (S-CAS: "Wer die beiden 'Alten' (Kreuz- und Pik-Dame) hat, muß …
    Großfrage ansagen")."""
    literal = variant_file(tmp_path, LITERAL_DUTY, "amb02a")
    assert legal(start(HIDDEN)) == ["pass", "bid frage"]
    assert legal(start(HIDDEN, variant=literal)) == ["bid frage"]
    assert legal(start(QUEENS)) == ["bid frage"]
    assert legal(start(QUEENS, variant=literal)) == ["pass", "bid frage"]
    # Without Basta he may not bid Grossfrage (AMB-59): he meets the duty with a Solo.
    declared = run(start(HIDDEN, variant=literal), "bid frage", "pass", "pass", "pass")
    assert {text.split()[1] for text in legal(declared)} == {"solo"}
    default = run(start(HIDDEN), "bid frage", "pass", "pass", "pass")
    assert {text.split()[1] for text in legal(default)} == {"frage", "solo"}
    prose = " ".join(_prose(literal, "auction"))
    assert "any of ♣7, ♠7, ♥7, ♦7 must bid" in prose
    assert "any of" not in " ".join(_prose(VARIANT, "auction"))


def test_a_partner_never_revealed_leaves_the_declarer_alone_under_amb09_b(
        tmp_path: Path) -> None:
    """AMB-09 (b): "If never revealed, the declarer plays alone" (S-WIK says only "their
    identity will become clear during play"). In HIDDEN the hidden partner (seat 2, holding the
    called ♠A) takes the fifth trick; the declarer passes on "Helfer?" and play stops with the
    result decided. By default (a) the holder is the partner and the party made its five; with
    ``unrevealed: alone`` the declarer settles alone with his four tricks and loses, unless he
    asked "Helfer?" and the partner answered."""
    alone = variant_file(tmp_path, "partner: {params: {unrevealed: alone}}", "amb09b")
    default = run(play(frage(HIDDEN, "H", "SA"), HIDDEN_FIVE), "pass").outcome()
    assert default.made and default.partner == 2 and default.scores == (2, 0, 2, 0)
    changed = run(play(frage(HIDDEN, "H", "SA", variant=alone), HIDDEN_FIVE), "pass").outcome()
    assert not changed.made and changed.partner is None
    assert (changed.party_tricks, changed.scores) == (4, (-2, 0, 0, 0))
    asked = run(play(frage(HIDDEN, "H", "SA", variant=alone), HIDDEN_FIVE), "ask partner")
    assert play_out(asked).outcome().partner == 2
    assert any("the declarer has played alone" in text for text in _prose(alone, "partner"))
    assert _prose(alone, "partner") != _prose(VARIANT, "partner")


def test_no_duels_after_eldest_passes_under_amb12_i(tmp_path: Path) -> None:
    """AMB-12 (i) = no: S-WIK describes the duels only after eldest's opening ("If eldest hand
    did not pass, the next player may pass or bid higher. Eldest hand must then respond with
    'pass', hold with 'yes', or name an even higher game"). With ``eldest_pass_duels: false``
    (what happens instead is EDITORIAL: one round of higher bids) the second player's Frage,
    overbid by the third, gets no answer: the dealer speaks next. By default the two duel."""
    single = variant_file(tmp_path, "auction: {params: {eldest_pass_duels: false}}", "amb12i")
    default = run(start(SWEEP), "pass", "bid frage", "bid frage@C")
    assert default.player == 1 and "hold" in legal(default)
    changed = run(start(SWEEP, variant=single), "pass", "bid frage", "bid frage@C")
    assert changed.player == 3 and legal(changed) == ["pass", "bid solo", "bid solo@C"]
    declared = run(changed, "pass")
    assert declared.player == 2 and declared.phase == Phase.DECLARE
    # eldest's own opening still starts the usual duels
    assert run(start(SWEEP, variant=single), "bid frage", "bid frage@C").player == 0
    assert any("have no duels" in text for text in _prose(single, "auction"))


def test_only_eldest_holds_with_yes_under_amb12_iv(tmp_path: Path) -> None:
    """AMB-12 (iv) = no: "Eldest hand must then respond with 'pass', hold with 'yes', or name
    an even higher game" (S-WIK) read as eldest's privilege in his first duel only. With
    ``hold_in_later_duels: false`` eldest may say "yes" to the second player but not to the
    third; by default the earlier seat holds in every duel (Quadrille law 22, S-HOY)."""
    first_only = variant_file(tmp_path, "auction: {params: {hold_in_later_duels: false}}",
                              "amb12iv")
    assert "hold" in legal(run(start(SWEEP, variant=first_only), "bid frage", "bid frage@C"))
    later = run(start(SWEEP, variant=first_only), "bid frage", "pass", "bid frage@C")
    assert later.player == 0 and "hold" not in legal(later)
    assert "hold" in legal(run(start(SWEEP), "bid frage", "pass", "bid frage@C"))
    assert any("only eldest, in his duel with the second player" in text
               for text in _prose(first_only, "auction"))
