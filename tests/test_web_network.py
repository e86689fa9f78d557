"""What the served table promises on a network (issue 37): nothing a request sends names a
file the server reads, and no answer tells whether a path exists."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_client import PERSON, act_message, create, join_message

from solo_rules import Match, new_game, read_record
from solo_rules.variant import variant_dir
from solo_rules.web import create_app
from solo_rules.web.limits import Limits

#: Paths a request might name: secret, absent, relative, a shipped file by its path.
PATHS = ["/etc/shadow", "/etc/passwd", "/no/such/file.yaml", "../variants/quadrille",
         "variants/foster.yaml", str(variant_dir() / "quadrille.yaml"), "/etc"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(tables_per_minute=1000)
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9,
                               limits=limits)) as client:
        yield client


def refusal(answer: Any) -> str:
    """A refusal's one-line error, which names no server file."""
    assert answer.status_code == 400, answer.text
    error: str = answer.json()["error"]
    assert "\n" not in error and str(variant_dir()) not in error and "/etc" not in error
    return error


def test_players_takes_variant_and_overlay_ids_from_the_catalogue_only(
        client: TestClient) -> None:
    as_variant = {refusal(client.get("/api/players", params={"variant": path}))
                  for path in PATHS}
    as_overlay = {refusal(client.get("/api/players", params={"variant": "altenburg-1988",
                                                             "overlay": path}))
                  for path in PATHS}
    # one answer whatever the path: nothing read, nothing told about what exists
    assert len(as_variant) == 1 and len(as_overlay) == 1
    assert "variant: not one of this server's variants" in as_variant.pop()
    assert "overlays[0]: not one of this server's overlays" in as_overlay.pop()
    assert client.get("/api/players", params={"variant": "quadrille"}).json() == {"players": 4}


def test_a_table_request_naming_a_path_is_refused_alike(client: TestClient) -> None:
    answers = set()
    for path in PATHS:
        for body in ({"variant": path, "seats": [PERSON] * 4},
                     {"variant": "altenburg-1988", "overlays": [path], "seats": [PERSON] * 4},
                     {"variant": "x.yaml", "upload": "schema: 1\nid: x\nextends: foster\n",
                      "overlays": [path], "seats": [PERSON] * 4}):
            answer = client.post("/api/tables", content=json.dumps(body),
                                 headers={"content-type": "application/json"})
            answers.add(refusal(answer))
    assert len(answers) == 2  # a variant not of the catalogue; an overlay not of it
    assert client.app.state.server.tables == {}  # type: ignore[attr-defined]


def test_an_overlay_that_does_not_fit_is_refused_without_naming_a_server_file(
        client: TestClient) -> None:
    answer = client.get("/api/players", params={"variant": "quadrille", "overlay": "mediateur"})
    error = refusal(answer)
    assert "mediateur" in error and "/" not in error


# -- deals nobody can predict --------------------------------------------------------------

BOTS4 = [{"kind": "random"}] * 4


def finished(client: TestClient, table_id: str) -> list[str]:
    """The records of a table of bots, once its match is over (within 20 s)."""
    table = client.app.state.server.tables[table_id]  # type: ignore[attr-defined]
    deadline = time.monotonic() + 20
    while not table.over:
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.02)
    return [row[0] for row in table.store._db.execute(
        "SELECT record FROM hands WHERE table_id = ? ORDER BY hand", (table_id,))]


def test_each_hand_is_dealt_from_its_own_128_bits_not_from_the_match_seed(
        client: TestClient) -> None:
    data = create(client, "altenburg-1988", BOTS4, hands=3, bot_delay=0)
    records = [read_record(text) for text in finished(client, data["table"])]
    seeds = [record.seed for record in records]  # type: ignore[union-attr]
    table = client.app.state.server.tables[data["table"]]  # type: ignore[attr-defined]
    match = Match.start(table.variant, seed=table.config.seed)
    assert not table.config.chosen_seed
    assert all(seed is not None for seed in seeds) and len(set(seeds)) == 3
    # 128 bits each: all three below 2**64 has the chance 2**-192
    assert max(seeds) >= 2**64  # type: ignore[type-var]
    assert seeds[0] != match.hand_seed  # the match's derivation deals none of them
    again = table.again()
    assert again is not None and f"seed={seeds[-1]}" in again


