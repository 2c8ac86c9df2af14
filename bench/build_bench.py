"""Build throughput (publications/s) of phases 1-3 on generated worlds of 30,000 and 100,000 publications (and
1,000,000 with BENCH_1M=1: the curve shows whether the cost per publication grows with the graph), each against the
raw backend throughput of a plain UNWIND CREATE in the same run: of as many bare nodes and edges, and of the built
graph's own nodes and edges with their properties (what storing the data costs without the build's logic); peak
memory.

Wall time on a machine shared with other work says as much about the other work as about the build, so the
CPU seconds of the graph server and of the pipeline (this process, all its threads) are reported beside it."""
from __future__ import annotations

import os
import pickle
import resource
import shutil
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
from neo4j import Session

from bench.common import graph_dir, scratch_settings, sizes, tree_cpu, tree_rss, world
from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from kg.driver import Graph, connect
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

    @property
    def cpu(self) -> float:
        """The graph server's and the pipeline's CPU seconds together."""
        return self.server_cpu + self.client_cpu


def _own_cpu() -> float:
    """This process's CPU seconds and its ended children's: the build's second process (`data_pipeline.offload`)
    is waited for when its phase ends. (The graph server is counted by its own tree, while it runs.)"""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _write(session: Session, query: str, rows: list[dict]) -> None:
    """One statement in a transaction of its own. Not an auto-commit `session.run`: ArcadeDB's Bolt server writes
    2-4x slower in auto-commit (at 100,000 publications the bare nodes took 35.5 s so, 9.1 s in transactions), and
    the raw load is the fastest plain way to store the rows, which the build is measured against."""
    session.execute_write(lambda tx: tx.run(query, rows=rows).consume())


def _timed_load(directory: Path, statements: Iterable[tuple[str, list[dict]]], indexes: Clock | None = None) -> Clock:
    """`statements` (a query and its rows each, made as they are sent) into a new server of its own in `directory`,
    each in a transaction of its own (`_write`), timed; then, timed in `indexes` where given, the full-text indexes
    the product searches (`ensure_schema`: built on the loaded graph, as the build builds them)."""
    settings = scratch_settings(directory)
    server = EmbeddedServer(settings)
    st = server.start()
    try:
        with connect(settings, role="writer") as g:
            g.ensure_schema(fulltext=False)
            with Clock(st.pid) as clock, g.driver.session(database=g.database) as s:
                for query, rows in statements:
                    _write(s, query, rows)
            if indexes is not None:
                indexes.pid = st.pid
                with indexes, g.long_statements():
                    g.ensure_schema()
        return clock
    finally:
        server.stop()


def raw_backend(tmp: Path, nodes: int, edges: int) -> Clock:
    """A plain UNWIND CREATE of `nodes` nodes and `edges` edges, batches of 1,000 in a transaction each, timed: bare
    nodes (a uid and a name), edges without properties."""
    def statements() -> Iterator[tuple[str, list[dict]]]:
        for i in range(0, nodes, 1000):
            yield ("UNWIND $rows AS row CREATE (n:BaseNode:Company) SET n += row",
                   [{"uid": f"n{j}", "name": f"node {j}"} for j in range(i, min(nodes, i + 1000))])
        for i in range(0, edges, 1000):
            yield ("UNWIND $rows AS row MATCH (a:BaseNode {uid: row.a}) MATCH (b:BaseNode {uid: row.b}) "
                   "CREATE (a)-[:RELATED_TO]->(b)",
                   [{"a": f"n{j % nodes}", "b": f"n{(j * 7 + 1) % nodes}"} for j in range(i, min(edges, i + 1000))])

    return _timed_load(tmp / "raw", statements())


NODES_OUT = "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props"
EDGES_OUT = "MATCH (a)-[r]->(b) RETURN type(r) AS type, a.uid AS a, b.uid AS b, properties(r) AS props"


def export_graph(graph: Graph, out: Path, batch: int = 1000) -> None:
    """The graph's nodes (labels, properties) and edges (type, ends' uids, properties) in batches of `batch` rows of
    one label set or type, pickled one after the other into `out`: every node before any edge."""
    with out.open("wb") as f, graph.driver.session(database=graph.database) as s:
        for kind, query, key, row in (
                ("nodes", NODES_OUT, lambda r: ":".join(r["labels"]), lambda r: r["props"]),
                ("edges", EDGES_OUT, lambda r: r["type"], lambda r: {"a": r["a"], "b": r["b"], "p": r["props"]})):
            pending: dict[str, list[dict]] = {}
            for r in s.run(query):
                k = key(r)
                rows = pending.setdefault(k, [])
                rows.append(row(r))
                if len(rows) == batch:
                    pickle.dump((kind, k, rows), f, protocol=pickle.HIGHEST_PROTOCOL)
                    pending[k] = []
            for k, rows in pending.items():
                if rows:
                    pickle.dump((kind, k, rows), f, protocol=pickle.HIGHEST_PROTOCOL)


def _batches(path: Path) -> Iterator[tuple[str, str, list[dict]]]:
    with path.open("rb") as f:
        while True:
            try:
                yield pickle.load(f)  # noqa: S301 - the file this run wrote (`export_graph`)
            except EOFError:
                return


