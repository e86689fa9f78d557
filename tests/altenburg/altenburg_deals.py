"""Fixed Altenburg deals and a small driver for the scenario tests.

Seats are numbered 0..3; with ``dealer=3`` (the default here) seat 0 is eldest. Each deal is
chosen to exercise a rule, and its comment says which cards matter.
"""

from __future__ import annotations

from pathlib import Path

import drive
from drive import legal, legal_cards, play, run

from solo_rules import GameState, Phase, new_game

VARIANT = "altenburg-1988"

#: Seat 0 holds Spadille, the heart top and CA, DA; seat 1 holds Basta; seat 2 holds SA (the
#: only Ace seat 0 can call with hearts trumps). Nobody holds both black queens.
SWEEP = ("CQ H7 HA HK HQ HJ DA CA", "SQ HT H9 H8 CK CJ DK DQ",
         "SA S9 S8 S7 CT C9 DJ DT", "SK SJ ST C8 C7 D9 D8 D7")

#: The first five tricks of SWEEP, Frage in hearts calling SA: seat 0 wins each of them himself.
SWEEP_FIVE = "CQ H8 S7 D7 H7 H9 S8 D8 HA HT S9 D9 CA CJ C9 C7 DA DQ DT C8"
#: The sixth trick after SWEEP_FIVE: seat 0 leads HK and Basta (seat 1) takes it.
SWEEP_SIXTH = "HK SQ CT SK"

#: Seat 0 is void in spades and lacks SA and DA (both with seat 2, the partner when either is
#: called); seat 3 holds the low spades a defender leads.
HIDDEN = ("CQ CA H7 HA HK HQ HJ D7", "SQ HT H9 H8 CK CJ DK DQ",
          "SA S9 S8 S7 DA DT C9 CT", "SK SJ ST C8 C7 DJ D9 D8")

#: The first five tricks of HIDDEN, Frage in hearts calling SA: seat 0 wins four, his hidden
#: partner (seat 2) wins the fifth with DA.
HIDDEN_FIVE = "CQ H8 S7 SJ H7 H9 S8 ST HA HT S9 C7 CA CJ C9 C8 D7 DQ DA D8"

#: Seat 0 has seven hearts and Spadille; his partner seat 2 (SA) holds Basta, so with hearts
#: trumps all three matadors are in the party and the party can take every trick.
TOUT = ("CQ H7 HA HK HQ HJ HT DA", "H9 H8 CA CK CJ DK DQ DJ",
        "SQ SA SK ST S9 CT C9 DT", "SJ S8 S7 C8 C7 D9 D8 D7")

#: Seat 0 holds both black queens (the Grossfrage hand) and lacks CA, SA and HA; seat 2 holds
#: CA and HA, seat 3 holds SA.
QUEENS = ("CQ SQ D8 DA HK H9 D9 S9", "CK CJ CT SK SJ ST HJ HT",
          "HA H7 HQ DK DQ DJ DT CA", "SA S8 S7 C9 C8 C7 D7 H8")

#: Seat 0 holds every Ace and the black Kings and DK: with hearts trumps he must call below them.
ACES = ("CQ CA SA HA DA CK SK DK", "SQ HT H9 H8 CJ CT DQ DJ",
        "HK HQ HJ H7 C9 C8 ST S9", "C7 SJ S8 S7 DT D9 D8 D7")


def start(hands: tuple[str, ...], dealer: int = 3, variant: str = VARIANT) -> GameState:
    """A new Altenburg hand with fixed ``hands``."""
    return new_game(variant, hands=list(hands), dealer=dealer)


def frage(hands: tuple[str, ...], trump: str, call: str, dealer: int = 3,
          variant: str = VARIANT) -> GameState:
    """A Frage by seat 0 in ``trump`` calling ``call``: seat 0 bids, everyone else passes.

    Seat 0 speaks first when eldest; otherwise the seats before him pass until he opens.
    """
    state = start(hands, dealer, variant)
    while state.player != 0:
        state = state.apply("pass")
    state = state.apply("bid frage")
    while state.phase == Phase.AUCTION:
        state = state.apply("pass")
    return run(state, f"declare frage {trump}", f"call {call}")


def play_lowest(state: GameState) -> GameState:
    """Play the lowest legal card (by card id) for every seat until play stops at a decision or
    at the end."""
    while state.phase == Phase.PLAY:
        state = state.apply_unchecked(state.legal_actions()[0])
    return state


def play_out(state: GameState) -> GameState:
    """Finish the hand: the lowest legal card each time, and the first decision offered
    (``stop`` before ``continue``, ``pass`` before ``ask partner``)."""
    while not state.is_terminal:
        state = play_lowest(state)
        if state.phase == Phase.DECIDE:
            state = state.apply_unchecked(state.legal_actions()[0])
    return state


def variant_file(folder: Path, rules: str, name: str = "altenburg-changed") -> str:
    """A variant file ``extends: altenburg-1988`` with the YAML ``rules`` block; its path."""
    return str(drive.variant_file(folder, VARIANT, rules, name))


__all__ = ["legal", "legal_cards", "play", "run"]
