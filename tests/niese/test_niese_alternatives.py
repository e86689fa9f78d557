"""The dossier's alternative readings for Niese, each a parameter value that changes the
behaviour and the rulebook (DOSSIER §3: "In the library every recommendation is a parameter
default, and the alternatives are legal values"): AMB-33, AMB-35, AMB-50."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish
from niese_deals import (
    KICK,
    MACKERS,
    SWEEP,
    bid,
    legal,
    legal_cards,
    overlay,
    play,
    play_out,
    run,
)

from solo_rules import Card, Match, Trump, Variant, VariantError, compile, load_variant


def prose(variant: Variant | str, slot: str) -> str:
    """The rulebook text of one slot of a variant."""
    if isinstance(variant, str):
        variant = load_variant(variant)
    return " ".join(c.text for c in variant.slots[slot].module.describe())


def test_last_may_replace_first(tmp_path: Path) -> None:
    """AMB-35. S-NIE Last: "Bidder or partners get the first 5 tricks and the last 3 tricks".
    Recommended: cumulative ("also forfeit … first" implies that First is part of the Last
    payout); the alternative "Last replaces First": a club Solo swept scores Last (4) only."""
    variant = overlay(tmp_path, "last-replaces",
                      "scoring: {params: {last_counts: instead_of_first}}")
    outcome = play_out(bid(SWEEP, "solo@C", "pass", "pass", "pass", variant=variant)).outcome()
    assert dict(outcome.breakdown) == {"bid": 8, "mackers": 10, "last": 4}
    default = play_out(bid(SWEEP, "solo@C", "pass", "pass", "pass")).outcome()
    assert dict(default.breakdown) == {"bid": 8, "mackers": 10, "first": 2, "last": 4}
    assert "2 instead of First" in prose(variant, "scoring")
    assert "2 more when it took every trick" in prose("niese", "scoring")


#: MACKERS in a club Solo: seat 0 takes the first five tricks; seat 2 takes the sixth with HA.
FIVE = "CQ CT HK S7 C7 C9 HQ D7 SQ C8 HJ D8 CA S9 HT D9 CK ST H9 DT"


def test_no_choice_after_trick_five(tmp_path: Path) -> None:
    """AMB-35: "Must the party decide, after trick 5, whether to continue?" Recommended: "the
    party chooses to stop (and collects First) or to continue. A failed try forfeits First".
    The alternative, no choice: play goes on for Last by itself, and as nobody chose to "try
    for last" [S-NIE], the lost sixth trick forfeits nothing (EDITORIAL)."""
    variant = overlay(tmp_path, "no-choice", "early_end: {params: {last_choice: none}}")
    state = play(bid(MACKERS, "solo@C", "pass", "pass", "pass", variant=variant), FIVE)
    assert "continue" not in legal(state) and "stop" not in legal(state)
    state = play(state, "H7 SJ HA DJ")  # seat 2 takes trick 6
    assert state.is_terminal
    assert dict(state.outcome().breakdown) == {"bid": 8, "mackers": 10, "first": 2}
    default = play(bid(MACKERS, "solo@C", "pass", "pass", "pass"), FIVE)
    assert legal(default) == ["stop", "continue"]
    default = play(run(default, "continue"), "H7 SJ HA DJ")
    assert dict(default.outcome().breakdown) == {"bid": 8, "mackers": 10}
    assert "without a choice" in prose(variant, "early_end")
    assert "may stop, or play on" in prose("niese", "early_end")


def test_no_choice_sweep_scores_first_and_last(tmp_path: Path) -> None:
    """AMB-35 without a choice: a party that takes all eight tricks has First and Last."""
    variant = overlay(tmp_path, "no-choice", "early_end: {params: {last_choice: none}}")
    state = play_out(bid(SWEEP, "solo@C", "pass", "pass", "pass", variant=variant))
    texts = [state.rules.actions.text_of(aid) for _, aid in state.history]
    assert "continue" not in texts and state.won[0] == 8
    assert dict(state.outcome().breakdown) == {"bid": 8, "mackers": 10, "first": 2, "last": 4}


@pytest.mark.parametrize(("rules", "allowed"), [
    ("scoring: {params: {last_counts: replaces}}", "'with_first', 'instead_of_first'"),
    ("early_end: {params: {last_choice: never}}", "'stop_or_continue', 'none'"),
    ("ranks: {params: {no_trump_queens: trumps}}", "'to_suits', 'matadors'"),
    ("deal: {params: {after_misere: redeal}}", "'deal_passes', 'same_dealer'"),
])
def test_a_bad_reading_is_a_one_line_error_naming_the_values(
        tmp_path: Path, rules: str, allowed: str) -> None:
    """A value no reading has is refused with the key and the allowed values."""
    with pytest.raises(VariantError) as info:
        overlay(tmp_path, "bad", rules)
    message = str(info.value)
    assert "\n" not in message and allowed in message
    assert rules.split("{")[-1].split(":")[0] in message


