"""Drill-down: one question, both systems' answers side by side with the reference, the judge scores
and the full tool trace."""
from __future__ import annotations

import streamlit as st

from app_eval import api
from app_eval.ui.common import pick_run
from kg.settings import Settings


def render(settings: Settings) -> None:
    st.header("Drill-down")
    run_id = pick_run(settings)
    if not run_id:
        return
    records = [r for r in api.load_records(run_id, settings) if r.question]
    if not records:
        st.info("This run has no answered questions yet.")
        return
    datasets = sorted({r.dataset for r in records})
    dataset = st.selectbox("Dataset", datasets)
    items = {}
    for r in records:
        if r.dataset == dataset:
            items.setdefault(r.item_id, r)
    item = st.selectbox("Question", list(items), format_func=lambda i: f"{i} · {items[i].question[:100]}")
    first = items[item]
    st.markdown(f"**Question:** {first.question}")
    st.markdown(f"**Reference:** {first.expected or '–'}")
    same = [r for r in records if r.dataset == dataset and r.item_id == item]
    cols = st.columns(max(1, len(same)))
    for col, r in zip(cols, sorted(same, key=lambda r: r.system), strict=False):
        with col:
            st.subheader(r.system)
            st.markdown(r.answer or "_(no answer)_")
            if r.error:
                st.error(r.error)
            st.write({m: (s.value if s.value is not None else f"missing: {s.error}") for m, s in r.scores.items()})
            st.caption(f"latency {r.latency_ms or 0:.0f} ms · level {r.level} · class {r.category}")
            with st.expander(f"trace ({len(r.trace)} tool calls)"):
                st.json(r.trace, expanded=True)
