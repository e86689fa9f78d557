"""Niese trick play: the trump structures, no-trump bids, the Kicker's duty to head the trick,
the misère end, joint Kickers, the exposed Bronco and Ladies cards (S-NIE; DOSSIER §2c, AMB-32,
33, 34, 37, 50; EX-01..04, EX-08)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from niese_deals import (
    KICK,
    LOWS,
    MACKERS,
    TOPS,
    bid,
    legal_cards,
    overlay,
    play,
    play_out,
    run,
)
from reference import NO_TRUMP_ORDER, TRUMP_ORDER, trick_winner

from solo_rules import (
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    Trump,
    compile,
    load_variant,
    new_game,
    piquet_pack,
)


@pytest.mark.parametrize("suit", "CSHD")
def test_trump_structure(suit: str) -> None:
    """EX-01..04. S-NIE: "Clubs (highest value): ♣Q, ♣7, ♠Q, ♣A, ♣K, ♣J, ♣10, ♣9, ♣8." (and the
    spade, heart and diamond structures); "In clubs and spades there are 9 trump. In hearts and
    diamonds there are 10 trump." """
    tables = compile(load_variant("niese")).tables("CSHD".index(suit))
    pack = piquet_pack()
    assert tuple(card.name for card in tables.order(pack)) == TRUMP_ORDER[suit]
    assert len(TRUMP_ORDER[suit]) == (9 if suit in "CS" else 10)


def test_no_trump_bids_keep_the_black_queens_in_their_suits() -> None:
    """EX-08, AMB-50. S-NIE: "Nothing is trump. Aces are high and 7s are low." The trick J♠, ♠Q,
    A♣ is won by ♠Q."""
    tables = compile(load_variant("niese")).tables(Trump.NONE)
    assert tables.winner((Card.SJ, Card.SQ, Card.CA)) == 1
    for suit, order in NO_TRUMP_ORDER.items():
        cards = sorted((Card[c] for c in order), key=lambda c: -tables.power[c])
        assert [c.name for c in cards] == list(order), suit


def test_player_left_of_dealer_leads_first() -> None:
    """AMB-37: the player on the dealer's left leads to the first trick."""
    for dealer in range(4):
        state = bid(TOPS, *["pass"] * 3, "bull", dealer=dealer)
        assert state.player == state.leader == (dealer + 1) % 4


def test_kicker_must_beat_the_trick_when_following() -> None:
    """AMB-32. S-NIE: "The bidder must go over any card that has been played before his/her turn
    in the current trick. The bidder need not throw his/her highest card, but he/she must follow
    suit." With S10 led, the Kicker holding SA and S7 must play SA."""
    state = bid(KICK, "kicker", "pass", "pass", "pass")
    state = play(state, "H7 H9 HT HQ")  # seat 3 wins and leads
    state = play(state, "ST")
    assert state.player == 0 and legal_cards(state) == {"SA"}
    with pytest.raises(IllegalActionError, match="must beat the trick"):
        state.apply("play S7")


def test_kicker_who_cannot_beat_plays_any_card_of_the_suit() -> None:
    """AMB-32: a Kicker who cannot beat the trick plays any card of the led suit."""
    state = bid(KICK, "kicker", "pass", "pass", "pass")
    state = play(state, "D7 DA DQ DT")  # seat 1 wins and leads
    state = play(state, "CA C9 CT")
    assert state.player == 0 and legal_cards(state) == {"CK", "C7"}


def test_defenders_against_a_kicker_need_not_beat() -> None:
    """S-NIE: "Anyone playing against a kicker need not throw their highest card of the suit, but
    they must follow suit." """
    state = bid(KICK, "kicker", "pass", "pass", "pass")
    state = play(state, "H7")
    assert legal_cards(state) == {"H9", "HA"}


def test_kicker_hand_ends_when_he_takes_a_trick() -> None:
    """S-NIE: "The bidder cannot get any tricks. If he/she does, the hand is over." """
    state = bid(KICK, "kicker", "pass", "pass", "pass")
    state = play(state, "H7 H9 HT HQ ST SA S8 S9")
    assert state.is_terminal and len(state.tricks) == 2
    outcome = state.outcome()
    assert not outcome.made and outcome.breakdown == (("bid", -6),)


