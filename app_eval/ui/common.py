"""What the pages share: choosing a run (remembered in the URL) and showing its state."""
from __future__ import annotations

import streamlit as st

from app_eval import api
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


def fmt(v: object) -> str:
    if v is None:
        return "–"
    return f"{v:.3f}" if isinstance(v, float) else str(v)
