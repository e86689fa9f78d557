"""Replaying game records: a record played again through the rules, every action and the
recorded outcome checked.

The record format itself (``GameRecord``, ``MatchRecord``, writing and reading JSON and YAML,
format versions) is ``solo_rules.record_format``, re-exported here; ``replay`` plays a record
again and raises one ``RecordError`` that names the action's index and why when it does not
replay, and ``variant_of`` loads the rules a record was played under, checked by content hash.
"""

from __future__ import annotations

import attrs

from solo_rules.errors import RecordError, SoloRulesError, cut, shown
from solo_rules.game import new_game
from solo_rules.record_format import (
    FORMAT,
    GameRecord,
    MatchRecord,
    Misdeal,
    RecordedVariant,
    read_record,
    record_of,
)
from solo_rules.serial import unstructure
from solo_rules.state import GameState, Outcome
from solo_rules.variant import Variant, load_variant

__all__ = [
    "FORMAT",
    "GameRecord",
    "MatchRecord",
    "Misdeal",
    "RecordedVariant",
    "read_record",
    "record_of",
    "replay",
    "variant_of",
]


def variant_of(record: GameRecord | MatchRecord, variant: Variant | None = None) -> Variant:
    """The variant a record names, loaded (or ``variant``, for a variant file of one's own),
    checked to be the very rules it was played under."""
    if not isinstance(record, GameRecord | MatchRecord):
        raise TypeError("the record must be a GameRecord or a MatchRecord, got "
                        f"{type(record).__name__}")
    if variant is not None and not isinstance(variant, Variant):
        raise TypeError(f"variant must be a Variant or None, got {type(variant).__name__}")
    ref = record.variant
    try:
        found = variant if variant is not None else load_variant(ref.base, ref.overlays)
    except SoloRulesError as exc:
        raise RecordError(f"the record's variant {shown(ref.id)}: {exc}") from None
    if found.id != ref.id:
        raise RecordError(f"the record is of variant {shown(ref.id)}, not {found.id!r}")
    if found.content_hash != ref.content_hash:
        raise RecordError(
            f"variant {shown(ref.id)} has changed since the record was written: content hash "
            f"{found.content_hash[:12]}… here, {ref.content_hash[:12]}… in the record")
    return found


def replay(record: GameRecord, variant: Variant | None = None) -> GameState:
    """Play ``record`` again under its variant (or ``variant``, checked by content hash),
    checking every action and the recorded outcome; the final state. Raises ``RecordError``
    naming the action's index (from 0) and why it does not replay."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay: record must be a GameRecord, got {type(record).__name__} "
                        "(a match replays with Match.replay)")
    rules_variant = variant_of(record, variant)
    try:
        state = new_game(rules_variant, hands=record.deal, dealer=record.dealer)
    except SoloRulesError as exc:
        raise RecordError(f"the deal does not replay: {exc}") from None
    for index, (seat, text) in enumerate(record.actions):
        if state.is_terminal:
            raise RecordError(f"{_action(index, seat, text)}: the hand was already over")
        if seat != state.player:
            raise RecordError(f"{_action(index, seat, text)}: seat {state.player} is to act, "
                              f"not seat {seat}")
        try:
            state = state.apply(text)
        except SoloRulesError as exc:
            raise RecordError(f"{_action(index, seat, text)}: "
                              f"{cut(' '.join(str(exc).split()), 300)}") from None
    _check_outcome(record, state)
    return state


def _action(index: int, seat: int, text: str) -> str:
    """Where a record fails to replay: the action's index, text and seat (built only when
    it fails, since ``replay`` checks every action of every record it loads)."""
    return f"action {index} ({shown(text)} by seat {seat})"


def _check_outcome(record: GameRecord, state: GameState) -> None:
    """The recorded outcome must be the replayed one; a record without one, unfinished."""
    count = len(record.actions)
    if record.outcome is None:
        if state.is_terminal:
            raise RecordError(f"the hand is over after {count} actions but the record has no "
                              "outcome")
        return
    if not state.is_terminal:
        raise RecordError(f"the record ends after {count} actions but the hand is not over "
                          f"(seat {state.player} is to act in phase {state.phase}); is it "
                          "truncated?")
    replayed = state.outcome()
    if replayed != record.outcome:
        raise RecordError(f"the recorded outcome is not the replayed one: recorded scores "
                          f"{list(record.outcome.scores)}, replayed {list(replayed.scores)}"
                          + _first_difference(record.outcome, replayed))


def _first_difference(recorded: Outcome, replayed: Outcome) -> str:
    """``; field: recorded ..., replayed ...`` for the first differing field."""
    for field in attrs.fields(Outcome):
        a, b = getattr(recorded, field.name), getattr(replayed, field.name)
        if a != b:
            return f"; {field.name}: recorded {unstructure(a)}, replayed {unstructure(b)}"
    return ""
