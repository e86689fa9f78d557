"""Hostile cases (issue 29): what an attacker or an unlucky user hands the library, each a
call that must end in the library's error (or the documented ``TypeError``) within a second
or two and 200 MB. ``tests/hostile_runner.py`` runs each in a forked child with those caps;
``tests/test_hostile.py`` checks how each ended.

The families: ``record`` (alias bombs, depth, digits, size, wrong types), ``variant`` (the
same for variant files, and their long lists, keys and ids), ``special`` (private FIFO and
device-node copies made with ``mkfifo``/``mknod`` in a temporary folder, and directories and
symlinks, as targets to read and to write), ``signal`` (Ctrl-C to ``simulate``, and a worker
killed, stopped, terminated or interrupted), and ``call`` (a wrong-typed value for each
parameter of each public function and method, generated from ``TABLE``).
"""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
import os
import random
import resource
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import yaml

import solo_rules as sr
from solo_rules.analysis.chunks import process_pool
from solo_rules.bots import HeuristicBot
from solo_rules.variant import variant_dir

#: How a case may end: ``library`` a ``SoloRulesError``, or a ``TypeError`` naming one of
#: the case's ``names``; ``result`` a return; any other entry the name of an exception class.
Accept = frozenset[str]
LIBRARY: Accept = frozenset({"library"})


@attrs.frozen
class Case:
    family: str
    #: the hostile call, given what ``setup`` made (untimed), if the case has a setup
    call: Callable[..., object]
    accept: Accept = LIBRARY
    #: a TypeError must name one of these (the parameter)
    names: tuple[str, ...] = ()
    setup: Callable[[], object] | None = None
    #: run by ``pytest -m hostile`` only
    heavy: bool = False

    def run(self, made: object) -> object:
        return self.call() if self.setup is None else self.call(made)


CASES: dict[str, Case] = {}


def case(name: str, family: str, call: Callable[..., object], accept: Accept = LIBRARY,
         names: tuple[str, ...] = (), setup: Callable[[], object] | None = None,
         heavy: bool = False) -> None:
    assert name not in CASES, name
    CASES[name] = Case(family, call, accept, names, setup, heavy)


class CliExit(Exception):
    """How a command ended: its exit code and what it wrote on stderr (``code|stderr``)."""


def cli(*argv: str) -> None:
    """Run ``solo-rules argv`` in this process and raise ``CliExit`` with its code and stderr."""
    from solo_rules.cli import main

    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(list(argv))
    raise CliExit(f"{code}|{err.getvalue()}")


# -- fixtures, built once in the runner (``prepare``) before it forks --------------------------

class _Fixtures:
    """The valid values the cases start from (a variant, states, records, special files)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="solo-hostile-"))
        self.variant = sr.load_variant("altenburg-1988")
        self.rules = sr.compile(self.variant)
        self.start = sr.new_game(self.variant, seed=1)
        state = self.start
        bot = HeuristicBot(0)
        while not (state.phase == "play" and sum(h.bit_count() for h in state.hands) <= 12):
            state = state.apply(bot.choose(state.view(state.player)))
        self.late = state  # a hand in play, small enough to solve at once
        while not state.is_terminal:
            state = state.apply(bot.choose(state.view(state.player)))
        self.final = state
        self.record = state.to_record(seed=1)
        self.record_json = self.record.to_json()
        self.match = sr.Match.start(self.variant, seed=1)
        self.match_record = self.match.play([HeuristicBot(s) for s in range(4)]).to_record()
        self.view = self.start.view(0)
        self.late_view = self.late.view(self.late.player)
        from solo_rules.observation import ActionIndex, Encoder
        from solo_rules.resample import Resampler

        self.index = ActionIndex(self.variant)
        self.encoder = Encoder(self.variant)
        self.resampler = Resampler(self.late_view, self.variant)
        self.result = sr.simulate("altenburg-1988", hands=3, bots="random")
        self.diff = sr.compare("altenburg-1988", "foster")
        self.study_file = self.folder / "study.yaml"
        self.study_file.write_text("schema: 1\ntitle: two deals\nvariants: [foster]\n"
                                   "bots: random\nhands: 2\nmetrics: [contracts]\n",
                                   encoding="utf-8")
        self.study = sr.study(self.study_file)
        found = sr.witness("altenburg-1988", "foster", max_deals=5)
        assert found is not None
        self.witness = found
        self.regular = self.folder / "old.json"
        self.regular.write_text("old", encoding="utf-8")
        self.fifo = self.folder / "fifo"
        os.mkfifo(self.fifo)
        self.root = os.geteuid() == 0
        self.null = self.folder / "null"
        self.zero = self.folder / "zero"
        if self.root:  # private copies of /dev/null and /dev/zero, never the system's
            os.mknod(self.null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
            os.mknod(self.zero, stat.S_IFCHR | 0o666, os.makedev(1, 5))
        self.directory = self.folder / "folder.json"
        self.directory.mkdir()
        self.link_to_fifo = self.folder / "fifo-link.json"
        self.link_to_fifo.symlink_to(self.fifo)
        self.link_to_null = self.folder / "null-link.json"
        self.link_to_null.symlink_to(self.null)


_FIXTURES: list[_Fixtures] = []


def fx() -> _Fixtures:
    if not _FIXTURES:
        _FIXTURES.append(_Fixtures())
    return _FIXTURES[0]


def prepare() -> None:
    """Build the fixtures (in the runner, before any fork)."""
    fx()


# -- records ------------------------------------------------------------------------------------

def _record_with(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(fx().record_json)
    change(data)
    return json.dumps(data)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], object]:
    """A change that sets the dotted (``actions.0.0``) path of a record's data to ``value``."""
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


