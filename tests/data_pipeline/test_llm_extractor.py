"""The LLM extractor, driven by a scripted chat model and by a local OpenAI-compatible server."""
import json
import re
import subprocess
import sys

from data_pipeline.extract.base import ExtractionInput
from data_pipeline.extract.llm import ChatFailed, LLMExtractor, OpenAIChatJSON
from tests.conftest import ROOT
from tests.support.env import clean_env
from tests.support.fake_openai import FakeOpenAI

TEXTS = {
    "HR01-1": "Alpha AG, in Zürich. Eingetragene Personen: Muster, Hans, von Bern, in Thun, Präsident des "
              "Verwaltungsrates, mit Einzelunterschrift. Publikationsorgan: SHAB.",
    "HR02-2": "Beta GmbH, in Basel. Ausgeschiedene Personen: Meier, Anna, in Riehen, Geschäftsführerin.",
    "KK02-3": "Über Gamma Sagl, in Lugano, wurde der Konkurs eröffnet. Das Konkursamt hat die Eingabefrist verlängert.",
    "HR01-4": "Delta SA, à Genève. Associés: Hans und Anna Keller, de Berne, à Nyon, avec signature individuelle.",
}


def inputs(*uids, text=TEXTS):
    return [ExtractionInput(u, text[u], town="Lugano" if u.startswith("KK") else None) for u in uids]


def answer_for(payload: dict) -> str:
    """What a well-behaved model would return for the test texts (keyed by the small ids)."""
    out = {}
    for n, text in payload.items():
        ents = []
        if "Muster" in text:
            ents += [{"name": "Muster, Hans", "type": "person", "role": "Präsident des Verwaltungsrates",
                      "signature": "mit Einzelunterschrift"},
                     {"name": "SHAB", "type": "company", "role": "Publikationsorgan"},
                     {"name": "Müller, Peter", "type": "person", "role": "invented by the model"}]
        if "Meier" in text:
            ents.append({"name": "Meier, Anna", "type": "person", "role": "Geschäftsführerin", "status": "resigned"})
        if "Konkursamt" in text:
            ents.append({"name": "Konkursamt", "type": "office", "role": "Konkursamt"})
        if "Keller" in text:
            ents.append({"name": "Hans und Anna Keller", "type": "person", "role": "associé"})
        out[n] = ents
    return json.dumps(out, ensure_ascii=False)


class ScriptedChat:
    """Answers from a script: 'ok' gives a good answer, 'bad' invalid JSON, 'timeout' a failure."""

    def __init__(self, script=None):
        self.script = list(script or [])
        self.calls: list[dict] = []

    def __call__(self, system, user):
        payload = json.loads(user)
        self.calls.append(payload)
        step = self.script.pop(0) if self.script else "ok"
        if step == "bad":
            return '{"1": [{"name": "Muster, Hans"'
        if step == "timeout":
            raise ChatFailed("timed out")
        return answer_for(payload)


def test_ids_are_small_integers_mapped_back_to_uids_and_texts_are_cut():
    chat = ScriptedChat()
    long_text = TEXTS["HR01-1"] + " " + "x" * 5000
    res = LLMExtractor(chat).extract([ExtractionInput("HR01-1", long_text), *inputs("HR02-2")])
    assert list(chat.calls[0]) == ["1", "2"]
    assert len(chat.calls[0]["1"]) == 2000
    assert [(m.name, m.role_key, m.signature) for m in res["HR01-1"]] == \
        [("Muster, Hans", "chair", "mit Einzelunterschrift")]  # SHAB stoplisted, invented name dropped
    assert [(m.name, m.status, m.role_key) for m in res["HR02-2"]] == [("Meier, Anna", "resigned", "managing_director")]


def test_authority_gets_its_city_and_compound_names_are_split():
    res = LLMExtractor(ScriptedChat()).extract(inputs("KK02-3", "HR01-4"))
    assert [(m.name, m.kind) for m in res["KK02-3"]] == [("Konkursamt Lugano", "office")]
    assert [m.name for m in res["HR01-4"]] == ["Hans Keller", "Anna Keller"]


