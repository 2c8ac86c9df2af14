"""The read-only console against a live graph: refused writes change nothing, reads work."""
import json
import subprocess
import sys

import pytest

from kg.guard import QueryRefused
from kg.readonly import QueryTimeout, run_read_only
from tests.conftest import ROOT, run
from tests.kg.guard_cases import ALLOWED, DATA_WRITES, REFUSED
from tests.support.env import clean_env

PREFIX = "ro-"


@pytest.fixture(scope="module")
def seeded(graph):
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=PREFIX)
    run(graph, """
        UNWIND range(1, 30) AS i
        CREATE (c:BaseNode:Company {uid: $p + 'c' + toString(i), name: 'Firma ' + toString(i) + ' AG'})
        CREATE (e:BaseNode:Event {uid: $p + 'e' + toString(i), full_text: 'Konkurs über Firma ' + toString(i)})
        CREATE (c)-[:HAS_EVENT]->(e)
    """, p=PREFIX)
    yield graph
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=PREFIX)


def counts(graph):
    [row] = run(graph, "MATCH (n) WITH count(n) AS n MATCH ()-[r]->() RETURN n, count(r) AS r")
    props = run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p RETURN n.uid AS u, n.name AS name "
                       "ORDER BY u", p=PREFIX)
    return row["n"], row["r"], props


def _ro(reader, query, params=None, **kw):
    """Through the read-only path on the session's one reader driver (reused by every call, as the product does)."""
    return run_read_only(reader.driver, query, params,
                         database=reader.database,
                         timeout_s=kw.pop("timeout_s", 10), row_cap=kw.pop("row_cap", 100), **kw)


def test_every_refused_query_leaves_the_graph_unchanged(seeded, reader):
    before = counts(seeded)
    assert before[0] >= 60 and before[1] >= 30
    for q in REFUSED:
        with pytest.raises(QueryRefused):
            _ro(reader, q)
    assert counts(seeded) == before


def test_rollback_layer_alone_undoes_writes_that_slip_past_the_guard(seeded, reader):
    """Defence in depth: with the static check switched off, data writes are still rolled back.
    (Schema and admin commands are not transactional anywhere; only the guard stops those.)"""
    before = counts(seeded)
    executed = 0
    for q in DATA_WRITES:
        try:
            _ro(reader, q, check=False)
        except QueryRefused:
            executed += 1  # it ran, was seen to write, and was rolled back
        except Exception:  # noqa: BLE001 - syntax the backend does not support
            pass
    assert executed >= 10
    assert counts(seeded) == before


@pytest.mark.parametrize("query", [q for q in ALLOWED if "$uid" not in q])
def test_allowed_queries_run(seeded, query, reader):
    _ro(reader, query)


def test_reads_return_rows_and_respect_the_row_cap(seeded, reader):
    res = _ro(reader, "MATCH (c:Company) WHERE c.uid STARTS WITH $p RETURN c.name AS name "
                              "ORDER BY c.uid", {"p": PREFIX}, row_cap=5)
    assert [r["name"] for r in res.rows] == ["Firma 1 AG", "Firma 10 AG", "Firma 11 AG", "Firma 12 AG", "Firma 13 AG"]
    assert res.truncated
    hits = _ro(reader, "CALL db.index.fulltext.queryNodes('Event[full_text]', 'Konkurs') "
                               "YIELD node RETURN node.uid AS uid", row_cap=1000)
    assert {f"{PREFIX}e{i}" for i in range(1, 31)} <= {r["uid"] for r in hits.rows}


def test_a_slow_query_is_cancelled_at_the_timeout(seeded, reader):
    with pytest.raises(QueryTimeout):
        _ro(reader, "UNWIND range(1, 2000000) AS x UNWIND range(1, 3) AS y "
                            "WITH x, y WHERE (x * y) % 7 = 0 RETURN count(*) AS c", timeout_s=1)
    assert _ro(reader, "RETURN 2 AS x").rows == [{"x": 2}]


def _cli(graph_settings, *args):
    env = clean_env(GRAPH_DATA_DIR=str(graph_settings.graph_dir), GRAPH_BOLT_PORT=str(graph_settings.graph_bolt_port),
                    GRAPH_HTTP_PORT=str(graph_settings.graph_http_port))
    return subprocess.run([sys.executable, "-m", "kg.cypher", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_console_prints_rows_as_json(seeded, graph_settings):
    out = _cli(graph_settings, "RETURN 1 AS x", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [{"x": 1}]
    out = _cli(graph_settings, "MATCH (c:Company {uid: $u}) RETURN c.name AS name", "--params",
               json.dumps({"u": PREFIX + "c7"}), "--json")
    assert json.loads(out.stdout) == [{"name": "Firma 7 AG"}]


@pytest.mark.parametrize("query", ["CREATE (n:X) RETURN n", "match (n) DETACH delete n",
                                   "CALL apoc.create.node(['X'], {})", "LOAD CSV FROM 'file:///x' AS l RETURN l"])
def test_console_refuses_writes_with_a_one_line_reason(seeded, graph_settings, query):
    before = counts(seeded)
    out = _cli(graph_settings, query, "--json")
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("refused: ")
    assert counts(seeded) == before
