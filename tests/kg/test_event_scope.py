"""Notices read by their scope (sub-rubric, canton, month in one indexed text, kg.event_scope) give the counts and
lists a read of every notice of the sub-rubric gives, on a built world."""
from __future__ import annotations

import datetime as dt
from contextlib import contextmanager

import pytest

from data_pipeline.phase1 import backfill_kind_scopes, backfill_scopes
from data_pipeline.summaries import invalidate, is_valid, write_summary
from kg.endpoints import call
from kg.endpoints.events import KINDS
from kg.endpoints.periods import keying
from kg.event_scope import (
    FIRST_YEAR,
    GROUPED_TYPES,
    KIND_SCOPES,
    KINDS_UID,
    KINDS_VERSION,
    SCOPES_UID,
    SCOPES_VERSION,
    kind_keys,
    kinds_of,
    liquidation_rename,
    scope,
    scopes,
    town_key,
)
from kg.places import CANTONS
from tests.conftest import run


def test_a_scope_is_sub_rubric_canton_and_month():
    assert scope("HR01", "ZH", "2022-03-04") == "HR01|ZH|2022-03"
    assert scope("KK02", None, "2021-12-31") == "KK02||2021-12"
    assert scope(None, "ZH", "2022-01-01") is None and scope("HR01", "ZH", None) is None


def test_the_scopes_of_a_question_cover_its_cantons_and_months():
    assert scopes(["HR01"], ["ZH"], "2022-01-01", "2022-12-31") == [f"HR01|ZH|2022-{m:02d}" for m in range(1, 13)]
    assert scopes(["KK01", "KK02"], ["GE", None], "2021-11-15", "2022-01-01") == [
        "KK01|GE|2021-11", "KK01|GE|2021-12", "KK01|GE|2022-01", "KK01||2021-11", "KK01||2021-12", "KK01||2022-01",
        "KK02|GE|2021-11", "KK02|GE|2021-12", "KK02|GE|2022-01", "KK02||2021-11", "KK02||2021-12", "KK02||2022-01"]
    every_canton = scopes(["HR03"], None, "2020-03-01", "2020-03-31")
    assert every_canton is not None and len(every_canton) == len(CANTONS) + 1 and "HR03||2020-03" in every_canton
    since_first = scopes(["HR01"], ["BE"], None, "1890-05-01")
    assert since_first is not None and since_first[0] == f"HR01|BE|{FIRST_YEAR}-01" and since_first[-1] == "HR01|BE|1890-05"
    assert scopes(["HR01"], None, None, None) is None and scopes(None, ["ZH"], "2020-01-01", None) is None
    # an open start or end within the years the graph holds; a start or end given is kept
    assert scopes(["HR01"], ["BE"], None, "2019-02-10", (2018, 2024)) == [
        *(f"HR01|BE|2018-{m:02d}" for m in range(1, 13)), "HR01|BE|2019-01", "HR01|BE|2019-02"]
    assert scopes(["HR01"], ["BE"], "2024-12-01", None, (2018, 2024)) == ["HR01|BE|2024-12"]
    assert scopes(["HR01"], ["BE"], "2016-12-01", "2017-01-31", (2018, 2024)) == ["HR01|BE|2016-12", "HR01|BE|2017-01"]


def test_the_kinds_of_a_notice():
    move_and_rename = {"sub_rubric": "HR02", "before_seat": "Bern", "before_name": "Alt AG", "after_name": "Neu AG",
                       "canton": "ZH", "publication_date": "2023-04-05"}
    assert kinds_of(move_and_rename) == ["moved", "renamed"]
    assert kinds_of({"sub_rubric": "HR02", "before_name": "Alt AG", "after_name": "Alt AG in Liquidation",
                     "status_after": "liquidation"}) == ["liquidation"]  # the suffix is no rename
    assert kinds_of({"sub_rubric": "HR02", "before_capital_nominal": 1e5, "status_after": "bankrupt"}) == [
        "capital_changed", "bankrupt"]
    assert kinds_of({"sub_rubric": "KK02"}) == ["bankrupt"] and kinds_of({"sub_rubric": "LS04"}) == ["liquidation"]
    assert kinds_of({"sub_rubric": "HR03", "acquirer_uid": "CHE-1"}) == ["merged"] and kinds_of({"sub_rubric": "HR03"}) == []
    assert kinds_of({"sub_rubric": "HR01", "before_seat": "Bern"}) == []  # a new entry changes nothing
    assert kind_keys(["GE", None], "2021-12-06", "2022-02-01") == ["GE|2021-12", "GE|2022-01", "GE|2022-02", "|2021-12",
                                                                  "|2022-01", "|2022-02"]
    assert len(kind_keys(None, None, None)) == (len(CANTONS) + 1) * 12 * (dt.date.today().year + 2 - FIRST_YEAR)
    assert len(kind_keys(None, None, None, (2015, 2026))) == (len(CANTONS) + 1) * 12 * 12


