import pytest
from neo4j.exceptions import ConstraintError, Neo4jError

from kg.backend import detect_backend
from kg.ddl import FULLTEXT, FULLTEXT_INDEX, bootstrap_schema
from tests.conftest import run


def index_names(graph):
    return sorted(r["name"] for r in run(graph, "SHOW INDEXES YIELD name RETURN name"))


def test_bootstrap_is_idempotent_and_creates_every_index(graph):
    first = index_names(graph)
    graph.ensure_schema()
    graph.ensure_schema()
    assert index_names(graph) == first
    assert set(FULLTEXT) <= set(first)  # event texts, company names, hub names
    assert {"person_name", "namehub_key", "event_publication_date", "event_sub_rubric"} <= set(first)
    # Neo4j keeps a range index on company names too; ArcadeDB allows one index per property
    assert ("company_name" in first) == (graph.backend == "neo4j")
    [uid] = [r for r in run(graph, "SHOW INDEXES YIELD name, labelsOrTypes, properties RETURN *")
             if r["labelsOrTypes"] == ["BaseNode"] and r["properties"] == ["uid"]]
    assert uid


def test_backend_is_detected(graph):
    assert detect_backend(graph.driver, graph.database) == graph.backend
    assert graph.backend in ("arcadedb", "neo4j")


def test_uid_is_unique_across_all_entity_labels(graph):
    run(graph, "MATCH (n:BaseNode {uid: 'schema-dup'}) DETACH DELETE n")
    run(graph, "CREATE (:BaseNode:Company {uid: 'schema-dup', name: 'A'})")
    with pytest.raises((ConstraintError, Neo4jError)):
        run(graph, "CREATE (:BaseNode:Person {uid: 'schema-dup', name: 'B'})")
    assert run(graph, "MATCH (n:BaseNode {uid: 'schema-dup'}) RETURN count(n) AS c") == [{"c": 1}]
    run(graph, "MATCH (n:BaseNode {uid: 'schema-dup'}) DETACH DELETE n")


def test_full_text_index_finds_new_events_in_three_languages(graph):
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH 'ft-' DETACH DELETE n")
    run(graph, """UNWIND $rows AS r CREATE (:BaseNode:Event {uid: r.uid, full_text: r.text})""", rows=[
        {"uid": "ft-de", "text": "Konkurseröffnung über die Zephyrwerk GmbH, Zürich"},
        {"uid": "ft-fr", "text": "Faillite de Zephyrwerk Sàrl à Genève, appel aux créanciers"},
        {"uid": "ft-it", "text": "Fallimento della Quarzolino Sagl, Lugano"},
    ])
    hits = run(graph, "CALL db.index.fulltext.queryNodes($i, $q) YIELD node, score "
                      "RETURN node.uid AS uid, score ORDER BY score DESC", i=FULLTEXT_INDEX, q="Zephyrwerk")
    assert {h["uid"] for h in hits} == {"ft-de", "ft-fr"}
    assert all(h["score"] > 0 for h in hits)
    it = run(graph, "CALL db.index.fulltext.queryNodes($i, $q) YIELD node RETURN node.uid AS uid",
             i=FULLTEXT_INDEX, q="quarzolino")
    assert [h["uid"] for h in it] == ["ft-it"]
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH 'ft-' DETACH DELETE n")


def test_bootstrap_without_http_on_arcadedb_is_a_clear_error(graph):
    if graph.backend != "arcadedb":
        pytest.skip("only ArcadeDB needs its HTTP API for the full-text index")
    with pytest.raises(ValueError, match="HTTP API"):
        bootstrap_schema(graph.driver, graph.database, None)


def test_a_fresh_arcadedb_graph_holds_the_type_of_every_node_before_its_first_node(tmp_path):
    """The first node of two labels makes ArcadeDB's type for them, which quiesces its background workers: a build
    writing its first HubCanton while an index was compacted stalled a minute. The schema makes every such type."""
    from kg.ddl import NODE_LABELS
    from tests.support.graphs import OwnGraph

    with OwnGraph(tmp_path) as g:
        if g.graph.backend != "arcadedb":
            pytest.skip("a type per label pair is ArcadeDB's storage")
        g.graph.ensure_schema(fulltext=False)

        def types() -> set[str]:
            return {t["name"] for t in g.graph.arcade_http.sql(g.graph.database, "SELECT name FROM schema:types")["result"]}

        before = types()
        assert {f"BaseNode~{label}" for label in NODE_LABELS} <= before
        for i, label in enumerate(NODE_LABELS):
            run(g.graph, f"CREATE (:BaseNode:{label} {{uid: 'types-{i}'}})")
        assert types() == before  # no type was made by a node
        rows = run(g.graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH 'types-' RETURN n.uid AS uid, labels(n) AS labels")
        assert sorted((r["uid"], sorted(r["labels"])) for r in rows) == \
            sorted((f"types-{i}", sorted(["BaseNode", label])) for i, label in enumerate(NODE_LABELS))
        with pytest.raises((ConstraintError, Neo4jError)):  # the uid constraint holds across the types made first
            run(g.graph, "CREATE (:BaseNode:Person {uid: 'types-0'})")
