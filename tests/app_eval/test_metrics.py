"""Every metric against hand-computed examples (SPEC §8, paper Eqs. 1-5, Table 10)."""
from __future__ import annotations

import pytest

from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, Score
from app_eval.metrics.stats import bootstrap
from app_eval.metrics.tier1 import compare_hub, is_true_positive, merge_precision, pairwise, similarity
from app_eval.metrics.tier2 import Trajectory, per_question
from app_eval.metrics.tier4 import exact_match, tool_transition_hit, turn_success
from app_eval.store import Record
from app_eval.summary import summarize


def test_levenshtein_similarity_of_equation_1():
    assert similarity("kitten", "sitting") == pytest.approx((6 + 7 - 3) / 13)
    assert similarity("", "") == 1.0
    assert similarity("abc", "") == 0.0
    # exactly 0.6 is not a true positive: the paper's test is strictly greater
    assert similarity("abcde", "afghi") == pytest.approx(0.6)
    assert not is_true_positive("abcde", "afghi")
    assert is_true_positive("abcde", "abfgh")  # 0.7


def test_sorted_token_sets_catch_comma_first_order():
    assert similarity("Doe, John", "John Doe") <= 0.6 or True  # whatever the ratio, the token sets match
    assert is_true_positive("Doe, John", "John Doe")
    assert is_true_positive("MÜLLER, Hans", "Hans Müller")
    assert not is_true_positive("Xu, Li", "Zhang Wei")


def test_one_comparison_per_distinct_merged_name():
    comps = compare_hub("NH-1", "Doe, John", ["Doe, John", "John Doe", "John Doe", "Jon Dough-Smithers"])
    assert [c.merged_name for c in comps] == ["Doe, John", "John Doe", "Jon Dough-Smithers"]
    assert [c.true_positive for c in comps] == [True, True, False]  # S("Jon Dough-Smithers", "Doe, John") = 0.556
    assert merge_precision(comps) == pytest.approx(2 / 3)
    assert merge_precision([]) is None


def test_true_pairwise_precision_and_recall():
    hub_of = {"m1": "H1", "m2": "H1", "m3": "H1", "m4": "H2", "m5": "H3"}
    entity_of = {"m1": "A", "m2": "A", "m3": "B", "m4": "A"}  # m5 unknown to the truth: left out
    pc = pairwise(hub_of, entity_of)
    # predicted pairs: H1 has 3 mentions -> 3 pairs, of which m1-m2 is one entity; true pairs: A has 3 mentions -> 3
    assert (pc.correct, pc.predicted, pc.true) == (1, 3, 3)
    assert pc.precision == pytest.approx(1 / 3) and pc.recall == pytest.approx(1 / 3)


def _steps(*steps: tuple[str, str, int]) -> list[dict]:
    return [{"tool": t, "status": s, "rows": n} for t, s, n in steps]


def test_trajectory_metrics_per_question():
    assert per_question(Trajectory.from_trace(_steps(("search_companies", "ok", 1), ("explore_network", "ok", 3)), 1500)) == \
        {"tsa": 1.0, "far": 0.0, "ars": 2.0, "qsr": 1.0, "latency_s": 1.5}
    assert per_question(Trajectory.from_trace(_steps(("global_text_search", "empty", 0)), 200)) == \
        {"tsa": 0.0, "far": 1.0, "ars": 1.0, "qsr": 0.0, "latency_s": 0.2}
    # an analytics tool first is not a structured first tool; 'ok' with zero rows is not a retrieval
    assert per_question(Trajectory.from_trace(_steps(("count_entities_by_event", "ok", 0), ("search_companies", "error", 0),
                                                     ("global_text_search", "ok", 2)), 0)) == \
        {"tsa": 0.0, "far": 1.0, "ars": 3.0, "qsr": 1.0, "latency_s": 0.0}
    assert per_question(Trajectory.from_trace([], 100))["qsr"] == 0.0


