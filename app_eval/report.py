"""Flat rows of a summary (tier, scope, system, metric, mean, 95% CI, n, missing, paper) for tables,
CSV export and run comparison, and the plain-text table the CLI prints."""
from __future__ import annotations

from typing import Any

from app_eval.reference import paper, run_label


def _row(tier: str, scope: str, system: str, metric: str, est: Any, paper: float | None) -> dict[str, Any]:
    if isinstance(est, dict):
        return {"tier": tier, "scope": scope, "system": system, "metric": metric, "mean": est["mean"], "lo": est["lo"],
                "hi": est["hi"], "n": est["n"], "missing": est["missing"], "paper": paper}
    return {"tier": tier, "scope": scope, "system": system, "metric": metric, "mean": est, "lo": None, "hi": None,
            "n": None, "missing": 0, "paper": paper}


def rows(summary: dict[str, Any], levels: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    t1 = summary.get("tier1")
    if t1:
        out.append(_row("1", "namehubs", "graph", "hubs_sampled", t1["hubs_sampled"], None))
        out.append(_row("1", "namehubs", "graph", "comparisons", t1["comparisons"], None))
        out.append(_row("1", "namehubs", "graph", "merge_precision", t1["merge_precision"],
                        paper(summary, "tier1", "merge_precision")))
        for k in ("true_precision", "true_recall"):
            if k in t1:
                out.append(_row("1", "persons vs truth", "graph", k, t1[k], None))
    t2 = summary.get("tier2")
    if t2:
        scopes = [("automated", t2), *[(f"automated {k}", v) for k, v in t2.get("by_split", {}).items()],
                  *([(f"automated L{k}", v) for k, v in t2["by_level"].items()] if levels else []),
                  *([(f"automated {k} (all phrasings)", v) for k, v in t2.get("phrasings", {}).items()] if levels else [])]
        for scope, block in scopes:
            for m in ("tsa", "far", "ars", "qsr", "latency_s"):
                ref = paper(summary, "tier2", m) if scope == "automated" else None
                out.append(_row("2", scope, "graphrag", m, block[m], ref))
    for dataset, by_system in (summary.get("tier3") or {}).items():
        for system, block in by_system.items():
            scopes = [(dataset, block), *[(f"{dataset} {k}", v) for k, v in block.get("by_split", {}).items()]]
            if levels:
                scopes += [(f"{dataset} L{k}" if k.isdigit() else f"{dataset} {k}", v) for k, v in block["by_level"].items()]
                scopes += [(f"{dataset} {k} (all phrasings)", v) for k, v in block.get("phrasings", {}).items()]
                scopes += [(f"{dataset} {k}", v) for k, v in block.get("families", {}).items() if k != "original"]
                scopes += [(f"graph: {k}", v) for k, v in block.get("graph_classes", {}).items()]
            for scope, b in scopes:
                for m, est in b.items():
                    if isinstance(est, dict) and "mean" in est:
                        ref = paper(summary, "tier3", dataset, system, m) if scope == dataset else None
                        out.append(_row("3", scope, system, m, est, ref))
    for system, block in (summary.get("tier4") or {}).items():
        scopes = [("conversational", block), *[(f"conversational {k}", v) for k, v in block.get("by_split", {}).items()]]
        for scope, b in scopes:
            for m, est in b.items():
                if isinstance(est, dict) and "mean" in est:
                    ref = paper(summary, "tier4", system, m) if scope == "conversational" else None
                    out.append(_row("4", scope, system, m, est, ref))
    return out


def _fmt(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def table(summary: dict[str, Any], levels: bool = False) -> str:
    lines = [run_label(summary),
             f"{'tier':<4} {'scope':<18} {'system':<9} {'metric':<27} {'value':>7} {'95% CI':>15} {'n':>5} {'miss':>4} "
             f"{'paper':>7}"]
    for r in rows(summary, levels):
        ci = f"[{_fmt(r['lo'])}, {_fmt(r['hi'])}]" if r["lo"] is not None else ""
        lines.append(f"{r['tier']:<4} {r['scope']:<18} {r['system']:<9} {r['metric']:<27} {_fmt(r['mean']):>7} {ci:>15} "
                     f"{_fmt(r['n']):>5} {r['missing']:>4} {_fmt(r['paper']):>7}")
    j = summary.get("judge") or {}
    lines.append(f"judge scores: {j.get('judge_scores', 0)}, missing: {j.get('missing', 0)} {j.get('reasons') or ''}; "
                 f"system errors: {summary.get('system_errors', 0)}; records: {summary.get('records', 0)}")
    for system, f in (summary.get("llm") or {}).items():
        lat = f["latency_s"]
        lines.append(f"LLM run, {system}: {f['questions']} answers; fabricated citations in the answers "
                     f"{f['fabricated_citations']} (caught by the grounding check: {f['caught_fabricated_citations']}); "
                     f"answers with unsupported claims "
                     f"{f['answers_with_unsupported_claims']}; replaced by 'not found' {f['answers_replaced_by_not_found']} "
                     f"({f['replaced_share']:.1%}); citing a notice {f.get('answers_citing_a_notice', '-')} "
                     f"(the check named it: {f.get('sources_added_by_the_check', '-')}); "
                     f"tool-call failures {f['tool_call_failures']}; calls parsed from text "
                     f"{f['calls_parsed_from_text']}; planned first calls {f['planned_first_calls']} "
                     f"(route overruled {f.get('routes_overruled_by_the_plan', '-')}); LLM calls/question "
                     f"{f['llm_calls_per_question']}; tokens/question {f['prompt_tokens_per_question']} prompt + "
                     f"{f['completion_tokens_per_question']} completion; latency {_fmt(lat.get('mean'))} s "
                     f"[{_fmt(lat.get('lo'))}, {_fmt(lat.get('hi'))}]; errors {f['system_errors']}")
    return "\n".join(lines)


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows present in either summary, with both means and the difference b - a."""
    key = ("tier", "scope", "system", "metric")
    ra = {tuple(r[k] for k in key): r for r in rows(a, levels=True)}
    rb = {tuple(r[k] for k in key): r for r in rows(b, levels=True)}
    out = []
    for k in list(ra) + [k for k in rb if k not in ra]:
        va, vb = (ra.get(k) or {}).get("mean"), (rb.get(k) or {}).get("mean")
        numeric = isinstance(va, int | float) and isinstance(vb, int | float)
        out.append(dict(zip(key, k, strict=True)) | {"a": va, "b": vb, "delta": vb - va if numeric else None})
    return out
