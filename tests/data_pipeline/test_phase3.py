"""Phase 3 on a hand-made graph: hubs, the merge of hubs whose key is the same, the absorption of a weak node into
its strong twin, and a second run that changes nothing (none of the generated test worlds has a twin or a stale hub)."""
from __future__ import annotations

import json

from data_pipeline import phase3
from data_pipeline.build import ALL_SUB_RUBRICS, _phase1
from data_pipeline.extract.base import Mention
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.identity import generate_hub_key
from data_pipeline.phase2 import run_phase2, write_mentions
from data_pipeline.phase3 import POSTS, Phase3Stats, count_posts, link_hubs, run_phase3, summarized
from data_pipeline.privacy import PLAIN
from data_pipeline.sources import Quarantine, iter_files
from kg import hub_counts
from kg.endpoints import Context, call
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
CREATE (t:BaseNode:Person {uid: 'p3-t', name: 'Tester, Tom', strength: 'strong', phase: 1})
CREATE (t)-[:INVOLVED_IN {role: 'DEBTOR_PERSON'}]->(e2)
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
    assert (stats.keyed, stats.hubs_merged, stats.absorbed) == (5, 1, 1)  # p3-a has its key already
    nodes, edges = snapshot(g)
    uids = [n[0] for n in nodes]
    # absorbed; a homonym elsewhere (beside a strong person of another name); merged
    assert "p3-w1" not in uids and "p3-w2" in uids and "p3-t" in uids and "p3-h2" not in uids
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


COMPANIES = """
CREATE (c1:BaseNode:Company {uid: 'p3-c1', name: 'Alpha AG', strength: 'strong'})
CREATE (c2:BaseNode:Company {uid: 'p3-c2', name: 'Beta AG', strength: 'strong'})
WITH c1, c2
MATCH (e1:BaseNode {uid: 'p3-e1'}), (e2:BaseNode {uid: 'p3-e2'})
CREATE (c1)-[:HAS_EVENT {role: 'SUBJECT'}]->(e1)
CREATE (c2)-[:HAS_EVENT {role: 'SUBJECT'}]->(e2)
"""
COUNTS = "MATCH (h:NameHub) RETURN h.name AS name, h.companies AS companies, h.mandates AS mandates ORDER BY name"


