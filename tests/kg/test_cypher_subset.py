"""The portable Cypher subset of SPEC §4 that the pipeline and endpoints rely on, run for real."""
import pytest

from tests.conftest import run

P = "sub-"


@pytest.fixture(autouse=True)
def clean(graph):
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=P)
    yield
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=P)


def seed(graph):
    """Two companies sharing a person through events, the shape of the product's graph."""
    run(graph, """
        UNWIND $rows AS r
        CREATE (n:BaseNode:Company {uid: r.uid, name: r.name, capital: r.capital, seat: r.seat, strength: 'strong'})
    """, rows=[
        {"uid": P + "c1", "name": "Alpha Treuhand AG", "capital": 100000.0, "seat": "Zürich"},
        {"uid": P + "c2", "name": "Beta Bau GmbH", "capital": 20000.0, "seat": "Genève"},
        {"uid": P + "c3", "name": "Gamma Sagl", "capital": 20000.0, "seat": "Lugano"},
    ])
    run(graph, """
        UNWIND $rows AS r
        CREATE (e:BaseNode:Event {uid: r.uid, sub_rubric: r.sr, publication_date: r.date,
                                  publication_number: r.num, full_text: r.text})
        WITH e, r
        MATCH (c:BaseNode {uid: r.company})
        CREATE (c)-[:HAS_EVENT]->(e)
    """, rows=[
        {"uid": P + "e1", "sr": "HR01", "date": "2021-03-01", "num": "HR01-1", "company": P + "c1", "text": "Neueintragung"},
        {"uid": P + "e2", "sr": "HR02", "date": "2023-06-15", "num": "HR02-2", "company": P + "c1", "text": "Mutation"},
        {"uid": P + "e3", "sr": "HR01", "date": "2022-01-10", "num": "HR01-3", "company": P + "c2", "text": "Neueintragung"},
        {"uid": P + "e4", "sr": "KK02", "date": "2024-02-01", "num": "KK02-4", "company": P + "c3", "text": "Konkurs"},
    ])
    run(graph, "UNWIND $rows AS r CREATE (:BaseNode:Person {uid: r.uid, name: r.name, strength: 'weak'})",
        rows=[{"uid": P + "p1", "name": "Muster, Hans"}, {"uid": P + "p2", "name": "Hans Muster"}])
    run(graph, """
        UNWIND $rows AS r
        MATCH (p:BaseNode {uid: r.p}) MATCH (e:BaseNode {uid: r.e})
        MERGE (p)-[a:ACTED_IN {role: r.role}]->(e)
        ON CREATE SET a.signature = r.sig
    """, rows=[
        {"p": P + "p1", "e": P + "e1", "role": "Präsident", "sig": "Einzelunterschrift"},
        {"p": P + "p1", "e": P + "e3", "role": "Geschäftsführer", "sig": "Kollektivunterschrift zu zweien"},
        {"p": P + "p2", "e": P + "e4", "role": "Liquidator", "sig": None},
    ])
    run(graph, """
        UNWIND $rows AS r
        CREATE (h:BaseNode:NameHub {uid: r.uid, key: r.key, name: r.name})
        WITH h, r UNWIND r.members AS m
        MATCH (n:BaseNode {uid: m}) CREATE (n)-[:HAS_NAME]->(h)
    """, rows=[{"uid": P + "h1", "key": "hansmuster", "name": "Hans Muster", "members": [P + "p1", P + "p2"]}])


def test_lookup_by_uid_with_one_label_and_extra_label_in_where(graph):
    seed(graph)
    rows = run(graph, "MATCH (n:BaseNode {uid: $u}) WHERE n:Company RETURN n.name AS name, labels(n) AS l",
               u=P + "c1")
    assert rows[0]["name"] == "Alpha Treuhand AG" and set(rows[0]["l"]) == {"BaseNode", "Company"}
    assert run(graph, "MATCH (n:BaseNode {uid: $u}) WHERE n:Person RETURN n", u=P + "c1") == []


