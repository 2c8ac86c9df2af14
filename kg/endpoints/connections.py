"""find_connections: the shortest chains between two entities — companies and persons — through the notices
that name them together, each hop cited.

A hop joins two entities named in one notice: a person registered for a company, a company absorbed by another,
a head office and its branch, an auditor and its client, two persons in the same company's notice. Persons are
their NameHub identities, so one person under several spellings is one step. Bankruptcy offices and register
authorities are left out (they would join every company of their town), and so are c/o mentions.

The search is breadth-first from both ends, one query per level and side, and stops at the first level where
the two sides meet (every shortest path of that length is returned, up to `limit`).
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from kg.endpoints.base import EMPTY, Context, Rows, Stop, endpoint, read
from kg.endpoints.entity import Entity, subject

# The entities one notice away from each of $uids: for a company its own node, for a person the NameHub.
NEIGHBOURS = """
UNWIND $uids AS u
MATCH (x:BaseNode {uid: u})
OPTIONAL MATCH (x)<-[:HAS_NAME]-(member:Person)
WITH u, CASE WHEN x:NameHub THEN member ELSE x END AS n
WHERE n IS NOT NULL
MATCH (n)-[r1]->(e:Event)<-[r2]-(o)
WHERE o <> n AND (o:Company OR o:Person) AND coalesce(o.kind, '') <> 'authority'
  AND coalesce(r1.role_key, '') <> 'care_of' AND coalesce(r2.role_key, '') <> 'care_of'
OPTIONAL MATCH (o)-[:HAS_NAME]->(h:NameHub)
WITH u, e, r1, r2, o, CASE WHEN o:Person THEN h ELSE o END AS other
WHERE other IS NOT NULL AND (o:Person OR o.strength = 'strong')
RETURN DISTINCT u AS src, other.uid AS dst, other.name AS name, type(r2) AS relation,
       CASE WHEN o:Person THEN coalesce(r2.role, r2.role_key) ELSE coalesce(r1.role, r1.role_key, r2.role) END AS role,
       e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric
"""
MAX_FRONTIER = 400  # entities expanded per level and side; beyond, the search says it stopped early


class ConnectionsArgs(BaseModel):
    a: str = Field(description="uid of the first company or person (from search_companies)")
    b: str = Field(description="uid of the second company or person")
    max_hops: int = Field(3, ge=1, le=6, description="longest chain to look for (notices between the two)")
    limit: int = Field(5, ge=1, le=20, description="at most this many shortest chains")


def _expand(ctx: Context, frontier: set[str]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in read(ctx, NEIGHBOURS, uids=sorted(frontier)):
        if r["dst"] != r["src"]:
            out.setdefault(r["src"], []).append(r)
    return out


def _chains(parents: dict[str, list[tuple[str, dict[str, Any]]]], node: str, root: str,
            cap: int) -> list[list[tuple[str, dict[str, Any]]]]:
    """Every way back from `node` to `root` through the BFS parents: [(entity, hop that reached it), ...]."""
    if node == root:
        return [[]]
    out = []
    for parent, hop in parents.get(node, []):
        for chain in _chains(parents, parent, root, cap):
            out.append(chain + [(node, hop)])
            if len(out) >= cap:
                return out
    return out


def shortest(ctx: Context, a: Entity, b: Entity, max_hops: int, limit: int) -> tuple[list[list[dict]], bool]:
    """The shortest chains from `a` to `b` (each a list of hops), and whether the search was cut short."""
    sides = [{a.uid: 0}, {b.uid: 0}]  # entity -> depth, per side
    parents: list[dict[str, list[tuple[str, dict]]]] = [{}, {}]
    frontiers = [{a.uid}, {b.uid}]
    names = {a.uid: a.name, b.uid: b.name}
    cut = False
    for _ in range(max_hops):
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1  # grow the smaller side
        frontier = frontiers[side]
        if len(frontier) > MAX_FRONTIER:
            frontier, cut = set(sorted(frontier)[:MAX_FRONTIER]), True
        depth = max(sides[side].values())
        nxt: set[str] = set()
        for src, hops_from in _expand(ctx, frontier).items():
            for h in hops_from:
                dst = h["dst"]
                names.setdefault(dst, h["name"])
                if dst not in sides[side] or sides[side][dst] == depth + 1:
                    if dst not in sides[side]:
                        sides[side][dst] = depth + 1
                        nxt.add(dst)
                    links = parents[side].setdefault(dst, [])
                    if all(parent != src for parent, _ in links):  # one hop per pair: its earliest notice
                        links.append((src, h))
                    elif h["publication_date"] < next(x for p, x in links if p == src)["publication_date"]:
                        links[:] = [(p, h if p == src else x) for p, x in links]
        frontiers[side] = nxt
        meet = sorted(set(sides[0]) & set(sides[1]), key=lambda m: sides[0][m] + sides[1][m])
        if meet:
            best = sides[0][meet[0]] + sides[1][meet[0]]
            chains: list[list[dict]] = []
            for m in (m for m in meet if sides[0][m] + sides[1][m] == best):
                for left in _chains(parents[0], m, a.uid, limit):
                    for right in _chains(parents[1], m, b.uid, limit):
                        chains.append(_as_hops(left, right, a.uid, names))
                        if len(chains) >= limit:
                            return chains, cut
            return chains, cut
        if not nxt:
            return [], cut
    return [], cut


def _as_hops(left: list[tuple[str, dict]], right: list[tuple[str, dict]], start: str,
             names: dict[str, str]) -> list[dict[str, Any]]:
    """One chain a → … → b as hops {from, to, notice}; the right half is walked back from b, so reversed."""
    hops, prev = [], start
    for node, h in left:
        hops.append(_hop(prev, node, h, names))
        prev = node
    for node, h in reversed(right):  # right: b ... m; each hop reached `node` from its parent
        parent = h["src"]
        hops.append(_hop(node, parent, h, names))
    return hops


def _hop(src: str, dst: str, h: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {"from_uid": src, "from": names.get(src), "to_uid": dst, "to": names.get(dst), "relation": h["relation"],
            "role": h["role"], "publication_number": h["publication_number"], "publication_date": h["publication_date"],
            "sub_rubric": h["sub_rubric"]}


@endpoint(
    "find_connections",
    "How two companies or persons (by uid) are connected: the shortest chains of notices that name them together "
    "(a person registered for a company, a merger, a head office, an auditor, persons in the same company), each "
    "hop with its notice. Use it for 'is X connected to Y', 'what links X and Y'.",
    ConnectionsArgs)
def find_connections(ctx: Context, args: ConnectionsArgs) -> Rows:
    a, b = subject(ctx, args.a), subject(ctx, args.b)
    if a.uid == b.uid:
        raise Stop(EMPTY, f"{a.name} and {b.name} are the same entity")
    chains, cut = shortest(ctx, a, b, args.max_hops, args.limit)
    rows = [hop | {"path": i + 1, "step": j + 1, "hops": len(chain)}
            for i, chain in enumerate(chains) for j, hop in enumerate(chain)]
    why = (f"no chain of at most {args.max_hops} notices links {a.name} and {b.name} in the graph" +
           ("; the search stopped early at a very connected entity" if cut else ""))
    return Rows(rows, why, message=f"{len(chains)} shortest chain(s) of {len(chains[0]) if chains else 0} hop(s)",
                extra={"a": {"uid": a.uid, "name": a.name, "kind": a.kind},
                       "b": {"uid": b.uid, "name": b.name, "kind": b.kind}, "chains": len(chains)})
