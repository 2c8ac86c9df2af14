"""The words of the names search_companies looks up, written by the build on `GraphSummary` nodes (issue 19), so
that a name typed with a slip is corrected in the endpoint's own process instead of by the full-text index.

A fuzzy term ("xaokr~1") makes ArcadeDB compare the term with every word its index holds: at a million notices one
such read of the company names took 0.7-1.4 s and of the persons' 1.1-2.7 s, and a typo pass makes both. Here the
build keeps, per name index, each word the index holds (lowercase, as its analyzer splits a name: `kg.text.terms`)
with how many names hold it; the endpoint reads them once per build (a stamp tells), finds the words within one
edit of what was typed (two in long words: the edits Lucene's fuzzy terms allow, a swap of neighbours counting one)
with RapidFuzz, and asks the index for those words exactly. The words compare as `kg.text.loose` folds them, so
"Mueller" finds "müller" (two edits as typed), which a fuzzy term does not.

Each index's words are split over nodes of at most `CHUNK` words (a node's properties are one record); a head node
holds the stamp and the nodes' uids. Written and marked invalid as the other summaries are (`data_pipeline.summaries`):
where the head is missing or invalid, the endpoint falls back on fuzzy terms. This module imports nothing of the graph.
"""
from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import OSA

from kg.ddl import COMPANY_NAME_INDEX, HUB_NAME_INDEX
from kg.text import loose, terms

PREFIX = "summary-name-words"
HEAD_UID = PREFIX
VERSION = 1
CHUNK = 20_000  # words per node (~300 KB of JSON)
# The names each index holds, streamed by the build
NAMES = {COMPANY_NAME_INDEX: "MATCH (c:Company) WHERE c.name IS NOT NULL RETURN c.name AS name",
         HUB_NAME_INDEX: "MATCH (h:NameHub) WHERE h.name IS NOT NULL RETURN h.name AS name"}
HEAD = "MATCH (s:BaseNode {uid: $uid}) RETURN s.version AS version, s.stamp AS stamp, s.chunks AS chunks"
CHUNKS = "UNWIND $uids AS u MATCH (s:BaseNode {uid: u}) RETURN s.uid AS uid, s.stamp AS stamp, s.words AS words"
EXPANSIONS = 50  # words asked for per typed word at most, as a Lucene fuzzy term expands to at most 50


def edits(word: str) -> int:
    """The edits a typed word may hold: one, two from eight letters on (as `kg.text.lucene_query`'s fuzzy terms)."""
    return 1 if len(word) < 8 else 2


def count(names: Iterable[str | None]) -> Counter:
    """word -> how many of `names` hold it."""
    counted: Counter = Counter()
    for name in names:
        if name:
            counted.update(set(terms(name)))
    return counted


def rows(counted: Mapping[str, Counter], stamp: str) -> list[dict[str, Any]]:
    """The summary nodes' properties (per index, its words in chunks of `CHUNK`), the head node last."""
    nodes: list[dict[str, Any]] = []
    chunks: dict[str, list[str]] = {}
    for index, words in sorted(counted.items()):
        ordered = sorted(words.items())
        for i in range(0, max(len(ordered), 1), CHUNK):
            uid = f"{PREFIX}|{index}|{i // CHUNK}"
            chunks.setdefault(index, []).append(uid)
            nodes.append({"uid": uid, "version": VERSION, "stamp": stamp,
                          "words": json.dumps(dict(ordered[i: i + CHUNK]), ensure_ascii=False)})
    return [*nodes, {"uid": HEAD_UID, "version": VERSION, "stamp": stamp, "chunks": json.dumps(chunks)}]


def head(found: Iterable[Mapping[str, Any]]) -> tuple[str, dict[str, list[str]]] | None:
    """(stamp, index -> its chunk nodes' uids) from the `HEAD` rows; None where the summary is missing or invalid."""
    valid = [r for r in found if r["version"] == VERSION and r["stamp"] and r["chunks"]]
    return (valid[0]["stamp"], json.loads(valid[0]["chunks"])) if valid else None


@dataclass
class Vocabulary:
    """The words of one name index, grouped by the length of their loose form, for corrections in milliseconds."""
    counts: dict[str, int]
    by_length: dict[int, tuple[list[str], list[list[str]]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        grouped: dict[int, dict[str, list[str]]] = {}
        for word in self.counts:
            key = loose(word)
            grouped.setdefault(len(key), {}).setdefault(key, []).append(word)
        self.by_length = {n: (list(keys), list(keys.values())) for n, keys in grouped.items()}

    @classmethod
    def from_chunks(cls, found: Iterable[Mapping[str, Any]], stamp: str) -> Vocabulary | None:
        """The words of `CHUNKS` rows of one build (`stamp`); None where a chunk is of another build."""
        counts: dict[str, int] = {}
        for r in found:
            if r["stamp"] != stamp or r["words"] is None:
                return None
            counts |= json.loads(r["words"])
        return cls(counts)

    def near(self, word: str, k: int | None = None) -> list[str]:
        """The words of the index within `k` edits (default: `edits(word)`) of `word` (loose forms compared),
        closest then most common first, at most `EXPANSIONS`; the word itself among them where the index holds it."""
        typed = loose(word)
        k = edits(typed) if k is None else k
        found: list[tuple[int, int, str]] = []
        for n in range(max(1, len(typed) - k), len(typed) + k + 1):
            keys, words = self.by_length.get(n, ((), ()))
            for _, distance, i in process.extract(typed, keys, scorer=OSA.distance, score_cutoff=k, limit=None):
                found += [(distance, -self.counts[w], w) for w in words[i]]
        return [w for _, _, w in sorted(found)[:EXPANSIONS]]


Reader = Callable[..., list[dict[str, Any]]]  # read(query, **parameters) -> rows


class Vocabularies:
    """Index -> its `Vocabulary`, as the build that wrote them left them, read once per build (the head's stamp) and
    kept for the last few builds this process met (a test suite's several graphs). Thread-safe."""

    def __init__(self, keep: int = 4) -> None:
        self._built: OrderedDict[str, dict[str, Vocabulary]] = OrderedDict()
        self._keep, self._lock = keep, threading.Lock()

    def get(self, read: Reader) -> dict[str, Vocabulary] | None:
        """None where the graph has no valid summary of its words (built by older code, or a build under way)."""
        found = head(read(HEAD, uid=HEAD_UID))
        if found is None:
            return None
        stamp, chunks = found
        with self._lock:
            if stamp not in self._built:
                rows = {r["uid"]: r for r in read(CHUNKS, uids=[u for uids in chunks.values() for u in uids])}
                missing = {"stamp": None, "words": None}
                built = {index: Vocabulary.from_chunks([rows.get(u, missing) for u in uids], stamp)
                         for index, uids in chunks.items()}
                if any(v is None for v in built.values()):
                    return None  # a build rewrote them meanwhile
                self._built[stamp] = built  # type: ignore[assignment]
                while len(self._built) > self._keep:
                    self._built.popitem(last=False)
            self._built.move_to_end(stamp)
            return self._built[stamp]


VOCABULARIES = Vocabularies()
