"""Phase 3 (§4.1.4): NameHubs by strict key, duplicate-hub merge, weak-node absorption.

Every step only touches what is not done yet (nodes without `hub_key`, hubs sharing a key, weak
nodes next to a strong twin), so re-running it changes nothing.

Under `--privacy` names in the graph are tokens: the pseudonymizer turns them back into text in memory
to compute the key, and the key is written as its token, the hub's uid keyed. Equal names give equal
tokens, so hubs group exactly as in a plain build.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from neo4j import ManagedTransaction

from data_pipeline.identity import generate_hub_key
from data_pipeline.inserts import existing, insert, missing
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.uids import stable_uid
from kg.driver import Graph

UNKEYED = """
MATCH (n:BaseNode)
WHERE (n:Person OR n:Company) AND n.hub_key IS NULL AND n.name IS NOT NULL
RETURN n.uid AS uid, n.name AS name
"""
# A hub whose posts changed carries this bound until COUNT_POSTS has counted it, so a run killed in between leaves
# no bound too low: rank_persons counts such a hub exactly, and the next run recounts it.
UNBOUNDED = 1_000_000_000
INSERT_HUBS = insert("NameHub")  # for the hubs `inserts.EXISTING` does not find (a key seen by an earlier build)
LINK_HUBS = """
UNWIND $rows AS row
MATCH (n:BaseNode {uid: row.node})
MATCH (h:BaseNode {uid: row.hub})
MERGE (n)-[:HAS_NAME]->(h)
SET n.hub_key = row.key, h.companies = $unbounded, h.mandates = $unbounded
"""
ALL_HUBS = """
MATCH (h:NameHub)
RETURN h.uid AS uid, h.key AS key, h.name AS name, (h.companies IS NULL OR h.companies >= $unbounded) AS uncounted
"""
# Per hub, what rank_persons counts, over every post (any role but care_of, any company, resigned or not): an upper
# bound of each of its filtered counts, so a ranking checks only the hubs whose bound reaches its threshold.
COUNT_POSTS = """
UNWIND $uids AS u
MATCH (h:BaseNode {uid: u})
OPTIONAL MATCH (h)<-[:HAS_NAME]-(:Person)-[r:ACTED_IN]->(:Event)<-[:HAS_EVENT]-(c:Company)
WHERE r.role_key <> 'care_of'
WITH h, collect(DISTINCT c.uid) AS companies, collect(DISTINCT c.uid + '|' + r.role_key) AS mandates
SET h.companies = size(companies), h.mandates = size(mandates)
"""
REWIRE_HUB = """
UNWIND $pairs AS p
MATCH (dup:BaseNode {uid: p.dup})<-[r:HAS_NAME]-(n)
MATCH (keep:BaseNode {uid: p.keep})
MERGE (n)-[:HAS_NAME]->(keep)
DELETE r
SET keep.companies = $unbounded, keep.mandates = $unbounded
"""
DELETE_NODES = "UNWIND $uids AS u MATCH (n:BaseNode {uid: u}) DETACH DELETE n"
ABSORBABLE = """
MATCH (w:BaseNode)-[:HAS_NAME]->(hub:NameHub)<-[:HAS_NAME]-(s:BaseNode)
WHERE w.strength = 'weak' AND s.strength = 'strong'
  AND ((w:Person AND s:Person) OR (w:Company AND s:Company))