def _kind_notices(ctx, kind: str) -> tuple[dict[str, str], dict[str, str]]:
    """The notices of `kind` by its predicate (the liquidation suffix left out of renames) and by its scope."""
    subs, predicate = KINDS[kind]
    by_predicate = {r["uid"]: f"{r['canton'] or ''}|{r['date'][:7]}" for r in run(
        ctx.graph, f"MATCH (e:Event) WHERE e.sub_rubric IN $subs AND {predicate} RETURN e.uid AS uid, e.canton AS canton, "
                   "e.publication_date AS date, e.before_name AS old, coalesce(e.after_name, e.company_name, '') AS new",
        subs=list(subs)) if kind != "renamed" or not liquidation_rename(r["old"], r["new"])}
    prop = KIND_SCOPES[kind]
    by_scope = {r["uid"]: r["scope"] for r in run(
        ctx.graph, f"MATCH (e:Event) WHERE e.{prop} IS NOT NULL RETURN e.uid AS uid, e.{prop} AS scope")}
    return by_predicate, by_scope


@pytest.mark.parametrize("kind", sorted(KIND_SCOPES))
def test_phase_1_gives_the_notices_of_each_kind_their_kind_scope(ctx, kind):
    by_predicate, by_scope = _kind_notices(ctx, kind)
    assert by_predicate, f"the built world holds no notice of kind {kind}"
    assert by_scope == by_predicate


def test_a_moves_towns_are_its_former_and_new_seat(ctx):
    moves = run(ctx.graph, "MATCH (e:Event) WHERE e.scope_moved IS NOT NULL RETURN e.before_seat AS old, "
                           "e.after_seat AS new, e.moved_from AS f, e.moved_to AS t")
    assert moves and all(m["f"] == town_key(m["old"]) and m["t"] == (town_key(m["new"]) if m["new"] else None)
                         for m in moves)
    assert town_key("Buchs (AG)") == "buchs" and town_key("Zürich") == town_key("ZÜRICH")


@contextmanager
def _older_notices(graph, prefix: str, marker: str, notices: list[dict]):
    """These notices (uids starting with `prefix`) written as older code wrote them, the graph's `marker` dropped;
    both removed afterwards."""
    run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p OR n.uid = $m DETACH DELETE n", p=prefix, m=marker)
    try:
        run(graph, "UNWIND $rows AS row CREATE (e:Event:BaseNode) SET e = row", rows=notices)
        yield
    finally:
        run(graph, "MATCH (n:BaseNode) WHERE n.uid STARTS WITH $p DETACH DELETE n", p=prefix)


def test_a_graph_written_before_kind_scopes_gets_them_once(graph):
    notices = [{"uid": "kinds-1", "sub_rubric": "HR02", "before_seat": "Bern", "before_name": "A AG", "after_name": "B AG",
                "canton": "ZH", "publication_date": "2023-04-05"},
               {"uid": "kinds-2", "sub_rubric": "KK01", "publication_date": "2022-01-02"},
               {"uid": "kinds-3", "sub_rubric": "HR02", "after_purpose": "Handel", "canton": "BE",
                "publication_date": "2021-01-02"}]
    with _older_notices(graph, "kinds-", KINDS_UID, notices):
        assert not is_valid(graph, KINDS_UID, KINDS_VERSION)
        assert backfill_kind_scopes(graph) >= 3 and is_valid(graph, KINDS_UID, KINDS_VERSION)
        got = run(graph, "MATCH (e:Event) WHERE e.uid STARTS WITH 'kinds-' RETURN e.uid AS uid, e.scope_moved AS m, "
                         "e.scope_renamed AS r, e.scope_bankrupt AS b, e.scope_capital_changed AS c ORDER BY uid")
        assert got == [{"uid": "kinds-1", "m": "ZH|2023-04", "r": "ZH|2023-04", "b": None, "c": None},
                       {"uid": "kinds-2", "m": None, "r": None, "b": "|2022-01", "c": None},
                       {"uid": "kinds-3", "m": None, "r": None, "b": None, "c": None}]
        assert backfill_kind_scopes(graph) == 0  # marked: nothing read again


