"""Rothspitzen, three-hand Solo with a pot (S-PIE-ROT; ADDENDUM §A1.2, §A2b, AMB-71..84;
EX-63, EX-64, EX-67, EX-70, EX-71, EX-73, EX-75). P = 4 counters; unless a test says
otherwise no Stamm stands before the deal, so the dealer's is the one the hand is played for."""

from __future__ import annotations

import attrs
import pytest
from three_hand_deals import BETE, FIVE, FOUR, ROTH, SWEEP, legal, play, run, start

from solo_rules import Card, CardSet, GameState, Match, Suit, compile, load_variant, new_game
from solo_rules.ranking import TRUMP

#: ADDENDUM §A1.2, "Rothspitzen 24": per trump suit, the trumps and the plain cards of clubs,
#: spades, hearts and diamonds (None for the trump suit).
TRUMP_TABLE = {
    "C": (9, (None, 7, 1, 7)),
    "S": (9, (7, None, 1, 7)),
    "D": (9, (7, 7, 1, None)),
    "H": (3, (7, 7, None, 7)),
}


def pack() -> CardSet:
    return CardSet(compile(load_variant(ROTH)).pack)


def test_ex63_the_pack_has_no_roth_but_the_seven_and_no_schellen_eight() -> None:
    """EX-63. S-PIE-ROT: "die Sieben ausgenommen, alles Roth u. die Schellenachte
    herausgenommen"; "zu drei, zu zwei u. wieder zu drei Karten": E 8, G 8, S 7, R only R7;
    24 cards, 8 each."""
    cards = pack()
    assert [len(cards.of_suit(suit)) for suit in Suit] == [8, 8, 1, 7]
    assert cards.of_suit(Suit.HEARTS) == CardSet.of([Card.H7]) and Card.D8 not in cards
    rules = compile(load_variant(ROTH))
    assert (rules.players, rules.hand_size) == (3, 8)
    assert rules.deal_rules.packets == (3, 2, 3)  # type: ignore[attr-defined]


@pytest.mark.parametrize("trump", "CSHD")
def test_trumps_and_plain_suits_match_the_addendum_table(trump: str) -> None:
    """ADDENDUM §A1.2 (inferred from the pack and the §1.4 order); each row sums to 24."""
    tables = compile(load_variant(ROTH)).tables("CSHD".index(trump))
    cards = pack()
    trumps, plain = TRUMP_TABLE[trump]
    assert sum(1 for card in cards if tables.suit_of[card] == TRUMP) == trumps
    counts = tuple(None if suit.letter == trump else
                   sum(1 for card in cards if tables.suit_of[card] == suit) for suit in Suit)
    assert counts == plain and trumps + sum(n for n in plain if n is not None) == 24


def test_ex64_roth_the_couleur_has_exactly_three_trumps() -> None:
    """EX-64. S-PIE-ROT pack, S-SPZ matador order: with Roth trumps, EO > R7 > GO only."""
    tables = compile(load_variant(ROTH)).tables(Suit.HEARTS)
    assert tables.order(pack()) == (Card.CQ, Card.H7, Card.SQ)


def test_forehand_speaks_first_and_only_couleur_overcalls_solo() -> None:
    """S-PIE-ROT: "Nun erklärt die Vorhand, ob er spielen will od. nicht durch: ich spiele
    (Solo), od. durch: ich passe"; a later player overcalls only "in Roth (Couleur)"."""
    state = start(SWEEP)
    assert state.player == 0 and legal(state) == ["pass", "bid solo", "bid couleur"]
    assert legal(run(state, "bid solo")) == ["pass", "bid couleur"]
    assert legal(run(state, "bid couleur")) == ["pass"]


def test_ex67_an_overcalled_solo_announcer_may_hold_with_couleur() -> None:
    """EX-67. S-PIE-ROT: "Wenn er sich zum Spielen gemeldet hat u. die nach ihm Folgenden nicht
    in Roth (Couleur) spielen (passen), so nennt er die Farbe" (AMB-72 ii, E24): forehand may
    hold by declaring Couleur; if he does not, the second plays a Roth Solo."""
    state = run(start(SWEEP), "bid solo", "bid couleur")
    assert state.player == 0 and legal(state) == ["pass", "keep"]
    kept = run(state, "keep", "pass")
    assert kept.contract is not None and (kept.contract.declarer, kept.contract.trump) == (0, 2)
    let = run(state, "pass", "pass")
    assert let.contract is not None and (let.contract.declarer, let.contract.trump) == (1, 2)


