"""The persistent Chroma collection of Event texts: one document per Event, id = event uid."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import chromadb
from chromadb.api.models.Collection import Collection
from chromadb.config import Settings as ChromaSettings

from agent.baseline.embedder import MiniLMEmbedding
from kg.settings import Settings

COLLECTION = "gazette-events"
# Metadata kept beside each document (Chroma refuses None values, so absent ones are left out).
FIELDS = ("publication_number", "date", "sub_rubric", "canton", "company_name", "language")


def open_collection(settings: Settings) -> Collection:
    client = chromadb.PersistentClient(path=str(settings.data_dir / "chroma"),
                                       settings=ChromaSettings(anonymized_telemetry=False))
    return client.get_or_create_collection(COLLECTION, configuration={"hnsw": {"space": "cosine"}},
                                           embedding_function=MiniLMEmbedding())


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Document:
    id: str
    text: str
    metadata: dict[str, Any]

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Document:
        meta = {k: str(row[k]) for k in FIELDS if row.get(k) is not None}
        meta.setdefault("publication_number", row["uid"])
        return cls(row["uid"], row["text"], meta | {"text_hash": text_hash(row["text"])})


def stored_metadata(collection: Collection, page: int = 5000) -> dict[str, dict[str, Any]]:
    """id -> metadata of everything in the collection (what a re-run compares against)."""
    found: dict[str, dict[str, Any]] = {}
    offset = 0
    while True:
        got = collection.get(include=["metadatas"], limit=page, offset=offset)
        for i, meta in zip(got["ids"], got["metadatas"] or [], strict=True):
            found[i] = dict(meta or {})
        if len(got["ids"]) < page:
            return found
        offset += page
