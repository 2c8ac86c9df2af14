"""The chat's handlers and view pieces without a browser: step texts, buttons, the network figure,
error messages, the agent event stream and the optional login."""
from __future__ import annotations

import asyncio
import json

from agent.trace import AgentAnswer, Step
from app_chat import view
from app_chat.auth import check_password, hash_password, load_users
from app_chat.runtime import events


def answer(**kw) -> AgentAnswer:
    base = {"answer": "x", "engine": "offline", "engine_label": "offline engine", "intent": "search_companies",
            "state": "S1", "trace": [], "citations": [], "latency_ms": 1.0, "llm_calls": 0}
    return AgentAnswer(**(base | kw))


NETWORK = {"nodes": [{"id": "CHE-1", "label": "Muster AG", "kind": "Company"},
                     {"id": "HR01-1", "label": "HR01-1 (2020-01-01)", "kind": "Event"},
                     {"id": "NH-1", "label": "Muster, Hans", "kind": "Person"},
                     {"id": "CHE-2", "label": "Other AG", "kind": "Company"}],
           "edges": [{"source": "CHE-1", "target": "HR01-1", "label": ""}, {"source": "NH-1", "target": "HR01-1", "label": "VR"},
                     {"source": "CHE-2", "target": "HR01-1", "label": "auditor"}]}


def test_tool_step_shows_name_status_rows_time_and_raw_json():
    s = Step("search_companies", {"query": "Muster"}, "ok", 2, 12.4, payload={"tool": "search_companies", "rows": [1, 2]})
    assert view.tool_title(s) == "search_companies · ok · 2 rows · 12 ms"
    assert '"query": "Muster"' in view.tool_input(s.args) and '"tool": "search_companies"' in view.tool_output(s)


def test_candidates_become_buttons_and_the_banner_names_the_active_entity():
    a = answer(state="S0", candidates=[{"uid": "CHE-1", "name": "Muster AG", "kind": "Company"},
                                       {"uid": "CHE-2", "name": "Muster AG, Zweigniederlassung Bern", "kind": "Company"}])
    buttons = view.candidate_buttons(a)
    assert [b["payload"]["uid"] for b in buttons] == ["CHE-1", "CHE-2"] and buttons[0]["label"] == "1. Muster AG"
    assert view.banner(a).startswith("Global mode") and view.global_button(a) == []
    focused = answer(current_uid="CHE-1", current_name="Muster AG", network=NETWORK)
    assert "Dossier mode: **Muster AG** (`CHE-1`)" in view.banner(focused)
    assert view.global_button(focused)[0]["name"] == "global_mode"
    assert [b["payload"]["uid"] for b in view.focus_buttons(focused)] == ["NH-1", "CHE-2"]  # no events, not itself


def test_network_figure_colours_persons_companies_events():
    fig = view.network_figure(NETWORK, "CHE-1")
    traces = {t.name: t for t in fig.data if t.name}
    assert traces["Company"].marker.color == "#1f77b4" and traces["Person"].marker.color == "#2ca02c"
    assert traces["Event"].marker.color == "#ff7f0e"
    assert set(traces["Company"].customdata) == {"CHE-1", "CHE-2"}
    assert max(traces["Company"].marker.size) > min(traces["Company"].marker.size)  # the focus stands out


def test_failures_become_clear_messages():
    down = answer(trace=[Step("search_companies", {}, "error", 0, 1.0, message="ServiceUnavailable: Couldn't connect")])
    assert "graph database did not answer" in view.problem(down)
    assert view.problem(answer()) is None
    from agent.engines.base import EngineError
    assert "LLM endpoint" in view.error_text(EngineError("the LLM endpoint failed (APIConnectionError)"))
    assert "kg.server start" in view.error_text(ConnectionRefusedError("Connection refused"))
    assert "ask the next one" in view.error_text(KeyError("x"))


class _Agent:
    def __init__(self, fail: bool) -> None:
        self.fail = fail

    def stream(self, question, thread_id=None, choice=None):
        yield {"type": "route", "intent": "analytics"}
        if self.fail:
            raise RuntimeError("boom")
        yield {"type": "token", "text": "hi"}


def test_agent_events_arrive_in_order_and_an_exception_ends_the_turn_cleanly():
    async def collect(agent) -> list[dict]:
        return [e async for e in events(agent, "q", "thread-1")]

    assert [e["type"] for e in asyncio.run(collect(_Agent(False)))] == ["route", "token"]
    failed = asyncio.run(collect(_Agent(True)))
    assert [e["type"] for e in failed] == ["route", "error"] and str(failed[-1]["error"]) == "boom"


def test_passwords_are_salted_hashes(tmp_path):
    stored = hash_password("correct horse battery")
    assert stored.startswith("pbkdf2_sha256$") and "correct" not in stored
    assert check_password("correct horse battery", stored) and not check_password("wrong", stored)
    assert hash_password("same password") != hash_password("same password")
    f = tmp_path / "passwords"
    f.write_text(f"# analysts\nalice:{stored}\n")
    assert load_users(f) == {"alice": stored}


def test_the_banner_and_warnings_show_hostile_names_as_text():
    from agent.trace import AgentAnswer, Step
    from app_chat.view import banner, problem

    hostile = "[click](javascript:alert(1)) <img src=x onerror=alert(1)> ![x](http://evil/x.png)"
    ans = AgentAnswer(answer="", engine="offline", engine_label="offline", intent="all_tools", state="S1", trace=[
        Step("search_companies", {}, "error", 0, 1.0, message=f"ServiceUnavailable {hostile}")],
        citations=[], latency_ms=1.0, llm_calls=0, current_uid="CHE-1", current_name=hostile)
    import markdown_it
    for text in (banner(ans), problem(ans)):
        html = markdown_it.MarkdownIt("commonmark").render(text)
        assert "<a " not in html and "<img" not in html, html


def test_the_grounding_check_is_titled_by_its_verdict_and_shows_removed_claims_as_text():
    from app_chat.view import grounding_output, grounding_title

    ok = {"claims": 4, "unsupported": [], "removed_sentences": 0, "replaced": False, "fabricated_citations": 0}
    assert grounding_title(ok) == "grounding check · 4 claims · every claim supported"
    cut = ok | {"unsupported": [{"kind": "publication", "text": "HR01-1000999001"}], "removed_sentences": 1,
                "fabricated_citations": 1}
    assert grounding_title(cut).endswith("1 unsupported statement removed")
    assert grounding_title(cut | {"replaced": True}).endswith("answer replaced: nothing it stated was in the data")
    assert grounding_title(ok | {"sources_added": ["HR02-1000000456, 2022-06-01"]}).endswith("supported · source added")
    out = grounding_output(cut | {"unsupported": [{"kind": "name", "text": "<img src=x onerror=alert(1)>"}]})
    assert json.loads(out)["unsupported"][0]["text"] == "<img src=x onerror=alert(1)>"  # JSON in a code step, not HTML
