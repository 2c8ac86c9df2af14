"""What a judge sees and returns. A score is a float in [0, 1] or missing with the reason: a failed or
unparseable judge call is never turned into a default value."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

FAITHFULNESS, CORRECTNESS, RELEVANCE, RECALL = "faithfulness", "correctness", "answer_relevance", "information_recall"
METRICS = (FAITHFULNESS, CORRECTNESS, RELEVANCE, RECALL)


@dataclass(frozen=True)
class JudgeInput:
    question: str
    answer: str
    expected: str = ""
    facts: tuple[dict[str, Any], ...] = ()  # the expected answer's checkable facts (see app_eval.judges.facts)
    context: str = ""  # what the system retrieved, as text (tool payloads or notices)
    # Optional, from the dataset item (the deterministic judge infers them when left empty):
    answer_kind: str = ""  # "fact" | "list" | "count" | "not_found" (app_eval.datasets.model.AnswerKind)
    category: str = ""  # the item's question class ("persons", "history", ...): a hint for list questions
    entity_uids: tuple[str, ...] = ()  # the entities the question is about (empty for a not-found question)


@dataclass(frozen=True)
class Score:
    value: float | None
    error: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def missing(self) -> bool:
        return self.value is None


class Judge(Protocol):
    name: str

    def prepare(self, items: Sequence[JudgeInput], metrics: Sequence[str]) -> None:
        """Called with the next records before they are scored one by one, so a judge may do in one batch
        what their scores share (the deterministic judge embeds their texts at once). Scores do not depend
        on it: a judge scores an item it was not prepared for all the same."""

    def score(self, metric: str, item: JudgeInput) -> Score: ...
