"""The pot-and-fees overlay for four-hand Solo, reconstructed (ADDENDUM §A2c, AMB-86, E31):
S-CAS's frame ("erhält er nicht nur den Einsatz, sondern auch bestimmte Gebühren von jedem
Gegner"), Pierer's amounts and Quadrille's division between partners (S-HOYUS p. 77)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from altenburg.altenburg_deals import SWEEP, SWEEP_FIVE, frage, run, start
from drive import finish

from solo_rules import GameState, Match, load_variant, new_game, overlay_bases

POT = "altenburg-1988+pot-and-fees"


def test_it_applies_to_the_four_hand_variants() -> None:
    assert overlay_bases("pot-and-fees") == ["altenburg-1988", "american-trick-count", "foster",
                                              "malborn-solo", "muensterland-sollo",
                                              "parlett-penguin"]


def test_a_solo_won_draws_the_stamm_and_fees_from_each_of_three_opponents() -> None:
    """S-CAS: "Gelingt es ihm, 5 Stiche zu machen, so erhält er nicht nur den Einsatz, sondern
    auch bestimmte Gebühren von jedem Gegner." Seat 0 sweeps the first five in a heart Solo
    and stops: the Stamm (4), and from each of the three the Spadille-Manille run (2) and the
    first five (1): 4 + 3 x 3 = 13; the dealer also set the Stamm."""
    state = run(start(SWEEP, variant=POT), "bid frage", "pass", "pass", "pass",
                "declare solo H")
    state = run(state, *(f"play {card}" for card in SWEEP_FIVE.split()), "stop")
    outcome = state.outcome()
    assert outcome.scores == (13, -3, -3, -7)
    assert dict(outcome.breakdown) == {"Stamm": 4, "matadors": 2, "first five": 1}


def test_partners_who_win_share_the_stamm_and_the_fees() -> None:
    """S-HOYUS p. 77: the winners "divide what is upon the game": the Frage party (seats 0
    and 2) draws the Stamm and receives 3 from each of the two opponents: 5 each."""
    state = frage(SWEEP, "H", "SA", variant=POT)
    state = run(state, *(f"play {card}" for card in SWEEP_FIVE.split()), "stop")
    assert state.outcome().scores == (5, -3, 5, -7)


def test_a_throw_in_leaves_the_pot_standing(tmp_path: Path) -> None:
    """ADDENDUM §A2c item 5: "All pass without a forced game: the pot stays and grows"; in
    Foster's game nobody holding both black queens, the hand is thrown in."""
    hands = ("CQ CA CK CJ CT C9 C8 C7", "SQ SA SK SJ ST S9 S8 S7",
             "HA HK HQ HJ HT H9 H8 H7", "DA DK DQ DJ DT D9 D8 D7")
    state = new_game("foster+pot-and-fees", hands=list(hands), dealer=3)
    state = run(state, "pass", "pass", "pass", "pass")
    assert state.contract is None and state.outcome().scores == (0, 0, 0, -4)


def test_a_loser_may_leave_the_pot_to_the_opponents_instead(tmp_path: Path) -> None:
    """S-CAS: "... oder den Einsatz den Gegnern zu überlassen. Man muß sich darüber vorher
    einigen." (``loss: forfeit``): seat 1 loses a club Solo; his three opponents share the
    Stamm of 4, the odd counter to seat 0, dealt the highest trump, Spadille (S-1726 p. 56,
    EDITORIAL for the pot); no fees are paid."""
    overlay = tmp_path / "forfeit.yaml"
    overlay.write_text("schema: 1\nid: forfeit\nstatus: overlay\nrules:\n"
                       "  settlement: {params: {loss: forfeit}}\n", encoding="utf-8")
    variant = load_variant("altenburg-1988", ["pot-and-fees", overlay])
    state = run(new_game(variant, hands=list(SWEEP), dealer=3), "pass", "bid frage", "pass",
                "pass", "declare solo C")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert not outcome.made and outcome.scores == (2, 0, 1, -3)
    assert dict(outcome.breakdown) == {"Stamm": 0}


