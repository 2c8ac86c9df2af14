"""execute_custom_cypher: the last resort, read-only (SPEC §9). The guard refuses any write or
procedure outside its allow-list; the query runs in a rolled-back transaction with a timeout and row cap,
on the graph's own read-only driver (reused: no connection per query). A refusal is a result the agent
reads, never an exception that reaches the user.

Before the guard runs it the second time, relationship directions that contradict the graph's schema are
reversed (langchain_neo4j's corrector, `kg.graph_store`); the model sees the graph's real labels,
relationship types and properties in the tool description (`describe`), built once per connection."""
from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, Field

from kg.endpoints.base import ERROR, REFUSED, Context, Rows, Stop, endpoint
from kg.graph_store import format_schema, store_for
from kg.guard import QueryRefused, check_read_only
from kg.readonly import QueryFailed, QueryTimeout

log = logging.getLogger(__name__)
NAME = "execute_custom_cypher"
LEAD = "Last resort: run a read-only Cypher query against the graph. Writes are refused. Only when no other tool fits."
# The fallback when the connected graph's schema cannot be read (and what the description starts from).
STATIC_DESCRIPTION = (
    "Last resort: run a read-only Cypher query against the graph (labels BaseNode, Company, Person, Event, "
    "NameHub; edges HAS_EVENT, ACTED_IN{role}, INVOLVED_IN, HEAD_OFFICE_OF, PROVIDES_ASSURANCE_TO, RELATED_TO, "
    "ACQUIRED_FROM, DISSOLVED_IN, "
    "HAS_NAME). Writes are refused. Only when no other tool fits.")
_DESCRIPTION_KEY = "execute_custom_cypher.description"


class CypherArgs(BaseModel):
    query: str = Field(description="a read-only Cypher query (MATCH ... RETURN ...); use $parameters for values")
    params: dict[str, Any] = Field(default_factory=dict, description="query parameters")


def describe(ctx: Context) -> str:
    """The tool description with the connected graph's schema, built once per `Graph` (a graph without labels,
    say one still being built, is asked again next time)."""
    memo = ctx.graph.memo
    if _DESCRIPTION_KEY not in memo:
        structured = store_for(ctx.graph, ctx.settings).get_structured_schema
        if not structured["node_props"]:
            return STATIC_DESCRIPTION
        memo[_DESCRIPTION_KEY] = f"{LEAD}\nSchema of the connected graph:\n{format_schema(structured)}"
    return memo[_DESCRIPTION_KEY]


@endpoint(NAME, STATIC_DESCRIPTION, CypherArgs, described_by=describe)
def execute_custom_cypher(ctx: Context, args: CypherArgs) -> Rows:
    s = ctx.settings
    store = store_for(ctx.graph, s)
    try:
        check_read_only(args.query.removeprefix("\ufeff"))  # the corrector only sees what the guard lets through
        try:
            fix = store.correct(args.query)
        except (QueryFailed, QueryTimeout) as exc:  # the schema could not be read: the query runs as written
            log.warning("custom Cypher: no schema to correct against (%s)", exc)
            fix = None
        res = store.run(fix.query if fix else args.query, args.params, timeout_s=s.query_timeout_s,
                        row_cap=s.query_row_cap)
    except QueryRefused as exc:
        raise Stop(REFUSED, f"refused: {exc}") from exc
    except (QueryTimeout, QueryFailed) as exc:  # a syntax error is feedback for the agent
        raise Stop(ERROR, str(exc)) from exc
    notes = []
    extra: dict[str, Any] = {}
    if fix is not None and fix.outcome == "corrected":
        notes.append("relationship directions were corrected to match the graph schema")
        extra["query_run"] = fix.query
    if res.truncated:
        notes.append(f"truncated at {s.query_row_cap} rows")
    empty = "the query returned no rows"
    if fix is not None and fix.outcome == "unmatched":
        empty += ("; a relationship pattern in it occurs in the graph in neither direction "
                  "(see the schema in the tool description)")
    return Rows(res.rows, "; ".join(notes + [empty]), "; ".join(notes), extra)
