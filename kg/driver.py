"""The one place that connects to the graph: real Neo4j 5 when NEO4J_URI is set, else embedded.

Two roles (least privilege, SPEC §9): `reader`, the default, for every read path (console, agent,
chat, evaluation, baseline), and `writer` for the pipeline. On the embedded server the reader is a
database user that cannot write, administer or read files; on Neo4j it is NEO4J_READER_USER when set
(a reader role needs Enterprise or Aura), else the main account with READ sessions.

Connecting never starts a server: the app or command that owns the embedded server starts it once with
`kg.server.ensure_running(settings)`; without a running server `connect()` raises `GraphUnavailable`, one
line that says how to start it. A `Graph` holds one driver (a connection pool) for its whole life: every
read path, the custom-Cypher tool included, reuses it."""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from neo4j import READ_ACCESS, Driver, GraphDatabase, ManagedTransaction, Session
from neo4j.exceptions import ClientError, ServiceUnavailable, SessionExpired

from kg import security
from kg.arcade_http import ArcadeHttp
from kg.backend import Backend, detect_backend
from kg.ddl import bootstrap_schema, create_fulltext_arcadedb, drop_fulltext_arcadedb
from kg.embedded import EmbeddedServer
from kg.settings import Settings, get_settings

log = logging.getLogger(__name__)
# Errors in the statement itself: re-running cannot help, so they surface at once.
NOT_RETRIED = ("SyntaxError", "ParameterMissing", "Security.")
Role = Literal["reader", "writer"]
T = TypeVar("T")
# A build's own statements (whole-graph scans in phases 2-3, index builds) may run this long.
BUILD_STATEMENT_TIMEOUT_S = 3600.0
# A pooled connection idle this long is checked (one RESET) before reuse: a driver kept for the app's life goes on
# after its server was restarted (the old connections are found dead and replaced, not handed to a query).
LIVENESS_CHECK_S = 2.0
_warned_no_reader = False


START_HINT = "start it with `python -m kg.server start` (or `make demo`)"


class GraphUnavailable(RuntimeError):
    """No graph server answers at the configured address. The message is one line and says how to start it."""


def get_driver(settings: Settings | None = None, role: Role = "reader") -> Driver:
    """A driver for the configured graph as `role`. Starts nothing: without a running embedded server it raises
    `GraphUnavailable` (the owner starts the server with `kg.server.ensure_running`). Prefer `connect()`, whose
    `Graph` keeps its driver for reuse."""
    settings = settings or get_settings()
    if settings.neo4j_uri:
        return GraphDatabase.driver(settings.neo4j_uri, auth=_neo4j_auth(settings, role),
                                    liveness_check_timeout=LIVENESS_CHECK_S)
    server = EmbeddedServer(settings)
    if not server.is_running():
        raise GraphUnavailable(f"the embedded graph server is not running (GRAPH_DATA_DIR={server.dir}): {START_HINT}")
    return GraphDatabase.driver(server.uri, auth=server.reader_auth if role == "reader" else server.auth,
                                liveness_check_timeout=LIVENESS_CHECK_S)


def _neo4j_auth(settings: Settings, role: Role) -> tuple[str, str]:
    global _warned_no_reader
    if role == "reader" and settings.neo4j_reader_user:
        secret = settings.neo4j_reader_password
        return settings.neo4j_reader_user, secret.get_secret_value() if secret else ""
    if role == "reader" and not _warned_no_reader:
        _warned_no_reader = True
        log.warning("NEO4J_READER_USER is not set: read paths use NEO4J_USER with read transactions only "
                    "(see README, 'Least privilege on Neo4j')")
    password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""
    return settings.neo4j_user, password


