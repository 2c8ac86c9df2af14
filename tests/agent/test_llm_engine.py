"""The LLM engine through the real pipeline and graph: with a scripted chat model, and with the real
OpenAI client against a local OpenAI-compatible server (tool calls, streaming, parameters)."""
from __future__ import annotations

import json
import re

import pytest
from langchain_core.messages import SystemMessage, ToolMessage

from agent.engines.base import EngineError
from agent.engines.llm import LLMEngine
from agent.factory import make_agent
from agent.intents import TOOLS_FOR_INTENT
from agent.pipeline import Agent
from agent.session import Session
from kg.endpoints import Context
from kg.settings import Settings
from tests.support.fake_openai import FakeOpenAI
from tests.support.scripted_chat import ScriptedChat


def _company(truth) -> tuple[str, str]:
    uid = next(u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and truth.publications_of(u)
               and "," not in truth.name(u))
    return uid, truth.name(uid)


def _agent(ctx, model) -> Agent:
    """The model makes every call itself (LLM_FIRST_CALL=model): these tests follow the model's choices."""
    return Agent(ctx, LLMEngine(ctx.settings.model_copy(update={"llm_first_call": "model"}), model=model))


def test_tool_calls_run_in_order_and_the_state_instruction_reaches_synthesis(ctx, truth):
    uid, name = _company(truth)
    model = ScriptedChat(script=["explore_network", {"tool": "search_companies", "args": {"query": name}},
                                 {"tool": "explore_network", "args": {"uid": uid}}, "enough", "The answer."])
    a = _agent(ctx, model).ask(f"Who is connected to {name}?")
    assert [s.tool for s in a.trace] == ["search_companies", "explore_network"]
    assert all(s.status == "ok" for s in a.trace) and a.current_uid == uid
    assert a.intent == "explore_network" and a.state == "S2" and a.llm_calls == 5
    assert a.answer == "The answer." and a.engine == "llm"
    synthesis = model.calls[-1]
    assert "NETWORK EXPLORED" in synthesis[0].content and "<tool_result tool=\"explore_network\"" in synthesis[-1].content
    # the first tool-choosing call must call a tool; every call is capped
    assert model.bindings[0] == (list(TOOLS_FOR_INTENT["explore_network"]),
                                 {"parallel_tool_calls": False, "max_tokens": 128, "tool_choice": "required"})
    assert model.bindings[1][1] == {"parallel_tool_calls": False, "max_tokens": 128}


def test_the_loop_stops_after_four_tool_calls(ctx, truth):
    _, name = _company(truth)
    model = ScriptedChat(script=["search_companies"], fallback={"tool": "search_companies", "args": {"query": name}})
    a = _agent(ctx, model).ask(f"Tell me about {name}")
    assert len(a.trace) == 4 and a.llm_calls == 6  # 1 route + 4 loop + 1 synthesis (paper Table 1: 2..6)


def test_recovery_feedback_follows_an_empty_result(ctx):
    model = ScriptedChat(script=["search_companies", {"tool": "search_companies", "args": {"query": "Qwxzy Plorvinth"}},
                                 {"tool": "global_text_search", "args": {"query": "Qwxzy Plorvinth"}}, "done", "Nothing."])
    a = _agent(ctx, model).ask("What do you know about Qwxzy Plorvinth?")
    assert [s.status for s in a.trace] == ["empty", "empty"]
    assert "global_text_search" in a.trace[0].feedback
    second_loop_call = model.calls[2]
    tool_msgs = [m for m in second_loop_call if isinstance(m, ToolMessage)]
    context = "\n".join(m.content for m in second_loop_call if isinstance(m, SystemMessage))
    nonce = re.search(r'nonce="([0-9a-f]{16})"', context).group(1)  # named by the turn's context
    assert tool_msgs and f'\n<feedback nonce="{nonce}">' in tool_msgs[-1].content
    assert "global_text_search" in tool_msgs[-1].content.split("<feedback", 1)[1]


def test_tools_are_restricted_by_intent(ctx, truth):
    _, name = _company(truth)
    model = ScriptedChat(script=["analytics", {"tool": "search_companies", "args": {"query": name}},
                                 {"tool": "count_entities_by_event", "args": {"event_type": "bankruptcy"}}, "done", "ok"])
    a = _agent(ctx, model).ask("How many bankruptcies are there?")
    assert model.bindings[0][0] == list(TOOLS_FOR_INTENT["analytics"])
    assert a.trace[0].status == "error" and "not available" in a.trace[0].message
    assert a.trace[1].tool == "count_entities_by_event" and a.trace[1].status == "ok"


def test_an_unparseable_route_gets_the_full_tool_set(ctx):
    model = ScriptedChat(script=["I am not sure", "done", "ok"])
    a = _agent(ctx, model).ask("hello?")
    assert a.intent == "all_tools" and model.bindings[0][0] == list(TOOLS_FOR_INTENT["all_tools"])


