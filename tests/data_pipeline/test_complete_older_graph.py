"""A graph whose summaries are missing or stale (built by older code) is completed without a rebuild
(`complete_older_graph`, run by `make demo` and the bench on a graph they find): each summary written again holds
what the build wrote, and a current graph is left as it is."""
from __future__ import annotations

from data_pipeline.build import ALL_SUB_RUBRICS, build, complete_older_graph
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.summaries import event_counts_summarized, invalidate, list_counts_summarized
from kg import event_counts, list_counts

CELLS = "MATCH (s:GraphSummary) WHERE s.uid STARTS WITH $prefix RETURN s.uid AS uid, s.counts AS counts, s.stamp AS stamp"


def _cells(graph, prefix: str) -> dict[str, tuple[str, str]]:
    with graph.driver.session(database=graph.database) as s:
        return {r["uid"]: (r["counts"], r["stamp"]) for r in s.run(CELLS, prefix=prefix)}


def test_stale_counts_are_counted_again_as_the_build_counted_them(small_world, own_graph):
    g = own_graph.graph
    build(g, [str(small_world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, own_graph.settings.data_dir / "build",
          progress=False)
    built = {p: _cells(g, p) for p in (list_counts.PREFIX, event_counts.PREFIX)}
    assert len(built[list_counts.PREFIX]) > 5 and len(built[event_counts.PREFIX]) > 20

    complete_older_graph(g)  # a current graph: nothing written
    assert {p: _cells(g, p) for p in built} == built

    invalidate(g, list_counts.HEAD_UID)  # only the list counts stale: counted alone (`list_counts.STREAM`)
    assert not list_counts_summarized(g)
    complete_older_graph(g)
    again = _cells(g, list_counts.PREFIX)
    assert list_counts_summarized(g) and again.keys() == built[list_counts.PREFIX].keys()
    assert {u: c for u, (c, _) in again.items()} == {u: c for u, (c, _) in built[list_counts.PREFIX].items()}
    assert {s for _, s in again.values()} != {s for _, s in built[list_counts.PREFIX].values()}  # written anew

    invalidate(g, event_counts.HEAD_UID)  # both counted in one pass (`list_counts.WITH_EVENT_COUNTS`)
    complete_older_graph(g)
    assert event_counts_summarized(g) and list_counts_summarized(g)
    for prefix, cells in built.items():
        assert {u: c for u, (c, _) in _cells(g, prefix).items()} == {u: c for u, (c, _) in cells.items()}
