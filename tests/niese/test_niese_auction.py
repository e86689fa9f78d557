"""Niese auction: one bid each from the dealer's left over the AMB-31 ranking, joining Kickers,
the IsIt keep rule, bid requirements, and the throw-in (S-NIE; DOSSIER §2c, AMB-28, 29, 31, 33,
37, 57, 58)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from niese_deals import MACKERS, NO_CLUB, TOPS, bid, legal, overlay, start

from solo_rules import IllegalActionError, Phase

#: AMB-31 (with AMB-57, AMB-58), written out from the DOSSIER, lowest first; a group ranks
#: equal: Question < IsIt < Kicker < Ladies < Solo(non-C) < 6 Trick Solo(non-C) < Solo(C) =
#: IsIt Solo < 6 Trick Solo(C) < Bronco < Bull Solo < Solo 2(non-C) < Solo 2(C).
RANKING: tuple[tuple[str, ...], ...] = (
    ("question",), ("isit",), ("kicker",), ("ladies",), ("solo",), ("solo6",),
    ("solo@C", "isitsolo"), ("solo6@C",), ("bronco",), ("bull",), ("solo2",), ("solo2@C",),
)
BIDS = [name for group in RANKING for name in group]


def _rank(name: str) -> int:
    return next(i for i, group in enumerate(RANKING) if name in group)


def test_eldest_bids_first_and_each_player_once() -> None:
    """S-NIE: "Bidding begins with the player to the dealer's left. ... Each player is allowed to
    bid once." """
    for dealer in range(4):
        state = start(TOPS, dealer=dealer)
        order = []
        while state.phase == Phase.AUCTION:
            order.append(state.player)
            state = state.apply("pass")
        assert order == [(dealer + k) % 4 for k in range(1, 5)]


def test_all_pass_throws_the_hand_in() -> None:
    """AMB-37 (editorial): S-NIE has no forced game, so if all pass the hand is thrown in."""
    state = bid(TOPS, "pass", "pass", "pass", "pass")
    assert state.is_terminal
    outcome = state.outcome()
    assert outcome.contract is None and outcome.scores == (0, 0, 0, 0)


@pytest.mark.parametrize(("first", "second"), list(itertools.product(BIDS, BIDS)))
def test_overcalls_follow_the_bid_ranking(first: str, second: str) -> None:
    """S-NIE: "Higher value bids override lower ones." AMB-31: "Question < IsIt < Kicker < Ladies
    < Solo(non-♣) < 6-Trick Solo(non-♣) < Solo(♣) = IsIt Solo < 6-Trick Solo(♣) < Bronco < Bull
    Solo < Solo 2(non-♣) < Solo 2(♣)"; a Kicker may also join a Kicker (AMB-33)."""
    # seat 0 needs both black queens for Ladies; otherwise seat 1 holds them (TOPS)
    hands = MACKERS if first == "ladies" else TOPS
    state = bid(hands, first)
    may = _rank(second) > _rank(first) or (first == second == "kicker")
    assert (f"bid {second}" in legal(state)) == may


def test_only_one_solo_per_hand() -> None:
    """S-NIE: "Only one solo can be played per hand." and "A 6 trick spade, heart, or diamond
    solo does not overbid a regular club solo." """
    state = bid(TOPS, "solo")
    assert "bid solo" not in legal(state)
    assert {"bid solo6", "bid solo@C", "bid isitsolo"} <= set(legal(state))
    state = bid(TOPS, "solo@C")
    assert not {"bid solo", "bid solo6", "bid isitsolo"} & set(legal(state))
    assert "bid solo6@C" in legal(state)


def test_club_solo2_goes_over_a_plain_solo2() -> None:
    """S-NIE: "A club solo 2 goes over a regular spade, heart, or diamond solo 2." """
    state = bid(TOPS, "solo2")
    assert legal(state) == ["pass", "bid solo2@C"]


def test_isit_needs_a_club() -> None:
    """S-NIE: "Bidder must have at least one club to bid IsIt." """
    state = start(NO_CLUB)
    assert "bid isit" not in legal(state)
    assert "bid isit" in legal(bid(NO_CLUB, "pass"))


