"""The red-team suite of issue 13 against the live embedded server: every case is refused by the guard,
and the same query sent past the guard as the read-only user changes no count, user or index and reads
no file. Tests also show what the server itself does with each line terminator, so the guard's
reading is checked against the server's, not against our own assumptions."""
from __future__ import annotations

import json

import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from kg.arcade_http import ArcadeHttp
from kg.embedded import EmbeddedServer
from kg.guard import QueryRefused, check_read_only
from kg.readonly import QueryFailed, QueryTimeout, run_read_only
from tests.conftest import run
from tests.kg.redteam_cases import PAYLOADS, PREFIX, TERMINATORS, VICTIM, VICTIM_PASSWORD, cases

CASES = cases()


@pytest.fixture(scope="module")
def server(graph_settings, graph):
    if not graph_settings.embedded:
        pytest.skip("the red-team suite checks the embedded server's own accounts")
    srv = EmbeddedServer(graph_settings)
    http = ArcadeHttp(srv.http_url, *srv.auth)
    try:
        spec = {"name": VICTIM, "password": VICTIM_PASSWORD, "databases": {"*": ["admin"]}}
        http.server("create user " + json.dumps(spec), what="create user")
    except RuntimeError:
        pass  # left over from an earlier run of this module on the same server
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=PREFIX)
    run(graph, "UNWIND range(1, 20) AS i CREATE (c:BaseNode:Company {uid: $p + toString(i), name: 'Firma ' + toString(i)}) "
               "CREATE (e:BaseNode:Event {uid: $p + 'e' + toString(i), full_text: 'Konkurs'}) CREATE (c)-[:HAS_EVENT]->(e)",
        p=PREFIX)
    yield srv
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=PREFIX)
    http.server(f"drop user {VICTIM}")


def _can_log_in(uri: str, user: str, password: str) -> bool:
    try:
        with GraphDatabase.driver(uri, auth=(user, password), connection_timeout=5) as d:
            d.verify_connectivity()
            with d.session() as s:
                s.run("RETURN 1").consume()
        return True
    except AuthError:
        return False
    except Exception:  # noqa: BLE001
        return False


def snapshot(graph, srv: EmbeddedServer) -> dict:
    """What an attacker would want to change: counts, the test nodes, users and their passwords, indexes."""
    [row] = run(graph, "MATCH (n) WITH count(n) AS n MATCH ()-[r]->() RETURN n, count(r) AS r")
    with graph.driver.session(database=graph.database) as s:
        users = sorted(r["user"] for r in s.run("SHOW USERS"))
        indexes = sorted(r["name"] for r in s.run("SHOW INDEXES YIELD name RETURN name"))
    return {
        "nodes": row["n"], "edges": row["r"], "users": users, "indexes": indexes,
        "test_nodes": run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p RETURN n.uid AS u, n.name AS name "
                                 "ORDER BY u", p=PREFIX),
        "victim_password_works": _can_log_in(srv.uri, VICTIM, VICTIM_PASSWORD),
        "root_password_works": _can_log_in(srv.uri, *srv.auth),
        "reader_password_works": _can_log_in(srv.uri, *srv.reader_auth),
    }


def test_there_are_at_least_150_cases_from_every_family():
    assert len(CASES) >= 150
    assert {c[0] for c in CASES} == {p.name for p in PAYLOADS}
    assert {c[1] for c in CASES} == set(TERMINATORS)


