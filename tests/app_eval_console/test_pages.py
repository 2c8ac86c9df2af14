"""The console's pages through Streamlit's AppTest: the data a user reads and the controls they use."""
from __future__ import annotations

import time

from streamlit.testing.v1 import AppTest

from app_eval import api
from tests.app_eval_console.conftest import CONSOLE


def open_page(page: str, run_id: str | None = None) -> AppTest:
    at = AppTest.from_file(CONSOLE, default_timeout=120)
    at.query_params["page"] = page
    if run_id:
        at.query_params["run"] = run_id
    return at.run()


def test_run_page_offers_every_choice_and_shows_a_run_in_the_url(console_env):
    at = open_page("Run", console_env.run_id)
    assert not at.exception
    labels = [w.label for w in at.multiselect] + [w.label for w in at.selectbox] + [w.label for w in at.number_input]
    assert {"Tiers", "Systems", "Engine", "Judge", "Questions per dataset and split (0 = all)", "Splits",
            "Phrasings"} <= set(labels)
    assert any(f"Run {console_env.run_id} · done" in s.value for s in at.subheader)
    assert any("Finished" in s.value for s in at.success)


def test_results_page_shows_tier_cards_and_says_an_offline_run_is_not_the_papers(console_env):
    at = open_page("Results", console_env.run_id)
    assert not at.exception
    summary = api.load_summary(console_env.run_id, console_env.settings)
    metrics = {m.label: m for m in at.metric}
    assert metrics["TSA"].value == f"{summary['tier2']['tsa']['mean']:.3f}"
    assert "graphrag correctness" in metrics and "graphrag TSR" in metrics
    assert any("Judge scores" in c.value for c in at.caption)
    section = at.radio(key="results_section")
    assert section.options[:3] == ["GraphRAG vs baseline", "dev vs test", "By level and class"]
    # an offline engine with the deterministic judge: labelled as a regression run, no paper figure or delta
    assert any("Offline regression run" in w.value for w in at.warning)
    assert all(m.delta in (None, "") for m in at.metric)
    assert not at.dataframe  # only the chosen section is rendered
    at = section.set_value("Tier 2").run()
    assert not at.exception
    tsa = next(r for r in at.dataframe[0].value.to_dict("records") if r["metric"] == "tsa" and r["scope"] == "automated")
    assert tsa["mean"] == summary["tier2"]["tsa"]["mean"] and tsa["paper"] is None


def test_drill_down_shows_question_reference_answer_scores_and_trace(console_env):
    at = open_page("Drill-down", console_env.run_id)
    assert not at.exception
    records = [r for r in api.load_records(console_env.run_id, console_env.settings) if r.question]
    first = next(r for r in records if r.dataset == at.selectbox[1].value)
    text = " ".join(m.value for m in at.markdown)
    assert first.question.split()[0] in text and "**Reference:**" in text
    assert at.json  # the tool trace


def test_history_compares_two_runs_and_exports(console_env):
    at = open_page("History")
    assert not at.exception
    assert at.dataframe and len(at.dataframe[0].value) == len(api.list_runs(console_env.settings))
    assert any(s.value.startswith("Metric by metric") for s in at.subheader)


def test_start_button_starts_a_background_run_with_the_chosen_settings(console_env):
    before = {r["id"] for r in api.list_runs(console_env.settings)}
    at = open_page("Run")
    at.multiselect[0].set_value([2])
    at.multiselect[1].set_value(["graphrag"])
    at.number_input[0].set_value(1)
    at.text_input[0].set_value("from the page")
    at.button[0].click().run()
    assert not at.exception
    new = [r for r in api.list_runs(console_env.settings) if r["id"] not in before]
    assert len(new) == 1 and new[0]["tiers"] == [2] and new[0]["systems"] == ["graphrag"] and new[0]["label"] == "from the page"
    assert at.query_params["run"] == new[0]["id"]
    # let the worker finish while the test's graph server is up (a worker outliving it would start its own)
    deadline = time.time() + 300
    while api.progress(new[0]["id"], console_env.settings)["status"] in ("queued", "running") and time.time() < deadline:
        time.sleep(0.5)
    assert api.progress(new[0]["id"], console_env.settings)["status"] == "done"
