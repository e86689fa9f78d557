"""First to declare plays (``auction.first_to_declare``): the Münsterland auction [S-DEWIKI:
"Der Spieler vor der Hand kann als erster ein Spiel bestimmen. Sollte er dieses nicht wünschen,
sagt er 'weg' und der nächste Spieler ist an der Reihe."], read as AMB-43: in turn from eldest
each player declares a game, which ends the auction, or passes ("weg"); when all pass, the
all-pass rule forces a game (Verscheih, AMB-42)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from solo_rules.actions import BID_BASE, PASS
from solo_rules.cards import Suit
from solo_rules.rules.auction.common import AllPass, Auction
from solo_rules.rules.contract_def import ContractDef
from solo_rules.rules.slots import BidGames, Rules, ladder_of
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import GameState, replace

__all__ = ["FirstState", "FirstToDeclare"]


@attrs.frozen(slots=True)
class FirstState:
    """Progress: how many seats have said "weg", the declarer and the index of his game (-1
    for none), and whether an all-pass forced him."""

    spoken: int
    declarer: int = -1
    game: int = -1
    forced: bool = False


@register("auction", "auction.first_to_declare")
@attrs.frozen
class FirstToDeclare(Auction[FirstState]):
    """In turn from eldest each player names one of ``games`` (``bid GAME``), which ends the
    auction, or passes [S-DEWIKI, S-AKS; AMB-43]; all pass: ``all_pass``. With ``overcall``
    (AMB-43's alternative, EDITORIAL) a declaration does not end the auction: each player who
    has not yet spoken may in turn declare a later game of ``games`` (listed lowest first),
    which overrides it, or pass."""

    games: tuple[str, ...]
    all_pass: AllPass = attrs.field(factory=AllPass)
    overcall: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.games or len(set(self.games)) != len(self.games):
            raise ValueError(f"games must name distinct contracts, got {list(self.games)}")

    @property
    def bid_names(self) -> tuple[str, ...]:
        """A bid names the game: ``bid solo``."""
        return self.games

    def check(self, slots: Mapping[str, RuleModule]) -> None:
        """Raise ``ValueError`` when a game or an all-pass contract is unknown, or a game is
        one played only when all pass."""
        ladder = ladder_of(slots)
        known = {c.id: c for c in ladder.contracts}
        for game in self.games:
            if game not in known:
                raise ValueError(f"games names unknown contract {game!r}")
            if known[game].forced:
                raise ValueError(f"games: {game!r} is played only when all pass")
        self.all_pass.check(ladder)

    # -- the auction phase -----------------------------------------------------------------

    def start(self, eldest: int) -> tuple[FirstState, int]:
        """Nobody has spoken; eldest (the player before the hand) speaks first."""
        return FirstState(0), eldest

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        """Pass, or any game whose required cards the seat holds (with ``overcall``, above the
        declared one)."""
        hand = state.hands[state.player]
        lowest = self.progress(state).game + 1
        out = [PASS.id]
        for k, game in enumerate(self.games[lowest:], start=lowest):
            needed = rules.contract_def(game).requires_mask
            if hand & needed == needed:
                out.append(BID_BASE + k)
        return tuple(out)

    def step(self, rules: Rules, state: GameState, aid: int) -> tuple[FirstState, int | None]:
        """A declaration ends the auction (with ``overcall``, it stands while the later seats
        speak); after a pass the next seat speaks, until all have."""
        auction = self.progress(state)
        spoken = auction.spoken + 1
        if aid != PASS.id:
            auction = FirstState(spoken, state.player, aid - BID_BASE)
            if not self.overcall:
                return auction, None
        else:
            auction = attrs.evolve(auction, spoken=spoken)
        if spoken >= rules.seated:
            return auction, None
        return auction, state.in_turn(state.eldest)[spoken]

    def finish(self, rules: Rules, state: GameState) -> GameState:
        """The declarer plays his game (naming trumps where it leaves them to him); after an
        all-pass the forced player declares, or the hand is thrown in."""
        auction = self.progress(state)
        if auction.declarer >= 0:
            cdef = rules.contract_def(self.games[auction.game])
            suits = cdef.trump_suits()
            if len(suits) == 1 and not cdef.tout:
                contract = rules.contracts.contract(cdef, suits[0], False, auction.declarer)
                return self.conclude(rules, replace(state, player=auction.declarer), None,
                                     contract)
            return self.conclude(rules, state, auction.declarer)
        return self.all_passed(rules, state, self.all_pass, lambda seat: attrs.evolve(
            auction, declarer=seat, forced=True))

    def allows(self, rules: Rules, record: object, seat: int, hand: int, contract: ContractDef,
               suit: Suit | None) -> bool:
        """The declared game in any suit it allows; after an all-pass, the forced games."""
        auction = self.record(record)
        if auction.forced:
            return self.all_pass.admits(True, contract, suit)
        return contract.id == self.games[auction.game] and suit in contract.trump_suits()

    def declaration_cards(self, rules: Rules) -> int:
        """None: the declaration allowed depends on the game named, not on the hand."""
        return 0

    def bid_meaning(self, rules: Rules, name: str) -> str:
        """The game the bid declares."""
        return rules.contract_def(name).brief()

    def bid_contracts(self, rules: Rules, name: str) -> BidGames:
        """The game the bid declares, in any of its suits."""
        return ((name, rules.contract_def(name).trump_suits()),)

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        if rules.actions.by_id[aid].kind == "bid":
            declared = self.progress(state).game
            if declared >= 0 and aid - BID_BASE <= declared:
                return f"a game must be higher than the declared {self.games[declared]}"
            return "only a player holding the cards it requires may declare that game"
        return super().explain(rules, state, aid)

    # -- prose -----------------------------------------------------------------------------

    def describe(self) -> list[Clause]:
        names = ", ".join(game.replace("_", " ").capitalize() for game in self.games)
        if self.overcall:
            turn = [Clause("Eldest speaks first. In turn each player speaks once: he declares a "
                           "game, higher than any declared before him, or passes by saying "
                           "\"weg\" (pass); the last player to declare plays.", "overcall")]
        else:
            turn = [Clause("Eldest speaks first. In turn each player either declares a game or "
                           "passes by saying \"weg\" (pass)."),
                    Clause("The first player to declare plays: his declaration ends the "
                           "bidding.", "overcall")]
        return [
            *turn,
            Clause(f"The games that may be declared are, lowest first: {names}."
                   if self.overcall else f"The games that may be declared are: {names}.",
                   "games"),
            self.all_pass.describe(),
        ]
