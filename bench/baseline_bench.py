"""Vector-RAG baseline: indexing throughput (graph -> Chroma, documents/s) against the raw embedding
throughput of the model alone on the same texts, in the same run; a no-op re-index; query latency p50/p95."""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from agent.baseline import Baseline
from agent.baseline.embedder import embed, load_model
from bench.common import scale, scratch_settings, world
from data_pipeline.phase1_rows import rows_for
from data_pipeline.sources import read_publications
from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer

LOAD = "UNWIND $rows AS row CREATE (e:BaseNode:Event) SET e = row"


def load_events(g: Graph, xml: Path) -> list[dict]:
    """The Event nodes phase 1 would write (the baseline reads nothing else), without phases 2-3."""
    events = [rows_for(pub).event for pub in read_publications([xml])]
    with g.driver.session(database=g.database) as s:
        for i in range(0, len(events), 1000):
            s.run(LOAD, rows=events[i:i + 1000]).consume()
    return events


def question_for(text: str) -> str:
    """The first dozen words of a notice's body (after its title line): a question that quotes the notice."""
    body = text.split("\n", 1)[-1]
    return " ".join(body.split()[:12])


def main() -> None:
    n = scale(100_000)
    w = world(n)
    with tempfile.TemporaryDirectory() as tmp_name:
        settings = scratch_settings(Path(tmp_name))
        server = EmbeddedServer(settings)
        server.start()
        try:
            with connect(settings, role="writer") as g:
                g.ensure_schema(fulltext=False)
                events = load_events(g, w / "xml")
                baseline = Baseline(settings)
                load_model()  # both timings below exclude the one-time model load
                report = baseline.index(progress=True, graph=g)
                again = baseline.index(progress=False, graph=g)
        finally:
            server.stop()
        texts = [e["full_text"] for e in events if e.get("full_text")]
        t0 = time.perf_counter()
        for i in range(0, len(texts), 500):
            embed(texts[i:i + 500])
        raw = time.perf_counter() - t0
        sample = random.Random(1).sample([e for e in events if e.get("full_text")], min(50, len(texts)))
        latencies, hits = [], 0
        for e in sample:
            ans = baseline.ask(question_for(e["full_text"]), engine="offline")
            latencies.append(ans.latency_ms)
            hits += e["uid"] in {r.id for r in ans.retrieved}
    q = statistics.quantiles(latencies, n=20)
    print("== vector-RAG baseline (all-MiniLM-L6-v2 on torch CPU, Chroma, top 5) ==")
    print(f"index {report.events:,} event texts: {report.seconds:7.1f} s = {report.embedded / report.seconds:6.1f} documents/s")
    print(f"raw embedding of the same {len(texts):,} texts: {raw:7.1f} s = {len(texts) / raw:6.1f} texts/s")
    print(f"ratio index / raw embedding: {report.seconds / raw:5.2f}x")
    print(f"re-index with nothing to do: {again.seconds:5.1f} s ({again.unchanged:,} unchanged)")
    print(f"query latency over {len(latencies)} questions (offline engine): p50 {statistics.median(latencies):.0f} ms, "
          f"p95 {q[18]:.0f} ms; source notice in the top 5: {hits}/{len(latencies)}")


if __name__ == "__main__":
    main()
