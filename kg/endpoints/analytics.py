"""get_top_entities and count_entities_by_event: server-side aggregations for macro questions (Table 8).

The analytics intent sees only these (and the guarded custom Cypher), so the model never pages through
thousands of rows to rank or count. Filters are parameters; the grouping picks one of fixed queries.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field

from kg import company_tops, event_counts
from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read, read_many
from kg.endpoints.periods import keying
from kg.endpoints.vocabulary import EVENT_TYPES, legal_form, sub_rubrics_for
from kg.event_scope import GROUPED_TYPES, scopes
from kg.places import canton_code, city_spellings

_FILTER = """c.strength = 'strong' AND ($canton IS NULL OR c.canton = $canton)
  AND ($cities IS NULL OR c.seat IN $cities OR c.town IN $cities)
  AND ($keyword IS NULL OR toLower(c.purpose) CONTAINS $keyword OR toLower(c.name) CONTAINS $keyword)
  AND ($legal_form IS NULL OR c.legal_form = $legal_form)
  AND (($status IS NULL AND (c.status IS NULL OR c.status <> 'deleted')) OR c.status = $status)"""
T = TypeVar("T")
_COMPANY = "c.uid AS uid, c.name AS name, c.seat AS seat, c.canton AS canton, c.legal_form AS legal_form, c.status AS status"
TOP = {
    "capital": f"""MATCH (c:Company) WHERE {_FILTER} AND c.capital_nominal IS NOT NULL
RETURN {_COMPANY}, c.capital_nominal AS value ORDER BY value DESC, name LIMIT $limit""",
    "notices": f"""MATCH (c:Company) WHERE {_FILTER}
MATCH (c)-[:HAS_EVENT]->(e:Event)
RETURN {_COMPANY}, count(e) AS value ORDER BY value DESC, name LIMIT $limit""",
    "persons": f"""MATCH (c:Company) WHERE {_FILTER}
MATCH (c)-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)
RETURN {_COMPANY}, count(DISTINCT h) AS value ORDER BY value DESC, name LIMIT $limit""",
}
# The companies of a ranking the build summarized (kg.company_tops), with their values read again.
_OF = "UNWIND $uids AS u MATCH (c:BaseNode {uid: u})"
TOP_OF = {
    "capital": f"{_OF} RETURN {_COMPANY}, c.capital_nominal AS value",
    "notices": f"{_OF}-[:HAS_EVENT]->(e:Event) RETURN {_COMPANY}, count(e) AS value",
    "persons": f"""{_OF}-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)
