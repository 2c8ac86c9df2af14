"""list_events: the companies that were newly entered, deleted, went bankrupt, went into liquidation, moved their
seat (from → to), were renamed, absorbed in a merger or changed their capital, with filters for period, canton,
town and legal form, and the count.

Each kind is one fixed predicate on the notices (sub-rubric, and the before/after values phase 1 keeps), so
the question's filters are parameters and the company is one HAS_EVENT away. A company listed twice for one
kind (a bankruptcy published in several steps) is listed once, at its first notice of that kind.

The notices of a kind are found by an index (issue 19): by their scope or their kind's own (kg.event_scope), a
move by its former or new town. At a million notices a list counts thousands: one with no place filter is counted
in the server, beside a read of its first rows (the first month of the first year, then more, until the companies
asked are found); one with a place filter (compared here, a typo read as meant) or one company's notices are read
in order with what choosing them needs, and what the shown rows say is read for them alone. How many companies a
list over whole years holds was counted by the build (`kg.list_counts`): read, not counted again.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator
from rapidfuzz.distance import OSA

from kg import list_counts, seat_cantons
from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read, read_later, read_many
from kg.endpoints.periods import Keying, keying
from kg.endpoints.vocabulary import legal_form
from kg.event_scope import KIND_SCOPES, LIQUIDATION_SUBS, kind_keys, scopes, town_key
from kg.places import CAPITAL_TOWNS, canton_code, city_spellings, seat_canton
from kg.text import fold, loose

Kind = Literal["founded", "deleted", "bankrupt", "liquidation", "moved", "renamed", "merged", "capital_changed"]
# The notices of each kind: sub-rubrics and what the notice must say, read this way for one company (its notices,
# a handful: every rename of its name, the liquidation suffix included). Across companies new entries and deletions
# are found by their scope (sub-rubric, canton, year) and the other kinds by their own (kg.event_scope.KIND_SCOPES:
# the same predicates, a rename to "… in Liquidation" left out), one index look-up each.
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "founded": (("HR01",), "true"),
    "deleted": (("HR03",), "true"),
    "merged": (("HR03",), "e.acquirer_uid IS NOT NULL"),
    "bankrupt": (("KK01", "KK02", "HR02"), "(e.sub_rubric <> 'HR02' OR e.status_after = 'bankrupt')"),
    "liquidation": (("HR02", *LIQUIDATION_SUBS), "(e.sub_rubric <> 'HR02' OR e.status_after = 'liquidation')"),
    "moved": (("HR02",), "e.before_seat IS NOT NULL"),
    "renamed": (("HR02",), "e.before_name IS NOT NULL"),
    "capital_changed": (("HR02",), "e.before_capital_nominal IS NOT NULL"),
}
BY_SCOPE = ("founded", "deleted")
# The period asked (its keys hold its months, the first and last perhaps in part).
WINDOW = "($since IS NULL OR e.publication_date >= $since) AND ($until IS NULL OR e.publication_date <= $until)"
NOTICES = {"company": "MATCH (c:Company {{uid: $uid}})-[:HAS_EVENT]->(e:Event) WHERE e.sub_rubric IN $subs AND {predicate}",
           "scope": f"MATCH (e:Event) WHERE e.scope IN $keys AND {WINDOW} MATCH (c:Company)-[:HAS_EVENT]->(e)",
           "kind": f"MATCH (e:Event) WHERE e.{{prop}} IN $keys AND {WINDOW} MATCH (c:Company)-[:HAS_EVENT]->(e)",
           # moves to (from) a town: the new (former) towns of the moves, one index look-up
           "town": "MATCH (e:Event) WHERE e.{prop} IN $towns MATCH (c:Company)-[:HAS_EVENT]->(e)",
           # new entries or deletions in no canton and no period: every notice of the sub-rubric
           "all": f"MATCH (e:Event) WHERE e.sub_rubric IN $subs AND {{predicate}} AND {WINDOW} "
                  "MATCH (c:Company)-[:HAS_EVENT]->(e)"}
# What a listed company must be (the question's filters on the notice and its company).
FILTERS = """c.strength = 'strong' AND ($since IS NULL OR e.publication_date >= $since)
  AND ($until IS NULL OR e.publication_date <= $until)
  AND ($canton IS NULL OR coalesce(e.canton, c.canton) = $canton)
  AND ($form IS NULL OR coalesce(e.after_legal_form, c.legal_form) = $form)"""
# The notices of the kind, in order, with what the filters read in Python need (`PLACES`: a town, a move's places).
SELECT = """
{notices}
WITH c, e WHERE """ + FILTERS + """
RETURN c.uid AS uid, e.uid AS publication_number, e.publication_date AS publication_date{columns}
ORDER BY publication_date, publication_number
"""
PLACES = (", c.seat AS seat, c.canton AS company_canton, e.canton AS canton, e.after_seat AS after_seat, "
          "e.before_seat AS before_seat")
# What a row shown says (the company, one HAS_EVENT from the notice).
COLUMNS = """c.uid AS uid, c.name AS name, c.legal_form AS legal_form, c.seat AS seat, c.canton AS company_canton,
       e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.canton AS canton, e.company_name AS name_in_notice, e.after_seat AS after_seat, e.before_seat AS before_seat,
       e.after_name AS after_name, e.before_name AS before_name, e.after_legal_form AS after_legal_form,
       e.before_capital_nominal AS before_capital, e.after_capital_nominal AS after_capital,
       e.acquirer_uid AS acquirer_uid, e.acquirer_name AS acquirer_name, e.deletion_date AS deletion_date,
       e.bankruptcy_opened AS bankruptcy_opened"""
SHOWN = """
UNWIND $rows AS row
MATCH (e:Event {uid: row.publication_number})
MATCH (c:Company)-[:HAS_EVENT]->(e)
WHERE c.uid = row.uid
RETURN """ + COLUMNS
# A list with no place filter is counted and cut in the server (at a million notices a list holds thousands): how
# many companies, and the first notices in order with what they show, `$n` of them (fewer than `$n`: no more).
COUNT = """
{notices}
WITH c, e WHERE """ + FILTERS + """
RETURN count(DISTINCT c) AS n
"""
FIRST = """
{notices}
WITH c, e WHERE """ + FILTERS + """
WITH c, e ORDER BY e.publication_date, e.uid LIMIT $n
RETURN """ + COLUMNS + """
ORDER BY publication_date, publication_number
"""

# The canton a company was in before a move, where its former seat does not say it (`kg.places.seat_canton`): the
# register that published its notices before it.
CANTON_BEFORE = """
UNWIND $moves AS m
MATCH (c:BaseNode {uid: m.uid})-[:HAS_EVENT]->(e:Event)
WHERE e.publication_date < m.date AND e.rubric = 'HR' AND e.canton IS NOT NULL
RETURN m.uid AS uid, m.date AS date, e.canton AS canton, e.publication_date AS published
ORDER BY published
"""
# Else the one the register knows the former seat in (`kg.seat_cantons`), or where the build has not counted it,
# from the companies seated there (the first five: a town's companies are in its canton, a stray one is outvoted).
SEAT_CANTONS = """
MATCH (c:Company {seat: $seat})
WHERE c.canton IS NOT NULL
RETURN c.canton AS canton
LIMIT 5
"""


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
        if seat and town_key(seat) in self.towns:
            return True
        return self.canton is not None and canton == self.canton

    def as_seats(self) -> list[str]:
        """The seats a register may write for this town."""
        return sorted({v for t in city_spellings(self.text.strip()) for v in (t, t.title())})

    def correct(self, seats: dict[str, str], is_a_seat: Callable[[list[str]], bool]) -> str | None:
        """A town typed with a typo ("Intelraken", "Zrüich", "Puly"): when it names no canton and none of `seats`
        (folded -> as written, the towns of the notices at hand), the one seat within one edit (two in a name of 10+
        letters; an umlaut and its vowel alike) is meant; returns it as written. A town that is some company's seat
        in the graph (`is_a_seat`) is taken as typed, even one edit from another ("Baden" is not "Bauen")."""
        if self.canton is not None or not self.towns or self.towns & seats.keys():
            return None
        typed = fold(self.text).strip()
        if len(typed) < 4:
            return None
        allowed = 2 if len(typed) >= 10 else 1
        typed_loose = loose(typed)

        def near_to(seat: str) -> bool:  # "zrueich" is two edits from "zuerich", "zruich" one from "zurich"
            return any(abs(len(b) - len(a)) <= allowed and OSA.distance(a, b, score_cutoff=allowed) <= allowed
                       for a, b in ((typed, seat), (typed_loose, loose(seat))))
        near = {s for s in seats if near_to(s)}
        if len(near) != 1:
            return None
        if is_a_seat(self.as_seats()):
            return None
        self.towns = set(near)
        return seats[near.pop()]


@dataclass(frozen=True)
class Listed:
    """The rows to show (each what SHOWN reads), how many there are, typos read as meant, a move's former canton."""
    shown: list[dict[str, Any]]
    count: int
    read_as: list[str] = field(default_factory=list)
    from_cantons: dict[str, str] = field(default_factory=dict)


