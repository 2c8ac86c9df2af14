"""Build an agent for the configured graph and the chosen engine."""
from __future__ import annotations

from langgraph.checkpoint.base import BaseCheckpointSaver

from agent.engines.base import Engine
from agent.llm import OFFLINE, engine_name
from agent.offline.engine import OfflineEngine
from agent.pipeline import Agent
from kg.endpoints import Context
from kg.settings import Settings


def make_engine(settings: Settings, engine: str | None = None) -> Engine:
    if engine_name(settings, engine) == OFFLINE:
        return OfflineEngine()
    from agent.engines.llm import LLMEngine  # noqa: PLC0415 - keeps the offline path free of the OpenAI client

    return LLMEngine(settings)


def make_agent(ctx: Context, engine: str | None = None, saver: BaseCheckpointSaver | None = None) -> Agent:
    """With the engine left to the configuration (AGENT_ENGINE=auto), an LLM that fails falls back to the
    offline engine, labelled; an engine chosen explicitly (the evaluation, `--engine llm`) fails loudly."""
    chosen = make_engine(ctx.settings, engine)
    automatic = engine is None and ctx.settings.agent_engine == "auto"
    return Agent(ctx, chosen, OfflineEngine() if automatic and chosen.name != OFFLINE else None, saver)
