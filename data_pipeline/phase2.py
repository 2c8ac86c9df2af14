"""Phase 2 (§4.1.3): weak Person/Company nodes from event texts, linked to their Event with the role.

Events are read in pages of those not yet extracted, so a killed run resumes where it stopped and a
finished one does nothing on re-run. One weak node per (event, name): identity across events is
phase 3's job (NameHub), never a guess made here.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from data_pipeline.extract.base import ExtractionInput, Extractor, Mention
from data_pipeline.phase1_rows import stable_uid
from kg.driver import Graph
from kg.portable import create_missing

PENDING_UIDS = """
MATCH (e:Event)
WHERE e.extracted_by IS NULL AND e.sub_rubric IN $sub_rubrics
RETURN e.uid AS uid ORDER BY uid
"""
EVENT_TEXTS = """
UNWIND $uids AS u
MATCH (e:BaseNode {uid: u})
OPTIONAL MATCH (c:Company)-[:HAS_EVENT]->(e)
RETURN e.uid AS uid, e.full_text AS text, e.language AS language, e.sub_rubric AS sub_rubric,
       collect(coalesce(c.seat, c.town))[0] AS town
"""
# One statement per label: a node gets all its labels at CREATE (SPEC §4).
CREATE_WEAK = {label: create_missing(label, "row.props") for label in ("Person", "Company")}
LINK = {etype: f"""
UNWIND $rows AS row
MATCH (a:BaseNode {{uid: row.src}})
MATCH (e:BaseNode {{uid: row.event}})
MERGE (a)-[r:{etype} {{role_key: row.role_key}}]->(e)
SET r += row.props
""" for etype in ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO", "HAS_EVENT")}
MARK_DONE = """
UNWIND $uids AS u MATCH (e:BaseNode {uid: u}) SET e.extracted_by = $extractor
"""

# Table 6: a role becomes an edge type; persons and companies meet only through the Event.
# A debtor company named only in the text (KK10) is the notice's subject, as HAS_EVENT says in phase 1.
EDGE_FOR_ROLE = {"auditor": "PROVIDES_ASSURANCE_TO", "bankruptcy_office": "RELATED_TO", "debtor": "HAS_EVENT"}


@dataclass
class Phase2Stats:
    events: int = 0
    mentions: int = 0


def _node_for(m: Mention, event_uid: str, extractor: str) -> tuple[str, str, dict]:
    if m.kind == "office":  # an authority is one node however many notices name it
        uid = stable_uid("OF", m.name)
    elif m.kind == "company" and m.uid:
        uid = m.uid  # a CHE number names the company itself
    else:
        uid = stable_uid("WP" if m.kind == "person" else "WC", event_uid, m.name)
    props = {"uid": uid, "name": m.name, "strength": "weak", "source_event": event_uid, "phase": 2,
             "extractor": extractor, "residence": m.residence, "nationality": m.nationality, "origin": m.origin,
             "kind": "authority" if m.kind == "office" else None}
    label = "Person" if m.kind == "person" else "Company"
    return uid, label, {k: v for k, v in props.items() if v is not None}


def write_mentions(graph: Graph, found: dict[str, list[Mention]], extractor: str) -> int:
    nodes: dict[str, dict] = {}
    links: dict[str, list[dict]] = {t: [] for t in LINK}
    for event_uid, mentions in found.items():
        for m in mentions:
            uid, label, props = _node_for(m, event_uid, extractor)
            nodes.setdefault(uid, {"uid": uid, "label": label, "props": props})
            etype = EDGE_FOR_ROLE.get(m.role_key or "", "ACTED_IN")
            edge = {"role": m.role, "signature": m.signature, "status": m.status, "extractor": extractor}
            links[etype].append({"src": uid, "event": event_uid, "role_key": m.role_key or "unknown",
                                 "props": {k: v for k, v in edge.items() if v is not None}})
    statements = [(stmt, {"rows": [n for n in nodes.values() if n["label"] == label]})
                  for label, stmt in CREATE_WEAK.items()]
    statements += [(LINK[etype], {"rows": rows}) for etype, rows in links.items()]
    graph.write(*[(q, p) for q, p in statements if p["rows"]],
                (MARK_DONE, {"uids": list(found), "extractor": extractor}))
    return sum(len(v) for v in found.values())


def pending_uids(graph: Graph, sub_rubrics: list[str]) -> list[str]:
    with graph.driver.session(database=graph.database) as s:
        return [r["uid"] for r in s.run(PENDING_UIDS, sub_rubrics=sub_rubrics)]


def load_inputs(graph: Graph, uids: list[str]) -> list[ExtractionInput]:
    with graph.driver.session(database=graph.database) as s:
        rows = {r["uid"]: r for r in (rec.data() for rec in s.run(EVENT_TEXTS, uids=uids))}
    return [ExtractionInput(u, rows[u]["text"] or "", rows[u]["language"], rows[u]["sub_rubric"], rows[u]["town"])
            for u in uids if u in rows]


def run_phase2(graph: Graph, extractor: Extractor, sub_rubrics: list[str], page: int = 500,
               on_progress: Callable[[int], None] | None = None,
               on_start: Callable[[int], object] | None = None) -> Phase2Stats:
    stats = Phase2Stats()
    uids = pending_uids(graph, sub_rubrics)
    if on_start:
        on_start(len(uids))
    for i in range(0, len(uids), page):
        batch = load_inputs(graph, uids[i: i + page])
        found = extractor.extract(batch)
        found = {item.uid: found.get(item.uid, []) for item in batch}  # every event is marked, even empty ones
        stats.mentions += write_mentions(graph, found, extractor.name)
        stats.events += len(batch)
        if on_progress:
            on_progress(len(batch))
    return stats
