"""Phase 2's texts from the copy phase 1 kept (`data_pipeline.text_spool`, issue 19): a build on an empty graph reads
the same pending notices, texts, languages, sub-rubrics and office towns from it as from the graph, a notice
written twice (a value dropped the second time, another company the second time) included; the copy is owner-only
while it lives and gone when the build ends, whether it failed or not; on a graph that is not empty there is none."""
from __future__ import annotations

import copy
import stat

import pytest

from data_pipeline import text_spool
from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.phase1 import write_batch
from data_pipeline.phase2 import load_inputs, pending_uids
from data_pipeline.sources import read_chunk
from data_pipeline.text_spool import TextSpool
from data_pipeline.uid_ledger import UidLedger
from tests.support.graphs import OwnGraph


def test_phase2_reads_from_the_copy_what_it_reads_from_the_graph(small_world, tmp_path):
    pubs, _ = read_chunk(sorted((small_world / "xml").rglob("*.xml")))
    again = [copy.deepcopy(p) for p in pubs[:30]]  # written a second time, in a later batch
    for p in again[:10]:
        p.language = None  # a value the second row lacks: the graph keeps the first
    moved = [p for p in again[10:] if p.company is not None and p.company.uid][:5]
    for p in moved:  # the same notice under another company: two companies, read from the graph
        p.company.uid = "CHE-999.999.99" + p.company.uid[-1]
        p.company.seat = "Elsewhere"
    assert len(moved) == 5
    with OwnGraph(tmp_path) as g:
        ledger = UidLedger.for_graph(g.graph, len(pubs))
        spool = TextSpool.for_build(tmp_path / "state", ledger.fresh)
        assert spool.active
        assert stat.S_IMODE((tmp_path / "state" / text_spool.FILE).stat().st_mode) == 0o600
        for i in range(0, len(pubs), 100):
            write_batch(g.graph, pubs[i: i + 100], ledger=ledger, spool=spool)
        write_batch(g.graph, again, ledger=ledger, spool=spool)
        uids = pending_uids(g.graph, ALL_SUB_RUBRICS)
        assert spool.pending(ALL_SUB_RUBRICS) == uids and len(uids) == len(pubs)
        assert pending_uids(g.graph, ["HR01"], spool) == pending_uids(g.graph, ["HR01"])
        rows, ask = spool.rows(uids)
        assert sorted(ask) == sorted(p.publication_number for p in moved)
        from_graph, unreadable = load_inputs(g.graph, uids)
        from_copy, unreadable_copy = load_inputs(g.graph, uids, spool=spool)
        assert from_copy == from_graph and unreadable == unreadable_copy == []
        assert sum(item.town is not None for item in from_copy) > len(uids) / 2  # the towns are read, not left out
        assert {item.language for item in from_copy if item.uid in {p.publication_number for p in again[:10]}} != {None}
        spool.close()
    assert not (tmp_path / "state" / text_spool.FILE).exists()


def test_a_build_deletes_its_copy_and_one_a_killed_build_left(small_world, tmp_path, monkeypatch):
    state = tmp_path / "state"
    state.mkdir()
    (state / text_spool.FILE).write_text("left by a killed build")
    seen = []
    real = TextSpool.for_build

    def spy(state_dir, active):
        spool = real(state_dir, active)
        seen.append(spool.active)
        return spool

    def failing(*args, spool, **kwargs):
        assert spool.active and (state / text_spool.FILE).read_bytes().startswith(b"SQLite format 3")
        raise RuntimeError("phase 2 failed")

    monkeypatch.setattr(TextSpool, "for_build", staticmethod(spy))
    with OwnGraph(tmp_path / "g") as g:
        with monkeypatch.context() as m:
            m.setattr("data_pipeline.build.run_phase2", failing)
            with pytest.raises(RuntimeError, match="phase 2 failed"):
                build(g.graph, [str(small_world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, state, progress=False)
        assert not (state / text_spool.FILE).exists()
        # the next build finds phase 1's notices in the graph: no copy, the texts come from the graph
        report = build(g.graph, [str(small_world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, state, progress=False)
        assert report.mentions > 0
    assert seen == [True, False]
    assert not (state / text_spool.FILE).exists()
