"""What the chat keeps between messages: one graph connection for the process, and per chat thread a
conversation (agent Session) and an agent. The agent runs in a worker thread; its events arrive here
as an async stream, so steps and tokens reach the browser while it works."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from agent.factory import make_agent
from agent.pipeline import Agent
from agent.session import Session
from kg.driver import Graph, connect
from kg.endpoints import Context, call
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
        _graph = connect(settings)
        return _graph


@dataclass
class ChatState:
    session: Session = field(default_factory=Session)
    engine: str | None = None  # None: llm when configured, else offline

    def agent(self, settings: Settings | None = None) -> Agent:
        s = settings or get_settings()
        return make_agent(Context(graph(s), s), self.engine)


async def events(agent: Agent, question: str, session: Session, uid: str | None = None) -> AsyncIterator[dict[str, Any]]:
    """The agent's events as they happen; an exception ends the stream as {"type": "error", "error": exc}."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def work() -> None:
        try:
            for event in agent.stream(question, session, uid):
                loop.call_soon_threadsafe(queue.put_nowait, event)
        except Exception as exc:  # noqa: BLE001 - shown to the user, the chat goes on
            loop.call_soon_threadsafe(queue.put_nowait, {"type": "error", "error": exc})
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=work, name="agent-turn", daemon=True).start()
    while (event := await queue.get()) is not None:
        yield event


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
