"""The dossier's alternative readings that were already parameter values, played: each test sets
one reading as an overlay and shows the behaviour change against the default, quoting the
source words the reading is about (DOSSIER §3: "In the library every recommendation is a
parameter default, and the alternatives are legal values"). The rulebook side of each is in
tests/test_every_alternative_is_selectable.py."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from altenburg.altenburg_deals import SWEEP, TOUT, play_out
from drive import finish, legal, play, run
from heart_solo.heart_solo_deals import LAST, LAST_PLAY
from niese.niese_deals import MACKERS, TOPS, bid
from niese.niese_deals import SWEEP as NIESE_SWEEP
from niese.niese_deals import play_out as niese_play_out

from solo_rules import Card, GameState, Outcome, Trump, Variant, compile, load_variant, new_game

#: Makes the variant ``base`` with a ``rules:`` block applied as an overlay.
Reading = Callable[[str, str], Variant]


@pytest.fixture
def reading(tmp_path: Path) -> Reading:
    """``reading(base, rules)``: the variant ``base`` with the ``rules:`` block as an overlay."""
    count = iter(range(100))

    def make(base: str, rules: str) -> Variant:
        name = f"reading{next(count)}"
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"schema: 1\nid: {name}\nstatus: overlay\nrules:\n"
                        f"{textwrap.indent(rules, '  ')}\n", encoding="utf-8")
        return load_variant(base, overlays=[path])

    return make


def _deal(variant: Variant | str, hands: tuple[str, ...], *actions: str,
          dealer: int = 3) -> GameState:
    return run(new_game(variant, hands=list(hands), dealer=dealer), *actions)


def _breakdown(outcome: Outcome) -> dict[str, int]:
    return dict(outcome.breakdown)


# -- Altenburg 1988 (S-WIK) ---------------------------------------------------------------------

def test_mussfrage_is_worth_two_under_amb03_b(reading: Reading) -> None:
    """AMB-03. S-WIK: "played like a Grossfrage but scores less than a Frage"; (b) reads "less
    than a *Gross*frage", 2, as S-PAR's "Worth 4, or 2 if enforced"."""
    variant = reading("altenburg-1988", "contracts: {params: {contracts: [{id: mussfrage, "
                                         "base: 2}]}}")
    for chosen, base in (("altenburg-1988", 1), (variant, 2)):
        state = _deal(chosen, SWEEP, "pass", "pass", "pass", "pass")
        assert state.rules.contract_def("mussfrage").base == base
        assert legal(state)[0] == "declare mussfrage"


def test_the_two_tout_bonuses_add_up_under_amb05_b(reading: Reading) -> None:
    """AMB-05. S-WIK: "4 points for Tout (, and 6 points for Tout if it was announced"; (b) the
    two add up, 10 for an announced Tout."""
    variant = reading("altenburg-1988", "scoring: {params: {tout_announced: 10}}")
    declared = ("bid frage", "pass", "pass", "pass", "declare frage H tout", "call SA")
    default = play_out(_deal("altenburg-1988", TOUT, *declared)).outcome()
    chosen = play_out(_deal(variant, TOUT, *declared)).outcome()
    assert _breakdown(default) == {"base": 2, "tout announced": 6, "matadors": 2}
    assert _breakdown(chosen) == {"base": 2, "tout announced": 10, "matadors": 2}


#: Seat 0 holds the plain Aces CA, SA, DA and the plain Kings, but not the trump (heart) Ace.
THREE_ACES = ("CQ CA SA HK DA CK SK DK", "SQ HT H9 H8 CJ CT DQ DJ",
              "HA HQ HJ H7 C9 C8 ST S9", "C7 SJ S8 S7 DT D9 D8 D7")


def test_the_trump_ace_may_be_called_under_amb11_c(reading: Reading) -> None:
    """AMB-11. S-WIK: "names a plain suit Ace he or she does not have … If all four Aces are
    held, the declarer may call a King"; (c) with the three plain Aces held, he calls the trump
    Ace."""
    variant = reading("altenburg-1988", "partner: {params: {exclude_trump_suit: false}}")
    declared = ("bid frage", "pass", "pass", "pass", "declare frage H")
    assert legal(_deal("altenburg-1988", THREE_ACES, *declared)) == ["call DQ"]
    assert legal(_deal(variant, THREE_ACES, *declared)) == ["call HA"]