RETURN {_COMPANY}, count(DISTINCT h) AS value""",
}
TOPS = "MATCH (s:BaseNode {uid: $uid}) RETURN properties(s) AS summary"
# One kind of notice in one canton or all and one year or all, ungrouped or per year or canton: the build's counts
# (kg.event_counts), where they hold every group. Else
# the notices by their scope (sub-rubric, canton, year: kg.event_scope), one index look-up each, where the filters
# name a canton or a period; else by sub-rubric and canton. Notices, companies and persons are counted by three
# queries, run side by side (ArcadeDB's OPTIONAL MATCH costs about a millisecond per notice; a MATCH from the notice
# does not).
_NOTICES = {"scoped": "e.scope IN $scopes",
            "all": "($subs IS NULL OR e.sub_rubric IN $subs) AND ($canton IS NULL OR e.canton = $canton)"}
_MEASURES = {"notices": ("", "count(e)"), "companies": ("MATCH (c:Company)-[:HAS_EVENT]->(e)", "count(DISTINCT c)"),
             "persons": ("MATCH (p:Person)-[:INVOLVED_IN]->(e)", "count(DISTINCT p)")}
_GROUPS = {"none": "'all'", "sub_rubric": "e.sub_rubric", "canton": "e.canton",
           "year": "substring(e.publication_date, 0, 4)", "month": "substring(e.publication_date, 0, 7)"}
COUNT = {(how, measure, group): f"""MATCH (e:Event)
WHERE {where}
  AND ($since IS NULL OR e.publication_date >= $since) AND ($until IS NULL OR e.publication_date <= $until)
{join}
RETURN {key} AS group, {n} AS n""" for how, where in _NOTICES.items() for measure, (join, n) in _MEASURES.items()
    for group, key in _GROUPS.items()}


class TopArgs(BaseModel):
    metric: Literal["capital", "notices", "persons"] = Field(
        "capital", description="rank by nominal capital, by number of notices, or by number of persons")
    canton: str | None = Field(None, description="canton code or name (e.g. ZH, Geneva)")
    city: str | None = Field(None, description="seat/town (any common spelling, e.g. Geneva, Genf, Genève)")
    keyword: str | None = Field(None, description="a word the purpose or name must contain")
    legal_form: str | None = Field(None, description="AG, GmbH, Genossenschaft, ... (SA, Sàrl also understood)")
    status: Literal["active", "liquidation", "bankrupt", "deleted"] | None = Field(
        None, description="only companies in this status (default: all but deleted)")
    limit: int = Field(10, ge=1, le=100)


class CountArgs(BaseModel):
    event_type: str | None = Field(None, description=f"one of {', '.join(EVENT_TYPES)}")
    sub_rubric: str | None = Field(None, description="explicit sub-rubric(s), comma-separated, e.g. KK02 or HR01,HR03")
    canton: str | None = Field(None, description="canton code or name")
    year: int | None = Field(None, ge=1883, le=2100, description="calendar year")
    since: str | None = Field(None, description="ISO date lower bound (inclusive)")
    until: str | None = Field(None, description="ISO date upper bound (inclusive)")
    group_by: Literal["none", "sub_rubric", "canton", "year", "month"] = "none"


def _canton(text: str | None) -> str | None:
    code = canton_code(text) if text else None
    if text and code is None:
        raise Stop(ERROR, f"unknown canton {text!r}")
    return code


def _checked(fn: Callable[..., T], *a: Any) -> T:
    """A vocabulary lookup; its ValueError (which names the valid choices) ends the call as an error."""
    try:
        return fn(*a)
    except ValueError as exc:
        raise Stop(ERROR, str(exc)) from exc


@endpoint(
    "get_top_entities",
    "Rank companies by nominal capital, number of notices or number of persons, with filters for canton, city, "
    "purpose/name keyword, legal form and status. For 'top N', 'largest', 'biggest' questions.",
    TopArgs)
def get_top_entities(ctx: Context, args: TopArgs) -> Rows:
    canton = _canton(args.canton)
    form = _checked(legal_form, args.legal_form)
    summary = [r["summary"] for r in read(ctx, TOPS, uid=company_tops.SUMMARY_UID)] if not (
        args.city or args.keyword or form or args.status) else []
    if [s.get("version") for s in summary] == [company_tops.VERSION]:  # a plain ranking: the build's top companies
        uids = json.loads(summary[0].get(company_tops.key(args.metric, canton), "[]"))[: args.limit]
        rows = company_tops.ranked(read(ctx, TOP_OF[args.metric], uids=uids)) if uids else []
    else:
        rows = read(ctx, TOP[args.metric], canton=canton, cities=city_spellings(args.city) if args.city else None,
                    keyword=args.keyword.lower() if args.keyword else None, legal_form=form, status=args.status,
                    limit=args.limit)
    return Rows([{k: v for k, v in r.items() if v is not None} | {"metric": args.metric} for r in rows],
                "no company matches these filters; loosen one (city spelling, canton, keyword, legal form)")


@endpoint(
    "count_entities_by_event",
    "Count notices (and distinct companies/persons) by event type or sub-rubric, canton and period, optionally "
    "grouped by sub_rubric, canton, year or month. For 'how many' questions. Event types: "
    + ", ".join(EVENT_TYPES) + ".",
    CountArgs)
def count_entities_by_event(ctx: Context, args: CountArgs) -> Rows:
    subs = _checked(sub_rubrics_for, args.event_type, args.sub_rubric)
    canton = _canton(args.canton)
    since, until = args.since, args.until
    if args.year:
        since, until = max(since or "", f"{args.year}-01-01"), min(until or "9999", f"{args.year}-12-31")
    extra = {"sub_rubrics": subs or "all", "canton": canton, "since": since, "until": until}
    what = event_counts.what_of(subs, GROUPED_TYPES) if args.group_by in ("none", "year", "canton") \
        and args.since is None and args.until is None else None
    if what is not None and args.group_by == "none":
        found = read(ctx, event_counts.READ, uids=[event_counts.HEAD_UID, event_counts.uid(what, canton)])
        counted = event_counts.read_counts(found, what, canton, args.year, GROUPED_TYPES)
        if counted is not None:
            return Rows([counted], "no notices match these filters (the count is 0)", extra=extra)
    elif what is not None:
        found = read(ctx, event_counts.READ, uids=event_counts.group_uids(what, canton, args.group_by))
        grouped = event_counts.read_groups(found, what, canton, args.year, args.group_by, GROUPED_TYPES)
        if grouped is not None:
            return Rows(grouped, "no notices match these filters (the count is 0)", extra=extra)
    cantons = [canton] if canton else None
    keys = scopes(subs, cantons, since, until)
    if keys is not None:  # read by scope where the graph's notices hold them; an open start from their first year
        keyed = keying(ctx)
        keys = None if not keyed.scopes else scopes(subs, cantons, since, until, keyed.span) if since is None else keys
    how = "all" if keys is None else "scoped"
    params = {"subs": subs, "canton": canton, "since": since, "until": until, "scopes": keys}
    measured = read_many(ctx, [(COUNT[how, m, args.group_by], params) for m in _MEASURES])  # side by side
    counts = {m: {r["group"]: r["n"] for r in rows} for m, rows in zip(_MEASURES, measured, strict=True)}
    if args.group_by == "none":  # a zero total is an answer
        rows = [{m: counts[m].get("all", 0) for m in _MEASURES}]
    else:  # empty groups are not
        rows = [{"group": g} | {m: counts[m].get(g, 0) for m in _MEASURES} for g in counts["notices"]]
        rows.sort(key=(lambda r: (-r["notices"], r["group"] or "")) if args.group_by == "canton"
                  else (lambda r: (r["group"] is None, r["group"] or "")))
    return Rows(rows, "no notices match these filters (the count is 0)", extra=extra)
