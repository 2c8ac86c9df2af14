"""A graph whose summaries are missing or stale (built by older code) is completed without a rebuild
(`complete_older_graph`, run by `make demo` and the bench on a graph they find): each summary written again holds
what the build wrote, and a current graph is left as it is."""
from __future__ import annotations

from data_pipeline.build import ALL_SUB_RUBRICS, build, complete_older_graph
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.summaries import (
    event_counts_summarized,
    invalidate,
    list_counts_summarized,
    name_words_summarized,
    seat_cantons_summarized,
)
from kg import event_counts, list_counts, name_words, seat_cantons
from kg.event_scope import KIND_SCOPES, KINDS_UID, SCOPES_UID

CELLS = "MATCH (s:GraphSummary) WHERE s.uid STARTS WITH $prefix RETURN s.uid AS uid, s.counts AS counts, s.stamp AS stamp"


def _cells(graph, prefix: str) -> dict[str, tuple[str, str]]:
    with graph.driver.session(database=graph.database) as s:
        return {r["uid"]: (r["counts"], r["stamp"]) for r in s.run(CELLS, prefix=prefix)}


def _seats(graph) -> dict[str, str] | None:
    with graph.driver.session(database=graph.database) as s:
        return seat_cantons.read_cantons(s.run(seat_cantons.READ, uid=seat_cantons.SUMMARY_UID).data())


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

    seats = _seats(g)
    assert seat_cantons_summarized(g) and len(seats) > 10
    invalidate(g, seat_cantons.SUMMARY_UID)  # a graph built before the seats' cantons were counted
    assert not seat_cantons_summarized(g)
    complete_older_graph(g)
    assert seat_cantons_summarized(g) and _seats(g) == seats

    def words() -> dict[str, dict[str, int]]:  # as search_companies reads them (a cache of its own)
        def read(query: str, **params: object) -> list[dict]:
            with g.driver.session(database=g.database) as s:
                return s.run(query, params).data()

        return {index: v.counts for index, v in (name_words.Vocabularies().get(read) or {}).items()}

    listed = words()
    assert name_words_summarized(g) and len(listed[name_words.COMPANY_NAME_INDEX]) > 50
    invalidate(g, name_words.HEAD_UID)  # a graph built before the names' words were listed
    assert not name_words_summarized(g) and words() == {}
    complete_older_graph(g)
    assert name_words_summarized(g) and words() == listed

    invalidate(g, event_counts.HEAD_UID)  # both counted in one pass (`list_counts.WITH_EVENT_COUNTS`)
    complete_older_graph(g)
    assert event_counts_summarized(g) and list_counts_summarized(g)
    for prefix, cells in built.items():
        assert {u: c for u, (c, _) in _cells(g, prefix).items()} == {u: c for u, (c, _) in cells.items()}


SCOPES = "MATCH (e:Event) RETURN e.uid AS uid, " + ", ".join(f"e.{p} AS {p}" for p in ("scope", *KIND_SCOPES.values()))


def test_scopes_of_a_year_are_written_again_as_the_build_writes_them(small_world, own_graph):
    """A graph built before scopes held a month (its notices' scopes a year's, "HR01|ZH|2022"): completed, each notice
    has the scopes a build writes now, and the lists read by them list what they listed."""
    from kg.endpoints import Context, call
    g = own_graph.graph
    build(g, [str(small_world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, own_graph.settings.data_dir / "build",
          progress=False)
    with g.driver.session(database=g.database) as s:
        built = {r["uid"]: r.data() for r in s.run(SCOPES)}
        ctx = Context(g, own_graph.settings)
        asked = [{"kind": "founded", "canton": "ZH"}, {"kind": "moved", "since": "2022-03-01"}, {"kind": "renamed"}]
        listed = [call(ctx, "list_events", a).rows for a in asked]
        for p in ("scope", *KIND_SCOPES.values()):  # a year's, as older builds wrote them
            s.run(f"MATCH (e:Event) WHERE e.{p} IS NOT NULL SET e.{p} = substring(e.{p}, 0, size(e.{p}) - 3)").consume()
        assert sum(r["scope"] is not None for r in built.values()) > 100
        assert all(r["scope"] is None or r["scope"].count("-") == 0 for r in s.run(SCOPES))
    invalidate(g, SCOPES_UID)
    invalidate(g, KINDS_UID)
    complete_older_graph(g)
    with g.driver.session(database=g.database) as s:
        assert {r["uid"]: r.data() for r in s.run(SCOPES)} == built
    assert [call(ctx, "list_events", a).rows for a in asked] == listed and all(listed), [len(x) for x in listed]
