"""A run's configuration: what to run (tiers, systems, datasets), with which engine and judge."""
from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, Field, field_validator

from app_eval.systems import SYSTEMS
from kg.settings import Settings

TIERS = (1, 2, 3, 4)
T = TypeVar("T")


def _subset(name: str, chosen: list[T], allowed: tuple[T, ...]) -> list[T]:
    """A non-empty choice among `allowed`, without repeats, in the order of `allowed`."""
    if not chosen or any(c not in allowed for c in chosen):
        raise ValueError(f"{name} must be among {allowed}, got {chosen}")
    return [a for a in allowed if a in chosen]


class RunConfig(BaseModel):
    tiers: list[int] = Field(default_factory=lambda: list(TIERS))
    systems: list[str] = Field(default_factory=lambda: list(SYSTEMS))
    engine: Literal["offline", "llm"] | None = None  # None: llm when configured, else offline (both systems)
    judge: Literal["deterministic", "llm"] = "deterministic"
    limit: int | None = Field(default=None, ge=1)  # per dataset, spread over its levels; conversations for Tier 4
    datasets_dir: str | None = None  # default: <data_dir>/eval/datasets, else the committed demo-world files
    world: str | None = None  # the generated world whose truth.jsonl Tier 1 measures against; default <data_dir>/demo-world
    tier1_sample: int = Field(default=1000, ge=1)
    seed: int = 1
    label: str | None = None
    splits: list[str] = Field(default_factory=lambda: ["dev", "test"])  # which splits of every dataset to run
    # original: each item's own question (the default run); all: also every paraphrase (families, languages)
    phrasings: Literal["original", "all"] = "original"
    # questions answered at once (the LLM server's parallel slots); judging and storing stay in order
    workers: int = Field(default=1, ge=1, le=16)
    # which datasets the tiers run (Tier 2-3: automated, Tier 3: golden, Tier 4: conversational)
    sets: list[str] = Field(default_factory=lambda: ["automated", "golden", "conversational"])

    @field_validator("tiers")
    @classmethod
    def _tiers(cls, v: list[int]) -> list[int]:
        return _subset("tiers", v, TIERS)

    @field_validator("systems")
    @classmethod
    def _systems(cls, v: list[str]) -> list[str]:
        return _subset("systems", v, SYSTEMS)

    @field_validator("sets")
    @classmethod
    def _sets(cls, v: list[str]) -> list[str]:
        return _subset("sets", v, ("automated", "golden", "conversational"))

    @field_validator("splits")
    @classmethod
    def _splits(cls, v: list[str]) -> list[str]:
        return _subset("splits", v, ("dev", "test"))

    def world_dir(self, settings: Settings) -> Path:
        return Path(self.world) if self.world else settings.data_dir / "demo-world"


def default_store(settings: Settings) -> Path:
    return settings.data_dir / "runs" / "runs.sqlite"
