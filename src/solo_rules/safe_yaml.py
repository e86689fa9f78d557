"""Reading untrusted YAML within limits: size, nesting depth, alias expansion, integer length.

PyYAML's safe loader builds no Python objects but still lets a small file expand without end
through aliases (a "billion laughs"), recurse past Python's stack through deep nesting, or
hold a 5,000-digit integer that ``int()`` refuses. ``load`` refuses each of these quickly
with a ``yaml.YAMLError`` that carries the line and column, before anything is built.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_EXPANDED", "LimitError", "load"]

#: The largest file read, in bytes (the shipped variants are about 10 KB).
MAX_BYTES = 1_000_000
#: The deepest nesting of mappings and lists.
MAX_DEPTH = 64
#: The most nodes plus characters the document may hold once every alias is expanded.
MAX_EXPANDED = 2_000_000
#: The longest integer literal, in characters.
MAX_DIGITS = 30


class LimitError(yaml.YAMLError):
    """A document beyond one of the limits; ``problem`` and ``problem_mark`` say which and
    where, like PyYAML's own errors."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark


class _Loader(yaml.SafeLoader):
    """The safe loader with a depth count while composing and a size count before building."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise LimitError(f"nested deeper than {MAX_DEPTH} levels",
                                 self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        """Stop at the opening bracket beyond the depth limit: the scanner's work on open
        flow collections grows with the square of their depth."""
        if self.flow_level >= MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", self.get_mark())
        super().fetch_flow_collection_start(token_class)

    def construct_document(self, node: Node) -> Any:
        _check_expansion(node)
        return super().construct_document(node)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        if len(str(node.value)) > MAX_DIGITS:
            raise ConstructorError(None, None, f"an integer of {len(node.value)} characters "
                                   f"(at most {MAX_DIGITS})", node.start_mark)
        return super().construct_yaml_int(node)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def _check_expansion(root: Node) -> None:
    """Refuse a graph that, with its aliases copied out, holds more than ``MAX_EXPANDED`` nodes
    plus characters or nests deeper than ``MAX_DEPTH``, or that contains itself. Linear in the
    graph: each node's size and height are computed once."""
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


def load(text: str) -> Any:
    """The one YAML document in ``text``, within the limits above (raises ``yaml.YAMLError``,
    ``LimitError`` included)."""
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
