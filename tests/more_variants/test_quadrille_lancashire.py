"""Quadrille paid by the Lancashire table (S-HOY p. 282; S-HOYUS p. 77; ADDENDUM §A2f, AMB-89..92,
EX-84). With ``dealer=1`` seat 0 is the elder hand: he speaks first and leads."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import run, variant_file

from solo_rules import CardSet, GameState, Phase, compile, load_variant, new_game
from solo_rules.describe import compose

VARIANT = "quadrille-lancashire"
PACK = [f"{suit}{rank}" for suit in "CSHD" for rank in "AKQJ765432"]
#: the Lancashire table's game, from each adversary (items 1 and 5; forced spadille EDITORIAL)
GAME = {"ask_leave": 1, "forced_spadille": 1, "sans_prendre": 2, "vole": 2}
RULES = compile(load_variant(VARIANT))


def deal(ombre: str) -> list[str]:
    """Seat 0 holds ``ombre``; the other cards go round to seats 1, 2 and 3 in pack order."""
    mine = ombre.split()
    rest = [card for card in PACK if card not in mine]
    return [" ".join(mine), *(" ".join(rest[i::3]) for i in range(3))]


def played(state: GameState, lead: str = "", decide: str = "stop") -> GameState:
    """Play to the end: seat 0 plays the cards of ``lead`` in turn while he has them to play,
    every other card is the first legal one, and the decision on the vole is ``decide``."""
    mine = lead.split()
    while not state.is_terminal:
        if state.phase == Phase.DECIDE:
            state = state.apply(decide)
        elif state.player == 0 and mine and f"play {mine[0]}" in {
                action.text for action in state.legal_actions()}:
            state = state.apply(f"play {mine.pop(0)}")
        else:
            state = state.apply(state.legal_actions()[0])
    return state


def solo(ombre: str, suit: str, variant: str = VARIANT) -> GameState:
    """Seat 0 plays sans prendre in ``suit`` holding ``ombre``."""
    return run(new_game(variant, hands=deal(ombre), dealer=1), "bid sans_prendre", "pass",
               "pass", "pass", f"declare sans_prendre {suit}")


@pytest.mark.parametrize(("ombre", "each"), [
    ("S2 CA SK SQ SJ S7 S6 S5 S4 S3", 2),  # no Spadille: no mats
    ("SA S2 CA SQ SJ S7 S6 S5 S4 S3", 3),  # the three matadors, not the King: mats
    ("SA S2 CA SK SQ SJ S7 S6 S5 S4", 4),  # ten trumps in run: double mats
])
def test_item_5_a_solo_in_a_common_suit(ombre: str, each: int) -> None:
    """S-HOY p. 282: "5. A solo, common suit: two from each ; mats, three ; double mats,
    four." ("mats" read as the matadors, INFERRED; double mats as six trumps in run,
    EDITORIAL)."""
    outcome = played(solo(ombre, "S")).outcome()
    assert outcome.made and outcome.scores == (3 * each, -each, -each, -each)


@pytest.mark.parametrize(("ombre", "each"), [
    ("H7 CA HA HK HQ HJ H2 H3 H4 H5", 4),
    ("SA H7 CA HK HQ HJ H2 H3 H4 H5", 6),
    ("SA H7 CA HA HK HQ HJ H2 H3 H4", 8),
])
def test_ex84_item_6_a_solo_in_hearts(ombre: str, each: int) -> None:
    """EX-84. S-HOY p. 282: "6. A solo in hearts : four from each; mats, six ; double mats,
    eight."; hearts are the preferable suit ("preferable suit (always hearts)")."""
    outcome = played(solo(ombre, "H")).outcome()
    assert outcome.made and outcome.scores == (3 * each, -each, -each, -each)


