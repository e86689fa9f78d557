"""The served table: a Starlette application with a lobby, the table page and one WebSocket
over which each seat plays and is told what it may know.

Every message from a client is checked in this order, and a message that fails gets an error
sent to that client alone and changes nothing: its size, the client's rate, JSON, its schema,
then (for an action) the seat's turn, the moment it was chosen at, and the rules. A table's
changes are stored before any client hears of them. Each client has its own queue of frames,
so a slow reader delays no one else; a reader that falls far behind is disconnected and gets
the current frame when it joins again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import secrets
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from solo_rules.errors import SoloRulesError, shown
from solo_rules.game import compile
from solo_rules.variant import (
    available_overlays,
    available_variants,
    load_variant,
    overlay_bases,
    overlay_title,
    variant_dir,
)
from solo_rules.web.config import (
    MAX_UPLOAD,
    SEAT_KINDS,
    ConfigError,
    catalogue_variant,
    parse_config,
)
from solo_rules.web.frames import hand_frame, seat_frame, spectator_frame
from solo_rules.web.guard import Guard
from solo_rules.web.limits import DEFAULT_LIMITS, Limits
from solo_rules.web.store import Store, StoredTable, playing_tables
from solo_rules.web.table import SPECTATOR, Table, TableError, bot_choice, seat_of

__all__ = ["MAX_MESSAGE", "Server", "create_app"]

log = logging.getLogger("solo_rules.web")

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 2048
#: The largest request body the lobby takes (a variant file and the seats).
MAX_BODY = MAX_UPLOAD + 8192
#: A client's allowance: messages per second, and the burst it may send at once.
RATE, BURST = 10.0, 20.0
#: Joins that may fail on one connection before it is closed.
MAX_FAILED_JOINS = 5
#: Client addresses whose table-making allowance is kept before the full ones are forgotten.
MAX_ADDRESSES = 10_000
#: Frames queued for one client before it is disconnected as too slow.
MAX_QUEUED = 64
#: Each message's fields and their types.
SCHEMAS: dict[str, dict[str, type]] = {
    "join": {"table": str, "token": str},
    "act": {"action": str, "hand": int, "position": int},
    "ready": {},
    "hand": {"number": int},
}


class Refused(Exception):
    """A client message that is not acted on: sent back as ``{"type": "error"}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Bucket:
    """A token bucket: ``rate`` messages a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Client:
    """One WebSocket: the seat it joined (``SPECTATOR`` to watch, ``None`` before it
    joined), and its queue of outgoing messages, sent by its own writer task."""

    def __init__(self, socket: WebSocket, bucket: Bucket) -> None:
        self.socket = socket
        self.table: Table | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = bucket
        self.failed_joins = 0
        self.throttled_at = 0.0
        self.closing = False
        #: the close code the writer sends: 1013 (try again later) for a reader too slow
        self.close_code = 1013

    def close(self, code: int) -> None:
        """Send what is queued, then close with ``code``; nothing more is queued."""
        if not self.closing:
            self.closing, self.close_code = True, code
            self.queue.put_nowait(None)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message``; a client too far behind is closed instead, its stale frames
        dropped so that the close is the next thing it gets (it rejoins for the current
        frame)."""
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(1013)
            return
        self.queue.put_nowait(message if isinstance(message, str) else json.dumps(message))

    async def write(self) -> None:
        """Send the queued messages in order until closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.socket.close(code=self.close_code)
                return
            await self.socket.send_text(text)


class Server:
    """The tables of one database and the clients at them."""

    def __init__(self, db: str | Path, rate: float = RATE, burst: float = BURST,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.db = Path(db)
        self.rate, self.burst = rate, burst
        self.limits = limits
        self.store = Store(self.db)
        self.uploads = self.db.with_name(self.db.name + ".uploads")
        self.tables: dict[str, Table] = {}
        self.clients: defaultdict[str, set[Client]] = defaultdict(set)
        #: open WebSockets by client address, and the tables each address made lately
        self.connections: defaultdict[str, int] = defaultdict(int)
        self.made: dict[str, Bucket] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        #: when each table in memory last moved or was joined (``time.monotonic()``)
        self.seen: dict[str, float] = {}
        self.sweeper: asyncio.Task[None] | None = None
        self.pool: ProcessPoolExecutor | None = None

    def resume(self) -> None:
        """Every stored table of bots alone still playing, replayed to where it stood, to play
        on; a table with a person is replayed when one joins it (``table``), and a finished
        one never, so that start-up does not grow with the history kept."""
        for stored in playing_tables(self.store):
            if any(seat.get("kind") == "person" for seat in stored.config.get("seats", ())):
                continue
            self._resume(stored)

    def _resume(self, stored: StoredTable) -> Table | None:
        """``stored`` replayed and in play (a table that no longer loads, for a variant file
        changed on disk, is logged and left out)."""
        try:
            table = self.tables[stored.id] = Table.resume(self.store, stored, self.uploads)
        except SoloRulesError as exc:
            log.error("table %s not resumed: %s", stored.id, exc)
            return None
        self.seen[table.id] = time.monotonic()
        return table

    def table(self, table_id: str, token: str | None = None) -> Table | None:
        """The table ``table_id``, replayed from the store if it has left memory; with
        ``token``, only when it opens a seat (checked before any replay)."""
        table = self.tables.get(table_id)
        if table is None:
            digests = self.store.digests(table_id)
            if not digests or (token is not None and seat_of(digests, token) is None):
                return None
            table = self._resume(self.store.load(table_id))
            if table is not None:
                self.drive(table)
        return table

    def bot_pool(self) -> ProcessPoolExecutor:
        """The processes the sampling bots search in (so that their seconds of search hold
        no other table back), started when first needed."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.limits.bot_processes,
                                            mp_context=multiprocessing.get_context("spawn"))
        return self.pool

    def start(self) -> None:
        for table in self.tables.values():
            self.drive(table)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Every few seconds, free the tables nobody watches that have not moved for
        ``Limits.keep_finished`` seconds: finished ones, and ones waiting for a person (read
        again from the store when someone joins)."""
        keep = self.limits.keep_finished
        while True:
            await asyncio.sleep(min(keep, 5.0))
            now = time.monotonic()
            for table_id in list(self.tables):
                driving = self.drivers.get(table_id)
                if (self.clients.get(table_id) or now - self.seen[table_id] < keep
                        or (driving is not None and not driving.done())):
                    continue
                del self.tables[table_id], self.seen[table_id]
                self.drivers.pop(table_id, None)
                self.clients.pop(table_id, None)

    async def stop(self) -> None:
        tasks = [*self.drivers.values(), *([self.sweeper] if self.sweeper else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # -- tables ---------------------------------------------------------------------------

    def create(self, raw: object, address: str = "") -> dict[str, Any]:
        """A table as the lobby asks for it by a client at ``address``; its links (each token
        in the fragment, which a browser never sends to the server, so no log can hold it).
        A table of bots alone plays at most ``Limits.bot_hands`` hands (that many when it
        names none); an address makes at most ``Limits.tables_per_minute`` tables a minute."""
        per_minute = self.limits.tables_per_minute
        bucket = self.made.get(address)
        if bucket is None:
            if len(self.made) >= MAX_ADDRESSES:  # forget the addresses that are full again
                self.made = {key: kept for key, kept in self.made.items()
                             if kept.tokens < kept.burst}
            bucket = self.made[address] = Bucket(per_minute / 60, per_minute)
        if not bucket.take():
            raise Refused("rate_limited", f"at most {per_minute} tables a minute from one "
                                          "address: try again later")
        config, variant = parse_config(raw, secrets.randbelow(2**63), self.uploads)
        if not config.persons:
            limit = self.limits.bot_hands
            if config.hands is None:
                config = attrs.evolve(config, hands=limit)
            elif config.hands > limit:
                raise ConfigError(f"hands: a table of bots alone plays at most {limit} hands, "
                                  f"got {config.hands}")
        table, tokens = Table.create(self.store, config, variant)
        self.tables[table.id] = table
        self.seen[table.id] = time.monotonic()
        self.drive(table)
        links = {seat: f"/table/{table.id}#{token}" for seat, token in tokens.items()}
        return {"table": table.id, "variant": variant.id,
                "seats": {str(seat): link for seat, link in links.items() if seat >= 0},
                "spectator": links[SPECTATOR]}

    def broadcast(self, table: Table) -> None:
        """Send every client of ``table`` its frame: each seat's own, the spectators' one."""
        self.seen[table.id] = time.monotonic()
        frames: dict[int, str] = {}
        for client in self.clients[table.id]:
            seat = client.seat
            assert seat is not None
            if seat not in frames:
                frame = spectator_frame(table) if seat == SPECTATOR else seat_frame(table, seat)
                frames[seat] = json.dumps(frame)
            client.send(frames[seat])

    def drive(self, table: Table) -> None:
        """Make sure the bots of ``table`` move when it is their turn (one task a table)."""
        running = self.drivers.get(table.id)
        if running is None or running.done():
            self.drivers[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """While a bot is to move (or a table of bots waits for its next hand): wait the
        table's delay, let it choose from its own view, apply and tell everyone."""
        delay = table.config.bot_delay
        while not table.over:
            seat = table.bot_to_move()
            if seat is None:
                if not (table.waiting and table.ready.issuperset(table.config.persons)):
                    return
                await asyncio.sleep(delay)
                if table.deal_if_ready():
                    self.broadcast(table)
                continue
            await asyncio.sleep(delay)
            position = len(table.state.history)
            try:
                if table.config.seats[seat].kind == "sampling":  # seconds of search
                    action = await asyncio.get_running_loop().run_in_executor(
                        self.bot_pool(), bot_choice, *table.bot_task(seat))
                else:
                    action = table.bot(seat).choose(table.state.view(seat))
                table.bot_acts(seat, position, action)
            except TableError:  # the table moved on while the bot thought
                continue
            except Exception:  # a bug: nothing was stored; the bot stops, the table stays
                log.exception("the bot of seat %s at table %s failed", seat, table.id)
                return
            self.broadcast(table)

    # -- one client's messages ------------------------------------------------------------

    async def serve_client(self, socket: WebSocket) -> None:
        address = _address(socket)
        if self.connections[address] >= self.limits.connections_per_client:
            await socket.close(code=1008, reason="too many connections from this address")
            return
        self.connections[address] += 1
        try:
            await self._serve(socket)
        finally:
            self.connections[address] -= 1
            if not self.connections[address]:
                del self.connections[address]

    async def _serve(self, socket: WebSocket) -> None:
        """One connection: its messages until it closes; closed with 1008 if it has not
        joined a table within ``Limits.join_timeout``."""
        await socket.accept()
        client = Client(socket, Bucket(self.rate, self.burst))
        writer = asyncio.get_running_loop().create_task(client.write())
        joined_by = time.monotonic() + self.limits.join_timeout
        try:
            while not client.closing:
                wait = None if client.table is not None else joined_by - time.monotonic()
                try:
                    message = await asyncio.wait_for(socket.receive(), wait)
                except TimeoutError:
                    client.send({"type": "error", "code": "join_timeout", "message":
                                 f"no table joined within {self.limits.join_timeout:g} s"})
                    client.close(1008)
                    break
                if message["type"] == "websocket.disconnect":
                    break
                try:
                    self.handle(client, message)
                except Refused as exc:
                    client.send({"type": "error", "code": exc.code, "message": str(exc)})
                    if exc.code == "too_many_joins":  # a policy violation
                        client.close(1008)
                except Exception:  # a bug: nothing was stored, so the table is as it was
                    log.exception("a message to table %s failed",
                                  None if client.table is None else client.table.id)
                    client.send({"type": "error", "code": "internal",
                                 "message": "the server failed to do this; nothing changed"})
        except WebSocketDisconnect:
            pass
        finally:
            if client.table is not None:
                self.clients[client.table.id].discard(client)
            client.close(1000)
            with contextlib.suppress(Exception):
                await writer
            if socket.client_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await socket.close()

    def handle(self, client: Client, message: Mapping[str, Any]) -> None:
        """One message: checked, then acted on; ``Refused`` for anything wrong."""
        if not client.bucket.take():
            now = time.monotonic()
            if now - client.throttled_at < 1.0:
                return  # one notice a second while a client floods
            client.throttled_at = now
            raise Refused("rate_limited", f"too many messages: at most {self.rate:g} a second")
        text = message.get("text")
        if text is None:
            raise Refused("not_text", "messages are JSON text, not binary")
        if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
            raise Refused("too_large", f"the message has more than {MAX_MESSAGE} bytes")
        kind, fields = parse_message(text)
        if kind == "join":
            self.join(client, fields["table"], fields["token"])
            return
        table, seat = client.table, client.seat
        if table is None or seat is None:
            raise Refused("not_joined", "join a table first: {\"type\": \"join\", ...}")
        if kind == "hand":  # a finished hand is public: anyone at the table may replay it
            try:
                client.send(hand_frame(table, fields["number"]))
            except TableError as exc:
                raise Refused(exc.code, str(exc)) from None
            return
        if seat == SPECTATOR:
            raise Refused("spectator", "a spectator watches: it takes no action")
        try:
            if kind == "act":
                table.act(seat, fields["action"], fields["hand"], fields["position"])
            else:
                table.say_ready(seat)
        except TableError as exc:
            if exc.code == "illegal":  # the seat's frame now shows the refusal and its rule
                client.send(seat_frame(table, seat))
            raise Refused(exc.code, str(exc)) from None
        self.broadcast(table)
        self.drive(table)

    def join(self, client: Client, table_id: str, token: str) -> None:
        """Seat ``client`` at the table its token opens; one answer for an unknown table
        and a wrong token, so neither can be told from the other."""
        if client.table is not None:
            raise Refused("already_joined", "this connection has joined a table already")
        table = self.table(table_id, token)
        seat = None if table is None else table.seat_of(token)
        if table is None or seat is None:
            client.failed_joins += 1
            if client.failed_joins >= MAX_FAILED_JOINS:
                raise Refused("too_many_joins", "too many failed joins: the connection closes")
            raise Refused("bad_token", "no table is open to this link: check the link")
        most = self.limits.spectators_per_table
        if seat == SPECTATOR and sum(other.seat == SPECTATOR
                                     for other in self.clients[table.id]) >= most:
            raise Refused("spectators_full", f"this table has its {most} spectators already: "
                                             "try again later")
        client.table, client.seat = table, seat
        self.clients[table.id].add(client)
        client.send({"type": "welcome", "table": table.id,
                     "seat": None if seat == SPECTATOR else seat,
                     "rulebook": f"/table/{table.id}/rulebook"})
        client.send(spectator_frame(table) if seat == SPECTATOR else seat_frame(table, seat))


