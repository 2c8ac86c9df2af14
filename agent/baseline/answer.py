"""What an answer is made of (retrieved notices, citations) and the LLM engine's single chat call."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from agent.llm import chat_model
from agent.safe_text import neutralise, tag_text
from kg.settings import Settings

PROMPTS = Path(__file__).resolve().parent / "prompts"
_DELIMITER = re.compile(r"<(\s*/?\s*notice)", re.IGNORECASE)


@dataclass
class Retrieved:
    id: str
    publication_number: str
    date: str | None
    sub_rubric: str | None
    company_name: str | None
    score: float  # cosine similarity to the question, 1 is identical
    text: str


@dataclass
class BaselineAnswer:
    answer: str
    engine: str
    engine_label: str
    retrieved: list[Retrieved]
    citations: list[dict[str, str | None]]
    latency_ms: int
    llm_calls: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@cache
def prompt(name: str) -> str:
    return (PROMPTS / f"{name}.txt").read_text(encoding="utf-8")


def _notice(n: int, r: Retrieved) -> str:
    # A notice cannot close its own delimiter early or open another, whatever its text says (in any letter case),
    # nor break out of an attribute through its company name.
    body = _DELIMITER.sub(r"&lt;\1", r.text)
    return (f'<notice n="{n}" publication_number="{tag_text(r.publication_number)}" date="{tag_text(r.date or "")}" '
            f'sub_rubric="{tag_text(r.sub_rubric or "")}" company="{tag_text(r.company_name or "")}">\n{body}\n</notice>')


def messages(question: str, retrieved: Sequence[Retrieved], history: Sequence[dict[str, str]]) -> list[BaseMessage]:
    """System prompt, the conversation so far, then the notices and the question."""
    out: list[BaseMessage] = [SystemMessage(prompt("system"))]
    for turn in history:
        out.append(AIMessage(turn["content"]) if turn.get("role") == "assistant" else HumanMessage(turn["content"]))
    notices = "\n\n".join(_notice(n, r) for n, r in enumerate(retrieved, start=1))
    out.append(HumanMessage(prompt("user").format(notices=notices or "(no notice is indexed)", question=question)))
    return out


def llm_answer(settings: Settings, question: str, retrieved: Sequence[Retrieved], history: Sequence[dict[str, str]]) -> str:
    """The model's answer with any link, image or HTML made inert: the notices are its only source of them."""
    reply = chat_model(settings).invoke(messages(question, retrieved, history))
    return neutralise(reply.content if isinstance(reply.content, str) else str(reply.content))


def citations(answer: str, retrieved: Sequence[Retrieved], cited_only: bool) -> list[dict[str, str | None]]:
    """The notices the answer cites by number (LLM), or every notice it quotes (offline)."""
    chosen = [r for r in retrieved if not cited_only or r.publication_number in answer]
    return [{"publication_number": r.publication_number, "date": r.date} for r in chosen]