def test_item_1_an_ask_leave_in_a_common_suit_is_one_a_piece() -> None:
    """S-HOY p. 282: "1. An Ask-leave in a common suit: the same as at plain quadrille; viz. one
    a-piece." No matador in the ombre's hand: each adversary pays one to one partner."""
    state = run(new_game(VARIANT, hands=deal("S2 SK SQ SJ S7 S6 S5 S4 S3 DQ"), dealer=1),
                "bid ask_leave", "pass", "pass", "pass", "declare ask_leave S", "call HK")
    state = played(state)
    outcome = state.outcome()
    party = state.party()
    assert len(party) == 2 and outcome.made
    assert outcome.scores == tuple(1 if seat in party else -1 for seat in range(4))


def test_a_self_caller_wins_alone() -> None:
    """Law 23: "A player who has one or more kings, may call him or herself, naming the king,
    but must win six tricks"; he wins and loses alone (S-QFR XIII, AMB-91)."""
    state = run(new_game(VARIANT, hands=deal("S2 SK SQ SJ S7 S6 S5 S4 S3 DK"), dealer=1),
                "bid ask_leave", "pass", "pass", "pass", "declare ask_leave S", "call DK")
    outcome = played(state).outcome()
    assert outcome.made and outcome.scores == (3, -1, -1, -1)


def test_a_failed_vole_keeps_the_game_or_pays_the_vole(tmp_path: Path) -> None:
    """Law 29: "Whoever undertakes playing for the vole, and does not succeed, has a right to
    the stakes sans prendre, and matadores should he have them, having won his game" (AMB-90
    a); the French reading pays the vole (b). Law 21 doubles the vole (EDITORIAL here)."""
    ombre, lead = "SA S2 CA SK SQ SJ S7 S6 D7 H7", "SA S2 CA SK SQ SJ H7"
    kept = played(solo(ombre, "S"), lead, "continue").outcome()
    assert kept.made and kept.breakdown == (("game, the vole failed", 4),)
    assert kept.scores == (12, -4, -4, -4)
    french = variant_file(tmp_path, VARIANT, "scoring: {params: {failed_vole: pays_vole}}")
    paid = played(solo(ombre, "S", str(french)), lead, "continue").outcome()
    assert not paid.made and paid.scores == (-24, 8, 8, 8)


def test_the_red_aces_fish_is_off_by_default_and_an_option(tmp_path: Path) -> None:
    """S-HOY p. 262: "The holder of either or both of the red aces is entitled to a fish for
    each." (AMB-92: off by default)."""
    ombre = "S2 CA SK SQ SJ S7 S6 S5 S4 HA"
    plain = played(solo(ombre, "S")).outcome()
    fished = variant_file(tmp_path, VARIANT, "settlement: {params: {red_ace_fish: 1}}")
    state = played(solo(ombre, "S", str(fished)))
    holder = next(seat for seat in range(4)
                  if "DA" in [card.name for card in state.dealt_hand(seat)])
    fish = [0] * 4
    for seat in (0, holder):
        fish = [f + (3 if s == seat else -1) for s, f in enumerate(fish)]
    assert state.outcome().scores == tuple(p + f for p, f in zip(plain.scores, fish,
                                                                 strict=True))


