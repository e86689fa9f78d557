"""solo_rules: the executable, citable rules of the German Solo family of card games.

>>> import solo_rules
>>> state = solo_rules.new_game("altenburg-1988", seed=7)
>>> state.legal_actions()[:2]
(Action(id=68, text='pass'), Action(id=100, text='bid frage'))
"""

from solo_rules import rules as _rules  # noqa: F401  (registers the rule modules)
from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet, Rank, Suit, parse_card, parse_cards, piquet_pack
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
from solo_rules.ranking import NO_TRUMP, TRUMP, Ranking
from solo_rules.state import Contract, GameState, Outcome, Phase, Trick, new_game
from solo_rules.variant import Variant, available_variants, load_variant
from solo_rules.view import PlayerView

__all__ = [
    "NO_TRUMP",
    "TRUMP",
    "Action",
    "ActionParseError",
    "Card",
    "CardParseError",
    "CardSet",
    "Contract",
    "GameState",
    "IllegalActionError",
    "InvalidStateError",
    "Outcome",
    "Phase",
    "PlayerView",
    "Rank",
    "Ranking",
    "RecordError",
    "SoloRulesError",
    "Suit",
    "Trick",
    "Variant",
    "VariantError",
    "available_variants",
    "load_variant",
    "new_game",
    "parse_card",
    "parse_cards",
    "piquet_pack",
    "rulebook",
]
__version__ = "0.1.0"
