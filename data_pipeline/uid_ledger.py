"""Which uids a build that started on an empty graph has written, so that a batch asks the graph only about the uids
it may hold (issue 19: the bulk path for an empty graph).

Phases 1 and 2 read, in each batch's transaction, which of its uids exist (`inserts.EXISTING`): a node that exists
is updated, one that does not is inserted. On a graph that held no node when the build started, and that only the
build writes, a uid the build has not written is missing for certain. The ledger is a Bloom filter of the uids the
build's committed batches wrote: a uid it has never seen is inserted without a look-up; one it may have seen (it was
written, or a false positive, about 1 in 70) is looked up as before. A wrong "may" costs one look-up; a wrong "never"
cannot happen for a uid this build wrote, so the graph and the outcome are those of a look-up of every uid. A uid that
a look-up found is kept exactly (a company with many notices, a name's hub): phases 1 and 2 delete no node, so it is
present from then on without another look-up. The ledger serves phases 1 and 2 only (phase 3 merges and deletes).

A transaction that is run again (`Graph.transact`: another writer created one of its uids meanwhile, so the commit
failed on the uid constraint) looks every uid up (`present(..., trusted=False)`). A graph that held a node at the
start gets an inactive ledger: every uid is looked up, as before.

The filter is sized for the build's files (`UIDS_PER_FILE`: two bytes per uid, 16 bits and 2 probes, about 1 in 70
false) and grows past that by segments, each twice the last (a scalable Bloom filter): 8 MB for the 3.4 million nodes
of a million publications. It is read and written a batch at a time (numpy), so it costs the writer microseconds.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from neo4j import ManagedTransaction

from data_pipeline.inserts import existing
from kg.driver import Graph

ANY_NODE = "MATCH (n:BaseNode) RETURN n.uid AS uid LIMIT 1"
BITS_PER_UID = 16
MIN_CAPACITY = 1 << 16  # uids the first segment holds at least
UIDS_PER_FILE = 4  # a publication's notice, company, persons and names (3.4 distinct uids each at 100,000)


class _Segment:
    """A Bloom filter of `capacity` uids, 2 probes each, read and written a batch at a time (numpy)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.size = np.uint64(capacity * BITS_PER_UID)
        self.bits = np.zeros(capacity * BITS_PER_UID // 8, dtype=np.uint8)
        self.count = 0

    def _probes(self, uids: list[str]) -> tuple[np.ndarray, np.ndarray]:
        # a str caches its hash, so a uid asked twice is hashed once
        h = np.fromiter((hash(u) for u in uids), dtype=np.int64, count=len(uids)).view(np.uint64)
        return h % self.size, (h >> np.uint64(32)) % self.size

    def add(self, uids: list[str]) -> None:
        for i in self._probes(uids):
            np.bitwise_or.at(self.bits, i >> np.uint64(3), np.left_shift(1, i & np.uint64(7)).astype(np.uint8))
        self.count += len(uids)

    def may_hold(self, uids: list[str]) -> np.ndarray:
        a, b = self._probes(uids)
        return ((self.bits[a >> np.uint64(3)] >> (a & np.uint64(7)).astype(np.uint8))
                & (self.bits[b >> np.uint64(3)] >> (b & np.uint64(7)).astype(np.uint8)) & 1).astype(bool)


class UidLedger:
    """The uids written by this build (`add`, after each commit); `active` only on a build that found the graph
    empty. `expected`: about how many uids the build writes (the filter grows past it, a segment at a time)."""

    def __init__(self, active: bool, expected: int = MIN_CAPACITY) -> None:
        self.active = active
        self._segments = [_Segment(max(expected, MIN_CAPACITY))] if active else []
        self._found: set[str] = set()  # uids a look-up found: present for certain
        self.looked_up = 0  # uids sent to the graph, and those the ledger answered without it (for the bench)
        self.skipped = 0

    @classmethod
    def for_graph(cls, graph: Graph, files: int = 0) -> UidLedger:
        """Active when the graph holds no node (a new graph, or one built by a run killed before its first commit);
        sized for a build of `files` publications."""
        with graph.driver.session(database=graph.database) as s:
            return cls(s.run(ANY_NODE).single() is None, UIDS_PER_FILE * files)

    def add(self, uids: Iterable[str]) -> None:
        """Uids that the graph now holds: call after the commit that wrote them."""
        if not self.active:
            return
        uids = list(uids)
        new = [u for u, held in zip(uids, self._held(uids), strict=True) if not held] if uids else []
        last = self._segments[-1]
        if last.count + len(new) > last.capacity:
            last = _Segment(last.capacity * 2)
            self._segments.append(last)
        if new:
            last.add(new)

    def _held(self, uids: list[str]) -> np.ndarray:
        held = np.zeros(len(uids), dtype=bool)
        for seg in self._segments:
            held |= seg.may_hold(uids)
        return held

    def may_hold(self, uid: str) -> bool:
        return not self.active or bool(self._held([uid])[0])

    def present(self, tx: ManagedTransaction, uids: Iterable[str], trusted: bool = True) -> set[str]:
        """The uids among `uids` that the graph holds, as `tx` sees it: those the ledger may hold are looked up (all
        of them when not `trusted`: a transaction run again)."""
        uids = list(uids)
        if not (self.active and trusted):
            self.looked_up += len(uids)
            return existing(tx, uids)
        known = {u for u in uids if u in self._found}
        rest = [u for u in uids if u not in known]
        asked = [u for u, held in zip(rest, self._held(rest), strict=True) if held] if rest else []
        self.looked_up += len(asked)
        self.skipped += len(uids) - len(asked)
        found = existing(tx, asked) if asked else set()
        self._found |= found  # present whether this transaction commits or not: phases 1-2 delete nothing
        return known | found

    @property
    def fresh(self) -> bool:
        """Every node in the graph was written by this build (so none was counted or summarized before it)."""
        return self.active


class Attempts:
    """Counts the runs of one transaction's function: the first may trust the ledger, a re-run may not."""

    def __init__(self) -> None:
        self.n = 0

    def first(self) -> bool:
        self.n += 1
        return self.n == 1
