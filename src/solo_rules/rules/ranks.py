"""The card order (rulebook slot ``ranks``; DOSSIER §1.3, §1.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from solo_rules.cards import PIQUET_RANKS, Card, Rank
from solo_rules.ranking import Ranking
from solo_rules.rules.slots import RankRules, pack_of
from solo_rules.schema import Clause, RuleModule, register

__all__ = ["RANK_WORDS", "MatadorTrumps", "OmbreTrumps", "rank_list"]

#: The English name of each rank, by ``Rank`` (Ace first), for the rulebook's prose.
RANK_WORDS = ("Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven", "Six", "Five",
              "Four", "Three", "Two")

def rank_list(value: object) -> tuple[Rank, ...]:
    """Convert a list of rank letters (``A K Q J T 9 8 7``, ``10`` for T) without repeats."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"expected a list of ranks, got {value!r}")
    ranks = tuple(v if isinstance(v, Rank) else _letter(str(v)) for v in value)
    if len(set(ranks)) != len(ranks):
        raise ValueError(f"a rank list may not repeat a rank, got {value!r}")
    return ranks


def _order(value: object) -> tuple[Rank, ...]:
    ranks = rank_list(value)
    if sorted(ranks) != list(PIQUET_RANKS):
        raise ValueError(f"a rank order must name each of A K Q J T 9 8 7 once, got {value!r}")
    return ranks


def _letter(text: str) -> Rank:
    letter = {"10": "T"}.get(text, text).upper()
    for rank in Rank:
        if rank.letter == letter:
            return rank
    raise ValueError(f"unknown rank {text!r}: use A K Q J T (or 10) 9 8 7")


@register("ranks", "ranks.matador_trumps")
@attrs.frozen
class MatadorTrumps(RuleModule, RankRules):
    """Spadille, the trump seven and Basta head the trumps; natural order below [S-WIK,
    S-NIE, S-FOS]. With no trumps the plain order holds in every suit (AMB-50); with
    ``no_trump_queens: matadors`` the black-queen matadors stay the only trumps (AMB-50,
    EDITORIAL)."""

    matadors: tuple[str, ...] = ("CQ", "trump_seven", "SQ")
    #: what the source calls the matadors, highest first (Spadille, Manille, Basta in S-WIK)
    names: tuple[str, ...] = ("Spadille", "Manille", "Basta")
    plain_order: tuple[Rank, ...] = attrs.field(default=PIQUET_RANKS, converter=_order)
    no_trump_order: tuple[Rank, ...] = attrs.field(default=PIQUET_RANKS, converter=_order)
    #: in a contract without trumps the black queens go back ``to_suits`` (AMB-50), or stay
    #: ``matadors``: the only trumps, in matador order, members of no suit
    no_trump_queens: Literal["to_suits", "matadors"] = "to_suits"

    def __attrs_post_init__(self) -> None:
        for name in self.matadors:
            if name != "trump_seven" and name not in Card.__members__:
                raise ValueError(f"unknown matador {name!r}: a card like CQ, or trump_seven")

    @property
    def ranking(self) -> Ranking:
        """The ranking tables of this card order."""
        queens = (tuple(name for name in self.matadors if name != "trump_seven")
                  if self.no_trump_queens == "matadors" else ())
        return Ranking(self.matadors, self.plain_order, self.no_trump_order, queens)

    def describe(self) -> list[Clause]:
        return self._describe(frozenset(PIQUET_RANKS))

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """The order of the ranks the pack has: Münsterland's 24 cards have no 9s or 8s
        [S-DEWIKI "Ass, König, Dame, Bube, 10, 7"]."""
        return self._describe(frozenset(card.rank for card in pack_of(slots).cards))

    def _describe(self, dealt: frozenset[Rank]) -> list[Clause]:
        def order(ranks: tuple[Rank, ...]) -> str:
            return " ".join("10" if r is Rank.TEN else r.letter for r in ranks if r in dealt)

        names = []
        for position, name in enumerate(self.matadors):
            card = "the seven of trumps" if name == "trump_seven" else Card[name].symbol_text
            label = self.names[position] if position < len(self.names) else "matador"
            names.append(f"{card} ({label})")
        return [
            Clause("The highest trumps, whatever suit is trump, are in order " + ", ".join(names)
                   + "; together they are the matadors.", "matadors", ("names",)),
            Clause("A black queen that is a matador belongs to the trump suit only, never to its "
                   "printed suit.", "matadors"),
            Clause(f"Below the matadors the trumps, and every plain suit, rank "
                   f"{order(self.plain_order)}.", "plain_order"),
            Clause(("In a contract without trumps there are no matadors: every card keeps its "
                    "suit and ranks " if self.no_trump_queens == "to_suits" else
                    "In a contract without trumps the matadors that are fixed cards stay "
                    "matadors: they are the only trumps, in the order above, and belong to no "
                    "suit; every other card keeps its suit and ranks ")
                   + order(self.no_trump_order) + ".",
                   "no_trump_order", ("no_trump_queens",), needs="no_trump"),
        ]


