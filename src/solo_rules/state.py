"""The immutable game state and its transitions.

A hand runs deal -> auction -> declaration (contract, called card, trumps named by the partner)
-> play (with early-end decisions) -> scoring and settlement. Each phase is delegated to the rule
module that the variant names; nothing here knows a variant by name. States are frozen, small
(ints and tuples, hands as 32-bit masks) and share the compiled rule set.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet, parse_cards
from solo_rules.errors import IllegalActionError, InvalidStateError
from solo_rules.ranking import NO_TRUMP

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.variant import Variant
    from solo_rules.view import PlayerView

__all__ = ["Contract", "GameState", "Outcome", "Phase", "Trick", "new_game", "replace"]


class Phase(enum.IntEnum):
    """The phases of a hand, in order."""

    AUCTION = 0
    DECLARE = 1
    CALL = 2
    TRUMP = 3
    PLAY = 4
    DECIDE = 5
    END = 6


#: ``GameState.flags`` bits.
REVEALED = 1  # the partner is publicly known (called card played, "Hier!", trumps named)
STOPPED = 2  # the party stopped after the first tricks (prime / First)
CONTINUED = 4  # the party went on for all tricks
ASKED = 8  # "Helfer?" was asked


@attrs.frozen(slots=True)
class Contract:
    """The contract in play. ``partner`` is the engine's knowledge, hidden from views until
    ``GameState.partner_revealed``; ``None`` when there is no partner (or a self-call).
    ``declarer`` is ``None`` for a contract that everyone plays for himself (S-FOS Heart Solo
    when all pass)."""

    kind: str
    index: int
    declarer: int | None
    trump: int | None
    tout: bool = False
    called: int | None = None
    partner: int | None = None
    trump_constraint: int | None = None
    #: further declarers of the same contract, each playing alone (Niese joint Kickers, AMB-33)
    co_declarers: tuple[int, ...] = ()

    @property
    def declarers(self) -> tuple[int, ...]:
        """Every seat that declared this contract: the declarer, then any co-declarers."""
        if self.declarer is None:
            return ()
        return (self.declarer, *self.co_declarers)


@attrs.frozen(slots=True)
class Trick:
    """A completed trick: who led, the cards in playing order, and who won it."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def players(self, players: int) -> tuple[int, ...]:
        """The seats in playing order."""
        return tuple((self.leader + i) % players for i in range(len(self.cards)))


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished hand: contract, parties, tricks, and the score per seat with a
    breakdown of named components (each signed as applied to the declarer)."""

    contract: Contract | None
    declarer: int | None
    partner: int | None
    party_tricks: int
    defender_tricks: int
    made: bool
    scores: tuple[int, ...]
    breakdown: tuple[tuple[str, int], ...]
    note: str = ""
    #: per declarer of a joint contract (``Contract.co_declarers``): (seat, made)
    joint: tuple[tuple[int, bool], ...] = ()


@attrs.frozen(slots=True)
class GameState:
    """One moment of a hand. Build it with ``new_game``; move with ``apply``."""

    rules: CompiledRules
    phase: int
    player: int
    dealer: int
    hands: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    auction: Any
    contract: Contract | None
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    flags: int

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    # -- reading ---------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant this hand is played under."""
        return self.rules.variant

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self.phase == Phase.END else self.player

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.phase == Phase.END

    @property
    def partner_revealed(self) -> bool:
        """Whether the partner's identity is public."""
        return bool(self.flags & REVEALED)

    @property
    def eldest(self) -> int:
        """The first seat after the dealer in the direction of play."""
        return (self.dealer + 1) % len(self.hands)

    def hand(self, seat: int) -> CardSet:
        """The unplayed cards of ``seat``."""
        return CardSet(self.hands[seat])

    def dealt_hand(self, seat: int) -> CardSet:
        """The cards ``seat`` was dealt: its hand plus every card it has played."""
        mask = self.hands[seat]
        players = len(self.hands)
        for trick in self.tricks:
            mask |= 1 << trick.cards[(seat - trick.leader) % players]
        for offset, card in enumerate(self.trick):
            if (self.leader + offset) % players == seat:
                mask |= 1 << card
        return CardSet(mask)

    def party(self) -> tuple[int, ...]:
        """The declarer's side (engine knowledge): the declarer and the partner, if any."""
        contract = self.contract
        if contract is None or contract.declarer is None:
            return ()
        if contract.partner is None:
            return (contract.declarer,)
        return (contract.declarer, contract.partner)

    def party_tricks(self) -> tuple[int, int]:
        """Tricks won so far by the party and by the defenders."""
        party = self.party()
        mine = sum(self.won[seat] for seat in party)
        return mine, len(self.tricks) - mine

    # -- moving ----------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, sorted by id; empty exactly when the hand is over."""
        table = self.rules.actions.by_id
        return tuple(table[a] for a in self.rules.legal_ids(self))

    def action(self, text: str) -> Action:
        """The action of this variant written as ``text`` (raises ``ActionParseError``)."""
        return self.rules.actions.parse(text)

    def apply(self, action: Action | str | int) -> GameState:
        """The state after ``action`` (an ``Action``, its text or its id), checked for legality.

        Raises ``IllegalActionError`` with a reason code and the legal alternatives.
        """
        if isinstance(action, str):
            action = self.rules.actions.parse(action)
        aid = action if isinstance(action, int) else action.id
        if self.phase == Phase.END:
            raise IllegalActionError("the hand is over: no action is legal", "game_over")
        if not self.rules.is_legal(self, aid):
            legal = self.rules.legal_ids(self)
            texts = [self.rules.actions.by_id[a].text for a in legal]
            name = self.rules.actions.text_of(aid)
            seat = self.player
            reason, why = self.rules.why_illegal(self, aid)
            raise IllegalActionError(
                f"{name!r} is not legal for seat {seat} in phase {Phase(self.phase).name.lower()}"
                f": {why}; legal: {', '.join(texts)}",
                reason,
                texts,
            )
        return self.rules.apply_id(self, aid)

    def apply_unchecked(self, action: Action | int) -> GameState:
        """The state after a legal ``action``, without the legality check: the fast path for
        rollouts. An illegal action here gives an undefined state."""
        return self.rules.apply_id(self, action if isinstance(action, int) else action.id)

    def outcome(self) -> Outcome:
        """The result of the finished hand (raises ``InvalidStateError`` before the end)."""
        if self.phase != Phase.END:
            raise InvalidStateError("outcome() is only defined once the hand is over")
        return self.rules.outcome(self)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: see ``solo_rules.view.PlayerView``."""
        from solo_rules.view import PlayerView

        return PlayerView.of(self, seat)

    def __str__(self) -> str:
        contract = self.contract
        lines = [f"{self.variant.id}: {Phase(self.phase).name.lower()}, dealer {self.dealer}"]
        if contract is not None:
            lines.append(f"contract: {self.rules.contract_text(contract)}")
        for seat in range(len(self.hands)):
            lines.append(f"  seat {seat}: {CardSet(self.hands[seat]).symbols()}")
        return "\n".join(lines)


_FIELDS = tuple(field.name for field in attrs.fields(GameState))


def replace(state: GameState, **changes: Any) -> GameState:
    """``state`` with some fields changed: ``attrs.evolve`` through the positional
    constructor, which is several times faster on the engine's hot path."""
    return GameState(*[changes[name] if name in changes else getattr(state, name)
                       for name in _FIELDS])


