"""``solo-rules compare`` and ``solo-rules simulate`` (issue 10): the diff in three formats,
witnesses, simulation tables, JSON and plots, a progress bar only on a terminal, and one-line
errors with exit code 2."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from drive import variant_file

import solo_rules.cli
from solo_rules.cli import main
from solo_rules.compare import witnesses


class TerminalErr(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_compare_text_markdown_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "altenburg-1988", "foster"]) == 0
    text = capsys.readouterr().out
    counted = re.match(r"altenburg-1988 vs foster: (\d+) differences in play or score, (\d+) "
                       r"in sources or wording only\n", text)
    assert counted is not None
    assert "In common: 4 players" in text and "\nBidding\n" in text
    assert main(["compare", "altenburg-1988", "foster", "--format", "markdown"]) == 0
    assert "## Bidding" in capsys.readouterr().out
    assert main(["compare", "altenburg-1988", "foster", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    count = int(counted.group(1)) + int(counted.group(2))
    assert data["left"] == "altenburg-1988" and len(data["entries"]) == count


def test_compare_with_witness(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    changed = variant_file(tmp_path, "altenburg-1988", "scoring: {params: {prime: 3}}")
    assert main(["compare", "altenburg-1988", str(changed), "--witness"]) == 0
    out = capsys.readouterr().out
    assert "Witness (score): the same play scores differently in altenburg-1988 and changed " \
           "(because of rules.scoring.params.prime)" in out
    assert "value base +2 prime +3" in out
    assert main(["compare", "altenburg-1988", str(changed), "--witness", "--format",
                 "json"]) == 0
    (found,) = json.loads(capsys.readouterr().out)["witnesses"]
    assert found["witness"]["cause"] == "rules.scoring.params.prime"


def test_simulate_table_json_and_plot(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    plot = tmp_path / "sim.png"
    assert main(["simulate", "altenburg-1988", "niese", "--hands", "20", "--seed", "2",
                 "--plot", str(plot)]) == 0
    captured = capsys.readouterr()
    assert "niese minus altenburg-1988 on the same deals:" in captured.out
    # no progress bar when stderr is not a terminal; one line saying where the plot went
    assert captured.err == f"solo-rules simulate: wrote the plots to {plot}\n"
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert main(["simulate", "foster", "--hands", "20", "--bot", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["hands"], data["bots"]) == (20, "random")


def test_simulate_with_workers_gives_the_same_numbers(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["simulate", "foster", "--hands", "120", "--json"]) == 0
    alone = capsys.readouterr().out
    assert main(["simulate", "foster", "--hands", "120", "--json", "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone


def test_simulate_shows_progress_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = TerminalErr()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["simulate", "foster", "--hands", "10"]) == 0
    assert "simulating" in terminal.getvalue()
    assert "10 hands per variant" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "foster", "--hands", "0"], "--hands 0: play at least one hand"),
    (["simulate", "foster", "--hands", "5", "--workers", "0"], "--workers 0: use at least 1"),
    (["simulate", "nope", "--hands", "5"], "unknown variant 'nope'"),
    (["simulate", "foster"], "the following arguments are required: --hands"),
    (["compare", "foster", "nope"], "unknown variant 'nope'"),
    (["compare", "foster", "niese", "--witness", "--deals", "0"], "--deals 0"),
])
def test_bad_input_is_one_line_with_exit_code_2(capsys: pytest.CaptureFixture[str],
                                                argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_compare_prints_the_diff_even_when_no_witness_can_exist(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The diff comes first, then the one-line reason no witness exists, with exit code 2."""
    assert main(["compare", "foster", "heart-solo", "--witness"]) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith("foster vs heart-solo: ")
    assert captured.err == ("solo-rules compare: error: no witness can exist: foster is played "
                            "by 4 players and heart-solo by 3\n")


def test_the_witness_search_reports_its_progress() -> None:
    heard: list[str] = []
    witnesses("altenburg-1988", "parlett-penguin", max_deals=3, progress=heard.append)
    assert heard[0] == "searching: deal 1 of 3"
    assert all(re.fullmatch(r"(searching|rules\.[\w.]+ alone): deal [123] of 3", line)
               for line in heard)


def test_compare_shows_progress_on_a_terminal_and_prints_the_diff_first(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal's stderr the search rewrites one status line, cleared at the end; the
    diff is on stdout before the search starts."""
    terminal = TerminalErr()
    monkeypatch.setattr("sys.stderr", terminal)
    seen: list[str] = []
    real = solo_rules.cli.witnesses

    def watching(*args: Any, **kwargs: Any) -> Any:
        seen.append(capsys.readouterr().out)  # what was printed before the search
        return real(*args, **kwargs)

    monkeypatch.setattr(solo_rules.cli, "witnesses", watching)
    assert main(["compare", "altenburg-1988", "parlett-penguin", "--witness", "--deals", "3"]) == 0
    assert seen[0].startswith("altenburg-1988 vs parlett-penguin: ")
    assert "\rsearching: deal 1 of 3" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")


def test_simulate_checks_its_plot_before_simulating(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Without matplotlib, with a kind of file it cannot write, or into a folder that is not
    there, --plot fails at once, before a hand is played."""
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("simulated before the plot was checked")

    monkeypatch.setattr(solo_rules.cli, "simulate", never)
    for path, message in ((tmp_path / "x.txt", "the file name must end with one of"),
                          (tmp_path / "nowhere" / "x.png", "cannot write into"),
                          (tmp_path, "is a folder")):
        assert main(["simulate", "foster", "--hands", "5", "--plot", str(path)]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    assert main(["simulate", "foster", "--hands", "5", "--plot", str(tmp_path / "x.png")]) == 2
    assert "--plot needs matplotlib: pip install 'solo-rules[analysis]'" in \
        capsys.readouterr().err
