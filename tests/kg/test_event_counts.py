"""count_entities_by_event reads the build's counts per kind of notice, canton and year (kg.event_counts) where a
question asks one kind in one canton or all and one year or all: the counts its queries give reading every notice,
on a built world; a summary of another build or version is not read."""
from __future__ import annotations

import json

import pytest

from kg import event_counts
from kg.endpoints import call

GROUPS = {"liquidation": ("LS01", "LS02")}


def _row(sub, canton, date, who=None):
    """A row as the streams give it: a company's or person's notice, or (without `who`) one notice counted."""
    return {"sub": sub, "canton": canton, "year": date[:4] if date else None} | ({"who": who} if who else {"n": 1})


def test_each_cell_counts_notices_and_distinct_companies_and_persons():
    notices = [_row("HR01", "ZH", "2022-03-01"), _row("HR01", "ZH", "2022-05-01"), _row("LS01", "ZH", "2022-06-01"),
               _row("LS02", "GE", "2023-01-10"), _row("LS02", None, "2023-02-01"), _row("LS01", "GE", None)]
    companies = [_row("HR01", "ZH", "2022-03-01", "a"), _row("HR01", "ZH", "2022-05-01", "b"),
                 _row("LS01", "ZH", "2022-06-01", "a"), _row("LS02", "GE", "2023-01-10", "a"),
                 _row("LS02", None, "2023-02-01", "c"), _row("LS01", "GE", None, "a")]
    persons = [_row("HR01", "ZH", "2022-03-01", "p"), _row("HR01", "ZH", "2022-05-01", "p"),
               _row("LS01", "ZH", "2022-06-01", "p"), _row("LS02", "GE", "2023-01-10", "q")]
    got = event_counts.count(notices, companies, persons, GROUPS)
    # a notice no scope holds (a canton that is no canton's code, a year outside the gazette's) counts only in its
    # kind's total, as the scopes read them; every notice is read whole
    odd = event_counts.count([_row("HR01", "FL", "2022-01-01"), _row("HR01", "ZH", "1850-01-01"),
                              _row("HR01", "ZH", "20x2-01-01")], [], [], GROUPS)  # (and a date that is none)
    assert odd["HR01", "all"] == {"all": [3, 0, 0]} and ("HR01", "FL") not in odd and ("HR01", "ZH") not in odd
    assert odd["every", "FL"]["2022"] == [1, 0, 0]
    assert got["HR01", "ZH"] == {"2022": [2, 2, 1], "all": [2, 2, 1]}  # one person in both foundations
    assert got["HR01", "all"] == {"2022": [2, 2, 1], "all": [2, 2, 1]}
    # the group: a company in three of its notices counts once; a notice without a canton only in all cantons';
    # one without a date only in the kind's total over all cantons and years
    assert got["liquidation", "all"] == {"2022": [1, 1, 1], "2023": [2, 2, 1], "all": [4, 2, 2]}
    assert got["liquidation", "GE"] == {"2023": [1, 1, 1], "all": [1, 1, 1]}
    assert ("liquidation", None) not in got and ("LS02", "all") in got
    # every notice: read whole, so an undated notice counts in its canton's total too
    assert got["every", "GE"] == {"2023": [1, 1, 1], "all": [2, 1, 1]}
    assert got["every", "all"]["all"] == [6, 3, 2]