MATCH (w)-->(e:Event)<--(s)
RETURN DISTINCT w.uid AS weak, s.uid AS strong, hub.uid AS hub ORDER BY weak, strong
"""
# MERGEd from the Event, whose edges are few (a strong audit firm has thousands): see phase2.LINK.
MOVE_EDGES = {t: f"""
UNWIND $pairs AS p
MATCH (w:BaseNode {{uid: p.weak}})-[r:{t}]->(e:Event)
MATCH (s:BaseNode {{uid: p.strong}})
MERGE (e)<-[n:{t} {{role_key: coalesce(r.role_key, 'unknown')}}]-(s)
SET n += properties(r), n.absorbed_from = p.weak
""" for t in ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO", "HAS_EVENT")}


@dataclass
class Phase3Stats:
    keyed: int = 0
    hubs_created: int = 0
    hubs_counted: int = 0  # hubs whose post counts were (re)computed: new posts, merged hubs, or none yet
    hubs_merged: int = 0
    absorbed: int = 0
    unresolved: int = 0  # names whose token the privacy table does not know (left without a hub)


def hub_uid(key: str) -> str:
    """The unkeyed hub uid (`PLAIN.uid("NH", key)`: a key is lower-case without spaces already)."""
    return stable_uid("NH", key)


def _rows(graph: Graph, query: str, **params: object) -> list[dict]:
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query, params)]


def _write(graph: Graph, query: str, batch: int = 2000, **lists: list) -> None:
    (name, items), = lists.items()
    for i in range(0, len(items), batch):
        graph.write((query, {name: items[i: i + batch], "unbounded": UNBOUNDED}))


def _create_hubs(graph: Graph, hubs: list[dict], batch: int = 2000) -> int:
    """Inserts the hubs whose uid the graph lacks (a key seen by an earlier run has its hub); returns how many."""
    created = 0
    for i in range(0, len(hubs), batch):
        chunk = hubs[i: i + batch]

        def work(tx: ManagedTransaction, chunk: list[dict] = chunk) -> int:
            rows = missing(chunk, existing(tx, (h["uid"] for h in chunk)))
            if rows:
                tx.run(INSERT_HUBS, rows=rows).consume()
            return len(rows)

        created += graph.transact(work)
    return created


def link_hubs(graph: Graph, px: Pseudonymizer = PLAIN) -> tuple[int, int, int, set[str]]:
    """(nodes linked, hubs created, names that could not be read back, the hubs that gained nodes)."""
    links, hubs, unresolved = [], {}, 0
    for row in _rows(graph, UNKEYED):
        name = px.plain(row["name"])
        if name is None:
            unresolved += 1
            continue
        key = generate_hub_key(name)
        if not key:
            continue
        if key not in hubs:  # the hub's representative name is the first node's name, as stored
            hubs[key] = {"uid": px.uid("NH", key), "key": px.value(key), "name": row["name"],
                         "companies": UNBOUNDED, "mandates": UNBOUNDED}
        links.append({"node": row["uid"], "hub": hubs[key]["uid"], "key": hubs[key]["key"]})
    created = _create_hubs(graph, list(hubs.values()))
    _write(graph, LINK_HUBS, rows=links)
    return len(links), created, unresolved, {link["hub"] for link in links}


def merge_duplicate_hubs(graph: Graph, px: Pseudonymizer = PLAIN) -> tuple[int, set[str], set[str]]:
    """Hubs whose recomputed key is equal collapse into one survivor (lowest uid). A pseudonymized hub
    whose name the token table does not know keeps its stored key. Returns how many merged, the surviving hubs
    whose post counts are stale (a survivor, or a hub never counted) and the hubs merged away."""
    groups: dict[str, list[str]] = defaultdict(list)
    stale: set[str] = set()
    for h in _rows(graph, ALL_HUBS, unbounded=UNBOUNDED):
        if h["uncounted"]:
            stale.add(h["uid"])
        name = px.plain(h["name"]) or px.plain(h["key"])
        key = px.value(generate_hub_key(name)) if name else h["key"]
        groups[key or ""].append(h["uid"])
    pairs = []
    for uids in groups.values():
        keep, *dups = sorted(uids)
        pairs += [{"dup": d, "keep": keep} for d in dups]
    _write(graph, REWIRE_HUB, pairs=pairs)
    _write(graph, DELETE_NODES, uids=[p["dup"] for p in pairs])
    gone = {p["dup"] for p in pairs}
    return len(pairs), (stale | {p["keep"] for p in pairs}) - gone, gone


def absorb_weak_nodes(graph: Graph) -> tuple[int, set[str]]:
    """A weak node sharing hub and event with a strong node is that node: move its edges, delete it. Returns how
    many, and the hubs of the persons involved (an edge merged into an equal one counts once)."""
    chosen: dict[str, str] = {}
    hubs: set[str] = set()
    for row in _rows(graph, ABSORBABLE):
        chosen.setdefault(row["weak"], row["strong"])  # homonyms: the first strong node, deterministically
        hubs.add(row["hub"])
    pairs = [{"weak": w, "strong": s} for w, s in chosen.items()]
    for query in MOVE_EDGES.values():
        _write(graph, query, pairs=pairs)
    _write(graph, DELETE_NODES, uids=list(chosen))
    return len(pairs), hubs


def count_posts(graph: Graph, hubs: set[str]) -> int:
    """Writes each hub's company and mandate counts (see COUNT_POSTS); returns how many hubs."""
    _write(graph, COUNT_POSTS, batch=500, uids=sorted(hubs))
    return len(hubs)


def run_phase3(graph: Graph, px: Pseudonymizer = PLAIN) -> Phase3Stats:
    keyed, created, unresolved, linked = link_hubs(graph, px)
    merged, stale, gone = merge_duplicate_hubs(graph, px)
    absorbed, touched = absorb_weak_nodes(graph)
    counted = count_posts(graph, (linked - gone) | stale | touched)
    return Phase3Stats(keyed, created, counted, merged, absorbed, unresolved)
