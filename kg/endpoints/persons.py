"""rank_persons: persons by the number of companies (or mandates) they hold or held, with role, canton and
status filters — "who sits on the most boards", "which persons are managers of more than three companies".

A person is their NameHub identity (every spelling of the name in the notices). A mandate is a (company,
role) a notice registered them for; it is current while no later notice about that company says they
resigned and the company is not deleted. Ties share a rank (1, 2, 2, 4).

Phase 3 writes on every hub its companies and mandates over all its posts, in any role and per role group, and the
same per canton (`kg.hub_counts`), with a summary of how many hubs have each value. A ranking of posts ever held, in
one role group or any, in all cantons or one, is read from them: the summary gives the values of the top rows, the
rank of each value and how many persons reach `min_count`; equality look-ups on the index give the hubs of those
values; only the persons shown are read for their companies: a busy hub's list of mandates (`kg.hub_counts.POSTS`),
else at most `LISTED` of its posts, side by side (a row says whether its list is `complete`). A narrower ranking
(current posts, a few role keys of a group) is bounded by them: it counts exactly only the hubs whose bound reaches
the threshold — `min_count`, or for a plain top list the value of the last person shown — highest bound first (a
threshold scan), and the result is the one a full count would give. Of the persons tied at the last value shown, any
may be shown (the count says how many there are). A graph without a valid summary (built before it, or while a build
runs) is ranked from every post.
"""
from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, Field

from kg import hub_counts
from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read, read_many
from kg.endpoints.vocabulary import ROLE_GROUPS, role_keys
from kg.hub_counts import POSTS as POSTS_PROP
from kg.hub_counts import PROPERTIES, SUMMARY_UID, TALLY_LABEL, VERSION, group_of, prop, scoped
from kg.places import canton_code
from kg.posts import ENDED

# The hubs of one value (served by the index), and of several
OF_VALUE = {p: f"MATCH (h:NameHub) WHERE h.{p} = $value RETURN h.uid AS uid, h.{p} AS value LIMIT $n"
            for p in PROPERTIES}
OF_VALUES = {p: f"MATCH (h:NameHub) WHERE h.{p} IN $values RETURN h.uid AS uid, h.{p} AS value" for p in PROPERTIES}
# The same in one canton: the hubs' HubCanton counts, stored as "GE|3"
IN_CANTON_OF_VALUE = {p: f"MATCH (t:{TALLY_LABEL}) WHERE t.{p} = $value RETURN t.hub AS uid, t.{p} AS value LIMIT $n"
                      for p in PROPERTIES}
IN_CANTON_OF_VALUES = {p: f"MATCH (t:{TALLY_LABEL}) WHERE t.{p} IN $values RETURN t.hub AS uid, t.{p} AS value"
                       for p in PROPERTIES}
