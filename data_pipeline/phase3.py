"""Phase 3 (§4.1.4): NameHubs by strict key, duplicate-hub merge, weak-node absorption.

Every step only touches what is not done yet (nodes without `hub_key`, hubs sharing a key, weak
nodes next to a strong twin), so re-running it changes nothing.
"""
from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass

from data_pipeline.identity import generate_hub_key
from kg.driver import Graph
from kg.portable import create_missing

UNKEYED = """
MATCH (n:BaseNode)
WHERE (n:Person OR n:Company) AND n.hub_key IS NULL AND n.name IS NOT NULL
RETURN n.uid AS uid, n.name AS name
"""
CREATE_HUBS = create_missing("NameHub")
LINK_HUBS = """
UNWIND $rows AS row
MATCH (n:BaseNode {uid: row.node})
MATCH (h:BaseNode {uid: row.hub})
MERGE (n)-[:HAS_NAME]->(h)
SET n.hub_key = row.key
"""
ALL_HUBS = "MATCH (h:NameHub) RETURN h.uid AS uid, h.key AS key, h.name AS name"
REWIRE_HUB = """
UNWIND $pairs AS p
MATCH (dup:BaseNode {uid: p.dup})<-[r:HAS_NAME]-(n)
MATCH (keep:BaseNode {uid: p.keep})
MERGE (n)-[:HAS_NAME]->(keep)
DELETE r
"""
DELETE_NODES = "UNWIND $uids AS u MATCH (n:BaseNode {uid: u}) DETACH DELETE n"
ABSORBABLE = """
MATCH (w:BaseNode)-[:HAS_NAME]->(:NameHub)<-[:HAS_NAME]-(s:BaseNode)
WHERE w.strength = 'weak' AND s.strength = 'strong'
  AND ((w:Person AND s:Person) OR (w:Company AND s:Company))
MATCH (w)-->(e:Event)<--(s)
RETURN DISTINCT w.uid AS weak, s.uid AS strong ORDER BY weak, strong
"""
MOVE_EDGES = {t: f"""
UNWIND $pairs AS p
MATCH (w:BaseNode {{uid: p.weak}})-[r:{t}]->(e:Event)
MATCH (s:BaseNode {{uid: p.strong}})
MERGE (s)-[n:{t} {{role_key: coalesce(r.role_key, 'unknown')}}]->(e)
SET n += properties(r), n.absorbed_from = p.weak
""" for t in ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO", "HAS_EVENT")}


@dataclass
class Phase3Stats:
    keyed: int = 0
    hubs_created: int = 0
    hubs_merged: int = 0
    absorbed: int = 0


def hub_uid(key: str) -> str:
    return "NH-" + hashlib.sha1(key.encode(), usedforsecurity=False).hexdigest()[:16]


def _rows(graph: Graph, query: str, **params: object) -> list[dict]:
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query, params)]


def _write(graph: Graph, query: str, batch: int = 2000, **lists: list) -> None:
    (name, items), = lists.items()
    for i in range(0, len(items), batch):
        graph.write((query, {name: items[i: i + batch]}))


def link_hubs(graph: Graph) -> tuple[int, int]:
    links, hubs = [], {}
    for row in _rows(graph, UNKEYED):
        key = generate_hub_key(row["name"])
        if not key:
            continue
        hubs.setdefault(key, {"uid": hub_uid(key), "key": key, "name": row["name"]})
        links.append({"node": row["uid"], "hub": hubs[key]["uid"], "key": key})
    _write(graph, CREATE_HUBS, rows=list(hubs.values()))
    _write(graph, LINK_HUBS, rows=links)
    return len(links), len(hubs)


def merge_duplicate_hubs(graph: Graph) -> int:
    """Hubs whose recomputed key is equal collapse into one survivor (lowest uid)."""
    groups: dict[str, list[str]] = defaultdict(list)
    for h in _rows(graph, ALL_HUBS):
        groups[generate_hub_key(h["name"] or h["key"] or "")].append(h["uid"])
    pairs = []
    for uids in groups.values():
        keep, *dups = sorted(uids)
        pairs += [{"dup": d, "keep": keep} for d in dups]
    _write(graph, REWIRE_HUB, pairs=pairs)
    _write(graph, DELETE_NODES, uids=[p["dup"] for p in pairs])
    return len(pairs)


def absorb_weak_nodes(graph: Graph) -> int:
    """A weak node sharing hub and event with a strong node is that node: move its edges, delete it."""
    chosen: dict[str, str] = {}
    for row in _rows(graph, ABSORBABLE):
        chosen.setdefault(row["weak"], row["strong"])  # homonyms: the first strong node, deterministically
    pairs = [{"weak": w, "strong": s} for w, s in chosen.items()]
    for query in MOVE_EDGES.values():
        _write(graph, query, pairs=pairs)
    _write(graph, DELETE_NODES, uids=list(chosen))
    return len(pairs)


def run_phase3(graph: Graph) -> Phase3Stats:
    keyed, created = link_hubs(graph)
    merged = merge_duplicate_hubs(graph)
    absorbed = absorb_weak_nodes(graph)
    return Phase3Stats(keyed, created, merged, absorbed)
