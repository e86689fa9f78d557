"""``solo-rules study FILE`` (issue 27): Markdown or JSON with its provenance, the reports and
figures written where asked, a second run resuming from the kept chunks, and one-line errors
with exit code 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solo_rules.analysis import study
from solo_rules.cli import main

SWEEP = """\
schema: 1
title: Prime 2 or 3
base: altenburg-1988
sweep: {path: rules.scoring.params.prime, values: [2, 3]}
bots: heuristic
hands: 3
metrics: [contracts, seats]
"""


@pytest.fixture
def sweep_file(tmp_path: Path) -> Path:
    path = tmp_path / "prime.yaml"
    path.write_text(SWEEP, encoding="utf-8")
    return path


def test_study_prints_markdown_and_json_with_its_provenance(
        sweep_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", str(sweep_file)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("# Prime 2 or 3\n\n3 deals, each from every rotation")
    assert "## Sensitivity to prime" in captured.out and "Cannot respond:" in captured.out
    assert captured.err == ""  # a short run prints no progress when stderr is no terminal
    assert main(["study", str(sweep_file), "--json", "--hands", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["provenance"]["deals"] == 2 and len(data["provenance"]["result_hash"]) == 64
    assert data["study"]["sweep"]["path"] == "rules.scoring.params.prime"


def test_study_writes_its_reports_and_resumes_from_its_chunks(
        sweep_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["study", str(sweep_file), "--out", str(out), "--plot", str(tmp_path / "f")]) \
        == 0
    capsys.readouterr()
    assert {p.name for p in out.iterdir()} >= {"study.json", "study.md", "study.html",
                                               "seats.png", "contracts.png", "chunks"}
    assert "![seats](seats.png)" in (out / "study.md").read_text()
    assert (tmp_path / "f" / "sensitivity.png").read_bytes().startswith(b"\x89PNG")
    first = json.loads((out / "study.json").read_text())
    assert main(["study", str(sweep_file), "--out", str(out), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["run"]["resumed"] == again["run"]["chunks"] == 1
    assert again["provenance"]["result_hash"] == first["provenance"]["result_hash"]


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "0"], "solo-rules study: error: --workers 0: use at least 1"),
    (["--hands", "0"], "solo-rules study: error: --hands 0: play at least one deal"),
])
def test_bad_study_arguments_are_one_line(sweep_file: Path, args: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", str(sweep_file), *args]) == 2
    assert capsys.readouterr().err == message + "\n"


def test_a_missing_or_bad_study_file_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("solo-rules study: error: ") and "none.yaml: cannot read" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("hands: 2\nbase: altenburg-1988\nsweep: {path: rules.scoring.params.prim, "
                   "values: [2, 3]}\n", encoding="utf-8")
    assert main(["study", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.yaml: sweep: rules.scoring.params.prim" in err



# -- stopped and resumed: a real process, a real signal ----------------------------------------

ONE = """\
schema: 1
variants: [muensterland-sollo]
bots: heuristic
hands: 75
metrics: [contracts, double_dummy]
"""
MAIN = "import sys; from solo_rules.cli import main; sys.exit(main(sys.argv[1:]))"


def _children(pid: int) -> list[int]:
    """The process ids of ``pid``'s children (Linux's /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _stopped_then_resumed(tmp_path: Path, stop: Callable[[subprocess.Popen[str]], None],
                          *args: str) -> tuple[int, int, dict[str, Any]]:
    """Run the study of ONE (three chunks of a few seconds) with ``args`` and ``stop`` it as
    soon as its first chunk is kept; check that it says where the kept chunks are; then run
    the same command again to the end. The exit code, the chunks kept, the second run's
    JSON."""
    study_file = tmp_path / "one.yaml"
    study_file.write_text(ONE, encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-c", MAIN, "study", str(study_file), "--out", str(out), *args]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.monotonic() + 120
    while not list(out.glob("chunks/*/chunk-*.json")) and time.monotonic() < deadline:
        time.sleep(0.02)
    stop(process)
    _, err = process.communicate(timeout=60)
    kept = len(list(out.glob("chunks/*/chunk-*.json")))
    assert 1 <= kept < 3, (process.returncode, err)
    assert err.endswith(f"the finished chunks are kept in {out / 'chunks'}: run it again to "
                        "resume\n") and err.count("\n") == 1
    again = subprocess.run([*command, "--json"], capture_output=True, text=True, timeout=300,
                           check=True)
    return process.returncode, kept, json.loads(again.stdout)


@pytest.fixture(scope="module")
def whole_hash(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The result hash of ONE played straight through."""
    path = tmp_path_factory.mktemp("whole") / "one.yaml"
    path.write_text(ONE, encoding="utf-8")
    return study(path).result_hash


@pytest.mark.slow  # a real study process stopped and run again: CI's slow suite
def test_ctrl_c_keeps_the_finished_chunks_and_the_same_command_resumes(
        tmp_path: Path, whole_hash: str) -> None:
    code, kept, again = _stopped_then_resumed(tmp_path,
                                              lambda p: p.send_signal(signal.SIGINT))
    assert code == 130 and kept == 1  # serial: stopped in the second chunk
    assert again["run"]["resumed"] == 1 and again["run"]["chunks"] == 3
    assert again["provenance"]["result_hash"] == whole_hash


@pytest.mark.slow  # a real study process stopped and run again: CI's slow suite
def test_a_killed_worker_stops_the_study_and_the_same_command_resumes(
        tmp_path: Path, whole_hash: str) -> None:
    def kill_a_worker(process: subprocess.Popen[str]) -> None:
        os.kill(_children(process.pid)[0], signal.SIGKILL)

    code, kept, again = _stopped_then_resumed(tmp_path, kill_a_worker, "--workers", "2")
    assert code == 1
    assert again["run"]["resumed"] == kept and again["run"]["chunks"] == 3
    assert again["provenance"]["result_hash"] == whole_hash


def test_a_long_run_prints_a_progress_line_every_few_seconds_off_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    # issue 40: a study piped to a log printed nothing for fifteen minutes
    from solo_rules.cli import _progress
    with _progress(500) as tick:
        assert tick is not None
        tick(1)
        assert capsys.readouterr().err == ""  # not yet a few seconds
    from solo_rules.cli import _progress_lines
    every = _progress_lines(500, every=0.0)
    every(120)
    every(240)
    assert capsys.readouterr().err.splitlines()[0].startswith("120 of 500 hands (")
