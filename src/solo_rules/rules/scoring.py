"""Scoring a hand (rulebook slot ``scoring``; DOSSIER §2a, AMB-01, AMB-03..06).

[S-WIK: "The base value plus any scores is added or subtracted to the scores of declarer and
declarer's partner (if any), provided they achieve their objective".]
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, cast

import attrs

from solo_rules.cards import Card, Rank, Suit
from solo_rules.ranking import Trump
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.slots import Rules, ScoringRules, colour_multiplies, ladder_of, pack_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Flags, GameState, dealt_mask

__all__ = ["GameValues", "MackersFirstLast", "OmbreOutcome", "PartyPoints"]


@register("scoring", "scoring.party_points")
@attrs.frozen
class PartyPoints(RuleModule, ScoringRules):
    """The contract's base value plus the bonuses, won or lost as a whole; in the colour
    suit the contract list multiplies the whole value, bonuses included [S-WIK Variations:
    "Games in the preferred suit score double."; AMB-47], or only the base
    (``colour_covers: base``). A failed Tout after going on is lost as a whole (AMB-04 a), or
    keeps its bonus (``failed_tout: bonus_kept``, b), or scores as a made game
    (``five_made``, c); the matadors ride with the stake (AMB-06 a), or also cost the party
    when the defenders hold them (``matadors_rule: defenders_cost``, b), or count only on a
    win (``win_only``, c)."""

    prime: int = 2
    tout_unannounced: int = 4
    tout_announced: int = 6
    matadors: int = 2
    colour_covers: Literal["whole", "base"] = "whole"
    failed_tout: Literal["lost", "bonus_kept", "five_made"] = "lost"
    matadors_rule: Literal["stake", "defenders_cost", "win_only"] = "stake"
    #: whether a made contract that bids every trick also scores ``tout_unannounced`` (the
    #: slam bonus); no, by default: the bonus rewards playing on past the tricks bid (E34)
    slam_when_bid: bool = False

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party made its objective, and the value's components, unsigned: the
        settlement signs them by the result, so a component that goes the other way whatever the
        result (a kept Tout bonus, the defenders' matadors) is given against that sign."""
        contract = state.contract
        assert contract is not None
        made = rules.early_end.made(rules, state)
        sign = 1 if made else -1
        parts = [("base", rules.contract_def(contract.kind).base)]
        if state.flags & Flags.STOPPED:
            parts.append(("prime", self.prime))
        if contract.tout:
            parts.append(("tout announced", self.tout_announced))
        elif (self.slam_when_bid and made
              and rules.contract_def(contract.kind).tricks >= rules.hand_size):
            parts.append(("tout", self.tout_unannounced))
        elif state.flags & Flags.CONTINUED:
            if made or self.failed_tout == "lost":
                parts.append(("tout", self.tout_unannounced))
            elif self.failed_tout == "bonus_kept":
                parts.append(("tout", -self.tout_unannounced))
            else:  # five_made: the five tricks won before going on still count
                made, sign = True, 1
        if contract.trump is not None:
            parts += self._matadors(rules, state, contract.trump, made, sign)
        covered = sum([v for _, v in parts]) if self.colour_covers == "whole" else parts[0][1]
        parts.append(("colour", rules.contracts.value(covered, contract.trump) - covered))
        return made, [(n, v) for n, v in parts if v]

    def _matadors(self, rules: Rules, state: GameState, trump: Trump, made: bool,
                  sign: int) -> list[tuple[str, int]]:
        """The matador component: for the party's matadors unless only a win counts them, and
        under ``defenders_cost`` against the party for the defenders' (AMB-06)."""
        matadors = rules.trump_tables[trump].matadors
        if not matadors:
            return []
        party = 0
        for seat in state.party():
            party |= dealt_mask(state, seat)
        if party & matadors == matadors:
            return [] if self.matadors_rule == "win_only" and not made else [
                ("matadors", self.matadors)]
        if self.matadors_rule == "defenders_cost" and not party & matadors:
            return [("matadors", -sign * self.matadors)]
        return []

    @property
    def announced_tout_bonus(self) -> int:
        return self.tout_announced

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """The base with the largest of prime and Tout (a party that stops does not go on; an
        announced Tout where the contract has one) and the matadors where its trumps have
        them, in the trumps that give the most."""
        bonus = max(self.prime, self.tout_unannounced,
                    self.tout_announced if contract.tout else 0)
        most = 0
        for trump in contract.possible_trumps():
            extra = bonus + (self.matadors if rules.trump_tables[trump].matadors else 0)
            most = max(most, rules.contracts.value(contract.base + extra, trump)
                       if self.colour_covers == "whole"
                       else rules.contracts.value(contract.base, trump) + extra)
        return most

    def describe(self) -> list[Clause]:
        """The bonuses that are worth something (a variant may set one to 0 to drop it)."""
        return self._describe(colour=True, every_trick_bid=True)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``, naming the colour's multiple only where a colour multiplies, and a
        slam that was bid only where a contract bids every trick."""
        pack = pack_of(slots)
        hand = len(pack.cards) // (pack.players - pack.sits_out)
        return self._describe(colour=colour_multiplies(slots), every_trick_bid=any(
            c.tricks >= hand for c in ladder_of(slots).contracts))

    def _describe(self, colour: bool, every_trick_bid: bool) -> list[Clause]:
        absent = [(word, param) for word, param, value in (
            ("prime", "prime", self.prime), ("Tout", "tout_unannounced", self.tout_unannounced),
            ("matadors", "matadors", self.matadors)) if not value]
        none = f"; there is no bonus for {' or '.join(w for w, _ in absent)}" if absent else ""
        clauses = [Clause("A hand is worth the base value of its contract plus the bonuses that "
                          f"apply{none}.", "prime",
                          tuple(p for _, p in absent if p != "prime"))]
        if self.prime:
            clauses.append(Clause(f"Prime: {self.prime} when the party stops after winning the "
                                  "first tricks.", "prime"))
        if self.tout_unannounced:
            announced = (f", or {self.tout_announced} instead when Tout was announced with the "
                         "declaration" if self.tout_announced else "")
            clauses.append(Clause(f"Tout: {self.tout_unannounced} when the party plays on for "
                                  f"all the tricks{announced}; the party must then take every "
                                  "trick.", "tout_unannounced",
                                  ("tout_announced",) if self.tout_announced else ()))
        if self.tout_unannounced and every_trick_bid:
            clauses.append(Clause(
                f"A made contract that bids every trick also scores the Tout's "
                f"{self.tout_unannounced}." if self.slam_when_bid else
                "A made contract that bids every trick scores no Tout bonus: the bonus is for "
                "playing on past the tricks bid.", "slam_when_bid"))
        if self.tout_unannounced:
            clauses.append(Clause({
                "lost": "A party that played on and missed a trick loses the whole value, the "
                        "Tout included.",
                "bonus_kept": f"A party that played on and missed a trick keeps the Tout's "
                              f"{self.tout_unannounced} as a reward for playing on, and loses "
                              "the rest of the value.",
                "five_made": "A party that played on and missed a trick scores as if it had "
                             "stopped after the first tricks: it wins the value without prime "
                             "or Tout.",
            }[self.failed_tout], "failed_tout"))
        if self.matadors:
            clauses.append(Clause({
                "stake": f"Matadors: {self.matadors} when the three matadors were all dealt "
                         "to the declarer's party, won or lost with the rest of the value.",
                "defenders_cost": f"Matadors: {self.matadors} when the three matadors were "
                                  "all dealt to the declarer's party, won or lost with the "
                                  f"rest of the value; when they were all dealt to the "
                                  f"defenders, the party loses {self.matadors} whatever the "
                                  "result.",
                "win_only": f"Matadors: {self.matadors} when the three matadors were all "
                            "dealt to the declarer's party and the party wins; a lost hand "
                            "does not count them.",
            }[self.matadors_rule], "matadors", ("matadors_rule",)))
        if colour:
            clauses.append(Clause("Where the contract list makes a game in the colour suit "
                                  "worth a multiple, "
                                  + ("the whole value, bonuses included, is multiplied." if
                                     self.colour_covers == "whole" else
                                     "only the base value is multiplied, not the bonuses."),
                                  "colour_covers"))
        clauses.append(Clause("If the party meets its objective the value is won; otherwise the "
                              "same value is lost."))
        return clauses


_TRUMP_RANK_TOKENS = {"trump_ace": Rank.ACE, "trump_king": Rank.KING, "trump_seven": Rank.SEVEN}


def _macker_card(name: str, trump: int) -> int:
    rank = _TRUMP_RANK_TOKENS.get(name)
    return int(Card[name]) if rank is None else int(Card.of(Suit(trump), rank))


def _read_only(values: Mapping[str, int]) -> Mapping[str, int]:
    """A read-only copy of a mapping, so the frozen module cannot be changed through it;
    anything else is left to the validator to reject."""
    return MappingProxyType(dict(values)) if isinstance(values, Mapping) else values


@register("scoring", "scoring.mackers_first_last")
@attrs.frozen
class MackersFirstLast(RuleModule, ScoringRules):
    """[S-NIE] "total = bid value + mackers + First/Last": club values where they differ
    (AMB-26, AMB-27; Ladies flat, AMB-36), mackers held in sequence by the party, First and Last
    cumulative (AMB-35; ``last_counts: instead_of_first``: Last replaces First), extras doubled
    in the listed contracts and absent in others."""

    club_values: Mapping[str, int] = attrs.field(
        factory=dict, hash=False, converter=_read_only,
        validator=attrs.validators.deep_mapping(attrs.validators.instance_of(str),
                                                attrs.validators.instance_of(int),
                                                attrs.validators.instance_of(cast(type, Mapping))))
    mackers: tuple[str, ...] = ("CQ", "trump_seven", "SQ", "trump_ace", "trump_king")
    min_mackers: int = 3
    macker: int = 1
    first: int = 1
    last: int = 2
    club_factor: int = 2
    doubled: tuple[str, ...] = ()
    no_extras: tuple[str, ...] = ()
    both_ways: Literal["off", "own_mackers", "defenders_mackers"] = "off"
    #: a party that took every trick scores Last ``with_first`` (AMB-35) or ``instead_of_first``
    last_counts: Literal["with_first", "instead_of_first"] = "with_first"

    def __attrs_post_init__(self) -> None:
        for name in self.mackers:
            if name not in _TRUMP_RANK_TOKENS and name not in Card.__members__:
                raise ValueError(f"unknown macker {name!r}: a card like CQ, or one of "
                                 f"{', '.join(_TRUMP_RANK_TOKENS)}")
        if not 0 < self.min_mackers <= len(self.mackers):
            raise ValueError(f"min_mackers must be 1..{len(self.mackers)}, got "
                             f"{self.min_mackers}")

    def mackers_held(self, trump: int, mask: int) -> int:
        """How many mackers ``mask`` holds in unbroken sequence from the top; 0 below the
        minimum [S-NIE: "Persons must have the first 3 mackers in order to collect"]."""
        count = 0
        for name in self.mackers:
            if not mask >> _macker_card(name, trump) & 1:
                break
            count += 1
        return count if count >= self.min_mackers else 0

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the declarer made his contract, and the value's components (unsigned)."""
        contract = state.contract
        assert contract is not None
        cdef = rules.contract_def(contract.kind)
        made = rules.early_end.made(rules, state)
        trump = contract.trump
        clubs = trump is not None and trump.suit == Suit.CLUBS
        parts = [("bid", self.club_values.get(cdef.id, cdef.base) if clubs else cdef.base)]
        if cdef.id in self.no_extras or trump is None or trump == Trump.NONE:
            return made, parts
        unit = (self.club_factor if clubs else 1) * (2 if cdef.id in self.doubled else 1)
        party = state.party()
        held = 0
        for seat in range(len(state.hands)):
            if (seat in party) == (made or self.both_ways != "defenders_mackers"):
                held |= dealt_mask(state, seat)
        if made or self.both_ways != "off":
            parts.append(("mackers", self.mackers_held(trump, held) * self.macker * unit))
        if made:
            won = [trick.winner in party for trick in state.tricks]
            every = len(won) == rules.hand_size and all(won)
            # First is counted over the early-end rule's first tricks: one number, one place.
            first_tricks = rules.early_end.opening_tricks(rules)
            first = all(won[:first_tricks]) and len(won) >= first_tricks
            kept = every if self.last_counts == "with_first" else False
            if first and (kept or not (every or state.flags & Flags.CONTINUED)):
                parts.append(("first", self.first * unit))
            if every:
                parts.append(("last", self.last * unit))
        return made, [(name, v) for name, v in parts if v]

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """The bid's value with every macker, First and Last (or the larger of them, where
        Last replaces First) at the contract's unit, in the trumps that give the most."""
        ending = (self.first + self.last if self.last_counts == "with_first"
                  else max(self.first, self.last))
        most = 0
        for trump in contract.possible_trumps():
            clubs = trump.suit == Suit.CLUBS
            value = self.club_values.get(contract.id, contract.base) if clubs else contract.base
            if contract.id not in self.no_extras and trump != Trump.NONE:
                unit = ((self.club_factor if clubs else 1)
                        * (2 if contract.id in self.doubled else 1))
                value += (len(self.mackers) * self.macker + ending) * unit
            most = max(most, value)
        return most

    def describe(self) -> list[Clause]:
        clubs = ", ".join(f"⟨{name}⟩ {value}" for name, value in self.club_values.items())
        names = ", ".join(f"the {name.split('_')[1]} of trumps" if name in _TRUMP_RANK_TOKENS
                          else Card[name].symbol_text for name in self.mackers)
        clauses = [
            Clause("A hand is worth the value of its bid plus mackers, First and Last."),
            Clause(f"With clubs as trumps these bids have their club value: {clubs}; other bids "
                   "keep their value.", "club_values",
                   tuple(f"club_values.{name}" for name in self.club_values)),
            Clause(f"Mackers are, in order, {names}. The party scores "
                   f"{self.macker} per macker if it held at least the first {self.min_mackers} "
                   "in unbroken order from the top, counting on only while the order holds.",
                   "mackers"),
            Clause(f"First: {self.first} when the party took each of the first tricks (as "
                   "counted in the rules for ending play early); Last: "
                   + (f"{self.last} more when it took every trick" if
                      self.last_counts == "with_first" else
                      f"{self.last} instead of First when it took every trick")
                   + ". A party that played on for Last and failed loses First.", "first",
                   ("last_counts",)),
            Clause(f"With clubs as trumps the macker, First and Last values are multiplied by "
                   f"{self.club_factor}.", "club_factor"),
        ]
        if self.doubled:
            clauses.append(Clause("Mackers, First and Last count double in "
                                  f"{', '.join(f'⟨{c}⟩' for c in self.doubled)}.", "doubled"))
        if self.no_extras:
            clauses.append(Clause("There are no mackers, First or Last in "
                                  f"{', '.join(f'⟨{c}⟩' for c in self.no_extras)}.",
                                  "no_extras"))
        clauses.append(Clause({
            "off": "A party that fails loses the value of its bid only.",
            "own_mackers": "Mackers count both ways: a party that fails also loses the value of "
                           "the mackers it held.",
            "defenders_mackers": "Mackers count both ways: a party that fails also loses the "
                                 "value of the mackers its opponents held.",
        }[self.both_ways], "both_ways"))
        clauses.append(Clause("If the declarer makes his contract the value is won; otherwise "
                              "it is lost."))
        return clauses