def test_a_graph_written_with_year_scopes_or_none_gets_month_scopes_once(graph):
    notices = [{"uid": "scopes-1", "sub_rubric": "HR01", "canton": "ZH", "publication_date": "2023-04-05",
                "scope": "HR01|ZH|2023"},  # a year's, as builds before months wrote it
               {"uid": "scopes-2", "sub_rubric": "KK02", "publication_date": "2022-01-02"},  # none
               {"uid": "scopes-3", "sub_rubric": "HR02", "canton": "BE", "publication_date": "2021-11-30",
                "scope": "HR02|BE|2021-11"}]  # already a month's
    with _older_notices(graph, "scopes-", SCOPES_UID, notices):
        assert not is_valid(graph, SCOPES_UID, SCOPES_VERSION)
        assert backfill_scopes(graph) >= 2 and is_valid(graph, SCOPES_UID, SCOPES_VERSION)
        got = run(graph, "MATCH (e:Event) WHERE e.uid STARTS WITH 'scopes-' RETURN e.uid AS uid, e.scope AS scope "
                         "ORDER BY uid")
        assert got == [{"uid": "scopes-1", "scope": "HR01|ZH|2023-04"}, {"uid": "scopes-2", "scope": "KK02||2022-01"},
                       {"uid": "scopes-3", "scope": "HR02|BE|2021-11"}]
        assert backfill_scopes(graph) == 0  # marked: nothing read again


def test_the_years_a_graph_holds_are_those_of_its_notices(ctx):
    """An open period's keys run over the years of the graph's notices, as the build counted them; with no counts
    (a graph being built) over every year of the gazette."""
    from kg import event_counts
    from kg.endpoints.periods import keying
    held = [r["y"] for r in run(ctx.graph, "MATCH (e:Event) WHERE e.scope IS NOT NULL "
                                           "RETURN DISTINCT substring(e.publication_date, 0, 4) AS y")]
    keyed = keying(ctx)
    assert keyed.span == (int(min(held)), int(max(held))) and keyed.scopes and keyed.kinds
    head = {"uid": event_counts.HEAD_UID, "version": event_counts.VERSION, "stamp": "s",
            "basis": event_counts.basis(GROUPED_TYPES)}
    cell = {"uid": event_counts.uid(event_counts.EVERY, None), "version": event_counts.VERSION, "stamp": "s",
            "counts": '{"all": [3, 1, 1], "2019": [1, 1, 1], "2021": [2, 1, 1]}'}
    assert event_counts.span([head, cell], GROUPED_TYPES) == (2019, 2021)
    assert event_counts.span([head | {"stamp": "t"}, cell], GROUPED_TYPES) is None  # another build's cell
    assert event_counts.span([cell], GROUPED_TYPES) is None  # no head: not vouched for


@pytest.mark.parametrize("marker", [SCOPES_UID, KINDS_UID])
def test_a_graph_whose_notices_lack_the_keys_is_read_another_way(built_world, ctx, monkeypatch, marker):
    """A graph written by older code (its notices' scopes a year's, or none), not yet completed by the build: lists
    and counts read every notice of their sub-rubrics instead of keys the notices lack, and say what they said."""
    import kg.endpoints.analytics as analytics
    monkeypatch.setattr(analytics.event_counts, "read_counts", lambda *a: None)  # counted by the queries
    asked = [("list_events", {"kind": "founded", "canton": "ZH", "year": 2022}),
             ("list_events", {"kind": "moved", "since": "2022-01-01", "limit": 500}),
             ("count_entities_by_event", {"event_type": "foundation", "canton": "GE", "group_by": "year"})]
    keyed = [call(ctx, name, args) for name, args in asked]
    version = run(built_world.graph, "MATCH (s:BaseNode {uid: $uid}) RETURN s.version AS v", uid=marker)[0]["v"]
    invalidate(built_world.graph, marker)
    try:
        assert not getattr(keying(ctx), "scopes" if marker == SCOPES_UID else "kinds")
        read_whole = [call(ctx, name, args) for name, args in asked]
    finally:
        write_summary(built_world.graph, marker, version, {})
    for a, b in zip(keyed, read_whole, strict=True):
        assert a.status == b.status == "ok" and a.rows == b.rows and a.rows


def _both(ctx, monkeypatch, name: str, args: dict):
    import kg.endpoints.analytics as analytics
    import kg.endpoints.events as events
    # counted by the queries both times, not read from the build's counts (tests/kg/test_event_counts.py)
    monkeypatch.setattr(analytics.event_counts, "read_counts", lambda *a: None)
    scoped = call(ctx, name, args)
    monkeypatch.setattr(analytics, "scopes", lambda *a: None)
    monkeypatch.setattr(events, "scopes", lambda *a: None)
    monkeypatch.setattr(events, "kind_keys", lambda *a: None)
    monkeypatch.setattr(events, "_by_town", lambda *a: None)
    every = call(ctx, name, args)
    monkeypatch.undo()
    return scoped, every


