"""The called-card partnership (rulebook slot ``partner``; DOSSIER §1.7, §2a, AMB-08..11, 60).

The declarer calls a card he lacks; its holder is his partner, unknown to the table until the
card is played [S-WIK: "whoever holds that Ace becomes the declarer's partner. The partner must
not reveal this"], unless the contract has him name trumps or the declarer asks "Helfer?".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import ClassVar, Literal

import attrs

from solo_rules.actions import TRUMP_BASE, Action, Word, action_card, call_id
from solo_rules.bounds import Limit
from solo_rules.cards import PIQUET_RANKS, Card, Rank, Suit, card_range
from solo_rules.ranking import Trump
from solo_rules.rules.ranks import RANK_WORDS, rank_list
from solo_rules.rules.slots import History, PartnerRules, Rules, Stage, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Contract, Flags, GameState, Phase, replace

__all__ = ["ASK", "CalledCard", "Helfer"]

#: computed once: ``|`` of two ``IntFlag`` members runs ``enum``'s Python code, and "Helfer?"
#: is asked about after every trick
_ASKED_OR_REVEALED = Flags.ASKED | Flags.REVEALED


#: The declarer's question "Helfer?", which the partner answers "Hier!" (S-WIK, AMB-08).
ASK = Word("ask partner", 72, ("ask", "helfer", "helfer?"), 'asks "Helfer?"')


@attrs.frozen
class Helfer:
    """The "Helfer?" question: once the fifth trick is complete, after it and each later trick
    while the called card is unplayed, the declarer may ask and the partner answers "Hier!"
    [S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask"; AMB-08]."""

    bars_slam: bool = True
    not_with_tout: bool = True
    #: the first trick after which the question may be asked (5; 1: at any time, AMB-08)
    from_trick: int = attrs.field(default=5, validator=attrs.validators.ge(1))

    limits: ClassVar = {"from_trick": Limit(1, "hand")}


@functools.lru_cache(maxsize=64)
def _ladders_of(rules: Rules) -> dict[tuple[str, Trump | None, Suit | None],
                                      tuple[bool, bool, tuple[tuple[tuple[Card, int], ...], ...]]]:
    """The calling ladders of a rule set's partner rule, by contract kind, trumps and the suit
    trumps are bound to, filled as they are asked for: the call is asked for twice in every
    hand with a called partner (whether there is one to make, then its choices)."""
    return {}


@register("partner", "partner.called_card")
@attrs.frozen
class CalledCard(RuleModule, PartnerRules):
    """Calling a partner by a card, the fallback when the Aces are held, the duty to play the
    called card, and the Helfer question. When the declarer holds every card the ladder
    ``ranks`` offers him, he plays alone [AMB-11 (b): "there is no legal call, so he plays
    alone"], naming trumps himself where the partner would have named them. A partner never
    revealed (the hand ended before the called card was played or "Hier!" was said) is the
    partner all the same (AMB-09 a: "whoever holds that Ace becomes the declarer's partner"),
    or with ``unrevealed: alone`` the declarer settles alone (AMB-09 b)."""

    ranks: tuple[Rank, ...] = attrs.field(default=PIQUET_RANKS, converter=rank_list)

    @ranks.validator
    def _some_rank(self, _attribute: object, value: tuple[Rank, ...]) -> None:
        # A shorter ladder (A K) may leave nothing to call: the declarer then plays alone.
        if not value:
            raise ValueError("ranks must list at least one rank, in the order they are called")
    #: whether the trump suit's cards may not be called: ``True``, ``False``, or only on the
    #: ``fallback`` ranks [Quadrille law 12: "a queen ... except the queen of trumps"]
    exclude_trump_suit: Literal[True, False, "fallback"] = True
    must_not_hold: bool = True
    #: where held cards may be called (``must_not_hold`` false): whether holding every card
    #: of a rank also offers the next rank [S-HOY law 12: "If you have four kings dealt, you
    #: are at liberty either to call a queen ... or to call one of your own kings"]
    held_fallback: bool = False
    trump_not_called_suit: bool = True
    must_play_when_led: bool = True
    must_lead_when_leading_suit: bool = True
    helfer: Helfer | None = None
    unrevealed: Literal["partner", "alone"] = "partner"
    #: whether the declarer may call a card of a suit he is void in (AMB-60): ``allowed``, or
    #: ``must_hold`` a card of that suit, as Schafkopf's Rufspiel
    void_suit: Literal["allowed", "must_hold"] = "allowed"

    def stages(self) -> tuple[Stage, ...]:
        """The call, then the called partner naming trumps where the contract has him do so."""
        return _CallStage(self), _PartnerTrumpStage(self)

    def callable_cards(self, rules: Rules, state: GameState) -> list[Card]:
        """The cards the declarer may call: the highest rank on the ladder of which some card
        of an allowed suit is not in his hand [S-WIK; AMB-11, AMB-60]. Where a held card may be
        called [S-FOS self-call, AMB-21], still not when the partner must name trumps. With
        ``void_suit: must_hold`` only a suit of which he holds a card (AMB-60, Schafkopf)."""
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        hand = state.hands[contract.declarer]
        key = (contract.kind, contract.trump, contract.trump_bound)
        if rules.partner is self:  # the rule set's own rule: its ladders are kept
            ladders = _ladders_of(rules)
            found = ladders.get(key)
            if found is None:
                found = ladders[key] = self._ladder(rules, *key)
        else:
            found = self._ladder(rules, *key)
        lacking, must_hold, ladder = found
        offered: list[Card] = []
        for candidates in ladder:
            cards = [card for card, rest_of_suit in candidates
                     if not (lacking and hand >> card & 1)
                     and not (must_hold and not hand & rest_of_suit)]
            offered += cards
            if cards and not (self.held_fallback and all(hand >> card & 1
                                                         for card, _ in candidates)):
                return offered
        return offered

    def _ladder(self, rules: Rules, kind: str, trump: Trump | None, bound: Suit | None
                ) -> tuple[bool, bool, tuple[tuple[tuple[Card, int], ...], ...]]:
        """What the call depends on besides the declarer's hand: whether he must lack the
        card, whether he must hold a card of its suit, and per rank of the ladder the cards
        that may be called (of a suit not barred, in the pack, no matador), each with the
        other cards of its suit."""
        lacking = self.must_not_hold or rules.contract_def(kind).trump_by == "partner"
        barred: set[Suit] = set()
        if bound is not None and self.trump_not_called_suit:
            barred.add(bound)
        trump_barred = barred | ({trump.suit} if trump is not None and trump.suit is not None
                                 else set())
        matadors = set.intersection(*(set(rules.ranking.matador_cards(suit)) for suit in Suit))
        tables = rules.tables(trump)
        ladder = tuple(
            tuple((card, tables.suit_masks[card.suit] & ~(1 << card))
                  for card in [Card.of(suit, rank) for suit in Suit if suit not in (
                      trump_barred if self.exclude_trump_suit is True
                      or (self.exclude_trump_suit == "fallback" and position) else barred)]
                  if rules.pack >> card & 1 and card not in matadors)
            for position, rank in enumerate(self.ranks))
        return lacking, self.void_suit == "must_hold", ladder

    def partner_trumps(self, state: GameState) -> list[Suit]:
        """The suits the called partner may name: not the called card's suit (AMB-42), and the
        preferred suit when the declaration bound it (AMB-07)."""
        contract = state.contract
        assert contract is not None
        if contract.trump_bound is not None:
            return [contract.trump_bound]
        if contract.called is None:
            return list(Suit)
        called_suit = contract.called.suit
        return [s for s in Suit if not (self.trump_not_called_suit and s == called_suit)]

    def restriction(self, rules: Rules, state: GameState, seat: int,
                    mask: int) -> tuple[int, Literal["play", "lead"] | None]:
        """``mask`` less what the called card's duty forbids ``seat``, and the duty that
        applied: to ``play`` the called card when its suit is led, or to ``lead`` it when its
        holder leads that suit [S-WIK; AMB-10] (``None``: neither). The one decision that both
        the legal cards and the explanation of a refused card read."""
        contract = state.contract
        if contract is None or contract.called is None or contract.partner != seat:
            return mask, None
        called = contract.called
        if not mask >> called & 1:
            return mask, None
        suit_cards = rules.tables(contract.trump).follow_mask(called)
        if state.trick:
            if self.must_play_when_led and suit_cards >> state.trick[0] & 1:
                return 1 << called, "play"
            return mask, None
        if self.must_lead_when_leading_suit:
            return mask & ~(suit_cards & ~(1 << called)), "lead"
        return mask, None

    def excludes(self, rules: Rules, contract: Contract, trick: tuple[int, ...], seat: int,
                 card: int) -> int:
        """What ``card`` proves under ``restriction``: a seat other than the declarer that
        played another card to a trick of the called card's suit, or led another card of
        that suit, does not hold the called card [S-WIK; AMB-10]."""
        called = contract.called
        if called is None or card == called or seat == contract.declarer:
            return 0
        suit_cards = rules.tables(contract.trump).follow_mask(called)
        if trick:
            duty = self.must_play_when_led and suit_cards >> trick[0] & 1
        else:
            duty = self.must_lead_when_leading_suit and suit_cards >> card & 1
        return 1 << called if duty else 0

    def restricts(self, contract: Contract, seat: int) -> bool:
        """Only the holder of the called card has its duties (``restriction``)."""
        return contract.called is not None and contract.partner == seat

    def explain_restriction(self, rules: Rules, state: GameState, card: int) -> str:
        """Why the duty to play or lead the called card (``restriction``) forbids ``card``."""
        contract = state.contract
        assert contract is not None and contract.called is not None
        seat = state.player
        _, duty = self.restriction(rules, state, seat, state.hands[seat])
        called = contract.called.symbol_text
        if duty == "play":
            return f"the holder of the called card must play {called} when its suit is led"
        return f"the holder of the called card must lead {called} itself when he leads its suit"

    @property
    def decision_words(self) -> tuple[Word, ...]:
        """"Helfer?", where the variant has it."""
        return () if self.helfer is None else (ASK,)

    def may_ask(self, state: GameState) -> bool:
        """Whether the declarer may ask "Helfer?" now: once, while the partner is unknown,
        and not after announcing Tout where the rule forbids it."""
        helfer = self.helfer
        contract = state.contract
        if helfer is None or contract is None or contract.called is None:
            return False
        if state.flags & _ASKED_OR_REVEALED or len(state.tricks) < helfer.from_trick:
            return False
        return not (helfer.not_with_tout and contract.tout)

    @property
    def asking_bars_slam(self) -> bool:
        """Whether asking bars playing on for all the tricks."""
        return self.helfer is not None and self.helfer.bars_slam

    def answer(self, state: GameState, history: History) -> GameState:
        """The partner answers "Hier!": he is known from now on."""
        return replace(state, flags=state.flags | Flags.ASKED | Flags.REVEALED, history=history)

    def settling(self, state: GameState) -> GameState:
        """``state`` with no partner when ``unrevealed: alone`` and the partner was never
        revealed; otherwise ``state`` itself."""
        contract = state.contract
        if (self.unrevealed == "partner" or contract is None or contract.partner is None
                or state.flags & Flags.REVEALED):
            return state
        return replace(state, contract=replace(contract, partner=None))

    def describe(self) -> list[Clause]:
        return self._describe(frozenset(PIQUET_RANKS))

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """The calling ladder down the ranks the pack has (Münsterland: no 9s or 8s)."""
        return self._describe(frozenset(card.rank for card in pack_of(slots).cards))

    def _describe(self, dealt: frozenset[Rank]) -> list[Clause]:
        ladder = [RANK_WORDS[rank] for rank in self.ranks if rank in dealt]
        first = ladder[0]
        an = "an" if first[0] in "AEIOU" else "a"
        suits = " of a suit other than trumps" if self.exclude_trump_suit is True else ""
        fallback = f"if he holds every such {first}, a {ladder[1]}" if ladder[1:] else ""
        if ladder[2:]:
            fallback += ", and so on down the ranks " + " ".join(ladder[2:])
        if len(ladder) < len(dealt):
            fallback += (f". If he holds every {' and every '.join(ladder)} he could call, he "
                         "plays alone, and names trumps himself where the partner would have")
        if self.must_not_hold:
            clauses = [Clause(f"In a partnership contract the declarer calls a card he does not "
                              f"hold{suits}: {an} {first}; {fallback}. The matadors cannot be "
                              "called.", "ranks", ("exclude_trump_suit", "must_not_hold"))]
        else:
            clauses = [
                Clause(f"In a partnership contract the declarer calls {an} {first}{suits}. The "
                       "matadors cannot be called.", "ranks", ("exclude_trump_suit",)),
                Clause(f"He may call {an} {first} he holds himself: he then plays alone, and the "
                       "others learn it only when he plays that card.", "must_not_hold"),
            ]
            if self.held_fallback and ladder[1:]:
                barred = " (not the trumps')" if self.exclude_trump_suit == "fallback" else ""
                clauses.append(Clause(
                    f"If he holds every {first}, he may call a {ladder[1]}{barred} as well as one "
                    f"of his own {first}s.", "held_fallback", ("exclude_trump_suit",)))
            else:
                clauses.append(Clause("Where the partner must name trumps, the called card must "
                                      f"be one the declarer does not hold: {fallback}.", "ranks",
                                      ("must_not_hold",)))
        clauses += [
            Clause("Whoever holds the called card is the declarer's partner. Nobody is told who "
                   "that is; it becomes known when the card is played.",
                   "helfer" if self.helfer is None else ""),
            Clause("If the hand ends before the partner is known, "
                   + ("he is the partner all the same: his tricks count for the declarer's "
                      "party." if self.unrevealed == "partner" else
                      "the declarer has played alone: the holder of the called card settles "
                      "as a defender."), "unrevealed"),
            Clause("The declarer may call a card of a suit in which he holds no card."
                   if self.void_suit == "allowed" else
                   "The declarer may call a card only of a suit in which he holds another "
                   "card of that suit (a trump does not count).", "void_suit"),
        ]
        if self.trump_not_called_suit:
            clauses.append(Clause("Where the partner names trumps, he may not name the suit of "
                                  "the called card.", "trump_not_called_suit"))
        clauses.append(Clause("When the suit of the called card is led, its holder "
                              + ("must" if self.must_play_when_led else "need not")
                              + " play the called card.", "must_play_when_led"))
        clauses.append(Clause("When the holder of the called card leads its suit, he "
                              + ("must" if self.must_lead_when_leading_suit else "need not")
                              + " lead the called card itself.", "must_lead_when_leading_suit"))
        if self.helfer is not None:
            helfer = self.helfer
            first = ("After the first trick" if helfer.from_trick == 1 else
                     f"Once trick {helfer.from_trick} is complete, after it")
            text = (f"{first} and after each later "
                    "one while the hand goes on, if the called card has not been played, the "
                    "declarer may ask \"Helfer?\" (or decline and be asked again after the next "
                    "trick); the partner must answer \"Hier!\".")
            if helfer.bars_slam:
                text += (" After the question the party may not play on for all the tricks: a "
                         "party that has won the first tricks stops and scores prime.")
            if helfer.not_with_tout:
                text += " The question may not be asked when Tout was announced."
            clauses.append(Clause(text, "helfer"))
        return clauses


@attrs.frozen
class _CallStage(Stage):
    """The call phase: the declarer of a partnership contract calls a card."""

    rule: CalledCard

    phase = Phase.CALL
    after = (Phase.DECLARE,)
    expects = "a call"

    def words(self, rules: Rules) -> Iterable[Word]:
        return ()

    def actions(self, rules: Rules) -> Iterable[Action]:
        return (Action.call(card) for card in card_range(rules.pack))

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        contract = state.contract
        if contract is None or rules.contract_def(contract.kind).partner != "called_card":
            return None
        assert contract.declarer is not None
        state = replace(state, phase=Phase.CALL, player=contract.declarer)
        return state if self.rule.callable_cards(rules, state) else None

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        return tuple(sorted(call_id(card) for card in self.rule.callable_cards(rules, state)))

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """Whoever holds the called card is the partner; a self-call plays alone (AMB-21)."""
        card = action_card(aid)
        contract = state.contract
        assert contract is not None
        holder = next((s for s, hand in enumerate(state.hands) if hand >> card & 1), None)
        partner = None if holder == contract.declarer else holder
        contract = replace(contract, called=card, partner=partner)
        return rules.advance(replace(state, contract=contract, history=history))

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """Whoever holds the card is the partner, known when it is played."""
        card = action_card(aid).symbol_text
        return f"whoever holds {card} is your partner, unknown to the others until {card} is " \
            "played"

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        ranks = " then ".join(RANK_WORDS[rank] for rank in self.rule.ranks[:2])
        return (f"the declarer calls a card of the highest rank ({ranks}, and so on) that the "
                "calling rules leave him")


@attrs.frozen
class _PartnerTrumpStage(Stage):
    """The called partner names trumps where the contract has him do so; naming them reveals
    him [S-WIK Grossfrage]."""

    rule: CalledCard

    phase = Phase.TRUMP
    after = (Phase.CALL,)
    expects = "naming trumps"

    def words(self, rules: Rules) -> Iterable[Word]:
        return ()

    def actions(self, rules: Rules) -> Iterable[Action]:
        return (Action.trump(suit) for suit in Suit)

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        contract = state.contract
        if (contract is None or contract.trump is not None
                or rules.contract_def(contract.kind).trump_by != "partner"):
            return None
        if contract.called is None:  # nothing to call: the declarer plays alone (AMB-11 b)
            assert contract.declarer is not None
            return replace(state, phase=Phase.TRUMP, player=contract.declarer)
        if contract.partner is None:
            return None
        return replace(state, phase=Phase.TRUMP, player=contract.partner,
                       flags=state.flags | Flags.REVEALED)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        return tuple(TRUMP_BASE + suit for suit in self.rule.partner_trumps(state))

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        assert state.contract is not None
        contract = replace(state.contract, trump=Trump.of(aid - TRUMP_BASE))
        return rules.advance(replace(state, contract=contract, history=history))

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        return f"{Suit(aid - TRUMP_BASE).symbol} are trumps for the rest of the hand"

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        contract = state.contract
        assert contract is not None
        if contract.trump_bound is not None:
            return f"the declaration bound trumps to {contract.trump_bound.name.lower()}"
        return "the partner may not name the suit of the called card"
