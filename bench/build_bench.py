"""Build throughput (publications/s) of phases 1-3 on a generated world, against the raw backend
throughput of a plain UNWIND CREATE of as many nodes and edges, in the same run; peak memory.

Wall time on a machine shared with other work says as much about the other work as about the build, so the
CPU seconds of the graph server and of the pipeline (this process, all its threads) are reported beside it."""
from __future__ import annotations

import os
import resource
import tempfile
import threading
import time
from pathlib import Path

import psutil

from bench.common import scale, scratch_settings, tree_cpu, tree_rss, world
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


class Clock:
    """Wall seconds, CPU seconds of the graph server (`pid`'s tree) and of this process, from start to stop."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.wall = self.server_cpu = self.client_cpu = 0.0

    def __enter__(self) -> Clock:
        self._t = (time.perf_counter(), tree_cpu(self.pid), _own_cpu())
        return self

    def __exit__(self, *exc: object) -> None:
        w, s, c = self._t
        self.wall, self.server_cpu, self.client_cpu = (time.perf_counter() - w, tree_cpu(self.pid) - s,
                                                       _own_cpu() - c)


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def raw_backend(tmp: Path, nodes: int, edges: int) -> Clock:
    """A plain UNWIND CREATE of `nodes` nodes and `edges` edges, batches of 1,000, timed."""
    settings = scratch_settings(tmp / "raw")
    server = EmbeddedServer(settings)
    st = server.start()
    try:
        with connect(settings, role="writer") as g:
            g.ensure_schema(fulltext=False)
            with Clock(st.pid) as clock, g.driver.session(database=g.database) as s:
                for i in range(0, nodes, 1000):
                    rows = [{"uid": f"n{j}", "name": f"node {j}"} for j in range(i, min(nodes, i + 1000))]
                    s.run("UNWIND $rows AS row CREATE (n:BaseNode:Company) SET n += row", rows=rows).consume()
                for i in range(0, edges, 1000):
                    rows = [{"a": f"n{j % nodes}", "b": f"n{(j * 7 + 1) % nodes}"} for j in range(i, min(edges, i + 1000))]
                    s.run("UNWIND $rows AS row MATCH (a:BaseNode {uid: row.a}) MATCH (b:BaseNode {uid: row.b}) "
                          "CREATE (a)-[:RELATED_TO]->(b)", rows=rows).consume()
        return clock
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
            with connect(settings, role="writer") as g, PeakRSS(st.pid) as server_rss, Clock(st.pid) as clock:
                report = build(g, [str(w / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build",
                               progress=False)
        finally:
            server.stop()
        stats = report.stats
        assert stats is not None
        raw = raw_backend(tmp, stats.nodes, stats.edges)
    client_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    seconds = clock.wall
    print("== knowledge-graph build (phases 1-3, rule extractor, embedded ArcadeDB) ==")
    print(f"publications {report.publications:,}: {seconds:7.1f} s = {report.publications / seconds:7.0f} publications/s "
          f"(phases {report.seconds})")
    print(f"graph: {stats.nodes:,} nodes, {stats.edges:,} edges")
    print(f"raw UNWIND CREATE of the same {stats.nodes:,} nodes + {stats.edges:,} edges: {raw.wall:7.1f} s "
          f"({(stats.nodes + stats.edges) / raw.wall:,.0f} elements/s)")
    print(f"ratio build / raw backend: {seconds / raw.wall:5.2f}x")
    print(f"CPU s, build: graph server {clock.server_cpu:,.1f}, pipeline {clock.client_cpu:,.1f}; "
          f"raw: graph server {raw.server_cpu:,.1f}, client {raw.client_cpu:,.1f}; ratio of server CPU "
          f"{clock.server_cpu / raw.server_cpu:4.2f}x, of all CPU "
          f"{(clock.server_cpu + clock.client_cpu) / (raw.server_cpu + raw.client_cpu):4.2f}x")
    print(f"peak RSS: pipeline {client_peak:,.0f} MB, graph server {server_rss.peak / 2**20:,.0f} MB")