def parse_message(text: str) -> tuple[str, dict[str, Any]]:
    """A message's type and fields, checked against ``SCHEMAS``."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("bad_json", f"the message is not JSON: {shown(text, 40)}") from None
    if not isinstance(data, dict):
        raise Refused("bad_message", f"a message is a JSON object, got {shown(data, 40)}")
    kind = data.get("type")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None or not isinstance(kind, str):
        raise Refused("bad_message", f"unknown message type {shown(kind, 40)}; types: "
                                     f"{', '.join(SCHEMAS)}")
    fields = {key: value for key, value in data.items() if key != "type"}
    for key in fields.keys() - schema.keys():
        raise Refused("bad_message", f"{kind}: unknown field {shown(key, 40)}")
    for key, wanted in schema.items():
        value = fields.get(key)
        if type(value) is not wanted:
            raise Refused("bad_message", f"{kind}.{key}: expected "
                                         f"{'text' if wanted is str else 'a whole number'}, "
                                         f"got {shown(value, 40)}")
    return kind, fields


# -- HTTP ---------------------------------------------------------------------------------

_STATIC = resources.files("solo_rules.web") / "static"


def _page(name: str) -> Callable[[Request], Any]:
    async def page(request: Request) -> Response:
        return FileResponse(str(_STATIC / name), media_type="text/html")
    return page


async def _favicon(request: Request) -> Response:
    """The tab's icon, where browsers look for it first."""
    return FileResponse(str(_STATIC / "favicon.svg"), media_type="image/svg+xml")


