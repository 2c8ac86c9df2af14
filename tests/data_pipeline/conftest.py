"""Fixtures of the pipeline tests: small generated worlds and graph servers of their own."""
from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer
from kg.settings import Settings
from tests.conftest import ROOT, embedded_settings


def generate(out: Path, publications: int, seed: int) -> Path:
    subprocess.run([sys.executable, "-m", "data_pipeline", "generate", "--publications", str(publications),
                    "--seed", str(seed), "--out", str(out)], cwd=ROOT, check=True, capture_output=True, timeout=600)
    return out


@pytest.fixture(scope="session")
def small_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("world") / "w", 600, seed=11)


class OwnGraph:
    """An embedded server in a directory of its own (a build test needs an empty graph)."""

    def __init__(self, directory: Path) -> None:
        self.settings: Settings = embedded_settings(directory / "graph", GAZETTE_DATA_DIR=directory / "data")
        self.server = EmbeddedServer(self.settings)

    def __enter__(self) -> OwnGraph:
        self.server.start()
        self.graph: Graph = connect(self.settings)
        return self

    def __exit__(self, *exc: object) -> None:
        self.graph.close()
        self.server.stop()

    def env(self) -> dict[str, str]:
        s = self.settings
        return {"GRAPH_DATA_DIR": str(s.graph_dir), "GRAPH_BOLT_PORT": str(s.graph_bolt_port),
                "GRAPH_HTTP_PORT": str(s.graph_http_port), "GAZETTE_DATA_DIR": str(s.data_dir), "GRAPH_HEAP": "1g"}


@pytest.fixture
def own_graph(tmp_path: Path) -> Iterator[OwnGraph]:
    with OwnGraph(tmp_path) as g:
        yield g
