"""What a study asks: the variants (or a base and a sweep of one parameter), the bots, the
deals, the seed, the metrics and the precision wanted; read from a study file or given in
Python, checked once, so that a study that starts can run to its end.

A study file::

    schema: 1
    title: Altenburg's Solo worth 4, 6 or 8
    base: altenburg-1988
    sweep: {path: rules.contracts.params.contracts.solo.base, values: [4, 6, 8]}
    bots: value
    hands: 500
    seed: 0
    metrics: [contracts, seats, roles]

``variants`` (a list of ids or paths, or ``shipped``: every shipped playable variant the
double-dummy solver searches, which leaves out Quadrille's forty cards, with ``players`` to
keep those of one player count) takes the place of ``base`` and ``sweep``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

import attrs

from solo_rules import safe_yaml
from solo_rules.analysis.players import BOTS
from solo_rules.errors import SoloRulesError, StudyError, shown
from solo_rules.game import compile
from solo_rules.solver import searches
from solo_rules.variant import Variant, available_variants, load_variant, with_params

__all__ = ["DOUBLE_DUMMY", "METRICS", "Study", "Sweep", "load_study", "make_study"]

#: The metrics a study can measure, in report order.
METRICS = ("contracts", "double_dummy", "seats", "roles", "reveal", "decisiveness", "luck",
           "skill")
#: The metrics that solve hands double-dummy (the compiled solver makes them cheap).
DOUBLE_DUMMY = frozenset({"double_dummy", "decisiveness", "luck"})
#: The keys of a study file.
_KEYS = ("schema", "title", "variants", "players", "base", "sweep", "bots", "challenger",
         "hands", "seed", "rotations", "metrics", "precision")
#: The most deals a study plays (each from every rotation, in every variant).
MAX_HANDS = 10_000_000


@attrs.frozen
class Sweep:
    """One parameter of ``base`` set to each of ``values`` in turn: ``variants[i]`` has
    ``values[i]`` (the base itself where that is its own value, else the value as a house
    rule); ``reference`` is the index of the value the others are compared with (the base's
    own, else the first)."""

    path: str
    values: tuple[Any, ...]
    base: Variant
    variants: tuple[Variant, ...]
    reference: int

    @property
    def label(self) -> str:
        """The parameter's short name: the path after ``params``."""
        return self.path.split(".params.", 1)[-1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"path": self.path, "values": list(self.values), "base": self.base.id,
                "reference": self.values[self.reference]}


@attrs.frozen
class Study:
    """A checked study: play ``hands`` seeded deals in each variant, each deal from every
    rotation of the hands (``rotations``), with ``bots`` in every seat (and ``challenger`` in
    each seat in turn, for ``skill``), and measure ``metrics``. ``precision`` is the interval
    half-width wanted for rates and for mean scores: a wider one prints the deals it needs."""

    title: str
    variants: tuple[Variant, ...]
    bots: str
    hands: int
    seed: int = 0
    metrics: tuple[str, ...] = tuple(m for m in METRICS if m != "skill")
    challenger: str | None = None
    rotations: bool = True
    sweep: Sweep | None = None
    precision: tuple[float, float] = (0.02, 0.25)
    #: the study file, if it came from one
    source: str = ""

    def with_hands(self, hands: int) -> Study:
        """The same study with ``hands`` deals."""
        return attrs.evolve(self, hands=_count(hands, "hands", self.source))

    def to_dict(self) -> dict[str, Any]:
        """What the study is, JSON-ready: its provenance in a report."""
        return {
            "title": self.title, "source": self.source,
            "variants": [{"id": v.id, "content_hash": v.content_hash} for v in self.variants],
            "sweep": None if self.sweep is None else self.sweep.to_dict(),
            "bots": self.bots, "challenger": self.challenger, "hands": self.hands,
            "seed": self.seed, "rotations": self.rotations, "metrics": list(self.metrics),
            "precision": {"rates": self.precision[0], "scores": self.precision[1]},
        }


