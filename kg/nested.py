"""Rows nested in fewer records, for the build's whole-graph passes (issue 19): one record per node with its
neighbours' columns in it (`Nested`), or per part of a set of nodes (`Parted`).

The driver spends about 25 µs of the client's CPU on each record it hands over, whatever it holds, and a list inside a
record costs a fraction of that per element. A pass that reads every company's notices (or posts) one record per
notice spent most of its client time there: 140,000 posts at 100,000 publications, 4.1 s read as records of their
own, 1.0 s nested as one list per company. The neighbours are listed by a pattern comprehension, which the server
fills node by node as it streams (an aggregation such as `collect` would hold every group until the last one).

`Nested.rows` gives the rows the flat query gave (one mapping per neighbour, the node's columns in each); a node
with no neighbour gives none, as the flat query's MATCH did. `Nested.groups` gives each node's columns once and its
neighbours as named tuples (read by column name, no mapping made per neighbour). `Parted.rows` gives one row per
node matched, in no particular order (for a set of uids, or rows grouped again by the caller). This module imports
nothing of the graph.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

LIST = "nested"  # the column holding the neighbours' values


@dataclass(frozen=True)
class Nested:
    """`match` binds the node (a MATCH, with its WHERE), `outer` its columns (name -> expression), `pattern` the path
    from it to each neighbour (a pattern comprehension's), `inner` the columns of each neighbour."""
    match: str
    outer: Mapping[str, str]
    pattern: str
    inner: Mapping[str, str]

    @property
    def query(self) -> str:
        outer = ", ".join(f"{expr} AS {name}" for name, expr in self.outer.items())
        inner = ", ".join(self.inner.values())
        return f"{self.match} RETURN {outer}, [{self.pattern} | [{inner}]] AS {LIST}"

    def rows(self, records: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
        """The flat rows of `query`'s records: the node's columns and one neighbour's, per neighbour."""
        inner = tuple(self.inner)
        for head, lists in self._split(records):
            for values in lists:
                yield head | dict(zip(inner, values, strict=True))

    @cached_property
    def neighbour(self) -> type[tuple]:
        """A neighbour's values: a named tuple of the `inner` columns."""
        return namedtuple("Neighbour", self.inner)

    def groups(self, records: Iterable[Mapping[str, Any]]) -> Iterator[tuple[dict[str, Any], list[tuple]]]:
        """Each record's node columns and its neighbours (`neighbour` tuples, an empty list for none): a caller reads
        them by column name, whatever their place in the query."""
        make = self.neighbour._make  # a list of the wrong length is a TypeError
        for head, lists in self._split(records):
            yield head, [make(values) for values in lists]

    def _split(self, records: Iterable[Mapping[str, Any]]) -> Iterator[tuple[dict[str, Any], list[list[Any]]]]:
        outer = tuple(self.outer)
        for record in records:
            yield {name: record[name] for name in outer}, record[LIST]


@dataclass(frozen=True)
class Parted:
    """The nodes `match` binds to `node`, collected in parts by the last two characters of their uid (a hundred to
    256 parts: digits or hex; ArcadeDB refuses a list of over 500,000 elements, and a part stays far below that), the
    columns of each (name -> expression) as a list per node. 79,000 hub uids at 100,000 publications: 1.4-2.4 s read
    one record each, 0.1-0.4 s so."""
    match: str
    node: str
    columns: Mapping[str, str]

    @property
    def query(self) -> str:
        columns = ", ".join(self.columns.values())
        return f"{self.match} RETURN right({self.node}.uid, 2) AS part, collect([{columns}]) AS {LIST}"

    def rows(self, records: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
        names = tuple(self.columns)
        for record in records:
            for values in record[LIST]:
                yield dict(zip(names, values, strict=True))
