"""Fixed Rothspitzen and Spitzeln deals (24 cards, three seats) for the scenario tests.

With ``dealer=2`` (the default here) seat 0 is forehand: he bids first and leads to the first
trick; seat 2, the dealer, sets the Stamm. In the Rothspitzen pack Roth (hearts) is only H7 and
Schellen (diamonds) has no eight.
"""

from __future__ import annotations

from drive import legal, play, run

from solo_rules import GameState, new_game

ROTH = "rothspitzen"
SPITZELN = "spitzeln"

#: Seat 0 holds every club but the Eichel-Ober, with the Grün-Ober: with clubs trumps he holds
#: no matador in the run from the top (the Eichel-Ober is seat 1's), and wins the first five
#: tricks with his high clubs while seat 1 may keep back his only trump, a matador.
SWEEP = ("C7 SQ CA CK CJ CT C9 C8", "CQ SA SK SJ ST S9 S8 S7", "H7 DA DK DQ DJ DT D9 D7")
#: SWEEP's first five tricks: seat 0 leads the clubs from the top, seat 1 keeps back the
#: Eichel-Ober and throws spades, seat 2 diamonds.
FIVE = "CA S7 D7 CK S8 D9 CJ S9 DT CT ST DJ C9 SJ DQ"

#: Seat 0 holds the Eichel-Ober and three more clubs, no trump seven: with clubs trumps his
#: matadors are the Eichel-Ober alone. He takes exactly four tricks (BETE) and is bête.
FOUR = ("CQ CA CK CJ ST S9 S8 S7", "C7 SQ CT C9 C8 SA SK SJ", "H7 DA DK DQ DJ DT D9 D7")
BETE = "CQ C8 D7 CA C9 D9 CK CT DT CJ SJ DJ S7 SA DQ SK DK S8 SQ DA S9 C7 H7 ST"


def start(hands: tuple[str, ...], dealer: int = 2, variant: str = ROTH) -> GameState:
    """A new hand with fixed ``hands``."""
    return new_game(variant, hands=list(hands), dealer=dealer)


__all__ = ["legal", "play", "run"]
