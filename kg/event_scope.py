"""The kinds of notice counted (`EVENT_TYPES`: the words analysts use, as sub-rubrics) and each Event's `scope`: its
sub-rubric, canton and month as one indexed text ("HR01|ZH|2022-03"; "HR01||2022-03" for a notice without canton),
so that counting or listing the notices of a kind in a canton or a period reads only those notices (issue 19).
ArcadeDB's Cypher serves one index per pattern and an equality or IN from it, while a date range or a second property
reads every notice of the sub-rubric. A month, not a year: a list's first rows are read from its first month's keys
(a canton's new entries of a year at a million notices are thousands, read a page each on a server just started; a
month's are hundreds), and a period that is not whole years reads only its months. An open period's keys run over
the years the graph holds (`span`), not back to the gazette's first. Phase 1 writes it; the `backfill` functions
rewrite the scopes of a graph written before (`SCOPES_UID`: year scopes, or none).

The kinds list_events lists that are a small part of their sub-rubrics (a seat move, a rename or a capital change
among every HR02 mutation; a merger among the deletions; a bankruptcy or a liquidation told by a mutation) carry a
scope of their own, canton and month ("ZH|2022-03"), in one property per kind (`KIND_SCOPES`): a notice may report a
move and a rename at once. A notice of none of them has none of these properties, so their indexes hold only them.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from kg.places import CANTONS
from kg.text import fold

FIRST_YEAR = 1883  # the gazette's first year: no notice is older
NO_CANTON = ""
# Notice kinds -> sub-rubrics (SHAB): what "how many bankruptcies" counts.
EVENT_TYPES: dict[str, tuple[str, ...]] = {
    "foundation": ("HR01",), "change": ("HR02",), "deletion": ("HR03",),
    "provisional_bankruptcy": ("KK01",), "bankruptcy": ("KK02",), "bankruptcy_suspended": ("KK03",),
    "collocation_plan": ("KK04",), "distribution_list": ("KK05",), "bankruptcy_closed": ("KK06",),
    "bankruptcy_revoked": ("KK07",), "auction": ("KK08",), "schedule_of_charges": ("KK09",),
    "bankruptcy_any": tuple(f"KK{i:02d}" for i in range(1, 11)),
    "liquidation": tuple(f"LS{i:02d}" for i in range(1, 9)),
}
# The event types of several sub-rubrics (the build counts each as one kind: kg.event_counts).
GROUPED_TYPES = {name: subs for name, subs in EVENT_TYPES.items() if len(subs) > 1}


def scope(sub_rubric: str | None, canton: str | None, date: str | None) -> str | None:
    if not sub_rubric or not date:
        return None
    return f"{sub_rubric}|{canton or NO_CANTON}|{month(date)}"


def month(date: str) -> str:
    """The month of an ISO date, as a scope holds it ("2022-03-04" -> "2022-03")."""
    return date[:7]


def last_year() -> int:
    """The scopes' last year: next year (a notice dated ahead)."""
    return dt.date.today().year + 1


def years(since: str | None, until: str | None) -> tuple[int, int]:
    """The first and last year of the scopes from `since` to `until` (ISO dates; None: open, from the gazette's first
    year to the scopes' last)."""
    first = max(int(since[:4]), FIRST_YEAR) if since else FIRST_YEAR
    return first, min(int(until[:4]), last_year()) if until else last_year()


def months(since: str | None, until: str | None, span: tuple[int, int] | None = None) -> list[str]:
    """The months of the scopes from `since` to `until` (ISO dates; None: open, from the gazette's first year to the
    scopes' last, or within `span`, the first and last year of the graph's notices, where known)."""
    first, last = years(since, until)
    if span is not None:
        first, last = (first if since else max(first, span[0])), (last if until else min(last, span[1]))
    lo, hi = (since[:7] if since else "0000"), (until[:7] if until else "9999")
    return [m for y in range(first, last + 1) for i in range(1, 13) if lo <= (m := f"{y}-{i:02d}") <= hi]


def _cells(cantons: list[str | None] | None, since: str | None, until: str | None,
           span: tuple[int, int] | None = None) -> list[tuple[str, str]]:
    """(canton, month) for these cantons (None: every canton and none) and the months from `since` to `until`
    (`months`)."""
    places = [*CANTONS, NO_CANTON] if cantons is None else [c or NO_CANTON for c in cantons]
    found = months(since, until, span)
    return [(c, m) for c in places for m in found]


def scopes(subs: list[str] | tuple[str, ...] | None, cantons: list[str | None] | None, since: str | None,
           until: str | None, span: tuple[int, int] | None = None) -> list[str] | None:
    """Every scope of these sub-rubrics, cantons (None: every canton and none) and the months from `since` to
    `until` (ISO dates; None: open, within `span` where known) — or None where that would be nearly every scope (no
    sub-rubric, or neither a canton nor a date), so the caller reads the notices another way."""
    if not subs or (cantons is None and since is None and until is None):
        return None
    return [f"{s}|{c}|{m}" for s in subs for c, m in _cells(cantons, since, until, span)]


