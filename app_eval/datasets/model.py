"""The dataset file format. Every expected answer carries its checkable facts (kind, value, key), so
the deterministic judge needs no parsing of prose and the LLM judge still reads the prose."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

AUTOMATED, GOLDEN, CONVERSATIONAL = "automated", "golden", "conversational"
KINDS = (AUTOMATED, GOLDEN, CONVERSATIONAL)
FORMAT_VERSION = 2  # 2: splits, paraphrases, first tools, entity uids, answer kinds and the notices' checks
DEV, TEST = "dev", "test"
SPLITS = (DEV, TEST)
Split = Literal["dev", "test"]
Language = Literal["en", "de", "fr", "it"]
# What the answer must be: one fact (or a few), a set of items (scored by set precision/recall/F1),
# a count, or "not found" (the question names an entity the graph does not hold).
AnswerKind = Literal["fact", "list", "count", "not_found"]


class Fact(BaseModel):
    kind: Literal["uid", "publication", "date", "number", "name", "text"]
    value: str
    key: bool = True  # a key fact is what the question asks for (correctness); all facts count for recall


class Paraphrase(BaseModel):
    """The same question asked another way. Families are fixed per split: no family of a `test` item is
    used by any `dev` item (SPEC §10), so engines tuned on `dev` meet unseen phrasings on `test`."""
    family: str  # e.g. "dev-syntax", "test-lowercase-typo", "test-fr"
    language: Language = "en"
    question: str


class Item(BaseModel):
    id: str
    level: str  # automated: "1" | "2" | "3"; golden: easy | medium | hard
    category: str  # the query class / question type
    question: str
    expected: str
    facts: list[Fact]
    source: dict[str, Any] = Field(default_factory=dict)  # the uids / publications the answer rests on
    split: Split = "dev"
    paraphrases: list[Paraphrase] = Field(default_factory=list)
    expected_first_tool: str | None = None  # the tool a good plan calls first (TSA)
    entity_uids: list[str] = Field(default_factory=list)  # the entities the question is about (empty: not found)
    answer_kind: AnswerKind = "fact"


class Turn(BaseModel):
    question: str
    expected: str
    facts: list[Fact]
    tags: list[Literal["context_carryover", "entity_memory", "temporal_memory", "subject_shift", "correction",
                       "comparison"]] = Field(default_factory=list)
    expected_tool_behavior: list[str] = Field(default_factory=list)  # at least one of these tools should be called
    entity_uids: list[str] = Field(default_factory=list)  # the entity this turn is about (CCA, TTA check it)
    answer_kind: AnswerKind = "fact"


class Conversation(BaseModel):
    id: str
    goal: str
    turns: list[Turn]
    source: dict[str, Any] = Field(default_factory=dict)
    split: Split = "dev"


class Check(BaseModel):
    """One disagreement between an item's reference and the second procedure, which re-derives it from the
    world's XML notices (`checks.py`), and what was done about it."""
    item: str  # item id, or "C03.2" for turn 2 of conversation C03
    category: str
    reference: list[str]  # the builder's key facts
    notices: list[str]  # what the notices state
    action: Literal["reference follows the notices", "kept", "excluded"]
    note: str = ""


class Dataset(BaseModel):
    kind: Literal["automated", "golden", "conversational"]
    format: int = FORMAT_VERSION
    version: str  # e.g. "demo-2026-20000-g2-v1": world, generator and builder version
    world: dict[str, Any]  # the truth summary line of the world it was built for (seed, publications, generator)
    built_from: Literal["graph", "truth"]
    checked_by_hand: str | None = None  # what a person checked, when
    items: list[Item] = Field(default_factory=list)
    conversations: list[Conversation] = Field(default_factory=list)
    world_digest: str | None = None  # sha256 of the world's truth.jsonl: the files are regenerated when it changes
    checks: list[Check] = Field(default_factory=list)  # every disagreement the notices showed, and its resolution

    @property
    def size(self) -> int:
        return len(self.items) or len(self.conversations)
