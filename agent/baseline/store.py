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
# The collection's own metadata names the embedder variant (`embedder.variant()`) its vectors came from.
EMBEDDER_KEY = "embedder"
LOOPBACK = ("localhost", "127.0.0.1", "::1")
LEGACY_EMBEDDER = "float32"  # collections from before the key: sentence-transformers fp32, the same vectors


def _client(settings: Settings) -> chromadb.ClientAPI:
    """A Chroma server's client when CHROMA_HOST is set (for an index that outgrows one machine), else the
    persistent Chroma under data_dir/chroma. The token, if any, goes in a header and nowhere else."""
    chroma = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_host:
        if settings.chroma_token and not settings.chroma_ssl and settings.chroma_host not in LOOPBACK:
            raise ValueError(f"CHROMA_TOKEN would go to {settings.chroma_host} in clear text: set CHROMA_SSL=true "
                             "(or reach the server through a tunnel on localhost)")
        headers = {"Authorization": f"Bearer {settings.chroma_token.get_secret_value()}"} if settings.chroma_token else None
        return chromadb.HttpClient(host=settings.chroma_host, port=settings.chroma_port, ssl=settings.chroma_ssl,
                                   headers=headers, settings=chroma)
    return chromadb.PersistentClient(path=str(settings.data_dir / "chroma"), settings=chroma)


def open_collection(settings: Settings, embedder: str | None = None) -> Collection:
    """The collection; a new one records `embedder` (the variant that will fill it)."""
    return _client(settings).get_or_create_collection(
        COLLECTION, configuration={"hnsw": {"space": "cosine"}}, embedding_function=MiniLMEmbedding(),
        metadata={EMBEDDER_KEY: embedder} if embedder else None)


def recorded_embedder(collection: Collection) -> str | None:
    """The variant the stored vectors came from; None for an empty collection that records none."""
    found = (collection.metadata or {}).get(EMBEDDER_KEY)
    if found is None and collection.count():
        return LEGACY_EMBEDDER
    return None if found is None else str(found)


class VariantMismatch(RuntimeError):
    """A Chroma server's collection holds vectors of another precision than this process makes."""


def claim(settings: Settings, collection: Collection, embedder: str) -> tuple[Collection, bool]:
    """A collection whose vectors are `embedder`'s: the given one (recording the variant if it records
    none), or, when its vectors came from another variant, a new empty one in its place (True) — only in this
    machine's own Chroma. On a Chroma server, which other machines may index and query too, another variant is
    refused with what to do (VariantMismatch) rather than deleted."""
    collection = open_collection(settings)  # its metadata as stored now, not as when this process opened it
    recorded = recorded_embedder(collection)
    if recorded is None or recorded == embedder:
        if (collection.metadata or {}).get(EMBEDDER_KEY) != embedder:
            collection.modify(metadata={**(collection.metadata or {}), EMBEDDER_KEY: embedder})
        return collection, False
    if settings.chroma_host:
        raise VariantMismatch(
            f"the collection {COLLECTION!r} on the Chroma server {settings.chroma_host}:{settings.chroma_port} holds "
            f"{recorded} vectors and this process embeds in {embedder}: set BASELINE_EMBED_PRECISION={recorded} "
            f"(or delete the collection on the server to re-index it in {embedder})")
    _client(settings).delete_collection(COLLECTION)
    return open_collection(settings, embedder), True


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
