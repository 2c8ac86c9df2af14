"""A data directory with the built world's datasets and one finished small run, for the console tests."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from app_eval import api
from app_eval.config import RunConfig
from app_eval.datasets.build import build_all
from kg.settings import Settings


@dataclass
class ConsoleData:
    settings: Settings
    run_id: str

    def env(self) -> dict[str, str]:
        s = self.settings
        return {"GRAPH_DATA_DIR": str(s.graph_dir), "GRAPH_BOLT_PORT": str(s.graph_bolt_port),
                "GRAPH_HTTP_PORT": str(s.graph_http_port), "GAZETTE_DATA_DIR": str(s.data_dir)}


@pytest.fixture(scope="session")
def console_data(built_world, tmp_path_factory) -> ConsoleData:
    data = tmp_path_factory.mktemp("console-data")
    build_all(built_world.world, data / "eval" / "datasets", built_world.graph)
    settings = built_world.settings.model_copy(update={"data_dir": data})
    config = RunConfig(tiers=[2, 3, 4], systems=["graphrag"], engine="offline", judge="deterministic", limit=3,
                       label="console fixture")
    return ConsoleData(settings, api.run(config, settings))


@pytest.fixture
def console_env(console_data, monkeypatch) -> ConsoleData:
    """The console process reads its settings from the environment (get_settings is cached: cleared here)."""
    from kg.settings import get_settings

    for k, v in console_data.env().items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    get_settings.cache_clear()
    yield console_data
    get_settings.cache_clear()


ROOT = Path(__file__).resolve().parent.parent.parent
CONSOLE = str(ROOT / "app_eval" / "console.py")
assert os.path.exists(CONSOLE)
