"""How a graph's notices can be read by key (`kg.event_scope`), from the build's summary nodes, in one read:
whether they hold their scopes by month and their kind scopes by month (`SCOPES_UID`, `KINDS_UID`: a graph written by
older code holds a year's, or none, until the build completes it, and is then read another way, never by keys it
lacks), and the years they span (`kg.event_counts`: the cell of every notice in all cantons holds a count per year),
so that an open period's keys run over those years, not back to the gazette's first (`kg.event_scope.months`)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kg import event_counts
from kg.endpoints.base import Context, read
from kg.event_scope import GROUPED_TYPES, KINDS_UID, KINDS_VERSION, SCOPES_UID, SCOPES_VERSION


@dataclass(frozen=True)
class Keying:
    scopes: bool  # every notice holds its scope by month
    kinds: bool  # every notice of a listed kind holds its kind scope by month
    span: tuple[int, int] | None  # the first and last year of the notices in a scope; None: not counted (yet)
    found: list[Mapping[str, Any]]  # the summary rows read (a caller's own read with them: `event_counts.READ`)


def keying(ctx: Context, *uids: str) -> Keying:
    """How the graph's notices are keyed, and the summary nodes `uids` a caller reads with it (`event_counts.READ`
    rows)."""
    found = read(ctx, event_counts.READ, uids=[SCOPES_UID, KINDS_UID, *event_counts.SPAN_UIDS, *uids])
    version = {r["uid"]: r["version"] for r in found}
    return Keying(version.get(SCOPES_UID) == SCOPES_VERSION, version.get(KINDS_UID) == KINDS_VERSION,
                  event_counts.span(found, GROUPED_TYPES), found)