def test_tier2_summary_means():
    traces = [_steps(("search_companies", "ok", 1), ("explore_network", "ok", 3)), _steps(("global_text_search", "empty", 0)),
              _steps(("get_node_history", "ok", 5)), []]
    recs = [Record(tier="2", dataset="automated", system="graphrag", item_id=f"A{i}", trace=t, latency_ms=1000.0 * i,
                   level=str(1 + i % 3)) for i, t in enumerate(traces)]
    t2 = summarize(recs)["tier2"]
    assert t2["questions"] == 4
    assert t2["tsa"]["mean"] == pytest.approx(2 / 4) and t2["far"]["mean"] == pytest.approx(1 / 4)
    assert t2["ars"]["mean"] == pytest.approx((2 + 1 + 1 + 0) / 4) and t2["qsr"]["mean"] == pytest.approx(2 / 4)
    assert t2["latency_s"]["mean"] == pytest.approx((0 + 1 + 2 + 3) / 4)
    assert set(t2["by_level"]) == {"1", "2", "3"}


@pytest.mark.parametrize(("exact", "corr", "rel", "expected"), [
    (1.0, 0.0, 0.0, True),      # exact match alone
    (0.0, 0.80, 0.0, True),     # correctness >= 0.80 alone
    (0.0, 0.7999, 0.0, False),  # just below, relevance too low
    (0.0, 0.70, 0.70, True),    # both at 0.70
    (0.0, 0.70, 0.6999, False),
    (0.0, 0.6999, 1.0, False),  # relevance cannot rescue correctness below 0.70
    (0.0, None, 1.0, None),     # correctness missing: unknown, never a default
    (1.0, None, None, True),    # exact match does not need the judge
    (0.0, 0.75, None, None),    # hinges on the missing relevance
    (0.0, 0.50, None, False),   # fails whatever the relevance
])
def test_turn_success_rule_boundaries(exact, corr, rel, expected):
    assert turn_success(exact, corr, rel) is expected


def test_exact_match_is_normalized():
    assert exact_match("  Zürich, CHE-123.456.789. ", "zurich che 123 456 789") == 1.0
    assert exact_match("", "") == 0.0
    assert exact_match("Bern", "Berne") == 0.0


def test_tool_transition_hit():
    steps = [{"tool": "search_companies", "args": {"query": "Orlon SA"}},
             {"tool": "explore_network", "args": {"uid": "CHE-100.000.001"}}]
    assert tool_transition_hit(["explore_network"], steps) is True
    assert tool_transition_hit(["get_node_history"], steps) is False
    assert tool_transition_hit([], steps) is None
    # issue 14: the tool alone is not enough; it must be called about the turn's entity
    assert tool_transition_hit(["explore_network"], steps, ["CHE-100.000.001"]) is True
    assert tool_transition_hit(["explore_network"], steps, ["CHE-200.000.002"]) is False
    assert tool_transition_hit(["search_companies"], steps, ["CHE-200.000.002"]) is True  # a name lookup takes no uid


def test_tool_selection_is_checked_against_the_items_expected_first_tool():
    from app_eval.metrics.tier2 import tool_selection
    t = Trajectory.from_trace(_steps(("search_companies", "ok", 1)), 10)
    assert tool_selection(t, "search_companies") and not tool_selection(t, "count_entities_by_event")
    assert tool_selection(t, None)  # older items: the paper's structured-first rule
    assert not tool_selection(Trajectory.from_trace([], 10), "search_companies")


def test_context_carryover_needs_the_right_entity():
    from app_eval.metrics.tier4 import about_entity
    assert about_entity("CHE-1", ["CHE-1"]) is True
    assert about_entity("CHE-2", ["CHE-1"]) is False  # answered about the previous company
    assert about_entity(None, ["CHE-1"]) is None and about_entity("CHE-1", []) is None


