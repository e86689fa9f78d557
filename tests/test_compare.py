"""The structured diff of two variants and their witness deals (issue 10; DESIGN "Comparing
variants")."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from drive import variant_file

from solo_rules import (
    IncomparableError,
    available_variants,
    compare,
    compile,
    load_variant,
    new_game,
    witness,
    witnesses,
)
from solo_rules.cli import main
from solo_rules.compare import IMPACTS, _point, incomparable, isolate

PAIRS = list(itertools.combinations(available_variants(), 2))

#: One-parameter changes that change play or score: (parent, rules block, the changed path).
BEHAVIOURAL = {
    "a scoring bonus": ("altenburg-1988", "scoring: {params: {prime: 3}}",
                        "rules.scoring.params.prime"),
    "a bid rank": ("niese", """
        auction:
          params:
            bids:
              - {id: question, rank: 2}
              - {id: isit, rank: 1}""", "rules.auction.params.bids"),
    "the called-card rule": ("altenburg-1988", "partner: {params: {must_not_hold: false}}",
                             "rules.partner.params.must_not_hold"),
    "the trick target": ("altenburg-1988", """
        contracts:
          params:
            contracts:
              - {id: frage, tricks: 6}""", "rules.contracts.params.contracts"),
    "the card order": ("altenburg-1988",
                       "ranks: {params: {plain_order: [A, T, K, Q, J, '9', '8', '7']}}",
                       "rules.ranks.params.plain_order"),
}


@pytest.mark.parametrize(("left", "right"), PAIRS)
def test_diff_is_symmetric(left: str, right: str) -> None:
    forward, backward = compare(left, right), compare(right, left)
    assert forward.entries
    assert backward.entries == tuple(entry.swapped() for entry in forward.entries)


@pytest.mark.parametrize("vid", available_variants())
def test_diff_of_a_variant_with_itself_is_empty(vid: str) -> None:
    diff = compare(vid, load_variant(vid))
    assert len(diff) == 0
    assert "10 of 10 rulebook sections" in diff.common or \
        "9 of 10 rulebook sections" in diff.common


@pytest.mark.parametrize("case", sorted(BEHAVIOURAL))
def test_one_changed_parameter_is_one_entry(tmp_path: Path, case: str) -> None:
    parent, rules, path = BEHAVIOURAL[case]
    diff = compare(parent, variant_file(tmp_path, parent, rules))
    assert [(entry.path, entry.kind) for entry in diff] == [(path, "param_changed")]
    assert diff.entries[0].impact != "prose_only"


def test_impact_comes_from_the_slot_and_parameter_table(tmp_path: Path) -> None:
    cases = {"scoring: {params: {matadors: 3}}": "scoring",
             "play: {params: {must_trump: true}}": "legality",
             "partner: {params: {must_play_when_led: false}}": "legality",
             "partner: {params: {must_not_hold: false}}": "declaration",
             "ranks: {params: {plain_order: [A, T, K, Q, J, '9', '8', '7']}}": "trick"}
    for n, (rules, impact) in enumerate(cases.items()):
        diff = compare("altenburg-1988",
                       variant_file(tmp_path, "altenburg-1988", rules, name=f"v{n}"))
        assert [entry.impact for entry in diff] == [impact], rules


def test_card_order_compares_as_an_order(tmp_path: Path) -> None:
    changed = variant_file(tmp_path, "altenburg-1988",
                           "ranks: {params: {plain_order: [A, T, K, Q, J, '9', '8', '7']}}")
    (entry,) = compare("altenburg-1988", changed).entries
    assert entry.change == "moved T from 5th to 2nd"


def test_bid_ladder_compares_by_bid(tmp_path: Path) -> None:
    parent, rules, _ = BEHAVIOURAL["a bid rank"]
    (entry,) = compare(parent, variant_file(tmp_path, parent, rules)).entries
    assert entry.change == "question: rank 1 -> 2; isit: rank 2 -> 1"


def test_provenance_change_is_prose_only(tmp_path: Path) -> None:
    changed = variant_file(tmp_path, "altenburg-1988",
                           "scoring: {provenance: {quote: 'other words'}}")
    (entry,) = compare("altenburg-1988", changed).entries
    assert (entry.kind, entry.impact, entry.behavioural) == \
        ("provenance_only", "prose_only", False)
    assert entry.left_provenance is not None and entry.right_provenance is not None
    assert entry.right_provenance.quote == "other words"


def test_renderings_group_by_slot_and_say_what_is_shared() -> None:
    diff = compare("altenburg-1988", "foster")
    text, markdown, data = diff.text(), diff.markdown(), json.loads(diff.to_json())
    assert "In common: 4 players; the same 32-card pack" in diff.common
    assert "both extend german-solo-family" in diff.common
    assert diff.common in text and diff.common in markdown
    assert list(diff.by_slot()) == [s for s in ("pack", "deal", "ranks", "auction", "contracts",
                                                "partner", "early_end", "scoring",
                                                "settlement") if s in diff.by_slot()]
    assert "\nBidding\n" in text and "\n## Bidding\n" in markdown
    assert "auction.immediate_hold → auction.ascending_amounts" in text
    assert {e["path"] for e in data["entries"]} == {e.path for e in diff}
    assert all(e["impact"] in IMPACTS for e in data["entries"])
    assert data["entries"][0]["left_provenance"]["basis"] in ("stated", "inferred",
                                                              "editorial", "house")


@pytest.mark.parametrize("case", sorted(BEHAVIOURAL))
def test_witness_of_one_behavioural_change_replays(tmp_path: Path, case: str) -> None:
    parent, rules, path = BEHAVIOURAL[case]
    changed = variant_file(tmp_path, parent, rules)
    found = witness(parent, changed, max_deals=300)
    assert found is not None
    assert found.cause == path and path in found.difference
    # replaying hands, dealer and actions with new_game shows the stated difference
    left = new_game(parent, hands=list(found.hands), dealer=found.dealer)
    right = new_game(load_variant(changed), hands=list(found.hands), dealer=found.dealer)
    before = None
    for text in found.actions:
        before = (left, right)
        left, right = left.apply(text), right.apply(text)
    point = _point(before, left, right)
    assert point is not None and point[0] == found.kind
    assert (point[2], point[3]) == (found.left, found.right)
    assert found.replay(parent, changed) == (left, right)
    if found.kind == "score":
        assert left.outcome().scores != right.outcome().scores


def test_no_witness_for_a_prose_only_change(tmp_path: Path) -> None:
    changed = variant_file(tmp_path, "altenburg-1988",
                           "scoring: {provenance: {quote: 'other words'}}")
    assert witness("altenburg-1988", changed, max_deals=60) is None


def test_no_witness_can_exist_across_packs() -> None:
    with pytest.raises(IncomparableError, match="4 players and heart-solo by 3"):
        witness("foster", "heart-solo")


def test_witnesses_give_one_per_behavioural_entry(tmp_path: Path) -> None:
    found = witnesses("altenburg-1988", "foster", max_deals=20)
    diff = compare("altenburg-1988", "foster")
    assert [item.entry for item in found] == list(diff.behavioural)
    auction = next(item for item in found if item.entry.path == "rules.auction.module")
    assert auction.witness is not None and "rules.auction.module" in auction.witness.cause
    deal = next(item for item in found if item.entry.slot == "deal")
    assert deal.witness is None and "deal" in deal.reason


def test_an_entry_masked_by_an_earlier_difference_is_shown_alone() -> None:
    diff = compare("altenburg-1988", "foster")
    found = {item.entry.path: item for item in witnesses("altenburg-1988", "foster",
                                                         max_deals=40)}
    item = found["rules.partner.params.must_not_hold"]
    assert item.witness is not None and item.witness.kind == "legality"
    assert item.against == "altenburg-1988+only-partner-must-not-hold"
    assert "only this rule of foster" in item.reason
    alone = isolate(diff, item.entry)
    assert [e.path for e in compare("altenburg-1988", alone).behavioural] == [item.entry.path]
    left, right = item.witness.replay("altenburg-1988", alone)
    assert {a.text for a in left.legal_actions()} < {a.text for a in right.legal_actions()}
    scoring = found["rules.scoring.module"]
    assert scoring.witness is None and "cannot be changed alone" in scoring.reason


def _why_incomparable(left: str, right: str) -> str | None:
    return incomparable(compile(load_variant(left)), compile(load_variant(right)))


#: The pairs a deal can be played in both of: the same pack, players, seats that sit out and
#: hand sizes (``incomparable``); every other pair must say why not.
COMPARABLE = [pair for pair in PAIRS if _why_incomparable(*pair) is None]
INCOMPARABLE = [pair for pair in PAIRS if pair not in COMPARABLE]


def test_the_comparable_pairs_are_the_four_hand_32_card_games_and_the_heart_solo_pack() -> None:
    """The four-hand 32-card games, and the three-hand games of one pack: Foster's Heart Solo
    and Grimm's Spitzeln (ADDENDUM §A1.4: "Its pack is exactly the pack of Grimm's Spitzeln")."""
    three = [pair for pair in COMPARABLE if "heart-solo" in pair]
    assert three == [("heart-solo", "spitzeln")]
    ids = {vid for pair in COMPARABLE if pair not in three for vid in pair}
    assert {"altenburg-1988", "foster", "niese", "parlett-penguin"} <= ids
    assert not ids & {"heart-solo", "muensterland-sollo", "niese-five-hand", "niese-six-hand",
                      "rothspitzen", "spitzeln"}


