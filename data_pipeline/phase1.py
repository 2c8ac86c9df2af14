"""Phase 1 (§4.1.2): strong Company/Person/Event nodes and the deterministic edges of Table 6,
written with batched UNWIND in the portable Cypher subset (SPEC §4).

Idempotent: nodes are created only when their uid is missing, company state is updated only by
an event at least as recent as the one it already reflects (`as_of`), and edges are MERGEd.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from data_pipeline.model import Publication
from data_pipeline.phase1_rows import rows_for
from kg.driver import Graph
from kg.portable import create_missing

# One label inside every {uid: ...} lookup; all labels at CREATE (ArcadeDB, SPEC §4).
CREATE_EVENTS = create_missing("Event")
CREATE_COMPANIES = create_missing("Company", "row.create, n.as_of = row.as_of")
UPDATE_COMPANIES = """
UNWIND $rows AS row
MATCH (c:BaseNode {uid: row.uid})
WHERE c.as_of IS NULL OR c.as_of <= row.as_of
SET c += row.update, c.as_of = row.as_of
"""
CREATE_PERSONS = create_missing("Person")
# Relationship types cannot be parameters, so there is one statement per type of Table 6.
EDGE_TYPES = ("HAS_EVENT", "HEAD_OFFICE_OF", "PROVIDES_ASSURANCE_TO", "INVOLVED_IN")
MERGE_EDGES = {t: f"""
UNWIND $rows AS row
MATCH (a:BaseNode {{uid: row.src}})
MATCH (b:BaseNode {{uid: row.dst}})
MERGE (a)-[r:{t}]->(b)
ON CREATE SET r.role = row.role
""" for t in EDGE_TYPES}


@dataclass
class Phase1Batch:
    events: list[dict]
    companies: list[dict]
    persons: list[dict]
    edges: dict[str, list[dict]]


def collect(pubs: Iterable[Publication]) -> Phase1Batch:
    """Rows of a batch, with duplicate uids folded (a batch must not create a uid twice)."""
    events: dict[str, dict] = {}
    companies: dict[str, dict] = {}
    persons: dict[str, dict] = {}
    edges: dict[str, list[dict]] = {t: [] for t in EDGE_TYPES}
    for pub in sorted(pubs, key=lambda p: (p.publication_date, p.publication_number)):
        rows = rows_for(pub)
        events.setdefault(rows.event["uid"], rows.event)
        for c in rows.companies:  # in date order: later state wins, first sighting creates
            have = companies.get(c["uid"])
            if have is None:
                companies[c["uid"]] = {"uid": c["uid"], "as_of": c["as_of"], "create": dict(c["create"]),
                                       "update": dict(c["update"])}
            else:
                have["create"] = {**c["create"], **have["create"], **c["update"]}
                have["update"].update(c["update"])
                have["as_of"] = max(have["as_of"], c["as_of"])
        for p in rows.persons:
            persons.setdefault(p["uid"], p)
        for e in rows.edges:
            edges[e["type"]].append(e)
    return Phase1Batch(list(events.values()), list(companies.values()), list(persons.values()), edges)


def write_batch(graph: Graph, pubs: list[Publication]) -> None:
    """One transaction per batch: a build killed mid-batch leaves nothing half-written."""
    batch = collect(pubs)
    statements = [(CREATE_EVENTS, {"rows": batch.events})]
    if batch.companies:
        statements += [(CREATE_COMPANIES, {"rows": batch.companies}), (UPDATE_COMPANIES, {"rows": batch.companies})]
    statements.append((CREATE_PERSONS, {"rows": batch.persons}))
    statements += [(MERGE_EDGES[t], {"rows": rows}) for t, rows in batch.edges.items()]
    graph.write(*[(q, p) for q, p in statements if p["rows"]])