def test_anchor_and_history_reach_the_model(ctx, truth):
    uid, name = _company(truth)
    session = Session()
    model = ScriptedChat(script=["get_node_history", {"tool": "get_node_history", "args": {"uid": uid}}, "done", "First."])
    _agent(ctx, model).ask("When was it founded?", session, uid=uid)
    model2 = ScriptedChat(script=["get_node_history", "done", "Second."])
    _agent(ctx, model2).ask("And its seat?", session)
    context = [m for m in model2.calls[1][1:] if isinstance(m, SystemMessage)]  # the turn's context, after the history
    assert context and uid in context[0].content and name in context[0].content
    assert any(getattr(m, "content", "") == "First." for m in model2.calls[1])  # the conversation so far


def test_real_client_against_a_local_openai_compatible_server(built_world, ctx, truth):
    uid, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            if not any(m["role"] == "tool" for m in body["messages"]):
                return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]}
            return "I have what I need."
        return f"**{name}** is registered. Sources: see the notices."

    with FakeOpenAI(respond) as server:
        settings = built_world.settings.model_copy(update={"openai_base_url": server.base_url, "llm_model": "test-model",
                                                           "llm_first_call": "model"})
        engine = LLMEngine(settings)
        tokens: list[str] = []
        a = Agent(ctx, engine).ask(f"Where is {name}?", on_event=lambda e: tokens.append(e["text"])
                                   if e["type"] == "token" else None)
    # streamed sentence by sentence, each one checked against the data before it is passed on
    assert a.answer == f"**{name}** is registered. Sources: see the notices." and len(tokens) == 2
    assert "".join(tokens) == a.answer and a.llm_calls == 4 and a.engine_label == "LLM · test-model"
    route, loop1, loop2, synth = server.requests
    assert all(r["temperature"] == 0 and r["model"] == "test-model" for r in server.requests)
    assert loop1["parallel_tool_calls"] is False
    assert [t["function"]["name"] for t in loop1["tools"]] == list(TOOLS_FOR_INTENT["search_companies"])
    tool_reply = next(m for m in loop2["messages"] if m["role"] == "tool")
    assert uid in tool_reply["content"] and "<tool_result" in tool_reply["content"]
    assert synth.get("stream") is True and "tools" not in synth
    assert "DOSSIER" in synth["messages"][0]["content"]


def test_an_llm_failure_is_one_clear_error(ctx):
    engine = LLMEngine(Settings(OPENAI_BASE_URL="http://127.0.0.1:9/v1", _env_file=None))  # nothing listens there
    with pytest.raises(EngineError, match="LLM endpoint failed"):
        Agent(ctx, engine).ask("How many bankruptcies?")


def test_with_the_engine_left_to_the_configuration_a_failed_llm_falls_back_to_offline(ctx, truth):
    uid, name = _company(truth)
    down = Context(ctx.graph, ctx.settings.model_copy(update={"openai_base_url": "http://127.0.0.1:9/v1"}))
    session = Session()
    a = make_agent(down).ask(f"What is the address of {name}?", session)
    assert a.engine == "offline" and a.notice.startswith("the LLM endpoint failed") and "offline engine" in a.notice
    assert a.current_uid == uid and truth.companies[uid]["address"]["town"] in a.answer
    assert [t["role"] for t in session.turns] == ["user", "assistant"]  # the failed attempt left no trace
    with pytest.raises(EngineError):  # chosen explicitly (as the evaluation does), the LLM fails loudly
        make_agent(down, "llm").ask(f"What is the address of {name}?")


def test_trace_and_answer_serialize_to_the_documented_shape(ctx, truth):
    _, name = _company(truth)
    model = ScriptedChat(script=["search_companies", {"tool": "search_companies", "args": {"query": name}}, "d", "x"])
    d = _agent(ctx, model).ask(f"Find {name}").to_dict()
    assert {"answer", "engine", "intent", "state", "trace", "citations", "latency_ms", "llm_calls"} <= set(d)
    assert set(d["trace"][0]) >= {"tool", "args", "status", "rows", "ms"}
    json.dumps(d)


def test_the_loop_prompt_before_the_question_is_the_same_for_every_call_and_turn(ctx):
    """What an OpenAI-compatible server can cache (the system message, and the tool schemas a chat template puts
    after it) does not change between the calls of a turn nor between turns; the turn's nonce comes after it."""
    firsts, nonces = [], []
    for question in ("What do you know about Qwxzy Plorvinth?", "And about Plorvinth Qwxzy?"):
        model = ScriptedChat(script=["search_companies", {"tool": "search_companies", "args": {"query": "Qwxzy"}},
                                     {"tool": "global_text_search", "args": {"query": "Qwxzy"}}, "done", "Nothing."])
        _agent(ctx, model).ask(question)
        loops = model.calls[1:3]
        firsts += [c[0].content for c in loops]
        nonces += [re.search(r'nonce="([0-9a-f]{16})"', "\n".join(m.content for m in c[1:] if isinstance(m, SystemMessage)))
                   .group(1) for c in loops]
    assert len(set(firsts)) == 1 and "nonce=\"" not in firsts[0].replace('nonce="..."', "")
    assert nonces[0] == nonces[1] != nonces[2] == nonces[3]