@pytest.mark.parametrize(("left", "right"), INCOMPARABLE)
def test_no_witness_for_an_incomparable_pair_and_the_error_says_why(left: str,
                                                                     right: str) -> None:
    why = _why_incomparable(left, right)
    assert why is not None and left in why and right in why
    assert any(word in why for word in ("players", "plays with", "seats", "hands of"))
    with pytest.raises(IncomparableError, match=re.escape(why)):
        witness(left, right, max_deals=1)


def test_a_seat_that_sits_out_is_incomparable_with_a_full_table(tmp_path: Path) -> None:
    """The same 24 cards and four players, but the dealer sits out (S-NIE five-hand, AMB-38):
    three hands of 8 cannot be four hands of 6."""
    three_play = variant_file(tmp_path, "niese-five-hand", """
        pack: {params: {players: 4, remove: [C9, C8, S9, S8, H9, H8, D9, D8]}}""")
    with pytest.raises(IncomparableError, match="3 of 4 seats play each hand in changed and "
                       "4 of 4 in muensterland-sollo: no deal fits both"):
        witness(three_play, "muensterland-sollo")


def test_a_rule_change_in_the_five_hand_game_has_a_witness_that_replays(tmp_path: Path) -> None:
    """The seeded deal gives the seat that sits out no cards and the dealer his peek (AMB-38),
    so a variant with a seat out can be compared with a changed copy of itself."""
    changed = variant_file(tmp_path, "niese-five-hand", "deal: {params: {price: 5}}")
    found = witness("niese-five-hand", changed, max_deals=200)
    assert found is not None and found.cause == "rules.deal.params.price"
    left, right = found.replay("niese-five-hand", changed)
    assert left.is_terminal and right.is_terminal
    assert left.outcome().scores != right.outcome().scores


