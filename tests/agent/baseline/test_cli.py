"""The CLI as a user runs it: no network and no key needed, `--json` shape, `--session` history."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT
from tests.support.env import clean_env
from tests.support.fake_openai import FakeOpenAI

OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HTTPS_PROXY": "http://127.0.0.1:9",
           "HTTP_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
           "http_proxy": "http://127.0.0.1:9", "all_proxy": "http://127.0.0.1:9"}


def cli(tmp_path, env: dict[str, str], *args: str) -> dict:
    base = {k: v for k, v in clean_env().items() if not k.startswith(("HF_", "NO_PROXY", "no_proxy"))}
    # cwd is a scratch directory, so no developer .env is read
    proc = subprocess.run([sys.executable, "-m", "agent.baseline", *args, "--json"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env=base | {"PYTHONPATH": str(ROOT)} | env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_ask_runs_without_network_or_key_and_prints_the_json_shape(indexed, tmp_path):
    out = cli(tmp_path, indexed.env | OFFLINE, "ask", "Wer ist Liquidator der Gesellschaft in Liquidation?")
    assert set(out) == {"answer", "engine", "engine_label", "retrieved", "citations", "latency_ms", "llm_calls"}
    assert out["engine"] == "offline" and out["llm_calls"] == 0 and "extractive" in out["answer"]
    assert len(out["retrieved"]) == 5
    for r in out["retrieved"]:
        assert set(r) == {"id", "publication_number", "date", "sub_rubric", "company_name", "score", "text"}
        assert r["text"] and r["publication_number"] in out["answer"]
    assert all(set(c) == {"publication_number", "date"} for c in out["citations"]) and out["citations"]
    assert isinstance(out["latency_ms"], int)


def test_index_cli_on_an_indexed_world_adds_nothing(indexed, tmp_path):
    out = cli(tmp_path, indexed.env | OFFLINE | {"NO_PROXY": "127.0.0.1,localhost"}, "index", "--quiet")
    assert (out["added"], out["reembedded"], out["deleted"]) == (0, 0, 0)
    assert out["documents"] == indexed.report.documents


def test_session_carries_the_history_to_the_second_question(indexed, tmp_path):
    session = tmp_path / "s.json"
    answers = iter(["Erste Antwort.", "Zweite Antwort."])
    with FakeOpenAI(lambda body: next(answers)) as fake:
        env = indexed.env | {"OPENAI_BASE_URL": fake.base_url, "OPENAI_API_KEY": "sk-test", "NO_PROXY": "127.0.0.1"}
        first = cli(tmp_path, env, "ask", "Welche Gesellschaft wurde in Zug neu eingetragen?", "--session", str(session))
        second = cli(tmp_path, env, "ask", "Und wer sitzt im Verwaltungsrat?", "--session", str(session))
    assert (first["answer"], second["answer"], second["engine"]) == ("Erste Antwort.", "Zweite Antwort.", "llm")
    sent = [m["content"] for m in fake.requests[1]["messages"]]
    assert sent[1:3] == ["Welche Gesellschaft wurde in Zug neu eingetragen?", "Erste Antwort."]
    turns = json.loads(session.read_text())["turns"]
    assert [t["content"] for t in turns] == ["Welche Gesellschaft wurde in Zug neu eingetragen?", "Erste Antwort.",
                                             "Und wer sitzt im Verwaltungsrat?", "Zweite Antwort."]
