"""The judges: fact matching, the deterministic judge on real demo-world examples, the LLM judge's prompts,
parsing and failures (recorded as missing, never as a default score)."""
from __future__ import annotations

import pytest

from app_eval.datasets import GOLDEN, load
from app_eval.judges import JudgeInput, make_judge
from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, METRICS, RECALL, RELEVANCE
from app_eval.judges.deterministic import DeterministicJudge
from app_eval.judges.facts import Fact, matched, structured
from app_eval.judges.llm import LLMJudge, parse_score
from tests.support.scripted_chat import ScriptedChat


def test_facts_meet_across_formats():
    text = "Capital CHF 100'000.00 since 28.11.2018 (HR02-1000000123), UID CHE-123.456.789, 3 persons"
    assert structured(text) == {Fact("number", "100000"), Fact("date", "2018-11-28"), Fact("publication", "HR02-1000000123"),
                                Fact("uid", "123456789")}
    facts = [Fact.of({"kind": "number", "value": "100000.0"}), Fact.of({"kind": "name", "value": "Müller, Hans Peter"}),
             Fact.of({"kind": "text", "value": "Bahnhofstrasse"}), Fact.of({"kind": "uid", "value": "CHE-123.456.789"}),
             Fact.of({"kind": "date", "value": "2018-11-28"})]
    assert matched(facts, "Hans Peter MUELLER? no: Hans Peter Müller, Bahnhofstrasse 1, CHF 100,000, CHE123456789, 2018-11-28") \
        == [True, True, True, True, True]
    assert matched(facts, "Hans Müller, Bahnhofstr. 1, CHF 10'000, CHE-123.456.788, 2018-11-29") == [False] * 5


@pytest.fixture(scope="module")
def golden():
    ds, _ = load(GOLDEN)  # the committed demo-world set: references from the demo world's truth
    return ds


@pytest.fixture(scope="module")
def judge():
    return DeterministicJudge()


def test_deterministic_judge_ranks_correct_above_wrong_and_empty(golden, judge):
    by_category: dict[str, list] = {}
    for it in golden.items:
        by_category.setdefault(it.category, []).append(it)
    rel = {"correct": [], "wrong": [], "empty": []}
    for it in [it for peers in by_category.values() for it in peers[:2]]:  # every kind of question, twice
        peers = by_category[it.category]
        other = peers[(peers.index(it) + 1) % len(peers)]  # a real answer to the same kind of question, about another entity
        answers = {"correct": it.expected, "wrong": other.expected, "empty": ""}
        scores = {k: {m: judge.score(m, JudgeInput(it.question, a, it.expected, tuple(f.model_dump() for f in it.facts),
                                                   context=it.expected)).value
                      for m in (CORRECTNESS, RECALL, RELEVANCE)} for k, a in answers.items()}
        for m in (CORRECTNESS, RECALL):
            assert scores["correct"][m] == 1.0 and scores["wrong"][m] < 1.0 and scores["empty"][m] == 0.0, (it.id, m, scores)
        assert scores["correct"][RELEVANCE] > scores["empty"][RELEVANCE] == 0.0
        for k in rel:
            rel[k].append(scores[k][RELEVANCE])
    mean = {k: sum(v) / len(v) for k, v in rel.items()}
    assert mean["correct"] > mean["wrong"] > mean["empty"], mean


def test_faithfulness_checks_the_answer_against_the_context(judge):
    ctx = '{"rows": [{"uid": "CHE-111.222.333", "publication_date": "2021-03-04", "capital_nominal": 50000.0}]}'
    q = "What is the capital of Alpha AG?"
    full = judge.score(FAITHFULNESS, JudgeInput(q, "Alpha AG (CHE-111.222.333): CHF 50'000, 04.03.2021.", context=ctx))
    assert full.value == 1.0
    half = judge.score(FAITHFULNESS, JudgeInput(q, "Alpha AG (CHE-111.222.333): CHF 80'000.", context=ctx))
    assert half.value == 0.5 and half.detail["unsupported"] == ["80000"]
    assert judge.score(FAITHFULNESS, JudgeInput(q, "I found nothing about it.", context=ctx)).value == 1.0


def test_a_question_without_checkable_facts_is_missing_not_zero(judge):
    s = judge.score(CORRECTNESS, JudgeInput("Hello?", "Hi.", "Hi.", facts=()))
    assert s.missing and "no checkable facts" in s.error


def test_llm_judge_prompts_are_the_papers(tmp_path):
    chat = ScriptedChat(script=["0.8", " 0.25\n", "1", "0.", "about 0.7", "1.5", "", "**0.4**"])
    judge = LLMJudge(model=chat)
    item = JudgeInput("What is the UID of Alpha AG?", "CHE-111.222.333", "The UID is CHE-111.222.333.", context="ROWS")
    got = [judge.score(m, item) for m in METRICS]
    assert [s.value for s in got] == [0.8, 0.25, 1.0, 0.0]
    prompts = [c[-1].content for c in chat.calls]
    assert "1.0 means the answer is 100% derived from the context" in prompts[0] and "ROWS" in prompts[0]
    assert "Be tolerant to differences in wording" in prompts[1] and "The UID is CHE-111.222.333." in prompts[1]
    assert "0.0 means it dodges the question entirely" in prompts[2] and "ROWS" not in prompts[2]
    assert "how much of the Expected Answer's core information" in prompts[3]
    assert all("Output ONLY a float number." in p for p in prompts)
    bad = [judge.score(RELEVANCE, item) for _ in range(3)]
    assert all(s.missing and s.error.startswith("unparseable") for s in bad)
    assert judge.score(RELEVANCE, item).value == 0.4


def test_llm_judge_call_failure_is_missing():
    def boom(_messages):
        raise TimeoutError("the endpoint did not answer")

    s = LLMJudge(model=ScriptedChat(script=[boom])).score(CORRECTNESS, JudgeInput("q", "a", "e"))
    assert s.missing and "judge call failed" in s.error and "TimeoutError" in s.error


def test_parse_score_accepts_one_float_in_range_only():
    assert parse_score("0.75") == 0.75 and parse_score("'1.0'") == 1.0 and parse_score(".5") == 0.5
    for bad in ("", "0.75 because", "Score: 0.7", "-0.1", "1.01", "NaN", "0,7"):
        assert parse_score(bad) is None, bad


def test_llm_judge_over_an_openai_compatible_endpoint():
    from kg.settings import Settings
    from tests.support.fake_openai import FakeOpenAI

    with FakeOpenAI(lambda body: "0.9" if "faithfulness" in body["messages"][-1]["content"] else "n/a") as fake:
        settings = Settings(OPENAI_BASE_URL=fake.base_url, LLM_MODEL="judge-model", _env_file=None)
        judge = make_judge("llm", settings)
        item = JudgeInput("q", "a", "e", context="c")
        assert judge.score(FAITHFULNESS, item).value == 0.9
        assert judge.score(RECALL, item).missing
        assert len(fake.requests) == 2 and fake.requests[0]["model"] == "judge-model"
        assert fake.requests[0]["temperature"] == 0.0


def test_llm_judge_needs_a_configured_endpoint():
    from kg.settings import Settings

    with pytest.raises(RuntimeError, match="deterministic"):
        make_judge("llm", Settings(_env_file=None, OPENAI_API_KEY=None, OPENAI_BASE_URL=None))
