"""Fixtures of the pipeline tests: small generated worlds and graph servers of their own."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.graphs import OwnGraph, generate


@pytest.fixture(scope="session")
def small_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("world") / "w", 600, seed=11)


@pytest.fixture
def own_graph(tmp_path: Path) -> Iterator[OwnGraph]:
    with OwnGraph(tmp_path) as g:
        yield g