class Lobby:
    """The lobby's data, worked out once per change of the catalogue (its files' names and
    times), since titles and overlay bases take long to find."""

    def __init__(self) -> None:
        self.stamp: tuple[tuple[str, int], ...] = ()
        self.body = b""

    def response(self, request: Request) -> Response:
        stamp = tuple((path.name, path.stat().st_mtime_ns)
                      for path in sorted(variant_dir().glob("*.yaml")))
        if stamp != self.stamp:
            variants = [{"id": vid, "title": load_variant(vid).title}
                        for vid in available_variants()]
            overlays = [{"id": oid, "title": overlay_title(oid), "bases": overlay_bases(oid)}
                        for oid in available_overlays()]
            self.body = json.dumps({"variants": variants, "overlays": overlays,
                                    "kinds": list(SEAT_KINDS), "max_upload": MAX_UPLOAD}).encode()
            self.stamp = stamp
        return Response(self.body, media_type="application/json")


async def _players(request: Request) -> Response:
    """The number of seats of a variant with overlays, or its one-line error."""
    variant = request.query_params.get("variant", "")
    overlays = request.query_params.getlist("overlay")
    try:
        players = compile(catalogue_variant(variant, overlays)).players
    except SoloRulesError as exc:
        return JSONResponse({"error": " ".join(str(exc).split())}, status_code=400)
    return JSONResponse({"players": players})


