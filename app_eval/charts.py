"""What the console draws, built from a run's summary and records: pure functions returning plotly
figures and plain rows, so the pages stay thin and every figure is testable without Streamlit."""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import plotly.graph_objects as go

from app_eval.judges.base import CORRECTNESS, RELEVANCE
from app_eval.metrics.tier4 import turn_success
from app_eval.reference import paper
from app_eval.report import rows as summary_rows
from app_eval.store import Record

SYSTEM_COLORS = {"graphrag": "#1f77b4", "baseline": "#ff7f0e"}


def headline(summary: dict[str, Any]) -> dict[str, list[tuple[str, float | None, float | None]]]:
    """Per tier, the figures a card shows: (label, ours, paper)."""
    def mean(block: dict | None, key: str) -> float | None:
        v = (block or {}).get(key)
        return v.get("mean") if isinstance(v, dict) else v

    cards: dict[str, list[tuple[str, float | None, float | None]]] = {}
    t1 = summary.get("tier1")
    if t1:
        cards["Tier 1 · entity resolution"] = [
            ("merge precision", mean(t1, "merge_precision"), paper(summary, "tier1", "merge_precision")),
            ("true precision", t1.get("true_precision"), None), ("true recall", t1.get("true_recall"), None)]
    t2 = summary.get("tier2")
    if t2:
        cards["Tier 2 · trajectory"] = [(m.upper() if m != "latency_s" else "latency s", mean(t2, m), paper(summary, "tier2", m))
                                        for m in ("tsa", "far", "ars", "qsr", "latency_s")]
    t3 = (summary.get("tier3") or {})
    for dataset, metric in (("golden", "correctness"), ("automated", "faithfulness")):
        if dataset in t3:
            cards[f"Tier 3 · {dataset}"] = [
                (f"{system} {metric}", mean(block, metric), paper(summary, "tier3", dataset, system, metric))
                for system, block in t3[dataset].items()]
    t4 = summary.get("tier4")
    if t4:
        cards["Tier 4 · conversations"] = [
            (f"{system} {label}", mean(block, key), paper(summary, "tier4", system, key))
            for system, block in t4.items()
            for key, label in (("turn_success_rate", "TSR"), ("context_carryover_accuracy", "CCA"),
                               ("tool_transition_accuracy", "TTA")) if key in block]
    return cards


def comparison_bars(summary: dict[str, Any], tier: str) -> go.Figure:
    """GraphRAG vs baseline per metric, with 95% intervals as error bars and the paper's values as marks."""
    data = [r for r in summary_rows(summary) if r["tier"] == tier and r["system"] in SYSTEM_COLORS
            and r["lo"] is not None and r["metric"] != "latency_s"]
    fig = go.Figure()
    for system, color in SYSTEM_COLORS.items():
        part = [r for r in data if r["system"] == system]
        if not part:
            continue
        fig.add_trace(go.Bar(
            name=system, x=[f"{r['scope']} · {r['metric']}" for r in part], y=[r["mean"] for r in part],
            marker_color=color,
            error_y={"type": "data", "symmetric": False, "array": [r["hi"] - r["mean"] for r in part],
                     "arrayminus": [r["mean"] - r["lo"] for r in part]}))
        paper = [r for r in part if r["paper"] is not None]
        if paper:
            fig.add_trace(go.Scatter(name=f"paper · {system}", x=[f"{r['scope']} · {r['metric']}" for r in paper],
                                     y=[r["paper"] for r in paper], mode="markers",
                                     marker={"symbol": "diamond", "size": 11, "color": color,
                                             "line": {"width": 1.5, "color": "black"}}))
    fig.update_layout(barmode="group", yaxis={"range": [0, 1.05], "title": "score"}, height=420,
                      title=f"Tier {tier}: GraphRAG vs baseline (bars: ours with 95% CI; diamonds: paper)")
    return fig


def by_group(records: list[Record], key: str, metric: str) -> list[dict[str, Any]]:
    """Mean score of `metric` per (group, system), group = record attribute `key` (level or category)."""
    acc: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in records:
        s = r.scores.get(metric)
        if s is not None and s.value is not None:
            acc[(str(getattr(r, key) or "-"), r.system)].append(s.value)
    return [{key: g, "system": sys, "mean": sum(v) / len(v), "n": len(v)} for (g, sys), v in sorted(acc.items())]


def group_bars(records: list[Record], key: str, metric: str) -> go.Figure:
    data = by_group(records, key, metric)
    fig = go.Figure()
    for system, color in SYSTEM_COLORS.items():
        part = [d for d in data if d["system"] == system]
        if part:
            fig.add_trace(go.Bar(name=system, x=[d[key] for d in part], y=[d["mean"] for d in part],
                                 marker_color=color, text=[f"n={d['n']}" for d in part]))
    fig.update_layout(barmode="group", yaxis={"range": [0, 1.05]}, height=360, title=f"{metric} by {key}")
    return fig


