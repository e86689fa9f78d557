"""The ``solo-rules`` command: list the variants, print a rulebook, play or watch a hand or a
match, replay a game record, compare variants, simulate them and run studies.

``solo-rules play`` is interactive when stdin is a terminal: the human plays one seat and the
heuristic bot plays the others, each bot deciding from its own seat's view. ``--moves FILE``
(or ``-`` for stdin) plays the seat from a script instead; otherwise (or with ``--watch``) it
prints a fully annotated hand played by bots (the table is ``solo_rules.terminal``). Nothing
ends in a traceback: bad input is one line on stderr and exit code 2, output that cannot be
written one line and exit code 1.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import importlib.util
import io
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs

from solo_rules import accelerator, files
from solo_rules.actions import Action
from solo_rules.analysis import BOTS, load_study, report, simulate, study
from solo_rules.analysis.chunks import process_pool
from solo_rules.bots import Bot
from solo_rules.cards import Suit, parse_suit
from solo_rules.compare import EntryWitness, compare, witnesses
from solo_rules.describe import compose, rulebook
from solo_rules.errors import SoloRulesError, WorkerError, shown
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.match import Match
from solo_rules.record import GameRecord, Misdeal, read_record, record_of, replay
from solo_rules.state import GameState, PlayerView
from solo_rules.terminal import Replay, Table
from solo_rules.variant import (
    Variant,
    available_overlays,
    available_variants,
    load_variant,
    overlay_bases,
    overlay_title,
)

__all__ = ["main"]

DEFAULT_VARIANT = "altenburg-1988"
#: The longest line of a moves script (a move is a few words).
_LONGEST_MOVE = 1_000


class _UsageError(Exception):
    """A command-line mistake, reported on one line with exit code 2."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """argparse's one-line error, any long word in it (an echoed argument) cut short."""
        raise _UsageError(self.prog, re.sub(r"\S{80,}", lambda word: f"{word[0][:60]}... "
                                            f"({len(word[0])} characters)",
                                            message))


def _version() -> str:
    try:
        return metadata.version("solo-rules")
    except metadata.PackageNotFoundError:  # run from a source checkout
        return "unknown"


def _seed(text: str) -> int:
    """An ``--seed`` value: a whole number >= 0 (argparse reports the ``ValueError``)."""
    if not re.fullmatch(r"[0-9]{1,30}", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r:.40}")
    return int(text)