def test_kicker_who_takes_no_trick_wins() -> None:
    """S-NIE Kicker: "Score Value = 6"; the bidder plays all eight tricks without taking one."""
    state = play_out(bid(LOWS, "kicker", "pass", "pass", "pass"))
    outcome = state.outcome()
    assert len(state.tricks) == 8 and state.won[0] == 0
    assert outcome.made and outcome.breakdown == (("bid", 6),)
    assert outcome.scores == (90, -30, -30, -30)


def test_joint_kickers_settle_independently() -> None:
    """AMB-33: "Each kicker settles independently with every other player." """
    state = play_out(bid(LOWS, "kicker", "pass", "pass", "kicker"))
    outcome = state.outcome()
    assert outcome.joint == ((0, True), (3, True))
    # each kicker wins 30 from each of the three others, and pays 30 to the other kicker
    assert outcome.scores == (60, -60, -60, 60)


def test_joint_kicker_hand_ends_when_every_kicker_has_a_trick() -> None:
    """AMB-33: "The hand ends when every kicker has taken a trick, or after trick 8." """
    state = bid(KICK, "kicker", "pass", "pass", "kicker")
    state = play(state, "H7 H9 HT")
    assert legal_cards(state) == {"HJ", "HQ"}  # the second kicker must beat HT too
    state = play(state, "HJ")
    assert not state.is_terminal and state.won[3] == 1
    state = play(state, "ST SA S8 S9")
    assert state.is_terminal
    outcome = state.outcome()
    assert outcome.joint == ((0, False), (3, False))
    assert outcome.scores == (-60, 60, 60, -60)


def test_bronco_hand_is_face_up_before_the_opening_lead() -> None:
    """AMB-34. S-NIE Bronco: "The bidder must lay cards face up on the table." Every seat's view
    shows the Bronco's unplayed cards, and no other hidden card."""
    before = bid(LOWS, "bronco", "pass", "pass")
    assert not before.view(1).exposed
    state = run(before, "pass")
    assert state.player == 0 and not state.tricks
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view.exposed == state.hand(0)
        assert view.hand == state.hand(seat)
    assert not state.view(0).exposed
    state = play(state, "C8")
    assert state.view(2).exposed == state.hand(0) and Card.C8 not in state.view(2).exposed


def test_ladies_are_shown() -> None:
    """S-NIE: "If the bidder cannot go solo, the bidder must set both ladies on the table." Every
    view shows ♣Q and ♠Q and nothing else of the bidder's hand."""
    state = bid(MACKERS, "ladies", "pass", "pass", "pass")
    for seat in (1, 2, 3):
        assert state.view(seat).exposed == CardSet.of((Card.CQ, Card.SQ))


def _expected_legal(state: GameState, seat: int) -> set[str]:
    """The legal cards by the reference order: follow the led suit; a kicker must beat the
    trick with one if he can (AMB-32)."""
    hand = [card.name for card in state.hand(seat)]
    if not state.trick:
        return set(hand)
    led = Card(state.trick[0]).name[0]
    follow = [card for card in hand if card[0] == led]
    if not follow:
        return set(hand)
    assert state.contract is not None
    if seat not in state.contract.declarers:
        return set(follow)
    trick = [Card(c).name for c in state.trick]
    heads = {c for c in follow if trick_winner([*trick, c], None) == len(trick)}
    return heads or set(follow)


@given(seed=st.integers(0, 2**32 - 1), joiners=st.sets(st.integers(1, 3)),
       choices=st.lists(st.integers(0, 7), min_size=32, max_size=32))
def test_kicker_duty_holds_on_every_legal_card_set(seed: int, joiners: set[int],
                                                   choices: list[int]) -> None:
    """AMB-32: on every position of a Kicker hand, a kicker's legal cards are exactly those that
    beat the trick if he can follow with one, else his cards of the led suit, else his hand;
    a defender's are his cards of the led suit, else his hand."""
    state = new_game("niese", seed=seed, dealer=3)
    state = state.apply("bid kicker")
    for seat in (1, 2, 3):
        state = state.apply("bid kicker" if seat in joiners else "pass")
    steps = iter(choices)
    while not state.is_terminal:
        cards = legal_cards(state)
        assert cards == _expected_legal(state, state.player)
        ordered = sorted(cards, key=lambda c: Card[c])
        state = state.apply(f"play {ordered[next(steps) % len(ordered)]}")


