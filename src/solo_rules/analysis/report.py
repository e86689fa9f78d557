"""A study's report: the same blocks (headings, paragraphs, lists, tables, figures) written as
Markdown or as one self-contained HTML page, and the figures drawn with matplotlib (the
``analysis`` extra): the seat advantage, decisiveness, the contracts and a sweep's
sensitivity.
"""

from __future__ import annotations

import base64
import html
import math
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from solo_rules.analysis.metrics import report_order
from solo_rules.analysis.stats import Estimate
from solo_rules.analysis.studies import Change, StudyResult
from solo_rules.errors import SoloRulesError

__all__ = ["FIGURES", "html_page", "markdown", "plot", "summary"]

#: The figures ``plot`` draws, by file name (a sweep's sensitivity only for a sweep).
FIGURES = ("seats.png", "decisiveness.png", "contracts.png", "sensitivity.png")
#: The groups of metrics in a report, by the prefixes of their keys.
GROUPS = (
    ("Contract economy", ("share.", "made", "makeable", "missed", "gifted")),
    ("Seats, by place from the dealer", ("score.", "declares.")),
    ("Declarer, partner and defenders", ("role.", "role_score.")),
    ("The partner's reveal", ("reveal.",)),
    ("Decisiveness", ("decisive.",)),
    ("Luck and skill", ("luck.", "skill.")),
)
#: The sensitivity sentences a report shows per value.
TOP = 12
#: The keys of a distribution's parts (a contract's share, a trick), left out where all zero.
_DISTRIBUTION = re.compile(r"share\..+|(reveal|decisive)\.t\d+")
_DECIDED = re.compile(r"decisive\.t(\d+)")


class Block(NamedTuple):
    """One block of a report: ``kind`` is heading, paragraph, items, table or figure."""

    kind: str
    content: Any


def text(estimate: Estimate, kind: str, signed: bool = False) -> str:
    """``12.30 % [10.10, 14.80]`` for a rate, ``1.23 [0.98, 1.48]`` otherwise."""
    if math.isnan(estimate.value):
        return "-"
    scale, unit = (100.0, " %") if kind == "rate" else (1.0, "")
    sign = "+" if signed else ""
    value = f"{estimate.value * scale:{sign}.2f}{unit}"
    if math.isnan(estimate.low):
        return value
    return f"{value} [{estimate.low * scale:.2f}, {estimate.high * scale:.2f}]"


def _blocks(result: StudyResult, figures: Sequence[str | Path] = ()) -> Iterator[Block]:
    spec = result.study
    yield Block("heading", (1, spec.title))
    yield Block("paragraph", summary(result))
    if result.notes:
        yield Block("items", list(result.notes))
    if spec.sweep is not None:
        yield Block("heading", (2, f"Sensitivity to {spec.sweep.label}"))
        yield Block("paragraph", "Each metric's change from the reference value on the same "
                    "deals, with its 95 % interval, the largest effect first (Cohen's h for a "
                    "rate, d for a mean); changes whose interval holds zero are marked (n.s.).")
        for comparison in result.comparisons:
            sentences = [_sentence(result, c, comparison.left_value, comparison.right_value)
                         for c in comparison.ranked[:TOP]]
            yield Block("items", sentences or ["no metric could respond"])
            silent = [c.label for c in comparison.changes if not c.responds]
            if silent:
                yield Block("paragraph", "Could not respond: " + "; ".join(silent) + ".")
    for figure in figures:
        yield Block("figure", figure)
    for title, prefixes in GROUPS:
        rows = _rows(result, prefixes)
        if rows:
            yield Block("heading", (2, title))
            yield Block("table", rows)
    if spec.sweep is None:
        for comparison in result.comparisons:
            yield Block("heading", (2, f"{comparison.right} against {comparison.left}"))
            rows = [["metric", comparison.left, comparison.right, "difference", "effect"]]
            for c in comparison.ranked[:TOP]:
                rows.append([c.label, text(c.left, c.kind), text(c.right, c.kind),
                             text(c.difference, c.kind, signed=True)
                             + ("" if c.distinguishable else " (n.s.)"), f"{c.effect:.2f}"])
            yield Block("table", rows)
        for variant, why in result.unpaired.items():
            yield Block("paragraph", f"{variant} is not compared on the same deals: {why}.")
    yield Block("heading", (2, "Provenance"))
    provenance = result.provenance
    rows = [["", ""], ["library", provenance["library"]], ["solver", provenance["solver"]]]
    rows += [[f"variant {vid}", f"content {digest[:16]}"]
             for vid, digest in provenance["variants"].items()]
    rows += [["bots", provenance["bots"] + (f", challenger {provenance['challenger']}"
                                            if provenance["challenger"] else "")],
             ["deal seeds", provenance["deal_seeds"]],
             ["hands per variant", ", ".join(f"{n:,}" for n in provenance["hands"].values())],
             ["result hash", provenance["result_hash"]]]
    if spec.source:
        rows.append(["study file", spec.source])
    yield Block("table", rows)


