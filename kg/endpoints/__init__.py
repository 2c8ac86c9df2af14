"""The semantic query endpoints of SPEC §6 / paper Table 8: one module per endpoint, one registry."""
from __future__ import annotations

import time
from typing import Any

from pydantic import ValidationError

from kg.endpoints import analytics, custom, history, network, search, text_search
from kg.endpoints.base import Context, Endpoint, ToolResult

ENDPOINTS: dict[str, Endpoint] = {e.name: e for e in (
    search.ENDPOINT, network.ENDPOINT, history.ENDPOINT, text_search.ENDPOINT, analytics.TOP_ENDPOINT,
    analytics.COUNT_ENDPOINT, custom.ENDPOINT)}


def call(ctx: Context, name: str, args: dict[str, Any]) -> ToolResult:
    """Validate `args` and run one endpoint. Unknown tools, bad arguments and database failures come
    back as an error result with the reason, so a caller (agent or UI) can show it and go on."""
    started = time.perf_counter()
    endpoint = ENDPOINTS.get(name)
    if endpoint is None:
        return ToolResult(name, args, "error", message=f"unknown tool {name!r}; tools: {', '.join(ENDPOINTS)}")
    try:
        parsed = endpoint.args_model.model_validate(args)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
        return ToolResult(name, args, "error", message=f"invalid arguments: {problems}")
    try:
        return endpoint.run(ctx, parsed)
    except Exception as exc:  # noqa: BLE001 - graph down, timeout: reported, not raised
        return ToolResult(name, args, "error", message=f"{type(exc).__name__}: {str(exc)[:300]}",
                          ms=(time.perf_counter() - started) * 1000)


__all__ = ["ENDPOINTS", "Context", "Endpoint", "ToolResult", "call"]
