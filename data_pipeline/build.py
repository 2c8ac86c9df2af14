"""The build: sources -> phase 1 -> phase 2 -> phase 3 (-> privacy) into the configured graph."""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from data_pipeline.extract.base import Extractor
from data_pipeline.phase1 import write_batch
from data_pipeline.phase2 import run_phase2
from data_pipeline.phase3 import run_phase3
from data_pipeline.progress import bar
from data_pipeline.sources import Quarantine, iter_files, read_file
from data_pipeline.stats import GraphStats, graph_stats
from kg.driver import Graph

ALL_SUB_RUBRICS = [f"HR{i:02d}" for i in range(1, 8)] + [f"KK{i:02d}" for i in range(1, 13)] + \
    [f"LS{i:02d}" for i in range(1, 9)]
# Paper §4.1.3: foundations, bankruptcies and liquidations, plus HR02 where board changes live.
LLM_SUB_RUBRICS = ["HR01", "HR02", "KK02", "KK03", "KK06", "LS01", "LS02"]


@dataclass
class BuildReport:
    publications: int = 0
    files: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    mentions: int = 0
    phase3: dict = field(default_factory=dict)
    stats: GraphStats | None = None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["stats"] = self.stats.to_dict() if self.stats else None
        return d


def last_build_file(state_dir: Path) -> Path:
    return state_dir / "last_build.json"


def quarantined_count(state_dir: Path) -> int:
    f = last_build_file(state_dir)
    return json.loads(f.read_text()).get("quarantined", 0) if f.exists() else 0


def build(graph: Graph, inputs: list[str], extractor: Extractor, sub_rubrics: list[str], state_dir: Path,
          batch_files: int = 500, progress: bool = True) -> BuildReport:
    report = BuildReport()
    graph.ensure_schema(fulltext=False)
    graph.suspend_fulltext()  # rebuilt in bulk after phase 3 (phases 2-3 touch every event and name)
    state_dir.mkdir(parents=True, exist_ok=True)
    qfile = state_dir / "quarantine.jsonl"
    qfile.unlink(missing_ok=True)  # it describes the input of this build
    files = list(iter_files(inputs))
    report.files = len(files)

    t0 = time.perf_counter()
    with Quarantine(qfile) as q, bar("phase 1 structured", len(files), "file", progress) as pb:
        for i in range(0, len(files), batch_files):
            chunk = files[i: i + batch_files]
            pubs = [p for f in chunk for p in read_file(f, q)]
            if pubs:
                write_batch(graph, pubs)
            report.publications += len(pubs)
            pb.update(len(chunk))
        quarantined = q.count
    report.seconds["phase1"] = round(time.perf_counter() - t0, 2)

    t0 = time.perf_counter()
    with bar(f"phase 2 {extractor.name}", None, "event", progress) as pb:
        p2 = run_phase2(graph, extractor, sub_rubrics, on_start=lambda n: setattr(pb, "total", n) or pb.refresh(),
                        on_progress=pb.update)
    report.mentions = p2.mentions
    report.seconds["phase2"] = round(time.perf_counter() - t0, 2)

    t0 = time.perf_counter()
    report.phase3 = asdict(run_phase3(graph))
    graph.ensure_schema()  # the full-text indexes (texts, company and hub names), built in one pass
    report.seconds["phase3"] = round(time.perf_counter() - t0, 2)

    last_build_file(state_dir).write_text(json.dumps({"quarantined": quarantined, "files": len(files),
                                                      "publications": report.publications}))
    report.stats = graph_stats(graph, quarantined)
    return report