def _keys(args: ListEventsArgs, canton: str | None, keyed: Keying | None) -> list[str] | None:
    """The index keys of the notices asked (a notice without canton is placed by its company's canton: those are
    read too); None where the notices are read another way (one company's, every new entry or deletion, or a graph
    whose notices do not hold the keys: older code wrote it and the build has not completed it). An open start runs
    from the first year of the graph's notices."""
    cantons = [canton, None] if canton else None
    if keyed is None or (args.kind in BY_SCOPE and cantons is None and args.since is None and args.until is None):
        return None
    if not (keyed.scopes if args.kind in BY_SCOPE else keyed.kinds):
        return None
    span = keyed.span if args.since is None else None
    if args.kind in BY_SCOPE:
        return scopes(KINDS[args.kind][0], cantons, args.since, args.until, span)
    return kind_keys(cantons, args.since, args.until, span)


def _by_town(origin: Place | None, target: Place | None) -> tuple[str, Place] | None:
    """Moves to (else from) a town, not a canton: the property of the moves' towns, and the town."""
    for prop, place in (("moved_to", target), ("moved_from", origin)):
        if place and place.canton is None and place.towns:
            return prop, place
    return None


def _notices(args: ListEventsArgs, keys: list[str] | None, by_town: tuple[str, Place] | None = None) -> str:
    """The MATCH of the notices asked: by a move's town, one company's, by scope or kind scope, or every one."""
    if by_town:
        return NOTICES["town"].format(prop=by_town[0])
    if args.uid or keys is None:
        return NOTICES["company" if args.uid else "all"].format(predicate=KINDS[args.kind][1])
    return NOTICES["scope"] if args.kind in BY_SCOPE else NOTICES["kind"].format(prop=KIND_SCOPES[args.kind])