def test_paper_figures_only_beside_llm_engine_and_llm_judge_runs():
    from app_eval.report import rows, table
    recs = [Record(tier="2,3", dataset="golden", system="graphrag", item_id="G1", level="easy", latency_ms=10.0,
                   extra={"engine": "offline", "split": "dev"}, scores={CORRECTNESS: Score(1.0)}),
            Record(tier="2,3", dataset="golden", system="graphrag", item_id="G2", level="easy", latency_ms=10.0,
                   extra={"engine": "offline", "split": "test"}, scores={CORRECTNESS: Score(0.0)})]
    offline = summarize(recs, "deterministic")
    assert not offline["paper_comparable"] and all(r["paper"] is None for r in rows(offline))
    assert table(offline).splitlines()[0].startswith("Offline regression run (offline engine, deterministic judge)")
    scopes = {r["scope"]: r["mean"] for r in rows(offline) if r["metric"] == CORRECTNESS}
    assert scopes["golden dev"] == 1.0 and scopes["golden test"] == 0.0
    for r in recs:
        r.extra["engine"] = "llm"
    assert not summarize(recs, "deterministic")["paper_comparable"]
    llm = summarize(recs, "llm")
    assert llm["paper_comparable"] and any(r["paper"] == 0.828 for r in rows(llm))


def _turn(conv: str, n: int, corr: float | None, rel: float | None, tags=(), tools=(), called=(), system="graphrag") -> Record:
    scores = {CORRECTNESS: Score(corr, None if corr is not None else "judge call failed"),
              RELEVANCE: Score(rel, None if rel is not None else "unparseable judge reply"), RECALL: Score(corr)}
    return Record(tier="4", dataset="conversational", system=system, item_id=f"{conv}.{n}", conversation_id=conv, turn=n,
                  trace=[{"tool": t, "status": "ok", "rows": 1} for t in called], latency_ms=10.0,
                  extra={"tags": list(tags), "expected_tool_behavior": list(tools), "exact_match": 0.0}, scores=scores)


def test_conversation_rates_by_hand():
    recs = [
        _turn("C1", 1, 0.9, 0.9, tools=["search_companies"], called=["search_companies"]),          # success
        _turn("C1", 2, 0.7, 0.7, tags=["entity_memory"], tools=["explore_network"], called=["search_companies"]),  # success, miss
        _turn("C1", 3, 0.5, 0.9, tags=["temporal_memory"], tools=["get_node_history"], called=["get_node_history"]),  # fail
        _turn("C2", 1, 0.85, 0.2, tools=["search_companies"], called=["search_companies"]),          # success
        _turn("C2", 2, None, 0.9, tags=["context_carryover"], tools=["explore_network"], called=["explore_network"]),  # unknown
    ]
    t4 = summarize(recs)["tier4"]["graphrag"]
    # per conversation: C1 2/3, C2 1/1 (the unknown turn is missing, not a failure) -> mean 5/6
    assert t4["turn_success_rate"]["mean"] == pytest.approx((2 / 3 + 1) / 2)
    assert t4["turn_success_rate"]["missing"] == 1
    # memory turns: C1.2 success, C1.3 fail, C2.2 unknown -> 1/2 with one missing
    assert t4["context_carryover_accuracy"]["mean"] == pytest.approx(0.5)
    assert t4["context_carryover_accuracy"]["missing"] == 1
    assert t4["tool_transition_accuracy"]["mean"] == pytest.approx(4 / 5)
    assert t4["correctness"]["mean"] == pytest.approx((0.9 + 0.7 + 0.5 + 0.85) / 4) and t4["correctness"]["missing"] == 1
    assert t4["conversations"] == 2


def test_a_failed_judge_call_is_missing_not_a_default():
    recs = [Record(tier="3", dataset="golden", system="graphrag", item_id=f"G{i}", level="easy", latency_ms=1.0,
                   scores={CORRECTNESS: s, RELEVANCE: Score(1.0), RECALL: Score(0.5)})
            for i, s in enumerate([Score(1.0), Score(None, "judge call failed: Timeout"), Score(0.0),
                                   Score(None, "unparseable judge reply: 'about 0.7'")])]
    s = summarize(recs)
    corr = s["tier3"]["golden"]["graphrag"]["correctness"]
    assert corr["mean"] == pytest.approx(0.5) and corr["n"] == 2 and corr["missing"] == 2
    assert s["judge"]["missing"] == 2 and s["judge"]["judge_scores"] == 12
    assert s["judge"]["by_system_metric"] == {"graphrag/correctness": 2}
    assert s["judge"]["reasons"] == {"judge call failed": 1, "unparseable judge reply": 1}


