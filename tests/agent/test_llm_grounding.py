"""The LLM engine against models that misbehave (issue 18): replies that invent facts and citations, no tool
call, calls written as text, calls to unknown tools, and replies that never stop. Through the real OpenAI
client and a local OpenAI-compatible server, on the built test world."""
from __future__ import annotations

import pytest

from agent.engines.llm import LLMEngine
from agent.grounding import Evidence, GroundedStream, claims
from agent.pipeline import Agent
from agent.trace import Step
from tests.support.fake_openai import FakeOpenAI
from tests.support.scripted_chat import ScriptedChat

FAKE_PUB = "HR01-1000999001"  # a publication number no world holds


def _company(truth) -> tuple[str, str]:
    uid = next(u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and truth.publications_of(u)
               and "," not in truth.name(u) and len(truth.name(u).split()) >= 2)
    return uid, truth.name(uid)


def _officer(truth, uid) -> str | None:
    return next((m["text"] for m in truth.current_officers(uid).values()), None)


def _cap(request: dict) -> int | None:
    return request.get("max_tokens") or request.get("max_completion_tokens")


def _server(respond, built_world, first_call: str):
    server = FakeOpenAI(respond)
    settings = built_world.settings.model_copy(update={"openai_base_url": server.base_url, "llm_model": "test-model",
                                                       "llm_first_call": first_call})
    return server, settings


def _run(built_world, ctx, respond, question, first_call: str = "model"):
    """first_call "model": the model chooses every call (what these tests probe); "plan": the product's default."""
    server, settings = _server(respond, built_world, first_call)
    with server:
        tokens: list[str] = []
        a = Agent(ctx, LLMEngine(settings)).ask(question, on_event=lambda e: tokens.append(e["text"])
                                                if e["type"] == "token" else None)
    return a, server, "".join(tokens)


def test_invented_board_members_and_citation_never_reach_the_user(built_world, ctx, truth):
    """The failure measured with Qwen2.5-Coder-1.5B: names and a notice number that the data does not hold."""
    uid, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            if not any(m["role"] == "tool" for m in body["messages"]):
                return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]}
            return "enough"
        return (f"The board of {name} consists of Dr. Hans Müller and Petra Zwygart-Imboden ({FAKE_PUB}, 2019-03-04). "
                f"Its capital is CHF 12'345'678.")

    a, server, streamed = _run(built_world, ctx, respond, f"Who are the board members of {name}?")
    assert "Müller" not in a.answer and "Zwygart" not in a.answer and FAKE_PUB not in a.answer
    assert "12'345'678" not in a.answer and "12'345'678" not in streamed and FAKE_PUB not in streamed
    g = a.grounding
    assert g is not None and g["replaced"] and g["fabricated_citations"] == 1
    assert {c["kind"] for c in g["unsupported"]} >= {"name", "publication", "amount"}
    assert a.answer.startswith("I could not find") and "search_companies" in a.answer  # what was searched
    assert a.answer == streamed  # what streamed is what was kept
    synth = server.requests[-1]
    assert synth["stream"] is True and _cap(synth) == built_world.settings.llm_max_tokens


def test_supported_claims_stay_and_unsupported_ones_are_removed(built_world, ctx, truth):
    uid, name = _company(truth)
    officer = _officer(truth, uid)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            if not any(m["role"] == "tool" for m in body["messages"]):
                return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]}
            return "enough"
        return f"{name} has the UID {uid}. It was also fined by the Federal Court on 2031-02-30 (HR02-1000999002)."

    a, _, _ = _run(built_world, ctx, respond, f"What is the UID of {name}?")
    assert uid in a.answer and "HR02-1000999002" not in a.answer and "Federal Court" not in a.answer
    assert a.grounding["removed_sentences"] == 1 and not a.grounding["replaced"]
    assert "removed" in a.answer  # the user is told something was taken out
    assert officer is None or True  # (the officer is not part of this answer)


def test_with_no_data_retrieved_the_answer_states_no_facts(ctx):
    """No tool result: whatever the model claims is removed, and the answer says what was (not) searched."""
    model = ScriptedChat(script=["search_companies", "no tool call",
                                 "Orlon SA was founded on 2019-05-02 (HR01-1000000001) with CHF 100'000."])
    settings = ctx.settings.model_copy(update={"llm_first_call": "model"})
    a = Agent(ctx, LLMEngine(settings, model=model)).ask("Qwxzy Plorvinth?")
    assert a.trace == []
    assert "HR01-1000000001" not in a.answer and "100'000" not in a.answer
    assert a.grounding["replaced"] and a.answer.startswith("I could not find")


