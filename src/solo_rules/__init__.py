"""solo_rules: the executable, citable rules of the German Solo family of card games.

>>> import solo_rules
>>> state = solo_rules.new_game("altenburg-1988", seed=7)
>>> state.legal_actions()[:2]
(Action(id=68, text='pass'), Action(id=100, text='bid frage'))
"""

from solo_rules import rules as _rules  # noqa: F401  (registers the rule modules)
from solo_rules.accelerator import is_accelerated
from solo_rules.actions import Action, Word, parse_action
from solo_rules.analysis import SimulationResult, simulate
from solo_rules.cards import (
    Card,
    CardSet,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    parse_suit,
    piquet_pack,
)
from solo_rules.compare import (
    DiffEntry,
    EntryWitness,
    IncomparableError,
    VariantDiff,
    Witness,
    compare,
    witness,
    witnesses,
)
from solo_rules.describe import rulebook
from solo_rules.errors import (
    ActionParseError,
    CardParseError,
    IllegalActionError,
    InvalidStateError,
    RecordError,
    SoloRulesError,
    VariantError,
)
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.match import Match
from solo_rules.observation import ActionIndex, Encoder
from solo_rules.ranking import TRUMP, Ranking, Trump
from solo_rules.record import (
    GameRecord,
    MatchRecord,
    Misdeal,
    RecordedVariant,
    read_record,
    record_of,
    replay,
)
from solo_rules.resample import Resampler, resample
from solo_rules.serial import converter, structure, to_json, unstructure
from solo_rules.solver import Solution, solve
from solo_rules.state import Contract, Flags, GameState, Outcome, Phase, PlayerView, Trick
from solo_rules.variant import (
    Variant,
    available_overlays,
    available_variants,
    load_variant,
    overlay_bases,
    overlay_title,
)

__all__ = [
    "ACCELERATED",
    "TRUMP",
    "Action",
    "ActionIndex",
    "ActionParseError",
    "Card",
    "CardParseError",
    "CardSet",
    "CompiledRules",
    "Contract",
    "DiffEntry",
    "Encoder",
    "EntryWitness",
    "Flags",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "IncomparableError",
    "InvalidStateError",
    "Match",
    "MatchRecord",
    "Misdeal",
    "Outcome",
    "Phase",
    "PlayerView",
    "Rank",
    "Ranking",
    "RecordError",
    "RecordedVariant",
    "Resampler",
    "SimulationResult",
    "SoloRulesError",
    "Solution",
    "Suit",
    "Trick",
    "Trump",
    "Variant",
    "VariantDiff",
    "VariantError",
    "Witness",
    "Word",
    "available_overlays",
    "available_variants",
    "compare",
    "compile",
    "converter",
    "load_variant",
    "new_game",
    "overlay_bases",
    "overlay_title",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "piquet_pack",
    "read_record",
    "record_of",
    "replay",
    "resample",
    "rulebook",
    "simulate",
    "solve",
    "structure",
    "to_json",
    "unstructure",
    "witness",
    "witnesses",
]
__version__ = "0.1.0"
#: Whether the hot path runs compiled (an install with ``SOLO_RULES_ACCELERATE=1``, see
#: ``solo_rules.accelerator``) or as pure Python; the behaviour is the same either way.
ACCELERATED: bool = is_accelerated()
