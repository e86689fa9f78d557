"""``solo-rules compare`` and ``solo-rules simulate`` (issue 10): the diff in three formats,
witnesses, simulation tables, JSON and plots, a progress bar only on a terminal, and one-line
errors with exit code 2."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from drive import variant_file

from solo_rules.cli import main


class TerminalErr(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_compare_text_markdown_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "altenburg-1988", "foster"]) == 0
    text = capsys.readouterr().out
    assert re.match(r"altenburg-1988 vs foster: \d+ differences \(\d+ behavioural\)\n", text)
    assert "In common: 4 players" in text and "\n[auction]\n" in text
    assert main(["compare", "altenburg-1988", "foster", "--format", "markdown"]) == 0
    assert "## auction" in capsys.readouterr().out
    assert main(["compare", "altenburg-1988", "foster", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    count = int(text.split(": ")[1].split()[0])
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
    assert captured.err == ""  # no progress bar when stderr is not a terminal
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
    (["compare", "foster", "heart-solo", "--witness"],
     "no witness can exist: foster is played by 4 players and heart-solo by 3"),
    (["compare", "foster", "nope"], "unknown variant 'nope'"),
    (["compare", "foster", "niese", "--witness", "--deals", "0"], "--deals 0"),
])
def test_bad_input_is_one_line_with_exit_code_2(capsys: pytest.CaptureFixture[str],
                                                argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_readme_comparing_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    section = readme.read_text(encoding="utf-8").split("## Comparing variants\n")[1]
    block = section.split("```python\n")[1].split("```")[0]
    exec(compile(block, str(readme), "exec"), {})
    out = capsys.readouterr().out
    assert "altenburg-1988 vs niese:" in out and "Witness (" in out
    assert "niese minus altenburg-1988 on the same deals:" in out
