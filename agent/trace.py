"""The structured record of one turn: every tool step and the final answer (what Tier 2 reads)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Step:
    tool: str
    args: dict[str, Any]
    status: str  # ok | empty | error | refused
    rows: int
    ms: float
    message: str = ""
    feedback: str = ""  # the recovery hint injected after an empty or failed call
    payload: dict[str, Any] = field(default_factory=dict)  # the raw JSON result

    def brief(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args, "status": self.status, "rows": self.rows, "ms": round(self.ms, 1)}


@dataclass
class AgentAnswer:
    answer: str
    engine: str
    engine_label: str
    intent: str
    state: str
    trace: list[Step]
    citations: list[dict[str, str]]
    latency_ms: float
    llm_calls: int
    current_uid: str | None = None
    current_name: str | None = None
    candidates: list[dict[str, Any]] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    network: dict[str, Any] | None = None  # nodes/edges when the turn explored a network
    notice: str = ""  # set when the fallback engine answered because the chosen one failed
    grounding: dict[str, Any] | None = None  # the LLM answer's check against the retrieved data (agent.grounding)
    llm: dict[str, int] = field(default_factory=dict)  # tokens, calls parsed from text, planned and failed calls

    def to_dict(self, payloads: bool = False) -> dict[str, Any]:
        d = asdict(self)
        d["trace"] = [asdict(s) if payloads else s.brief() | {"message": s.message, "feedback": s.feedback}
                      for s in self.trace]
        d["latency_ms"] = round(self.latency_ms, 1)
        return d
