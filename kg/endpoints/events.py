"""list_events: the companies that were newly entered, deleted, went bankrupt, went into liquidation, moved their
seat (from → to), were renamed, absorbed in a merger or changed their capital, with filters for period, canton,
town and legal form, and the count.

Each kind is one fixed predicate on the notices (sub-rubric, and the before/after values phase 1 keeps), so
the question's filters are parameters and the company is one HAS_EVENT away. A company listed twice for one
kind (a bankruptcy published in several steps) is listed once, at its first notice of that kind.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator
from rapidfuzz.distance import OSA

from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read
from kg.endpoints.vocabulary import legal_form
from kg.event_scope import scopes
from kg.places import CAPITAL_TOWNS, canton_code, city_spellings
from kg.text import fold

Kind = Literal["founded", "deleted", "bankrupt", "liquidation", "moved", "renamed", "merged", "capital_changed"]
# The notices of each kind: sub-rubrics (an indexed look-up) and what the notice must say.
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "founded": (("HR01",), "true"),
    "deleted": (("HR03",), "true"),
    "merged": (("HR03",), "e.acquirer_uid IS NOT NULL"),
    "bankrupt": (("KK01", "KK02", "HR02"), "(e.sub_rubric <> 'HR02' OR e.status_after = 'bankrupt')"),
    "liquidation": (("HR02",) + tuple(f"LS{i:02d}" for i in range(1, 9)),
                    "(e.sub_rubric <> 'HR02' OR e.status_after = 'liquidation')"),
    "moved": (("HR02",), "e.before_seat IS NOT NULL"),
    "renamed": (("HR02",), "e.before_name IS NOT NULL"),
    "capital_changed": (("HR02",), "e.before_capital_nominal IS NOT NULL"),
}
# The notices by their scope (sub-rubric, canton, year: kg.event_scope), one index look-up each, where the question
# names a canton or a period; else every notice of the sub-rubrics.
NOTICES = {"scoped": "e.scope IN $scopes", "all": "e.sub_rubric IN $subs"}
EVENTS = """
MATCH (e:Event)
WHERE {notices} AND ($since IS NULL OR e.publication_date >= $since)
  AND ($until IS NULL OR e.publication_date <= $until) AND {predicate}
MATCH (c:Company)-[:HAS_EVENT]->(e)
WHERE c.strength = 'strong' AND ($uid IS NULL OR c.uid = $uid)
RETURN c.uid AS uid, c.name AS name, c.legal_form AS legal_form, c.seat AS seat, c.canton AS company_canton,
       e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.canton AS canton, e.company_name AS name_in_notice, e.after_seat AS after_seat, e.before_seat AS before_seat,
       e.after_name AS after_name, e.before_name AS before_name, e.after_legal_form AS after_legal_form,
       e.before_capital_nominal AS before_capital, e.after_capital_nominal AS after_capital,
       e.acquirer_uid AS acquirer_uid, e.acquirer_name AS acquirer_name, e.deletion_date AS deletion_date,
       e.bankruptcy_opened AS bankruptcy_opened