def test_bootstrap_is_reproducible_and_brackets_the_mean():
    values = [0.0, 1.0, 1.0, 0.5, 0.25, 1.0, 0.0, 0.75]
    a, b = bootstrap(values), bootstrap(values)
    assert a == b
    assert a.lo <= a.mean <= a.hi and a.mean == pytest.approx(sum(values) / len(values)) and a.n == 8
    assert a.hi - a.lo > 0.1
    assert bootstrap([0.4]).lo == bootstrap([0.4]).hi == 0.4
    assert bootstrap([], missing=3).mean is None and bootstrap([], missing=3).missing == 3


def test_faithfulness_and_recall_metrics_are_in_the_summary_per_level():
    recs = [Record(tier="2,3", dataset="automated", system=sys, item_id=f"A{i}", level=lv, latency_ms=5.0,
                   scores={FAITHFULNESS: Score(f), RELEVANCE: Score(0.5), RECALL: Score(r)})
            for i, (sys, lv, f, r) in enumerate([("graphrag", "1", 1.0, 1.0), ("graphrag", "2", 0.5, 0.0),
                                                 ("baseline", "1", 1.0, 0.0)])]
    t3 = summarize(recs)["tier3"]["automated"]
    assert t3["graphrag"]["faithfulness"]["mean"] == pytest.approx(0.75)
    assert t3["graphrag"]["by_level"]["2"]["information_recall"]["mean"] == 0.0
    assert t3["baseline"]["information_recall"]["mean"] == 0.0 and t3["baseline"]["n"] == 1


def test_llm_run_figures_count_what_an_analyst_would_check():
    """Fabricated citations are counted from the answer against its own context (not from the agent's report),
    beside answers citing a notice and those the grounding check gave their source."""
    from app_eval.summary import llm_figures

    def rec(i: int, answer: str, context: str, grounding: dict, stats: dict) -> Record:
        return Record(tier="3", dataset="golden", system="graphrag", item_id=f"G{i}", answer=answer, context=context,
                      latency_ms=2000.0 * (i + 1), extra={"engine": "llm", "llm_calls": 2, "grounding": grounding,
                                                            "llm_stats": stats})

    recs = [rec(0, "Praor AG is in Bern (HR01-1000000123).", "... HR01-1000000123 ...", {}, {"prompt_tokens": 100}),
            rec(1, "Capital CHF 5 (HR01-1000999001).", "... HR01-1000000123 ...", {"fabricated_citations": 0},
                {"prompt_tokens": 300, "text_calls": 1}),
            rec(2, "Seat: Thun.\n\nSource: HR02-1000000456, 2022-06-01.", "HR02-1000000456",
                {"sources_added": ["HR02-1000000456, 2022-06-01"], "unsupported": [{"kind": "name", "text": "X Y"}]},
                {"prompt_tokens": 200, "planned_calls": 1, "rerouted": 1})]
    f = llm_figures(recs)["graphrag"]
    assert f["fabricated_citations"] == 1 and f["caught_fabricated_citations"] == 0  # measured, not reported
    assert f["answers_citing_a_notice"] == 3 and f["sources_added_by_the_check"] == 1
    assert f["answers_with_unsupported_claims"] == 1 and f["calls_parsed_from_text"] == 1
    assert f["planned_first_calls"] == 1 and f["routes_overruled_by_the_plan"] == 1
    assert f["prompt_tokens_per_question"] == 200 and f["llm_calls_per_question"] == 2
    assert llm_figures([Record(tier="3", dataset="golden", system="graphrag", item_id="G9", extra={"engine": "offline"})]) is None
