"""rank_persons: persons by the number of companies (or mandates) they hold or held, with role, canton and
status filters — "who sits on the most boards", "which persons are managers of more than three companies".

A person is their NameHub identity (every spelling of the name in the notices). A mandate is a (company,
role) a notice registered them for; it is current while no later notice about that company says they
resigned and the company is not deleted. Ties share a rank (1, 2, 2, 4).

Phase 3 writes on every hub its companies and mandates over all its posts (`h.companies`, `h.mandates`): no
filtered count exceeds them. So a ranking never reads every post in the graph: it counts exactly only the hubs
whose bound reaches the threshold — `min_count`, or for a plain top list the value of the last person shown —
highest bound first (a threshold scan), and the result is the one a full count would give.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read
from kg.endpoints.vocabulary import ROLE_GROUPS, role_keys
from kg.places import canton_code

# The hubs whose bound reaches `floor`, highest first; at most `n`.
CANDIDATES = {metric: f"""
MATCH (h:NameHub) WHERE h.{metric} >= $floor
RETURN h.uid AS uid, h.{metric} AS bound ORDER BY bound DESC, uid LIMIT $n
""" for metric in ("companies", "mandates")}
# A graph built before phase 3 wrote the bounds has none: then every post is read (the build, run again, adds them)
BOUNDED = "MATCH (h:NameHub) WHERE h.companies >= 0 RETURN h.uid AS uid LIMIT 1"
# Every registration and resignation of a person (of these hubs) in a company's notices, oldest first.
_POSTS = """
MATCH (h:{label})<-[:HAS_NAME]-(p:Person)-[r:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(c:Company)
WHERE c.strength = 'strong' AND ($canton IS NULL OR c.canton = $canton)
  AND r.role_key <> 'care_of' AND ($roles IS NULL OR r.role_key IN $roles)
RETURN h.uid AS person, h.name AS name, c.uid AS company, c.name AS company_name, c.status AS company_status,
       r.role_key AS role_key, r.status AS status, e.uid AS publication_number, e.publication_date AS publication_date
ORDER BY publication_date, publication_number
"""
POSTS = "UNWIND $hubs AS u\n" + _POSTS.format(label="BaseNode {uid: u}")
ALL_POSTS = _POSTS.format(label="NameHub")  # when every hub must be counted: one read, no hub list
BATCH = 500  # hubs counted per query
FIRST = 200  # candidates read first for a plain top list


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
    counted: dict[str, dict[str, Any]] = {}  # hub -> its row, for every hub counted (value 0 left out)

    def count(hubs: list[str] | None) -> None:
        """Counts these hubs exactly (None: every hub)."""
        # every post ever held can be filtered by role in the query; current posts need each latest entry
        posts = {"canton": canton, "roles": None if args.current else roles}
        pages = [read(ctx, ALL_POSTS, **posts)] if hubs is None else (
            read(ctx, POSTS, hubs=hubs[i: i + BATCH], **posts) for i in range(0, len(hubs), BATCH))
        for page in pages:
            counted.update(_rows(mandates(page, args.current, set(roles) if roles else None), args.metric))

    def candidates(floor: int, n: int) -> list[dict[str, Any]]:
        return read(ctx, CANDIDATES[args.metric], floor=floor, n=n)

    complete = True  # every hub that could reach min_count was counted, so the total is known
    if not read(ctx, BOUNDED):
        count(None)
    elif args.min_count > 1:
        count([c["uid"] for c in candidates(args.min_count, 10**9)])
    else:
        first = candidates(1, max(FIRST, 10 * args.limit))
        count([c["uid"] for c in first])
        if len(first) == max(FIRST, 10 * args.limit):
            values = sorted((r["value"] for r in counted.values()), reverse=True)
            last = values[args.limit - 1] if len(values) >= args.limit else 1
            if last == 1:  # any hub could reach the list (a narrow filter): one read of every post
                counted.clear()
                count(None)
            else:
                complete = False  # the persons below the last one shown are not all counted
                if last <= first[-1]["bound"]:  # an unread hub could still reach the list: read all that can
                    seen = {c["uid"] for c in first}
                    count([c["uid"] for c in candidates(last, 10**9) if c["uid"] not in seen])
    ranked = [r for r in counted.values() if r["value"] >= args.min_count]
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
                message=(f"{total} person{'' if total == 1 else 's'}" +
                         (f"; the first {len(shown)} shown" if total > len(shown) else "")) if complete
                else f"the top {len(shown)} persons",
                extra={"count": total if complete else None, "metric": args.metric})


def _rows(held: dict[str, dict[str, Any]], metric: str) -> dict[str, dict[str, Any]]:
    """hub -> {uid, name, value, companies (each with its roles and first notice)}."""
    out = {}
    for person, entry in held.items():
        companies: dict[str, dict[str, Any]] = {}
        for (company, role), e in entry["posts"].items():
            c = companies.setdefault(company, {"uid": company, "name": e["company_name"], "roles": [],
                                               "publication_number": e["publication_number"],
                                               "publication_date": e["publication_date"]})
            c["roles"].append(role)
        out[person] = {"uid": person, "name": entry["name"], "value": len(companies) if metric == "companies"
                       else len(entry["posts"]), "companies": sorted(companies.values(), key=lambda c: c["name"] or "")}
    return out