def expected(state: GameState) -> tuple[int, ...]:
    """The payments as the sources state who pays (S-HOYUS p. 77), for the Lancashire value."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    outcome = state.outcome()
    party = state.party()
    held = {card for seat in party for card in state.dealt_hand(seat)}
    trumps = list(RULES.tables(contract.trump).order(CardSet(RULES.pack)))
    run_ = next((i for i, card in enumerate(trumps) if card not in held), len(trumps))
    value = GAME[contract.kind] + (2 if run_ >= 6 else 1 if run_ >= 3 else 0)
    value *= 2 if int(contract.trump) == 2 else 1
    value *= 2 if outcome.breakdown[0][0] == "vole" else 1  # law 21, EDITORIAL here
    sign = 1 if outcome.made else -1
    if len(party) == 1:
        return tuple(sign * value * (3 if seat in party else -1) for seat in range(4))
    forced = contract.kind == "forced_spadille"
    if not outcome.made and not forced and state.won[contract.declarer] < 3:
        # "unless the ombre does not make three tricks, in which case ... the ombre pays alone"
        return tuple(-2 * value if seat == contract.declarer else 0 if seat in party
                     else value for seat in range(4))
    return tuple(sign * value * (1 if seat in party else -1) for seat in range(4))


def test_who_pays_a_lost_game_is_as_stated() -> None:
    """S-HOYUS p. 77: "The bast, and every thing that is paid, arise equally from the two
    losers; one half by him who calls, and the other by him who is called … unless the ombre
    does not make three tricks, in which case … the ombre pays alone"; rule 7, forced
    spadille: "he who is called pays half of the losing"; S-HOY p. 265: "though he should not
    make three tricks, he is not beasted". Random hands, each paid as these sentences say."""
    rng = random.Random(36)
    seen = set()
    for seed in range(300):
        state = new_game(VARIANT, seed=seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        assert state.outcome().scores == expected(state), seed
        alone = state.won[contract.declarer] < 3
        seen.add((contract.kind, len(state.party()), state.outcome().made, alone))
    assert {("ask_leave", 2, False, True), ("ask_leave", 2, False, False),
            ("ask_leave", 1, False, False), ("sans_prendre", 1, False, False),
            ("vole", 1, False, False)} <= seen


def test_forced_spadille_is_not_beasted_alone() -> None:
    """S-HOY p. 265: "If all the players pass, he who holds spadille is obliged to play what is
    called forced spadille; but though he should not make three tricks, he is not beasted.";
    S-HOYUS rule 7: "he who is called pays half of the losing". Seat 0 holds Spadille and
    nothing else of worth: he loses with fewer than three tricks, and his friend pays half."""
    state = run(new_game(VARIANT, hands=deal("SA C2 C3 C4 C5 C6 H7 H6 H5 H4"), dealer=1),
                "pass", "pass", "pass", "pass", "declare forced_spadille D", "call DK")
    state = played(state)
    outcome = state.outcome()
    friend = state.party()[1]
    assert not outcome.made and state.won[0] < 3
    assert outcome.scores[0] == outcome.scores[friend] < 0
    assert outcome.scores == expected(state)


def test_plain_quadrille_still_says_its_amounts_are_unknown() -> None:
    """AMB-89: "Do not implement plain Quadrille's settlement yet"; the Lancashire profile
    pays, and its rulebook labels the stated items so."""
    assert new_game("quadrille", seed=1).rules.settlement.__class__.__name__ == "AmountsUnknown"
    notes = {note["where"]: note for note in compose(load_variant(VARIANT)).to_dict()["notes"]}
    assert notes["scoring.mats"]["basis"] == "stated"
    assert notes["scoring.double_mats_at"]["basis"] == "editorial"
    assert notes["settlement.red_ace_fish"]["basis"] == "editorial"
    assert notes["settlement.caller_alone_below"]["basis"] == "stated"


def test_a_vole_bid_that_fails_with_six_tricks_keeps_its_game() -> None:
    """Law 17: "Whoever undertakes to play the vole, has the preference ..."; law 29: failing,
    he "has a right to the stakes sans prendre, and matadores should he have them, having won
    his game" (AMB-90 a): a solo's game (2, EDITORIAL for the bid) and double mats (2)."""
    state = run(new_game(VARIANT, hands=deal("SA S2 CA SK SQ SJ S7 S6 D7 H7"), dealer=1),
                "bid vole", "pass", "pass", "pass", "declare vole S")
    outcome = played(state, "SA S2 CA SK SQ SJ H7").outcome()
    assert outcome.made and outcome.breakdown == (("game, the vole failed", 4),)
    assert outcome.scores == (12, -4, -4, -4)