def _select(args: ListEventsArgs, keys: list[str] | None, places: bool,
            by_town: tuple[str, Place] | None = None) -> str:
    return SELECT.format(notices=_notices(args, keys, by_town), columns=PLACES if places else "")


def _first_n(limit: int) -> int:
    """Rows read first for `limit` companies: a company's repeated notices (a bankruptcy in steps) fill the rest."""
    return 2 * limit + 10


def _slices(keys: list[str] | None, since: str | None, until: str | None) -> list[list[str] | None]:
    """The keys of each read of a list's first rows, oldest first (keys end in their month): each year's months in
    reads of 1, 1, 2, 4 and 8 months (a year of a canton's new entries is thousands of notices, its first month
    hundreds: the notices of the months after the companies asked are found are not read, nor followed to their
    company). Keys of None, or a list with no start (its keys run over every year of the graph): one read."""
    if keys is None or since is None:
        return [keys]
    months: dict[str, list[str]] = {}
    for k in keys:
        months.setdefault(k.rpartition("|")[2], []).append(k)
    out: list[list[str] | None] = []
    for year in sorted({m[:4] for m in months}):
        held = sorted(m for m in months if m.startswith(year))
        start, size = 0, 1
        while start < len(held):
            out.append([k for m in held[start: start + size] for k in months[m]])
            start, size = start + size, (size * 2 if start else 1)
    return out


