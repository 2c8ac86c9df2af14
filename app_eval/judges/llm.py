"""The LLM judge: one chat call per metric and answer with the paper's Table 9 prompt (app_eval/prompts),
temperature 0, expecting one float in [0, 1]. Anything else is recorded as missing with the reason."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import HumanMessage

from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, JudgeInput, Score
from kg.settings import Settings

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
PROMPT_FILES = {FAITHFULNESS: "faithfulness", CORRECTNESS: "correctness", RELEVANCE: "answer_relevance",
                RECALL: "information_recall"}
CONTEXT_CHARS = 24_000  # the judge reads the retrieved context up to this length
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


class LLMJudge:
    name = "llm"

    def __init__(self, settings: Settings | None = None, model: BaseChatModel | None = None) -> None:
        if model is None:
            from agent.llm import chat_model  # noqa: PLC0415

            if settings is None or not settings.llm_configured:
                raise RuntimeError("the LLM judge needs OPENAI_API_KEY or OPENAI_BASE_URL; use --judge deterministic")
            model = chat_model(settings, timeout_s=120.0, max_retries=1)
        self.model = model

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
        return Score(value, detail={"reply": text.strip()[:40]})
