"""Lifecycle of the embedded ArcadeDB graph server: start (or reuse), stop, status.

Files under the graph directory (default `.graphdb/`):
  password     generated root password, mode 0600
  server.pid   pid of the running child process
  server.json  the ports it was started with
  server.log   its stdout/stderr
  server/      ArcadeDB's root (databases, users)
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

from kg.settings import Settings

CHILD_MODULE = "kg.arcade_child"
ROOT_USER = "root"


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
        return ROOT_USER, self._password()

    def status(self) -> ServerStatus:
        pid = self._live_pid()
        running = pid is not None and self._bolt_ready(timeout=5.0)
        return ServerStatus(running, self.uri, "arcadedb", pid, str(self.dir))

    def start(self) -> ServerStatus:
        """Start the server, or reuse it when it already runs. Returns once a Bolt query succeeds."""
        pid = self._live_pid()
        if pid is not None:
            self._wait_ready(pid)
            return self.status()
        self._clear_stale_pid()
        bolt, http = self.settings.graph_bolt_port, self.settings.graph_http_port
        for port, name in ((bolt, "GRAPH_BOLT_PORT"), (http, "GRAPH_HTTP_PORT")):
            if _port_in_use(port):
                raise EmbeddedServerError(
                    f"port {port} on 127.0.0.1 is already in use by another program; "
                    f"stop it or choose another port with {name}"
                )
        self.dir.mkdir(parents=True, exist_ok=True)
        self._ensure_password()
        self.state_file.write_text(json.dumps({"bolt_port": bolt, "http_port": http}))
        cmd = [
            sys.executable, "-m", CHILD_MODULE, "--dir", str(self.dir),
            "--bolt-port", str(bolt), "--http-port", str(http),
            "--database", self.settings.neo4j_database, "--heap", self.settings.graph_heap,
        ]
        with open(self.log_file, "ab") as log:
            proc = subprocess.Popen(  # noqa: S603 - fixed argv, our own module
                cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=str(_project_root()), start_new_session=True,
            )
        self.pid_file.write_text(str(proc.pid))
        try:
            self._wait_ready(proc.pid)
        except EmbeddedServerError:
            self.stop()
            raise
        return self.status()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop the server if it runs. Returns True when a process was stopped."""
        pid = self._live_pid()
        if pid is None:
            self._clear_stale_pid()
            return False
        os.kill(pid, signal.SIGTERM)
        try:
            psutil.Process(pid).wait(timeout)
        except psutil.TimeoutExpired:
            os.kill(pid, signal.SIGKILL)
            psutil.Process(pid).wait(10)
        except psutil.NoSuchProcess:
            pass
        self.pid_file.unlink(missing_ok=True)
        return True

    # ---- internals --------------------------------------------------------------------------
    def _ports(self) -> tuple[int, int]:
        """The ports of the running server when there is one, else the configured ones."""
        if self.state_file.exists() and self._live_pid() is not None:
            state = json.loads(self.state_file.read_text())
            return state["bolt_port"], state["http_port"]
        return self.settings.graph_bolt_port, self.settings.graph_http_port

    def _password(self) -> str:
        if not self.password_file.exists():
            raise EmbeddedServerError(f"no password file at {self.password_file}: start the server first")
        return self.password_file.read_text(encoding="utf-8").strip()

    def _ensure_password(self) -> None:
        if self.password_file.exists():
            os.chmod(self.password_file, 0o600)
            return
        fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(secrets.token_urlsafe(24))

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

    def _bolt_ready(self, timeout: float) -> bool:
        try:
            with GraphDatabase.driver(self.uri, auth=self.auth, connection_timeout=timeout) as drv:
                with drv.session(database=self.settings.neo4j_database) as s:
                    return s.run("RETURN 1 AS ok").single()["ok"] == 1
        except (ServiceUnavailable, SessionExpired, AuthError, OSError, EmbeddedServerError):
            return False
        except Exception:  # noqa: BLE001 - "database not found" while it is being created
            return False

    def _wait_ready(self, pid: int) -> None:
        # The Bolt port opens before the database exists, so only a successful query counts.
        deadline = time.monotonic() + self.settings.graph_start_timeout_s
        while time.monotonic() < deadline:
            if not psutil.pid_exists(pid) or _is_zombie(pid):
                raise EmbeddedServerError(
                    f"the embedded graph server exited during start-up; last log lines:\n{self._log_tail()}"
                )
            if self._bolt_ready(timeout=2.0):
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


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _is_zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _project_root() -> Path:
    return Path(__file__).resolve().parent.parent