ORDER BY publication_date, publication_number
"""
# The canton a company was in before a move: the register that published its notices before it.
CANTON_BEFORE = """
UNWIND $moves AS m
MATCH (c:BaseNode {uid: m.uid})-[:HAS_EVENT]->(e:Event)
WHERE e.publication_date < m.date AND e.rubric = 'HR' AND e.canton IS NOT NULL
RETURN m.uid AS uid, m.date AS date, e.canton AS canton, e.publication_date AS published
ORDER BY published
"""
# Else the canton of the former seat, as the register knows it from the companies seated there.
SEAT_CANTONS = """
UNWIND $seats AS s
MATCH (c:Company {seat: s})
WHERE c.canton IS NOT NULL
RETURN s AS seat, c.canton AS canton, count(c) AS n
"""
LIQUIDATION_WORDS = ("liquidation", "liquidazione", "liq.")


class ListEventsArgs(BaseModel):
    kind: Kind = Field(description="founded (new entries), deleted, bankrupt, liquidation, moved (seat moves), "
                                   "renamed, merged (absorbed in a merger), capital_changed")
    since: str | None = Field(None, description="ISO date lower bound (inclusive) of the notice date")
    until: str | None = Field(None, description="ISO date upper bound (inclusive)")
    year: int | None = Field(None, ge=1883, le=2100, description="calendar year (instead of since/until)")
    canton: str | None = Field(None, description="canton code or name where the company is (after the event)")
    town: str | None = Field(None, description="seat/town where the company is (after the event)")
    from_place: str | None = Field(None, description="moved: the former seat (town) or canton")
    to_place: str | None = Field(None, description="moved: the new seat (town) or canton")
    legal_form: str | None = Field(None, description="AG, GmbH, Genossenschaft, ... (SA, Sàrl also understood)")
    uid: str | None = Field(None, description="only this company (e.g. its seat moves or former names)")
    limit: int = Field(50, ge=1, le=500)

    @model_validator(mode="after")
    def _dates(self) -> ListEventsArgs:
        for name in ("since", "until"):
            v = getattr(self, name)
            if v is not None:
                try:
                    setattr(self, name, dt.date.fromisoformat(v.strip()[:10]).isoformat())
                except ValueError:
                    raise ValueError(f"{name}: {v!r} is not an ISO date (YYYY-MM-DD)") from None
        if self.year is not None:
            self.since = max(self.since or "", f"{self.year}-01-01")
            self.until = min(self.until or "9999", f"{self.year}-12-31")
        return self


# Whether a town is the seat of any company in the graph (the company_seat index serves it).
SEAT_KNOWN = """
UNWIND $names AS n
MATCH (c:Company)
WHERE c.seat = n OR c.seat STARTS WITH n + ' ('
RETURN c.uid AS uid
LIMIT 1
"""


class Place:
    """A town or (unless `town_only`) a canton as typed; `holds(seat, canton)` says whether a company there is in
    it. A name that is both a town and its canton ("Bern", "Zug", "Genève") means the town; "canton Bern",
    "Kanton Zug" or a canton's own name ("Ticino", "Valais", "BE") mean the canton."""

    def __init__(self, text: str, town_only: bool = False) -> None:
        self.text = text
        said_canton = bool(re.match(r"\s*(canton|kanton|cantone)\b", fold(text)))
        self.canton = None if town_only or (fold(text).strip() in CAPITAL_TOWNS and not said_canton) else canton_code(text)
        self.towns = set() if said_canton else {fold(s) for s in city_spellings(text)}

    def holds(self, seat: str | None, canton: str | None) -> bool:
        if seat and _town(seat) in self.towns:
            return True
        return self.canton is not None and canton == self.canton

    def correct(self, seats: dict[str, str], is_a_seat: Callable[[list[str]], bool]) -> str | None:
        """A town typed with a typo ("Intelraken"): when it names no canton and none of `seats` (folded -> as
        written, the towns of the notices at hand), the one seat within one edit (two in a name of 10+ letters) is
        meant; returns it as written. A town that is some company's seat in the graph (`is_a_seat`) is taken as
        typed, even one edit from another ("Baden" is not "Bauen")."""
        if self.canton is not None or not self.towns or self.towns & seats.keys():
            return None
        typed = fold(self.text).strip()
        if len(typed) < 5:
            return None
        allowed = 2 if len(typed) >= 10 else 1
        near = {s for s in seats if abs(len(s) - len(typed)) <= allowed and OSA.distance(typed, s) <= allowed}
        if len(near) != 1:
            return None
        if is_a_seat(sorted({v for t in city_spellings(self.text.strip()) for v in (t, t.title())})):
            return None
        self.towns = set(near)
        return seats[near.pop()]


def _town(seat: str) -> str:
    return fold(seat).split(" (")[0]


def _liquidation_rename(old: str, new: str) -> bool:
    """'X AG' -> 'X AG in Liquidation' (and back): the liquidation suffix, not a new name."""
    a, b = fold(old), fold(new)
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer.startswith(shorter.rstrip(" ,")) and any(w in longer[len(shorter):] for w in LIQUIDATION_WORDS)


def _cantons_before(ctx: Context, moves: list[dict[str, Any]]) -> dict[str, str]:
    """publication number of each move -> the canton the company was in before it."""
    if not moves:
        return {}
    before: dict[tuple[str, str], str] = {}
    for r in read(ctx, CANTON_BEFORE, moves=[{"uid": m["uid"], "date": m["publication_date"]} for m in moves]):
        before[(r["uid"], r["date"])] = r["canton"]  # oldest first: the last one is the notice just before
    out = {m["publication_number"]: before[(m["uid"], m["publication_date"])] for m in moves
           if (m["uid"], m["publication_date"]) in before}
    seats = sorted({m["before_seat"] for m in moves if m["publication_number"] not in out and m["before_seat"]})
    best: dict[str, tuple[int, str]] = {}
    for s in read(ctx, SEAT_CANTONS, seats=seats) if seats else []:
        if s["n"] > best.get(s["seat"], (0, ""))[0]:
            best[s["seat"]] = (s["n"], s["canton"])
    for m in moves:
        if m["publication_number"] not in out and m["before_seat"] in best:
            out[m["publication_number"]] = best[m["before_seat"]][1]
    return out


