"""The tables on disk: SQLite in WAL mode, every table and every action committed before the
server tells anyone about it.

A table is its configuration, the digests of its seat and spectator tokens (never the tokens),
and the number of hands dealt; each hand is its actions in order and, once finished, its game
record. Nothing else is kept: a restarted server deals each hand again and replays its actions
through the library, which checks every one. WAL with ``synchronous=NORMAL`` makes each commit
survive the server process being killed (``kill -9``); an operating-system crash or a power cut
may lose the last commits (``synchronous=FULL`` would wait for the disk on every action).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

__all__ = ["Store", "StoredTable"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    dealt INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    digest BLOB NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    position INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, hand, position)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    seed TEXT NOT NULL,
    PRIMARY KEY (table_id, hand)
);
CREATE TABLE IF NOT EXISTS finished (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, hand)
);
"""


@attrs.frozen
class StoredTable:
    """A table as stored: its id, configuration (JSON data), hands dealt, token digests by
    seat (``-1``: the spectators'), the finished hands' records (JSON text), the actions of
    the hand in progress (seat and action text), and the seed that hand was dealt from
    (``None``: the match's own, as a table with a chosen seed, or stored before hands had
    their own seeds, deals)."""

    id: str
    config: Any
    dealt: int
    digests: tuple[tuple[int, bytes], ...]
    records: tuple[str, ...]
    actions: tuple[tuple[int, str], ...]
    seed: int | None = None


class Store:
    """One SQLite database of tables, used from the server's one event-loop thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def add_table(self, table_id: str, config: Any, digests: dict[int, bytes]) -> None:
        """A new table with its token digests, in one transaction."""
        with self._transaction():
            self._db.execute("INSERT INTO tables (id, config) VALUES (?, ?)",
                             (table_id, json.dumps(config, sort_keys=True)))
            self._db.executemany("INSERT INTO tokens (table_id, seat, digest) VALUES (?, ?, ?)",
                                 [(table_id, seat, d) for seat, d in digests.items()])

    def deal(self, table_id: str, hand: int, seed: int | None = None) -> None:
        """Hand ``hand`` (from 0) of the table is dealt, from ``seed`` if it has its own
        (kept as text: a seed of 128 bits is no SQLite integer)."""
        with self._transaction():
            self._db.execute("UPDATE tables SET dealt = ? WHERE id = ?", (hand + 1, table_id))
            if seed is not None:
                self._db.execute("INSERT INTO deals (table_id, hand, seed) VALUES (?, ?, ?)",
                                 (table_id, hand, str(seed)))

    def add_action(self, table_id: str, hand: int, position: int, seat: int, action: str,
                   record: str | None = None, over: bool = False) -> None:
        """Action number ``position`` of the hand, the hand's record if it ended it, and
        whether it ended the match (``over``), in one transaction. A position already taken
        is an ``sqlite3.IntegrityError``: an action is never stored twice."""
        with self._transaction():
            self._db.execute("INSERT INTO actions (table_id, hand, position, seat, action) "
                             "VALUES (?, ?, ?, ?, ?)", (table_id, hand, position, seat, action))
            if record is not None:
                self._db.execute("INSERT INTO hands (table_id, hand, record) VALUES (?, ?, ?)",
                                 (table_id, hand, record))
            if over:
                self._db.execute("INSERT INTO finished (table_id, at) VALUES (?, ?)",
                                 (table_id, time.time()))

    def playing_ids(self) -> list[str]:
        """The tables whose match is not over, oldest first."""
        return [row[0] for row in self._db.execute(
            "SELECT id FROM tables WHERE id NOT IN (SELECT table_id FROM finished) "
            "ORDER BY rowid")]

    def digests(self, table_id: str) -> tuple[tuple[int, bytes], ...]:
        """The token digests of a table by seat (none for a table not stored)."""
        return tuple(self._db.execute("SELECT seat, digest FROM tokens WHERE table_id = ? "
                                      "ORDER BY seat", (table_id,)))

    def prune(self, older_than: float) -> int:
        """Delete the tables whose match ended more than ``older_than`` seconds ago (a table
        still in play is never one of them); returns how many."""
        before = time.time() - older_than
        with self._transaction():
            ids = [row[0] for row in self._db.execute(
                "SELECT table_id FROM finished WHERE at < ?", (before,))]
            for name in ("actions", "hands", "deals", "tokens", "finished"):
                self._db.executemany(f"DELETE FROM {name} WHERE table_id = ?",
                                     [(table_id,) for table_id in ids])
            self._db.executemany("DELETE FROM tables WHERE id = ?",
                                 [(table_id,) for table_id in ids])
        return len(ids)

    def table_ids(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT id FROM tables ORDER BY rowid")]

    def load(self, table_id: str) -> StoredTable:
        """Everything stored of one table."""
        config, dealt = self._db.execute("SELECT config, dealt FROM tables WHERE id = ?",
                                         (table_id,)).fetchone()
        digests = self.digests(table_id)
        records = tuple(row[0] for row in self._db.execute(
            "SELECT record FROM hands WHERE table_id = ? ORDER BY hand", (table_id,)))
        actions = tuple(self._db.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? AND hand = ? "
            "ORDER BY position", (table_id, len(records))))
        seed = self._db.execute("SELECT seed FROM deals WHERE table_id = ? AND hand = ?",
                                (table_id, len(records))).fetchone()
        return StoredTable(table_id, json.loads(config), dealt, digests, records, actions,
                           None if seed is None else int(seed[0]))

    def actions(self, table_id: str, hand: int) -> list[tuple[int, str]]:
        """The stored actions of one hand, in order."""
        return list(self._db.execute("SELECT seat, action FROM actions WHERE table_id = ? "
                                     "AND hand = ? ORDER BY position", (table_id, hand)))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction: committed whole, or rolled back whole."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")


def all_tables(store: Store) -> Iterator[StoredTable]:
    """Every stored table, oldest first."""
    for table_id in store.table_ids():
        yield store.load(table_id)


def playing_tables(store: Store) -> Iterator[StoredTable]:
    """Every stored table whose match is not over, oldest first."""
    for table_id in store.playing_ids():
        yield store.load(table_id)
