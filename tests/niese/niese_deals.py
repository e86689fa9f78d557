"""Fixed Niese deals and a small driver for the scenario tests (S-NIE; DOSSIER §2c).

Seats are numbered 0..3; with ``dealer=3`` (the default here) seat 0 is eldest: he bids first
and leads to the first trick. Each deal is chosen to exercise a rule; its comment says which
cards matter.
"""

from __future__ import annotations

from pathlib import Path

import drive
from drive import legal, legal_cards, play, run

from solo_rules import GameState, Variant, load_variant, new_game

VARIANT = "niese"

#: Seat 0 holds the five club mackers (CQ C7 SQ CA CK), CJ, H7 and DA; seat 1 holds SA and
#: three low clubs; seat 2 holds HA and the other hearts; seat 3 holds the low diamonds.
MACKERS = ("CQ C7 SQ CA CK CJ H7 DA", "CT C9 C8 SA SK SJ ST S9",
           "HA HK HQ HJ HT H9 H8 S8", "S7 DK DQ DJ DT D9 D8 D7")

#: Seat 0 holds six clubs with the three matadors and DA: in clubs he takes every trick.
SWEEP = ("CQ C7 SQ CA CK CJ CT DA", "C9 C8 SA SK SJ ST S9 H7",
         "HA HK HQ HJ HT H9 H8 S8", "S7 DK DQ DJ DT D9 D8 D7")

#: Seat 0 holds the top two cards of every suit (a Bull Solo); seat 1 holds both black queens.
TOPS = ("CA CK SA SK HA HK DA DK", "CQ CJ CT SQ SJ ST HQ HJ",
        "C9 C8 S9 S8 HT H9 DQ DJ", "C7 S7 H8 H7 DT D9 D8 D7")

#: Seat 0 holds the two lowest cards of every suit; the others two each of the rest.
LOWS = ("C7 C8 S7 S8 H7 H8 D7 D8", "CA CK SA SK HA HK DA DK",
        "CQ CJ SQ SJ HQ HJ DQ DJ", "CT C9 ST S9 HT H9 DT D9")

#: Two cards of every suit each, so that a Kicker must sometimes beat the trick: seat 0 has
#: SA S7 (SA beats any spade led), CK C7 (nothing beats CA).
KICK = ("CK C7 SA S7 H7 H8 D7 D8", "CA C8 SK S8 H9 HA DA DK",
        "CQ C9 SQ S9 HT HK DQ DJ", "CJ CT SJ ST HJ HQ DT D9")

#: Seat 0 has no card with the club symbol; seat 1 holds the top clubs and both black queens.
NO_CLUB = ("SA SK S9 HA HK H9 DA DK", "CA CK CQ CJ SQ SJ HQ HJ",
           "CT C9 C8 ST S8 HT H8 DQ", "C7 S7 H7 DJ DT D9 D8 D7")

#: Seat 0 holds every Ace, and no King: with hearts trumps he must call a King.
ACES = ("CA SA HA DA H7 HJ HT D9", "CK CQ CJ SK SQ SJ HK HQ",
        "CT C9 C8 ST S9 S8 H9 H8", "C7 S7 DK DQ DJ DT D8 D7")

#: Seat 0 holds the three club mackers and nothing else of use: a club Solo fails.
WEAK = ("CQ C7 SQ H7 H8 S7 D7 D8", "CA CK CJ SA SK SJ HA HK",
        "CT C9 C8 ST S9 HQ HJ DA", "S8 HT H9 DK DQ DJ DT D9")


def start(hands: tuple[str, ...], dealer: int = 3, variant: str | Variant = VARIANT) -> GameState:
    """A new Niese hand with fixed ``hands``."""
    return new_game(variant, hands=list(hands), dealer=dealer)


def bid(hands: tuple[str, ...], *bids: str, dealer: int = 3,
        variant: str | Variant = VARIANT) -> GameState:
    """Start ``hands`` and make the given auction actions (``"question"``, ``"pass"``,
    ``"keep"``; a bid name is prefixed with ``bid``)."""
    texts = [b if b in ("pass", "keep") else f"bid {b}" for b in bids]
    return run(start(hands, dealer, variant), *texts)


def play_out(state: GameState) -> GameState:
    """Finish the hand, each seat playing its first legal action (its highest card; going on
    at a First decision)."""
    while not state.is_terminal:
        actions = state.legal_actions()
        go_on = [a for a in actions if a.text == "continue"]
        state = state.apply(go_on[0] if go_on else actions[0])
    return state


def overlay(tmp_path: Path, name: str, rules_yaml: str) -> Variant:
    """A variant file extending ``niese`` with the given ``rules:`` block (indented YAML)."""
    return load_variant(drive.variant_file(tmp_path, VARIANT, rules_yaml, name, status="house"))


__all__ = ["legal", "legal_cards", "play", "run"]
