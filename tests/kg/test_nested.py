"""The build's whole-graph passes read one record per company with its notices or posts nested in it, or per part
of the hubs (kg.nested): on a built world they give the rows the flat queries they replace gave, every one, nulls
included."""
from __future__ import annotations

from collections import Counter

import pytest

from data_pipeline.phase3 import ALL_HUBS, ALL_POSTS, UNCOUNTED_HUBS
from kg import hub_counts, list_counts
from kg.nested import Nested, Parted

# The flat queries, one record per notice or post, as the build read them before
FLAT_POSTS = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)
WHERE c.strength = 'strong'
RETURN h.uid AS hub, c.uid AS company, r.role_key AS role_key, c.canton AS canton, e.uid AS notice,
       e.publication_date AS date
"""
FLAT_NOTICES = "MATCH (c:Company)-[:HAS_EVENT]->(e:Event) RETURN c.uid AS who, c.strength AS strength, " \
    "c.canton AS company_canton, e.canton AS canton, e.scope AS scope, e.sub_rubric AS sub, " \
    "substring(e.publication_date, 0, 4) AS year, " + ", ".join(
        f"e.{prop} AS {kind}" for kind, prop in list_counts.KIND_SCOPES.items())


def _bag(rows) -> Counter:
    return Counter(tuple(sorted(r.items())) for r in rows)


FLAT_HUBS = "MATCH (h:NameHub) RETURN h.uid AS uid, h.key AS key, h.name AS name, " \
    "(h.counted IS NULL OR h.counted <> $version) AS uncounted"


def _read(graph, query: str, **params: object) -> list:
    with graph.driver.session(database=graph.database) as s:
        return list(s.run(query, params))


@pytest.mark.parametrize(("nested", "flat"), [(ALL_POSTS, FLAT_POSTS), (list_counts.WITH_EVENT_COUNTS, FLAT_NOTICES)],
                         ids=["posts", "notices"])
def test_the_nested_pass_gives_every_row_of_the_flat_query(built_world, nested: Nested, flat: str):
    g = built_world.graph
    got, want = _bag(nested.rows(_read(g, nested.query))), _bag(r.data() for r in _read(g, flat))
    assert got == want and sum(want.values()) > 1000
    records = _read(g, nested.query)
    assert len(records) < sum(want.values()) / 2  # fewer records than rows: what the nesting is for
    assert _bag(head | n._asdict() for head, ns in nested.groups(records) for n in ns) == want  # read by name
    if nested is list_counts.WITH_EVENT_COUNTS:  # a kind no notice of the world has: its column read, null
        assert any(r[k] is None for r in nested.rows(records) for k in list_counts.KIND_SCOPES)


def test_the_list_counts_stream_reads_only_its_own_columns(built_world):
    rows = list(list_counts.STREAM.rows(_read(built_world.graph, list_counts.STREAM.query)))
    assert rows and set(rows[0]) == {"who", "strength", "company_canton", "canton", "scope", *list_counts.KIND_SCOPES}
    assert list_counts.count(rows) == list_counts.count(
        {k: r[k] for k in rows[0]} for r in list_counts.WITH_EVENT_COUNTS.rows(
            _read(built_world.graph, list_counts.WITH_EVENT_COUNTS.query)))


def test_a_node_without_neighbours_gives_no_row_and_a_row_must_have_every_column():
    n = Nested("MATCH (c:Company)", {"who": "c.uid"}, "(c)-[:HAS_EVENT]->(e:Event)", {"sub": "e.sub_rubric", "y": "e.y"})
    assert n.query == "MATCH (c:Company) RETURN c.uid AS who, [(c)-[:HAS_EVENT]->(e:Event) | [e.sub_rubric, e.y]] AS nested"
    assert list(n.rows([{"who": "a", "nested": []}, {"who": "b", "nested": [["HR01", None]]}])) == [
        {"who": "b", "sub": "HR01", "y": None}]
    with pytest.raises(ValueError):  # a list of the wrong length is an error, never a row with a column shifted
        list(n.rows([{"who": "c", "nested": [["HR01"]]}]))
    groups = list(n.groups([{"who": "a", "nested": []}, {"who": "b", "nested": [["HR01", None], ["HR02", "2024"]]}]))
    assert [(head, [(e.sub, e.y) for e in events]) for head, events in groups] == [
        ({"who": "a"}, []), ({"who": "b"}, [("HR01", None), ("HR02", "2024")])]
    with pytest.raises(TypeError):
        list(n.groups([{"who": "c", "nested": [["HR01"]]}]))


@pytest.mark.parametrize("version", [hub_counts.VERSION, -1])  # none uncounted, every hub uncounted
def test_the_hubs_read_in_parts_are_every_hub_once(built_world, version: int):
    g = built_world.graph
    want = _bag(r.data() for r in _read(g, FLAT_HUBS, version=version))
    records = _read(g, ALL_HUBS.query, version=version)
    assert _bag(ALL_HUBS.rows(records)) == want and sum(want.values()) > 500 and len(records) <= 256
    uncounted = list(UNCOUNTED_HUBS.rows(_read(g, UNCOUNTED_HUBS.query, version=version)))
    assert sorted(r["uid"] for r in uncounted) == sorted(dict(h)["uid"] for h in want if dict(h)["uncounted"])
    assert (len(uncounted) == 0) == (version == hub_counts.VERSION)  # the built world's hubs are all counted


def test_parts_of_nothing_are_no_rows_and_a_row_must_have_every_column():
    p = Parted("MATCH (h:NameHub) WHERE h.counted IS NULL", "h", {"uid": "h.uid", "key": "h.key"})
    assert p.query == "MATCH (h:NameHub) WHERE h.counted IS NULL RETURN right(h.uid, 2) AS part, " \
        "collect([h.uid, h.key]) AS nested"
    assert list(p.rows([])) == [] and list(p.rows([{"part": "0a", "nested": [["NH-0a", None]]}])) == [
        {"uid": "NH-0a", "key": None}]
    with pytest.raises(ValueError):
        list(p.rows([{"part": "0a", "nested": [["NH-0a"]]}]))
