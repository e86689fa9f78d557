"""The called-card partnership (rulebook slot ``partner``; DOSSIER §1.7, §2a, AMB-08..11, 60).

The declarer calls a card he lacks; its holder is his partner, unknown to the table until the
card is played [S-WIK: "whoever holds that Ace becomes the declarer's partner. The partner must
not reveal this"], unless the contract has him name trumps or the declarer asks "Helfer?".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from solo_rules.actions import CALL_BASE
from solo_rules.cards import Card, Rank, Suit
from solo_rules.ranking import NO_TRUMP
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.rules.ranks import rank_list

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.state import GameState

__all__ = ["CalledCard", "Helfer"]

_RANK_WORDS = ("Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven")


@attrs.frozen
class Helfer:
    """The "Helfer?" question: when the early-end decision falls due (after the first five
    tricks) and the called card is unplayed, the declarer may ask and the partner answers
    "Hier!" [S-WIK; AMB-08]."""

    bars_slam: bool = True
    not_with_tout: bool = True


@register("partner", "partner.called_card")
@attrs.frozen
class CalledCard(RuleModule):
    """Calling a partner by a card, the fallback when the Aces are held, the duty to play the
    called card, and the Helfer question."""

    ranks: tuple[Rank, ...] = attrs.field(default=tuple(Rank), converter=rank_list)

    @ranks.validator
    def _every_rank(self, _attribute: object, value: tuple[Rank, ...]) -> None:
        # A shorter ladder could leave a declarer who holds all its cards with nothing to call.
        if sorted(value) != list(Rank):
            raise ValueError("ranks must list all eight ranks, in the order they are called")
    exclude_trump_suit: bool = True
    must_not_hold: bool = True
    trump_not_called_suit: bool = True
    must_play_when_led: bool = True
    must_lead_when_leading_suit: bool = True
    helfer: Helfer | None = None

    def call_actions(self) -> list[tuple[int, str]]:
        """Every call action as (action id, text)."""
        return [(CALL_BASE + card, f"call {card.name}") for card in Card]

    def callable_cards(self, rules: CompiledRules, state: GameState) -> list[int]:
        """The cards the declarer may call: the highest rank on the ladder of which some card
        of an allowed suit is not in his hand [S-WIK; AMB-11, AMB-60]. Where a held card may be
        called [S-FOS self-call, AMB-21], still not when the partner must name trumps."""
        contract = state.contract
        assert contract is not None and contract.declarer is not None
        hand = state.hands[contract.declarer]
        lacking = (self.must_not_hold
                   or rules.contract_def(contract.kind).trump_by == "partner")
        barred = set()
        if self.exclude_trump_suit and contract.trump is not None and contract.trump != NO_TRUMP:
            barred.add(contract.trump)
        if contract.trump_constraint is not None and self.trump_not_called_suit:
            barred.add(contract.trump_constraint)
        matadors = set.intersection(*(set(rules.ranking.matador_cards(t)) for t in range(4)))
        for rank in self.ranks:
            cards = [Card.of(suit, rank) for suit in Suit if suit not in barred]
            cards = [c for c in cards if rules.pack >> c & 1 and c not in matadors]
            if lacking:
                cards = [c for c in cards if not hand >> c & 1]
            if cards:
                return [CALL_BASE + c for c in cards]
        return []

    def partner_trumps(self, state: GameState) -> list[int]:
        """The suits the called partner may name: not the called card's suit (AMB-42), and the
        preferred suit when the declaration bound it (AMB-07)."""
        contract = state.contract
        assert contract is not None and contract.called is not None
        if contract.trump_constraint is not None:
            return [contract.trump_constraint]
        called_suit = Card(contract.called).suit
        return [s for s in range(4) if not (self.trump_not_called_suit and s == called_suit)]

    def restrict_play(self, rules: CompiledRules, state: GameState, seat: int, mask: int) -> int:
        """Apply the duty to play the called card when its suit is led, and to lead it when its
        holder leads that suit [S-WIK; AMB-10]."""
        contract = state.contract
        if contract is None or contract.called is None or contract.partner != seat:
            return mask
        called = contract.called
        if not mask >> called & 1:
            return mask
        tables = rules.tables(contract.trump)
        suit_cards = tables.follow_mask(called)
        if state.trick:
            if self.must_play_when_led and suit_cards >> state.trick[0] & 1:
                return 1 << called
            return mask
        if self.must_lead_when_leading_suit:
            return mask & ~(suit_cards & ~(1 << called))
        return mask

    def can_ask(self, state: GameState, asked: bool) -> bool:
        """Whether the declarer may ask "Helfer?" now."""
        helfer = self.helfer
        contract = state.contract
        if helfer is None or contract is None or contract.called is None or asked:
            return False
        if state.partner_revealed:
            return False
        return not (helfer.not_with_tout and contract.tout)

    def describe(self) -> list[Clause]:
        ladder = [_RANK_WORDS[rank] for rank in self.ranks]
        first = ladder[0]
        which = "a card" if not self.must_not_hold else "a card he does not hold"
        suits = " of a suit other than trumps" if self.exclude_trump_suit else ""
        fallback = f"; if he holds every such {first}, a {ladder[1]}" if ladder[1:] else ""
        if ladder[2:]:
            fallback += ", and so on down the ranks " + " ".join(ladder[2:])
        clauses = [
            Clause(f"In a partnership contract the declarer calls {which}{suits}: an {first}"
                   f"{fallback}. The matadors cannot be called.", "ranks"),
            Clause("Whoever holds the called card is the declarer's partner. Nobody is told who "
                   "that is; it becomes known when the card is played.", "must_not_hold"),
            Clause("The declarer may call a card of a suit in which he holds no card.",
                   "ranks"),
        ]
        if not self.must_not_hold:
            clauses.append(Clause(
                f"He may call an {first} he holds himself: he then plays alone, and the others "
                "learn it only when he plays that card. Where the partner must name trumps, the "
                "called card must be one the declarer does not hold.", "must_not_hold"))
        if self.trump_not_called_suit:
            clauses.append(Clause("Where the partner names trumps, he may not name the suit of "
                                  "the called card.", "trump_not_called_suit"))
        if self.must_play_when_led:
            clauses.append(Clause("When the suit of the called card is led, its holder must "
                                  "play the called card.", "must_play_when_led"))
        if self.must_lead_when_leading_suit:
            clauses.append(Clause("When the holder of the called card leads its suit, he must "
                                  "lead the called card itself.", "must_lead_when_leading_suit"))
        if self.helfer is not None:
            helfer = self.helfer
            text = ("When the first tricks are complete and the decision to stop or play on "
                    "falls due, if the called card has not been played, the declarer may ask "
                    "\"Helfer?\"; the partner must answer \"Hier!\".")
            if helfer.bars_slam:
                text += " After the question the party may not play on for all the tricks."
            if helfer.not_with_tout:
                text += " The question may not be asked when Tout was announced."
            clauses.append(Clause(text, "helfer"))
        return clauses