def test_no_frame_shows_a_hands_seed_before_it_is_over(client: TestClient) -> None:
    data = create(client, "altenburg-1988", [PERSON, *BOTS4[:3]], hands=1, bot_delay=0)
    texts = []
    with client.websocket_connect("/ws") as socket:
        socket.send_text(join_message(data, data["seats"]["0"]))
        frame = socket.receive_json()
        while frame.get("end") is None:
            texts.append(json.dumps(frame))
            assert frame.get("chosen_seed") in (None, False)
            if frame["type"] == "state" and frame["turn"] == 0:
                socket.send_text(act_message(frame, frame["legal"][0]["text"]))
            frame = socket.receive_json()
    seed = read_record(frame["end"]["record"]).seed
    assert seed is not None and all(str(seed) not in text for text in texts)
    assert f"seed={seed}" in frame["end"]["again"]


def test_a_chosen_seed_is_told_to_every_seat_and_deals_the_matchs_hands(
        client: TestClient) -> None:
    data = create(client, "altenburg-1988", [PERSON, PERSON, PERSON, PERSON], hands=2, seed=3)
    for seat in "0123":
        with client.websocket_connect("/ws") as socket:
            socket.send_text(join_message(data, data["seats"][seat]))
            socket.receive_json()
            assert socket.receive_json()["chosen_seed"] is True
    table = client.app.state.server.tables[data["table"]]  # type: ignore[attr-defined]
    assert table.state.dealt == Match.start(table.variant, seed=3).deal().dealt


def test_a_finished_hand_is_dealt_again_from_its_128_bit_seed_sent_as_text(
        client: TestClient) -> None:
    seed = 2**127 + 12345
    data = create(client, "altenburg-1988", [PERSON] * 4, deal={"seed": str(seed), "dealer": 2})
    table = client.app.state.server.tables[data["table"]]  # type: ignore[attr-defined]
    assert table.config.chosen_seed
    assert table.state.dealt == new_game("altenburg-1988", seed=seed, dealer=2).dealt
    forged = client.post("/api/tables", json={"variant": "altenburg-1988",
                                               "seats": [PERSON] * 4, "chosen_seed": False})
    assert forged.status_code == 400 and "chosen_seed" in forged.json()["error"]


# -- cross-site requests, headers and bad bodies ----------------------------------------------

TABLE = {"variant": "altenburg-1988", "seats": [PERSON] * 4}


def test_a_cross_site_post_or_one_not_of_json_makes_no_table(client: TestClient) -> None:
    own = "http://testserver"
    for origin, kind, status in (("https://evil.example", "text/plain", 403),
                                 ("https://evil.example", "application/json", 403),
                                 ("null", "application/json", 403),
                                 (own, "text/plain", 415),
                                 (own, "application/x-www-form-urlencoded", 415),
                                 (None, "text/plain", 415)):
        headers = {"content-type": kind, **({} if origin is None else {"origin": origin})}
        answer = client.post("/api/tables", content=json.dumps(TABLE), headers=headers)
        assert answer.status_code == status, (origin, kind)
        assert "\n" not in answer.json()["error"]
    assert client.app.state.server.tables == {}  # type: ignore[attr-defined]
    answer = client.post("/api/tables", content=json.dumps(TABLE),
                         headers={"origin": own, "content-type": "application/json"})
    assert answer.status_code == 200


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect("/ws", headers={"origin": "https://evil.example"}):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as socket:
        socket.send_text('{"type": "ready"}')
        assert socket.receive_json()["code"] == "not_joined"