@pytest.mark.parametrize("args", [
    {"event_type": "foundation", "canton": "ZH", "year": 2022}, {"event_type": "bankruptcy", "year": 2023},
    {"event_type": "foundation", "canton": "GE"}, {"sub_rubric": "HR01,HR03", "since": "2021-03-15", "until": "2022-09-30",
                                                   "group_by": "month"},
    {"event_type": "liquidation", "canton": "ZH", "group_by": "year"}, {"event_type": "deletion", "year": 2022,
                                                                         "group_by": "canton"},
])
def test_counts_by_scope_are_the_counts_of_every_notice(ctx, monkeypatch, args):
    scoped, every = _both(ctx, monkeypatch, "count_entities_by_event", args)
    assert scoped.status == every.status == "ok"
    assert scoped.rows == every.rows and any(r["notices"] for r in every.rows)


@pytest.mark.parametrize("args", [
    {"kind": "founded", "canton": "ZH", "year": 2022}, {"kind": "moved", "year": 2023}, {"kind": "renamed", "canton": "BE"},
    {"kind": "bankrupt", "since": "2022-06-01", "until": "2023-05-31"}, {"kind": "deleted", "canton": "TI", "year": 2021},
    {"kind": "liquidation", "canton": "GE", "since": "2021-01-01"}, {"kind": "capital_changed", "legal_form": "AG"},
    {"kind": "merged"}, {"kind": "moved", "from_place": "Zürich"}, {"kind": "bankrupt", "town": "Basel"},
    {"kind": "moved", "to_place": "Zug", "year": 2023}, {"kind": "moved", "from_place": "Bern", "to_place": "Zürich"},
    {"kind": "moved", "from_place": "canton Bern"}, {"kind": "moved", "to_place": "Lausane"},  # a typo, read as meant
])
def test_lists_by_scope_are_the_lists_of_every_notice(ctx, monkeypatch, args):
    """Each kind read by its scope lists what reading every notice of its sub-rubrics lists (a rename to "… in
    Liquidation" is no rename across companies)."""
    scoped, every = _both(ctx, monkeypatch, "list_events", args | {"limit": 500})
    assert scoped.status == every.status
    expected = [r for r in every.rows if args["kind"] != "renamed" or not liquidation_rename(r["from"], r["to"])]
    assert scoped.rows == expected and scoped.extra["count"] == len(expected)



@pytest.mark.parametrize("first", [None, 1])
@pytest.mark.parametrize("limit", [1, 3, 500])
@pytest.mark.parametrize("args", [
    {"kind": "founded", "canton": "ZH"}, {"kind": "bankrupt", "since": "2021-01-01"}, {"kind": "renamed"},
    {"kind": "liquidation", "legal_form": "GmbH"}, {"kind": "merged", "year": 2022}, {"kind": "deleted"},
    {"kind": "bankrupt", "canton": "GE", "until": "2023-06-30"},
])
def test_a_list_counted_and_cut_in_the_server_is_the_list_read_whole(ctx, monkeypatch, args, limit, first):
    """A list with no place filter is counted in the server and read a year at a time up to its limit (the rows read
    raised until enough companies are found: one row read first forces that): the rows and the count are those of
    every notice read and chosen here."""
    import kg.endpoints.events as events
    if first:
        monkeypatch.setattr(events, "_first_n", lambda limit: first)
    cut = call(ctx, "list_events", args | {"limit": limit})
    monkeypatch.setattr(events, "_in_server", events._in_python)
    whole = call(ctx, "list_events", args | {"limit": limit})
    assert cut.status == whole.status == "ok"
    assert cut.rows == whole.rows and cut.extra["count"] == whole.extra["count"]
    assert len(cut.rows) == min(limit, cut.extra["count"])


def test_a_list_is_read_a_year_at_a_time_only_from_a_start():
    """With a start, each year's index keys are read oldest first, in reads of 1, 1, 2, 4 and 8 months; with none
    the list is one read."""
    from kg.endpoints.events import _slices
    keys = kind_keys(["ZH", None], "2022-02-15", "2023-01-20")
    assert _slices(keys, "2022-02-15", "2023-01-20") == [
        ["ZH|2022-02", "|2022-02"], ["ZH|2022-03", "|2022-03"], ["ZH|2022-04", "|2022-04", "ZH|2022-05", "|2022-05"],
        [f"{c}|2022-{m:02d}" for m in range(6, 10) for c in ("ZH", "")],
        [f"{c}|2022-{m:02d}" for m in range(10, 13) for c in ("ZH", "")], ["ZH|2023-01", "|2023-01"]]
    assert _slices(keys, None, "2023-06-30") == [keys]
    assert _slices(None, "2022-01-01", None) == [None]
