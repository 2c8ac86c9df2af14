"""The LLM judge: one chat call per metric and answer with the paper's Table 9 prompt (app_eval/prompts),
temperature 0, expecting one float in [0, 1]. Anything else is recorded as missing with the reason.

It builds its own client from kg.settings (SPEC §10: judges import nothing from agent/), so a change to
the agent's model settings never changes how answers are judged."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI

from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, Judge, JudgeInput, Score
from kg.settings import Settings

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
PROMPT_FILES = {FAITHFULNESS: "faithfulness", CORRECTNESS: "correctness", RELEVANCE: "answer_relevance",
                RECALL: "information_recall"}
CONTEXT_CHARS = 24_000  # the judge reads the retrieved context up to this length
JUDGE_TIMEOUT_S, JUDGE_RETRIES = 120.0, 1
_FLOAT = re.compile(r"^\s*[\"'`*]*\s*([01](?:\.\d+)?|\.\d+)\s*[\"'`*]*\.?\s*$")


@cache
def prompt(metric: str) -> str:
    return (PROMPTS / f"{PROMPT_FILES[metric]}.txt").read_text(encoding="utf-8")


def parse_score(text: str) -> float | None:
    """The reply must be a single number in [0, 1] (surrounding quotes or a final period are tolerated)."""
    m = _FLOAT.match(text or "")
    if not m:
        return None
    value = float(m.group(1))
    return value if 0.0 <= value <= 1.0 else None


def judge_model(settings: Settings) -> BaseChatModel:
    """The judge's chat model: the configured OpenAI-compatible endpoint, deterministic sampling."""
    if not settings.llm_configured:
        raise RuntimeError("the LLM judge needs OPENAI_API_KEY or OPENAI_BASE_URL; use --judge deterministic")
    # A local server (Ollama, vLLM) needs no key, but the client insists on one.
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    return ChatOpenAI(model=settings.llm_model, api_key=key, base_url=settings.openai_base_url, temperature=0.0,
                      top_p=1.0, frequency_penalty=0.0, presence_penalty=0.0, timeout=JUDGE_TIMEOUT_S,
                      max_retries=JUDGE_RETRIES)


class LLMJudge(Judge):
    name = "llm"

    def __init__(self, settings: Settings | None = None, model: BaseChatModel | None = None) -> None:
        if model is None:
            if settings is None:
                raise RuntimeError("the LLM judge needs OPENAI_API_KEY or OPENAI_BASE_URL; use --judge deterministic")
            model = judge_model(settings)
        self.model = model
        self.model_name = getattr(model, "model_name", None) or getattr(model, "model", None) or type(model).__name__

    def render(self, metric: str, item: JudgeInput) -> str:
        return prompt(metric).format(question=item.question, answer=item.answer, expected=item.expected,
                                     context=item.context[:CONTEXT_CHARS])

    def score(self, metric: str, item: JudgeInput) -> Score:
        if metric not in PROMPT_FILES:
            return Score(None, error=f"unknown metric {metric!r}")
        try:
            reply = self.model.invoke([HumanMessage(self.render(metric, item))])
        except Exception as exc:  # noqa: BLE001 - a failed call is a missing score, recorded with its reason
            return Score(None, error=f"judge call failed: {type(exc).__name__}: {str(exc)[:200]}")
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        value = parse_score(text)
        if value is None:
            return Score(None, error=f"unparseable judge reply: {text[:80]!r}")
        return Score(value, detail={"reply": text.strip()[:40], "judge_model": str(self.model_name)})
