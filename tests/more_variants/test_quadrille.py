"""Quadrille, the family's parent (S-HOY, S-HOYUS, S-CHA, S-PAR; ADDENDUM §A2f, AMB-87..92,
E33, EX-78..82). With ``dealer=1`` seat 0 is the elder hand, the dealer's right: he is dealt to
and asked first and leads, and the turn goes on to seat 3 (counter-clockwise)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from drive import finish, legal, legal_cards, play, run, variant_file

from solo_rules import CardSet, Flags, GameState, Phase, Suit, compile, load_variant, new_game
from solo_rules.describe import compose

VARIANT = "quadrille"
#: Seat 0 holds every spade and the club Ace, Basto; seat 1 the other clubs and ♠3; seats 2
#: and 3 the red suits.
SPADES = ("SA S2 CA SK SQ SJ S7 S6 S5 S4", "CK CQ CJ C7 C6 C5 C4 C3 C2 S3",
          "HK HQ HJ HA H2 H3 H4 H5 H6 H7", "DK DQ DJ DA D2 D3 D4 D5 D6 D7")
#: Seat 0 holds all four Kings; hearts are his trumps.
KINGS = ("CK SK HK DK SA CA HA HQ H2 H3", "CQ CJ C7 C6 C5 C4 C3 C2 H4 H5",
         "SQ SJ S7 S6 S5 S4 S3 S2 H6 H7", "DQ DJ DA D2 D3 D4 D5 D6 D7 HJ")
#: Seat 0 holds nine spades (trumps) and ♥7; seat 2, his friend by ♦K, the other trumps ♠4 ♠3
#: and the best hearts; seats 1 and 3 no trump.
FRIEND = ("SA S2 CA SK SQ SJ S7 S6 S5 H7", "CK CQ CJ C7 C6 C5 C4 C3 C2 H2",
          "DK HK HQ HJ HA S4 S3 D7 D6 D5", "DQ DJ DA D2 D3 D4 H3 H4 H5 H6")
#: Five tricks of trumps led by seat 0 (seats 3, 2, 1 follow in turn).
TRUMPS_LED = ("SA D4 S4 C3", "S2 D3 S3 C4", "CA H6 D5 C5", "SK H5 D6 C6", "SQ H4 D7 C7")
#: Hearts trumps: seat 0 leads; seat 3, next in turn, holds Manille (♥7) as his only trump.
MANILLE = ("SA CA HA HK HQ HJ H2 H3 H4 H5", "DK DQ DJ DA D2 D3 D4 D5 D6 D7",
           "H6 SK SQ SJ S7 S6 S5 S4 S3 S2", "H7 CK CQ CJ C7 C6 C5 C4 C3 C2")


def start(hands: tuple[str, ...], dealer: int = 1) -> GameState:
    return new_game(VARIANT, hands=list(hands), dealer=dealer)


def names(cards: object) -> list[str]:
    return [card.name for card in cards]  # type: ignore[attr-defined]


def sweep(state: GameState, tricks: int) -> GameState:
    """Play ``tricks`` tricks, every seat playing its first legal card."""
    for _ in range(tricks * state.players):
        assert state.phase == Phase.PLAY
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_pack_is_forty_cards_ten_a_hand_dealt_three_three_four() -> None:
    """S-HOY p. 262: "It is played by four persons, with forty cards; the four tens, nines, and
    eights, are discarded from the pack"; "three at a time, for two rounds, and once four to
    each, beginning with the right-hand player, who is the elder-hand" (AMB-87)."""
    compiled = compile(load_variant(VARIANT))
    pack = CardSet(compiled.pack)
    assert len(pack) == 40 and (compiled.players, compiled.hand_size) == (4, 10)
    assert not {card.rank.letter for card in pack} & {"T", "9", "8"}
    assert compiled.deal_rules.packets == (3, 3, 4)  # type: ignore[attr-defined]
    state = new_game(VARIANT, seed=3, dealer=1)
    assert [len(state.hand(seat)) for seat in range(4)] == [10] * 4
    assert state.player == 0  # the dealer's right-hand player speaks first