def test_bronco_may_be_exposed_after_the_first_trick(tmp_path: Path) -> None:
    """AMB-34 alternative: "after the first trick (S-FSW, misère sur table)". With
    ``shows_after: 1`` the Bronco's hand is hidden until the first trick is complete, and the
    rulebook says so."""
    later = overlay(tmp_path, "niese-bronco-late", """\
        contracts:
          params:
            contracts:
              - {id: bronco, shows_after: 1}""")
    state = bid(LOWS, "bronco", "pass", "pass", "pass", variant=later)
    assert state.player == 0 and not state.view(1).exposed
    state = play(state, "C8")
    assert not state.view(1).exposed
    state = play_lowest_trick(state)
    assert len(state.tricks) == 1 and state.view(1).exposed == state.hand(0)
    prose = " ".join(c.text for c in later.slots["contracts"].module.describe())
    assert "face up on the table after the first trick" in prose


def play_lowest_trick(state: GameState) -> GameState:
    """Complete the current trick with each seat's first legal card."""
    while state.trick:
        state = state.apply(state.legal_actions()[0])
    return state


def test_kicker_going_under_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-32 (b): "A typo for 'go under'". With ``head: under`` the Kicker bidder who follows
    must play a card that does not beat the trick if he has one; by default (a) he must beat
    it (S-NIE: "The bidder must go over any card that has been played before his/her turn")."""
    under = overlay(tmp_path, "niese-kicker-under", """\
        contracts:
          params:
            contracts:
              - {id: kicker, head: under}""")
    state = play(bid(KICK, "kicker", "pass", "pass", "pass", variant=under), "H7 H9 HT HQ ST")
    assert state.player == 0 and legal_cards(state) == {"S7"}
    default = play(bid(KICK, "kicker", "pass", "pass", "pass"), "H7 H9 HT HQ ST")
    assert legal_cards(default) == {"SA"}
    prose = " ".join(c.text for c in under.slots["contracts"].module.describe())
    assert "does not beat the trick" in prose


#: Seat 0 has no spades and two low hearts; seat 1 holds DA and leads SA after taking trick 1.
VOID_IN_SPADES = ("CK C7 C8 H8 H9 D7 D8 DJ", "CA C9 SA SK SQ HA DA DK",
                  "CQ CJ SJ ST S9 HK HQ DQ", "CT S8 S7 HJ HT H7 DT D9")


def test_kicker_beating_even_when_void_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-32 (c): "He must beat even when void, which is impossible at no trump." In a Kicker
    with trumps (here hearts, by a variant file) ``head: over_even_void`` makes the void
    bidder trump; at no trump, and by default, a void bidder may play any card."""
    rules = """\
        contracts:
          params:
            contracts:
              - {{id: kicker, trump_by: fixed, suit: H, head: {head}}}"""
    void = overlay(tmp_path, "niese-kicker-void", rules.format(head="over_even_void"))
    plain = overlay(tmp_path, "niese-kicker-trumps", rules.format(head="over"))
    legal = []
    for variant in (void, plain):
        state = bid(VOID_IN_SPADES, "kicker", "pass", "pass", "pass", variant=variant)
        state = play(state, "D7 DA DQ DT SA S9 S8")
        assert state.player == 0
        legal.append(legal_cards(state))
    assert legal == [{"H8", "H9"}, {"CK", "C7", "C8", "H8", "H9", "D8", "DJ"}]
    notrump = bid(VOID_IN_SPADES, "kicker", "pass", "pass", "pass")
    assert len(legal_cards(play(notrump, "D7 DA DQ DT SA S9 S8"))) == 7


def test_the_bidder_leading_first_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-37: "Leader: left of the dealer, or the bidder." S-NIE is silent; the default has
    the player left of the dealer lead (S-002, S-WIK "Forehand leads", S-FOS "eldest hand
    leads"); ``first_lead: declarer`` has the bidder lead."""
    bidder = overlay(tmp_path, "niese-bidder-leads", "play: {params: {first_lead: declarer}}")
    assert bid(TOPS, "pass", "pass", "bull", "pass", variant=bidder).player == 2
    assert bid(TOPS, "pass", "pass", "bull", "pass").player == 0
    prose = " ".join(c.text for c in bidder.slots["play"].module.describe())
    assert prose.startswith("The declarer leads to the first trick")
