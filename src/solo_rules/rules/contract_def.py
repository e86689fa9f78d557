"""One contract of a variant's ladder, as data (DOSSIER §1.7, §1.8, §2a)."""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from solo_rules.bounds import Limit
from solo_rules.cards import Card, Suit
from solo_rules.ranking import Trump
from solo_rules.rules.params import cards, optional_suit

__all__ = ["ContractDef", "suit_word"]

_SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")


def suit_word(suit: Suit) -> str:
    """The English plural name of a suit."""
    return _SUIT_WORDS[suit]


@attrs.frozen
class ContractDef:
    """One contract: ``trump_by`` is ``declarer``, ``partner`` (the called partner names them),
    ``fixed`` (``suit``) or ``none`` (no trumps). ``misere``: the declarer must take no trick;
    ``must_head``: a declarer who follows suit must beat the trick if he can (S-NIE Kicker,
    AMB-32); ``shows``: cards laid face up for the table, none, the ``required`` cards (S-NIE
    Ladies), the required cards ``shown`` to the table as the declarer announces and taken
    back into his hand, known to all until played (S-MAL's "gewiesenes" Spiel, AMB-61), or the
    whole ``hand`` (S-NIE Bronco, AMB-34), once ``shows_after`` tricks are
    complete (0: before the opening lead; 1: after the first trick, AMB-34).
    ``drawn_at``: the party's tricks at which the game is drawn and nobody pays (S-MAL's pair
    game "um die meisten Stiche" at 4-4, AMB-65); ``None``: none.
    ``single_player``: who plays alone against the rest: the ``declarer`` (with his partner,
    if any), or, for a contract nobody declares, the ``last_trick_winner``, who loses the value
    (S-FOS Heart Solo, AMB-25)."""

    id: str
    name: str
    partner: Literal["none", "called_card"] = "none"
    trump_by: Literal["declarer", "partner", "fixed", "none"] = "declarer"
    suit: Suit | None = attrs.field(default=None, validator=optional_suit)
    tricks: int = 5
    base: int = 1
    forced: bool = False
    tout: bool = True
    requires: tuple[Card, ...] = attrs.field(default=(), validator=cards)
    misere: bool = False
    must_head: bool = False
    #: how a ``must_head`` declarer goes: ``over`` the trick when following (AMB-32 a),
    #: ``under`` it (b), or over it even when void, trumping if he can (c)
    head: Literal["over", "under", "over_even_void"] = "over"
    shows: Literal["none", "required", "shown", "hand"] = "none"
    shows_after: int = attrs.field(default=0, validator=attrs.validators.in_(range(8)))
    single_player: Literal["declarer", "last_trick_winner"] = "declarer"
    drawn_at: int | None = None

    #: a target, a draw and a showing are counts of tricks, so within a hand
    limits: ClassVar = {"tricks": Limit(0, "hand"), "drawn_at": Limit(0, "hand"),
                        "shows_after": Limit(0, "hand")}

    def __attrs_post_init__(self) -> None:
        if self.trump_by == "fixed" and self.suit is None:
            raise ValueError(f"contract {self.id!r}: trump_by fixed needs suit C, S, H or D")

    @property
    def requires_mask(self) -> int:
        """The cards the declarer must hold to bid or declare it."""
        mask = 0
        for card in self.requires:
            mask |= 1 << card
        return mask

    def brief(self, suit: Suit | None = None, tout: bool = False, tout_bonus: int = 0) -> str:
        """A contract in a few words, for a player choosing it: ``Frage: ♥ trumps, with a partner
        called by a card, take 5 tricks; base value 2`` (the rulebook clause in brief); an
        announced Tout adds its ``tout_bonus`` to the value."""
        trumps = {"declarer": f"{suit.symbol} trumps" if suit is not None else "you name trumps",
                  "partner": "the called partner names trumps",
                  "fixed": f"{(self.suit or Suit.CLUBS).symbol} trumps",
                  "none": "no trumps"}[self.trump_by]
        if self.trump_by == "partner" and suit is not None:
            trumps += f" ({suit.symbol} bound)"
        if self.single_player == "last_trick_winner":
            return (f"{self.name}: {trumps}, everyone for himself, the winner of the last "
                    f"trick loses; base value {self.base}")
        side = "with a partner called by a card" if self.partner == "called_card" else "alone"
        goal = ("take no trick" if self.misere else "take every trick, Tout announced" if tout
                else f"take {self.tricks} tricks")
        extra = ""
        if self.must_head:
            extra += ", beat the trick when following" if self.head != "under" \
                else ", stay under the trick when following"
        if self.shows == "hand":
            extra += ", your hand laid face up"
        elif self.shows == "required":
            extra += ", the cards it needs laid face up"
        if self.requires:
            extra += ", needs " + " ".join(Card(card).symbol_text for card in self.requires)
        forced = " (forced: everyone passed)" if self.forced else ""
        value = f"base value {self.base}"
        if tout and tout_bonus:
            value += f" + {tout_bonus} for Tout announced = {self.base + tout_bonus}"
        return f"{self.name}: {trumps}, {side}, {goal}{extra}; {value}{forced}"

    def trump_suits(self) -> tuple[Suit | None, ...]:
        """The suits a declaration of this contract may name (``None``: it names none, the
        trumps being fixed, absent, or named by the partner)."""
        return _EVERY_SUIT if self.trump_by == "declarer" else (None,)

    def possible_trumps(self) -> tuple[Trump, ...]:
        """The trumps a hand of this contract can be played with."""
        if self.trump_by == "none":
            return (Trump.NONE,)
        if self.trump_by == "fixed":
            return (Trump.of(self.suit or Suit.CLUBS),)
        return tuple(Trump.of(suit) for suit in Suit)

    def trump_of(self, suit: Suit | None) -> Trump | None:
        """The trumps of this contract declared with ``suit``: ``None`` while the partner has
        yet to name them."""
        if self.trump_by == "none":
            return Trump.NONE
        if self.trump_by == "fixed":
            return Trump.of(self.suit or Suit.CLUBS)
        if self.trump_by == "partner" or suit is None:
            return None
        return Trump.of(suit)


#: the four suits, listed once: iterating an enum class is slow, and every declaration asks
_EVERY_SUIT: tuple[Suit | None, ...] = tuple(Suit)
