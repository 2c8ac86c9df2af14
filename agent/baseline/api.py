"""The vector-RAG baseline (paper §5.1): Event texts in Chroma, top-5 retrieval, one answer step."""
from __future__ import annotations

import time
from collections.abc import Sequence

from chromadb.api.models.Collection import Collection

from agent.baseline.answer import BaselineAnswer, Retrieved, citations, llm_answer
from agent.baseline.embedder import embed, load_model, variant
from agent.baseline.index import BATCH, IndexReport, sync
from agent.baseline.offline import extractive_answer
from agent.baseline.store import claim, open_collection
from agent.llm import OFFLINE, engine_label, engine_name
from kg.driver import Graph, connect
from kg.server import ensure_running
from kg.settings import Settings

TOP_K = 5


class Baseline:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._collection: Collection | None = None

    @property
    def collection(self) -> Collection:
        if self._collection is None:
            self._collection = open_collection(self.settings)
        return self._collection

    def index(self, progress: bool = True, graph: Graph | None = None, batch: int = BATCH) -> IndexReport:
        """Bring the collection in line with the graph's Event texts (see `index.sync`). A collection
        holding another embedder variant's vectors is started afresh: vectors are never mixed."""
        embedder = variant()
        self._collection, rebuilt = claim(self.settings, self.collection, embedder)
        if graph is not None:
            report = sync(graph, self._collection, batch, progress)
        else:
            ensure_running(self.settings)  # indexing on its own connection: the embedded server is started once
            with connect(self.settings) as own:
                report = sync(own, self._collection, batch, progress)
        report.embedder, report.rebuilt = embedder, rebuilt
        return report

    def retrieve(self, question: str, k: int = TOP_K) -> list[Retrieved]:
        got = self.collection.query(query_embeddings=embed([question]), n_results=k,
                                    include=["documents", "metadatas", "distances"])
        rows = zip(got["ids"][0], got["documents"][0], got["metadatas"][0], got["distances"][0], strict=True)
        return [Retrieved(id=i, publication_number=str(m.get("publication_number", i)), date=m.get("date"),
                          sub_rubric=m.get("sub_rubric"), company_name=m.get("company_name"),
                          score=round(1.0 - float(dist), 4), text=doc or "")
                for i, doc, m, dist in rows]

    def ask(self, question: str, history: Sequence[dict[str, str]] = (), engine: str | None = None) -> BaselineAnswer:
        """Retrieval uses the question alone; the LLM also sees the history. Latency excludes the one-time model load."""
        engine = engine_name(self.settings, engine)
        load_model()
        t0 = time.perf_counter()
        retrieved = self.retrieve(question)
        if engine == OFFLINE:
            text, calls = extractive_answer(question, retrieved), 0
        else:
            text, calls = llm_answer(self.settings, question, retrieved, history), 1
        return BaselineAnswer(answer=text, engine=engine, engine_label=engine_label(self.settings, engine),
                              retrieved=retrieved, citations=citations(text, retrieved, cited_only=engine != OFFLINE),
                              latency_ms=round((time.perf_counter() - t0) * 1000), llm_calls=calls)
