"""Nesting limits: a SHAB publication is a few levels deep, so a record nested deeper than `MAX_DEPTH`
is refused as a record error before any recursive code (the mapping, the text collector) walks it."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from xml.etree.ElementTree import Element

from data_pipeline.sources.errors import RecordError

MAX_DEPTH = 48  # real exports are under 10 levels deep


def check_xml_depth(root: Element, limit: int = MAX_DEPTH, level: int = 1) -> None:
    """Iterative, so a 100,000-level tree is measured without recursion; `root` is at `level` of its document."""
    stack: list[tuple[Element, int]] = [(root, level)]
    while stack:
        el, depth = stack.pop()
        if depth > limit:
            raise RecordError(f"XML nested deeper than {limit} levels: not a publication")
        stack.extend((child, depth + 1) for child in el)


def check_json_tree(doc: Any, limit: int = MAX_DEPTH) -> None:
    """Depth of a decoded JSON value, and every string (key or value) writable as UTF-8."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            raise RecordError(f"JSON nested deeper than {limit} levels: not a publication")
        children: Iterable[Any] = ()
        if isinstance(node, dict):
            children = [*node.keys(), *node.values()]
        elif isinstance(node, list):
            children = node
        elif isinstance(node, str):
            _utf8(node)
        stack.extend((child, depth + 1) for child in children)


def _utf8(s: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(f"JSON string holds a character that is not valid UTF-8 ({exc.reason})") from exc
