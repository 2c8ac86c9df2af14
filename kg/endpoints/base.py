"""What every endpoint shares: the call context, the typed result, the envelope, and running a read query.

An endpoint is a body `(ctx, args) -> Rows` with a pydantic argument model, wrapped by `@endpoint(...)`
into an `Endpoint`. The envelope is the one place that validates the arguments, times the call, names the
tool, turns rows into `ok`/`empty` and an early `Stop` or a failure into `error`/`refused`/`empty`, so the
bodies hold only their queries. The agent exposes the same models to LangChain as tool schemas, and the CLI
validates `--args` with them.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ValidationError

from kg.driver import Graph
from kg.records import to_jsonable
from kg.settings import Settings


class Status(StrEnum):
    """How a call ended. A `str`: `Status.OK == "ok"`, and JSON shows the plain word."""
    OK = "ok"
    EMPTY = "empty"  # ran and found nothing; the message says why and what to try next
    ERROR = "error"  # bad arguments, a failing query, the graph unavailable
    REFUSED = "refused"  # the custom-Cypher guard or the database refused the query


OK, EMPTY, ERROR, REFUSED = Status.OK, Status.EMPTY, Status.ERROR, Status.REFUSED


@dataclass
class Context:
    graph: Graph
    settings: Settings


@dataclass
class ToolResult:
    tool: str
    args: dict[str, Any]
    status: Status  # a plain "ok"/"empty"/"error"/"refused" is accepted and stored as its Status
    rows: list[dict[str, Any]] = field(default_factory=list)
    message: str = ""  # what a reader (or the model) should know: why empty, what was refused, truncation
    ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)  # endpoint-specific summary (e.g. the focal entity)

    def __post_init__(self) -> None:
        self.status = Status(self.status)

    @property
    def citations(self) -> list[dict[str, str]]:
        """Publication number + date of every event the rows rest on, in first-seen order."""
        seen: dict[str, str] = {}
        for row in self.rows:
            number, date = row.get("publication_number"), row.get("publication_date") or row.get("date")
            if number and number not in seen:
                seen[number] = date or ""
        return [{"publication_number": n, "date": d} for n, d in seen.items()]

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args, "status": self.status.value, "rows": self.rows,
                "row_count": len(self.rows), "message": self.message, "ms": round(self.ms, 1),
                "citations": self.citations, **({"extra": self.extra} if self.extra else {})}


@dataclass
class Rows:
    """What an endpoint body returns; the envelope makes it a `ToolResult` (status `ok` or `empty`)."""
    rows: list[dict[str, Any]]
    empty: str  # the message when there are no rows: why that may be, and what to try instead
    message: str = ""  # the message when there are rows (e.g. a truncation note)
    extra: dict[str, Any] = field(default_factory=dict)


class Stop(Exception):  # noqa: N818 - a result, not a failure
    """Raised by an endpoint body to end the call at once with `status` and `message`: a filter value it cannot
    use (error), a refused query (refused), an unknown uid (empty)."""

    def __init__(self, status: Status, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = Status(status), message, extra or {}


@dataclass(frozen=True)
class Endpoint:
    name: str
    description: str  # shown to the LLM as the tool description (the static one, see `describe`)
    args_model: type[BaseModel]
    body: Callable[[Context, Any], Rows]
    # Builds the description from the connected graph (e.g. its schema); None: `description` is all there is.
    described_by: Callable[[Context], str] | None = None

    def describe(self, ctx: Context | None = None) -> str:
        """The tool description for the model: built from the connected graph where the endpoint can, else the
        static one (also when building it fails)."""
        if ctx is None or self.described_by is None:
            return self.description
        try:
            return self.described_by(ctx)
        except Exception:  # noqa: BLE001 - a description is never worth a failed turn
            return self.description

    def __call__(self, ctx: Context, args: dict[str, Any] | BaseModel) -> ToolResult:
        """The envelope: validate `args`, run the body, fill tool, args, status and milliseconds. Never raises:
        bad arguments, refusals and failures (graph down, timeout) come back as results with the reason."""
        started = time.perf_counter()

        def done(status: Status, message: str, shown: dict[str, Any], rows: list[dict[str, Any]] | None = None,
                 extra: dict[str, Any] | None = None) -> ToolResult:
            return ToolResult(self.name, shown, status, rows or [], message, (time.perf_counter() - started) * 1000,
                              extra or {})

        if isinstance(args, BaseModel):
            parsed = args
        else:
            try:
                parsed = self.args_model.model_validate(args)
            except ValidationError as exc:
                problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
                return done(ERROR, f"invalid arguments: {problems}", dict(args))
        shown = parsed.model_dump(exclude_none=True)
        try:
            out = self.body(ctx, parsed)
        except Stop as stop:
            return done(stop.status, stop.message, shown, extra=stop.extra)
        except Exception as exc:  # noqa: BLE001 - graph down, timeout: reported, not raised
            return done(ERROR, f"{type(exc).__name__}: {str(exc)[:300]}", shown)
        return done(OK if out.rows else EMPTY, out.message if out.rows else out.empty, shown, out.rows, out.extra)


def endpoint(name: str, description: str, args_model: type[BaseModel],
             described_by: Callable[[Context], str] | None = None) -> Callable[[Callable[[Context, Any], Rows]], Endpoint]:
    """Decorator: the body below becomes the `Endpoint` `name`, run inside the shared envelope."""
    def wrap(body: Callable[[Context, Any], Rows]) -> Endpoint:
        return Endpoint(name, description, args_model, body, described_by)
    return wrap


_PLAIN = frozenset({str, int, float, bool, type(None)})


def read(ctx: Context, query: str, **params: Any) -> list[dict[str, Any]]:
    """One parameterized read query; rows as JSON-ready dicts. A row of plain values (most rows) is taken as it
    is: converting every value costs more than the server's work for a long list."""
    with ctx.graph.read_session() as s:
        result = s.run(query, params)
        keys = result.keys()
        rows = []
        for r in result:
            values = r.values()
            rows.append(dict(zip(keys, values, strict=True)) if all(type(v) in _PLAIN for v in values)
                        else to_jsonable(r.data()))
        return rows


# Reads an endpoint runs side by side: each in a session of its own from the driver's pool (the driver is
# thread-safe, a session is not). A few threads: the server's cores bound what side by side gains.
_READERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="graph-read")


def read_later(ctx: Context, query: str, **params: Any) -> Future[list[dict[str, Any]]]:
    """`read` started now beside the caller's own reads; its `.result()` gives the rows (or raises its error)."""
    return _READERS.submit(read, ctx, query, **params)


def read_many(ctx: Context, queries: Sequence[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Independent reads side by side, their rows in the order asked."""
    if len(queries) < 2:
        return [read(ctx, q, **p) for q, p in queries]
    return [f.result() for f in [read_later(ctx, q, **p) for q, p in queries]]
