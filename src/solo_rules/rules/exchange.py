"""The Mediateur exchange: a card demanded from its holder and one given back face down (a phase
of the ``contracts`` slot; DOSSIER §2g-2, §4.7, AMB-48, E9).

[S-WIK Variations: "Mediateur is a contract that ranks between big beg and solo. Declarer
demands the ace of a specific suit and receives it from the opponent who holds it. Declarer
returns any other card face down."] After the declaration (which names trumps) and before the
first lead, the declarer demands an Ace he does not hold (a King if he holds all four: AMB-48,
EDITORIAL); its holder hands it over, which all see; the declarer gives back one card of his
choice, not the one received, face down: only he and the giver know it, so every other seat
sees ``return face down``. He pays the giver a fish, two for the favourite suit [S-HOY].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal, cast

import attrs

from solo_rules.actions import DEMAND_BASE, RETURN_BASE, Action, Word
from solo_rules.cards import PIQUET_RANKS, Card, Rank, Suit, card_range
from solo_rules.ranking import Trump
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.ranks import RANK_WORDS, rank_list
from solo_rules.rules.slots import History, Rules, Stage
from solo_rules.schema import Clause
from solo_rules.state import GameState, Memory, Phase, replace

__all__ = ["EXCHANGE", "EXCHANGED", "FACE_DOWN", "HAND_OVER", "Exchange", "ExchangeStage",
           "Exchanged"]

#: The phase of the exchange, a module's own (between the demand and the return the
#: declarer holds one card more and the giver one fewer, as in the five-hand purchase).
EXCHANGE = "exchange"

#: The holder of the demanded card hands it to the declarer (public: the table sees it).
HAND_OVER = Word("hand over", 93, ("give",), "hands over the demanded card")

_NONE: Mapping[int, int] = MappingProxyType({})
#: the id of a return as the seats that do not see the card read it
FACE_DOWN = RETURN_BASE + 32


@attrs.frozen(slots=True)
class Exchanged:
    """What the exchange of a hand did: the card demanded, who gave it, the card given back
    (``None`` until given) and where each step is in ``GameState.history``."""

    card: Card
    declarer: int
    giver: int | None
    returned: Card | None
    returned_at: int | None


#: The key of the exchange made so far in a hand: the exchange keeps it at each step and reads
#: it at the next, and the settlement and the views read it; no view shows it as such (the
#: history shows each step, the card given back to the two who know it).
EXCHANGED: Memory[Exchanged] = Memory("exchange")


@attrs.frozen
class Exchange:
    """The exchange of ``contract``: the declarer demands a card of the first of ``ranks`` of
    which he lacks a card [AMB-48: an Ace, a King if he holds all four], its holder hands it
    over, and he gives back another card face down; he pays the giver ``payment``, or
    ``preferred_payment`` for a card of the favourite suit [S-HOY]: the preferred suit where
    games in it score more (``favourite: colour``), or any preferred suit, Altenburg's Acorn
    precedence included (``favourite: preferred``, the reading of DOSSIER §2g-2)."""

    contract: str = "mediateur"
    ranks: tuple[Rank, ...] = attrs.field(default=(Rank.ACE, Rank.KING), converter=rank_list)
    payment: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    preferred_payment: int = attrs.field(default=2, validator=attrs.validators.ge(0))
    favourite: Literal["colour", "preferred"] = "colour"

    @ranks.validator
    def _some_rank(self, _attribute: object, value: tuple[Rank, ...]) -> None:
        if not value:
            raise ValueError("exchange.ranks must list at least one rank, in the order they "
                             "are demanded")

    def check(self, contracts: Iterable[ContractDef]) -> None:
        """Raise ``ValueError`` unless ``contract`` is a contract played alone whose trumps
        are known at the declaration (the exchange comes after trumps are named)."""
        known = {c.id: c for c in contracts}
        cdef = known.get(self.contract)
        if cdef is None:
            raise ValueError(f"exchange names unknown contract {self.contract!r}")
        if cdef.partner != "none" or cdef.trump_by == "partner" or cdef.single_player != \
                "declarer":
            raise ValueError(f"exchange: contract {self.contract!r} must be played alone by "
                             "its declarer, who names trumps or plays fixed trumps")

    # -- what the hand's exchange is -------------------------------------------------------

    def demandable(self, rules: Rules, state: GameState) -> list[Card]:
        """The cards the declarer may demand: those of the first rank on ``ranks`` of which
        another seat holds a card (so the declarer lacks it) [AMB-48]."""
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        declarer = contract.declarer
        others = 0
        for seat, hand in enumerate(state.hands):
            if seat != declarer:
                others |= hand
        for rank in self.ranks:
            cards = [Card.of(suit, rank) for suit in Suit if others >> Card.of(suit, rank) & 1]
            if cards:
                return cards
        return []

    @staticmethod
    def exchanged(state: GameState) -> Exchanged | None:
        """The exchange made so far in this hand (``None``: none)."""
        return EXCHANGED.of(state)

    def payment_for(self, rules: Rules, card: Card) -> int:
        """What the declarer pays the giver of ``card``: more for the favourite suit, the
        preferred suit where games in it score more (couleur favorite) [S-HOY]."""
        preferred = rules.auction.preferred
        if preferred is None or card.suit != preferred:
            return self.payment
        if self.favourite == "preferred" or rules.contracts.value(1, Trump.of(preferred)) > 1:
            return self.preferred_payment
        return self.payment

    def side_payment(self, rules: Rules, state: GameState) -> tuple[tuple[int, ...], str]:
        """The declarer's payment to the giver, one entry per seat, and its note."""
        done = self.exchanged(state)
        if done is None or done.giver is None:
            return (), ""
        paid = self.payment_for(rules, done.card)
        payments = tuple(-paid if seat == done.declarer else paid if seat == done.giver else 0
                         for seat in range(len(state.hands)))
        return payments, (f"seat {done.declarer} paid seat {done.giver} {paid} for "
                          f"{done.card.symbol_text}")

    def concealed(self, state: GameState, seat: int) -> Mapping[int, int]:
        """The history position of the card given back, as ``seat`` sees it: face down unless
        ``seat`` gave it or received it."""
        contract = state.contract
        if contract is None or contract.kind != self.contract:
            return _NONE
        done = self.exchanged(state)
        if done is None or done.returned_at is None or seat in (done.declarer, done.giver):
            return _NONE
        return {done.returned_at: FACE_DOWN}

    # -- prose -----------------------------------------------------------------------------

    def describe(self, name: str, preferred_scores_more: bool,
                 preferred: bool = True) -> list[Clause]:
        """The exchange in prose; ``name`` is the contract's name, ``preferred`` whether a suit
        is preferred at all (else none is the favourite)."""
        first = RANK_WORDS[self.ranks[0]]
        fallback = "".join(f"; if he holds every {RANK_WORDS[a]}, a {RANK_WORDS[b]}"
                           for a, b in zip(self.ranks, self.ranks[1:], strict=False))
        if len(self.ranks) < len(PIQUET_RANKS):
            fallback += ("; if he holds every " + " and every ".join(
                RANK_WORDS[r] for r in self.ranks) + ", there is no exchange")
        favoured = preferred_scores_more or (self.favourite == "preferred" and preferred)
        favourite, also = "", cast(tuple[str, ...], ())
        if self.preferred_payment != self.payment and favoured:
            favourite = f" ({self.preferred_payment} if it is of the preferred suit)"
            also = ("exchange.preferred_payment", "exchange.favourite")
        elif self.preferred_payment != self.payment and preferred:
            favourite = (", a card of the preferred suit too, since games in it score no more "
                         "than in another")
            also = ("exchange.favourite",)
        return [
            Clause(f"{name}: once trumps are named and before the first lead, the declarer "
                   f"demands an {first} he does not hold, any suit, trumps included"
                   f"{fallback}. Its holder hands it to him, in view of all.", "exchange.ranks"),
            Clause("The declarer then gives the holder one card of his choice back, face down, "
                   "other than the card just received: only the two of them know it.",
                   "exchange"),
            Clause(f"The declarer pays the holder {self.payment} for the card{favourite}, "
                   "whatever the result of the hand.", "exchange.payment", also),
        ]