def _seat(text: str) -> int:
    """A ``--seat`` or ``--dealer`` value: a seat number (its range depends on the variant)."""
    if not re.fullmatch(r"-?[0-9]{1,6}", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a seat number like 0, got {text!r:.40}")
    return int(text)


def _suit(text: str) -> Suit:
    """A ``--preferred`` value: a suit's letter, symbol or name."""
    try:
        return parse_suit(text)
    except SoloRulesError:
        raise argparse.ArgumentTypeError(f"expected a suit like C or ♣, got {text!r:.40}") \
            from None


def _command(commands: argparse._SubParsersAction[_Parser], name: str, summary: str,
             examples: Sequence[str]) -> _Parser:
    """A subcommand with its one-line summary and its examples under ``--help``."""
    return commands.add_parser(
        name, help=summary, description=summary[0].upper() + summary[1:] + ".",
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter)


def _parser() -> _Parser:
    parser = _Parser(
        prog="solo-rules", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The rules of the German Solo family: rulebooks with their sources, and "
                    "hands to play or watch.",
        epilog="examples:\n  solo-rules variants\n  solo-rules rules niese\n"
               "  solo-rules play foster --seed 7\n"
               "Run 'solo-rules COMMAND --help' for a command's options.")
    parser.add_argument("--version", action="version",
                        version=f"solo-rules {_version()} ({accelerator.summary()})",
                        help="print the version and exit (solo-rules --version)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    variants = _command(commands, "variants", "list the playable variants: id, title, players "
                        "and status", ["solo-rules variants", "solo-rules variants --json"])
    variants.add_argument("--json", action="store_true",
                          help="print JSON (each variant with its summary): --json")
    variants.set_defaults(run=lambda args: _variants(sys.stdout, args.json))
    rules = _command(commands, "rules", "print a variant's rulebook, with its sources and "
                     "editorial notes", ["solo-rules rules altenburg-1988",
                                         "solo-rules rules niese --format markdown > niese.md",
                                         "solo-rules rules ./my-house-rules.yaml",
                                         "solo-rules rules foster --json"])
    rules.add_argument("variant", metavar="VARIANT",
                       help="a variant id from 'solo-rules variants' (altenburg-1988) or the "
                            "path of a variant file (./house.yaml)")
    rules.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                       help="plain text (the default), Markdown or JSON: --format markdown")
    rules.add_argument("--json", dest="format", action="store_const", const="json",
                       help="print JSON: each section's numbered clauses, the notes, sources "
                            "and glossary (the same as --format json)")
    rules.set_defaults(run=_rules)
    play = _command(commands, "play", "play a hand against bots, watch one, or play one "
                    "seat from a script", [
                        "solo-rules play                       # seat 0, in a terminal",
                        "solo-rules play niese --seat 2 --seed 7",
                        "solo-rules play heart-solo --watch --seed 3",
                        "solo-rules play foster --watch --bot random --json > hand.json",
                        "printf 'pass\\nplay CK\\nplay SK\\nplay CJ\\nplay D9\\nplay D8\\n"
                        "play HQ\\nplay S8\\n' > moves.txt",
                        "solo-rules play --seed 4 --seat 1 --moves moves.txt   # the hand, then "
                        "the outcome",
                        "solo-rules play --seed 4 --seat 1 --moves - < moves.txt"])
    play.add_argument("variant", metavar="VARIANT", nargs="?", default=DEFAULT_VARIANT,
                      help=f"a variant id or file (default {DEFAULT_VARIANT}): foster")
    play.add_argument("--seed", type=_seed,
                      help="the deal's seed, a whole number >= 0 (default: a random one); the "
                           "same seed deals the same hands: --seed 7")
    play.add_argument("--seat", type=_seat, default=0,
                      help="the seat you play, from 0 (default 0): --seat 2")
    play.add_argument("--dealer", type=_seat, default=None,
                      help="the dealer's seat (default: drawn by the variant's first-dealer "
                           "rule from the seed): --dealer 1")
    play.add_argument("--preferred", type=_suit, metavar="SUIT",
                      help="the preferred suit a match established before this hand (AMB-46), "
                           "as 'This deal again' prints it for a match's hand: --preferred S")
    play.add_argument("--pot", type=int, default=0, metavar="N",
                      help="the pot standing before this hand, in score units, as 'This deal "
                           "again' prints it for a match's hand: --pot 8")
    play.add_argument("--watch", action="store_true",
                      help="watch bots play every seat, every card shown: --watch")
    play.add_argument("--moves", metavar="FILE",
                      help="play your seat from FILE ('-': stdin), one move a line, as a "
                           "choice's text (play CQ, bid frage, pass) or number; blank lines and "
                           "# comments are skipped: --moves moves.txt")
    play.add_argument("--record", metavar="FILE",
                      help="write the game record to FILE (YAML for .yaml/.yml, else JSON): "
                           "--record hand.yaml")
    play.add_argument("--hands", type=int, metavar="N",
                      help="play a match of N hands, showing the running totals after each: "
                           "--hands 5")
    play.add_argument("--bot", choices=tuple(BOTS), default="heuristic",
                      help=f"the bot playing the other seats (default heuristic; one of "
                           f"{', '.join(BOTS)}): --bot random")
    play.add_argument("--json", action="store_true",
                      help="print the game record (a match's with --hands) as JSON instead of "
                           "the table, with --watch or --moves: --json")
    play.set_defaults(run=_play)
    again = _command(commands, "replay", "check a game or match record by replaying it", [
        "solo-rules replay hand.yaml", "solo-rules replay match.json --watch",
        "solo-rules replay hand.yaml --variant ./my-house-rules.yaml"])
    again.add_argument("file", metavar="FILE", help="a record written by play --record: hand.yaml")
    again.add_argument("--watch", action="store_true",
                       help="print the hands as they replay: --watch")
    again.add_argument("--variant", metavar="VARIANT",
                       help="the variant file the record was played under, if not shipped: "
                            "--variant ./house.yaml")
    again.set_defaults(run=lambda args: _replay(args, sys.stdout))
    _add_analysis_commands(commands)
    serve = _command(commands, "serve", "serve the card table in the browser: a lobby, tables "
                     "of people and bots, every game stored (needs the web extra)", [
                         "solo-rules serve                      # http://127.0.0.1:8000/",
                         "solo-rules serve --port 8080 --db ~/solo-tables.sqlite3",
                         "solo-rules serve --host 0.0.0.0        # reachable from the network"])
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1): --host 0.0.0.0")
    serve.add_argument("--port", type=_port, default=8000,
                       help="the port to listen on (default 8000): --port 8080")
    serve.add_argument("--db", default="solo-rules.sqlite3", metavar="FILE",
                       help="the SQLite file of the tables, made if missing; a restart resumes "
                            "every table in it (default ./solo-rules.sqlite3): --db tables.db")
    from solo_rules.web.limits import Limits  # needs attrs only, not the web extra

    for field in attrs.fields(Limits):
        many = field.type in (tuple[str, ...], "tuple[str, ...]")
        serve.add_argument(f"--{field.name.replace('_', '-')}", dest=field.name,
                           nargs="+" if many else None, metavar="ORIGIN" if many else "N",
                           type=str if many else _positive(field.type),
                           default=field.default,
                           help=f"{field.metadata['help']} (default {field.default or 'none'})"
                                f": --{field.name.replace('_', '-')} {field.metadata['example']}")
    serve.add_argument("--prune-days", type=_positive(float), metavar="DAYS",
                       help="first delete the tables finished DAYS days ago or more (a table "
                            "still in play is kept): --prune-days 30")
    serve.set_defaults(run=_serve)
    return parser


