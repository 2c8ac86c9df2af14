"""A summary written as a set (a head and the chunks or cells named after it) replaces the set an earlier build
wrote: what this build did not write is gone, other summaries stay (on the embedded server)."""
from __future__ import annotations

from data_pipeline.summaries import write_summaries
from tests.conftest import run

HEAD = "test-summary-set"
OTHER = "test-summary-settled"  # shares the head's first letters, not its set


def _set(stamp: str, chunks: int) -> list[dict[str, object]]:
    cells = [{"uid": f"{HEAD}|words|{i}", "version": 1, "stamp": stamp, "words": f"[{i}]"} for i in range(chunks)]
    return [*cells, {"uid": HEAD, "version": 1, "stamp": stamp, "chunks": chunks}]


def _present(graph) -> dict[str, str]:
    rows = run(graph, "MATCH (s:GraphSummary) WHERE s.uid STARTS WITH 'test-summary-' RETURN s.uid AS uid, "
               "s.stamp AS stamp")
    return {r["uid"]: r["stamp"] for r in rows}


def test_a_set_written_again_keeps_only_what_it_holds_now(graph):
    write_summaries(graph, [{"uid": OTHER, "version": 1, "stamp": "other"},
                            {"uid": f"{OTHER}|0", "version": 1, "stamp": "other"}])
    write_summaries(graph, _set("first", 4))
    assert _present(graph) == {HEAD: "first", **{f"{HEAD}|words|{i}": "first" for i in range(4)},
                               OTHER: "other", f"{OTHER}|0": "other"}
    write_summaries(graph, _set("second", 2))  # a later build needs fewer chunks
    assert _present(graph) == {HEAD: "second", f"{HEAD}|words|0": "second", f"{HEAD}|words|1": "second",
                               OTHER: "other", f"{OTHER}|0": "other"}
    write_summaries(graph, _set("second", 2))  # again: nothing changes
    assert len(_present(graph)) == 5
    write_summaries(graph, [{"uid": f"{HEAD}|words|0", "version": 1, "stamp": "third"}])  # no head: no set, no pruning
    assert _present(graph)[f"{HEAD}|words|1"] == "second"
    run(graph, "MATCH (s:GraphSummary) WHERE s.uid STARTS WITH 'test-summary-' DETACH DELETE s")
