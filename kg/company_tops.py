"""The top companies of each ranking `get_top_entities` is asked most (a metric, in all cantons or one, with its
default filters: strong companies, not deleted), written by the build on a `GraphSummary` node (`SUMMARY_UID`):
per metric and canton the uids of the first `DEPTH` companies, ordered as the endpoint orders them (value, then
name). A ranking with no other filter reads its companies from there instead of sorting every company of the
canton (issue 19); the values it shows are read again from the companies themselves.

This module imports nothing of the graph: the build writes the summary, the endpoint reads it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

SUMMARY_UID = "summary-top-companies"
VERSION = 1
DEPTH = 100  # companies kept per ranking: get_top_entities shows at most 100
ALL = "all"
_DEFAULT = "c.strength = 'strong' AND (c.status IS NULL OR c.status <> 'deleted')"
# Every company a ranking may list, and what its values count, streamed and counted by the caller: a grouping of
# every company on the server exceeds ArcadeDB's query heap budget at a million notices.
COMPANIES = f"MATCH (c:Company) WHERE {_DEFAULT} RETURN c.uid AS uid, c.name AS name, c.canton AS canton, " \
            "c.capital_nominal AS capital"
NOTICES = f"MATCH (c:Company)-[:HAS_EVENT]->(e:Event) WHERE {_DEFAULT} RETURN c.uid AS uid"
PERSONS = f"MATCH (c:Company)-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub) WHERE {_DEFAULT} " \
          "RETURN c.uid AS uid, h.uid AS hub"
METRICS = ("capital", "notices", "persons")


def key(metric: str, canton: str | None) -> str:
    """The summary property of one ranking."""
    return f"{metric}_{canton or ALL}"


def ranked(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Highest value first, then by name (nulls last), as the endpoint's ORDER BY value DESC, name."""
    return sorted(rows, key=lambda r: (-r["value"], r["name"] is None, r["name"] or ""))


def notice_counts(rows: Iterable[Mapping[str, Any]]) -> Counter:
    """company uid -> its notices, from one row per notice of a company (`NOTICES`)."""
    return Counter(r["uid"] for r in rows)


def hub_sets(rows: Iterable[Mapping[str, Any]]) -> dict[str, set[str]]:
    """company uid -> the NameHubs of the persons named in its notices, from `PERSONS` rows."""
    hubs: dict[str, set[str]] = {}
    for r in rows:
        hubs.setdefault(r["uid"], set()).add(r["hub"])
    return hubs


def values(companies: Iterable[Mapping[str, Any]], notices: Mapping[str, int],
           persons: Mapping[str, set[str]]) -> dict[str, list[dict[str, Any]]]:
    """metric -> {uid, name, canton, value} of every company with a value (capital stated, a notice, a person), from
    `COMPANIES` rows and the counts of `notice_counts` and `hub_sets`: only the companies `COMPANIES` lists count, so
    those may count any company."""
    info = {c["uid"]: c for c in companies}
    found = {"capital": {u: c["capital"] for u, c in info.items() if c["capital"] is not None},
             "notices": notices, "persons": {u: len(h) for u, h in persons.items()}}
    return {metric: [{"uid": u, "name": info[u]["name"], "canton": info[u]["canton"], "value": v}
                     for u, v in by_uid.items() if u in info] for metric, by_uid in found.items()}


def tops(metric: str, rows: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Summary property -> the uids of the first DEPTH companies, in all cantons and in each."""
    by_canton: dict[str | None, list[Mapping[str, Any]]] = {None: []}
    for r in rows:
        by_canton[None].append(r)
        if r["canton"]:
            by_canton.setdefault(r["canton"], []).append(r)
    return {key(metric, canton): [r["uid"] for r in ranked(group)[:DEPTH]] for canton, group in by_canton.items()}
