"""What every endpoint shares: the call context, the typed result, and running a read query.

An endpoint is one function `(ctx, args) -> ToolResult` with a pydantic argument model; the agent
exposes the same models to LangChain as tool schemas, and the CLI validates `--args` with them.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from kg.driver import Graph
from kg.records import to_jsonable
from kg.settings import Settings

OK, EMPTY, ERROR, REFUSED = "ok", "empty", "error", "refused"


@dataclass
class Context:
    graph: Graph
    settings: Settings


@dataclass
class ToolResult:
    tool: str
    args: dict[str, Any]
    status: str  # ok | empty | error | refused
    rows: list[dict[str, Any]] = field(default_factory=list)
    message: str = ""  # what a reader (or the model) should know: why empty, what was refused, truncation
    ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)  # endpoint-specific summary (e.g. the focal entity)

    @property
    def citations(self) -> list[dict[str, str]]:
        """Publication number + date of every event the rows rest on, in first-seen order."""
        seen: dict[str, str] = {}
        for row in self.rows:
            number, date = row.get("publication_number"), row.get("publication_date") or row.get("date")
            if number and number not in seen:
                seen[number] = date or ""
        return [{"publication_number": n, "date": d} for n, d in seen.items()]

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args, "status": self.status, "rows": self.rows,
                "row_count": len(self.rows), "message": self.message, "ms": round(self.ms, 1),
                "citations": self.citations, **({"extra": self.extra} if self.extra else {})}


@dataclass(frozen=True)
class Endpoint:
    name: str
    description: str  # shown to the LLM as the tool description
    args_model: type[BaseModel]
    run: Callable[[Context, Any], ToolResult]


def read(ctx: Context, query: str, **params: Any) -> list[dict[str, Any]]:
    """One parameterized read query; rows as JSON-ready dicts."""
    with ctx.graph.read_session() as s:
        return [to_jsonable(r.data()) for r in s.run(query, params)]


def result(tool: str, args: BaseModel, rows: list[dict[str, Any]], started: float, empty_message: str,
           message: str = "", extra: dict[str, Any] | None = None) -> ToolResult:
    """A result that says explicitly when nothing was found, and why that may be."""
    status = OK if rows else EMPTY
    return ToolResult(tool, args.model_dump(exclude_none=True), status, rows, message if rows else empty_message,
                      (time.perf_counter() - started) * 1000, extra or {})
