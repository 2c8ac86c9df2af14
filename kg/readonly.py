"""Execute untrusted Cypher safely (SPEC §9). Used by the analyst console, by `execute_custom_cypher` and by
the read-only LangChain graph store (`kg.graph_store`).

Layers, each enough for what it covers:
1. the static guard (`kg.guard`) refuses writes, admin and file commands before anything runs;
2. callers connect as the read-only database user (`kg.driver`, role `reader`), so what a guard miss
   lets through cannot write, administer or read files;
3. the query runs in a READ transaction that is always rolled back, with the row cap in the query
   itself (`cap_rows`), a server-side timeout (Neo4j: the transaction timeout; the embedded ArcadeDB:
   the database's statement timeout `arcadedb.command.timeout`, set by `kg.security`) and a client-side
   deadline. The driver is the caller's shared one and stays open: the query runs in a worker thread, and
   at the deadline the caller gets `QueryTimeout` at once while the worker waits for the server to stop the
   statement and then hands its connection back to the pool. A driver with too many such abandoned queries
   still running refuses new ones until they end (the server has few query slots).
Every failure becomes one exception with a one-line message, never a driver traceback.
"""
from __future__ import annotations

import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from neo4j import READ_ACCESS, Driver
from neo4j.exceptions import DriverError, Neo4jError

from kg.guard import QueryRefused, cap_rows, check_read_only
from kg.records import to_jsonable

# Server error codes that mean "the account may not do this": the database stopped a write.
_FORBIDDEN = ("Security.Forbidden", "Security.Unauthorized", "Security.AuthorizationExpired")
_TIMED_OUT = ("TransactionTimedOut", "Transaction.Terminated", "TransactionTimedOutClientConfiguration")
# Queries past their client deadline that may still run on the server, per driver.
MAX_ABANDONED = 4
_abandoned: weakref.WeakKeyDictionary[Driver, int] = weakref.WeakKeyDictionary()
_abandoned_lock = threading.Lock()


class QueryTimeout(RuntimeError):
    """The query ran longer than its timeout and was stopped."""


class QueryFailed(RuntimeError):
    """The query could not run: a syntax error, a server error or a lost connection (one-line message)."""


@dataclass
class ReadOnlyResult:
    rows: list[dict[str, Any]]
    truncated: bool  # more rows existed than the row cap
    ms: float
    columns: list[str] = field(default_factory=list)


def run_read_only(
    driver: Driver,
    query: str,
    params: dict[str, Any] | None = None,
    *,
    database: str,
    timeout_s: float,
    row_cap: int,
    check: bool = True,
) -> ReadOnlyResult:
    """Run `query` without any lasting effect on `driver` (shared: it stays open, whatever happens).
    `check=False` skips the static guard (tests only).

    Raises `QueryRefused` (the guard or the database refused it), `QueryTimeout` or `QueryFailed`."""
    query = query.removeprefix("\ufeff")  # a byte-order mark an editor left at the start
    if check:
        check_read_only(query)
        query = cap_rows(query, row_cap + 1)  # one more than the cap tells that rows were cut
    with _abandoned_lock:
        if _abandoned.get(driver, 0) >= MAX_ABANDONED:
            raise QueryFailed(f"{MAX_ABANDONED} earlier queries ran past their timeout and are still being stopped "
                              "by the server; try again in a few seconds")
    outcome: dict[str, Any] = {}
    started = time.perf_counter()
    done = threading.Event()
    late = threading.Event()  # set when the caller has stopped waiting

    def work() -> None:
        try:
            outcome["result"] = _execute(driver, query, params or {}, database, timeout_s, row_cap)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = exc
        finally:
            with _abandoned_lock:
                done.set()
                if late.is_set():
                    _abandoned[driver] = max(0, _abandoned.get(driver, 0) - 1)

    worker = threading.Thread(target=work, name="readonly-cypher", daemon=True)
    worker.start()
    if not done.wait(timeout_s):
        with _abandoned_lock:
            if not done.is_set():  # the worker goes on until the server stops the statement
                late.set()
                _abandoned[driver] = _abandoned.get(driver, 0) + 1
                raise QueryTimeout(f"query exceeded the {timeout_s:g}s timeout; its result was abandoned "
                                   "(the server stops the statement at its own limit)")
    if "error" in outcome:
        raise _one_error(outcome["error"], timeout_s) from outcome["error"]
    result: ReadOnlyResult = outcome["result"]
    result.ms = round((time.perf_counter() - started) * 1000, 1)
    return result


def abandoned(driver: Driver) -> int:
    """How many queries on `driver` ran past their client deadline and are still running on the server."""
    with _abandoned_lock:
        return _abandoned.get(driver, 0)


def _one_error(exc: BaseException, timeout_s: float) -> Exception:
    """What the caller sees: the refusal, timeout or failure in one line, whatever the driver raised."""
    if isinstance(exc, QueryRefused | QueryTimeout | QueryFailed):
        return exc
    if isinstance(exc, Neo4jError):
        code = exc.code or ""
        text = one_line(exc.message or str(exc))
        if any(k in code for k in _TIMED_OUT) or ("timeout" in text.lower() and "exceeded" in text.lower()):
            return QueryTimeout(f"query exceeded the {timeout_s:g}s timeout and was stopped by the server")
        if any(k in code for k in _FORBIDDEN):
            return QueryRefused(f"the database refused it for the read-only account: {text}")
        return QueryFailed(f"the query failed: {text}")
    if isinstance(exc, DriverError | OSError):
        return QueryFailed(f"the graph server dropped the connection during the query ({type(exc).__name__}); "
                           "it may have run out of memory: try a smaller query")
    return QueryFailed(f"the query failed ({type(exc).__name__}: {one_line(str(exc))})")


def one_line(text: str, limit: int = 300) -> str:
    return " ".join(str(text).split())[:limit]


def _execute(driver: Driver, query: str, params: dict, database: str, timeout_s: float,
             row_cap: int) -> ReadOnlyResult:
    with driver.session(database=database, default_access_mode=READ_ACCESS, fetch_size=row_cap + 1) as session:
        tx = session.begin_transaction(timeout=timeout_s)  # Neo4j enforces it; ArcadeDB has its own (above)
        try:
            result = tx.run(query, params)
            rows: list[dict[str, Any]] = []
            truncated = False
            for record in result:
                if len(rows) >= row_cap:
                    truncated = True
                    break
                rows.append({k: to_jsonable(v) for k, v in record.items()})
            columns = list(result.keys())
            summary = result.consume()
            if summary.counters.contains_updates or summary.counters.contains_system_updates:
                raise QueryRefused("the query tried to change the graph; it was rolled back")
        finally:
            if not tx.closed():
                tx.rollback()
    return ReadOnlyResult(rows=rows, truncated=truncated, ms=0.0, columns=columns)
