"""The independent conversations (app_eval/datasets/independent_conversations.py): writers from outside the project,
their split, and the conversations built from them.

The test writers' templates are not read here beyond their shape: the check that agent/ holds none of their
four-word runs compares hashes, so a failure names no template."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from app_eval.datasets import independent_conversations as ic
from app_eval.datasets.conversational import GOALS, wording
from app_eval.datasets.independent_conversations import SLOTS, TEST_WRITERS, VARIANTS, split_of, wordings, writers
from app_eval.datasets.model import CONVERSATIONAL, DEV, GOLDEN, TEST, Conversation, Dataset, Turn
from tests.conftest import ROOT
from tests.support.truth import Truth
from tests.support.writer_runs import agent_runs, shared_runs

# four-word runs of the test writers that agent/ held before their files were committed (generic ones): sha256
# prefixes, so that the runs themselves stay unread
KNOWN_SHARED = set("""
0527bdf32a90 22014918886a 220d13e74eee 2896179f9c3a 4dc395c108a0 689da32e6255 73136d4ea273 896f3a54f36f
9409950413d8 a363139bda58 c54a69ab8ba2 c8c141f17d84 cb60d7cc3347 d1cac05f6a90 edc12277687f
""".split())



def test_every_writer_worded_every_turn_in_five_variants():
    assert len(writers()) >= 6 and set(TEST_WRITERS) <= set(writers())
    assert set(SLOTS) == set(wording(DEV)) == set(wording(TEST))
    for w in writers():
        texts = wordings(w)
        assert set(texts) == set(VARIANTS)
        for variant, keys in texts.items():
            assert set(keys) == set(SLOTS), (w, variant)
            for key, text in keys.items():
                slot = SLOTS[key]
                assert (text.count(slot) == 1) if slot else not re.search(r"[{}]", text), (w, key)


def test_a_broken_template_is_refused_with_its_file_and_line(tmp_path, monkeypatch):
    lines = [f"{k}\t{lang}\t{wording(DEV)[k]}" for k in SLOTS for lang in ("en", "en", "de", "fr", "it")]
    lines[1] = "who\ten\tWho is this?"  # the person's name is missing
    (tmp_path / "ZZ.tsv").write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr("app_eval.datasets.independent_conversations.WRITERS_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"ZZ.tsv line 2: turn who takes \{p\}"):
        wordings("ZZ")
    lines[1] = lines[0]
    lines.append(lines[0])  # a third English template of a turn
    (tmp_path / "ZZ.tsv").write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(ValueError, match="one en template too many for turn who"):
        wordings("ZZ")


def test_the_split_is_the_writers():
    assert {split_of(w) for w in TEST_WRITERS} == {TEST}
    assert {split_of(w) for w in writers() if w not in TEST_WRITERS} == {DEV}
    assert ic.WRITERS_DIR.is_dir()


def test_agent_holds_no_new_run_of_a_test_writer():
    texts = [text for writer in TEST_WRITERS for keys in wordings(writer).values() for text in keys.values()]
    shared = shared_runs(texts, agent_runs(ROOT / "agent"))
    assert shared <= KNOWN_SHARED, f"{len(shared - KNOWN_SHARED)} new run(s) of a test writer's template in agent/"


@pytest.fixture(scope="module")
def built(built_world) -> tuple[Truth, Dataset, Dataset]:
    from app_eval.datasets.truth import Truth as DatasetTruth  # noqa: PLC0415 - the builder's own truth reader

    truth = Truth.load(built_world.world)
    official = Dataset(kind=CONVERSATIONAL, version="t", world={}, built_from="truth", conversations=[])
    golden = Dataset(kind=GOLDEN, version="t", world={}, built_from="truth", items=[])
    dev = [w for w in writers() if w not in TEST_WRITERS][0]
    ds = ic.build_independent_conversations(DatasetTruth.load(built_world.world), [official, golden], [dev, TEST_WRITERS[0]])
    return truth, ds, official


def test_conversations_ask_each_wording_of_each_goal_on_entities_from_the_truth(built):
    truth, ds, _ = built
    assert {c.split for c in ds.conversations} == {DEV, TEST}
    per_writer = Counter((c.source["writer"], c.goal) for c in ds.conversations)
    assert set(per_writer.values()) == {len(VARIANTS)} and len(per_writer) == 2 * len(GOALS)
    for c in ds.conversations:
        writer, variant = c.source["writer"], c.source["variant"]
        assert c.split == split_of(writer) and c.id.startswith(writer)
        texts = wordings(writer)[variant]
        names = c.source["names"]
        first = c.turns[0].question
        assert any(n in first for n in names), (c.id, first)
        follow = [t.question for t in c.turns if not any(n in t.question for n in names)]
        assert follow and set(follow) <= set(texts.values()), (c.id, follow)
        for t in c.turns:  # every reference is the truth's
            for uid in t.entity_uids:
                if uid in truth.companies:
                    assert truth.name(uid) in t.expected or c.goal == "comparison", (c.id, t.expected)


def test_no_entity_is_asked_twice_nor_one_of_the_committed_sets(built, built_world):
    from app_eval.datasets.truth import Truth as DatasetTruth  # noqa: PLC0415

    truth, ds, _ = built
    used: list[str] = []  # the companies and persons asked about, each in one conversation
    for c in ds.conversations:
        used += sorted({u for t in c.turns for u in t.entity_uids})
    assert len(used) == len(set(used))
    assert any(u not in truth.companies for u in used)  # persons are among them
    taken = next(u for u in used if u in truth.companies)
    official = Dataset(kind=CONVERSATIONAL, version="t", world={}, built_from="truth", conversations=[
        Conversation(id="C01", goal="company_location", source={"uid": taken},
                     turns=[Turn(question="q", expected="e", facts=[], entity_uids=[taken])])])
    writer = ds.conversations[0].source["writer"]
    again = ic.build_independent_conversations(DatasetTruth.load(built_world.world), [official], [writer])
    assert taken not in {u for c in again.conversations for t in c.turns for u in t.entity_uids}
