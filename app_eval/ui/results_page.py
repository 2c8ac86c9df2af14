"""Results: tier cards beside the paper's figures, GraphRAG vs baseline with intervals, breakdowns by
level and question class, latency, Tier 1 precision/recall, Tier 2 first tools, Tier 4 heatmaps,
judge failures."""
from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from app_eval import charts, report
from app_eval.reference import run_label
from app_eval.ui.common import fmt, pick_run, summary_and_records
from kg.settings import Settings


def render(settings: Settings) -> None:
    st.header("Results")
    run_id = pick_run(settings)
    if not run_id:
        return
    summary, records = summary_and_records(settings, run_id)
    if summary.get("paper_comparable"):
        st.success(run_label(summary))
    else:
        st.warning(run_label(summary))
    for title, figures in charts.headline(summary).items():
        st.subheader(title)
        cols = st.columns(max(1, len(figures)))
        for col, (label, ours, paper) in zip(cols, figures, strict=False):
            col.metric(label, fmt(ours), help=f"paper: {fmt(paper)}" if paper is not None else "no paper figure",
                       delta=None if paper is None or ours is None else round(ours - paper, 3), delta_color="off")
    judge = summary.get("judge") or {}
    st.caption(f"Judge scores {judge.get('judge_scores', 0)}, missing {judge.get('missing', 0)} "
               f"{judge.get('by_system_metric') or ''}; system errors {summary.get('system_errors', 0)}; "
               f"records {summary.get('records', 0)}"
               + (f"; wall time {summary['wall_s']:.0f} s" if summary.get("wall_s") else ""))
    # One section at a time: Streamlit renders every tab's charts on each run, this renders only the chosen one.
    section = st.radio("Section", SECTIONS, horizontal=True, key="results_section")
    SECTIONS[section](summary, records)


def _comparison(summary: dict, records: list) -> None:
    for tier in ("3", "4"):
        if any(r["tier"] == tier for r in report.rows(summary)):
            st.plotly_chart(charts.comparison_bars(summary, tier), width="stretch")


def _groups(summary: dict, records: list) -> None:
    graded = [r for r in records if r.dataset in ("automated", "golden")]
    metric = st.selectbox("Metric", sorted({m for r in graded for m in r.scores}) or ["correctness"])
    for key in ("level", "category"):
        st.plotly_chart(charts.group_bars(graded, key, metric), width="stretch")


def _latency(summary: dict, records: list) -> None:
    st.plotly_chart(charts.latency_box([r for r in records if r.dataset != "tier1"]), width="stretch")


def _tier1(summary: dict, records: list) -> None:
    t1 = summary.get("tier1")
    if not t1:
        st.info("Tier 1 was not part of this run.")
        return
    c1, c2, c3 = st.columns(3)
    c1.metric("merge precision (the paper's rule)", fmt(t1["merge_precision"]["mean"]))
    c2.metric("true precision", fmt(t1.get("true_precision")))
    c3.metric("true recall", fmt(t1.get("true_recall")))
    st.caption(t1.get("note", ""))
    st.json(t1.get("pairs") or {}, expanded=False)


def _tier2(summary: dict, records: list) -> None:
    if not summary.get("tier2"):
        st.info("Tier 2 was not part of this run.")
        return
    st.plotly_chart(charts.first_tool_bars(records), width="stretch")
    st.dataframe([r for r in report.rows(summary, levels=True) if r["tier"] == "2"], hide_index=True)


def _tier4(summary: dict, records: list) -> None:
    systems = sorted({r.system for r in records if r.dataset == "conversational"})
    for system in systems:
        st.plotly_chart(charts.turn_heatmap(records, system), width="stretch")
    if not systems:
        st.info("Tier 4 was not part of this run.")


def _splits(summary: dict, records: list) -> None:
    """dev and test side by side: engines are tuned on dev only, so the gap is what tuning did not carry over."""
    table = charts.split_table(summary)
    if not table:
        st.info("This run holds no split information (dataset files older than format 2).")
        return
    st.dataframe(table, hide_index=True, width="stretch")
    st.plotly_chart(charts.split_bars(summary), width="stretch")


def _table(summary: dict, records: list) -> None:
    st.dataframe(report.rows(summary, levels=True), hide_index=True, width="stretch")


SECTIONS: dict[str, Callable[[dict, list], None]] = {
    "GraphRAG vs baseline": _comparison, "dev vs test": _splits, "By level and class": _groups, "Latency": _latency,
    "Tier 1": _tier1, "Tier 2": _tier2, "Tier 4": _tier4, "Table": _table}
