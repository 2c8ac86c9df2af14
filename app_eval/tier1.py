"""Tier 1 on a graph: sample NameHubs with 2-20 members (seeded), compare each distinct merged name with
the hub name (paper Eq. 1), and measure the person hubs' true pairwise precision and recall against the
generator's identities (every Person node is mapped to the truth through its notice and its name)."""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from app_eval.datasets.truth import Truth
from app_eval.judges.facts import fold
from app_eval.metrics.tier1 import Comparison, PairCounts, compare_hub, pairwise
from kg.driver import Graph

HUBS_2_TO_20 = """
MATCH (h:NameHub)<-[:HAS_NAME]-(n:BaseNode)
WITH h, count(n) AS members
WHERE members >= 2 AND members <= 20
RETURN h.uid AS uid, h.name AS name, members
ORDER BY uid
"""
HUB_MEMBERS = """
UNWIND $uids AS u
MATCH (h:NameHub {uid: u})<-[:HAS_NAME]-(n:BaseNode)
RETURN u AS hub, n.uid AS uid, n.name AS name
"""
PERSON_MENTIONS = """
MATCH (p:Person)-[:HAS_NAME]->(h:NameHub)
MATCH (p)-[]->(e:Event)
RETURN p.uid AS person, p.name AS name, h.uid AS hub, e.uid AS publication
"""
SAMPLE_SIZE = 1000  # as in the paper


def _rows(graph: Graph, query: str, **params: Any) -> list[dict[str, Any]]:
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query, params)]


@dataclass
class HubResult:
    uid: str
    name: str
    members: int
    comparisons: list[Comparison]


def sample_hubs(graph: Graph, size: int = SAMPLE_SIZE, seed: int = 1) -> list[HubResult]:
    hubs = _rows(graph, HUBS_2_TO_20)
    chosen = sorted(random.Random(seed).sample(hubs, min(size, len(hubs))), key=lambda h: h["uid"])
    members: dict[str, list[str]] = {}
    for r in _rows(graph, HUB_MEMBERS, uids=[h["uid"] for h in chosen]):
        members.setdefault(r["hub"], []).append(r["name"] or "")
    return [HubResult(h["uid"], h["name"] or "", h["members"], compare_hub(h["uid"], h["name"] or "", members.get(h["uid"], [])))
            for h in chosen]


def iter_hubs(graph: Graph, size: int, seed: int) -> Iterator[HubResult]:
    yield from sample_hubs(graph, size, seed)


def true_pairs(graph: Graph, truth: Truth) -> tuple[PairCounts, dict[str, int]]:
    """Pairwise P/R of person mentions merged under one hub vs the same real person in the truth."""
    by_text: dict[tuple[str, str], str] = {}
    by_tokens: dict[tuple[str, frozenset[str]], str] = {}
    for p in truth.publications:
        for m in p.get("mentions", []):
            if m["kind"] == "person":
                by_text.setdefault((p["publication_number"], m["text"]), m["entity"])
                by_tokens.setdefault((p["publication_number"], frozenset(fold(m["text"]).split())), m["entity"])
    hub_of: dict[str, str] = {}
    entity_of: dict[str, str] = {}
    unmapped = 0
    for r in _rows(graph, PERSON_MENTIONS):
        name, pub = r["name"] or "", r["publication"]
        entity = by_text.get((pub, name)) or by_tokens.get((pub, frozenset(fold(name).split())))
        key = f"{r['person']}@{pub}"  # a mention: one person node in one notice
        hub_of[key] = r["hub"]
        if entity is None:
            unmapped += 1
        else:
            entity_of[key] = entity
    return pairwise(hub_of, entity_of), {"mentions": len(hub_of), "mapped": len(entity_of), "unmapped": unmapped}
