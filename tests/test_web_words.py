"""The served table speaks like the terminal (issue 40): its buttons name each choice in words
with the same explanation the terminal prints, the history tells other seats' deeds in the
third person by name, the contract names its declarer, and a refused card is explained from
the engine's own refusal, addressed to the player, with the cards as the screen shows them."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_client import act_message, create, join_message

from solo_rules.web import create_app

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: an engine's action text: what a button or a history line no longer shows
ENGINE = re.compile(r"^(declare|bid|trump|call) |@|\bseat \d")


@pytest.fixture
def seats(tmp_path: Any) -> Iterator[tuple[list[Any], list[dict[str, Any]]]]:
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9)) as client, \
            contextlib.ExitStack() as stack:
        data = create(client, "altenburg-1988",
                      [{"kind": "person", "name": name} for name in NAMES],
                      hands=1, seed=11, bot_delay=0)
        sockets, frames = [], []
        for seat in range(4):
            socket = stack.enter_context(client.websocket_connect("/ws"))
            socket.send_text(join_message(data, data["seats"][str(seat)]))
            assert socket.receive_json()["type"] == "welcome"
            sockets.append(socket)
            frames.append(socket.receive_json())
        yield sockets, frames


def _act(sockets: list[Any], frames: list[dict[str, Any]], text: str) -> None:
    seat = frames[0]["turn"]
    sockets[seat].send_text(act_message(frames[seat], text))
    for s in range(4):
        frames[s] = sockets[s].receive_json()


def test_choices_history_and_contract_are_in_words(
        seats: tuple[list[Any], list[dict[str, Any]]]) -> None:
    sockets, frames = seats
    seen_labels = []
    while frames[0]["phase"] != "play":
        seat = frames[0]["turn"]
        legal = frames[seat]["legal"]
        seen_labels += [choice["label"] for choice in legal]
        for choice in legal:
            assert not ENGINE.search(choice["label"]), choice
        bids = [c for c in legal if c["text"].startswith("bid")]
        _act(sockets, frames, (bids[0] if bids and seat == 1 else legal[0])["text"])
    assert "Pass" in seen_labels and "Bid Frage" in seen_labels
    for reader in range(4):
        for entry in frames[reader]["bidding"]:
            text = entry["text"]
            assert not ENGINE.search(text), text
            if entry["seat"] == reader:
                assert text.startswith("You "), text
            else:  # another's bid in the third person, not "you name trumps"
                assert text.startswith(NAMES[entry["seat"]]) and not re.search(
                    r"\byou", text, re.I), text
    declarer = frames[0]["declarer"]
    assert f"by {NAMES[declarer]}" in frames[(declarer + 1) % 4]["contract"]
    assert "by you" in frames[declarer]["contract"]


def test_a_refused_card_is_explained_to_you_with_the_cards_on_screen(
        seats: tuple[list[Any], list[dict[str, Any]]]) -> None:
    sockets, frames = seats
    while frames[0]["phase"] != "play" or len(frames[frames[0]["turn"]]["legal"]) == len(
            frames[frames[0]["turn"]]["hand"]):
        seat = frames[0]["turn"]
        _act(sockets, frames, frames[seat]["legal"][0]["text"])
    seat = frames[0]["turn"]
    frame = frames[seat]
    barred = next(c for c in frame["hand"] if c not in {x["card"] for x in frame["legal"]})
    assert frame["duty"]["text"].startswith("You ") and "seat" not in frame["duty"]["text"]
    sockets[seat].send_text(act_message(frame, f"play {barred}"))
    refused = sockets[seat].receive_json()["refusal"]
    assert sockets[seat].receive_json()["code"] == "illegal"
    words = refused["words"]
    assert words.startswith("You must") and "seat" not in words, words
    assert not re.search(r"\b[CSHD](10|[AKQJT987])\b", words) and re.search("[♣♠♥♦]", words)
