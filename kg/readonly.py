"""Execute untrusted Cypher safely: guard, READ session, always-rolled-back transaction,
timeout and row cap (SPEC §9). Used by the analyst console and by `execute_custom_cypher`.

ArcadeDB ignores both READ access mode and transaction timeouts, so the timeout is enforced
here: the query runs in a worker thread on its own driver, and closing that driver breaks
the connection when the deadline passes.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from neo4j import READ_ACCESS, Driver

from kg.guard import QueryRefused, check_read_only
from kg.records import to_jsonable


class QueryTimeout(RuntimeError):
    """The query ran longer than its timeout and was abandoned."""


@dataclass
class ReadOnlyResult:
    rows: list[dict[str, Any]]
    truncated: bool  # more rows existed than the row cap
    ms: float
    columns: list[str] = field(default_factory=list)


def run_read_only(
    make_driver: Callable[[], Driver],
    query: str,
    params: dict[str, Any] | None = None,
    *,
    database: str,
    timeout_s: float,
    row_cap: int,
    check: bool = True,
) -> ReadOnlyResult:
    """Run `query` without any lasting effect. `check=False` skips the static guard (tests only)."""
    if check:
        check_read_only(query)
    driver = make_driver()
    outcome: dict[str, Any] = {}
    started = time.perf_counter()

    def work() -> None:
        try:
            outcome["result"] = _execute(driver, query, params or {}, database, timeout_s, row_cap)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = exc

    worker = threading.Thread(target=work, name="readonly-cypher", daemon=True)
    worker.start()
    worker.join(timeout_s)
    timed_out = worker.is_alive()
    driver.close()  # also breaks the connection of a worker that is still waiting
    if timed_out:
        worker.join(5)
        raise QueryTimeout(f"query exceeded the {timeout_s:g}s timeout and was cancelled")
    if "error" in outcome:
        raise outcome["error"]
    result: ReadOnlyResult = outcome["result"]
    result.ms = round((time.perf_counter() - started) * 1000, 1)
    return result


def _execute(driver: Driver, query: str, params: dict, database: str, timeout_s: float,
             row_cap: int) -> ReadOnlyResult:
    with driver.session(database=database, default_access_mode=READ_ACCESS) as session:
        tx = session.begin_transaction(timeout=timeout_s)  # honoured by Neo4j, ignored by ArcadeDB
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
