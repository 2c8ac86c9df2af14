"""One index of the built world for all baseline tests (embedding 1,500 notices on CPU takes minutes)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from agent.baseline import Baseline, IndexReport
from kg.settings import Settings


@dataclass
class Indexed:
    baseline: Baseline
    report: IndexReport
    settings: Settings  # the built world's graph, with a data_dir (Chroma) of its own
    env: dict[str, str]  # the same, for a CLI subprocess


@pytest.fixture(scope="session")
def indexed(built_world, tmp_path_factory: pytest.TempPathFactory) -> Indexed:
    data_dir = tmp_path_factory.mktemp("baseline")
    settings = built_world.settings.model_copy(update={"data_dir": data_dir})
    baseline = Baseline(settings)
    report = baseline.index(progress=False, graph=built_world.graph)
    return Indexed(baseline, report, settings, built_world.env() | {"GAZETTE_DATA_DIR": str(data_dir)})
