"""Lifecycle of the embedded server as a user drives it: `python -m kg.server start|stop|status`."""
import json
import os
import socket
import stat
import subprocess
import sys

import pytest

from kg.embedded import EmbeddedServer, EmbeddedServerError
from tests.conftest import ROOT, embedded_settings
from tests.support.env import clean_env


def cli(settings, *args, timeout=180):
    env = clean_env(GRAPH_DATA_DIR=str(settings.graph_dir), GRAPH_BOLT_PORT=str(settings.graph_bolt_port),
                    GRAPH_HTTP_PORT=str(settings.graph_http_port), GRAPH_HEAP="1g")
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def own_server(tmp_path):
    settings = embedded_settings(tmp_path / "g")
    yield settings
    EmbeddedServer(settings).stop()


def test_start_query_stop_start_keeps_data(own_server):
    s = own_server
    out = cli(s, "kg.server", "start", "--json")
    assert out.returncode == 0, out.stderr
    started = json.loads(out.stdout)
    assert started["running"] and started["backend"] == "arcadedb"
    assert started["uri"] == f"bolt://127.0.0.1:{s.graph_bolt_port}"

    q = cli(s, "kg.cypher", "RETURN 1 AS x", "--json")
    assert q.returncode == 0, q.stderr
    assert json.loads(q.stdout) == [{"x": 1}]

    with _driver(s) as drv:
        with drv.session(database="neo4j") as session:
            session.run("CREATE (:BaseNode:Company {uid: 'CHE-000.000.001', name: 'Persist AG'})").consume()

    # reuse: a second start finds the running server
    again = json.loads(cli(s, "kg.server", "start", "--json").stdout)
    assert again["pid"] == started["pid"]

    assert json.loads(cli(s, "kg.server", "stop", "--json").stdout) == {"stopped": True}
    status = cli(s, "kg.server", "status", "--json")
    assert json.loads(status.stdout)["running"] is False and status.returncode == 1

    assert cli(s, "kg.server", "start", "--json").returncode == 0
    rows = cli(s, "kg.cypher", "MATCH (c:Company {uid: 'CHE-000.000.001'}) RETURN c.name AS name", "--json")
    assert json.loads(rows.stdout) == [{"name": "Persist AG"}]


def _driver(settings):
    from neo4j import GraphDatabase

    server = EmbeddedServer(settings)
    return GraphDatabase.driver(server.uri, auth=server.auth)


def test_password_is_generated_private_and_never_printed(own_server):
    out = cli(own_server, "kg.server", "start", "--json")
    pw_file = own_server.graph_dir / "password"
    mode = stat.S_IMODE(pw_file.stat().st_mode)
    assert mode == 0o600
    password = pw_file.read_text().strip()
    assert len(password) >= 24
    status = cli(own_server, "kg.server", "status", "--json")
    assert password not in out.stdout + out.stderr + status.stdout + status.stderr


def test_stale_pid_file_is_ignored(own_server):
    own_server.graph_dir.mkdir(parents=True)
    # a pid that is alive but is not our server (this test process) and one that is dead
    for pid in (os.getpid(), 999_999):
        (own_server.graph_dir / "server.pid").write_text(str(pid))
        st = json.loads(cli(own_server, "kg.server", "status", "--json").stdout)
        assert st["running"] is False and st["pid"] is None
    out = cli(own_server, "kg.server", "start", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["pid"] != 999_999


def test_port_taken_by_another_program_gives_a_clear_error(tmp_path):
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        settings = embedded_settings(tmp_path / "g")
        settings = settings.model_copy(update={"graph_bolt_port": port})
        with pytest.raises(EmbeddedServerError, match=f"port {port} .* already in use.*GRAPH_BOLT_PORT"):
            EmbeddedServer(settings).start()
        out = cli(settings, "kg.server", "start")
        assert out.returncode == 1
        assert f"port {port}" in out.stderr and "GRAPH_BOLT_PORT" in out.stderr


def test_a_start_opens_the_full_text_indexes_the_graph_has(graph_settings, graph):
    """The server opens each full-text index once at start, so that the first search does not wait for it; an index
    the graph lacks is passed over (a graph not built yet has none)."""
    from kg.ddl import FULLTEXT
    assert EmbeddedServer(graph_settings)._warm() == list(FULLTEXT)  # the session graph has its schema


def test_a_start_on_an_empty_graph_opens_nothing(own_server):
    assert cli(own_server, "kg.server", "start", "--json").returncode == 0
    assert EmbeddedServer(own_server)._warm() == []
