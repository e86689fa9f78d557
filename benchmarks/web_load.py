"""Load on the served table: K tables, each a person's seat played by a WebSocket client and
three heuristic bots, with S spectators each, all on loopback against ``solo-rules serve``.

Prints the actions per second the server took and the latency from an action to the update of
every client at its table (p50, p99, max): for a person's action from the client's send, for a
bot's from the moment the server took it (``acted_at``, stamped before the store; one clock on
one machine). Afterwards every hand's stored record is replayed through the library and checked
against what the clients saw: each action seen by every client exactly once, in order, and every
action a person sent and saw taken stored at its place (no action lost or duplicated).

    python benchmarks/web_load.py --tables 100 --spectators 1 --hands 2 --bot-delay 0.5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # web_client.Served

from web_client import Served

from solo_rules import read_record, replay
from solo_rules.web.store import Store


class Watcher:
    """One client: the seat's or a spectator's socket; a person plays a random legal choice
    at once, and asks for the next hand at the end of one."""

    def __init__(self, table: str, link: str, person: bool, seed: int) -> None:
        self.table, self.token, self.person = table, link.split("#", 1)[1], person
        self.rng = random.Random(seed)
        #: (hand, position) of each frame, with its arrival time
        self.seen: list[tuple[int, int, float]] = []
        self.acted_at: dict[tuple[int, int], float] = {}
        #: (hand, position, text) of each action this person sent and saw taken
        self.sent: list[tuple[int, int, str]] = []
        self.done = False

    async def run(self, url: str, deadline: float) -> None:
        async with connect(url, max_size=2**20) as socket:
            await socket.send(json.dumps({"type": "join", "table": self.table,
                                          "token": self.token}))
            pending: tuple[int, int, str] | None = None
            while time.monotonic() < deadline:
                try:
                    text = await asyncio.wait_for(socket.recv(), deadline - time.monotonic())
                except TimeoutError:
                    return
                now = time.time()
                frame = json.loads(text)
                if frame["type"] != "state":
                    continue
                moment = (frame["hand_no"], frame["position"])
                self.seen.append((*moment, now))
                self.acted_at.setdefault(moment, frame["acted_at"])
                if pending is not None and moment == (pending[0], pending[1] + 1):
                    self.sent.append(pending)
                    pending = None
                if frame["end"] is not None:
                    if frame["over"]:
                        self.done = True
                        return
                    if self.person and frame["you"] not in frame["ready"]:
                        await socket.send(json.dumps({"type": "ready"}))
                    continue
                if self.person and frame["turn"] == frame["you"] and frame["legal"]:
                    action = self.rng.choice(frame["legal"])["text"]
                    pending = (*moment, action)
                    self.acted_at[(moment[0], moment[1] + 1)] = time.time()
                    await socket.send(json.dumps({"type": "act", "action": action,
                                                  "hand": moment[0], "position": moment[1]}))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def check(db: Path, tables: dict[str, list[Watcher]]) -> list[str]:
    """Every stored hand replays; every client saw each of its actions once, in order; every
    action a person saw taken is stored where it was taken."""
    problems = []
    store = Store(db)
    try:
        for table_id, watchers in tables.items():
            stored = store.load(table_id)
            lengths = {}
            for hand, text in enumerate(stored.records):
                record = read_record(text)
                replay(record)
                lengths[hand] = [action for _, action in record.actions]
            for watcher in watchers:
                by_hand: dict[int, list[int]] = defaultdict(list)
                for hand, position, _ in watcher.seen:
                    if not by_hand[hand] or by_hand[hand][-1] != position:  # a ready repeats one
                        by_hand[hand].append(position)
                for hand, positions in by_hand.items():
                    if hand not in lengths:
                        problems.append(f"{table_id}: hand {hand} was seen but not stored")
                        continue
                    if positions != list(range(positions[0], len(lengths[hand]) + 1)):
                        problems.append(f"{table_id} hand {hand}: positions seen {positions} "
                                        f"against {len(lengths[hand])} stored actions")
                for hand, position, text in watcher.sent:
                    if lengths.get(hand, [])[position:position + 1] != [text]:
                        problems.append(f"{table_id} hand {hand}: {text!r} at {position} is "
                                        "not stored there")
    finally:
        store.close()
    return problems


async def main(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="web-load-"))
    db = folder / "tables.sqlite3"
    clients = args.tables * (1 + args.spectators)  # all from 127.0.0.1
    with Served(db, options=("--tables-per-minute", str(max(20, 2 * args.tables)),
                             "--connections-per-client", str(max(32, 2 * clients)))) as server:
        seats = [{"kind": "person"}] + [{"kind": "heuristic"}] * 3
        tables: dict[str, list[Watcher]] = {}
        for number in range(args.tables):
            data = server.post("/api/tables", {
                "variant": args.variant, "seats": seats, "hands": args.hands,
                "seed": args.seed + number, "bot_delay": args.bot_delay})
            watchers = [Watcher(data["table"], data["seats"]["0"], True, number)]
            watchers += [Watcher(data["table"], data["spectator"], False, number)
                         for _ in range(args.spectators)]
            tables[data["table"]] = watchers
        everyone = [w for watchers in tables.values() for w in watchers]
        url = server.url.replace("http", "ws") + "/ws"
        started = time.monotonic()
        await asyncio.gather(*(w.run(url, started + args.limit) for w in everyone))
        wall = time.monotonic() - started
    latencies = []
    for watchers in tables.values():
        arrivals: dict[tuple[int, int], float] = {}
        for watcher in watchers:
            first: dict[tuple[int, int], float] = {}
            for hand, position, at in watcher.seen:
                first.setdefault((hand, position), at)
            for moment, at in first.items():
                arrivals[moment] = max(arrivals.get(moment, 0.0), at)
        acted = {}
        for watcher in watchers:
            acted.update({m: t for m, t in watcher.acted_at.items() if m not in acted})
        acted.update(watchers[0].acted_at)  # a person's own send time wins
        latencies += [arrivals[m] - acted[m] for m in arrivals if m[1] > 0 and m in acted]
    actions = len(latencies)
    problems = check(db, tables)
    finished = sum(w.done for w in everyone)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"{args.tables} tables of {args.variant} (1 person + 3 heuristic bots, bots wait "
          f"{args.bot_delay:g} s), {len(everyone)} WebSocket clients, {args.hands} hands each")
    print(f"{actions} actions in {wall:.1f} s: {actions / wall:.0f} actions/s; "
          f"{finished}/{len(everyone)} clients saw their match to the end")
    if latencies:
        print(f"latency from an action to every client at its table: p50 "
              f"{percentile(latencies, 0.5) * 1000:.1f} ms, p99 "
              f"{percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    print(f"stored records checked: {'no action lost or duplicated' if not problems else ''}")
    for problem in problems[:20]:
        print("  PROBLEM:", problem)
    return 1 if problems or finished < len(everyone) else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=1)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--variant", default="altenburg-1988")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=300.0,
                        help="stop after this many seconds whatever is unfinished")
    sys.exit(asyncio.run(main(parser.parse_args())))
