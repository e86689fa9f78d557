"""Fixed deals for the scenario tests of the optional rules (DOSSIER §2g), on Altenburg.

With ``dealer=3`` seat 0 is eldest and declares; each deal's comment says which cards matter.
"""

from __future__ import annotations

from drive import run

from solo_rules import GameState, Phase, new_game

#: Seat 0 holds Spadille (CQ) and the heart top; seat 1's only trump, with hearts trumps, is
#: Basta (SQ); seat 2 holds SA (the Ace seat 0 calls) and three low hearts.
BASTA_ALONE = ("CQ H7 HA HK HQ HJ DA CA", "SQ CK CJ CT DK DQ DJ S9",
               "SA HT H9 H8 S8 S7 C9 DT", "SK SJ ST C8 C7 D9 D8 D7")


def frage(variant: str, hands: tuple[str, ...], trump: str, call: str) -> GameState:
    """A Frage by seat 0 (eldest) in ``trump`` calling ``call``; everyone else passes."""
    state = run(new_game(variant, hands=list(hands), dealer=3), "bid frage")
    while state.phase == Phase.AUCTION:
        state = state.apply("pass")
    return run(state, f"declare frage {trump}", f"call {call}")
