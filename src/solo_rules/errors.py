"""The exceptions of solo_rules: one base class, all also ``ValueError``."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import SupportsIndex, cast

__all__ = [
    "ActionParseError",
    "CardParseError",
    "IllegalActionError",
    "InvalidStateError",
    "RecordError",
    "SoloRulesError",
    "StudyError",
    "VariantError",
    "WorkerError",
]


class SoloRulesError(ValueError):
    """Base of every error this library raises on bad input."""


class VariantError(SoloRulesError):
    """A variant file or overlay is unreadable, has an unknown key or a bad value, or breaks a
    requires/conflicts declaration. The message names the file, the dotted path and the value."""


class StudyError(SoloRulesError):
    """A study file or study request that cannot be run: an unknown key, a bad value, a sweep
    path the variant does not have. The message names the file and the key."""


class CardParseError(SoloRulesError):
    """Card text that does not name a card."""


class ActionParseError(SoloRulesError):
    """Action text that does not name an action of this variant."""


class InvalidStateError(SoloRulesError):
    """A state that cannot be built: bad hands, bad dealer, or an operation in the wrong phase."""


class RecordError(SoloRulesError):
    """A game record that cannot be read or does not replay."""


class WorkerError(SoloRulesError):
    """A worker of a simulation died, or did not finish its chunk of work within the chunk's
    deadline (stopped, hung); the run is abandoned."""


class IllegalActionError(SoloRulesError):
    """An action that the rules do not allow here.

    ``reason`` is a stable code (``not_legal``, ``wrong_phase``, ``game_over``); ``legal`` holds
    the legal alternatives as text, so a caller can show them.
    """

    def __init__(self, message: str, reason: str, legal: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        self.legal = tuple(legal)


def cut(text: str, limit: int = 80) -> str:
    """``text`` for a one-line error, cut to about ``limit`` characters (a path, a message
    that quotes a long input)."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a one-line error, cut to about ``limit`` characters: an error
    names the bad input without echoing all of a 5,000-character one."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def integer(value: object) -> int | None:
    """``value`` as an int when it is an integer of any type (``numpy.int64`` included, by
    ``operator.index``), else ``None`` (a bool, a float, text)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    return operator.index(cast(SupportsIndex, value))


def check_seed(seed: object, name: str = "seed", error: type[SoloRulesError] | None = None
               ) -> int:
    """The seed as an int, refused unless an integer ``>= 0`` (a bool, ``1.5``, ``-5``, text),
    with one message everywhere (``new_game``, ``Match.start``, ``witness``, ``simulate``,
    records)."""
    value = integer(seed)
    if value is None or value < 0:
        raise (error or InvalidStateError)(f"{name} must be an int >= 0, got {shown(seed)}")
    return value


def check_seat(seat: object, players: int, name: str = "dealer",
               error: type[SoloRulesError] | None = None) -> int:
    """The seat as an int, refused unless an integer ``0..players - 1`` (a dealer, a
    player)."""
    value = integer(seat)
    if value is None or not 0 <= value < players:
        raise (error or InvalidStateError)(f"{name} must be a seat 0..{players - 1}, got "
                                           f"{shown(seat)}")
    return value


def wrong_type(where: str, name: str, expected: str, value: object) -> TypeError:
    """The ``TypeError`` of a public entry handed a value of the wrong type: it names the
    entry, the argument and the type it takes."""
    return TypeError(f"{where}: {name} must be {expected}, got {type(value).__name__}")
