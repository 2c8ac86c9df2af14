"""Evaluation fixtures: the three datasets built for the session's `built_world` (in a tmp dir, with the
builders), and that world's truth."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from app_eval.datasets.build import build_all
from app_eval.datasets.truth import Truth


@dataclass
class BuiltDatasets:
    directory: Path
    truth: Truth


@pytest.fixture(scope="session")
def datasets(built_world, tmp_path_factory: pytest.TempPathFactory) -> BuiltDatasets:
    out = tmp_path_factory.mktemp("eval-datasets")
    build_all(built_world.world, out, built_world.graph)
    return BuiltDatasets(out, Truth.load(built_world.world))