def test_the_next_dealer_sits_right_under_amb13(reading: Reading) -> None:
    """AMB-13: "The next dealer … [is] not stated"; the alternative is the player on the
    dealer's right."""
    variant = reading("altenburg-1988", "deal: {params: {next_dealer: right}}")
    assert compile(load_variant("altenburg-1988")).deal_rules.following_dealer(3, 4) == 0
    assert compile(variant).deal_rules.following_dealer(3, 4) == 2


def test_the_ten_ranks_lowest_under_amb49(reading: Reading) -> None:
    """AMB-49. S-WIK: "Aces rank high and Tens rank low."; the alternative reads the 10 as the
    lowest card of its suit."""
    variant = reading("altenburg-1988",
                      "ranks: {params: {plain_order: [A, K, Q, J, '9', '8', '7', T]}}")
    default = compile(load_variant("altenburg-1988")).tables(Trump.HEARTS).power
    chosen = compile(variant).tables(Trump.HEARTS).power
    assert default[Card.ST] > default[Card.S9] and default[Card.HT] > default[Card.H9]
    assert chosen[Card.ST] < chosen[Card.S7] and chosen[Card.HT] < chosen[Card.H8]


def test_no_tout_with_a_mussfrage_under_amb51(reading: Reading) -> None:
    """AMB-51. Mussfrage is "played like a Grossfrage"; the alternative follows Quadrille law
    16, "Forced spadille … nor is he allowed to play for the vole" (S-HOY)."""
    variant = reading("altenburg-1988",
                      "contracts: {params: {contracts: [{id: mussfrage, tout: false}]}}")
    all_pass = ("pass", "pass", "pass", "pass")
    assert legal(_deal("altenburg-1988", SWEEP, *all_pass)) == ["declare mussfrage",
                                                                "declare mussfrage tout"]
    assert legal(_deal(variant, SWEEP, *all_pass)) == ["declare mussfrage"]


def test_anyone_may_bid_grossfrage_under_amb59(reading: Reading) -> None:
    """AMB-59. "S-WIK says who *must* bid Großfrage, not who *may*": the alternative lets
    anyone bid it. Seat 1 holds Basta but not Spadille."""
    variant = reading("altenburg-1988",
                      "contracts: {params: {contracts: [{id: grossfrage, requires: []}]}}")
    assert "bid grossfrage" not in legal(_deal("altenburg-1988", SWEEP, "bid frage"))
    assert "bid grossfrage" in legal(_deal(variant, SWEEP, "bid frage"))


# -- Foster's Solo (S-FOS) ------------------------------------------------------------------------

#: Seat 0 holds Spadilla (CQ), seat 1 Basta (SQ): nobody holds both.
SPLIT = ("CQ C7 CA CK H9 H8 H7 D7", "SQ CJ CT HK HQ DK DQ DJ",
         "SA HA C9 C8 S7 DA DT D9", "SK SJ ST S9 S8 HJ HT D8")


def test_the_spadilla_holder_is_forced_under_amb20_b(reading: Reading) -> None:
    """AMB-20. S-FOS: "Forcée is when no bid is made, and any player holds both Spadilla and
    Basta."; (b) the Spadilla holder is forced, as S-HOY "he who holds spadille is obliged to
    play"."""
    variant = reading("foster", "auction: {params: {all_pass: {holder_of: [CQ]}}}")
    all_pass = ("pass", "pass", "pass", "pass")
    assert _deal("foster", SPLIT, *all_pass).is_terminal
    forced = _deal(variant, SPLIT, *all_pass)
    assert forced.player == 0 and "declare forcee" in legal(forced)


# -- The American trick-count game (S-002) -------------------------------------------------------

#: Seat 0 (eldest; dealer 3) holds eight hearts trumps and Spadille; seat 1 the A♣.
ATC = ("CQ H7 SQ HA HK HQ HJ HT", "CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8",
       "DA DK DQ DJ DT D9 D8 D7")
#: The first five tricks, all won by seat 0 with hearts trumps.
ATC_FIVE = "CQ H9 H8 D7 H7 C7 S7 D8 SQ C8 S8 D9 HA C9 S9 DT HK CT ST DJ"


def test_no_upgrade_to_solo_at_declaration_under_amb17(reading: Reading) -> None:
    """AMB-17. S-002: "solo bids outrank regular bids"; the alternative has no upgrade to Solo
    at declaration: a Solo must be bid."""
    rules = "auction: {params: {bids: [" + ", ".join(
        f'{{id: "{n}{c}", upgrade: null}}' for n in "5678" for c in ("", "@C")) + "]}}"
    won = ("bid 5", "pass", "pass", "pass")
    assert "declare solo5 H" in legal(_deal("american-trick-count", ATC, *won))
    assert legal(_deal(reading("american-trick-count", rules), ATC, *won)) == [
        "declare t5 S", "declare t5 H", "declare t5 D"]


