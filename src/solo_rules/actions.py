"""Actions: interned, hashable, with a stable int id and a text form that parses back.

One grammar serves every variant (``docs/actions.md`` lists it):

==================  ===========  ==========================================================
text                id           meaning
==================  ===========  ==========================================================
``play CQ``         0..31        play a card (the id is the card)
``call SA``         32..63       call a card as partner card
``trump H``         64..67       name trumps (the called partner in Grossfrage, Forcée, ...)
``pass``            68           pass in the auction, or decline an offered decision
``hold``            69           hold the standing bid ("yes"; also accepted as ``yes``)
``stop``            70           stop after the first tricks for prime / First
``continue``        71           go on for all the tricks (Durchmarsch / Tout / Last)
``ask partner``     72           ask "Helfer?": the called partner must reveal himself
``keep``            73           keep a bid that was overcalled (Niese IsIt keep rule)
``bid NAME``        100 + k      the variant's k-th bid (``bid frage``, ``bid solo@C``)
``declare ...``     1000 + ...   contract, trumps and announcements (``declare solo H tout``)
==================  ===========  ==========================================================

Ids of cards and of the fixed words are the same in every variant; bid and declaration ids are
stable for a given variant file (they follow the order of its bid and contract lists).
"""

from __future__ import annotations

import attrs

__all__ = [
    "ASK",
    "BID_BASE",
    "CALL_BASE",
    "CONTINUE",
    "DECLARE_BASE",
    "HOLD",
    "KEEP",
    "PASS",
    "STOP",
    "TRUMP_BASE",
    "Action",
]

CALL_BASE = 32
TRUMP_BASE = 64
PASS = 68
HOLD = 69
STOP = 70
CONTINUE = 71
ASK = 72
KEEP = 73
BID_BASE = 100
DECLARE_BASE = 1000

WORDS: dict[int, str] = {
    PASS: "pass",
    HOLD: "hold",
    STOP: "stop",
    CONTINUE: "continue",
    ASK: "ask partner",
    KEEP: "keep",
}


@attrs.frozen(slots=True, order=False)
class Action:
    """One action of a variant. Compare and hash by id; ``str()`` gives the text form."""

    id: int
    text: str = attrs.field(eq=False)

    @property
    def kind(self) -> str:
        """``play``, ``call``, ``trump``, ``bid``, ``declare`` or the fixed word itself."""
        if self.id < CALL_BASE:
            return "play"
        if self.id < TRUMP_BASE:
            return "call"
        if self.id < PASS:
            return "trump"
        if self.id < BID_BASE:
            return WORDS[self.id]
        return "bid" if self.id < DECLARE_BASE else "declare"

    def __str__(self) -> str:
        return self.text

    def __lt__(self, other: Action) -> bool:
        return self.id < other.id
