"""The chat over its real socket.io protocol, as the browser speaks it: streamed tokens, one run step
with nested tool steps, candidate actions, and two sessions at once keeping their own focus."""
from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import socketio

from tests.app_chat.conftest import branch_family, running_chat


class Client:
    def __init__(self, url: str) -> None:
        self.url, self.session_id = url, str(uuid.uuid4())
        self.events: list[tuple[str, dict]] = []
        self.sio = socketio.AsyncClient()
        self.done = asyncio.Event()

        @self.sio.on("*")
        async def any_event(event: str, data=None) -> None:
            self.events.append((event, data if isinstance(data, dict) else {}))
            if event == "task_end":
                self.done.set()

    async def connect(self) -> None:
        await self.sio.connect(self.url, socketio_path="/ws/socket.io", transports=["websocket"],
                               auth={"sessionId": self.session_id, "clientType": "webapp", "threadId": None})
        await self.sio.emit("connection_successful")
        await asyncio.sleep(0.5)

    async def ask(self, text: str, timeout: float = 60) -> list[tuple[str, dict]]:
        start = len(self.events)
        self.done.clear()
        await self.sio.emit("client_message", {"message": {
            "id": str(uuid.uuid4()), "threadId": "", "name": "User", "type": "user_message", "output": text,
            "createdAt": datetime.now(UTC).isoformat()}, "fileReferences": []})
        await asyncio.wait_for(self.done.wait(), timeout)
        return self.events[start:]


def answer_text(events: list[tuple[str, dict]]) -> str:
    msgs = [d for e, d in events if e in ("new_message", "update_message") and d.get("type") == "assistant_message"]
    return msgs[-1]["output"] if msgs else ""


async def ask_once(url: str, question: str) -> list[tuple[str, dict]]:
    c = Client(url)
    await c.connect()
    try:
        return await c.ask(question)
    finally:
        await c.sio.disconnect()


def test_a_turn_streams_tokens_and_nests_tool_steps(chat_server, truth):
    word, name, uid = branch_family(truth)
    events = asyncio.run(ask_once(chat_server.url, f"What is the address of {name}?"))
    # streamed into the message: its first piece opens the stream, the others follow as tokens
    streamed = "".join(d["output"] if e == "stream_start" else d["token"] for e, d in events
                       if e in ("stream_start", "stream_token"))
    assert any(e == "stream_start" for e, _ in events) and streamed
    steps = {d["id"]: d for e, d in events if e in ("new_message", "update_message") and d.get("type") in ("run", "tool")}
    run_step = next(d for d in steps.values() if d["type"] == "run" and d["name"].startswith("Agent"))
    tools = [d for d in steps.values() if d["type"] == "tool"]
    assert "intent" in run_step["name"] and "offline engine" in run_step["name"] and "State S" in run_step["output"]
    assert tools and all(t["parentId"] == run_step["id"] for t in tools)
    assert any(t["name"].startswith("search_companies · ok") and '"rows"' in t["output"] for t in tools)
    text = answer_text(events)
    assert uid in text and "Dossier mode" in text and "offline engine" in text
    assert streamed.strip() in text  # the final message holds what was streamed


def test_two_sessions_keep_their_own_entity(chat_server, truth):
    _, name_a, uid_a = branch_family(truth)
    uid_b = next(u for u, c in sorted(truth.companies.items(), reverse=True)
                 if c["status"] == "active" and len(truth.officers(u)) >= 2 and "," not in truth.name(u) and u != uid_a)
    name_b = truth.name(uid_b)

    async def run() -> tuple[str, str]:
        a, b = Client(chat_server.url), Client(chat_server.url)
        await asyncio.gather(a.connect(), b.connect())
        try:
            await asyncio.gather(a.ask(f"What is the address of {name_a}?"), b.ask(f"What is the address of {name_b}?"))
            ea, eb = await asyncio.gather(a.ask("Who are its officers?"), b.ask("Who are its officers?"))
            return answer_text(ea), answer_text(eb)
        finally:
            await asyncio.gather(a.sio.disconnect(), b.sio.disconnect())

    text_a, text_b = asyncio.run(run())
    assert f"Persons in the notices of **{name_a}**" in text_a and f"`{uid_a}`" in text_a
    assert f"Persons in the notices of **{name_b}**" in text_b and f"`{uid_b}`" in text_b


def test_an_unreachable_llm_falls_back_to_the_offline_engine_and_says_so(built_world, truth, tmp_path):
    """A presenter whose `.env` holds a key but whose laptop is offline still gets answers, clearly labelled."""
    _, name, uid = branch_family(truth)
    with running_chat(built_world.settings, tmp_path, OPENAI_API_KEY="sk-test", OPENAI_BASE_URL="http://127.0.0.1:9/v1",
                      LLM_MODEL="gpt-test") as server:
        events = asyncio.run(ask_once(server.url, f"What is the address of {name}?"))
    text = answer_text(events)
    assert text.startswith("> Warning: the LLM endpoint failed") and "offline engine" in text.split("\n")[0]
    assert f"`{uid}`" in text and truth.companies[uid]["address"]["street"] in text
    run_step = next(d for e, d in events if e == "update_message" and d.get("type") == "run" and "offline" in d["name"])
    assert run_step["name"].startswith("Agent")