def test_solo_only_at_declaration_under_amb17(reading: Reading) -> None:
    """AMB-17. S-002: "solo bids outrank regular bids"; the alternative does not bid Solo: the
    last bidder chooses it at declaration."""
    rules = "auction: {params: {bids: [" + ", ".join(
        f'{{id: "solo{n}{c}", delete: true}}' for n in "5678" for c in ("", "@C")) + "]}}"
    variant = reading("american-trick-count", rules)
    assert "bid solo5" in legal(_deal("american-trick-count", ATC))
    assert [text for text in legal(_deal(variant, ATC)) if "solo" in text] == []
    assert "declare solo5 H" in legal(_deal(variant, ATC, "bid 5", "pass", "pass", "pass"))


@pytest.mark.parametrize(("prime", "breakdown"), [(10, {"base": 5, "prime": 10}),
                                                  (0, {"base": 5})])
def test_the_prime_value_under_amb18(reading: Reading, prime: int,
                                     breakdown: dict[str, int]) -> None:
    """AMB-18. S-002: "they can stop the game and get a bonus for prime" (no amount): 10 cents,
    or no bonus, instead of the EDITORIAL 5."""
    variant = reading("american-trick-count", f"scoring: {{params: {{prime: {prime}}}}}")
    five = play(_deal(variant, ATC, "bid 5", "pass", "pass", "pass", "declare solo5 H"),
                ATC_FIVE)
    assert _breakdown(run(five, "stop").outcome()) == breakdown


def test_a_forced_game_when_all_pass_under_amb18(reading: Reading) -> None:
    """AMB-18: "No rule for all passing"; the alternative forces the Spadille holder to play,
    instead of throwing the hand in (EDITORIAL)."""
    variant = reading("american-trick-count",
                      "auction: {params: {all_pass: {contracts: [t5], holder_of: [CQ]}}}")
    all_pass = ("pass", "pass", "pass", "pass")
    assert _deal("american-trick-count", ATC, *all_pass).is_terminal
    forced = _deal(variant, ATC, *all_pass)
    assert forced.player == 0 and "declare t5 H" in legal(forced)
    assert legal(run(forced, "declare t5 H")) == ["call CA", "call SA", "call DA"]


# -- Niese (S-NIE) --------------------------------------------------------------------------------

def test_club_values_doubled_again_under_amb26_b(reading: Reading) -> None:
    """AMB-26. S-NIE: "Hand values are doubled when played with clubs as trump."; (b) doubles
    the listed club values again."""
    variant = reading("niese", "scoring: {params: {club_values: {question: 8, solo: 16, "
                               "solo6: 16, solo2: 32}, club_factor: 4}}")
    declared = ("question", "pass", "pass", "pass")
    outcomes = [niese_play_out(run(bid(NIESE_SWEEP, *declared, variant=chosen),
                                   "declare question C", "call SA")).outcome()
                for chosen in ("niese", variant)]
    default, chosen = (_breakdown(outcome) for outcome in outcomes)
    assert default == {"bid": 4, "mackers": 10, "first": 2, "last": 4}
    assert chosen == {key: 2 * value for key, value in default.items()}


def test_clubs_excluded_from_question_under_amb27_b(reading: Reading) -> None:
    """AMB-27. S-NIE Question: "Anything can be trump."; (b) excludes clubs, which come only
    through IsIt (as S-CAT/S-FOS's "in suit / in colour" split)."""
    variant = reading("niese", "auction: {params: {bids: [{id: question, suits: SHD}]}}")
    declared = ("question", "pass", "pass", "pass")
    assert "declare question C" in legal(bid(NIESE_SWEEP, *declared))
    assert legal(bid(NIESE_SWEEP, *declared, variant=variant)) == [
        "declare question S", "declare question H", "declare question D"]


#: Seat 0's only card with the club symbol is CQ.
CQ_ONLY = ("CQ SA SK HA HK H9 DA DK", "CA CK S9 CJ SQ SJ HQ HJ",
           "CT C9 C8 ST S8 HT H8 DQ", "C7 S7 H7 DJ DT D9 D8 D7")


