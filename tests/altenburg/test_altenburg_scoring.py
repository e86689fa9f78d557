"""Altenburg 1988 scoring: base values, prime, Tout, matadors, only the declarer's party scores
(S-WIK; DOSSIER §2a, AMB-01, 03, 04, 05, 06)."""

from __future__ import annotations

from altenburg_deals import (
    QUEENS,
    SWEEP,
    SWEEP_FIVE,
    SWEEP_SIXTH,
    TOUT,
    frage,
    play,
    play_lowest,
    play_out,
    run,
    start,
)

from solo_rules import GameState, Outcome


def _declared(hands: tuple[str, ...], *declaration: str) -> GameState:
    return run(start(hands), "bid frage", "pass", "pass", "pass", *declaration)


def _breakdown(outcome: Outcome) -> dict[str, int]:
    return dict(outcome.breakdown)


def test_base_values_follow_the_ladder() -> None:
    """AMB-01, AMB-03. S-WIK: "The base value of a declaration is 1 point for a Force, 2 for a
    Frage or Solo, 3 for a Großfrage and 6 for Solo." (read as Force 1, Frage 2, Großfrage 3,
    Solo 6)"""
    ladder = {c.id: c.base for c in start(SWEEP).rules.contracts.contracts}
    assert ladder == {"mussfrage": 1, "frage": 2, "grossfrage": 3, "solo": 6}
    grossfrage = play_out(_declared(QUEENS, "declare grossfrage", "call HA", "trump D"))
    assert grossfrage.outcome().made
    assert _breakdown(grossfrage.outcome()) == {"base": 3}


def test_made_hand_adds_value_to_declarer_and_partner() -> None:
    """S-WIK: "The base value plus any scores is added or subtracted to the scores of declarer and
    declarer's partner (if any), provided they achieve their objective" """
    outcome = play_out(_declared(QUEENS, "declare grossfrage", "call HA", "trump D")).outcome()
    assert (outcome.declarer, outcome.partner) == (0, 2)
    assert outcome.scores == (3, 0, 3, 0)


def test_defenders_score_nothing() -> None:
    """S-WIK: "In this version, only declarer's party scores (positively or negatively)." """
    won = run(play(frage(SWEEP, "H", "SA"), SWEEP_FIVE), "stop").outcome()
    lost = play(run(play(frage(SWEEP, "H", "SA"), SWEEP_FIVE), "continue"), SWEEP_SIXTH).outcome()
    assert won.made and not lost.made
    for outcome in (won, lost):
        assert outcome.scores[1] == outcome.scores[3] == 0
        assert outcome.scores[0] == outcome.scores[2] != 0


def test_prime_bonus_only_when_stopping_after_five() -> None:
    """S-WIK: "There is a bonus of 2 points for prime" and "The bonus for prime only applies if
    declarer's party stops after the 5th trick." """
    stopped = run(play(frage(SWEEP, "H", "SA"), SWEEP_FIVE), "stop").outcome()
    assert _breakdown(stopped) == {"base": 2, "prime": 2}
    assert stopped.scores == (4, 0, 4, 0)


def test_tout_unannounced_won_adds_four() -> None:
    """AMB-04. S-WIK: "The bonus for Tout accrues if declarer's party continues playing after
    winning the first 5 tricks, whether they make it or not" (4 points unannounced)."""
    state = play_out(run(play_lowest(frage(TOUT, "H", "SA")), "continue"))
    outcome = state.outcome()
    assert outcome.party_tricks == 8
    assert _breakdown(outcome) == {"base": 2, "tout": 4, "matadors": 2}
    assert outcome.scores == (8, 0, 8, 0)


def test_tout_unannounced_lost_as_a_whole() -> None:
    """AMB-04 (a): "Continuing raises the objective to 8. The value is base + 4, won or lost as a
    whole." S-WIK: "If they do not meet their goal, it is subtracted from their scores." """
    state = play(run(play(frage(SWEEP, "H", "SA"), SWEEP_FIVE), "continue"), SWEEP_SIXTH)
    outcome = state.outcome()
    assert outcome.party_tricks == 5 and not outcome.made
    assert outcome.scores == (-6, 0, -6, 0)


def test_tout_announced_scores_six_instead_of_four() -> None:
    """AMB-05 (a, not cumulative). S-WIK: "4 points for Tout (, and 6 points for Tout if it was
    announced along with the declaration." """
    state = play_out(_declared(TOUT, "declare frage H tout", "call SA"))
    outcome = state.outcome()
    assert outcome.party_tricks == 8 and outcome.made
    assert _breakdown(outcome) == {"base": 2, "tout announced": 6, "matadors": 2}
    assert outcome.scores == (10, 0, 10, 0)


def test_tout_announced_lost_loses_its_value() -> None:
    """S-WIK: "the bonus for Tout also accrues whenever it is declared"; failing all the tricks,
    the whole value is subtracted (AMB-04, AMB-05)."""
    state = play(_declared(SWEEP, "declare frage H tout", "call SA"), SWEEP_FIVE)
    state = play(state, SWEEP_SIXTH)
    outcome = state.outcome()
    assert state.is_terminal and not outcome.made
    assert outcome.scores == (-8, 0, -8, 0)


def test_matador_bonus_when_all_three_are_dealt_to_the_party() -> None:
    """AMB-06 (a). S-WIK: "There is also a bonus of 2 points in case the 3 highest trumps were all
    dealt to the same party." In TOUT, seat 0 holds CQ and the heart 7, his partner SQ."""
    hearts = play_out(_declared(TOUT, "declare frage H tout", "call SA")).outcome()
    assert _breakdown(hearts)["matadors"] == 2
    diamonds = play_out(_declared(TOUT, "declare frage D", "call SA")).outcome()  # D7 defends
    assert diamonds.made
    assert "matadors" not in _breakdown(diamonds)


def test_matador_bonus_rides_with_the_stake() -> None:
    """AMB-06 (a): the matador bonus "is part of the stake (won or lost)". The Grossfrage partner
    names hearts, holding the heart 7, with both black queens in the declarer's hand."""
    state = _declared(QUEENS, "declare grossfrage", "call CA", "trump H")
    state = play(state, "S9 SJ CA S7 CJ DQ C7 H9 D8 HT DJ D7 CK HA C9 CQ DA HJ DT S8 SK HQ SA HK "
                 "D9 CT DK H8")
    outcome = state.outcome()
    assert not outcome.made
    assert _breakdown(outcome) == {"base": -3, "matadors": -2}
    assert outcome.scores == (-5, 0, -5, 0)
