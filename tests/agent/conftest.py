"""Agent fixtures: the session's built world, its truth, and agents over it."""
from __future__ import annotations

import pytest

from agent.offline.engine import OfflineEngine
from agent.pipeline import Agent


@pytest.fixture(scope="module")
def offline(ctx) -> Agent:
    return Agent(ctx, OfflineEngine())