def make_study(*, variants: Sequence[Variant | str | Path] | str | None = None,
               players: int | None = None, base: Variant | str | Path | None = None,
               sweep: Mapping[str, Any] | None = None, bots: str = "heuristic",
               challenger: str | None = None, hands: int, seed: int = 0,
               rotations: bool = True, metrics: Sequence[str] | None = None,
               precision: Mapping[str, float] | None = None, title: str | None = None,
               source: str = "", folder: Path | None = None) -> Study:
    """A checked ``Study`` from the keys of a study file (``folder``: where its paths are
    relative to); every problem is one ``StudyError`` line naming the key."""
    where = f"{source}: " if source else ""

    def fail(message: str) -> StudyError:
        return StudyError(f"{where}{message}")

    if (variants is None) == (base is None):
        raise fail("name either variants or a base (with a sweep)")
    if base is None and sweep is not None:
        raise fail("sweep: a sweep needs a base")
    for key, name in (("bots", bots), ("challenger", challenger)):
        if name is not None and name not in BOTS:
            raise fail(f"{key}: unknown bot {shown(name)}; bots are {', '.join(BOTS)}")
    chosen = _metrics(metrics, challenger, fail)
    hands = _count(hands, "hands", source)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
        raise fail(f"seed: expected a whole number from 0 to {2**32 - 1}, got {shown(seed)}")
    if not isinstance(rotations, bool):
        raise fail(f"rotations: expected true or false, got {shown(rotations)}")
    found: Sweep | None = None
    if base is not None:
        base_variant = _variant(base, folder, fail, "base")
        if sweep is None:
            chosen_variants: tuple[Variant, ...] = (base_variant,)
        else:
            found = _sweep(base_variant, sweep, fail)
            chosen_variants = found.variants
    else:
        assert variants is not None
        chosen_variants = _variants(variants, players, folder, fail)
    if players is not None and variants != "shipped":
        raise fail("players: keeps the shipped variants of one player count "
                   "(with variants: shipped)")
    return Study(
        title=_title(title, chosen_variants, found, fail), variants=chosen_variants, bots=bots,
        hands=hands, seed=seed, metrics=chosen, challenger=challenger, rotations=rotations,
        sweep=found, precision=_precision(precision, fail), source=source)


def load_study(path: str | Path) -> Study:
    """The study of a study file (YAML; the module's docstring shows one)."""
    if isinstance(path, bool) or not isinstance(path, str | PathLike):
        raise TypeError(f"load_study: path must be a study file's path, got "
                        f"{type(path).__name__}")
    file = Path(path)
    shown_path = str(file)[:200]
    try:
        with open(file, "rb") as stream:
            content = stream.read(safe_yaml.MAX_BYTES + 1)
        if len(content) > safe_yaml.MAX_BYTES:
            raise StudyError(f"{shown_path}: larger than {safe_yaml.MAX_BYTES:,} bytes")
        data = safe_yaml.load(content.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise StudyError(f"{shown_path}: not UTF-8 text (offset {exc.start})") from None
    except OSError as exc:
        raise StudyError(f"{shown_path}: cannot read: {exc.strerror or exc}") from None
    except SoloRulesError:
        raise
    except Exception as exc:  # PyYAML's errors, with a line and column where known
        mark = getattr(exc, "problem_mark", None)
        at = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        raise StudyError(f"{shown_path}{at}: {getattr(exc, 'problem', None) or 'invalid YAML'}"
                         ) from None
    if not isinstance(data, dict):
        raise StudyError(f"{shown_path}: a study file is a mapping of keys, got "
                         f"{type(data).__name__}")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        raise StudyError(f"{shown_path}: {shown(unknown[0])}: unknown key; keys are "
                         f"{', '.join(_KEYS)}")
    if data.get("schema", 1) != 1:
        raise StudyError(f"{shown_path}: schema: expected 1, got {shown(data.get('schema'))}")
    if "hands" not in data:
        raise StudyError(f"{shown_path}: hands: missing (how many deals to play)")
    keys = {key: value for key, value in data.items() if key != "schema"}
    return make_study(**keys, source=shown_path, folder=file.parent)


def _count(hands: Any, key: str, source: str) -> int:
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        where = f"{source}: " if source else ""
        raise StudyError(f"{where}{key}: expected a whole number from 1 to {MAX_HANDS:,}, "
                         f"got {shown(hands)}")
    return hands


def _metrics(metrics: Sequence[str] | None, challenger: str | None,
             fail: Any) -> tuple[str, ...]:
    if metrics is None:
        return tuple(m for m in METRICS if m != "skill" or challenger is not None)
    if isinstance(metrics, str) or not isinstance(metrics, Sequence) or not metrics:
        raise fail(f"metrics: expected a list of metrics ({', '.join(METRICS)}), got "
                   f"{shown(metrics)}")
    for metric in metrics:
        if metric not in METRICS:
            raise fail(f"metrics: unknown metric {shown(metric)}; metrics are "
                       f"{', '.join(METRICS)}")
    if "skill" in metrics and challenger is None:
        raise fail("metrics: skill compares two bots: name the challenger")
    return tuple(m for m in METRICS if m in metrics)


def _precision(precision: Mapping[str, float] | None, fail: Any) -> tuple[float, float]:
    wanted = {"rates": 0.02, "scores": 0.25}
    if precision is None:
        return wanted["rates"], wanted["scores"]
    if not isinstance(precision, Mapping):
        raise fail(f"precision: expected {{rates: 0.02, scores: 0.25}}, got {shown(precision)}")
    for key, value in precision.items():
        if key not in wanted:
            raise fail(f"precision: unknown key {shown(key)}; keys are rates, scores")
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value) or value <= 0:
            raise fail(f"precision.{key}: expected a positive number, got {shown(value)}")
        wanted[key] = float(value)
    return wanted["rates"], wanted["scores"]


