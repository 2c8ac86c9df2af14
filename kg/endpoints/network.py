"""explore_network: an entity's neighbourhood in one query of three UNION ALL branches (Table 8).

For a company: corporate structure (head office, branches, auditors, offices sharing its notices), the
persons acting in its notices, and lateral links: other companies reached through the same persons
(NameHub aliases). For a person: their companies, the co-actors in the same notices, and persons who
act for the same companies in other notices. Every row names the Event it rests on.
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from kg.endpoints.base import Context, Rows, endpoint, read
from kg.endpoints.entity import subject

_COLUMNS = """e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric"""
_ROLE = "r.role_key AS role_key, r.signature AS signature, r.status AS role_status"
COMPANY_NETWORK = f"""
MATCH (c:BaseNode {{uid: $uid}})-[r1]->(e:Event)<-[r2]-(o:Company)
WHERE o.uid <> c.uid
RETURN DISTINCT 'structure' AS branch, o.uid AS uid, o.name AS name, 'Company' AS kind,
       type(r1) + '/' + type(r2) AS relation, coalesce(r2.role, r1.role) AS role, null AS via_uid, null AS via_name,
       null AS role_key, null AS signature, null AS role_status, {_COLUMNS}
LIMIT $limit
UNION ALL
MATCH (c:BaseNode {{uid: $uid}})-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN|INVOLVED_IN]-(p:Person)
OPTIONAL MATCH (p)-[:HAS_NAME]->(h:NameHub)
RETURN DISTINCT 'persons' AS branch, coalesce(h.uid, p.uid) AS uid, coalesce(h.name, p.name) AS name, 'Person' AS kind,
       type(r) AS relation, r.role AS role, null AS via_uid, null AS via_name, {_ROLE}, {_COLUMNS}
LIMIT $limit
UNION ALL
MATCH (c:BaseNode {{uid: $uid}})-[:HAS_EVENT]->(:Event)<-[:ACTED_IN]-(:Person)-[:HAS_NAME]->(h:NameHub)
MATCH (h)<-[:HAS_NAME]-(:Person)-[r:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(o:Company)
WHERE o.uid <> c.uid
RETURN DISTINCT 'lateral' AS branch, o.uid AS uid, o.name AS name, 'Company' AS kind, 'SHARED_PERSON' AS relation,
       r.role AS role, h.uid AS via_uid, h.name AS via_name, {_ROLE}, {_COLUMNS}
LIMIT $limit
"""
PERSON_NETWORK = f"""
MATCH (h:BaseNode {{uid: $uid}})<-[:HAS_NAME]-(:Person)-[r]->(e:Event)<-[:HAS_EVENT]-(o:Company)
RETURN DISTINCT 'companies' AS branch, o.uid AS uid, o.name AS name, 'Company' AS kind, type(r) AS relation,
       r.role AS role, null AS via_uid, null AS via_name, {_ROLE}, {_COLUMNS}
LIMIT $limit
UNION ALL
MATCH (h:BaseNode {{uid: $uid}})<-[:HAS_NAME]-(:Person)-->(e:Event)<-[r:ACTED_IN]-(:Person)-[:HAS_NAME]->(h2:NameHub)
WHERE h2.uid <> h.uid
OPTIONAL MATCH (o:Company)-[:HAS_EVENT]->(e)
RETURN DISTINCT 'co_actors' AS branch, h2.uid AS uid, h2.name AS name, 'Person' AS kind, 'SAME_NOTICE' AS relation,
       r.role AS role, o.uid AS via_uid, o.name AS via_name, {_ROLE}, {_COLUMNS}
LIMIT $limit
UNION ALL
MATCH (h:BaseNode {{uid: $uid}})<-[:HAS_NAME]-(:Person)-->(:Event)<-[:HAS_EVENT]-(o:Company)
MATCH (o)-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(:Person)-[:HAS_NAME]->(h2:NameHub)
WHERE h2.uid <> h.uid
RETURN DISTINCT 'lateral' AS branch, h2.uid AS uid, h2.name AS name, 'Person' AS kind, 'SAME_COMPANY' AS relation,
       r.role AS role, o.uid AS via_uid, o.name AS via_name, {_ROLE}, {_COLUMNS}
LIMIT $limit
"""


class NetworkArgs(BaseModel):
    uid: str = Field(description="uid of a company, person or NameHub, as returned by search_companies")
    limit: int = Field(50, ge=1, le=300, description="rows per branch")


def graph_elements(focus: dict, rows: list[dict]) -> dict:
    """Nodes (Company, Person, Event) and edges for drawing the neighbourhood: entity -> event <- neighbour."""
    nodes = {focus["uid"]: {"id": focus["uid"], "label": focus["name"], "kind": focus["kind"]}}
    edges = set()
    for r in rows:
        ev = r["publication_number"]
        nodes.setdefault(ev, {"id": ev, "label": f"{ev} ({r.get('publication_date') or ''})", "kind": "Event"})
        nodes.setdefault(r["uid"], {"id": r["uid"], "label": r["name"], "kind": r["kind"]})
        if r["branch"] in ("structure", "persons", "companies", "co_actors") or r.get("via_uid") is None:
            edges.add((focus["uid"], ev, ""))
        else:  # lateral: focus -> person/company it shares -> event -> neighbour
            nodes.setdefault(r["via_uid"], {"id": r["via_uid"], "label": r["via_name"],
                                            "kind": "Person" if focus["kind"] == "Company" else "Company"})
            edges.add((focus["uid"], r["via_uid"], "via"))
            edges.add((r["via_uid"], ev, ""))
        edges.add((r["uid"], ev, r.get("role") or r["relation"]))
    return {"nodes": list(nodes.values()), "edges": [{"source": s, "target": t, "label": lbl} for s, t, lbl in sorted(edges)]}


@endpoint(
    "explore_network",
    "The network of one company or person (by uid): head office, branches, auditors and offices; the persons "
    "and their roles in its notices; and companies or persons linked through shared persons (multi-hop). "
    "Every row cites the publication it rests on.",
    NetworkArgs)
def explore_network(ctx: Context, args: NetworkArgs) -> Rows:
    entity = subject(ctx, args.uid)
    query = COMPANY_NETWORK if entity.kind == "Company" else PERSON_NETWORK
    rows = [{k: v for k, v in r.items() if v is not None} for r in read(ctx, query, uid=entity.uid, limit=args.limit)]
    focus = {"uid": entity.uid, "name": entity.name, "kind": entity.kind}
    return Rows(rows, f"{entity.name} has no connections in the graph beyond its own notices; try get_node_history",
                extra={"entity": focus, "graph": graph_elements(focus, rows)})