def test_the_first_call_is_the_offline_plan_and_the_model_continues(built_world, ctx, truth):
    """The measured failure: asked for the first call, the model answered 'no tool call'. By default the offline
    engine's entity linking and plan make it; the model decides whether more is needed."""
    uid, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            return "no tool call"
        return f"{name} is in the register."

    a, server, _ = _run(built_world, ctx, respond, f"Who are the board members of {name}?", first_call="plan")
    assert len(a.trace) == 1 and a.trace[0].status == "ok" and a.current_uid == uid
    assert a.llm["planned_calls"] == 1
    loop = [r for r in server.requests if r.get("tools")]
    assert len(loop) == 1 and "tool_choice" not in loop[0] and _cap(loop[0]) == 128  # after the plan, its own choice
    assert any(m["role"] == "tool" and uid in m["content"] for m in loop[0]["messages"])


def test_a_route_that_leaves_out_the_planned_tool_yields_to_the_linkers_route(built_world, ctx, truth):
    """Measured with the 1.5B model: "list the notices of CHE-…" routed as analytics (no search allowed there),
    the plan refused, no call made, and the answer replaced by 'not found'. The linker's route wins instead."""
    uid, _ = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "analytics"
        if body.get("tools"):
            return "no tool call"
        return "Here are the notices."

    a, server, _ = _run(built_world, ctx, respond, f"List the notices published about {uid} in date order.",
                        first_call="plan")
    first = a.trace[0] if a.trace else None
    assert first and first.tool in ("search_companies", "get_node_history") and first.status == "ok"
    assert a.intent != "analytics" and a.llm["rerouted"] == 1 and a.llm["planned_calls"] == 1
    loop = [r for r in server.requests if r.get("tools")]
    assert loop and first.tool in {t["function"]["name"] for t in loop[0]["tools"]}


def test_with_no_plan_the_model_must_call_a_tool(built_world, ctx, truth):
    _, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            if not any(m["role"] == "tool" for m in body["messages"]):
                return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]}
            return "enough"
        return f"{name}."

    _, server, _ = _run(built_world, ctx, respond, f"Where is {name}?")
    loop1 = next(r for r in server.requests if r.get("tools"))
    assert loop1["tool_choice"] == "required" and _cap(loop1) == 128


@pytest.mark.parametrize("written", [
    '<tool_call>\n{{"name": "search_companies", "arguments": {{"query": "{name}"}}}}\n</tool_call>',
    '```json\n{{"name": "search_companies", "arguments": {{"query": "{name}"}}}}\n```',
    '{{"name": "search_companies", "parameters": {{"query": "{name}"}}}}',
])
def test_a_call_written_as_text_in_the_models_own_reply_runs(built_world, ctx, truth, written):
    uid, name = _company(truth)
    calls = {"n": 0}

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            calls["n"] += 1
            return written.format(name=name) if calls["n"] == 1 else "enough"
        return f"{name} is registered."

    a, _, _ = _run(built_world, ctx, respond, f"Where is {name}?")
    assert [s.tool for s in a.trace] == ["search_companies"] and a.trace[0].args["query"] == name
    assert a.current_uid == uid and a.llm["text_calls"] == 1 and "planned_calls" not in a.llm


def test_free_cypher_written_as_text_never_runs_and_the_model_is_told(built_world, ctx, truth):
    _, name = _company(truth)
    seen: list[list[dict]] = []

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "all_tools"
        if body.get("tools"):
            seen.append(body["messages"])
            if len(seen) == 1:
                return ('<tool_call>{"name": "execute_custom_cypher", "arguments": {"query": "MATCH (n) DETACH DELETE n"}}'
                        "</tool_call>")
            return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]} \
                if len(seen) == 2 else "enough"
        return f"{name} is registered."

    a, _, _ = _run(built_world, ctx, respond, f"Tell me about {name}")
    assert all(s.tool != "execute_custom_cypher" for s in a.trace)
    assert a.trace[0].tool == "search_companies" and a.llm["call_problems"] == 1
    assert "cannot be called from text" in seen[1][-1]["content"]


def test_an_unknown_tool_is_answered_with_feedback_within_the_four_call_bound(built_world, ctx, truth):
    _, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            return {"content": None, "tool_calls": [{"name": "lookup_everything", "arguments": {"q": name}}]}
        return "Nothing."

    a, server, _ = _run(built_world, ctx, respond, f"Where is {name}?")
    assert len(a.trace) == 4 and all(s.status == "error" and "not available" in s.message for s in a.trace)
    assert a.llm_calls == 6  # 1 route + 4 loop + 1 synthesis: the bound holds