def test_black_queens_may_stay_matadors_without_trumps(tmp_path: Path) -> None:
    """AMB-50. S-NIE Kicker, Bronco, Bull: "Nothing is trump. Aces are high and 7s are low."
    Recommended: the black queens belong to their suits ("With no trumps there are no
    matadors"). The alternative (EDITORIAL): ♣Q and ♠Q stay matadors, the only trumps, ♣Q over
    ♠Q, and members of no suit. In a Kicker, after S7 S8 seat 2 must follow with S9: SQ is not
    a spade; by default he may play either."""
    variant = overlay(tmp_path, "queens", "ranks: {params: {no_trump_queens: matadors}}")
    state = play(bid(KICK, "kicker", "pass", "pass", "pass", variant=variant), "S7 S8")
    assert legal_cards(state) == {"S9"}
    assert legal_cards(play(bid(KICK, "kicker", "pass", "pass", "pass"), "S7 S8")) == \
        {"S9", "SQ"}
    queens = compile(variant).tables(Trump.NONE)
    plain = compile(load_variant("niese")).tables(Trump.NONE)
    assert plain.winner((Card.SA, Card.SQ)) == 0  # an ordinary queen
    assert queens.winner((Card.SA, Card.SQ)) == 1  # a trump
    assert queens.winner((Card.SQ, Card.CA, Card.CQ)) == 2  # Spadille over Basta
    assert queens.winner((Card.SJ, Card.SQ, Card.CA)) == 1  # EX-08 holds under both readings
    assert plain.winner((Card.SJ, Card.SQ, Card.CA)) == 1
    assert "stay matadors: they are the only trumps" in prose(variant, "ranks")
    assert "there are no matadors: every card keeps its suit" in prose("niese", "ranks")


def test_one_kicker_per_deal_when_kicker_deals_repeat(tmp_path: Path) -> None:
    """AMB-33. S-NIE: "Multiple kickers can be played per hand." (a) several players may each
    play Kicker in one deal, a later Kicker joining; (c) "Kicker deals may repeat": read so,
    'per hand' counts the deals of a session, in each of which one Kicker may be played, which
    every deal allows anyway; within one deal a second Kicker is then an equal bid, and
    "Higher value bids override lower ones" admits none (EDITORIAL). Selected by the Kicker
    bid's ``join: false``."""
    variant = overlay(tmp_path, "one-kicker",
                      "auction: {params: {bids: [{id: kicker, join: false}]}}")
    state = bid(KICK, "kicker", variant=variant)
    assert "bid kicker" not in legal(state)
    assert "bid kicker" in legal(bid(KICK, "kicker"))
    state = bid(KICK, "kicker", "pass", "pass", "pass", variant=variant)
    assert state.contract is not None and state.contract.declarers == (0,)
    assert "over a standing Kicker: he joins" not in prose(variant, "auction")
    assert "over a standing Kicker: he joins" in prose("niese", "auction")


def test_the_same_dealer_deals_again_after_a_kicker(tmp_path: Path) -> None:
    """AMB-33 (b): "Another contract may follow after a Kicker ends." Within one deal nothing
    can follow a Kicker whose cards are partly played (no source says how a contract would be
    bid or valued on the rest), so the nearest rule a machine can keep (EDITORIAL) is that a
    Kicker hand does not use up the deal: the same dealer deals again. By default S-NIE's "At
    the end of each hand, the deal is rotated to the left of the last dealer" holds."""
    variant = overlay(tmp_path, "kicker-redeal", "deal: {params: {after_misere: same_dealer}}")
    for chosen, following in ((variant, 3), (load_variant("niese"), 0)):
        match = Match.start(chosen, seed=1, dealer=3)
        kicker = finish(bid(KICK, "kicker", "pass", "pass", "pass", variant=chosen),
                        random.Random(1))
        assert kicker.contract is not None and kicker.contract.kind == "kicker"
        assert match.finish(kicker).dealer == following
        solo = play_out(bid(SWEEP, "solo@C", "pass", "pass", "pass", variant=chosen))
        assert match.finish(solo).dealer == 0  # any other hand passes the deal
    assert "the same dealer deals again: another contract follows" in prose(variant, "deal")
    assert "the deal passes as after any other" in prose("niese", "deal")