@pytest.mark.parametrize(("left", "right"), COMPARABLE)
def test_every_comparable_pair_of_variants_has_a_witness_that_replays(left: str,
                                                                      right: str) -> None:
    found = witness(left, right, max_deals=50)
    assert found is not None and found.cause
    before_left, before_right = (new_game(v, hands=list(found.hands), dealer=found.dealer)
                                 for v in (left, right))
    for text in found.actions:  # every action was legal in both
        before_left, before_right = before_left.apply(text), before_right.apply(text)
    assert (before_left, before_right) == found.replay(left, right)


def test_compare_for_people_puts_play_and_score_first_by_rulebook_section() -> None:
    """Issue 40: behavioural differences first, under the rulebook's section titles, with the
    rulebook's own clauses on each side; the source-only entries folded under a count (the
    JSON keeps every entry)."""
    diff = compare("altenburg-1988", "foster")
    text = diff.text()
    quiet = [entry for entry in diff if not entry.behavioural]
    assert quiet and len(diff.behavioural) + len(quiet) == len(json.loads(diff.to_json())[
        "entries"])
    assert text.splitlines()[0] == (f"altenburg-1988 vs foster: {len(diff.behavioural)} "
                                    f"differences in play or score, {len(quiet)} in sources "
                                    "or wording only")
    assert f"Sources or wording only: {len(quiet)} more entries (" in text
    assert not [entry.path for entry in quiet if entry.path in text]
    assert "source changed" not in text and "provenance" not in text
    assert "\nThe deal\n  - first dealer: lot lowest card → first club dealt" in text
    assert "  foster says:\n    For the first dealer the cards are dealt round face up" in text
    assert text.index("\nThe deal\n") < text.index("\nBidding\n") < text.index("\nSettling up")
    assert ("In common: 4 players; the same 32-card pack; the same rules for playing the "
            "tricks (1 of 10") in diff.common


def test_packets_and_orders_compare_as_wholes(tmp_path: Path) -> None:
    """Issue 40: ``removed 3; removed 2; removed 3; added 4 (1st); ...`` read as a packet
    change; Altenburg deals "in batches of 3–2–3" (S-WIK)."""
    changed = variant_file(tmp_path, "altenburg-1988", "deal: {params: {packets: [4, 4]}}")
    (entry,) = compare("altenburg-1988", changed).entries
    assert entry.words == "packets: 3-2-3 → 4-4"
    assert entry.change.startswith("removed 3")  # the JSON's item-wise change stays
    order = variant_file(tmp_path, "altenburg-1988",
                         "ranks: {params: {plain_order: [A, T, K, Q, J, '9', '8', '7']}}",
                         name="order")
    (entry,) = compare("altenburg-1988", order).entries
    assert entry.words == "plain order: A K Q J T 9 8 7 → A T K Q J 9 8 7"


def test_a_witness_reads_in_card_symbols_with_the_variants_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40: the witness in ``--witness`` wrote letter codes and named made-up variants."""
    assert main(["compare", "altenburg-1988", "foster", "--witness", "--deals", "20"]) == 0
    out = capsys.readouterr().out
    found = out[out.index("\nWitnesses\n"):]
    assert "Witness (legality)" in found and "♣" in found
    deals = re.findall(r"^  seat \d: (.*)$", found, re.MULTILINE)
    assert deals and not [hand for hand in deals if re.search(r"\b[CSHD](?:10|[AKQJT987])\b",
                                                              hand)]
    assert "+only-" not in found
    assert "altenburg-1988 with foster's must not hold: " in found