def test_a_solo_holder_names_the_suit_after_the_others_pass_couleur_included() -> None:
    """S-PIE-ROT: "so nennt er die Farbe, in welcher er spielt" (AMB-72 iii)."""
    state = run(start(SWEEP), "bid solo", "pass", "pass")
    assert state.player == 0
    assert legal(state) == ["declare solo C", "declare solo S", "declare solo H",
                            "declare solo D"]


def test_all_pass_throws_the_hand_in_and_the_dealers_stamm_stands() -> None:
    """S-PIE-ROT: "Wenn alle drei passen, werden die Karten weggeworfen u. von Neuem gegeben";
    "nach Setzen des Stammes" (the dealer sets it, AMB-73, E23): he has paid it into the pot."""
    state = run(start(SWEEP), "pass", "pass", "pass")
    assert state.is_terminal and state.contract is None
    outcome = state.outcome()
    assert outcome.scores == (0, 0, -4)
    assert state.rules.settlement.pot_after(0, outcome) == 4


def _sweep_five(variant: str = ROTH) -> GameState:
    return play(run(start(SWEEP, variant=variant), "bid solo", "pass", "pass",
                    "declare solo C"), FIVE)


def test_ex70_stopping_after_the_first_five_draws_the_stamm_and_the_first_five_fee() -> None:
    """EX-70. S-PIE-ROT: "die fünf ersten Stiche"; "so hört er auf zu spielen" (AMB-75): the
    soloist, holding no matador (the Eichel-Ober is seat 1's), draws 4 and receives 1 from
    each: +6; the dealer has also set the Stamm."""
    state = _sweep_five()
    assert legal(state) == ["stop", "continue"]
    outcome = run(state, "stop").outcome()
    assert outcome.made and outcome.scores == (6, -1, -5)
    assert dict(outcome.breakdown) == {"Stamm": 4, "first five": 1}


def test_five_tricks_not_won_straight_end_the_game_without_the_first_five_fee() -> None:
    """AMB-75 (a): the fee is for the first five won straight; a soloist who loses a trick and
    then makes his five has won the game, which ends (AMB-77: no going on)."""
    state = run(start(SWEEP), "bid solo", "pass", "pass", "declare solo C")
    state = play(state, "C8 CQ D7 SA D9 C9 CA S7 DT CK S8 DJ CJ S9 DQ CT ST DK")
    assert state.is_terminal and state.party_tricks() == (5, 1)
    assert dict(state.outcome().breakdown) == {"Stamm": 4}


def test_going_on_for_tout_forfeits_the_first_five_fee() -> None:
    """S-PIE-ROT: "spielt er weiter, so macht er sich verbindlich, alle Stiche zu machen u. muß,
    wenn ihm ein Stich entgeht, den Gegnern den Betrag des tout bezahlen, erhält jedoch von
    ihnen das Spiel bezahlt" (AMB-76 c): the Eichel-Ober takes the last trick, so the soloist
    pays the tout, 2P = 8, to each opponent but still draws the Stamm: 4 - 16 = -12."""
    state = play(run(_sweep_five(), "continue"), "C8 SA DA SQ SK DK C7 CQ H7")
    outcome = state.outcome()
    assert outcome.made and outcome.scores == (-12, 8, 4)
    assert dict(outcome.breakdown) == {"Stamm": 4, "tout": -8}


def test_ex71_a_tout_made_adds_twice_the_stamm_from_each_and_no_first_five_fee() -> None:
    """EX-71. S-PIE-ROT: "alle Stiche (tout) mit dem zweifachen Werthe desselben" (AMB-76 a).
    The example's "no matador" cannot be dealt with all eight tricks won (the Eichel-Ober takes
    the trick it falls in), so the soloist here holds it, his run of matadors one long: he
    draws 4 and receives 2P + P/4 = 9 from each: +22, the example's +20 and 1 from each."""
    hands = ("CQ SQ CA CK CJ CT C9 C8", "C7 SA SK SJ ST S9 S8 S7", "H7 DA DK DQ DJ DT D9 D7")
    state = run(start(hands), "bid solo", "pass", "pass", "declare solo C")
    state = play(state, "CA S7 D7 CK S8 D9 CJ S9 DT CT ST DJ C9 SJ DQ")
    state = play(run(state, "continue"), "CQ C7 DK SQ SA DA C8 SK H7")
    outcome = state.outcome()
    assert outcome.party_tricks == 8 and outcome.scores == (22, -9, -13)
    assert dict(outcome.breakdown) == {"Stamm": 4, "matadors": 1, "tout": 8}