def _positive(kind: object) -> Callable[[str], float]:
    """An option's value: a number of ``kind`` (``int`` or ``float``) above 0."""
    number = int if kind in (int, "int") else float

    def read(text: str) -> float:
        try:
            value = number(text)
        except ValueError:
            value = 0
        if not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r:.40}")
        return value
    return read


def _port(text: str) -> int:
    if not text.isdecimal() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, got {text!r:.40}")
    return int(text)


def _serve(args: argparse.Namespace) -> int:
    """Serve the table until interrupted; a missing web extra is a one-line error."""
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec(
            "uvicorn") is None:
        raise _UsageError("solo-rules serve", "the table needs the web extra: pip install "
                          "'solo-rules[web]'")
    database = os.path.dirname(os.path.abspath(args.db))
    if not os.path.isdir(database):
        raise _UsageError("solo-rules serve", f"--db: the folder {database!r} does not exist")
    from solo_rules.web import Limits, serve

    chosen: dict[str, Any] = {field.name: getattr(args, field.name)
                              for field in attrs.fields(Limits)}
    limits = Limits(**{**chosen, "origins": tuple(chosen["origins"])})
    serve(host=args.host, port=args.port, db=args.db, limits=limits,
          prune_after=None if args.prune_days is None else args.prune_days * 86400)
    return 0


