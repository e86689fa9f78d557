"""Reading untrusted YAML (and JSON) within limits: nesting depth, alias expansion, items per
list or mapping, integer length, text that is not Unicode.

PyYAML's safe loader builds no Python objects but still lets a small file expand without end
through aliases (a "billion laughs"), recurse past Python's stack through deep nesting, or
hold a 5,000-digit integer that ``int()`` refuses. ``load`` refuses each of these quickly
with a ``yaml.YAMLError`` that carries the line and column, before anything is built.
``load_json`` holds JSON text to the same limits (a record's usual form), and ``load_data``
reads either. The size of a file is ``solo_rules.files``' limit, checked before reading.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, cast

import yaml
import yaml.composer
import yaml.constructor
import yaml.resolver
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from solo_rules import files

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_EXPANDED", "MAX_ITEMS", "MAX_NODES",
           "LimitError",
           "load", "load_data", "load_json"]

#: The largest file read, in bytes (the shipped variants are about 10 KB).
MAX_BYTES = files.MAX_BYTES
#: The deepest nesting of mappings and lists.
MAX_DEPTH = 64
#: The most nodes plus characters the document may hold once every alias is expanded.
MAX_EXPANDED = 2_000_000
#: The longest integer literal, in characters (a seed of 128 bits, as the served table deals
#: from, has 39).
MAX_DIGITS = 40
#: The most items in one list or mapping (a variant file's longest list has a dozen; a match
#: record's list of hands, or a hand's actions, fewer than this).
MAX_ITEMS = 10_000
#: The most values (scalars, lists, mappings, aliases) in one YAML document: what composing
#: it costs. A shipped variant file has under 1,000, a hand's record about 300.
MAX_NODES = 50_000
#: A lone surrogate (``"\\ud800"``): text that no file, hash or terminal can encode.
_SURROGATE = re.compile("[\ud800-\udfff]")


class LimitError(yaml.YAMLError):
    """A document beyond one of the limits; ``problem`` and ``problem_mark`` say which and
    where, like PyYAML's own errors."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


class _Limits(yaml.composer.Composer, yaml.constructor.SafeConstructor):
    """The safe loader's composing and building, with depth, item and node counts while
    composing and a size count before building."""

    max_items: int
    max_nodes: int
    _depth: int
    _nodes: int

    def _limit(self, max_items: int, max_nodes: int) -> None:
        self._depth = self._nodes = 0
        self.max_items, self.max_nodes = max_items, max_nodes

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        self._nodes += 1
        try:
            if self._depth > MAX_DEPTH:
                raise LimitError(f"nested deeper than {MAX_DEPTH} levels", self._next_mark())
            if self._nodes > self.max_nodes:
                raise LimitError(f"more than {self.max_nodes:,} values", self._next_mark())
            if parent is not None and len(parent.value) >= self.max_items:
                raise LimitError(f"a list or mapping of more than {self.max_items:,} items",
                                 parent.start_mark)
            node: Node | None = super().compose_node(parent, index)
            return node
        finally:
            self._depth -= 1

    def _next_mark(self) -> Any:
        return cast(Any, self).peek_event().start_mark

    def construct_document(self, node: Node) -> Any:
        _check_expansion(node, self.max_items)
        return super().construct_document(node)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        if len(str(node.value)) > MAX_DIGITS:
            raise ConstructorError(None, None, f"an integer of {len(node.value)} characters "
                                   f"(at most {MAX_DIGITS})", node.start_mark)
        value: int = super().construct_yaml_int(node)
        return value


_Limits.add_constructor("tag:yaml.org,2002:int",  # type: ignore[type-var]
                        _Limits.construct_yaml_int)


class _PurePythonLoader(_Limits, yaml.SafeLoader):
    """``_Limits`` on PyYAML's own scanner and parser."""

    def __init__(self, stream: str, max_items: int, max_nodes: int) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self._limit(max_items, max_nodes)

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        """Stop at the opening bracket beyond the depth limit: the scanner's work on open
        flow collections grows with the square of their depth."""
        if self.flow_level >= MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", self.get_mark())
        super().fetch_flow_collection_start(token_class)


_Loader: Callable[[str, int, int], Any] = _PurePythonLoader
if yaml.__with_libyaml__:
    from yaml.cyaml import CParser  # type: ignore[attr-defined]

    class _LibyamlLoader(_Limits, CParser, yaml.resolver.Resolver):
        """``_Limits`` on libyaml's parser: four times faster than PyYAML's own, and with no
        quadratic cost on deep flow nesting (libyaml stops it)."""

        def __init__(self, stream: str, max_items: int, max_nodes: int) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._limit(max_items, max_nodes)

    _Loader = _LibyamlLoader


