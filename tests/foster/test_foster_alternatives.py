"""The dossier's alternative readings for Foster's Solo, each a parameter value that changes the
behaviour and the rulebook (DOSSIER §3: "In the library every recommendation is a parameter
default, and the alternatives are legal values"): AMB-19, AMB-21, AMB-22, AMB-60."""

from __future__ import annotations

from pathlib import Path

import pytest
from foster_deals import CLUBS, SELF, SELF_FIVE, SWEEP, play, run, start, texts, variant_file

from solo_rules import GameState, VariantError, load_variant


def prose(path: Path | str, slot: str) -> str:
    """The rulebook text of one slot of a variant."""
    return " ".join(c.text for c in load_variant(str(path)).slots[slot].module.describe())


def other_file(tmp_path: Path, rules: str) -> Path:
    """A second test variant file, in a folder of its own so that it does not overwrite the
    first."""
    folder = tmp_path / "other"
    folder.mkdir(exist_ok=True)
    return variant_file(folder, rules)


def self_called_simple(variant: Path | str = "foster") -> GameState:
    """Seat 0 bids 2, declares a heart Simple calling his own DA, sweeps five tricks and
    stops: the Simple in suit (2) is made, and he had no partner."""
    state = run(start(SELF, variant=variant), "bid 2", "pass", "pass", "pass",
                "declare simple H", "call DA")
    return run(play(state, SELF_FIVE), "stop")


@pytest.mark.parametrize(("reading", "scores"), [
    ("alone", (6, -2, -2, -2)),
    ("double", (12, -4, -4, -4)),
    ("one_adversary", (2, -2, 0, 0)),
])
def test_self_called_ace_pays_by_the_chosen_reading(
        tmp_path: Path, reading: str, scores: tuple[int, ...]) -> None:
    """AMB-21. S-FOS: "If a player asks for an ace while holding it himself, he of course plays
    without a partner". (a) "as a solo player, ±Simple value with each of the 3 adversaries";
    (b) what the pair would have won, "without sharing" [S-QFR XIII: "gagne sans partager"],
    twice the value with each adversary; (c) with one adversary, the next player in turn."""
    path = variant_file(tmp_path, f"settlement: {{params: {{self_call: {reading}}}}}")
    outcome = self_called_simple(path).outcome()
    assert (outcome.partner, outcome.made) == (None, True)
    assert outcome.scores == scores
    assert self_called_simple().outcome().scores == (6, -2, -2, -2)  # the default is (a)


def test_self_call_readings_change_the_rulebook(tmp_path: Path) -> None:
    """AMB-21: the rulebook states the chosen payment of a self-called ace."""
    default = prose("foster", "settlement")
    assert "settles as a player who plays alone" in default
    double = prose(variant_file(tmp_path, "settlement: {params: {self_call: double}}"),
                   "settlement")
    assert "twice the value" in double and "without sharing" in double
    one = prose(other_file(tmp_path, "settlement: {params: {self_call: one_adversary}}"),
                "settlement")
    assert "from one adversary only" in one


def lost_club_tout_with_partner(variant: Path | str = "foster") -> GameState:
    """Seat 0 bids 16 and declares a club Tout calling SA (seat 2); Basta (seat 1) takes the
    third trick, so the Tout (32 in colour) is lost."""
    state = run(start(CLUBS, variant=variant), "bid 16", "pass", "pass", "pass",
                "declare tout_partner C", "call SA")
    return play(state, "CQ CT C8 S8 C7 CJ C9 S9 CA SQ D9 ST")


def test_tout_with_a_partner_splits_a_soloists_payment(tmp_path: Path) -> None:
    """AMB-22. S-FOS: Tout "if with a partner he must share his gains or losses". (a) each
    partner pays the Tout value to one adversary; (b) "A soloist's 3 × value, split between
    the partners": the two adversaries receive 3 × 32 = 96, 48 each, and each partner pays 48."""
    path = variant_file(tmp_path, "settlement: {params: {partner_tout: soloist_split}}")
    state = lost_club_tout_with_partner(path)
    assert state.is_terminal
    assert state.outcome().scores == (-48, 48, -48, 48)
    assert lost_club_tout_with_partner().outcome().scores == (-32, 32, -32, 32)
    assert "what a player alone would" in prose(path, "settlement")
    assert "settle as any partners do" in prose("foster", "settlement")


def test_soloist_split_leaves_a_simple_partnership_alone(tmp_path: Path) -> None:
    """AMB-22 (b) concerns Tout with a partner only: a Simple's partners still each settle
    with one adversary [S-FOS: "Two partners pay or receive each from one adversary"]."""
    path = variant_file(tmp_path, "settlement: {params: {partner_tout: soloist_split}}")
    state = run(start(CLUBS, variant=path), "bid 2", "pass", "pass", "pass",
                "declare simple C", "call SA")
    state = play(state, "CQ CT C8 S8 C7 CJ C9 S9 CA SQ D9 ST HK HA HT H7 SA SK H8 DJ "
                 "DA D8 D7 DQ")
    assert state.outcome().scores == (4, -4, 4, -4)


