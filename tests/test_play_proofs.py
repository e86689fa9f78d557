"""What a played card proves about the hand it came from is read from the rule that decided the
legal cards (``FollowSuit.excludes`` beside ``FollowSuit.duty``, ``CalledCard.excludes``
beside ``CalledCard.restriction``): never a card that a hand allowed to play it could hold
(issue 24). Resampling reads nothing else of the play."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from every_variant import EVERY

import solo_rules as sr
from solo_rules import Card
from solo_rules.resample import Resampler, is_consistent
from solo_rules.rules.play import FollowSuit
from solo_rules.state import replace


class _Heading:
    """The rule set with every contract's declarer heading the trick as ``head`` says (the
    alternatives of AMB-32), to reach each branch of ``duty``."""

    def __init__(self, rules: sr.CompiledRules, head: str) -> None:
        self._rules, self._head = rules, head

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def contract_def(self, kind: str) -> Any:
        return attrs.evolve(self._rules.contract_def(kind), must_head=True, head=self._head)


def _play_states(variant: str, count: int, seed: int) -> list[sr.GameState]:
    """``count`` states of the play (a card to lead or to follow) from random hands."""
    rng = random.Random(seed)
    out: list[sr.GameState] = []
    number = 0
    while len(out) < count:
        state = sr.new_game(variant, seed=seed * 1000 + number)
        number += 1
        while not state.is_terminal:
            if state.phase == sr.Phase.PLAY:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out[:count]


def _check_sound(rules: Any, play_rules: FollowSuit, states: list[sr.GameState], rng:
                 random.Random, draws: int) -> int:
    """Each state's seat to play, given random hands of its size from the cards not yet
    played: no card ``duty`` and ``restriction`` allow proves a card that hand holds."""
    checked = 0
    for state in states:
        seat, contract = state.player, state.contract
        assert contract is not None
        played = sum(1 << c for t in state.tricks for c in t.cards) | sum(
            1 << c for c in state.trick)
        unseen = [c for c in range(32) if (rules.pack & ~played) >> c & 1]
        size = bin(state.hands[seat]).count("1")
        public = replace(contract, partner=None)
        for _ in range(draws):
            hand = sum(1 << c for c in rng.sample(unseen, size))
            partner = seat if contract.called is not None and hand >> contract.called & 1 \
                else None if contract.partner == seat else contract.partner
            hands = tuple(hand if s == seat else h & ~hand for s, h in enumerate(state.hands))
            trial = replace(state, hands=hands, contract=replace(contract, partner=partner))
            mask = play_rules.duty(rules, trial, seat)[0] if trial.trick else hand
            if rules.partner is not None:
                mask = rules.partner.restriction(rules, trial, seat, mask)[0]
            for card in (c for c in range(32) if mask >> c & 1):
                proven = play_rules.excludes(rules, public, trial.trick, seat, card)
                if rules.partner is not None:
                    proven |= rules.partner.excludes(rules, public, trial.trick, seat, card)
                assert not hand & proven, (state.variant.id, Card(card).name, hand, proven)
                checked += 1
    return checked


@pytest.mark.parametrize("variant", EVERY)
def test_what_a_play_proves_is_never_held_by_a_hand_that_could_play_it(variant: str) -> None:
    rules = sr.compile(sr.load_variant(variant))
    states = _play_states(variant, 40, 3)
    assert _check_sound(rules, rules.play, states, random.Random(1), 3) > 100


@pytest.mark.parametrize("variant", ["niese", "altenburg-1988+matador-renege", "heart-solo"])
def test_every_branch_of_the_duty_proves_only_what_it_forces(variant: str) -> None:
    """The duty's other branches, each proved sound the same way: trumping when void (a
    ``must_trump`` table), the renege against the highest card or with any matador above it,
    and a declarer heading the trick over it, under it, or over it even when void (AMB-32)."""
    rules = sr.compile(sr.load_variant(variant))
    states = _play_states(variant, 60, 5)
    rng = random.Random(2)
    plays = [attrs.evolve(rules.play, must_trump=True),
             attrs.evolve(rules.play, matador_renege=True, renege_against="highest"),
             attrs.evolve(rules.play, matador_renege=True, renege_needs="any", must_trump=True)]
    for play_rules in plays:
        assert _check_sound(rules, play_rules, states, rng, 2) > 100
    for head in ("over", "under", "over_even_void"):
        assert _check_sound(_Heading(rules, head), rules.play, states, rng, 2) > 100


def test_the_renege_repro_of_the_issue_resamples() -> None:
    """The position of issue 24: seat 3 reneged Basta earlier in the hand; his view is
    consistent with the true deal, and the sampler draws consistent deals from it."""
    variant = "altenburg-1988+matador-renege"
    state = sr.new_game(variant, seed=11)
    moves = ("bid frage, bid solo@C, hold, pass, pass, pass, declare solo C, play C9, play CT, "
             "play C7, play CA, play CJ, play H9, play CK, play HA, play HT, play HQ, play H8, "
             "play HK, play DT, play D9, play DQ, play DA, play H7, play SJ, play HJ, play S9, "
             "play SA")
    for move in moves.split(", "):
        state = state.apply(move)
    view = state.view(3)
    assert is_consistent(view, variant, state.dealt)
    rng = random.Random(0)
    sampler = Resampler(view, variant)
    for _ in range(5):
        assert is_consistent(view, variant, sampler.sample(rng))


def test_a_seat_that_did_not_play_the_called_card_to_its_suit_does_not_hold_it() -> None:
    """[S-WIK: "if the suit of the called Ace or King is led, the called card must be
    played."] A defender who plays another card of the called suit to a trick of that suit
    proves he does not hold the called card; the declarer proves nothing by it."""
    rules = sr.compile(sr.load_variant("altenburg-1988"))
    partner = rules.partner
    assert partner is not None
    contract = sr.Contract("frage", 1, 0, sr.Trump.HEARTS, called=Card.CA)
    assert partner.excludes(rules, contract, (int(Card.C7),), 2, int(Card.CK)) == 1 << Card.CA
    assert partner.excludes(rules, contract, (int(Card.C7),), 0, int(Card.CK)) == 0
    assert partner.excludes(rules, contract, (), 2, int(Card.CK)) == 1 << Card.CA
    assert partner.excludes(rules, contract, (int(Card.S7),), 2, int(Card.CK)) == 0