def _add_analysis_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    """``compare``, ``simulate`` and ``study``: the analyst's commands."""
    diff = _command(commands, "compare", "list the differences between two variants' rules, "
                    "slot by slot, with witness deals on request", [
                        "solo-rules compare altenburg-1988 foster",
                        "solo-rules compare niese ./my-house-rules.yaml --format markdown",
                        "solo-rules compare altenburg-1988 foster --witness --deals 50"])
    diff.add_argument("left", metavar="A", help="a variant id or file: altenburg-1988")
    diff.add_argument("right", metavar="B", help="a variant id or file: ./house.yaml")
    diff.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                      help="plain text (the default), Markdown or JSON: --format json")
    diff.add_argument("--witness", action="store_true",
                      help="also search deals for a witness of each behavioural difference "
                           "(both must deal the same pack to the same seats): --witness")
    diff.add_argument("--deals", type=int, default=200,
                      help="deals to search for witnesses (default 200): --deals 50")
    diff.add_argument("--seed", type=_seed, default=0,
                      help="the first search seed (default 0): --seed 3")
    diff.set_defaults(run=lambda args: _compare(args, sys.stdout))
    sim = _command(commands, "simulate", "play the same deals in variants with bots and "
                   "compare the statistics", [
                       "solo-rules simulate altenburg-1988 niese --hands 1000",
                       "solo-rules simulate foster --hands 500 --bot random --json",
                       "solo-rules simulate altenburg-1988 foster --hands 2000 --workers 2 "
                       "--plot stats.png"])
    sim.add_argument("variants", metavar="VARIANT", nargs="+",
                     help="variant ids or files: altenburg-1988 niese")
    sim.add_argument("--hands", type=int, required=True,
                     help="deals to play in each variant: --hands 1000")
    sim.add_argument("--bot", choices=tuple(BOTS), default="heuristic",
                     help=f"the bot playing every seat (default heuristic; one of "
                          f"{', '.join(BOTS)}): --bot random")
    sim.add_argument("--seed", type=_seed, default=0,
                     help="the first deal's seed (default 0): --seed 2")
    sim.add_argument("--workers", type=int, default=1,
                     help="processes to use (default 1): --workers 2")
    sim.add_argument("--timeout", type=float, metavar="SECONDS",
                     help="with --workers, give up on a worker that takes longer than this "
                          "per hand (default: generous, by bot): --timeout 0.5")
    sim.add_argument("--json", action="store_true",
                     help="print JSON instead of tables: --json")
    sim.add_argument("--plot", metavar="FILE",
                     help="draw the plots into FILE (png, svg, pdf; needs matplotlib): "
                          "--plot stats.png")
    sim.set_defaults(run=lambda args: _simulate(args, sys.stdout))
    run = _command(commands, "study", "play a study file's deals in its variants (or a sweep "
                   "of one parameter) and report its metrics with intervals", [
                       "solo-rules study docs/examples/solo-sweep.yaml --hands 20  # long: "
                       "value bots; the compiled solver helps",
                       "solo-rules study docs/examples/solo-sweep.yaml --hands 200 --json",
                       "solo-rules study STUDY.yaml --workers 2 --out results/ --plot figures/"])
    run.add_argument("file", metavar="FILE", help="a study file (YAML): study.yaml")
    run.add_argument("--hands", type=int,
                     help="deals to play instead of the file's: --hands 200")
    run.add_argument("--bots", choices=tuple(BOTS),
                     help="the bots to seat instead of the file's: --bots heuristic")
    run.add_argument("--workers", type=int, default=1,
                     help="processes to use (default 1): --workers 2")
    run.add_argument("--json", action="store_true",
                     help="print the result as JSON (with its provenance) instead of Markdown: "
                          "--json")
    run.add_argument("--out", metavar="DIR",
                     help="write study.json, study.md and study.html with their figures into "
                          "DIR, and keep each finished chunk there (run it again to resume): "
                          "--out results")
    run.add_argument("--plot", metavar="DIR",
                     help="draw the figures (seat advantage, decisiveness, contracts, "
                          "sensitivity) into DIR as PNG (needs matplotlib): --plot figures")
    run.set_defaults(run=lambda args: _study(args, sys.stdout))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 ok, 1 output failed, 2 bad input, 130
    interrupted)."""
    if sys.stderr is None:  # started with stderr closed (``2>&-``): errors go nowhere
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:  # started with stdout closed (``>&-``)
        return _fail("solo-rules: error: cannot write the output: stdout is closed", 1)
    try:
        code = _run(_parser(), argv)
        sys.stdout.flush()
        return code
    except (_UsageError, SoloRulesError) as exc:
        prog = exc.prog if isinstance(exc, _UsageError) else "solo-rules"
        return _fail(f"{prog}: error: {' '.join(str(exc).split())}", 2)
    except KeyboardInterrupt:
        return _fail("solo-rules: interrupted", 130)
    except UnicodeEncodeError as exc:  # a terminal that cannot show the text
        return _fail(f"solo-rules: error: cannot write the output in {exc.encoding}: "
                     f"{shown(exc.object[exc.start:exc.end])}", 1)
    except BrokenPipeError:  # the reader left (``| head``): stop quietly, as the docs advise
        _silence_stdout()
        return 0
    except OSError as exc:  # a full disk, a closed stdout
        _silence_stdout()
        return _fail(f"solo-rules: error: cannot write the output: "
                     f"{exc.strerror or errno.errorcode.get(exc.errno or 0, exc)}", 1)


def _run(parser: _Parser, argv: Sequence[str] | None) -> int:
    """Parse and run one command; ``--help`` and ``--version`` return 0."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:
        parser.print_help()
        return 0
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        parser.print_help()
        return 0
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except SoloRulesError as exc:  # named by the command, as argparse names its errors
        raise _UsageError(f"solo-rules {args.command}", str(exc)) from None


