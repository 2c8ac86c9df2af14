"""Server-side limits of the embedded graph (issue 13): the server stops a runaway read itself, a query
that exhausts its memory gives one clear line, the reader account and the lock-down survive restarts,
and everything the server writes is readable by its owner only."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time

import psutil
import pytest

from kg import security
from kg.arcade_http import ArcadeHttp
from kg.driver import connect
from kg.embedded import EmbeddedServer
from kg.readonly import QueryFailed, QueryTimeout, run_read_only
from kg.server import ensure_running
from tests.conftest import ROOT, embedded_settings
from tests.support.env import clean_env

SLOW = ("MATCH (a:Person), (b:Person), (c:Person) WHERE a.name + b.name < c.name + 'x' "
        "RETURN count(*) AS c")
MEMORY_HOG = "RETURN size(reduce(s = 'x', i IN range(1, 40) | s + s)) AS n"
_readers: dict = {}  # graph dir -> the module's reader Graph (one driver, reused by every query)


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    """A server of its own whose read timeout is 2 s, with enough rows for a cartesian product."""
    settings = embedded_settings(tmp_path_factory.mktemp("limited"), QUERY_TIMEOUT=2)
    server = EmbeddedServer(settings)
    ensure_running(settings)
    with connect(settings, role="writer") as g:
        g.write(("UNWIND range(1, 1500) AS i CREATE (:BaseNode:Person {uid: 'lim-' + toString(i), "
                 "name: 'P ' + toString(i)})", {}))
    reader = connect(settings)  # one driver for the whole module, as the product keeps one per connection
    _readers[settings.graph_dir] = reader
    yield settings, server
    _readers.pop(settings.graph_dir).close()
    server.stop()


def _ro(settings, query, timeout_s):
    reader = _readers[settings.graph_dir]
    return run_read_only(reader.driver, query, database=reader.database, timeout_s=timeout_s, row_cap=10)


def test_the_server_stops_a_runaway_query_itself(limited):
    settings, server = limited
    t0 = time.monotonic()
    with pytest.raises(QueryTimeout, match="stopped by the server"):
        _ro(settings, SLOW, timeout_s=60)  # the client would wait a minute; the server gives up at 2 s
    assert time.monotonic() - t0 < 30
    proc = psutil.Process(server.status().pid)
    proc.cpu_percent(None)
    time.sleep(1.5)
    assert proc.cpu_percent(None) < 60, "the server is still working on the abandoned query"
    assert _ro(settings, "RETURN 1 AS x", timeout_s=5).rows == [{"x": 1}]


def test_a_build_lifts_the_timeout_for_its_own_statements_and_puts_it_back(limited):
    settings, server = limited
    http = ArcadeHttp(server.http_url, *server.auth)
    assert security.command_timeout(http, settings.neo4j_database) == 2
    with connect(settings, role="writer") as g:
        with pytest.raises(RuntimeError), g.long_statements():
            assert security.command_timeout(http, settings.neo4j_database) > 60
            raise RuntimeError("a phase failed")
    assert security.command_timeout(http, settings.neo4j_database) == 2


def test_the_stats_command_counts_with_the_builds_timeout_and_puts_the_readers_back(limited, monkeypatch, capsys):
    """`python -m data_pipeline stats` counts every node and edge: on a 1M graph that took longer than the readers'
    timeout and ended in a traceback. It counts as the build does, and the readers' timeout is back afterwards."""
    from data_pipeline import cli_build
    from data_pipeline.stats import graph_stats

    settings, server = limited
    http = ArcadeHttp(server.http_url, *server.auth)
    seen = []

    def counting(graph, quarantined=0):
        seen.append(security.command_timeout(http, settings.neo4j_database))
        return graph_stats(graph, quarantined)

    monkeypatch.setattr(cli_build, "get_settings", lambda: settings)
    monkeypatch.setattr(cli_build, "graph_stats", counting)
    assert cli_build.main_stats(["--json"]) == 0
    assert seen and seen[0] > 60
    assert json.loads(capsys.readouterr().out)["persons_strong"] >= 1500
    assert security.command_timeout(http, settings.neo4j_database) == 2


def test_a_query_that_exhausts_memory_gives_one_line_and_the_server_goes_on(limited):
    """Each out-of-memory query used to leak one of the server's four query slots: after four, nobody could
    query it until a restart. Now the server exits on OutOfMemoryError; its owner starts it again
    (`ensure_running`, never a connect) and the same driver goes on with the new server."""
    settings, server = limited
    for _ in range(5):
        with pytest.raises((QueryFailed, QueryTimeout)) as exc:
            _ro(settings, MEMORY_HOG, timeout_s=30)
        assert "\n" not in str(exc.value) and "Traceback" not in str(exc.value)
        ensure_running(settings)  # what the app's owner of the server does after a failure
        assert _ro(settings, "RETURN 2 AS x", timeout_s=30).rows == [{"x": 2}]
    assert _ro(settings, "MATCH (p:Person) RETURN count(p) AS c", timeout_s=30).rows == [{"c": 1500}]
    env = clean_env(GRAPH_DATA_DIR=str(settings.graph_dir), GRAPH_BOLT_PORT=str(settings.graph_bolt_port),
                    GRAPH_HTTP_PORT=str(settings.graph_http_port), QUERY_TIMEOUT="2")
    out = subprocess.run([sys.executable, "-m", "kg.cypher", MEMORY_HOG], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr


def test_reader_account_survives_a_restart_and_a_lost_password_file(limited):
    settings, server = limited
    server.stop()
    server.reader_password_file.unlink()  # a new one is generated and the account follows it
    ensure_running(settings)
    assert server.reader_password_file.exists()
    _readers[settings.graph_dir].close()  # the old reader's password is gone with its file
    _readers[settings.graph_dir] = connect(settings)
    assert _ro(settings, "MATCH (p:Person) RETURN count(p) AS c", timeout_s=5).rows == [{"c": 1500}]
    with pytest.raises(QueryTimeout):
        _ro(settings, SLOW, timeout_s=60)


def test_every_file_of_the_graph_is_readable_by_its_owner_only(limited):
    settings, _ = limited
    loose = []
    for dirpath, dirnames, filenames in os.walk(settings.graph_dir):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            if os.path.islink(p):
                continue
            if stat.S_IMODE(os.stat(p).st_mode) & 0o077:
                loose.append(p)
    assert loose == []
    groups = json.loads((settings.graph_dir / "server" / "config" / "server-groups.json").read_text())
    reader = groups["databases"]["*"]["groups"]["reader"]
    assert reader["access"] == [] and reader["types"]["*"]["access"] == ["readRecord"]
