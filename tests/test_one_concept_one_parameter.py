"""One concept, one parameter (issue 23, item 3): the preferred suit that ranks and binds the
bids is the colour that scores double, or the loader refuses the variant naming both paths;
the Mediateur's favourite suit is a parameter with the dossier's reading selectable; a made bid
of every trick in the American game scores no slam bonus unless a file says so (E34)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from drive import play, run

from solo_rules import VariantError, load_variant, new_game, rulebook
from solo_rules.describe import note_of

COULEUR = "altenburg-1988+couleur-favorite"


def _overlay(tmp_path: Path, rules: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("schema: 1\nid: house\nstatus: overlay\nrules:\n"
                    + textwrap.indent(textwrap.dedent(rules), "  "), encoding="utf-8")
    return path


def test_a_preferred_suit_that_is_not_the_colour_is_refused_naming_both_paths(
        tmp_path: Path) -> None:
    """S-WIK Variations: "A contract in the preferred suit ranks higher than the same contract
    in a different suit ... Games in the preferred suit score double." A house file that makes
    hearts preferred in the auction alone would rank hearts but double clubs: refused."""
    path = _overlay(tmp_path, "auction: {params: {preferred_suit: H}}\n")
    with pytest.raises(VariantError) as error:
        load_variant(COULEUR, [path])
    message = str(error.value)
    assert "rules.auction.params.preferred_suit is H" in message
    assert "rules.contracts.params.colour_suit is C" in message
    assert "\n" not in message


def test_a_multiple_with_no_colour_while_a_suit_is_preferred_is_refused(tmp_path: Path) -> None:
    """Altenburg's Acorns rank the bids at multiplier 1; a house file that doubles the colour
    without naming it would double nothing."""
    path = _overlay(tmp_path, "contracts: {params: {colour_multiplier: 2}}\n")
    with pytest.raises(VariantError, match=r"colour_multiplier is 2 but "
                                           r"rules\.contracts\.params\.colour_suit is unset.*C"):
        load_variant("altenburg-1988", [path])


def test_hearts_preferred_everywhere_ranks_binds_and_doubles_hearts(tmp_path: Path) -> None:
    """With the one suit set for the auction and the colour, a made Frage in hearts stopped
    for prime, (2 + 2) x 2 = 8, and the hearts levels rank above the others."""
    path = _overlay(tmp_path, "auction: {params: {preferred_suit: H}}\n"
                              "contracts: {params: {colour_suit: H}}\n")
    variant = load_variant(COULEUR, [path])
    assert "Frage in hearts" in rulebook(variant)
    hands = ["CQ H7 HA HK HQ HJ HT H9", "CA CK CJ CT C9 C8 C7 H8", "SA SK SQ SJ ST S9 S8 S7",
             "DA DK DQ DJ DT D9 D8 D7"]
    state = run(new_game(variant, hands=hands, dealer=3), "bid frage", "pass", "pass",
                "pass", "declare frage H", "call CA")
    state = play(state, "CQ H8 SQ D7 H7 C7 S7 D8 HA C8 S8 D9 HK C9 S9 DT HQ CT ST DJ")
    outcome = run(state, "stop").outcome()
    assert outcome.breakdown == (("base", 2), ("prime", 2), ("colour", 4))


#: Seat 0 declares a heart Mediateur lacking CA (seat 1's) and demands it (tests/overlays).
NO_CLUB_ACE = ("CQ H7 HK HQ HJ HA SA D7", "CA HT H9 CK CJ DK DQ S9",
               "DA SQ H8 CT C9 DJ DT S8", "C8 C7 SK SJ ST S7 D9 D8")


@pytest.mark.parametrize(("favourite", "paid"), [("colour", 1), ("preferred", 2)])
def test_the_mediateur_favourite_suit_is_a_parameter(tmp_path: Path, favourite: str,
                                                     paid: int) -> None:
    """S-HOY: "but if the king be of the favourite suit, then two fish are to be paid". The
    default reads the favourite suit as the couleur favorite, whose games score more, so in
    Altenburg (clubs only rank the bids) the club Ace pays 1; ``favourite: preferred`` is the
    DOSSIER §2g-2 table's "2 if the Ace is of the preferred suit", Acorns included."""
    path = _overlay(tmp_path, f"contracts: {{params: {{exchange: {{favourite: {favourite}}}}}}}\n")
    variant = load_variant("altenburg-1988", ["mediateur", path])
    state = run(new_game(variant, hands=list(NO_CLUB_ACE), dealer=3), "bid frage", "pass",
                "pass", "pass", "declare mediateur H", "demand CA", "hand over", "return D7")
    state = play(state, "CQ H9 H8 C8 H7 HT SQ C7 HA CK S8 SK")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert state.outcome().note.endswith(f"seat 0 paid seat 1 {paid} for ♣A")
    book = rulebook(variant)
    assert ("(2 if it is of the preferred suit)" in book) == (favourite == "preferred")


def test_the_mediateur_default_names_its_reason_and_the_dossiers_reading() -> None:
    """The default's note is editorial and offers the dossier's reading as the alternative."""
    rule = load_variant("altenburg-1988", ["mediateur"]).slots["contracts"]
    note = note_of(rule, "exchange.favourite")
    assert note.basis == "editorial" and "favourite: preferred" in note.alternatives[0]
    assert "a card of the preferred suit too" in rulebook(load_variant("altenburg-1988",
                                                                       ["mediateur"]))


#: Seat 0 (eldest; dealer 3) holds eight hearts trumps (tests/more_variants).
HANDS = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
         "DA DK DQ DJ DT D9 D8 D7")
EIGHT = ("CQ H9 H8 D7 H7 C7 S7 D8 SQ C8 S8 D9 HA C9 S9 DT HK CT ST DJ HQ CJ SJ DQ HJ CK SK DK "
         "HT CA SA DA")


@pytest.mark.parametrize(("rules", "slam"), [("", 0), ("scoring: {params: {slam_when_bid: true}}\n",
                                                      5)])
def test_a_made_bid_of_every_trick_scores_no_slam_unless_chosen(tmp_path: Path, rules: str,
                                                                slam: int) -> None:
    """E34 (EDITORIAL; S-002 is silent on a bid of all eight): "If they continue playing at
    that point they cannot score prime, but may be able to score slam for winning all tricks
    (bonus 5 cents)" rewards playing on past the bid; a made solo 8 in hearts scores its 20
    cents, or 25 with the alternative."""
    overlays = [_overlay(tmp_path, rules)] if rules else []
    variant = load_variant("american-trick-count", overlays)
    state = run(new_game(variant, hands=list(HANDS), dealer=3), "bid solo8", "pass", "pass",
                "pass", "declare solo8 H")
    outcome = play(state, EIGHT).outcome()
    assert sum(v for _, v in outcome.breakdown) == 20 + slam
    note = note_of(variant.slots["scoring"], "slam_when_bid")
    assert ("E34" in note.refs) == (not rules)