def test_ex73_bete_sets_the_stamm_and_pays_the_matadors() -> None:
    """EX-73. S-PIE-ROT: "macht er nur vier Stiche, so verliert er das Spiel (wird bête)";
    "sowie ihn der bête Gewordene setzen muß" (AMB-78 a): four tricks, the Eichel-Ober his only
    matador: he sets one Stamm (the pot is 8) and pays 1 to each: -6."""
    state = play(run(start(FOUR), "bid solo", "pass", "pass", "declare solo C"), BETE)
    outcome = state.outcome()
    assert not outcome.made and outcome.party_tricks == 4
    assert outcome.scores == (-6, 1, -3)
    assert state.rules.settlement.pot_after(0, outcome) == 8


def test_codille_sets_twice_the_stamms_but_the_matadors_single() -> None:
    """S-PIE-ROT: "wenn er weniger als vier Stiche macht (codille wird), muß er dasselbe
    doppelt, die Matadors jedoch nur einfach bezahlen" (AMB-78 c, AMB-79): with one Stamm
    standing he sets two; the Eichel-Ober's fee stays single. Play ends once he cannot reach
    four tricks."""
    state = run(start(FOUR), "bid solo", "pass", "pass", "declare solo C")
    state = play(state, "ST SA DA SK DK S7 SJ D7 S8 SQ D9 CJ C7 DT CK")
    assert state.is_terminal and state.party_tricks() == (0, 5)
    outcome = state.outcome()
    assert outcome.scores == (-10, 1, -3)
    assert dict(outcome.breakdown) == {"Stamm": -8, "matadors": -1}


def test_play_goes_on_until_bete_or_codille_is_certain() -> None:
    """S-PIE-ROT grades the loss (bête at four tricks, codille below): with the defenders one
    trick from four the hand is not over while the soloist can still make four."""
    state = play(run(start(FOUR), "bid solo", "pass", "pass", "declare solo C"),
                 " ".join(BETE.split()[:21]))
    assert not state.is_terminal and state.party_tricks() == (4, 3)


def _with_pot(pot: int) -> Match:
    return attrs.evolve(Match.start(ROTH, seed=1, dealer=2), pot=pot)


def test_ex75_at_most_three_stamms_are_drawn() -> None:
    """EX-75. S-PIE-ROT: "Wenn mehre Stämme stehen, so können nur drei gezogen u. gesetzt
    werden." Four Stämme stand (16, the dealer's included); the soloist wins and draws three
    (12); one stays."""
    match = _with_pot(12)
    state = new_game(match.hand_variant, hands=list(SWEEP), dealer=2)
    state = run(play(run(state, "bid solo", "pass", "pass", "declare solo C"), FIVE), "stop")
    outcome = state.outcome()
    assert outcome.scores == (14, -1, -5)
    assert match.finish(state).pot == 4


def test_at_most_three_stamms_are_set_by_a_codille() -> None:
    """AMB-79 (a): "nur drei gezogen u. gesetzt": with two Stämme standing a codille would set
    four; it sets three."""
    state = new_game(_with_pot(4).hand_variant, hands=list(FOUR), dealer=2)
    state = run(state, "bid solo", "pass", "pass", "declare solo C")
    state = play(state, "ST SA DA SK DK S7 SJ D7 S8 SQ D9 CJ C7 DT CK")
    assert dict(state.outcome().breakdown)["Stamm"] == -12


def test_a_hand_records_the_pot_it_was_played_for() -> None:
    """ADDENDUM §A7, "The pot is match state": the hand is played under the match's variant
    derived with the pot, which its record names."""
    match = _with_pot(8)
    record = match.finish(run(match.deal(), "pass", "pass", "pass")).hands[-1]
    assert record.variant.id == "rothspitzen+pot-8"  # type: ignore[union-attr]
