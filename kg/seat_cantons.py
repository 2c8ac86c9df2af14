"""The canton of each seat as the register places the companies seated there, written by the build on one
`GraphSummary` node (issue 19). A move's former canton, where the former seat does not say it and the company has no
notice before the move, is the canton of its former seat's companies; at a million notices reading them costs ~5 ms
a seat (an index look-up of every company there, however few are read), a dozen a list, while this node is one read.

This module imports nothing of the graph: the build counts and writes, the endpoint reads.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

SUMMARY_UID = "summary-seat-cantons"
VERSION = 1
# The companies per seat and canton, counted in the server (a row per seat, a few per seat named in two cantons).
COUNT = ("MATCH (c:Company) WHERE c.seat IS NOT NULL AND c.canton IS NOT NULL "
         "RETURN c.seat AS seat, c.canton AS canton, count(c) AS n")
READ = "MATCH (s:BaseNode {uid: $uid}) RETURN s.version AS version, s.cantons AS cantons"


def best(counts: Mapping[str, int]) -> str:
    """The canton of most companies (a tie: the first code)."""
    return min(counts, key=lambda c: (-counts[c], c))


def cantons(rows: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """seat -> its canton, from `COUNT` rows."""
    per_seat: dict[str, Counter[str]] = {}
    for r in rows:
        per_seat.setdefault(r["seat"], Counter())[r["canton"]] += r["n"]
    return {seat: best(counts) for seat, counts in sorted(per_seat.items())}


def props(found: Mapping[str, str]) -> dict[str, object]:
    return {"cantons": json.dumps(found, ensure_ascii=False)}


def read_cantons(found: Iterable[Mapping[str, Any]]) -> dict[str, str] | None:
    """seat -> canton from the `READ` rows; None where the summary is missing or of another version (a graph being
    built: the caller reads the companies of each seat)."""
    rows = [r for r in found if r["version"] == VERSION and r["cantons"] is not None]
    return json.loads(rows[0]["cantons"]) if rows else None
