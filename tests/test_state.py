"""Building and moving game states: new_game input checks, apply, and the errors of both."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solo_rules import (
    ActionParseError,
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    InvalidStateError,
    Phase,
    load_variant,
    new_game,
    parse_cards,
)

#: Altenburg hands with seat 3 dealing: seat 0 (eldest) holds ♣Q, seat 2 holds ♠Q and ♠A.
HANDS = (
    "CQ HA HK HQ HJ HT C7 D7",
    "CA CK CJ CT C9 C8 DA DK",
    "SA SQ SK SJ ST S9 S8 S7",
    "H9 H8 H7 DQ DJ DT D9 D8",
)


def start() -> GameState:
    return new_game("altenburg-1988", hands=HANDS, dealer=3)


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = state.apply(text)
    return state


def finished() -> GameState:
    """A short hand: everyone passes, seat 0 must play a Mussfrage and loses it early."""
    state = play(start(), "pass", "pass", "pass", "pass", "declare mussfrage", "call SA",
                 "trump D")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


# -- new_game input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": HANDS[:3]}, "altenburg-1988 needs 4 hands, got 3"),
        ({"hands": (HANDS[0], HANDS[0], HANDS[2], HANDS[3])},
         "hand of seat 1 repeats CQ C7 HA HK HQ HJ HT D7 from an earlier hand"),
        ({"hands": ("CQ CQ HK HQ HJ HT C7 D7", *HANDS[1:])},
         "hand of seat 0: card CQ appears twice in 'CQ CQ HK HQ HJ HT C7 D7'"),
        ({"hands": ([2, 2, 17, 18, 19, 20, 7, 31], *HANDS[1:])},
         "hand of seat 0: the card list [2, 2, 17, 18, 19, 20, 7, 31] repeats CQ"),
        ({"hands": ("CQ HA", *HANDS[1:])}, "hand of seat 0 has 2 cards; altenburg-1988 deals 8"),
        ({"hands": ("CQ HA HK HQ HJ HT C7 X7", *HANDS[1:])},
         "hand of seat 0: cannot read card 'X7'"),
        ({"hands": ([60, 1, 2, 3, 4, 5, 6, 7], *HANDS[1:])},
         "hand of seat 0: 60 is not a card id 0..51"),
        ({"hands": (-1, *HANDS[1:])},
         "hand of seat 0: -1 is not a card mask (52 bits, one per card id)"),
        ({"hands": ([32, 1, 2, 3, 4, 5, 6, 7], *HANDS[1:])},
         "hand of seat 0 holds C6, not in the altenburg-1988 pack"),
        ({"hands": (None, *HANDS[1:])},
         "hand of seat 0: expected card text, a CardSet, a mask or card ids, got None"),
        ({"hands": HANDS, "seed": 3}, "give either seed= or hands=, not both"),
        ({"seed": 1, "dealer": 4}, "dealer must be a seat 0..3, got 4"),
        ({"seed": 1, "dealer": -1}, "dealer must be a seat 0..3, got -1"),
        ({"seed": 1, "dealer": "1"}, "dealer must be a seat 0..3, got '1'"),
        ({"seed": "x"}, "seed must be an int >= 0, got 'x'"),
        ({"seed": -5}, "seed must be an int >= 0, got -5"),
        ({"seed": True}, "seed must be an int >= 0, got True"),
    ],
)
def test_new_game_rejects_bad_input_with_a_clear_message(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        new_game("altenburg-1988", **kwargs)
    assert str(excinfo.value).startswith(message)
    assert "\n" not in str(excinfo.value)


def test_card_outside_the_pack_is_rejected(tmp_path: Path) -> None:
    """A card that the variant's pack leaves out cannot be dealt (here a 28-card pack)."""
    path = tmp_path / "short-pack.yaml"
    path.write_text("schema: 1\nid: short-pack\nextends: altenburg-1988\nstatus: house\n"
                    "rules:\n  pack:\n    params: {remove: [C9, C8, S9, S8]}\n"
                    "  deal:\n    params: {packets: [3, 4]}\n", encoding="utf-8")
    hands = ["CQ HA HK HQ HJ HT C8", "CA CK CJ CT DA DK D7", "SA SQ SK SJ ST S7 C7",
             "H9 H8 H7 DQ DJ DT D9"]
    with pytest.raises(InvalidStateError, match=r"^hand of seat 0 holds C8, not in the "
                                                r"short-pack pack$"):
        new_game(load_variant(path), hands=hands)


@pytest.mark.parametrize(
    "form",
    [
        list(HANDS),
        [parse_cards(h) for h in HANDS],
        [parse_cards(h).mask for h in HANDS],
        [list(parse_cards(h)) for h in HANDS],
        [[int(c) for c in parse_cards(h)] for h in HANDS],
    ],
)
def test_hands_may_be_given_as_text_sets_masks_or_card_lists(form: Sequence[Any]) -> None:
    assert new_game("altenburg-1988", hands=form, dealer=3) == start()


