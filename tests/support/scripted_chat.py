"""A LangChain chat model that plays a script: for unit tests of the LLM engine without any server.

Each script item is a string (a text reply), a dict {"tool": name, "args": {...}} (one tool call),
or a callable(messages) -> either of those. Every call's messages and every tool binding are recorded.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field


class ScriptedChat(BaseChatModel):
    script: list[Any] = Field(default_factory=list)
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    bindings: list[tuple[list[str], dict]] = Field(default_factory=list)
    fallback: str | dict | None = None  # used when the script runs out

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: list, **kwargs: Any) -> ScriptedChat:  # type: ignore[override]
        self.bindings.append(([t.name for t in tools], kwargs))
        return self

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self.calls.append(list(messages))
        item = self.script.pop(0) if self.script else self.fallback
        if isinstance(item, Callable):  # type: ignore[arg-type]
            item = item(messages)
        if isinstance(item, dict):
            msg = AIMessage("", tool_calls=[{"name": item["tool"], "args": item.get("args", {}),
                                             "id": f"call_{len(self.calls)}", "type": "tool_call"}])
        else:
            msg = AIMessage(str(item))
        return ChatResult(generations=[ChatGeneration(message=msg)])
