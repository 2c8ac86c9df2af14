"""Run page: choose tiers (and so datasets), systems, engine, judge and size; start; watch progress.
The run executes in a detached worker, so a browser refresh only re-attaches to it (run id in the URL)."""
from __future__ import annotations

import streamlit as st

from agent.llm import engine_name
from app_eval import api, report
from app_eval.config import TIERS, RunConfig
from app_eval.systems import SYSTEMS
from kg.settings import Settings

DATASETS_OF_TIER = {1: "NameHubs of the graph", 2: "automated set (traces)", 3: "automated + golden sets",
                    4: "conversational set"}


def render(settings: Settings) -> None:
    st.header("Run an evaluation")
    # defaults may come from the URL (?tiers=2,3&systems=graphrag&limit=5), so a configuration can be shared
    qp = st.query_params
    default_tiers = [int(t) for t in qp.get("tiers", "").split(",") if t.strip().isdigit() and int(t) in TIERS]
    default_systems = [s for s in qp.get("systems", "").split(",") if s in SYSTEMS]
    default_limit = int(qp["limit"]) if qp.get("limit", "").isdigit() else 0
    with st.form("run"):
        tiers = st.multiselect("Tiers", TIERS, default=default_tiers or list(TIERS),
                               format_func=lambda t: f"Tier {t}: {DATASETS_OF_TIER[t]}")
        systems = st.multiselect("Systems", SYSTEMS, default=default_systems or list(SYSTEMS))
        c1, c2, c3 = st.columns(3)
        engine = c1.selectbox("Engine", ["offline", "llm"], index=["offline", "llm"].index(engine_name(settings)),
                              help="llm needs OPENAI_API_KEY or OPENAI_BASE_URL")
        judge = c2.selectbox("Judge", ["deterministic", "llm"], index=0)
        limit = c3.number_input("Questions per dataset and split (0 = all)", min_value=0, value=default_limit, step=5)
        c4, c5 = st.columns(2)
        splits = c4.multiselect("Splits", ["dev", "test"], default=["dev", "test"],
                                help="engines are tuned on dev only; test measures what carries over")
        phrasings = c5.selectbox("Phrasings", ["original", "all"], index=0,
                                 help="all: also every paraphrase of each item (other syntax, typos, four languages)")
        label = st.text_input("Label", placeholder="e.g. offline baseline check")
        started = st.form_submit_button("Start", type="primary")
    if started:
        try:
            config = RunConfig(tiers=tiers, systems=systems, engine=engine, judge=judge, limit=limit or None,
                               label=label or None, splits=splits, phrasings=phrasings)
        except ValueError as exc:
            st.error(f"Cannot start: {exc}")
        else:
            if (engine == "llm" or judge == "llm") and not settings.llm_configured:
                st.error("The LLM engine or judge needs OPENAI_API_KEY or OPENAI_BASE_URL; choose offline/deterministic.")
            else:
                st.query_params["run"] = api.start_run(config, settings)
    run_id = st.query_params.get("run")
    if run_id:
        live(settings, run_id)


@st.fragment(run_every=2.0)
def live(settings: Settings, run_id: str) -> None:
    try:
        p = api.progress(run_id, settings)
    except KeyError:
        st.warning(f"Run {run_id} is not in the store.")
        return
    total, done = p["total"] or 0, p["done"] or 0
    st.subheader(f"Run {run_id} · {p['status']}")
    st.progress(min(1.0, done / total) if total else 0.0,
                text=f"{p['phase'] or ''}: {done}/{total} · {p['rate_per_s'] or 0:.2f}/s · ETA {p['eta_s'] or 0:.0f} s")
    if p.get("error"):
        st.error(p["error"])
    summary = api.load_summary(run_id, settings)
    table = [r for r in report.rows(summary) if r["mean"] is not None]
    if table:
        st.caption("Figures so far (they fill in as questions finish):")
        st.dataframe(table, hide_index=True, width="stretch")
    if p["status"] in ("running", "queued"):
        if st.button("Cancel run", key="cancel"):
            api.cancel_run(run_id, settings)
    elif p["status"] == "done":
        st.success("Finished. Open the Results page for the charts.")
