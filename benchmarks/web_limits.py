"""The served table's bounds, side by side with another checkout (``--against SRC``, e.g. a
worktree of main): the event-loop time of one ``GET /api/lobby``, and for N finished tables of
bots the start-up time of a server on their database and the memory (RSS) after they finished
and, where tables leave memory, once they have. Each side runs in its own child process, on
127.0.0.1 only; every loop is bounded and the run stops by itself.

    python benchmarks/web_limits.py --tables 1000 --against /tmp/web-oldmain/src
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r'''
import asyncio, gc, inspect, json, sys, time
from pathlib import Path
from starlette.testclient import TestClient
import solo_rules.web.app as web

db, tables = Path(sys.argv[1]), int(sys.argv[2])
bounded = "limits" in inspect.signature(web.Server).parameters

def rss() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 2**20

def server(keep: float = 600.0) -> web.Server:
    if not bounded:
        return web.Server(db)
    from solo_rules.web.limits import Limits
    return web.Server(db, limits=Limits(tables_per_minute=10**9, keep_finished=keep))

out = {"bounded": bounded}
with TestClient(web.create_app(db.with_name("lobby.sqlite3"))) as client:
    client.get("/api/lobby")
    start = time.perf_counter()
    for _ in range(5):
        client.get("/api/lobby")
    out["lobby_ms"] = (time.perf_counter() - start) / 5 * 1000

async def fill() -> None:
    made = server(keep=0.5)
    made.resume(); made.start()
    bots = [{"kind": "random"}] * 4
    out["rss_start_mb"] = rss()
    for _ in range(tables):
        made.create({"variant": "altenburg-1988", "seats": bots, "hands": 1, "bot_delay": 0})
        await asyncio.sleep(0)
    deadline = time.monotonic() + 300
    while any(not table.over for table in made.tables.values()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    gc.collect()
    out["rss_finished_mb"] = rss()
    out["in_memory_after_finish"] = len(made.tables)
    if bounded:
        while made.tables and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        made.clients.clear(); gc.collect()
        out["rss_after_eviction_mb"] = rss()
        out["in_memory_after_eviction"] = len(made.tables)
    await made.stop()

asyncio.run(fill())
start = time.perf_counter()
again = server()
again.resume()
out["restart_s"] = time.perf_counter() - start
out["resumed"] = len(again.tables)
again.store.close()
print(json.dumps(out))
'''


def side(src: str, folder: Path, tables: int) -> dict[str, object]:
    """One side's figures, from a child process importing solo_rules from ``src``."""
    env = {**os.environ, "PYTHONPATH": src}
    folder.mkdir()
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder / "t.sqlite3"), str(tables)],
                          env=env, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode:
        raise SystemExit(f"{src}: {done.stderr.strip().splitlines()[-1]}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--against", help="the src folder of another checkout to compare")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parents[1] / "src")
    with tempfile.TemporaryDirectory() as scratch:
        sides = {"this": side(here, Path(scratch) / "this", args.tables)}
        if args.against:
            sides["other"] = side(args.against, Path(scratch) / "other", args.tables)
    keys = sorted({key for figures in sides.values() for key in figures})
    print(f"{args.tables} finished tables of four random bots, one hand each")
    print(f"{'figure':28}" + "".join(f"{name:>14}" for name in sides))
    for key in keys:
        row = [figures.get(key, "-") for figures in sides.values()]
        print(f"{key:28}" + "".join(f"{value:>14.3f}" if isinstance(value, float)
                                    else f"{value!s:>14}" for value in row))
    if "other" in sides:
        this, other = sides["this"], sides["other"]
        for key in ("lobby_ms", "restart_s"):
            if isinstance(this[key], float) and isinstance(other[key], float) and this[key]:
                print(f"{key}: other / this = {other[key] / this[key]:.0f}x")


if __name__ == "__main__":
    main()
