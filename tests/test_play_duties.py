"""The play's duties are decided once (``FollowSuit.duty``, ``CalledCard.restriction``) and read
by the legal cards, the refusals and the double-dummy search alike: where the rules say a seat
has no duty but following suit (``follows_only``, ``restricts``), its legal cards are its cards
of the suit led, or every card when it holds none or leads, in every variant and overlay."""

from __future__ import annotations

import random

import pytest

import solo_rules
from solo_rules import Phase

VARIANTS = [*solo_rules.available_variants(), "altenburg-1988+matador-renege",
            "niese+matador-renege"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seat_bound_by_nothing_but_following_gets_the_suit_led(variant: str) -> None:
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    rng = random.Random(variant)
    checked = plain = 0
    for _ in range(40):
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32))
        while not state.is_terminal:
            contract = state.contract
            if state.phase == Phase.PLAY and contract is not None:
                seat = state.player
                simple = rules.play.follows_only(rules, contract, seat) and (
                    rules.partner is None or not rules.partner.restricts(contract, seat))
                if simple:
                    hand = state.hands[seat]
                    tables = rules.tables(contract.trump)
                    follow = hand & tables.follow_mask(state.trick[0]) if state.trick else 0
                    assert rules.play.mask(rules, state) == (follow or hand), state
                    plain += 1
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked  # the walk met the play
    # seats free of any other duty, but never where a matador may be reneged (a duty of its own:
    # the matador-renege overlay, or a variant's own rule, as Rothspitzen's, AMB-82)
    reneges = solo_rules.load_variant(variant).modules["play"].matador_renege
    assert bool(plain) == (not reneges)