def _hand_masks(hands: Sequence[CardSet | str | int | Sequence[int]]) -> tuple[int, ...]:
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        try:
            masks.append(_hand_mask(hand))
        except ValueError as exc:  # CardParseError included
            raise InvalidStateError(f"hand of seat {seat}: {exc}") from None
    return tuple(masks)


def _hand_mask(hand: CardSet | str | int | Sequence[int]) -> int:
    """One hand as a mask; a repeated card, a card id outside 0..31 or a non-card is an error."""
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, str):
        return parse_cards(hand).mask
    if isinstance(hand, int):
        if not 0 <= hand < 1 << 32:
            raise ValueError(f"{hand!r} is not a 32-bit card mask")
        return hand
    if not isinstance(hand, Sequence):
        raise ValueError(f"expected card text, a CardSet, a mask or card ids, got {hand!r}")
    cards: list[object] = list(hand)
    mask = 0
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < 32:
            raise ValueError(f"{card!r} is not a card id 0..31")
        if mask >> card & 1:
            raise ValueError(f"the card list {cards} repeats {Card(card).name}")
        mask |= 1 << card
    return mask


def new_game(
    variant: Variant | str,
    *,
    seed: int | None = None,
    hands: Sequence[CardSet | str | int | Sequence[int]] | None = None,
    dealer: int = 0,
) -> GameState:
    """A new hand of ``variant`` (a ``Variant`` or its id), dealt from ``seed`` or given
    ``hands`` (one per seat, seat 0 first; card text, ``CardSet``, masks or card lists)."""
    from solo_rules.variant import load_variant

    if isinstance(variant, str):
        variant = load_variant(variant)
    rules: CompiledRules = variant.compiled
    players = rules.players
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidStateError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    if hands is None:
        if seed is not None and not isinstance(seed, int):
            raise InvalidStateError(f"seed must be an int, got {seed!r}")
        masks = rules.deal(random.Random(seed), dealer)
    else:
        if seed is not None:
            raise InvalidStateError("give either seed= or hands=, not both")
        masks = _hand_masks(hands)
        _check_hands(rules, masks)
    return rules.start(masks, dealer)


def _check_hands(rules: CompiledRules, masks: tuple[int, ...]) -> None:
    players = rules.players
    if len(masks) != players:
        raise InvalidStateError(f"{rules.variant.id} needs {players} hands, got {len(masks)}")
    seen = 0
    size = rules.hand_size
    for seat, mask in enumerate(masks):
        if mask.bit_count() != size:
            raise InvalidStateError(
                f"hand of seat {seat} has {mask.bit_count()} cards; {rules.variant.id} deals {size}"
            )
        if mask & seen:
            dup = CardSet(mask & seen)
            raise InvalidStateError(f"hand of seat {seat} repeats {dup} from an earlier hand")
        outside = mask & ~rules.pack
        if outside:
            raise InvalidStateError(
                f"hand of seat {seat} holds {CardSet(outside)}, not in the {rules.variant.id} pack"
            )
        seen |= mask


def trump_name(trump: int | None) -> str:
    """Text for a contract's trump: a suit letter, ``none`` (no trump) or ``?`` (not named)."""
    if trump is None:
        return "?"
    return "none" if trump == NO_TRUMP else "CSHD"[trump]


def card_name(card: int) -> str:
    """The text of a card id."""
    return Card(card).name
