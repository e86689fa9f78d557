"""The bounds a served table keeps so that no client can slow the others or grow the server
without bound; each is an option of ``solo-rules serve`` (``docs/security.md``)."""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["DEFAULT_LIMITS", "Limits"]


def _bound(default: float | tuple[str, ...], help: str, example: str = "") -> Any:
    """A field of ``Limits`` with the help its ``solo-rules serve`` option shows, and the
    value its example gives (``default`` twice when none is given)."""
    return attrs.field(default=default, metadata={
        "help": help,
        "example": example or (f"{2 * default:g}" if isinstance(default, float | int) else "")})


@attrs.frozen
class Limits:
    """The server's bounds, each an option of ``solo-rules serve`` named after its field
    (``--bot-hands``); the help of each says what it bounds."""

    origins: tuple[str, ...] = _bound(
        (), "an origin (scheme://host[:port]) whose pages may use the server besides its own "
            "host, as a reverse proxy serves it", "https://cards.example")
    bot_hands: int = _bound(100, "the most hands a table of bots alone plays")
    tables_per_minute: int = _bound(20, "the tables one client address may make a minute")
    keep_finished: float = _bound(
        600.0, "seconds a finished table, or one nobody is at, stays in memory")
    connections_per_client: int = _bound(32, "open WebSockets per client address")
    spectators_per_table: int = _bound(50, "spectators at one table")
    join_timeout: float = _bound(10.0, "seconds a WebSocket has to join a table")
    request_timeout: float = _bound(10.0, "seconds a request's body has to arrive")
    bot_processes: int = _bound(2, "processes the sampling bots search in")


#: The bounds of ``solo-rules serve`` without options.
DEFAULT_LIMITS = Limits()