def test_seeded_deal_is_reproducible_and_complete() -> None:
    first, again = new_game("altenburg-1988", seed=11), new_game("altenburg-1988", seed=11)
    assert first == again
    assert new_game("altenburg-1988", seed=12).hands != first.hands
    assert sum(first.hands) == (1 << 32) - 1
    assert all(len(first.hand(seat)) == 8 for seat in range(4))


def test_eldest_speaks_first() -> None:
    """S-WIK: "First, eldest hand bids 'Frage' or passes." Eldest is left of the dealer."""
    for dealer in range(4):
        state = new_game("altenburg-1988", hands=HANDS, dealer=dealer)
        assert state.eldest == state.player == (dealer + 1) % 4
        assert state.phase == Phase.AUCTION


# -- apply ----------------------------------------------------------------------------------------


def test_apply_accepts_an_action_its_text_or_its_id() -> None:
    state = start()
    action = state.action("bid frage")
    assert state.apply(action) == state.apply("bid frage") == state.apply(action.id)
    assert state.apply_unchecked(action) == state.apply(action)


def test_illegal_action_names_seat_phase_reason_and_alternatives() -> None:
    with pytest.raises(IllegalActionError) as excinfo:
        start().apply("play CQ")
    error = excinfo.value
    assert error.reason == "wrong_phase"
    assert error.legal == ("pass", "bid frage")
    assert str(error) == ("'play CQ' is not legal for seat 0 in phase auction: the rules expect a "
                          "bid, hold or pass now; legal: pass, bid frage")


def test_card_not_in_hand_is_not_legal() -> None:
    state = play(start(), "pass", "pass", "pass", "pass", "declare mussfrage", "call SA",
                 "trump D")
    assert state.phase == Phase.PLAY and state.player == 0
    with pytest.raises(IllegalActionError, match="seat 0 does not hold SA") as excinfo:
        state.apply("play SA")
    assert excinfo.value.legal == tuple(f"play {c}" for c in state.hand(0))


def test_unreadable_action_text_is_a_parse_error_not_an_illegal_action() -> None:
    with pytest.raises(ActionParseError, match="unknown action 'frage'"):
        start().apply("frage")


def test_apply_after_the_end_raises_game_over() -> None:
    state = finished()
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == ()
    for attempt in ("pass", "play CQ", 68):
        with pytest.raises(IllegalActionError) as excinfo:
            state.apply(attempt)
        assert excinfo.value.reason == "game_over"
        assert str(excinfo.value) == "the hand is over: no action is legal"


def test_outcome_only_once_the_hand_is_over() -> None:
    with pytest.raises(InvalidStateError, match=r"^outcome\(\) is only defined once the hand is "
                                                r"over$"):
        start().outcome()
    assert finished().outcome().contract is not None


def test_view_of_a_seat_that_does_not_exist() -> None:
    with pytest.raises(InvalidStateError, match=r"^seat must be 0\.\.3, got 4$"):
        start().view(4)


# -- reading a state ------------------------------------------------------------------------------


def test_states_are_immutable_and_copy_to_themselves() -> None:
    state = start()
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    with pytest.raises(AttributeError):
        state.player = 2  # type: ignore[misc]


def test_dealt_hand_keeps_the_cards_a_seat_has_played() -> None:
    state = play(start(), "pass", "pass", "pass", "pass", "declare mussfrage", "call SA",
                 "trump D", "play HA")
    assert Card.HA not in state.hand(0)
    assert state.dealt_hand(0) == parse_cards(HANDS[0])
    assert state.trick == (Card.HA,)
    assert state.party() == (0, 2)


def test_history_records_every_action_with_its_seat() -> None:
    state = play(start(), "bid frage", "pass", "pass", "pass")
    assert state.history == ((0, 100), (1, 68), (2, 68), (3, 68))
    assert state.phase == Phase.DECLARE and state.player == 0


def test_state_text_shows_variant_phase_and_hands() -> None:
    text = str(start())
    assert text.splitlines()[0] == "altenburg-1988: auction, dealer 3"
    assert f"  seat 0: {parse_cards(HANDS[0]).symbols()}" in text


def test_hand_reads_as_a_card_set() -> None:
    assert start().hand(2) == CardSet.of(Card[c] for c in HANDS[2].split())


def test_unpickled_state_equals_the_original_and_shares_its_rules() -> None:
    """States cross process pools by pickle: the copy must be the same state, on the very
    rule set already loaded, not a look-alike on a second compiled copy."""
    import pickle

    state = new_game("altenburg-1988", seed=3)
    for text in ("bid frage", "pass", "pass", "pass"):
        state = state.apply(text)
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_ == state
    assert copy_.rules is state.rules
