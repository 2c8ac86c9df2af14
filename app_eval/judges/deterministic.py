"""The deterministic judge (no key, no network, same scores every run).

- information_recall: the share of the expected answer's facts the answer states;
- correctness: the share of its key facts (the ones the question asks for) the answer states;
- faithfulness: the share of the answer's own uids, publication numbers, dates and numbers that occur in
  the retrieved context or the question (nothing checkable stated: nothing fabricated, 1.0);
- answer_relevance: MiniLM cosine similarity between the question and the closest opening chunk of the
  answer, mapped linearly from [COS_FLOOR, COS_CEIL] onto [0, 1].
An empty answer scores 0 on every metric: it is a real (bad) answer, not a failed judge call.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, JudgeInput, Score
from app_eval.judges.facts import Fact, matched, structured

COS_FLOOR, COS_CEIL = 0.15, 0.65  # MiniLM: unrelated question/text pairs sit below the floor, direct answers near the ceil
CHUNKS, LINES_PER_CHUNK = 4, 3

Embed = Callable[[Sequence[str]], np.ndarray]


def _default_embed(texts: Sequence[str]) -> np.ndarray:
    from agent.baseline.embedder import embed  # noqa: PLC0415 - torch loads only when relevance is scored

    return embed(texts)


def chunks(answer: str) -> list[str]:
    lines = [ln.strip() for ln in answer.splitlines() if ln.strip()]
    return [" ".join(lines[i:i + LINES_PER_CHUNK]) for i in range(0, len(lines), LINES_PER_CHUNK)][:CHUNKS]


class DeterministicJudge:
    name = "deterministic"

    def __init__(self, embed: Embed | None = None) -> None:
        self._embed = embed or _default_embed

    def score(self, metric: str, item: JudgeInput) -> Score:
        if not item.answer.strip():
            return Score(0.0, detail={"reason": "empty answer"})
        if metric in (RECALL, CORRECTNESS):
            facts = [f for f in item.facts if metric == RECALL or f.get("key", True)]
            if not facts:
                return Score(None, error="the expected answer has no checkable facts")
            hits = matched([Fact.of(f) for f in facts], item.answer)
            return Score(sum(hits) / len(hits), detail={"facts": len(hits), "found": sum(hits)})
        if metric == FAITHFULNESS:
            stated = structured(item.answer)
            if not stated:
                return Score(1.0, detail={"facts": 0})
            supported = structured(item.context + "\n" + item.question)
            ok = len(stated & supported)
            return Score(ok / len(stated), detail={"facts": len(stated), "supported": ok,
                                                    "unsupported": sorted(f.value for f in stated - supported)[:10]})
        if metric == RELEVANCE:
            parts = chunks(item.answer)
            vectors = self._embed([item.question, *parts])
            cos = float(np.max(vectors[1:] @ vectors[0]))
            return Score(min(1.0, max(0.0, (cos - COS_FLOOR) / (COS_CEIL - COS_FLOOR))), detail={"cosine": round(cos, 4)})
        return Score(None, error=f"unknown metric {metric!r}")
