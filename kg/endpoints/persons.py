"""rank_persons: persons by the number of companies (or mandates) they hold or held, with role, canton and
status filters — "who sits on the most boards", "which persons are managers of more than three companies".

A person is their NameHub identity (every spelling of the name in the notices). A mandate is a (company,
role) a notice registered them for; it is current while no later notice about that company says they
resigned and the company is not deleted. Ties share a rank (1, 2, 2, 4).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read
from kg.endpoints.vocabulary import ROLE_GROUPS, role_keys
from kg.places import canton_code

# Every registration and resignation of a person in a company's notices, oldest first.
POSTS = """
MATCH (h:NameHub)<-[:HAS_NAME]-(p:Person)-[r:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(c:Company)
WHERE c.strength = 'strong' AND ($canton IS NULL OR c.canton = $canton)
  AND r.role_key <> 'care_of' AND ($roles IS NULL OR r.role_key IN $roles)
RETURN h.uid AS person, h.name AS name, c.uid AS company, c.name AS company_name, c.status AS company_status,
       r.role_key AS role_key, r.status AS status, e.uid AS publication_number, e.publication_date AS publication_date
ORDER BY publication_date, publication_number
"""
class RankPersonsArgs(BaseModel):
    metric: Literal["companies", "mandates"] = Field(
        "companies", description="count distinct companies, or mandates (company and role pairs)")
    role: str | None = Field(None, description=f"a role group ({', '.join(ROLE_GROUPS)}) or a role key "
                             "(e.g. board_member, managing_director)")
    roles: list[str] | None = Field(None, description="role keys (instead of role), e.g. [\"chair\"]")
    current: bool = Field(False, description="only posts still held (else every post ever registered)")
    canton: str | None = Field(None, description="only companies in this canton (code or name)")
    min_count: int = Field(1, ge=1, description="only persons with at least this many")
    limit: int = Field(10, ge=1, le=100)


def mandates(posts: list[dict[str, Any]], current: bool, roles: set[str] | None) -> dict[str, dict[str, Any]]:
    """person -> {name, posts: {(company, role): entry}}. Ever: every (company, role) a notice named them in.
    Current: per company, the role of their latest entry, unless that entry is a resignation or the company is
    deleted (a notice that gives a new role replaces the old one)."""
    out: dict[str, dict[str, Any]] = {}
    if current:
        latest: dict[tuple[str, str], dict[str, Any]] = {}
        for p in posts:  # oldest first
            latest[(p["person"], p["company"])] = p
        chosen = [e for e in latest.values() if e.get("status") != "resigned" and e.get("company_status") != "deleted"]
    else:
        chosen = posts
    for e in chosen:
        if roles and e["role_key"] not in roles:
            continue
        entry = out.setdefault(e["person"], {"name": e["name"], "posts": {}})
        entry["posts"].setdefault((e["company"], e["role_key"]), e)
    return out


@endpoint(
    "rank_persons",
    "Ranks persons by the number of companies (or mandates) they hold or held, optionally only current posts, "
    "one role (board, chair, management, signatory, liquidator, partner, owner) or one canton, with a minimum "
    "count; each person lists the companies with the notices that registered them. Use it for 'who sits on the "
    "most boards', 'persons on the boards of more than three companies'.",
    RankPersonsArgs)
def rank_persons(ctx: Context, args: RankPersonsArgs) -> Rows:
    canton = canton_code(args.canton) if args.canton else None
    if args.canton and canton is None:
        raise Stop(ERROR, f"unknown canton {args.canton!r}")
    keys = set(args.roles or []) | set(role_keys(args.role) or [])
    roles = sorted(keys) or None
    # every post ever held can be filtered by role in the query; current posts need each person's latest entry
    held = mandates(read(ctx, POSTS, canton=canton, roles=None if args.current else roles), args.current,
                    set(roles) if roles else None)
    ranked = []
    for person, entry in held.items():
        companies: dict[str, dict[str, Any]] = {}
        for (company, role), e in entry["posts"].items():
            c = companies.setdefault(company, {"uid": company, "name": e["company_name"], "roles": [],
                                               "publication_number": e["publication_number"],
                                               "publication_date": e["publication_date"]})
            c["roles"].append(role)
        value = len(companies) if args.metric == "companies" else len(entry["posts"])
        if value >= args.min_count:
            ranked.append({"uid": person, "name": entry["name"], "value": value,
                           "companies": sorted(companies.values(), key=lambda c: c["name"] or "")})
    ranked.sort(key=lambda r: (-r["value"], r["name"] or ""))
    for i, r in enumerate(ranked):
        r["rank"] = ranked[i - 1]["rank"] if i and ranked[i - 1]["value"] == r["value"] else i + 1
    total = len(ranked)
    shown = ranked[: args.limit]
    # a row cites the first company's notice; every company in it carries its own
    rows = [r | {"publication_number": r["companies"][0]["publication_number"],
                 "publication_date": r["companies"][0]["publication_date"]} for r in shown]
    return Rows(rows, "no person matches" + (f" with at least {args.min_count} {args.metric}" if args.min_count > 1
                                             else "") + " in the notices of the graph",
                message=f"{total} person{'' if total == 1 else 's'}" +
                (f"; the first {len(shown)} shown" if total > len(shown) else ""),
                extra={"count": total, "metric": args.metric})
