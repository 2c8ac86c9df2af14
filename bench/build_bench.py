"""Build throughput (publications/s) of phases 1-3 on a generated world, against the raw backend
throughput of a plain UNWIND CREATE of as many nodes and edges, in the same run; peak memory."""
from __future__ import annotations

import resource
import tempfile
import threading
import time
from pathlib import Path

import psutil

from bench.common import scale, scratch_settings, tree_rss, world
from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from kg.driver import connect
from kg.embedded import EmbeddedServer


class PeakRSS:
    """Samples the RSS of a process tree (the embedded server) in the background."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, 0, threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            try:
                self.peak = max(self.peak, tree_rss(self.pid))
            except psutil.Error:
                return

    def __enter__(self) -> PeakRSS:
        self._t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._t.join()


def raw_backend(tmp: Path, nodes: int, edges: int) -> float:
    """Seconds for a plain UNWIND CREATE of `nodes` nodes and `edges` edges, batches of 1,000."""
    settings = scratch_settings(tmp / "raw")
    server = EmbeddedServer(settings)
    server.start()
    try:
        with connect(settings, role="writer") as g:
            g.ensure_schema(fulltext=False)
            t0 = time.perf_counter()
            with g.driver.session(database=g.database) as s:
                for i in range(0, nodes, 1000):
                    rows = [{"uid": f"n{j}", "name": f"node {j}"} for j in range(i, min(nodes, i + 1000))]
                    s.run("UNWIND $rows AS row CREATE (n:BaseNode:Company) SET n += row", rows=rows).consume()
                for i in range(0, edges, 1000):
                    rows = [{"a": f"n{j % nodes}", "b": f"n{(j * 7 + 1) % nodes}"} for j in range(i, min(edges, i + 1000))]
                    s.run("UNWIND $rows AS row MATCH (a:BaseNode {uid: row.a}) MATCH (b:BaseNode {uid: row.b}) "
                          "CREATE (a)-[:RELATED_TO]->(b)", rows=rows).consume()
            return time.perf_counter() - t0
    finally:
        server.stop()


def main() -> None:
    n = scale(100_000)
    w = world(n)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        settings = scratch_settings(tmp / "build")
        server = EmbeddedServer(settings)
        st = server.start()
        try:
            with connect(settings, role="writer") as g, PeakRSS(st.pid) as server_rss:
                t0 = time.perf_counter()
                report = build(g, [str(w / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build",
                               progress=False)
                seconds = time.perf_counter() - t0
        finally:
            server.stop()
        stats = report.stats
        assert stats is not None
        raw = raw_backend(tmp, stats.nodes, stats.edges)
    client_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("== knowledge-graph build (phases 1-3, rule extractor, embedded ArcadeDB) ==")
    print(f"publications {report.publications:,}: {seconds:7.1f} s = {report.publications / seconds:7.0f} publications/s "
          f"(phases {report.seconds})")
    print(f"graph: {stats.nodes:,} nodes, {stats.edges:,} edges")
    print(f"raw UNWIND CREATE of the same {stats.nodes:,} nodes + {stats.edges:,} edges: {raw:7.1f} s "
          f"({(stats.nodes + stats.edges) / raw:,.0f} elements/s)")
    print(f"ratio build / raw backend: {seconds / raw:5.2f}x")
    print(f"peak RSS: pipeline {client_peak:,.0f} MB, graph server {server_rss.peak / 2**20:,.0f} MB")
