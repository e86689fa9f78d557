"""The matador-renege overlay (S-WIK Variations, S-HOY, S-QLAW; DOSSIER §2g-3, AMB-53; EX-42,
EX-43): a player whose only trumps are matadors, each above the trump led, may keep them back."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import legal_cards, play, variant_file
from overlay_deals import BASTA_ALONE, MANILLE_OVER, frage

import solo_rules as sr
from solo_rules import Card, IllegalActionError, Trump, compile, load_variant, overlay_bases
from solo_rules.resample import Resampler, is_consistent
from solo_rules.rules.play import reneging_allowed
from solo_rules.state import replace

BASE = "altenburg-1988"
RENEGE = "altenburg-1988+matador-renege"


def test_ex42_a_matador_may_be_kept_back_when_an_ordinary_trump_is_led() -> None:
    """EX-42. S-WIK: "if a player holds no other trumps than matadors and the card led to the
    current trick is a trump which is not a matador or lower than the matadors held by the
    player, then the player may discard a non-trump instead of following suit." """
    state = play(frage(RENEGE, BASTA_ALONE, "H", "SA"), "HJ")
    assert legal_cards(state) == {"SQ", "CK", "CJ", "CT", "DK", "DQ", "DJ", "S9"}
    base = play(frage(BASE, BASTA_ALONE, "H", "SA"), "HJ")
    assert legal_cards(base) == {"SQ"}


def test_ex43_a_higher_matador_led_forces_an_unguarded_lower_one() -> None:
    """EX-43. S-HOY: "if spadille be led, and you hold manille or basto unguarded, you must play
    it"; S-QLAW: "No matadors can be forced but by a superior matador"."""
    state = play(frage(RENEGE, BASTA_ALONE, "H", "SA"), "CQ")
    assert legal_cards(state) == {"SQ"}
    state = play(frage(RENEGE, BASTA_ALONE, "H", "SA"), "H7")  # Manille, above Basta
    assert legal_cards(state) == {"SQ"}


def test_a_matador_forced_by_a_higher_one_is_explained_by_the_renege_rule() -> None:
    """EX-43 refused: S-QLAW, "No matadors can be forced but by a superior matador". The
    refusal names the renege rule, read from the one decision (``FollowSuit.duty``) that forced
    the matador; the base game, which has no renege, only asks him to follow suit."""
    state = play(frage(RENEGE, BASTA_ALONE, "H", "SA"), "CQ")
    with pytest.raises(IllegalActionError, match=r"must follow the suit of CQ: matadors may "
                       r"be reneged only when each of them is higher than the trump led;"):
        state.apply("play CK")
    base = play(frage(BASE, BASTA_ALONE, "H", "SA"), "CQ")
    with pytest.raises(IllegalActionError, match=r"must follow the suit of CQ; legal"):
        base.apply("play CK")


def test_a_guarded_matador_follows_suit_as_usual() -> None:
    """AMB-53: "every trump in the player's hand is a matador" — seat 2's hearts are ordinary
    trumps, so he follows suit with a trump as in the base game."""
    state = play(frage(RENEGE, BASTA_ALONE, "H", "SA"), "HJ SQ")
    assert legal_cards(state) == {"HT", "H9", "H8"}


def test_a_hand_of_nothing_but_matadors_still_plays_one() -> None:
    """DOSSIER §2g-3: "If the player's hand holds nothing but matadors, he still has to play one
    of them." """
    rules = compile(load_variant(RENEGE))
    tables = rules.tables(Trump.HEARTS)
    held = (1 << Card.SQ) | (1 << Card.H7)
    assert not reneging_allowed(rules, tables, Trump.HEARTS, Card.HJ, held)
    assert reneging_allowed(rules, tables, Trump.HEARTS, Card.HJ, held | 1 << Card.C7)


@pytest.mark.parametrize("base", ["altenburg-1988", "foster", "heart-solo", "niese"])
def test_matador_renege_applies_to_every_base_with_follow_suit(base: str) -> None:
    """The overlay declares only ``requires: [play=play.follow_suit]``."""
    assert base in overlay_bases("matador-renege")
    variant = load_variant(base, overlays=["matador-renege"])
    assert variant.overlays == ("matador-renege",)
    assert any("reneged" in clause.text for clause in variant.slots["play"].module.describe())


def test_comparing_with_the_highest_card_so_far_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-53 alternative: "Compare with the led card, or with the highest card so far." With
    ``renege_against: highest`` Manille played over the led HJ forces seat 2's lone Basta; by
    the default (S-QLAW: "when led by the first player") he may keep it back."""
    highest = variant_file(tmp_path, RENEGE.split("+")[0], """\
        play: {params: {matador_renege: true, renege_against: highest}}""", "renege-highest")
    led = play(frage(RENEGE, MANILLE_OVER, "H", "SA"), "HJ H7")
    assert "SQ" in legal_cards(led) and len(legal_cards(led)) == 8
    state = play(frage(str(highest), MANILLE_OVER, "H", "SA"), "HJ H7")
    assert legal_cards(state) == {"SQ"}
    prose = " ".join(c.text for c in load_variant(highest).slots["play"].module.describe())
    assert "the highest card played to the trick so far" in prose


def test_any_matador_above_the_led_card_is_a_parameter_value() -> None:
    """AMB-53 alternative: "lower than all of them, or than any". Holding Spadille and Basta
    against a led Manille, the default (every matador above it) forces a trump; ``any``
    lets the player renege."""
    rules = compile(load_variant(RENEGE))
    tables = rules.tables(Trump.HEARTS)
    held = (1 << Card.CQ) | (1 << Card.SQ) | (1 << Card.C7)
    assert not reneging_allowed(rules, tables, Trump.HEARTS, Card.H7, held)
    assert reneging_allowed(rules, tables, Trump.HEARTS, Card.H7, held, every=False)


def test_a_permitted_renege_proves_no_void() -> None:
    """[S-WIK Variations: "if a player holds no other trumps than matadors and the card led to
    the current trick is a trump which is not a matador or lower than the matadors held by the
    player, then the player may discard a non-trump instead of following suit."] Seat 1 keeps
    Basta back when hearts are led: the play proves only that he holds no ordinary trump, and
    a deal where he still holds Basta stays in the sampler's support."""
    variant = "altenburg-1988+matador-renege"
    state = play(frage(variant, BASTA_ALONE, "H", "SA"), "HJ CK")
    rules = state.rules
    assert isinstance(rules, sr.CompiledRules) and state.contract is not None
    trick = state.trick[:1]
    proven = rules.play.excludes(rules, replace(state.contract, partner=None), trick, 1,
                                 int(Card.CK))
    trumps = rules.tables(state.contract.trump).trump_mask
    assert proven and proven & trumps == proven
    assert not proven >> Card.SQ & 1 and proven >> Card.HT & 1
    base = play(frage("altenburg-1988", BASTA_ALONE, "H", "SA"), "HJ SQ")
    assert isinstance(base.rules, sr.CompiledRules) and base.contract is not None
    assert base.rules.play.excludes(base.rules, base.contract, trick, 1, int(Card.SQ)) == 0
    view = state.view(0)
    assert is_consistent(view, variant, state.dealt)
    sampler = Resampler(view, variant)
    basta = next(seats for seats, cards in sampler.classes if Card.SQ in cards)
    assert 1 in basta
