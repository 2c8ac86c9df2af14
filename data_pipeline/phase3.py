"""Phase 3 (§4.1.4): NameHubs by strict key for the nodes phases 1-2 left without one (`hub_links`), duplicate-hub
merge, weak-node absorption; then each changed hub's counts of companies and mandates (in all, per role group, per
canton) and their summary, which rank_persons reads (`kg.hub_counts`).

Every step only touches what is not done yet (nodes without `hub_key`, hubs sharing a key, weak
nodes next to a strong twin), so re-running it changes nothing.

Under `--privacy` names in the graph are tokens: the pseudonymizer turns them back into text in memory
to compute the key, and the key is written as its token, the hub's uid keyed. Equal names give equal
tokens, so hubs group exactly as in a plain build.
"""
from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

from neo4j import ManagedTransaction

from data_pipeline.ahead import ahead
from data_pipeline.hub_links import INSERT_HUBS, MARK_UNCOUNTED
from data_pipeline.identity import generate_hub_key, hub_for
from data_pipeline.inserts import existing, insert, missing
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.summaries import invalidate, is_valid, write_summary
from data_pipeline.uids import stable_uid
from kg import hub_counts
from kg.driver import Graph
from kg.hub_counts import VERSION
from kg.nested import Nested, Parted
from kg.places import CANTONS

# Read per label, companies first (the order in which a scan of BaseNode returns them: its types are made in that
# order, `kg.ddl`): a match on BaseNode filtered by label reads every node, the notices and their texts included
# (at 100,000 notices 0.8-1.6 s; the two labels 0.15 s)
NAMED_LABELS = ("Company", "Person")  # the labels whose nodes hang on a NameHub


def unkeyed(label: str) -> str:
    return f"""
MATCH (n:{label})
WHERE n.hub_key IS NULL AND n.name IS NOT NULL
RETURN n.uid AS uid, n.name AS name
"""
# A hub that gains nodes or merges with another is counted again: it is marked before its new nodes are linked, so
# a run stopped in between leaves it marked and the next run counts it. Meanwhile the summary (`kg.hub_counts`) is
# marked invalid, from the first write of a run until its last, and rank_persons reads every post. Phases 1 and 2
# link the nodes they create in the same way (`hub_links`); here are linked the nodes they leave without a key.
# For those (`unkeyed`): the one statement that gives a node its HAS_NAME edge also writes its key, so a
# node without a key has no such edge, and CREATE (no MERGE walking the hub's thousands of edges) is safe.
LINK_HUBS = """
UNWIND $rows AS row
MATCH (n:BaseNode {uid: row.node})
WHERE n.hub_key IS NULL
MATCH (h:BaseNode {uid: row.hub})
CREATE (n)-[:HAS_NAME]->(h)
SET n.hub_key = row.key
"""
# every hub, in parts (`kg.nested`: one record per part, not per hub); the order of the hubs matters nowhere
ALL_HUBS = Parted("MATCH (h:NameHub)", "h", {"uid": "h.uid", "key": "h.key", "name": "h.name",
                                             "uncounted": "(h.counted IS NULL OR h.counted <> $version)"})
# The posts of these hubs (any role but care_of, any company, resigned or not), counted in `kg.hub_counts` (the
# notice: a busy hub's list of mandates names each one's first).
POSTS = """
UNWIND $uids AS u
MATCH (h:BaseNode {uid: u})<-[:HAS_NAME]-(:Person)-[r:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(c:Company)
WHERE r.role_key <> 'care_of' AND c.strength = 'strong'
RETURN h.uid AS hub, c.uid AS company, r.role_key AS role_key, c.canton AS canton, e.uid AS notice,
       e.publication_date AS date
"""
# The same posts of every hub in one pass, from the companies in the order the store holds them. A first build
# counts every hub, and read hub by hub their posts lie all over the store: at a million notices 590,578 hubs took
# ~210 s of reads, this pass 28 s. A run counting fewer than WHOLE_PASS_SHARE of the hubs reads them hub by hub.
# Every role (care_of left out as it is read): the same pass gives the persons of each company to the top companies'
# summary (`CompanyHubs`), which counts them in any role. One record per company (`kg.nested`: at 100,000 notices
# 140,000 posts, 4.1 s of the client's CPU as records of their own, 1.0 s nested).
ALL_POSTS = Nested("MATCH (c:Company) WHERE c.strength = 'strong'", {"company": "c.uid", "canton": "c.canton"},
                   "(c)-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)",
                   {"hub": "h.uid", "role_key": "r.role_key", "notice": "e.uid", "date": "e.publication_date"})
