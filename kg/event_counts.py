"""How many notices, companies and persons each kind of notice counts per canton and year, counted once by the
build (issue 19): count_entities_by_event reads one small node where a question asks one kind (a sub-rubric, a
group of them, or every notice) in one canton or all and in one year or all, instead of counting every notice of
that scope, and every company and person named in them, at each question.

A kind (`what`) is a sub-rubric ("HR01"), an event type of several ("liquidation": LS01-LS08) or every notice
(`EVERY`). Per kind and canton (or all cantons: `ALL`) one `GraphSummary` node holds, as JSON, per year (or all
years: `ALL`) the three counts the endpoint's queries give: notices, distinct companies, distinct persons. The
cells mirror the queries' own reading: a kind of sub-rubrics in a canton or a year is read by its notices' scopes,
so its notices no scope holds (without a date, of a year outside the gazette's, of a canton that is no canton's
code) count only in the kind's total over all cantons and years; every notice is read whole, so there they count in
their canton's total too.

The counts are exact only for what they were counted for: the endpoint reads them for one kind, one canton or
all, one whole year or all, ungrouped or per year or per canton (`read_groups`: where the groups' notices add up to
the cell's total, so no notice is in a group the cells do not hold); anything else (a period, per month or
sub-rubric) is counted by its queries. A build marks the summary
invalid before it changes the graph and writes it again at its end with a new stamp; a node whose stamp is not the
head node's is left over from an older build and counts nothing now (its kind and canton had no notice this time).
The head also holds what the cells depend on besides the graph (`basis`: the event types counted, the scopes' last
year): counted on another basis, the summary is not read.

This module imports nothing of the graph: the build counts and writes, the endpoint reads.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from kg.event_scope import FIRST_YEAR, last_year
from kg.places import CANTONS

PREFIX = "summary-event-counts"
HEAD_UID = PREFIX  # its version and the stamp of the build that wrote the cells
VERSION = 2  # 2: the head's basis
ALL = "all"
EVERY = "every"
MEASURES = ("notices", "companies", "persons")
# What is counted: the notices per sub-rubric, canton and year, counted in the server (a few thousand groups); every
# company and person with each of their notices, streamed and counted by the caller.
# (the companies' notices are read with the list counts' columns: `kg.list_counts.WITH_EVENT_COUNTS`)
EVENT = {"sub": "e.sub_rubric", "canton": "e.canton", "year": "substring(e.publication_date, 0, 4)"}
_EVENT = ", ".join(f"{expr} AS {name}" for name, expr in EVENT.items())
NOTICES = f"MATCH (e:Event) RETURN {_EVENT}, count(e) AS n"
PERSONS = f"MATCH (p:Person)-[:INVOLVED_IN]->(e:Event) RETURN p.uid AS who, {_EVENT}"
READ = "UNWIND $uids AS u MATCH (s:BaseNode {uid: u}) RETURN s.uid AS uid, s.version AS version, s.stamp AS stamp, " \
       "s.counts AS counts, s.basis AS basis"


def uid(what: str, canton: str | None) -> str:
    """The node of one kind in one canton (None: all cantons)."""
    return f"{PREFIX}|{what}|{canton or ALL}"


def what_of(subs: list[str] | None, groups: Mapping[str, tuple[str, ...]]) -> str | None:
    """The kind a count asks (`subs` None: every notice), or None where it is not one the build counted."""
    if subs is None:
        return EVERY
    if len(subs) == 1:
        return subs[0]
    return next((name for name, group in groups.items() if sorted(group) == sorted(subs)), None)


def basis(groups: Mapping[str, tuple[str, ...]]) -> str:
    """What the cells depend on besides the graph: the groups counted and the scopes' last year."""
    return json.dumps({"groups": {k: sorted(v) for k, v in groups.items()}, "last": last_year()}, sort_keys=True)


def _cells(sub: str | None, canton: str | None, year: str | None,
           groups: Mapping[str, tuple[str, ...]], last: int) -> set[tuple[str, str, str]]:
    """The (kind, canton, year) cells one notice counts in (see the module's note on notices without a date)."""
    kinds = [k for k in ([sub] if sub else []) + [g for g, group in groups.items() if sub in group]]
    cells = {(EVERY, c, y) for c in {ALL, canton or ALL} for y in {ALL, year or ALL}}
    if year and year.isdigit() and FIRST_YEAR <= int(year) <= last and (not canton or canton in CANTONS):  # in a scope
        cells |= {(k, c, y) for k in kinds for c in {ALL, canton or ALL} for y in (ALL, year)}
        # (a notice without a canton is in no canton's cells, only in all cantons')
    else:
        cells |= {(k, ALL, ALL) for k in kinds}
    return cells


