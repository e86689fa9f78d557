"""The card table in the browser: ``solo-rules serve`` (the ``web`` extra).

A lobby makes tables of any variant, overlays or uploaded variant file, each seat a person or
a bot; each person plays from a secret link and sees only its seat's view; spectators see what
is public. Every table and action is stored in SQLite before anyone is told, and a restarted
server replays them. Built on the library's public API only (``docs/web.md``).
"""

from __future__ import annotations

from pathlib import Path

from solo_rules.web.app import create_app

__all__ = ["create_app", "serve"]

#: The largest WebSocket frame uvicorn reads at all (the table refuses anything over
#: ``app.MAX_MESSAGE`` with an error; a frame past this closes the connection).
WS_MAX_SIZE = 64 * 1024


def serve(host: str = "127.0.0.1", port: int = 8000,
          db: str | Path = "solo-rules.sqlite3") -> None:
    """Serve the tables of ``db`` at ``http://host:port/`` until interrupted."""
    import uvicorn

    uvicorn.run(create_app(db), host=host, port=port, ws_max_size=WS_MAX_SIZE,
                log_level="info", lifespan="on")
