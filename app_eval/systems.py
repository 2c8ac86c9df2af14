"""The systems under evaluation behind one interface: `graphrag` (the agent, either engine) and
`baseline` (vector RAG). Both get the same questions and, in conversations, their own prior turns as
history (a fresh conversation per question outside Tier 4, paper §5.3)."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.session import Session
from kg.endpoints import Context

GRAPHRAG, BASELINE = "graphrag", "baseline"
SYSTEMS = (GRAPHRAG, BASELINE)


@dataclass
class Reply:
    answer: str
    trace: list[dict[str, Any]] = field(default_factory=list)  # [{tool, args, status, rows, ms}]
    context: str = ""  # what the answer may rest on, as text (faithfulness)
    latency_ms: float = 0.0
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class System(Protocol):
    name: str

    def ask(self, question: str, session: Session) -> Reply: ...


def _guarded(fn, question: str, session: Session) -> Reply:  # noqa: ANN001
    """A system that raises gives an empty answer with the error recorded (scored as the empty answer it is)."""
    t0 = time.perf_counter()
    try:
        return fn(question, session)
    except Exception as exc:  # noqa: BLE001 - one failing question must not end the run
        return Reply("", latency_ms=(time.perf_counter() - t0) * 1000, error=f"{type(exc).__name__}: {str(exc)[:300]}")


class GraphRAGSystem:
    name = GRAPHRAG

    def __init__(self, ctx: Context, engine: str | None = None) -> None:
        from agent.factory import make_agent  # noqa: PLC0415 - the LLM engine imports its client lazily
        from agent.llm import engine_name  # noqa: PLC0415

        self.agent = make_agent(ctx, engine_name(ctx.settings, engine))  # explicit: a run never mixes engines
        self.engine = self.agent.engine.name

    def _ask(self, question: str, session: Session) -> Reply:
        a = self.agent.ask(question, session)
        d = a.to_dict(payloads=True)
        trace = [{k: s.get(k) for k in ("tool", "args", "status", "rows", "ms", "message")} for s in d["trace"]]
        context = "\n".join(json.dumps({"tool": s["tool"], "rows": s["payload"].get("rows", []),
                                        "message": s["payload"].get("message", "")}, ensure_ascii=False, default=str)
                            for s in d["trace"])
        return Reply(a.answer, trace, context, a.latency_ms,
                     extra={"intent": a.intent, "state": a.state, "engine": a.engine, "llm_calls": a.llm_calls,
                            "citations": a.citations, "current_uid": a.current_uid, "grounding": a.grounding,
                            "llm_stats": a.llm})

    def ask(self, question: str, session: Session) -> Reply:
        return _guarded(self._ask, question, session)


class BaselineSystem:
    name = BASELINE

    def __init__(self, ctx: Context, engine: str | None = None) -> None:
        from agent.baseline import Baseline  # noqa: PLC0415 - loads chromadb and torch only when the baseline runs
        from agent.llm import engine_name  # noqa: PLC0415

        self.baseline, self.engine = Baseline(ctx.settings), engine_name(ctx.settings, engine)

    def _ask(self, question: str, session: Session) -> Reply:
        b = self.baseline.ask(question, history=list(session.turns), engine=self.engine)
        session.add("user", question)
        session.add("assistant", b.answer)
        d = b.to_dict()
        context = "\n\n".join(f"[{r['publication_number']} {r.get('date') or ''} {r.get('company_name') or ''}]\n{r['text']}"
                              for r in d["retrieved"])
        return Reply(b.answer, [], context, float(b.latency_ms),
                     extra={"engine": b.engine, "llm_calls": b.llm_calls, "citations": b.citations,
                            "retrieved": [r["publication_number"] for r in d["retrieved"]]})

    def ask(self, question: str, session: Session) -> Reply:
        return _guarded(self._ask, question, session)


def make_system(name: str, ctx: Context, engine: str | None = None) -> System:
    if name == GRAPHRAG:
        return GraphRAGSystem(ctx, engine)
    if name == BASELINE:
        return BaselineSystem(ctx, engine)
    raise ValueError(f"unknown system {name!r}: choose from {', '.join(SYSTEMS)}")
