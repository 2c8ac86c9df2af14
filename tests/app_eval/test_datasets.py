"""The datasets: the committed demo-world files are exactly what the builders make from the demo world's
truth, and the reverse-RAG questions of a built world agree with that world's truth."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from app_eval.datasets import AUTOMATED, CONVERSATIONAL, GOLDEN, load
from app_eval.datasets.conversational import build_conversational
from app_eval.datasets.golden import build_golden
from app_eval.datasets.truth import Truth
from app_eval.judges.facts import Fact, fold
from kg.settings import get_settings


@pytest.fixture(scope="module")
def demo_truth(tmp_path_factory: pytest.TempPathFactory) -> Truth:
    """The demo world's truth: the local one when it is complete, else generated (no graph needed)."""
    from data_pipeline.demo import DEMO_PUBLICATIONS, DEMO_SEED, world_complete
    from data_pipeline.generator import generate_world

    world = get_settings().data_dir / "demo-world"
    if world_complete(world) is None:
        world = tmp_path_factory.mktemp("demo-world")
        generate_world(DEMO_PUBLICATIONS, DEMO_SEED, world, overwrite=True)
    return Truth.load(world)


def test_committed_golden_set_is_the_demo_worlds_truth(demo_truth):
    committed, path = load(GOLDEN, Path("/nonexistent"))
    assert path.parent.name == "files"
    assert committed.world["seed"] == 2026 and committed.world["publications"] == 20000
    assert build_golden(demo_truth).model_dump(exclude={"checked_by_hand"}) == committed.model_dump(exclude={"checked_by_hand"})
    assert Counter(i.level for i in committed.items) == {"easy": 20, "medium": 20, "hard": 20}
    for it in committed.items:  # the reference facts are the truth's, not the graph's
        if it.category == "address":
            a = demo_truth.companies[it.source["uid"]]["address"]
            assert a["street"] in it.expected and a["town"] in it.expected
        if it.category == "uid":
            assert it.source["uid"] in it.expected
        if it.category in ("founded", "bankruptcy", "deleted"):
            pub = next(p for p in demo_truth.publications if p["publication_number"] == it.source["publications"][0])
            assert pub["date"] in it.expected and demo_truth.uid_of[pub["company"]] == it.source["uid"]


def test_committed_conversations_are_the_demo_worlds_truth(demo_truth):
    committed, _ = load(CONVERSATIONAL, Path("/nonexistent"))
    assert build_conversational(demo_truth).model_dump(exclude={"checked_by_hand"}) == \
        committed.model_dump(exclude={"checked_by_hand"})
    assert Counter(c.goal for c in committed.conversations) == {"person_shared_activities": 3, "company_location": 4,
                                                                "subject_shift": 3}
    tags = Counter(t for c in committed.conversations for turn in c.turns for t in turn.tags)
    assert set(tags) == {"context_carryover", "entity_memory", "temporal_memory"}
    assert all(turn.expected_tool_behavior and turn.facts for c in committed.conversations for turn in c.turns)
    for c in committed.conversations:
        if c.goal == "subject_shift":  # after the shift, the answers are about the second company
            second = demo_truth.name(c.source["then"])
            assert second in c.turns[2].question and second in c.turns[3].expected


def test_automated_set_from_the_graph_agrees_with_the_truth(datasets):
    ds, _ = load(AUTOMATED, datasets.directory)
    t = datasets.truth
    assert ds.built_from == "graph" and len(ds.items) == 300 and len({i.question for i in ds.items}) == 300
    assert Counter(i.level for i in ds.items) == {"1": 100, "2": 100, "3": 100}
    assert {"address", "capital", "persons", "namehub", "history", "first_notice"} <= {i.category for i in ds.items}
    checked = Counter()
    for it in ds.items:
        uid = it.source.get("uid")
        if it.category == "capital" and uid in t.companies:
            assert Fact.of(it.facts[0].model_dump()) == Fact.of({"kind": "number", "value": t.companies[uid]["capital_nominal"]})
            checked["capital"] += 1
        elif it.category == "seat" and uid in t.companies:
            assert it.facts[0].value == t.companies[uid]["seats"][-1]["seat"]
            checked["seat"] += 1
        elif it.category in ("history", "first_notice", "latest_notice") and uid in t.companies:
            own = {p["publication_number"] for p in t.pubs_of_company[uid]}
            pubs = {f.value for f in it.facts if f.kind == "publication"}
            assert pubs and pubs <= own, (it.question, pubs - own)
            checked["history"] += 1
        elif it.category == "persons" and uid in t.companies:
            officers = {fold(m["text"]) for p in t.pubs_of_company[uid] for m in p["mentions"] if m["kind"] == "person"}
            assert {fold(f.value) for f in it.facts} <= officers, it.question
            checked["persons"] += 1
    assert min(checked.values()) >= 5 and len(checked) == 4, checked


def test_golden_and_conversations_build_for_any_world(datasets):
    golden, _ = load(GOLDEN, datasets.directory)
    conv, _ = load(CONVERSATIONAL, datasets.directory)
    assert len(golden.items) == 60 and len({i.id for i in golden.items}) == 60
    assert len(conv.conversations) == 10
    assert golden.world == datasets.truth.summary
