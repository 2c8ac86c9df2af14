"""The notices' texts kept beside the graph for phase 2, on a build that started on an empty graph (issue 19).

Phase 2 extracts from every notice phase 1 wrote: it asked the graph for the pending notices and read each one's
text, language and sub-rubric back (at 100,000 publications 5.4 s of server time, the largest read of the build:
a notice's record spans pages). A build that found the graph empty and is its only writer (`uid_ledger`) knows
these values already: phase 1 adds each committed batch's notices here as the graph stores them (pseudonymized
under `--privacy`, as there) and phase 2 reads them from here. A notice written twice keeps what the graph keeps:
`SET e += row` over a row without the None values, so a value is replaced only by one that is not None.

Only the office town a text may omit is read from the graph: the seat (or town) of the notice's company, as
`phase2.EVENT_TEXTS` reads it (`TOWNS`), once per company (phase 2 writes no company's seat or town). A notice
linked to two companies (a notice written twice under different subjects) is read from the graph, where it is as the
graph orders them.

The spool is a SQLite file in the build's private state directory (about 0.7 KB a notice: 0.7 GB of disk at a
million, while phases 1-2 run), owner-only, deleted when phase 2 ends or the build fails; a build killed meanwhile
leaves it, and the next build deletes it before it starts (that build finds the graph not empty and reads from the
graph).
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

from kg.files import private_file

FILE = "phase2-texts.sqlite"
SCHEMA = """
CREATE TABLE notices (uid TEXT PRIMARY KEY, text TEXT, language TEXT, sub_rubric TEXT);
CREATE TABLE companies (notice TEXT, company TEXT, PRIMARY KEY (notice, company)) WITHOUT ROWID;
"""
# the values as `SET e += row` leaves them: a None keeps what was there
UPSERT = """
INSERT INTO notices VALUES (?, ?, ?, ?)
ON CONFLICT(uid) DO UPDATE SET text = coalesce(excluded.text, text), language = coalesce(excluded.language, language),
    sub_rubric = coalesce(excluded.sub_rubric, sub_rubric)
"""
LINK = "INSERT OR IGNORE INTO companies VALUES (?, ?)"
TOWNS = """
UNWIND $uids AS u
MATCH (c:BaseNode {uid: u})
RETURN c.uid AS uid, coalesce(c.seat, c.town) AS town
"""


class TextSpool:
    """`add` the notices of each committed batch; `pending` and `rows` read them back. Inactive (`active` False):
    holds nothing, and phase 2 reads from the graph."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        # the towns of the companies read so far (company uid -> town; phase 2 inserts companies, it updates none)
        self.towns: dict[str, str | None] = {}
        if path is not None:
            path.unlink(missing_ok=True)
            private_file(path)
            self._db = sqlite3.connect(path, check_same_thread=False)  # phase 2 reads a page ahead, in a thread
            self._db.execute("PRAGMA journal_mode = OFF")  # a scratch copy: a crash leaves it to be deleted
            self._db.execute("PRAGMA synchronous = OFF")
            self._db.executescript(SCHEMA)

    @classmethod
    def for_build(cls, state_dir: Path, active: bool) -> TextSpool:
        """A new spool in `state_dir` when `active`; an inactive one otherwise. A spool a killed build left is deleted
        either way."""
        (state_dir / FILE).unlink(missing_ok=True)
        return cls(state_dir / FILE if active else None)

    @property
    def active(self) -> bool:
        return self._db is not None

    def add(self, events: Iterable[dict], companies: Iterable[tuple[str, str]]) -> None:
        """Notices as written (`events`: their rows) and their companies (`(company uid, notice uid)` of the
        HAS_EVENT edges written with them). Call after the commit."""
        if self._db is None:
            return
        with self._db:
            self._db.executemany(UPSERT, ((e["uid"], e.get("full_text"), e.get("language"), e.get("sub_rubric"))
                                          for e in events))
            self._db.executemany(LINK, ((dst, src) for src, dst in companies))

    def pending(self, sub_rubrics: list[str]) -> list[str]:
        """The notices of `sub_rubrics`, sorted (none is extracted yet: the graph was empty when the build started)."""
        assert self._db is not None
        marks = ",".join("?" * len(sub_rubrics))
        return sorted(u for (u,) in self._db.execute(f"SELECT uid FROM notices WHERE sub_rubric IN ({marks})",  # noqa: S608
                                                     sub_rubrics))

    def rows(self, uids: list[str]) -> tuple[dict[str, dict], list[str]]:
        """`uids`' rows as `phase2.EVENT_TEXTS` returns them but for the town, with their company's uid instead: {uid:
        {uid, text, language, sub_rubric, company}}; and the uids to read from the graph (two companies)."""
        assert self._db is not None
        out: dict[str, dict] = {}
        ask: list[str] = []
        for i in range(0, len(uids), 900):  # SQLite's bound parameters per statement
            part = uids[i: i + 900]
            marks = ",".join("?" * len(part))
            for uid, text, language, sub, company, n in self._db.execute(
                    f"SELECT n.uid, n.text, n.language, n.sub_rubric, min(c.company), count(c.company) FROM notices n "  # noqa: S608
                    f"LEFT JOIN companies c ON c.notice = n.uid WHERE n.uid IN ({marks}) GROUP BY n.uid", part):
                if n > 1:
                    ask.append(uid)
                else:
                    out[uid] = {"uid": uid, "text": text, "language": language, "sub_rubric": sub, "company": company}
        return out, ask

    def close(self) -> None:
        """Deletes the spool."""
        if self._db is not None:
            self._db.close()
            self._db = None
        if self.path is not None:
            self.path.unlink(missing_ok=True)
