"""The exceptions of solo_rules: one base class, all also ``ValueError``."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ActionParseError",
    "CardParseError",
    "IllegalActionError",
    "InvalidStateError",
    "RecordError",
    "SoloRulesError",
    "VariantError",
    "WorkerError",
]


class SoloRulesError(ValueError):
    """Base of every error this library raises on bad input."""


class VariantError(SoloRulesError):
    """A variant file or overlay is unreadable, has an unknown key or a bad value, or breaks a
    requires/conflicts declaration. The message names the file, the dotted path and the value."""


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


def check_seed(seed: object, name: str = "seed", error: type[SoloRulesError] | None = None
               ) -> None:
    """Refuse a seed that is not an int ``>= 0`` (a bool, ``1.5``, ``-5``, text), with one
    message everywhere (``new_game``, ``Match.start``, ``witness``, ``simulate``, records)."""
    if type(seed) is not int or seed < 0:
        raise (error or InvalidStateError)(f"{name} must be an int >= 0, got {shown(seed)}")


def check_seat(seat: object, players: int, name: str = "dealer",
               error: type[SoloRulesError] | None = None) -> None:
    """Refuse a seat (a dealer, a player) that is not an int ``0..players - 1``."""
    if type(seat) is not int or not 0 <= seat < players:
        raise (error or InvalidStateError)(f"{name} must be a seat 0..{players - 1}, got "
                                           f"{shown(seat)}")


def wrong_type(where: str, name: str, expected: str, value: object) -> TypeError:
    """The ``TypeError`` of a public entry handed a value of the wrong type: it names the
    entry, the argument and the type it takes."""
    return TypeError(f"{where}: {name} must be {expected}, got {type(value).__name__}")
