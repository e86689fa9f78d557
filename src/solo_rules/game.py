"""The game loop: a variant compiled once into a rule set, new hands, and the phase dispatch.

``compile(variant)`` binds each slot's module, typed by its Protocol, gathers the phases the
modules own (``stages()``) in rulebook order with the actions and words each takes, and caches
the result per variant. The loop knows phases, not rules: for the current phase it asks that
phase's stage what is legal (``legal_ids``), applies the action through it (``apply_legal``)
and asks it why a refused action is refused (``refusal``); ``advance`` enters the next phase
that applies to the hand.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from typing import cast

from solo_rules.actions import Action, ActionSpace, Word
from solo_rules.cards import CARD_IDS, Card, CardSet, parse_cards
from solo_rules.errors import (
    IllegalActionError,
    InvalidStateError,
    VariantError,
    check_seat,
    check_seed,
    shown,
    wrong_type,
)
from solo_rules.ranking import Ranking, Trump, TrumpTables
from solo_rules.record_format import GameRecord, record_of
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.slots import (
    AuctionRules,
    ContractRules,
    DealRules,
    EarlyEndRules,
    PackRules,
    PartnerRules,
    PlayRules,
    RankRules,
    Rules,
    ScoringRules,
    SettlementRules,
    Stage,
)
from solo_rules.schema import RuleModule
from solo_rules.state import (
    Contract,
    Flags,
    GameState,
    Outcome,
    Phase,
    PlayerView,
    build_state,
    replace,
)
from solo_rules.variant import Variant, load_variant
from solo_rules.view import build_view

__all__ = ["CompiledRules", "compile", "new_game"]

#: The Protocol each slot's module implements.
_PROTOCOLS: dict[str, type] = {
    "pack": PackRules, "deal": DealRules, "ranks": RankRules, "auction": AuctionRules,
    "contracts": ContractRules, "partner": PartnerRules, "play": PlayRules,
    "early_end": EarlyEndRules, "scoring": ScoringRules, "settlement": SettlementRules,
}


def _modules(variant: Variant) -> dict[str, RuleModule]:
    """The module of each slot, each checked to implement its slot's Protocol."""
    modules = {slot: rule.module for slot, rule in variant.slots.items()}
    for slot, module in modules.items():
        protocol = _PROTOCOLS[slot]
        if not isinstance(module, protocol):
            raise TypeError(f"{variant.id}: rules.{slot} is {type(module).__name__}, which "
                            f"does not implement {protocol.__name__}")
    return modules


