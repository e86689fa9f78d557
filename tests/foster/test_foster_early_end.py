"""Foster's Solo: abandoning the hand at five tricks, and going on for a Tout (S-FOS; DOSSIER
§2b, AMB-23, EX-26)."""

from __future__ import annotations

from pathlib import Path

from foster_deals import (
    CLUBS,
    CLUBS_SIX,
    GO_ON,
    GO_ON_FIVE,
    SWEEP,
    SWEEP_FIVE,
    play,
    run,
    start,
    texts,
    variant_file,
)

from solo_rules import GameState, Phase


def solo(hands: tuple[str, ...], trump: str, variant: str | Path = "foster") -> GameState:
    """Seat 0 bids 4, the others pass, and he declares a Solo in ``trump``."""
    return run(start(hands, variant=variant), "bid 4", "pass", "pass", "pass",
               f"declare solo {trump}")


def test_ex26_simple_abandoned_at_the_partys_fifth_trick() -> None:
    """EX-26. S-FOS: "The hands are abandoned as soon as the bidder takes five tricks, if he is
    playing anything but a tout." The party's fifth trick is trick 6: play stops there and the
    Simple is made."""
    state = run(start(CLUBS), "bid 2", "pass", "pass", "pass", "declare simple C", "call SA")
    state = play(state, CLUBS_SIX)
    assert state.is_terminal and len(state.tricks) == 6
    outcome = state.outcome()
    assert (outcome.party_tricks, outcome.defender_tricks, outcome.made) == (5, 1, True)


def test_after_a_sweep_of_five_the_declarer_may_stop_or_go_on() -> None:
    """S-FOS: "If he goes on he must win all eight tricks"; AMB-23 (a): going on is open only
    when the party has won every trick so far."""
    state = play(solo(SWEEP, "H"), SWEEP_FIVE)
    assert state.phase == Phase.DECIDE and state.player == 0
    assert texts(state) == ["stop", "continue"]


def test_stopping_after_the_sweep_scores_the_game_bid() -> None:
    """S-FOS: the hand is "abandoned as soon as the bidder takes five tricks": the heart Solo
    is made and worth 4 from each adversary."""
    outcome = run(play(solo(SWEEP, "H"), SWEEP_FIVE), "stop").outcome()
    assert outcome.made and outcome.scores == (12, -4, -4, -4)


def test_going_on_and_taking_all_eight_wins_the_tout_value() -> None:
    """AMB-23: "A successful going-on wins the tout value": Tout in suit is 16 from each."""
    state = run(play(solo(SWEEP, "H"), SWEEP_FIVE), "continue")
    assert state.phase == Phase.PLAY and state.player == 0
    state = play(state, "HQ CJ SK DQ HJ CK SA DK HT CA C7 DA")
    outcome = state.outcome()
    assert outcome.made and dict(outcome.breakdown) == {"tout": 16}
    assert outcome.scores == (48, -16, -16, -16)


def test_going_on_and_losing_a_trick_loses_the_tout_value() -> None:
    """S-FOS: "If he goes on he must win all eight tricks, or lose the value of a tout." The
    sixth trick goes to CA: play stops and the Solo player pays 16 to each."""
    state = run(play(solo(GO_ON, "H"), GO_ON_FIVE), "continue")
    state = play(state, "C7 CA DK C8")
    assert state.is_terminal
    outcome = state.outcome()
    assert not outcome.made and outcome.scores == (-48, 16, 16, 16)


def test_going_on_in_colour_loses_the_tout_in_colour(tmp_path: Path) -> None:
    """AMB-23: the tout value is taken "in colour if the trump is the colour suit": with hearts
    the colour (the colour_suit parameter), the failed Tout costs 32 to each."""
    variant = variant_file(tmp_path, "contracts: {params: {colour_suit: H}}")
    state = run(play(solo(GO_ON, "H", variant=variant), GO_ON_FIVE), "continue")
    outcome = play(state, "C7 CA DK C8").outcome()
    assert outcome.scores == (-96, 32, 32, 32)


def test_a_hidden_partner_is_not_assumed_when_going_on() -> None:
    """DOSSIER §7: the decision is taken from the declarer's view. His hidden partner (HA,
    seat 2) wins tricks 3 and 4 with DA and SA; the party has all five tricks, but the declarer
    cannot know it, so no decision is offered and the hand is abandoned (S-FOS)."""
    state = run(start(CLUBS), "bid 2", "pass", "pass", "pass", "declare simple C", "call HA")
    state = play(state, "CQ CT C8 S8 C7 CJ C9 S9 D7 DJ DA D8 SA SJ H7 DK DT ST CA DQ")
    assert [trick.winner for trick in state.tricks] == [0, 0, 2, 2, 0]
    assert state.is_terminal and not state.partner_revealed
    assert state.outcome().scores == (4, -4, 4, -4)


def test_no_going_on_when_the_parameter_is_off(tmp_path: Path) -> None:
    """The go_on parameter's alternative (Heart Solo's default): after a sweep of five the hand
    is simply abandoned."""
    variant = variant_file(tmp_path, "early_end: {params: {go_on: false}}")
    state = play(solo(SWEEP, "H", variant=variant), SWEEP_FIVE)
    assert state.is_terminal and state.outcome().scores == (12, -4, -4, -4)


def test_play_goes_on_to_the_end_without_stop_when_lost(tmp_path: Path) -> None:
    """The stop_when_lost parameter's alternative (AMB-54, E16 editorial): a failed Tout is
    played out to the eighth trick; the payment is the same."""
    variant = variant_file(tmp_path, "early_end: {params: {stop_when_lost: false}}")
    state = run(play(solo(GO_ON, "H", variant=variant), GO_ON_FIVE), "continue")
    state = play(state, "C7 CA DK C8")
    assert not state.is_terminal
    state = play(state, "CK SK DQ S7 DA SA DJ S8")
    assert state.is_terminal and len(state.tricks) == 8
    assert state.outcome().scores == (-48, 16, 16, 16)



def test_going_on_at_any_time_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-23 (b): "He may go on at any time." With ``go_on_when: any_time`` the declarer is
    offered the choice when the party takes its fifth trick even after losing one (EX-26's
    hand: the fifth comes at trick 6), and going on then can only lose the Tout."""
    variant = variant_file(tmp_path, "early_end: {params: {go_on_when: any_time}}")
    state = run(start(CLUBS, variant=variant), "bid 2", "pass", "pass", "pass",
                "declare simple C", "call SA")
    state = play(state, CLUBS_SIX)
    assert state.phase == Phase.DECIDE and texts(state) == ["stop", "continue"]
    assert not run(state, "continue").outcome().made
    assert run(state, "stop").outcome().made
