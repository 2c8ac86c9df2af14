"""What the benchmarks share: generated worlds (cached under data/bench/ so that repeated runs
measure the code under test, not the generator), scratch graph servers, process-tree memory."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil

from data_pipeline.demo import world_complete
from data_pipeline.generator import generate_world
from kg.settings import Settings, get_settings

# Issue 19's figure for the baseline's indexing when it was filed (the earlier path, on another machine of the same
# size): the targets are 3x it on the embedding and the demo index under 7 minutes
ISSUE_INDEX_RATE = 16.9  # documents/s


def scale(default: int) -> int:
    """BENCH_PUBLICATIONS overrides the size of every benchmark world."""
    return int(os.environ.get("BENCH_PUBLICATIONS", default))


def sizes() -> list[int]:
    """The graph sizes of a curve (build, endpoints): BENCH_PUBLICATIONS alone where set, else 30,000 and 100,000
    publications, and 1,000,000 with BENCH_1M=1 (about an hour on two cores, 8 GB of generated XML)."""
    if os.environ.get("BENCH_PUBLICATIONS"):
        return [scale(0)]
    return [30_000, 100_000] + ([1_000_000] if os.environ.get("BENCH_1M") == "1" else [])


def world(n: int, seed: int = 1) -> Path:
    out = get_settings().data_dir / "bench" / f"world-{n}-{seed}"
    if world_complete(out) is None:
        generate_world(n, seed, out, overwrite=True)
    return out


def graph_dir(n: int, seed: int = 1) -> Path:
    """Where the graph of the world (n, seed) is kept between benchmark runs: `GRAPH_DATA_DIR` is graph/ in it,
    `GAZETTE_DATA_DIR` data/ (the layout of `scratch_settings`)."""
    return get_settings().data_dir / "bench" / f"graph-{n}-{seed}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scratch_settings(directory: Path) -> Settings:
    """An embedded server of its own in `directory`, on free ports, and a Chroma of its own beside it (never a
    Chroma server the environment names: a benchmark's index sync would delete what its world lacks)."""
    return Settings(NEO4J_URI=None, GRAPH_DATA_DIR=directory / "graph", GRAPH_BOLT_PORT=free_port(),
                    GRAPH_HTTP_PORT=free_port(), GAZETTE_DATA_DIR=directory / "data", CHROMA_HOST=None,
                    _env_file=None)


def demo_ready() -> bool:
    """Whether the demo graph is built (`make demo`), its server started if it was stopped."""
    from data_pipeline.demo import DEMO_PUBLICATIONS  # noqa: PLC0415
    from data_pipeline.stats import graph_stats  # noqa: PLC0415
    from kg.driver import connect  # noqa: PLC0415
    from kg.server import ensure_running  # noqa: PLC0415

    try:
        ensure_running()  # the demo graph's server (make demo leaves it running; a stopped one starts again)
        with connect() as g:
            return graph_stats(g).events >= DEMO_PUBLICATIONS
    except Exception:  # noqa: BLE001 - no graph running
        return False


def demo_graph() -> float:
    """The demo graph, built as `make demo` builds it (`python -m data_pipeline demo`, a few minutes) where it is
    missing, so that the benches on it run on a fresh checkout too. Returns the seconds that build took (0 when the
    graph was there); raises when the build fails."""
    if demo_ready():
        return 0.0
    print("the demo graph is not built: building it as `make demo` does (python -m data_pipeline demo)", flush=True)
    root = Path(__file__).resolve().parent.parent
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "data_pipeline", "demo"], cwd=root, check=True)
    took = time.perf_counter() - t0
    if not demo_ready():
        raise RuntimeError("python -m data_pipeline demo finished, yet the demo graph is not there")
    print(f"demo graph built in {took:.0f} s", flush=True)
    return took


def tree_rss(pid: int) -> int:
    """Resident bytes of a process and its children (the embedded server runs a JVM child)."""
    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)])


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process and its children have used so far. On a machine shared with other
    work the CPU a run needs changes far less than its wall time, so benchmarks report both."""
    proc = psutil.Process(pid)
    return sum(t.user + t.system for t in (p.cpu_times() for p in [proc, *proc.children(recursive=True)]))


class BuiltGraph:
    """A world built once into data/bench/graph-<n>-<seed> and reused by later runs (its own server)."""

    def __init__(self, n: int, seed: int = 1) -> None:
        from kg.embedded import EmbeddedServer  # noqa: PLC0415 - only the benches that query a graph need it

        self.n, self.world = n, world(n, seed)
        base = graph_dir(n, seed)
        self.settings = Settings(NEO4J_URI=None, GRAPH_DATA_DIR=base / "graph", GRAPH_BOLT_PORT=free_port(),
                                 GRAPH_HTTP_PORT=free_port(), GAZETTE_DATA_DIR=base / "data", _env_file=None)
        self.server = EmbeddedServer(self.settings)

    def __enter__(self) -> BuiltGraph:
        from data_pipeline.build import ALL_SUB_RUBRICS, build, complete_older_graph, quarantined_count  # noqa: PLC0415
        from data_pipeline.extract.rules import RuleExtractor  # noqa: PLC0415
        from data_pipeline.phase2 import pending_uids  # noqa: PLC0415
        from data_pipeline.stats import graph_stats  # noqa: PLC0415
        from kg.driver import connect  # noqa: PLC0415

        self.server.start()
        self.graph = connect(self.settings, role="writer")
        # every publication is in the graph, or was quarantined by the build that made it (a million generated
        # notices hold a few capitals out of range)
        expected = self.n - quarantined_count(self.settings.data_dir / "build")
        with self.graph.long_statements():  # counting a million notices' edges on a cold server takes over 15 s
            if graph_stats(self.graph).events < expected or pending_uids(self.graph, ALL_SUB_RUBRICS):
                build(self.graph, [str(self.world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS,
                      self.settings.data_dir / "build", progress=True)
            else:  # a graph built by older code: what it lacks
                complete_older_graph(self.graph)
        return self

    def __exit__(self, *exc: object) -> None:
        self.graph.close()
        self.server.stop()