def test_a_count_is_read_only_from_a_summary_of_this_version_and_this_build():
    rows = event_counts.rows({("HR01", "ZH"): {"2022": [2, 2, 1], "all": [3, 2, 1]}}, "s1", GROUPS)
    head, cell = rows[-1], rows[0]
    assert head["uid"] == event_counts.HEAD_UID and cell["uid"] == event_counts.uid("HR01", "ZH")
    assert event_counts.read_counts(rows, "HR01", "ZH", 2022, GROUPS) == {"notices": 2, "companies": 2, "persons": 1}
    assert event_counts.read_counts(rows, "HR01", "ZH", None, GROUPS) == {"notices": 3, "companies": 2, "persons": 1}
    assert event_counts.read_counts(rows, "HR01", "ZH", 2019, GROUPS) == {"notices": 0, "companies": 0, "persons": 0}
    assert event_counts.read_counts(rows, "HR01", "GE", 2022, GROUPS) == {"notices": 0, "companies": 0, "persons": 0}
    assert event_counts.read_counts([cell], "HR01", "ZH", 2022, GROUPS) is None  # no head: not summarized
    assert event_counts.read_counts([cell, head | {"version": 0}], "HR01", "ZH", 2022, GROUPS) is None  # a build under way
    assert event_counts.read_counts([cell | {"version": 0}, head], "HR01", "ZH", 2022, GROUPS) is None
    # a cell an older build wrote, which this build did not: nothing of that kind there now
    assert event_counts.read_counts([cell, head | {"stamp": "s2"}], "HR01", "ZH", 2022, GROUPS)["notices"] == 0
    # counted for other event types (a type added or changed since): not read
    assert event_counts.read_counts(rows, "HR01", "ZH", 2022, GROUPS | {"bankruptcy_any": ("KK01", "KK02")}) is None


def test_the_kind_asked_is_one_the_build_counted():
    assert event_counts.what_of(None, GROUPS) == "every"
    assert event_counts.what_of(["KK02"], GROUPS) == "KK02"
    assert event_counts.what_of(["LS02", "LS01"], GROUPS) == "liquidation"
    assert event_counts.what_of(["HR01", "HR03"], GROUPS) is None


def _summarized_and_counted(ctx, monkeypatch, args, reader):
    """count_entities_by_event's answer read from the build's counts (its queries made to fail), then its answer
    counted by its queries (kg.event_counts' `reader` made to find nothing), and whether that reader was called."""
    import kg.endpoints.analytics as analytics

    def counted(*a):
        raise AssertionError("counted by its queries, not read from the summary")

    monkeypatch.setattr(analytics, "read_many", counted)
    summarized = call(ctx, "count_entities_by_event", args)
    monkeypatch.undo()
    read = []
    monkeypatch.setattr(analytics.event_counts, reader, lambda *a: read.append(a) and None)
    every = call(ctx, "count_entities_by_event", args)
    monkeypatch.undo()
    return summarized, every, bool(read)


@pytest.mark.parametrize("args", [
    {"event_type": "foundation", "canton": "ZH", "year": 2022}, {"event_type": "bankruptcy", "year": 2023},
    {"event_type": "foundation", "canton": "GE"}, {"event_type": "liquidation", "canton": "ZH"},
    {"event_type": "liquidation", "year": 2022}, {"event_type": "bankruptcy_any", "canton": "BE", "year": 2023},
    {"event_type": "deletion"}, {"sub_rubric": "HR02", "canton": "VD", "year": 2021}, {}, {"canton": "TI"},
    {"year": 2022}, {"canton": "ZH", "year": 2023}, {"event_type": "foundation", "canton": "ZH", "year": 1990},
])
def test_counts_from_the_summary_are_the_counts_of_every_notice(ctx, monkeypatch, args):
    summarized, every, consulted = _summarized_and_counted(ctx, monkeypatch, args, "read_counts")
    assert consulted, "the summary was not consulted"
    assert summarized.status == every.status == "ok"
    assert summarized.rows == every.rows and summarized.extra == every.extra
    assert args.get("year") == 1990 or every.rows[0]["notices"] > 0


def test_the_build_wrote_a_count_for_each_kind_canton_and_year(ctx):
    from kg.endpoints.base import read
    found = read(ctx, event_counts.READ, uids=[event_counts.HEAD_UID, event_counts.uid("HR01", None)])
    by_uid = {r["uid"]: r for r in found}
    assert by_uid[event_counts.HEAD_UID]["version"] == event_counts.VERSION
    counts = json.loads(by_uid[event_counts.uid("HR01", None)]["counts"])
    assert counts["all"][0] == sum(n for year, (n, _, _) in counts.items() if year != "all") > 0


