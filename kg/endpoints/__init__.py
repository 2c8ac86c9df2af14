"""The semantic query endpoints of SPEC §6 / paper Table 8: one module per endpoint, one registry."""
from __future__ import annotations

from typing import Any

from kg.endpoints import analytics, as_of, connections, custom, events, history, network, persons, search, text_search
from kg.endpoints.base import Context, Endpoint, Status, ToolResult

ENDPOINTS: dict[str, Endpoint] = {e.name: e for e in (
    search.search_companies, network.explore_network, history.get_node_history, text_search.global_text_search,
    analytics.get_top_entities, analytics.count_entities_by_event, custom.execute_custom_cypher,
    as_of.company_as_of, events.list_events, persons.rank_persons, connections.find_connections)}


def call(ctx: Context, name: str, args: dict[str, Any]) -> ToolResult:
    """Validate `args` and run one endpoint. Unknown tools, bad arguments and database failures come
    back as an error result with the reason, so a caller (agent or UI) can show it and go on."""
    endpoint = ENDPOINTS.get(name)
    if endpoint is None:
        return ToolResult(name, args, Status.ERROR, message=f"unknown tool {name!r}; tools: {', '.join(ENDPOINTS)}")
    return endpoint(ctx, args)


def describe(name: str, ctx: Context | None = None) -> str:
    """The description the model sees for tool `name`: built from the connected graph where the tool can
    (execute_custom_cypher lists the graph's labels, relationship types and properties), else the static one."""
    return ENDPOINTS[name].describe(ctx)


__all__ = ["ENDPOINTS", "Context", "Endpoint", "Status", "ToolResult", "call", "describe"]
