"""The kg endpoints as the agent's tools: executed through one function that records the trace step,
and exposed to LangChain chat models as `StructuredTool`s with the endpoints' typed argument schemas."""
from __future__ import annotations

import secrets
from typing import Any

from langchain_core.tools import StructuredTool

from agent.feedback import feedback_for
from agent.safe_text import prompt_json, tag_text
from agent.trace import Step
from kg.endpoints import ENDPOINTS, Context, ToolResult, call, describe

PAYLOAD_CHARS = 6000  # what the model sees of one result; the trace keeps it all


def execute(ctx: Context, tool: str, args: dict[str, Any], allowed: tuple[str, ...]) -> tuple[Step, ToolResult]:
    """Run one tool call; a tool outside the intent's set is refused here, whatever the model asked."""
    if tool not in allowed:
        res = ToolResult(tool, args, "error", message=f"tool {tool!r} is not available for this question; "
                                                         f"available: {', '.join(allowed)}")
    else:
        res = call(ctx, tool, args)
    step = Step(tool, res.args, res.status, len(res.rows), res.ms, res.message, payload=res.to_dict())
    step.feedback = feedback_for(step)
    return step, res


def new_nonce() -> str:
    """A per-turn random mark for the loop's own blocks; the system prompts name it, notice text cannot know it."""
    return secrets.token_hex(8)


def as_model_content(step: Step, nonce: str) -> str:
    """The tool message the model reads: the result as data, clipped, then the loop's own recovery hint.

    Tool output is data (SPEC §10): the JSON body has `<`, `>`, `&` and line separators \\u-escaped, so no
    text in a notice can close the block, open a tag or start a line (a forged `FEEDBACK:` or `<tool_call>`);
    both blocks carry the turn's nonce, which the system prompt names, so a block without it is visibly forged."""
    body = prompt_json({k: v for k, v in step.payload.items() if k != "extra"} | (
        {"entity": step.payload["extra"].get("entity")} if step.payload.get("extra") else {}))
    if len(body) > PAYLOAD_CHARS:
        body = body[:PAYLOAD_CHARS] + " …(clipped)"
    text = (f'<tool_result tool="{tag_text(step.tool)}" status="{tag_text(step.status)}" nonce="{nonce}">\n'
            f"{body}\n</tool_result>")
    return text + (f'\n<feedback nonce="{nonce}">{tag_text(step.feedback)}</feedback>' if step.feedback else "")


def langchain_tools(allowed: tuple[str, ...], ctx: Context | None = None) -> list[StructuredTool]:
    """Schemas only: the loop executes calls itself (one at a time, through `execute`). With the turn's `ctx`, a
    description comes from the connected graph where the tool has one (execute_custom_cypher lists the graph's
    labels, relationship types and properties, read once per connection); without it, the static one."""
    def _unused(**_: Any) -> str:  # never called: binding needs a callable
        raise RuntimeError("tools are executed by the agent loop")

    return [StructuredTool.from_function(_unused, name=name, description=describe(name, ctx),
                                         args_schema=ENDPOINTS[name].args_model) for name in allowed]