def test_counts_per_year_or_canton_are_read_where_the_cells_hold_every_notice():
    counted = event_counts.count([_row("HR01", "ZH", "2022-03-01"), _row("HR01", "GE", "2023-01-10"),
                                  _row("HR01", "ZH", "2023-05-01")],
                                 [_row("HR01", "ZH", "2022-03-01", "a"), _row("HR01", "GE", "2023-01-10", "a"),
                                  _row("HR01", "ZH", "2023-05-01", "b")], [], GROUPS)
    rows = event_counts.rows(counted, "s1", GROUPS)
    per_year = event_counts.read_groups(rows, "HR01", None, None, "year", GROUPS)
    assert per_year == [{"group": "2022", "notices": 1, "companies": 1, "persons": 0},
                        {"group": "2023", "notices": 2, "companies": 2, "persons": 0}]
    per_canton = event_counts.read_groups(rows, "HR01", None, 2023, "canton", GROUPS)
    assert per_canton == [{"group": "GE", "notices": 1, "companies": 1, "persons": 0},
                          {"group": "ZH", "notices": 1, "companies": 1, "persons": 0}]  # ties by name
    assert event_counts.read_groups(rows, "HR01", None, None, "canton", GROUPS)[0] == \
        {"group": "ZH", "notices": 2, "companies": 2, "persons": 0}  # the most notices first
    assert event_counts.read_groups(rows, "HR01", "ZH", None, "year", GROUPS) == \
        [{"group": "2022", "notices": 1, "companies": 1, "persons": 0},
         {"group": "2023", "notices": 1, "companies": 1, "persons": 0}]
    assert event_counts.read_groups(rows, "HR01", "VD", None, "year", GROUPS) == []  # none there: no group
    assert event_counts.read_groups(rows[:-1], "HR01", None, None, "year", GROUPS) is None  # no head
    # a notice without a date (or a canton): the query shows its group (None), the cells do not hold it: counted
    odd = event_counts.rows(event_counts.count([_row("HR01", "ZH", "2022-03-01"), _row("HR01", "ZH", None),
                                                _row("HR01", None, "2022-04-01")], [], [], GROUPS), "s2", GROUPS)
    assert event_counts.read_groups(odd, "HR01", None, None, "year", GROUPS) is None
    assert event_counts.read_groups(odd, "HR01", None, 2022, "canton", GROUPS) is None
    assert event_counts.read_groups(odd, "HR01", None, 2022, "year", GROUPS) == \
        [{"group": "2022", "notices": 2, "companies": 0, "persons": 0}]  # one year: its cell, as ungrouped


@pytest.mark.parametrize("args", [
    {"event_type": "bankruptcy", "group_by": "year"}, {"event_type": "foundation", "group_by": "canton"},
    {"group_by": "year"}, {"group_by": "canton", "year": 2022}, {"event_type": "liquidation", "group_by": "canton",
                                                                 "year": 2023},
    {"event_type": "foundation", "canton": "ZH", "group_by": "year"}, {"sub_rubric": "HR02", "group_by": "year",
                                                                       "year": 2021},
    {"event_type": "deletion", "canton": "GE", "group_by": "canton"},
])
def test_counts_per_year_or_canton_from_the_summary_are_the_queries_counts(ctx, monkeypatch, args):
    summarized, every, consulted = _summarized_and_counted(ctx, monkeypatch, args, "read_groups")
    assert consulted, "the summary was not consulted"
    assert summarized.status == every.status == "ok"
    assert summarized.rows == every.rows and summarized.extra == every.extra
    assert len(every.rows) >= (1 if args.get("year") or args.get("canton") else 5)
