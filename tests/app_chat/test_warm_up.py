"""The chat warms the graph and the agent before it serves (runtime.warm_up, on Chainlit's app start): every
endpoint called once and the starter questions answered in a conversation nobody sees, which leaves no thread in the
chat's checkpointer."""
from __future__ import annotations

import pytest

from agent.checkpoints import checkpointer
from app_chat import runtime


@pytest.fixture
def chat_settings(built_world, monkeypatch):
    monkeypatch.delenv("CHAT_DB", raising=False)
    monkeypatch.setattr(runtime, "_graph", None)
    yield built_world.settings
    if runtime._graph is not None:
        runtime._graph.close()


def _threads() -> set[str]:
    return {c.config["configurable"]["thread_id"] for c in checkpointer(None).list(None)}


def test_the_warm_up_answers_the_starters_and_keeps_no_thread(chat_settings):
    before = _threads()
    done = runtime.warm_up(chat_settings)
    assert done["calls"] >= 11 and done["failed"] == [] and done["questions"] == 4
    assert _threads() == before


def test_the_chat_started_warm(chat_server):
    log = chat_server.log.read_text()
    assert "warmed up before serving" in log and "'failed': []" in log, log[-2000:]


@pytest.mark.parametrize(("value", "seconds"), [("", 60.0), ("0", 0.0), ("12.5", 12.5), ("soon", 60.0), ("-3", 60.0),
                                                ("nan", 60.0)])
def test_the_warm_up_time_is_read_from_the_environment(monkeypatch, caplog, value, seconds):
    monkeypatch.setenv("CHAT_WARM_UP_SECONDS", value)
    assert runtime.warm_up_seconds() == seconds
    assert ("CHAT_WARM_UP_SECONDS" in caplog.text) == (value in ("soon", "-3", "nan"))
