"""The dataset file format. Every expected answer carries its checkable facts (kind, value, key), so
the deterministic judge needs no parsing of prose and the LLM judge still reads the prose."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

AUTOMATED, GOLDEN, CONVERSATIONAL = "automated", "golden", "conversational"
KINDS = (AUTOMATED, GOLDEN, CONVERSATIONAL)
FORMAT_VERSION = 1


class Fact(BaseModel):
    kind: Literal["uid", "publication", "date", "number", "name", "text"]
    value: str
    key: bool = True  # a key fact is what the question asks for (correctness); all facts count for recall


class Item(BaseModel):
    id: str
    level: str  # automated: "1" | "2" | "3"; golden: easy | medium | hard
    category: str  # the query class / question type
    question: str
    expected: str
    facts: list[Fact]
    source: dict[str, Any] = Field(default_factory=dict)  # the uids / publications the answer rests on


class Turn(BaseModel):
    question: str
    expected: str
    facts: list[Fact]
    tags: list[Literal["context_carryover", "entity_memory", "temporal_memory"]] = Field(default_factory=list)
    expected_tool_behavior: list[str] = Field(default_factory=list)  # at least one of these tools should be called


class Conversation(BaseModel):
    id: str
    goal: str
    turns: list[Turn]
    source: dict[str, Any] = Field(default_factory=dict)


class Dataset(BaseModel):
    kind: Literal["automated", "golden", "conversational"]
    format: int = FORMAT_VERSION
    version: str  # e.g. "demo-2026-20000-g2-v1": world, generator and builder version
    world: dict[str, Any]  # the truth summary line of the world it was built for (seed, publications, generator)
    built_from: Literal["graph", "truth"]
    checked_by_hand: str | None = None  # what a person checked, when
    items: list[Item] = Field(default_factory=list)
    conversations: list[Conversation] = Field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.items) or len(self.conversations)
