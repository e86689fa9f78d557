"""Parlett's profile of German Solo (S-PAR; DOSSIER §2h, §4.8, AMB-55, EX-49)."""

from __future__ import annotations

from drive import legal, play, run

from solo_rules import GameState, Match, Suit, Trump, compile, load_variant, new_game, rulebook

VARIANT = "parlett-penguin"
#: Seat 0 (eldest; dealer 3) holds eight hearts trumps.
HANDS = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
         "DA DK DQ DJ DT D9 D8 D7")
FIVE = "CQ H9 H8 D7 H7 C7 S7 D8 SQ C8 S8 D9 HA C9 S9 DT HK CT ST DJ"
#: Seat 0 holds both black queens and all four Aces.
DUTY = ("CQ SQ CA SA HA DA H7 H8", "CK CJ CT C9 C8 C7 H9 HT", "SK SJ ST S9 S8 S7 HJ HQ",
        "HK DK DQ DJ DT D9 D8 D7")


def start(hands: tuple[str, ...] = HANDS) -> GameState:
    return new_game(VARIANT, hands=hands, dealer=3)


def solo_after_five() -> GameState:
    state = run(start(), "bid frage", "pass", "pass", "pass", "declare solo H")
    return play(state, FIVE)


def test_ex49_the_values_of_the_contracts() -> None:
    """EX-49. S-PAR: Frage "Worth 2"; Großfrage "Worth 4, or 2 if enforced upon the Spadille
    holder"; Solo "Worth 4"; "Allstich (Slam), announced, worth 16"."""
    values = {c.id: c.base for c in compile(load_variant(VARIANT)).contracts.contracts}
    assert values == {"mussfrage": 2, "frage": 2, "grossfrage": 4, "solo": 4, "allstich": 16}


def test_ex49_leading_to_the_sixth_raises_the_game_to_a_slam_worth_eight() -> None:
    """EX-49. S-PAR: "If the soloist ... wins the first five straight off, he may cease play
    and claim his winnings; but leading to the sixth automatically raises the bid to a Slam,
    worth 8." Going on and taking all eight: 8 from each adversary."""
    state = solo_after_five()
    assert legal(state) == ["stop", "continue"]
    state = play(run(state, "continue"), "HQ CJ SJ DQ HJ CK SK DK HT CA SA DA")
    assert state.outcome().breakdown == (("tout", 8),)
    assert state.outcome().scores == (24, -8, -8, -8)


def test_ceasing_play_claims_the_game_without_a_prime_bonus() -> None:
    """S-PAR: "he may cease play and claim his winnings" (AMB-55: no prime bonus)."""
    outcome = run(solo_after_five(), "stop").outcome()
    assert outcome.breakdown == (("game", 4),) and outcome.scores == (12, -4, -4, -4)


def test_ex49_the_spadille_holder_must_beg_big_when_all_pass() -> None:
    """EX-49. S-PAR: "The Spadille holder is obliged to 'beg big' if all four players initially
    pass. Worth 4, or 2 if enforced upon the Spadille holder." The called partner names trumps."""
    state = run(start(), "pass", "pass", "pass", "pass")
    assert (state.phase, state.player, legal(state)) == ("declare", 0, ["declare mussfrage"])
    state = run(state, "declare mussfrage", "call CA")
    assert (state.phase, state.player) == ("trump", 1)
    assert compile(load_variant(VARIANT)).contract_def("mussfrage").base == 2


def test_solo_is_compulsory_with_both_black_queens_and_all_four_aces() -> None:
    """S-PAR: "The bid is compulsory to anyone holding both black Queens and all four Aces"
    (S-CAS: "Wer die beiden Alten und vier Asse besitzt, muß Solo ansagen")."""
    state = start(DUTY)
    assert legal(state) == ["bid frage"]
    with_solo = run(state, "bid frage", "bid solo")
    assert "pass" in legal(with_solo)


def test_a_bid_is_overcalled_by_the_same_in_the_suit_of_the_first_deal() -> None:
    """S-PAR: "The trump suit chosen freely in the first deal remains the suit of preference
    thereafter"; "any of the following bids can then be overcalled by the same in the
    preferred suit"; "All payments are doubled if the preferred suit is en[trumps]" (AMB-46,
    AMB-47). The first hand has no preferred level (EDITORIAL); its Solo in hearts makes
    hearts preferred in the next hand of the match."""
    match = Match.start(VARIANT, seed=0, dealer=3)
    assert "@" not in " ".join(legal(run(start(), "bid frage")))
    match = match.finish(run(solo_after_five(), "stop"))
    assert match.preferred is Suit.HEARTS
    turned = [HANDS[(seat - 1) % 4] for seat in range(4)]
    after = run(new_game(match.hand_variant, hands=turned, dealer=match.dealer), "bid frage")
    assert legal(after)[:2] == ["pass", "bid frage@H"]
    ladder = compile(match.hand_variant).contracts
    assert ladder.value(4, Trump.HEARTS) == 8 and ladder.value(4, Trump.CLUBS) == 4


def test_the_rulebook_says_no_prime_and_the_slam_value() -> None:
    """The rulebook states the S-PAR stop and slam, with no prime bonus."""
    book = rulebook(VARIANT)
    assert "may stop play and claim the game, which is then made" in book
    assert "plays for a slam worth 8, whatever its game was worth" in book
    assert "bonus for prime" not in book


def test_an_allstich_is_played_for_every_trick_with_no_stop_after_the_first_five() -> None:
    """S-PAR: "Allstich (Slam). The soloist declares trumps, plays alone, and guarantees to win
    all eight tricks." A contract for every trick offers no stop after the first five tricks
    (issue 36 found the choice offered: stopping could only lose it)."""
    state = run(start(), "bid frage", "pass", "pass", "pass", "declare allstich H")
    state = play(state, FIVE)
    assert len(state.tricks) == 5 and not state.is_terminal
    assert all(text.startswith("play ") for text in legal(state)), legal(state)
    solo = solo_after_five()  # a Solo after the same five tricks is still asked
    assert not all(text.startswith("play ") for text in legal(solo)), legal(solo)
