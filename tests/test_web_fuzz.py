"""Bad input to the served table: malformed, oversized, out-of-turn and replayed messages,
wrong and guessed tokens, a flood, and bad tables asked of the lobby. Each gets its error, sent
to that client alone; nothing is stored or changed; no hidden card is named; the server stays
up for everyone else."""

from __future__ import annotations

import contextlib
import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_client import PERSON, act_message, cards_in, create, join_message

from solo_rules.web import create_app
from solo_rules.web.app import MAX_MESSAGE, Server

HOUSE = """\
schema: 1
id: house-rules
title: "House rules <script>alert(1)</script>"
extends: altenburg-1988
status: house
sources: {me: {cite: "<b>my table</b>"}}
"""


def serving(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        client.sockets = stack  # type: ignore[attr-defined]
        yield client


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    """A server whose clients may send as fast as the test does."""
    yield from serving(create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9))


@pytest.fixture
def limited(tmp_path: Any) -> Iterator[TestClient]:
    """A server with the default rate limit."""
    yield from serving(create_app(tmp_path / "t.sqlite3"))


def server_of(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def joined(client: TestClient, data: dict[str, Any], link: str) -> tuple[Any, dict[str, Any]]:
    socket = client.sockets.enter_context(client.websocket_connect("/ws"))  # type: ignore
    socket.send_text(join_message(data, link))
    assert socket.receive_json()["type"] == "welcome"
    frame = socket.receive_json()
    assert frame["type"] == "state"
    return socket, frame


def error_of(socket: Any, text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        socket.send_bytes(text)
    else:
        socket.send_text(text)
    answer: dict[str, Any] = socket.receive_json()
    assert answer["type"] == "error", answer
    return answer


def test_every_bad_message_gets_its_error_and_changes_nothing(client: TestClient) -> None:
    data = create(client, "altenburg-1988", [PERSON] * 4, hands=2, seed=3, bot_delay=0)
    server = server_of(client)
    table = server.tables[data["table"]]
    sockets, frames = {}, {}
    for seat in range(4):
        sockets[seat], frames[seat] = joined(client, data, data["seats"][str(seat)])
    watcher, _ = joined(client, data, data["spectator"])
    turn = frames[0]["turn"]
    mover, other = sockets[turn], sockets[(turn + 1) % 4]
    frame = frames[turn]
    before = (table.state, server.store.actions(table.id, 0))
    cases: list[tuple[Any, str | bytes, str]] = [
        (mover, "{{", "bad_json"),
        (mover, "[" * 1500, "bad_json"),
        (mover, b'{"type": "ready"}', "not_text"),
        (mover, json.dumps({"type": "act", "action": "x" * MAX_MESSAGE}), "too_large"),
        (mover, "[1, 2]", "bad_message"),
        (mover, "null", "bad_message"),
        (mover, '"act"', "bad_message"),
        (mover, json.dumps({"type": "shout"}), "bad_message"),
        (mover, json.dumps({"type": "act", "action": "pass"}), "bad_message"),
        (mover, json.dumps({"type": "act", "action": "pass", "hand": "0", "position": 0}),
         "bad_message"),
        (mover, json.dumps({"type": "act", "action": "pass", "hand": 0, "position": True}),
         "bad_message"),
        (mover, json.dumps({"type": "act", "action": 7, "hand": 0, "position": 0}),
         "bad_message"),
        (mover, json.dumps({"type": "act", "action": "pass", "hand": 0, "position": 0,
                            "seat": 2}), "bad_message"),
        (mover, act_message(frame, "play XX"), "bad_action"),
        (mover, act_message(frame, "\u0000\ud800"), "bad_action"),
        (mover, act_message({**frame, "hand_no": 1}, "pass"), "stale"),
        (mover, act_message({**frame, "position": 5}, "pass"), "stale"),
        (mover, act_message(frame, "play CQ"), "illegal"),  # a card in the bidding
        (mover, json.dumps({"type": "ready"}), "not_waiting"),
        (mover, join_message(data, data["seats"]["1"]), "already_joined"),
        (other, act_message(frame, "pass"), "not_your_turn"),
        (watcher, act_message(frame, "pass"), "spectator"),
    ]
    for socket, text, code in cases:
        if code == "illegal":  # the refusal is shown to that seat: its frame comes first
            socket.send_text(text)
            assert socket.receive_json()["refusal"]["reason"] == "wrong_phase"
            answer = socket.receive_json()
        else:
            answer = error_of(socket, text)
        assert answer["code"] == code, (text, answer)
        assert answer["message"] and "\n" not in answer["message"]
        hidden = {c for s in range(4) if s != turn for c in table.state.hand(s)}
        # the action grammar's fixed examples are not about this deal
        said = re.sub(r", like .*|\(for example [^)]*\)", "", answer["message"])
        assert not (cards_in(said) & hidden) - cards_in(str(text)), answer
        assert (table.state, server.store.actions(table.id, 0)) == before, (text, code)
    # a good action is taken and is the next thing every seat hears of: no error reached them
    mover.send_text(act_message(frame, frame["legal"][0]["text"]))
    for seat, socket in sockets.items():
        assert socket.receive_json()["position"] == 1, seat
    assert watcher.receive_json()["position"] == 1
    # the same message again is a replay, refused
    answer = error_of(mover, act_message(frame, frame["legal"][0]["text"]))
    assert answer["code"] == "stale"
    assert len(server.store.actions(table.id, 0)) == 1


def test_an_illegal_card_is_refused_with_the_engines_explanation_and_its_rule(
        client: TestClient) -> None:
    data = create(client, "altenburg-1988", [PERSON] * 4, hands=1, seed=11, bot_delay=0)
    sockets, frames = {}, {}
    for seat in range(4):
        sockets[seat], frames[seat] = joined(client, data, data["seats"][str(seat)])
    seat = frames[0]["turn"]
    while frames[seat]["phase"] != "play" or len(frames[seat]["legal"]) == len(
            frames[seat]["hand"]):
        sockets[seat].send_text(act_message(frames[seat], frames[seat]["legal"][0]["text"]))
        for s in range(4):
            frames[s] = sockets[s].receive_json()
        seat = frames[0]["turn"]
    frame = frames[seat]
    barred = next(c for c in frame["hand"] if c not in {x["card"] for x in frame["legal"]})
    assert frame["duty"]["text"] and frame["duty"]["rule"]["slot"] in ("play", "partner")
    sockets[seat].send_text(act_message(frame, f"play {barred}"))
    refused = sockets[seat].receive_json()
    error = sockets[seat].receive_json()
    assert error["code"] == "illegal"
    assert refused["refusal"]["text"] == error["message"]
    assert f"'play {barred}' is not legal for seat {seat}" in error["message"]
    assert refused["refusal"]["why"] in error["message"]
    assert refused["refusal"]["rule"]["anchor"].startswith("rule-")


def test_wrong_and_guessed_tokens_open_nothing_and_close_the_connection(
        limited: TestClient) -> None:
    client = limited
    first = create(client, "altenburg-1988", [PERSON] * 4, hands=1, seed=1)
    second = create(client, "foster", [PERSON] * 4, hands=1, seed=2)
    with client.websocket_connect("/ws") as socket:
        # before joining, nothing but a join is taken
        assert error_of(socket, json.dumps({"type": "ready"}))["code"] == "not_joined"
        guesses = [
            {"table": first["table"], "token": second["seats"]["0"].split("#")[1]},
            {"table": first["table"], "token": ""},
            {"table": "0" * 16, "token": first["seats"]["0"].split("#")[1]},
            {"table": first["table"], "token": secrets.token_urlsafe(24)},
        ]
        messages = set()
        for guess in guesses:
            answer = error_of(socket, json.dumps({"type": "join", **guess}))
            assert answer["code"] == "bad_token"
            messages.add(answer["message"])
        assert len(messages) == 1  # an unknown table reads as a wrong token
        answer = error_of(socket, json.dumps({"type": "join", "table": first["table"],
                                              "token": secrets.token_urlsafe(24)}))
        assert answer["code"] == "too_many_joins"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008
    # the real link still opens its seat
    with client.websocket_connect("/ws") as socket:
        socket.send_text(join_message(first, first["seats"]["0"]))
        assert socket.receive_json() == {"type": "welcome", "table": first["table"], "seat": 0,
                                         "rulebook": f"/table/{first['table']}/rulebook"}


def test_a_flood_from_one_client_is_rate_limited_and_other_tables_play_on(
        limited: TestClient) -> None:
    client = limited
    flooded = create(client, "altenburg-1988", [PERSON] * 4, hands=1, seed=5)
    calm = create(client, "foster", [PERSON] * 4, hands=1, seed=6)
    server = server_of(client)
    flooder, frame = joined(client, flooded, flooded["seats"]["0"])
    wrong = (frame["turn"] + 1) % 4
    flooder.close()
    flooder, frame = joined(client, flooded, flooded["seats"][str(wrong)])
    players = {s: joined(client, calm, calm["seats"][str(s)]) for s in range(4)}
    for _ in range(200):
        flooder.send_text(act_message(frame, "pass"))
    turn = players[0][1]["turn"]
    socket, mine = players[turn]
    socket.send_text(act_message(mine, mine["legal"][0]["text"]))
    assert socket.receive_json()["position"] == 1  # the other table moved on
    codes = []
    while len(codes) < 25:
        answer = flooder.receive_json()
        codes.append(answer["code"])
        if answer["code"] == "rate_limited":
            break
    assert codes[-1] == "rate_limited"
    assert codes.count("not_your_turn") <= 21  # the burst, then nothing more was looked at
    assert server.store.actions(flooded["table"], 0) == []


@pytest.mark.parametrize(("body", "status", "error"), [
    (b"{not json", 400, "not JSON"),
    (b"[]", 400, "must be a JSON object"),
    (json.dumps({"variant": "altenburg-1988", "seats": [PERSON] * 3}).encode(), 400,
     "seats: altenburg-1988 is played by 4, but 3 seats were given"),
    (json.dumps({"variant": "altenburg-1988", "seats": [{"kind": "wizard"}] * 4}).encode(), 400,
     "seats[0].kind: 'wizard' is not one of person, heuristic, random, sampling"),
    (json.dumps({"variant": "no-such", "seats": [PERSON] * 4}).encode(), 400,
     "variant: not one of this server's variants"),
    (json.dumps({"variant": "foster", "overlays": ["mediateur"],
                 "seats": [PERSON] * 4}).encode(), 400, "mediateur"),
    (json.dumps({"variant": "foster", "seats": [PERSON] * 4, "colour": 1}).encode(), 400,
     "colour"),
    (json.dumps({"variant": "foster", "seats": [PERSON] * 4, "hands": "3"}).encode(), 400,
     "hands"),
    (json.dumps({"variant": "foster", "seats": [PERSON] * 4, "hands": 0}).encode(), 400,
     "hands: a match has 1 to 1000 hands"),
    (json.dumps({"variant": "bad.yaml", "upload": "schema: 1\nid: [", "seats": [PERSON] * 4})
     .encode(), 400, "bad.yaml"),
    (json.dumps({"variant": "big.yaml", "upload": "#" * 70000, "seats": []}).encode(), 400,
     "at most 65536"),
    (b"x" * 80000, 413, "at most"),
    # issue 41: a house rule that would break in play, or whose load would not end
    (json.dumps({"variant": "no-partner.yaml", "seats": [PERSON] * 4, "upload":
                 "schema: 1\nid: no-partner\nstatus: house\nextends: altenburg-1988\n"
                 "rules:\n  partner: null\n"}).encode(), 400,
     "no-partner.yaml: rules.partner: missing; rules.contracts needs it"),
    (json.dumps({"variant": "huge.yaml", "seats": [PERSON] * 4, "upload":
                 "schema: 1\nid: huge\nstatus: house\nextends: malborn-solo\nrules:\n"
                 "  deal: {params: {packets: [4, 9223372036854775808]}}\n"}).encode(), 400,
     "huge.yaml: rules.deal.params.packets[1]: 9223372036854775808 is out of range"),
])
def test_a_bad_table_request_gets_a_one_line_error(client: TestClient, body: bytes, status: int,
                                                   error: str) -> None:
    answer = client.post("/api/tables", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == status
    message = answer.json()["error"]
    assert error in message and "\n" not in message
    assert server_of(client).tables == {}


def test_uploaded_text_and_names_are_escaped_on_every_page(client: TestClient) -> None:
    data = create(client, "house.yaml", [{"kind": "person", "name": "<img src=x onerror=1>"},
                                         {"kind": "random", "name": "Bob\u0007\n  Smith"},
                                         {"kind": "random"}, {"kind": "random"}],
                  upload=HOUSE, hands=1)
    page = client.get(f"/table/{data['table']}/rulebook").text
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>" not in page
    with client.websocket_connect("/ws") as socket:
        socket.send_text(join_message(data, data["seats"]["0"]))
        socket.receive_json()
        frame = socket.receive_json()
    # names go to the page as data (the page sets them as text), tidied of control characters
    assert frame["names"][:3] == ["<img src=x onerror=1>", "Bob Smith", "seat 2"]
    for script in ("page.js", "table.js", "lobby.js"):
        assert "innerHTML" not in client.get(f"/static/{script}").text
