"""The command line's records and matches: ``play --record``, ``play --hands N`` with running
totals, and ``replay FILE [--watch]``, with one-line errors for a record that does not replay."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from drive import variant_file

import solo_rules
from solo_rules import GameRecord, MatchRecord, read_record
from solo_rules.cli import main

VARIANTS = solo_rules.available_variants()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("vid", VARIANTS)
def test_play_record_writes_a_record_that_replay_watch_prints_as_it_was_played(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, vid: str) -> None:
    path = tmp_path / f"{vid}.yaml"
    code, played, err = run(capsys, "play", vid, "--watch", "--seed", "5", "--record", str(path))
    assert (code, err) == (0, "")
    record = read_record(path)
    assert isinstance(record, GameRecord) and record.seed == 5 and record.outcome is not None
    code, replayed, err = run(capsys, "replay", str(path), "--watch")
    assert (code, err) == (0, "")
    assert replayed == played + (f"{path}: the hand replays: {len(record.actions)} actions, "
                                 "scores " + " ".join(f"{s:+d}" for s in record.outcome.scores)
                                 + "\n")


def test_play_hands_shows_the_running_totals_after_each_hand_and_records_the_match(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    code, out, err = run(capsys, "play", "foster", "--hands", "3", "--seed", "2", "--watch",
                         "--record", str(path))
    assert (code, err) == (0, "")
    record = read_record(path)
    assert isinstance(record, MatchRecord) and len(record.hands) == 3
    match = solo_rules.Match.replay(record)
    lines = [line for line in out.splitlines() if line.startswith("Totals after hand")]
    assert len(lines) == 3
    for number, (line, totals) in enumerate(zip(lines, match.running_totals(), strict=True), 1):
        seats = ", ".join(f"seat {seat} {total:+d}" for seat, total in enumerate(totals))
        assert line.startswith(f"Totals after hand {number}: {seats}; seat ")
    assert out.count("== Hand ") == 3 and out.count("Outcome: ") == 3
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert out.endswith(f"{path}: the match replays: 3 hands\n")


def test_a_record_that_does_not_replay_is_one_line_with_exit_code_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    golden = Path(__file__).resolve().parent / "records" / "foster.json"
    path = tmp_path / "bad.json"
    path.write_text(golden.read_text(encoding="utf-8").replace('"format": 1', '"format": 9'),
                    encoding="utf-8")
    for argv in (["replay", str(path)], ["replay", str(path), "--watch"],
                 ["replay", str(tmp_path / "missing.json")]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        assert err.startswith("solo-rules replay: error: ") and err.count("\n") == 1
        assert "Traceback" not in err


def test_play_hands_must_be_at_least_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--hands", "0", "--watch")
    assert (code, out) == (2, "")
    assert err == "solo-rules play: error: --hands 0: play at least one hand\n"


class _Typed(io.StringIO):
    """Typed answers on a stdin that claims to be a terminal."""

    def isatty(self) -> bool:
        return True


def test_quitting_a_match_mid_hand_records_the_hands_finished_before(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    monkeypatch.setattr("sys.stdin", _Typed("1\n" * 9))
    code, out, err = run(capsys, "play", "--seed", "3", "--hands", "3", "--record", str(path))
    assert (code, err) == (0, "")
    assert out.count("Totals after hand") == 1 and out.rstrip().endswith("Goodbye.")
    record = read_record(path)
    assert isinstance(record, MatchRecord) and len(record.hands) == 1
    solo_rules.Match.replay(record)


def test_quitting_a_hand_records_it_unfinished(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    monkeypatch.setattr("sys.stdin", _Typed("1\n"))
    code, _, err = run(capsys, "play", "--seed", "3", "--record", str(path))
    assert (code, err) == (0, "")
    record = read_record(path)
    assert isinstance(record, GameRecord) and record.outcome is None and record.actions
    assert not solo_rules.replay(record).is_terminal


def test_a_record_of_a_variant_file_of_ones_own_replays_with_variant(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    variant = variant_file(tmp_path, "altenburg-1988", "scoring: {params: {prime: 3}}",
                           name="big-prime")
    path = tmp_path / "hand.json"
    code, _, err = run(capsys, "play", str(variant), "--watch", "--seed", "2", "--record",
                       str(path))
    assert (code, err) == (0, "")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err.startswith("solo-rules replay: error: the record's variant 'big-prime': unknown "
                          "variant")
    code, out, err = run(capsys, "replay", str(path), "--variant", str(variant))
    assert (code, err) == (0, "")
    assert out.startswith(f"{path}: the hand replays: ")
