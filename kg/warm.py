"""Warming a graph server that has just started, before its first users ask.

A server just started (ArcadeDB's JVM, or Neo4j's page cache) answers each query shape's first calls up to
twice as slowly as later ones: its JIT compiles the code the shape runs and the pages it reads are not cached
yet. `warm` calls every endpoint once with arguments drawn from the graph itself (the company with the most
notices, its canton, the person with the most companies, the last year with a bankruptcy), so those first calls
happen here and not in a user's first answer. It reads only, through the endpoints' own envelope, and reports per
call how long it took and how it ended (on a graph without companies the calls end `empty` or `error`; nothing is
raised).
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

from kg.endpoints import Context, call


@dataclass(frozen=True)
class Warmed:
    """One warming call: the endpoint, how it ended (`ok`, `empty`, `error`) and its time."""
    tool: str
    status: str
    ms: float


def _calls(company: dict[str, Any], hub: dict[str, Any], year: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """The warming calls: each endpoint at least once, with the arguments a first question would give it."""
    uid, name, canton = company.get("uid", ""), company.get("name") or "AG", company.get("canton")
    yield "search_companies", {"query": name}
    if hub.get("name"):
        yield "search_companies", {"query": hub["name"], "kind": "person"}
    yield "explore_network", {"uid": uid}
    yield "get_node_history", {"uid": uid}
    yield "global_text_search", {"query": name.split()[0]}
    yield "get_top_entities", {"metric": "capital", "canton": canton}
    yield "count_entities_by_event", {"event_type": "foundation", "canton": canton, "year": year}
    yield "execute_custom_cypher", {"query": "MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN count(e) AS n",
                                    "params": {"u": uid}}
    yield "company_as_of", {"uid": uid, "date": f"{year}-06-30"}
    yield "list_events", {"kind": "founded", "canton": canton, "year": year}
    yield "find_connections", {"a": hub.get("uid") or uid, "b": uid}


def warm(ctx: Context) -> list[Warmed]:
    """Calls every endpoint at least once (search and counts in two shapes) on the connected graph; returns each call."""
    done: list[Warmed] = []

    def rows(tool: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        t0 = time.perf_counter()
        result = call(ctx, tool, args)
        done.append(Warmed(tool, str(result.status), (time.perf_counter() - t0) * 1000))
        return result.rows

    company = next(iter(rows("get_top_entities", {"metric": "notices", "limit": 1})), {})
    hub = next(iter(rows("rank_persons", {"metric": "companies", "limit": 1})), {})
    per_year = rows("count_entities_by_event", {"event_type": "bankruptcy", "group_by": "year"})
    year = max((int(g) for r in per_year if str(g := r.get("group")).isdigit()), default=date.today().year)
    for tool, args in _calls(company, hub, year):
        rows(tool, args)
    return done
