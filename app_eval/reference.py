"""The paper's reference figures (SPEC §8; Tables 2-5), shown beside a run's own only when the run is
comparable: an LLM engine judged by an LLM judge, as in the paper. Every other run is labelled as an
offline regression run (`run_label`) and shows no paper figure or delta."""
from __future__ import annotations

from typing import Any

PAPER = {
    "tier1": {"merge_precision": 0.9715},
    "tier2": {"tsa": 0.88, "far": 0.02, "ars": 1.7, "qsr": 1.0, "latency_s": 12.53},
    "tier3": {
        "automated": {"graphrag": {"faithfulness": 0.897, "answer_relevance": 0.689, "information_recall": 0.573,
                                   "latency_s": 12.53},
                      "baseline": {"faithfulness": 0.905, "answer_relevance": 0.080, "information_recall": 0.065,
                                   "latency_s": 4.32}},
        "golden": {"graphrag": {"correctness": 0.828, "answer_relevance": 0.887, "information_recall": 0.837, "latency_s": 10.27},
                   "baseline": {"correctness": 0.143, "answer_relevance": 0.246, "information_recall": 0.118, "latency_s": 3.44}},
    },
    "tier4": {"graphrag": {"correctness": 0.760, "answer_relevance": 0.847, "information_recall": 0.742,
                           "turn_success_rate": 0.750, "context_carryover_accuracy": 0.683, "tool_transition_accuracy": 0.900},
              "baseline": {"correctness": 0.344, "answer_relevance": 0.644, "information_recall": 0.317,
                           "turn_success_rate": 0.333, "context_carryover_accuracy": 0.433}},
}


def paper(summary: dict[str, Any], *keys: str) -> float | None:
    """The paper's figure at `keys` (e.g. "tier3", "golden", "graphrag", "correctness"), or None when the
    run is not comparable with the paper or the paper has no such figure."""
    if not summary.get("paper_comparable"):
        return None
    v: Any = PAPER
    for k in keys:
        v = v.get(k) if isinstance(v, dict) else None
    return float(v) if isinstance(v, int | float) else None


def run_label(summary: dict[str, Any]) -> str:
    """One line saying what a run can be compared with."""
    engines = ", ".join(summary.get("engines") or []) or "no"
    judge = summary.get("judge_name") or "unknown"
    if summary.get("paper_comparable"):
        return "LLM engine and LLM judge: comparable with the paper's figures (shown beside ours)"
    return (f"Offline regression run ({engines} engine, {judge} judge): not comparable with the paper, which used an "
            "LLM agent and an LLM judge; no paper figures are shown")
