"""A table survives the server being killed: mid-hand, ``kill -9``, ``solo-rules serve`` again
on the same database; the seat's client joins again with its link and the hand goes on to the
same outcome as a run that was never interrupted (every stored action replayed through the
library; the bots' choices are fixed by the table's seed and the moment)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from web_client import PERSON, Served, act_message, join_message
from websockets.sync.client import connect

from solo_rules import read_record, replay

TABLE = {"variant": "altenburg-1988", "hands": 2, "seed": 77, "bot_delay": 0,
         "seats": [PERSON, {"kind": "heuristic"}, PERSON, {"kind": "random"}]}


class Seats:
    """The two person seats of a table, each played by its first legal choice."""

    def __init__(self, server: Served, data: dict[str, Any]) -> None:
        base = server.url.replace("http", "ws") + "/ws"
        self.stack = contextlib.ExitStack()
        self.sockets = {}
        self.frames: dict[int, dict[str, Any]] = {}
        for seat in (0, 2):
            socket = self.stack.enter_context(connect(base, open_timeout=10))
            socket.send(join_message(data, data["seats"][str(seat)]))
            assert json.loads(socket.recv(10))["type"] == "welcome"
            self.sockets[seat] = socket
            self.frames[seat] = json.loads(socket.recv(10))

    def drain(self) -> None:
        """Read every frame that has arrived, keeping each seat's newest, and wait for any
        seat behind another to catch up."""
        for seat, socket in self.sockets.items():
            while True:
                try:
                    self.frames[seat] = json.loads(socket.recv(0))
                except TimeoutError:
                    break
        moment = max(_moment(frame) for frame in self.frames.values())
        for seat, socket in self.sockets.items():
            while _moment(self.frames[seat]) < moment:
                self.frames[seat] = json.loads(socket.recv(10))

    def play(self, actions: int | None, records: list[str]) -> int:
        """Play the persons' turns until the table has taken ``actions`` actions in hand 1
        (``None``: to the end of the match); the position reached."""
        while True:
            self.drain()
            moved = False
            for seat, socket in self.sockets.items():
                frame = self.frames[seat]
                end = frame["end"]
                if end is not None and end["record"] not in records:
                    records.append(end["record"])
                if frame["over"] and end is not None:
                    return int(frame["position"])
                if actions is not None and frame["hand_no"] == 1 and \
                        frame["position"] >= actions:
                    return int(frame["position"])
                if end is not None and seat not in frame["ready"]:
                    socket.send(json.dumps({"type": "ready"}))
                    moved = True
                elif frame["turn"] == seat and frame["legal"]:
                    socket.send(act_message(frame, frame["legal"][0]["text"]))
                    moved = True
                if moved:  # wait for the frame that answers it
                    while True:
                        answer = json.loads(socket.recv(10))
                        assert answer["type"] == "state", answer
                        self.frames[seat] = answer
                        if _moment(answer) > _moment(frame) or seat in answer["ready"]:
                            break
                    break
            if not moved:  # the bots' turn: every change reaches seat 0 too
                self.frames[0] = json.loads(self.sockets[0].recv(10))

    def close(self) -> None:
        self.stack.close()


def _moment(frame: dict[str, Any]) -> tuple[int, int]:
    return frame["hand_no"], frame["position"]


def test_a_table_killed_mid_hand_resumes_and_ends_as_if_never_interrupted(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = Served(db)
    try:
        # the same table twice: one played through, one killed in its second hand
        whole: list[str] = []
        first = server.post("/api/tables", TABLE)
        seats = Seats(server, first)
        seats.play(None, whole)
        seats.close()
        killed: list[str] = []
        data = server.post("/api/tables", TABLE)
        seats = Seats(server, data)
        seen = seats.play(12, killed)
        server.kill()
        seats.close()
        server = Served(db, server.port)
        seats = Seats(server, data)
        for frame in seats.frames.values():  # nothing anyone was told is lost
            assert (frame["hand_no"], frame["position"]) >= (1, seen)
        seats.play(None, killed)
        seats.close()
    finally:
        server.stop()
    logged = server.logged()
    assert "connection open" in logged  # the access log was written...
    for link in [*first["seats"].values(), first["spectator"], *data["seats"].values()]:
        assert link.split("#")[1] not in logged  # ...and holds no token
    assert len(whole) == len(killed) == 2
    assert [read_record(r) for r in killed] == [read_record(r) for r in whole]
    for text in killed:
        replay(read_record(text))  # each record replays through the library