def _variant(source: Any, folder: Path | None, fail: Any, key: str) -> Variant:
    if isinstance(source, Variant):
        return source
    if not isinstance(source, str | Path):
        raise fail(f"{key}: expected a variant id or file, got {shown(source)}")
    text = str(source)
    if folder is not None and (text.endswith((".yaml", ".yml")) or "/" in text) \
            and not Path(text).is_absolute():
        text = str(folder / text)
    try:
        return load_variant(text)
    except SoloRulesError as exc:
        raise fail(f"{key}: {exc}") from None


def _variants(variants: Sequence[Variant | str | Path] | str, players: int | None,
              folder: Path | None, fail: Any) -> tuple[Variant, ...]:
    if variants == "shipped":
        # the double-dummy metrics need the solver (``searches``: not Quadrille's forty cards)
        found = tuple(variant for variant in map(load_variant, available_variants())
                      if searches(compile(variant)))
        if players is not None:
            if isinstance(players, bool) or not isinstance(players, int):
                raise fail(f"players: expected a whole number, got {shown(players)}")
            found = tuple(v for v in found if compile(v).players == players)
            if not found:
                raise fail(f"players: no shipped variant is played by {players}")
        return found
    if isinstance(variants, str) or not isinstance(variants, Sequence) or not variants:
        raise fail(f"variants: expected a list of variant ids or files, or shipped; got "
                   f"{shown(variants)}")
    chosen = tuple(_variant(v, folder, fail, "variants") for v in variants)
    ids = [v.id for v in chosen]
    twice = next((vid for vid in ids if ids.count(vid) > 1), None)
    if twice is not None:
        raise fail(f"variants: {twice} is named twice")
    return chosen


def _sweep(base: Variant, sweep: Mapping[str, Any], fail: Any) -> Sweep:
    if not isinstance(sweep, Mapping) or set(sweep) != {"path", "values"}:
        raise fail(f"sweep: expected {{path: rules.SLOT.params.NAME..., values: [...]}}, got "
                   f"{shown(sweep)}")
    path, values = sweep["path"], sweep["values"]
    if not isinstance(path, str):
        raise fail(f"sweep.path: expected a dotted path, got {shown(path)}")
    if isinstance(values, str) or not isinstance(values, Sequence) or len(values) < 2:
        raise fail(f"sweep.values: expected a list of at least two values, got {shown(values)}")
    own = _value_at(base, path)
    slug = re.sub(r"[^a-z0-9]+", "-", path.split(".params.", 1)[-1].lower()).strip("-")
    made: list[Variant] = []
    for value in values:
        if value == own and type(value) is type(own):
            made.append(base)
            continue
        text = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "value"
        try:
            made.append(with_params(base, {path: value}, name=f"{slug}-{text}"[:60]))
        except SoloRulesError as exc:
            raise fail(f"sweep: {path} = {shown(value)}: {exc}") from None
    ids = [v.id for v in made]
    if len(set(ids)) != len(ids):
        raise fail(f"sweep.values: two values give one variant: {shown(list(values))}")
    reference = next((i for i, v in enumerate(made) if v is base), 0)
    return Sweep(path, tuple(values), base, tuple(made), reference)


def _value_at(variant: Variant, path: str) -> Any:
    """The value at a sweep path of ``variant``'s tree (an item of a list by its id), or
    ``None`` where it has none (a parameter left at its default)."""
    node: Any = variant.tree
    for key in path.split("."):
        if isinstance(node, Mapping):
            node = node.get(key)
        elif isinstance(node, Sequence) and not isinstance(node, str):
            node = next((item for item in node
                         if isinstance(item, Mapping) and str(item.get("id")) == key), None)
        else:
            return None
    return node


def _title(title: Any, variants: Sequence[Variant], sweep: Sweep | None, fail: Any) -> str:
    if title is not None:
        if not isinstance(title, str) or not title.strip() or len(title) > 200:
            raise fail(f"title: expected a line of text, got {shown(title)}")
        return title
    if sweep is not None:
        return f"{sweep.base.id}: {sweep.label} = " + ", ".join(map(str, sweep.values))
    return ", ".join(v.id for v in variants)