def summary(result: StudyResult) -> str:
    """One paragraph: what was played, by whom, from which seeds."""
    spec = result.study
    hands = sorted({m.hands for m in result.variants})
    per = f"{hands[0]:,}" if len(hands) == 1 else f"{hands[0]:,} to {hands[-1]:,}"
    challenger = f", the {spec.challenger} bot as challenger in each seat in turn" \
        if spec.challenger and "skill" in spec.metrics else ""
    rotation = "each from every rotation of the hands" if spec.rotations else "each as dealt"
    return (f"{spec.hands:,} deals, {rotation} ({per} hands per variant), {spec.bots} bots in "
            f"every seat{challenger}, seed {spec.seed}; 95 % intervals over the deals.")


def _sentence(result: StudyResult, change: Change, left: Any, right: Any) -> str:
    sweep = result.study.sweep
    assert sweep is not None
    tail = "" if change.distinguishable else " (n.s.)"
    needed = result.wider_than_wanted(change.difference, change.kind)
    if needed is not None:
        wanted = result.study.precision[0 if change.kind == "rate" else 1]
        shown = f"{wanted * 100:g} points" if change.kind == "rate" else f"{wanted:g}"
        tail += f" (about {needed:,} deals for ±{shown})"
    return (f"{sweep.label} {right} instead of {left} moves {change.label} from "
            f"{text(change.left, change.kind).split(' [')[0]} to "
            f"{text(change.right, change.kind).split(' [')[0]} "
            f"({text(change.difference, change.kind, signed=True)}){tail}")


def _rows(result: StudyResult, prefixes: tuple[str, ...]) -> list[list[str]]:
    variants = result.variants
    keys = sorted({k for metrics in variants for k in metrics.metrics if k.startswith(prefixes)},
                  key=report_order)
    rows = [["metric", *(m.variant for m in variants), "deals needed"]]
    for key in keys:
        found = [m.metrics.get(key) for m in variants]
        present = [m for m in found if m is not None]
        if _DISTRIBUTION.fullmatch(key) and all(m.estimate.value == 0 for m in present):
            continue
        label = present[0].label
        needs = [result.wider_than_wanted(m.estimate, m.kind) for m in present]
        needed = max((n for n in needs if n is not None), default=None)
        rows.append([label, *("-" if m is None else text(m.estimate, m.kind) for m in found),
                     "" if needed is None else f"{needed:,}"])
    return rows if len(rows) > 1 else []


def markdown(result: StudyResult, figures: Sequence[str | Path] = ()) -> str:
    """The report as Markdown (figures linked by their paths as given)."""
    out: list[str] = []
    for block in _blocks(result, figures):
        if block.kind == "heading":
            level, title = block.content
            out.append(f"{'#' * level} {title}")
        elif block.kind == "paragraph":
            out.append(block.content)
        elif block.kind == "items":
            out.append("\n".join(f"- {item}" for item in block.content))
        elif block.kind == "figure":
            out.append(f"![{Path(block.content).stem}]({block.content})")
        else:
            head, *body = block.content
            lines = ["| " + " | ".join(_cell(c) for c in head) + " |",
                     "|" + "---|" * len(head)]
            lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in body]
            out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def _cell(value: str) -> str:
    return value.replace("|", "\\|")