def count(notices: Iterable[Mapping[str, Any]], companies: Iterable[Mapping[str, Any]],
          persons: Iterable[Mapping[str, Any]], groups: Mapping[str, tuple[str, ...]]) -> dict[tuple[str, str], dict]:
    """(kind, canton) -> {year or ALL: [notices, companies, persons]} from the notices counted per sub-rubric, canton
    and year (`n`) and the companies' and persons' notices (`groups`: the event types of several sub-rubrics). A
    company or person counts once in each cell any of its notices counts in."""
    last = last_year()
    memo: dict[tuple[Any, Any, Any], frozenset[tuple[str, str, str]]] = {}

    def cells_of(r: Mapping[str, Any]) -> frozenset[tuple[str, str, str]]:
        key = (r["sub"], r["canton"], r["year"] or None)
        if key not in memo:
            memo[key] = frozenset(_cells(*key, groups, last))
        return memo[key]

    totals: list[Counter] = [Counter(), Counter(), Counter()]
    for r in notices:
        for cell in cells_of(r):
            totals[0][cell] += r["n"]
    for i, rows in ((1, companies), (2, persons)):
        # who -> the cell set of their notices, or the set of those sets where they differ (a million persons:
        # one shared frozenset each for most)
        seen: dict[Any, frozenset | set[frozenset]] = {}
        for r in rows:
            cells, before = cells_of(r), seen.get(r["who"])
            if before is None:
                seen[r["who"]] = cells
            elif isinstance(before, set):
                before.add(cells)
            elif before is not cells:
                seen[r["who"]] = {before, cells}
        for found in seen.values():
            totals[i].update(frozenset().union(*found) if isinstance(found, set) else found)
    out: dict[tuple[str, str], dict] = {}
    for (kind, canton, year), n in totals[0].items():
        out.setdefault((kind, canton), {})[year] = [n, totals[1][kind, canton, year], totals[2][kind, canton, year]]
    return out


def rows(counted: Mapping[tuple[str, str], Mapping[str, list[int]]], stamp: str,
         groups: Mapping[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """The summary nodes' properties (their uid, version and stamp; the counts as JSON), the head node last."""
    cells = [{"uid": uid(kind, None if canton == ALL else canton), "version": VERSION, "stamp": stamp,
              "counts": json.dumps(by_year, sort_keys=True)} for (kind, canton), by_year in sorted(counted.items())]
    return [*cells, {"uid": HEAD_UID, "version": VERSION, "stamp": stamp, "basis": basis(groups)}]


def stamped_cells(found: Iterable[Mapping[str, Any]], head_uid: str, node_uid: str, version: int,
                  basis: str) -> dict[str, Any] | None:
    """The `counts` (JSON) of summary node `node_uid` among `READ` rows, as its head vouches for them: {} for a node
    an older build left (another stamp) or none; None where the head is missing, of another version or basis, or the
    node of another version (the caller counts)."""
    by_uid = {r["uid"]: r for r in found}
    head = by_uid.get(head_uid)
    if head is None or head["version"] != version or head.get("basis") != basis:
        return None
    node = by_uid.get(node_uid)
    if node is not None and node["version"] != version:
        return None
    return json.loads(node["counts"]) if node is not None and node["stamp"] == head["stamp"] else {}


def read_counts(found: Iterable[Mapping[str, Any]], what: str, canton: str | None, year: int | None,
                groups: Mapping[str, tuple[str, ...]]) -> dict | None:
    """The counts of one cell from the `READ` rows of the head and that cell's node, or None where the summary does
    not hold them (no valid head, a cell of another version): the caller counts them itself."""
    by_year = stamped_cells(found, HEAD_UID, uid(what, canton), VERSION, basis(groups))
    if by_year is None:
        return None
    return dict(zip(MEASURES, by_year.get(str(year) if year else ALL, [0, 0, 0]), strict=True))


def group_uids(what: str, canton: str | None, group_by: str) -> list[str]:
    """The nodes `read_groups` reads: the head, the cell of `canton` (or all cantons), and for counts per canton over
    all cantons each canton's cell."""
    cells = [uid(what, canton)] + ([uid(what, c) for c in CANTONS] if group_by == "canton" and canton is None else [])
    return [HEAD_UID, *cells]


def read_groups(found: Iterable[Mapping[str, Any]], what: str, canton: str | None, year: int | None, group_by: str,
                groups: Mapping[str, tuple[str, ...]]) -> list[dict[str, Any]] | None:
    """The rows of a count per year or per canton from the `READ` rows of `group_uids`, as the endpoint's query gives
    them (groups without notices left out, years in order, cantons by notices), or None where the summary cannot
    vouch for every group (the caller counts): no valid head, a cell of another version, or notices of the total
    that no group holds (without a date or a canton, of a year outside the gazette's, of a canton that is no
    canton's code), whose group the query would show and the cells do not."""
    total = stamped_cells(found, HEAD_UID, uid(what, canton), VERSION, basis(groups))
    if total is None:
        return None
    key = str(year) if year else ALL
    if group_by == "year":
        held = {y: v for y, v in total.items() if y != ALL and (year is None or y == key)}
    elif canton is not None:  # per canton within one canton: that canton's cell
        held = {canton: total[key]} if key in total else {}
    else:
        held = {}
        for c in CANTONS:
            cell = stamped_cells(found, HEAD_UID, uid(what, c), VERSION, basis(groups))
            if cell is None:
                return None
            if key in cell:
                held[c] = cell[key]
    spread = group_by == "year" and year is None or group_by == "canton" and canton is None  # over several cells
    if spread and sum(v[0] for v in held.values()) != total.get(key, [0])[0]:
        return None
    rows = [{"group": g} | dict(zip(MEASURES, v, strict=True)) for g, v in held.items() if v[0]]
    rows.sort(key=(lambda r: r["group"]) if group_by == "year" else (lambda r: (-r["notices"], r["group"])))
    return rows


SPAN_UIDS = [HEAD_UID, uid(EVERY, None)]  # the head and the cell of every notice in all cantons


def span(found: Iterable[Mapping[str, Any]], groups: Mapping[str, tuple[str, ...]]) -> tuple[int, int] | None:
    """The first and last year of the notices in a scope, from the `READ` rows of `SPAN_UIDS`; None where the summary
    does not hold them (another build's, another version, none) or the graph holds no such notice."""
    cells = stamped_cells(found, HEAD_UID, uid(EVERY, None), VERSION, basis(groups))
    held = [int(year) for year in cells or {} if year.isdigit()]
    return (min(held), max(held)) if held else None