def test_bidding_and_play_go_to_the_right() -> None:
    """S-PAR: "Deal, bid and play to the right."; S-HOY: "After the trump is named, the
    right-hand player leads"."""
    state = start(SPADES)
    assert state.player == 0
    state = run(state, "pass")
    assert state.player == 3  # seat 0's right
    state = run(state, "bid sans_prendre", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 3


def test_ex78_the_trumps_of_a_black_and_of_a_red_suit() -> None:
    """EX-78. S-CHA: "the number of trump cards is eleven, and twelve when fl [a] red suit is
    trumps"; Spadille ♠A, Manille the black deuce or the red seven, Basto ♣A, and in red the
    trump Ace (Punto) fourth."""
    compiled = compile(load_variant(VARIANT))
    pack = CardSet(compiled.pack)
    assert names(compiled.tables(Suit.SPADES).order(pack)) == [
        "SA", "S2", "CA", "SK", "SQ", "SJ", "S7", "S6", "S5", "S4", "S3"]
    assert names(compiled.tables(Suit.HEARTS).order(pack)) == [
        "SA", "H7", "CA", "HA", "HK", "HQ", "HJ", "H2", "H3", "H4", "H5", "H6"]


def test_ex79_the_plain_suits_rank_by_colour() -> None:
    """EX-79. S-CHA: "When the red suits are not trumps, the order of rank is as follows : king,
    queen, knave, ace, deuce, three, four, five, six, seven"; a black plain suit is K Q J 7 6 5
    4 3 2, its Ace being Basto or Spadille."""
    compiled = compile(load_variant(VARIANT))
    tables = compiled.tables(Suit.HEARTS)

    def plain(suit: Suit) -> list[str]:
        cards = [card for card in CardSet(compiled.pack) if tables.suit_of[card] == suit]
        return names(sorted(cards, key=lambda card: -tables.power[card]))

    assert plain(Suit.DIAMONDS) == ["DK", "DQ", "DJ", "DA", "D2", "D3", "D4", "D5", "D6", "D7"]
    assert plain(Suit.CLUBS) == ["CK", "CQ", "CJ", "C7", "C6", "C5", "C4", "C3", "C2"]


def test_ask_leave_calls_a_king_and_may_call_ones_own() -> None:
    """S-HOY: "To ask Leave is to ask permission to play with a partner by calling a king."
    Law 23: "A player who has one or more kings, may call him or herself, naming the king, but
    must win six tricks." (AMB-91)"""
    state = run(start(SPADES), "bid ask_leave", "pass", "pass", "pass", "declare ask_leave S")
    assert legal(state) == ["call CK", "call SK", "call HK", "call DK"]
    alone = run(state, "call SK")
    assert alone.contract is not None and alone.contract.partner is None
    friend = run(state, "call HK")
    assert friend.contract is not None and friend.contract.partner == 2


def test_ex81_holding_four_kings_he_may_call_a_queen_not_the_trump_queen() -> None:
    """EX-81. Law 12: "If you have four kings dealt, you are at liberty either to call a queen
    to one of your kings, except the queen of trumps; or to call one of your own kings."."""
    state = run(start(KINGS), "bid ask_leave", "pass", "pass", "pass", "declare ask_leave H")
    assert legal(state) == ["call CK", "call CQ", "call SK", "call SQ", "call HK", "call DK",
                            "call DQ"]
    assert run(state, "call SQ").contract.partner == 2  # type: ignore[union-attr]


def test_he_who_asked_leave_only_cannot_play_sans_prendre() -> None:
    """Law 27: "Whoever has asked leave only cannot play sans prendre, unless forced."; forced
    sans prendre: "you are obliged either to play sans prendre, or to pass"."""
    state = run(start(SPADES), "bid ask_leave", "pass", "pass", "pass")
    assert all(text.startswith("declare ask_leave") for text in legal(state))
    forced = run(start(SPADES), "bid ask_leave", "bid sans_prendre")
    assert legal(forced) == ["pass", "hold", "bid vole"]  # the vole outranks it (law 17)
    forced = run(forced, "hold", "pass", "pass", "pass")
    assert forced.player == 0 and all(text.startswith("declare sans_prendre")
                                      for text in legal(forced))


def test_all_passing_the_holder_of_spadille_plays_forced_spadille() -> None:
    """S-HOY p. 265: "If all the players pass, he who holds spadille is obliged to play what
    is called forced spadille"; law 16: "nor is he allowed to play for the vole"."""
    state = run(start(SPADES), "pass", "pass", "pass", "pass")
    assert state.phase == Phase.DECLARE and state.player == 0
    assert legal(state) == [f"declare forced_spadille {suit}" for suit in "CSHD"]
    state = run(state, "declare forced_spadille S", "call HK")
    state = sweep(state, 6)
    assert state.is_terminal  # no decision to play on: the game is made at six
    outcome = state.outcome()
    assert outcome.made and outcome.party_tricks == 6
    assert outcome.breakdown == (("game", 0),)


def test_ex82_playing_on_after_the_sixth_trick_commits_to_the_vole() -> None:
    """EX-82. Law 11: "After the game is won, if the person who won the sixth trick play the
    seventh card, he is obliged to play for the vole."; S-HOY p. 262: "should the ombre ...
    win all the tricks, he gains the vote [vole], or if six tricks, the game"."""
    state = run(start(SPADES), "bid sans_prendre", "pass", "pass", "pass",
                "declare sans_prendre S")
    state = sweep(state, 6)
    assert state.phase == Phase.DECIDE and legal(state) == ["stop", "continue"]
    stopped = run(state, "stop").outcome()
    assert stopped.made and stopped.breakdown == (("game", 0),)
    vole = sweep(run(state, "continue"), 4).outcome()
    assert vole.made and vole.party_tricks == 10 and vole.breakdown == (("vole", 0),)


def _friend_called(*cards: str) -> GameState:
    """FRIEND's ask-leave in spades, calling ♦K (seat 2), after ``cards`` are played."""
    return play(run(start(FRIEND), "bid ask_leave", "pass", "pass", "pass",
                    "declare ask_leave S", "call DK"), " ".join(cards))


def test_the_unrevealed_friend_who_won_the_sixth_trick_decides_on_the_vole() -> None:
    """Law 20: "When six tricks are won, he who won the sixth ought to say, 'I play the vole;'
    or, 'I do not play the vole;'"; law 11: "if the person who won the sixth trick play the
    seventh card, he is obliged to play for the vole". The friend, not yet known (♦K unplayed),
    wins the sixth trick: he decides, and so makes himself known."""
    state = _friend_called(*TRUMPS_LED, "H7 H3 HK H2")
    assert state.phase == Phase.DECIDE and state.player == 2
    assert state.flags & Flags.REVEALED and legal(state) == ["stop", "continue"]
    assert run(state, "stop").outcome().breakdown == (("game", 0),)
    vole = run(state, "continue")
    assert vole.phase == Phase.PLAY and vole.player == 2  # he leads the seventh trick


def test_the_ombre_knows_his_king_before_he_declares_for_the_vole() -> None:
    """Law 19: "The ombre is entitled to know his king called, before he declares for the
    vole." The friend, not yet known, won the first trick and the ombre the next five: the
    ombre, who won the sixth, is told his friend and decides (law 20)."""
    state = _friend_called("H7 H3 HK H2", "S3 C2 SA D2", "S2 D3 S4 C3", "CA H6 D5 C4",
                           "SK H5 D6 C5", "SQ H4 D7 C6")
    assert state.phase == Phase.DECIDE and state.player == 0
    assert state.flags & Flags.REVEALED and legal(state) == ["stop", "continue"]
    assert state.view(0).partner == 2


def test_the_rulebook_states_who_decides_on_the_vole() -> None:
    """The winner of the sixth trick decides (law 20), stated; the ombre deciding for his side
    is the alternative, once the library's editorial reading."""
    notes = compose(load_variant(VARIANT)).to_dict()["notes"]
    note = next(note for note in notes if note["where"] == "early_end.decided_by")
    assert note["basis"] == "stated" and "he who won the sixth" in note["quote"]
    assert "know his king called" in note["quote"]
    assert any(text.startswith("declarer") for text in note["alternatives"])
    first = next(note for note in notes if note["where"] == "early_end.first_tricks")
    assert first["basis"] == "stated"


def test_spadille_led_forces_an_unguarded_manille() -> None:
    """S-HOY p. 265: "if an ordinary trump be led, you are not obliged to play a matadore;
    though if spadille be led, and you hold manille or basto unguarded, you must play it"."""
    state = run(start(MANILLE), "bid sans_prendre", "pass", "pass", "pass",
                "declare sans_prendre H")
    assert legal_cards(run(state, "play SA")) == {"H7"}
    assert "C2" in legal_cards(run(state, "play H2"))


@pytest.mark.parametrize("seed", range(40))
def test_the_result_is_game_remise_or_codille_by_the_sides_tricks(seed: int) -> None:
    """S-HOY p. 262: "if six tricks, the game ; but if he get only five tricks he loses by
    remise, and if only four, by codil" (AMB-88); the amounts are not known (AMB-89), so no
    score changes."""
    state = finish(new_game(VARIANT, seed=seed), random.Random(seed))
    outcome = state.outcome()
    assert outcome.scores == (0, 0, 0, 0)
    name = outcome.breakdown[0][0]
    if outcome.party_tricks >= 6:
        assert outcome.made and name in ("game", "vole", "game, the vole failed")
    else:
        assert not outcome.made
        assert name == ("remise" if outcome.party_tricks == 5 else "codille")


def test_amb88_b_codille_only_below_four_tricks(tmp_path: Path) -> None:
    """AMB-88 (b), S-HOYUS p. 77: "if they make only four tricks between them, it is a remise.
    Should they make less, they lose codille" (``remise: 4``)."""
    variant = str(variant_file(tmp_path, VARIANT, "scoring: {params: {remise: 4}}\n"
                               "settlement: {params: {graded_at: [4]}}"))
    seen = set()
    for seed in range(60):
        state = finish(new_game(variant, seed=seed), random.Random(seed))
        outcome = state.outcome()
        if not outcome.made:
            name = outcome.breakdown[0][0]
            assert name == ("remise" if outcome.party_tricks >= 4 else "codille")
            seen.add(outcome.party_tricks)
    assert 4 in seen


def test_amb87_the_dealer_may_deal_four_first(tmp_path: Path) -> None:
    """AMB-87, S-HOYUS law 1: "The dealer is at liberty to begin by four or three" (``packets:
    [4, 3, 3]``): ten cards each all the same."""
    variant = str(variant_file(tmp_path, VARIANT, "deal: {params: {packets: [4, 3, 3]}}"))
    assert compile(load_variant(variant)).deal_rules.packets == (4, 3, 3)  # type: ignore[attr-defined]
    state = new_game(variant, seed=3, dealer=1)
    assert [len(state.hand(seat)) for seat in range(4)] == [10] * 4


def test_the_vole_bid_has_the_preference_over_sans_prendre() -> None:
    """Law 17: "Whoever undertakes to play the vole, has the preference of playing before him
    who offers to play sans prendre only." Bid alone, it is won with every trick, and a side
    that fails it keeps its game with six (law 29, AMB-90 a)."""
    state = run(start(SPADES), "bid sans_prendre", "bid vole")
    assert legal(state) == ["pass", "hold"]  # a vole or nothing against it
    passed = run(state, "pass", "pass", "pass")
    assert passed.phase == Phase.DECLARE and passed.player == 3
    held = run(state, "hold", "pass", "pass", "pass")
    assert held.player == 0 and all(text.startswith("declare vole") for text in legal(held))
    state = run(start(SPADES), "bid vole", "pass", "pass", "pass", "declare vole S")
    assert state.contract is not None and state.contract.partner is None
    outcome = sweep(state, 10).outcome()
    assert outcome.made and outcome.breakdown == (("vole", 0),)