def test_the_club_queen_is_no_club_under_amb29(reading: Reading) -> None:
    """AMB-29. S-NIE: "must have at least one club to bid IsIt"; the alternative does not count
    CQ, a permanent trump, as a club."""
    variant = reading("niese", "auction: {params: {bids: [{id: isit, needs_one_of: [CA, CK, CJ, "
                               "CT, C9, C8, C7]}]}}")
    assert "bid isit" in legal(new_game("niese", hands=list(CQ_ONLY), dealer=3))
    assert "bid isit" not in legal(new_game(variant, hands=list(CQ_ONLY), dealer=3))


def test_bids_rank_by_score_value_under_amb31_b(reading: Reading) -> None:
    """AMB-31. S-NIE: "listed below in order of increasing value. Higher value bids override
    lower ones."; (b) ranks by score value alone, so a Solo (4) does not override IsIt (4)."""
    ranks = {"question": 2, "isit": 4, "kicker": 6, "ladies": 8, "solo": 4, "solo6": 4,
             "solo@C": 8, "isitsolo": 8, "solo6@C": 8, "bronco": 12, "bull": 14, "solo2": 8,
             "solo2@C": 16}
    variant = reading("niese", "auction: {params: {bids: [" + ", ".join(
        f"{{id: {key}, rank: {value}}}" for key, value in ranks.items()) + "]}}")
    assert "bid solo" in legal(bid(TOPS, "isit"))
    after_isit = legal(bid(TOPS, "isit", variant=variant))
    assert "bid solo" not in after_isit and "bid solo6" not in after_isit
    assert "bid solo@C" in after_isit


def test_ladies_doubled_in_clubs_under_amb36(reading: Reading) -> None:
    """AMB-36. S-NIE Ladies: "Score Value = 8", and the partner names trumps; the alternative
    doubles it when clubs are named."""
    variant = reading("niese", "scoring: {params: {club_values: {ladies: 16}}}")
    bids = [run(bid(MACKERS, "ladies", "pass", "pass", "pass", variant=chosen), "call HA",
                "trump C") for chosen in ("niese", variant)]
    default, chosen = (niese_play_out(state).outcome() for state in bids)
    assert _breakdown(default)["bid"] == 8 and _breakdown(chosen)["bid"] == 16


#: Seat 1 holds the first three mackers with hearts trumps (CQ, H7, SQ); seat 0's heart Solo
#: fails.
MACKER_DEFENCE = ("HA HK HQ DA DK SA SK CA", "CQ SQ H7 CK CJ CT C9 C8",
                  "HJ HT H9 H8 DQ DJ DT D9", "SJ ST S9 S8 S7 D8 D7 C7")


def test_defenders_collect_their_mackers_under_amb40_b(reading: Reading) -> None:
    """AMB-40. S-NIE: "players … collect macker earnings … also when players set another
    individual or partners when they have mackers"; (b) the defenders who hold them collect
    them when they defeat the contract."""
    variant = reading("niese", "scoring: {params: {both_ways: defenders_mackers}}")
    outcomes = [niese_play_out(run(bid(MACKER_DEFENCE, "solo", "pass", "pass", "pass",
                                       variant=chosen), "declare solo H")).outcome()
                for chosen in ("niese", variant)]
    default, chosen = outcomes
    assert not default.made and not chosen.made
    assert _breakdown(default) == {"bid": -4}
    assert _breakdown(chosen) == {"bid": -4, "mackers": -3}


def test_bull_solo_on_top_under_amb58(reading: Reading) -> None:
    """AMB-58. S-NIE: "Bull Solo … Score Value = 14 (top)"; the alternative reads "(top)" as the
    rank, so nothing overcalls Bull."""
    variant = reading("niese", "auction: {params: {bids: [{id: bull, rank: 13}]}}")
    assert legal(bid(TOPS, "bull")) == ["pass", "bid solo2", "bid solo2@C"]
    assert legal(bid(TOPS, "bull", variant=variant)) == ["pass"]


# -- Münsterland Sollo (S-DEWIKI, S-AKS) ---------------------------------------------------------

#: Seat 0 (eldest; dealer 3) holds six club trumps.
SOLLO = ("CQ C7 SQ CA CK CJ", "CT HA HK HQ HJ HT", "H7 SA SK SJ ST S7", "DA DK DQ DJ DT D7")