def html_page(result: StudyResult, figures: Sequence[str | Path] = ()) -> str:
    """The report as one HTML page, its figures embedded (read from ``figures``)."""
    out = ["<!doctype html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
           f"<title>{html.escape(result.study.title)}</title>", f"<style>{_STYLE}</style>",
           "</head><body>"]
    for block in _blocks(result, figures):
        if block.kind == "heading":
            level, title = block.content
            out.append(f"<h{level}>{html.escape(title)}</h{level}>")
        elif block.kind == "paragraph":
            out.append(f"<p>{html.escape(block.content)}</p>")
        elif block.kind == "items":
            out.append("<ul>" + "".join(f"<li>{html.escape(item)}</li>"
                                        for item in block.content) + "</ul>")
        elif block.kind == "figure":
            data = base64.b64encode(Path(block.content).read_bytes()).decode("ascii")
            out.append(f"<figure><img alt=\"{html.escape(Path(block.content).stem)}\" "
                       f"src=\"data:image/png;base64,{data}\"></figure>")
        else:
            head, *body = block.content
            rows = ["<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr>"]
            rows += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                     for row in body]
            out.append("<table>" + "".join(rows) + "</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


_STYLE = ("body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;"
          "padding:0 1rem;line-height:1.45;color:#222}table{border-collapse:collapse;"
          "margin:1rem 0;font-size:.9rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;"
          "text-align:left}th{background:#f3f3f3}figure{margin:1rem 0}img{max-width:100%}")


def plot(result: StudyResult, folder: str | Path) -> list[Path]:
    """Draw the study's figures (``FIGURES``) into ``folder``; the paths written (needs
    matplotlib: ``pip install 'solo-rules[analysis]'``)."""
    try:  # an optional dependency, imported only when a plot is asked for
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise SoloRulesError("plotting needs matplotlib: pip install "
                             "'solo-rules[analysis]'") from None
    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SoloRulesError(f"cannot write the plots to {folder}: {exc.strerror or exc}"
                             ) from None
    written = []
    for name, draw in (("seats.png", _seats), ("decisiveness.png", _decisiveness),
                       ("contracts.png", _contracts), ("sensitivity.png", _sensitivity)):
        figure = draw(result, pyplot)
        if figure is None:
            continue
        path = target / name
        try:
            figure.tight_layout()
            figure.savefig(path, dpi=110)
        except (OSError, ValueError) as exc:
            raise SoloRulesError(f"cannot write the plot {path}: "
                                 f"{' '.join(str(exc).split())}") from None
        finally:
            pyplot.close(figure)
        written.append(path)
    return written


def _bars(axes: Any, result: StudyResult, keys: Sequence[str], labels: Sequence[str],
          scale: float) -> None:
    """Bars of ``keys`` side by side for every variant, with their intervals."""
    width = 0.8 / max(1, len(result.variants))
    for n, metrics in enumerate(result.variants):
        found = [metrics.metrics.get(k) for k in keys]
        values = [0.0 if m is None or math.isnan(m.estimate.value) else m.estimate.value * scale
                  for m in found]
        errors = [[0.0 if m is None or math.isnan(m.estimate.low)
                   else max(0.0, m.estimate.value - m.estimate.low) * scale for m in found],
                  [0.0 if m is None or math.isnan(m.estimate.high)
                   else max(0.0, m.estimate.high - m.estimate.value) * scale for m in found]]
        axes.bar([i + n * width for i in range(len(keys))], values, width, yerr=errors,
                 label=metrics.variant, capsize=2)
    axes.set_xticks([i + 0.4 - width / 2 for i in range(len(keys))], labels, rotation=30,
                    ha="right")
    if len(result.variants) > 1:
        axes.legend(fontsize="small")


def _seats(result: StudyResult, pyplot: Any) -> Any:
    players = max((len([k for k in m.metrics if k.startswith("score.p")])
                   for m in result.variants), default=0)
    if not players:
        return None
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(12, 4.5))
    keys = [f"score.p{p}" for p in range(players)]
    labels = ["dealer", "eldest", *(f"place {p}" for p in range(2, players))]
    _bars(left, result, keys, labels, 1.0)
    left.set_title("Mean score by place from the dealer (95 % interval)")
    left.axhline(0, color="black", linewidth=0.6)
    _bars(right, result, [f"declares.p{p}" for p in range(players)], labels, 100.0)
    right.set_title("Share of hands the place declares (%)")
    return figure


def _decisiveness(result: StudyResult, pyplot: Any) -> Any:
    tricks = max((int(found.group(1)) for m in result.variants for k in m.metrics
                  if (found := _DECIDED.fullmatch(k))), default=-1)
    if tricks < 0:
        return None
    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    keys = [f"decisive.t{k}" for k in range(tricks + 1)]
    labels = ["first lead", *(f"trick {k}" for k in range(1, tricks + 1))]
    _bars(axes, result, keys, labels, 100.0)
    axes.set_title("When the double-dummy result is decided (% of solved hands)")
    return figure


def _contracts(result: StudyResult, pyplot: Any) -> Any:
    keys: list[str] = []
    for m in result.variants:
        keys += [k for k, metric in m.metrics.items() if k.startswith("share.")
                 and metric.estimate.value > 0 and k not in keys]
    if not keys:
        return None
    labels = [next(m.metrics[k].label for m in result.variants if k in m.metrics)
              .removesuffix(" share") for k in keys]
    figure, axes = pyplot.subplots(figsize=(max(8, len(keys) * 0.7), 4.5))
    _bars(axes, result, keys, labels, 100.0)
    axes.set_title("Contracts played (% of hands, 95 % interval)")
    return figure


def _sensitivity(result: StudyResult, pyplot: Any) -> Any:
    if result.study.sweep is None or not result.comparisons:
        return None
    figure, axes = pyplot.subplots(figsize=(9, 6))
    rows: list[tuple[str, Change]] = []
    for comparison in result.comparisons:
        rows += [(f"{c.label} ({comparison.right_value})", c) for c in comparison.ranked[:8]]
    rows = [(label, c) for label, c in rows if math.isfinite(c.effect)]
    for y, (_, change) in enumerate(reversed(rows)):
        d = change.difference  # drawn in effect units: the change's interval scaled alike
        scale = change.effect / abs(d.value) if d.value else 0.0
        spread = (d.high - d.low) / 2 * scale if not math.isnan(d.low) else 0.0
        axes.errorbar(math.copysign(change.effect, d.value), y, xerr=spread, fmt="o",
                      color="tab:blue" if change.distinguishable else "tab:gray", capsize=3)
    axes.set_yticks(range(len(rows)), [label for label, _ in reversed(rows)], fontsize="small")
    axes.axvline(0, color="black", linewidth=0.6)
    axes.set_xlabel("standardised effect (Cohen's h or d), 95 % interval")
    axes.set_title(f"Sensitivity to {result.study.sweep.label}, against "
                   f"{result.comparisons[0].left_value}")
    return figure
