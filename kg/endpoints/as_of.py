"""company_as_of: a company as the register showed it on a given date — name, seat, address, legal form,
capital, status and the officers with their roles — each value cited with the notice it rests on.

The graph keeps what every register notice says the company looked like after the act (`after_*` on the
Event) and, for a change, the value before (`before_*`); persons are registered and resigned through the
notices' ACTED_IN edges (role, status). A value on day D is the one set by the latest notice on or before D.
Where no notice precedes D (the company was registered before the notices the graph holds), the value before
the first later change is used, and an officer whose first notice is a resignation held the post before it;
such rows say `basis: "before"`. A notice counts from its publication date, as the register's entries do
towards third parties.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel, Field, field_validator

from kg.endpoints.base import EMPTY, Context, Rows, Stop, endpoint, read
from kg.endpoints.entity import subject
from kg.posts import ENDED, Persons

FIELDS = ("name", "seat", "address", "legal_form", "capital_nominal")
EVENTS = """
MATCH (c:BaseNode {uid: $uid})-[:HAS_EVENT]->(e:Event)
RETURN e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.status_after AS status_after, e.deletion_date AS deletion_date, e.bankruptcy_opened AS bankruptcy_opened,
       e.after_name AS after_name, e.after_seat AS after_seat, e.after_address AS after_address,
       e.after_legal_form AS after_legal_form, e.after_capital_nominal AS after_capital_nominal,
       e.before_name AS before_name, e.before_seat AS before_seat, e.before_address AS before_address,
       e.before_legal_form AS before_legal_form, e.before_capital_nominal AS before_capital_nominal
ORDER BY publication_date, publication_number
"""
# Persons (and firms acting as liquidator) registered or resigned in the company's notices; a person is their
# NameHub identity, so spellings across notices are one officer.
OFFICERS = """
MATCH (c:BaseNode {uid: $uid})-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(p:BaseNode)
OPTIONAL MATCH (p)-[:HAS_NAME]->(h:NameHub)
RETURN coalesce(h.uid, p.uid) AS uid, coalesce(h.name, p.name) AS name, labels(p) AS labels, r.role AS role,
       r.role_key AS role_key, r.status AS status, r.signature AS signature,
       e.uid AS publication_number, e.publication_date AS publication_date
