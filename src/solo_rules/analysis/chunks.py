"""Work in chunks on any executor, and a folder that keeps each finished chunk.

``run_chunks`` is the one loop that sends chunks to a ``concurrent.futures``-style executor
(none, a process pool, a Dask ``distributed`` client's executor): a few at a time, so the
list can be long and a Ctrl-C is heard between two completions; each result is handed to
``done`` as it arrives. ``ChunkStore`` writes each finished chunk to its own file, written
whole or not at all, so a study stopped in any way (Ctrl-C, a killed worker or machine) keeps
what it finished and, run again, does only the rest.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any, TypeVar

from solo_rules.errors import StudyError

__all__ = ["ChunkStore", "run_chunks"]

R = TypeVar("R")
#: Seconds between two looks for a finished chunk (how soon a Ctrl-C is heard).
POLL = 0.25


def run_chunks(work: Callable[..., R], jobs: Iterable[tuple[Any, ...]],
               done: Callable[[tuple[Any, ...], R], None], *,
               executor: Executor | None = None, window: int = 16) -> None:
    """``work(*job)`` for each of ``jobs``, here or on ``executor`` (at most ``window``
    chunks sent ahead), each result passed to ``done(job, result)`` as it arrives. An error
    of a chunk, or an interrupt, cancels the chunks not yet started and is raised."""
    if executor is None:
        for job in jobs:
            done(job, work(*job))
        return
    pending: dict[Future[R], tuple[Any, ...]] = {}
    queue = iter(jobs)
    try:
        for job in queue:
            pending[executor.submit(work, *job)] = job
            if len(pending) >= window:
                break
        while pending:
            finished, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                job = pending.pop(future)
                done(job, future.result())
                following = next(queue, None)
                if following is not None:
                    pending[executor.submit(work, *following)] = following
    finally:
        for future in pending:
            future.cancel()


class ChunkStore:
    """The finished chunks of one study in ``folder``: one JSON file per chunk, under a
    sub-folder named by the study's ``key`` (so another study's chunks are never read)."""

    def __init__(self, folder: str | Path, key: str) -> None:
        self.key = key
        self.folder = Path(folder) / key[:16]
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StudyError(f"{folder}: cannot keep the chunks there: "
                             f"{exc.strerror or exc}") from None

    def _path(self, start: int) -> Path:
        return self.folder / f"chunk-{start:010d}.json"

    def load(self, start: int, stop: int) -> Any | None:
        """The kept result of chunk ``start``-``stop``, or ``None`` if it is not (wholly)
        there."""
        try:
            data = json.loads(self._path(start).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != self.key \
                or data.get("stop") != stop:
            return None
        return data.get("result")

    def save(self, start: int, stop: int, result: Any) -> None:
        """Keep the result of chunk ``start``-``stop``: written to a temporary file in the
        folder, then renamed over the chunk's name, so it is there whole or not at all."""
        text = json.dumps({"key": self.key, "start": start, "stop": stop, "result": result},
                          separators=(",", ":"))
        try:
            handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".part")
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
            os.replace(temporary, self._path(start))
        except OSError as exc:
            with contextlib.suppress(OSError, UnboundLocalError):
                os.unlink(temporary)
            raise StudyError(f"{self.folder}: cannot keep a chunk: {exc.strerror or exc}"
                             ) from None
