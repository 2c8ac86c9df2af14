"""Phase 3 on a hand-made graph: hubs, the merge of hubs whose key is the same, the absorption of a weak node into
its strong twin, and a second run that changes nothing (none of the generated test worlds has a twin or a stale hub)."""
from __future__ import annotations

from data_pipeline.phase3 import Phase3Stats, run_phase3
from tests.conftest import run

SEED = """
CREATE (e1:BaseNode:Event {uid: 'p3-e1', publication_number: 'HR02-1'})
CREATE (e2:BaseNode:Event {uid: 'p3-e2', publication_number: 'HR02-2'})
CREATE (s:BaseNode:Person {uid: 'p3-s', name: 'Muster, Hans', strength: 'strong', phase: 1})
CREATE (w1:BaseNode:Person {uid: 'p3-w1', name: 'Hans Muster', strength: 'weak', phase: 2})
CREATE (w2:BaseNode:Person {uid: 'p3-w2', name: 'Hans Muster', strength: 'weak', phase: 2})
CREATE (o:BaseNode:Company {uid: 'p3-o', name: 'Konkursamt Thun', strength: 'weak', kind: 'authority'})
CREATE (h1:BaseNode:NameHub {uid: 'p3-h1', key: 'old-key-1', name: 'Anna Beispiel'})
CREATE (h2:BaseNode:NameHub {uid: 'p3-h2', key: 'old-key-2', name: 'Beispiel, Anna'})
CREATE (a:BaseNode:Person {uid: 'p3-a', name: 'Beispiel, Anna', strength: 'weak', hub_key: 'old-key-2'})
CREATE (s)-[:INVOLVED_IN {role: 'DEBTOR_PERSON'}]->(e1)
CREATE (w1)-[:ACTED_IN {role_key: 'board', role: 'Präsident', signature: 'Einzelunterschrift'}]->(e1)
CREATE (w2)-[:ACTED_IN {role_key: 'board', role: 'Mitglied'}]->(e2)
CREATE (o)-[:RELATED_TO {role_key: 'bankruptcy_office'}]->(e1)
CREATE (o)-[:RELATED_TO {role_key: 'bankruptcy_office'}]->(e2)
CREATE (a)-[:HAS_NAME]->(h2)
"""
EDGES = """
MATCH (n:BaseNode)-[r]->(m:BaseNode) WHERE n.uid STARTS WITH 'p3-'
RETURN n.uid AS src, type(r) AS type, m.uid AS dst, properties(r) AS props ORDER BY src, type, dst
"""


def snapshot(graph):
    nodes = run(graph, "MATCH (n:BaseNode) RETURN n.uid AS uid, labels(n) AS labels, n.hub_key AS key ORDER BY uid")
    return [(n["uid"], sorted(n["labels"]), n["key"]) for n in nodes], run(graph, EDGES)


def test_hubs_twins_and_stale_hubs_resolve_once(own_graph):
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    run(g, SEED)
    stats = run_phase3(g)
    assert (stats.keyed, stats.hubs_merged, stats.absorbed) == (4, 1, 1)  # p3-a has its key already
    nodes, edges = snapshot(g)
    uids = [n[0] for n in nodes]
    assert "p3-w1" not in uids and "p3-w2" in uids and "p3-h2" not in uids  # absorbed; a homonym elsewhere; merged
    acted = [e for e in edges if e["type"] == "ACTED_IN"]
    assert {(e["src"], e["dst"]) for e in acted} == {("p3-s", "p3-e1"), ("p3-w2", "p3-e2")}
    moved = next(e for e in acted if e["src"] == "p3-s")
    assert moved["props"] == {"role_key": "board", "role": "Präsident", "signature": "Einzelunterschrift",
                              "absorbed_from": "p3-w1"}
    hub_of = {e["src"]: e["dst"] for e in edges if e["type"] == "HAS_NAME"}
    assert hub_of["p3-s"] == hub_of["p3-w2"] and hub_of["p3-a"] == "p3-h1"
    assert len([e for e in edges if e["type"] == "RELATED_TO"]) == 2
    assert run_phase3(g) == Phase3Stats()  # nothing left to do
    assert snapshot(g) == (nodes, edges)


def test_a_name_seen_by_an_earlier_run_joins_its_hub(own_graph):
    """A node keyed later (a new notice's person) whose key has a hub already is linked to that hub, not to a
    second one: the hub insert skips the keys the graph holds."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    run(g, SEED)
    run_phase3(g)
    hub_of = {e["src"]: e["dst"] for e in snapshot(g)[1] if e["type"] == "HAS_NAME"}
    hubs_before = run(g, "MATCH (h:BaseNode) WHERE h:NameHub RETURN count(h) AS n")[0]["n"]
    run(g, "CREATE (:BaseNode:Person {uid: 'p3-late', name: 'Hans Muster', strength: 'weak', phase: 2})")
    stats = run_phase3(g)
    assert stats.keyed == 1 and stats.hubs_created == 0
    after = {e["src"]: e["dst"] for e in snapshot(g)[1] if e["type"] == "HAS_NAME"}
    assert after["p3-late"] == hub_of["p3-w2"]
    assert run(g, "MATCH (h:BaseNode) WHERE h:NameHub RETURN count(h) AS n")[0]["n"] == hubs_before
