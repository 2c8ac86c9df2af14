"""The offline engine answers the graph-native questions on a built world, and its answers hold the truth: the
seat and officers of a company on a date, the chain between two entities, the companies that moved, and the
persons with the most board seats — each with the notices cited."""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter

import pytest

from agent.session import Session
from tests.support.truth import Truth


def plain(text: str) -> str:
    return re.sub(r"[*`_]", "", text)


def _unique_name(truth: Truth, uid: str) -> bool:
    return truth.name_counts[truth.name(uid).casefold()] == 1


def _moves(truth: Truth) -> list[dict]:
    return [p for p in truth.publications if "seat" in p["facts"].get("changes", []) and p["company"] in truth.uid_of
            and _unique_name(truth, truth.uid_of[p["company"]])]


def test_the_seat_on_a_day_before_a_move_is_the_old_one(offline, truth):
    p = _moves(truth)[0]
    uid = truth.uid_of[p["company"]]
    day = dt.date.fromisoformat(p["date"]) - dt.timedelta(days=1)
    a = offline.ask(f"Where was {truth.name(uid)} based on {day.day}.{day.month}.{day.year}?", Session())
    text = plain(a.answer)
    assert [s.tool for s in a.trace][-1] == "company_as_of", a.trace
    assert f"Seat: {p['facts']['old_seat']}" in text and day.isoformat() in text, a.answer


def test_the_former_seat_of_a_company_that_moved(offline, truth):
    p = _moves(truth)[0]
    uid = truth.uid_of[p["company"]]
    a = offline.ask(f"Où était le siège de {truth.name(uid)} avant le transfert ?", Session())
    text = plain(a.answer)
    assert f"based in {p['facts']['old_seat']} before it moved" in text and p["publication_number"] in text, a.answer


def test_the_board_on_a_date_names_the_officers_of_that_day(offline, truth):
    for p in truth.publications:
        if "board" not in p["facts"].get("changes", []) or p["company"] not in truth.uid_of:
            continue
        uid, cid = truth.uid_of[p["company"]], p["company"]
        gone = [m for m in p["mentions"] if m["kind"] == "person" and m.get("status") == "resigned"]
        if not gone or not _unique_name(truth, uid):
            continue
        before = (dt.date.fromisoformat(p["date"]) - dt.timedelta(days=1)).isoformat()
        a = offline.ask(f"Who held a post at {truth.name(uid)} on {before}?", Session())
        after = offline.ask(f"Who held a post at {truth.name(uid)} on {p['date']}?", Session())
        assert gone[0]["text"] in plain(a.answer), a.answer  # in office the day before their resignation
        held = [r for r in truth.persons[gone[0]["entity"]]["roles"] if r["company"] == cid and r["to"] is None]
        if not held:  # and no longer on the day it was published
            assert gone[0]["text"] not in plain(after.answer), after.answer
        return
    raise AssertionError("the world has no board change with a resignation")


def test_two_companies_sharing_a_person_are_connected(offline, truth):
    by_person: dict[str, set[str]] = {}
    for uid in truth.companies:
        for p in truth.publications_of(uid):
            for m in p["mentions"]:
                if m["kind"] == "person" and len(truth.spellings(m["entity"])) == 1 and m.get("role_key") != "care_of":
                    by_person.setdefault(m["entity"], set()).add(uid)
    for pid, companies in sorted(by_person.items()):
        named = sorted(u for u in companies if _unique_name(truth, u))
        if len(named) < 2:
            continue
        a, b = named[:2]
        ans = offline.ask(f"How are {truth.name(a)} and {truth.name(b)} connected?", Session())
        text = plain(ans.answer)
        assert [s.tool for s in ans.trace] == ["find_connections"], ans.trace
        assert "are connected through" in text and truth.canonical(pid).split(",")[0] in text, ans.answer
        assert re.search(r"HR0\d-\d{10}", text)
        return
    raise AssertionError("no person is named in two companies")


def test_companies_that_moved_from_a_canton_are_listed_with_the_truths_count(offline, truth):
    moves = [p for p in truth.publications if "seat" in p["facts"].get("changes", []) and p["company"] in truth.uid_of]
    canton, _ = Counter(p["facts"]["old_canton"] for p in moves).most_common(1)[0]
    name = {"ZH": "Zürich", "BE": "Bern", "VD": "Vaud", "GE": "Genève", "LU": "Luzern", "TI": "Ticino",
            "AG": "Aargau", "SG": "St. Gallen", "BS": "Basel-Stadt", "VS": "Valais"}.get(canton, canton)
    want = {truth.uid_of[p["company"]] for p in moves if p["facts"]["old_canton"] == canton}
    a = offline.ask(f"Welche Firmen sind aus dem Kanton {name} weggezogen oder innerhalb umgezogen? "
                    f"Liste die Sitzverlegungen von {name}.", Session())
    text = plain(a.answer)
    assert a.trace and a.trace[0].tool == "list_events", a.trace
    assert f"{len(want)} compan" in text, a.answer


def test_persons_on_more_boards_than_a_threshold(offline, truth):
    a = offline.ask("Which persons sit on the boards of more than two companies?", Session())
    text = plain(a.answer)
    assert [s.tool for s in a.trace] == ["rank_persons"], a.trace
    rows = a.trace[0].payload["rows"]
    assert all(r["value"] >= 3 for r in rows)
    if rows:
        assert rows[0]["name"] in text and rows[0]["companies"][0]["publication_number"] in text
    else:
        assert "No person holds at least 3" in text


@pytest.mark.parametrize("metric, complete, value, said", [
    ("companies", True, 8, "and 2 more"), ("companies", False, 150, "and 144 more"), ("mandates", False, 150, "and more"),
    ("companies", True, 6, None),
])
def test_a_ranking_row_says_how_many_companies_are_not_shown(metric, complete, value, said):
    """Six companies are shown per person; the rest are counted from the row's list when it is complete, else from
    the stored count of companies (a count of mandates says only that there are more)."""
    from agent.offline.graph_answers import _ranking
    from agent.offline.graph_questions import GraphAsk
    listed = [{"name": f"Firma {i} AG", "publication_number": f"HR01-{i}"} for i in range(8 if complete and value == 8 else 6)]
    row = {"rank": 1, "name": "Muster, Anna", "value": value, "companies": listed, "complete": complete}
    text = _ranking(GraphAsk("rank_persons", {"metric": metric}), [row], "1 person")
    line = next(t for t in text.splitlines() if "Muster, Anna" in t)
    assert (said in line) if said else " more" not in line, line