def _in_python(ctx: Context, args: ListEventsArgs, keys: list[str] | None, params: dict[str, Any],
               places: tuple[Place | None, Place | None, Place | None], keyed: Keying | None = None) -> Listed:
    """One company's notices, or a list with a place filter: every notice of the kind read in order (a move's town
    from its index), the places compared here, a town typed with a typo read as meant."""
    town, origin, target = places

    def is_a_seat(names: list[str]) -> bool:
        return bool(read(ctx, SEAT_KNOWN, names=names))

    located = bool(town or origin or target)
    by_town = None if args.uid else _by_town(origin, target)
    found = read(ctx, _select(args, keys, located, by_town), **params,
                 towns=sorted(by_town[1].towns) if by_town else None)
    if by_town and not found and not is_a_seat(by_town[1].as_seats()):  # a typo? every move, to read it as meant
        found = read(ctx, _select(args, keys, located, None), **params)
    read_as: list[str] = []
    if located:
        seats = {town_key(s): s.split(" (")[0] for r in found for s in (r["seat"], r["after_seat"], r["before_seat"]) if s}
        read_as = [f"{p.text!r} as {fixed!r}" for p in (town, origin, target)
                   if p and (fixed := p.correct(seats, is_a_seat))]
    # a canton moved from: the canton before each move (a town is compared with the former seat)
    from_cantons = _cantons_before(ctx, found) if origin and origin.canton else {}
    chosen, seen = [], set()
    for r in found:
        if r["uid"] in seen and not args.uid:  # one row per company; for one company, each of its events
            continue
        if town and not town.holds(r["after_seat"] or r["seat"], r["canton"] or r["company_canton"]):
            continue
        if origin and not origin.holds(r["before_seat"], from_cantons.get(r["publication_number"])):
            continue
        if target and not target.holds(r["after_seat"], r["canton"]):
            continue
        seen.add(r["uid"])
        chosen.append(r)
    return Listed(_shown(ctx, chosen[: args.limit]), len(chosen), read_as, from_cantons)


def _in_server(ctx: Context, args: ListEventsArgs, keys: list[str] | None, params: dict[str, Any],
               places: tuple[Place | None, Place | None, Place | None], keyed: Keying | None) -> Listed:
    """A list across companies with no place filter, counted and cut in the server: the first `limit` companies'
    rows (each at its first notice of the kind), and how many companies there are. The count runs beside the rows,
    which are read a slice of time at a time (`_slices`), oldest first, until `limit` companies are found."""
    notices = _notices(args, keys)
    stored = _stored_count(args, keys, params, keyed)
    counted = None if stored is not None else read_later(ctx, COUNT.format(notices=notices), **params)
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()
    for group in _slices(keys, args.since, args.until):
        n = _first_n(args.limit)
        while True:
            rows = read(ctx, FIRST.format(notices=notices), **params | {"keys": group, "n": n})
            fresh: dict[str, dict[str, Any]] = {}
            for r in rows:
                if r["uid"] not in seen:
                    fresh.setdefault(r["uid"], r)
            if len(rows) < n or len(chosen) + len(fresh) >= args.limit:
                break
            n *= 4
        chosen += fresh.values()
        seen |= fresh.keys()
        if len(chosen) >= args.limit:
            break
    return Listed(chosen[: args.limit], stored if counted is None else counted.result()[0]["n"])