def expected(state: GameState, pot: int) -> tuple[int, ...]:
    """S-CAS with Pierer's amounts and Quadrille's division, from the cards and the tricks:
    the dealer's Stamm, then the party's draw (or set, as a loser "doubles" it) and fees from
    each opponent, shared by partners, a loss paid by a caller alone below three tricks but in
    a forced game."""
    rules = state.rules
    scores = [0] * 4
    scores[state.dealer] -= 4
    contract = state.contract
    if contract is None:
        return tuple(scores)
    party = state.party()
    reach = min((pot + 4) // 4, 3)
    made, parts = rules.scoring.score(rules, state)
    fee = sum(v for _, v in parts) * (1 if made else -1)
    total = (reach * 4 if made else -reach * 4) + fee * (4 - len(party))
    for seat in range(4):
        if seat not in party:
            scores[seat] -= fee
    if len(party) == 1:
        scores[party[0]] += total
    else:
        declarer, partner = party
        forced = rules.contract_def(contract.kind).forced
        if total < 0 and not forced and state.won[declarer] < 3:
            scores[declarer] += total
        else:
            scores[partner] += int(total / 2)
            scores[declarer] += total - int(total / 2)
    return tuple(scores)


@pytest.mark.parametrize("base", ["altenburg-1988", "foster"])
def test_every_hand_settles_by_the_reconstruction(base: str) -> None:
    """Random hands with a pot standing: every payment as ``expected`` reads the rule, and the
    pot keeps what the players do not."""
    rng = random.Random(5)
    seen = set()
    for number in range(300):
        pot = 4 * rng.randrange(5)
        match = Match.start(f"{base}+pot-and-fees", seed=number)
        variant = attrs.evolve(match, pot=pot).hand_variant
        state = new_game(variant, seed=number)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert outcome.scores == expected(state, pot), (number, outcome)
        assert state.rules.settlement.pot_after(pot, outcome) >= 0
        if state.contract is not None:
            declarer = state.contract.declarer
            alone = declarer is not None and state.won[declarer] < 3 and not outcome.made
            forced = state.rules.contract_def(state.contract.kind).forced
            seen.add((len(state.party()), outcome.made, alone and not forced))
            seen.add(("forced", outcome.made) if forced and len(state.party()) == 2 else ())
    assert {(1, False, False), (2, True, False), (2, False, True)} <= seen
    if base == "altenburg-1988":  # Mussfrage; Foster's Forcée with both queens is rare
        assert {("forced", True), ("forced", False)} <= seen


def test_the_hand_goes_on_while_the_callers_own_tricks_can_still_make_him_pay_alone() -> None:
    """ADDENDUM §A2c item 4, from S-HOYUS p. 77: losses "arise equally from the two losers; one
    half by him who calls, and the other by him who is called ... unless the ombre does not
    make three tricks, in which case ... the ombre pays alone". The Frage is lost after six
    tricks with the caller (seat 0) on two; he still holds ♥A ♥K and must take one of the last
    two tricks (only ♠Q is higher), so he does not pay alone: play goes on until that is
    known, and no payment depends on a trick not played. It used to end here at (-8, 0, 2,
    -2), the caller charged alone."""
    hands = ["CQ H7 HA HK C7 S7 S8 D7", "DA H8 H9 C8 S9 DT D8 D9",
             "CA CJ SA SJ HJ HT SQ DK", "CK CT C9 HQ SK ST DQ DJ"]
    state = run(new_game(POT, hands=hands, dealer=3), "bid frage", "pass", "pass", "pass",
                "declare frage H", "call DA")
    for trick in ("CQ H8 HT HQ", "H7 H9 HJ DJ", "C7 C8 CA C9", "CJ CT S8 DT",
                  "SA SK S7 S9", "pass", "SJ ST D7 D8"):
        state = run(state, *(("pass",) if trick == "pass"
                             else (f"play {card}" for card in trick.split())))
    assert not state.is_terminal and state.won[0] == 2
    endings = {(end.won[0], end.outcome().scores)
               for end in (finish(state, random.Random(seed)) for seed in range(20))}
    assert endings == {(3, (-4, -4, 2, -2))}