async def _read_body(request: Request, timeout: float) -> bytes:
    """The request's body, refused past ``MAX_BODY`` bytes without reading the rest, or when
    it has not all come within ``timeout`` seconds."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused("too_large", f"the request has {declared} bytes; at most {MAX_BODY}")
    body = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise Refused("too_large", f"the request has more than {MAX_BODY} bytes")
    except TimeoutError:
        raise Refused("timeout", f"the request's body took more than {timeout:g} s") from None
    return bytes(body)


def _address(connection: HTTPConnection) -> str:
    """The client's address, what the per-client limits count by (behind a reverse proxy,
    uvicorn's ``--proxy-headers`` makes it the forwarded one)."""
    return "" if connection.client is None else connection.client.host


def _one_line(record: logging.LogRecord) -> bool:
    """Log a client's bad UTF-8 (which uvicorn answers with close 1007) in one line, not
    with the traceback of its decoding."""
    if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
        record.exc_info, record.exc_text = None, None
    return True


def create_app(db: str | Path, *, rate: float = RATE, burst: float = BURST,
               limits: Limits = DEFAULT_LIMITS) -> Starlette:
    """The application serving the tables stored in ``db`` (made if missing); every stored
    table still in play is resumed when it starts. Each client may send ``rate`` messages a
    second, up to ``burst`` at once; ``limits`` bound the rest (``Limits``)."""
    server = Server(db, rate, burst, limits)
    lobby = Lobby()

    async def lobby_data(request: Request) -> Response:
        return lobby.response(request)

    async def create_table(request: Request) -> Response:
        try:
            body = await _read_body(request, limits.request_timeout)
            try:
                raw = json.loads(body)
            except (ValueError, RecursionError):  # bad UTF-8 too; nesting past the stack
                raise Refused("bad_json", "the table request is not JSON (or nests too "
                                          "deep)") from None
            return JSONResponse(server.create(raw, _address(request)))
        except Refused as exc:
            status = {"too_large": 413, "rate_limited": 429}.get(exc.code, 400)
            return JSONResponse({"error": str(exc)}, status_code=status)
        except SoloRulesError as exc:
            return JSONResponse({"error": " ".join(str(exc).split())}, status_code=400)

    def rulebook(as_json: bool) -> Callable[[Request], Any]:
        async def page(request: Request) -> Response:
            table = server.table(request.path_params["table"])
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            if as_json:
                return JSONResponse(table.rulebook.data())
            return HTMLResponse(table.rulebook.page())
        return page

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        uvicorn_log = logging.getLogger("uvicorn.error")
        uvicorn_log.addFilter(_one_line)
        server.resume()
        server.start()
        yield
        await server.stop()
        uvicorn_log.removeFilter(_one_line)

    app = Starlette(routes=[
        Route("/", _page("lobby.html")),
        Route("/favicon.ico", _favicon),
        Route("/api/lobby", lobby_data),
        Route("/api/players", _players),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/table/{table}", _page("table.html")),
        Route("/table/{table}/rulebook", rulebook(False)),
        Route("/table/{table}/rulebook.json", rulebook(True)),
        WebSocketRoute("/ws", server.serve_client),
        Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
    ], lifespan=lifespan, middleware=[Middleware(Guard, origins=limits.origins)])
    app.state.server = server
    return app