def _fail(line: str, code: int) -> int:
    """Print one line on stderr (if it can be written) and return ``code``."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    return code


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush raises nothing."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _variants(out: TextIO, as_json: bool = False) -> int:
    """The playable variants, then the overlays (optional rules) and the bases each fits; as
    a table, or as JSON with each variant's summary."""
    found = [load_variant(vid) for vid in available_variants()]
    fits = {oid: overlay_bases(oid) for oid in available_overlays()}
    if as_json:
        data = {"variants": [{"id": v.id, "title": v.title, "players": compile(v).players,
                              "status": v.status, "summary": v.summary} for v in found],
                "overlays": [{"id": oid, "title": overlay_title(oid), "applies_to": bases}
                             for oid, bases in fits.items()]}
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0
    rows = [("id", "title", "players", "status")]
    rows += [(v.id, v.title, str(compile(v).players), v.status) for v in found]
    _table(out, rows)
    overlays = [("overlay", "title", "applies to")]
    overlays += [(oid, overlay_title(oid), ", ".join(bases)) for oid, bases in fits.items()]
    if overlays[1:]:
        out.write("\n")
        _table(out, overlays)
    return 0


def _table(out: TextIO, rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
                  .rstrip() + "\n")


def _compare(args: argparse.Namespace, out: TextIO) -> int:
    """Print the diff of two variants, and with ``--witness`` then search a witness per
    difference, its progress on a terminal's stderr; in JSON, both at the end."""
    diff = compare(args.left, args.right)
    found: tuple[EntryWitness, ...] = ()
    if args.witness and args.deals < 1:
        raise _UsageError("solo-rules compare", f"--deals {args.deals}: search at least one "
                          "deal")
    markdown = args.format == "markdown"
    if args.format != "json":  # the diff first: the search for witnesses takes a while
        out.write(diff.markdown() if markdown else diff.text())
        out.flush()
    if args.witness:
        with _status() as status:
            found = witnesses(diff.left_variant, diff.right_variant, seed=args.seed,
                              max_deals=args.deals, progress=status)
    if args.format == "json":
        data = diff.to_dict()
        if args.witness:
            data["witnesses"] = [{"path": item.entry.path, "reason": item.reason,
                                  "against": item.against,
                                  "witness": item.witness and item.witness.to_dict()}
                                 for item in found]
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.witness:
        out.write("\n## Witnesses\n" if markdown else "\nWitnesses\n")
        for item in found:
            out.write(f"\n{'### ' if markdown else ''}{item.entry.words}\n")
            if item.witness is None:
                out.write(f"{'' if markdown else '  '}none: {item.reason}\n")
            else:
                if item.reason:
                    out.write(f"{'' if markdown else '  '}({item.reason})\n")
                text = item.witness.text(diff.left, diff.right if not item.against
                                         or item.against == diff.right_variant.id else
                                         f"{diff.left} with {diff.right}'s "
                                         f"{item.entry.words.split(':')[0]}")
                out.write(f"\n```\n{text}```\n" if markdown else text)
    return 0


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Simulate, with a progress bar on a terminal, and print tables or JSON."""
    if args.hands < 1:
        raise _UsageError("solo-rules simulate", f"--hands {args.hands}: play at least one hand")
    if args.workers < 1:
        raise _UsageError("solo-rules simulate", f"--workers {args.workers}: use at least 1")
    if args.plot:  # before the simulation: a plot that cannot be written fails at once
        _check_plot(args.plot)
    with _progress(args.hands) as tick:
        if args.workers == 1:
            result = simulate(args.variants, hands=args.hands, bots=args.bot, seed=args.seed,
                              progress=tick)
        else:
            with process_pool(args.workers) as pool:
                result = simulate(args.variants, hands=args.hands, bots=args.bot,
                                  seed=args.seed, executor=pool, progress=tick,
                                  timeout=args.timeout)
    if args.plot:  # first, so that a plot that cannot be written leaves no half output
        result.plot(args.plot)
    out.write(result.to_json() if args.json else result.table())
    if args.plot:
        _fail(f"solo-rules simulate: wrote the plots to {os.path.abspath(args.plot)}", 0)
    return 0


def _study(args: argparse.Namespace, out: TextIO) -> int:
    """Run a study file, with a progress bar on a terminal; print Markdown or JSON, and
    write the reports and figures where asked. Ctrl-C keeps the finished chunks."""
    prog = "solo-rules study"
    if args.workers < 1:
        raise _UsageError(prog, f"--workers {args.workers}: use at least 1")
    if args.hands is not None and args.hands < 1:
        raise _UsageError(prog, f"--hands {args.hands}: play at least one deal")
    spec = load_study(args.file)
    if args.hands is not None:
        spec = spec.with_hands(args.hands)
    if args.bots is not None:
        spec = attrs.evolve(spec, bots=args.bots)
    if (args.plot or args.out) and importlib.util.find_spec("matplotlib") is None:
        raise _UsageError(prog, "--plot and --out draw figures, which need matplotlib: pip "
                          "install 'solo-rules[analysis]'")
    store = None if args.out is None else os.path.join(args.out, "chunks")
    try:
        with _progress(spec.hands) as tick:
            progress = None if tick is None else lambda done, _total: tick(done)
            if args.workers == 1:
                result = study(spec, store=store, progress=progress)
            else:
                with process_pool(args.workers) as pool:
                    result = study(spec, executor=pool, store=store, progress=progress)
    except KeyboardInterrupt:
        kept = f"; the finished chunks are kept in {store}: run it again to resume" \
            if store else ""
        return _fail(f"{prog}: interrupted{kept}", 130)
    except WorkerError as error:
        kept = f"; the finished chunks are kept in {store}: run it again to resume" \
            if store else ""
        return _fail(f"{prog}: error: {error}{kept}", 1)
    figures = report.plot(result, args.out or args.plot) if args.out or args.plot else []
    if args.out:
        names = [path.name for path in figures]
        _write(os.path.join(args.out, "study.json"), result.to_json())
        _write(os.path.join(args.out, "study.md"), report.markdown(result, names))
        _write(os.path.join(args.out, "study.html"), report.html_page(result, figures))
    if args.out and args.plot:  # drawn once, into the reports' folder
        figures = [_copy(path, args.plot) for path in figures]
    out.write(result.to_json() if args.json else report.markdown(result, figures))
    return 0


def _copy(path: Path, folder: str) -> Path:
    """``path`` copied into ``folder``."""
    target = Path(folder) / path.name
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    except OSError as exc:
        raise SoloRulesError(f"cannot write the plot {target}: {exc.strerror or exc}") from None
    return target


def _write(path: str, text: str) -> None:
    """Write a report file whole (a temporary file renamed over it)."""
    folder = os.path.dirname(path) or "."
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except OSError as exc:
        raise SoloRulesError(f"cannot write {path}: {exc.strerror or exc}") from None


def _check_plot(path: str) -> None:
    """That ``--plot FILE`` can be drawn: matplotlib is installed, it writes that kind of
    file, and its folder exists and may be written to."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        why = "is a folder" if os.path.isdir(path) else f"cannot write into {folder!r:.80}"
        raise _UsageError("solo-rules simulate", f"--plot {path!r:.80}: {why}")
    if importlib.util.find_spec("matplotlib") is None:
        raise _UsageError("solo-rules simulate", "--plot needs matplotlib: pip install "
                          "'solo-rules[analysis]'")
    kinds = importlib.import_module("matplotlib.backend_bases").FigureCanvasBase \
        .get_supported_filetypes()
    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    if suffix not in kinds:
        raise _UsageError("solo-rules simulate", f"--plot {path!r:.80}: the file name must end "
                          f"with one of .{', .'.join(sorted(kinds))}")