def test_invalid_json_halves_the_batch_recursively():
    chat = ScriptedChat(["bad", "bad", "ok", "ok", "ok"])
    ex = LLMExtractor(chat, batch_size=4)
    res = ex.extract(inputs("HR01-1", "HR02-2", "KK02-3", "HR01-4"))
    assert [len(c) for c in chat.calls] == [4, 2, 1, 1, 2]
    assert set(res) == {"HR01-1", "HR02-2", "KK02-3", "HR01-4"} and not ex.failed
    assert res["HR01-1"][0].name == "Muster, Hans"


def test_a_single_text_that_keeps_failing_is_recorded_not_fatal():
    chat = ScriptedChat(["timeout", "timeout", "ok"])
    ex = LLMExtractor(chat, batch_size=2)
    res = ex.extract(inputs("HR01-1", "HR02-2"))
    assert ex.failed == ["HR01-1"]
    assert set(res) == {"HR02-2"}


def test_real_openai_client_against_a_local_server():
    script = ["bad"]

    def respond(body):
        assert body["temperature"] == 0 and body["response_format"] == {"type": "json_object"}
        if script:
            return script.pop(0) and '{"broken'
        return answer_for(json.loads(body["messages"][1]["content"]))

    with FakeOpenAI(respond) as server:
        chat = OpenAIChatJSON("gpt-4o-mini", api_key="sk-test", base_url=server.base_url)
        ex = LLMExtractor(chat, batch_size=2)
        res = ex.extract(inputs("HR01-1", "HR02-2"))
        assert [m.name for m in res["HR01-1"]] == ["Muster, Hans"]
        assert [m.name for m in res["HR02-2"]] == ["Meier, Anna"]
        assert len(server.requests) == 3  # one broken answer, then the two halves
        first = server.requests[0]
        assert first["_path"] == "/v1/chat/completions" and first["_auth"] == "Bearer sk-test"
        assert first["messages"][0]["role"] == "system" and "JSON" in first["messages"][0]["content"]
        assert chat.calls == 3


def test_timeout_of_the_http_client_triggers_halving():
    calls = []

    def respond(body):
        calls.append(body)
        return None if len(calls) == 1 else answer_for(json.loads(body["messages"][1]["content"]))

    with FakeOpenAI(respond) as server:
        ex = LLMExtractor(OpenAIChatJSON("m", base_url=server.base_url, timeout_s=1.0), batch_size=2)
        res = ex.extract(inputs("HR01-1", "HR02-2"))
    assert set(res) == {"HR01-1", "HR02-2"} and not ex.failed


def test_build_with_the_llm_extractor_end_to_end(small_world, own_graph):
    """`build --extractor llm` through the real client against a local endpoint: only the configured
    sub-rubrics are sent, mentions land in the graph as weak nodes marked with the extractor."""
    def respond(body):
        payload = json.loads(body["messages"][1]["content"])
        out = {}
        for n, text in payload.items():
            # a tiny "model": the first comma-first name after a person section header
            m = re.search(r"(?:Eingetragene Personen|Personnes inscrites|Persone iscritte)[^:]*: ([^,;]+, [^,;]+)", text)
            out[n] = [{"name": m.group(1), "type": "person", "role": "Mitglied"}] if m else []
        return json.dumps(out, ensure_ascii=False)

    with FakeOpenAI(respond) as server:
        env = clean_env(**own_graph.env(), OPENAI_BASE_URL=server.base_url, OPENAI_API_KEY="sk-local")
        out = subprocess.run([sys.executable, "-m", "data_pipeline", "build", "--input", str(small_world / "xml"),
                              "--extractor", "llm", "--sub-rubrics", "HR01", "--json", "--quiet"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr[-2000:]
        sent = [t for r in server.requests for t in json.loads(r["messages"][1]["content"]).values()]
    report = json.loads(out.stdout)
    assert report["mentions"] > 50
    assert sent and all(len(t) <= 2000 for t in sent)
    with own_graph.graph.driver.session(database=own_graph.graph.database) as s:
        subs = {r["s"] for r in s.run("MATCH (e:Event) WHERE e.extracted_by = 'llm' RETURN DISTINCT e.sub_rubric AS s")}
        weak = s.run("MATCH (p:Person)-[r:ACTED_IN]->(e:Event) WHERE r.extractor = 'llm' RETURN count(p) AS c").single()["c"]
    assert subs == {"HR01"} and weak > 50
