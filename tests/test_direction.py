"""AMB-14: the direction of play is one parameter, ``deal.direction``, used everywhere: the deal,
the bidding turn, the play and the next dealer (S-WIK: "First dealer is chosen by lot and play
is clockwise"; the alternative, S-WIK-OLD's infobox "Play: Counter-clockwise" and S-PAR's
Quadrille "Deal, bid and play to the right")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish, legal, play, run, variant_file

from solo_rules import VariantError, compile, load_variant, new_game
from solo_rules.rules.purchase import DealerBuys

#: SWEEP of the Altenburg scenarios: nobody holds both black queens.
SWEEP = ("CQ H7 HA HK HQ HJ DA CA", "SQ HT H9 H8 CK CJ DK DQ",
         "SA S9 S8 S7 CT C9 DJ DT", "SK SJ ST C8 C7 D9 D8 D7")


@pytest.fixture
def widdershins(tmp_path: Path) -> str:
    """Altenburg played counter-clockwise."""
    return str(variant_file(tmp_path, "altenburg-1988",
                            "deal: {params: {direction: counter-clockwise}}", "widdershins"))


def test_the_deal_goes_counter_clockwise_from_the_dealers_right(widdershins: str) -> None:
    """S-PAR: "Deal, bid and play to the right". With the same shuffle, the cards the default
    deals to the k-th seat on the dealer's left go to the k-th seat on his right."""
    for dealer in range(4):
        left = new_game("altenburg-1988", seed=7, dealer=dealer).dealt
        right = new_game(widdershins, seed=7, dealer=dealer).dealt
        for k in range(1, 5):
            assert right[(dealer - k) % 4] == left[(dealer + k) % 4]


def test_bidding_goes_counter_clockwise_from_the_dealers_right(widdershins: str) -> None:
    """Eldest is the player on the dealer's right, and the duels follow him to the right; by
    default eldest is on the dealer's left (S-WIK: "play is clockwise")."""
    default = new_game("altenburg-1988", hands=list(SWEEP), dealer=3)
    assert (default.eldest, default.player) == (0, 0)
    state = new_game(widdershins, hands=list(SWEEP), dealer=3)
    assert (state.eldest, state.player) == (2, 2)
    assert state.in_turn(state.eldest) == (2, 1, 0, 3)
    state = run(state, "bid frage")
    assert state.player == 1  # the second player is on eldest's right
    state = run(state, "pass", "pass")
    assert state.player == 3
    assert run(state, "pass").player == 2  # eldest holds and declares


def test_play_goes_counter_clockwise(widdershins: str) -> None:
    """Each card is followed by the player on the right; the winner of a trick leads next."""
    state = new_game(widdershins, hands=list(SWEEP), dealer=1)  # eldest: seat 0
    state = run(state, "bid frage", "pass", "pass", "pass", "declare frage H", "call SA")
    assert state.player == 0
    state = play(state, "CQ")
    assert state.player == 3
    state = play(state, "D7 S7 H8")  # seats 3, 2, 1: CQ wins
    assert state.tricks[0].winner == 0 and state.player == 0
    assert legal(state)[0].startswith("play")


def test_a_counter_clockwise_hand_plays_to_an_outcome(widdershins: str) -> None:
    """The whole hand runs to an outcome in the other direction."""
    rng = random.Random(5)
    for dealer in range(4):
        state = finish(new_game(widdershins, seed=rng.getrandbits(32), dealer=dealer), rng)
        assert state.is_terminal and len(state.outcome().scores) == 4


def test_the_deal_passes_to_the_right_counter_clockwise(widdershins: str) -> None:
    """The next dealer is the next player in the direction of play."""
    assert compile(load_variant("altenburg-1988")).deal_rules.following_dealer(3, 4) == 0
    assert compile(load_variant(widdershins)).deal_rules.following_dealer(3, 4) == 2


def test_the_rulebook_states_the_direction(widdershins: str) -> None:
    """The prose changes with the value."""
    prose = " ".join(c.text for c in load_variant(widdershins).slots["deal"].module.describe())
    assert "dealt counter-clockwise" in prose and "dealer's right (eldest)" in prose
    default = " ".join(c.text for c in
                       load_variant("altenburg-1988").slots["deal"].module.describe())
    assert "dealt clockwise" in default and "dealer's left (eldest)" in default


def test_an_unknown_direction_is_refused_in_one_line(tmp_path: Path) -> None:
    """A bad value names the key and the allowed values."""
    path = variant_file(tmp_path, "altenburg-1988", "deal: {params: {direction: widdershins}}")
    with pytest.raises(VariantError) as error:
        load_variant(path)
    message = str(error.value)
    assert "\n" not in message and "rules.deal.params.direction" in message
    assert "'clockwise', 'counter-clockwise'" in message


def test_the_five_hand_purchase_follows_the_direction(tmp_path: Path) -> None:
    """S-NIE five-hand: the dealer may buy "the player's hand to the right", the last dealt
    to; counter-clockwise the last dealt to sits on his left, and the hand still plays out."""
    path = str(variant_file(tmp_path, "niese-five-hand",
                            "deal: {params: {direction: counter-clockwise}}", "five-ccw"))
    sellers = []
    for variant in ("niese-five-hand", path):
        deal = compile(load_variant(variant)).deal_rules
        assert isinstance(deal, DealerBuys)
        sellers.append(deal.seller(0, 5))
    assert sellers == [4, 1]
    rng = random.Random(3)
    for dealer in range(5):
        state = finish(new_game(path, seed=rng.getrandbits(32), dealer=dealer), rng)
        assert state.is_terminal


def test_a_dealt_hand_is_found_counter_clockwise(widdershins: str) -> None:
    """``dealt_hand`` finds each seat's played cards at its place in turn to the right (the
    matadors the party was dealt are scored from it): at every state, the unplayed cards plus
    the cards the seat's own actions played."""
    rng = random.Random(9)
    for dealer in range(4):
        state = new_game(widdershins, seed=rng.getrandbits(32), dealer=dealer)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            for seat in range(4):
                played = [state.rules.actions.by_id[aid].card for who, aid in state.history
                          if who == seat and state.rules.actions.by_id[aid].kind == "play"]
                expected = state.hands[seat]
                for card in played:
                    assert card is not None
                    expected |= 1 << card
                assert state.dealt_hand(seat).mask == expected
