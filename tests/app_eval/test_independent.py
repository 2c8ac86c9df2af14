"""The independent phrasings (app_eval/datasets/independent.py): writers from outside the project, their split,
and the items built from them.

The test writers' templates are not read here beyond their shape: the check that agent/ holds none of their
four-word runs compares hashes, so a failure names no template."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from app_eval.datasets import independent
from app_eval.datasets.independent import (
    GRAPH_ASKS,
    LOOKUP_ASKS,
    TEST_WRITERS,
    build_independent,
    split_of,
    spoken_date,
    templates,
    writer_number,
    writers,
)
from app_eval.datasets.model import DEV, GOLDEN, TEST, Dataset
from tests.conftest import ROOT
from tests.support.truth import Truth
from tests.support.writer_runs import agent_runs, shared_runs

# four-word runs of the test writers that agent/ held when their files were committed (generic ones, such as a run
# from the golden set's own dev wording): sha256 prefixes, so that the runs themselves stay unread
KNOWN_SHARED = set("""
0393c7523669 17d1240e8d97 205d24d75d89 208081ccb1b0 220d13e74eee 28e8003b8976 388e3db03d2d 61a68560f1d7
639fba141dbb 68cefc7c469a 708a3b42e536 71aa700bba7e 73136d4ea273 7940f3272c6e 95c7d11b0885 a0743109f4cd
c2c18cac1d32 c54a69ab8ba2 d156dd8a1aad da51843844b3 dcf956396f1a
""".split())



def test_every_writer_wrote_every_ask_in_four_languages():
    """A-P wrote 12 templates per lookup (6 English, 2 each in German, French, Italian); Q-ZY 16, more of them French
    or Italian, the languages whose wording the engine read worst (W-Y tersely and with the name first); ZZ on 16
    for each of the questions only a graph answers (6 English, 4 French, 3 each German and Italian); ZZH-ZZK 16 for each
    of those with the name, place, day or condition first (10 English, 2 each in the others), the English word order
    the engine read worst; ZZL-ZZO 16 per lookup (7 English: 2 plain, 2 fragment, 3 order; 3 each in the others);
    ZZP-ZZQ the graph questions name first again, half of them in everyday words; ZZR-ZZS the lookups (4 English
    `order`), ZZT-ZZU and ZZX-ZZY the graph questions as ZZP-ZZQ, ZZV-ZZW the lookups as ZZL-ZZO; ZZZ the lookups and
    ZZZA the graph questions as those, typed fast with typos; ZZZB the lookups mostly in German and French (4 English,
    5 each German and French, 2 Italian); ZZZC the graph questions as ZZX-ZZY."""
    assert len(writers()) >= 20 and set(TEST_WRITERS) <= set(writers())
    graph_writers = 0
    for w in writers():
        ts = templates(w)
        per_ask = Counter(t.ask for t in ts)
        asks = GRAPH_ASKS if set(per_ask) == set(GRAPH_ASKS) else LOOKUP_ASKS
        graph_writers += asks == GRAPH_ASKS
        assert set(per_ask) == set(asks) and len(set(per_ask.values())) == 1, (w, per_ask)
        assert per_ask[asks[0]] == (12 if w <= "P" else 16), (w, per_ask)
        for ask in asks:
            kinds = Counter(t.column for t in ts if t.ask == ask)
            assert min(kinds["de"], kinds["fr"], kinds["it"]) >= 2, (w, ask, kinds)
            english = {c: n for c, n in kinds.items() if c not in ("de", "fr", "it")}
            assert set(english) in ({"plain", "fragment", "order"}, {"order"}) \
                and sum(english.values()) >= (4 if w == "ZZZB" else 6), (w, ask, kinds)
    assert graph_writers >= 4


def test_the_split_is_the_writers():
    assert {split_of(w) for w in TEST_WRITERS} == {TEST}
    assert {split_of(w) for w in writers() if w not in TEST_WRITERS} == {DEV}


def test_agent_holds_no_new_run_of_a_test_writer():
    shared = shared_runs([t.text for writer in TEST_WRITERS for t in templates(writer)], agent_runs(ROOT / "agent"))
    assert shared <= KNOWN_SHARED, f"{len(shared - KNOWN_SHARED)} new run(s) of a test writer's template in agent/"


@pytest.fixture(scope="module")
def built(built_world) -> tuple[Truth, Dataset]:
    truth = Truth.load(built_world.world)
    from app_eval.datasets.truth import Truth as DatasetTruth  # noqa: PLC0415 - the builder's own truth reader

    golden = Dataset(kind=GOLDEN, version="t", world={}, built_from="truth", items=[])
    return truth, build_independent(DatasetTruth.load(built_world.world), golden, ["A", TEST_WRITERS[0]])


def test_items_ask_each_writers_templates_of_entities_from_the_truth(built):
    truth, ds = built
    assert ds.items and {it.split for it in ds.items} == {DEV, TEST}
    for it in ds.items:
        writer = re.match(r"[A-Z]+", it.id).group()
        assert it.split == split_of(writer)
        families = Counter(p.family for p in it.paraphrases)
        assert all(f.startswith(f"{it.split}-w-") for f in families), families
        n = sum(1 for t in templates(writer) if (t.ask == "officers" and it.category == "persons") or t.ask == it.category)
        plain = sum(1 for t in templates(writer) if t.language == "en" and t.style == "plain"
                    and ((t.ask == "officers" and it.category == "persons") or t.ask == it.category))
        assert len(it.paraphrases) + 1 == n + plain, (it.id, len(it.paraphrases), n, plain)
        names = [truth.name(u) if u in truth.companies else None for u in it.entity_uids or []]
        for q in [it.question, *[p.question for p in it.paraphrases if not p.family.endswith("-typo")]]:
            assert any(n and n in q for n in names) or it.category == "person_companies", (it.id, q)
        assert all(p.question == p.question.lower() for p in it.paraphrases if p.family.endswith("-typo"))


def test_a_day_is_written_as_each_language_writes_it():
    seen = {spoken_date("2021-03-01", "de", str(k)) for k in range(40)}
    assert seen == {"1. März 2021", "01.03.2021", "1.3.2021"}
    assert {spoken_date("2021-12-09", "en", str(k)) for k in range(40)} == {
        "9 December 2021", "December 9, 2021", "2021-12-09", "09.12.2021"}
    assert spoken_date("2021-12-09", "it", "x") == spoken_date("2021-12-09", "it", "x")  # the same item, the same way
    assert {spoken_date("2020-08-31", "fr", str(k)) for k in range(40)} == {"31 août 2020", "31.08.2020", "31/08/2020"}


def test_writer_names_keep_their_seeds():
    assert [writer_number(w) for w in ("A", "Z", "ZA", "ZY", "ZZ", "ZZA", "ZZB")] == [0, 25, 26, 50, 51, 52, 53]
    with pytest.raises(ValueError, match="capital letter"):
        writer_number("ZAZ")


@pytest.mark.parametrize("template, why", [
    ("Which firms moved from {a} to Bern?", "{a} {b}"),              # a town left out
    ("Who sat on the board of {n} on {date} and {n}?", "{date} {n}"),  # a slot twice
    ("Founded in {canton} in {year} by {k}?", "{canton} {year}"),     # a slot of another ask
    ("Who links {n} and {m}?}", "{m} {n}"),                           # a stray brace
])
def test_a_template_without_its_asks_slots_is_refused_naming_the_line(tmp_path, monkeypatch, template, why):
    ask = {"{a} {b}": "moved_between", "{date} {n}": "board_on_date", "{canton} {year}": "founded_in",
           "{m} {n}": "link"}[why]
    (tmp_path / "ZZQ.tsv").write_text(f"{ask}\tplain\ten\tWhich companies?\n{ask}\tplain\ten\t{template}\n",
                                      encoding="utf-8")
    monkeypatch.setattr(independent, "WRITERS_DIR", tmp_path)
    with pytest.raises(ValueError, match=rf"ZZQ.tsv line 1: .*{re.escape(why)} once each"):
        templates("ZZQ")
    (tmp_path / "ZZQ.tsv").write_text(f"{ask}\tplain\ten\t{template}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"ZZQ.tsv line 1: .*{re.escape(why)} once each"):
        templates("ZZQ")


def test_graph_writers_items_ask_their_templates_with_the_truths_lists(built_world):
    """A graph writer's items: the golden set's graph questions on entities it does not use, each asked in every
    template of the writer for its ask, the slots worded in the template's language (a day spoken, a canton named)."""
    from app_eval.datasets.truth import Truth as DatasetTruth  # noqa: PLC0415 - the builder's own truth reader

    truth = DatasetTruth.load(built_world.world)
    golden = Dataset(kind=GOLDEN, version="t", world={}, built_from="truth", items=[])
    writer = next(w for w in writers() if {t.ask for t in templates(w)} == set(GRAPH_ASKS))
    ds = build_independent(truth, golden, [writer])
    cats = Counter(it.category for it in ds.items)
    assert {"board_on_date", "former_seat", "link"} <= set(cats), cats
    per_ask = Counter(t.ask for t in templates(writer))
    for it in ds.items:
        assert it.split == DEV and it.level == "graph" and it.facts
        plain = sum(1 for t in templates(writer) if t.ask == it.category and t.language == "en" and t.style == "plain")
        assert len(it.paraphrases) + 1 == per_ask[it.category] + plain, it.id
        src = it.source or {}
        for q in [it.question, *[p.question for p in it.paraphrases if not p.family.endswith("-typo")]]:
            low = q.casefold()
            if it.category == "moved_between":
                assert src["to"].casefold()[:3] in low and src["from"].casefold()[:3] in low, q
            elif it.category == "founded_in":
                assert src["year"] in q and not re.search(rf"\b{src['canton']}\b", q), q  # the canton by its name
            elif it.category == "board_on_date":
                assert src["date"][:4] in q, q  # the day in one of its language's ways
    # every item once: a list the world holds once (the persons with most board seats) is not asked twice
    assert len({(it.category, tuple(it.entity_uids or [])) for it in ds.items}) == len(ds.items)