# The property that holds the scope of each listed kind (a notice that is not of the kind lacks it).
KIND_SCOPES = {k: f"scope_{k}" for k in ("moved", "renamed", "capital_changed", "merged", "bankrupt", "liquidation")}
LIQUIDATION_WORDS = ("liquidation", "liquidazione", "liq.")
LIQUIDATION_SUBS = tuple(f"LS{i:02d}" for i in range(1, 9))
# A seat move's former and new town (`town_key`), for "moved from X to Y" read from an index.
MOVE_TOWNS = ("moved_from", "moved_to")
# The sub-rubrics whose notices may be of a listed kind.
KIND_SUBS = ("HR02", "HR03", "KK01", "KK02", *LIQUIDATION_SUBS)


def liquidation_rename(old: str, new: str) -> bool:
    """'X AG' -> 'X AG in Liquidation' (and back): the liquidation suffix, not a new name. Across companies such a
    notice is no rename (one company's names list it: `LIQUIDATION_WORDS`)."""
    a, b = fold(old), fold(new)
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer.startswith(shorter.rstrip(" ,")) and any(w in longer[len(shorter):] for w in LIQUIDATION_WORDS)


def kinds_of(event: Mapping[str, Any]) -> list[str]:
    """The listed kinds a notice reports, from its properties as phase 1 writes them."""
    sub = event.get("sub_rubric")
    mutation = sub == "HR02"
    found = {"moved": mutation and event.get("before_seat") is not None,
             "renamed": mutation and event.get("before_name") is not None and not liquidation_rename(
                 event["before_name"], event.get("after_name") or event.get("company_name") or ""),
             "capital_changed": mutation and event.get("before_capital_nominal") is not None,
             "merged": sub == "HR03" and event.get("acquirer_uid") is not None,
             "bankrupt": sub in ("KK01", "KK02") or (mutation and event.get("status_after") == "bankrupt"),
             "liquidation": sub in LIQUIDATION_SUBS or (mutation and event.get("status_after") == "liquidation")}
    return [k for k, yes in found.items() if yes]


def town_key(seat: str) -> str:
    """A seat as a town compares: folded, without the canton a register adds ("Buchs (AG)" -> "buchs")."""
    return fold(seat).split(" (")[0]


def kind_scopes(event: Mapping[str, Any]) -> dict[str, str]:
    """The kind scope properties of a notice (none for a notice of no listed kind, or one without a date), and a
    move's towns."""
    date = event.get("publication_date")
    if not date:
        return {}
    kinds = kinds_of(event)
    out = {KIND_SCOPES[k]: f"{event.get('canton') or NO_CANTON}|{month(date)}" for k in kinds}
    if "moved" in kinds:
        seats = dict(zip(MOVE_TOWNS, (event.get("before_seat"), event.get("after_seat")), strict=True))
        out |= {prop: town_key(seat) for prop, seat in seats.items() if seat}
    return out


def kind_keys(cantons: list[str | None] | None, since: str | None, until: str | None,
              span: tuple[int, int] | None = None) -> list[str]:
    """The kind scopes of these cantons (None: every canton and none) and the months from `since` to `until` (None:
    open, within `span` where known: every canton's months back to the gazette's first year are 47,000 keys, which
    an index reads in 300 ms; a dozen years' 4,000 in 30)."""
    return [f"{c}|{m}" for c, m in _cells(cantons, since, until, span)]


# The notices of a graph written before kind scopes existed that may be of a listed kind, with what decides it.
KINDLESS = """
MATCH (e:Event) WHERE e.sub_rubric IN $subs
RETURN e.uid AS uid, e.sub_rubric AS sub_rubric, e.canton AS canton, e.publication_date AS publication_date,
       e.before_seat AS before_seat, e.before_name AS before_name, e.before_capital_nominal AS before_capital_nominal,
       e.acquirer_uid AS acquirer_uid, e.status_after AS status_after, e.after_name AS after_name,
       e.company_name AS company_name, e.after_seat AS after_seat
"""
KINDS_UID = "summary-event-kinds"  # present (this version) once every notice of the graph has its kind scopes
KINDS_VERSION = 3  # 2: a move's towns; 3: months


def set_kind_scopes(rows: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """The statements writing kind scopes (and a move's towns): one per property, each for the notices `rows`
    (uid + properties) that have it."""
    by_prop: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        for prop, value in kind_scopes(r).items():
            by_prop.setdefault(prop, []).append({"uid": r["uid"], "scope": value})
    return [(f"UNWIND $rows AS row MATCH (e:BaseNode {{uid: row.uid}}) SET e.{prop} = row.scope", {"rows": found})
            for prop, found in sorted(by_prop.items())]


# Every notice that has a scope (a sub-rubric and a date), with the scope the graph holds for it: read on a graph
# written before this version (none, or a year's).
SCOPES_UID = "summary-event-scopes"  # present (this version) once every notice of the graph has its scope
SCOPES_VERSION = 2  # 2: months
SCOPELESS = """
MATCH (e:Event) WHERE e.sub_rubric IS NOT NULL AND e.publication_date IS NOT NULL
RETURN e.uid AS uid, e.sub_rubric AS sub_rubric, e.canton AS canton, e.publication_date AS publication_date,
       e.scope AS scope
"""
SET_SCOPES = "UNWIND $rows AS row MATCH (e:BaseNode {uid: row.uid}) SET e.scope = row.scope"
