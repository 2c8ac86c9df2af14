"""The counts phase 3 writes on each NameHub (kg.hub_counts): exact per role group, absent where zero, and the
group whose counts bound a ranking's role filter."""
from __future__ import annotations

import json

from kg.hub_counts import BUSY, POSTS, ROLE_GROUPS, counts, empty, group_of, listed, mandate_list


def _post(hub: str, company: str, role: str) -> dict[str, str | None]:
    return {"hub": hub, "company": company, "role_key": role, "canton": None, "notice": None, "date": None}


def test_counts_are_distinct_companies_and_mandates_per_group():
    got = counts([_post("h1", "c1", "board_member"), _post("h1", "c1", "chair"), _post("h1", "c2", "board_member"),
                  _post("h1", "c2", "board_member"),  # a second notice for the same post
                  _post("h1", "c3", "authorized_signatory"), _post("h2", "c1", "liquidator")])
    h1, h2 = got["h1"], got["h2"]
    assert (h1["companies"], h1["mandates"]) == (3, 4)
    assert (h1["companies_board"], h1["mandates_board"]) == (2, 3)
    assert (h1["companies_president"], h1["mandates_president"]) == (1, 1)
    assert (h1["companies_signatories"], h1["mandates_signatories"]) == (1, 1)
    assert h1["companies_liquidators"] is None and h1["mandates_managers"] is None  # absent, not 0
    assert (h2["companies"], h2["companies_liquidators"], h2["companies_board"]) == (1, 1, None)


def test_a_role_in_two_groups_counts_in_both():
    row = counts([_post("h", "c", "chair_management")])["h"]
    assert row["companies_president"] == row["companies_managers"] == 1 and row["companies_board"] is None


def test_a_hub_without_posts_has_zero_in_all_and_nothing_per_group():
    assert counts([]) == {}
    row = empty()
    assert (row["companies"], row["mandates"]) == (0, 0)
    assert all(v is None for k, v in row.items() if k not in ("companies", "mandates"))


def test_the_group_that_bounds_a_role_filter():
    assert group_of(None) == (None, True)
    assert group_of(ROLE_GROUPS["board"]) == ("board", True)
    assert group_of(["chair"]) == ("president", False)  # the smallest group holding it
    assert group_of(["board_member", "vice_chair"]) == ("board", False)
    assert group_of(["board_member", "liquidator"]) == (None, False)  # two groups: any role bounds it
    assert group_of(["auditor"]) == (None, False)


def _dated(hub: str, company: str, role: str, canton: str, notice: str, date: str) -> dict[str, str]:
    return {"hub": hub, "company": company, "role_key": role, "canton": canton, "notice": notice, "date": date}


def test_a_busy_hub_keeps_each_mandate_once_at_its_first_notice_oldest_first():
    posts = [_dated("h", f"c{i % 4}", "board_member", "ZH" if i % 2 else "GE", f"HR02-{i}", f"2020-01-{30 - i:02d}")
             for i in range(BUSY)]
    stored = counts(posts)["h"][POSTS]
    assert stored is not None
    mandates = json.loads(stored)
    first = {}
    for p in sorted(posts, key=lambda p: p["date"]):  # the later a post in the list, the older its day
        first.setdefault(p["company"], p)
    assert mandates == [[c, "board_member", p["canton"], p["notice"], p["date"]] for c, p in first.items()]
    assert len(mandates) == 4 and mandates[0][0] == posts[-1]["company"]
    assert counts(posts[: BUSY - 1])["h"][POSTS] is None  # not busy: read post by post
    assert empty()[POSTS] is None


def test_a_mandate_list_is_read_in_a_canton_and_roles_and_cut():
    stored = mandate_list([_dated("h", "c1", "board_member", "ZH", "n1", "2020-01-01"),
                           _dated("h", "c2", "liquidator", "ZH", "n2", "2020-02-01"),
                           _dated("h", "c3", "chair", "GE", "n3", "2020-03-01")] * BUSY)
    assert stored is not None
    assert [p["company"] for p in listed(stored, None, None, 10)[0]] == ["c1", "c2", "c3"]
    assert listed(stored, "ZH", None, 10) == ([
        {"company": "c1", "role_key": "board_member", "canton": "ZH", "notice": "n1", "date": "2020-01-01"},
        {"company": "c2", "role_key": "liquidator", "canton": "ZH", "notice": "n2", "date": "2020-02-01"}], True)
    assert [p["company"] for p in listed(stored, None, ROLE_GROUPS["board"], 10)[0]] == ["c1", "c3"]
    first, complete = listed(stored, None, None, 2)
    assert [p["company"] for p in first] == ["c1", "c2"] and not complete
