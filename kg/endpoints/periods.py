"""The years a graph's notices span, as the build counted them (`kg.event_counts`: the cell of every notice in all
cantons holds a count per year): an open period's index keys run over those years, not back to the gazette's first
(`kg.event_scope.months`)."""
from __future__ import annotations

from kg import event_counts
from kg.endpoints.base import Context, read
from kg.event_scope import GROUPED_TYPES


def years_held(ctx: Context) -> tuple[int, int] | None:
    """The first and last year of the graph's notices in a scope; None where the build's counts do not say (a graph
    being built: the caller reads every year's keys)."""
    return event_counts.span(read(ctx, event_counts.READ, uids=event_counts.SPAN_UIDS), GROUPED_TYPES)
