"""solo_rules: the executable, citable rules of the German Solo family of card games.

>>> import solo_rules
>>> state = solo_rules.new_game("altenburg-1988", seed=7)
>>> state.legal_actions()[:2]
(Action(id=68, text='pass'), Action(id=100, text='bid frage'))
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

from solo_rules import rules as _rules  # noqa: F401  (registers the rule modules)
from solo_rules.accelerator import is_accelerated
from solo_rules.actions import Action, Word, parse_action
from solo_rules.cards import (
    Card,
    CardSet,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    parse_suit,
    piquet_pack,
    quadrille_pack,
)
from solo_rules.errors import (
    ActionParseError,
    CardParseError,
    IllegalActionError,
    InvalidStateError,
    RecordError,
    SoloRulesError,
    StudyError,
    VariantError,
    WorkerError,
)
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.ranking import TRUMP, Ranking, Trump
from solo_rules.record_format import (
    GameRecord,
    MatchRecord,
    Misdeal,
    RecordedVariant,
    read_record,
    record_of,
)
from solo_rules.serial import converter, structure, to_json, unstructure
from solo_rules.state import Contract, Flags, GameState, Outcome, Phase, PlayerView, Trick
from solo_rules.variant import (
    Variant,
    available_overlays,
    available_variants,
    load_variant,
    overlay_bases,
    overlay_title,
)

if TYPE_CHECKING:  # the lazy exports below, for the type checker
    from solo_rules.analysis import (
        SimulationResult,
        Study,
        StudyResult,
        load_study,
        simulate,
        study,
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
    from solo_rules.match import Match
    from solo_rules.observation import ActionIndex, Encoder
    from solo_rules.record import replay
    from solo_rules.resample import Resampler, resample
    from solo_rules.solver import Solution, solve

#: The exports of the layers above the engine, by the module that defines them: imported on
#: first use (PEP 562), so that ``import solo_rules`` loads the engine alone (issue 13).
_LAZY = {
    **dict.fromkeys(("SimulationResult", "Study", "StudyResult", "load_study", "simulate",
                     "study"), "analysis"),
    **dict.fromkeys(("DiffEntry", "EntryWitness", "IncomparableError", "VariantDiff", "Witness",
                     "compare", "witness", "witnesses"), "compare"),
    "rulebook": "describe", "Match": "match", "ActionIndex": "observation",
    "Encoder": "observation", "replay": "record", "Resampler": "resample",
    "resample": "resample", "Solution": "solver", "solve": "solver",
}


def __getattr__(name: str) -> object:
    """A lazy export, imported from its module on first use and kept."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the lazy exports not yet imported among them."""
    return sorted({*globals(), *__all__})


class _Package(types.ModuleType):
    """This package, whose exports ``compare`` and ``resample`` share their names with the
    modules that define them: importing such a module later (``import solo_rules.analysis``
    imports ``solo_rules.compare``) leaves the export in place rather than the module."""

    def __setattr__(self, name: str, value: object) -> None:
        if not (name in _LAZY and isinstance(value, types.ModuleType)):
            super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


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
    "Study",
    "StudyError",
    "StudyResult",
    "Suit",
    "Trick",
    "Trump",
    "Variant",
    "VariantDiff",
    "VariantError",
    "Witness",
    "Word",
    "WorkerError",
    "available_overlays",
    "available_variants",
    "compare",
    "compile",
    "converter",
    "load_study",
    "load_variant",
    "new_game",
    "overlay_bases",
    "overlay_title",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "piquet_pack",
    "quadrille_pack",
    "read_record",
    "record_of",
    "replay",
    "resample",
    "rulebook",
    "simulate",
    "solve",
    "structure",
    "study",
    "to_json",
    "unstructure",
    "witness",
    "witnesses",
]
__version__ = "0.1.0"
#: Whether the double-dummy solver runs compiled (an install with ``SOLO_RULES_ACCELERATE=1``,
#: see ``solo_rules.accelerator``) or as pure Python; the behaviour is the same either way.
ACCELERATED: bool = is_accelerated()