def test_every_call_has_a_token_cap(built_world, ctx, truth):
    _, name = _company(truth)

    def respond(body):
        system = body["messages"][0]["content"]
        if "intent router" in system:
            return "search_companies"
        if body.get("tools"):
            if not any(m["role"] == "tool" for m in body["messages"]):
                return {"content": None, "tool_calls": [{"name": "search_companies", "arguments": {"query": name}}]}
            return "enough"
        return f"{name}."

    _, server, _ = _run(built_world, ctx, respond, f"Where is {name}?")
    caps = [_cap(r) for r in server.requests]
    assert caps == [16, 128, 128, built_world.settings.llm_max_tokens]


# -- the check itself ----------------------------------------------------------------------------------------

def _step(payload: dict) -> Step:
    return Step("search_companies", {"query": "x"}, "ok", 1, 1.0, payload=payload)


ROW = {"rows": [{"uid": "CHE-123.456.789", "name": "Praor AG", "capital": 100000.0, "founded": "2019-03-04",
                 "officers": [{"name": "Sartari, Rosa Maria", "role": "Mitglied des Verwaltungsrates"}],
                 "citations": [{"publication_number": "HR01-1000000123", "date": "2019-03-04"}]}]}


@pytest.mark.parametrize("sentence", [
    "Praor AG (CHE 123 456 789) was founded on 4 March 2019 (HR01-1000000123).",
    "Rosa Maria Sartari sits on the board.", "Le capital est de CHF 100 000.", "Gegründet am 04.03.2019.",
    "Das Kapital beträgt CHF 100'000.--.", "Fondata il 4 marzo 2019.", "SARTARI, Rosa Maria is a member.",
])
def test_claims_the_data_holds_are_supported_in_any_style(sentence):
    ev = Evidence.of_turn("Who is on the board of Praor AG?", [_step(ROW)])
    found = claims(sentence, ev)
    assert found and all(c.supported for c in found), found


@pytest.mark.parametrize("sentence,kind", [
    ("It was founded on 5 March 2019.", "date"), ("The capital is CHF 1'000'000.", "amount"),
    ("See HR01-1000000124.", "publication"), ("Its UID is CHE-123.456.788.", "uid"),
    ("Hans Sartari chairs the board.", "name"), ("Rosa Müller is a member.", "name"),
])
def test_claims_the_data_does_not_hold_are_caught(sentence, kind):
    ev = Evidence.of_turn("Who is on the board of Praor AG?", [_step(ROW)])
    assert any(c.kind == kind and not c.supported for c in claims(sentence, ev)), claims(sentence, ev)


def test_abbreviations_do_not_end_a_sentence_and_a_bad_sentence_goes_whole():
    out: list[str] = []
    g = GroundedStream("Board of Praor AG?", [_step(ROW)], out.append)
    for piece in ("Praor AG's board: Dr. Rosa Maria Sartari. ", "Dr. Hans Huber joined in 2020. ", "That is all."):
        for i in range(0, len(piece), 5):
            g.feed(piece[i:i + 5])
    text, report = g.close()
    assert "Dr. Rosa Maria Sartari" in text and "Huber" not in text and report.removed_sentences == 1
    assert "".join(out) == text


def test_a_list_of_names_is_checked_name_by_name():
    row = {"rows": [{"officers": [{"name": "Sartari, Rosa Maria"}, {"name": "Kaltlin, Rolf"}]}]}
    ev = Evidence.of_turn("Board of Praor AG?", [_step(row)])
    assert all(c.supported for c in claims("The board: Rosa Sartari, Rolf Kaltlin and nobody else.", ev))
    found = claims("The board: Rosa Sartari, Hans Müller.", ev)
    assert [(c.text, c.supported) for c in found] == [("Rosa Sartari", True), ("Hans Müller", False)]
    assert not claims("Müller, Hans sits on it.", ev)[0].supported


TWO_NOTICES = {"rows": [
    {"publication_number": "HR01-1000000123", "publication_date": "2019-03-04", "name": "Praor AG",
     "capital": 100000.0, "seat": "Bern"},
    {"publication_number": "HR02-1000000456", "publication_date": "2022-06-01", "name": "Praor AG",
     "capital": 250000.0, "seat": "Thun"},
]}


