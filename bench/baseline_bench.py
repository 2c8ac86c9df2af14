"""Vector-RAG baseline, all in one run (SPEC §10):

1. Embedding, on a fixed sample of 2,000 notice texts: sentence-transformers fp32 at batch 32 (the raw
   torch encode, the reference) against the encoder the baseline uses and the other CPU precision:
   texts/s (wall) and texts per CPU-second (this process), their ratios, and whether retrieval stays the
   same: top-5 agreement over ~200 queries against the reference's vectors, mean and lowest cosine. The
   variants take turns on slices of the sample, so a change in the machine's load hits them alike.
2. Indexing (graph -> Chroma) of the world's Event texts, its rate against the raw rate of 1.; a no-op
   re-index; query latency p50/p95.

The world has 2,000 publications; BENCH_PUBLICATIONS=100000 (or 1000000) indexes a bigger one, with
the same 2,000-text sample for the embedding figures.
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from agent.baseline import Baseline
from agent.baseline.embedder import Encoder, Fast, Reference, choose, cpu_bfloat16, load_model
from bench.common import ISSUE_INDEX_RATE, scale, scratch_settings, world
from data_pipeline.phase1_rows import rows_for
from data_pipeline.sources import read_publications
from kg.driver import Graph, connect
from kg.embedded import EmbeddedServer

LOAD = "UNWIND $rows AS row CREATE (e:BaseNode:Event) SET e = row"
SAMPLE, TOP_K, TURNS = 2_000, 5, 4
AGREEMENT_GOAL = 0.99  # share of the reference's top-5 ids the other vectors must find too
SPEED_GOAL = 3.0  # issue 19: the index rate against ISSUE_INDEX_RATE
# The index rate on the two 2-core CPU classes this bench ran on (earlier runs, for reference: not this run): with
# native bfloat16 the bfloat16 pass keeps the top 5; without it only float32 does (int8 schemes simulated: 91.7 % at
# best), and float32 runs at 83-90 % of the CPU's own float32 products, so the goal is a CPU class's, not code's.
CLASSES = ("AVX-512 with native bfloat16 (stops 58 and 61): 3.67x and 4.33x in bfloat16 (99.3 % in 61)",
           "AVX2 only (stop 60): 1.53x, float32 at 83 % of its products' rate, agreement 100 %")
# Short questions beside the quoted ones, in the register's four languages (none from an evaluation set).
QUESTIONS = (
    "Which companies went bankrupt in Zurich?", "Neueintragung einer GmbH in Bern",
    "Konkurseröffnung über eine Aktiengesellschaft", "Who is the new managing director?", "Löschung infolge Fusion",
    "faillite société anonyme Genève", "Gründung einer Stiftung", "capital increase of a company",
    "Kapitalerhöhung Aktiengesellschaft", "changement de siège social", "Sitzverlegung nach Luzern",
    "liquidation of a Sàrl in Vaud", "Zweck: Handel mit Waren aller Art", "restaurant in Basel",
    "bakery registered in Bern", "software development company", "Immobilien Verwaltung und Vermittlung",
    "consulting services Ticino", "scioglimento della società", "nuova iscrizione Lugano",
    "Revisionsstelle verzichtet auf eingeschränkte Revision", "new auditor appointed", "Schuldenruf",
    "call to creditors", "Verwaltungsrat ausgeschieden", "board member resigned", "Einzelunterschrift",
    "signature collective à deux", "transport and logistics", "Güterverkehr", "construction company Aargau",
    "Bauunternehmung", "Treuhand", "fiduciaire", "Geschäftsführer mit Einzelunterschrift",
    "company deleted from the register", "Handelsregister Zug", "holding company",
    "Beteiligungen an anderen Unternehmen", "import export", "medical practice", "Arztpraxis", "Coiffeur",
    "hairdresser", "Garage Autohandel", "car dealer", "Informatikdienstleistungen", "yoga courses", "Weinhandel",
    "wine trade",
)


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


def queries(texts: Sequence[str], quoted: int = 150) -> list[str]:
    return [question_for(t) for t in random.Random(2).sample(list(texts), min(quoted, len(texts)))] + list(QUESTIONS)


def top_k(docs: np.ndarray, qs: np.ndarray, k: int = TOP_K) -> np.ndarray:
    return np.argsort(-(qs @ docs.T), axis=1, kind="stable")[:, :k]


@dataclass
class Agreement:
    top_k: float  # share of the reference's top-k ids found in the other top-k (mean over queries)
    same_sets: float  # share of queries whose top-k sets are equal
    cosine_mean: float  # document vectors, reference against the other
    cosine_min: float

    @classmethod
    def of(cls, ref_docs: np.ndarray, ref_qs: np.ndarray, docs: np.ndarray, qs: np.ndarray, k: int = TOP_K) -> Agreement:
        a, b = top_k(ref_docs, ref_qs, k), top_k(docs, qs, k)
        shared = [len(set(x) & set(y)) for x, y in zip(a.tolist(), b.tolist(), strict=True)]
        cos = (ref_docs * docs).sum(axis=1)
        return cls(sum(shared) / (k * len(shared)), sum(s == k for s in shared) / len(shared),
                   float(cos.mean()), float(cos.min()))


@dataclass
class Timed:
    name: str
    encoder: Encoder
    wall: float = 0.0
    cpu: float = 0.0
    parts: list[np.ndarray] = field(default_factory=list)

    def run(self, texts: Sequence[str]) -> None:
        c, w = time.process_time(), time.perf_counter()
        self.parts.append(self.encoder.encode(texts))
        self.wall += time.perf_counter() - w
        self.cpu += time.process_time() - c


def gemm_rate(rows: int = 2_896, hidden: int = 384, repeats: int = 20) -> float:
    """GFLOP/s of float32 matrix products of the model's shapes (16 texts of ~181 tokens against each weight) on
    this machine, as torch runs them: what a float32 forward pass can at most reach."""
    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: N812, PLC0415

    x = {k: torch.randn(rows, k) for k in (hidden, 4 * hidden)}
    shapes = [(hidden, 3 * hidden), (hidden, hidden), (hidden, 4 * hidden), (4 * hidden, hidden)]
    weights = [torch.randn(n, k) for k, n in shapes]
    flops = sum(2 * rows * k * n for k, n in shapes)
    for w in weights:  # warm
        F.linear(x[w.shape[1]], w)
    t0 = time.perf_counter()
    for _ in range(repeats):
        for w in weights:
            F.linear(x[w.shape[1]], w)
    return repeats * flops / (time.perf_counter() - t0) / 1e9


def cpu_line(sample: Sequence[str], runs: Sequence[Timed]) -> str:
    """This CPU's class and how close the float32 pass comes to its float32 products' rate: where a CPU lacks native
    bfloat16, float32 is the precision that keeps retrieval, and this says what is left to gain in it."""
    import torch  # noqa: PLC0415

    native, ceiling = cpu_bfloat16(), gemm_rate()
    line = (f"CPU: {torch.backends.cpu.get_cpu_capability()}, native bfloat16 {'yes' if native else 'no'}, "
            f"{torch.get_num_threads()} torch threads; float32 products of the model's shapes {ceiling:.0f} GFLOP/s")
    exact = next((r for r in runs if isinstance(r.encoder, Fast) and r.encoder.variant == "float32"), None)
    if exact is not None:
        done = exact.encoder.model.flops(sample) / exact.wall / 1e9
        line += f"; the float32 forward pass {done:.0f} GFLOP/s of products, {done / ceiling:.0%} of that"
    return line


def embedding_figures(sample: Sequence[str]) -> tuple[list[str], float]:
    """The lines of the embedding figures and the top-5 agreement of the baseline's encoder with the reference."""
    device, precision = choose()
    encoders: list[tuple[str, Callable[[], Encoder]]] = [
        ("sentence-transformers fp32, batch 32 (reference)", lambda: Reference(device)),
        (f"baseline encoder ({precision}, {device})", load_model)]
    if device == "cpu":  # the other CPU variant beside it: float32 (exact), or bfloat16 where the CPU has it
        other = "float32" if precision == "bfloat16" else "bfloat16"
        if choose({"BASELINE_EMBED_PRECISION": other}) == ("cpu", other):
            encoders.append((f"forward pass in {other} (BASELINE_EMBED_PRECISION={other})",
                             lambda: Fast("cpu", other)))
    runs = [Timed(name, make()) for name, make in encoders]
    for r in runs:
        r.encoder.encode(sample[:8])  # warm: the first call pays one-time costs
    step = -(-len(sample) // TURNS)
    for i in range(0, len(sample), step):  # in turns, so that a change of load hits every variant alike
        for r in runs:
            r.run(sample[i:i + step])
    qs = queries(sample)
    ref = runs[0]
    ref_docs, ref_qs = np.concatenate(ref.parts), ref.encoder.encode(qs)
    n = len(sample)
    agreement = 1.0
    lines = [f"embedding {n:,} notice texts (mean {statistics.mean(len(t) for t in sample):.0f} characters), "
             f"{len(qs)} queries; variants in {TURNS} turns each, torch threads as configured"]
    for r in runs:
        line = f"  {r.name:52s} {n / r.wall:6.1f} texts/s  {n / r.cpu:6.1f} texts/CPU-s"
        if r is not ref:
            a = Agreement.of(ref_docs, ref_qs, np.concatenate(r.parts), r.encoder.encode(qs))
            agreement = a.top_k if r is runs[1] else agreement
            line += (f"  x{ref.wall / r.wall:4.2f} wall  x{ref.cpu / r.cpu:4.2f} CPU;  top-{TOP_K} agreement "
                     f"{a.top_k:.1%} ({'meets' if a.top_k >= AGREEMENT_GOAL else 'BELOW'} {AGREEMENT_GOAL:.0%}), "
                     f"same sets {a.same_sets:.1%}, cosine mean {a.cosine_mean:.6f} min {a.cosine_min:.6f}")
        lines.append(line)
    lines.append("  " + cpu_line(sample, runs))
    return lines, agreement


def verdict(index_rate: float, agreement: float) -> str:
    """Issue 19's goal for the baseline, on this run's figures, with the CPU class it ran on and the classes measured
    before."""
    met = index_rate >= SPEED_GOAL * ISSUE_INDEX_RATE and agreement >= AGREEMENT_GOAL
    native = "with" if cpu_bfloat16() else "without"
    return (f"goal (>= {SPEED_GOAL:.0f}x the issue's {ISSUE_INDEX_RATE} documents/s, top-{TOP_K} agreement >= "
            f"{AGREEMENT_GOAL:.0%}): {'MET' if met else 'NOT MET'} on this CPU ({native} native bfloat16): "
            f"x{index_rate / ISSUE_INDEX_RATE:.2f}, agreement {agreement:.1%}. Measured before on 2 cores: "
            + "; ".join(CLASSES))


def main() -> None:
    n = scale(2_000)
    w = world(n)
    with tempfile.TemporaryDirectory() as tmp_name:
        settings = scratch_settings(Path(tmp_name))
        server = EmbeddedServer(settings)
        server.start()
        try:
            with connect(settings, role="writer") as g:
                g.ensure_schema(fulltext=False)
                events = load_events(g, w / "xml")
                texts = [e["full_text"] for e in events if e.get("full_text")]
                sample = random.Random(1).sample(texts, min(SAMPLE, len(texts)))
                embedding, agreement = embedding_figures(sample)
                baseline = Baseline(settings)
                load_model()  # the index timing below excludes the one-time model load
                raw_c, raw_w = time.process_time(), time.perf_counter()
                load_model().encode(sample)
                raw_w, raw_c = time.perf_counter() - raw_w, time.process_time() - raw_c
                index_c = time.process_time()
                report = baseline.index(progress=True, graph=g)
                index_c = time.process_time() - index_c
                again = baseline.index(progress=False, graph=g)
        finally:
            server.stop()
        quoted = random.Random(1).sample([e for e in events if e.get("full_text")], min(50, len(texts)))
        latencies, hits = [], 0
        for e in quoted:
            ans = baseline.ask(question_for(e["full_text"]), engine="offline")
            latencies.append(ans.latency_ms)
            hits += e["uid"] in {r.id for r in ans.retrieved}
    q = statistics.quantiles(latencies, n=20)
    index_rate, raw_rate = report.embedded / report.seconds, len(sample) / raw_w
    print(f"== vector-RAG baseline (all-MiniLM-L6-v2, {report.embedder} products, Chroma, top 5) ==")
    print("\n".join(embedding))
    print(f"index {report.events:,} event texts: {report.seconds:7.1f} s = {index_rate:6.1f} documents/s "
          f"({report.embedded / index_c:.1f} per CPU-s of this process; the graph server is another)")
    print(f"raw encode of the {len(sample):,}-text sample just before: {raw_rate:6.1f} texts/s "
          f"({len(sample) / raw_c:.1f} per CPU-s); index / raw rate: {index_rate / raw_rate:4.2f}")
    print(f"re-index with nothing to do: {again.seconds:5.1f} s ({again.unchanged:,} unchanged)")
    print(f"query latency over {len(latencies)} questions (offline engine): p50 {statistics.median(latencies):.0f} ms, "
          f"p95 {q[18]:.0f} ms; source notice in the top 5: {hits}/{len(latencies)}")
    print(verdict(index_rate, agreement))


if __name__ == "__main__":
    main()
