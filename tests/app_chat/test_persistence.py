"""With the documented variables set, the chat asks for a password and keeps threads in SQLite, and a
resumed thread continues with the same conversation and active entity."""
from __future__ import annotations

import asyncio
import sqlite3
import urllib.error
import urllib.parse
import urllib.request

import pytest
import socketio

from app_chat.auth import hash_password
from tests.app_chat.conftest import branch_family, running_chat
from tests.app_chat.test_socket import Client, answer_text

PASSWORD = "correct horse battery staple"


@pytest.fixture(scope="module")
def secured(built_world, tmp_path_factory):
    home = tmp_path_factory.mktemp("secured")
    (home / "passwords").write_text(f"alice:{hash_password(PASSWORD)}\n")
    with running_chat(built_world.settings, home, CHAT_PASSWORDS_FILE=str(home / "passwords"),
                      CHAT_DB=str(home / "chat.db"), CHAINLIT_AUTH_SECRET="x" * 48) as server:
        yield server.url, home / "chat.db"


def login(url: str, password: str) -> str:
    data = urllib.parse.urlencode({"username": "alice", "password": password}).encode()
    with urllib.request.urlopen(urllib.request.Request(url + "/login", data=data, method="POST")) as r:  # noqa: S310
        return r.headers["set-cookie"].split(";")[0]


async def connect(url: str, cookie: str, thread_id: str | None = None) -> Client:
    c = Client(url)
    c.sio = socketio.AsyncClient()

    @c.sio.on("*")
    async def any_event(event: str, data=None) -> None:
        c.events.append((event, data if isinstance(data, dict) else {}))
        if event == "task_end":
            c.done.set()

    await c.sio.connect(url, socketio_path="/ws/socket.io", transports=["websocket"], headers={"Cookie": cookie},
                        auth={"sessionId": c.session_id, "clientType": "webapp", "threadId": thread_id})
    await c.sio.emit("connection_successful")
    await asyncio.sleep(1)
    return c


def test_login_is_required_and_checked(secured):
    url, _ = secured
    with pytest.raises(urllib.error.HTTPError) as e:
        login(url, "wrong password")
    assert e.value.code == 401
    assert login(url, PASSWORD).startswith("access_token=")
    with pytest.raises(socketio.exceptions.ConnectionError):
        asyncio.run(connect(url, "access_token=forged"))


def test_threads_are_kept_and_resume_with_their_entity(secured, truth):
    url, db = secured
    _, name, _ = branch_family(truth)
    cookie = login(url, PASSWORD)

    async def first() -> str:
        c = await connect(url, cookie)
        events = await c.ask(f"What is the address of {name}?")
        await asyncio.sleep(0.5)
        await c.sio.disconnect()
        return next(d["threadId"] for e, d in events if e == "new_message" and d.get("threadId"))

    thread_id = asyncio.run(first())
    with sqlite3.connect(db) as con:
        (user,) = con.execute('SELECT "userIdentifier" FROM threads WHERE id = ?', (thread_id,)).fetchone()
        steps = [r[0] for r in con.execute('SELECT type FROM steps WHERE "threadId" = ?', (thread_id,))]
    assert user == "alice" and {"user_message", "assistant_message", "run", "tool"} <= set(steps)
    # the conversation itself is the agent's: LangGraph checkpoints of the same thread, beside the database
    checkpoints = db.with_name("chat-checkpoints.sqlite")
    assert checkpoints.stat().st_mode & 0o077 == 0
    with sqlite3.connect(checkpoints) as con:
        (n,) = con.execute("SELECT count(*) FROM checkpoints WHERE thread_id = ?", (thread_id,)).fetchone()
    assert n > 0

    async def resumed() -> str:
        c = await connect(url, cookie, thread_id)
        events = await c.ask("Who are its officers?")
        await c.sio.disconnect()
        return answer_text(events)

    assert f"Persons in the notices of **{name}**" in asyncio.run(resumed())