def _stored_count(args: ListEventsArgs, keys: list[str] | None, params: dict[str, Any],
                  keyed: Keying | None) -> int | None:
    """How many companies the list holds, as the build counted them (`kg.list_counts`, read with the graph's
    keying), where it did: a list read by its scopes, over whole years, with no legal form; else None (the caller
    counts)."""
    span = list_counts.whole_years(args.since, args.until)
    if keys is None or keyed is None or span is None or params["form"] is not None:
        return None
    return list_counts.read_count(keyed.found, args.kind, params["canton"], span)


def _shown(ctx: Context, chosen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the chosen notices say, in their order."""
    if not chosen:
        return []
    said = {(r["uid"], r["publication_number"]): r for r in read(
        ctx, SHOWN, rows=[{"uid": r["uid"], "publication_number": r["publication_number"]} for r in chosen])}
    return [said[k] for r in chosen if (k := (r["uid"], r["publication_number"])) in said]


def _cantons_before(ctx: Context, moves: list[dict[str, Any]]) -> dict[str, str]:
    """publication number of each move -> the canton the company was in before it: the canton its former seat says
    itself (the register's suffix, a city of kg.places), else that of the register that published its notices before
    the move, else the canton of the former seat's companies (`kg.seat_cantons`, read beside the notices; where the
    build has not counted them, read from the companies)."""
    out = {m["publication_number"]: canton for m in moves if (canton := seat_canton(m["before_seat"]))}
    moves = [m for m in moves if m["publication_number"] not in out]
    if not moves:
        return out
    counted = read_later(ctx, seat_cantons.READ, uid=seat_cantons.SUMMARY_UID)
    before: dict[tuple[str, str], str] = {}
    for r in read(ctx, CANTON_BEFORE, moves=[{"uid": m["uid"], "date": m["publication_date"]} for m in moves]):
        before[(r["uid"], r["date"])] = r["canton"]  # oldest first: the last one is the notice just before
    out |= {m["publication_number"]: before[(m["uid"], m["publication_date"])] for m in moves
            if (m["uid"], m["publication_date"]) in before}
    seats = sorted({m["before_seat"] for m in moves if m["publication_number"] not in out and m["before_seat"]})
    best = seat_cantons.read_cantons(counted.result())
    if best is None:
        best = {}
        for seat, rows in zip(seats, read_many(ctx, [(SEAT_CANTONS, {"seat": seat}) for seat in seats]), strict=True):
            if rows:
                best[seat] = seat_cantons.best(Counter(r["canton"] for r in rows))
    for m in moves:
        if m["publication_number"] not in out and m["before_seat"] in best:
            out[m["publication_number"]] = best[m["before_seat"]]
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
    # how the notices are keyed, with the build's count of this list (one read); none for one company's notices
    keyed = None if args.uid else keying(ctx, list_counts.HEAD_UID, list_counts.uid(args.kind, canton))
    keys = _keys(args, canton, keyed)
    params = {"subs": list(KINDS[args.kind][0]), "since": args.since, "until": args.until, "uid": args.uid,
              "canton": canton, "form": form, "keys": keys}
    listed = (_in_python if town or origin or target or args.uid else _in_server)(ctx, args, keys, params,
                                                                                   (town, origin, target), keyed)
    from_cantons = listed.from_cantons or (_cantons_before(ctx, listed.shown) if args.kind == "moved" else {})
    rows = [_row(args.kind, r, from_cantons.get(r["publication_number"])) for r in listed.shown]
    count, read_as = listed.count, listed.read_as
    filters = ", ".join(f"{k} {v}" for k, v in args.model_dump(exclude_none=True, exclude={"kind", "limit"}).items())
    return Rows(rows, f"no company {args.kind.replace('_', ' ')}" + (f" with {filters}" if filters else "") +
                " in the notices of the graph",
                message=(f"{count} notice{'' if count == 1 else 's'}" if args.uid else
                         f"{count} compan{'y' if count == 1 else 'ies'}") +
                (f"; the first {len(rows)} shown (raise limit for more)" if count > len(rows) else "") +
                (f"; read {', '.join(read_as)}" if read_as else ""),
                extra={"count": count, "kind": args.kind} | ({"read_as": read_as} if read_as else {}))
