"""What an engine provides to the one pipeline (router -> loop -> state machine -> synthesis):
the intent, the next tool call, and the answer text. Two engines: `llm` and `offline`."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agent.session import Session
from agent.states import Decision
from agent.trace import Step
from kg.endpoints import Context, ToolResult


class EngineError(RuntimeError):
    """The engine could not produce an answer (e.g. the LLM endpoint failed); the message says why."""


@dataclass
class Turn:
    """Everything one question accumulates on its way through the pipeline."""
    question: str
    session: Session
    ctx: Context
    intent: str = ""
    allowed: tuple[str, ...] = ()
    trace: list[Step] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)  # an unresolved search (S0)
    profile: dict[str, Any] | None = None  # the focal entity's search row, when retrieved this turn
    llm_calls: int = 0
    scratch: dict[str, Any] = field(default_factory=dict)  # engine-private (messages, parsed question)

    def last(self, tool: str) -> ToolResult | None:
        return next((r for r in reversed(self.results) if r.tool == tool), None)


@dataclass(frozen=True)
class ToolCall:
    tool: str
    args: dict[str, Any]


class Engine(ABC):
    name: str
    label: str

    @abstractmethod
    def route(self, turn: Turn) -> str:
        """One of agent.intents.INTENTS."""

    @abstractmethod
    def next_call(self, turn: Turn) -> ToolCall | None:
        """The next tool call (steps A-B of the loop), or None when the evidence suffices."""

    def observe(self, turn: Turn, step: Step, result: ToolResult) -> None:  # noqa: B027 - optional hook
        """Step D: the result (and any recovery feedback) enters the engine's context."""

    @abstractmethod
    def synthesize(self, turn: Turn, decision: Decision, emit: Callable[[str], None]) -> str:
        """The answer, streamed through `emit` piece by piece, and returned whole."""
