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

#: Seat 0 holds six clubs with Spadille and Manille, HK and D7; seat 1 holds Basta and HA; seat
#: 2 holds DA (the card seat 0 calls in a club Frage).
CLUBS = ("CQ C7 CA CK CJ CT HK D7", "SQ C9 C8 HA HQ DK DQ DJ",
         "SA S9 S8 S7 HJ HT DA DT", "SK SJ ST H9 H8 H7 D9 D8")
#: A club Frage on CLUBS calling DA: seat 1 takes trick 1 with HA, the partner (seat 2) trick
#: 2 with DA, seat 0 the next three; the party has four of the first five, so no prime.
CLUBS_FIVE = "HK HA HJ H9 DK DA D8 D7 S7 SK CT DJ CQ C8 S8 ST C7 C9 S9 SJ"

#: Seat 1 holds Manille (H7) and three low hearts; seat 2's only trump, with hearts trumps, is
#: Basta (SQ), and he holds SA, the Ace seat 0 calls.
MANILLE_OVER = ("CQ HA HK HQ HJ DA CA D7", "H7 HT H9 H8 CK CJ DK DQ",
                "SQ SA S9 S8 CT C9 DT DJ", "SK SJ ST S7 C8 C7 D9 D8")
