"""The seam between the game loop and the rule modules: one Protocol per rulebook slot, the
``Stage`` protocol of a phase, and ``Rules``, the compiled rule set as a module sees it.

A module fills a slot by subclassing that slot's Protocol, so ``mypy --strict`` checks it
against the Protocol. A module that owns a phase of the hand returns it from ``stages()``: the
game loop asks the stage of the current phase what is legal, applies actions through it and
asks it why a refused action is refused, and knows nothing else. What one slot needs from
another is a member of that slot's Protocol, never a parameter looked up by name.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal, Protocol, runtime_checkable

from solo_rules.actions import Action, Word
from solo_rules.cards import CardSet, Suit
from solo_rules.ranking import Ranking, Trump, TrumpTables
from solo_rules.rules.contract_def import ContractDef
from solo_rules.schema import Clause, RuleModule, slot_protocol
from solo_rules.state import Contract, Effect, GameState, Outcome, PlayerView, RuleSet

__all__ = [
    "AuctionRules",
    "BidGames",
    "ContractRules",
    "DealRules",
    "EarlyEndRules",
    "History",
    "PackRules",
    "PartnerRules",
    "PlayRules",
    "RankRules",
    "Rules",
    "ScoringRules",
    "SettlementRules",
    "Stage",
    "Staged",
    "ladder_of",
    "pack_of",
]

#: A bid's contracts, each with the trump suits its declaration may name (``None``: none).
BidGames = tuple[tuple[str, tuple[Suit | None, ...]], ...]

#: ``ContractRules.concealed`` when every seat sees every action.
_NOTHING_CONCEALED: Mapping[int, int] = MappingProxyType({})

#: ``GameState.history`` with the action being applied already appended.
History = tuple[tuple[int, int], ...]


class Stage(Protocol):
    """One phase of a hand, owned by a rule module: its place in the hand, entering it, its
    legal actions, applying one, and why a refused one is refused. ``words`` and ``actions``
    are its vocabulary."""

    @property
    def phase(self) -> str:
        """The phase's name (``GameState.phase`` while it runs)."""
        ...

    @property
    def expects(self) -> str:
        """What the phase waits for, for messages: ``a bid, hold or pass``."""
        ...

    @property
    def after(self) -> tuple[str, ...]:
        """The phases this one comes after, where the hand has them: the loop orders the
        phases from these declarations and ``before`` (none by default)."""
        return ()

    @property
    def before(self) -> tuple[str, ...]:
        """The phases this one comes before, where the hand has them (none by default)."""
        return ()

    def words(self, rules: Rules) -> Iterable[Word]:
        """The fixed words this phase takes (``pass``, ``hold``, ``stop``, ...)."""
        ...

    def actions(self, rules: Rules) -> Iterable[Action]:
        """Every other action this phase may take (cards, bids, declarations, ...)."""
        ...

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """``state`` set up for this phase (its ``phase`` and ``player``), or ``None`` when
        the phase does not apply to this hand and play goes on to the next one."""
        ...

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """The legal action ids, ascending."""
        ...

    def is_legal(self, rules: Rules, state: GameState, aid: int) -> bool:
        """Whether ``aid`` is legal now."""
        return aid in self.legal(rules, state)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """The state after the legal action ``aid``; ``history`` already records it. A phase
        that is over hands on with ``rules.advance``."""
        ...

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        """Why ``aid``, of a kind this phase takes, is not legal now, in the rule's terms."""
        ...

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """What choosing ``aid`` (legal now) does, in a few words for the player choosing it
        (``""``: nothing to add to its text)."""
        return ""

    def settles(self, rules: Rules, state: GameState) -> Effect | None:
        """What the phase's decisions do to the settlement of the finished hand ``state``: a
        multiplier of its value, payments between seats (``None``: nothing, by default)."""
        return None

    def settles_most(self, rules: Rules) -> Effect | None:
        """The largest effect ``settles`` may have: the largest multiplier and, in each seat's
        entry, the largest payment (for the settlement's ``bound``; ``None``: ``settles``
        never has one, and the settlement does not ask it)."""
        return None

    def said_most(self, rules: Rules) -> int:
        """The most actions other than cards this phase adds to a hand beyond those every hand
        may have (``observation.said_bound``): none by default."""
        return 0