ORDER BY publication_date, publication_number
"""


class AsOfArgs(BaseModel):
    uid: str = Field(description="uid of the company, as returned by search_companies")
    date: str = Field(description="ISO date (YYYY-MM-DD): the day the state is asked for")
    roles: list[str] | None = Field(None, description="only officers with these role keys (e.g. chair, "
                                    "board_member, managing_director, authorized_signatory, liquidator)")

    @field_validator("date")
    @classmethod
    def _iso(cls, v: str) -> str:
        try:
            return dt.date.fromisoformat(v.strip()[:10]).isoformat()
        except ValueError:
            raise ValueError(f"{v!r} is not an ISO date (YYYY-MM-DD)") from None


def _cite(e: dict[str, Any]) -> dict[str, str]:
    return {"publication_number": e["publication_number"], "publication_date": e["publication_date"]}


def attribute(events: list[dict[str, Any]], field: str, day: str) -> dict[str, Any] | None:
    """The value of `field` on `day` with the notice it rests on, or None when no notice says it."""
    on_or_before = [e for e in events if e["publication_date"] <= day and e.get(f"after_{field}") is not None]
    if on_or_before:
        e = on_or_before[-1]
        return {"value": e[f"after_{field}"], "basis": "after"} | _cite(e)
    for e in (e for e in events if e["publication_date"] > day):
        if e.get(f"before_{field}") is not None:
            return {"value": e[f"before_{field}"], "basis": "before"} | _cite(e)
        if e.get(f"after_{field}") is not None and e["sub_rubric"] != "HR01":
            return {"value": e[f"after_{field}"], "basis": "unchanged_until"} | _cite(e)  # the notice changed other things
    return None


def status(events: list[dict[str, Any]], day: str) -> dict[str, Any]:
    """'not_registered' before the founding notice, else the status the latest notice on or before `day` set."""
    first = events[0]
    if first["publication_date"] > day and first["sub_rubric"] == "HR01":
        return {"value": "not_registered", "basis": "before"} | _cite(first)
    known = [e for e in events if e["publication_date"] <= day and e.get("status_after")]
    if known:
        return {"value": known[-1]["status_after"], "basis": "after"} | _cite(known[-1])
    return {"value": "active", "basis": "before"} | _cite(first)  # registered before its first notice here


def officers(edges: list[dict[str, Any]], day: str, roles: set[str] | None) -> list[dict[str, Any]]:
    """Who held a post on `day`: the latest entry on or before it registers them; or their first entry is a
    resignation (or their renaming) after it (they held the post until then). A person is one however the
    company's notices write the name (`kg.posts`), and a renamed person's post goes on under the new name."""
    by_person: dict[str, list[dict[str, Any]]] = {}
    persons = Persons()
    for r in edges:
        by_person.setdefault(persons.of(r["name"]) if r["name"] else r["uid"], []).append(r)
    out = []
    for entries in by_person.values():
        before = [r for r in entries if r["publication_date"] <= day]
        if before:
            last = before[-1]
            if last.get("status") in ENDED:
                continue
            run = len(before) - 1
            while run > 0 and before[run - 1].get("status") not in ENDED:
                run -= 1  # the start of the unbroken run of entries that ends with `last`
            since = before[run]
            row = {"basis": "registered", "since": since["publication_date"]} | _cite(last)
        else:
            first = entries[0]
            if first.get("status") not in ENDED:
                continue
            last, row = first, {"basis": "resigned_later", "until": first["publication_date"]} | _cite(first)
        if roles and last.get("role_key") not in roles:
            continue
        out.append({"kind": "officer", "uid": last["uid"], "name": last["name"],
                    "entity": "Person" if "Person" in (last.get("labels") or []) else "Company",
                    "role": last.get("role"), "role_key": last.get("role_key"), "signature": last.get("signature")}
                   | row)
    return sorted(out, key=lambda r: (r["role_key"] or "", r["name"] or ""))


@endpoint(
    "company_as_of",
    "The state of one company (by uid) on a given date, as the register showed it: name, seat, address, legal "
    "form, capital, status, and the officers in office that day with their roles (board, president, managers, "
    "signatories, liquidators), each with the notice it rests on. Use it for 'who sat on the board on …', "
    "'where was X based in 2019', 'what was X called before …'.",
    AsOfArgs)
def company_as_of(ctx: Context, args: AsOfArgs) -> Rows:
    entity = subject(ctx, args.uid)
    if entity.kind != "Company":
        raise Stop(EMPTY, f"{entity.name} is a person; company_as_of takes a company uid")
    events = read(ctx, EVENTS, uid=entity.uid)
    if not events:
        raise Stop(EMPTY, f"no notices about {entity.name} in the graph, so its state on {args.date} is unknown")
    state = status(events, args.date)
    rows: list[dict[str, Any]] = [{"kind": "attribute", "field": "status"} | state]
    if state["value"] == "not_registered":
        return Rows(rows, "", message=f"{entity.name} was not yet registered on {args.date}: its founding notice "
                    f"is {state['publication_number']} of {state['publication_date']}",
                    extra={"entity": {"uid": entity.uid, "name": entity.name, "kind": "Company"}, "date": args.date})
    for f in FIELDS:
        value = attribute(events, f, args.date)
        if value is not None:
            rows.append({"kind": "attribute", "field": f} | value)
    deleted = state["value"] == "deleted"
    people = [] if deleted else officers(read(ctx, OFFICERS, uid=entity.uid), args.date,
                                         set(args.roles) if args.roles else None)
    rows += people
    note = (f"{entity.name} was deleted from the register on that date; it had no officers" if deleted else
            "" if people else f"no officer{' with those roles' if args.roles else ''} is named in the notices "
            f"about {entity.name} up to {args.date}")
    return Rows(rows, "", message=note,
                extra={"entity": {"uid": entity.uid, "name": entity.name, "kind": "Company"}, "date": args.date})
