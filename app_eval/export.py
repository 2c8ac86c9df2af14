"""Export of a run: JSON (run, summary, records with scores) or CSV (one row per record, one column per metric)."""
from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Any

from app_eval.judges.base import METRICS
from app_eval.store import RunStore


def as_json(store: RunStore, run_id: str) -> str:
    run = store.run(run_id)
    records = []
    for r in store.records(run_id):
        d = asdict(r)
        d["scores"] = {m: {"value": s.value, "error": s.error, "detail": s.detail} for m, s in r.scores.items()}
        records.append(d)
    return json.dumps({"run": run, "records": records}, ensure_ascii=False, indent=1, default=str)


def as_csv(store: RunStore, run_id: str) -> str:
    cols = ["seq", "tier", "dataset", "system", "item_id", "conversation_id", "turn", "level", "category", "question",
            "expected", "answer", "latency_ms", "error", "tools"]
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(cols + list(METRICS) + [f"{m}_error" for m in METRICS])
    for r in store.records(run_id):
        row: list[Any] = [getattr(r, c) for c in cols[:-1]] + [" > ".join(s.get("tool", "") for s in r.trace)]
        row += [r.scores[m].value if m in r.scores else "" for m in METRICS]
        row += [r.scores[m].error or "" if m in r.scores else "" for m in METRICS]
        w.writerow(row)
    return buf.getvalue()