class Describes(Protocol):
    def describe(self) -> list[Clause]: ...


@runtime_checkable
class Staged(Protocol):
    """A module that owns phases of the hand: the loop gathers its ``stages()``."""

    def stages(self) -> tuple[Stage, ...]: ...


@slot_protocol("pack")
@runtime_checkable
class PackRules(Describes, Protocol):
    @property
    def players(self) -> int: ...

    @property
    def cards(self) -> CardSet: ...

    @property
    def suits(self) -> str:
        """``french`` or ``german``: how the pack is suited, for display."""
        ...

    @property
    def sits_out(self) -> int:
        """How many seats sit each hand out (S-NIE five-hand: one); the cards are shared
        among the others."""
        return 0


@slot_protocol("deal")
@runtime_checkable
class DealRules(Describes, Protocol):
    def deal(self, pack: CardSet, players: int, dealer: int,
             rng: random.Random) -> tuple[int, ...]: ...

    def choose_first_dealer(self, pack: CardSet, players: int, rng: random.Random) -> int: ...

    def following_dealer(self, dealer: int, players: int, misdeal: bool = False,
                         misere: bool = False) -> int:
        """The next dealer, after a misdeal, a misère hand (Kicker, AMB-33) or any other."""
        ...

    def turn_orders(self, players: int) -> tuple[tuple[int, ...], ...]:
        """For each seat, every seat in turn from it (the direction of play, AMB-14)."""
        ...

    def stages(self) -> tuple[Stage, ...]:
        """Phases between the deal and the auction (none by default)."""
        return ()

    def dealt_sizes(self, pack: int, players: int, dealer: int) -> tuple[int, ...]:
        """How many of the ``pack`` cards each seat is dealt (equal shares by default)."""
        return (pack // players,) * players

    def sitting_out(self, state: GameState) -> int:
        """The seats (a mask) that sit this hand out: they hold no cards, take no turn and
        neither pay nor receive (none by default; S-NIE five-hand, AMB-38)."""
        return 0

    def transfers(self, state: GameState) -> tuple[int, ...]:
        """Payments between seats made during the deal, in score units, one per seat (none
        by default; the five-hand purchase, AMB-38)."""
        return ()

    def transfer_bound(self) -> int:
        """The largest payment between two seats that the deal makes, in score units (none
        by default; the five-hand purchase's price, AMB-38)."""
        return 0

    def holders(self, rules: Rules, view: PlayerView) -> tuple[int, ...]:
        """Per seat, the seat that holds (or has played) the cards it was dealt, as far as
        ``view`` has the hand: each seat its own by default; the five-hand purchase gives one
        seat's cards to the other (AMB-38). What resampling reads of the deal."""
        return tuple(range(view.players))


@slot_protocol("ranks")
@runtime_checkable
class RankRules(Describes, Protocol):
    @property
    def ranking(self) -> Ranking: ...


@slot_protocol("auction")
@runtime_checkable
class AuctionRules(Describes, Protocol):
    @property
    def preferred(self) -> Suit | None:
        """The preferred suit of the bidding, whose declarations outrank the others, if any:
        none unless the auction has preferred-suit levels (club precedence in a ladder's or a
        bid list's own ranks is no preferred suit)."""
        return None

    @property
    def preference_to_establish(self) -> Literal["first_won", "first_deal"] | None:
        """How a match is still to establish the preferred suit (DOSSIER §2g-1, AMB-46): from
        the first contract a declarer's party makes, from the first deal, or ``None`` when
        there is nothing to establish."""
        return None

    def stages(self) -> tuple[Stage, ...]: ...

    def record_of(self, state: GameState) -> object:
        """The auction's own record of its progress in ``state`` (what ``allows`` reads)."""
        ...

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """Whether the auction that ended with ``record`` (``record_of``) lets
        ``seat``, holding ``hand``, declare ``contract`` with ``suit`` (``None``: trumps not
        named by the declaration). It depends on nothing else, so the answer can be kept."""
        ...

    def joinable(self, rules: Rules) -> frozenset[str]:
        """The contracts a later equal bid may join, each declarer then playing his own game
        (S-NIE multiple Kickers, AMB-33): none by default."""
        return frozenset()

    def declaration_cards(self, rules: Rules) -> int:
        """The cards of a hand (a mask) that ``allows`` reads: the legal declarations are kept
        on those cards alone, besides those a contract requires."""
        ...

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """What ``bid NAME`` commits its bidder to, in a few words (``Solo in clubs: ...``)."""
        return ""

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """The contracts the winner of ``bid NAME`` may declare, each with the suits it may
        name (``ContractDef.trump_suits``): what a bot weighs a bid by; none known by
        default."""
        return ()


@slot_protocol("contracts")
@runtime_checkable
class ContractRules(Describes, Protocol):
    @property
    def contracts(self) -> tuple[ContractDef, ...]: ...

    def stages(self) -> tuple[Stage, ...]: ...

    def index(self, contract_id: str) -> int: ...

    @property
    def colour_suit(self) -> Suit | None:
        """The suit whose games are worth a multiple (the colour, AMB-56), if any."""
        ...

    @property
    def colour_multiplier(self) -> int:
        """What a game in the colour is worth, in times its value in suit (1: no colour)."""
        ...

    def value(self, base: int, trump: Trump | None) -> int:
        """``base`` as a game with ``trump`` (a colour multiplier, AMB-56)."""
        ...

    def contract(self, contract: ContractDef, suit: Suit | None, tout: bool,
                 declarer: int | None) -> Contract:
        """The contract ``contract`` declared by ``declarer`` with ``suit`` and Tout or not."""
        ...

    def text(self, contract: Contract) -> str:
        """``Solo by seat 2, trumps ♥, Tout announced`` and the like."""
        ...

    @property
    def conceals(self) -> bool:
        """Whether ``concealed`` ever hides anything: a view asks it only then."""
        return False

    def concealed(self, rules: Rules, state: GameState, seat: int) -> Mapping[int, int]:
        """The history positions whose action ``seat`` does not see, each with the action id
        it sees instead (a card given back face down in the Mediateur exchange; none by
        default)."""
        return _NOTHING_CONCEALED

    def side_payment(self, rules: Rules, state: GameState) -> tuple[tuple[int, ...], str]:
        """Payments between seats that the contract's own procedure makes, in score units,
        one per seat, with a note (the Mediateur's fish to the giver, S-HOY; none by
        default)."""
        return (), ""

    def side_payment_bound(self, rules: Rules) -> int:
        """The largest payment ``side_payment`` makes between two seats, in score units."""
        return 0


@slot_protocol("partner")
@runtime_checkable
class PartnerRules(Describes, Protocol):
    def stages(self) -> tuple[Stage, ...]: ...

    def restriction(self, rules: Rules, state: GameState, seat: int,
                    mask: int) -> tuple[int, str | None]:
        """``mask`` less the cards the partnership rules forbid ``seat`` to play now, and the
        duty that forbids them (``None``: none does): the one decision that the legal cards
        and the explanation of a refused card both read."""
        ...

    def explain_restriction(self, rules: Rules, state: GameState, card: int) -> str:
        """Why the partnership's duty (``restriction``) forbids ``card``."""
        ...

    def restricts(self, contract: Contract, seat: int) -> bool:
        """Whether ``restriction`` may ever forbid ``seat`` a card in ``contract``: where it
        may not, a search need not ask it."""
        ...

    def excludes(self, rules: Rules, contract: Contract, trick: tuple[int, ...], seat: int,
                 card: int) -> int:
        """The cards (a mask) that ``seat`` cannot have held when it played ``card`` to
        ``trick`` (the cards played to it before, in order; empty for a lead) under
        ``contract``, whose partner need not be known: what the play proves to the table under
        the partnership's duties (``restriction``). Sound: ``restriction`` lets no hand that
        holds one of them play ``card``."""
        ...

    @property
    def decision_words(self) -> tuple[Word, ...]:
        """Words the declarer may say at the early-end decision ("Helfer?")."""
        ...

    def may_ask(self, state: GameState) -> bool:
        """Whether the declarer may ask "Helfer?" now."""
        ...

    @property
    def asking_bars_slam(self) -> bool:
        """Whether a party that asked may no longer play on for all the tricks."""
        ...

    def answer(self, state: GameState, history: History) -> GameState:
        """The state after the declarer asked and the partner answered "Hier!"."""
        ...

    def settling(self, state: GameState) -> GameState:
        """The finished hand as it settles: a partnership never revealed may not count."""
        ...


@slot_protocol("play")
@runtime_checkable
class PlayRules(Describes, Protocol):
    def stages(self) -> tuple[Stage, ...]: ...

    def duty(self, rules: Rules, state: GameState, seat: int) -> tuple[int, str]:
        """The cards ``seat`` may play to the current trick under the play rules, and the duty
        that decided them: the one decision that the legal cards and the explanation of a
        refused card both read."""
        ...

    def mask(self, rules: Rules, state: GameState) -> int:
        """The cards the seat to play may play (a mask): ``duty``, then the partnership's
        ``restriction``; the legal plays of the phase, as a double-dummy search asks."""
        ...

    def excludes(self, rules: Rules, contract: Contract, trick: tuple[int, ...], seat: int,
                 card: int) -> int:
        """The cards (a mask) that ``seat`` cannot have held when it played ``card`` to
        ``trick`` (the cards played to it before, in order; empty for a lead) under
        ``contract``: what the play proves to the table under these rules (a seat that did
        not follow holds none of the suit led, unless a renege let it). Sound: ``duty`` lets no
        hand that holds one of them play ``card``."""
        ...

    def follows_only(self, rules: Rules, contract: Contract, seat: int) -> bool:
        """Whether ``duty`` gives ``seat`` in ``contract`` nothing but its cards of the suit
        led when it holds any, and else every card (leading included): a search then finds
        them from the hand and the led card without asking."""
        ...

    def named_cards(self, rules: Rules, trump: int) -> int:
        """The cards (a mask) these rules tell apart by name, not by rank alone: a double-dummy
        search never treats one of them as equivalent to its neighbour in rank."""
        ...


@slot_protocol("early_end")
@runtime_checkable
class EarlyEndRules(Describes, Protocol):
    def stages(self) -> tuple[Stage, ...]: ...

    def opening_tricks(self, rules: Rules) -> int:
        """How many tricks count as "the first tricks" (prime, First)."""
        ...

    def after_trick(self, rules: Rules, state: GameState) -> GameState:
        """``state`` just after a trick was completed: play on, a decision for the declarer,
        or the end of the hand."""
        ...

    def made(self, rules: Rules, state: GameState) -> bool:
        """Whether the party met its objective."""
        ...

    def trick_goal(self, rules: Rules, state: GameState) -> int | None:
        """The fewest tricks of the whole hand that make the party's objective from ``state``
        on, however the party decides: ``made`` is then "the party took at least this many",
        and a double-dummy search reads it off the trick count. ``None`` where the verdict
        reads more than the party's total (a misère, a stop that claims the game short of its
        tricks)."""
        ...


@slot_protocol("scoring")
@runtime_checkable
class ScoringRules(Describes, Protocol):
    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party made its objective, and the value's named parts (unsigned)."""
        ...

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """The largest unsigned value of a hand of ``contract``: every part that can come
        together, at its largest (the utility range agents' frameworks ask for)."""
        ...

    @property
    def values_contracts(self) -> bool:
        """Whether a hand's value starts from its contract's base value (a rulebook then
        states each contract's base); a game paid by a pot does not."""
        return True

    @property
    def announced_tout_bonus(self) -> int:
        """What announcing Tout with the declaration adds to a hand's value (0: nothing, or
        no Tout to announce), for a player choosing it."""
        return 0


@slot_protocol("settlement")
@runtime_checkable
class SettlementRules(Describes, Protocol):
    @property
    def zero_sum(self) -> bool: ...

    def outcome(self, rules: Rules, state: GameState) -> Outcome:
        """The scored and settled result of the finished hand."""
        ...

    def bound(self, rules: Rules) -> int:
        """The largest change of a seat's score in one hand, in absolute value: each
        contract's largest value as the settlement settles it."""
        ...

    @property
    def keeps_pot(self) -> bool:
        """Whether money is paid into and drawn from a pot that outlives the hand (the Stamm,
        S-PIE-ROT): a match then carries it from hand to hand (none by default)."""
        return False

    def pot_after(self, pot: int, outcome: Outcome) -> int:
        """The pot, in score units, after a hand played for ``pot`` ended with ``outcome``
        (unchanged by default)."""
        return pot

    def staked(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """What each seat puts into the pot before the deal, in score units, one per seat
        (nothing by default); it is part of the seat's score for the hand."""
        return (0,) * len(state.hands)

    @property
    def grades(self) -> tuple[int, ...]:
        """The party's trick totals, besides the contract's objective, at which the
        settlement of a lost game changes (a codille below four tricks, S-PIE-ROT): play does
        not end before the side of each the party ends on is known (none by default)."""
        return ()

    def waits(self, rules: Rules, state: GameState) -> bool:
        """Whether who pays a lost game still depends on tricks to come, beyond the party's
        ``grades`` (a caller who pays alone below three tricks of his own): play does not end
        before it is known (never by default)."""
        return False


class Rules(RuleSet, Protocol):
    """The compiled rule set as the modules see it: every slot's module, typed by its
    Protocol, the sizes and tables they share, and ``advance``, which leaves the current
    phase for the next one that applies."""

    players: int
    #: the seats that play each hand (``players`` less those that sit out)
    seated: int
    #: the seat after each seat in the direction of play (AMB-14)
    next_seat: tuple[int, ...]
    pack: int
    hand_size: int
    ranking: Ranking
    #: the ranking tables of each trump, by ``Trump`` (``tables``, read without a call)
    trump_tables: tuple[TrumpTables, ...]
    #: each slot's module, by ``Slot.attribute`` (``None`` for an optional slot left empty)
    pack_rules: PackRules
    deal_rules: DealRules
    auction: AuctionRules
    contracts: ContractRules
    partner: PartnerRules | None
    play: PlayRules
    early_end: EarlyEndRules
    scoring: ScoringRules
    settlement: SettlementRules
    #: the phases of the hand by name, in the order the hand meets them
    stages: Mapping[str, Stage]
    #: the stages whose decisions may change the settlement (``Stage.settles_most``)
    settling: tuple[Stage, ...]

    def tables(self, trump: Trump | None) -> TrumpTables: ...

    def contract_def(self, contract_id: str) -> ContractDef: ...

    def advance(self, state: GameState) -> GameState: ...

    def __hash__(self) -> int:
        """Equal variants compile to equal rule sets, so results can be kept per rule set."""
        ...


def ladder_of(slots: Mapping[str, RuleModule]) -> ContractRules:
    """The contracts slot's module, for a module whose parameters name contracts."""
    ladder = slots["contracts"]
    if not isinstance(ladder, ContractRules):
        raise ValueError("the contracts slot holds no contract list")
    return ladder


def colour_multiplies(slots: Mapping[str, RuleModule]) -> bool:
    """Whether a game in a colour suit is worth a multiple: the contracts name a colour with a
    multiplier, or one the session is still to establish (a preferred suit, AMB-46)."""
    ladder = ladder_of(slots)
    if ladder.colour_multiplier == 1:
        return False
    auction = slots.get("auction")
    return ladder.colour_suit is not None or (
        isinstance(auction, AuctionRules) and auction.preference_to_establish is not None)


def pack_of(slots: Mapping[str, RuleModule]) -> PackRules:
    """The pack slot's module, for a module whose parameters must fit the pack."""
    pack = slots["pack"]
    if not isinstance(pack, PackRules):
        raise ValueError("the pack slot holds no pack")
    return pack
