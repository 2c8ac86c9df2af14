"""execute_custom_cypher: the last resort, read-only (SPEC §9). The guard refuses any write or
procedure outside its allow-list; the query runs in a rolled-back transaction with a timeout and row cap.
A refusal is a result the agent reads, never an exception that reaches the user."""
from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from kg.driver import get_driver
from kg.endpoints.base import Context, Endpoint, ToolResult
from kg.guard import QueryRefused
from kg.readonly import QueryFailed, QueryTimeout, run_read_only


class CypherArgs(BaseModel):
    query: str = Field(description="a read-only Cypher query (MATCH ... RETURN ...); use $parameters for values")
    params: dict[str, Any] = Field(default_factory=dict, description="query parameters")


def execute_custom_cypher(ctx: Context, args: CypherArgs) -> ToolResult:
    started = time.perf_counter()
    s = ctx.settings
    try:
        res = run_read_only(lambda: get_driver(s), args.query, args.params, database=ctx.graph.database,
                            timeout_s=s.query_timeout_s, row_cap=s.query_row_cap)
    except QueryRefused as exc:
        return ToolResult("execute_custom_cypher", args.model_dump(), "refused", message=f"refused: {exc}",
                          ms=(time.perf_counter() - started) * 1000)
    except (QueryTimeout, QueryFailed) as exc:  # a syntax error is feedback for the agent
        return ToolResult("execute_custom_cypher", args.model_dump(), "error", message=str(exc),
                          ms=(time.perf_counter() - started) * 1000)
    note = f"truncated at {s.query_row_cap} rows" if res.truncated else ""
    status = "ok" if res.rows else "empty"
    return ToolResult("execute_custom_cypher", args.model_dump(), status, res.rows,
                      note or ("" if res.rows else "the query returned no rows"), res.ms)


ENDPOINT = Endpoint(
    "execute_custom_cypher",
    "Last resort: run a read-only Cypher query against the graph (labels BaseNode, Company, Person, Event, "
    "NameHub; edges HAS_EVENT, ACTED_IN{role}, INVOLVED_IN, HEAD_OFFICE_OF, PROVIDES_ASSURANCE_TO, RELATED_TO, "
    "HAS_NAME). Writes are refused. Only when no other tool fits.",
    CypherArgs, execute_custom_cypher)