def raw_same_graph(tmp: Path, exported: Path, indexes: Clock | None = None) -> Clock:
    """A plain UNWIND CREATE of the built graph's own nodes and edges (`export_graph`: the same labels, properties
    and types), batches of 1,000 in a transaction each, timed: what storing the build's data costs without any of its
    logic. The batches are read from the file while timed (a few seconds at a million publications). `indexes`: the
    full-text indexes built on it afterwards, timed (`_timed_load`)."""
    def statements() -> Iterator[tuple[str, list[dict]]]:
        for kind, key, rows in _batches(exported):
            if kind == "nodes":
                yield f"UNWIND $rows AS row CREATE (n:{key}) SET n += row", rows
            else:
                yield ("UNWIND $rows AS row MATCH (a:BaseNode {uid: row.a}) MATCH (b:BaseNode {uid: row.b}) "
                       f"CREATE (a)-[r:{key}]->(b) SET r += row.p", rows)

    return _timed_load(tmp / "raw-same", statements(), indexes)


@dataclass
class BuildFigures:
    publications: int
    seconds: float
    phases: dict[str, float]
    nodes: int
    edges: int
    raw: Clock
    raw_same: Clock  # the build's own nodes and edges, with their properties
    raw_indexes: Clock  # the full-text indexes built on the raw same graph afterwards
    build: Clock
    server_peak: int  # bytes

    @property
    def per_publication_ms(self) -> float:
        return 1000 * self.seconds / self.publications


def measure(n: int) -> BuildFigures:
    """Builds a world of `n` publications into a server of its own, then a raw UNWIND CREATE of as many nodes and
    edges into another, in the same run."""
    w = world(n)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        settings = scratch_settings(tmp / "build")
        server = EmbeddedServer(settings)
        st = server.start()
        try:
            with connect(settings, role="writer") as g:
                with PeakRSS(st.pid) as server_rss, Clock(st.pid) as clock:
                    report = build(g, [str(w / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build",
                                   progress=n >= 1_000_000)
                with g.long_statements():  # a scan of every node, then of every edge (the server's timeout is 15 s)
                    export_graph(g, tmp / "graph.pickles")
        finally:
            server.stop()
        stats = report.stats
        assert stats is not None
        keep = graph_dir(n)
        if not keep.exists():  # the endpoint benchmark's graph of this size, built once
            shutil.move(tmp / "build", keep)
        raw = raw_backend(tmp, stats.nodes, stats.edges)
        raw_indexes = Clock(0)
        raw_same = raw_same_graph(tmp, tmp / "graph.pickles", raw_indexes)
    return BuildFigures(report.publications, clock.wall, report.seconds, stats.nodes, stats.edges, raw, raw_same,
                        raw_indexes, clock, server_rss.peak)


def main() -> None:
    print("== knowledge-graph build (phases 1-3, rule extractor, embedded ArcadeDB) ==")
    print(f"{'publications':>12}{'s':>8}{'pub/s':>7}{'ms/pub':>7}{'vs first':>9}{'raw s':>7}{'build/raw':>10}"
          f"{'CPU build/raw':>14}{'raw same s':>11}{'build/same':>11}{'CPU build/same':>15}{'+ft s':>7}"
          f"{'build/same+ft':>14}{'server MB':>10}  phases s")
    first: BuildFigures | None = None
    for n in sizes():
        f = measure(n)
        first = first or f
        cpu, cpu_same = (f.build.cpu / f.raw.cpu), (f.build.cpu / f.raw_same.cpu)
        print(f"{f.publications:>12,}{f.seconds:>8.0f}{f.publications / f.seconds:>7.0f}{f.per_publication_ms:>7.2f}"
              f"{f.per_publication_ms / first.per_publication_ms:>8.2f}x{f.raw.wall:>7.0f}{f.seconds / f.raw.wall:>9.2f}x"
              f"{cpu:>13.2f}x{f.raw_same.wall:>11.0f}{f.seconds / f.raw_same.wall:>10.2f}x{cpu_same:>14.2f}x"
              f"{f.raw_indexes.wall:>7.0f}{f.seconds / (f.raw_same.wall + f.raw_indexes.wall):>13.2f}x"
              f"{f.server_peak / 2**20:>10,.0f}  "
              + ", ".join(f"{k[-1]}: {v:.0f}" for k, v in f.phases.items()), flush=True)
    print(f"(vs first: cost per publication against the smallest graph; raw: a plain UNWIND CREATE of as many bare "
          f"nodes (a uid, a name) and edges in the same run; raw same: a plain UNWIND CREATE of the built graph's own "
          f"nodes and edges, their labels, types and properties, in the same run; +ft: the full-text indexes the product "
          f"searches (texts, company and hub names) built on that raw graph afterwards, as the build builds them; "
          f"build/same+ft: against the raw same load and those indexes; CPU: graph server and pipeline "
          f"together; peak RSS of the pipeline "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB; graph server heap "
          f"{scratch_settings(Path('.')).graph_heap_size})")
