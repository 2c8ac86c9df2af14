"""Indexing is idempotent and resumable, and follows the graph: changed texts, metadata and deletions."""
from __future__ import annotations

import pytest

from agent.baseline import Baseline
from agent.baseline.embedder import variant
from agent.baseline.store import recorded_embedder
from tests.conftest import run
from tests.support.graphs import OwnGraph

EVENTS = {
    "HR01-9000000001": ("Neueintragung Alpha Bäckerei GmbH, Bern. Zweck: Betrieb einer Bäckerei und Konditorei.", "BE"),
    "HR01-9000000002": ("Neueintragung Beta Transport AG, Basel. Zweck: Güterverkehr auf der Strasse.", "BS"),
    "KK02-9000000003": ("Konkurseröffnung über Gamma Informatik GmbH, Zürich. Eingabefrist: 2024-05-01.", "ZH"),
    "HR03-9000000004": ("Löschung Delta Weinhandel Sàrl, Sion, infolge Fusion.", "VS"),
}
CREATE = """
CREATE (e:BaseNode:Event {uid: $u, publication_number: $u, full_text: $t, canton: $c, sub_rubric: $s,
        publication_date: '2024-01-15', company_name: $name})
"""


def test_second_run_adds_nothing_and_keeps_the_count(indexed):
    again = indexed.baseline.index(progress=False, graph=None)
    assert (again.added, again.reembedded, again.metadata_updated, again.deleted) == (0, 0, 0, 0)
    assert again.unchanged == again.events == indexed.report.events == indexed.report.added
    assert again.documents == indexed.report.documents


@pytest.fixture
def own(tmp_path):
    with OwnGraph(tmp_path) as g:
        for uid, (text, canton) in EVENTS.items():
            run(g.graph, CREATE, u=uid, s=uid[:4], t=text, c=canton, name=text.split(",")[0].split(" ", 1)[1])
        yield g


def test_changed_deleted_and_new_events_are_reflected(own):
    baseline = Baseline(own.settings)
    first = baseline.index(progress=False, graph=own.graph, batch=3)  # two pages
    assert (first.events, first.added, baseline.collection.count()) == (4, 4, 4)

    new_text = "Konkurseröffnung über Gamma Informatik GmbH, Zürich. Das Verfahren wurde mangels Aktiven eingestellt."
    run(own.graph, "MATCH (e:BaseNode {uid: 'KK02-9000000003'}) SET e.full_text = $t", t=new_text)
    run(own.graph, "MATCH (e:BaseNode {uid: 'HR01-9000000002'}) SET e.company_name = 'Beta Logistik AG' REMOVE e.canton")
    run(own.graph, "MATCH (e:BaseNode {uid: 'HR03-9000000004'}) DETACH DELETE e")
    run(own.graph, CREATE, u="HR01-9000000005", s="HR01", t="Neueintragung Epsilon Yoga GmbH, Luzern. Zweck: Yogakurse.",
        c="LU",
        name="Epsilon Yoga GmbH")
    second = baseline.index(progress=False, graph=own.graph, batch=3)
    assert (second.added, second.reembedded, second.metadata_updated, second.deleted, second.unchanged) == (1, 1, 1, 1, 1)

    docs = baseline.collection.get(include=["documents", "metadatas"])
    by_id = dict(zip(docs["ids"], zip(docs["documents"], docs["metadatas"], strict=True), strict=True))
    assert sorted(by_id) == ["HR01-9000000001", "HR01-9000000002", "HR01-9000000005", "KK02-9000000003"]
    assert by_id["KK02-9000000003"][0] == new_text
    assert by_id["HR01-9000000002"][1]["company_name"] == "Beta Logistik AG"
    assert "canton" not in by_id["HR01-9000000002"][1]
    # the new text's embedding replaced the old one: a question about it finds it first
    assert baseline.retrieve("Verfahren mangels Aktiven eingestellt", k=1)[0].id == "KK02-9000000003"
    third = baseline.index(progress=False, graph=own.graph)
    assert (third.added, third.reembedded, third.metadata_updated, third.deleted, third.unchanged) == (0, 0, 0, 0, 4)


def test_an_interrupted_run_is_completed_by_the_next(own):
    baseline = Baseline(own.settings)
    baseline.index(progress=False, graph=own.graph)
    baseline.collection.delete(ids=["HR01-9000000001", "KK02-9000000003"])  # as if killed before these were written
    resumed = baseline.index(progress=False, graph=own.graph)
    assert (resumed.added, resumed.unchanged, resumed.documents) == (2, 2, 4)


def test_vectors_of_another_embedder_variant_are_replaced_not_mixed(own, monkeypatch):
    baseline = Baseline(own.settings)
    first = baseline.index(progress=False, graph=own.graph)
    assert (first.embedder, first.rebuilt, first.added) == (variant(), False, 4)
    other = "float32" if first.embedder != "float32" else "bfloat16"
    monkeypatch.setattr("agent.baseline.api.variant", lambda: other)  # as after switching the precision
    switched = baseline.index(progress=False, graph=own.graph)
    assert (switched.embedder, switched.rebuilt, switched.added, switched.unchanged) == (other, True, 4, 0)
    assert recorded_embedder(Baseline(own.settings).collection) == other
    again = baseline.index(progress=False, graph=own.graph)
    assert (again.rebuilt, again.added, again.unchanged) == (False, 0, 4)
