"""Running chunks of work on an executor so that a run can always be stopped.

``run_chunks`` sends chunks (made lazily, a few ahead of the results) to any
``concurrent.futures``-style executor and yields their results in order. Each chunk has a
deadline scaled to its size: a worker that was stopped (``SIGSTOP``) or hangs is a
``WorkerError`` naming the chunk, as is a worker that died (``SIGKILL``, out of memory).
Whatever ends the run, Ctrl-C included, the chunks not yet run are cancelled.

``process_pool`` is a process pool whose workers ignore Ctrl-C (the terminal sends it to the
whole process group: the main process stops the run) and are killed, not waited for, when
the run ends early, so that Ctrl-C stops within a second, even one pressed as the workers are
forked. ``simulate`` and ``study`` use both.

``ChunkStore`` writes each finished chunk to its own file, written whole or not at all, so a
study stopped in any way (Ctrl-C, a killed worker or machine) keeps what it finished and, run
again, does only the rest.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs

from solo_rules.errors import StudyError, WorkerError

__all__ = ["Chunk", "ChunkStore", "process_pool", "ranges", "run_chunks"]

R = TypeVar("R")


@attrs.frozen
class Chunk(Generic[R]):
    """One unit of work: ``work(*args)`` on a worker, due within ``deadline`` seconds of the
    moment its result is awaited; ``label`` names it in an error (``hands 300..399``)."""

    work: Callable[..., R]
    args: tuple[Any, ...]
    deadline: float
    label: str


def ranges(total: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of each chunk of ``size`` items of ``0..total - 1``, made as they are
    needed (a run of 10**9 hands makes no list of ten million ranges)."""
    for start in range(0, total, size):
        yield start, min(start + size, total)


def _ahead(executor: Executor) -> int:
    """How many chunks to keep submitted: two per worker, so none waits for the next."""
    workers = getattr(executor, "_max_workers", None)
    return 2 * (workers if isinstance(workers, int) and workers > 0 else os.cpu_count() or 2)


def run_chunks(executor: Executor, chunks: Iterable[Chunk[R]]) -> Iterator[R]:
    """The result of each chunk, in order, run on ``executor`` a few chunks ahead. A chunk
    past its deadline or a broken executor raises ``WorkerError``; any end of the run
    (an error, Ctrl-C, the caller stopping) cancels the chunks submitted and not yet run."""
    source = iter(chunks)
    pending: deque[tuple[Future[R], Chunk[R]]] = deque()
    try:
        while True:
            while len(pending) < _ahead(executor):
                chunk = next(source, None)
                if chunk is None:
                    break
                try:
                    pending.append((executor.submit(chunk.work, *chunk.args), chunk))
                except BrokenExecutor as exc:  # a worker died after the last result came
                    raise _broken(executor, f"before {chunk.label} started", exc) from None
            if not pending:
                return
            future, chunk = pending.popleft()
            try:
                result = future.result(timeout=chunk.deadline)
            except FutureTimeout:
                raise WorkerError(
                    f"a worker did not finish {chunk.label} within {chunk.deadline:.3g} s "
                    "(stopped or hung); the run is abandoned") from None
            except BrokenExecutor as exc:
                raise _broken(executor, f"while running {chunk.label}", exc) from None
            yield result
    finally:
        for future, _ in pending:
            future.cancel()


def _broken(executor: Executor, when: str, exc: BrokenExecutor) -> WorkerError:
    """The error for a pool that broke ``when`` (while a chunk ran, or before one started)."""
    return WorkerError(f"a worker ended {when} ({_ended(executor) or exc}); "
                       "the run is abandoned")


def _ended(executor: Executor) -> str:
    """How a process pool's worker ended, if one was killed by a signal other than the pool's
    own ``SIGTERM`` (``killed by SIGKILL``)."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        code = process.exitcode
        if code is not None and code < 0 and -code != signal.SIGTERM:
            return f"process {process.pid} killed by {signal.Signals(-code).name}"
    return ""


#: where the platform can hold a signal back (not on Windows, whose Ctrl-C is no SIGINT)
_HOLDS = hasattr(signal, "pthread_sigmask")


def _ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the main process's to handle. The worker was forked
    with it held back (``_Pool.submit``); ignored now, a Ctrl-C that came meanwhile is dropped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _HOLDS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Pool(ProcessPoolExecutor):
    """A process pool that holds Ctrl-C back while it submits, which is when it forks its
    workers: Python runs a SIGINT that lands in a fork inside the fork's own handlers
    (``logging``'s), which print it and go on, so the run would not stop; held back, it is
    raised once the submission is done."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        if not _HOLDS:
            return super().submit(fn, *args, **kwargs)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes that ignore Ctrl-C; on leaving normally it waits for
    them, on leaving by an exception (Ctrl-C, a ``WorkerError``) it kills them at once."""
    pool = _Pool(max_workers=workers, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a stopped worker ignores SIGTERM; SIGKILL ends it
            with contextlib.suppress(OSError, ValueError):
                process.kill()
        for process in processes:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                process.join(timeout=1)
        raise
    pool.shutdown(wait=True)


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