class CompiledRules(Rules):
    """A variant's modules bound into the loop's phase table, with the action table and the
    trump tables cached. Equal variants compile to equal rule sets."""

    def __init__(self, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            raise wrong_type("CompiledRules", "variant", "a Variant", variant)
        self._variant = variant
        self._hash = hash(variant)  # rule modules key their caches on the rule set
        modules = _modules(variant)
        self.pack_rules = pack = cast(PackRules, modules["pack"])
        self.deal_rules: DealRules = cast(DealRules, modules["deal"])
        self.auction = cast(AuctionRules, modules["auction"])
        self.contracts = cast(ContractRules, modules["contracts"])
        self.partner = cast(PartnerRules | None, modules.get("partner"))
        self.play = cast(PlayRules, modules["play"])
        self.early_end = cast(EarlyEndRules, modules["early_end"])
        self.scoring = cast(ScoringRules, modules["scoring"])
        self.settlement = cast(SettlementRules, modules["settlement"])
        self.players = pack.players
        self.pack = pack.cards.mask
        self.seated = pack.players - pack.sits_out
        self.hand_size = len(pack.cards) // self.seated
        self.turn_orders = self.deal_rules.turn_orders(self.players)
        self.next_seat = tuple(order[1] for order in self.turn_orders)
        self.turn_positions = tuple(tuple(order.index(seat) for seat in range(self.players))
                                    for order in self.turn_orders)
        self.ranking: Ranking = cast(RankRules, modules["ranks"]).ranking
        self.trump_tables = tuple(self.ranking.tables(trump) for trump in Trump)
        self._contract_defs = {c.id: c for c in self.contracts.contracts}
        owners: list[DealRules | AuctionRules | ContractRules | PartnerRules | PlayRules
                     | EarlyEndRules] = [self.deal_rules, self.auction, self.contracts]
        if self.partner is not None:
            owners.append(self.partner)
        owners += [self.play, self.early_end]
        order: tuple[Stage, ...] = tuple(s for owner in owners for s in owner.stages())
        position = {stage.phase: n for n, stage in enumerate(order)}
        position[Phase.DEAL] = -1
        if len(position) != len(order) + 1:
            raise TypeError(f"{variant.id}: two modules own the same phase")
        self.stages = {stage.phase: stage for stage in order}
        #: the stages after each phase, in rulebook order: what ``advance`` tries in turn
        self._after = {phase: order[n + 1:] for phase, n in position.items()}
        #: each phase's legal and apply, bound once: the loop's dispatch is one look-up
        self._legal_of = {stage.phase: stage.legal for stage in order}
        self._apply_of = {stage.phase: stage.apply for stage in order}
        actions: list[Action] = []
        words: list[Word] = []
        self._kinds: dict[str, frozenset[str]] = {}
        for stage in order:
            taken = list(stage.actions(self))
            said = list(stage.words(self))
            actions += taken
            actions += (Action.word(word) for word in said)
            words += said
            self._kinds[stage.phase] = frozenset(
                {a.kind for a in taken} | {word.text for word in said})
        try:
            self._actions = ActionSpace.build(actions, words)
        except ValueError as exc:  # two modules' actions collide: the file cannot be played
            raise VariantError(f"{variant.id}: cannot be played: {exc}") from None
        #: the actions by id as a tuple (an id no action has holds ``None``): a legal set is
        #: mapped by one ``itemgetter`` in C
        by_id = self._actions.by_id
        table: list[Action | None] = [None] * (max(by_id, default=0) + 1)
        for aid, action in by_id.items():
            table[aid] = action
        self._action_table = cast(tuple[Action, ...], tuple(table))
        #: the last state whose legal ids were asked for, and its ids: ``apply`` checks the
        #: action a player just chose from them without computing them again (one tuple,
        #: replaced whole, so threads sharing the rule set read a consistent pair). The rule
        #: set keeps fewer than 30 attributes: CPython then shares its instances' dict keys and
        #: finds an attribute or a method by a cached index.
        self._last_legal: tuple[GameState | None, tuple[int, ...]] = (None, ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CompiledRules) and other._variant == self._variant

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        return (compile, (self._variant,))

    def __repr__(self) -> str:
        return f"<CompiledRules of {self._variant.id}>"

    # -- what states and modules read ------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant these rules were compiled from."""
        return self._variant

    @property
    def actions(self) -> ActionSpace:
        """Every action of the variant."""
        return self._actions

    def tables(self, trump: Trump | None) -> TrumpTables:
        """The cached ranking tables of a contract's trumps (``None``: not yet named)."""
        if trump is not None and (isinstance(trump, bool) or not isinstance(trump, int)
                                  or not 0 <= trump < len(self.trump_tables)):
            raise wrong_type("tables", "trump", "a Trump or None", trump)
        return self.trump_tables[_NO_TRUMP if trump is None else trump]

    def contract_def(self, contract_id: str) -> ContractDef:
        """The contract definition by id."""
        found = self._contract_defs.get(contract_id) if type(contract_id) is str else None
        if found is None:
            if type(contract_id) is not str:
                raise wrong_type("contract_def", "contract_id", "a contract's id", contract_id)
            raise VariantError(f"{self.variant.id} has no contract {shown(contract_id)}; its "
                               f"contracts: {', '.join(self._contract_defs)}")
        return found

    def sitting_out(self, state: GameState) -> int:
        """The seats (a mask) that sit this hand out: none unless the deal rule says so."""
        if type(state) is not GameState:
            raise _not_a_state("sitting_out", state)
        if self.seated == self.players:
            return 0
        return self.deal_rules.sitting_out(state)

    def contract_text(self, contract: Contract) -> str:
        """``Solo by seat 2, trumps ♥`` and the like."""
        if type(contract) is not Contract:
            raise wrong_type("contract_text", "contract", "a Contract", contract)
        return self.contracts.text(contract)

    # -- starting --------------------------------------------------------------------------

    def deal(self, rng: random.Random, dealer: int) -> tuple[int, ...]:
        """Shuffle and deal one hand per seat."""
        _check_rng("deal", rng)
        check_seat(dealer, self.players)
        return self.deal_rules.deal(CardSet(self.pack), self.players, dealer, rng)

    def first_dealer(self, rng: random.Random) -> int:
        """The first dealer of a session, drawn by the variant's rule (by lot, or the first
        player dealt a club)."""
        _check_rng("first_dealer", rng)
        return self.deal_rules.choose_first_dealer(CardSet(self.pack), self.players, rng)

    def start(self, hands: tuple[int, ...], dealer: int) -> GameState:
        """The state after the deal: the first phase that applies (``new_game`` checks the
        hands; this takes them as dealt)."""
        dealer = check_seat(dealer, self.players)
        if type(hands) is not tuple or len(hands) != self.players or not all(
                type(hand) is int for hand in hands):
            raise wrong_type("start", "hands", f"a tuple of {self.players} card masks", hands)
        dealt = build_state(self, Phase.DEAL, self.next_seat[dealer], dealer, hands, (),
                            None, None, (), self.next_seat[dealer], (),
                            (0,) * self.players, Flags.NONE, hands)
        return self.advance(dealt)

    # -- the loop --------------------------------------------------------------------------

    def advance(self, state: GameState) -> GameState:
        """Leave the current phase for the next one, in rulebook order, that applies to this
        hand; the hand is over when none does."""
        if type(state) is not GameState:
            raise _not_a_state("advance", state)
        for stage in self._after[state.phase]:
            entered = stage.enter(self, state)
            if entered is not None:
                return entered
        return replace(state, phase=Phase.END)

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The legal action ids in ``state``, ascending (kept for ``apply`` to check the
        action chosen from them)."""
        if type(state) is not GameState:
            raise _not_a_state("legal_ids", state)
        legal = self._legal_of.get(state.phase)
        ids = () if legal is None else legal(self, state)
        self._last_legal = (state, ids)
        return ids

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """The legal actions in ``state``, by ascending id (its ``legal_ids``, found as
        ``legal_ids`` finds them: a player asks on every turn)."""
        if type(state) is not GameState:
            raise _not_a_state("legal_actions", state)
        legal = self._legal_of.get(state.phase)
        ids = () if legal is None else legal(self, state)
        self._last_legal = (state, ids)
        if len(ids) > 1:
            actions: tuple[Action, ...] = itemgetter(*ids)(self._action_table)
            return actions
        return (self._action_table[ids[0]],) if ids else ()

    def action_of(self, aid: int) -> Action | None:
        """The action of id ``aid``, if the variant has one."""
        if type(aid) is not int:
            raise wrong_type("action_of", "aid", "an int action id", aid)
        table = self._action_table
        return table[aid] if 0 <= aid < len(table) else None

    def is_legal(self, state: GameState, aid: int) -> bool:
        """Whether ``aid`` is legal in ``state`` (from its legal ids, if just computed)."""
        if type(state) is not GameState or type(aid) is not int:
            raise _wrong_move("is_legal", state, aid)
        last, ids = self._last_legal
        if last is state:
            return aid in ids
        stage = self.stages.get(state.phase)
        return stage is not None and stage.is_legal(self, state, aid)

    def apply_legal(self, state: GameState, aid: int) -> GameState | None:
        """The state after ``aid`` when it is legal in ``state`` (as ``is_legal`` says), else
        ``None``: the checked ``apply`` in one call."""
        if type(state) is not GameState or type(aid) is not int:
            raise _wrong_move("apply_legal", state, aid)
        apply = self._apply_of.get(state.phase)
        if apply is None or not self.is_legal(state, aid):
            return None
        return apply(self, state, aid, state.history + ((state.player, aid),))

    def apply_chosen(self, state: GameState, action: object) -> GameState | None:
        """The state after ``action`` when it is one of this variant's own actions (the very
        object ``legal_actions`` gave) or an id, legal by the legal set just computed for
        ``state``; else ``None``, and ``GameState.apply`` takes its general path."""
        if type(state) is not GameState:
            raise _not_a_state("apply_chosen", state)
        last, ids = self._last_legal
        if last is not state:
            return None
        if type(action) is Action:
            aid = action.id
            if aid not in ids or self._action_table[aid] is not action:
                return None
        elif type(action) is int and action in ids:
            aid = action
        else:
            return None
        return self._apply_of[state.phase](self, state, aid,
                                           state.history + ((state.player, aid),))

    def apply_id(self, state: GameState, aid: int) -> GameState:
        """The state after the legal action ``aid`` (unchecked: an illegal one gives an
        undefined state; ``apply_legal`` checks)."""
        if type(state) is not GameState or type(aid) is not int:
            raise _wrong_move("apply_id", state, aid)
        apply = self._apply_of.get(state.phase)
        if apply is None:
            raise InvalidStateError("the hand is over")
        return apply(self, state, aid, state.history + ((state.player, aid),))

    def refusal(self, state: GameState, aid: int) -> tuple[str, str]:
        """The reason code and the reason why ``aid`` is not legal in ``state``:
        ``wrong_phase`` for an action of a kind this phase never takes, else ``not_legal``
        with the explanation of the rule that refuses it."""
        if type(state) is not GameState or type(aid) is not int:
            raise _wrong_move("refusal", state, aid)
        stage = self.stages.get(state.phase)
        if stage is None:
            return "game_over", "the hand is over: no action is legal"
        action = self._actions.by_id.get(aid)
        if action is None or action.kind not in self._kinds[state.phase]:
            return "wrong_phase", f"the rules expect {stage.expects} now"
        return "not_legal", stage.explain(self, state, aid)

    def means(self, state: GameState, aid: int) -> str:
        """What the legal ``aid`` does, in a few words from the rule of the current phase
        (``""``: its text says it all): what a table shows beside each choice."""
        if type(state) is not GameState or type(aid) is not int:
            raise _wrong_move("means", state, aid)
        stage = self.stages.get(state.phase)
        if stage is None:
            raise InvalidStateError("the hand is over")
        if aid not in self.legal_ids(state):
            reason, why = self.refusal(state, aid)
            raise IllegalActionError(f"means: action {aid} is not legal here: {why}", reason)
        return stage.means(self, state, aid)

    def outcome(self, state: GameState) -> Outcome:
        """Score and settle the finished hand."""
        if type(state) is not GameState:
            raise _not_a_state("outcome", state)
        if state.phase != Phase.END:
            raise InvalidStateError("outcome() is only defined once the hand is over")
        return self.settlement.outcome(self, state)

    def view(self, state: GameState, seat: int) -> PlayerView:
        """What ``seat`` may know."""
        if type(state) is not GameState:
            raise _not_a_state("view", state)
        check_seat(seat, self.players, "seat")
        return build_view(self, state, seat)

    def record(self, state: GameState, seed: int | None) -> GameRecord:
        """The game record of the hand that led to ``state`` (``state.to_record()``)."""
        return record_of(state, seed)


def _not_a_state(where: str, state: object) -> TypeError:
    return wrong_type(where, "state", "a GameState", state)


def _wrong_move(where: str, state: object, aid: object) -> TypeError:
    if type(state) is not GameState:
        return _not_a_state(where, state)
    return wrong_type(where, "aid", "an int action id", aid)


def _check_rng(where: str, rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise wrong_type(where, "rng", "a random.Random", rng)


_LOCK = threading.Lock()
#: read once: an enum member looked up on its class goes through ``enum``'s attribute hook
_NO_TRUMP = Trump.NONE


#: the variant compiled last and its rule set (one tuple, replaced whole: threads read a
#: consistent pair), so that a loop of new hands skips the cache's hashing
_last_compiled: tuple[Variant, CompiledRules] | None = None


@functools.lru_cache(maxsize=64)
def _compiled(variant: Variant) -> CompiledRules:
    return CompiledRules(variant)


def compile(variant: Variant) -> CompiledRules:
    """The compiled rule set of ``variant``, built once per variant (by content) and shared
    by every state, thread and unpickled copy."""
    global _last_compiled
    last = _last_compiled
    if last is not None and last[0] is variant:  # the common case: the last hand's variant
        return last[1]
    if not isinstance(variant, Variant):
        raise wrong_type("compile", "variant", "a Variant (load_variant makes one from an "
                         "id or a path)", variant)
    with _LOCK:
        rules = _compiled(variant)
    _last_compiled = (variant, rules)
    return rules


def new_game(
    variant: Variant | str | Path,
    *,
    seed: int | None = None,
    hands: Sequence[CardSet | str | int | Sequence[int]] | None = None,
    dealer: int | None = None,
) -> GameState:
    """A new hand of ``variant`` (a ``Variant``, its id or a file's path), dealt from ``seed``
    or given ``hands`` (one per seat, seat 0 first; card text, ``CardSet``, masks or card
    lists).

    ``seed`` is an int ``>= 0`` (a negative seed is refused: ``random`` would deal ``-5`` as
    ``5``); ``None`` deals at random. Without ``dealer``, a dealt hand's dealer is drawn by the
    variant's first-dealer rule from the same seed, so one seed is one deal everywhere (the
    command line's ``play --seed`` included); given hands have no seed, so their dealer is
    seat 0 unless ``dealer`` says otherwise.
    """
    if type(variant) is not Variant:
        if isinstance(variant, str | Path):
            variant = load_variant(variant)
        elif not isinstance(variant, Variant):
            raise TypeError(f"new_game takes a Variant, its id or a path, got "
                            f"{type(variant).__name__}")
    rules = compile(variant)
    players = rules.players
    if dealer is not None:
        dealer = check_seat(dealer, players)
    if hands is None:
        if seed is not None:
            seed = check_seed(seed)
        if dealer is None:
            dealer = rules.first_dealer(random.Random(seed))
        masks = rules.deal(random.Random(seed), dealer)
    else:
        if seed is not None:
            raise InvalidStateError("give either seed= or hands=, not both")
        if not isinstance(hands, Sequence) or isinstance(hands, str):
            raise wrong_type("new_game", "hands", "a sequence of hands, one per seat", hands)
        masks = _hand_masks(hands)
        if dealer is None:
            dealer = 0
        _check_hands(rules, masks, dealer)
    return rules.start(masks, dealer)


def _hand_masks(hands: Sequence[CardSet | str | int | Sequence[int]]) -> tuple[int, ...]:
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        try:
            masks.append(_hand_mask(hand))
        except ValueError as exc:  # CardParseError included
            raise InvalidStateError(f"hand of seat {seat}: {exc}") from None
    return tuple(masks)


def _hand_mask(hand: CardSet | str | int | Sequence[int]) -> int:
    """One hand as a mask; a repeated card, a card id outside 0..51 or a non-card is an error."""
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, str):
        return parse_cards(hand).mask
    if isinstance(hand, int):
        if not 0 <= hand < 1 << CARD_IDS:
            raise ValueError(f"{hand!r} is not a card mask ({CARD_IDS} bits, one per card id)")
        return hand
    if not isinstance(hand, Sequence):
        raise ValueError(f"expected card text, a CardSet, a mask or card ids, got {hand!r}")
    cards: list[object] = list(hand)
    mask = 0
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < CARD_IDS:
            raise ValueError(f"{card!r} is not a card id 0..{CARD_IDS - 1}")
        if mask >> card & 1:
            raise ValueError(f"the card list {cards} repeats {Card(card).name}")
        mask |= 1 << card
    return mask


def _check_hands(rules: CompiledRules, masks: tuple[int, ...], dealer: int) -> None:
    players = rules.players
    vid = rules.variant.id
    if len(masks) != players:
        raise InvalidStateError(f"{vid} needs {players} hands, got {len(masks)}")
    seen = 0
    sizes = rules.deal_rules.dealt_sizes(rules.pack.bit_count(), players, dealer)
    for seat, mask in enumerate(masks):
        if mask.bit_count() != sizes[seat]:
            raise InvalidStateError(
                f"hand of seat {seat} has {mask.bit_count()} cards; {vid} deals {sizes[seat]}")
        if mask & seen:
            dup = CardSet(mask & seen)
            raise InvalidStateError(f"hand of seat {seat} repeats {dup} from an earlier hand")
        outside = mask & ~rules.pack
        if outside:
            raise InvalidStateError(
                f"hand of seat {seat} holds {CardSet(outside)}, not in the {vid} pack")
        seen |= mask
