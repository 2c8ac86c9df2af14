"""Tier 2, agent trajectory (paper §5.3, Eqs. 2-5), read from the structured trace, never from log text."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

STRUCTURED_FIRST_TOOLS = frozenset({"search_companies", "get_node_history", "explore_network"})
FALLBACK_TOOL = "global_text_search"


@dataclass(frozen=True)
class Trajectory:
    """What Tier 2 reads of one answer: the ordered tool steps (tool, status, rows) and the wall time."""
    tools: tuple[str, ...]
    statuses: tuple[str, ...]
    rows: tuple[int, ...]
    latency_ms: float

    @classmethod
    def from_trace(cls, trace: Sequence[dict[str, Any]], latency_ms: float) -> Trajectory:
        return cls(tuple(s["tool"] for s in trace), tuple(s.get("status", "") for s in trace),
                   tuple(int(s.get("rows") or 0) for s in trace), latency_ms)

    @property
    def structured_first(self) -> bool:
        return bool(self.tools) and self.tools[0] in STRUCTURED_FIRST_TOOLS

    @property
    def fallback(self) -> bool:
        return FALLBACK_TOOL in self.tools

    @property
    def steps(self) -> int:
        return len(self.tools)

    @property
    def success(self) -> bool:
        """At least one call returned data (structured or full text)."""
        return any(st == "ok" and n > 0 for st, n in zip(self.statuses, self.rows, strict=True))


def tool_selection(t: Trajectory, expected_first_tool: str | None) -> bool:
    """TSA for one question: the first call is the item's expected first tool. Items without one (older
    dataset files) fall back to the paper's rule, a structured tool first."""
    if expected_first_tool:
        return bool(t.tools) and t.tools[0] == expected_first_tool
    return t.structured_first


def per_question(t: Trajectory, expected_first_tool: str | None = None) -> dict[str, float]:
    """The per-question values whose means are TSA, FAR, ARS, QSR and the average latency (seconds)."""
    return {"tsa": float(tool_selection(t, expected_first_tool)), "far": float(t.fallback), "ars": float(t.steps),
            "qsr": float(t.success), "latency_s": t.latency_ms / 1000}
