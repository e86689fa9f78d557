"""The card table in the browser: ``solo-rules serve`` (the ``web`` extra).

A lobby makes tables of any variant, overlays or uploaded variant file, each seat a person or
a bot; each person plays from a secret link and sees only its seat's view; spectators see what
is public. Every table and action is stored in SQLite before anyone is told, and a restarted
server replays them. Built on the library's public API only (``docs/web.md``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from solo_rules.web.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from solo_rules.web.app import create_app

__all__ = ["Limits", "create_app", "serve"]

#: The largest WebSocket frame uvicorn reads at all (the table refuses anything over
#: ``app.MAX_MESSAGE`` with an error; a frame past this closes the connection).
WS_MAX_SIZE = 64 * 1024


def __getattr__(name: str) -> object:
    """``create_app``, imported when asked for: ``Limits`` (which the command line reads
    for its options) needs no web framework."""
    if name == "create_app":
        from solo_rules.web.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path = "solo-rules.sqlite3",
          limits: Limits = DEFAULT_LIMITS, prune_after: float | None = None) -> None:
    """Serve the tables of ``db`` at ``http://host:port/`` until interrupted, within
    ``limits``; with ``prune_after``, first delete the tables finished that many seconds
    ago or more."""
    import uvicorn

    from solo_rules.web.app import create_app
    from solo_rules.web.store import Store

    if prune_after is not None:
        store = Store(db)
        print(f"pruned {store.prune(prune_after)} finished tables")
        store.close()
    uvicorn.run(create_app(db, limits=limits), host=host, port=port, ws_max_size=WS_MAX_SIZE,
                log_level="info", lifespan="on", timeout_keep_alive=5)
