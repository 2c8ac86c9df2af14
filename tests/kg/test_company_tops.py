"""get_top_entities' plain rankings read the build's top companies (kg.company_tops) and give what a sort of every
company gives, on a built world; with any other filter, or without the summary, it sorts the companies itself."""
from __future__ import annotations

import pytest

from kg.company_tops import DEPTH, tops
from kg.endpoints import call


def test_tops_are_per_canton_and_in_all_by_value_then_name():
    rows = [{"uid": f"u{i}", "name": name, "canton": canton, "value": value}
            for i, (name, canton, value) in enumerate([("B AG", "ZH", 5.0), ("A AG", "ZH", 5.0), ("C AG", "GE", 9.0),
                                                       ("D AG", None, 1.0), (None, "GE", 9.0)])]
    got = tops("capital", rows)
    assert got["capital_all"] == ["u2", "u4", "u1", "u0", "u3"]  # 9 (name, then the unnamed), 5 by name, 1
    assert got["capital_ZH"] == ["u1", "u0"] and got["capital_GE"] == ["u2", "u4"]
    many = tops("notices", [{"uid": f"u{i}", "name": f"n{i:04d}", "canton": "BE", "value": i} for i in range(300)])
    assert len(many["notices_BE"]) == DEPTH and many["notices_BE"][0] == "u299"


@pytest.mark.parametrize("args", [
    {"metric": "capital"}, {"metric": "capital", "canton": "ZH", "limit": 25}, {"metric": "notices", "canton": "GE"},
    {"metric": "notices", "limit": 100}, {"metric": "persons", "canton": "BE", "limit": 7},
    {"metric": "capital", "canton": "ZH", "legal_form": "AG"},  # another filter: sorted by the query itself
])
def test_a_plain_ranking_is_the_sort_of_every_company(ctx, monkeypatch, args):
    summarized = call(ctx, "get_top_entities", args)
    import kg.endpoints.analytics as analytics
    monkeypatch.setattr(analytics, "TOPS", "MATCH (s:BaseNode {uid: $uid}) WHERE s.version < 0 RETURN s AS summary")
    every = call(ctx, "get_top_entities", args)
    assert every.status == "ok" and every.rows
    assert summarized.rows == every.rows


def test_the_build_wrote_the_top_companies(ctx):
    from kg.company_tops import SUMMARY_UID, VERSION
    from kg.endpoints.analytics import TOPS
    from kg.endpoints.base import read
    [row] = read(ctx, TOPS, uid=SUMMARY_UID)
    assert row["summary"]["version"] == VERSION and row["summary"]["capital_all"].startswith('["')