UNCOUNTED_HUBS = Parted("MATCH (h:NameHub) WHERE h.counted IS NULL OR h.counted <> $version", "h", {"uid": "h.uid"})
WHOLE_PASS_SHARE = 0.125  # each costs about as much as the other when an eighth of the hubs is counted (at 1M)
HUB_COUNT = "MATCH (h:NameHub) RETURN count(h) AS n"
TALLY_COUNT = f"MATCH (t:{hub_counts.TALLY_LABEL}) RETURN count(t) AS n"
# Companies in another canton than the one their persons' HubCanton counts hold them in (a seat moved to another
# canton; a graph counted before those counts existed), the hubs of their persons, and the mark once recounted.
MOVED = """
MATCH (c:Company)
WHERE c.canton IS NOT NULL AND (c.hubs_canton IS NULL OR c.hubs_canton <> c.canton)
RETURN c.uid AS uid
"""
HUBS_OF = """
UNWIND $uids AS u
MATCH (c:BaseNode {uid: u})-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)
RETURN DISTINCT h.uid AS hub
"""
RECOUNTED = "UNWIND $uids AS u MATCH (c:BaseNode {uid: u}) SET c.hubs_canton = c.canton"
INSERT_TALLIES = insert(hub_counts.TALLY_LABEL)
# the HubCanton counts a hub has (a hub never counted has none)
TALLIES_OF = f"UNWIND $hubs AS u MATCH (t:{hub_counts.TALLY_LABEL} {{hub: u}}) RETURN t.uid AS uid"
UPDATE_TALLIES = """
UNWIND $rows AS row
MATCH (t:BaseNode {uid: row.uid})
SET t += row
"""
SET_COUNTS = """
UNWIND $rows AS row
MATCH (h:BaseNode {uid: row.uid})
SET h += row.counts
"""
REWIRE_HUB = """
UNWIND $pairs AS p
MATCH (dup:BaseNode {uid: p.dup})<-[r:HAS_NAME]-(n)
MATCH (keep:BaseNode {uid: p.keep})
MERGE (n)-[:HAS_NAME]->(keep)
DELETE r
SET keep.counted = 0
"""
DELETE_NODES = "UNWIND $uids AS u MATCH (n:BaseNode {uid: u}) DETACH DELETE n"
# From each weak node through its notices (a notice names a handful of nodes) to the strong nodes beside it, then
# whether both hang on the same hub: one edge each. (From the hub, every pair of its nodes was tried: a hub of a
# common name holds thousands at a million notices.) Sorted here, not by the server (`absorb_weak_nodes`).
# One read per label, as `unkeyed`.
def absorbable(label: str) -> str:
    return f"""
MATCH (w:{label})
WHERE w.strength = 'weak'
MATCH (w)-->(e:Event)<--(s:{label})
WHERE s.strength = 'strong'
MATCH (w)-[:HAS_NAME]->(hub:NameHub)
MATCH (s)-[:HAS_NAME]->(same:NameHub)
WHERE same.uid = hub.uid
RETURN DISTINCT w.uid AS weak, s.uid AS strong, hub.uid AS hub
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
    keyed: int = 0  # nodes phase 3 linked to their hub (phases 1-2 link the nodes they create: `hub_links`)
    hubs_created: int = 0  # by phase 3
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


def _parted(graph: Graph, parted: Parted, **params: object) -> list[dict]:
    with graph.driver.session(database=graph.database) as s:
        return list(parted.rows(s.run(parted.query, params)))


def _rows_per_label(graph: Graph, query_for: Callable[[str], str]) -> list[dict]:
    """The rows of `query_for(label)` for each of NAMED_LABELS, in that order."""
    return [r for label in NAMED_LABELS for r in _rows(graph, query_for(label))]


def _write(graph: Graph, query: str, batch: int = 2000, **lists: list) -> None:
    (name, items), = lists.items()
    for i in range(0, len(items), batch):
        graph.write((query, {name: items[i: i + batch]}))


def _create_hubs(graph: Graph, hubs: list[dict], batch: int = 2000) -> set[str]:
    """Inserts the hubs whose uid the graph lacks (a key seen by an earlier run has its hub); returns their uids."""
    created: set[str] = set()
    for i in range(0, len(hubs), batch):
        chunk = hubs[i: i + batch]

        def work(tx: ManagedTransaction, chunk: list[dict] = chunk) -> set[str]:
            rows = missing(chunk, existing(tx, (h["uid"] for h in chunk)))
            if rows:
                tx.run(INSERT_HUBS, rows=rows).consume()
            return {r["uid"] for r in rows}

        created |= graph.transact(work)
    return created


def link_hubs(graph: Graph, px: Pseudonymizer = PLAIN) -> tuple[int, int, int, set[str]]:
    """(nodes linked, hubs created, names that could not be read back, the hubs that gained nodes)."""
    links, hubs, unresolved = [], {}, 0
    for row in _rows_per_label(graph, unkeyed):
        name = px.plain(row["name"])
        if name is None:
            unresolved += 1
            continue
        key = generate_hub_key(name)
        if not key:
            continue
        if key not in hubs:  # the hub's representative name is the first node's name, as stored
            hubs[key] = hub_for(name, row["name"], px)
        links.append({"node": row["uid"], "hub": hubs[key]["uid"], "key": hubs[key]["key"]})
    invalidate(graph, hub_counts.SUMMARY_UID)  # until run_phase3 has summarized again
    created = _create_hubs(graph, list(hubs.values()))  # uncounted
    _write(graph, MARK_UNCOUNTED, uids=[h["uid"] for h in hubs.values() if h["uid"] not in created])
    _write(graph, LINK_HUBS, rows=links)
    return len(links), len(created), unresolved, {link["hub"] for link in links}


def merge_duplicate_hubs(graph: Graph, px: Pseudonymizer = PLAIN, fresh: bool = False) -> tuple[int, set[str], set[str]]:
    """Hubs whose recomputed key is equal collapse into one survivor (lowest uid). A pseudonymized hub
    whose name the token table does not know keeps its stored key. Returns how many merged, the surviving hubs
    whose post counts are stale (a survivor, or a hub never counted) and the hubs merged away. On a graph this build
    wrote from empty (`fresh`: `UidLedger.fresh`) every hub was made by this code (`hub_for`), its uid from its key,
    so no two share a key: nothing is merged, and only the hubs not counted yet are read."""
    if fresh:
        return 0, {r["uid"] for r in _parted(graph, UNCOUNTED_HUBS, version=VERSION)}, set()
    groups: dict[str, list[str]] = defaultdict(list)
    stale: set[str] = set()
    for h in _parted(graph, ALL_HUBS, version=VERSION):
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
    _write(graph, DELETE_NODES, uids=[hub_counts.tally_uid(p["dup"], c) for p in pairs for c in CANTONS])
    gone = {p["dup"] for p in pairs}
    return len(pairs), (stale | {p["keep"] for p in pairs}) - gone, gone


def absorb_weak_nodes(graph: Graph) -> tuple[int, set[str]]:
    """A weak node sharing hub and event with a strong node is that node: move its edges, delete it. Returns how
    many, and the hubs of the persons involved (an edge merged into an equal one counts once)."""
    chosen: dict[str, str] = {}
    hubs: set[str] = set()
    for row in sorted(_rows_per_label(graph, absorbable), key=lambda r: (r["weak"], r["strong"])):
        chosen.setdefault(row["weak"], row["strong"])  # homonyms: the first strong node, deterministically
        hubs.add(row["hub"])
    pairs = [{"weak": w, "strong": s} for w, s in chosen.items()]
    for query in MOVE_EDGES.values():
        _write(graph, query, pairs=pairs)
    _write(graph, DELETE_NODES, uids=list(chosen))
    return len(pairs), hubs


def hubs_of(graph: Graph, companies: list[str], batch: int = 2000) -> set[str]:
    """The hubs of the persons who hold or held a post in these companies."""
    return {r["hub"] for i in range(0, len(companies), batch)
            for r in _rows(graph, HUBS_OF, uids=companies[i: i + batch])}


class CompanyHubs:
    """company uid -> the NameHubs of the persons named in its notices (any role, strong companies), as phase 3's
    pass over every post saw them (`complete` once it was made: a run that counts few hubs reads them hub by hub)."""

    def __init__(self) -> None:
        self.hubs: dict[str, set[str]] = defaultdict(set)
        self.complete = False


def _hub_posts(graph: Graph, uids: list[str], batch: int, total: int, seen: CompanyHubs | None = None
               ) -> tuple[list[list[str]], Callable[[list[str]], list[dict]]]:
    """These hubs in batches, and how to read a batch's posts: hub by hub, or from one pass over every post (made
    here, and kept in `seen`) when the hubs are WHOLE_PASS_SHARE of the graph's `total` or more. Each batch is read once, in
    order."""
    chunks = [uids[i: i + batch] for i in range(0, len(uids), batch)]
    if len(uids) < WHOLE_PASS_SHARE * total:
        return chunks, lambda chunk: _rows(graph, POSTS, uids=chunk)
    wanted = set(uids)
    held: dict[str, list[tuple[str, str, str | None, str, str | None]]] = defaultdict(list)
    seen = seen or CompanyHubs()
    with graph.driver.session(database=graph.database) as s:
        for head, posts in ALL_POSTS.groups(s.run(ALL_POSTS.query)):  # a tuple per post, not a dict
            if not posts:
                continue
            # the same company, role, canton and day over and over: one string each
            company, canton = sys.intern(head["company"]), head["canton"] and sys.intern(head["canton"])
            hubs = seen.hubs[company]
            for p in posts:
                hubs.add(sys.intern(p.hub))
                if p.hub in wanted and p.role_key is not None and p.role_key != "care_of":  # `<> 'care_of'` in POSTS
                    held[p.hub].append((company, sys.intern(p.role_key), canton, p.notice, p.date and sys.intern(p.date)))
    seen.complete = True
    return chunks, lambda chunk: [{"hub": u, "company": c, "role_key": k, "canton": t, "notice": e, "date": d}
                                  for u in chunk for c, k, t, e, d in held.pop(u, ())]


def _counted(chunk: list[str], posts: list[dict], never: bool = False) -> tuple[list[dict], list[dict]]:
    """The count rows of these hubs (every hub of the chunk, one without posts counted empty) and their HubCanton
    rows. A count of None removes the property (`SET += row`); hubs `never` counted have none to remove, nor any
    HubCanton node (each is created), so their rows leave the Nones out: what is sent is what is stored."""
    found = hub_counts.counts(posts)
    rows = [{"uid": u, "counts": (found.get(u) or hub_counts.empty()) | {"counted": VERSION}} for u in chunk]
    tallies = hub_counts.canton_counts(posts)
    if never:
        rows = [{"uid": r["uid"], "counts": {k: v for k, v in r["counts"].items() if v is not None}} for r in rows]
        tallies = [{k: v for k, v in t.items() if v is not None} for t in tallies]
    return rows, tallies


class Histograms:
    """Per summary property (`summarize_counts`' keys), how many hubs, or HubCanton nodes, hold each value, tallied
    from the rows `count_posts` writes: the graph's own histograms where those rows are every hub's and every
    HubCanton's (`whole`)."""

    def __init__(self) -> None:
        self.values: dict[str, Counter] = {key: Counter() for p in hub_counts.PROPERTIES for key in (p, f"canton_{p}")}
        self.tallies = 0  # HubCanton rows written
        self.whole = False

    def add(self, rows: list[dict], tallies: list[dict]) -> None:
        for p in hub_counts.PROPERTIES:  # a None is a property removed (`SET += row`) or never written
            self.values[p].update(v for r in rows if (v := r["counts"].get(p)) is not None)
            self.values[f"canton_{p}"].update(v for t in tallies if (v := t.get(p)) is not None)
        self.tallies += len(tallies)

    def props(self) -> dict[str, object]:
        return {key: json.dumps({str(v): n for v, n in counted.items()}, sort_keys=True)
                for key, counted in self.values.items()}


def count_posts(graph: Graph, hubs: set[str], batch: int = 2000, seen: CompanyHubs | None = None,
                histograms: Histograms | None = None, fresh: bool = False) -> int:
    """Writes each hub's company and mandate counts (`kg.hub_counts`); returns how many hubs. The next batch is read
    and counted while one is written (`ahead`: the counting is this process's work, the writing the server's).
    `histograms`: tallied from what is written, `whole` where these are every hub of the graph and the HubCanton
    nodes are then those written. `fresh`: the build wrote every node of the graph, so no hub was counted before
    and none has a HubCanton node yet."""
    uids = sorted(hubs)
    graph_hubs = _rows(graph, HUB_COUNT)[0]["n"]  # counting creates and deletes no hub
    chunks, posts_of = _hub_posts(graph, uids, batch, graph_hubs, seen)
    histograms = histograms or Histograms()
    for rows, tallies in ahead(lambda chunk: _counted(chunk, posts_of(chunk), fresh), chunks):

        def work(tx: ManagedTransaction, rows: list[dict] = rows, tallies: list[dict] = tallies) -> None:
            tx.run(SET_COUNTS, rows=rows).consume()
            held = set() if fresh else {r["uid"] for r in tx.run(TALLIES_OF, hubs=[r["uid"] for r in rows])}
            stale = held - {t["uid"] for t in tallies}  # a canton where the hub holds no post any more
            for query, params in ((DELETE_NODES, {"uids": sorted(stale)}),
                                  (UPDATE_TALLIES, {"rows": [t for t in tallies if t["uid"] in held]}),
                                  (INSERT_TALLIES, {"rows": missing(tallies, held)})):
                if next(iter(params.values())):
                    tx.run(query, params).consume()

        graph.transact(work)
        histograms.add(rows, tallies)
    graph_tallies = _rows(graph, TALLY_COUNT)[0]["n"]
    histograms.whole = len(uids) == graph_hubs and histograms.tallies == graph_tallies  # `hubs` are the graph's
    return len(uids)


def summarize_counts(graph: Graph, histograms: Histograms | None = None) -> None:
    """Writes the summary node: per hub property, how many hubs have each value (see `kg.hub_counts`): from
    `histograms` where they are the graph's (`Histograms.whole`), else read. The 32 histograms are read two at a time
    (the server runs each read in a thread of its own; 18 s one by one at 1M)."""
    if histograms is not None and histograms.whole:
        write_summary(graph, hub_counts.SUMMARY_UID, VERSION, histograms.props())
        return
    queries = {key: query for p in hub_counts.PROPERTIES for key, query in (
        (p, hub_counts.histogram_query(p)), (f"canton_{p}", hub_counts.tally_histogram_query(p)))}
    with ThreadPoolExecutor(2) as pool:
        read = dict(zip(queries, pool.map(lambda q: _rows(graph, q), queries.values()), strict=True))
    props: dict[str, object] = {key: json.dumps({str(r["value"]): r["hubs"] for r in rows}, sort_keys=True)
                                for key, rows in read.items()}
    write_summary(graph, hub_counts.SUMMARY_UID, VERSION, props)


def summarized(graph: Graph) -> bool:
    return is_valid(graph, hub_counts.SUMMARY_UID, VERSION)


@dataclass
class Settled:
    """What `settle_nodes` leaves to `count_hubs`: its counts, the hubs to count, and the companies whose persons'
    HubCanton counts are recounted (`MOVED`)."""
    stats: Phase3Stats
    hubs: set[str]
    moved: list[str]


def settle_nodes(graph: Graph, px: Pseudonymizer = PLAIN, fresh: bool = False) -> Settled:
    """Phase 3's writes to persons, companies and their edges: hub links, duplicate hubs merged, weak nodes absorbed.
    After it phase 3 writes only hubs, their HubCanton counts and a mark on companies (`count_hubs`). `fresh`: the build
    wrote every node of the graph (`merge_duplicate_hubs`)."""
    keyed, created, unresolved, linked = link_hubs(graph, px)
    merged, stale, gone = merge_duplicate_hubs(graph, px, fresh)
    absorbed, touched = absorb_weak_nodes(graph)
    moved = [r["uid"] for r in _rows(graph, MOVED)]
    return Settled(Phase3Stats(keyed, created, 0, merged, absorbed, unresolved),
                   (linked - gone) | stale | touched | hubs_of(graph, moved), moved)


def count_hubs(graph: Graph, settled: Settled, seen: CompanyHubs | None = None, fresh: bool = False) -> Phase3Stats:
    """The settled hubs' counts, and their summary; phase 3's counts. `seen`: filled with each company's persons where
    every post is read (`CompanyHubs`)."""
    histograms = Histograms()
    counted = count_posts(graph, settled.hubs, seen=seen, histograms=histograms, fresh=fresh)
    _write(graph, RECOUNTED, uids=settled.moved)
    summarize_counts(graph, histograms)
    return replace(settled.stats, hubs_counted=counted)


def run_phase3(graph: Graph, px: Pseudonymizer = PLAIN, seen: CompanyHubs | None = None, fresh: bool = False
               ) -> Phase3Stats:
    """`settle_nodes`, then `count_hubs`."""
    return count_hubs(graph, settle_nodes(graph, px, fresh), seen, fresh)
