"""What the engine asks of the module in each rulebook slot: one Protocol per slot.

A new module fills a slot by providing these methods (and ``describe()``); the engine calls
nothing else, which is how a variant differs from another without the engine knowing it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from solo_rules.cards import CardSet
from solo_rules.ranking import Ranking
from solo_rules.schema import Clause

if TYPE_CHECKING:
    from solo_rules.engine import CompiledRules
    from solo_rules.rules.auction import AuctionEnd
    from solo_rules.rules.contracts import ContractDef
    from solo_rules.state import GameState

__all__ = [
    "AuctionRules",
    "ContractRules",
    "DealRules",
    "EarlyEndRules",
    "PackRules",
    "PartnerRules",
    "PlayRules",
    "RankRules",
    "ScoringRules",
    "SettlementRules",
]


class Describes(Protocol):
    def describe(self) -> list[Clause]: ...


class PackRules(Describes, Protocol):
    players: int

    @property
    def cards(self) -> CardSet: ...


class DealRules(Describes, Protocol):
    def deal(self, pack: CardSet, players: int, dealer: int,
             rng: random.Random) -> tuple[int, ...]: ...

    def choose_first_dealer(self, pack: CardSet, players: int, rng: random.Random) -> int: ...


class RankRules(Describes, Protocol):
    @property
    def ranking(self) -> Ranking: ...


class AuctionRules(Describes, Protocol):
    @property
    def preferred(self) -> int | None: ...

    def bid_actions(self) -> list[tuple[int, str]]: ...

    def check(self, contracts: Any) -> None: ...

    def start(self, dealer: int, players: int) -> tuple[Any, int]: ...

    def legal(self, rules: CompiledRules, state: GameState) -> list[int]: ...

    def step(self, state: GameState, action: int) -> tuple[Any, int | None]: ...

    def finish(self, state: GameState) -> AuctionEnd: ...

    def declarations(self, rules: CompiledRules, state: GameState) -> list[int]: ...


class ContractRules(Describes, Protocol):
    @property
    def contracts(self) -> tuple[ContractDef, ...]: ...

    def index(self, contract_id: str) -> int: ...

    def declarations(self, preferred: int | None) -> list[tuple[int, str]]: ...

    def decode(self, action_id: int) -> tuple[ContractDef, int, bool]: ...

    def declaration_codes(self, contract: ContractDef,
                          preferred: int | None) -> tuple[int, ...]: ...

    def declaration_id(self, position: int, code: int, tout: bool) -> int: ...

    def value(self, base: int, trump: int | None) -> int: ...


class PartnerRules(Describes, Protocol):
    def call_actions(self) -> list[tuple[int, str]]: ...

    def callable_cards(self, rules: CompiledRules, state: GameState) -> list[int]: ...

    def partner_trumps(self, state: GameState) -> list[int]: ...

    def restrict_play(self, rules: CompiledRules, state: GameState, seat: int,
                      mask: int) -> int: ...

    def can_ask(self, state: GameState, asked: bool) -> bool: ...


class PlayRules(Describes, Protocol):
    def legal_mask(self, rules: CompiledRules, state: GameState, seat: int) -> int: ...


class EarlyEndRules(Describes, Protocol):
    def decisions(self, rules: CompiledRules, state: GameState) -> list[int]: ...

    def finished(self, rules: CompiledRules, state: GameState) -> bool: ...

    def made(self, rules: CompiledRules, state: GameState) -> bool: ...


class ScoringRules(Describes, Protocol):
    def score(self, rules: CompiledRules,
              state: GameState) -> tuple[bool, list[tuple[str, int]]]: ...


class SettlementRules(Describes, Protocol):
    zero_sum: bool

    def settle(self, state: GameState, value: int) -> tuple[int, ...]: ...