# The scheme of a graph's counts and how many hubs have each value: a graph built before phase 3 wrote them has no
# summary, and then every post is read (the build, run again, counts every hub)
SUMMARY = "MATCH (s:BaseNode {uid: $uid}) RETURN properties(s) AS summary"
# Every registration and resignation of a person (of these hubs) in a company's notices; sorted oldest first here
# (an ORDER BY of every post of a large graph exceeds ArcadeDB's query heap budget).
_POSTS = """
MATCH (h:{label})<-[:HAS_NAME]-(p:Person)-[r:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(c:Company)
WHERE c.strength = 'strong' AND ($canton IS NULL OR c.canton = $canton)
  AND r.role_key <> 'care_of' AND ($roles IS NULL OR r.role_key IN $roles)
RETURN h.uid AS person, h.name AS name, c.uid AS company, c.name AS company_name, c.status AS company_status,
       r.role_key AS role_key, r.status AS status, e.uid AS publication_number, e.publication_date AS publication_date
"""
POSTS = "UNWIND $hubs AS u\n" + _POSTS.format(label="BaseNode {uid: u}")
ALL_POSTS = _POSTS.format(label="NameHub")  # when every hub must be counted: one read, no hub list
# The posts of one person whose value is stored, as many as the row lists (a name hub of a million notices holds
# hundreds): read side by side, one query per person.
POSTS_OF = _POSTS.format(label="BaseNode {uid: $hub}") + "LIMIT $n\n"
# A busy hub's list of mandates (kg.hub_counts.POSTS), and the names of the companies shown from it
LISTS = f"UNWIND $hubs AS u MATCH (h:BaseNode {{uid: u}}) RETURN h.uid AS uid, h.name AS name, h.{POSTS_PROP} AS list"
COMPANIES = "UNWIND $uids AS u MATCH (c:BaseNode {uid: u}) RETURN c.uid AS uid, c.name AS name"
LISTED = 60  # mandates (posts) listed per person of a ranking the stored counts give: the companies its row lists
BATCH = 500  # hubs counted per query
EVERY = 20 * BATCH  # when more hubs than this could reach a list, one read of every post is quicker
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
        chosen = [e for e in latest.values() if e.get("status") not in ENDED and e.get("company_status") != "deleted"]
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
            counted.update(_page_rows(page, args.current, roles, args.metric))

    group, exact = group_of(roles)
    bound = prop(args.metric, group)
    summary = [r["summary"] for r in read(ctx, SUMMARY, uid=SUMMARY_UID)]
    if [r.get("version") for r in summary] != [VERSION]:  # no stored counts: every post is read
        count(None)
        return _answer(counted, args)
    hist = _histogram(summary[0], bound, canton)
    if exact and not args.current:  # the stored counts are the values: list the companies of the top hubs
        floor = max(args.min_count, 1)
        counted.update(_listed(ctx, dict(_of_values(ctx, bound, canton, hist, floor, args.limit)), args, canton, roles))
        above, more = {}, 0
        for v in sorted(hist, reverse=True):
            above[v], more = more, more + hist[v]
        return _answer(counted, args, above, sum(n for v, n in hist.items() if v >= floor))
    # else the stored counts bound the values: count exactly the hubs whose bound reaches the threshold
    if args.min_count > 1:
        count([u for u, _ in _of_values(ctx, bound, canton, hist, args.min_count, 10**9)])
        return _answer(counted, args)
    n = max(FIRST, 10 * args.limit)
    first = _of_values(ctx, bound, canton, hist, 1, n)
    count([u for u, _ in first])
    if len(first) < n:
        return _answer(counted, args)
    values = sorted((r["value"] for r in counted.values()), reverse=True)
    last = values[args.limit - 1] if len(values) >= args.limit else 1
    if last == 1:  # any hub could reach the list (a narrow filter): every one that has a post in scope
        counted.clear()
        count(None if sum(hist.values()) > EVERY else [u for u, _ in _of_values(ctx, bound, canton, hist, 1, 10**9)])
        return _answer(counted, args)
    if last <= first[-1][1]:  # an unread hub could still reach the list: read all that can
        seen = {u for u, _ in first}
        count([u for u, _ in _of_values(ctx, bound, canton, hist, last, 10**9) if u not in seen])
    return _answer(counted, args, complete=False)  # the persons below the last one shown are not all counted


def _listed(ctx: Context, values: dict[str, int], args: RankPersonsArgs, canton: str | None,
            roles: list[str] | None) -> dict[str, dict[str, Any]]:
    """The rows of hubs whose values are stored (`values`): each with its value and the companies of its first
    `LISTED` mandates in scope, from a busy hub's list (`kg.hub_counts.POSTS`) or else its posts; `complete` says
    whether those are all of them."""
    lists = {r["uid"]: r for r in read(ctx, LISTS, hubs=list(values)) if r["list"]}
    pages = read_many(ctx, [(POSTS_OF, {"hub": hub, "n": LISTED, "canton": canton, "roles": roles})
                            for hub in values if hub not in lists])
    out: dict[str, dict[str, Any]] = {}
    for page in pages:
        for uid, row in _page_rows(page, False, roles, args.metric).items():
            out[uid] = row | {"value": values[uid], "complete": len(page) < LISTED}
    chosen = {hub: hub_counts.listed(r["list"], canton, roles, LISTED) for hub, r in lists.items()}
    names = {r["uid"]: r for r in read(ctx, COMPANIES, uids=sorted({p["company"] for ps, _ in chosen.values()
                                                                    for p in ps}))} if chosen else {}
    for hub, (posts, complete) in chosen.items():
        entries = [{"person": hub, "name": lists[hub]["name"], "company": p["company"], "role_key": p["role_key"],
                    "company_name": names.get(p["company"], {}).get("name"), "publication_number": p["notice"],
                    "publication_date": p["date"]} for p in posts]
        for uid, row in _rows(mandates(entries, False, None), args.metric).items():
            out[uid] = row | {"value": values[uid], "complete": complete}
    return out


