"""Altenburg 1988 early end: prime or play on, "Helfer?", stopping once decided (S-WIK; DOSSIER
§2a, §7, AMB-04, 08, 54)."""

from __future__ import annotations

from altenburg_deals import (
    HIDDEN,
    HIDDEN_FIVE,
    SWEEP,
    SWEEP_FIVE,
    SWEEP_SIXTH,
    frage,
    legal,
    play,
    play_out,
    run,
    start,
)

from solo_rules import GameState, Phase


def _sweep() -> GameState:
    return play(frage(SWEEP, "H", "SA"), SWEEP_FIVE)


def _hidden(declaration: str = "declare frage H") -> GameState:
    state = run(start(HIDDEN), "bid frage", "pass", "pass", "pass", declaration, "call SA")
    return play(state, HIDDEN_FIVE)


def test_five_straight_tricks_offer_stop_or_continue() -> None:
    """S-WIK: "If declarer's party wins the first 5 tricks they can stop the game to get a bonus
    for prime. Or they can continue playing" """
    state = _sweep()
    assert state.phase == Phase.DECIDE and state.player == 0
    assert legal(state)[:2] == ["stop", "continue"]


def test_helfer_offered_after_a_sweep_by_the_declarer_alone() -> None:
    """AMB-08. S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask
    "partner?" (Helfer?)". The declarer took all five himself and the called SA is unplayed:
    he may stop or go on, or ask first."""
    state = _sweep()
    assert not state.partner_revealed
    assert legal(state) == ["stop", "continue", "ask partner"]
    state = run(state, "ask partner")
    assert state.partner_revealed and legal(state) == ["stop"]


def test_stopping_ends_the_hand_with_prime() -> None:
    """S-WIK: "The bonus for prime only applies if declarer's party stops after the 5th trick." """
    state = run(_sweep(), "stop")
    assert state.is_terminal and len(state.tricks) == 5
    assert dict(state.outcome().breakdown) == {"base": 2, "prime": 2}


def test_continuing_makes_the_objective_all_tricks() -> None:
    """AMB-04. S-WIK: "they cannot score prime but may be able to score a Durchmarsch (slam,
    lit. "all tricks") by winning all tricks." Losing trick 6 loses the hand, Tout included."""
    state = run(_sweep(), "continue")
    assert state.phase == Phase.PLAY and state.player == 0
    state = play(state, SWEEP_SIXTH)  # Basta takes trick 6
    assert state.is_terminal and len(state.tricks) == 6
    outcome = state.outcome()
    assert not outcome.made
    assert dict(outcome.breakdown) == {"base": -2, "tout": -4}


def test_decision_waits_for_a_sweep_the_declarer_can_see() -> None:
    """DOSSIER §7: "A correct engine must decide "has the party won 5?" on the public view."
    With the partner hidden, a trick he won is not known to be the party's: no stop or
    continue is offered, only "Helfer?" (S-WIK: "the declarer may ask "partner?" (Helfer?)")."""
    state = _hidden()
    assert state.party_tricks() == (5, 0)
    assert not state.partner_revealed
    assert state.phase == Phase.DECIDE
    assert legal(state) == ["pass", "ask partner"]


def test_sweep_shown_by_the_called_card_needs_no_question() -> None:
    """S-WIK: "The partner must not reveal this; instead their identity will become clear during
    play." Once the called card is played the sweep is visible and prime may be claimed."""
    state = play(frage(HIDDEN, "H", "SA"), "CQ H8 S7 C7 H7 H9 S8 C8 HA HT S9 D9 D7 DQ DA D8")
    assert state.player == 2  # the partner won trick 4 and must lead SA in spades
    state = play(state, "SA ST HK CJ")
    assert state.partner_revealed
    assert legal(state) == ["stop", "continue"]


def test_helfer_reveals_the_partner_and_bars_continuing() -> None:
    """AMB-08. S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask "partner?"
    (Helfer?) and the partner responds "here" (Hier!). In this case, a slam is not permitted." """
    state = run(_hidden(), "ask partner")
    assert state.partner_revealed
    assert state.view(1).partner == 2
    assert legal(state) == ["stop"]  # no source has a "pass" that would end it without prime
    outcome = run(state, "stop").outcome()
    assert outcome.scores == (4, 0, 4, 0)


