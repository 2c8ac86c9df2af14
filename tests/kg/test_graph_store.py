"""The read-only LangChain graph store (kg.graph_store) on the built test world: its queries go through the
guard, its structured schema is the graph's own, the custom-Cypher tool's description shows it, and
langchain_neo4j's corrector fixes reversed relationship directions before the guard runs the query."""
from __future__ import annotations

import time

import pytest
from langchain_neo4j.graphs.graph_store import GraphStore

import kg.readonly
from kg.endpoints import Context, call, describe
from kg.endpoints.custom import STATIC_DESCRIPTION
from kg.graph_store import READ_SCHEMA, GuardedGraphStore, store_for
from kg.guard import QueryRefused
from kg.hub_counts import SUMMARY_LABEL
from tests.conftest import run

LABELS = {"Company", "Person", "Event", "NameHub"}


@pytest.fixture(scope="module")
def store(ctx) -> GuardedGraphStore:
    return store_for(ctx.graph, ctx.settings)


def test_it_is_a_langchain_graph_store_one_per_graph(ctx, store):
    assert isinstance(store, GraphStore)
    assert store_for(ctx.graph, ctx.settings) is store


def test_a_read_returns_rows_and_a_write_is_refused_by_the_guard(store, built_world, truth):
    [row] = store.query("MATCH (e:Event) RETURN count(e) AS n")
    assert row["n"] == len(truth.publications)
    uid = next(u for u in sorted(truth.companies) if truth.publications_of(u))
    assert store.query("MATCH (c:Company {uid: $uid}) RETURN c.name AS name", {"uid": uid}) == [{"name": truth.name(uid)}]
    before = run(built_world.graph, "MATCH (n) RETURN count(n) AS n")
    for q in ("CREATE (:Company {name: 'x'})", "MATCH (n) DETACH DELETE n", "MATCH (c:Company) SET c.name = 'x'",
              "CALL apoc.create.node(['X'], {})", "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l"):
        with pytest.raises(QueryRefused):
            store.query(q)
    with pytest.raises(QueryRefused, match="read-only"):
        store.add_graph_documents([])
    assert run(built_world.graph, "MATCH (n) RETURN count(n) AS n") == before


def test_the_structured_schema_lists_the_real_labels_and_relationship_types(store, built_world):
    schema = store.get_structured_schema
    # What the graph holds, read independently of the store (and of db.labels()/db.relationshipTypes()).
    types = {r["t"] for r in run(built_world.graph, "MATCH ()-[r]->() RETURN DISTINCT type(r) AS t")}
    labels = {lbl for r in run(built_world.graph, "MATCH (n) RETURN DISTINCT labels(n) AS l") for lbl in r["l"]}
    assert LABELS <= labels and "BaseNode" in labels
    assert set(schema["node_props"]) == labels
    assert schema["metadata"]["base_labels"] == ["BaseNode"]
    assert {r["type"] for r in schema["relationships"]} == types
    triples = {(r["start"], r["type"], r["end"]) for r in schema["relationships"]}
    assert {("Company", "HAS_EVENT", "Event"), ("Person", "ACTED_IN", "Event"), ("Person", "HAS_NAME", "NameHub"),
            ("Company", "HAS_NAME", "NameHub")} <= triples
    assert not {t for t in triples if t[0] in ("Event", "NameHub")}  # events and hubs are only ever pointed at
    props = {label: {p["property"]: p["type"] for p in ps} for label, ps in schema["node_props"].items()}
    assert props["Company"]["uid"] == "STRING" and props["Company"]["capital_nominal"] == "FLOAT"
    assert {"publication_date", "full_text", "sub_rubric"} <= set(props["Event"])
    assert props["BaseNode"]["uid"] == "STRING"  # what every kind of node has
    assert "role" in {p["property"] for p in schema["rel_props"]["ACTED_IN"]}
    assert {"Event[full_text]", "Company[name]"} <= {i["name"] for i in schema["metadata"]["index"]}
    text = store.get_schema
    assert "(:Company)-[:HAS_EVENT]->(:Event)" in text and "Event[full_text]" in text


def test_the_tool_description_is_the_connected_graphs_and_is_built_once(ctx, monkeypatch):
    ctx.graph.memo.clear()
    text = describe("execute_custom_cypher", ctx)
    assert text != STATIC_DESCRIPTION
    for part in ("(:Person)-[:ACTED_IN]->(:Event)", "(:Company)-[:HAS_NAME]->(:NameHub)", "publication_date: STRING",
                 "MATCH (n:BaseNode {uid: $uid})", "db.index.fulltext.queryNodes"):
        assert part in text, part

    def no_query(*a, **kw):
        raise AssertionError("the schema was read again")

    monkeypatch.setattr(kg.readonly, "_execute", no_query)
    assert describe("execute_custom_cypher", ctx) == text  # cached per Graph
    assert describe("execute_custom_cypher") == STATIC_DESCRIPTION  # no graph: the static one
    assert describe("search_companies", ctx) == describe("search_companies")


