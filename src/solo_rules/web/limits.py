"""The bounds a served table keeps so that no client can slow the others or grow the server
without bound; each is an option of ``solo-rules serve`` (``docs/security.md``)."""

from __future__ import annotations

import attrs

__all__ = ["DEFAULT_LIMITS", "Limits"]


@attrs.frozen
class Limits:
    """The server's bounds: the origins allowed besides its own host, the hands a table of
    bots alone plays at most, the tables one client (by address) may make per minute, the
    seconds a finished or abandoned table stays in memory, the connections per client
    address, the spectators per table, and the seconds a connection has to join a table and
    an HTTP request to be answered."""

    origins: tuple[str, ...] = ()
    bot_hands: int = 100
    tables_per_minute: int = 20
    keep_finished: float = 600.0
    connections_per_client: int = 32
    spectators_per_table: int = 50
    join_timeout: float = 10.0
    request_timeout: float = 10.0


#: The bounds of ``solo-rules serve`` without options.
DEFAULT_LIMITS = Limits()
