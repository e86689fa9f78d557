"""Run hostile cases (``tests/hostile_cases.py``) each in a forked child with a memory and
time cap, and report how each ended, one JSON line per case.

``python tests/hostile_runner.py`` reads case names on stdin, one a line. This process is
single-threaded and has imported the library and built the cases' fixtures once, so a fork
per case is cheap and safe. A child caps its address space at what it has plus ``MEMORY``
bytes and its CPU time at ``CPU_SECONDS``; the parent kills it after ``WALL_SECONDS``. The
line says how the case ended (``result``, ``error`` with the exception's class and message,
``killed``), the seconds the call took and the child's peak resident memory growth in MB.
"""

from __future__ import annotations

import json
import os
import resource
import select
import signal
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hostile_cases

#: The memory a case may add to what the runner holds, in bytes.
MEMORY = 200 * 2**20
CPU_SECONDS = 10
WALL_SECONDS = 20.0


def _resident_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _virtual_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _child(name: str, out: int) -> None:
    """Run one case (its setup first, untimed), write how it ended to ``out``, and leave."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.chdir(hostile_cases.fx().folder)  # a case that writes a relative path writes there
    case = hostile_cases.CASES[name]
    made = case.setup() if case.setup is not None else None
    resource.setrlimit(resource.RLIMIT_AS, (_virtual_bytes() + MEMORY,) * 2)
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    before = _resident_mb()
    start = time.perf_counter()
    report: dict[str, object]
    try:
        case.run(made)
        report = {"end": "result"}
    except BaseException as exc:
        report = {"end": "error", "type": type(exc).__name__,
                  "library": isinstance(exc, hostile_cases.sr.SoloRulesError),
                  "module": type(exc).__module__, "message": str(exc)[:2000],
                  "length": len(str(exc)),
                  "where": "".join(traceback.format_tb(exc.__traceback__)[-1:])[-600:]}
    report["seconds"] = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report["megabytes"] = max(0.0, peak - before)
    os.write(out, (json.dumps(report) + "\n").encode())
    os._exit(0)


def run(name: str) -> dict[str, object]:
    """Fork, run case ``name`` in the child, and return its report."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            _child(name, write)
        finally:
            os._exit(1)
    os.close(write)
    data, deadline = b"", time.monotonic() + WALL_SECONDS
    while time.monotonic() < deadline:
        ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        part = os.read(read, 65536)
        if not part:
            break
        data += part
    os.close(read)
    if not data.endswith(b"\n"):
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if data.endswith(b"\n"):
        return dict(json.loads(data))
    why = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else \
        f"exit {os.WEXITSTATUS(status)}"
    return {"end": "killed", "message": f"no report within {WALL_SECONDS} s ({why})",
            "seconds": WALL_SECONDS, "megabytes": 0.0}


def summary() -> None:
    """Run every case and print, per family, how many there are and the slowest refused and
    the slowest returned (the seconds of the call and the MB it added):
    ``python tests/hostile_runner.py --summary``."""
    hostile_cases.prepare()
    slowest: dict[tuple[str, str], tuple[float, float, str]] = {}
    counts: dict[str, int] = {}
    for name, case in hostile_cases.CASES.items():
        report = run(name)
        counts[case.family] = counts.get(case.family, 0) + 1
        seconds = float(report["seconds"])  # type: ignore[arg-type]
        megabytes = float(report["megabytes"])  # type: ignore[arg-type]
        key = (case.family, "returned" if report["end"] == "result" else "refused")
        if seconds > slowest.get(key, (-1.0, 0.0, ""))[0]:
            slowest[key] = (seconds, megabytes, name)
    for family, count in counts.items():
        ends = [f"slowest {end} {seconds:.3f} s ({megabytes:.0f} MB): {name}"
                for (kind, end), (seconds, megabytes, name) in sorted(slowest.items())
                if kind == family]
        print(f"{family:8} {count:5} cases; " + "; ".join(ends))
    print(f"{'all':8} {sum(counts.values()):5} cases")


def main() -> None:
    if sys.argv[1:] == ["--summary"]:
        summary()
        return
    hostile_cases.prepare()
    print("ready", flush=True)
    for line in sys.stdin:
        name = line.strip()
        if name:
            print(json.dumps({"name": name, **run(name)}), flush=True)


if __name__ == "__main__":
    main()
