"""What the pages share: choosing a run (remembered in the URL) and showing its state."""
from __future__ import annotations

import streamlit as st

from app_eval import api
from app_eval.config import default_store
from kg.settings import Settings


def pick_run(settings: Settings, label: str = "Run", key: str = "run") -> str | None:
    runs = api.list_runs(settings)
    if not runs:
        st.info("No evaluation runs yet: start one on the Run page (or `python -m app_eval run`).")
        return None
    ids = [r["id"] for r in runs]
    wanted = st.query_params.get(key)
    index = ids.index(wanted) if wanted in ids else 0
    names = {r["id"]: f"{r['id']} · {r['label'] or ''} · {r['status']} · tiers {r['tiers']} · {r['systems']}" for r in runs}
    run_id = st.selectbox(label, ids, index=index, format_func=names.get, key=f"pick_{key}")
    st.query_params[key] = run_id
    return run_id


@st.cache_data(max_entries=8, show_spinner="Computing the summary…")
def _cached(run_id: str, store: str, done: int, status: str) -> tuple[dict, list]:
    """Summary (bootstrap intervals) and records of a run, computed once per run state: a finished run is
    summarized once per console process; a running one again only when more questions are done."""
    from pathlib import Path  # noqa: PLC0415

    return api.load_summary(run_id, store=Path(store)), api.load_records(run_id, store=Path(store))


def summary_and_records(settings: Settings, run_id: str) -> tuple[dict, list]:
    p = api.progress(run_id, settings)
    return _cached(run_id, str(default_store(settings)), p["done"] or 0, p["status"])


def fmt(v: object) -> str:
    if v is None:
        return "–"
    return f"{v:.3f}" if isinstance(v, float) else str(v)