def _ombre_order(value: object) -> tuple[Rank, ...]:
    ranks = rank_list(value)
    if not set(ranks) <= _FORTY_RANKS:
        raise ValueError(f"a Quadrille order names ranks of the forty-card pack (A K Q J 7 6 5 4 "
                         f"3 2), got {value!r}")
    return ranks


_FORTY_RANKS = frozenset(Rank) - {Rank.TEN, Rank.NINE, Rank.EIGHT}


@register("ranks", "ranks.ombre_trumps")
@attrs.frozen
class OmbreTrumps(RuleModule, RankRules):
    """Quadrille's card order, which depends on the colour of the trump suit: Spadille (♠A),
    Manille (the trump deuce in black, the trump seven in red) and Basto (♣A) head the trumps;
    black suits rank K Q J 7 .. 2, red suits K Q J A 2 .. 7, and in a red trump suit its Ace
    (Punto) heads the trumps below the matadors [S-CHA, S-PAR, S-HOY p. 265]."""

    black_matadors: tuple[str, ...] = ("SA", "trump_two", "CA")
    red_matadors: tuple[str, ...] = ("SA", "trump_seven", "CA")
    names: tuple[str, ...] = ("Spadille", "Manille", "Basto")
    black_order: tuple[Rank, ...] = attrs.field(
        default=(Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
                 Rank.THREE, Rank.TWO), converter=_ombre_order)
    red_order: tuple[Rank, ...] = attrs.field(
        default=(Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR,
                 Rank.FIVE, Rank.SIX, Rank.SEVEN), converter=_ombre_order)
    #: whether a red trump suit's Ace (Punto) is raised to the head of its suit
    punto: bool = True

    def __attrs_post_init__(self) -> None:
        for name in (*self.black_matadors, *self.red_matadors):
            if name not in ("trump_seven", "trump_two") and name not in Card.__members__:
                raise ValueError(f"unknown matador {name!r}: a card like SA, or trump_two or "
                                 "trump_seven")

    @property
    def ranking(self) -> Ranking:
        """The ranking tables of this card order."""
        return Ranking(self.black_matadors, self.black_order, self.black_order, (),
                       self.red_matadors, self.red_order, Rank.ACE if self.punto else None)

    def describe(self) -> list[Clause]:
        def order(ranks: tuple[Rank, ...]) -> str:
            return " ".join(rank.letter for rank in ranks)

        def matadors(names: tuple[str, ...], colour: str) -> str:
            return ", ".join(
                (f"the {'seven' if name == 'trump_seven' else 'deuce'} of trumps"
                 if name.startswith("trump_") else Card[name].symbol_text)
                + f" ({self.names[position] if position < len(self.names) else 'matador'})"
                for position, name in enumerate(names)) + f" when a {colour} suit is trump"

        clauses = [
            Clause("The highest trumps, whatever suit is trump, are in order "
                   + matadors(self.black_matadors, "black") + ", and "
                   + matadors(self.red_matadors, "red") + "; together they are the matadors.",
                   "black_matadors", ("red_matadors", "names")),
            Clause("A matador belongs to the trump suit only, never to its printed suit.",
                   "black_matadors"),
            Clause(f"Below the matadors a black suit ranks {order(self.black_order)}, trump or "
                   f"not; the red suits, when not trump, rank {order(self.red_order)}.",
                   "black_order", ("red_order",)),
        ]
        if self.punto:
            clauses.append(Clause(
                "When a red suit is trump, its Ace (Punto) is raised to the highest trump below "
                "the matadors; it is not a matador.", "punto"))
        return clauses