def _check_expansion(root: Node, max_items: int) -> None:
    """Refuse a graph that, with its aliases copied out, holds more than ``MAX_EXPANDED`` nodes
    plus characters or nests deeper than ``MAX_DEPTH``, or that contains itself; a list or
    mapping of more than ``max_items`` items; a lone surrogate in text. Linear in the graph:
    each node's size and height are computed once."""
    known: dict[int, tuple[int, int]] = {}
    open_nodes: set[int] = set()

    def measure(node: Node, level: int) -> tuple[int, int]:
        key = id(node)
        found = known.get(key)
        if found is None:
            if key in open_nodes:
                raise LimitError("an alias refers to a node that contains it", node.start_mark)
            open_nodes.add(key)
            children: list[Node] = []
            if not isinstance(node, ScalarNode) and len(node.value) > max_items:
                raise LimitError(f"a list or mapping of {len(node.value):,} items (at most "
                                 f"{max_items:,})", node.start_mark)
            if isinstance(node, ScalarNode) and _SURROGATE.search(node.value):
                raise LimitError("text with a lone surrogate escape, which is not Unicode "
                                 "text", node.start_mark)
            if isinstance(node, SequenceNode):
                children = list(node.value)
            elif isinstance(node, MappingNode):
                children = [part for pair in node.value for part in pair]
            size, height = 1 + (len(node.value) if isinstance(node, ScalarNode) else 0), 0
            for child in children:
                child_size, child_height = measure(child, level + 1)
                size += child_size
                height = max(height, child_height + 1)
                if size > MAX_EXPANDED:
                    raise LimitError(f"expands beyond {MAX_EXPANDED:,} nodes and characters "
                                     "through aliases", node.start_mark)
            open_nodes.discard(key)
            found = known[key] = (size, height)
        if level + found[1] > MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels through aliases",
                             node.start_mark)
        return found

    measure(root, 0)


def load(text: str, max_items: int = MAX_ITEMS, max_nodes: int = MAX_NODES) -> Any:
    """The one YAML document in ``text``, within the limits above (raises ``yaml.YAMLError``,
    ``LimitError`` included)."""
    loader = _Loader(text, max_items, max_nodes)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        if exc.problem == "exceeded maximum nesting depth":  # libyaml's own, past 1,000
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", exc.problem_mark
                             ) from None
        raise
    finally:
        loader.dispose()


class JSONLimitError(ValueError):
    """JSON text beyond one of the limits, or not JSON."""


def _json_int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise JSONLimitError(f"an integer of {len(text):,} characters (at most {MAX_DIGITS})")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text[:MAX_DIGITS + 10]) if len(text) <= MAX_DIGITS + 10 else math.inf
    if not math.isfinite(value):
        raise JSONLimitError(f"a number out of range: {text[:MAX_DIGITS]}")
    return value


def _json_constant(text: str) -> Any:
    raise JSONLimitError(f"{text} is not a JSON number")


def load_json(text: str, max_items: int = MAX_ITEMS) -> Any:
    """The JSON value of ``text`` within the limits of ``load`` (raises ``JSONLimitError``,
    or ``json.JSONDecodeError`` for text that is not JSON). The input is at most a file's
    size, so what the parser builds before the depth and item checks is bounded too."""
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float,
                          parse_constant=_json_constant)
    except RecursionError:
        raise JSONLimitError(f"nested deeper than {MAX_DEPTH} levels") from None
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        value, level = pending.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise JSONLimitError("text with a lone surrogate escape, which is not Unicode "
                                     "text")
            continue
        if not isinstance(value, dict | list):
            continue
        if level >= MAX_DEPTH:
            raise JSONLimitError(f"nested deeper than {MAX_DEPTH} levels")
        if len(value) > max_items:
            raise JSONLimitError(f"a list or mapping of {len(value):,} items (at most "
                                 f"{max_items:,})")
        items = [*value, *value.values()] if isinstance(value, dict) else value
        pending.extend((item, level + 1) for item in items)
    return data


def load_data(text: str, max_items: int = MAX_ITEMS, max_nodes: int = MAX_NODES) -> Any:
    """JSON text (it starts with ``{``) by ``load_json``, any other by ``load``; raises
    ``yaml.YAMLError``, ``JSONLimitError`` or ``json.JSONDecodeError`` (a ``ValueError``)."""
    if text.lstrip().startswith("{"):
        return load_json(text, max_items)
    return load(text, max_items, max_nodes)
