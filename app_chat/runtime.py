"""What the chat keeps for the process: one graph connection, one checkpointer (SQLite beside CHAT_DB, else
memory) and, through it, every thread's conversation. The agent runs in a worker thread; its events
arrive here as an async stream, so steps and tokens reach the browser while it works, and a stopped turn
ends at the agent's next step with the thread left as it was before it."""
from __future__ import annotations

import asyncio
import logging
import math
import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

from agent.checkpoints import checkpointer
from agent.factory import make_agent
from agent.llm import OFFLINE
from agent.pipeline import Agent
from agent.session import Session
from kg.driver import Graph, connect
from kg.endpoints import Context, call
from kg.server import ensure_running
from kg.settings import Settings, get_settings
from kg.warm import warm

log = logging.getLogger(__name__)
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


WARM_UP_SECONDS = 60.0


def warm_up_seconds() -> float:
    """How long the chat's start waits for `warm_up` (CHAT_WARM_UP_SECONDS, default 60; 0: no warming). A value that
    is not a number of seconds is named in a warning and the default used: the chat still starts."""
    raw = os.environ.get("CHAT_WARM_UP_SECONDS", "").strip()
    try:
        seconds = float(raw) if raw else WARM_UP_SECONDS
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        log.warning("CHAT_WARM_UP_SECONDS=%r is not a number of seconds: warming up for at most %.0f s", raw,
                    WARM_UP_SECONDS)
        return WARM_UP_SECONDS
    return seconds


def warm_up(settings: Settings | None = None) -> dict[str, Any]:
    """What the chat does once it starts, before it serves: opens the graph (starting the embedded server where it is
    not running), calls every endpoint once (`kg.warm`) and answers the starter questions with the offline engine in
    a conversation of its own, which nobody sees and which is then dropped. The first users' questions then find the
    server's compiled queries and caches and the agent's modules and word lists ready (on the demo graph the first
    questions after a server start took 0.4-0.85 s against 0.07-0.39 s later). Returns what it did."""
    s = settings or get_settings()
    t0 = time.perf_counter()
    ctx = Context(graph(s), s)
    calls = warm(ctx)
    questions = [q for _, q in starter_questions(s)]
    asker = make_agent(ctx, OFFLINE, saver=checkpointer(checkpoint_file()))  # the chat's compiled graph; the
    # conversation is a Session, on a thread of its own that the agent deletes after each turn
    for q in questions:
        asker.ask(q, session=Session())
    return {"calls": len(calls), "failed": [c.tool for c in calls if c.status == "error"], "questions": len(questions),
            "seconds": round(time.perf_counter() - t0, 2)}
