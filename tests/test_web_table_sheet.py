"""What a card table gives beyond the hand in play (issue 40): the seat that leads, a score
sheet of every finished hand, the cards each seat played in the order it played them (and
those it never played), who waits for the next hand, and the tab's icon."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from web_client import act_message, create, join_message

from solo_rules.web import create_app

BOTS = [{"kind": "heuristic"}] * 3


def test_the_sheet_the_cards_as_played_and_the_waiting_seat(tmp_path: Any) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9)) as client:
        data = create(client, "altenburg-1988",
                      [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"},
                       *BOTS[:2]], hands=2, seed=5, bot_delay=0)
        with client.websocket_connect("/ws") as ann, client.websocket_connect("/ws") as bob:
            frames = []
            for socket, seat in ((ann, 0), (bob, 1)):
                socket.send_text(join_message(data, data["seats"][str(seat)]))
                assert socket.receive_json()["type"] == "welcome"
                frames.append(socket.receive_json())
            assert frames[0]["sheet"] == []
            sockets = (ann, bob)
            for _ in range(500):  # each change reaches both seats, one frame each
                if frames[0]["end"] is not None:
                    break
                turn = frames[0]["turn"]
                if turn in (0, 1):
                    if frames[turn]["phase"] == "play" and frames[turn]["trick"]:
                        assert frames[turn]["leader"] == frames[turn]["trick"][0]["seat"]
                    sockets[turn].send_text(act_message(frames[turn],
                                                        frames[turn]["legal"][0]["text"]))
                frames = [socket.receive_json() for socket in sockets]
            end = frames[0]["end"]
            for seat in range(4):
                in_tricks = [entry["card"] for trick in end["tricks"] for entry in trick["cards"]
                             if entry["seat"] == seat]
                assert end["played"][seat] == in_tricks  # in the order played
                assert sorted(end["played"][seat] + end["unplayed"][seat]) == sorted(
                    end["dealt"][seat]) or end["contract"] is None
            sheet = frames[0]["sheet"]
            assert len(sheet) == 1 and sheet[0]["hand"] == 1
            assert sheet[0]["scores"] == frames[0]["totals"] == end["scores"]
            ann.send_text('{"type": "ready"}')
            assert ann.receive_json()["ready"] == [0]
            assert bob.receive_json()["ready"] == [0]  # Bob sees Ann waiting
        icon = client.get("/favicon.ico")
        assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