def test_the_frage_declarer_names_trumps_under_amb41(reading: Reading) -> None:
    """AMB-41. S-DEWIKI: "Frage: Herz ist Trumpf."; S-AKS: "Oder er kann einen Trumpf ansagen
    und sich ein Ass als Partner rufen."; the alternative follows S-AKS."""
    variant = reading("muensterland-sollo", "contracts: {params: {contracts: [{id: frage, "
                                            "trump_by: declarer, suit: null}]}}")
    assert legal(_deal("muensterland-sollo", SOLLO, "bid frage"))[0].startswith("call ")
    assert legal(_deal(variant, SOLLO, "bid frage")) == [
        "declare frage C", "declare frage S", "declare frage H", "declare frage D"]


def test_the_trump_seven_is_low_under_amb45_b(reading: Reading) -> None:
    """AMB-45. S-DEWIKI: "Die restlichen Karten fallen in der Reihenfolge Ass, König, Dame,
    Bube, 10, 7, ab."; (b) reads it literally: the 7 is low even in trumps, so no Manille."""
    variant = reading("muensterland-sollo",
                      "ranks: {params: {matadors: [CQ, SQ], names: [Spadille, Basta]}}")
    default = compile(load_variant("muensterland-sollo")).tables(Trump.HEARTS).power
    chosen = compile(variant).tables(Trump.HEARTS).power
    assert default[Card.H7] > default[Card.HA]
    assert chosen[Card.H7] < chosen[Card.HT] < chosen[Card.HA]


def test_double_in_clubs_at_every_level_under_amb17(reading: Reading) -> None:
    """AMB-17. S-002: "6-8 bids increase the bid by 5 cents per level"; the alternative doubles
    every club level (6 clubs = 20), so seat 1's failed Solo 6 in clubs costs 20, not 15."""
    variant = reading("american-trick-count", "contracts: {params: {contracts: [" + ", ".join(
        f"{{id: {kind}{n}c, base: {10 * (n - 4)}}}" for kind in ("t", "solo")
        for n in (6, 7, 8)) + "]}}")
    bids = ("pass", "bid 6@C", "pass", "pass", "declare solo6c")
    outcomes = [finish(_deal(chosen, ATC, *bids), random.Random(0)).outcome()
                for chosen in ("american-trick-count", variant)]
    assert [_breakdown(outcome) for outcome in outcomes] == [{"base": -15}, {"base": -20}]


# -- Heart Solo (S-FOS) ---------------------------------------------------------------------------

#: Seat 0 (eldest; dealer 2) holds both black queens and six hearts.
HEARTS = ("CQ SQ HA HK HQ HJ HT H9", "H7 CA CK CJ CT C9 C8 C7", "D7 SA SK SJ ST S9 S8 S7")


def test_heart_solo_at_four_only_under_amb25(reading: Reading) -> None:
    """AMB-25. S-FOS: "The only play is for the Solo"; the alternative bids the Solo at 4
    only, not 8 in colour."""
    variant = reading("heart-solo", "auction: {params: {amounts: [4]}}")
    assert legal(_deal("heart-solo", HEARTS, dealer=2)) == ["pass", "bid 4", "bid 8"]
    assert legal(_deal(variant, HEARTS, dealer=2)) == ["pass", "bid 4"]


def test_heart_solo_may_go_on_for_tout_under_amb25(reading: Reading) -> None:
    """AMB-25: "No Tout" by default; the alternative lets the Solo player go on for a Tout after
    five tricks, as in Foster's Solo."""
    variant = reading("heart-solo", "early_end: {params: {go_on: true}}")
    five = "CQ H7 S7 SQ C7 S8 HA C8 S9 HK C9 ST HQ CT SJ"
    declared = ("bid 4", "pass", "pass", "declare solo H")
    assert play(_deal("heart-solo", HEARTS, *declared, dealer=2), five).is_terminal
    assert legal(play(_deal(variant, HEARTS, *declared, dealer=2), five)) == ["stop",
                                                                              "continue"]


def test_the_last_trick_loses_a_solo_in_suit_under_amb25(reading: Reading) -> None:
    """AMB-25. S-FOS: "the winner of the last trick loses the value of a Solo"; the value read
    as a Solo in suit, 4 (base 2, doubled in colour), not 8 in colour."""
    variant = reading("heart-solo", "contracts: {params: {contracts: [{id: last_trick, base: 2}]}}")
    scores = [play(_deal(chosen, LAST, "pass", "pass", "pass", dealer=2), LAST_PLAY)
              .outcome().scores for chosen in ("heart-solo", variant)]
    assert scores == [(8, 8, -16), (4, 4, -8)]