@register("scoring", "scoring.game_values")
@attrs.frozen
class GameValues(RuleModule, ScoringRules):
    """The game's value from the table, in suit or in colour [S-FOS: "the payments made for
    them"], with no bonuses; going on makes the game the ``go_on_contract`` of the table, a
    Tout (AMB-23), or a game worth ``go_on_value`` whatever was bid (S-PAR: "leading to the
    sixth automatically raises the bid to a Slam, worth 8"); a game that nobody declares is
    always lost by its single player (AMB-25)."""

    go_on_contract: str | None = None
    go_on_value: int | None = None

    #: that a game nobody declares is lost by the player it names
    topics = ("unbid_game",)

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when ``go_on_contract`` is not in the table of contracts."""
        known = [c.id for c in ladder_of(slots).contracts]
        if self.go_on_contract is not None and self.go_on_contract not in known:
            raise ValueError(f"go_on_contract names unknown contract {self.go_on_contract!r}; "
                             f"contracts are {known}")

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party made its game, and the value (unsigned)."""
        contract = state.contract
        assert contract is not None
        if state.flags & Flags.CONTINUED and (self.go_on_contract or self.go_on_value):
            base = (rules.contract_def(self.go_on_contract).base if self.go_on_contract
                    else self.go_on_value or 0)
            return (rules.early_end.made(rules, state),
                    [("tout", rules.contracts.value(base, contract.trump))])
        value = rules.contracts.value(rules.contract_def(contract.kind).base, contract.trump)
        made = contract.declarer is not None and rules.early_end.made(rules, state)
        return made, [("game", value)]

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """The contract's value in the table, or the game going on plays for, in the trumps
        that give the most."""
        bases = [contract.base]
        if self.go_on_contract is not None:
            bases.append(rules.contract_def(self.go_on_contract).base)
        elif self.go_on_value is not None:
            bases.append(self.go_on_value)
        return max(rules.contracts.value(base, trump) for base in bases
                   for trump in contract.possible_trumps())

    def describe(self) -> list[Clause]:
        return self._describe(colour=True)

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """As ``describe``; "in suit or in colour" only where a colour multiplies."""
        return self._describe(colour=colour_multiplies(slots))

    def _describe(self, colour: bool) -> list[Clause]:
        clauses = [Clause("A game is worth its value from the table of contracts"
                          + (", in suit or in colour" if colour else "")
                          + "; there are no bonuses.")]
        if self.go_on_contract is not None:
            clauses.append(Clause(
                "A party that goes on for all the tricks plays for the value of a "
                f"⟨{self.go_on_contract}⟩ in the same suit, won or "
                "lost as a whole.", "go_on_contract"))
        elif self.go_on_value is not None:
            clauses.append(Clause(
                "A party that goes on for all the tricks plays for a slam worth "
                f"{self.go_on_value}, whatever its game was worth, won or lost as a whole.",
                "go_on_value"))
        clauses.append(Clause("If the party takes its tricks it wins the value, otherwise it "
                              "loses it."))
        clauses.append(Clause("A game that nobody declares is lost by the player it names.",
                              "unbid_game", needs="declarerless"))
        return clauses


