"""The couleur-favorite overlay's session modes (DOSSIER §2g-1, AMB-46): the preferred suit is
fixed (clubs: S-CAS "ein für allemal Treff"), the trump of the first contract a declarer's party
made (S-WIK "the suit of the first contract that was satisfied"; S-KSP, S-CAS), the trump suit
of the first deal (S-PAR "The trump suit chosen freely in the first deal remains the suit of
preference thereafter"), or none. Before it is established no suit has precedence (EDITORIAL).
The memory is the match's: each later hand is played under the variant derived with the suit."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from drive import legal, run
from overlay_deals import CLUBS

from solo_rules import (
    GameState,
    Match,
    Suit,
    VariantError,
    compile,
    load_variant,
    new_game,
    read_record,
)
from solo_rules.cli import main
from solo_rules.describe import rulebook

COULEUR = "altenburg-1988+couleur-favorite"
#: A made club Frage on CLUBS, every seat playing its lowest card: the party sweeps the first
#: five tricks and stops, so it scores its base and prime (S-WIK), not doubled.
PLAIN = {"base": 2, "prime": 2}
#: The same in the preferred suit: the whole value doubles (S-WIK "Games in the preferred suit
#: score double"; AMB-47).
DOUBLED = {"base": 2, "prime": 2, "colour": 4}


def mode_file(folder: Path, mode: str) -> Path:
    """An overlay file choosing ``mode``; the session modes unset the suit the match fills in."""
    unset = ("" if mode == "fixed" else
             ", preferred_suit: null}}\n  contracts: {params: {colour_suit: null")
    path = folder / f"couleur-{mode.replace('_', '-')}.yaml"
    path.write_text(f"schema: 1\nid: couleur-{mode.replace('_', '-')}\ntitle: mode {mode}\n"
                    f"status: overlay\nrules:\n  auction: {{params: {{preferred_mode: {mode}"
                    f"{unset}}}}}\n", encoding="utf-8")
    return path


def start(folder: Path, mode: str) -> Match:
    """A match under ``mode``, seat 3 dealing first, so seat 0 is eldest in the first hand."""
    return Match.start(load_variant(COULEUR, [mode_file(folder, mode)]), seed=0, dealer=3)


def deal(match: Match) -> GameState:
    """The next hand of ``match`` with the CLUBS deal turned so that its eldest holds seat 0's
    cards (six clubs with Spadille and Manille)."""
    eldest = (match.dealer + 1) % 4
    hands = [CLUBS[(seat - eldest) % 4] for seat in range(4)]
    return new_game(match.hand_variant, hands=hands, dealer=match.dealer)


def frage(state: GameState, trump: str, call: str) -> GameState:
    """Eldest bids Frage, everyone passes, he declares it in ``trump`` calling ``call``; then
    every seat plays its lowest legal card, declining every decision."""
    state = run(state, "bid frage", "pass", "pass", "pass", f"declare frage {trump}",
                f"call {call}")
    while not state.is_terminal:
        texts = legal(state)
        state = state.apply("pass" if "pass" in texts else texts[0])
    return state


def bids_over_frage(state: GameState) -> list[str]:
    """The second seat's choices after eldest opens with Frage."""
    return legal(run(state, "bid frage"))


def test_first_won_a_lost_contract_establishes_nothing_a_made_one_its_trump(
        tmp_path: Path) -> None:
    """S-WIK: "There is a preferred suit (couleur favorite), e.g. clubs or the suit of the
    first contract that was satisfied." A lost spade Frage leaves no preferred suit; the made
    club Frage that follows scores 2 (no suit had precedence yet) and makes clubs preferred: in
    the third hand Frage in clubs ranks between Frage and Solo, and a made club Frage scores
    double."""
    match = start(tmp_path, "first_won")
    first = deal(match)
    assert bids_over_frage(first) == ["pass", "bid solo"]
    lost = frage(first, "S", "DA")
    assert not lost.outcome().made
    match = match.finish(lost)
    assert match.preferred is None and match.hand_variant == match.variant
    second = deal(match)
    assert bids_over_frage(second) == ["pass", "bid solo"]
    made = frage(second, "C", "DA")
    assert made.outcome().made and dict(made.outcome().breakdown) == PLAIN
    match = match.finish(made)
    assert match.preferred is Suit.CLUBS
    third = deal(match)
    assert third.rules.auction.preferred is Suit.CLUBS
    assert bids_over_frage(third) == ["pass", "bid frage@C", "bid solo", "bid solo@C"]
    doubled = frage(third, "C", "DA").outcome()
    assert dict(doubled.breakdown) == DOUBLED


def test_first_deal_the_trump_of_the_first_hand_is_preferred_made_or_not(
        tmp_path: Path) -> None:
    """S-PAR: "The trump suit chosen freely in the first deal remains the suit of preference
    thereafter." The first hand's spade Frage is lost, yet spades are preferred from the second
    hand on: Frage in spades outranks Frage, binds the player who bid it to spades, and a club
    Frage is no longer worth double."""
    match = start(tmp_path, "first_deal")
    match = match.finish(frage(deal(match), "S", "DA"))
    assert match.preferred is Suit.SPADES
    second = deal(match)
    assert bids_over_frage(second) == ["pass", "bid frage@S", "bid solo", "bid solo@S"]
    bound = run(second, "bid frage", "bid frage@S", "pass", "pass", "pass")
    assert {text.split()[2] for text in legal(bound)} == {"S"}
    assert dict(frage(second, "C", "DA").outcome().breakdown) == PLAIN


