"""Fixed Foster deals and a small driver for the scenario tests.

Seats are numbered 0..3; with ``dealer=3`` (the default here) seat 0 is eldest: he bids first
and leads to the first trick. Each deal's comment says which cards matter.
"""

from __future__ import annotations

from pathlib import Path

import drive
from drive import legal, play, run

from solo_rules import GameState, new_game

VARIANT = "foster"

#: Seat 0 holds both black queens and the eight highest hearts trumps, so in hearts he takes
#: every trick; he also holds HA. CA is with seat 1, SA with seat 2, DA with seat 3.
SWEEP = ("CQ SQ H7 HA HK HQ HJ HT", "H9 H8 CA CK CJ CT C9 C8",
         "SA SK SJ ST S9 S8 S7 C7", "DA DK DQ DJ DT D9 D8 D7")

#: The first five tricks of SWEEP in hearts: seat 0 leads his top trumps and wins each one.
SWEEP_FIVE = "CQ H8 S7 D7 H7 H9 S8 D8 SQ C8 S9 D9 HA C9 ST DT HK CT SJ DJ"

#: Seat 0 has a fair club hand: Spadille, Manille, CA, CK and three low hearts; SA and HA are
#: with seat 2, his partner when either is called; Basta is with seat 1.
CLUBS = ("CQ C7 CA CK H9 H8 H7 D7", "SQ CJ CT HK HQ DK DQ DJ",
         "SA HA C9 C8 S7 DA DT D9", "SK SJ ST S9 S8 HJ HT D8")

#: With clubs trumps and SA called, seat 0 leads three top trumps, Basta (seat 1) takes the
#: third trick, and his hidden partner seat 2 takes tricks 4 to 6 with HA, SA and DA: the
#: party's fifth trick is trick 6 (EX-24, EX-26).
CLUBS_SIX = "CQ CT C8 S8 C7 CJ C9 S9 CA SQ D9 ST HK HA HT H7 SA SK H8 DJ DA D8 D7 DQ"

#: Spadille with seat 0, Basta with seat 1 (the CLUBS deal): nobody holds both black queens.
SPLIT = CLUBS

#: Seat 0 holds the five top hearts trumps but Basta is with seat 1: in hearts he sweeps five
#: tricks and then loses the sixth to CA.
GO_ON = ("CQ H7 HA HK HQ C7 S7 S8", "SQ HJ CA CK CJ CT C9 DA",
         "HT H9 SA SK SJ ST S9 DK", "H8 C8 DQ DJ DT D9 D8 D7")

#: The first five tricks of GO_ON in hearts: seat 0 wins each with a top trump.
GO_ON_FIVE = "CQ HJ H9 H8 H7 SQ HT D7 HA C9 S9 D8 HK CT ST D9 HQ CJ SJ DT"

#: Seat 0 has four top hearts trumps (not Basta) and four low cards: a heart Solo takes 4 tricks.
FOUR = ("CQ H7 HA HK C7 C8 S7 S8", "SQ HQ CA CK CJ CT C9 DA",
        "HJ HT SA SK SJ ST S9 DK", "H9 H8 DQ DJ DT D9 D8 D7")

#: FOUR played out in hearts: seat 0 wins tricks 1 to 4, seat 1 tricks 5 to 8.
FOUR_PLAY = ("CQ HQ HT H8 H7 SQ HJ H9 HA C9 S9 D7 HK CT ST D8 C7 CA SJ D9 CK DK DT C8 "
             "CJ SA DJ S7 DA SK DQ S8")

#: Seat 0 holds DA and seven hearts trumps with both black queens: a Simple in hearts calling
#: his own DA (a self-call) sweeps the first five tricks.
SELF = ("CQ SQ H7 HK HQ HJ HT DA", "HA H9 H8 CA CK CJ CT C9",
        "SA SK SJ ST S9 S8 S7 C8", "DK DQ DJ DT D9 D8 D7 C7")

#: The first five tricks of SELF in hearts, all won by seat 0.
SELF_FIVE = "CQ H8 S7 D7 H7 H9 S8 D8 SQ HA S9 D9 HK C9 ST DT HQ CT SJ DJ"


def start(hands: tuple[str, ...], dealer: int = 3, variant: str | Path = VARIANT) -> GameState:
    """A new hand of ``variant`` with fixed ``hands``."""
    return new_game(str(variant), hands=list(hands), dealer=dealer)


def variant_file(tmp_path: Path, rules_yaml: str, parent: str = VARIANT) -> Path:
    """A variant file extending ``parent`` with the given ``rules:`` body (to test a parameter's
    alternative value)."""
    return drive.variant_file(tmp_path, parent, rules_yaml, "test-variant")


texts = legal
__all__ = ["play", "run", "texts"]
