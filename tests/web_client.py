"""Shared by the web table's tests: make a table through the lobby's API, join its seats over
WebSocket, and rebuild from a game record the true state behind any frame."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from solo_rules import GameState, Match, Variant, new_game, read_record, replay
from solo_rules.cards import Card, CardSet
from solo_rules.display import bid_note
from solo_rules.game import CompiledRules

PERSON = {"kind": "person"}

#: a card as the frames write it (``CQ``, ``HT``) or as its symbol text (``♣Q``, ``♥10``)
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([CSHD])(10|[789TJQKA])(?![A-Za-z0-9])"
                       r"|([♣♠♥♦])(10|[789JQKA])(?![0-9])")
_SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


def cards_in(text: str) -> set[Card]:
    """Every card that ``text`` names, in either notation."""
    found = set()
    for letter, rank, symbol, symbol_rank in CARD_TEXT.findall(text):
        suit = letter or _SUITS[symbol]
        value = rank or symbol_rank
        found.add(Card[suit + ("T" if value == "10" else value)])
    return found


def create(client: Any, variant: str, seats: list[dict[str, str]], **fields: Any) -> dict[str, Any]:
    """A new table by the lobby's ``POST /api/tables``; its answer (the links)."""
    answer = client.post("/api/tables", json={"variant": variant, "seats": seats, **fields})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


def join_message(data: dict[str, Any], link: str) -> str:
    return json.dumps({"type": "join", "table": data["table"], "token": token_of(link)})


def act_message(frame: dict[str, Any], action: str) -> str:
    return json.dumps({"type": "act", "action": action, "hand": frame["hand_no"],
                       "position": frame["position"]})


def match_states(variant: Variant, seed: int, records: list[str]) -> list[list[GameState]]:
    """For each recorded hand of a match of ``variant`` from ``seed``: the state before each
    action, and the final one (each hand under the variant the match plays it under)."""
    match = Match.start(variant, seed=seed)
    hands = []
    for text in records:
        hands.append(states_of(text, match.hand_variant))
        match = match.finish(hands[-1][-1])
    return hands


def states_of(record_json: str, variant: Variant | None = None) -> list[GameState]:
    """The state before each action of a recorded hand, and the final one."""
    record = read_record(record_json)
    state = new_game(replay(record, variant).variant, hands=record.deal, dealer=record.dealer)
    states = [state]
    for _, text in record.actions:
        state = state.apply(text)
        states.append(state)
    return states


def secret_cards(states: list[GameState], seat: int | None) -> CardSet:
    """The unplayed cards of other seats that ``seat`` (``None``: a spectator) may not know
    at the last of ``states``: not held by it at any point so far, and not laid face up."""
    now = states[-1]
    others = 0
    for other in range(now.players):
        if other != seat:
            others |= now.hands[other]
    held = 0
    if seat is not None:
        for state in states:
            held |= state.hands[seat]
    exposed = 0
    for viewer in range(now.players) if seat is None else (seat,):
        exposed |= now.view(viewer).exposed.mask
    return CardSet(others & ~held & ~exposed)


#: the actions that name a card aloud (a called card, a demanded Ace): naming a card, or
#: being offered to name it, tells nobody where it lies
NAMING = ("call ", "demand ")


def named_cards(state: GameState) -> set[Card]:
    """The cards named aloud so far (``NAMING``)."""
    named = set()
    for _, aid in state.history:
        action = state.rules.action_of(aid)
        if action is not None and action.text.startswith(NAMING) and action.card is not None:
            named.add(action.card)
    return named


def _without_public_note(entry: object, rules: CompiledRules) -> object:
    """A history entry without its note when the note is what its bid commits to, from the
    rules alone, so every seat reads it whatever the cards (a Grossfrage "needs ♣Q ♠Q")."""
    if isinstance(entry, dict) and entry.get("note") and \
            entry["note"] == bid_note(rules, rules.actions.parse(entry["text"])):
        return {key: value for key, value in entry.items() if key != "note"}
    return entry


def structured_cards(frame: dict[str, Any]) -> set[Card]:
    """The cards a frame shows as cards: its hand, the face-up cards, the tricks, the legal
    cards."""
    codes = list(frame["hand"] or []) + list(frame["trumps"]) + list(frame["exposed"])
    codes += [entry["card"] for entry in frame["trick"]]
    if frame["last_trick"]:
        codes += [entry["card"] for entry in frame["last_trick"]["cards"]]
    codes += [choice["card"] for choice in frame["legal"]
              if choice["card"] and not choice["text"].startswith(NAMING)]
    return {Card[code] for code in codes}


def leaks(frame: dict[str, Any], states: list[GameState], seat: int | None) -> list[str]:
    """What ``frame``, sent to ``seat`` when the hand stood at the last of ``states``, shows
    that the seat may not know; empty when nothing."""
    now = states[-1]
    secret = set(secret_cards(states, seat))
    found = []
    if now.is_terminal:
        return found  # the finished hand is public
    if frame["end"] is not None:
        found.append("the end of the hand is shown before the hand is over")
    shown = structured_cards(frame) & secret
    if shown:
        found.append(f"cards shown: {sorted(c.name for c in shown)}")
    rest = {key: value for key, value in frame.items()
            if key not in ("hand", "trumps", "exposed", "trick", "last_trick", "legal")}
    rest["legal"] = [choice for choice in frame["legal"]
                     if not choice["text"].startswith(NAMING)]
    rest = {key: [_without_public_note(entry, now.rules) for entry in value]
            if isinstance(value, list) else value for key, value in rest.items()}
    text = json.dumps(rest, ensure_ascii=False)
    named = (cards_in(text) & secret) - named_cards(now)
    if named:
        found.append(f"cards named: {sorted(c.name for c in named)}")
    contract = now.contract
    if frame["partner"] is not None and not now.partner_revealed and (
            contract is None or seat != contract.partner):
        found.append(f"the secret partner {frame['partner']} is shown")
    if seat is not None and frame["hand"] is not None and \
            {Card[c] for c in frame["hand"]} != set(now.hand(seat)):
        found.append("the hand shown is not the seat's hand")
    if seat is not None and frame["legal"] and now.current_player != seat:
        found.append("legal actions are shown out of turn")
    return found


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    """``solo-rules serve`` in a child process on 127.0.0.1 (the README's one command, with
    ``options``), its output in a file; ``kill()`` sends SIGKILL."""

    def __init__(self, db: Path, port: int | None = None, options: tuple[str, ...] = ()) -> None:
        self.db, self.port = db, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = db.with_suffix(".log").open("ab")
        command = Path(sys.executable).with_name("solo-rules")
        self.process = subprocess.Popen(
            [str(command), "serve", "--port", str(self.port), "--db", str(db), *options],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/lobby", timeout=2):
                    break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.logged()}") from None
                time.sleep(0.05)

    def logged(self) -> str:
        """What the server printed (its access log included)."""
        if not self.log.closed:
            self.log.flush()
        return self.db.with_suffix(".log").read_text(errors="replace")

    def post(self, path: str, data: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(data).encode(),
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            result: dict[str, Any] = json.load(answer)
            return result

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()
