"""The agent's state as LangGraph keeps it: serializable values with reducers, checkpointed after every step.

One conversation is one LangGraph thread. `session` is the conversation (turns, the active entity, the
last candidate table; `agent.session.Session` as a dict), carried from turn to turn by the checkpoint.
The other keys belong to the current turn: `begin` resets them, and the trace and results are appended
by their reducer as each tool call finishes (`Overwrite` starts a turn's list afresh).
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from agent.engines.base import Engine, ToolCall
from agent.states import Decision
from agent.trace import Step
from kg.endpoints import Context, ToolResult


class AgentState(TypedDict, total=False):
    # what a turn is asked
    question: str
    anchor_uid: str | None  # the UI's anchor: start this turn in dossier mode on that entity
    # the conversation, kept across turns
    session: dict[str, Any]
    # the current turn
    intent: str
    allowed: list[str]
    trace: Annotated[list[Step], operator.add]
    results: Annotated[list[ToolResult], operator.add]
    candidates: list[dict[str, Any]]  # an unresolved search (S0)
    profile: dict[str, Any] | None
    llm_calls: int
    scratch: dict[str, Any]  # engine-private, serializable (messages, the parsed question)
    call: ToolCall | None
    decision: Decision | None
    answer: str
    engine: str  # the engine that answered


@dataclass(frozen=True)
class Deps:
    """What the nodes use but the checkpoint does not keep: the graph connection and the deciding engine."""
    ctx: Context
    engine: Engine


# The project's own types that may sit in a checkpoint (LangGraph refuses unregistered ones in strict mode).
CHECKPOINT_TYPES: list[tuple[str, str]] = [
    ("agent.trace", "Step"),
    ("kg.endpoints.base", "ToolResult"),
    ("kg.endpoints.base", "Status"),
    ("agent.engines.base", "ToolCall"),
    ("agent.states", "Decision"),
    ("agent.offline.understand", "Understanding"),
    ("agent.offline.graph_questions", "GraphAsk"),
]
