"""What a tester checks on a running chat with logins: files readable by their owner only (and looser
ones tightened at start), credentialed cross-origin calls only from the configured origins (HTTP and the
chat socket), uploads off, and repeated failed logins refused with a clear message (API and login page)."""
from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
import stat
import uuid

import httpx
import pytest
import socketio

from app_chat.auth import PasswordFile, create_schema, hash_password, load_users, parse_hash
from app_chat.web import allowed_origins, origin_allowed, with_refusal_text
from kg.files import private_file, tighten_sqlite
from tests.app_chat.conftest import running_chat
from tests.support.browser import chromium_page

PASSWORD = "correct horse battery staple"
CONFIGURED = "https://chat.example.org"  # CHAT_ALLOW_ORIGINS of the server below
EVIL = "http://evil.example"


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)  # the usual umask: files readable by all unless the product says otherwise
    yield
    os.umask(old)


def test_the_database_and_its_journals_are_created_owner_only(tmp_path, umask_022):
    db = tmp_path / "chat" / "chat.db"
    create_schema(db)
    assert mode(db) == 0o600 and mode(db.parent) == 0o700
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("INSERT INTO users (id, identifier, metadata) VALUES ('1', 'alice', '{}')")
        sidecars = [db.with_name(db.name + s) for s in ("-wal", "-shm")]
        assert all(p.exists() and mode(p) == 0o600 for p in sidecars)


def test_looser_files_are_tightened_at_start_with_a_log_line(tmp_path, umask_022, caplog):
    db = tmp_path / "chat.db"
    for p in (db, tmp_path / "chat.db-wal", tmp_path / "passwords"):
        p.write_bytes(b"")
        p.chmod(0o644)
    (tmp_path / "passwords").write_text(f"alice:{hash_password(PASSWORD, iterations=1000)}\n")
    with caplog.at_level(logging.WARNING):
        tighten_sqlite(db)
        PasswordFile(tmp_path / "passwords").check()
    assert mode(db) == mode(tmp_path / "chat.db-wal") == mode(tmp_path / "passwords") == 0o600
    assert caplog.text.count("was readable by others (mode 0644): now 0600") == 3
    assert "re-hashed at their next login" in caplog.text


def test_a_directory_that_exists_is_left_as_it_is(tmp_path, umask_022):
    (tmp_path / "shared").mkdir(mode=0o755)
    private_file(tmp_path / "shared" / "secret")
    assert mode(tmp_path / "shared") == 0o755 and mode(tmp_path / "shared" / "secret") == 0o600


def test_allowed_origins_never_include_a_wildcard():
    assert allowed_origins(["http://127.0.0.1:8000", "*"], " https://Chat.Example.org/, *.example.org,,ftp://x") == [
        "http://127.0.0.1:8000", "https://chat.example.org"]
    origins, hosts = ["https://chat.example.org"], ["127.0.0.1:8000", ""]
    assert origin_allowed("https://chat.example.org", hosts, origins)
    assert origin_allowed("http://127.0.0.1:8000", hosts, origins)  # the server's own page
    assert not origin_allowed(EVIL, hosts, origins) and not origin_allowed("http://127.0.0.1:8001", hosts, origins)


def test_the_login_page_gets_the_text_of_a_refusal():
    body = b'{"translation": {"auth": {"login": {"errors": {"default": "Unable to sign in"}}}}}'
    assert b"Too many failed sign-ins" in with_refusal_text(body, "en-US")
    assert b"Zu viele fehlgeschlagene Anmeldungen" in with_refusal_text(body, "de-CH")
    assert with_refusal_text(b"not json", "en-US") == b"not json"


# --- a real Chainlit server with logins, a database, and one more allowed origin --------------------


@pytest.fixture(scope="module")
def hardened(built_world, tmp_path_factory):
    home = tmp_path_factory.mktemp("hardened")
    passwords, db = home / "passwords", home / "chat.db"
    passwords.write_text("".join(f"{u}:{hash_password(PASSWORD)}\n" for u in ("alice", "bob", "carol"))
                         + f"dave:{hash_password(PASSWORD, iterations=200_000)}\n")
    db.write_bytes(b"")
    for p in (passwords, db):
        p.chmod(0o644)  # as a careless install leaves them
    with running_chat(built_world.settings, home, CHAT_PASSWORDS_FILE=str(passwords), CHAT_DB=str(db),
                      CHAINLIT_AUTH_SECRET="x" * 48, CHAT_ALLOW_ORIGINS=CONFIGURED) as server:
        yield server.url, home


def login(url: str, user: str, password: str = PASSWORD, address: str | None = None) -> httpx.Response:
    """POST /login as the login form does; `address` poses as another client through a local proxy's
    X-Forwarded-For (uvicorn trusts it from 127.0.0.1), so a lock-out here leaves the test's own address alone."""
    headers = {"X-Forwarded-For": address} if address else {}
    return httpx.post(url + "/login", data={"username": user, "password": password}, headers=headers, timeout=30)


def cookie(url: str) -> str:
    r = login(url, "alice")
    assert r.status_code == 200
    return "access_token=" + r.cookies["access_token"]