def test_without_a_readable_graph_the_description_is_the_static_one(built_world):
    from kg.driver import connect
    g = connect(built_world.settings)
    g.close()  # every query on it now fails
    assert describe("execute_custom_cypher", Context(g, built_world.settings)) == STATIC_DESCRIPTION


def test_the_corrector_fixes_a_reversed_relationship_direction(ctx, store, truth):
    uid = next(u for u in sorted(truth.companies) if len(truth.publications_of(u)) >= 2)
    expected = {p["publication_number"] for p in truth.publications_of(uid)}
    reversed_query = "MATCH (e:Event)-[:HAS_EVENT]->(c:Company) WHERE c.uid = $uid RETURN e.uid AS publication_number"
    fix = store.correct(reversed_query)
    assert fix.outcome == "corrected"
    assert fix.query == ("MATCH (e:Event)<-[:HAS_EVENT]-(c:Company) WHERE c.uid = $uid "
                         "RETURN e.uid AS publication_number")
    res = call(ctx, "execute_custom_cypher", {"query": reversed_query, "params": {"uid": uid}})
    assert res.status == "ok" and {r["publication_number"] for r in res.rows} >= expected
    assert "corrected" in res.message and res.extra["query_run"] == fix.query
    assert res.args["query"] == reversed_query  # the trace keeps what was asked
    incoming = "MATCH (c:Company)<-[:HAS_EVENT]-(e:Event) WHERE c.uid = $uid RETURN e.uid AS n"
    assert store.correct(incoming).query == "MATCH (c:Company)-[:HAS_EVENT]->(e:Event) WHERE c.uid = $uid RETURN e.uid AS n"
    # the portable look-up (BaseNode in the map, the kind in WHERE) is corrected as well
    hub = "MATCH (h:NameHub)-[:HAS_NAME]->(p:BaseNode {uid: $u}) RETURN h.uid"
    assert store.correct(hub).query == "MATCH (h:NameHub)<-[:HAS_NAME]-(p:BaseNode {uid: $u}) RETURN h.uid"


def test_what_the_corrector_leaves_alone(ctx, store):
    right = "MATCH (c:Company)-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(p:Person) RETURN c.uid, r.role, p.uid LIMIT 3"
    assert store.correct(right).outcome == "unchanged"
    literal = "MATCH (c:Company) WHERE c.name = '(e:Event)-[:HAS_EVENT]->(c:Company)' RETURN c.uid"
    assert store.correct(literal).query == literal
    unknown = "MATCH (p:Person)-[:FOUNDED]->(c:Company) RETURN p.uid"
    assert store.correct(unknown).outcome == "unmatched"
    res = call(ctx, "execute_custom_cypher", {"query": unknown})  # runs as written; the empty result says why
    assert res.status == "empty" and "neither direction" in res.message
    slow_for_the_corrector = "MATCH (a {" + "}{" * 3000
    t0 = time.perf_counter()
    assert store.correct(slow_for_the_corrector).outcome == "skipped"
    assert time.perf_counter() - t0 < 0.5
    refused = call(ctx, "execute_custom_cypher", {"query": "MATCH (e:Event)-[:HAS_EVENT]->(c:Company) DETACH DELETE c"})
    assert refused.status == "refused"  # the guard comes first: the corrector never sees it


def test_the_build_keeps_the_schema_the_store_reads_it_from_there(ctx):
    """The schema read live samples every relationship type (39 s at a million notices on ArcadeDB): the build
    keeps it in a summary node, and the store reads that one node instead; the two are the same schema."""
    kept_store, read = GuardedGraphStore(ctx.graph), []
    query = kept_store.query
    kept_store.query = lambda q, p=None: read.append(q) or query(q, p)  # type: ignore[method-assign]
    kept = kept_store.get_structured_schema
    assert read == [READ_SCHEMA]
    live_store = GuardedGraphStore(ctx.graph)
    live_store.refresh_schema()  # an explicit refresh reads the graph itself
    live = live_store.get_structured_schema

    def without_summaries(schema: dict) -> dict:  # the summary nodes gained the schema's own properties since
        return schema | {"node_props": {k: v for k, v in schema["node_props"].items() if k != SUMMARY_LABEL}}

    assert without_summaries(kept) == without_summaries(live) and kept["relationships"]
    assert kept_store.triples == live_store.triples and kept_store.get_schema