def _grounded(question: str, answer: str, payload: dict) -> tuple[str, str, dict]:
    out: list[str] = []
    g = GroundedStream(question, [_step(payload)], out.append)
    g.feed(answer)
    text, report = g.close()
    return text, "".join(out), report.to_dict()


def test_a_fact_stated_without_its_notice_is_given_the_notice_that_holds_it():
    """The local model states the right fact and no citation: the answer names the notice whose row holds the
    fact (not another notice about the same company), in the stream as in the stored answer."""
    text, streamed, report = _grounded("What is the capital of Praor AG?", "Praor AG has a capital of CHF 250'000.",
                                       TWO_NOTICES)
    assert text.endswith("Source: HR02-1000000456, 2022-06-01.") and "HR01-1000000123" not in text
    assert streamed == text and report["sources_added"] == ["HR02-1000000456, 2022-06-01"]


def test_no_notice_is_guessed_and_a_cited_answer_is_left_alone():
    echo, _, report = _grounded("Is Praor AG registered?", "Praor AG is in the register.", TWO_NOTICES)
    assert "Source" not in echo and report["sources_added"] == []  # it only repeats the question's name
    cited, _, report = _grounded("Capital of Praor AG?", "Praor AG has CHF 100'000 (HR01-1000000123).", TWO_NOTICES)
    assert "Source" not in cited and report["sources_added"] == []
    named, _, report = _grounded("Seat of CHE-123.456.789?", "Praor AG has its seat in Thun.", TWO_NOTICES)
    assert "Source" not in named and report["sources_added"] == []  # a name is in every notice about it


SEARCH_ROW = {"rows": [{
    "uid": "CHE-300.789.257", "name": "Dexqua Holding AG", "kind": "Company", "seat": "Horgen",
    "address": "Hinterwies 20, 8816 Hirzel", "capital_nominal": 100000.0,
    "stated_in": {"address": "HR02-1000010470, 2021-12-28", "seat": "HR02-1000010470, 2021-12-28",
                  "capital_nominal": "HR01-1000009227, 2021-08-20"}}]}
TWO_IN_BERN = {"rows": [
    {"uid": "CHE-100.000.001", "name": "Muster AG", "kind": "Company", "seat": "Bern",
     "stated_in": {"seat": "HR01-1000000001, 2020-01-01"}},
    {"uid": "CHE-100.000.003", "name": "Muster Holding AG", "kind": "Company", "seat": "Bern",
     "stated_in": {"seat": "HR01-1000000003, 2021-01-01"}}]}


def test_a_company_row_names_the_notice_that_states_the_value_given():
    """search_companies says which notice set each current value: an address answer cites the notice of the
    address change, a capital answer the entry that set the capital; the company's name alone cites nothing."""
    text, _, report = _grounded("Where is Dexqua Holding AG?", "Dexqua Holding AG is at Hinterwies 20, 8816 Hirzel.",
                                SEARCH_ROW)
    assert report["sources_added"] == ["HR02-1000010470, 2021-12-28"] and text.endswith("2021-12-28.")
    _, _, report = _grounded("Capital of Dexqua Holding AG?", "Its nominal capital is CHF 100'000.", SEARCH_ROW)
    assert report["sources_added"] == ["HR01-1000009227, 2021-08-20"]
    _, _, report = _grounded("Is Dexqua Holding AG registered?", "Dexqua Holding AG is registered.", SEARCH_ROW)
    assert report["sources_added"] == []
    _, _, report = _grounded("Is Dexqua Holding AG in Horgen?", "Yes, it is in Horgen.", SEARCH_ROW)
    assert report["sources_added"] == []  # the place only repeats the question


def test_a_place_cites_only_the_notice_of_the_company_it_is_said_of():
    """Another company of the same seat is no source; a town inside a street name states no seat; a seat given as
    the context of another fact (a person) is not that fact's source."""
    _, _, report = _grounded("Seat of Muster AG?", "Muster AG has its seat in Bern.", TWO_IN_BERN)
    assert report["sources_added"] == ["HR01-1000000001, 2020-01-01"]
    _, _, report = _grounded("Muster AG?", "Muster AG is a company on the Bernstrasse.", TWO_IN_BERN)
    assert report["sources_added"] == []
    _, _, report = _grounded("Who presides Muster AG?", "The president of Muster AG (Bern) is Hans Meier.",
                             {"rows": TWO_IN_BERN["rows"] + [{"name": "Meier, Hans"}]})
    assert report["sources_added"] == []