def test_pages_forbid_inline_script_framing_and_sniffing(client: TestClient) -> None:
    table = create(client, "altenburg-1988", [PERSON] * 4)["table"]
    for path in ("/", f"/table/{table}", f"/table/{table}/rulebook", "/api/lobby",
                 "/static/table.js", "/no/such/page"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
    for page in ("/", f"/table/{table}", f"/table/{table}/rulebook"):
        html = client.get(page).text
        assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []  # every script from a file
        assert re.search(r"\son[a-z]+=", html) is None


@pytest.mark.parametrize("body", [b"[" * 50_000, b'{"variant": "\xff\xfe"}', b"\xc3("])
def test_deep_or_bad_utf8_json_gets_a_one_line_400(client: TestClient, body: bytes) -> None:
    answer = client.post("/api/tables", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert "not JSON" in answer.json()["error"] and "\n" not in answer.json()["error"]


def test_a_deep_message_gets_an_error_to_that_client_alone(client: TestClient) -> None:
    with client.websocket_connect("/ws") as socket:
        socket.send_text("[" * 2000)
        assert socket.receive_json()["code"] in ("bad_json", "too_large")
        socket.send_text("[" * 1500)
        assert socket.receive_json()["code"] == "bad_json"


# -- bounded resources ---------------------------------------------------------------------------


def limited(tmp_path: Path, **bounds: Any) -> TestClient:
    return TestClient(create_app(tmp_path / "l.sqlite3", rate=1e9, burst=1e9,
                                 limits=Limits(**bounds)))


def test_a_table_of_bots_alone_plays_a_bounded_match(tmp_path: Path) -> None:
    with limited(tmp_path, bot_hands=5) as client:
        data = create(client, "altenburg-1988", BOTS4, bot_delay=5)
        assert client.app.state.server.tables[data["table"]].config.hands == 5  # type: ignore
        answer = client.post("/api/tables", json={"variant": "altenburg-1988", "seats": BOTS4,
                                                  "hands": 6})
        assert answer.status_code == 400
        assert answer.json()["error"] == ("hands: a table of bots alone plays at most 5 hands, "
                                          "got 6")
        create(client, "altenburg-1988", [PERSON, *BOTS4[:3]])  # a person's: open-ended


def test_one_address_makes_a_bounded_number_of_tables_a_minute(tmp_path: Path) -> None:
    with limited(tmp_path, tables_per_minute=3) as client:
        for _ in range(3):
            create(client, "altenburg-1988", [PERSON] * 4)
        answer = client.post("/api/tables", json=TABLE)
        assert answer.status_code == 429 and "at most 3 tables a minute" in answer.json()["error"]
        assert len(client.app.state.server.tables) == 3  # type: ignore[attr-defined]


def test_spectators_and_connections_are_capped(tmp_path: Path) -> None:
    with limited(tmp_path, spectators_per_table=2, connections_per_client=3) as client:
        data = create(client, "altenburg-1988", [PERSON] * 4)
        sockets = [client.websocket_connect("/ws") for _ in range(3)]
        for socket in sockets:
            socket.__enter__()
            socket.send_text(join_message(data, data["spectator"]))
        answers = [socket.receive_json() for socket in sockets]
        assert [answer["type"] for answer in answers].count("welcome") == 2
        assert answers[-1]["code"] == "spectators_full"
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws"):
            pass
        assert refused.value.code == 1008
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_a_connection_that_joins_no_table_is_closed(tmp_path: Path) -> None:
    with limited(tmp_path, join_timeout=0.3) as client, \
            client.websocket_connect("/ws") as socket:
        assert socket.receive_json()["code"] == "join_timeout"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


def test_finished_tables_leave_memory_and_come_back_when_joined(tmp_path: Path) -> None:
    with limited(tmp_path, keep_finished=0.2) as client:
        data = create(client, "altenburg-1988", BOTS4, hands=1, bot_delay=0)
        finished(client, data["table"])
        server = client.app.state.server  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while data["table"] in server.tables:
            assert time.monotonic() < deadline, "the finished table stayed in memory"
            time.sleep(0.05)
        with client.websocket_connect("/ws") as socket:
            socket.send_text(join_message(data, data["spectator"]))
            assert socket.receive_json()["type"] == "welcome"
            assert socket.receive_json()["end"] is not None


def test_start_up_replays_no_finished_table_and_prune_keeps_tables_in_play(
        tmp_path: Path) -> None:
    with limited(tmp_path) as client:
        done = create(client, "altenburg-1988", BOTS4, hands=1, bot_delay=0)
        finished(client, done["table"])
        playing = create(client, "altenburg-1988", [PERSON, *BOTS4[:3]], hands=2)
    with limited(tmp_path) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        assert server.tables == {}  # nothing replayed: one finished, one waiting for a person
        with client.websocket_connect("/ws") as socket:
            socket.send_text(join_message(playing, playing["seats"]["0"]))
            assert socket.receive_json()["type"] == "welcome"
        assert list(server.tables) == [playing["table"]]
        assert server.store.prune(older_than=0) == 1
        assert server.store.table_ids() == [playing["table"]]


def test_a_sampling_bot_chooses_in_a_worker_process_as_it_would_in_the_server(
        client: TestClient) -> None:
    seats = [{"kind": "sampling"}, PERSON, PERSON, PERSON]
    data = create(client, "altenburg-1988", seats, deal={"seed": 1, "dealer": 3}, bot_delay=0)
    table = client.app.state.server.tables[data["table"]]  # type: ignore[attr-defined]
    first = table.state
    assert first.current_player == 0
    expected = table.bot(0).choose(first.view(0))
    deadline = time.monotonic() + 120
    while not table.state.history:
        assert time.monotonic() < deadline, "the sampling bot did not move"
        time.sleep(0.05)
    assert table.state.history[0] == (0, expected.id)
    assert client.app.state.server.pool is not None  # type: ignore[attr-defined]


def test_a_later_hand_is_dealt_again_under_the_match_state_it_was_played_under(
        client: TestClient) -> None:
    """Issue 40: Parlett's preferred suit is the first deal's trump (S-PAR "The trump suit
    chosen freely in the first deal remains the suit of preference thereafter"; AMB-46), so
    the second hand's "This deal again" link carries it and the new table plays under it."""
    data = create(client, "parlett-penguin", BOTS4, hands=2, seed=5, bot_delay=0)
    records = [read_record(text) for text in finished(client, data["table"])]
    table = client.app.state.server.tables[data["table"]]  # type: ignore[attr-defined]
    preferred = table.match.sessions()[-1][0]
    assert preferred is not None
    again = table.again()
    assert again is not None and f"&preferred={preferred.letter}" in again
    seed = records[-1].seed  # type: ignore[union-attr]
    deal = {"seed": str(seed), "dealer": records[-1].dealer,  # type: ignore[union-attr]
            "preferred": preferred.letter}
    rerun = create(client, "parlett-penguin", BOTS4, deal=deal, bot_delay=0)
    dealt = client.app.state.server.tables[rerun["table"]]  # type: ignore[attr-defined]
    assert dealt.state.variant == table.match.hand_variants()[-1]
    finished(client, rerun["table"])
    again = dealt.again()
    assert again is not None and f"&preferred={preferred.letter}" in again


def test_any_finished_hand_of_the_match_is_sent_for_its_step_through_replay(
        client: TestClient) -> None:
    """Issue 40: the replay showed only the hand just over; any finished hand of the match is
    sent on asking, replayed from its record (its tricks as the record's play makes them)."""
    data = create(client, "altenburg-1988", BOTS4, hands=3, seed=2, bot_delay=0)
    records = [read_record(text) for text in finished(client, data["table"])]
    with client.websocket_connect("/ws") as socket:
        socket.send_text(join_message(data, data["spectator"]))
        socket.send_text(json.dumps({"type": "hand", "number": 1}))
        frame = socket.receive_json()
        while frame["type"] != "hand":
            frame = socket.receive_json()
        first = records[0]
        state = new_game("altenburg-1988", hands=list(first.deal),  # type: ignore[union-attr]
                         dealer=first.dealer)  # type: ignore[union-attr]
        for _, text in first.actions:  # type: ignore[union-attr]
            state = state.apply(text)
        assert frame["number"] == 1
        assert [trick["winner"] for trick in frame["tricks"]] == [t.winner for t in state.tricks]
        assert len(frame["dealt"]) == 4 and all(len(hand) == 8 for hand in frame["dealt"])
        socket.send_text(json.dumps({"type": "hand", "number": 4}))
        frame = socket.receive_json()
        while frame["type"] != "error":
            frame = socket.receive_json()
        assert frame["code"] == "no_hand" and "the match has 3 finished hands" in frame["message"]
