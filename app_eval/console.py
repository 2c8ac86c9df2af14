"""Evaluation console: `streamlit run app_eval/console.py`. Thin: every run, figure and table comes from
`app_eval` (api, charts, export); the page only lays them out. The page and the run being looked at
live in the URL, so a refresh (or a shared link) shows the same view, and a run keeps going in its own
process whatever the browser does."""
from __future__ import annotations

import streamlit as st

from app_eval.ui import drill_page, history_page, results_page, run_page
from kg.settings import get_settings

PAGES = {"Run": run_page, "Results": results_page, "Drill-down": drill_page, "History": history_page}

st.set_page_config(page_title="Gazette GraphRAG · evaluation", layout="wide")
settings = get_settings()
current = st.query_params.get("page", "Run")
page = st.sidebar.radio("Page", list(PAGES), index=list(PAGES).index(current) if current in PAGES else 0, key="page")
st.query_params["page"] = page
st.sidebar.caption("GraphRAG vs the vector-RAG baseline over the four evaluation tiers (paper §5-6).")
PAGES[page].render(settings)