def test_every_hub_carries_the_companies_and_mandates_of_its_posts(own_graph):
    """rank_persons reads only the hubs whose counts reach its threshold, so each hub's counts must bound its
    posts: written for new hubs, recounted when a later notice adds a post or a duplicate hub merges in, and
    written on a run over a graph whose hubs have none yet."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    run(g, SEED)
    run(g, COMPANIES)
    run_phase3(g)
    counts = {r["name"]: (r["companies"], r["mandates"]) for r in run(g, COUNTS)}
    # Hans Muster: board in Alpha (moved onto the strong twin) and in Beta; authorities and Anna hold no post
    hans = next(v for k, v in counts.items() if "Muster" in k)
    assert hans == (2, 2)
    assert all(v == (0, 0) for k, v in counts.items() if "Muster" not in k)
    # a later notice names him as a signatory of Beta: one more mandate, no new company
    run(g, """CREATE (e:BaseNode:Event {uid: 'p3-e3', publication_number: 'HR02-3'})
              CREATE (w:BaseNode:Person {uid: 'p3-w3', name: 'Hans Muster', strength: 'weak', phase: 2})
              CREATE (w)-[:ACTED_IN {role_key: 'authorized_signatory'}]->(e)
              WITH e MATCH (c:BaseNode {uid: 'p3-c2'}) CREATE (c)-[:HAS_EVENT {role: 'SUBJECT'}]->(e)""")
    # a run killed after linking, before counting: the summary is invalid (every post is read, so the ranking is
    # exact), the hub is marked, and the next run counts it
    link_hubs(g)
    assert not summarized(g)
    assert run(g, "MATCH (h:NameHub) WHERE h.counted = 0 RETURN count(h) AS n") == [{"n": 1}]
    ranked = call(Context(g, own_graph.settings), "rank_persons", {"metric": "mandates"}).rows
    assert [r["value"] for r in ranked] == [3]
    assert run_phase3(g).hubs_counted == 1 and summarized(g)
    assert next(r for r in run(g, COUNTS) if "Muster" in r["name"])["mandates"] == 3
    signatories = call(Context(g, own_graph.settings), "rank_persons", {"role": "signatories"})
    assert [(r["value"], [c["name"] for c in r["companies"]]) for r in signatories.rows] == [(1, ["Beta AG"])]
    assert call(Context(g, own_graph.settings), "rank_persons", {"role": "signatories", "min_count": 2}).rows == []
    # a graph built before the counts existed is ranked from every post, and gets them on the next run
    run(g, "MATCH (h:NameHub) REMOVE h.companies, h.mandates, h.counted")
    run(g, "MATCH (s:GraphSummary) DETACH DELETE s")
    ranked = call(Context(g, own_graph.settings), "rank_persons", {}).rows
    assert [(r["name"], r["value"]) for r in ranked] == [(next(k for k in counts if "Muster" in k), 2)]
    assert run_phase3(g).hubs_counted == len(counts)
    assert next(r for r in run(g, COUNTS) if "Muster" in r["name"])["companies"] == 2
    assert run_phase3(g) == Phase3Stats()
    # hubs counted by a build before the counts per role group are counted again
    run(g, "MATCH (h:NameHub) REMOVE h.counted")
    run(g, "MATCH (s:GraphSummary) SET s.version = 1")
    assert call(Context(g, own_graph.settings), "rank_persons", {"role": "signatories"}).rows[0]["value"] == 1
    assert run_phase3(g).hubs_counted == len(counts)
    assert run_phase3(g) == Phase3Stats()


def test_counts_per_canton_follow_a_seat_moved_to_another_canton(own_graph):
    """rank_persons reads a canton's ranking from the hubs' HubCanton counts: a company whose seat moves to another
    canton moves its persons' counts with it on the next run (and the canton it left no longer lists them)."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    run(g, SEED)
    run(g, COMPANIES)
    run(g, "MATCH (c:Company {uid: 'p3-c1'}) SET c.canton = 'ZH', c.hubs_canton = 'ZH'")
    run(g, "MATCH (c:Company {uid: 'p3-c2'}) SET c.canton = 'GE', c.hubs_canton = 'GE'")
    run_phase3(g)
    ctx = Context(g, own_graph.settings)

    def board(canton: str) -> list[tuple[int, list[str]]]:
        rows = call(ctx, "rank_persons", {"canton": canton}).rows
        return [(r["value"], [c["name"] for c in r["companies"]]) for r in rows]

    assert board("ZH") == [(1, ["Alpha AG"])] and board("GE") == [(1, ["Beta AG"])]
    run(g, "MATCH (c:Company {uid: 'p3-c2'}) SET c.canton = 'ZH'")  # what phase 1 writes for a move notice
    assert run_phase3(g).hubs_counted == 1
    assert board("ZH") == [(2, ["Alpha AG", "Beta AG"])] and board("GE") == []
    assert run(g, "MATCH (t:HubCanton) RETURN t.canton AS canton, t.companies AS companies") == [
        {"canton": "ZH", "companies": "ZH|2"}]
    assert run_phase3(g) == Phase3Stats()


KEYS = """
MATCH (n:BaseNode) WHERE n:Person OR n:Company
OPTIONAL MATCH (n)-[:HAS_NAME]->(h:NameHub)
RETURN n.uid AS uid, n.name AS name, n.hub_key AS key, n.strength AS strength, n.phase AS phase, n:Person AS person,
       collect(h.key) AS hubs
"""


