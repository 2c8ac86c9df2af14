"""The one place that connects to the graph: real Neo4j 5 when NEO4J_URI is set, else embedded.

Two roles (least privilege, SPEC §9): `reader`, the default, for every read path (console, agent,
chat, evaluation, baseline), and `writer` for the pipeline. On the embedded server the reader is a
database user that cannot write, administer or read files; on Neo4j it is NEO4J_READER_USER when set
(a reader role needs Enterprise or Aura), else the main account with READ sessions."""
from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from neo4j import READ_ACCESS, Driver, GraphDatabase, ManagedTransaction, Session
from neo4j.exceptions import ClientError

from kg import security
from kg.arcade_http import ArcadeHttp
from kg.backend import Backend, detect_backend
from kg.embedded import EmbeddedServer
from kg.schema import bootstrap_schema, drop_fulltext_arcadedb
from kg.settings import Settings, get_settings

log = logging.getLogger(__name__)
# Errors in the statement itself: re-running cannot help, so they surface at once.
NOT_RETRIED = ("SyntaxError", "ParameterMissing", "Security.")
Role = Literal["reader", "writer"]
# A build's own statements (whole-graph scans in phases 2-3, index builds) may run this long.
BUILD_STATEMENT_TIMEOUT_S = 3600.0
_warned_no_reader = False


def get_driver(settings: Settings | None = None, role: Role = "reader") -> Driver:
    """A driver for the configured graph as `role`; starts (or reuses) the embedded server when needed."""
    settings = settings or get_settings()
    if settings.neo4j_uri:
        return GraphDatabase.driver(settings.neo4j_uri, auth=_neo4j_auth(settings, role))
    server = EmbeddedServer(settings)
    server.start()
    return GraphDatabase.driver(server.uri, auth=server.reader_auth if role == "reader" else server.auth)


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

    def ensure_schema(self, fulltext: bool = True) -> None:
        bootstrap_schema(self.driver, self.database, self.arcade_http, fulltext=fulltext)

    def suspend_fulltext(self) -> None:
        """Before a bulk load: drop ArcadeDB's full-text index; `ensure_schema()` rebuilds it.
        (Neo4j populates its index in the background, so nothing to do there.)"""
        if self.backend == "arcadedb" and self.arcade_http is not None:
            drop_fulltext_arcadedb(self.arcade_http, self.database)

    def read_session(self) -> Session:
        """A session in READ access mode (Neo4j routes and enforces it; ArcadeDB relies on the account)."""
        return self.driver.session(database=self.database, default_access_mode=READ_ACCESS)

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

        for attempt in range(attempts):
            try:
                with self.driver.session(database=self.database) as s:
                    s.execute_write(work)
                return
            except ClientError as exc:
                if attempt == attempts - 1 or any(k in (exc.code or "") for k in NOT_RETRIED):
                    raise
                log.warning("write attempt %d failed (%s: %s); retrying", attempt + 1, exc.code, exc.message)
                time.sleep(0.2 * 2 ** attempt)

    def close(self) -> None:
        self.driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(settings: Settings | None = None, role: Role = "reader") -> Graph:
    """The graph as `role`: `reader` (the default) for every read path, `writer` for the pipeline."""
    settings = settings or get_settings()
    driver = get_driver(settings, role)
    backend = detect_backend(driver, settings.neo4j_database)
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
    return Graph(driver, settings.neo4j_database, backend, http, role, read_timeout)
