"""Hostile files, processes and arguments (issue 29): every case of ``tests/hostile_cases.py``
ends in one short library error (or the documented ``TypeError`` naming the parameter, or the
case's own expected end) within ``SECONDS`` and 200 MB, each in a forked child with a memory
and time cap (``tests/hostile_runner.py``).

Run the cases alone with ``pytest tests/test_hostile.py``; ``python tests/hostile_cases.py``
prints how many there are per family.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import solo_rules as sr

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hostile_cases

#: The longest a case may take, in seconds of the call itself.
SECONDS = 2.0
#: The most a case may add to the memory it started with, in MB (the child's cap, too).
MEGABYTES = 200
#: The longest error message a case may end in: one line, the bad input cut short.
LONGEST = 500


class Runner:
    """The runner process, fed one case name at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("hostile_runner.py"))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stdin is not None
        assert self.process.stdout.readline().strip() == "ready"

    def run(self, name: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(name + "\n")
        self.process.stdin.flush()
        report: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert report.pop("name") == name
        return report

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()


@pytest.fixture(scope="module")
def runner() -> Iterator[Runner]:
    process = Runner()
    yield process
    process.close()


def judge(case: hostile_cases.Case, report: dict[str, Any]) -> str:
    """What is wrong with how a case ended (empty if nothing)."""
    end = report["end"]
    if end == "killed":
        return report["message"]
    if report["megabytes"] > MEGABYTES:
        return f"took {report['megabytes']:.0f} MB"
    if end == "result":  # a value that is no mistake (a plot to a file named zz) may take long
        return "" if "result" in case.accept else "returned instead of refusing"
    if report["seconds"] > SECONDS:
        return f"took {report['seconds']:.2f} s"
    kind, message = report["type"], report["message"]
    if kind == "CliExit":
        code, _, err = message.partition("|")
        if kind not in case.accept:
            return f"the command ended {code}: {err!r}"
        if code != "2" or err.count("\n") != 1 or len(err) > LONGEST or "Traceback" in err:
            return f"the command did not end in one line and exit 2: {code} {err!r}"
        return ""
    if "library" in case.accept and (report["library"] or (kind == "TypeError" and any(
            name in message for name in case.names))):
        if "\n" in message or report["length"] > LONGEST:
            return f"a message of {report['length']} characters or lines: {message[:300]!r}"
        return ""
    if kind in case.accept:
        return ""
    return f"{kind}: {message[:300]} at {report['where']}"


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.hostile) if case.heavy else name
    for name, case in sorted(hostile_cases.CASES.items())])
def test_a_hostile_case_ends_in_one_short_error_within_the_caps(runner: Runner,
                                                                 name: str) -> None:
    case = hostile_cases.CASES[name]
    if case.family == "special" and os.geteuid() != 0 and ("null" in name or "zero" in name):
        pytest.skip("private device nodes need mknod, as root (CI runs as root)")
    problem = judge(case, runner.run(name))
    assert not problem, problem


def test_the_table_of_wrong_calls_covers_every_public_function_and_method() -> None:
    """Every public function, and every public method with parameters of the public classes
    (but values' constructors, exceptions and enums), has its entry in the table."""
    labels = set(hostile_cases.table_labels())
    bare = {label.split("(")[0] for label in labels}
    missing = []
    for name in sr.__all__:
        obj = getattr(sr, name)
        if inspect.isfunction(obj):
            if inspect.signature(obj).parameters and name not in bare:
                missing.append(name)
        elif inspect.isclass(obj) and not issubclass(obj, BaseException | int | str):
            for method, member in vars(obj).items():
                if (method.startswith("_") and method != "__init__") or not callable(
                        getattr(obj, method)) or isinstance(member, property):
                    continue
                try:
                    parameters = [p for p in inspect.signature(getattr(obj, method)).parameters
                                  if p not in ("self", "cls")]
                except (TypeError, ValueError):
                    continue
                label = name if method == "__init__" else f"{name}.{method}"
                if parameters and label not in bare and not _value_constructor(obj, method):
                    missing.append(label)
    assert missing == []


def _value_constructor(cls: type, method: str) -> bool:
    """A plain value's constructor (an attrs class built from its fields), or ``Action``'s
    factories, which the rules call while compiling: not in the table (NOT_IN_TABLE)."""
    import attrs

    return (method == "__init__" and attrs.has(cls) and cls not in (sr.CompiledRules,)) or (
        cls is sr.Action)


# -- the command line under signals (pytest -m hostile) ------------------------------------------

def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listed:
        return [int(child) for child in listed.read().split()]


def _simulate_then(act: Callable[[subprocess.Popen[str], list[int]], None], *extra: str
                   ) -> tuple[int, str, float]:
    """Start ``solo-rules simulate --workers 2`` on a long run, wait until both workers have
    played a while, ``act`` on it, and return its exit code, stderr and the seconds it took
    to end after ``act``."""
    command = [str(Path(sys.executable).with_name("solo-rules")), "simulate", "foster",
               "--hands", "100000", "--workers", "2", *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)
        workers = _children(process.pid)
        assert len(workers) >= 2, workers
        acted = time.monotonic()
        act(process, workers)
        _, err = process.communicate(timeout=30)
        return process.returncode, err, time.monotonic() - acted
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.mark.hostile
def test_ctrl_c_stops_simulate_on_workers_within_a_second_with_exit_130() -> None:
    code, err, seconds = _simulate_then(lambda p, _: os.killpg(p.pid, signal.SIGINT))
    assert (code, err) == (130, "solo-rules: interrupted\n")
    assert seconds < 1.0, seconds


@pytest.mark.hostile
@pytest.mark.parametrize("delay", [0.0, 0.001, 0.002, 0.004, 0.006, 0.008, 0.01, 0.015] * 2)
def test_ctrl_c_while_the_workers_are_forked_still_stops_with_exit_130(delay: float) -> None:
    """Ctrl-C as the pool forks its workers: Python would run it inside a fork handler, which
    prints it and goes on (the run went on to the end, or hung, in about one try of six)."""
    command = [str(Path(sys.executable).with_name("solo-rules")), "simulate", "foster",
               "--hands", "100000", "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not _children(process.pid) and time.monotonic() < deadline:
            time.sleep(0.0005)
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=10)
        assert (process.returncode, err) == (130, "solo-rules: interrupted\n")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.mark.hostile
def test_a_killed_worker_is_one_line_and_exit_2() -> None:
    code, err, _ = _simulate_then(lambda _, workers: os.kill(workers[0], signal.SIGKILL))
    assert code == 2 and err.count("\n") == 1, err
    assert re.fullmatch(r"solo-rules simulate: error: a worker ended while running hands "
                        r"\d+\.\.\d+ "
                        r"\((process \d+ killed by SIGKILL|A process in the process pool was "
                        r"terminated abruptly while the future was running or pending\.)\); "
                        r"the run is abandoned\n",
                        err), err


@pytest.mark.hostile
def test_a_stopped_worker_times_out_in_one_line() -> None:
    code, err, seconds = _simulate_then(
        lambda _, workers: os.kill(workers[0], signal.SIGSTOP), "--timeout", "0.01")
    assert code == 2 and err.count("\n") == 1, err
    assert "(stopped or hung); the run is abandoned" in err
    assert seconds < 5, seconds
