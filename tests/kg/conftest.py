"""What the graph tests share: the built world read as the endpoints read it, and its ground truth."""
from __future__ import annotations

import pytest

from kg.endpoints import Context
from tests.support.truth import Truth


@pytest.fixture(scope="module")
def ctx(built_world) -> Context:
    return Context(built_world.reader, built_world.settings)


@pytest.fixture(scope="module")
def truth(built_world) -> Truth:
    return Truth.load(built_world.world)
