"""Shared fixtures. Integration tests get one embedded ArcadeDB server for the whole session,
on free ports in a temporary directory, so a developer's own `.graphdb/` server is never touched."""
from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer
from kg.endpoints import Context
from kg.server import ensure_running
from kg.settings import Settings
from tests.support.env import blank_llm
from tests.support.truth import Truth

# No key or endpoint of the machine's (CI's or a developer's, from the environment or `.env`) reaches a
# test: the offline engine is the default, and LLM tests start their own local endpoint.
blank_llm(os.environ)

ROOT = Path(__file__).resolve().parent.parent
REALDATA = ROOT.parent / "shared" / "realdata"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def embedded_settings(directory: Path, **extra: object) -> Settings:
    """Settings for an embedded server of its own (ignores any NEO4J_URI in the environment)."""
    return Settings(
        NEO4J_URI=None, GRAPH_DATA_DIR=directory, GRAPH_BOLT_PORT=free_port(),
        GRAPH_HTTP_PORT=free_port(), GRAPH_HEAP="1g", _env_file=None, **extra,
    )


@pytest.fixture(scope="session")
def graph_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """Settings of the session's graph: NEO4J_URI from the environment if the tester set
    GAZETTE_TEST_NEO4J=1 (to run the suite against a real Neo4j 5), else a fresh embedded server."""
    if os.environ.get("GAZETTE_TEST_NEO4J") == "1":
        yield Settings()
        return
    settings = embedded_settings(tmp_path_factory.mktemp("graphdb"))
    ensure_running(settings)  # the session owns this server: started once, stopped at the end
    try:
        yield settings
    finally:
        EmbeddedServer(settings).stop()


@pytest.fixture(scope="session")
def graph(graph_settings: Settings) -> Iterator[Graph]:
    g = connect(graph_settings, role="writer")
    g.ensure_schema()
    try:
        yield g
    finally:
        g.close()


@pytest.fixture(scope="session")
def reader(graph_settings: Settings, graph: Graph) -> Iterator[Graph]:
    """The session graph as the read-only account, one driver for the whole session (as the product reuses it)."""
    g = connect(graph_settings)
    try:
        yield g
    finally:
        g.close()


def run(graph: Graph, query: str, **params: object) -> list[dict]:
    """Run a (write or read) query in auto-commit mode and return the rows as dicts."""
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query, params)]


@pytest.fixture(scope="session")
def built_world(tmp_path_factory: pytest.TempPathFactory):
    """A seeded world of 1,500 publications built into a graph of its own, shared by the agent, baseline,
    chat and evaluation tests (read-only for them: a test that writes uses a graph of its own)."""
    from tests.support.graphs import BuiltWorld
    with BuiltWorld(tmp_path_factory.mktemp("built"), 1500, seed=7) as w:
        yield w


@pytest.fixture(scope="module")
def ctx(built_world) -> Context:
    """The built world read as the endpoints read it."""
    return Context(built_world.reader, built_world.settings)


@pytest.fixture(scope="module")
def truth(built_world) -> Truth:
    """The built world's ground truth."""
    return Truth.load(built_world.world)