def latency_box(records: list[Record]) -> go.Figure:
    fig = go.Figure()
    for system, color in SYSTEM_COLORS.items():
        values = [r.latency_ms / 1000 for r in records if r.system == system and r.latency_ms is not None]
        if values:
            fig.add_trace(go.Box(name=system, y=values, marker_color=color, boxmean=True))
    fig.update_layout(yaxis={"title": "seconds"}, height=360, title="Answer latency")
    return fig


def first_tools(records: list[Record]) -> dict[str, int]:
    """How often each tool was the agent's first call (Tier 2's TSA reads the same thing)."""
    return dict(Counter((r.trace[0]["tool"] if r.trace else "(none)") for r in records
                        if r.system == "graphrag" and "2" in r.tier.split(",")).most_common())


def first_tool_bars(records: list[Record]) -> go.Figure:
    counts = first_tools(records)
    fig = go.Figure(go.Bar(x=list(counts), y=list(counts.values()), marker_color="#1f77b4"))
    fig.update_layout(height=320, title="First tool called (GraphRAG, automated set)")
    return fig


def turn_matrix(records: list[Record], system: str) -> tuple[list[str], list[int], list[list[float | None]]]:
    """Tier 4 per conversation and turn: 1 success, 0 failure, None unknown (a missing judge score)."""
    cells: dict[str, dict[int, float | None]] = defaultdict(dict)
    for r in records:
        if r.dataset == "conversational" and r.system == system:
            c, rel = r.scores.get(CORRECTNESS), r.scores.get(RELEVANCE)
            ok = turn_success(r.extra.get("exact_match", 0.0), c.value if c else None, rel.value if rel else None)
            cells[r.conversation_id or "?"][r.turn or 0] = None if ok is None else float(ok)
    convs = sorted(cells)
    turns = sorted({t for row in cells.values() for t in row})
    return convs, turns, [[cells[c].get(t) for t in turns] for c in convs]


def turn_heatmap(records: list[Record], system: str) -> go.Figure:
    convs, turns, z = turn_matrix(records, system)
    fig = go.Figure(go.Heatmap(z=z, x=[f"turn {t}" for t in turns], y=convs, zmin=0, zmax=1,
                               colorscale=[[0, "#d62728"], [1, "#2ca02c"]], showscale=False, xgap=2, ygap=2))
    fig.update_layout(height=max(260, 34 * len(convs) + 80), title=f"Tier 4 turn success · {system} (green: success)")
    return fig


def question_diff(a: list[Record], b: list[Record]) -> list[dict[str, Any]]:
    """Question by question between two runs: each metric's score in A and B where either has one."""
    index = {(r.dataset, r.item_id, r.system): r for r in a}
    out = []
    for r in b:
        old = index.get((r.dataset, r.item_id, r.system))
        if old is None:
            continue
        for metric in sorted(set(r.scores) | set(old.scores)):
            va = old.scores.get(metric).value if old.scores.get(metric) else None
            vb = r.scores.get(metric).value if r.scores.get(metric) else None
            if va != vb:
                out.append({"dataset": r.dataset, "item": r.item_id, "system": r.system, "metric": metric,
                            "a": va, "b": vb, "question": r.question[:120]})
    return out


def split_table(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per tier, dataset scope, system and metric with its dev and test means side by side."""
    by_key: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for r in summary_rows(summary):
        scope = r["scope"]
        split = next((s for s in ("dev", "test") if scope.endswith(f" {s}")), None)
        if split is None or r["metric"] == "latency_s":
            continue
        key = (r["tier"], scope[: -len(split) - 1], r["system"], r["metric"])
        row = by_key.setdefault(key, {"tier": key[0], "dataset": key[1], "system": key[2], "metric": key[3]})
        row[split], row[f"{split} n"] = r["mean"], r["n"]
    for row in by_key.values():
        dev, test = row.get("dev"), row.get("test")
        row["test - dev"] = round(test - dev, 3) if isinstance(dev, float) and isinstance(test, float) else None
    return list(by_key.values())


def split_bars(summary: dict[str, Any]) -> go.Figure:
    """dev vs test per dataset, system and metric (tiers 3 and 4)."""
    rows = [r for r in split_table(summary) if r["tier"] in ("3", "4")]
    fig = go.Figure()
    for split, color in (("dev", "#7f7f7f"), ("test", "#2ca02c")):
        fig.add_trace(go.Bar(name=split, x=[f"{r['dataset']} · {r['system']} · {r['metric']}" for r in rows],
                             y=[r.get(split) for r in rows], marker_color=color))
    fig.update_layout(barmode="group", height=460, yaxis={"range": [0, 1]}, margin={"l": 10, "r": 10, "t": 40, "b": 140},
                      title="dev vs test (engines are tuned on dev only)")
    return fig
