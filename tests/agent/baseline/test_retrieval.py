"""The notice that states a fact comes back in the top 5 for a question that quotes or paraphrases it."""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import run


def _publications(world) -> list[dict]:
    with (world / "truth.jsonl").open(encoding="utf-8") as f:
        return [d for d in map(json.loads, f) if d.get("type") == "publication"]


def _event(graph, uid: str) -> dict:
    return run(graph, "MATCH (e:BaseNode {uid: $u}) RETURN e.company_name AS company, e.full_text AS text", u=uid)[0]


def questions(built_world) -> list[tuple[str, str]]:
    """(publication number, question) for three kinds of fact: a purpose, a bankruptcy, a change of name."""
    pubs = _publications(built_world.world)
    out: list[tuple[str, str]] = []
    for p in [p for p in pubs if p["sub_rubric"] == "HR01"][:3]:
        e = _event(built_world.graph, p["publication_number"])
        purpose = re.search(r"(?:Zweck|But|Scopo): ([^.]+\.)", e["text"])
        assert purpose, e["text"]
        out.append((p["publication_number"], f"What is the purpose of {e['company']}? {purpose.group(1)}"))
    for p in [p for p in pubs if p["sub_rubric"] == "KK02"][:3]:
        e = _event(built_world.graph, p["publication_number"])
        f = p["facts"]
        out.append((p["publication_number"], f"Bankruptcy of {e['company']}: {f['office']}, opened "
                                             f"{f['bankruptcy_opening_date']}, claims until {f['entry_deadline']}?"))
    for p in [p for p in pubs if "new_name" in p["facts"]][:3]:
        f = p["facts"]
        out.append((p["publication_number"], f"Which company changed its name from {f['old_name']} to {f['new_name']}?"))
    assert len(out) == 9
    return out


def test_notice_stating_the_fact_is_in_the_top_5(built_world, indexed):
    missed = []
    for number, question in questions(built_world):
        got = [r.publication_number for r in indexed.baseline.retrieve(question)]
        assert len(got) == 5
        if number not in got:
            missed.append((number, question, got))
    assert not missed, missed


def test_every_event_text_is_indexed_once_with_its_metadata(built_world, indexed):
    events = run(built_world.graph, "MATCH (e:Event) WHERE e.full_text IS NOT NULL RETURN e.uid AS uid, "
                                    "e.publication_date AS date, e.sub_rubric AS sub_rubric, e.company_name AS company")
    assert indexed.report.events == len(events) == indexed.baseline.collection.count() >= 1400
    sample = {e["uid"]: e for e in events[:: max(1, len(events) // 50)]}
    stored = indexed.baseline.collection.get(ids=list(sample), include=["metadatas"])
    for uid, meta in zip(stored["ids"], stored["metadatas"], strict=True):
        e = sample[uid]
        assert meta["publication_number"] == uid
        assert (meta["date"], meta["sub_rubric"], meta.get("company_name")) == (e["date"], e["sub_rubric"], e["company"])
        assert len(meta["text_hash"]) == 32


@pytest.mark.parametrize("k", [1, 5])
def test_scores_are_cosine_similarities_best_first(indexed, k):
    got = indexed.baseline.retrieve("Konkurseröffnung über die Gesellschaft, Eingabefrist für Forderungen", k=k)
    scores = [r.score for r in got]
    assert len(got) == k and scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)