@register("scoring", "scoring.ombre_outcome")
@attrs.frozen
class OmbreOutcome(RuleModule, ScoringRules):
    """Names the result of a Quadrille hand, as the sources grade it, without a value: the
    game or the vole won; lost by remise when the ombre's side takes ``remise`` tricks; lost by
    codille with fewer [S-HOY p. 262: "if six tricks, the game ; but if he get only five tricks
    he loses by remise, and if only four, by codil"; AMB-88]. The amounts were not found
    (AMB-89), so every part is worth 0."""

    remise: int = 5

    def score(self, rules: Rules, state: GameState) -> tuple[bool, list[tuple[str, int]]]:
        """Whether the party made its game, and the result's name (worth 0)."""
        contract = state.contract
        assert contract is not None
        made = contract.declarer is not None and rules.early_end.made(rules, state)
        party, _ = state.party_tricks()
        # played for after the sixth trick (law 11), or bid (law 17)
        vole = (state.flags & Flags.CONTINUED
                or rules.contract_def(contract.kind).tricks >= rules.hand_size)
        if made:
            return True, [("vole" if vole else "game", 0)]
        if vole and party > self.remise:  # AMB-90 (a): "having won his game" (law 29)
            return True, [("game, the vole failed", 0)]
        return False, [("remise" if party >= self.remise else "codille", 0)]

    def max_value(self, rules: Rules, contract: ContractDef) -> int:
        """Nothing is paid: the amounts are not known."""
        return 0

    @property
    def values_contracts(self) -> bool:
        """The contracts have no stated values (AMB-89)."""
        return False

    def describe(self) -> list[Clause]:
        return [
            Clause("The ombre's side that takes the tricks its game needs wins the game; all "
                   "ten tricks, played for after the sixth or bid, win the vole; a side that "
                   "plays for the vole and fails still wins its game if it took more than "
                   f"{self.remise} tricks (law 29, AMB-90)."),
            Clause(f"A side that takes {self.remise} tricks loses by remise; one that takes "
                   f"fewer loses by codille, the defenders having taken more tricks than it.",
                   "remise"),
        ]
