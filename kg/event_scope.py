"""Each Event's `scope`: its sub-rubric, canton and year as one indexed text ("HR01|ZH|2022"; "HR01||2022" for a
notice without canton), so that counting or listing the notices of a kind in a canton or a period reads only those
notices (issue 19). ArcadeDB's Cypher serves one index per pattern and an equality or IN from it, while a date range
or a second property reads every notice of the sub-rubric. Phase 1 writes it; `backfill` queries find the notices of
a graph built before it.
"""
from __future__ import annotations

import datetime as dt

from kg.places import CANTONS

FIRST_YEAR = 1883  # the gazette's first year: no notice is older
NO_CANTON = ""


def scope(sub_rubric: str | None, canton: str | None, date: str | None) -> str | None:
    if not sub_rubric or not date:
        return None
    return f"{sub_rubric}|{canton or NO_CANTON}|{date[:4]}"


def scopes(subs: list[str] | tuple[str, ...] | None, cantons: list[str | None] | None, since: str | None,
           until: str | None) -> list[str] | None:
    """Every scope of these sub-rubrics, cantons (None: every canton and none) and the years from `since` to
    `until` (ISO dates; None: open) — or None where that would be nearly every scope (no sub-rubric, or neither a
    canton nor a date), so the caller reads the notices another way."""
    if not subs or (cantons is None and since is None and until is None):
        return None
    first = max(int(since[:4]), FIRST_YEAR) if since else FIRST_YEAR
    last = min(int(until[:4]), dt.date.today().year + 1) if until else dt.date.today().year + 1
    places = [*CANTONS, NO_CANTON] if cantons is None else [c or NO_CANTON for c in cantons]
    return [f"{s}|{c}|{y}" for s in subs for c in places for y in range(first, last + 1)]


# Notices of a graph built before scopes were written, and their scope written.
SCOPELESS = """
MATCH (e:Event) WHERE e.scope IS NULL AND e.sub_rubric IS NOT NULL AND e.publication_date IS NOT NULL
RETURN e.uid AS uid, e.sub_rubric AS sub_rubric, e.canton AS canton, e.publication_date AS publication_date
"""
SET_SCOPES = "UNWIND $rows AS row MATCH (e:BaseNode {uid: row.uid}) SET e.scope = row.scope"
