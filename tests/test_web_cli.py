"""``solo-rules serve``'s bad arguments are one-line errors with exit code 2 (the serving
itself is exercised by the restart and browser tests, which run the command)."""

from __future__ import annotations

import pytest

from solo_rules.cli import main


@pytest.mark.parametrize(("arguments", "said"), [
    (["--port", "70000"], "a port is a number from 1 to 65535, got '70000'"),
    (["--port", "http"], "a port is a number from 1 to 65535, got 'http'"),
    (["--db", "/no/such/folder/tables.sqlite3"], "--db: the folder '/no/such/folder' does not "
                                                 "exist"),
])
def test_serve_refuses_a_bad_argument_in_one_line(arguments: list[str], said: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *arguments]) == 2
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1
