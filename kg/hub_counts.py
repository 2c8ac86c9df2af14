"""What phase 3 writes on every NameHub so that `rank_persons` never reads every post of the graph (issue 19).

A person's post is an ACTED_IN edge from one of their Person nodes to a notice of a company (care_of aside). For
each hub phase 3 counts, over every post ever registered, the distinct companies and the mandates (company and
role pairs) in any role (`companies`, `mandates`) and in each role group (`companies_board`, `mandates_board`, ...;
absent where zero, so an index holds only the hubs of that group). These are the exact answers of a ranking of
posts ever held with no canton, and an upper bound of every narrower one (current posts, one canton, one role key
of the group).

The same counts restricted to the companies of one canton live on a `HubCanton` node per hub and canton where the
hub holds a post (uid `<hub>|<canton>`, `hub`, `canton`), each as the text `<canton>|<count>` ("GE|3"), so that one
equality on one index finds the persons with a given count in a given canton.

Beside them phase 3 keeps one `GraphSummary` node (`SUMMARY_UID`) holding, for each property, how many hubs have
each value (a JSON object per property, `{"3": 219, ...}`): a ranking learns from it which values its top rows
have and how many persons reach a threshold, and then reads only the hubs of those values (ArcadeDB serves an
equality from the index, a range by reading all of it).

A hub with many posts (`BUSY` or more) also keeps the list of its mandates (`POSTS`: each company and role once,
with its canton and the first notice that registered it, oldest first), so that a ranking shows the companies of
its top persons without walking their hundreds of posts through the notices (at a million notices reading ten
such persons' posts took most of a ranking's 200 ms). The company's name is read where it is shown (a rename
changes no post); its canton is counted's, kept as current as the HubCanton counts are (a moved company's hubs are
counted again).

This module imports nothing of the graph: `kg.ddl` indexes these properties and `kg.endpoints.vocabulary` reads
its role groups from here.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

# Groups of the role keys on ACTED_IN edges (data_pipeline's role vocabulary), by the word analysts use.
ROLE_GROUPS: dict[str, frozenset[str]] = {
    "president": frozenset({"chair", "chair_management"}),
    "board": frozenset({"board_member", "chair", "vice_chair", "sole_board_member"}),
    "managers": frozenset({"managing_director", "managing_partner", "director", "chair_management", "branch_manager"}),
    "signatories": frozenset({"authorized_signatory"}),
    "liquidators": frozenset({"liquidator"}),
    "owners": frozenset({"owner"}),
    "partners": frozenset({"partner", "managing_partner", "limited_partner", "unlimited_partner"}),
}
METRICS = ("companies", "mandates")
# The scheme of these counts, written on each hub counted (`counted`): a hub counted by an older build is counted
# again, and rank_persons reads every post of a graph whose hubs are not counted this way.
VERSION = 3
# A hub with at least this many posts keeps the list of its mandates (`POSTS`); one with fewer is read post by post.
BUSY = 10
POSTS = "mandate_list"


def prop(metric: str, group: str | None = None) -> str:
    """The hub property holding `metric` in `group` (None: any role)."""
    return f"{metric}_{group}" if group else metric


PROPERTIES = tuple(prop(m, g) for m in METRICS for g in (None, *ROLE_GROUPS))


def group_of(roles: Iterable[str] | None) -> tuple[str | None, bool]:
    """The narrowest role group whose counts bound a count restricted to `roles` (None: any role), and whether
    they are that count exactly (the roles are the whole group, or no filter)."""
    if not roles:
        return None, True
    keys = frozenset(roles)
    fits = sorted((len(v), g) for g, v in ROLE_GROUPS.items() if keys <= v)
    if not fits:
        return None, False
    group = fits[0][1]
    return group, ROLE_GROUPS[group] == keys


SUMMARY_UID = "summary-hub-counts"
SUMMARY_LABEL = "GraphSummary"


def histogram_query(p: str) -> str:
    """How many hubs have each value of property `p`."""
    return f"MATCH (h:NameHub) WHERE h.{p} IS NOT NULL RETURN h.{p} AS value, count(h) AS hubs"


TALLY_LABEL = "HubCanton"


def tally_uid(hub: str, canton: str) -> str:
    return f"{hub}|{canton}"


def scoped(canton: str, value: int) -> str:
    """A HubCanton count as stored: the canton and the count, so that one index serves both."""
    return f"{canton}|{value}"


def tally_histogram_query(p: str) -> str:
    """How many HubCanton nodes have each value ("GE|3") of property `p`."""
    return f"MATCH (t:{TALLY_LABEL}) WHERE t.{p} IS NOT NULL RETURN t.{p} AS value, count(t) AS hubs"


def _tally(posts: Iterable[Mapping[str, str]]) -> dict[str, int | None]:
    """Every property of PROPERTIES over these posts of one hub."""
    held: dict[str | None, tuple[set[str], set[tuple[str, str]]]] = {}
    for p in posts:
        for g in (None, *(g for g, keys in ROLE_GROUPS.items() if p["role_key"] in keys)):
            companies, mandates = held.setdefault(g, (set(), set()))
            companies.add(p["company"])
            mandates.add((p["company"], p["role_key"]))
    row = empty()
    for g, (companies, mandates) in held.items():
        row[prop("companies", g)], row[prop("mandates", g)] = len(companies), len(mandates)
    return row


def counts(posts: Iterable[Mapping[str, str]]) -> dict[str, dict[str, int | str | None]]:
    """hub -> every property of PROPERTIES, from its posts ({hub, company, role_key, canton, notice, date}; care_of
    left out by the caller), and its list of mandates (`POSTS`) where it is busy. Group counts of zero are None (the
    property is removed), and so is the list of a hub that is not busy; `companies` and `mandates` are always set."""
    by_hub: dict[str, list[Mapping[str, str]]] = {}
    for p in posts:
        by_hub.setdefault(p["hub"], []).append(p)
    return {hub: {**_tally(held), POSTS: mandate_list(held)} for hub, held in by_hub.items()}


def mandate_list(posts: list[Mapping[str, str]]) -> str | None:
    """The `POSTS` of a hub with these posts: JSON of [company, role_key, canton, notice, date] for each company and
    role, at its first notice, oldest first (None below `BUSY` posts)."""
    if len(posts) < BUSY:
        return None
    first: dict[tuple[str, str], list[str | None]] = {}
    for p in sorted(posts, key=lambda p: (p["date"] or "", p["notice"] or "")):
        first.setdefault((p["company"], p["role_key"]), [p["company"], p["role_key"], p["canton"], p["notice"], p["date"]])
    return json.dumps(list(first.values()), separators=(",", ":"))


def listed(stored: str, canton: str | None, roles: Iterable[str] | None, n: int) -> tuple[list[dict[str, str]], bool]:
    """The first `n` mandates of a `POSTS` list in `canton` and `roles` (None: any), oldest first, as posts
    ({company, role_key, canton, notice, date}), and whether those are all of them."""
    keys = frozenset(roles) if roles else None
    chosen = [dict(zip(("company", "role_key", "canton", "notice", "date"), m, strict=True)) for m in json.loads(stored)
              if (canton is None or m[2] == canton) and (keys is None or m[1] in keys)]
    return chosen[:n], len(chosen) <= n


def canton_counts(posts: Iterable[Mapping[str, str]]) -> list[dict[str, str | None]]:
    """The HubCanton rows of these posts ({hub, company, role_key, canton}): per hub and canton of the company, the
    counts of its posts there as `scoped` text (None where zero). Posts of a company without a canton count nowhere."""
    by_scope: dict[tuple[str, str], list[Mapping[str, str]]] = {}
    for p in posts:
        if p.get("canton"):
            by_scope.setdefault((p["hub"], p["canton"]), []).append(p)
    rows = []
    for (hub, canton), held in sorted(by_scope.items()):
        row: dict[str, str | None] = {"uid": tally_uid(hub, canton), "hub": hub, "canton": canton}
        row |= {k: scoped(canton, v) if v else None for k, v in _tally(held).items()}
        rows.append(row)
    return rows


def empty() -> dict[str, int | str | None]:
    """The counts of a hub with no post."""
    return {**{p: (0 if p in METRICS else None) for p in PROPERTIES}, POSTS: None}
