"""The one place that connects to the graph: real Neo4j 5 when NEO4J_URI is set, else embedded."""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from neo4j import Driver, GraphDatabase, ManagedTransaction
from neo4j.exceptions import ClientError

from kg.backend import Backend, detect_backend
from kg.embedded import EmbeddedServer
from kg.schema import ArcadeHttp, bootstrap_schema, drop_fulltext_arcadedb
from kg.settings import Settings, get_settings

log = logging.getLogger(__name__)
# Errors in the statement itself: re-running cannot help, so they surface at once.
NOT_RETRIED = ("SyntaxError", "ParameterMissing", "Security.")


def get_driver(settings: Settings | None = None) -> Driver:
    """A driver for the configured graph; starts (or reuses) the embedded server when needed."""
    settings = settings or get_settings()
    if settings.neo4j_uri:
        password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""
        return GraphDatabase.driver(settings.neo4j_uri, auth=(settings.neo4j_user, password))
    server = EmbeddedServer(settings)
    server.start()
    return GraphDatabase.driver(server.uri, auth=server.auth)


@dataclass
class Graph:
    """A driver plus what callers need to know about the server behind it."""
    driver: Driver
    database: str
    backend: Backend
    arcade_http: ArcadeHttp | None

    def ensure_schema(self, fulltext: bool = True) -> None:
        bootstrap_schema(self.driver, self.database, self.arcade_http, fulltext=fulltext)

    def suspend_fulltext(self) -> None:
        """Before a bulk load: drop ArcadeDB's full-text index; `ensure_schema()` rebuilds it.
        (Neo4j populates its index in the background, so nothing to do there.)"""
        if self.backend == "arcadedb" and self.arcade_http is not None:
            drop_fulltext_arcadedb(self.arcade_http, self.database)

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


def connect(settings: Settings | None = None) -> Graph:
    settings = settings or get_settings()
    driver = get_driver(settings)
    backend = detect_backend(driver, settings.neo4j_database)
    http = None
    if backend == "arcadedb":
        if settings.embedded:
            server = EmbeddedServer(settings)
            user, password = server.auth
            http = ArcadeHttp(server.http_url, user, password)
        elif settings.arcadedb_http_url:
            password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else ""
            http = ArcadeHttp(settings.arcadedb_http_url, settings.neo4j_user, password)
    return Graph(driver, settings.neo4j_database, backend, http)
