"""History: the stored runs; two of them compared metric by metric and question by question; exports."""
from __future__ import annotations

import streamlit as st

from app_eval import api, charts, export
from app_eval.config import default_store
from app_eval.store import RunStore
from app_eval.ui.common import pick_run
from kg.settings import Settings


def render(settings: Settings) -> None:
    st.header("History")
    runs = api.list_runs(settings)
    st.dataframe(runs, hide_index=True, width="stretch")
    if not runs:
        return
    a = pick_run(settings, "Run A", key="a")
    b = pick_run(settings, "Run B", key="b")
    if a and b:
        st.subheader("Metric by metric (delta = B - A)")
        st.dataframe(api.compare(a, b, settings), hide_index=True, width="stretch")
        st.subheader("Question by question (scores that differ)")
        diff = charts.question_diff(api.load_records(a, settings), api.load_records(b, settings))
        if diff:
            st.dataframe(diff, hide_index=True, width="stretch")
        else:
            st.caption("No score differs.")
    if a:
        store = RunStore(default_store(settings))
        c1, c2 = st.columns(2)
        c1.download_button("Export run A as CSV", export.as_csv(store, a), file_name=f"{a}.csv", mime="text/csv")
        c2.download_button("Export run A as JSON", export.as_json(store, a), file_name=f"{a}.json",
                           mime="application/json")
