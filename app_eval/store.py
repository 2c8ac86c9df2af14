"""The run store: one SQLite file (WAL, so a console can poll while a run writes) holding each run's
configuration and progress, one record per answered question or turn (answer, trace, context, latency),
the judge scores of each record (a missing score keeps its reason), and the run's summary."""
from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app_eval.judges.base import Score

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, label TEXT, created REAL NOT NULL, started REAL, finished REAL,
  status TEXT NOT NULL,              -- queued | running | done | failed | cancelled
  config TEXT NOT NULL, phase TEXT, total INTEGER DEFAULT 0, done INTEGER DEFAULT 0,
  error TEXT, summary TEXT, cancel INTEGER DEFAULT 0, worker_pid INTEGER);
CREATE TABLE IF NOT EXISTS records (
  run_id TEXT NOT NULL, seq INTEGER NOT NULL, tier TEXT NOT NULL, dataset TEXT NOT NULL, system TEXT NOT NULL,
  item_id TEXT NOT NULL, conversation_id TEXT, turn INTEGER, level TEXT, category TEXT,
  question TEXT, expected TEXT, answer TEXT, trace TEXT, context TEXT, latency_ms REAL, error TEXT, extra TEXT,
  created REAL NOT NULL, PRIMARY KEY (run_id, seq));
CREATE TABLE IF NOT EXISTS scores (
  run_id TEXT NOT NULL, seq INTEGER NOT NULL, metric TEXT NOT NULL, judge TEXT NOT NULL,
  value REAL, error TEXT, detail TEXT, PRIMARY KEY (run_id, seq, metric));
CREATE INDEX IF NOT EXISTS records_by_run ON records (run_id, dataset, system);
"""
CONTEXT_CHARS = 30_000  # what is kept of a record's retrieved context
ACTIVE = ("queued", "running")


def process_alive(pid: int) -> bool:
    """True while the process runs; a zombie (ended, not yet reaped by its parent) counts as ended."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # no /proc (not Linux): the signal check is all there is
        return True


@dataclass
class Record:
    tier: str  # "1" | "2,3" | "3" | "4": the tiers that read it
    dataset: str
    system: str
    item_id: str
    question: str = ""
    expected: str = ""
    answer: str = ""
    trace: list[dict[str, Any]] = field(default_factory=list)
    context: str = ""
    latency_ms: float | None = None
    error: str | None = None
    level: str | None = None
    category: str | None = None
    conversation_id: str | None = None
    turn: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    scores: dict[str, Score] = field(default_factory=dict)
    seq: int = 0


def _dumps(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, default=str)


