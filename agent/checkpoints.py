"""Where conversations are checkpointed: in memory (the default) or in a SQLite file (the chat with CHAT_DB).

One saver per process and place, so every turn of a thread finds the checkpoints of the turns before it."""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from agent.graph_state import CHECKPOINT_TYPES
from kg.files import private_file, tighten_sqlite

_lock = threading.Lock()
_savers: dict[str, BaseCheckpointSaver] = {}


def serializer() -> JsonPlusSerializer:
    """LangGraph's serializer, allowed to restore exactly the project's own checkpoint types."""
    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)


def checkpointer(path: Path | None = None) -> BaseCheckpointSaver:
    """The process's saver: in memory, or SQLite at `path` (created owner-only; kept across restarts)."""
    key = str(path.resolve()) if path else ":memory:"
    with _lock:
        saver = _savers.get(key)
        if saver is None:
            if path is None:
                saver = InMemorySaver(serde=serializer())
            else:
                from langgraph.checkpoint.sqlite import SqliteSaver  # noqa: PLC0415 - only when a file is configured

                private_file(path)
                saver = SqliteSaver(sqlite3.connect(path, check_same_thread=False), serde=serializer())
                saver.setup()
                tighten_sqlite(path)
            _savers[key] = saver
        return saver
