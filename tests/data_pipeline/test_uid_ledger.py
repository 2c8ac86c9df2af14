"""The bulk path of a build on an empty graph (`data_pipeline.uid_ledger`, issue 19): the ledger never says "missing"
of a uid it was given; a build that uses it makes the same graph as one that looks every uid up, a publication read
twice included; a node another writer creates meanwhile is found on the transaction's re-run; an edge created for a
pending notice is the edge a MERGE would have left."""
from __future__ import annotations

import shutil
import uuid
from pathlib import Path

from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.base import Mention
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.phase1 import collect, node_uids, write_batch
from data_pipeline.phase2 import write_mentions
from data_pipeline.sources import read_chunk
from data_pipeline.uid_ledger import MIN_CAPACITY, UidLedger
from tests.conftest import run
from tests.support.graphs import OwnGraph, dump


def test_a_uid_given_is_never_missing_and_few_others_may_be_held():
    ledger = UidLedger(True)
    given = [f"WP-{uuid.uuid4().hex[:16]}" for _ in range(3 * MIN_CAPACITY)]  # past the first segment: it grew
    for i in range(0, len(given), 1000):
        ledger.add(given[i: i + 1000])
    assert len(ledger._segments) > 1
    assert all(ledger.may_hold(u) for u in given)
    others = [f"WP-{uuid.uuid4().hex[:16]}" for _ in range(50_000)]
    false_positives = sum(ledger.may_hold(u) for u in others) / len(others)
    assert false_positives < 0.05, false_positives
    assert all(UidLedger(False).may_hold(u) for u in others[:100])  # an inactive ledger looks everything up


def _built(directory: Path, inputs: Path, ledger: bool) -> tuple[tuple[list, list], dict]:
    with OwnGraph(directory) as g:
        report = build(g.graph, [str(inputs)], RuleExtractor(), ALL_SUB_RUBRICS, g.settings.data_dir / "build",
                       batch_files=50, progress=False, ledger=ledger)
        return dump(g.graph), report.to_dict()


def test_a_build_on_an_empty_graph_makes_the_graph_of_a_build_that_looks_every_uid_up(small_world, tmp_path):
    inputs = tmp_path / "in"
    shutil.copytree(small_world / "xml", inputs)
    files = sorted(inputs.rglob("*.xml"))
    for f in files[:40]:  # the same publications again, in a later chunk: found, not inserted twice
        (inputs / "zz-again").mkdir(exist_ok=True)
        shutil.copy(f, inputs / "zz-again" / f.name)
    fast, fast_report = _built(tmp_path / "fast", inputs, ledger=True)
    slow, slow_report = _built(tmp_path / "slow", inputs, ledger=False)
    assert slow_report["lookups"]["skipped"] == 0
    assert fast_report["lookups"]["skipped"] > fast_report["lookups"]["looked_up"] > 0  # it did skip look-ups
    assert fast_report["publications"] == slow_report["publications"] and fast_report["mentions"] > 0
    assert fast_report["stats"] == slow_report["stats"]
    assert len(fast[0]) == len(slow[0]) and len(fast[1]) == len(slow[1])
    assert fast == slow


def test_a_node_another_writer_created_meanwhile_is_updated_not_inserted_twice(small_world, tmp_path, caplog):
    pubs, _ = read_chunk(sorted((small_world / "xml").rglob("*.xml"))[:20])
    with OwnGraph(tmp_path) as g:
        g.graph.ensure_schema(fulltext=False)  # the uid's unique index, as a build makes it first
        ledger = UidLedger.for_graph(g.graph)
        assert ledger.active
        event = collect(pubs).events[0]
        run(g.graph, "CREATE (n:BaseNode:Event {uid: $uid, title: 'written by someone else'})", uid=event["uid"])
        assert write_batch(g.graph, pubs, ledger=ledger) == len(pubs)
        rows = run(g.graph, "MATCH (n:BaseNode {uid: $uid}) RETURN n.title AS title", uid=event["uid"])
        assert rows == [{"title": event["title"]}]  # the first try's insert failed on the uid; the re-run found it
        assert "write attempt 1 failed" in caplog.text
        assert all(ledger.may_hold(u) for u in node_uids(collect(pubs)))


def test_a_pending_notices_edges_are_those_a_merge_leaves(small_world, tmp_path):
    pubs, _ = read_chunk(sorted((small_world / "xml").rglob("*.xml"))[:5])
    twice = [Mention("Anna Muster", "person", "Mitglied", "board", signature="Einzelunterschrift"),
             Mention("Anna Muster", "person", "Mitglied", "board", status="resigned"),
             Mention("Beat Beispiel", "person", "Revisor", "auditor")]
    graphs = []
    for pending in (True, False):
        with OwnGraph(tmp_path / str(pending)) as g:
            write_batch(g.graph, pubs)
            event = run(g.graph, "MATCH (e:Event) RETURN e.uid AS uid ORDER BY uid LIMIT 1")[0]["uid"]
            write_mentions(g.graph, {event: twice}, "test", pending=pending)
            graphs.append(dump(g.graph))
    assert graphs[0] == graphs[1]
    edges = [e for e in graphs[0][1] if e[1] == "ACTED_IN"]
    assert len(edges) == 1 and '"signature": "Einzelunterschrift"' in edges[0][3] and '"status": "resigned"' in edges[0][3]
