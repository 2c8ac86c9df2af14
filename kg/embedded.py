"""Lifecycle of the embedded ArcadeDB graph server: start (or reuse), stop, status.

Files under the graph directory (default `.graphdb/`, mode 0700, every file in it 0600):
  password          generated root password: the pipeline's writer account
  reader-password   generated password of `reader`, the read-only account every read path uses
  server.pid   pid of the running child process
  server.json  the ports it was started with
  server.log   its stdout/stderr
  server/      ArcadeDB's root (databases, users)

Least privilege (SPEC §9): the server gets a `reader` group that may read records and nothing else
(no schema, security or settings change, so no writes, no user commands, no `LOAD CSV` from files)
and a `reader` user in it. The database's command timeout is the read timeout, enforced by the server:
a runaway query is stopped there, not only abandoned by the client (`Graph.long_statements()`
lifts it for a build's own statements).
"""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import psutil
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired

from kg import security
from kg.arcade_http import ArcadeHttp
from kg.ddl import FULLTEXT
from kg.files import tighten, tighten_tree, write_private_text
from kg.settings import Settings

# One query per full-text index at start: Lucene opens an index on its first search (see `EmbeddedServer._warm`).
WARM = "CALL db.index.fulltext.queryNodes($index, 'zzwarmupzz', {limit: 1}) YIELD node RETURN count(node) AS n"

CHILD_MODULE = "kg.arcade_child"
ROOT_USER = "root"
READER_USER = "reader"
READER_GROUP = "reader"
# What the reader group may do: read records of every type; no database-level access at all.
PORT_RELEASE_S = 30.0  # how long a restart waits for the ports of our own server that just died
READER_GROUP_RULES = {"resultSetLimit": -1, "readTimeout": -1, "access": [],
                      "types": {"*": {"access": ["readRecord"]}}}


class EmbeddedServerError(RuntimeError):
    """The embedded server could not be started, reached or stopped; the message says why."""


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    uri: str
    backend: str
    pid: int | None
    data_dir: str

    def to_dict(self) -> dict:
        return asdict(self)


