"""Generated worlds and graph servers of their own, shared by the pipeline, agent and evaluation tests."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer
from kg.server import ensure_running
from kg.settings import Settings
from tests.conftest import ROOT, embedded_settings, run

NODES = "MATCH (n:BaseNode) RETURN n.uid AS uid, labels(n) AS labels, properties(n) AS props"
EDGES = "MATCH (a:BaseNode)-[r]->(b:BaseNode) RETURN a.uid AS a, type(r) AS t, b.uid AS b, properties(r) AS props"
RUN_STAMPS = {"stamp"}  # the run that wrote a summary (kg.event_counts)


def generate(out: Path, publications: int, seed: int) -> Path:
    subprocess.run([sys.executable, "-m", "data_pipeline", "generate", "--publications", str(publications),
                    "--seed", str(seed), "--out", str(out)], cwd=ROOT, check=True, capture_output=True, timeout=600)
    return out


def dump(graph: Graph) -> tuple[list, list]:
    """Every node (uid, labels, properties but a run stamp) and every edge (a duplicate edge shows twice), sorted:
    two builds made the same graph when their dumps are equal."""
    nodes = sorted((r["uid"], tuple(sorted(r["labels"])),
                    json.dumps({k: v for k, v in r["props"].items() if k not in RUN_STAMPS}, sort_keys=True, default=str))
                   for r in run(graph, NODES))
    edges = sorted((r["a"], r["t"], r["b"], json.dumps(r["props"], sort_keys=True, default=str))
                   for r in run(graph, EDGES))
    return nodes, edges


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