@attrs.frozen
class ExchangeStage(Stage):
    """The exchange phase: the declarer demands, the holder hands over, the declarer gives a
    card back face down."""

    rule: Exchange

    phase = EXCHANGE
    after = (Phase.DECLARE,)
    before = (Phase.CALL, Phase.PLAY)
    expects = "a demand, the demanded card or a card given back"

    def words(self, rules: Rules) -> Iterable[Word]:
        return (HAND_OVER,)

    def actions(self, rules: Rules) -> Iterable[Action]:
        yield from (Action.demand(card) for card in card_range(rules.pack))
        yield from (Action.give_back(card) for card in card_range(rules.pack))
        yield Action.give_back(None)

    def said_most(self, rules: Rules) -> int:
        """The demand, the card handed over and the card given back."""
        return 3

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """The declarer of the contract demands, unless he holds every card he could."""
        contract = state.contract
        if contract is None or contract.kind != self.rule.contract \
                or contract.declarer is None or not self.rule.demandable(rules, state):
            return None
        return replace(state, phase=EXCHANGE, player=contract.declarer)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """A demand, then the holder's hand-over, then the declarer's return."""
        done = EXCHANGED.of(state)
        if done is None:
            return tuple(sorted(DEMAND_BASE + card
                                for card in self.rule.demandable(rules, state)))
        if done.giver is None:
            return (HAND_OVER.id,)
        hand = state.hands[state.player] & ~(1 << done.card)
        return tuple(RETURN_BASE + card for card in range(32) if hand >> card & 1)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """The demanded card's holder answers; the card passes; the card given back passes
        the other way, and play begins."""
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        declarer = contract.declarer
        done = EXCHANGED.of(state)
        if done is None:  # the demand
            card = Card(aid - DEMAND_BASE)
            holder = next(seat for seat, hand in enumerate(state.hands) if hand >> card & 1)
            memory = EXCHANGED.kept(state.memory, Exchanged(card, declarer, None, None, None))
            return replace(state, player=holder, history=history, memory=memory)
        hands = list(state.hands)
        bit = 1 << done.card
        if done.giver is None:  # the hand-over
            hands[state.player] &= ~bit
            hands[declarer] |= bit
            memory = EXCHANGED.kept(state.memory, attrs.evolve(done, giver=state.player))
            return replace(state, hands=tuple(hands), player=declarer, history=history,
                           memory=memory)
        returned = Card(aid - RETURN_BASE)
        hands[declarer] &= ~(1 << returned)
        hands[done.giver] |= 1 << returned
        memory = EXCHANGED.kept(state.memory, attrs.evolve(
            done, returned=returned, returned_at=len(history) - 1))
        return rules.advance(replace(state, hands=tuple(hands), history=history,
                                     memory=memory))

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        """Why a demand, hand-over or return is refused now."""
        done = EXCHANGED.of(state)
        first = RANK_WORDS[self.rule.ranks[0]]
        if done is not None and done.giver is None:
            return f"the holder of {done.card.symbol_text} hands it over"
        if done is not None:
            received = done.card
            if aid == FACE_DOWN:
                return "the declarer names the card he gives back, like 'return H7'"
            if aid - RETURN_BASE == received:
                return (f"the declarer may not give back {received.symbol_text}, the card he "
                        "just received")
            if RETURN_BASE <= aid < FACE_DOWN:
                return "the declarer gives back a card of his own hand"
            return "the declarer gives back one card of his hand, face down"
        if DEMAND_BASE <= aid < DEMAND_BASE + 32:
            card = Card(aid - DEMAND_BASE)
            if state.hands[state.player] >> card & 1:
                return f"the declarer may not demand {card.symbol_text}, which he holds"
            return (f"the declarer demands an {first} he does not hold"
                    + (f" (a {RANK_WORDS[self.rule.ranks[1]]} only if he holds every "
                       f"{first})" if self.rule.ranks[1:] else ""))
        return "the declarer first demands a card"

