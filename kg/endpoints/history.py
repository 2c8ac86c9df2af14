"""get_node_history: every notice about an entity in date order, across its aliases (Table 8).

A company's aliases are the weak company nodes under its NameHub (notices that name it without being
about it, e.g. as auditor); a person's are all the Person nodes under their NameHub. Rows carry the
name the notice used, so name changes show, and the change kinds the register recorded.
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from kg.endpoints.base import Context, Rows, endpoint, read
from kg.endpoints.entity import subject
from kg.text import snippet

_EVENT = """e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.title AS title, e.changes AS changes, e.company_name AS name_in_notice, e.canton AS canton,
       e.before_name AS before_name, e.deletion_date AS deletion_date, e.full_text AS text"""
COMPANY_HISTORY = f"""
MATCH (c:BaseNode {{uid: $uid}})
OPTIONAL MATCH (c)-[:HAS_NAME]->(:NameHub)<-[:HAS_NAME]-(alias:Company)
WHERE alias.strength = 'weak'
WITH c, collect(DISTINCT alias) AS aliases
UNWIND aliases + [c] AS n
MATCH (n)-[r]->(e:Event)
RETURN DISTINCT {_EVENT}, type(r) AS relation, r.role AS role, n.uid AS node_uid
ORDER BY publication_date, publication_number
LIMIT $limit
"""
PERSON_HISTORY = f"""
MATCH (h:BaseNode {{uid: $uid}})<-[:HAS_NAME]-(p:Person)-[r]->(e:Event)
OPTIONAL MATCH (c:Company)-[:HAS_EVENT]->(e)
RETURN DISTINCT {_EVENT}, type(r) AS relation, r.role AS role, r.signature AS signature, r.status AS status,
       p.residence AS residence, c.uid AS company_uid, c.name AS company
ORDER BY publication_date, publication_number
LIMIT $limit
"""


class HistoryArgs(BaseModel):
    uid: str = Field(description="uid of a company, person or NameHub, as returned by search_companies")
    since: str | None = Field(None, description="ISO date: only notices on or after it")
    until: str | None = Field(None, description="ISO date: only notices on or before it")
    limit: int = Field(200, ge=1, le=1000)


@endpoint(
    "get_node_history",
    "All notices about one company or person (by uid) in chronological order, across name changes and aliases: "
    "foundation, changes (name, seat, address, purpose, board), liquidation, bankruptcy, deletion, with "
    "publication number, date, sub-rubric and text.",
    HistoryArgs)
def get_node_history(ctx: Context, args: HistoryArgs) -> Rows:
    entity = subject(ctx, args.uid)
    query = COMPANY_HISTORY if entity.kind == "Company" else PERSON_HISTORY
    rows = []
    for r in read(ctx, query, uid=entity.uid, limit=args.limit):
        if (args.since and r["publication_date"] < args.since) or (args.until and r["publication_date"] > args.until):
            continue
        r["text"] = snippet(r.get("text") or "", "", 600)
        rows.append({k: v for k, v in r.items() if v is not None})
    return Rows(rows, f"no notices about {entity.name} in the requested period",
                extra={"entity": {"uid": entity.uid, "name": entity.name, "kind": entity.kind}})
