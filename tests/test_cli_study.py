"""``solo-rules study FILE`` (issue 27): Markdown or JSON with its provenance, the reports and
figures written where asked, a second run resuming from the kept chunks, and one-line errors
with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    assert captured.err == ""  # no progress bar when stderr is not a terminal
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
    assert err.startswith("solo-rules: error: ") and "none.yaml: cannot read" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("hands: 2\nbase: altenburg-1988\nsweep: {path: rules.scoring.params.prim, "
                   "values: [2, 3]}\n", encoding="utf-8")
    assert main(["study", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.yaml: sweep: rules.scoring.params.prim" in err
