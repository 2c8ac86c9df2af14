"""Notices read by their scope (sub-rubric, canton, year in one indexed text, kg.event_scope) give the counts and
lists a read of every notice of the sub-rubric gives, on a built world."""
from __future__ import annotations

import pytest

from kg.endpoints import Context, call
from kg.event_scope import FIRST_YEAR, scope, scopes
from kg.places import CANTONS


@pytest.fixture(scope="module")
def ctx(built_world) -> Context:
    return Context(built_world.reader, built_world.settings)


def test_a_scope_is_sub_rubric_canton_and_year():
    assert scope("HR01", "ZH", "2022-03-04") == "HR01|ZH|2022"
    assert scope("KK02", None, "2021-12-31") == "KK02||2021"
    assert scope(None, "ZH", "2022-01-01") is None and scope("HR01", "ZH", None) is None


def test_the_scopes_of_a_question_cover_its_cantons_and_years():
    assert scopes(["HR01"], ["ZH"], "2022-01-01", "2022-12-31") == ["HR01|ZH|2022"]
    assert scopes(["KK01", "KK02"], ["GE", None], "2021-06-01", "2022-02-01") == [
        "KK01|GE|2021", "KK01|GE|2022", "KK01||2021", "KK01||2022", "KK02|GE|2021", "KK02|GE|2022", "KK02||2021",
        "KK02||2022"]
    every_canton = scopes(["HR03"], None, "2020-01-01", "2020-12-31")
    assert every_canton is not None and len(every_canton) == len(CANTONS) + 1 and "HR03||2020" in every_canton
    since_first = scopes(["HR01"], ["BE"], None, "1890-05-01")
    assert since_first is not None and since_first[0] == f"HR01|BE|{FIRST_YEAR}" and since_first[-1] == "HR01|BE|1890"
    assert scopes(["HR01"], None, None, None) is None and scopes(None, ["ZH"], "2020-01-01", None) is None


def _both(ctx, monkeypatch, name: str, args: dict):
    scoped = call(ctx, name, args)
    import kg.endpoints.analytics as analytics
    import kg.endpoints.events as events
    monkeypatch.setattr(analytics, "scopes", lambda *a: None)
    monkeypatch.setattr(events, "scopes", lambda *a: None)
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
    {"kind": "liquidation", "canton": "GE", "since": "2021-01-01"},
])
def test_lists_by_scope_are_the_lists_of_every_notice(ctx, monkeypatch, args):
    scoped, every = _both(ctx, monkeypatch, "list_events", args | {"limit": 500})
    assert scoped.status == every.status
    assert scoped.rows == every.rows and scoped.extra["count"] == every.extra["count"]