def test_ladies_needs_both_black_queens() -> None:
    """S-NIE: "The bidder has both the queen of clubs and the queen of spades." """
    assert "bid ladies" not in legal(start(TOPS))
    assert "bid ladies" in legal(bid(TOPS, "pass"))


def test_question_bidder_may_keep_an_isit() -> None:
    """S-NIE: "If someone bids IsIt, the bidder has the option of keeping the bid (bidder must
    have one club in his/her hand) or the bidder can pass the bid to the person who bid IsIt."
    AMB-28: the Question bidder decides at once and becomes the IsIt declarer."""
    state = bid(MACKERS, "question", "isit")
    assert state.player == 0 and legal(state) == ["pass", "keep"]
    kept = state.apply("keep")
    assert kept.player == 2  # the keep is not his one bid; the auction goes on
    kept = bid(MACKERS, "question", "isit", "keep", "pass", "pass")
    assert kept.phase == Phase.CALL and kept.contract is not None
    assert (kept.contract.kind, kept.contract.declarer, kept.contract.trump) == ("isit", 0, 0)
    passed = bid(MACKERS, "question", "isit", "pass", "pass", "pass")
    assert passed.contract is not None
    assert (passed.contract.kind, passed.contract.declarer) == ("isit", 1)


def test_keeping_needs_a_club_but_every_question_bidder_is_asked() -> None:
    """AMB-29: the keeper "must have one club in his/her hand". He is asked whether or not he
    holds one, so being asked tells the table nothing about his clubs; without a club-symbol
    card his only choice is to pass."""
    state = bid(NO_CLUB, "question", "isit")
    assert state.player == 0 and legal(state) == ["pass"]
    with pytest.raises(IllegalActionError):
        state.apply("keep")
    assert state.apply("pass").player == 2
    club = bid(MACKERS, "question", "isit")
    assert [view.phase for view in (state.view(2), club.view(2))] == ["auction", "auction"]
    assert state.player == club.player


def test_keep_only_on_the_very_next_bid(tmp_path: Path) -> None:
    """AMB-28 (c): "The option applies only to the very next bid." An IsIt bid after an
    intervening pass leaves no keep to the Question bidder; an IsIt straight after it does."""
    later = overlay(tmp_path, "niese-keep-next",
                    "auction: {params: {bids: [{id: isit, keep_window: next_bid}]}}")
    assert bid(NO_CLUB, "pass", "question", "pass", "isit").player == 1  # asked (AMB-28 a)
    skipped = bid(NO_CLUB, "pass", "question", "pass", "isit", variant=later)
    assert skipped.phase == Phase.CALL and skipped.player == 3
    assert bid(NO_CLUB, "pass", "question", "isit", variant=later).player == 1
    assert "very next player" in " ".join(
        c.text for c in later.slots["auction"].module.describe())


def test_keeping_may_play_the_keepers_own_bid(tmp_path: Path) -> None:
    """AMB-28 (b): "He keeps playing Question at 2." Keeping voids the IsIt and the Question
    bidder plays his own Question, naming trumps himself."""
    own = overlay(tmp_path, "niese-keep-own",
                  "auction: {params: {bids: [{id: isit, keep_plays: own_bid}]}}")
    kept = bid(MACKERS, "question", "isit", "keep", "pass", "pass", variant=own)
    assert kept.phase == Phase.DECLARE and kept.player == 0
    assert all(text.startswith("declare question") for text in legal(kept))
    default = bid(MACKERS, "question", "isit", "keep", "pass", "pass")
    assert default.contract is not None and default.contract.kind == "isit"


def test_all_pass_may_force_a_game(tmp_path: Path) -> None:
    """AMB-37 alternative: "All pass: redeal, or a forced game." S-NIE states no all-pass rule,
    so the default throws the hand in; the parameter forces the holder of CQ to play a
    Question."""
    forced = overlay(tmp_path, "niese-forced", "auction: {params: {all_pass: "
                     "{contracts: [question], holder_of: [CQ]}}}")
    thrown = bid(MACKERS, "pass", "pass", "pass", "pass")
    assert thrown.is_terminal
    state = bid(MACKERS, "pass", "pass", "pass", "pass", variant=forced)
    assert state.phase == Phase.DECLARE and state.player == 0
    assert all(text.startswith("declare question") for text in legal(state))


