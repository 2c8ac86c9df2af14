"""Tool calls a model wrote as text instead of a structured call (SPEC §10, issue 18).

Small models often answer a tool-choosing step with `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`
(the Hermes/Qwen format) or a bare JSON object, sometimes in a code fence. Such a call is read only from the
model's own reply, never from tool output (a notice can hold the same text), and never runs
`execute_custom_cypher`: free Cypher comes only through a structured call the client validated.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
FENCED = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.DOTALL)
NEVER_FROM_TEXT = frozenset({"execute_custom_cypher"})


@dataclass(frozen=True)
class TextCall:
    name: str
    args: dict[str, Any]


@dataclass(frozen=True)
class TextCallProblem:
    """Text that tried to be a call but cannot run: the reason goes back to the model as feedback."""
    reason: str


def _objects(text: str) -> list[str]:
    """JSON object candidates: tagged blocks, fenced blocks, else the outermost {...} of the reply."""
    tagged = [m.group(1) for m in TAGGED.finditer(text)]
    if tagged:
        return tagged
    fenced = [m.group(1) for m in FENCED.finditer(text)]
    if fenced:
        return fenced
    start, end = text.find("{"), text.rfind("}")
    return [text[start:end + 1]] if 0 <= start < end else []


def parse(content: str, allowed: tuple[str, ...]) -> TextCall | TextCallProblem | None:
    """The first call written in the reply's text, a problem to report, or None when the text holds no call."""
    for raw in _objects(content):
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        fn = obj.get("function") if isinstance(obj.get("function"), dict) else obj
        name = fn.get("name") or fn.get("tool")
        args = fn.get("arguments", fn.get("parameters", fn.get("args", {})))
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except ValueError:
                return TextCallProblem(f"the arguments of {name!r} are not valid JSON")
        if not isinstance(name, str):
            continue
        if name in NEVER_FROM_TEXT:
            return TextCallProblem(f"{name} cannot be called from text; use a structured tool call")
        if name not in allowed:
            return TextCallProblem(f"unknown tool {name!r}; available: {', '.join(allowed)}")
        if not isinstance(args, dict):
            return TextCallProblem(f"the arguments of {name!r} must be a JSON object")
        return TextCall(name, args)
    return None