@dataclass
class Graph:
    """A driver plus what callers need to know about the server behind it."""
    driver: Driver
    database: str
    backend: Backend
    arcade_http: ArcadeHttp | None
    role: Role = "reader"
    read_timeout_s: float = 0.0  # the server-side statement timeout readers run under (embedded)
    # Opens the read-only account's driver beside a writer graph (see `reader_driver`).
    open_reader: Callable[[], Driver] | None = field(default=None, repr=False, compare=False)
    # What is worth computing once per connection (e.g. the schema the custom-Cypher tool describes,
    # kg.graph_store); dropped with the graph.
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    _reader: Driver | None = field(default=None, init=False, repr=False, compare=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)

    def ensure_schema(self, fulltext: bool = True) -> None:
        bootstrap_schema(self.driver, self.database, self.arcade_http, fulltext=fulltext)

    def suspend_fulltext(self) -> None:
        """Before a bulk load: drop ArcadeDB's full-text index; `ensure_schema()` rebuilds it.
        (Neo4j populates its index in the background, so nothing to do there.)"""
        if self.backend == "arcadedb" and self.arcade_http is not None:
            drop_fulltext_arcadedb(self.arcade_http, self.database)

    def resume_fulltext(self, *names: str) -> None:
        """After a bulk load: rebuild some of the indexes `suspend_fulltext` dropped ahead of the others, so that
        ArcadeDB's compaction of a large one runs beside the work that follows (nothing to do on Neo4j)."""
        if self.backend == "arcadedb" and self.arcade_http is not None:
            create_fulltext_arcadedb(self.arcade_http, self.database, names)

    def read_session(self) -> Session:
        """A session in READ access mode (Neo4j routes and enforces it; ArcadeDB relies on the account)."""
        return self.driver.session(database=self.database, default_access_mode=READ_ACCESS)

    def reader_driver(self) -> Driver:
        """The read-only account's driver, for untrusted queries (custom Cypher): this graph's own driver when it
        is the reader; beside a writer graph, one reader driver opened on first use and kept until `close()`."""
        if self.role == "reader" or self.open_reader is None:
            return self.driver
        with self._lock:
            if self._reader is None:
                self._reader = self.open_reader()
            return self._reader

    @contextmanager
    def long_statements(self) -> Iterator[None]:
        """For a build: raise the embedded server's statement timeout (the readers' query timeout; it is
        one setting per database there) to an hour while the pipeline's whole-graph statements run, and
        put it back afterwards, even on failure. Readers keep their client-side timeout meanwhile.
        Neo4j applies timeouts per transaction, so nothing changes there."""
        if self.backend != "arcadedb" or self.arcade_http is None or not self.read_timeout_s:
            yield
            return
        security.set_command_timeout(self.arcade_http, self.database, BUILD_STATEMENT_TIMEOUT_S)
        try:
            yield
        finally:
            security.set_command_timeout(self.arcade_http, self.database, self.read_timeout_s)

    def write(self, *statements: tuple[str, dict[str, Any]], attempts: int = 5) -> None:
        """Run idempotent write statements in one transaction, all or nothing.

        Auto-commit is not atomic on ArcadeDB (a failed CREATE ... SET leaves empty nodes), so writers
        come here. The driver retries transient conflicts. Under concurrent writers (say, a killed
        build's last query still finishing on the server) ArcadeDB also reports a uid conflict or a
        lost transaction as a client error; the statements skip what exists, so running them again
        settles it."""
        def work(tx: ManagedTransaction) -> None:
            for query, params in statements:
                tx.run(query, params).consume()

        self.transact(work, attempts=attempts)

    def transact(self, work: Callable[[ManagedTransaction], T], attempts: int = 5) -> T:
        """`work` in one write transaction, all or nothing, re-run as `write` re-runs its statements. For a
        writer whose statements depend on what it reads first in the same transaction (so a re-run reads
        again); `work` must be idempotent, like every pipeline write."""
        for attempt in range(attempts):
            try:
                with self.driver.session(database=self.database) as s:
                    return s.execute_write(work)
            except ClientError as exc:
                if attempt == attempts - 1 or any(k in (exc.code or "") for k in NOT_RETRIED):
                    raise
                log.warning("write attempt %d failed (%s: %s); retrying", attempt + 1, exc.code, exc.message)
                time.sleep(0.2 * 2 ** attempt)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self.driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(settings: Settings | None = None, role: Role = "reader") -> Graph:
    """The graph as `role`: `reader` (the default) for every read path, `writer` for the pipeline.

    Opens one driver and checks that the server answers; starts nothing. Raises `GraphUnavailable` (one line,
    with how to start the server) when no server runs or it does not answer."""
    settings = settings or get_settings()
    driver = get_driver(settings, role)
    try:
        backend = detect_backend(driver, settings.neo4j_database)
    except (ServiceUnavailable, SessionExpired, OSError) as exc:
        driver.close()
        where = settings.neo4j_uri or EmbeddedServer(settings).uri
        hint = "check NEO4J_URI and that the server is up" if settings.neo4j_uri else START_HINT
        raise GraphUnavailable(f"the graph server at {where} does not answer ({type(exc).__name__}): {hint}") from exc
    http = None
    if backend == "arcadedb" and role == "writer":
        if settings.embedded:
            server = EmbeddedServer(settings)
            user, password = server.auth
            http = ArcadeHttp(server.http_url, user, password)
        elif settings.arcadedb_http_url:
            password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""
            http = ArcadeHttp(settings.arcadedb_http_url, settings.neo4j_user, password)
    read_timeout = settings.query_timeout_s if settings.embedded else 0.0
    open_reader = None if role == "reader" else (lambda: get_driver(settings, "reader"))
    return Graph(driver, settings.neo4j_database, backend, http, role, read_timeout, open_reader)
