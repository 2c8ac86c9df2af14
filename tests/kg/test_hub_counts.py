"""The counts phase 3 writes on each NameHub (kg.hub_counts): exact per role group, absent where zero, and the
group whose counts bound a ranking's role filter."""
from __future__ import annotations

from kg.hub_counts import ROLE_GROUPS, counts, empty, group_of


def _post(hub: str, company: str, role: str) -> dict[str, str]:
    return {"hub": hub, "company": company, "role_key": role}


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
