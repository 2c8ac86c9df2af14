"""Optional LLM rewording of template questions (the expected answers and facts are never touched).
A failed or odd rewrite keeps the template question: the dataset must stay answerable by its facts."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from langchain_core.messages import HumanMessage

from kg.settings import Settings

PROMPT = Path(__file__).resolve().parent.parent / "prompts" / "paraphrase.txt"


def make_paraphraser(settings: Settings) -> Callable[[str], str]:
    from agent.llm import chat_model  # noqa: PLC0415 - only when paraphrasing is asked for

    model, template = chat_model(settings), PROMPT.read_text(encoding="utf-8")

    def paraphrase(question: str) -> str:
        try:
            reply = model.invoke([HumanMessage(template.format(question=question))])
        except Exception:  # noqa: BLE001 - the template question is a valid fallback
            return question
        text = (reply.content if isinstance(reply.content, str) else "").strip()
        return text if 10 <= len(text) <= 3 * len(question) + 40 else question

    return paraphrase