def _row(kind: str, r: dict[str, Any], from_canton: str | None) -> dict[str, Any]:
    row = {"kind": kind, "uid": r["uid"], "name": r["name"], "name_in_notice": r["name_in_notice"],
           "publication_number": r["publication_number"], "publication_date": r["publication_date"],
           "sub_rubric": r["sub_rubric"], "canton": r["canton"], "seat": r["after_seat"] or r["seat"],
           "legal_form": r["after_legal_form"] or r["legal_form"]}
    if kind == "moved":
        row |= {"from": r["before_seat"], "to": r["after_seat"], "from_canton": from_canton, "to_canton": r["canton"]}
    elif kind == "renamed":
        row |= {"from": r["before_name"], "to": r["after_name"]}
    elif kind == "merged":
        row |= {"absorbed_by": r["acquirer_name"], "absorbed_by_uid": r["acquirer_uid"],
                "deletion_date": r["deletion_date"]}
    elif kind == "capital_changed":
        row |= {"from": r["before_capital"], "to": r["after_capital"]}
    elif kind == "deleted":
        row |= {"deletion_date": r["deletion_date"]}
    elif kind == "bankrupt":
        row |= {"bankruptcy_opened": r["bankruptcy_opened"]}
    return {k: v for k, v in row.items() if v is not None}


@endpoint(
    "list_events",
    "Lists and counts the companies that were newly entered (founded), deleted, went bankrupt, went into "
    "liquidation, moved their seat (with from → to), were renamed (old → new name), absorbed in a merger (and "
    "by whom) or changed their capital, in a period, canton, town or legal form; each row cites its notice. Use it "
    "for 'which companies moved from Zürich to Zug', 'which companies were founded in 2021 in canton Bern'.",
    ListEventsArgs)
def list_events(ctx: Context, args: ListEventsArgs) -> Rows:
    subs, predicate = KINDS[args.kind]
    canton = canton_code(args.canton) if args.canton else None
    if args.canton and canton is None:
        raise Stop(ERROR, f"unknown canton {args.canton!r}")
    try:
        form = legal_form(args.legal_form)
    except ValueError as exc:
        raise Stop(ERROR, str(exc)) from None
    town = Place(args.town, town_only=True) if args.town else None
    origin, target = (Place(p) if p else None for p in (args.from_place, args.to_place))
    if (origin or target) and args.kind != "moved":
        raise Stop(ERROR, "from_place and to_place apply to kind 'moved' only")
    # a notice without canton is placed by its company's canton: those are read too
    keys = None if args.uid else scopes(subs, [canton, None] if canton else None, args.since, args.until)
    found = read(ctx, EVENTS.format(predicate=predicate, notices=NOTICES["all" if keys is None else "scoped"]),
                 subs=list(subs), since=args.since, until=args.until, uid=args.uid, scopes=keys)
    seats = {_town(s): s.split(" (")[0] for r in found for s in (r["seat"], r["after_seat"], r["before_seat"]) if s}
    def is_a_seat(names: list[str]) -> bool:
        return bool(read(ctx, SEAT_KNOWN, names=names))

    read_as = [f"{p.text!r} as {fixed!r}" for p in (town, origin, target)
               if p and (fixed := p.correct(seats, is_a_seat))]
    from_cantons = _cantons_before(ctx, found) if args.kind == "moved" else {}
    rows, seen = [], set()
    for r in found:
        if r["uid"] in seen and not args.uid:  # one row per company; for one company, each of its events
            continue
        place_seat, place_canton = r["after_seat"] or r["seat"], r["canton"] or r["company_canton"]
        if canton and place_canton != canton:
            continue
        if town and not town.holds(place_seat, place_canton):
            continue
        if form and (r["after_legal_form"] or r["legal_form"]) != form:
            continue
        if args.kind == "renamed" and not args.uid and _liquidation_rename(
                r["before_name"], r["after_name"] or r["name_in_notice"] or ""):
            continue  # across companies a liquidation suffix is no rename; one company's names list every one
        from_canton = from_cantons.get(r["publication_number"])
        if origin and not origin.holds(r["before_seat"], from_canton):
            continue
        if target and not target.holds(r["after_seat"], r["canton"]):
            continue
        seen.add(r["uid"])
        rows.append(_row(args.kind, r, from_canton))
    count = len(rows)
    shown = rows[: args.limit]
    filters = ", ".join(f"{k} {v}" for k, v in args.model_dump(exclude_none=True, exclude={"kind", "limit"}).items())
    return Rows(shown, f"no company {args.kind.replace('_', ' ')}" + (f" with {filters}" if filters else "") +
                " in the notices of the graph",
                message=(f"{count} notice{'' if count == 1 else 's'}" if args.uid else
                         f"{count} compan{'y' if count == 1 else 'ies'}") +
                (f"; the first {len(shown)} shown (raise limit for more)" if count > len(shown) else "") +
                (f"; read {', '.join(read_as)}" if read_as else ""),
                extra={"count": count, "kind": args.kind} | ({"read_as": read_as} if read_as else {}))
