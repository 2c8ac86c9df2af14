"""global_text_search: the full-text index over notice texts, with snippets around the match (Table 8).

The deep-text fallback: names and phrases that live only in the free text (liquidators, creditors,
addresses, purposes) are found here when the structured lookup finds nothing.
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from kg.ddl import FULLTEXT_INDEX
from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read
from kg.places import canton_code
from kg.text import lucene_query, snippet

_TEXT_SEARCH = """
CALL db.index.fulltext.queryNodes($index, $q{options}) YIELD node, score
WITH node AS e, score
WHERE ($sub_rubric IS NULL OR e.sub_rubric STARTS WITH $sub_rubric) AND ($canton IS NULL OR e.canton = $canton)
  AND ($since IS NULL OR e.publication_date >= $since) AND ($until IS NULL OR e.publication_date <= $until)
RETURN e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.title AS title, e.company_name AS company, e.company_uid AS company_uid, e.canton AS canton,
       e.full_text AS text, score
ORDER BY score DESC
LIMIT $limit
"""
# The index's best `window` hits (Lucene's top documents: a common word matches tens of thousands of notices at a
# million, every one of them read and sorted when unlimited: "software" 723 -> 25 ms); both backends take the
# option. Every hit, when the filters leave fewer than `limit` of the best `window`.
TEXT_SEARCH = _TEXT_SEARCH.format(options=", {limit: $window}")
TEXT_SEARCH_ALL = _TEXT_SEARCH.format(options="")
WINDOW = 500  # hits the filters choose from before every hit is read


class TextSearchArgs(BaseModel):
    query: str = Field(description="words or a name to look for in the notice texts (de/fr/it)")
    sub_rubric: str | None = Field(None, description="optional rubric or sub-rubric prefix, e.g. KK or HR02")
    canton: str | None = Field(None, description="optional canton (code or name)")
    since: str | None = Field(None, description="ISO date lower bound")
    until: str | None = Field(None, description="ISO date upper bound")
    limit: int = Field(10, ge=1, le=50)


@endpoint(
    "global_text_search",
    "Full-text search over the raw notice texts (all languages), returning the best-matching publications with "
    "a snippet around the match. The fallback when a name or fact is not found by search_companies.",
    TextSearchArgs)
def global_text_search(ctx: Context, args: TextSearchArgs) -> Rows:
    q = lucene_query(args.query)
    if not q:
        raise Stop(ERROR, "the query has no searchable word")
    params = {"index": FULLTEXT_INDEX, "q": q, "sub_rubric": args.sub_rubric, "since": args.since, "until": args.until,
              "canton": canton_code(args.canton) if args.canton else None, "limit": args.limit}
    filtered = any(params[k] is not None for k in ("sub_rubric", "canton", "since", "until"))
    rows = read(ctx, TEXT_SEARCH, window=WINDOW if filtered else args.limit, **params)
    if filtered and len(rows) < args.limit:  # the best hits are mostly outside the filters: all of them
        rows = read(ctx, TEXT_SEARCH_ALL, **params)
    for r in rows:
        r["snippet"] = snippet(r.pop("text") or "", args.query)
        r["score"] = round(r["score"], 3)
    return Rows([{k: v for k, v in r.items() if v is not None} for r in rows],
                f"no notice text contains {args.query!r}; try other words or a broader period")
