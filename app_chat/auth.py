"""Optional login and persisted threads, switched on by the environment (off: an open local demo).

CHAT_PASSWORDS_FILE  lines "user:pbkdf2_sha256$iterations$salt$hash" (write them with
                     `python -m app_chat.users add NAME`); Chainlit also needs CHAINLIT_AUTH_SECRET
                     (`chainlit create-secret`).
CHAT_DB              a SQLite file for Chainlit's data layer: threads are kept and can be resumed (the
                     agent's checkpoints of each thread go beside it, app_chat/runtime.py).
CHAT_ALLOW_ORIGINS   origins allowed to call the chat from a browser with credentials, comma-separated,
                     besides .chainlit/config.toml's `allow_origins` (app_chat/web.py).

Passwords are PBKDF2-HMAC-SHA256 hashes, ITERATIONS rounds for new ones. A stored hash names its own
count, so an older, cheaper one still verifies, and is replaced by one at the current cost at the
user's next successful login. A check costs the same whether the user exists or not: an unknown user
is checked against a dummy hash at the current cost, with the same constant-time comparison.
The passwords file, its lock file and the database are mode 0600 (kg/files.py), and logins
are rate-limited per user name and client address (app_chat/ratelimit.py).
"""
from __future__ import annotations

import asyncio
import fcntl
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from app_chat import web
from app_chat.ratelimit import LoginLimiter
from kg.files import private_file, tighten, tighten_sqlite, write_private_text

log = logging.getLogger(__name__)
SCHEME = "pbkdf2_sha256"
ITERATIONS = 600_000  # OWASP's figure for PBKDF2-HMAC-SHA256
MAX_ITERATIONS = 10_000_000  # a stored count above this is taken for a damaged line
SCHEMA = Path(__file__).with_name("chainlit_schema.sql")
# Checked instead of the hash of a user that does not exist: same scheme, same cost, matches no password.
DUMMY_HASH = f"{SCHEME}${ITERATIONS}${secrets.token_hex(16)}${secrets.token_hex(32)}"


def kdf(password: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8", "surrogatepass"), salt, iterations)


def hash_password(password: str, salt: str | None = None, iterations: int = ITERATIONS) -> str:
    salt = salt or secrets.token_hex(16)
    return f"{SCHEME}${iterations}${salt}${kdf(password, bytes.fromhex(salt), iterations).hex()}"


def parse_hash(stored: str) -> tuple[int, bytes, bytes] | None:
    """(iterations, salt, digest) of a stored hash; None if it is not one."""
    try:
        scheme, iterations, salt, digest = stored.split("$")
        parsed = int(iterations), bytes.fromhex(salt), bytes.fromhex(digest)
    except ValueError:
        return None
    return parsed if scheme == SCHEME and 0 < parsed[0] <= MAX_ITERATIONS and parsed[1] and parsed[2] else None


def check_password(password: str, stored: str | None) -> bool:
    """Whether `password` matches `stored` (None: an unknown user). Always at least ITERATIONS rounds of
    the same KDF and one hmac.compare_digest, so the answer's timing tells nothing about the user."""
    parsed = parse_hash(stored) if stored else None
    iterations, salt, digest = parsed or parse_hash(DUMMY_HASH)
    match = hmac.compare_digest(kdf(password, salt, iterations), digest)
    if iterations < ITERATIONS:  # an older, cheaper hash: make up the difference
        kdf(password, salt, ITERATIONS - iterations)
    return match and parsed is not None


def needs_rehash(stored: str | None) -> bool:
    parsed = parse_hash(stored) if stored else None
    return parsed is not None and parsed[0] < ITERATIONS


def load_users(path: Path) -> dict[str, str]:
    users = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, stored = line.strip().partition(":")
            users[name] = stored
    return users


class PasswordFile:
    """The logins file. Read at every login, so a user added or removed counts at once; rewritten whole,
    atomically, mode 0600, under a lock file beside it (the server re-hashing and `users add` may meet)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.lock = self.path.with_name(self.path.name + ".lock")

    def check(self) -> dict[str, str]:
        """At start: the file exists (else FileNotFoundError), it and its lock are tightened to 0600."""
        tighten(self.path)
        tighten(self.lock)
        users = load_users(self.path)
        old = sorted(name for name, stored in users.items() if needs_rehash(stored))
        if old:
            log.warning("%d chat login(s) hashed with fewer than %d iterations (%s): re-hashed at their next login",
                        len(old), ITERATIONS, ", ".join(old))
        return users

    def lookup(self, name: str) -> str | None:
        try:
            return load_users(self.path).get(name)
        except OSError as exc:
            log.error("cannot read the chat passwords file %s: %s", self.path, exc)
            return None

    def verify(self, name: str, password: str) -> bool:
        stored = self.lookup(name)
        ok = check_password(password, stored)
        if ok and needs_rehash(stored):
            try:
                self.update(name, hash_password(password), only_if=stored)
            except OSError as exc:
                log.warning("could not re-hash the password of %s: %s", name, exc)
        return ok

    def update(self, name: str, stored: str, only_if: str | None = None) -> bool:
        """Set the hash of `name` (unless `only_if` is given and is no longer the hash on file)."""
        with self._locked():
            users = load_users(self.path) if self.path.exists() else {}
            if only_if is not None and users.get(name) != only_if:
                return False
            users[name] = stored
            write_private_text(self.path, "".join(f"{u}:{h}\n" for u, h in users.items()))
            return True

    @contextmanager
    def _locked(self) -> Iterator[None]:
        private_file(self.lock)
        fd = os.open(self.lock, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock


async def sign_in(accounts: PasswordFile, limiter: LoginLimiter, username: str, password: str) -> bool:
    """The password check behind the login form: rate-limited, and off the event loop (it takes a while)."""
    request = web.login_request()
    attempt = limiter.acquire(username, request.address)
    if not attempt.allowed:
        request.refuse(attempt.wait)
        log.warning("chat login refused for %d s: too many failed sign-ins (user %r, address %s)",
                    attempt.wait, username[:80], request.address)
        return False
    if not await asyncio.to_thread(accounts.verify, username, password):
        return False
    limiter.succeeded(attempt)
    return True


def create_schema(db: Path) -> None:
    """Chainlit's SQLAlchemy data layer expects its tables to exist; create them once, in a file of mode 0600."""
    private_file(db)
    tighten_sqlite(db)
    with sqlite3.connect(db) as con:
        con.executescript(SCHEMA.read_text(encoding="utf-8"))


def configure() -> None:
    import chainlit as cl  # noqa: PLC0415 - keeps the helpers above importable without Chainlit

    web.install(os.environ.get(web.ORIGINS_VAR))
    passwords = os.environ.get("CHAT_PASSWORDS_FILE")
    if passwords:
        accounts = PasswordFile(Path(passwords))
        accounts.check()
        limiter = LoginLimiter()

        @cl.password_auth_callback
        async def login(username: str, password: str) -> cl.User | None:
            if await sign_in(accounts, limiter, username, password):
                return cl.User(identifier=username, metadata={"role": "analyst"})
            return None

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
