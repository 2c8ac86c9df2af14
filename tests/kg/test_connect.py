"""Issue 15: connecting never starts a server. `kg.server.ensure_running` starts it (once, by its owner);
without a running server `connect()` says in one line how to start one; a `Graph` keeps one driver, and
the custom-Cypher tool reuses it (a timed-out query does not break the next call)."""
from __future__ import annotations

import subprocess
import sys

import neo4j
import pytest

import kg.graph_store
from kg.driver import GraphUnavailable, connect, get_driver
from kg.embedded import EmbeddedServer
from kg.endpoints import Context, Status, call
from kg.readonly import abandoned
from kg.server import ensure_running
from kg.settings import Settings
from tests.conftest import ROOT, embedded_settings
from tests.support.env import clean_env

SLOW = "UNWIND range(1, 3000000) AS x UNWIND range(1, 3) AS y WITH x, y WHERE (x * y) % 7 = 0 RETURN count(*) AS c"


def test_connect_without_a_running_server_says_how_to_start_it_and_starts_nothing(tmp_path):
    settings = embedded_settings(tmp_path / "nothing-here")
    for attempt in (lambda: connect(settings), lambda: connect(settings, role="writer"), lambda: get_driver(settings)):
        with pytest.raises(GraphUnavailable) as exc:
            attempt()
        message = str(exc.value)
        assert "\n" not in message and "not running" in message
        assert "python -m kg.server start" in message and "make demo" in message
    assert not EmbeddedServer(settings).is_running()
    assert not (settings.graph_dir / "server.pid").exists()


def test_a_command_owns_the_server_but_a_library_connect_does_not(tmp_path):
    """`python -m kg.cypher` (a command) starts the server through ensure_running; the error of a plain
    connect is what a library caller sees meanwhile."""
    settings = embedded_settings(tmp_path / "g")
    env = clean_env(GRAPH_DATA_DIR=str(settings.graph_dir), GRAPH_BOLT_PORT=str(settings.graph_bolt_port),
                    GRAPH_HTTP_PORT=str(settings.graph_http_port), GRAPH_HEAP="1g")
    try:
        refused = subprocess.run([sys.executable, "-m", "kg.cypher", "CREATE (n:X)"], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=120)
        assert refused.returncode == 2 and not EmbeddedServer(settings).is_running()  # a refusal needs no server
        out = subprocess.run([sys.executable, "-m", "kg.cypher", "RETURN 1 AS x", "--json"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        assert EmbeddedServer(settings).is_running()
        with connect(settings) as g:
            with g.read_session() as s:
                assert s.run("RETURN 2 AS y").single()["y"] == 2
    finally:
        EmbeddedServer(settings).stop()


def test_ensure_running_reuses_the_server_and_leaves_a_configured_neo4j_alone(graph_settings):
    if not graph_settings.embedded:
        pytest.skip("the embedded server's own lifecycle")
    first = ensure_running(graph_settings)
    again = ensure_running(graph_settings)
    assert first is not None and again is not None and first.running and again.pid == first.pid
    assert ensure_running(Settings(NEO4J_URI="bolt://127.0.0.1:9", _env_file=None)) is None  # nothing contacted


def test_custom_cypher_reuses_the_graphs_own_driver(ctx, monkeypatch):
    ctx.graph.memo.clear()
    used = []
    original = kg.graph_store.run_read_only

    def spy(driver, *a, **kw):
        used.append(driver)
        return original(driver, *a, **kw)

    def no_new_driver(*a, **kw):
        raise AssertionError("a driver was opened for a query")

    monkeypatch.setattr(kg.graph_store, "run_read_only", spy)
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", no_new_driver)
    for i in range(5):
        res = call(ctx, "execute_custom_cypher", {"query": "MATCH (c:Company) RETURN count(c) + $i AS n", "params": {"i": i}})
        assert res.status == "ok" and res.rows[0]["n"] > i
    assert used and all(d is ctx.graph.driver for d in used)  # schema reads and queries alike


def test_a_timed_out_query_does_not_break_the_next_call(ctx):
    quick = Context(ctx.graph, ctx.settings.model_copy(update={"query_timeout_s": 0.5}))
    res = call(quick, "execute_custom_cypher", {"query": SLOW})
    assert res.status == Status.ERROR and "timeout" in res.message and "\n" not in res.message
    assert abandoned(ctx.graph.driver) <= 1
    after = call(ctx, "execute_custom_cypher", {"query": "MATCH (e:Event) RETURN count(e) AS n"})
    assert after.status == "ok" and after.rows[0]["n"] > 0
    with ctx.graph.read_session() as s:  # the shared driver is still open for every other read
        assert s.run("RETURN 1 AS x").single()["x"] == 1


def test_a_writer_graph_runs_custom_cypher_as_the_reader(built_world):
    """Least privilege holds whatever graph the context carries: beside a writer graph the tool opens one
    reader driver, once, and keeps it."""
    writer = Context(built_world.graph, built_world.settings)
    first = call(writer, "execute_custom_cypher", {"query": "RETURN 1 AS x"})
    reader_driver = built_world.graph.reader_driver()
    assert first.status == "ok" and reader_driver is not built_world.graph.driver
    assert built_world.graph.reader_driver() is reader_driver
    with reader_driver.session(database=built_world.graph.database) as s:
        with pytest.raises(neo4j.exceptions.Neo4jError):
            s.run("CREATE (:BaseNode:Company {uid: 'reader-must-not-write'})").consume()
