"""Bots choose only legal actions, and only from a seat's view (never from the full state)."""

from __future__ import annotations

import pytest

import solo_rules
from solo_rules import GameState, PlayerView
from solo_rules.bots import Bot, HeuristicBot, RandomBot

VARIANTS = solo_rules.available_variants()

# Seat 1 (eldest) holds Spadille and seven hearts; seat 2 holds Basta and the heart seven.
HANDS = ["CA CK CJ CT C9 C8 C7 SK", "CQ HA HK HQ HJ HT H9 H8",
         "SQ SJ ST S9 S8 S7 H7 DA", "SA DK DQ DJ DT D9 D8 D7"]


class _Recorder:
    """Wraps a bot and records what it was given."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.given: list[object] = []

    def choose(self, view: PlayerView) -> solo_rules.Action:
        self.given.append(view)
        return self.bot.choose(view)


def _play(vid: str, seed: int, make: type[HeuristicBot] | type[RandomBot]) -> list[_Recorder]:
    players = solo_rules.compile(solo_rules.load_variant(vid)).players
    state = solo_rules.new_game(vid, seed=seed, dealer=seed % players)
    bots = [_Recorder(make(seed * 8 + seat)) for seat in range(state.players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        assert action in state.legal_actions()
        state = state.apply(action)
    state.outcome()
    return bots


@pytest.mark.parametrize("make", [HeuristicBot, RandomBot])
@pytest.mark.parametrize("vid", VARIANTS)
def test_bots_play_only_legal_actions_to_the_end(vid: str, make: type[HeuristicBot]) -> None:
    for seed in range(100):
        for bot in _play(vid, seed, make):
            assert all(isinstance(given, PlayerView) for given in bot.given)


@pytest.mark.parametrize("make", [HeuristicBot, RandomBot])
def test_bots_refuse_the_full_game_state(make: type[HeuristicBot]) -> None:
    state = solo_rules.new_game("altenburg-1988", seed=3)
    with pytest.raises(TypeError, match="PlayerView"):
        make(0).choose(state)  # type: ignore[arg-type]
    assert isinstance(state, GameState)


def test_bots_refuse_a_view_with_nothing_to_do() -> None:
    state = solo_rules.new_game("altenburg-1988", seed=3)
    idle = ((state.current_player or 0) + 1) % state.players
    with pytest.raises(solo_rules.InvalidStateError, match="not its turn"):
        HeuristicBot(0).choose(state.view(idle))


@pytest.mark.parametrize("vid", VARIANTS)
def test_heuristic_choice_depends_only_on_the_view(vid: str) -> None:
    """Two deals that give the seat to act the same hand look the same to it: same choice.
    The two other seats swapped are dealt as many cards (Niese five-hand deals the seller
    fewer, the rest of his hand lying before the dealer: S-NIE, AMB-38)."""
    for seed in range(20):
        state = solo_rules.new_game(vid, seed=seed)
        seat = state.current_player
        assert seat is not None
        hands = [state.hand(s) for s in range(state.players)]
        full = max(len(hand) for hand in hands)
        others = [s for s in range(state.players) if s != seat and len(hands[s]) == full]
        swapped = list(hands)
        swapped[others[0]], swapped[others[1]] = hands[others[1]], hands[others[0]]
        twin = solo_rules.new_game(vid, hands=swapped, dealer=state.dealer)
        assert twin.view(seat) == state.view(seat)
        assert HeuristicBot(seed).choose(twin.view(seat)) == \
            HeuristicBot(seed).choose(state.view(seat))


def _solo_in_hearts() -> GameState:
    state = solo_rules.new_game("altenburg-1988", hands=HANDS, dealer=0)
    for text in ("bid frage", "pass", "pass", "pass", "declare solo H"):
        state = state.apply(text)
    return state


def test_heuristic_declarer_leads_his_highest_trump() -> None:
    state = _solo_in_hearts()
    assert state.current_player == 1
    assert HeuristicBot(0).choose(state.view(1)).text == "play CQ"


def test_heuristic_plays_its_lowest_card_when_it_cannot_win_the_trick() -> None:
    state = _solo_in_hearts().apply("play CQ")
    view = state.view(2)
    assert {a.text for a in view.legal_actions} == {"play SQ", "play H7"}
    assert HeuristicBot(0).choose(view).text == "play SQ"  # Basta is below Manille (♥7)
    view = state.apply("play SQ").view(3)
    assert HeuristicBot(0).choose(view).text == "play D7"


def test_heuristic_wins_a_trick_as_cheaply_as_it_can() -> None:
    state = solo_rules.new_game("altenburg-1988", dealer=0, hands=[
        "CA CK CJ CT SA SK SQ H7", "CQ HQ HJ HT H8 C7 C8 C9",
        "HA HK H9 SJ ST S9 S8 S7", "DA DK DQ DJ DT D9 D8 D7"])
    for text in ("bid frage", "pass", "pass", "pass", "declare solo H", "play HT"):
        state = state.apply(text)
    view = state.view(2)
    assert {a.text for a in view.legal_actions} == {"play HA", "play HK", "play H9"}
    assert HeuristicBot(0).choose(view).text == "play HK"


def test_heuristic_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    state = solo_rules.new_game("altenburg-1988", hands=HANDS, dealer=0)
    assert HeuristicBot(0).choose(state.view(1)).text == "bid frage"
    weak = solo_rules.new_game("altenburg-1988", dealer=3, hands=[
        "C9 C8 S9 S8 H9 H8 D9 D8", "CA CK CQ CJ CT C7 SA SK",
        "SQ SJ ST S7 HA HK HQ HJ", "HT H7 DA DK DQ DJ DT D7"])
    assert weak.current_player == 0
    assert HeuristicBot(0).choose(weak.view(0)).text == "pass"
