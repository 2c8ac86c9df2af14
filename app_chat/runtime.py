"""What the chat keeps for the process: one graph connection, one checkpointer (SQLite beside CHAT_DB, else
memory) and, through it, every thread's conversation. The agent runs in a worker thread; its events
arrive here as an async stream, so steps and tokens reach the browser while it works, and a stopped turn
ends at the agent's next step with the thread left as it was before it."""
from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

from agent.checkpoints import checkpointer
from agent.factory import make_agent
from agent.pipeline import Agent
from kg.driver import Graph, connect
from kg.endpoints import Context, call
from kg.server import ensure_running
from kg.settings import Settings, get_settings

_lock = threading.Lock()
_graph: Graph | None = None


def graph(settings: Settings) -> Graph:
    """The process's graph connection, opened on first use and reopened after a failure."""
    global _graph
    with _lock:
        if _graph is not None:
            try:
                _graph.driver.verify_connectivity()
                return _graph
            except Exception:  # noqa: BLE001 - the server went away; try a fresh connection
                _graph.close()
                _graph = None
        ensure_running(settings)  # the app starts the embedded server once (again, if it died)
        _graph = connect(settings)
        return _graph


def checkpoint_file() -> Path | None:
    """Where threads' checkpoints are kept: beside the chat's database (CHAT_DB), so a resumed thread continues."""
    db = os.environ.get("CHAT_DB")
    return Path(db).with_name(Path(db).stem + "-checkpoints.sqlite") if db else None


def agent(settings: Settings | None = None, engine: str | None = None) -> Agent:
    """An agent over the process's connection and checkpointer (cheap: the graph is compiled once)."""
    s = settings or get_settings()
    return make_agent(Context(graph(s), s), engine, saver=checkpointer(checkpoint_file()))


async def events(agent: Agent, question: str | None, thread_id: str, choice: str | None = None
                 ) -> AsyncIterator[dict[str, Any]]:
    """The agent's events as they happen; an exception ends the stream as {"type": "error", "error": exc}.
    Cancelled (Chainlit's stop button), the worker stops the turn at its next step."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
    stop = threading.Event()

    def post(event: dict[str, Any] | None) -> None:
        if stop.is_set():
            return  # nobody reads any more (and the loop may be gone)
        try:
            loop.call_soon_threadsafe(queue.put_nowait, event)
        except RuntimeError:  # the event loop closed meanwhile
            stop.set()

    def work() -> None:
        try:
            with closing(agent.stream(question, thread_id=thread_id, choice=choice)) as stream:
                for event in stream:
                    if stop.is_set():
                        break  # closing the stream rewinds the thread
                    post(event)
        except Exception as exc:  # noqa: BLE001 - shown to the user, the chat goes on
            post({"type": "error", "error": exc})
        finally:
            post(None)

    worker = threading.Thread(target=work, name="agent-turn", daemon=True)
    worker.start()
    try:
        while (event := await queue.get()) is not None:
            yield event
    finally:
        stop.set()


def forget(thread_id: str) -> None:
    """A thread nobody can come back to (no CHAT_DB): its checkpoints go."""
    if checkpoint_file() is None:
        checkpointer(None).delete_thread(thread_id)


def starter_questions(settings: Settings) -> list[tuple[str, str]]:
    """Demo questions about entities that exist in the configured graph (label, message)."""
    ctx = Context(graph(settings), settings)
    busy = call(ctx, "get_top_entities", {"metric": "notices", "limit": 1}).rows
    hub = call(ctx, "execute_custom_cypher", {
        "query": "MATCH (p:Person)-[:HAS_NAME]->(h:NameHub) WITH h, count(p) AS n WHERE n >= 2 "
                 "RETURN h.name AS name ORDER BY n DESC, name LIMIT 1"}).rows
    out = []
    if busy:
        out.append(("Company dossier", f"Who are the board members of {busy[0]['name']}?"))
    if hub:
        last, _, first = hub[0]["name"].partition(", ")
        out.append(("Person and connections", f"In which companies is {first} {last} active?"))
    out += [("Ranking", "Top 10 companies by capital in canton Zürich"),
            ("Count", "How many bankruptcies were there per year?")]
    return out