def test_keep_is_only_over_a_question() -> None:
    """AMB-28: the option belongs to the standing Question bidder, not to other bids."""
    state = bid(MACKERS, "pass", "isit")
    assert state.player == 2 and "keep" not in legal(state)


def test_later_kicker_joins_the_standing_kicker() -> None:
    """S-NIE: "Multiple kickers can be played per hand." AMB-33: a later Kicker joins rather
    than overrides."""
    state = bid(TOPS, "kicker", "pass", "kicker", "kicker")
    assert state.phase == Phase.PLAY and state.contract is not None
    assert state.contract.kind == "kicker" and state.contract.declarers == (0, 2, 3)


def test_higher_bid_overrides_joined_kickers() -> None:
    """S-NIE: "Higher value bids override lower ones." """
    state = bid(TOPS, "kicker", "kicker", "bull", "pass")
    assert state.contract is not None
    assert (state.contract.kind, state.contract.declarers) == ("bull", (2,))


def test_bid_fixes_the_contract_and_leaves_only_its_trump_choice() -> None:
    """S-NIE: "a bid is nothing more than stating what type of hand the bidder wishes to play";
    AMB-57: a Solo bid states club or non-club, so a non-club Solo names one of ♠♥♦."""
    state = bid(TOPS, "solo", "pass", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 0
    assert legal(state) == ["declare solo S", "declare solo H", "declare solo D"]
    question = bid(TOPS, "question", "pass", "pass", "pass")
    assert legal(question) == [f"declare question {s}" for s in "CSHD"]


def test_bids_with_fixed_trumps_need_no_declaration() -> None:
    """S-NIE: IsIt "Clubs must be trump"; Kicker, Bronco, Bull "Nothing is trump"; a club Solo
    is in clubs: play (or the call) follows the auction at once."""
    club = bid(TOPS, "solo@C", "pass", "pass", "pass")
    assert club.phase == Phase.PLAY and club.contract is not None and club.contract.trump == 0
    bull = bid(TOPS, "bull", "pass", "pass", "pass")
    assert bull.phase == Phase.PLAY and bull.contract is not None and bull.contract.trump == 4
    isit = bid(MACKERS, "isit", "pass", "pass", "pass")
    assert isit.phase == Phase.CALL and isit.player == 0


#: The contract and the trump of each bid (S-NIE bid list; AMB-57: "IsIt Solo" is a club Solo);
#: ``None``: the trump is chosen after the auction.
CONTRACTS: dict[str, tuple[str, int | None]] = {
    "question": ("question", None), "isit": ("isit", 0), "kicker": ("kicker", 4),
    "ladies": ("ladies", None), "solo": ("solo", None), "solo6": ("solo6", None),
    "solo@C": ("solo", 0), "isitsolo": ("solo", 0), "solo6@C": ("solo6", 0),
    "bronco": ("bronco", 4), "bull": ("bull", 4), "solo2": ("solo2", None),
    "solo2@C": ("solo2", 0),
}


@pytest.mark.parametrize("name", BIDS)
def test_every_bid_can_be_bid_played_and_settled(name: str) -> None:
    """S-NIE: "Essentially, a bid is nothing more than stating what type of hand the bidder wishes
    to play." Each bid of the list, made alone, leads to its contract, a finished hand and a
    settlement in which every payment has a payer."""
    hands = MACKERS if name == "ladies" else TOPS
    state = bid(hands, name, "pass", "pass", "pass")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    kind, trump = CONTRACTS[name]
    assert state.contract is not None and state.contract.kind == kind
    if trump is not None:
        assert state.contract.trump == trump
    else:
        assert state.contract.trump in ((1, 2, 3) if kind.startswith("solo") else (0, 1, 2, 3))
    outcome = state.outcome()
    assert sum(outcome.scores) == 0 and any(outcome.scores)
