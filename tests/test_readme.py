"""The README's examples run as written, in order: every Python block, and every command line
of every shell block, in one folder as a reader would type them (issue 26). A few lines cannot
run inside the test suite (installing the package, the test command itself, serving forever,
building the site): ``.ci/run`` runs those on a fresh machine, and this file checks it does."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import solo_rules
from solo_rules import compile as sr_compile

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
#: Where a long command runs with a small size here, the README's line and the line run (the
#: README's own is run in full by nobody but a reader; the options it shows are the same).
SMALLER = {
    "solo-rules compare altenburg-1988 foster --witness":
        "solo-rules compare altenburg-1988 foster --witness --deals 20",
    "solo-rules simulate altenburg-1988 foster --hands 1000 --workers 2":
        "solo-rules simulate altenburg-1988 foster --hands 60 --workers 2",
    # the sweep's value bots solve resamples for every bid (minutes a deal without the compiled
    # solver): two deals of it from the checkout, with the heuristic bots in their seats
    "solo-rules study docs/examples/solo-sweep.yaml --workers 2 --out results/":
        f"solo-rules study {ROOT / 'docs/examples/solo-sweep.yaml'} --hands 2 --bots heuristic "
        "--workers 2 --out results/",
}
#: The exit codes the README promises for a line (every other line exits 0).
EXITS = {"printf 'pass\\n' | solo-rules play --seed 4 --seat 1 --moves -": 2}


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, re.DOTALL)


def _commands() -> list[str]:
    """Every command of the README's shell blocks, in order, continuation lines joined and
    comments dropped."""
    found = []
    for block in _blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#[^'\"]*$", "", line).strip()
            if line:
                found.append(" ".join(line.split()))
    return found


def _installs(command: str) -> list[str]:
    """The parts of ``python3 -m venv .venv && ... && pip install X && THEN`` that set up."""
    return [part.strip() for part in command.split("&&")]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("reader")


def _shell(command: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in ``cwd``, with this interpreter's ``solo-rules`` first on the
    PATH and stdin not a terminal (so ``solo-rules play`` watches, as it says)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}", "NO_COLOR": "1"}
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_every_python_block_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The Python API tour shows the follow-suit refusal it promises; the comparison block
    prints its diff, witness and table."""
    tour, comparing = _blocks("python")
    exec(compile(tour, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert ("'play DA' is not legal for seat 2 in phase play: seat 2 must follow the suit of "
            "CQ; legal: play SQ, play H7") in out
    assert "# German Solo: Altenburg rules (1988)" in out
    exec(compile(comparing, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "altenburg-1988 vs niese" in out and "Witness (" in out
    assert "200 hands per variant" in out and "made" in out


def test_every_command_line_runs_in_order(folder: Path) -> None:
    """Each command of the README, run in one folder in order, exits as the README says; the
    scripted hand reaches its outcome and the record it wrote replays."""
    ran = []
    for command in _commands():
        if command.startswith("python3 -m venv") or command.startswith("pip install"):
            continue  # set-up lines: the parts after the install run below, .ci/run the rest
        if command.startswith("solo-rules serve"):
            continue  # test_the_serve_line_answers
        command = SMALLER.get(command, command)
        result = _shell(command, folder)
        expected = EXITS.get(command, 0)
        assert result.returncode == expected, (command, result.stdout[-2000:], result.stderr)
        if expected:
            assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        ran.append((command, result.stdout))
    outputs = dict(ran)
    scripted = outputs["solo-rules play --seed 4 --seat 1 --moves moves.txt"]
    assert "Outcome: " in scripted
    assert "hand.yaml: the hand replays" in outputs["solo-rules replay hand.yaml --watch"]
    assert (folder / "hand.json").stat().st_size > 0
    assert len(ran) >= 15


def test_the_set_up_lines_end_in_commands_that_run(folder: Path) -> None:
    """The two set-up commands and the web one end in a command this test runs (``solo-rules
    play --watch``) or that .ci/run runs after the same install (``pytest``, ``serve``)."""
    setups = [c for c in _commands() if c.startswith("python3 -m venv")]
    assert len(setups) == 3
    assert [_installs(c)[-1] for c in setups] == ["solo-rules play --watch", "pytest",
                                                  "solo-rules serve"]
    assert _shell("solo-rules play --watch", folder).returncode == 0
    for extra in ("'.[test]'", "'.[docs]'"):  # the web extra's serve runs here
        assert f"pip install --quiet --disable-pip-version-check {extra}" in CI


def test_the_serve_line_answers(tmp_path: Path) -> None:
    """``solo-rules serve`` (on a free port here, and its own database) serves the lobby."""
    assert "solo-rules serve\n" in README
    port = _free_port()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    with subprocess.Popen(["solo-rules", "serve", "--port", str(port)], cwd=tmp_path, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as server:
        try:
            for _ in range(150):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as page:
                        assert page.status == 200
                        break
                except OSError:
                    time.sleep(0.2)
            else:
                pytest.fail("solo-rules serve did not answer")
        finally:
            server.terminate()
            server.wait(timeout=30)
    assert (tmp_path / "solo-rules.sqlite3").exists()


def test_the_documentation_command_is_run_by_ci() -> None:
    """The README's site command is the one .ci/run builds the site with (warnings fail)."""
    docs = next(c for c in _commands() if "sphinx-build" in c)
    assert docs.startswith("pip install '.[docs]' && sphinx-build -W --keep-going -b html docs")
    assert "sphinx-build -W --keep-going" in CI and "-b doctest docs" in CI


def test_every_link_points_into_the_repository() -> None:
    """Every relative link and image of the README names a file of the repository; nothing
    points to a file outside it (the dossier, the design brief)."""
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    relative = [link for link in links if not re.match(r"[a-z]+://", link)]
    assert relative
    for link in relative:
        assert (ROOT / link).exists(), link
    assert not re.search(r"DOSSIER|DESIGN\.md", README)


def test_license_citation_and_changelog_are_there() -> None:
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert "cff-version: 1.2.0" in citation and f"version: {solo_rules.__version__}" in citation
    assert f"## [{solo_rules.__version__}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_readme_says_what_german_solo_is() -> None:
    opening = README.split("## ")[0]
    assert "**German Solo** is a four-hand trick-taking game" in opening


def test_readme_has_exactly_two_setup_commands() -> None:
    setup = README.split("## Set up\n")[1].split("\n## ")[0]
    commands = re.findall(r"```sh\n(.*?)\n```", setup, re.DOTALL)
    assert len(commands) == 2
    assert commands[0].endswith("pip install . && solo-rules play --watch")
    assert commands[1].endswith("pip install '.[test]' && pytest")


def test_readme_variants_table_lists_every_playable_variant() -> None:
    table = README.split("## Variants\n")[1].split("\n## ")[0]
    rows = re.findall(r"^\| ([a-z0-9-]+) \| (.+) \| (\d) \| ([\w-]+) \|$", table, re.MULTILINE)
    assert [row[0] for row in rows] == solo_rules.available_variants()
    for vid, title, players, status in rows:
        variant = solo_rules.load_variant(vid)
        expected = (variant.title, sr_compile(variant).players, variant.status)
        assert (title, int(players), status) == expected


def test_readme_overlays_table_lists_every_overlay() -> None:
    table = README.split("| id | title | applies to |\n")[1].split("\n\n")[0]
    rows = re.findall(r"^\| ([a-z0-9-]+) \| (.+) \| (.+) \|$", table, re.MULTILINE)
    assert [row[0] for row in rows] == solo_rules.available_overlays()
    for oid, title, bases in rows:
        shown = ", ".join(solo_rules.overlay_bases(oid))
        if len(solo_rules.overlay_bases(oid)) == len(solo_rules.available_variants()):
            shown = "every variant"
        assert (title, bases) == (solo_rules.overlay_title(oid), shown)


def test_the_help_examples_are_readme_lines_or_run() -> None:
    """``play --help``'s moves example is the README's, so it succeeds as written."""
    from solo_rules.cli import _parser

    help_text = _parser()._subparsers._group_actions[0].choices["play"].format_help()  # type: ignore[union-attr]
    assert "--moves moves.txt" in help_text
    assert "solo-rules play foster --seed 7 --moves" not in help_text
    assert any(shlex.split(line)[:1] == ["printf"] for line in help_text.splitlines()
               if line.strip().startswith("printf"))