class RunStore:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            if "worker_pid" not in {r["name"] for r in db.execute("PRAGMA table_info(runs)")}:  # a store from before
                db.execute("ALTER TABLE runs ADD COLUMN worker_pid INTEGER")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30)
        db.row_factory = sqlite3.Row
        try:
            with db:
                yield db
        finally:
            db.close()

    # runs -------------------------------------------------------------------------------------------
    def create_run(self, config: dict[str, Any], label: str | None = None) -> str:
        run_id = time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        with self._connect() as db:
            db.execute("INSERT INTO runs (id, label, created, status, config) VALUES (?, ?, ?, 'queued', ?)",
                       (run_id, label, time.time(), _dumps(config)))
        return run_id

    def update_run(self, run_id: str, **fields: Any) -> None:
        if "summary" in fields and not isinstance(fields["summary"], str | None):
            fields["summary"] = _dumps(fields["summary"])
        cols = ", ".join(f"{k} = ?" for k in fields)
        with self._connect() as db:
            db.execute(f"UPDATE runs SET {cols} WHERE id = ?", (*fields.values(), run_id))

    def request_cancel(self, run_id: str) -> None:
        self.update_run(run_id, cancel=1)

    def cancel_requested(self, run_id: str) -> bool:
        with self._connect() as db:
            row = db.execute("SELECT cancel FROM runs WHERE id = ?", (run_id,)).fetchone()
        return bool(row and row["cancel"])

    def run(self, run_id: str) -> dict[str, Any]:
        with self._connect() as db:
            row = db.execute("SELECT * FROM runs WHERE id = ?", (run_id,)).fetchone()
        if row is None:
            raise KeyError(f"no run {run_id!r} in {self.path}")
        return self._run_dict(self._settle(row))

    def runs(self) -> list[dict[str, Any]]:
        with self._connect() as db:
            rows = db.execute("SELECT * FROM runs ORDER BY created DESC").fetchall()
        return [self._run_dict(self._settle(r)) for r in rows]

    def _settle(self, row: sqlite3.Row) -> sqlite3.Row:
        """A queued or running run whose worker has ended (killed, crashed before it could say so) is
        failed, with the reason, rather than shown as running forever."""
        if row["status"] not in ACTIVE or not row["worker_pid"] or process_alive(row["worker_pid"]):
            return row
        error = (f"the worker process (pid {row['worker_pid']}) ended without finishing the run; "
                 f"its log: {self.path.parent / (row['id'] + '.log')}")
        with self._connect() as db:
            db.execute("UPDATE runs SET status = 'failed', finished = ?, phase = 'failed', error = ? "
                       "WHERE id = ? AND status IN ('queued', 'running')", (time.time(), error, row["id"]))
            return db.execute("SELECT * FROM runs WHERE id = ?", (row["id"],)).fetchone()

    @staticmethod
    def _run_dict(row: sqlite3.Row) -> dict[str, Any]:
        d = dict(row)
        d["config"] = json.loads(d["config"])
        d["summary"] = json.loads(d["summary"]) if d["summary"] else None
        end = d["finished"] or time.time()
        d["elapsed_s"] = round(end - d["started"], 2) if d["started"] else 0.0
        rate = d["done"] / d["elapsed_s"] if d["elapsed_s"] and d["done"] else None
        d["rate_per_s"] = round(rate, 3) if rate else None
        d["eta_s"] = round((d["total"] - d["done"]) / rate, 1) if rate and d["status"] == "running" else None
        return d

    # records ----------------------------------------------------------------------------------------
    def add_record(self, run_id: str, rec: Record, judge: str, done: int | None = None) -> int:
        """Store one record with its scores (and the run's progress) in one transaction."""
        with self._connect() as db:
            seq = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM records WHERE run_id = ?", (run_id,)).fetchone()[0]
            db.execute("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (run_id, seq, rec.tier, rec.dataset, rec.system, rec.item_id, rec.conversation_id, rec.turn,
                        rec.level, rec.category, rec.question, rec.expected, rec.answer, _dumps(rec.trace),
                        rec.context[:CONTEXT_CHARS], rec.latency_ms, rec.error, _dumps(rec.extra), time.time()))
            db.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?, ?)",
                           [(run_id, seq, m, judge, s.value, s.error, _dumps(s.detail)) for m, s in rec.scores.items()])
            if done is not None:
                db.execute("UPDATE runs SET done = ? WHERE id = ?", (done, run_id))
        rec.seq = seq
        return seq

    def records(self, run_id: str, dataset: str | None = None, system: str | None = None) -> list[Record]:
        conds, params = ["run_id = ?"], [run_id]
        for col, val in (("dataset", dataset), ("system", system)):
            if val is not None:
                conds.append(f"{col} = ?")
                params.append(val)
        where = " AND ".join(conds)
        scoped = " AND ".join("r." + c for c in conds)
        with self._connect() as db:
            rows = db.execute(f"SELECT * FROM records WHERE {where} ORDER BY seq", params).fetchall()
            scores = db.execute("SELECT s.* FROM scores s JOIN records r ON r.run_id = s.run_id AND r.seq = s.seq "
                                f"WHERE {scoped}", params).fetchall()
        by_seq: dict[int, dict[str, Score]] = {}
        for s in scores:
            by_seq.setdefault(s["seq"], {})[s["metric"]] = Score(s["value"], s["error"], json.loads(s["detail"] or "{}"))
        out = []
        for r in rows:
            d = dict(r)
            out.append(Record(tier=d["tier"], dataset=d["dataset"], system=d["system"], item_id=d["item_id"],
                              question=d["question"] or "", expected=d["expected"] or "", answer=d["answer"] or "",
                              trace=json.loads(d["trace"] or "[]"), context=d["context"] or "", latency_ms=d["latency_ms"],
                              error=d["error"], level=d["level"], category=d["category"],
                              conversation_id=d["conversation_id"], turn=d["turn"], extra=json.loads(d["extra"] or "{}"),
                              scores=by_seq.get(d["seq"], {}), seq=d["seq"]))
        return out
