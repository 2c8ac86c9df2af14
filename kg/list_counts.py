"""How many companies list_events lists, counted once by the build (issue 19): at a million notices a canton's new
entries of one year are thousands, and counting the distinct companies of a list in the server reads every notice
of it and its company (renames since 2023: 9,470 companies, 230 ms). The build counts them for every kind, canton
and span of whole years at once, and the endpoint reads one small node.

Per kind (`kg.endpoints.events.KINDS`) and canton (or all: `ALL`), one `GraphSummary` node holds, as JSON, how many
companies have a notice of the kind in year `y` whose previous year with one is `p` (0 for their first), as
`"y|p": n`. The companies with a notice in the years `a` to `b` are then those with a notice in that span whose
previous one is older than `a`: the sum of the cells with `a <= y <= b` and `p < a`, exact for any span of whole
years. The cells mirror list_events' own reading: a notice is in its kind's scopes (`kg.event_scope`: dated, in a
canton that is a code or none, of a year from the gazette's first to the scopes' last), its company is strong, and
its canton is the notice's, else its company's. A list by legal form, by place, of one company, or over a period that
is not whole years is counted by its query.

Written and marked invalid as `kg.event_counts` is (a head node with a stamp and the scopes' last year). This module
imports nothing of the graph: the build counts and writes, the endpoint reads.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from kg import event_counts
from kg.event_scope import FIRST_YEAR, KIND_SCOPES, NO_CANTON, last_year, years
from kg.nested import Nested
from kg.places import CANTONS

PREFIX = "summary-list-counts"
HEAD_UID = PREFIX
VERSION = 1
ALL = "all"
# The kinds read by their notices' scope (`scope`: sub-rubric, canton, year) and their sub-rubric
BY_SCOPE = {"founded": "HR01", "deleted": "HR03"}
# What places a company's notice in each kind's scopes: the company's columns and its notices' (`kg.nested`: one
# record per company). `STREAM` where only these counts are written; `WITH_EVENT_COUNTS` with the columns
# `kg.event_counts` counts the companies by (one pass over the companies' notices counts both:
# `data_pipeline.summaries`).
COMPANY = {"who": "c.uid", "strength": "c.strength", "company_canton": "c.canton"}
NOTICE = {"canton": "e.canton", "scope": "e.scope"} | {kind: f"e.{prop}" for kind, prop in KIND_SCOPES.items()}
STREAM = Nested("MATCH (c:Company)", COMPANY, "(c)-[:HAS_EVENT]->(e:Event)", NOTICE)
WITH_EVENT_COUNTS = Nested(STREAM.match, COMPANY, STREAM.pattern, NOTICE | event_counts.EVENT)
READ = event_counts.READ  # the head and one cell, read as kg.event_counts reads its own


def uid(kind: str, canton: str | None) -> str:
    return f"{PREFIX}|{kind}|{canton or ALL}"


def basis() -> str:
    return json.dumps({"last": last_year()})


def _placed(key: str | None, last: int) -> tuple[str, int] | None:
    """(canton in the key, year) of a kind scope "ZH|2022-03" that some list reads, else None."""
    if not key:
        return None
    canton, _, month = key.rpartition("|")
    year = month[:4]
    if canton not in CANTONS and canton != NO_CANTON or not year.isdigit() or not FIRST_YEAR <= int(year) <= last:
        return None
    return canton, int(year)


class Tally:
    """The cells, one company's notice at a time (`add`, a row of `STREAM.rows`), then `cells()`."""

    def __init__(self) -> None:
        self._last = last_year()
        self._years: dict[tuple[str, str, str], set[int]] = {}

    def add(self, r: Mapping[str, Any]) -> None:
        if r["strength"] != "strong":
            return
        keys = {kind: r[kind] for kind in KIND_SCOPES}
        scope = r["scope"]
        for kind, sub in BY_SCOPE.items():
            if scope and scope.startswith(sub + "|"):
                keys[kind] = scope[len(sub) + 1:]
        canton = r["canton"] if r["canton"] is not None else r["company_canton"]
        for kind, key in keys.items():
            placed = _placed(key, self._last)
            if placed is None:
                continue
            self._years.setdefault((kind, ALL, r["who"]), set()).add(placed[1])
            if canton in CANTONS:
                self._years.setdefault((kind, canton, r["who"]), set()).add(placed[1])

    def cells(self) -> dict[tuple[str, str], dict[str, int]]:
        """(kind, canton or ALL) -> {"y|p": companies}."""
        cells: dict[tuple[str, str], Counter[str]] = {}
        for (kind, canton, _), held in self._years.items():
            cell = cells.setdefault((kind, canton), Counter())
            previous = 0
            for year in sorted(held):
                cell[f"{year}|{previous}"] += 1
                previous = year
        return {k: dict(v) for k, v in cells.items()}


def count(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], dict[str, int]]:
    """(kind, canton or ALL) -> {"y|p": companies} from every company's notices (`STREAM.rows`; weak ones left out)."""
    tally = Tally()
    for r in rows:
        tally.add(r)
    return tally.cells()


def rows(counted: Mapping[tuple[str, str], Mapping[str, int]], stamp: str) -> list[dict[str, Any]]:
    """The summary nodes' properties, the head node last."""
    cells = [{"uid": uid(kind, None if canton == ALL else canton), "version": VERSION, "stamp": stamp,
              "counts": json.dumps(dict(sorted(n.items())))} for (kind, canton), n in sorted(counted.items())]
    return [*cells, {"uid": HEAD_UID, "version": VERSION, "stamp": stamp, "basis": basis()}]


def whole_years(since: str | None, until: str | None) -> tuple[int, int] | None:
    """The span of whole years from `since` to `until` (ISO dates; None: open), as the scopes bound it, or None where
    either cuts a year."""
    if since is not None and not since.endswith("-01-01") or until is not None and not until.endswith("-12-31"):
        return None
    return years(since, until)


def read_count(found: Iterable[Mapping[str, Any]], kind: str, canton: str | None, span: tuple[int, int]) -> int | None:
    """The companies of `kind` in `canton` (None: all) with a notice in the years `span`, from the `READ` rows of the
    head and that cell's node; None where the summary does not hold them (the caller counts)."""
    cells = event_counts.stamped_cells(found, HEAD_UID, uid(kind, canton), VERSION, basis())
    if cells is None:
        return None
    a, b = span
    return sum(n for key, n in cells.items()
               if a <= int((parts := key.split("|"))[0]) <= b and int(parts[1]) < a)
