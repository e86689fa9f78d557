"""Matches: a series of hands under the variant's own session rules, with running totals.

The first dealer is drawn by the variant's rule (``CompiledRules.first_dealer``: by lot, or the
first player dealt a club), and after each hand the deal passes by its next-dealer rule
(``DealRules.following_dealer``; DOSSIER AMB-13). A hand that everyone passes and that no
forced contract takes is thrown in: nobody scores, and the deal passes as after any hand
(DOSSIER E4, AMB-20, AMB-37). A misdeal, which the table calls (the engine never deals wrongly),
abandons the hand unscored; the same dealer redeals or the deal passes, by the variant's misdeal
rule. The totals add each hand's ``Outcome.scores``: a running score sheet or a running
settlement in counters, as the variant's settlement rule has it.

A pot that outlives the hand (the Stamm of Pierer's Rothspitzen, S-PIE-ROT; ADDENDUM §A2b,
§A7: "The pot is match state") is carried the same way: ``pot`` is what stands before the next
deal, each hand is played under the variant derived with it (its settlement's ``pot``), so the
hand's record names the pot it was played for, and the settlement says what stands after it
(``SettlementRules.pot_after``): a throw-in leaves the dealer's Stamm standing.

A preferred suit chosen by the session (DOSSIER §2g-1, AMB-46: the trump of the first contract
a declarer's party made, S-WIK, S-KSP, S-CAS; or of the first deal, S-PAR) is the match's
memory, not a hand's: once a finished hand establishes it, the later hands are played under the
variant derived with that suit (``hand_variant``), so each hand's rules still depend only on
its own variant, and its record replays.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import attrs

from solo_rules.bots import Bot
from solo_rules.cards import Suit, parse_suit
from solo_rules.errors import (
    InvalidStateError,
    RecordError,
    SoloRulesError,
    check_seat,
    check_seed,
    shown,
)
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.record import (
    GameRecord,
    MatchRecord,
    Misdeal,
    RecordedVariant,
    record_of,
    replay,
    variant_of,
)
from solo_rules.state import GameState, Outcome
from solo_rules.variant import Variant, derive, load_variant

__all__ = ["Match"]


@attrs.frozen
class Match:
    """A match in progress: its variant and seed, the first dealer, the hands played so far
    (each as its ``GameRecord``, or a ``Misdeal``), the dealer of the next hand, the
    running totals per seat, the preferred suit the session has established, if any, and the
    pot standing before the next deal, in score units (0 where the variant keeps none). Each
    step returns a new ``Match``."""

    variant: Variant
    seed: int
    first_dealer: int
    hands: tuple[GameRecord | Misdeal, ...]
    dealer: int
    totals: tuple[int, ...]
    preferred: Suit | None = None
    pot: int = 0

    @classmethod
    def start(cls, variant: Variant | str, *, seed: int | None = None,
              dealer: int | None = None) -> Match:
        """A new match of ``variant``. ``seed`` fixes the first dealer's draw and every deal
        (a random seed when ``None``, kept in ``seed``); ``dealer`` overrides the draw."""
        if not isinstance(variant, Variant | str):
            raise TypeError(f"Match.start: variant must be a Variant or its id, got "
                            f"{type(variant).__name__}")
        rules = compile(load_variant(variant) if isinstance(variant, str) else variant)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        check_seed(seed)
        if dealer is None:
            dealer = rules.first_dealer(random.Random(seed))
        check_seat(dealer, rules.players)
        return cls(rules.variant, seed, dealer, (), dealer, (0,) * rules.players)

    @property
    def rules(self) -> CompiledRules:
        """The compiled rules of the match's variant."""
        return compile(self.variant)

    @property
    def hand_variant(self) -> Variant:
        """The variant the next hand is played under: the match's, with the preferred suit
        set once the session has established it (AMB-46), and the pot that stands."""
        return _hand_variant(self.variant, self.preferred, self.pot)

    @staticmethod
    def session_variant(variant: Variant | str, preferred: Suit | str | None = None,
                        pot: int = 0) -> Variant:
        """``variant`` as a match plays a hand under it once the session has established
        ``preferred`` (a suit or its letter, AMB-46) and ``pot`` stands: what a hand of a
        match is dealt again under, outside the match."""
        if not isinstance(variant, Variant | str):
            raise TypeError(f"Match.session_variant: variant must be a Variant or its id, got "
                            f"{type(variant).__name__}")
        if not isinstance(preferred, Suit | str | None):
            raise TypeError(f"Match.session_variant: preferred must be a Suit, a suit's "
                            f"letter or None, got {type(preferred).__name__}")
        if type(pot) is not int:
            raise TypeError(f"Match.session_variant: pot must be a whole number, got "
                            f"{type(pot).__name__}")
        if isinstance(variant, str):
            variant = load_variant(variant)
        if isinstance(preferred, str):
            preferred = parse_suit(preferred)
        return _hand_variant(variant, preferred, pot)

    @property
    def keeps_pot(self) -> bool:
        """Whether the variant's settlement keeps a pot from hand to hand (S-PIE-ROT)."""
        return self.rules.settlement.keeps_pot

    @property
    def hand_seed(self) -> int:
        """The seed the next hand is dealt from: fixed by the match's seed and the number of
        hands (misdeals included) so far."""
        return random.Random(f"{self.seed}:{len(self.hands)}").randrange(2**32)

    def deal(self) -> GameState:
        """The next hand, dealt by ``dealer`` from ``hand_seed``."""
        return new_game(self.hand_variant, seed=self.hand_seed, dealer=self.dealer)

    def finish(self, state: GameState, seed: int | None = None) -> Match:
        """The match after the finished hand ``state`` (dealt by ``dealer``): recorded, its
        scores added to the totals, the deal passed on by the next-dealer rule. ``seed`` is
        the seed the caller dealt it from (``None``: the match's ``hand_seed``); the record
        keeps it when it deals these cards."""
        if not isinstance(state, GameState):
            raise TypeError(f"Match.finish: state must be a GameState, got "
                            f"{type(state).__name__}")
        if not state.is_terminal:
            raise InvalidStateError("finish() takes a finished hand; this one is in phase "
                                    f"{state.phase}")
        if state.variant != self.hand_variant:
            raise InvalidStateError(f"the hand is of {state.variant.id}, but the match plays "
                                    f"it under {self.hand_variant.id}")
        if state.dealer != self.dealer:
            raise InvalidStateError(f"seat {self.dealer} deals this hand, not seat "
                                    f"{state.dealer}")
        if seed is None:
            seed = self.hand_seed
        else:
            check_seed(seed)
        from_seed = self.rules.deal(random.Random(seed), self.dealer) == state.dealt
        return self._after(record_of(state, seed if from_seed else None))

    def misdeal(self) -> Match:
        """The match after a misdeal of the next hand: nobody scores; the same dealer redeals
        or the deal passes, by the variant's misdeal rule."""
        return self._after(Misdeal(self.dealer))

    def play(self, bots: Sequence[Bot]) -> Match:
        """Deal the next hand, let ``bots`` (one per seat) play it from their views, and
        finish it."""
        players = len(self.totals)
        if not isinstance(bots, Sequence) or isinstance(bots, str) or len(bots) != players \
                or not all(callable(getattr(bot, "choose", None)) for bot in bots):
            raise TypeError(f"Match.play: bots must be a sequence of {players} bots (each with "
                            f"choose(view)), got {shown(bots)}")
        state = self.deal()
        while not state.is_terminal:
            seat = state.player
            state = state.apply(bots[seat].choose(state.view(seat)))
        return self.finish(state)

    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """The totals per seat after each hand (a misdeal repeats the totals before it)."""
        totals = [0] * len(self.totals)
        rows = []
        for hand in self.hands:
            if isinstance(hand, GameRecord) and hand.outcome is not None:
                totals = [t + s for t, s in zip(totals, hand.outcome.scores, strict=True)]
            rows.append(tuple(totals))
        return tuple(rows)

    def hand_variants(self) -> tuple[Variant, ...]:
        """The variant each hand so far (misdeals included) was played under."""
        return tuple(_hand_variant(self.variant, preferred, pot)
                     for preferred, pot in self.sessions())

    def running_pots(self) -> tuple[int, ...]:
        """The pot after each hand (a misdeal leaves it as it was)."""
        return (*(pot for _, pot in self.sessions()[1:]), self.pot) if self.hands else ()

    def sessions(self) -> list[tuple[Suit | None, int]]:
        """The match state each hand so far was dealt under: the preferred suit established
        before it and the pot standing (what ``session_variant`` deals it again under)."""
        preferred: Suit | None = None
        pot = 0
        out: list[tuple[Suit | None, int]] = []
        settlement = self.rules.settlement
        for hand in self.hands:
            out.append((preferred, pot))
            if isinstance(hand, GameRecord) and hand.outcome is not None:
                pot = settlement.pot_after(pot, hand.outcome)
            preferred = _preferred_after(self.variant, preferred, hand)
        return out

    def to_record(self) -> MatchRecord:
        """The record of the whole match."""
        return MatchRecord(RecordedVariant.of(self.variant), self.seed, self.first_dealer,
                           self.hands, self.totals, pot=self.pot)

    @classmethod
    def replay(cls, record: MatchRecord, variant: Variant | None = None) -> Match:
        """Play a match record again: every hand replays (``replay``), each is dealt by the
        dealer the rules give, and the totals are the recorded ones. Raises ``RecordError``
        naming the hand (from 0) and why."""
        if not isinstance(record, MatchRecord):
            raise TypeError(f"Match.replay: record must be a MatchRecord, got "
                            f"{type(record).__name__} (a hand replays with replay)")
        rules_variant = variant_of(record, variant)
        players = compile(rules_variant).players
        if not 0 <= record.first_dealer < players:
            raise RecordError(f"the first dealer {record.first_dealer} is not a seat "
                              f"0..{players - 1}")
        match = cls(rules_variant, record.seed, record.first_dealer, (), record.first_dealer,
                    (0,) * players)
        for index, hand in enumerate(record.hands):
            if hand.dealer != match.dealer:
                raise RecordError(f"hand {index}: dealt by seat {hand.dealer}, but by the "
                                  f"rules seat {match.dealer} deals it")
            if isinstance(hand, GameRecord):
                expected = RecordedVariant.of(match.hand_variant)
                if hand.variant != expected:
                    raise RecordError(f"hand {index}: of variant {hand.variant.id}, not the "
                                      f"match's {expected.id}")
                if hand.outcome is None:
                    raise RecordError(f"hand {index}: unfinished, but a later hand or the "
                                      "end of the match follows")
                try:
                    replay(hand, match.hand_variant)
                except SoloRulesError as exc:
                    raise RecordError(f"hand {index}: {exc}") from None
            match = match._after(hand)
        if match.totals != tuple(record.totals):
            raise RecordError(f"the recorded totals {list(record.totals)} are not the sums of "
                              f"the hands, {list(match.totals)}")
        if match.pot != record.pot:
            raise RecordError(f"the recorded pot {record.pot} is not what the hands leave in "
                              f"it, {match.pot}")
        return match

    def _after(self, hand: GameRecord | Misdeal) -> Match:
        """The match with ``hand`` added, its scores counted and the deal passed on."""
        deal_rules = self.rules.deal_rules
        players = len(self.totals)
        if isinstance(hand, Misdeal):
            return attrs.evolve(self, hands=(*self.hands, hand), dealer=deal_rules
                                .following_dealer(self.dealer, players, misdeal=True))
        assert hand.outcome is not None
        totals = tuple(t + s for t, s in zip(self.totals, hand.outcome.scores, strict=True))
        contract = hand.outcome.contract
        misere = contract is not None and self.rules.contract_def(contract.kind).misere
        return attrs.evolve(self, hands=(*self.hands, hand), totals=totals,
                            preferred=_preferred_after(self.variant, self.preferred, hand),
                            pot=self.rules.settlement.pot_after(self.pot, hand.outcome),
                            dealer=deal_rules.following_dealer(self.dealer, players,
                                                               misere=misere))


