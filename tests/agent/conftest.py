"""Agent fixtures: the session's built world, its truth, and agents over it."""
from __future__ import annotations

import pytest

from agent.offline.engine import OfflineEngine
from agent.pipeline import Agent
from kg.endpoints import Context
from tests.support.truth import Truth


@pytest.fixture(scope="module")
def ctx(built_world) -> Context:
    return Context(built_world.reader, built_world.settings)


@pytest.fixture(scope="module")
def truth(built_world) -> Truth:
    return Truth.load(built_world.world)


@pytest.fixture(scope="module")
def offline(ctx) -> Agent:
    return Agent(ctx, OfflineEngine())