def test_files_are_owner_only_and_were_tightened_at_start(hardened):
    url, home = hardened
    assert login(url, "dave").status_code == 200  # an old hash: re-hashed at this login
    assert parse_hash(load_users(home / "passwords")["dave"])[0] >= 600_000
    log = (home / "chainlit.log").read_text()
    for name in ("passwords", "chat.db"):
        assert f"{home / name} was readable by others (mode 0644): now 0600" in log
    files = [p for p in home.iterdir() if p.name.startswith(("passwords", "chat.db"))]
    assert {p.name for p in files} >= {"passwords", "passwords.lock", "chat.db"}
    assert all(mode(p) == 0o600 for p in files), {p.name: oct(mode(p)) for p in files}


@pytest.mark.parametrize(("origin", "allowed"), [(EVIL, False), ("http://127.0.0.1:8000", True),
                                                 ("http://localhost:8000", True), (CONFIGURED, True)])
def test_credentialed_cross_origin_calls_only_from_allowed_origins(hardened, origin, allowed):
    url, _ = hardened
    r = httpx.get(url + "/user", headers={"Origin": origin, "Cookie": cookie(url)})
    assert r.status_code == 200 and r.json()["identifier"] == "alice"  # the request itself is served...
    # ...but a page of another origin may read the answer only if the origin is allowed
    assert r.headers.get("access-control-allow-origin") == (origin if allowed else None)
    assert "*" not in r.headers.get("access-control-allow-origin", "")
    preflight = httpx.options(url + "/login", headers={"Origin": origin, "Access-Control-Request-Method": "POST"})
    assert preflight.headers.get("access-control-allow-origin") == (origin if allowed else None)
    assert (preflight.status_code == 200) == allowed


async def open_socket(url: str, cookie: str, origin: str) -> bool:
    sio = socketio.AsyncClient()
    try:
        await sio.connect(url, socketio_path="/ws/socket.io", transports=["websocket"], wait_timeout=10,
                          headers={"Cookie": cookie, "Origin": origin},
                          auth={"sessionId": str(uuid.uuid4()), "clientType": "webapp", "threadId": None})
    except socketio.exceptions.ConnectionError:
        return False
    await sio.disconnect()
    return True


def test_the_chat_socket_opens_only_for_allowed_origins(hardened):
    url, _ = hardened
    c = cookie(url)
    assert not asyncio.run(open_socket(url, c, EVIL))
    assert asyncio.run(open_socket(url, c, CONFIGURED))
    assert asyncio.run(open_socket(url, c, url))  # the server's own page
    # the long-polling handshake, which browsers try first
    for origin, status, readable_by in [(EVIL, 403, None), (CONFIGURED, 200, CONFIGURED), (url, 200, None)]:
        r = httpx.get(url + "/ws/socket.io/", params={"EIO": "4", "transport": "polling"},
                      headers={"Cookie": c, "Origin": origin})
        assert r.status_code == status, (origin, r.text)
        assert r.headers.get_list("access-control-allow-origin") == ([readable_by] if readable_by else [])


def test_uploads_are_off(hardened, tmp_path):
    url, _ = hardened
    c = cookie(url)
    features = httpx.get(url + "/project/settings", params={"language": "en-US"}, headers={"Cookie": c}).json()["features"]
    assert features["spontaneous_file_upload"]["enabled"] is False
    r = httpx.post(url + "/project/file", params={"session_id": str(uuid.uuid4())}, headers={"Cookie": c},
                   files={"file": ("notes.txt", b"x" * 100_000, "text/plain")})
    assert r.status_code == 403 and r.json()["detail"] == "File upload is not enabled"


def test_repeated_failed_logins_are_refused_with_a_clear_message(hardened):
    url, _ = hardened
    attacker = "203.0.113.7"
    assert [login(url, "bob", f"guess {i}", attacker).status_code for i in range(5)] == [401] * 5
    refused = login(url, "bob", PASSWORD, attacker)  # even the right password, now
    assert refused.status_code == 429 and refused.json()["detail"] == "Too many failed sign-ins: try again in 5 minutes."
    assert 0 < int(refused.headers["retry-after"]) <= 300
    assert login(url, "bob", PASSWORD, "198.51.100.2").status_code == 429  # the account, from anywhere
    assert login(url, "alice", PASSWORD, attacker).status_code == 429  # the address, for any account
    assert login(url, "alice", PASSWORD, "198.51.100.3").status_code == 200  # everyone else goes on


def test_the_login_page_says_why_a_locked_account_is_refused(hardened):
    url, _ = hardened
    for i in range(5):
        login(url, "carol", f"guess {i}", "203.0.113.8")
    with chromium_page() as page:
        page.goto(url + "/login")
        page.locator("#email").fill("carol")
        page.locator("#password").fill(PASSWORD)
        page.get_by_role("button", name=re.compile("Sign In")).click()
        page.get_by_text("Too many failed sign-ins. Wait a few minutes, then try again.").wait_for(timeout=15_000)
        page.get_by_text("Too many failed sign-ins: try again in 5 minutes.").wait_for(timeout=5_000)  # the toast
        assert page.url.rstrip("/").endswith("/login")