@contextlib.contextmanager
def _status() -> Iterator[Callable[[str], None] | None]:
    """A status line on stderr when it is a terminal, rewritten as the work goes on and
    cleared at the end; else nothing, so that piped output stays clean."""
    if not sys.stderr.isatty():
        yield None
        return
    width = shutil.get_terminal_size().columns - 1

    def show(text: str) -> None:
        sys.stderr.write("\r" + text[:width].ljust(width))
        sys.stderr.flush()

    try:
        yield show
    finally:
        sys.stderr.write("\r" + " " * width + "\r")
        sys.stderr.flush()


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None] | None]:
    """A rich progress bar on stderr when it is a terminal (and rich is installed), else a
    line on stderr every few seconds of a long run (``_progress_lines``), so that a log or a
    pipe shows the work going on while stdout stays clean."""
    if not sys.stderr.isatty() or importlib.util.find_spec("rich") is None:
        yield _progress_lines(total)
        return
    rich_progress = importlib.import_module("rich.progress")
    console = importlib.import_module("rich.console").Console(file=sys.stderr)
    with rich_progress.Progress(console=console, transient=True) as bar:
        task = bar.add_task("simulating", total=total)
        yield lambda done: bar.update(task, completed=done)


def _progress_lines(total: int, every: float = 5.0) -> Callable[[int], None]:
    """``120 of 500 hands (15 s)`` on its own line of stderr, at most once every ``every``
    seconds: nothing for a run shorter than that."""
    start = last = time.monotonic()

    def tick(done: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= every:
            last = now
            sys.stderr.write(f"{done} of {total} hands ({now - start:.0f} s)\n")
            sys.stderr.flush()
    return tick


def _rules(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant)
    if args.format == "json":
        sys.stdout.write(json.dumps(compose(variant).to_dict(), indent=2, ensure_ascii=False)
                         + "\n")
    else:
        sys.stdout.write(rulebook(variant, args.format))
    return 0


def _play(args: argparse.Namespace) -> int:
    if args.record is not None:  # before the hand is played, so that it is not lost
        try:
            files.check_target(args.record, error=SoloRulesError,
                               label=f"--record {shown(args.record, 80)}")
        except SoloRulesError as exc:
            raise _UsageError("solo-rules play", str(exc)) from None
    variant = load_variant(args.variant)
    if args.preferred is not None or args.pot:
        if args.hands is not None:
            raise _UsageError("solo-rules play", "--preferred and --pot deal one hand of a "
                              "match again; a match of --hands keeps its own")
        try:
            variant = Match.session_variant(variant, args.preferred, args.pot)
        except SoloRulesError as exc:
            raise _UsageError("solo-rules play", f"--preferred/--pot: {exc}") from None
    rules = compile(variant)
    players = rules.players
    for name in ("seat", "dealer"):
        value = getattr(args, name)
        if value is not None and not 0 <= value < players:
            raise _UsageError("solo-rules play", f"--{name} {value}: {variant.id} has seats "
                              f"0..{players - 1}")
    if args.watch and args.moves is not None:
        raise _UsageError("solo-rules play", "--watch and --moves exclude each other: bots "
                          "play every seat when watching")
    if args.json and not (args.watch or args.moves is not None or not sys.stdin.isatty()):
        raise _UsageError("solo-rules play", "--json prints the game record instead of the "
                          "table, so it needs --watch or --moves (nobody plays at a terminal)")
    # the table of --json is not shown: the record is printed instead
    screen = io.StringIO() if args.json else sys.stdout
    if args.hands is not None:
        return _play_match(args, variant, screen)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4)) >> 1
    state = new_game(variant, seed=seed, dealer=args.dealer)
    bots = _bots(args.bot, seed, rules)
    call = Replay(args.variant, seed, args.dealer, args.seat)
    if args.moves is not None:
        table = Table(variant, screen, args.seat)
        with _moves_file(args.moves) as lines:
            code = table.scripted(state, bots, call, lines)
    else:
        if not args.watch and not sys.stdin.isatty() and not args.json:
            _fail("solo-rules play: stdin is not a terminal, so bots play every seat; to play "
                  f"seat {args.seat} from a script, use --moves FILE or --moves -", 0)
        table = Table(variant, screen, None if args.watch or not sys.stdin.isatty()
                      else args.seat)
        code = table.play(state, bots, call)
    record = record_of(table.last or state, seed)
    if args.record is not None:
        record.save(args.record)
    if args.json:
        sys.stdout.write(record.to_json() + "\n")
    return code


