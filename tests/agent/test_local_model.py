"""The LLM engine against a real language model served here by llama.cpp (`make llm`; issue 18). Out of CI's
critical path: it runs only with GAZETTE_LLM_TESTS=1 and a built model, and skips saying which is missing."""
from __future__ import annotations

import json
import os
import re

import pytest

from agent import local_llm
from agent.engines.llm import LLMEngine
from agent.pipeline import Agent


def test_status_of_an_empty_cache_says_not_built(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAZETTE_LLM_DIR", str(tmp_path))
    assert local_llm.main(["status", "--port", "9"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status == {"built": False, "serving": False, "cache": str(tmp_path.resolve())}
    with pytest.raises(RuntimeError, match="make llm"):
        local_llm.start(local_llm.Paths.default(), port=9)


def test_env_lines_point_the_product_at_the_local_server():
    lines = dict(line.split("=", 1) for line in local_llm.env_lines(8099).splitlines())
    assert lines == {"OPENAI_BASE_URL": "http://127.0.0.1:8099/v1", "OPENAI_API_KEY": "",
                     "LLM_MODEL": local_llm.MODEL_NAME, "AGENT_ENGINE": "llm"}


@pytest.fixture(scope="module")
def local_server():
    if os.environ.get("GAZETTE_LLM_TESTS") != "1":
        pytest.skip("needs the local model: set GAZETTE_LLM_TESTS=1 after `make llm` (minutes per question on 2 cores)")
    paths = local_llm.Paths.default()
    if not local_llm.ready(paths):
        pytest.skip(f"the local model is not built in {paths.root}: run `make llm`")
    started = not local_llm.healthy()
    url = local_llm.start(paths, parallel=1)
    yield url
    if started:
        local_llm.stop(paths)


def test_a_real_model_answers_from_the_graph_with_no_invented_citation(local_server, built_world, ctx, truth):
    uid = next(u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and truth.current_officers(u))
    name = truth.name(uid)
    settings = built_world.settings.model_copy(update={"openai_base_url": local_server, "llm_model": local_llm.MODEL_NAME})
    a = Agent(ctx, LLMEngine(settings)).ask(f"Who are the board members of {name}?")
    assert a.trace and a.trace[0].status == "ok" and a.current_uid == uid
    retrieved = json.dumps([s.payload for s in a.trace], ensure_ascii=False, default=str)
    assert set(re.findall(r"\b[A-Z]{2}\d{2}-\d{6,}\b", a.answer)) <= set(re.findall(r"\b[A-Z]{2}\d{2}-\d{6,}\b", retrieved))
    assert a.grounding is not None and a.llm.get("completion_tokens", 0) > 0
