"""Bidding with immediate hold (``auction.immediate_hold``): the Altenburg auction [S-WIK],
formalised in DOSSIER §2a and AMB-12: Skat-style duels in which the earlier seat holds with
"yes", jump bids allowed, the preferred-suit (Acorn) levels between the contracts, the duty of
the holder of both black queens, and a forced contract when everyone passes."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Literal

import attrs

from solo_rules.actions import BID_BASE, PASS, Word
from solo_rules.cards import Card, Suit, parse_suit
from solo_rules.rules.auction.common import AllPass, Auction, card_mask
from solo_rules.rules.contract_def import ContractDef, suit_word
from solo_rules.rules.params import cards as card_list
from solo_rules.rules.params import optional_suit
from solo_rules.rules.slots import BidGames, ContractRules, Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, builder

__all__ = ["HOLD", "BidLevel", "Duty", "HoldState", "ImmediateHold", "PreferredMode"]

#: How the preferred suit is chosen (DOSSIER §2g-1, AMB-46): fixed by the variant, the trump of
#: the first contract a declarer's party made, the trump of the first deal, or no preferred suit.
PreferredMode = Literal["fixed", "first_won", "first_deal", "none"]

#: Hold the standing bid at the same level: the holder's "yes".
HOLD = Word("hold", 69, ("yes",), "holds")


@attrs.frozen
class BidLevel:
    """One bid: a contract, at its preferred-suit level, at its Sur level (the second
    preferred suit, ``pref.sur`` [S-PIE-SOLO]; AMB-85) or at neither."""

    contract: str
    preferred: bool = False
    sur: bool = False

    def __attrs_post_init__(self) -> None:
        if self.preferred and self.sur:
            raise ValueError(f"a bid level of {self.contract!r} is preferred or sur, not both")


@attrs.frozen
class Duty:
    """A player dealt all of ``cards`` (and one of ``any_of``, if given) may not pass below
    ``released_by`` and must declare at least ``at_least`` [S-WIK Grossfrage duty; AMB-02].

    AMB-02 (a), the literal "dealt both the Spadille and Manille", is ``cards: [CQ]`` with
    ``any_of`` the four 7s. EDITORIAL machine reading: Manille is the trump 7 and trumps are
    unknown while bidding, and in the Grossfrage the duty demands the partner names them, so
    "the 7 of the suit he would name" means nothing; every 7 may become Manille, so the duty
    binds each hand that may turn out to hold both. Without Basta such a player may not bid
    Grossfrage (AMB-59) and meets the duty with a Solo, which S-WIK's "unless they intend to
    call a Solo" allows."""

    cards: tuple[Card, ...] = attrs.field(validator=card_list)
    at_least: str
    released_by: str
    any_of: tuple[Card, ...] = attrs.field(default=(), validator=card_list)

    def cards_text(self) -> str:
        """The duty's cards in prose."""
        named = " and ".join(card.symbol_text for card in self.cards)
        if not self.any_of:
            return named
        return f"{named} and any of {', '.join(c.symbol_text for c in self.any_of)}"


@attrs.frozen(slots=True, weakref_slot=False)
class HoldState:
    """Auction progress: the next seat to enter (index from eldest), the holder and challenger
    (-1 for none), the standing level (-1 for none), the seats (a mask) that bid a preferred
    level, and whether the declarer was forced by an all-pass. One per turn of the auction."""

    next_entrant: int
    holder: int
    challenger: int
    level: int
    preferred_bidders: int
    forced: bool = False
    #: eldest passed and ``eldest_pass_duels`` is off: the rest bid once each, without duels
    #: (left out of the repr, which stays what it was before this reading existed)
    overbids: bool = attrs.field(default=False, repr=False)


#: ``HoldState(...)`` as the auction builds it, on every turn
hold_state = builder(HoldState)


