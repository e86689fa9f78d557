"""Clients a served table meets on a network, against ``solo-rules serve`` over real sockets
(issue 37): a reader that stops reading is closed with 1013 and the close reaches it, a bad
UTF-8 frame is answered with close 1007 to that client alone and logged in one line."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_client import Served

pytestmark = pytest.mark.hostile

BOTS = [{"kind": "random"}] * 4


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with Served(tmp_path / "t.sqlite3") as server:
        yield server


def opened(server: Served, receive_buffer: int = 0) -> socket.socket:
    """A WebSocket to ``/ws`` by hand, so that the test decides when it reads."""
    sock = socket.socket()
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def send_text(sock: socket.socket, payload: bytes) -> None:
    """One masked text frame carrying ``payload`` as it is (valid UTF-8 or not)."""
    mask = os.urandom(4)
    size = (bytes([0x80 | len(payload)]) if len(payload) < 126
            else bytes([0x80 | 126]) + struct.pack("!H", len(payload)))
    sock.sendall(bytes([0x81]) + size + mask
                 + bytes(byte ^ mask[n % 4] for n, byte in enumerate(payload)))


def frames(sock: socket.socket, quiet: float) -> tuple[int, int | None]:
    """Read until the server closes or is ``quiet`` seconds: the frames and the close code."""
    sock.settimeout(quiet)
    data = b""
    with contextlib.suppress(TimeoutError):
        while chunk := sock.recv(1 << 16):
            data += chunk
    count, at, code = 0, 0, None
    while at + 2 <= len(data):
        opcode, size, at = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
        if size == 126:
            size, at = struct.unpack("!H", data[at:at + 2])[0], at + 2
        elif size == 127:
            size, at = struct.unpack("!Q", data[at:at + 8])[0], at + 8
        if opcode == 8:
            code = struct.unpack("!H", data[at:at + 2])[0]
        count, at = count + 1, at + size
    return count, code


def test_a_reader_that_falls_behind_gets_close_1013(served: Served) -> None:
    data = served.post("/api/tables", {"variant": "altenburg-1988", "seats": BOTS,
                                       "bot_delay": 0, "hands": 100})
    with opened(served, receive_buffer=4096) as sock:
        send_text(sock, json.dumps({"type": "join", "table": data["table"],
                                    "token": data["spectator"].split("#")[1]}).encode())
        time.sleep(6)  # the table plays on; nothing is read
        count, code = frames(sock, quiet=5)
    assert code == 1013, (count, code)


def test_bad_utf8_closes_that_client_with_1007_and_logs_one_line(served: Served) -> None:
    with opened(served) as sock, opened(served) as other:
        send_text(sock, b"\xff\xfe{")
        assert frames(sock, quiet=5)[1] == 1007
        send_text(other, b'{"type": "ready"}')
        assert "join a table first" in other.recv(4096).decode(errors="replace")
    time.sleep(0.3)
    logged = served.logged()
    assert "Invalid UTF-8" in logged and "Traceback" not in logged