def test_phases_1_and_2_link_what_they_create_and_phase_3_the_companies(own_graph, small_world):
    """Every person, and every name a notice's text gives, is linked to its hub by the transaction that writes it
    (issue 19: no pass over the whole graph to find them afterwards); phase 3 keys the strong companies (a rename
    changes their name until the build's end) and counts each hub once. The hubs are those the names' keys give, as
    when phase 3 keyed every node; a hub counted before that gains a node is counted again."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    _phase1(g, list(iter_files([str(small_world / "xml")])), Quarantine(), PLAIN, 100, False)
    run_phase2(g, RuleExtractor(), ALL_SUB_RUBRICS)
    before = run(g, KEYS)
    unkeyed = [r for r in before if r["key"] is None]
    # (a company a text names by its CHE number is keyed by phase 3 too: a later notice may register another name)
    assert unkeyed and all(not r["person"] and r["hubs"] == [] and (r["strength"] == "strong" and r["phase"] == 1
                                                                    or r["uid"].startswith("CHE-")) for r in unkeyed)
    keyed = [r for r in before if r["key"] is not None]
    assert len(keyed) > len(unkeyed) and all(r["hubs"] == [r["key"]] == [generate_hub_key(r["name"])] for r in keyed)
    assert not summarized(g)
    hubs = run(g, "MATCH (h:NameHub) RETURN count(h) AS n")[0]["n"]
    stats = run_phase3(g)
    assert stats.keyed == len(unkeyed) and stats.hubs_counted == run(g, "MATCH (h:NameHub) RETURN count(h) AS n")[0]["n"]
    assert stats.hubs_counted > hubs - stats.hubs_merged  # the companies' own hubs came on top
    after = run(g, KEYS)
    assert all(r["hubs"] == [r["key"]] == [generate_hub_key(r["name"])] for r in after), after
    assert summarized(g) and run_phase3(g) == Phase3Stats()
    # a later notice names a person already counted: phase 2 marks the hub, phase 3 counts it again (and only it)
    person = next(r for r in after if r["person"] and r["strength"] == "strong")
    event = run(g, "MATCH (e:Event) RETURN e.uid AS uid LIMIT 1")[0]["uid"]
    write_mentions(g, {event: [Mention(person["name"], "person", "Mitglied", "board")]}, "test")
    assert not summarized(g)
    assert run(g, "MATCH (h:NameHub) WHERE h.counted = 0 RETURN h.key AS key") == [{"key": person["key"]}]
    assert run_phase3(g) == Phase3Stats(hubs_counted=1) and summarized(g)


HUB_COUNTS = f"""
MATCH (h:NameHub) RETURN h.uid AS uid, {", ".join(f"h.{p} AS {p}" for p in hub_counts.PROPERTIES)} ORDER BY uid
"""
TALLIES = f"""
MATCH (t:HubCanton) RETURN t.uid AS uid, t.hub AS hub, {", ".join(f"t.{p} AS {p}" for p in hub_counts.PROPERTIES)}
ORDER BY uid
"""


def test_one_pass_over_every_post_counts_as_hub_by_hub(own_graph, small_world, monkeypatch):
    """A first build counts every hub from one pass over all posts; a run counting a few hubs reads theirs hub by
    hub. Both write the same counts (each path is the only one that can run: the other's query is broken)."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    _phase1(g, list(iter_files([str(small_world / "xml")])), Quarantine(), PLAIN, 100, False)
    run_phase2(g, RuleExtractor(), ALL_SUB_RUBRICS)
    monkeypatch.setattr(phase3, "POSTS", "RETURN broken(")
    counted = run_phase3(g).hubs_counted
    one_pass = run(g, HUB_COUNTS), run(g, TALLIES)
    assert counted == len(one_pass[0]) and len(one_pass[1]) > 20
    assert sum(r["mandates"] for r in one_pass[0]) > len(one_pass[0]) / 2
    run(g, "MATCH (t:HubCanton) DETACH DELETE t")
    run(g, f"MATCH (h:NameHub) REMOVE {', '.join(f'h.{p}' for p in hub_counts.PROPERTIES)} SET h.counted = 0")
    monkeypatch.setattr(phase3, "POSTS", POSTS)
    monkeypatch.setattr(phase3, "ALL_POSTS", "RETURN broken(")
    monkeypatch.setattr(phase3, "WHOLE_PASS_SHARE", 2.0)
    assert count_posts(g, {r["uid"] for r in one_pass[0]}, batch=50) == counted
    assert (run(g, HUB_COUNTS), run(g, TALLIES)) == one_pass


def test_the_summary_tallied_from_a_count_of_every_hub_is_the_graphs_histograms(own_graph, small_world):
    """A run that counts every hub (a first build) tallies the hub-count summary from the counts it writes instead of
    reading 32 histograms back: the same summary, property by property, as the histograms read from the graph."""
    g = own_graph.graph
    g.ensure_schema(fulltext=False)
    _phase1(g, list(iter_files([str(small_world / "xml")])), Quarantine(), PLAIN, 100, False)
    run_phase2(g, RuleExtractor(), ALL_SUB_RUBRICS)
    histograms = phase3.Histograms()
    counted = phase3.count_posts(g, {r["uid"] for r in run(g, "MATCH (h:NameHub) RETURN h.uid AS uid")},
                                 histograms=histograms)
    assert histograms.whole and counted > 20 and histograms.tallies > 20
    phase3.summarize_counts(g, histograms)
    summary = f"MATCH (s:BaseNode {{uid: '{hub_counts.SUMMARY_UID}'}}) RETURN properties(s) AS p"
    tallied = run(g, summary)[0]["p"]
    phase3.summarize_counts(g)  # read from the graph
    read = run(g, summary)[0]["p"]
    assert tallied == read and json.loads(read["mandates"]) and json.loads(read["canton_companies"])
    # counted for a part of the hubs only, the tally is not the graph's: the histograms are read
    part = phase3.Histograms()
    phase3.count_posts(g, {r["uid"] for r in run(g, "MATCH (h:NameHub) RETURN h.uid AS uid LIMIT 5")}, histograms=part)
    assert not part.whole
