"""The aggregate rewrite of the custom-Cypher path (`kg.plan_hints`): which queries it reads over a subquery, and that
the rows stay those of the query as written, on the embedded server, including a pattern that matches nothing."""
from __future__ import annotations

import pytest

from kg.endpoints import call
from kg.plan_hints import hoist_aggregates
from kg.readonly import run_read_only

ANCHORED = "MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN count(e) AS n"


@pytest.mark.parametrize("query, inner", [
    (ANCHORED, "RETURN e"),
    ("MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN count(DISTINCT e) AS n, sum(c.capital_nominal) AS s;",
     "RETURN c, e"),
    ("MATCH (c:Company)<-[r:ACTED_IN]-(p) WHERE c.uid = $u RETURN count(*) AS n LIMIT 5", "RETURN *"),
    ("MATCH (c:Company)-[:HAS_EVENT]->(e) WITH c, count(e) AS k RETURN max(k) AS m", "RETURN k"),
])
def test_an_aggregate_over_a_pattern_is_read_over_a_subquery(query, inner):
    hoisted = hoist_aggregates(query)
    head, _, tail = hoisted.partition("\n}\n")
    assert head.startswith("CALL {\n") and head.endswith(inner) and tail.startswith("RETURN ")
    assert query.rstrip(";").endswith(tail)


@pytest.mark.parametrize("query", [
    "MATCH (c:Company) RETURN count(c) AS n",  # a label's count: a fast path of its own
    "MATCH (c:Company) WHERE c.canton = 'ZH' RETURN count(c) AS n",
    "MATCH ()-[:HAS_EVENT]->() RETURN count(*) AS n",  # nothing bound to hand out of a subquery
    "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN c.canton AS canton, count(e) AS n",  # a grouping key
    "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN size(collect(e)) AS n",
    "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN collect({name: c.name}) AS x",
    "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN DISTINCT count(e) AS n",
    "MATCH (c:Company)-[:HAS_EVENT]->(e) RETURN count(e) AS n UNION MATCH (p:Person) RETURN count(p) AS n",
    "CALL db.index.fulltext.queryNodes('Event[full_text]', 'x') YIELD node RETURN count(node) AS n",
    "RETURN count(1) AS n",
])
def test_other_queries_run_as_written(query):
    assert hoist_aggregates(query) == query


def test_the_rewrite_returns_the_rows_of_the_query_as_written(ctx):
    """Each aggregate read both ways on the embedded server, for a company with notices and a uid that matches
    nothing (an aggregate over no rows still returns its one row)."""
    g = ctx.graph
    [company] = run_read_only(g.reader_driver(), "MATCH (c:Company)-[:HAS_EVENT]->(e:Event) WHERE c.strength = 'strong' "
                              "RETURN c.uid AS u LIMIT 1", database=g.database, timeout_s=30, row_cap=10).rows
    queries = [
        ANCHORED,
        "MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN count(DISTINCT e) AS n, min(e.publication_date) AS "
        "first, collect(e.sub_rubric) AS kinds",
        "MATCH (c:Company)-[:HAS_EVENT]->(e) WHERE c.uid = $u RETURN count(*) AS n",
        "MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event)<-[:ACTED_IN]-(p:Person) RETURN count(DISTINCT p) AS n",
        "MATCH (c:Company)-[:HAS_EVENT]->(e:Event) WHERE c.canton = 'ZH' WITH c, count(e) AS k RETURN max(k) AS m, "
        "sum(k) AS total",
    ]
    for u in (company["u"], "CHE-000.000.000"):
        for q in queries:
            hoisted = hoist_aggregates(q)
            assert hoisted != q
            rows = [run_read_only(g.reader_driver(), x, {"u": u}, database=g.database, timeout_s=30, row_cap=10).rows
                    for x in (q, hoisted)]
            assert rows[0] == rows[1] and len(rows[0]) == 1, (q, u, rows)
    # the tool applies it, and answers as before
    res = call(ctx, "execute_custom_cypher", {"query": ANCHORED, "params": {"u": company["u"]}})
    assert res.status == "ok" and res.rows[0]["n"] >= 1
