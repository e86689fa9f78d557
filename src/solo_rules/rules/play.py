"""Trick play (rulebook slot ``play``; DOSSIER §1.6).

[S-WIK: "Players must follow suit if possible; if not, they can play anything."] Following is
by effective suit: the matadors belong to the trumps, not to their printed suits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from solo_rules.actions import WIDE_BASE, Action, Word, play_card, play_ids
from solo_rules.cards import BYTE_IDS, CARD_IDS, PIQUET_IDS, Card, card_range
from solo_rules.ranking import TrumpTables
from solo_rules.rules.slots import History, PlayRules, Rules, Stage
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Contract, Flags, GameState, Phase, build_state, build_trick

__all__ = ["FollowSuit", "heading_cards", "reneging_allowed"]

#: each flag set with ``REVEALED`` added, by its value: ``|`` of ``IntFlag`` members runs
#: ``enum``'s Python code, and the called card is played in most partnership hands
_REVEALING = tuple(Flags(flags) | Flags.REVEALED for flags in range(max(Flags) * 2))


def heading_cards(tables: TrumpTables, trick: tuple[int, ...], cards: int) -> int:
    """The cards of ``cards`` that would win ``trick`` as it stands: the duty of a declarer who
    must "go over any card that has been played" [S-NIE Kicker; AMB-32]."""
    out = 0
    mask = cards
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if tables.winner((*trick, card)) == len(trick):
            out |= low
        mask ^= low
    return out


def reneging_allowed(rules: Rules, tables: TrumpTables, trump: int, led: int,
                     hand: int, above: int | None = None, every: bool = True) -> bool:
    """Whether ``hand`` may renege its matadors to the trick ``led`` opened [S-WIK
    Variations: "if a player holds no other trumps than matadors and the card led to the
    current trick is a trump which is not a matador or lower than the matadors held by the
    player, then the player may discard a non-trump instead of following suit"; AMB-53]: the
    led card is a trump, every trump held is a matador and every one (or, ``every=False``, any
    one) outranks the led card (or the card ``above``, the highest so far), and something else
    is held to play instead."""
    return _renege(rules, tables, trump, led, hand, above, every) is True


def _renege(rules: Rules, tables: TrumpTables, trump: int, led: int, hand: int,
            above: int | None, every: bool) -> bool | None:
    """``reneging_allowed``, or ``None`` where the renege does not come into question: the led
    card is no trump, ``hand`` holds a trump that is no matador, or nothing but trumps."""
    trumps = hand & tables.trump_mask
    if not trumps or not tables.trump_mask >> led & 1 or not hand & ~tables.trump_mask:
        return None
    matadors = 0
    for card in rules.ranking.matador_cards(trump):
        matadors |= 1 << card
    if trumps & ~matadors:
        return None
    bar = tables.power[led if above is None else above]
    higher = []
    mask = trumps
    while mask:
        low = mask & -mask
        higher.append(tables.power[low.bit_length() - 1] > bar)
        mask ^= low
    return all(higher) if every else any(higher)


#: Every card (a mask): what a branch of ``duty`` that could not have allowed a card proves.
_EVERY_CARD = (1 << CARD_IDS) - 1
#: The cards below the seven, whose play ids follow ``WIDE_BASE`` (``actions._card_id``).
_LOW_CARDS = CARD_IDS - PIQUET_IDS
#: ``BYTE_IDS`` of the 32-card ids, which are their own play ids
_PIQUET_BYTES = BYTE_IDS[:4]

#: What decided the cards a seat may play (``FollowSuit.duty``): leading (any card), following
#: the suit led, reneging matadors (any card), following where matadors may not be reneged,
#: heading the trick (over it, or ``under`` it), trumping, or nothing (a void: any card).
Duty = Literal["lead", "follow", "renege", "matadors", "head", "under", "trump", "free"]

@register("play", "play.follow_suit")
@attrs.frozen
class FollowSuit(RuleModule, PlayRules, Stage):
    """Follow the led suit if possible; otherwise play anything, or trump if ``must_trump``.
    The module owns the play phase: eldest leads, each trick goes to its winner, and after
    each trick the early-end rule says whether play goes on."""

    must_trump: bool = False
    #: The optional matador renege of S-WIK's Variations (DOSSIER §2g-3, AMB-53): matadors
    #: compared with the ``led`` card or the ``highest`` so far, ``every`` or ``any`` above it.
    matador_renege: bool = False
    renege_against: Literal["led", "highest"] = "led"
    renege_needs: Literal["every", "any"] = "every"
    #: who leads to the first trick: ``eldest`` (AMB-37) or the ``declarer``
    first_lead: Literal["eldest", "declarer"] = "eldest"

    phase = Phase.PLAY
    after = (Phase.DECLARE, Phase.CALL, Phase.TRUMP)
    expects = "a card to play"

    def stages(self) -> tuple[Stage, ...]:
        return (self,)

    def words(self, rules: Rules) -> Iterable[Word]:
        return ()

    def actions(self, rules: Rules) -> Iterable[Action]:
        return (Action.play(card) for card in card_range(rules.pack))

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        """Eldest (or, by ``first_lead``, the declarer) leads to the first trick."""
        leader = state.eldest
        contract = state.contract
        if self.first_lead == "declarer" and contract is not None \
                and contract.declarer is not None:
            leader = contract.declarer
        return build_state(state.rules, Phase.PLAY, leader, state.dealer, state.hands,
                           state.history, state.memory, contract, (), leader, state.tricks,
                           state.won, state.flags, state.dealt)

    def duty(self, rules: Rules, state: GameState, seat: int) -> tuple[int, Duty]:
        """The cards ``seat`` may play to the current trick under the play rules, and the duty
        that decided them: the one decision that both the legal cards and the explanation of
        a refused card read."""
        hand = state.hands[seat]
        if not state.trick:
            return hand, "lead"
        contract = state.contract
        assert contract is not None and contract.trump is not None
        tables = rules.trump_tables[contract.trump]
        follow = hand & tables.follows[state.trick[0]]
        matadors: Duty = "follow"
        if self.matador_renege:
            above = None
            if self.renege_against == "highest":
                above = state.trick[tables.winner(state.trick)]
            renege = _renege(rules, tables, contract.trump, state.trick[0], hand, above,
                             self.renege_needs == "every")
            if renege:
                return hand, "renege"
            if renege is not None:
                matadors = "matadors"
        if (seat == contract.declarer or seat in contract.co_declarers) \
                and rules.contract_def(contract.kind).must_head:
            head = rules.contract_def(contract.kind).head
            if follow and head == "under":
                return follow & ~heading_cards(tables, state.trick, follow) or follow, "under"
            if follow or head == "over_even_void":
                return (heading_cards(tables, state.trick, follow or hand) or follow or hand,
                        "head")
        if follow:
            return follow, matadors
        if self.must_trump and hand & tables.trump_mask:
            return hand & tables.trump_mask, "trump"
        return hand, "free"

    def excludes(self, rules: Rules, contract: Contract, trick: tuple[int, ...], seat: int,
                 card: int) -> int:
        """What ``card`` played to ``trick`` proves about ``seat``'s hand under ``duty``: the
        cards that no hand from which ``duty`` allows ``card`` holds. Each branch of ``duty``
        that could have allowed the card proves its own; the play proves what all of them do
        (a renege the rules permit proves no void, only that the trumps held are matadors)."""
        if not trick:
            return 0
        assert contract.trump is not None
        tables = rules.trump_tables[contract.trump]
        follow = tables.follows[trick[0]]
        bit = 1 << card
        trumping = tables.trump_mask if self.must_trump and not bit & tables.trump_mask else 0
        cdef = rules.contract_def(contract.kind)
        if cdef.must_head and (seat == contract.declarer or seat in contract.co_declarers):
            heads = heading_cards(tables, trick, rules.pack)
            if bit & follow:  # he held a card of the suit led
                if cdef.head == "under":
                    proven = follow & ~heads if bit & heads else 0
                else:
                    proven = 0 if bit & heads else follow & heads
            elif cdef.head == "over_even_void":
                proven = follow if bit & heads else follow | heads
            else:
                proven = follow | trumping
        else:
            proven = 0 if bit & follow else follow | trumping
        if self.matador_renege:
            proven &= self._renege_excludes(rules, tables, contract.trump, trick, card)
        return proven & ~bit

    def _renege_excludes(self, rules: Rules, tables: TrumpTables, trump: int,
                         trick: tuple[int, ...], card: int) -> int:
        """What ``card`` proves if the matador renege let it be played (``_renege``): the
        trumps the hand cannot have held, every trump it held being a matador (each, or one,
        above the card it is compared with); every card where the renege could not have let
        it be played."""
        led = trick[0]
        if not tables.trump_mask >> led & 1:
            return _EVERY_CARD
        matadors = 0
        for held in rules.ranking.matador_cards(trump):
            matadors |= 1 << held
        if self.renege_needs == "any":
            allowed = matadors
        else:
            above = led if self.renege_against == "led" else trick[tables.winner(trick)]
            bar = tables.power[above]
            allowed = 0
            mask = matadors
            while mask:
                low = mask & -mask
                if tables.power[low.bit_length() - 1] > bar:
                    allowed |= low
                mask ^= low
        if tables.trump_mask >> card & 1 and not allowed >> card & 1:
            return _EVERY_CARD  # a trump the renege would not have let it keep back
        return tables.trump_mask & ~allowed

    def mask(self, rules: Rules, state: GameState) -> int:
        """The cards the seat to play may play: these rules, then the partnership's duties."""
        seat = state.player
        mask = self.duty(rules, state, seat)[0] if state.trick else state.hands[seat]
        partner = rules.partner
        return mask if partner is None else partner.restriction(rules, state, seat, mask)[0]

    def follows_only(self, rules: Rules, contract: Contract, seat: int) -> bool:
        """No duty but following suit binds ``seat``: neither trumping, nor the matador renege,
        nor heading the trick as a declarer (``duty``'s other branches)."""
        return not (self.must_trump or self.matador_renege or (
            (seat == contract.declarer or seat in contract.co_declarers)
            and rules.contract_def(contract.kind).must_head))

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """The cards the seat to play may play (``mask``, on every turn of the play), by
        ascending id."""
        seat = state.player
        mask = self.duty(rules, state, seat)[0] if state.trick else state.hands[seat]
        partner = rules.partner
        if partner is not None:
            mask = partner.restriction(rules, state, seat, mask)[0]
        if mask >> PIQUET_IDS:
            return play_ids(mask)
        low, mid, high, top = _PIQUET_BYTES  # ``play_ids(mask)``, without a call on every card
        return (low[mask & 0xFF] + mid[mask >> 8 & 0xFF] + high[mask >> 16 & 0xFF]
                + top[mask >> 24 & 0xFF])

    def is_legal(self, rules: Rules, state: GameState, aid: int) -> bool:
        """Whether ``aid`` is the play of a card ``mask`` allows: a play id (0..31, or a low
        card's after ``WIDE_BASE``), never another kind's id that ``play_card`` maps to a card."""
        if not (0 <= aid < PIQUET_IDS or WIDE_BASE <= aid < WIDE_BASE + _LOW_CARDS):
            return False
        return bool(self.mask(rules, state) >> play_card(aid) & 1)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        """The card joins the trick; a full trick goes to its winner, who leads next, and the
        early-end rule decides what follows it."""
        players = rules.seated
        seat = state.player
        if aid >= WIDE_BASE:
            aid = play_card(aid)
        held = list(state.hands)
        held[seat] &= ~(1 << aid)
        hands = tuple(held)
        trick = state.trick + (aid,)
        contract = state.contract
        assert contract is not None
        flags = state.flags
        if aid == contract.called:
            flags = _REVEALING[flags]
        if len(trick) < players:
            following = (rules.next_seat[seat] if players == rules.players
                         else state.in_turn(seat)[1])  # a seat sits out: skip it
            return build_state(rules, Phase.PLAY, following, state.dealer,
                               hands, history, state.memory, contract, trick,
                               state.leader, state.tricks, state.won, flags, state.dealt)
        assert contract.trump is not None  # named before play
        position = rules.trump_tables[contract.trump].winner(trick)
        winner = (rules.turn_orders[state.leader][position] if players == rules.players
                  else state.in_turn(state.leader)[position])
        won = list(state.won)
        won[winner] += 1
        after = build_state(rules, Phase.PLAY, winner, state.dealer, hands, history,
                            state.memory, contract, (), winner,
                            state.tricks + (build_trick(state.leader, trick, winner),),
                            tuple(won), flags, state.dealt)
        return rules.early_end.after_trick(rules, after)

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        """The duty that forbids the card (``duty``): holding it, following suit, the matadors
        that may not be reneged, heading the trick, trumping, or the partnership's duty."""
        seat = state.player
        aid = play_card(aid)
        if not state.hands[seat] >> aid & 1:
            return f"seat {seat} does not hold {Card(aid).name}"
        mask, duty = self.duty(rules, state, seat)
        if mask >> aid & 1:
            assert rules.partner is not None
            return rules.partner.explain_restriction(rules, state, aid)
        contract = state.contract
        assert contract is not None
        led = Card(state.trick[0]).name
        follow = state.hands[seat] & rules.tables(contract.trump).follow_mask(state.trick[0])
        if duty == "trump":
            return f"seat {seat} cannot follow the suit of {led} and must play a trump"
        if duty == "head" and not follow:
            return f"seat {seat} cannot follow the suit of {led} and must beat the trick"
        if duty == "head" and follow >> aid & 1:
            return f"seat {seat} must beat the trick with a card of the suit led"
        if duty == "under" and follow >> aid & 1:
            return f"seat {seat} must play under the trick with a card of the suit led"
        if duty == "matadors":
            which = "each" if self.renege_needs == "every" else "one"
            card = ("the trump led" if self.renege_against == "led"
                    else "the highest card played so far")
            return (f"seat {seat} must follow the suit of {led}: matadors may be reneged only "
                    f"when {which} of them is higher than {card}")
        return f"seat {seat} must follow the suit of {led}"

    def named_cards(self, rules: Rules, trump: int) -> int:
        """The matadors where they may be reneged (S-WIK Variations, AMB-53); else none."""
        if not self.matador_renege:
            return 0
        return sum(1 << card for card in rules.ranking.matador_cards(trump))

    def describe(self) -> list[Clause]:
        void = ("must play a trump if he can" if self.must_trump
                else "may play any card; there is no duty to trump or to beat the trick")
        clauses = [
            Clause(("Eldest" if self.first_lead == "eldest" else "The declarer")
                   + " leads to the first trick.", "first_lead"),
            Clause("The winner of each trick leads to the next."),
            Clause("Each player must follow the suit led if he can; a player who cannot "
                   f"{void}.", "must_trump"),
            Clause("The highest trump wins the trick; if no trump is played, the highest card "
                   "of the suit led wins."),
        ]
        if self.matador_renege:
            which = "each of them" if self.renege_needs == "every" else "one of them"
            card = ("the trump led" if self.renege_against == "led"
                    else "the highest card played to the trick so far")
            clauses.append(Clause(
                f"Matadors may be reneged: a player whose only trumps are matadors, {which} "
                f"higher than {card}, need not follow suit when a trump is led and may play any "
                "card; a "
                "matador is forced only by a higher matador led when it is unguarded, and a "
                "player holding nothing but matadors must still play one.", "matador_renege"))
        return clauses
