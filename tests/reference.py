"""An independent reference for effective suits and trick winners, from DOSSIER §1.3-§1.4.

The orders are written out card by card from the dossier's tables (and S-NIE's "Trump
Structure", EX-01..04), not computed from ``solo_rules.ranking``, so that a test comparing the
two catches a mistake in either. Cards are plain text here (``"CQ"``, ``"H7"``); a trump is a
suit letter, or ``None`` for a contract without trumps.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "NO_TRUMP_ORDER",
    "PLAIN_ORDER_UNDER_TRUMP",
    "QUADRILLE_PLAIN_ORDER",
    "QUADRILLE_TRUMP_ORDER",
    "TRUMP_ORDER",
    "effective_suit",
    "trick_winner",
]

#: The trumps of each trump suit, highest first: ♣Q, the trump 7, ♠Q, then the suit without a
#: black queen (DOSSIER §1.4 rows "Black trump" and "Red trump"; S-NIE: "Clubs (highest value):
#: ♣Q, ♣7, ♠Q, ♣A, ♣K, ♣J, ♣10, ♣9, ♣8.").
TRUMP_ORDER: dict[str, tuple[str, ...]] = {
    "C": ("CQ", "C7", "SQ", "CA", "CK", "CJ", "CT", "C9", "C8"),
    "S": ("CQ", "S7", "SQ", "SA", "SK", "SJ", "ST", "S9", "S8"),
    "H": ("CQ", "H7", "SQ", "HA", "HK", "HQ", "HJ", "HT", "H9", "H8"),
    "D": ("CQ", "D7", "SQ", "DA", "DK", "DQ", "DJ", "DT", "D9", "D8"),
}

#: A plain suit under a trump contract, highest first: a black suit has lost its queen to the
#: matadors (7 cards), a red suit keeps all 8 (DOSSIER §1.4 rows "Black plain suit" and "Red
#: plain suit"; S-002: "Black plain suits contain 7 cards, and red plain suits contain 8 cards").
PLAIN_ORDER_UNDER_TRUMP: dict[str, tuple[str, ...]] = {
    "C": ("CA", "CK", "CJ", "CT", "C9", "C8", "C7"),
    "S": ("SA", "SK", "SJ", "ST", "S9", "S8", "S7"),
    "H": ("HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7"),
    "D": ("DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7"),
}

#: Every suit in a contract without trumps, highest first (DOSSIER §1.4 row "No trump"; S-NIE:
#: "Nothing is trump. Aces are high and 7s are low."; AMB-50: the black queens are ordinary).
NO_TRUMP_ORDER: dict[str, tuple[str, ...]] = {
    "C": ("CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7"),
    "S": ("SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7"),
    "H": ("HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7"),
    "D": ("DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7"),
}


#: Quadrille's trumps, highest first (ADDENDUM EX-78; S-PAR's rank table; S-CHA: "the number of
#: trump cards is eleven, and twelve when fl [a] red suit is trumps").
QUADRILLE_TRUMP_ORDER: dict[str, tuple[str, ...]] = {
    "C": ("SA", "C2", "CA", "CK", "CQ", "CJ", "C7", "C6", "C5", "C4", "C3"),
    "S": ("SA", "S2", "CA", "SK", "SQ", "SJ", "S7", "S6", "S5", "S4", "S3"),
    "H": ("SA", "H7", "CA", "HA", "HK", "HQ", "HJ", "H2", "H3", "H4", "H5", "H6"),
    "D": ("SA", "D7", "CA", "DA", "DK", "DQ", "DJ", "D2", "D3", "D4", "D5", "D6"),
}

#: Quadrille's plain suits, highest first, whatever is trump (EX-79; S-CHA: "king, queen, knave,
#: ace, deuce, three, four, five, six, seven"): a black suit has lost its Ace to the matadors.
QUADRILLE_PLAIN_ORDER: dict[str, tuple[str, ...]] = {
    "C": ("CK", "CQ", "CJ", "C7", "C6", "C5", "C4", "C3", "C2"),
    "S": ("SK", "SQ", "SJ", "S7", "S6", "S5", "S4", "S3", "S2"),
    "H": ("HK", "HQ", "HJ", "HA", "H2", "H3", "H4", "H5", "H6", "H7"),
    "D": ("DK", "DQ", "DJ", "DA", "D2", "D3", "D4", "D5", "D6", "D7"),
}


def effective_suit(card: str, trump: str | None) -> str:
    """``"T"`` for a trump, else the card's printed suit letter (DOSSIER §1.6 item 2)."""
    if trump is not None and card in TRUMP_ORDER[trump]:
        return "T"
    return card[0]


def trick_winner(cards: Sequence[str], trump: str | None, quadrille: bool = False) -> int:
    """The index (led card first) of the card that wins: the highest trump, else the highest
    card of the led suit (DOSSIER §1.6 item 3); with ``quadrille``, by Quadrille's orders."""
    if quadrille:
        assert trump is not None  # Quadrille has no contract without trumps
        trumps = [card for card in cards if card in QUADRILLE_TRUMP_ORDER[trump]]
        if trumps:
            return cards.index(min(trumps, key=QUADRILLE_TRUMP_ORDER[trump].index))
        order = QUADRILLE_PLAIN_ORDER[cards[0][0]]
    elif trump is not None:
        trumps = [card for card in cards if card in TRUMP_ORDER[trump]]
        if trumps:
            return cards.index(min(trumps, key=TRUMP_ORDER[trump].index))
        order = PLAIN_ORDER_UNDER_TRUMP[cards[0][0]]
    else:
        order = NO_TRUMP_ORDER[cards[0][0]]
    following = [card for card in cards if card in order]
    return cards.index(min(following, key=order.index))