def _bomb(levels: int, width: int = 9) -> str:
    """A YAML alias bomb: ``levels`` anchors, each ``width`` aliases of the one before."""
    lines = ["format: 1", "kind: hand", f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    lines += [f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]" for n in range(1, levels)]
    return "\n".join(lines) + f"\nvariant: *l{levels - 1}\n"


def _record_cases() -> None:
    big = 10**6
    texts: dict[str, Callable[[], str]] = {
        "alias-bomb-1.5kb": lambda: _bomb(9),
        "alias-bomb-in-kind": lambda: _bomb(9).replace("kind: hand", "kind: *l8")
        .replace("l8: &l8", "l8: &l8").replace("\nvariant: *l8", ""),
        "alias-bomb-wide": lambda: _bomb(4, 200),
        "self-reference": lambda: "format: 1\nkind: hand\nvariant: &a [*a]\n",
        "nesting-1000-yaml": lambda: "format: 1\nkind: hand\nvariant: " + "[" * 1000 +
        "]" * 1000 + "\n",
        "nesting-1000-json": lambda: '{"format": 1, "kind": "hand", "variant": ' + "[" * 1000 +
        "]" * 1000 + "}",
        "nesting-100000-json": lambda: '{"format": 1, "v": ' + "[" * 100000 + "]" * 100000 + "}",
        "nesting-100000-flow-yaml": lambda: "format: 1\nv: " + "[" * 100000 + "\n",
        "nesting-mappings": lambda: "format: 1\nv:\n" + "".join(
            "  " * n + f"k{n}:\n" for n in range(1, 200)),
        "integer-5000-digits-json": lambda: _record_with(_set("seed", 0)).replace(
            '"seed": 0', '"seed": ' + "9" * 5000),
        "integer-5000-digits-yaml": lambda: "format: 1\nkind: hand\nseed: " + "9" * 5000 + "\n",
        "float-1e999": lambda: _record_with(_set("seed", 0)).replace('"seed": 0', '"seed": 1e999'),
        "nan-seed": lambda: _record_with(_set("seed", 0)).replace('"seed": 0', '"seed": NaN'),
        "string-100000-for-deal": lambda: _record_with(_set("deal", "x" * 100000)),
        "string-1mb-for-actions": lambda: _record_with(_set("actions", "x" * (big - 300))),
        "two-million-actions": lambda: _record_with(_set("actions", [[0, "pass"]] * 2 * big)),
        "text-over-the-size-limit": lambda: "format: 1\n#" + "x" * big + "\n",
        "60000-unknown-keys": lambda: _record_with(lambda d: d.update(
            {f"k{n}": n for n in range(60000)})),
        "huge-key": lambda: _record_with(lambda d: d.update({"k" * 100000: 1})),
        "huge-kind": lambda: _record_with(_set("kind", "h" * 100000)),
        "kind-a-list": lambda: _record_with(_set("kind", ["hand"] * 1000)),
        "seat-text": lambda: _record_with(_set("actions.0.0", "1")),
        "seat-float": lambda: _record_with(_set("actions.0.0", 1.0)),
        "seat-bool": lambda: _record_with(_set("actions.0.0", True)),
        "seat-negative": lambda: _record_with(_set("actions.0.0", -1)),
        "seat-huge": lambda: _record_with(_set("actions.0.0", 10**20)),
        "seed-float": lambda: _record_with(_set("seed", 1.5)),
        "seed-1e308": lambda: _record_with(_set("seed", 1e308)),
        "seed-negative": lambda: _record_with(_set("seed", -5)),
        "seed-bool": lambda: _record_with(_set("seed", True)),
        "dealer-text": lambda: _record_with(_set("dealer", "3")),
        "dealer-outside": lambda: _record_with(_set("dealer", 9)),
        "made-a-list": lambda: _record_with(_set("outcome.made", [])),
        "made-text": lambda: _record_with(_set("outcome.made", "false")),
        "scores-text": lambda: _record_with(_set("outcome.scores", "1234")),
        "format-float": lambda: _record_with(_set("format", 1.0)),
        "format-bool": lambda: _record_with(_set("format", True)),
        "format-unknown": lambda: _record_with(_set("format", 99)),
        "action-a-number": lambda: _record_with(_set("actions.0", 5)),
        "action-three-items": lambda: _record_with(_set("actions.0", [0, "pass", "x"])),
        "action-huge-text": lambda: _record_with(_set("actions.0.1", "play " + "C" * 100000)),
        "card-huge-text": lambda: _record_with(_set("deal.0.0", "C" * 100000)),
        "card-a-number": lambda: _record_with(_set("deal.0.0", 7)),
        "deal-five-hands": lambda: _record_with(lambda d: d["deal"].append(d["deal"][0])),
        "variant-a-list": lambda: _record_with(_set("variant", [1, 2])),
        "variant-id-huge": lambda: _record_with(_set("variant.id", "a" * 100000)),
        "variant-hash-wrong": lambda: _record_with(_set("variant.content_hash", "0" * 64)),
        "overlays-a-string": lambda: _record_with(_set("variant.overlays", "matador-renege")),
        "lone-surrogate": lambda: fx().record_json.replace('"altenburg-1988"',
                                                            '"\\ud800"', 1),
        "a-list-at-the-top": lambda: "[1, 2, 3]\n",
        "a-number-at-the-top": lambda: "12345\n",
        "binary-garbage": lambda: "\x00\x01\x02{\n",
        "yaml-python-tag": lambda: "format: 1\nkind: !!python/object/apply:os.system ['true']\n",
        "yaml-two-documents": lambda: "format: 1\n---\nformat: 1\n",
        "json-truncated": lambda: fx().record_json[: len(fx().record_json) // 2],
        "match-hand-a-number": lambda: json.dumps({**json.loads(fx().match_record.to_json()),
                                                    "hands": [5]}),
        "match-totals-text": lambda: json.dumps({**json.loads(fx().match_record.to_json()),
                                                  "totals": "0000"}),
        "match-first-dealer-outside": lambda: json.dumps(
            {**json.loads(fx().match_record.to_json()), "first_dealer": 7}),
    }
    for name, text in texts.items():
        case(f"record/{name}", "record", _replay_text, setup=text)
    case("record/nul-in-path", "record", lambda: sr.read_record("a\0b.json"))
    case("record/path-too-long", "record", lambda: sr.read_record("a" * 100000))
    case("record/missing-file", "record", lambda: sr.read_record(str(fx().folder / "none")))
    case("record/file-over-the-size-limit", "record", sr.read_record, setup=_big_file)
    case("record/to-record-seed-float", "record", lambda: fx().final.to_record(seed=1.5))
    case("record/to-record-seed-text", "record", lambda: fx().final.to_record(
        seed="1"))  # type: ignore[arg-type]
    case("record/match-replay-a-hand-record", "record",
         lambda: sr.Match.replay(fx().record), names=("record",))  # type: ignore[arg-type]


def _replay_text(text: str) -> object:
    """Read a record and replay it, as ``solo-rules replay`` does."""
    record = sr.read_record(text)
    if isinstance(record, sr.MatchRecord):
        return sr.Match.replay(record)
    return sr.replay(record)


def _big_file() -> Path:
    path = fx().folder / "big.json"
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"format": 1, "x": "' + "x" * 2_000_000 + '"}')
    return path


# -- variant files ------------------------------------------------------------------------------

def _variant_file(text: str) -> Path:
    path = fx().folder / f"hostile-{random.randrange(10**9)}.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def _child_of(extra: str, vid: str = "hostile") -> str:
    return f"schema: 1\nid: {vid}\nextends: altenburg-1988\n{extra}"


def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((variant_dir() / "foster.yaml").read_text(
        encoding="utf-8"))
    return data


def _variant_cases() -> None:
    def load(path: Path) -> object:
        return sr.compile(sr.load_variant(path))

    def mutated(change: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
        def text() -> str:
            data = _shipped()
            data["id"] = "hostile"
            change(data)
            return yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
                             width=10**6)  # libyaml: a 100,000-item list in a moment
        return text

    texts: dict[str, Callable[[], str]] = {
        "alias-bomb": lambda: _bomb(9).replace("format: 1\nkind: hand", "schema: 1\nid: x")
        .replace("variant:", "title:"),
        "nesting-1000": lambda: _child_of("summary: " + "[" * 1000 + "]" * 1000 + "\n"),
        "integer-5000-digits": lambda: _child_of("schema2: " + "9" * 5000 + "\n"),
        "60000-unknown-keys": lambda: _child_of("rules:\n  ranks:\n    params:\n" + "".join(
            f"      k{n}: 1\n" for n in range(60000))),
        "100000-packets": mutated(lambda d: d["rules"]["deal"]["params"].update(
            packets=[1] * 100000)),
        "40000-sources": lambda: mutated(lambda d: d.pop("sources"))() + "sources:\n" + "".join(
            f"  S-{n}: {{cite: x}}\n" for n in range(40000)),
        "lone-surrogate-title": lambda: _child_of('title: "\\ud800"\n'),
        "lone-surrogate-key": lambda: _child_of('"\\udc80": 1\n'),
        "provenance-a-number": lambda: _child_of("rules:\n  ranks:\n    provenance: 5\n"),
        "params-a-string": lambda: _child_of("rules:\n  ranks:\n    params: " + "x" * 100000
                                             + "\n"),
        "module-huge": lambda: _child_of("rules:\n  ranks:\n    module: " + "m" * 100000 + "\n"),
        "slot-huge": lambda: _child_of("rules:\n  " + "s" * 100000 + ": {}\n"),
        "ref-huge": lambda: _child_of("rules:\n  ranks:\n    provenance: {basis: stated, "
                                      "refs: [" + "R" * 100000 + "]}\n"),
        "seat-count-huge": mutated(lambda d: d["rules"]["pack"].__setitem__(
            "params", {"players": 10**20})),
        "a-list-at-the-top": lambda: "- 1\n- 2\n",
        "not-utf8": lambda: "schema: 1\nid: x\ntitle: caf\udce9\n",
        "extends-an-unknown-parent": lambda: "schema: 1\nid: hostile\nextends: hostile\n",
        "extends-huge": lambda: "schema: 1\nid: x\nextends: " + "a" * 100000 + "\n",
        "yaml-python-tag": lambda: "schema: 1\nid: !!python/object/apply:os.system ['true']\n",
    }
    for name, text in texts.items():
        case(f"variant/{name}", "variant", load, setup=lambda text=text: _variant_file(text()))
    case("variant/file-over-the-size-limit", "variant", load,
         setup=lambda: _variant_file("#" + "x" * 1_100_000 + "\n"))
    case("variant/1000-overlays-in-the-id", "variant",
         lambda: sr.load_variant("altenburg-1988" + "+matador-renege" * 1000))
    case("variant/overlay-id-huge", "variant",
         lambda: sr.load_variant("altenburg-1988", ["o" * 100000]))
    case("variant/nul-in-id", "variant", lambda: sr.load_variant("alten\0burg"))
    case("variant/path-too-long", "variant", lambda: sr.load_variant("a/" * 3000 + "x.yaml"))


# -- special files ------------------------------------------------------------------------------

def _unchanged(path: Path, call: Callable[[], object]) -> Callable[[], object]:
    """``call``, then a check that what was at ``path`` (a device, a FIFO, a folder, a link)
    is still there, of the same kind and device number: refused, not replaced."""
    def run() -> object:
        if not os.path.lexists(path):
            raise RuntimeError(f"no {path} here: mknod needs root (CI runs as root)")
        before = os.lstat(path)
        try:
            return call()
        finally:
            after = os.lstat(path)
            if (stat.S_IFMT(after.st_mode), after.st_rdev, after.st_ino) != (
                    stat.S_IFMT(before.st_mode), before.st_rdev, before.st_ino):
                raise AssertionError(f"{path} was replaced")
    return run


def _special_cases() -> None:
    targets = {"fifo": lambda: fx().fifo, "null-copy": lambda: fx().null,
               "zero-copy": lambda: fx().zero, "directory": lambda: fx().directory,
               "link-to-fifo": lambda: fx().link_to_fifo,
               "link-to-null-copy": lambda: fx().link_to_null}
    for name, target in targets.items():
        case(f"special/read-record-{name}", "special",
             lambda target=target: _unchanged(target(), lambda: sr.read_record(target()))())
        case(f"special/load-variant-{name}", "special",
             lambda target=target: _unchanged(target(), lambda: sr.load_variant(target()))())
        case(f"special/save-record-to-{name}", "special",
             lambda target=target: _unchanged(target(), lambda: fx().record.save(target()))())
        case(f"special/save-match-to-{name}", "special", lambda target=target: _unchanged(
            target(), lambda: fx().match_record.save(target()))())
        case(f"special/cli-replay-{name}", "special", lambda target=target: _unchanged(
            target(), lambda: cli("replay", str(target())))(), frozenset({"CliExit"}))
        case(f"special/cli-moves-{name}", "special", lambda target=target: _unchanged(
            target(), lambda: cli("play", "--seed", "1", "--moves", str(target())))(),
            frozenset({"CliExit"}))
        case(f"special/cli-record-to-{name}", "special", lambda target=target: _unchanged(
            target(), lambda: cli("play", "--watch", "--seed", "1", "--record",
                                  str(target())))(), frozenset({"CliExit"}))
    case("special/save-record-empty-path", "special", lambda: fx().record.save(""))
    case("special/cli-record-empty-path", "special",
         lambda: cli("play", "--watch", "--seed", "1", "--record", ""), frozenset({"CliExit"}))
    case("special/save-through-a-link-to-a-file", "special", _save_through_a_link,
         frozenset({"result"}))
    case("special/a-failed-write-leaves-the-old-file-whole", "special", _failed_write,
         frozenset({"OSError"}))


def _save_through_a_link() -> None:
    """A symlink to a regular file is written through: the link stays, its target changes."""
    target, link = fx().folder / "target.json", fx().folder / "link.json"
    target.write_text("old", encoding="utf-8")
    link.symlink_to(target)
    fx().record.save(link)
    assert link.is_symlink() and sr.read_record(target) == fx().record


def _failed_write() -> None:
    """A write that fails (past the file-size limit) leaves the old file whole, no temporary
    file behind."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))
    try:
        fx().record.save(fx().regular)
    finally:
        assert fx().regular.read_text(encoding="utf-8") == "old"
        assert sorted(p.name for p in fx().folder.glob(".old.json*")) == []


# -- signals --------------------------------------------------------------------------------------

def _after(seconds: float, send: Callable[[], None]) -> None:
    timer = threading.Timer(seconds, send)
    timer.daemon = True
    timer.start()


class Stopped(Exception):
    """Raised by a progress callback to stop a run after its first chunk."""


def _workers() -> list[int]:
    return [child.pid for child in multiprocessing.active_children() if child.pid]


def _on_first_chunk(act: Callable[[list[int]], None]) -> Callable[[int], None]:
    done: list[int] = []

    def progress(_hands: int) -> None:
        if not done:
            done.append(1)
            act(_workers())
    return progress


def _pool_run(progress: Callable[[int], None], hands: int = 3000,
              timeout: float | None = None) -> object:
    """A run on two worker processes; afterwards, none of them is left running."""
    try:
        with process_pool(2) as pool:
            return sr.simulate("foster", hands=hands, executor=pool, progress=progress,
                               timeout=timeout)
    finally:
        deadline = time.monotonic() + 1
        while _workers() and time.monotonic() < deadline:
            time.sleep(0.02)
        if _workers():
            raise AssertionError(f"workers left running: {_workers()}")


def _signal_cases() -> None:
    interrupt = lambda: os.kill(os.getpid(), signal.SIGINT)  # noqa: E731
    case("signal/ctrl-c-to-simulate-serial", "signal", lambda: (
        _after(0.3, interrupt), sr.simulate("foster", hands=10**6)),
        frozenset({"KeyboardInterrupt"}))
    case("signal/ctrl-c-to-simulate-on-a-pool", "signal", lambda: _pool_run(
        _on_first_chunk(lambda _pids: _after(0.2, interrupt)), hands=10**6),
        frozenset({"KeyboardInterrupt"}))
    case("signal/ctrl-c-to-simulate-on-a-thread-pool", "signal", _thread_pool_run,
         frozenset({"KeyboardInterrupt"}))
    for name, signum in (("kill", signal.SIGKILL), ("term", signal.SIGTERM)):
        case(f"signal/{name}-a-worker", "signal", lambda signum=signum: _pool_run(
            _on_first_chunk(lambda pids: os.kill(pids[0], signum))), frozenset({"WorkerError"}))
    case("signal/stop-a-worker", "signal", lambda: _pool_run(
        _on_first_chunk(lambda pids: os.kill(pids[0], signal.SIGSTOP)), timeout=0.005),
        frozenset({"WorkerError"}))
    case("signal/ctrl-c-to-a-worker-is-ignored", "signal", _interrupted_worker,
         frozenset({"result"}))
    case("signal/a-billion-hands-start-at-once", "signal", lambda: sr.simulate(
        "foster", hands=10**9, progress=_stop), frozenset({"Stopped"}))


def _thread_pool_run() -> object:
    """Ctrl-C during a run on a thread pool: the chunks not yet run are cancelled, so leaving
    the pool waits only for the chunks running."""
    from concurrent.futures import ThreadPoolExecutor

    _after(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    with ThreadPoolExecutor(2) as pool:
        return sr.simulate("foster", hands=10**6, executor=pool)


def _stop(_hands: int) -> None:
    raise Stopped


def _interrupted_worker() -> None:
    """A stray SIGINT to a worker changes nothing: the run ends with the serial numbers."""
    found = _pool_run(_on_first_chunk(lambda pids: os.kill(pids[0], signal.SIGINT)),
                      hands=300)
    assert found == sr.simulate("foster", hands=300)


# -- the calls the issue names, and the command line's own arguments ----------------------------

def _named_cases() -> None:
    """The calls issue 29 found reaching internals, each now refused by the library."""
    from solo_rules.observation import ActionIndex, Encoder

    six = lambda: sr.new_game("niese-six-hand", seed=1).view(0)  # noqa: E731
    named: dict[str, Callable[[], object]] = {
        "compile-none": lambda: sr.compile(None),  # type: ignore[arg-type]
        "replay-none": lambda: sr.replay(None),  # type: ignore[arg-type]
        "solve-a-float": lambda: sr.solve(1.5),  # type: ignore[arg-type]
        "read-record-none": lambda: sr.read_record(None),  # type: ignore[arg-type]
        "witness-max-deals-none": lambda: sr.witness(
            "altenburg-1988", "foster", max_deals=None),  # type: ignore[arg-type]
        "witness-seed-nan": lambda: sr.witness("altenburg-1988", "foster", seed=float("nan")),
        "witness-seed-text": lambda: sr.witness("altenburg-1988", "foster",
                                                seed="x" * 10**6),  # type: ignore[arg-type]
        "simulate-executor-a-float": lambda: sr.simulate(
            "foster", hands=2, executor=1.5),  # type: ignore[arg-type]
        "match-play-no-bots": lambda: sr.Match.start("foster", seed=1).play([]),
        "action-index-99999": lambda: ActionIndex("foster").index(99999),
        "action-index-action-minus-1": lambda: ActionIndex("foster").action(-1),
        "rulebook-none": lambda: sr.rulebook(None),  # type: ignore[arg-type]
        "load-variant-overlays-none": lambda: sr.load_variant(
            "altenburg-1988", overlays=None),  # type: ignore[arg-type]
        "load-variant-overlays-a-string": lambda: sr.load_variant(
            "altenburg-1988", overlays="matador-renege"),  # type: ignore[arg-type]
        "encoder-of-3-seats-given-a-6-seat-view": lambda: Encoder("heart-solo").encode(six()),
        "match-start-seed-negative": lambda: sr.Match.start("foster", seed=-5),
        "match-start-dealer-true": lambda: sr.Match.start("foster", dealer=True),
        "new-game-seed-nan": lambda: sr.new_game("foster", seed=float("nan")),
    }
    for name, call in named.items():
        case(f"api/{name}", "api", call, names=("variant", "record", "state", "source",
                                               "max_deals", "executor", "bots", "overlays",
                                               "view"))
    cli_cases = {
        "a-100000-character-argument": ("simulate", "foster", "--hands", "x" * 100000),
        "a-100000-character-variant": ("rules", "v" * 100000),
        "a-1000-overlay-id": ("rules", "altenburg-1988" + "+matador-renege" * 1000),
        "compare-seed-negative": ("compare", "altenburg-1988", "foster", "--seed", "-5"),
        "simulate-seed-negative": ("simulate", "foster", "--hands", "2", "--seed", "-5"),
        "play-dealer-outside": ("play", "--watch", "--seed", "1", "--dealer", "9"),
        "replay-a-nul-in-the-path": ("replay", "a\0b.json"),
        "replay-a-missing-file": ("replay", "no-such-record.json"),
    }
    for name, argv in cli_cases.items():
        case(f"cli/{name}", "cli", lambda argv=argv: cli(*argv), frozenset({"CliExit"}))
    files = {"replay-a-5000-digit-integer": ("replay", '{"format": 1, "kind": "hand", "seed": '
                                             + "9" * 5000 + "}"),
             "replay-1000-levels": ("replay", "format: 1\nkind: hand\nv: " + "[" * 1000
                                    + "]" * 1000 + "\n"),
             "replay-an-alias-bomb": ("replay", _bomb(9)),
             "play-moves-a-long-line": ("play", "play " + "C" * 10**5)}
    for name, (command, text) in files.items():
        case(f"cli/{name}", "cli", lambda command=command, text=text: _cli_with_file(
            command, text), frozenset({"CliExit"}))


def _cli_with_file(command: str, text: str) -> None:
    """``solo-rules COMMAND FILE`` on a file holding ``text``."""
    path = fx().folder / f"input-{random.randrange(10**9)}.txt"
    path.write_text(text, encoding="utf-8")
    if command == "play":
        cli("play", "--seed", "1", "--moves", str(path))
    cli(command, str(path))


# -- the wrong-typed calls, generated from the public API's signatures ---------------------------

#: The values given for one parameter at a time, the others valid; the default run gives
#: the first four (``QUICK``), ``pytest -m hostile`` every one.
WRONG: dict[str, Callable[[], object]] = {
    "none": lambda: None, "float": lambda: 1.5, "nan": lambda: float("nan"),
    "text": lambda: "zz", "negative": lambda: -1, "bool": lambda: True,
    "list": lambda: [], "object": lambda: object(),
}
QUICK = ("none", "float", "text", "object")


def _table() -> dict[str, tuple[Callable[..., object], dict[str, Callable[[], object]]]]:
    """Each public function and method, by its name, with a valid value for each parameter
    (made when the case runs): the starting point that one wrong value at a time spoils."""
    v, st = lambda: fx().variant, lambda: fx().start
    late, final = lambda: fx().late, lambda: fx().final
    rules, rng = lambda: fx().rules, lambda: random.Random(1)
    out = lambda: str(fx().folder / "out.json")  # noqa: E731
    from solo_rules.observation import ActionIndex, Encoder
    from solo_rules.resample import Resampler

    return {
        "compile": (sr.compile, {"variant": v}),
        "new_game": (sr.new_game, {"variant": lambda: "altenburg-1988", "seed": lambda: 1,
                                   "dealer": lambda: 0}),
        "new_game(hands)": (sr.new_game, {"variant": v, "hands": lambda: fx().final.dealt}),
        "load_variant": (sr.load_variant, {"source": lambda: "altenburg-1988",
                                           "overlays": lambda: ["matador-renege"]}),
        "overlay_bases": (sr.overlay_bases, {"overlay": lambda: "matador-renege"}),
        "overlay_title": (sr.overlay_title, {"overlay": lambda: "matador-renege"}),
        "parse_action": (sr.parse_action, {"text": lambda: "play CQ",
                                           "aliases": lambda: {}}),
        "parse_card": (sr.parse_card, {"text": lambda: "CQ"}),
        "parse_cards": (sr.parse_cards, {"text": lambda: "CQ SQ"}),
        "parse_suit": (sr.parse_suit, {"text": lambda: "H"}),
        "piquet_pack": (sr.piquet_pack, {"remove": lambda: [0]}),
        "read_record": (sr.read_record, {"source": lambda: fx().record_json}),
        "record_of": (sr.record_of, {"state": final, "seed": lambda: 1}),
        "replay": (sr.replay, {"record": lambda: fx().record, "variant": v}),
        "rulebook": (sr.rulebook, {"variant": v, "fmt": lambda: "text"}),
        "simulate": (sr.simulate, {"variants": lambda: "foster", "hands": lambda: 2,
                                   "bots": lambda: "random", "seed": lambda: 0,
                                   "executor": lambda: None, "progress": lambda: None,
                                   "timeout": lambda: None}),
        "solve": (sr.solve, {"state": late}),
        "compare": (sr.compare, {"a": lambda: "altenburg-1988", "b": lambda: "foster"}),
        "witness": (sr.witness, {"a": lambda: "altenburg-1988", "b": lambda: "foster",
                                 "seed": lambda: 0, "max_deals": lambda: 3}),
        "witnesses": (sr.witnesses, {"a": lambda: "altenburg-1988", "b": lambda: "niese",
                                     "seed": lambda: 0, "max_deals": lambda: 2}),
        "resample": (sr.resample, {"view": lambda: fx().late_view, "variant": v, "rng": rng}),
        "structure": (sr.structure, {"data": lambda: sr.unstructure(fx().final.outcome()),
                                     "cls": lambda: sr.Outcome}),
        "to_json": (sr.to_json, {"obj": lambda: fx().final.outcome(), "indent": lambda: 2}),
        "unstructure": (sr.unstructure, {"obj": lambda: fx().final.outcome()}),
        "GameState.action": (lambda **k: st().action(**k), {"text": lambda: "pass"}),
        "GameState.apply": (lambda **k: st().apply(**k), {"action": lambda: "pass"}),
        "GameState.apply_unchecked": (lambda **k: st().apply_unchecked(**k),
                                      {"action": lambda: st().legal_actions()[0]}),
        "GameState.dealt_hand": (lambda **k: st().dealt_hand(**k), {"seat": lambda: 0}),
        "GameState.hand": (lambda **k: st().hand(**k), {"seat": lambda: 0}),
        "GameState.in_turn": (lambda **k: st().in_turn(**k), {"first": lambda: 0}),
        "GameState.to_record": (lambda **k: final().to_record(**k), {"seed": lambda: 1}),
        "GameState.view": (lambda **k: st().view(**k), {"seat": lambda: 0}),
        "CompiledRules": (sr.CompiledRules, {"variant": v}),
        "CompiledRules.action_of": (lambda **k: rules().action_of(**k), {"aid": lambda: 68}),
        "CompiledRules.advance": (lambda **k: rules().advance(**k), {"state": st}),
        "CompiledRules.apply_chosen": (lambda **k: rules().apply_chosen(**k), {
            "state": st, "action": lambda: st().legal_actions()[0]}),
        "CompiledRules.apply_id": (lambda **k: rules().apply_id(**k), {
            "state": st, "aid": lambda: st().legal_actions()[0].id}),
        "CompiledRules.apply_legal": (lambda **k: rules().apply_legal(**k), {
            "state": st, "aid": lambda: st().legal_actions()[0].id}),
        "CompiledRules.contract_def": (lambda **k: rules().contract_def(**k),
                                       {"contract_id": lambda: "frage"}),
        "CompiledRules.contract_text": (lambda **k: rules().contract_text(**k),
                                        {"contract": lambda: final().contract}),
        "CompiledRules.deal": (lambda **k: rules().deal(**k), {"rng": rng,
                                                               "dealer": lambda: 0}),
        "CompiledRules.first_dealer": (lambda **k: rules().first_dealer(**k), {"rng": rng}),
        "CompiledRules.is_legal": (lambda **k: rules().is_legal(**k), {
            "state": st, "aid": lambda: 68}),
        "CompiledRules.kinds": (lambda **k: rules().kinds(**k), {"phase": lambda: "auction"}),
        "CompiledRules.legal_actions": (lambda **k: rules().legal_actions(**k), {"state": st}),
        "CompiledRules.legal_ids": (lambda **k: rules().legal_ids(**k), {"state": st}),
        "CompiledRules.means": (lambda **k: rules().means(**k), {
            "state": st, "aid": lambda: st().legal_actions()[0].id}),
        "CompiledRules.outcome": (lambda **k: rules().outcome(**k), {"state": final}),
        "CompiledRules.record": (lambda **k: rules().record(**k), {"state": final,
                                                                   "seed": lambda: 1}),
        "CompiledRules.refusal": (lambda **k: rules().refusal(**k), {"state": st,
                                                                     "aid": lambda: 1}),
        "CompiledRules.sitting_out": (lambda **k: rules().sitting_out(**k), {"state": st}),
        "CompiledRules.start": (lambda **k: rules().start(**k), {
            "hands": lambda: fx().start.dealt, "dealer": lambda: 0}),
        "CompiledRules.tables": (lambda **k: rules().tables(**k),
                                 {"trump": lambda: final().contract.trump}),
        "CompiledRules.view": (lambda **k: rules().view(**k), {"state": st, "seat": lambda: 0}),
        "Match.start": (sr.Match.start, {"variant": v, "seed": lambda: 1,
                                         "dealer": lambda: 0}),
        "Match.finish": (lambda **k: fx().match.finish(**k), {"state": final}),
        "Match.play": (lambda **k: fx().match.play(**k),
                       {"bots": lambda: [HeuristicBot(s) for s in range(4)]}),
        "Match.replay": (sr.Match.replay, {"record": lambda: fx().match_record,
                                           "variant": v}),
        "Match.session_variant": (sr.Match.session_variant, {
            "variant": v, "preferred": lambda: "C", "pot": lambda: 0}),
        "GameRecord.save": (lambda **k: fx().record.save(**k), {"path": out}),
        "MatchRecord.save": (lambda **k: fx().match_record.save(**k), {"path": out}),
        "RecordedVariant.of": (sr.RecordedVariant.of, {"variant": v}),
        "ActionIndex": (ActionIndex, {"variant": v}),
        "ActionIndex.action": (lambda **k: fx().index.action(**k), {"index": lambda: 0}),
        "ActionIndex.index": (lambda **k: fx().index.index(**k), {"action": lambda: 68}),
        "ActionIndex.mask": (lambda **k: fx().index.mask(**k),
                             {"legal": lambda: st().legal_actions()}),
        "Encoder": (Encoder, {"variant": v}),
        "Encoder.encode": (lambda **k: fx().encoder.encode(**k), {"view": lambda: fx().view}),
        "Encoder.ones": (lambda **k: fx().encoder.ones(**k), {"view": lambda: fx().view}),
        "Encoder.legal_mask": (lambda **k: fx().encoder.legal_mask(**k),
                               {"view": lambda: fx().view}),
        "Encoder.split": (lambda **k: fx().encoder.split(**k),
                          {"vector": lambda: fx().encoder.encode(fx().view)}),
        "Encoder.string": (lambda **k: fx().encoder.string(**k), {"view": lambda: fx().view}),
        "Resampler": (Resampler, {"view": lambda: fx().late_view, "variant": v}),
        "Resampler.draw": (lambda **k: fx().resampler.draw(**k), {"rng": rng}),
        "Resampler.sample": (lambda **k: fx().resampler.sample(**k), {"rng": rng}),
        "SimulationResult.plot": (lambda **k: fx().result.plot(**k),
                                  {"path": lambda: str(fx().folder / "plot.png")}),
        "load_study": (sr.load_study, {"path": lambda: fx().study_file}),
        "study": (sr.study, {"spec": lambda: fx().study_file, "executor": lambda: None,
                             "store": lambda: None, "progress": lambda: None}),
        "Study.with_hands": (lambda **k: sr.load_study(fx().study_file).with_hands(**k),
                             {"hands": lambda: 2}),
        "StudyResult.wider_than_wanted": (lambda **k: fx().study.wider_than_wanted(**k), {
            "estimate": lambda: next(iter(fx().study.variants[0].metrics.values())).estimate,
            "kind": lambda: "rate"}),
        "Witness.replay": (lambda **k: fx().witness.replay(**k),
                           {"a": lambda: "altenburg-1988", "b": lambda: "foster"}),
        "Witness.text": (lambda **k: fx().witness.text(**k),
                         {"left": lambda: "altenburg-1988", "right": lambda: "foster"}),
        "CardSet": (sr.CardSet, {"mask": lambda: 5}),
        "CardSet.of": (sr.CardSet.of, {"cards": lambda: [1, 2]}),
        "CardSet.of_suit": (lambda **k: sr.CardSet(255).of_suit(**k),
                            {"suit": lambda: sr.Suit(0)}),
        "Ranking.matador_cards": (lambda **k: sr.Ranking().matador_cards(**k),
                                  {"trump": lambda: 0}),
        "Ranking.tables": (lambda **k: sr.Ranking().tables(**k), {"trump": lambda: 0}),
        "Trick.players": (lambda **k: final().tricks[0].players(**k), {"players": lambda: 4}),
    }


#: What the table leaves out, and why: the constructors of plain values (attrs classes built
#: from their fields, checked where they are used), the exceptions, enums and ``Action``'s
#: factories (which the rules call while compiling), and methods without parameters.
NOT_IN_TABLE = ("value constructors", "exceptions", "enums", "Action factories")


def _call_cases() -> None:
    for label, (function, valid) in _table().items():
        for parameter in valid:
            for wrong, make in WRONG.items():
                def call(function: Callable[..., object] = function,
                         valid: dict[str, Callable[[], object]] = valid,
                         parameter: str = parameter, make: Callable[[], object] = make
                         ) -> object:
                    arguments = {name: value() for name, value in valid.items()}
                    arguments[parameter] = make()
                    return function(**arguments)
                entry = label.split("(")[0].rsplit(".", 1)[-1]
                case(f"call/{label}/{parameter}={wrong}", "call", call,
                     frozenset({"library", "result"}), (parameter, f"{entry} takes"),
                     heavy=wrong not in QUICK)


def table_labels() -> list[str]:
    """The names of the table's entries, for the test that it covers the public API."""
    return list(_table())


_record_cases()
_variant_cases()
_special_cases()
_signal_cases()
_named_cases()
_call_cases()

if __name__ == "__main__":  # python tests/hostile_cases.py: the number of cases per family
    from collections import Counter

    print("default run:", dict(Counter(c.family for c in CASES.values() if not c.heavy)))
    print("pytest -m hostile:", dict(Counter(c.family for c in CASES.values() if c.heavy)))
