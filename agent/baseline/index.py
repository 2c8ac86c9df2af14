"""Graph -> Chroma synchronisation: resumable and idempotent.

Each page of 500 events is written before the next is read, so a killed run keeps its work; a re-run
embeds only what is missing or whose text changed (text hash in the metadata), refreshes changed
metadata without re-embedding, and removes documents whose event left the graph.
"""
from __future__ import annotations

import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from chromadb.api.models.Collection import Collection
from tqdm import tqdm

from agent.baseline.embedder import embed
from agent.baseline.source import count_events, event_pages
from agent.baseline.store import Document, stored_metadata
from kg.driver import Graph

BATCH = 500


@dataclass
class IndexReport:
    events: int = 0  # Event texts in the graph
    added: int = 0
    reembedded: int = 0  # text changed
    metadata_updated: int = 0  # same text, other metadata
    unchanged: int = 0
    deleted: int = 0  # gone from the graph
    documents: int = 0  # in the collection afterwards
    seconds: float = 0.0
    embedder: str = ""  # the variant whose vectors the collection holds (`embedder.variant()`)
    rebuilt: bool = False  # the collection held another variant's vectors and was started afresh

    @property
    def embedded(self) -> int:
        return self.added + self.reembedded

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"embedded_per_s": round(self.embedded / self.seconds, 1) if self.seconds else 0.0}


def _with_removals(new: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """Chroma merges metadata on update; a None value is how a key that vanished gets removed."""
    return new | {k: None for k in old if k not in new}


def sync(graph: Graph, collection: Collection, batch: int = BATCH, progress: bool = True) -> IndexReport:
    t0 = time.perf_counter()
    report = IndexReport()
    stored = stored_metadata(collection)
    seen: set[str] = set()
    with tqdm(total=count_events(graph), desc="baseline index", unit="docs", unit_scale=True, file=sys.stderr,
              disable=not progress, dynamic_ncols=True, mininterval=0.5, smoothing=0.1) as bar:
        for rows in event_pages(graph, batch):
            docs = [Document.from_row(r) for r in rows]
            seen.update(d.id for d in docs)
            new = [d for d in docs if d.id not in stored]
            changed = [d for d in docs if d.id in stored and stored[d.id].get("text_hash") != d.metadata["text_hash"]]
            changed_ids = {d.id for d in changed}
            relabelled = [d for d in docs if d.id in stored and d.id not in changed_ids and stored[d.id] != d.metadata]
            if new:
                collection.add(ids=[d.id for d in new], documents=[d.text for d in new],
                               metadatas=[d.metadata for d in new], embeddings=embed([d.text for d in new]))
            if changed:
                collection.update(ids=[d.id for d in changed], documents=[d.text for d in changed],
                                  metadatas=[_with_removals(d.metadata, stored[d.id]) for d in changed],
                                  embeddings=embed([d.text for d in changed]))
            if relabelled:
                collection.update(ids=[d.id for d in relabelled],
                                  metadatas=[_with_removals(d.metadata, stored[d.id]) for d in relabelled])
            report.events += len(docs)
            report.added += len(new)
            report.reembedded += len(changed)
            report.metadata_updated += len(relabelled)
            report.unchanged += len(docs) - len(new) - len(changed) - len(relabelled)
            bar.update(len(docs))
            bar.set_postfix(embedded=report.embedded, refresh=False)
    gone = [i for i in stored if i not in seen]
    for i in range(0, len(gone), batch):
        collection.delete(ids=gone[i:i + batch])
    report.deleted = len(gone)
    report.documents = collection.count()
    report.seconds = round(time.perf_counter() - t0, 2)
    return report
