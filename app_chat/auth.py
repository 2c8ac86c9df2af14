"""Optional login and persisted threads, switched on by the environment (off: an open local demo).

CHAT_PASSWORDS_FILE  lines "user:pbkdf2_sha256$iterations$salt$hash" (write them with
                     `python -m app_chat.users add NAME`); Chainlit also needs CHAINLIT_AUTH_SECRET
                     (`chainlit create-secret`).
CHAT_DB              a SQLite file for Chainlit's data layer: threads are kept and can be resumed.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
from pathlib import Path

ITERATIONS = 200_000
SCHEMA = Path(__file__).with_name("chainlit_schema.sql")


def hash_password(password: str, salt: str | None = None, iterations: int = ITERATIONS) -> str:
    salt = salt or secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), iterations).hex()
    return f"pbkdf2_sha256${iterations}${salt}${digest}"


def check_password(password: str, stored: str) -> bool:
    try:
        scheme, iterations, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "pbkdf2_sha256":
        return False
    candidate = hash_password(password, salt, int(iterations)).split("$")[3]
    return hmac.compare_digest(candidate, digest)


def load_users(path: Path) -> dict[str, str]:
    users = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, stored = line.strip().partition(":")
            users[name] = stored
    return users


def create_schema(db: Path) -> None:
    """Chainlit's SQLAlchemy data layer expects its tables to exist; create them once."""
    db.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(db) as con:
        con.executescript(SCHEMA.read_text(encoding="utf-8"))


def configure() -> None:
    import chainlit as cl  # noqa: PLC0415 - keeps the helpers above importable without Chainlit

    passwords = os.environ.get("CHAT_PASSWORDS_FILE")
    if passwords:
        users = load_users(Path(passwords))

        @cl.password_auth_callback
        def login(username: str, password: str) -> cl.User | None:
            stored = users.get(username)
            return cl.User(identifier=username, metadata={"role": "analyst"}) if stored and check_password(
                password, stored) else None

    db = os.environ.get("CHAT_DB")
    if db:
        from chainlit.data.sql_alchemy import SQLAlchemyDataLayer  # noqa: PLC0415

        create_schema(Path(db))
        # SQLite has no array or JSON columns: lists and dicts are stored as JSON text.
        sqlite3.register_adapter(list, json.dumps)
        sqlite3.register_adapter(dict, json.dumps)

        @cl.data_layer
        def data_layer() -> SQLAlchemyDataLayer:
            return SQLAlchemyDataLayer(conninfo=f"sqlite+aiosqlite:///{Path(db).resolve()}")
