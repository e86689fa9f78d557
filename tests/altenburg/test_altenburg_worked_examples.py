"""DOSSIER §5 worked examples for Altenburg 1988 scoring: EX-33, EX-34, EX-37 (EX-05, EX-06,
EX-40 and EX-41 are in the play and declaration tests)."""

from __future__ import annotations

from pathlib import Path

from altenburg_deals import (
    HIDDEN,
    SWEEP,
    SWEEP_FIVE,
    frage,
    play,
    run,
    start,
    variant_file,
)


def test_ex33_mussfrage_with_four_tricks_loses_one_each() -> None:
    """EX-33. S-WIK: "1 point for a Force"; "If they do not meet their goal, it is subtracted
    from their scores." All pass; seat 0 (Spadille) calls SA, seat 2 names diamonds."""
    state = run(start(SWEEP, dealer=0), "pass", "pass", "pass", "pass", "declare mussfrage",
                "call SA", "trump D")
    state = play(state, "SQ DJ D8 CQ HQ H9 S9 D9 SJ HA CK SA CT C7 CA CJ DA DQ DT D7 SK HK HT "
                 "S8 C8 H7 H8 C9 S7 ST HJ DK")
    outcome = state.outcome()
    assert (outcome.declarer, outcome.partner) == (0, 2)
    assert outcome.party_tricks == 4 and not outcome.made
    assert outcome.scores == (-1, 0, -1, 0)


def test_ex34_frage_losing_trick_one_scores_two_each() -> None:
    """EX-34. S-WIK: "2 for a Frage"; the prime bonus applies "only ... if declarer's party stops
    after the 5th trick". Play stops once the five tricks are in (AMB-54)."""
    state = play(frage(HIDDEN, "H", "SA"), "D7 DK DT D9 CJ C9 C7 CA H7 H8 S7 C8 CQ H9 S9 D8 HK "
                 "SQ SA ST HT S8 DJ HQ HA CK CT SJ")
    assert state.tricks[0].winner == 1
    outcome = state.outcome()
    assert outcome.party_tricks == 5 and outcome.made
    assert dict(outcome.breakdown) == {"base": 2}
    assert outcome.scores == (2, 0, 2, 0)


def test_ex34_with_all_eight_tricks_played(tmp_path: Path) -> None:
    """EX-34 as stated: "The party loses trick 1 and ends with 6 tricks" => "+2 each", played to
    the end (stop_when_decided off, the AMB-54 alternative)."""
    variant = variant_file(tmp_path, "early_end: {params: {stop_when_decided: false}}")
    state = play(frage(HIDDEN, "H", "SA", variant=variant),
                 "HQ SQ SA C7 CK CT C8 CA D7 DK DT D8 DQ DA DJ HA HK H9 C9 SJ H7 H8 S9 ST CQ HT "
                 "S7 D9 HJ CJ S8 SK")
    assert state.tricks[0].winner == 1 and len(state.tricks) == 8
    outcome = state.outcome()
    assert outcome.party_tricks == 6
    assert outcome.scores == (2, 0, 2, 0)


def test_ex37_solo_with_prime_scores_eight() -> None:
    """EX-37 (AMB-01). S-WIK: "6 for Solo"; "There is a bonus of 2 points for prime" """
    state = run(start(SWEEP), "bid frage", "pass", "pass", "pass", "declare solo H")
    state = run(play(state, SWEEP_FIVE), "stop")
    outcome = state.outcome()
    assert outcome.partner is None
    assert dict(outcome.breakdown) == {"base": 6, "prime": 2}
    assert outcome.scores == (8, 0, 0, 0)