class EmbeddedServer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.dir = Path(settings.graph_dir).resolve()
        self.pid_file = self.dir / "server.pid"
        self.password_file = self.dir / "password"
        self.reader_password_file = self.dir / "reader-password"
        self.log_file = self.dir / "server.log"
        self.state_file = self.dir / "server.json"

    # ---- public API -------------------------------------------------------------------------
    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self._ports()[0]}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self._ports()[1]}"

    @property
    def auth(self) -> tuple[str, str]:
        """The writer (root) account: only the pipeline and the server's own set-up use it."""
        return ROOT_USER, self._password()

    @property
    def reader_auth(self) -> tuple[str, str]:
        """The read-only account of every read path (console, agent, chat, evaluation)."""
        return READER_USER, _read_secret(self.reader_password_file)

    def is_running(self) -> bool:
        """Whether our server process is alive (pid file and process only, no Bolt query): what `connect()`
        checks before it opens a driver. Starting is `start()`'s job (see `kg.server.ensure_running`)."""
        return self._live_pid() is not None

    def status(self) -> ServerStatus:
        pid = self._live_pid()
        running = pid is not None and self._bolt_ready(timeout=5.0, auth=self._probe_auth())
        return ServerStatus(running, self.uri, "arcadedb", pid, str(self.dir))

    def start(self) -> ServerStatus:
        """Start the server, or reuse it when it already runs (and restart it when its process died).
        Returns once a Bolt query succeeds. Idempotent; the product calls it through
        `kg.server.ensure_running`, once per app or command, never per connection."""
        pid = self._live_pid()
        if pid is not None:
            self._wait_ready(pid, self._probe_auth())  # a read path reusing the server needs no root secret
            return self.status()
        died = self.pid_file.exists()  # our server was here: a process that just died may hold its ports a moment
        self._clear_stale_pid()
        bolt, http = self.settings.graph_bolt_port, self.settings.graph_http_port
        for port, name in ((bolt, "GRAPH_BOLT_PORT"), (http, "GRAPH_HTTP_PORT")):
            if _port_in_use(port) and not (died and _port_freed(port, PORT_RELEASE_S)):
                raise EmbeddedServerError(
                    f"port {port} on 127.0.0.1 is already in use by another program; "
                    f"stop it or choose another port with {name}"
                )
        self.dir.mkdir(parents=True, exist_ok=True)
        tighten(self.dir)
        self._ensure_password()
        _ensure_secret(self.reader_password_file)
        security.ensure_group(self.dir / "server" / "config", READER_GROUP, READER_GROUP_RULES)
        write_private_text(self.state_file, json.dumps({"bolt_port": bolt, "http_port": http}))
        cmd = [
            sys.executable, "-m", CHILD_MODULE, "--dir", str(self.dir),
            "--bolt-port", str(bolt), "--http-port", str(http),
            "--database", self.settings.neo4j_database, "--heap", self.settings.graph_heap_size,
        ]
        with open(os.open(self.log_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as log:
            proc = subprocess.Popen(  # noqa: S603 - fixed argv, our own module
                cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=str(_project_root()), start_new_session=True,
            )
        write_private_text(self.pid_file, str(proc.pid))
        try:
            self._wait_ready(proc.pid)
            self._secure()
        except EmbeddedServerError:
            self.stop()
            raise
        self._warm()
        return self.status()

    def _warm(self) -> list[str]:
        """Opens each full-text index the graph has with one query (a word no notice holds), so that the first search
        after a start does not wait for it (8.7 s for the notice texts at a million notices, 0.1 s at the demo's
        size); returns the indexes opened. A graph not built yet has none: nothing is done."""
        opened = []
        with GraphDatabase.driver(self.uri, auth=self.auth) as drv, drv.session(database=self.settings.neo4j_database) as s:
            for index in FULLTEXT:
                try:
                    s.run(WARM, index=index).consume()
                    opened.append(index)
                except Exception:  # noqa: BLE001, S112 - an index the graph does not have (yet)
                    continue
        return opened

    def _secure(self) -> None:
        """The reader account, the server-side read timeout and the file lock, on every start (idempotent)."""
        http = ArcadeHttp(self.http_url, *self.auth)
        security.ensure_reader(http, self.uri, READER_USER, self.reader_auth[1], self.settings.neo4j_database,
                               READER_GROUP)
        security.lock_down(http, self.settings.neo4j_database, self.settings.query_timeout_s)
        tighten_tree(self.dir)

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop the server if it runs. Returns True when a process was stopped, once its ports are free again
        (so a start right after a stop does not find them taken)."""
        pid = self._live_pid()
        if pid is None:
            self._clear_stale_pid()
            return False
        ports = self._ports()
        os.kill(pid, signal.SIGTERM)
        try:
            psutil.Process(pid).wait(timeout)
        except psutil.TimeoutExpired:
            os.kill(pid, signal.SIGKILL)
            psutil.Process(pid).wait(10)
        except psutil.NoSuchProcess:
            pass
        self.pid_file.unlink(missing_ok=True)
        for port in ports:
            _port_freed(port, PORT_RELEASE_S)
        return True

    # ---- internals --------------------------------------------------------------------------
    def _ports(self) -> tuple[int, int]:
        """The ports of the running server when there is one, else the configured ones."""
        if self.state_file.exists() and self._live_pid() is not None:
            state = json.loads(self.state_file.read_text())
            return state["bolt_port"], state["http_port"]
        return self.settings.graph_bolt_port, self.settings.graph_http_port

    def _password(self) -> str:
        return _read_secret(self.password_file)

    def _ensure_password(self) -> None:
        _ensure_secret(self.password_file)

    def _live_pid(self) -> int | None:
        """The pid in the pid file when that process is alive and is our server child."""
        try:
            pid = int(self.pid_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        try:
            proc = psutil.Process(pid)
            cmdline = proc.cmdline()
            if proc.status() == psutil.STATUS_ZOMBIE:
                return None
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return None
        if CHILD_MODULE not in cmdline or str(self.dir) not in cmdline:
            return None  # pid reused by an unrelated process
        return pid

    def _clear_stale_pid(self) -> None:
        if self.pid_file.exists() and self._live_pid() is None:
            self.pid_file.unlink(missing_ok=True)

    def _probe_auth(self) -> tuple[str, str]:
        """The account that checks a running server answers: the reader once it exists."""
        return self.reader_auth if self.reader_password_file.exists() else self.auth

    def _bolt_ready(self, timeout: float, auth: tuple[str, str] | None = None) -> bool:
        try:
            with GraphDatabase.driver(self.uri, auth=auth or self.auth, connection_timeout=timeout) as drv:
                with drv.session(database=self.settings.neo4j_database) as s:
                    return s.run("RETURN 1 AS ok").single()["ok"] == 1
        except (ServiceUnavailable, SessionExpired, AuthError, OSError, EmbeddedServerError):
            return False
        except Exception:  # noqa: BLE001 - "database not found" while it is being created
            return False

    def _wait_ready(self, pid: int, auth: tuple[str, str] | None = None) -> None:
        # The Bolt port opens before the database exists, so only a successful query counts.
        deadline = time.monotonic() + self.settings.graph_start_timeout_s
        while time.monotonic() < deadline:
            if not psutil.pid_exists(pid) or _is_zombie(pid):
                raise EmbeddedServerError(
                    f"the embedded graph server exited during start-up; last log lines:\n{self._log_tail()}"
                )
            if self._bolt_ready(timeout=2.0, auth=auth):
                return
            time.sleep(0.25)
        raise EmbeddedServerError(
            f"the embedded graph server did not answer a Bolt query within "
            f"{self.settings.graph_start_timeout_s:.0f}s; last log lines:\n{self._log_tail()}"
        )

    def _log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no log)"


def _ensure_secret(path: Path) -> None:
    """A generated secret at `path`, mode 0600 (an existing one is kept and its mode tightened)."""
    if path.exists():
        os.chmod(path, 0o600)
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(secrets.token_urlsafe(24))


def _read_secret(path: Path) -> str:
    if not path.exists():
        raise EmbeddedServerError(f"no password file at {path}: start the server first")
    return path.read_text(encoding="utf-8").strip()


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _port_freed(port: int, timeout: float) -> bool:
    """Wait for a port to be released (by a server process still exiting, e.g. after OutOfMemoryError)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _port_in_use(port):
            return True
        time.sleep(0.25)
    return False


def _is_zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _project_root() -> Path:
    return Path(__file__).resolve().parent.parent
