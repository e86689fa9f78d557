"""Fixed Heart Solo deals (24 cards, three seats) for the scenario tests.

With ``dealer=2`` (the default here) seat 0 is eldest: he bids first and leads to the first trick.
"""

from __future__ import annotations

from drive import legal, play, run

from solo_rules import GameState, new_game

VARIANT = "heart-solo"

#: Seat 0 holds both black queens and six hearts; seat 1 holds H7 and the clubs; seat 2 holds
#: D7, the only diamond, and the spades.
HEARTS = ("CQ SQ HA HK HQ HJ HT H9", "H7 CA CK CJ CT C9 C8 C7", "D7 SA SK SJ ST S9 S8 S7")

#: Seat 0 holds Spadilla and seven cards he can win plain tricks with; Basta and D7 (Manilla
#: when diamonds are trumps) are with seat 2.
LAST = ("CQ HA HK HQ HJ HT H9 SA", "H7 CA CK CJ CT C9 C8 C7", "D7 SQ SK SJ ST S9 S8 S7")

#: LAST played out in colour (diamonds) after everyone passed: seat 0 wins the first seven
#: tricks, seat 2 ruffs SA with D7 and takes the last.
LAST_PLAY = "HA H7 S7 HK C7 S8 HQ C8 S9 HJ C9 ST HT CT SJ H9 CJ SK CQ CK SQ SA CA D7"


def start(hands: tuple[str, ...], dealer: int = 2) -> GameState:
    """A new Heart Solo hand with fixed ``hands``."""
    return new_game(VARIANT, hands=list(hands), dealer=dealer)


texts = legal
__all__ = ["play", "run", "texts"]
