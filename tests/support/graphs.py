"""Generated worlds and graph servers of their own, shared by the pipeline, agent and evaluation tests."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer
from kg.server import ensure_running
from kg.settings import Settings
from tests.conftest import ROOT, embedded_settings


def generate(out: Path, publications: int, seed: int) -> Path:
    subprocess.run([sys.executable, "-m", "data_pipeline", "generate", "--publications", str(publications),
                    "--seed", str(seed), "--out", str(out)], cwd=ROOT, check=True, capture_output=True, timeout=600)
    return out


class OwnGraph:
    """An embedded server in a directory of its own (a build test needs an empty graph). `graph` is the
    pipeline's writer connection; `reader` is the read-only account every read path of the product uses."""

    def __init__(self, directory: Path) -> None:
        self.settings: Settings = embedded_settings(directory / "graph", GAZETTE_DATA_DIR=directory / "data")
        self.server = EmbeddedServer(self.settings)

    def __enter__(self) -> OwnGraph:
        ensure_running(self.settings)  # this test's own server: started here, stopped on exit
        self.graph: Graph = connect(self.settings, role="writer")
        self.reader: Graph = connect(self.settings)
        return self

    def __exit__(self, *exc: object) -> None:
        self.reader.close()
        self.graph.close()
        self.server.stop()

    def env(self) -> dict[str, str]:
        s = self.settings
        return {"GRAPH_DATA_DIR": str(s.graph_dir), "GRAPH_BOLT_PORT": str(s.graph_bolt_port),
                "GRAPH_HTTP_PORT": str(s.graph_http_port), "GAZETTE_DATA_DIR": str(s.data_dir), "GRAPH_HEAP": "1g"}


class BuiltWorld(OwnGraph):
    """A generated world built into a graph of its own with the offline extractor, as `make demo` does."""

    def __init__(self, directory: Path, publications: int, seed: int) -> None:
        super().__init__(directory)
        self.world = generate(directory / "world", publications, seed)

    def __enter__(self) -> BuiltWorld:
        super().__enter__()
        from data_pipeline.build import ALL_SUB_RUBRICS, build
        from data_pipeline.extract.rules import RuleExtractor
        build(self.graph, [str(self.world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, self.settings.data_dir / "build",
              progress=False)
        return self
