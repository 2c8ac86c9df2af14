"""The state updates of companies phase 1 has written, kept until phase 1 ends and then written once per company
(issue 19: the bulk path for an empty graph).

A company is named by notice after notice, and phase 1 brings it up to date with each batch that names it
(`phase1.UPDATE_COMPANIES`: `SET c += row.update` where the company's `as_of` is not later than the row's): ten
writes of a record for a company of ten notices. On a build that found the graph empty (`uid_ledger`: the build is
its only writer) nothing reads a company's state before phase 1 ends, so the updates of a company this build
created are applied here, in memory, exactly as the graph would apply them, batch after batch in the order of their
commits; `phase1.write_kept` then writes each company's accumulated update once, with the same statement. The graph ends as it
would have: the properties every applied update set, each with its last value, and the last applied `as_of`.

A build killed before that leaves companies in the state of their first notice; the graph is not empty then, so
the next build writes every update again (the ledger and this are inactive there) and ends in the same graph.
"""
from __future__ import annotations

from collections.abc import Iterable

# A company's update, applied where its state is not later than the row's (what `committed` mirrors)
UPDATE_COMPANIES = """
UNWIND $rows AS row
MATCH (c:BaseNode {uid: row.uid})
WHERE c.as_of IS NULL OR c.as_of <= row.as_of
SET c += row.update, c.as_of = row.as_of
"""


class CompanyUpdates:
    """`active` on a build that found the graph empty. `held(uid)`: whether this company's updates are kept here
    (it was created by a committed batch of this build); `committed`: a batch's company rows, after its commit."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self._state: dict[str, tuple[str | None, dict | None]] = {}  # uid -> (as_of, update since creation or None)
        self.applied = 0  # updates applied here instead of in the graph

    def held(self, uid: str) -> bool:
        return uid in self._state

    def committed(self, companies: Iterable[dict], present: set[str]) -> None:
        """Rows `{uid, as_of, update, ...}` of a committed batch, `present` the uids it found in the graph: a company
        the batch created starts its state; one kept here gets the update, as the graph's WHERE would let it."""
        if not self.active:
            return
        for row in companies:
            uid, as_of = row["uid"], row["as_of"]
            if uid not in present:
                self._state[uid] = (as_of, None)
                continue
            if uid not in self._state:  # updated in the graph by its batch (see `held`)
                continue
            before, update = self._state[uid]
            if before is None or (as_of is not None and before <= as_of):
                self._state[uid] = (as_of, {**(update or {}), **row["update"]})
                self.applied += 1

    def rows(self) -> list[dict]:
        """One update row per company whose state changed after its creation, in uid order."""
        return [{"uid": uid, "as_of": as_of, "update": update}
                for uid, (as_of, update) in sorted(self._state.items()) if update is not None]

    def take(self) -> list[dict]:
        """`rows`, then nothing is kept any more (phase 1 writes them: `phase1.write_kept`)."""
        rows = self.rows()
        self._state.clear()
        return rows