@register("auction", "auction.immediate_hold")
@attrs.frozen(cache_hash=True)
class ImmediateHold(Auction[HoldState]):
    """Bidding with immediate hold [S-WIK]; formalised as in DOSSIER §2a and AMB-12."""

    levels: tuple[BidLevel, ...]
    preferred_suit: Suit | None = attrs.field(default=None, validator=optional_suit)
    #: how the preferred suit is chosen; in ``first_won`` and ``first_deal`` a match sets
    #: ``preferred_suit`` once a hand establishes it (``solo_rules.match``; AMB-46)
    preferred_mode: PreferredMode = "fixed"
    #: ``pref.sur``: a second, still higher preferred suit whose levels (``sur: true``) rank
    #: above the same contract in the preferred suit [S-PIE-SOLO; AMB-85]; none by default
    sur_suit: Suit | None = attrs.field(default=None, validator=optional_suit)
    binding: bool = True
    jump_bids: bool = True
    duty: Duty | None = None
    #: further duties, such as Solo for both black queens and four Aces (S-CAS, S-PAR; AMB-52)
    duties: tuple[Duty, ...] = ()
    all_pass: AllPass = attrs.field(factory=AllPass)
    #: AMB-12 (i): after eldest passes, the next players duel (yes), or each bids once (no)
    eldest_pass_duels: bool = True
    #: AMB-12 (iv): the earlier seat holds with "yes" in every duel, or only eldest in the
    #: first one
    hold_in_later_duels: bool = True
    #: AMB-12 (ii): the opening bid is the lowest level (yes), or, with jump bids, any (no)
    open_with_lowest: bool = True
    #: the last holder declares a contract ``at_least`` as high as his bid [S-WIK], or
    #: ``exactly`` his bid's [S-HOY law 27: "Whoever has asked leave only cannot play sans
    #: prendre, unless forced"]
    declares: Literal["at_least", "exactly"] = "at_least"

    extra_words = (HOLD,)
    #: besides what everyone passing does: the called partner naming the preferred suit in a
    #: contract declared at its preferred level (EDITORIAL, DOSSIER §2g-1, AMB-07)
    topics = ("nobody_forced", "preferred_partner")

    def __attrs_post_init__(self) -> None:
        if not self.levels:
            raise ValueError("an auction needs at least one bid level")
        if self.preferred_mode == "fixed" and self.preferred_suit is None \
                and any(level.preferred for level in self.levels):
            raise ValueError("preferred levels need preferred_suit")
        if self.preferred_mode == "none" and self.preferred_suit is not None:
            raise ValueError(f"preferred_mode none takes no preferred_suit, got "
                             f"{self.preferred_suit.letter}")
        if self.sur_suit is None and any(level.sur for level in self.levels):
            raise ValueError("sur levels need sur_suit")
        if self.sur_suit is not None and self.sur_suit == self.preferred_suit:
            raise ValueError(f"sur_suit must differ from preferred_suit, both are "
                             f"{self.sur_suit.letter}: the Sur is a second preferred suit")
        names = _names(_in_play(self.levels, self.preferred_suit), self.preferred_suit,
                       self.sur_suit)
        if len(set(names)) != len(names):
            raise ValueError(f"a bid level repeats: {list(names)}; each level is one bid")
        for duty in self.every_duty:
            for name in (duty.at_least, duty.released_by):
                if name not in names:
                    raise ValueError(f"duty names unknown bid {name!r}; bids are {list(names)}")

    # -- tables ----------------------------------------------------------------------------

    @property
    def bids(self) -> tuple[BidLevel, ...]:
        """The levels in play: without a preferred suit (none yet, or mode ``none``), the
        preferred levels drop out, as no suit has precedence (EDITORIAL, DOSSIER §2g-1)."""
        return _bids(self)

    @property
    def bid_names(self) -> tuple[str, ...]:
        """The contract id, with ``@`` and the suit letter for a preferred-suit level
        (``frage@C``)."""
        return _names(self.bids, self.preferred_suit, self.sur_suit)

    @property
    def preferred(self) -> Suit | None:
        """The preferred suit (Acorns in Altenburg), if any."""
        return self.preferred_suit

    @property
    def preference_to_establish(self) -> Literal["first_won", "first_deal"] | None:
        """The session mode that is still to establish the preferred suit, if any."""
        if self.preferred_suit is None and self.preferred_mode in ("first_won", "first_deal"):
            return self.preferred_mode
        return None

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when a level or the all-pass contract names no contract."""
        ladder = ladder_of(slots)
        known = {c.id for c in ladder.contracts}
        for level in self.levels:
            if level.contract not in known:
                raise ValueError(f"bid level names unknown contract {level.contract!r}")
        if self.preferred_mode != "fixed" and ladder.colour_suit != self.preferred_suit:
            raise ValueError(
                f"with preferred_mode {self.preferred_mode}, the contracts' colour_suit must be "
                "the preferred suit (unset until a match establishes it), got "
                + ("none" if ladder.colour_suit is None else ladder.colour_suit.letter))
        _one_preferred_suit(self.preferred_suit, ladder)
        if self.sur_suit is not None and ladder.colour_multiplier != 1:
            raise ValueError(
                f"the Sur pays like the Couleur (AMB-85), but rules.contracts.params."
                f"colour_multiplier is {ladder.colour_multiplier} and multiplies only the "
                "colour suit: with rules.auction.params.sur_suit set, keep the multiplier 1")
        self.all_pass.check(ladder)

    def _level_of(self, contract: str, preferred: bool, sur: bool = False) -> int:
        return _level_index(self).get((contract, preferred, sur), -1)

    @property
    def every_duty(self) -> tuple[Duty, ...]:
        """``duty`` and the further ``duties``."""
        return self.duties if self.duty is None else (self.duty, *self.duties)

    def _duties_binding(self, hand: int, level: int) -> list[Duty]:
        """The duties that bind ``hand`` while the standing level is ``level``."""
        return [duty for duty, (cards, any_of, _, released)
                in zip(self.every_duty, _duty_table(self), strict=True)
                if hand & cards == cards and (not any_of or hand & any_of) and level < released]

    def _duty_bound(self, hand: int, level: int) -> bool:
        return any(hand & cards == cards and (not any_of or hand & any_of) and level < released
                   for cards, any_of, _, released in _duty_table(self))

    @property
    def _opens_lowest(self) -> bool:
        """Whether an opening bid must be the lowest level: without jump bids it always is."""
        return self.open_with_lowest or not self.jump_bids

    def _may_bid(self, rules: Rules, hand: int, level: int) -> bool:
        needed = _level_masks(self, rules)[level]
        return hand & needed == needed

    # -- the auction phase -----------------------------------------------------------------

    def start(self, eldest: int) -> tuple[HoldState, int]:
        """Nobody holds a bid; eldest speaks first."""
        return hold_state(1, -1, -1, -1, 0), eldest

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """Legal bid, hold and pass ids for the seat to speak. They depend on the standing
        level, whether anyone holds and whether the seat may hold, and only those cards of its
        hand that a level or a duty names, so they are kept on those."""
        auction = self.progress(state)
        seat = state.player
        features, kept = _kept(self, rules)
        key = (auction.level, auction.holder < 0,
               auction.holder == seat and (self.hold_in_later_duels or auction.next_entrant == 2),
               state.hands[seat] & features)
        ids = kept.get(key)
        if ids is None:
            ids = kept[key] = self._legal(rules, *key)
        return ids

    def _legal(self, rules: Rules, level: int, opening: bool, holding: bool,
               hand: int) -> tuple[int, ...]:
        out = []
        if not self._duty_bound(hand, level):
            out.append(PASS.id)
        if holding and self._may_bid(rules, hand, level):
            out.append(HOLD.id)
        if opening and self._opens_lowest:
            candidates: range = range(0, 1)
        elif self.jump_bids:
            candidates = range(level + 1, len(self.bids))
        else:
            candidates = range(level + 1, min(level + 2, len(self.bids)))
        out.extend(BID_BASE + k for k in candidates if self._may_bid(rules, hand, k))
        return tuple(sorted(out))

    def step(self, rules: Rules, state: GameState, aid: int) -> tuple[HoldState, int | None]:
        """The record after ``aid`` and the next seat to speak (``None``: auction over)."""
        auction = self.progress(state)
        seat = state.player
        players = rules.seated
        level_of = aid - BID_BASE
        preferred = auction.preferred_bidders
        bid = _bids(self)[level_of] if aid >= BID_BASE else \
            _bids(self)[auction.level] if aid == HOLD.id else None
        if bid is not None and bid.preferred:
            preferred |= 1 << seat
        elif bid is not None and bid.sur:  # the Sur, still higher, replaces the binding
            preferred &= ~(1 << seat)

        overbids = auction.overbids or (
            not self.eldest_pass_duels and auction.next_entrant == 1 and aid == PASS.id)

        # each branch either answers at once (a duel goes on) or names the survivor, who then
        # meets the next seat to enter: one call at the end, no closure built on every turn
        if auction.holder < 0:  # opening
            if aid == PASS.id:
                holder, level = -1, -1
            else:
                holder, level = seat, level_of
        elif seat == auction.challenger:
            if aid == PASS.id:
                holder, level = auction.holder, auction.level
            elif overbids:  # no duel: the higher bid stands, and the next player speaks
                holder, level = seat, level_of
            else:
                return (hold_state(auction.next_entrant, auction.holder, seat, level_of,
                                  preferred), auction.holder)
        elif aid == PASS.id:  # the holder answers
            holder, level = auction.challenger, auction.level
        else:
            level = auction.level if aid == HOLD.id else level_of
            return (hold_state(auction.next_entrant, seat, auction.challenger, level, preferred),
                    auction.challenger)
        return _next_entrant(rules, state, auction, players, holder, level, preferred, overbids)

    def finish(self, rules: Rules, state: GameState) -> GameState:
        """The last holder declares; after an all-pass the forced player does, or the all-pass
        contract is played, or the hand is thrown in."""
        auction = self.progress(state)
        if auction.holder >= 0:
            return self.conclude(rules, state, auction.holder)
        return self.all_passed(rules, state, self.all_pass, lambda seat: hold_state(
            auction.next_entrant, seat, auction.challenger, auction.level,
            auction.preferred_bidders, True, auction.overbids))

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """The contract of a level; at a preferred level, in the preferred suit, which it
        binds the declarer to when the auction is ``binding``."""
        contract, _, letter = name.partition("@")
        cdef = rules.contract_def(contract)
        if not letter or self.preferred_suit is None:
            return cdef.brief()
        suit = self.preferred_suit
        meaning = cdef.brief(suit if self.binding else None)
        return f"{cdef.name} in {suit_word(suit)}, above {cdef.name} in another suit; " \
            + meaning.partition(": ")[2]

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """The level's contract, at a preferred level in the preferred suit (``frage@C``)."""
        contract, _, letter = name.partition("@")
        suits = (parse_suit(letter),) if letter else rules.contract_def(contract).trump_suits()
        return ((contract, suits),)

    def means(self, rules: Rules, state: GameState, aid: int) -> str:
        """Holding is the holder's "yes": the standing bid, kept at the same level."""
        if aid == HOLD.id:
            return "keep the standing bid at the same level (\"yes\")"
        return super().means(rules, state, aid)

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        """Why a bid, hold or pass is refused, in the terms of this auction."""
        auction = self.progress(state)
        hand = state.hands[state.player]
        names = self.bid_names
        bound = self._duties_binding(hand, auction.level)
        if aid == PASS.id and bound:
            cards = bound[0].cards_text()
            return (f"a player dealt {cards} has a duty to bid: he may not pass before a "
                    f"{bound[0].released_by} has been bid")
        if aid == HOLD.id and auction.holder == state.player:
            return "only eldest, in his duel with the second player, may hold with \"yes\""
        if aid == HOLD.id:
            return "only the holder of the standing bid may hold it"
        level = aid - BID_BASE
        if auction.holder < 0 and level > 0 and self._opens_lowest:
            return f"the opening bid is {names[0]}"
        if level <= auction.level:
            return f"a bid must be higher than the standing {names[auction.level]}"
        if not self._may_bid(rules, hand, level):
            cards = " and ".join(card.symbol_text for card in
                                 rules.contract_def(self.bids[level].contract).requires)
            return f"only a player holding {cards} may bid {names[level]}"
        return "bids go up one step at a time"

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """A declaration at least as high as the bid held, in the preferred suit if the
        declarer bid a preferred level (AMB-07), at least the duty's contract for the holder
        of the duty's cards (AMB-02); after an all-pass, only the forced contracts."""
        auction = self.record(record)
        admitted = self.all_pass.admits(auction.forced, contract, suit)
        if auction.forced or not admitted:
            return admitted
        in_preferred = suit is not None and suit == self.preferred_suit
        level = self._level_of(contract.id, in_preferred,
                               suit is not None and suit == self.sur_suit)
        if level < 0 or level < auction.level or (self.declares == "exactly"
                                                   and level > auction.level):
            return False
        if self.binding and auction.preferred_bidders >> seat & 1 and not in_preferred:
            return False
        return all(level >= at_least for cards, any_of, at_least, released in _duty_table(self)
                   if hand & cards == cards and (not any_of or hand & any_of)
                   and auction.level < released)

    def declaration_cards(self, rules: Rules) -> int:
        """The cards of the duties, which bind the declaration too (AMB-02)."""
        mask = 0
        for needed, any_of, _, _ in _duty_table(self):
            mask |= needed | any_of
        return mask

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        return self._describe(())

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``, with the contracts whose called partner names trumps: at their
        preferred level he must name the preferred suit (EDITORIAL, DOSSIER §2g-1, AMB-07)."""
        ladder = ladder_of(slots)
        return self._describe(tuple(
            c.id for c in ladder.contracts if c.trump_by == "partner" and not c.forced
            and any(level.preferred and level.contract == c.id for level in self.levels)))

    def _describe(self, partner_named: tuple[str, ...]) -> list[Clause]:
        preferred = self.preferred_suit
        shown = []
        for level in self.bids:
            contract = f"⟨{level.contract}⟩"
            if level.sur and self.sur_suit is not None:
                contract = f"{contract} in {suit_word(self.sur_suit)}"
            elif level.preferred and preferred is not None:
                contract = f"{contract} in {suit_word(preferred)}"
            shown.append(contract)
        clauses = [
            Clause("The bids, from lowest to highest, are: " + ", ".join(shown) + ".", "levels"),
        ]
        if any(level.preferred for level in self.levels):
            clauses += self._describe_preference(partner_named)
        if self.sur_suit is not None:
            clauses.append(self._describe_sur(self.sur_suit))
        clauses += [
            Clause("Eldest speaks first and may open with "
                   + (shown[0] if self._opens_lowest else "any bid")
                   + " or pass; while nobody has opened, each player in turn may open or pass.",
                   "open_with_lowest"),
            Clause("Once a player holds a bid, the next player in turn challenges him: the "
                   "challenger passes or bids higher"
                   + (", and may jump to any higher bid" if self.jump_bids else
                      " by exactly one step")
                   + "; the holder then passes, "
                   + ("holds with \"yes\" at the same bid, or bids higher"
                      if self.hold_in_later_duels else
                      "or bids higher; only eldest, in his duel with the second player, may "
                      "instead hold with \"yes\" at the same bid")
                   + "; the two go on until one passes.", "jump_bids", ("hold_in_later_duels",)),
            Clause("The survivor holds against the next player in turn, until all have spoken. "
                   + ("The last holder declares a contract at least as high as the bid he holds."
                      if self.declares == "at_least" else
                      "The last holder declares the contract of the bid he holds, no higher."),
                   "" if self.declares == "at_least" else "declares"),
            Clause("If eldest passes, the others "
                   + ("open and duel in the same way." if self.eldest_pass_duels else
                      "have no duels: each in turn speaks once, passing or bidding higher than "
                      "the standing bid, and the highest bid stands without an answer."),
                   "eldest_pass_duels"),
        ]
        for duty in self.every_duty:
            clauses.append(Clause(
                f"A player dealt {duty.cards_text()} must bid: he may not pass until a "
                f"⟨{duty.released_by}⟩ has been bid, and he must declare at "
                f"least a ⟨{duty.at_least}⟩ unless a "
                f"⟨{duty.released_by}⟩ was bid.",
                "duty" if duty is self.duty else "duties"))
        clauses.append(self.all_pass.describe())
        return clauses

    def _describe_preference(self, partner_named: tuple[str, ...]) -> list[Clause]:
        """How the preferred suit is chosen (AMB-46), its precedence and its binding."""
        preferred = self.preferred_suit
        mode = self.preferred_mode
        if mode == "none":
            return [Clause("There is no preferred suit: no suit has precedence over another, "
                           "and the bids are the contracts alone.", "preferred_mode")]
        suit = "the preferred suit" if preferred is None else suit_word(preferred)
        chosen = {
            "fixed": f"{suit.capitalize()} are the preferred suit in every hand.",
            "first_won": "The preferred suit is the trump suit of the first contract that a "
                         "declarer's party makes in the session.",
            "first_deal": "The preferred suit is the trump suit chosen in the first deal of "
                          "the session (the first hand played with a trump suit)."}[mode]
        if mode != "fixed":
            chosen += (" Until it is established no suit has precedence, and the bids are the "
                       "contracts alone." if preferred is None else
                       f" In this session it is {suit}.")
        clauses = [Clause(chosen, "preferred_mode", ("preferred_suit",))]
        clauses.append(Clause(
            f"A contract in {suit} ranks above the same contract in another suit, but below "
            "the next higher contract.", "preferred_suit"))
        if self.binding:
            level = "a preferred-suit level" if preferred is None else f"a {suit} level"
            clauses.append(Clause(
                f"A player who bid {level} at any point must play in {suit}.", "binding"))
        if partner_named:
            names = " or ".join(f"⟨{cid}⟩" for cid in partner_named)
            clauses.append(Clause(
                f"In a {names} declared in {suit}, the called partner must name {suit} as "
                "trumps.", "preferred_partner"))
        return clauses


    def _describe_sur(self, sur: Suit) -> Clause:
        """The Sur, the second preferred suit (``pref.sur``) [S-PIE-SOLO; AMB-85]."""
        couleur = "the preferred suit" if self.preferred_suit is None \
            else suit_word(self.preferred_suit)
        return Clause(
            f"{suit_word(sur).capitalize()} are the Sur, a second and still higher preferred "
            "suit fixed by agreement for the session: a contract in "
            f"{suit_word(sur)} ranks above the same contract in {couleur}, but below the next "
            f"higher contract; it is played and paid like a game in {couleur}."
            + (f" A player who bids a {suit_word(sur)} level is no longer bound to "
               f"{couleur}, but to the level he holds." if self.binding else ""), "sur_suit",
            ("levels",))


def _one_preferred_suit(preferred: Suit | None, ladder: ContractRules) -> None:
    """Raise ``ValueError`` unless the preferred suit that ranks and binds the bids is the
    colour that scores its multiple, where both are set: one concept, one suit [S-WIK
    Variations: "A contract in the preferred suit ranks higher ... Games in the preferred suit
    score double."]. A multiple with no colour while a suit is preferred is refused too."""
    colour = ladder.colour_suit
    if preferred is not None and colour is not None and colour != preferred:
        raise ValueError(
            f"the preferred suit is one suit, but rules.auction.params.preferred_suit is "
            f"{preferred.letter} and rules.contracts.params.colour_suit is {colour.letter}: "
            "set both to the suit that ranks, binds and scores double")
    if preferred is not None and colour is None and ladder.colour_multiplier != 1:
        raise ValueError(
            f"rules.contracts.params.colour_multiplier is {ladder.colour_multiplier} but "
            "rules.contracts.params.colour_suit is unset, so no suit would score it: set it to "
            f"the preferred suit, {preferred.letter} (rules.auction.params.preferred_suit)")


@functools.cache
def _level_masks(auction: ImmediateHold, rules: Rules) -> tuple[int, ...]:
    """The cards a player must hold to bid each level (its contract's), computed once per
    auction and rule set: every turn of the auction asks for them."""
    return tuple(rules.contract_def(level.contract).requires_mask for level in auction.bids)


@functools.cache
def _bids(auction: ImmediateHold) -> tuple[BidLevel, ...]:
    """The levels in play, computed once per auction: every turn of the auction asks."""
    return _in_play(auction.levels, auction.preferred_suit)


def _in_play(levels: tuple[BidLevel, ...], suit: Suit | None) -> tuple[BidLevel, ...]:
    """``levels`` without the preferred ones when there is no preferred suit."""
    return levels if suit is not None else tuple(lv for lv in levels if not lv.preferred)


def _names(levels: tuple[BidLevel, ...], suit: Suit | None,
           sur: Suit | None) -> tuple[str, ...]:
    """Each level's contract id, with ``@`` and the suit letter at a preferred or Sur level."""
    return tuple(f"{lv.contract}@{suit.letter}" if lv.preferred and suit is not None
                 else f"{lv.contract}@{sur.letter}" if lv.sur and sur is not None
                 else lv.contract for lv in levels)


def _next_entrant(rules: Rules, state: GameState, auction: HoldState, players: int, holder: int,
                  level: int, preferred: int, overbids: bool) -> tuple[HoldState, int | None]:
    """The survivor ``holder`` (-1: nobody opened yet) meets the next seat to enter, if any is
    left; otherwise the auction is over."""
    if auction.next_entrant >= players:
        return hold_state(players, holder, -1, level, preferred, False, overbids), None
    eldest = rules.next_seat[state.dealer]
    order = rules.turn_orders[eldest] if players == rules.players else state.in_turn(eldest)
    challenger = order[auction.next_entrant]
    if holder < 0:
        return hold_state(auction.next_entrant + 1, -1, -1, -1, preferred, False,
                         overbids), challenger
    return (hold_state(auction.next_entrant + 1, holder, challenger, level, preferred, False,
                      overbids), challenger)


@functools.cache
def _duty_table(auction: ImmediateHold) -> tuple[tuple[int, int, int, int], ...]:
    """Per duty: the mask of its cards, the mask of which it needs one (``any_of``, 0 for
    none), the level it must declare at least, and the level that releases it (asked on
    every turn of the auction and every declaration)."""
    names = auction.bid_names
    return tuple((card_mask(duty.cards), card_mask(duty.any_of), names.index(duty.at_least),
                  names.index(duty.released_by)) for duty in auction.every_duty)


@functools.cache
def _level_index(auction: ImmediateHold) -> dict[tuple[str, bool, bool], int]:
    """The level of each (contract, preferred, sur) triple among the levels in play."""
    index: dict[tuple[str, bool, bool], int] = {}
    for position, level in enumerate(auction.bids):
        index.setdefault((level.contract, level.preferred, level.sur), position)
    return index


@functools.lru_cache(maxsize=256)
def _kept(auction: ImmediateHold, rules: Rules
          ) -> tuple[int, dict[tuple[int, bool, bool, int], tuple[int, ...]]]:
    """The cards of a hand that its bids depend on (those a level's contract or a duty needs),
    and the legal ids kept by standing level, opening, holding and those cards: a few
    hundred keys at most, asked on every turn of the auction."""
    mask = 0
    for needed in _level_masks(auction, rules):
        mask |= needed
    for needed, any_of, _, _ in _duty_table(auction):
        mask |= needed | any_of
    return mask, {}
