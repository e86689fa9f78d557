"""The value-aware bidder (issue 27, part 1): it bids and declares from what each choice is worth
in the variant's own scoring, so a contract worth more is declared where it was not; it plays
its cards as the heuristic bot, keeps its samples through a hand only while they fit its view,
and plays whole hands legally. The bots say whether they read the values (a study's notes
rely on it). Hands whose solves are short keep these tests fast in pure Python."""

from __future__ import annotations

import pytest

import solo_rules
from solo_rules import GameState, Phase
from solo_rules.analysis.players import BOTS, reads_values
from solo_rules.bots import HeuristicBot, RandomBot, SamplingBot, ValueBot
from solo_rules.bots.value import FINALISTS
from solo_rules.compare import seeded_deal
from solo_rules.game import CompiledRules
from solo_rules.variant import with_params

ALTENBURG = solo_rules.load_variant("altenburg-1988")
SOLO = "rules.contracts.params.contracts.solo.base"


def _declaring(rules: CompiledRules, seed: int) -> GameState:
    """Deal ``seed`` of ``rules`` bid by heuristic bots up to the declaration."""
    state = rules.start(*seeded_deal(rules, seed))
    bots = [HeuristicBot(seed * 8 + seat) for seat in range(rules.players)]
    while state.phase != Phase.DECLARE:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    return state


def test_the_value_bot_declares_a_solo_worth_more_where_it_declared_a_grossfrage() -> None:
    # deal 9: the declarer holds CK CQ SQ S8 HA HK H7 D8 after a Grossfrage bid
    cheap, dear = (solo_rules.compile(with_params(ALTENBURG, {SOLO: value},
                                                  name=f"solo-{value}")) for value in (1, 20))
    states = [_declaring(rules, 9) for rules in (cheap, dear)]
    views = [state.view(state.player) for state in states]
    assert str(views[0].hand) == "CK CQ SQ S8 HA HK H7 D8"
    assert views[0].legal_actions == views[1].legal_actions
    bots = [ValueBot(rules, 1, bid_samples=2) for rules in (cheap, dear)]
    chosen = [bot.choose(view) for bot, view in zip(bots, views, strict=True)]
    assert [action.text for action in chosen] == ["declare grossfrage", "declare solo H"]
    # a wide choice: every declaration screened on one sample, the finalists on two others
    assert len(views[0].legal_actions) > FINALISTS and len(bots[0].kept) == 1 + 2


def test_the_value_bot_plays_its_cards_as_the_heuristic_bot() -> None:
    rules = solo_rules.compile(ALTENBURG)
    state = _declaring(rules, 5)
    bots = [HeuristicBot(seat) for seat in range(4)]
    while state.phase != Phase.PLAY:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    for _ in range(12):  # three tricks: each card the heuristic bot's, asked of the same view
        view = state.view(state.player)
        assert ValueBot(rules, 7).choose(view) == HeuristicBot(7).choose(view)
        state = state.apply(HeuristicBot(state.player).choose(view))


def test_the_value_bot_keeps_a_sample_only_while_it_fits_the_view() -> None:
    rules = solo_rules.compile(solo_rules.load_variant("heart-solo"))
    state = rules.start(*seeded_deal(rules, 4))
    bot = ValueBot(rules, 3, bid_samples=2)
    seat = state.player
    bot.choose(state.view(seat))
    first = [sample.state.dealt for sample in bot.kept]
    assert len(first) == 2 and all(dealt[seat] == state.hands[seat] for dealt in first)
    other = rules.start(*seeded_deal(rules, 5))  # another hand for the same bot: none fits
    bot.choose(other.view(other.player))
    assert all(sample.state.dealt[other.player] == other.hands[other.player]
               for sample in bot.kept)
    assert not set(first) & {sample.state.dealt for sample in bot.kept}


@pytest.mark.parametrize("variant", ["heart-solo", "muensterland-sollo"])
def test_the_value_bot_plays_whole_hands_legally_and_reproducibly(variant: str) -> None:
    rules = solo_rules.compile(solo_rules.load_variant(variant))

    def hand() -> tuple[int, ...]:
        state = rules.start(*seeded_deal(rules, 2))
        bots = [ValueBot(rules, seat, bid_samples=1) for seat in range(rules.players)]
        while not state.is_terminal:
            action = bots[state.player].choose(state.view(state.player))
            assert action in state.legal_actions()
            state = state.apply(action)
        return state.outcome().scores

    assert hand() == hand()


def test_the_value_bot_needs_a_sample() -> None:
    with pytest.raises(ValueError, match="bid_samples must be at least 1"):
        ValueBot(ALTENBURG, 0, bid_samples=0)


def test_each_bot_says_whether_it_reads_the_values() -> None:
    rules = solo_rules.compile(ALTENBURG)
    assert {name: reads_values(name, rules) for name in BOTS} == {
        "heuristic": False, "random": False, "sampling": True, "value": True}
    assert HeuristicBot.reads_values is False and RandomBot.reads_values is False
    assert SamplingBot(rules, 0, bid_samples=0).reads_values is False
