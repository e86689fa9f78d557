"""Altenburg 1988 declaration: trumps, the called card, Grossfrage and Tout (S-WIK; DOSSIER §2a,
AMB-05, 07, 11, 60; EX-41)."""

from __future__ import annotations

from altenburg_deals import ACES, HIDDEN, QUEENS, SWEEP, frage, legal, run, start

from solo_rules import Card, GameState, Phase, Suit


def _frage_declared(hands: tuple[str, ...], trump: str) -> GameState:
    state = run(start(hands), "bid frage", "pass", "pass", "pass", f"declare frage {trump}")
    assert state.phase == Phase.CALL and state.player == 0
    return state


def _grossfrage_declared(declaration: str) -> GameState:
    return run(start(QUEENS), "bid frage", "pass", "pass", "pass", declaration)


def test_frage_declarer_names_trumps() -> None:
    """S-WIK: "In a Frage, the declarer aims to take five of the eight tricks with the help of a
    partner. The declarer chooses the trump suit" """
    for letter, suit in (("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("S", Suit.SPADES)):
        state = _frage_declared(HIDDEN, letter)
        assert state.contract is not None and state.contract.trump == suit


def test_frage_calls_a_plain_suit_ace_he_lacks() -> None:
    """S-WIK: "names a plain suit Ace he or she does not have. For example, the declarer may say
    "Hearts with the Ace of Leaves" and whoever holds that Ace becomes the declarer's partner." """
    state = _frage_declared(HIDDEN, "H")  # seat 0 holds CA and HA, lacks SA and DA
    assert legal(state) == ["call SA", "call DA"]
    state = run(state, "call SA")
    assert state.contract is not None
    assert state.contract.called == Card.SA and state.contract.partner == 2
    assert state.phase == Phase.PLAY


def test_called_ace_may_not_be_of_the_trump_suit() -> None:
    """S-WIK: "names a plain suit Ace he or she does not have" (the trump Ace is not a plain-suit
    Ace)."""
    assert legal(_frage_declared(HIDDEN, "S")) == ["call DA"]
    assert legal(_frage_declared(HIDDEN, "D")) == ["call SA"]


def test_declarer_may_not_call_a_card_he_holds() -> None:
    """S-WIK: "names a plain suit Ace he or she does not have" """
    state = _frage_declared(HIDDEN, "H")
    assert "call CA" not in legal(state)
    assert "call HA" not in legal(state)


def test_king_fallback_when_every_plain_ace_is_held() -> None:
    """S-WIK: "If all four Aces are held, the declarer may call a King in one of the plain
    suits." Holding the three plain-suit Aces is enough (AMB-11)."""
    hands = ("CQ CA SA DA H7 HK H8 C7", "SQ HA HT H9 CK CJ DQ DJ",
             "HQ HJ SK ST S9 C9 C8 DK", "CT SJ S8 S7 DT D9 D8 D7")
    state = _frage_declared(hands, "H")  # seat 0 lacks HA, the trump Ace
    assert legal(state) == ["call CK", "call SK", "call DK"]


def test_fallback_goes_to_the_next_rank_he_lacks() -> None:
    """AMB-11 (editorial below the King): "If he holds those Kings too, he calls the next rank
    down that he lacks." The black queens are matadors and cannot be called."""
    state = _frage_declared(ACES, "H")
    assert legal(state) == ["call DQ"]


def test_declarer_may_call_in_a_void_suit() -> None:
    """AMB-60: calling the Ace of a suit the declarer is void in is allowed ("No Solo source
    restricts it")."""
    state = _frage_declared(HIDDEN, "H")
    assert not state.hand(0).of_suit(Suit.SPADES)
    state = run(state, "call SA")
    assert state.contract is not None and state.contract.called == Card.SA


def test_frage_partner_stays_hidden() -> None:
    """S-WIK: "The partner must not reveal this; instead their identity will become clear during
    play." """
    state = frage(HIDDEN, "H", "SA")
    assert not state.partner_revealed
    assert state.view(0).partner is None
    assert state.view(1).partner is None
    assert state.view(2).partner == 2


def test_grossfrage_partner_revealed_at_once_and_names_trumps() -> None:
    """S-WIK: "The declarer names a plain suit Ace and whoever holds that Ace will be declarer's
    partner. This time the partner must reveal this and choose the trump suit" """
    state = _grossfrage_declared("declare grossfrage")
    assert legal(state) == ["call CA", "call SA", "call HA"]
    state = run(state, "call HA")
    assert state.phase == Phase.TRUMP and state.player == 2
    assert state.partner_revealed
    assert state.view(1).partner == 2
    state = run(state, "trump D")
    assert state.contract is not None and state.contract.trump == Suit.DIAMONDS
    assert state.phase == Phase.PLAY


def test_grossfrage_partner_may_not_name_the_called_suit() -> None:
    """EX-41. S-WIK: "choose the trump suit, which may not be the suit of the called Ace." """
    state = run(_grossfrage_declared("declare grossfrage"), "call HA")
    assert legal(state) == ["trump C", "trump S", "trump D"]


def test_acorn_grossfrage_binds_partner_to_clubs() -> None:
    """S-WIK: "a Grossfrage in Acorns has precedence over the same contract in other suits."
    AMB-07: bidding it obliges the called partner to name Acorns, so the club Ace is not called."""
    state = _grossfrage_declared("declare grossfrage C")
    assert legal(state) == ["call SA", "call HA"]
    state = run(state, "call HA")
    assert legal(state) == ["trump C"]


def test_mussfrage_is_played_like_a_grossfrage() -> None:
    """S-WIK: "This is played like a Grossfrage but scores less than a Frage." The Spadille
    holder calls an Ace; its holder reveals himself and names trumps."""
    state = run(start(SWEEP, dealer=0), "pass", "pass", "pass", "pass", "declare mussfrage")
    assert legal(state) == ["call SA"]
    state = run(state, "call SA")
    assert state.player == 2 and state.partner_revealed
    assert legal(state) == ["trump C", "trump H", "trump D"]


def test_mussfrage_with_every_ace_calls_a_king() -> None:
    """AMB-51 (editorial): "He calls a King." S-WIK: "If all four Aces are held, the declarer may
    call a King in one of the plain suits." """
    state = run(start(ACES), "pass", "pass", "pass", "pass")
    assert state.player == 0
    assert legal(run(state, "declare mussfrage")) == ["call HK"]


def test_tout_is_announced_with_the_declaration() -> None:
    """S-WIK: "6 points for Tout if it was announced along with the declaration" (AMB-05)."""
    state = run(start(SWEEP), "bid frage", "pass", "pass", "pass")
    assert {"declare frage H tout", "declare solo H tout"} <= set(legal(state))
    state = run(state, "declare frage H tout", "call SA")
    assert state.contract is not None and state.contract.tout
    assert state.view(3).tout
