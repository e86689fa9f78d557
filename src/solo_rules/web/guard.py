"""What every request passes before the application sees it: state-changing requests must be
JSON from an allowed origin, a WebSocket must come from an allowed origin, and every page is
sent with headers that forbid inline script, framing and type sniffing.

An origin is allowed when it names the host the request was sent to (its ``Host`` header, which
a reverse proxy passes on) or is one of the origins the server was given. A request without an
``Origin`` comes from no browser page (browsers send it on every cross-origin request, on every
``POST`` and on every WebSocket), so it is let through: a form or script on another site cannot
leave it out.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["HEADERS", "Guard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Sent with every HTTP response: scripts, styles and connections from this origin only (no
#: inline script), never framed, never sniffed as another type.
HEADERS = (
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: The methods that change what the server holds.
_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Guard:
    """ASGI middleware around ``app``: the checks and headers of the module docstring, with
    ``origins`` (``scheme://host[:port]``) allowed besides the request's own host."""

    def __init__(self, app: App, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.origins = frozenset(origin.rstrip("/").lower() for origin in origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            if not self.allowed(scope):
                await send({"type": "websocket.close", "code": 1008,
                            "reason": "this origin may not open the table"})
                return
        elif kind == "http":
            refusal = self.refusal(scope)
            if refusal is not None:
                await _answer(send, *refusal)
                return
            send = _with_headers(send)
        await self.app(scope, receive, send)

    def allowed(self, scope: Scope) -> bool:
        """Whether the request's ``Origin`` (if it sends one) is its own host or allowed."""
        headers = _headers(scope)
        origin = headers.get("origin")
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        return origin in self.origins or (
            urlsplit(origin).netloc == headers.get("host", "").lower() != "")

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and one-line error of a state-changing request refused, else ``None``."""
        if scope["method"] not in _CHANGING:
            return None
        if not self.allowed(scope):
            return 403, "requests from another site's page are refused"
        media = _headers(scope).get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return 415, "the request must be sent as application/json"
        return None


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name (the last of a repeated one)."""
    return {name.decode("latin-1").lower(): value.decode("latin-1")
            for name, value in scope.get("headers", ())}


def _with_headers(send: Send) -> Send:
    """``send`` adding ``HEADERS`` to the response's start."""
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", ()), *HEADERS]
        await send(message)
    return sending


async def _answer(send: Send, status: int, error: str) -> None:
    """A JSON error answer, with ``HEADERS``."""
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *HEADERS]})
    await send({"type": "http.response.body", "body": body})