@pytest.mark.parametrize("payload", [p.name for p in PAYLOADS])
def test_every_case_is_refused_and_the_server_stays_unchanged(payload, server, graph, graph_settings, reader):
    before = snapshot(graph, server)
    assert before["victim_password_works"] and before["root_password_works"] and before["reader_password_works"]
    assert "Event[full_text]" in before["indexes"] and len(before["test_nodes"]) == 40
    secret = server.auth[1]
    passed_guard = []
    for _, tname, pname, template in [c for c in CASES if c[0] == payload]:
        query = template.replace("{password_file}", str(server.password_file))
        try:
            check_read_only(query)
            passed_guard.append((tname, pname))
        except QueryRefused as exc:
            assert str(exc) and "\n" not in str(exc)
        # Past the guard, as the read-only user: the database itself must stop it.
        try:
            res = run_read_only(reader.driver, query, database=graph_settings.neo4j_database,
                                timeout_s=10, row_cap=50, check=False)
            assert secret not in repr(res.rows), f"{tname}/{pname} read the password file"
        except (QueryRefused, QueryFailed, QueryTimeout):
            pass
    assert passed_guard == []
    assert snapshot(graph, server) == before


@pytest.mark.parametrize("tname", ["LF", "CRLF"])
def test_line_ends_both_servers_honour_end_a_comment_for_guard_and_server_alike(tname, graph_settings, server, reader):
    query = f"RETURN 1 AS x //c{TERMINATORS[tname]}, 2 AS y"
    check_read_only(query)
    res = run_read_only(reader.driver, query, database=graph_settings.neo4j_database,
                        timeout_s=10, row_cap=5)
    assert res.columns == ["x", "y"] and res.rows == [{"x": 1, "y": 2}]


@pytest.mark.parametrize("tname", ["NEL", "LS", "PS"])
def test_unicode_line_ends_are_read_differently_by_the_servers_so_the_guard_refuses(tname, graph_settings, server, reader):
    """Neo4j ends a // comment at U+0085/U+2028/U+2029 (SPEC §10); ArcadeDB does not, as this shows.
    A query whose meaning depends on the server cannot be checked once for both: refused. (A lone \\r
    ends it in ArcadeDB's lexer but not in its Bolt plugin's system-command check: refused as well.)"""
    query = f"RETURN 1 AS x //c{TERMINATORS[tname]}, 2 AS y"
    with pytest.raises(QueryRefused, match="read differently"):
        check_read_only(query)
    res = run_read_only(reader.driver, query, database=graph_settings.neo4j_database,
                        timeout_s=10, row_cap=5, check=False)
    assert res.columns == ["x"]


def test_the_read_only_account_cannot_write_even_without_the_guard(server, graph, graph_settings, reader):
    before = snapshot(graph, server)
    for q in ["CREATE (n:BaseNode:Company {uid: 'rt-x'})", f"MATCH (n:BaseNode) WHERE n.uid STARTS WITH '{PREFIX}' "
              "DETACH DELETE n", "CREATE USER eve SET PASSWORD 'eve-password-1'", "DROP INDEX `Event[full_text]`",
              f"ALTER USER {VICTIM} SET PASSWORD 'owned-password-1'"]:
        with pytest.raises((QueryRefused, QueryFailed)):
            run_read_only(reader.driver, q, database=graph_settings.neo4j_database,
                          timeout_s=10, row_cap=5, check=False)
    assert snapshot(graph, server) == before


def test_allowed_listings_run_for_the_reader(server, graph_settings, reader):
    for q in ["SHOW INDEXES", "SHOW CONSTRAINTS", "CALL db.labels() YIELD label RETURN label",
              "CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey"]:
        run_read_only(reader.driver, q, database=graph_settings.neo4j_database,
                      timeout_s=10, row_cap=50)


def test_a_lone_carriage_return_is_read_differently_inside_the_server_itself(server, graph_settings, reader):
    """ArcadeDB's Bolt plugin answers SHOW DATABASES itself, reading `//` up to \\n only, while its Cypher
    lexer stops at \\r: past the guard, this 'SHOW INDEXES' query lists the databases."""
    query = "//\rSHOW INDEXES /*\nshow databases */"
    with pytest.raises(QueryRefused, match="read differently"):
        check_read_only(query)
    res = run_read_only(reader.driver, query, database=graph_settings.neo4j_database,
                        timeout_s=10, row_cap=5, check=False)
    assert "name" in res.columns and {"neo4j", "system"} <= {r.get("name") for r in res.rows}
