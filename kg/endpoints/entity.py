"""Which entity a uid names: a company, a person (as its NameHub identity) or an event.

The agent and the UI pass around whichever uid they have; the endpoints work on the identity behind it:
a company's own node, or for a person the NameHub that joins all the notices naming that person.
"""
from __future__ import annotations

from dataclasses import dataclass

from kg.endpoints.base import EMPTY, Context, Stop, read

RESOLVE = """
MATCH (n:BaseNode {uid: $uid})
OPTIONAL MATCH (n)-[:HAS_NAME]->(h:NameHub)
OPTIONAL MATCH (m)-[:HAS_NAME]->(n)
RETURN n.uid AS uid, n.name AS name, labels(n) AS labels, n.strength AS strength, h.uid AS hub, h.name AS hub_name,
       collect(DISTINCT {uid: m.uid, person: m:Person, strength: m.strength}) AS members
"""


@dataclass(frozen=True)
class Entity:
    uid: str  # company uid, NameHub uid for a person, or publication number for an event
    kind: str  # Company | Person | Event
    name: str
    hub: str | None = None  # the NameHub of a company (its aliases)


def resolve(ctx: Context, uid: str) -> Entity | None:
    rows = read(ctx, RESOLVE, uid=uid.strip())
    if not rows or rows[0]["uid"] is None:
        return None
    r = rows[0]
    labels = set(r["labels"] or [])
    if "Event" in labels:
        return Entity(r["uid"], "Event", r["name"] or r["uid"])
    if "Person" in labels:  # a person is its identity: the hub (strict name key) over all its notices
        return Entity(r["hub"] or r["uid"], "Person", r["hub_name"] or r["name"], r["hub"])
    if "NameHub" in labels:
        members = [m for m in r["members"] if m.get("uid")]
        if any(m["person"] for m in members) or not members:
            return Entity(r["uid"], "Person", r["name"], r["uid"])
        strong = sorted(m["uid"] for m in members if m["strength"] == "strong") or sorted(m["uid"] for m in members)
        return resolve(ctx, strong[0])
    return Entity(r["uid"], "Company", r["name"], r["hub"])


def subject(ctx: Context, uid: str) -> Entity:
    """The company or person a tool was asked about; an unknown uid (or an event's) ends the call as empty,
    telling the caller how to find the uid."""
    entity = resolve(ctx, uid)
    if entity is None or entity.kind == "Event":
        raise Stop(EMPTY, f"no company or person has the uid {uid!r}; call search_companies to find the uid")
    return entity