def _page_rows(page: list[dict[str, Any]], current: bool, roles: list[str] | None,
               metric: str) -> dict[str, dict[str, Any]]:
    """The rows of one read of posts (`_rows`), its posts taken oldest first (sorted here, see `_POSTS`)."""
    page.sort(key=lambda p: (p["publication_date"] or "", p["publication_number"] or ""))
    return _rows(mandates(page, current, set(roles) if roles else None), metric)


def _answer(counted: dict[str, dict[str, Any]], args: RankPersonsArgs, above: dict[int, int] | None = None,
            total: int | None = None, complete: bool = True) -> Rows:
    """The ranking of the hubs counted: ranks shared by ties (from `above`, how many hubs have more, where the
    summary tells), the first `limit` rows by name within a value, and how many persons reach `min_count`."""
    ranked = [r for r in counted.values() if r["value"] >= args.min_count]
    ranked.sort(key=lambda r: (-r["value"], r["uid"]))
    for i, r in enumerate(ranked):
        r["rank"] = ranked[i - 1]["rank"] if i and ranked[i - 1]["value"] == r["value"] else i + 1
        if above is not None and r["value"] in above:  # every hub above it, shown or not
            r["rank"] = above[r["value"]] + 1
    total = len(ranked) if total is None else total
    shown = sorted(ranked[: args.limit], key=lambda r: (-r["value"], r["name"] or ""))
    # a row cites the first company's notice; every company in it carries its own
    rows = [r | {"publication_number": r["companies"][0]["publication_number"],
                 "publication_date": r["companies"][0]["publication_date"]} for r in shown]
    return Rows(rows, "no person matches" + (f" with at least {args.min_count} {args.metric}" if args.min_count > 1
                                             else "") + " in the notices of the graph",
                message=(f"{total} person{'' if total == 1 else 's'}" +
                         (f"; the first {len(shown)} shown" if total > len(shown) else "")) if complete
                else f"the top {len(shown)} persons",
                extra={"count": total if complete else None, "metric": args.metric})


def _histogram(summary: dict[str, Any], bound: str, canton: str | None) -> dict[int, int]:
    """How many hubs have each value of `bound`, in all or in one canton, as phase 3 summarized it."""
    if canton is None:
        return {int(v): n for v, n in json.loads(summary[bound]).items()}
    return {int(v.partition("|")[2]): n for v, n in json.loads(summary[f"canton_{bound}"]).items()
            if v.partition("|")[0] == canton}


def _of_values(ctx: Context, bound: str, canton: str | None, hist: dict[int, int], floor: int,
               n: int) -> list[tuple[str, int]]:
    """(hub, stored count) of at least `n` hubs whose count of `bound` (in `canton`) is `floor` or more, highest
    first: every hub of each value but the last, and of the last as many as `n` leaves room for (any of them)."""
    chosen, hubs = [], 0
    for v in sorted((v for v in hist if v >= floor), reverse=True):
        if hubs >= n:
            break
        chosen.append(v)
        hubs += hist[v]
    if not chosen:
        return []
    one, many = (OF_VALUE, OF_VALUES) if canton is None else (IN_CANTON_OF_VALUE, IN_CANTON_OF_VALUES)
    key = (lambda v: v) if canton is None else (lambda v: scoped(canton, v))
    rows = read(ctx, many[bound], values=[key(v) for v in chosen[:-1]]) if len(chosen) > 1 else []
    rows += read(ctx, one[bound], value=key(chosen[-1]), n=max(n - len(rows), 0))
    return [(r["uid"], int(str(r["value"]).rpartition("|")[2])) for r in rows]


def _rows(held: dict[str, dict[str, Any]], metric: str) -> dict[str, dict[str, Any]]:
    """hub -> {uid, name, value, companies (each with its roles and first notice), complete (every one listed)}."""
    out = {}
    for person, entry in held.items():
        companies: dict[str, dict[str, Any]] = {}
        for (company, role), e in entry["posts"].items():
            c = companies.setdefault(company, {"uid": company, "name": e["company_name"], "roles": [],
                                               "publication_number": e["publication_number"],
                                               "publication_date": e["publication_date"]})
            c["roles"].append(role)
        out[person] = {"uid": person, "name": entry["name"], "value": len(companies) if metric == "companies"
                       else len(entry["posts"]), "companies": sorted(companies.values(), key=lambda c: c["name"] or ""),
                       "complete": True}
    return out
