"""The five-hand deal with the dealer's purchase (rulebook slot ``deal``; S-NIE five-hand,
DOSSIER §2c, AMB-38, EX-20).

[S-NIE: "In a 5 hand game, the dealer sits out the hand in which he/she deals. After all cards
are dealt, the dealer has the option of buying the player's hand to the right by looking only at
the last three cards that player received. At that time, if the dealer likes what he/she sees,
he/she can make an offer, otherwise pass and wait till the next hand."] The procedure after the
offer is AMB-38 (editorial): the seller accepts or refuses; on accepting, the dealer pays the
price at once, takes the hand, and the seller sits out. The last three cards lie face down
before the seller until the purchase is settled, so while it runs they are the dealer's view
(his hand) and not yet the seller's: each seat decides from what it may see.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping
from typing import ClassVar

import attrs

from solo_rules.actions import PASS, Action, Word
from solo_rules.bounds import Limit
from solo_rules.cards import CardSet
from solo_rules.rules.deal import PacketDeal, deal_to
from solo_rules.rules.slots import History, Rules, Stage, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, Memory, Phase, PlayerView, replace

__all__ = ["ACCEPT", "OFFER", "PURCHASE", "REFUSE", "SOLD", "DealerBuys"]

#: The phase in which the dealer may buy the hand on his right.
PURCHASE = "purchase"
#: The dealer offers to buy the hand of the player on his right.
OFFER = Word("offer", 90, ("buy",), "offers to buy the hand on his right")
#: The player on the dealer's right sells his hand and sits the hand out.
ACCEPT = Word("accept", 91, ("sell",), "sells his hand")
#: The player on the dealer's right keeps his hand.
REFUSE = Word("refuse", 92, (), "keeps his hand")
_ACCEPT_ID = ACCEPT.id

#: The key of the purchase's result once settled: whether the seller sold his hand. The deal
#: reads it for who sits out and what was paid; a view reads the offer and the answer from
#: its history, where every seat sees them.
SOLD: Memory[bool] = Memory("purchase")


@functools.cache
def _receivers(packets: tuple[int, ...], players: int, dealer: int, step: int,
               peek: int) -> tuple[int, ...]:
    """The seat that receives each card of the shuffled pack, in dealing order: the packets go
    round from eldest passing over the dealer, and the last ``peek`` cards dealt to the seller
    (the seat before the dealer) go to the dealer, who looks at them (computed once per
    dealer)."""
    seller = (dealer - step) % players
    seats = [(dealer + offset * step) % players for size in packets
             for offset in range(1, players) for _ in range(size)]
    peeked = [position for position, seat in enumerate(seats) if seat == seller][-peek:]
    for position in peeked:
        seats[position] = dealer
    return tuple(seats)


@register("deal", "deal.dealer_buys")
@attrs.frozen
class DealerBuys(PacketDeal, Stage):
    """The dealer sits out and deals the others in ``packets``; he may buy the hand of the
    player on his right for ``price`` (score units) after seeing only the last ``peek`` cards
    dealt to it [S-NIE five-hand; AMB-38]."""

    price: int = attrs.field(default=2, validator=attrs.validators.ge(1))
    peek: int = attrs.field(default=3, validator=attrs.validators.ge(1))

    #: the dealer looks at some of one hand
    limits: ClassVar = {"peek": Limit(1, "hand")}

    phase = PURCHASE
    before = (Phase.AUCTION,)
    expects = "an offer, an answer or a pass"

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` unless one seat sits out and the packets deal every other seat
        its share, the dealer's look falling within the last packet."""
        pack = pack_of(slots)
        if pack.sits_out != 1:
            raise ValueError("deal.dealer_buys: the pack must have sits_out: 1 (the dealer)")
        count, seated = len(pack.cards), pack.players - 1
        if count % seated or sum(self.packets) != count // seated:
            raise ValueError(f"the packets {list(self.packets)} do not deal {count} cards to "
                             f"{seated} players")
        if self.peek > self.packets[-1]:
            raise ValueError(f"peek {self.peek}: the dealer may look only at cards of the last "
                             f"packet ({self.packets[-1]})")

    def seller(self, dealer: int, players: int) -> int:
        """The player on the dealer's right (the last dealt to), whose hand the dealer may
        buy."""
        return (dealer - self.step) % players

    # -- the deal --------------------------------------------------------------------------

    def deal(self, pack: CardSet, players: int, dealer: int,
             rng: random.Random) -> tuple[int, ...]:
        """Shuffle and deal the packets in turn from eldest, passing over the dealer; the
        last ``peek`` cards dealt to the seller lie before him face down, and are the dealer's
        to look at until the purchase is settled (they are his hand meanwhile)."""
        return deal_to(pack, _receivers(self.packets, players, dealer, self.step, self.peek),
                       players, rng)

    def dealt_sizes(self, pack: int, players: int, dealer: int) -> tuple[int, ...]:
        """Nothing for the dealer but the ``peek`` cards he looks at; the seller has the rest
        of his hand; the others a full hand each."""
        hand = pack // (players - 1)
        seller = self.seller(dealer, players)
        return tuple(self.peek if seat == dealer else hand - self.peek if seat == seller
                     else hand for seat in range(players))

    def sitting_out(self, state: GameState) -> int:
        """The dealer, unless he bought the hand on his right: then its seller."""
        if self._sold(state):
            return 1 << self.seller(state.dealer, len(state.hands))
        return 1 << state.dealer

    def transfers(self, state: GameState) -> tuple[int, ...]:
        """The price, paid at once by the dealer to the seller when the hand was sold."""
        if not self._sold(state):
            return ()
        seller = self.seller(state.dealer, len(state.hands))
        return tuple(-self.price if seat == state.dealer else self.price if seat == seller
                     else 0 for seat in range(len(state.hands)))

    def transfer_bound(self) -> int:
        """The price of the hand."""
        return self.price

    def holders(self, rules: Rules, view: PlayerView) -> tuple[int, ...]:
        """Once the purchase is settled, the dealer's look and the seller's hand are the
        player's who plays them: the dealer's if he bought, else the seller's."""
        seats = list(range(view.players))
        said = [action.id for _, action in view.history[:2]]
        if not said or (said[0] == OFFER.id and len(said) < 2):  # not yet settled
            return tuple(seats)
        seller = self.seller(view.dealer, view.players)
        seats[view.dealer] = seats[seller] = view.dealer if _ACCEPT_ID in said else seller
        return tuple(seats)

    @staticmethod
    def _sold(state: GameState) -> bool:
        """Whether the seller accepted the dealer's offer."""
        return SOLD.of(state) is True

    # -- the purchase phase ----------------------------------------------------------------

    def stages(self) -> tuple[Stage, ...]:
        return (self,)

    def words(self, rules: Rules) -> Iterable[Word]:
        return (PASS, OFFER, ACCEPT, REFUSE)

    def actions(self, rules: Rules) -> Iterable[Action]:
        return ()

    def said_most(self, rules: Rules) -> int:
        """The offer (or pass) and its answer."""
        return 2

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """Right after the deal, the dealer looks at the last cards dealt on his right."""
        return replace(state, phase=PURCHASE, player=state.dealer)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """The dealer offers or passes; the seller accepts or refuses."""
        if state.player == state.dealer:
            return (PASS.id, OFFER.id)
        return (ACCEPT.id, REFUSE.id)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """An offer goes to the seller; a pass or a refusal gives him back his last cards and
        the dealer sits out; an accepted offer gives the dealer the whole hand and the seller
        sits out. Then the auction begins."""
        seller = self.seller(state.dealer, len(state.hands))
        if aid == OFFER.id:
            return replace(state, player=seller, history=history)
        hands = list(state.hands)
        if aid == ACCEPT.id:
            hands[state.dealer] |= hands[seller]
            hands[seller] = 0
        else:
            hands[seller] |= hands[state.dealer]
            hands[state.dealer] = 0
        return rules.advance(replace(state, hands=tuple(hands), history=history,
                                     memory=SOLD.kept(state.memory, aid == ACCEPT.id)))

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        if state.player == state.dealer:
            return "the dealer offers to buy the hand on his right, or passes"
        return "the player on the dealer's right accepts the offer or refuses it"

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        clauses = super().describe()
        clauses += [
            Clause("The dealer sits out the hand he deals: the cards are dealt to the other "
                   "players only."),
            Clause(f"The last {self.peek} cards dealt to the player on the dealer's right stay "
                   "face down before him. The dealer may look at them, and at nothing else of "
                   "that hand, and then either pass or offer to buy the hand for "
                   f"{self.price} (in the units of a hand's value).",
                   "peek"),
            Clause("The player on his right, who has seen the rest of his hand, accepts or "
                   "refuses the offer. If he refuses, or the dealer passed, he takes up his "
                   "cards and the dealer sits the hand out.", "price"),
            Clause(f"If he accepts, the dealer pays him {self.price} at once (whatever the "
                   "hand's result), takes the whole hand and plays it, and the seller sits the "
                   "hand out. A player who sits out neither bids nor plays, and the hand is "
                   "settled without him: the seller keeps only the price.", "price"),
        ]
        return clauses