def _bots(name: str, seed: int, rules: CompiledRules) -> list[Bot]:
    """The bots of ``--bot`` for every seat, each seeded from the deal's seed and its seat."""
    return [BOTS[name](seed * 8 + seat, rules) for seat in range(rules.players)]


def _play_match(args: argparse.Namespace, variant: Variant, screen: TextIO) -> int:
    """Play ``--hands N`` hands as one match, with the running totals after each hand."""
    if args.hands < 1:
        raise _UsageError("solo-rules play", f"--hands {args.hands}: play at least one hand")
    match = Match.start(variant, seed=args.seed, dealer=args.dealer)
    bots = _bots(args.bot, match.seed, compile(variant))
    human = None if args.watch or not sys.stdin.isatty() else args.seat
    code = 0
    for number in range(1, args.hands + 1):
        hand = match.deal()
        table = Table(hand.variant, screen, human)  # a preferred suit may be established
        table.say(f"\n== Hand {number} of {args.hands} (match seed {match.seed}) ==")
        code = table.play(hand, bots,
                          Replay(args.variant, match.hand_seed, hand.dealer, args.seat,
                                 match.preferred, match.pot))
        if table.last is None or not table.last.is_terminal:
            break
        match = match.finish(table.last)
        table.say(f"{_totals(match.totals, number, match.pot if match.keeps_pot else None)}; "
                  f"seat {match.dealer} deals next")
    if args.record is not None:
        match.to_record().save(args.record)
    if args.json:
        sys.stdout.write(match.to_record().to_json() + "\n")
    return code