def test_merge_is_idempotent_and_on_create_on_match_work(graph):
    for _ in range(3):
        run(graph, "MERGE (n:BaseNode {uid: $u}) ON CREATE SET n.created = 1, n.hits = 0 "
                   "ON MATCH SET n.hits = n.hits + 1", u=P + "m1")
    assert run(graph, "MATCH (n:BaseNode {uid: $u}) RETURN count(n) AS c, max(n.hits) AS h", u=P + "m1") == \
        [{"c": 1, "h": 2}]
    seed(graph)
    run(graph, "MATCH (p:BaseNode {uid: $p}) MATCH (e:BaseNode {uid: $e}) MERGE (p)-[:ACTED_IN {role: 'Präsident'}]->(e)",
        p=P + "p1", e=P + "e1")
    assert run(graph, "MATCH (:BaseNode {uid: $p})-[r:ACTED_IN]->(:BaseNode {uid: $e}) RETURN count(r) AS c",
               p=P + "p1", e=P + "e1") == [{"c": 1}]


def test_person_and_company_meet_only_through_events_multi_hop(graph):
    seed(graph)
    rows = run(graph, """
        MATCH (c:BaseNode {uid: $u})-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(p:Person)
        MATCH (p)-[:ACTED_IN]->(:Event)<-[:HAS_EVENT]-(other:Company)
        WHERE other.uid <> c.uid
        RETURN DISTINCT other.name AS name, p.name AS via
    """, u=P + "c1")
    assert rows == [{"name": "Beta Bau GmbH", "via": "Muster, Hans"}]


def test_lateral_links_through_namehub_aliases_and_union_all(graph):
    seed(graph)
    rows = run(graph, """
        MATCH (c:BaseNode {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN 'event' AS kind, e.publication_number AS ref
        UNION ALL
        MATCH (c:BaseNode {uid: $u})-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(p:Person)-[:HAS_NAME]->(h:NameHub)
              <-[:HAS_NAME]-(alias:Person)-[:ACTED_IN]->(:Event)<-[:HAS_EVENT]-(x:Company)
        WHERE alias.uid <> p.uid
        RETURN 'alias' AS kind, x.name AS ref
    """, u=P + "c1")
    assert sorted((r["kind"], r["ref"]) for r in rows) == [
        ("alias", "Gamma Sagl"), ("event", "HR01-1"), ("event", "HR02-2")]


def test_variable_length_paths_and_path_functions(graph):
    seed(graph)
    rows = run(graph, """
        MATCH path = (c:BaseNode {uid: $u})-[*1..4]-(x:Company)
        WHERE x.uid <> c.uid
        RETURN DISTINCT x.name AS name, min(length(path)) AS hops ORDER BY name
    """, u=P + "c1")
    # Gamma Sagl is 6 hops away (through the NameHub), beyond the bound
    assert rows == [{"name": "Beta Bau GmbH", "hops": 4}]


def test_history_ordered_by_iso_date_strings(graph):
    seed(graph)
    rows = run(graph, """
        MATCH (c:BaseNode {uid: $u})-[:HAS_EVENT]->(e:Event)
        WHERE e.publication_date >= $since
        RETURN e.sub_rubric AS sr, e.publication_date AS d ORDER BY d DESC
    """, u=P + "c1", since="2020-01-01")
    assert rows == [{"sr": "HR02", "d": "2023-06-15"}, {"sr": "HR01", "d": "2021-03-01"}]


def test_aggregations_rankings_and_counts(graph):
    seed(graph)
    top = run(graph, """
        MATCH (c:Company) WHERE c.uid STARTS WITH $p AND c.capital IS NOT NULL
        RETURN c.name AS name, c.capital AS capital ORDER BY capital DESC, name ASC SKIP 0 LIMIT 2
    """, p=P)
    assert top == [{"name": "Alpha Treuhand AG", "capital": 100000.0}, {"name": "Beta Bau GmbH", "capital": 20000.0}]
    counts = run(graph, """
        MATCH (e:Event) WHERE e.uid STARTS WITH $p AND e.publication_date STARTS WITH '202'
        RETURN e.sub_rubric AS sr, count(*) AS n, collect(DISTINCT substring(e.publication_date, 0, 4)) AS years
        ORDER BY sr
    """, p=P)
    assert [(r["sr"], r["n"]) for r in counts] == [("HR01", 2), ("HR02", 1), ("KK02", 1)]
    assert sorted(counts[0]["years"]) == ["2021", "2022"]


