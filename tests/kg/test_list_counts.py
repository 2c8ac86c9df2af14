"""list_events reads how many companies a list holds from the build's counts (kg.list_counts) where the list is read
by its scopes over whole years with no legal form: the count of its query over every notice, on a built world, for
every kind, in all cantons and in one, over one year, several and an open span; anything else is counted."""
from __future__ import annotations

import itertools

import pytest

from kg import list_counts
from kg.endpoints import call
from kg.endpoints.events import KINDS


def _row(who, canton=None, company_canton=None, scope=None, strength="strong", **kinds):
    return {"who": who, "canton": canton, "company_canton": company_canton, "scope": scope, "strength": strength,
            **{k: kinds.get(k) for k in list_counts.KIND_SCOPES}}


def test_a_company_counts_once_in_any_span_of_whole_years_it_has_a_notice_in():
    rows = [_row("a", "ZH", moved="ZH|2020-05"), _row("a", "ZH", moved="ZH|2023-01"), _row("a", "ZH", moved="ZH|2024-12"),
            _row("b", None, "ZH", moved="|2023-07"),  # no canton on the notice: its company's
            _row("c", "GE", moved="GE|2023-02"), _row("c", "GE", scope="HR01|GE|2019-11"),
            _row("d", "FL", moved="FL|2023-03"),  # a canton that is no code: in no scope read
            _row("e", "ZH", moved="ZH|1850-01"), _row("f", None, None, moved="|2022-06"),
            _row("g", "ZH", moved="ZH|2023-04", strength="weak")]  # no list holds a weak company
    got = list_counts.count(rows)
    span = {"a": 1, "b": 1}

    def n(canton, a, b, kind="moved"):
        return list_counts.read_count(list_counts.rows(got, "s"), kind, canton, (a, b))

    assert n("ZH", 2023, 2024) == 2 and n("ZH", 2021, 2022) == 0 and n("ZH", 2020, 2020) == 1
    assert n("ZH", 2023, 9999) == len(span) and n(None, 1883, 9999) == 4  # a, b, c, f; not d (FL) nor e (1850)
    assert n(None, 2022, 2022) == 1 and n("GE", 2019, 2019, "founded") == 1 and n("GE", 2023, 2023, "founded") == 0
    # another build's cells, another version, no head: not read
    head = list_counts.rows(got, "s")[-1]
    assert list_counts.read_count([head | {"stamp": "t"}, *list_counts.rows(got, "s")[:-1]], "moved", "ZH",
                                  (2023, 2024)) == 0
    assert list_counts.read_count([head | {"version": 0}], "moved", "ZH", (2023, 2024)) is None
    assert list_counts.read_count([], "moved", "ZH", (2023, 2024)) is None


def test_only_spans_of_whole_years_are_read():
    assert list_counts.whole_years("2022-01-01", "2022-12-31") == (2022, 2022)
    assert list_counts.whole_years("2023-01-01", None) == (2023, list_counts.last_year())
    assert list_counts.whole_years(None, None) == (1883, list_counts.last_year())
    assert list_counts.whole_years("2023-06-01", None) is None and list_counts.whole_years(None, "2023-06-30") is None


SPANS = [{"year": 2021}, {"year": 2023}, {"since": "2021-01-01"}, {"since": "2020-01-01", "until": "2022-12-31"},
         {"until": "2021-12-31"}]


@pytest.mark.parametrize(("kind", "canton"), list(itertools.product(KINDS, [None, "ZH", "BE"])))
def test_a_stored_count_is_the_count_of_every_notice(ctx, monkeypatch, kind, canton):
    from kg.endpoints import events
    seen = []
    later = events.read_later

    def no_count(c, q, **k):
        if "count(DISTINCT c)" in q:
            pytest.fail("counted by its query")
        return later(c, q, **k)

    for span in SPANS:
        args = {"kind": kind, **span, **({"canton": canton} if canton else {})}
        with monkeypatch.context() as m:  # read from the build's counts: no count query runs
            m.setattr(events, "read_later", no_count)
            stored = call(ctx, "list_events", args)
        with monkeypatch.context() as m:
            m.setattr(events, "_stored_count", lambda *a: None)
            counted = call(ctx, "list_events", args)
        assert stored.status == counted.status and stored.extra.get("count") == counted.extra.get("count"), args
        assert [r["uid"] for r in stored.rows] == [r["uid"] for r in counted.rows]
        seen.append(counted.extra.get("count") or 0)
    if kind in ("founded", "moved", "deleted") and canton != "BE":
        assert any(seen), "the world has no such notice in these years: the test shows nothing"


def test_a_list_by_legal_form_or_over_part_of_a_year_is_counted(ctx, monkeypatch):
    from kg.endpoints import events
    asked = []
    monkeypatch.setattr(events.list_counts, "read_count", lambda *a: asked.append(a))
    call(ctx, "list_events", {"kind": "founded", "year": 2022, "legal_form": "AG"})
    call(ctx, "list_events", {"kind": "founded", "since": "2022-03-01"})
    assert not asked
    call(ctx, "list_events", {"kind": "founded", "year": 2022})
    assert asked