def test_fixed_clubs_from_the_first_hand_whatever_is_won(tmp_path: Path) -> None:
    """S-CAS: clubs "ein für allemal" (AMB-46's default): the first hand already ranks and
    doubles clubs, and a made contract in another suit changes nothing."""
    match = start(tmp_path, "fixed")
    first = deal(match)
    assert bids_over_frage(first) == ["pass", "bid frage@C", "bid solo", "bid solo@C"]
    match = match.finish(frage(first, "H", "DA"))
    assert match.preferred is None and match.hand_variant == match.variant
    assert dict(frage(deal(match), "C", "DA").outcome().breakdown) == DOUBLED


def test_none_no_suit_ever_has_precedence(tmp_path: Path) -> None:
    """AMB-46 "none": no preferred suit. Neither hand offers a preferred level, and a made club
    Frage is never worth double."""
    match = start(tmp_path, "none")
    first = deal(match)
    assert bids_over_frage(first) == ["pass", "bid solo"]
    made = frage(first, "C", "DA")
    assert dict(made.outcome().breakdown) == PLAIN
    match = match.finish(made)
    assert match.preferred is None
    assert bids_over_frage(deal(match)) == ["pass", "bid solo"]


def test_a_match_record_with_an_established_suit_replays(tmp_path: Path) -> None:
    """The later hands are recorded under the derived variant and replay under it."""
    match = start(tmp_path, "first_won")
    match = match.finish(frage(deal(match), "C", "DA"))
    match = match.finish(frage(deal(match), "C", "DA"))
    record = match.to_record()
    assert record.hands[1].variant.id.endswith("+preferred-clubs")  # type: ignore[union-attr]
    again = Match.replay(record, match.variant)
    assert again.preferred is Suit.CLUBS and again.totals == match.totals == (4, 8, 4, 8)
    assert [v.id for v in again.hand_variants()] == [match.variant.id,
                                                     match.hand_variant.id]


@pytest.mark.parametrize(("mode", "says"), [
    ("fixed", "Clubs are the preferred suit in every hand."),
    ("first_won", "the trump suit of the first contract that a declarer's party makes"),
    ("first_deal", "the trump suit chosen in the first deal of the session"),
    ("none", "There is no preferred suit"),
])
def test_the_rulebook_says_which_mode_is_chosen(tmp_path: Path, mode: str, says: str) -> None:
    text = rulebook(load_variant(COULEUR, [mode_file(tmp_path, mode)]))
    assert says in text
    if mode in ("first_won", "first_deal"):
        assert "Until it is established no suit has precedence" in text


def test_the_established_suit_is_named_in_the_hands_rulebook(tmp_path: Path) -> None:
    match = start(tmp_path, "first_deal")
    match = match.finish(frage(deal(match), "H", "DA"))
    text = rulebook(match.hand_variant)
    assert "In this session it is hearts." in text
    assert "A contract in hearts ranks above the same contract in another suit" in text


def test_a_bad_mode_is_a_one_line_variant_error(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(COULEUR, [mode_file(tmp_path, "sometimes")])
    message = str(caught.value)
    assert "\n" not in message and "preferred_mode" in message and "sometimes" in message


def test_a_session_mode_with_the_suit_still_set_is_refused(tmp_path: Path) -> None:
    """The colour must follow the preferred suit: a mode file that unsets only one of them is
    named in a one-line error."""
    path = tmp_path / "half.yaml"
    path.write_text("schema: 1\nid: half\nstatus: overlay\nrules:\n  auction: {params: "
                    "{preferred_mode: first_won, preferred_suit: null}}\n", encoding="utf-8")
    with pytest.raises(VariantError, match="colour_suit must be the preferred suit"):
        load_variant(COULEUR, [path])


@pytest.mark.parametrize("mode", ["fixed", "first_won", "first_deal", "none"])
def test_the_cli_plays_and_replays_a_match_in_each_mode(tmp_path: Path, mode: str) -> None:
    """``solo-rules play altenburg-1988+couleur-favorite+FILE --hands N`` with a mode file."""
    spec = f"{COULEUR}+{mode_file(tmp_path, mode)}"
    saved = tmp_path / "match.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", spec, "--hands", "3", "--seed", "5", "--watch",
                     "--record", str(saved)]) == 0
        assert main(["replay", str(saved), "--variant", spec]) == 0
    assert "Totals after hand 3" in out.getvalue()
    assert len(read_record(saved).hands) == 3  # type: ignore[union-attr]


def test_the_tutorials_mode_file_chooses_first_won(tmp_path: Path) -> None:
    """The house-rules tutorial's example overlay file loads and plays the first_won mode."""
    tutorial = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "house-rules.md"
    block = tutorial.read_text(encoding="utf-8").split("# couleur-first-won.yaml\n")[1] \
        .split("```")[0]
    path = tmp_path / "couleur-first-won.yaml"
    path.write_text(block, encoding="utf-8")
    variant = load_variant(f"{COULEUR}+{path}")
    assert compile(variant).auction.preference_to_establish == "first_won"
    mode = next(line for line in rulebook(variant).splitlines()
                if "(auction.preferred_mode)" in line)
    assert mode.startswith("[") and "Stated" in mode and "S-KSP" in mode
