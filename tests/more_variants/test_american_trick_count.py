"""The American "I can play" trick-count game (S-002; DOSSIER §2f, AMB-15..18, AMB-30, EX-50)."""

from __future__ import annotations

from drive import legal, play, run

from solo_rules import GameState, compile, load_variant, new_game, rulebook

VARIANT = "american-trick-count"
#: Seat 0 (eldest; dealer 3) holds eight hearts trumps; seat 1 the A♣.
HANDS = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
         "DA DK DQ DJ DT D9 D8 D7")
#: The first five tricks, all won by seat 0 with hearts trumps.
FIVE = "CQ H9 H8 D7 H7 C7 S7 D8 SQ C8 S8 D9 HA C9 S9 DT HK CT ST DJ"


def start() -> GameState:
    return new_game(VARIANT, hands=HANDS, dealer=3)


def value(contract: str) -> int:
    return compile(load_variant(VARIANT)).contract_def(contract).base


def test_ex50_five_in_a_suit_five_cents_in_clubs_ten_and_the_slam_bonus_five() -> None:
    """EX-50. S-002: "5 hearts, diamonds, or spades - 5 cents 5 clubs (called "better" when
    bidding) - 10 cents"; "may be able to score slam for winning all tricks (bonus 5 cents)".
    A hearts Solo at 5 that plays on and takes all eight: 5 + 5 from each of the three others."""
    assert (value("t5"), value("t5c"), value("solo5"), value("solo5c")) == (5, 10, 5, 10)
    state = run(start(), "bid 5", "pass", "pass", "pass", "declare solo5 H")
    state = play(state, FIVE)
    assert legal(state) == ["stop", "continue"]
    state = play(run(state, "continue"), "HQ CJ SJ DQ HJ CK SK DK HT CA SA DA")
    outcome = state.outcome()
    assert outcome.breakdown == (("base", 5), ("tout", 5))
    assert outcome.scores == (30, -10, -10, -10)


def test_six_to_eight_add_five_cents_a_level_within_the_suit_class() -> None:
    """S-002: "6-8 bids increase the bid by 5 cents per level" (AMB-17: within a suit class)."""
    assert [value(f"t{n}") for n in (5, 6, 7, 8)] == [5, 10, 15, 20]
    assert [value(f"t{n}c") for n in (5, 6, 7, 8)] == [10, 15, 20, 25]


def test_i_can_play_too_is_at_least_five_clubs_or_six_and_solo_outranks_all() -> None:
    """S-002: "To bid, a player declares 'I can play' (at least a 5 bid). The next bidder to bid
    either passes or declares 'I can play too' (at least 5 clubs or 6)." "solo bids outrank
    regular bids" (AMB-17: ranked by solo, tricks, clubs)."""
    state = start()
    assert legal(state)[:3] == ["pass", "bid 5", "bid 5@C"]
    over = run(state, "bid 5")
    assert legal(over)[:3] == ["pass", "bid 5@C", "bid 6"]
    assert legal(run(state, "bid 8@C"))[:2] == ["pass", "bid solo5"]


def test_the_last_bidder_names_a_suit_and_calls_an_ace_or_plays_solo() -> None:
    """S-002: "Once all but one player has passed, that player can declare a suit and call for
    an ace of another suit to be partner or decide to play 'solo'." A 5 bid names ♠, ♥ or ♦ (5
    clubs is its own, higher bid); a pass is final (E14)."""
    state = run(start(), "bid 5", "pass", "pass", "pass")
    assert legal(state) == ["declare t5 S", "declare t5 H", "declare t5 D", "declare solo5 S",
                            "declare solo5 H", "declare solo5 D"]
    called = run(state, "declare t5 H")
    assert called.phase == "call" and "call CA" in legal(called) and "call HA" not in legal(called)


def test_prime_after_the_number_of_tricks_bid() -> None:
    """S-002: "If bidder's party wins all tricks to the number bid, they can stop the game and get
    a bonus for prime." A 6 bid is offered the stop after the sixth trick, not the fifth; a 5 bid
    after the fifth, for 5 + 5 (prime, EDITORIAL AMB-18)."""
    six = play(run(start(), "bid 6", "pass", "pass", "pass", "declare t6 H", "call CA"), FIVE)
    assert six.phase == "play"
    six = play(six, "HQ CJ SJ DQ")
    assert legal(six) == ["stop", "continue"]
    five = play(run(start(), "bid 5", "pass", "pass", "pass", "declare solo5 H"), FIVE)
    outcome = run(five, "stop").outcome()
    assert outcome.breakdown == (("base", 5), ("prime", 5))
    assert outcome.scores == (30, -10, -10, -10)


def test_everyone_passing_throws_the_hand_in() -> None:
    """AMB-18 (EDITORIAL): no all-pass rule is stated; the hand is thrown in."""
    state = run(start(), "pass", "pass", "pass", "pass")
    assert state.is_terminal and state.outcome().scores == (0, 0, 0, 0)


def test_the_rulebook_reads_the_ladder_and_marks_the_editorial_values() -> None:
    """The rulebook states the ladder in order and marks prime's 5 cents as editorial."""
    book = rulebook(VARIANT)
    assert "5 < 5 clubs < 6 < 6 clubs" in book and "8 clubs < solo 5 < solo 5 clubs" in book
    assert "5 cents, the only bonus unit it states" in book