def _preferred_after(variant: Variant, preferred: Suit | None,
                     hand: GameRecord | Misdeal) -> Suit | None:
    """The preferred suit after ``hand``: the one established before, else the trump suit the
    hand establishes, if the variant's session mode (AMB-46) is still to establish one."""
    if preferred is not None or not isinstance(hand, GameRecord) or hand.outcome is None:
        return preferred
    mode = compile(variant).auction.preference_to_establish
    return None if mode is None else _establishes(mode, hand.outcome)


def _establishes(mode: str, outcome: Outcome) -> Suit | None:
    """The preferred suit a finished hand establishes: its trump suit, in ``first_won`` only
    if the declarer's party made the contract [S-WIK "the suit of the first contract that was
    satisfied"; S-KSP]; in ``first_deal`` whatever the result [S-PAR "The trump suit chosen
    freely in the first deal"]. A hand thrown in or without trumps establishes nothing
    (EDITORIAL)."""
    contract = outcome.contract
    if contract is None or contract.trump is None or (mode == "first_won" and not outcome.made):
        return None
    return contract.trump.suit


def _hand_variant(variant: Variant, preferred: Suit | None, pot: int) -> Variant:
    """``variant`` with the session's preferred suit, if any, and the pot that stands."""
    if preferred is not None:
        variant = _with_preferred(variant, preferred)
    return variant if not pot else _with_pot(variant, pot)


@functools.lru_cache(maxsize=256)
def _with_pot(variant: Variant, pot: int) -> Variant:
    """``variant`` played for ``pot`` (score units standing before the deal): its settlement's
    ``pot`` (``settlement.pot_and_fees``), so that a hand's rules and record name it."""
    return derive(variant, {"rules.settlement.params.pot": pot}, name=f"pot-{pot}")


@functools.cache
def _with_preferred(variant: Variant, suit: Suit) -> Variant:
    """``variant`` with ``suit`` as its preferred suit, in the auction and as the colour."""
    return derive(variant, {"rules.auction.params.preferred_suit": suit.letter,
                            "rules.contracts.params.colour_suit": suit.letter},
                  name=f"preferred-{suit.name.lower()}")