def _totals(totals: Sequence[int], hands: int, pot: int | None = None) -> str:
    """``Totals after hand 3: seat 0 +8, seat 1 -4, ...``, and ``, pot 8`` where a pot
    stands from hand to hand."""
    seats = ", ".join(f"seat {seat} {total:+d}" for seat, total in enumerate(totals))
    return f"Totals after hand {hands}: {seats}" + ("" if pot is None else f", pot {pot}")


class _Script:
    """A player that makes the recorded actions, in turn, for replay --watch."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = iter(actions)

    def choose(self, view: PlayerView) -> Action:
        return next(self._actions)


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    """Check a hand or match record by replaying it; with ``--watch``, print it as it goes."""
    record = read_record(args.file)
    variant = None if args.variant is None else load_variant(args.variant)
    if isinstance(record, GameRecord):
        final = replay(record, variant)
        if args.watch:
            _watch_record(record, final, out)
        out.write(f"{args.file}: the hand replays: {len(record.actions)} actions, "
                  + ("unfinished" if record.outcome is None else
                     "scores " + " ".join(f"{s:+d}" for s in record.outcome.scores)) + "\n")
        return 0
    match = Match.replay(record, variant)
    rows = match.running_totals()
    pots: Sequence[int | None] = match.running_pots() if match.keeps_pot else [None] * len(rows)
    for number, (hand, totals, played, pot) in enumerate(
            zip(record.hands, rows, match.hand_variants(), pots, strict=True), start=1):
        if isinstance(hand, Misdeal):
            out.write(f"\n== Hand {number}: misdealt by seat {hand.dealer} ==\n")
            continue
        if args.watch:
            out.write(f"\n== Hand {number} of {len(rows)} ==\n")
            _watch_record(hand, replay(hand, played), out)
        out.write(_totals(totals, number, pot) + "\n")
    out.write(f"{args.file}: the match replays: {len(rows)} hands\n")
    return 0


def _watch_record(record: GameRecord, final: GameState, out: TextIO) -> None:
    """Print a checked hand record as ``play --watch`` prints a hand."""
    start = new_game(final.variant, hands=record.deal, dealer=record.dealer)
    script = _Script([final.rules.actions.parse(text) for _, text in record.actions])
    table = Table(final.variant, out, None)
    call = None
    if record.seed is not None:  # the call that deals it again, as play --watch printed it
        drawn = compile(final.variant).first_dealer(random.Random(record.seed))
        call = Replay(final.variant.id, record.seed,
                      None if drawn == record.dealer else record.dealer, 0)
    players: list[Bot] = [script] * final.players
    table.watch(start, players, call)


@contextlib.contextmanager
def _moves_file(name: str) -> Iterator[Iterator[tuple[int, str]]]:
    """The numbered move lines of ``name`` (``-``: stdin, read as it comes, a line at most
    ``_LONGEST_MOVE`` characters), blank lines and comments left out; a file is read whole
    within ``files.MAX_BYTES``, and one that cannot be read (a FIFO, ``/dev/zero``) is a
    one-line error."""
    label = f"--moves {shown(name, 80)}"
    if name == "-":
        stream: Iterable[str] = iter(lambda: sys.stdin.readline(_LONGEST_MOVE + 1), "")
    else:
        try:
            stream = files.read_text(name, error=SoloRulesError, label=label).splitlines()
        except SoloRulesError as exc:
            raise _UsageError("solo-rules play", str(exc)) from None

    def lines() -> Iterator[tuple[int, str]]:
        try:
            for number, line in enumerate(stream, start=1):
                if len(line) > _LONGEST_MOVE:
                    raise _UsageError("solo-rules play", f"{label} line {number}: longer than "
                                      f"{_LONGEST_MOVE:,} characters")
                text = line.split("#", 1)[0].strip()
                if text:
                    yield number, text
        except UnicodeDecodeError:
            raise _UsageError("solo-rules play", f"{label}: not UTF-8 text") from None

    yield lines()