def test_string_matching_case_insensitive_and_list_functions(graph):
    seed(graph)
    rows = run(graph, """
        MATCH (c:Company) WHERE c.uid STARTS WITH $p AND toLower(c.name) CONTAINS toLower($q)
        RETURN c.name AS name, size(split(c.name, ' ')) AS words,
               CASE WHEN c.seat IN ['Genève', 'Lausanne'] THEN 'fr' ELSE 'other' END AS lang,
               coalesce(c.purpose, 'n/a') AS purpose,
               [w IN split(c.name, ' ') WHERE size(w) > 4 | toUpper(w)] AS long
    """, p=P, q="bau")
    assert rows == [{"name": "Beta Bau GmbH", "words": 3, "lang": "fr", "purpose": "n/a", "long": []}]


def test_optional_match_relationship_properties_and_type(graph):
    seed(graph)
    rows = run(graph, """
        MATCH (p:BaseNode {uid: $u})
        OPTIONAL MATCH (p)-[r]->(e:Event)
        RETURN type(r) AS t, r.role AS role, r.signature AS sig, e.publication_number AS pub
        ORDER BY pub
    """, u=P + "p1")
    assert [(r["t"], r["role"], r["pub"]) for r in rows] == [
        ("ACTED_IN", "Präsident", "HR01-1"), ("ACTED_IN", "Geschäftsführer", "HR01-3")]
    assert rows[0]["sig"] == "Einzelunterschrift"
    none = run(graph, "MATCH (c:BaseNode {uid: $u}) OPTIONAL MATCH (c)<-[r:ACTED_IN]-() RETURN count(r) AS c",
               u=P + "c1")
    assert none == [{"c": 0}]


def test_rewire_edges_and_detach_delete_for_hub_merge(graph):
    """Phase 3 moves HAS_NAME edges from a duplicate hub to the survivor, then deletes it."""
    seed(graph)
    run(graph, "CREATE (:BaseNode:NameHub {uid: $u, key: 'hansmuster', name: 'Muster Hans'})", u=P + "h2")
    run(graph, "MATCH (p:BaseNode {uid: $p}), (h:BaseNode {uid: $h}) CREATE (p)-[:HAS_NAME]->(h)",
        p=P + "p2", h=P + "h2")
    run(graph, """
        MATCH (dup:BaseNode {uid: $dup})<-[old:HAS_NAME]-(n)
        MATCH (keep:BaseNode {uid: $keep})
        MERGE (n)-[:HAS_NAME]->(keep)
        DELETE old
    """, dup=P + "h2", keep=P + "h1")
    run(graph, "MATCH (dup:BaseNode {uid: $dup}) DETACH DELETE dup", dup=P + "h2")
    rows = run(graph, "MATCH (h:NameHub {key: 'hansmuster'}) WHERE h.uid STARTS WITH $p "
                      "OPTIONAL MATCH (h)<-[:HAS_NAME]-(m) RETURN h.uid AS hub, count(m) AS members", p=P)
    assert rows == [{"hub": P + "h1", "members": 2}]


def test_set_map_merge_and_null_removal(graph):
    seed(graph)
    run(graph, "MATCH (c:BaseNode {uid: $u}) SET c += $props", u=P + "c2",
        props={"purpose": "Bauarbeiten", "status": "active"})
    run(graph, "MATCH (c:BaseNode {uid: $u}) SET c.status = null", u=P + "c2")
    [row] = run(graph, "MATCH (c:BaseNode {uid: $u}) RETURN c.purpose AS p, c.status IS NULL AS gone",
                u=P + "c2")
    assert row == {"p": "Bauarbeiten", "gone": True}


def test_schema_text_sources_for_prompts(graph):
    seed(graph)
    labels = {r["label"] for r in run(graph, "CALL db.labels() YIELD label RETURN label")}
    types = {r["relationshipType"] for r in run(graph, "CALL db.relationshipTypes() YIELD relationshipType "
                                                       "RETURN relationshipType")}
    assert {"Company", "Person", "Event", "NameHub"} <= labels
    assert {"HAS_EVENT", "ACTED_IN", "HAS_NAME"} <= types