def test_helfer_after_a_defender_trick_lets_play_go_on() -> None:
    """AMB-08: the question may be asked while the called card is unplayed; when the answer shows
    that a defender won a trick, play simply goes on."""
    hands = ("CQ CA H7 HA HK HQ HJ D7", "SQ HT H9 H8 CK CJ DA DQ",
             "SA S9 S8 S7 DK DT C9 CT", "SK SJ ST C8 C7 DJ D9 D8")
    state = play(frage(hands, "H", "SA"),
                 "CQ H8 S7 SJ H7 H9 S8 ST HA HT S9 C7 CA CJ C9 C8 D7 DA DK D8")
    assert state.tricks[-1].winner == 1  # a defender won trick 5 with DA
    assert legal(state) == ["pass", "ask partner"]
    state = run(state, "ask partner")
    assert state.phase == Phase.PLAY and state.partner_revealed


def test_helfer_only_while_the_called_card_is_unplayed() -> None:
    """S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask" """
    state = play(frage(HIDDEN, "H", "SA"), "CQ H8 S7 C7 H7 H9 S8 C8 HA HT S9 D9 D7 DQ DA D8")
    state = play(state, "SA ST HK CJ")
    assert "ask partner" not in legal(state)


def test_helfer_not_with_tout_announced() -> None:
    """AMB-08 (editorial): "In a Frage with Tout announced, the question is not allowed." Nor is
    there a stop: the objective is every trick."""
    state = _hidden("declare frage H tout")
    assert state.phase == Phase.PLAY
    assert "ask partner" not in legal(state)


def test_declining_helfer_plays_on() -> None:
    """S-WIK: "the declarer may ask" — asking is a choice; declining it, the party (which has its
    five tricks) ends the hand without prime (AMB-54)."""
    state = run(_hidden(), "pass")
    assert state.is_terminal
    assert dict(state.outcome().breakdown) == {"base": 2}


def test_play_stops_once_the_result_is_decided() -> None:
    """AMB-54 (editorial, after S-FOS "abandoned as soon as the bidder takes five tricks"): play
    may stop once the result is certain."""
    state = play(frage(HIDDEN, "H", "SA"), "CQ H8 S7 SJ HA SQ S8 ST DK DA D8 D7 CT C8 CA CK "
                 "H7 H9 C9 C7")
    assert [trick.winner for trick in state.tricks] == [0, 1, 2, 0, 0]
    assert legal(state) == ["pass", "ask partner"]  # no sweep: only the question (AMB-08)
    state = play_out(state)
    assert len(state.tricks) == 6
    assert state.party_tricks() == (5, 1)
    assert state.outcome().made


def test_helfer_offered_after_a_lost_trick_and_again_after_declining() -> None:
    """AMB-08. S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask
    "partner?" (Helfer?)": once the fifth trick is complete, after it and each later trick
    while the called card is unplayed and the hand goes on, whether or not a trick was lost."""
    hands = ("CQ CA H7 HA HK HQ HJ D7", "SQ HT H9 H8 CK CJ DA DQ",
             "SA S9 S8 S7 DK DT C9 CT", "SK SJ ST C8 C7 DJ D9 D8")
    state = play(frage(hands, "H", "SA"), "CQ H8 S7 SJ H7 H9 S8 ST HA HT S9 C7 "
                 "D7 DA DK D8 CJ C9 C8 CA")
    assert [trick.winner for trick in state.tricks] == [0, 0, 0, 1, 0]
    assert legal(state) == ["pass", "ask partner"]
    state = run(state, "pass")
    assert state.phase == Phase.PLAY
    state = play(state, "HK SQ DT DJ")  # Basta takes trick 6
    assert state.phase == Phase.DECIDE and legal(state) == ["pass", "ask partner"]
    state = run(state, "ask partner")
    assert state.partner_revealed and state.phase in (Phase.PLAY, Phase.END)