def test_soloist_split_refuses_a_tout_value_it_cannot_split(tmp_path: Path) -> None:
    """AMB-22 (b) must split the soloist's winnings evenly: an odd Tout value cannot be."""
    ladder = "\n".join(f"      - {{id: {cid}, name: {cid}, partner: {partner}, tricks: {tricks}, "
                        f"base: {base}, tout: false{extra}}}"
                        for cid, partner, tricks, base, extra in [
                            ("simple", "called_card", 5, 2, ""),
                            ("forcee", "called_card", 5, 4, ", forced: true, trump_by: partner"),
                            ("solo", "none", 5, 4, ""), ("tout", "none", 8, 16, ""),
                            ("tout_partner", "called_card", 8, 15, "")])
    path = variant_file(tmp_path, "settlement: {params: {partner_tout: soloist_split}}\n"
                        f"contracts:\n  params:\n    contracts:\n{ladder}")
    with pytest.raises(VariantError, match="cannot be split evenly"):
        load_variant(str(path))


@pytest.mark.parametrize(("key", "allowed"), [
    ("settlement: {params: {self_call: shared}}", "'alone', 'double', 'one_adversary'"),
    ("settlement: {params: {partner_tout: split}}", "'shared', 'soloist_split'"),
    ("partner: {params: {void_suit: never}}", "'allowed', 'must_hold'"),
    ("auction: {params: {bids: names}}", "'amounts', 'games'"),
])
def test_a_bad_reading_is_a_one_line_error_naming_the_values(
        tmp_path: Path, key: str, allowed: str) -> None:
    """A value no reading has is refused with the key and the allowed values."""
    path = variant_file(tmp_path, key)
    with pytest.raises(VariantError) as info:
        load_variant(str(path))
    message = str(info.value)
    assert "\n" not in message and allowed in message
    assert key.split("{")[-1].split(":")[0] in message


def test_calling_in_a_void_suit_can_be_barred(tmp_path: Path) -> None:
    """AMB-60: "No source says whether the declarer may call the Ace of a suit he is void in":
    allowed by default (S-WKC names only "an Ace that he does not hold himself and which is not
    in trumps"); the Schafkopf-style reading requires a card of the called suit. Seat 0 has
    hearts and a diamond but no spade: with ``void_suit: must_hold`` he may not call SA."""
    path = variant_file(tmp_path, "partner: {params: {void_suit: must_hold}}")
    declared = ("bid 2", "pass", "pass", "pass", "declare simple C")
    assert texts(run(start(CLUBS), *declared)) == ["call SA", "call HA", "call DA"]
    assert texts(run(start(CLUBS, variant=path), *declared)) == ["call HA", "call DA"]
    assert "in which he holds no card" in prose("foster", "partner")
    assert "only of a suit in which he holds another card" in prose(path, "partner")


def test_bids_may_be_game_names(tmp_path: Path) -> None:
    """AMB-19. S-FOS: "The rank of the various games, the amounts bid on them, and the payments
    made for them … the player who has made the best offer names the game he wishes to play".
    (a) bids are amounts; (b) "Bids are game names, ranked by the table rows, with suit <
    colour": "Under (b), Simple in colour (4) ranks below Solo in suit (4)", and the winner
    plays the game he bid."""
    path = variant_file(tmp_path, "auction: {params: {bids: games}}")
    state = start(CLUBS, variant=path)
    assert texts(state) == ["pass", "bid simple", "bid simple@C", "bid solo", "bid solo@C",
                            "bid tout", "bid tout@C"]
    state = run(state, "bid simple@C")
    assert texts(state) == ["pass", "bid solo", "bid solo@C", "bid tout", "bid tout@C"]
    state = run(state, "bid solo", "pass", "pass", "pass")
    assert (state.player, texts(state)) == (1, ["declare solo S", "declare solo H",
                                               "declare solo D"])
    amounts = run(start(CLUBS), "bid 4")  # by amounts, an equal 4 cannot overcall
    assert texts(amounts) == ["pass", "bid 8", "bid 16", "bid 32"]
    won = run(start(CLUBS, variant=path), "bid simple@C", "pass", "pass", "pass")
    assert texts(won) == ["declare simple C"]
    assert "bid games by name" in prose(path, "auction")
    assert "The players bid amounts" in prose("foster", "auction")


def test_game_bids_keep_forcee_after_an_all_pass(tmp_path: Path) -> None:
    """AMB-19 (b) changes the bids only: S-FOS "Forcée is when no bid is made, and any player
    holds both Spadilla and Basta" still holds (SWEEP: seat 0 holds both)."""
    path = variant_file(tmp_path, "auction: {params: {bids: games}}")
    state = run(start(SWEEP, variant=path), "pass", "pass", "pass", "pass")
    assert "declare forcee" in texts(state)
