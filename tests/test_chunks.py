"""Chunked runs on a pool: a pool that breaks is a ``WorkerError`` naming the chunk, whether it
breaks while a chunk runs or before the next one can be submitted (a worker killed between the
two, as CI's killed-worker case once caught)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from solo_rules import WorkerError
from solo_rules.analysis.chunks import Chunk, run_chunks


class BreaksAfter(Executor):
    """Runs the first ``runs`` submissions at once; the pool is broken from then on."""

    _max_workers = 1

    def __init__(self, runs: int, broken_future: bool) -> None:
        self.runs, self.broken_future = runs, broken_future

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if self.runs > 0:
            self.runs -= 1
            future.set_result(fn(*args, **kwargs))
        elif self.broken_future:
            future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        else:
            raise BrokenProcessPool("a child process terminated abruptly")
        return future


def chunks(count: int) -> list[Chunk[int]]:
    return [Chunk(abs, (-n,), 1.0, f"hands {n}00..{n}99") for n in range(count)]


@pytest.mark.parametrize(("broken_future", "when", "before"), [
    (True, "while running hands 200..299", [0, 1]),
    # two chunks are kept submitted: the third is submitted once the first result is taken
    (False, "before hands 200..299 started", [0])])
def test_a_broken_pool_is_a_worker_error_naming_the_chunk(broken_future: bool, when: str,
                                                          before: list[int]) -> None:
    results: list[int] = []
    with pytest.raises(WorkerError, match=f"^a worker ended {when} "):
        results.extend(run_chunks(BreaksAfter(2, broken_future), chunks(5)))
    assert results == before


def test_an_unbroken_pool_gives_every_chunk_in_order() -> None:
    assert list(run_chunks(BreaksAfter(5, False), chunks(5))) == [0, 1, 2, 3, 4]
