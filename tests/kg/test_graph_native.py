"""The graph-native endpoints (company_as_of, list_events, rank_persons, find_connections) against a built world,
checked against the generator's truth: dates before, on and after a change, multi-hop chains whose every hop
is a notice naming both ends, ties in rankings, and explicit empty results."""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter, defaultdict

import pytest

from data_pipeline.extract.mergers import absorbed_by
from kg.endpoints import call
from tests.support.truth import Truth

BOARD = {"board_member", "chair", "vice_chair", "sole_board_member"}


def _day(iso: str, delta: int) -> str:
    return (dt.date.fromisoformat(iso) + dt.timedelta(days=delta)).isoformat()


def _attrs(res) -> dict:
    return {r["field"]: r for r in res.rows if r["kind"] == "attribute"}


def _changes(truth: Truth, flag: str) -> list[dict]:
    return [p for p in truth.publications if flag in p["facts"].get("changes", []) and p["company"] in truth.uid_of]


# ---------------------------------------------------------------- merger notices (phase 1 reads them)
@pytest.mark.parametrize("text, name, seat, uid", [
    ("X AG, in Bern, CHE-111.222.333. Aktiven und Passiven (Fremdkapital) gehen infolge Fusion auf die "
     "Muster Holding AG, in Baar (ZG) (CHE-123.456.789), über. Die Gesellschaft wird gelöscht.",
     "Muster Holding AG", "Baar (ZG)", "CHE-123.456.789"),
    ("Y Sàrl, à Sion. Actifs et passifs (fonds étrangers) repris par Alpes Services SA, à Sion (CHE 987 654 321), "
     "par suite de fusion. La société est radiée.", "Alpes Services SA", "Sion", "CHE-987.654.321"),
    ("Z SA, in Lugano. Attivi e passivi (capitale di terzi) ripresi da Ticino Impianti SA, in Bellinzona "
     "(CHE-555.666.777), in seguito a fusione. La società è cancellata.", "Ticino Impianti SA", "Bellinzona",
     "CHE-555.666.777"),
])
def test_a_merger_notice_names_the_absorbing_company(text, name, seat, uid):
    m = absorbed_by(text)
    assert m is not None and (m.acquirer, m.seat, m.uid) == (name, seat, uid)


def test_a_deletion_without_merger_names_no_acquirer():
    assert absorbed_by("Die Gesellschaft ist aufgelöst. Die Liquidation ist beendet. Die Gesellschaft wird "
                       "gelöscht. Revisionsstelle: Muster Revision AG (CHE-123.456.789), in Bern.") is None


# ---------------------------------------------------------------- company_as_of
def test_seat_before_on_and_after_a_move(ctx, truth):
    moves = _changes(truth, "seat")
    assert len(moves) >= 5
    for p in moves[:25]:
        uid, f = truth.uid_of[p["company"]], p["facts"]
        expected = {_day(p["date"], -1): f["old_seat"], p["date"]: f["new_seat"], _day(p["date"], 1): f["new_seat"]}
        for day, seat in expected.items():
            if day < truth.companies[uid]["founded"]:
                continue
            res = call(ctx, "company_as_of", {"uid": uid, "date": day})
            got = _attrs(res)["seat"]
            assert got["value"] == seat, (uid, day, got, truth.companies[uid]["seats"])
            assert got["publication_number"].startswith("HR"), got


def test_name_before_and_after_a_rename(ctx, truth):
    renames = _changes(truth, "name")
    assert renames
    for p in renames[:25]:
        uid = truth.uid_of[p["company"]]
        names = truth.companies[uid]["names"]
        for day in (_day(p["date"], -1), p["date"]):
            if day < truth.companies[uid]["founded"]:
                continue
            want = [n["name"] for n in names if n["from"] <= day][-1]
            assert _attrs(call(ctx, "company_as_of", {"uid": uid, "date": day}))["name"]["value"] == want, (uid, day)


def test_status_before_founding_and_after_deletion(ctx, truth):
    founded = [p for p in truth.publications if p["sub_rubric"] == "HR01" and p["company"] in truth.uid_of][:5]
    for p in founded:
        res = call(ctx, "company_as_of", {"uid": truth.uid_of[p["company"]], "date": _day(p["date"], -1)})
        assert res.status == "ok" and _attrs(res)["status"]["value"] == "not_registered"
        assert "not yet registered" in res.message and p["publication_number"] in res.message
    deleted = [p for p in truth.publications if p["sub_rubric"] == "HR03" and p["company"] in truth.uid_of][:5]
    for p in deleted:
        res = call(ctx, "company_as_of", {"uid": truth.uid_of[p["company"]], "date": _day(p["date"], 1)})
        assert _attrs(res)["status"]["value"] == "deleted"
        assert not [r for r in res.rows if r["kind"] == "officer"] and "deleted" in res.message


def test_officers_on_a_date_match_the_truth(ctx, truth):
    """Who held a post on the day before and on each board change: the persons the truth says, matched by any
    spelling the notices used. Recall counts the officers the notices can tell of on that day: named in a notice
    up to it, or resigning in a later one (a post held since before the notices the graph holds, and first
    named later as a mere entry, cannot be known)."""
    tp = fp = fn = 0
    for p in _changes(truth, "board")[:40]:
        uid, cid = truth.uid_of[p["company"]], p["company"]
        notices = [(q["date"], m) for q in truth.publications_of(uid) if q["sub_rubric"].startswith("HR")
                   for m in q["mentions"] if m["kind"] == "person" and m.get("role_key") != "care_of"]
        for day in (_day(p["date"], -1), p["date"]):
            def knowable(pid: str, notices: list = notices, day: str = day) -> bool:
                seen = [(d, m) for d, m in notices if m["entity"] == pid]
                return any(d <= day for d, _ in seen) or any(m.get("status") == "resigned" for d, m in seen
                                                              if d > day)
            want = {pid for pid in truth.register_mentions(uid) for r in truth.persons[pid]["roles"]
                    if r["company"] == cid and r["from"] <= day and (r["to"] is None or r["to"] > day)
                    and knowable(pid)}
            res = call(ctx, "company_as_of", {"uid": uid, "date": day})
            got = set()
            for r in (r for r in res.rows if r["kind"] == "officer" and r["entity"] == "Person"):
                assert r["publication_number"] and r["role_key"]
                hit = [pid for pid in want if r["name"] in truth.spellings(pid)]
                got.add(hit[0] if hit else "?" + r["name"])
            tp, fp, fn = tp + len(got & want), fp + len(got - want), fn + len(want - got)
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    assert precision >= 0.9 and recall >= 0.85, (precision, recall, tp, fp, fn)


def test_a_renamed_or_otherwise_written_officer_is_one_person(ctx, truth):
    """A person a company's notices name under a new name ("[bisher: Metthofer, Sarah]"), with an umlaut spelt out
    or an initial more or less, holds one post: on the day of such a notice none of the names of a person who left
    is still listed, and no one who holds a post is listed twice."""
    odd_kinds = {"former_name", "translit", "middle_initial", "first_only", "first_initial_last"}
    checked = 0
    for p in truth.publications:
        odd = {m["entity"] for m in p["mentions"] if m["kind"] == "person" and m.get("variant") in odd_kinds}
        if not odd or p["company"] not in truth.uid_of or not p["sub_rubric"].startswith("HR"):
            continue
        uid, cid, day = truth.uid_of[p["company"]], p["company"], p["date"]
        res = call(ctx, "company_as_of", {"uid": uid, "date": day})
        listed = Counter(pid for r in res.rows if r["kind"] == "officer" and r["entity"] == "Person"
                         for pid in odd if r["name"] in truth.spellings(pid))
        for pid, n in listed.items():
            holds = any(r["company"] == cid and r["from"] <= day and (r["to"] is None or r["to"] > day)
                        for r in truth.persons[pid]["roles"])
            assert holds and n == 1, (p["publication_number"], truth.canonical(pid), n)
        checked += 1
    assert checked >= 20, checked


def test_officers_filtered_by_role_and_bad_dates_refused(ctx, truth):
    p = next(p for p in _changes(truth, "board") if p["company"] in truth.uid_of)
    uid = truth.uid_of[p["company"]]
    res = call(ctx, "company_as_of", {"uid": uid, "date": p["date"], "roles": ["authorized_signatory"]})
    assert all(r["role_key"] == "authorized_signatory" for r in res.rows if r["kind"] == "officer")
    bad = call(ctx, "company_as_of", {"uid": uid, "date": "1st of May"})
    assert bad.status == "error" and "ISO date" in bad.message
    unknown = call(ctx, "company_as_of", {"uid": "CHE-000.000.001", "date": "2020-01-01"})
    assert unknown.status == "empty" and "search_companies" in unknown.message


# ---------------------------------------------------------------- list_events
def test_seat_moves_from_and_to_a_canton_are_the_truths(ctx, truth):
    moves = _changes(truth, "seat")
    for canton in sorted({p["facts"]["old_canton"] for p in moves})[:4]:
        want = {truth.uid_of[p["company"]] for p in moves if p["facts"]["old_canton"] == canton}
        res = call(ctx, "list_events", {"kind": "moved", "from_place": canton, "limit": 500})
        assert {r["uid"] for r in res.rows} == want, canton
        assert res.extra["count"] == len(want)
        for r in res.rows:
            assert r["from"] and r["to"] and r["publication_number"].startswith("HR02")
    p = moves[0]
    res = call(ctx, "list_events", {"kind": "moved", "from_place": p["facts"]["old_seat"],
                                    "to_place": p["facts"]["new_seat"], "limit": 500})
    assert truth.uid_of[p["company"]] in {r["uid"] for r in res.rows}


def test_a_town_named_like_its_canton_means_the_town_unless_the_canton_is_said(ctx, truth):
    """"From Bern to Saint-Imier" is the town of Bern; "from canton Bern" is every town in it."""
    from kg.places import CAPITAL_TOWNS, canton_code
    from kg.text import fold

    moves = _changes(truth, "seat")
    town = next(p["facts"]["old_seat"] for p in moves if fold(p["facts"]["old_seat"]) in CAPITAL_TOWNS
                and any(q["facts"]["old_canton"] == canton_code(p["facts"]["old_seat"])
                        and q["facts"]["old_seat"] != p["facts"]["old_seat"] for q in moves))
    code = canton_code(town)
    from_town = {truth.uid_of[p["company"]] for p in moves if p["facts"]["old_seat"] == town}
    from_canton = {truth.uid_of[p["company"]] for p in moves if p["facts"]["old_canton"] == code}
    assert from_town < from_canton  # the world holds moves from other towns of the canton
    assert {r["uid"] for r in call(ctx, "list_events", {"kind": "moved", "from_place": town, "limit": 500}).rows} == from_town
    for said in (f"canton {town}", f"Kanton {town}", code):
        res = call(ctx, "list_events", {"kind": "moved", "from_place": said, "limit": 500})
        assert {r["uid"] for r in res.rows} == from_canton, said


def _swap(word: str) -> str:
    """The word with two inner letters swapped: a typo one edit away."""
    i = len(word) // 2
    return word[:i - 1] + word[i] + word[i - 1] + word[i + 1:]


def test_a_town_typed_with_a_typo_is_the_one_seat_a_typo_away(ctx, truth):
    """"From Intelraken to Spiez": a place that names no town and no canton is the single seat one edit from it,
    and the answer says how it was read; a word close to no seat stays unmatched (an explicit empty result)."""
    moves = _changes(truth, "seat")
    p = next(p for p in moves if len(p["facts"]["old_seat"]) >= 6 and " " not in p["facts"]["old_seat"]
             and _swap(p["facts"]["old_seat"]) != p["facts"]["old_seat"])
    old, new = p["facts"]["old_seat"], p["facts"]["new_seat"]
    want = {truth.uid_of[q["company"]] for q in moves if q["facts"]["old_seat"] == old and q["facts"]["new_seat"] == new}
    exact = call(ctx, "list_events", {"kind": "moved", "from_place": old, "to_place": new, "limit": 500})
    typo = call(ctx, "list_events", {"kind": "moved", "from_place": _swap(old), "to_place": new, "limit": 500})
    assert {r["uid"] for r in exact.rows} == {r["uid"] for r in typo.rows} == want
    assert typo.extra["read_as"] == [f"{_swap(old)!r} as {old!r}"] and "read_as" not in exact.extra
    from kg.endpoints.base import read
    from kg.endpoints.events import SEAT_KNOWN
    assert read(ctx, SEAT_KNOWN, names=[new]) and not read(ctx, SEAT_KNOWN, names=[_swap(old)])  # the graph's answer
    none = call(ctx, "list_events", {"kind": "moved", "from_place": "Qwxyzabc", "to_place": new, "limit": 500})
    assert none.rows == [] and none.extra["count"] == 0


def test_a_new_seat_typed_with_a_typo_is_read_as_meant(ctx, truth):
    """Moves to a town are read by the index of the moves' new towns; a typo there finds none and is read against
    every move."""
    moves = _changes(truth, "seat")
    p = next(p for p in moves if len(p["facts"]["new_seat"]) >= 6 and " " not in p["facts"]["new_seat"]
             and _swap(p["facts"]["new_seat"]) != p["facts"]["new_seat"])
    new = p["facts"]["new_seat"]
    exact = call(ctx, "list_events", {"kind": "moved", "to_place": new, "limit": 500})
    typo = call(ctx, "list_events", {"kind": "moved", "to_place": _swap(new), "limit": 500})
    assert exact.rows and typo.rows == exact.rows and all(r["to"] == new for r in exact.rows)
    assert truth.uid_of[p["company"]] in {r["uid"] for r in exact.rows}
    assert typo.extra["read_as"] == [f"{_swap(new)!r} as {new!r}"]


def test_a_town_typed_with_its_umlaut_swapped_or_a_letter_dropped_is_read_as_meant(ctx, truth):
    """"From Zrüich to …": an umlaut and the letter beside it swapped is one edit, as "Zurich" is none; a town of
    five letters typed with four ("Puly") is read as meant where no seat is spelt so."""
    import unicodedata

    from kg.endpoints.base import read
    from kg.endpoints.events import SEAT_KNOWN

    def is_a_seat(name: str) -> bool:
        return bool(read(ctx, SEAT_KNOWN, names=[name, name.title()]))

    moves = _changes(truth, "seat")
    umlaut = next(p for p in moves if re.search(r"^[^ ]+[äöü][a-z]", p["facts"]["old_seat"].lower())
                  and " " not in p["facts"]["old_seat"])
    old = umlaut["facts"]["old_seat"]
    i = re.search(r"[äöü]", old).start()
    swapped = (old[:i] + old[i + 1] + old[i] + old[i + 2:]).lower()
    short = next(p for p in moves if len(p["facts"]["new_seat"]) == 5 and p["facts"]["new_seat"].isalpha()
                 and not is_a_seat(p["facts"]["new_seat"][:2] + p["facts"]["new_seat"][3:]))
    new = short["facts"]["new_seat"]
    dropped = new[:2] + new[3:]
    for args, typed in (({"from_place": old}, {"from_place": swapped}), ({"to_place": new}, {"to_place": dropped})):
        exact = call(ctx, "list_events", {"kind": "moved", **args, "limit": 500})
        typo = call(ctx, "list_events", {"kind": "moved", **typed, "limit": 500})
        assert exact.rows and [r["uid"] for r in typo.rows] == [r["uid"] for r in exact.rows], typed
        assert typo.extra["read_as"] and unicodedata.normalize("NFC", typo.extra["read_as"][0]).endswith(
            f"as {next(iter(args.values()))!r}"), typed
    assert call(ctx, "list_events", {"kind": "moved", "to_place": "Qwx", "limit": 5}).rows == []  # three letters: none


def test_a_town_that_is_a_seat_in_the_graph_is_never_read_as_another():
    """"Baden" one edit from "Bauen": a town some company has its seat in is taken as typed."""
    from kg.endpoints.events import Place

    seats = {"bauen": "Bauen", "spiez": "Spiez"}
    asked: list[list[str]] = []
    assert Place("Baden").correct(seats, lambda names: asked.append(names) or True) is None
    assert "Baden" in asked[0]
    assert Place("Qwertzu").correct(seats, lambda names: asked.append(names) or True) is None and len(asked) == 1
    assert Place("Baden").correct(seats, lambda names: False) == "Bauen"
    assert Place("Spiez").correct(seats, lambda names: False) is None  # an exact seat needs no reading
    assert Place("canton Bern").correct(seats, lambda names: False) is None


def test_canton_names_forgive_one_typo_and_speak_four_languages():
    from kg.places import canton_near

    assert [canton_near(t) for t in ("Scwhyz", "Appenzell Innerrhoedn", "St. Galeln", "Appenzello Interno",
                                     "cantone Ticino", "Kanton Zug", "Grigioni")] == ["SZ", "AI", "SG", "AI", "TI", "ZG", "GR"]
    assert canton_near("Berm") is None and canton_near("Zürichsee") is None  # short, or more than a typo away


def test_saint_towns_are_found_in_either_spelling():
    from kg.places import canton_near, city_spellings
    assert {"Saint-Imier", "St-Imier", "St. Imier"} <= set(city_spellings("St-Imier"))
    assert "St-Imier" in city_spellings("Saint-Imier") and "Sankt Gallen" in city_spellings("St.Gallen")
    assert canton_near("st-gall") == "SG" and city_spellings("Stans") == ["Stans"]


def test_foundations_by_year_and_canton_are_the_truths(ctx, truth):
    founded = Counter((p["date"][:4], p["canton"]) for p in truth.publications
                      if p["sub_rubric"] == "HR01" and p["company"] in truth.uid_of)
    for (year, canton), n in founded.most_common(3):
        res = call(ctx, "list_events", {"kind": "founded", "year": int(year), "canton": canton, "limit": 500})
        assert res.extra["count"] == n and len(res.rows) == n, (year, canton)
        assert all(r["publication_date"].startswith(year) for r in res.rows)


def test_mergers_name_the_absorbing_company(ctx, truth):
    mergers = {truth.uid_of[p["company"]]: truth.uid_of.get(p["facts"]["absorbed_by"])
               for p in truth.publications if p["facts"].get("reason") == "merger" and p["company"] in truth.uid_of}
    assert mergers
    res = call(ctx, "list_events", {"kind": "merged", "limit": 500})
    assert {r["uid"]: r["absorbed_by_uid"] for r in res.rows} == mergers


def test_an_empty_list_says_what_was_asked(ctx):
    res = call(ctx, "list_events", {"kind": "founded", "year": 1990})
    assert res.status == "empty" and "1990" in res.message
    assert call(ctx, "list_events", {"kind": "founded", "canton": "Atlantis"}).status == "error"
    assert call(ctx, "list_events", {"kind": "renamed", "from_place": "Bern"}).status == "error"


# ---------------------------------------------------------------- rank_persons
def test_board_seat_counts_are_the_truths_and_ties_share_a_rank(ctx, truth):
    seats: dict[str, set[str]] = defaultdict(set)  # canonical name -> companies where the notices name a board post
    for uid in truth.companies:
        for p in truth.publications_of(uid):
            for m in p["mentions"]:
                if m["kind"] == "person" and m.get("role_key") in BOARD:
                    seats[truth.canonical(m["entity"])].add(uid)
    homonyms = Counter(truth.canonical(pid) for pid in truth.persons)
    res = call(ctx, "rank_persons", {"role": "board", "limit": 100})
    assert res.status == "ok"
    checked = 0
    for r in res.rows:
        if homonyms.get(r["name"]) == 1 and r["name"] in seats:
            assert r["value"] == len(seats[r["name"]]), r["name"]
            assert {c["uid"] for c in r["companies"]} == seats[r["name"]]
            checked += 1
    assert checked >= 10
    values = [r["value"] for r in res.rows]
    assert values == sorted(values, reverse=True)
    for prev, row in zip(res.rows, res.rows[1:], strict=False):
        assert row["rank"] == (prev["rank"] if row["value"] == prev["value"] else res.rows.index(row) + 1)
    top = values[0]
    at_least = call(ctx, "rank_persons", {"role": "board", "min_count": top, "limit": 100})
    assert at_least.rows and all(r["value"] >= top for r in at_least.rows)
    assert call(ctx, "rank_persons", {"role": "board", "min_count": top + 1}).status == "empty"


@pytest.mark.parametrize("args", [
    {"limit": 5}, {"role": "board", "limit": 3}, {"metric": "mandates", "limit": 10}, {"current": True, "limit": 4},
    {"role": "managers", "canton": "ZH", "limit": 2}, {"min_count": 3}, {"metric": "mandates", "min_count": 2},
    {"role": "board", "min_count": 2, "limit": 100}, {"roles": ["chair"], "limit": 6}, {"role": "liquidators"},
])
def test_the_threshold_scan_ranks_as_a_count_of_every_post_would(ctx, monkeypatch, args):
    """The endpoint reads the hubs' stored counts (exact for posts ever held in a role group) or counts only the
    hubs whose stored bound reaches its threshold; with the first read cut to a handful of hubs (so the scan must
    widen) it gives the values, ranks and total of a count of every post in the graph."""
    from kg.endpoints import persons
    monkeypatch.setattr(persons, "SUMMARY", "MATCH (s:BaseNode {uid: $uid}) WHERE s.version < 0 RETURN s AS summary")
    full = call(ctx, "rank_persons", args)
    last = full.rows[-1]["value"] if full.rows else 1
    everyone = {r["uid"]: r["value"] for r in call(ctx, "rank_persons", {**args, "limit": 100,
                                                                         "min_count": max(last, 2)}).rows}
    monkeypatch.undo()
    monkeypatch.setattr(persons, "FIRST", 3)
    monkeypatch.setattr(persons, "BATCH", 7)
    scan = call(ctx, "rank_persons", args)
    assert full.status == "ok" and full.rows
    # the same values and ranks; the same persons above the last value shown (of the persons tied at that value,
    # any may be shown: the count says how many there are)
    assert [(r["value"], r["rank"]) for r in scan.rows] == [(r["value"], r["rank"]) for r in full.rows]
    assert {r["uid"] for r in scan.rows if r["value"] > last} == {r["uid"] for r in full.rows if r["value"] > last}
    assert all(everyone[r["uid"]] == r["value"] for r in scan.rows if r["value"] >= 2)  # each a count of every post
    if scan.extra["count"] is not None:  # how many persons reach it, not only those shown
        assert scan.extra["count"] == full.extra["count"]


def test_a_ranking_from_stored_counts_lists_part_of_a_long_list(ctx, monkeypatch):
    """A ranking the stored counts give reads at most `LISTED` posts per person shown: the values, ranks and persons
    are the same, the companies listed are some of the person's, and the row says the list is not complete."""
    from kg.endpoints import persons
    whole = call(ctx, "rank_persons", {"limit": 5})
    monkeypatch.setattr(persons, "LISTED", 2)
    part = call(ctx, "rank_persons", {"limit": 5})
    assert whole.rows and all(r["complete"] for r in whole.rows)
    assert [(r["uid"], r["value"], r["rank"]) for r in part.rows] == [(r["uid"], r["value"], r["rank"]) for r in whole.rows]
    companies = {r["uid"]: {c["uid"] for c in r["companies"]} for r in whole.rows}
    for r in part.rows:
        assert 1 <= len(r["companies"]) <= 2 and {c["uid"] for c in r["companies"]} <= companies[r["uid"]]
        assert not r["complete"]


@pytest.mark.parametrize("args", [
    {"limit": 10}, {"role": "board", "limit": 10}, {"metric": "mandates", "limit": 10},
    {"role": "board", "canton": "ZH", "limit": 5}, {"canton": "GE", "limit": 5}, {"role": "board", "min_count": 2},
])
def test_a_busy_hubs_list_of_mandates_lists_what_its_posts_do(ctx, monkeypatch, args):
    """A ranking shows the companies of a busy person from the list phase 3 keeps on their hub (kg.hub_counts.POSTS),
    not from their posts: the same companies, roles and first notices, names read from the companies."""
    from kg.endpoints import persons
    from kg.endpoints.base import read
    listed = call(ctx, "rank_persons", args)
    busy = {r["uid"] for r in read(ctx, persons.LISTS, hubs=[r["uid"] for r in listed.rows]) if r["list"]}
    monkeypatch.setattr(persons, "LISTS", persons.LISTS.replace("AS list", "AS kept") + ", null AS list")
    posts = call(ctx, "rank_persons", args)

    def shown(res):
        return [(r["uid"], r["value"], r["rank"], r["complete"], [(c["uid"], c["name"], sorted(c["roles"]),
                 c["publication_number"], c["publication_date"]) for c in r["companies"]]) for r in res.rows]

    assert listed.status == "ok" and shown(listed) == shown(posts)
    if set(args) <= {"limit", "metric"}:  # the persons of most posts: the world's busiest hubs
        assert busy, "no person shown keeps a list: the test world has no busy hub among them"


def test_every_hub_bounds_its_counts(ctx):
    """No person's companies (mandates) in any filter exceed the counts phase 3 wrote on their hub."""
    from kg.endpoints.base import read
    bounds = {r["uid"]: (r["companies"], r["mandates"]) for r in read(
        ctx, "MATCH (h:NameHub) RETURN h.uid AS uid, h.companies AS companies, h.mandates AS mandates")}
    assert bounds and all(c is not None and m is not None and c <= m for c, m in bounds.values())
    for metric, i in (("companies", 0), ("mandates", 1)):
        rows = call(ctx, "rank_persons", {"metric": metric, "limit": 100}).rows
        assert rows and all(r["value"] <= bounds[r["uid"]][i] for r in rows)
        assert rows[0]["value"] == max(b[i] for b in bounds.values())  # the bound of the top hub is exact


def test_current_posts_leave_out_resignations(ctx):
    ever = {r["uid"]: r["value"] for r in call(ctx, "rank_persons", {"limit": 100}).rows}
    now = call(ctx, "rank_persons", {"current": True, "limit": 100}).rows
    assert now and all(r["value"] <= ever.get(r["uid"], r["value"]) for r in now)
    assert sum(r["value"] for r in now) < sum(ever.values())


# ---------------------------------------------------------------- find_connections
def _hub(ctx, name: str) -> str:
    rows = call(ctx, "search_companies", {"query": name.replace(",", ""), "kind": "person"}).rows
    return rows[0]["uid"]


def test_two_companies_are_connected_through_a_shared_person(ctx, truth):
    by_person: dict[str, set[str]] = defaultdict(set)
    for uid in truth.companies:
        for p in truth.publications_of(uid):
            for m in p["mentions"]:
                if m["kind"] == "person" and m.get("role_key") != "care_of":
                    by_person[m["entity"]].add(uid)
    assert by_person
    # one spelling in every notice: phase 3 joins a person's notices by the exact name key, so "Muster, Hans A."
    # and "Muster, Hans Andreas" are two identities to the graph (entity resolution, not this endpoint)
    pairs = [(pid, sorted(cs)[:2]) for pid, cs in sorted(by_person.items())
             if len(cs) >= 2 and len(truth.spellings(pid)) == 1][:5]
    assert pairs
    for _pid, (a, b) in pairs:
        res = call(ctx, "find_connections", {"a": a, "b": b})
        assert res.status == "ok", (a, b, res.message)
        assert {r["hops"] for r in res.rows} <= {1, 2}
        _every_hop_is_a_notice_naming_both_ends(res, truth)


def _truth_links(truth: Truth) -> dict[str, set[str]]:
    """Entities (company uids, person ids) named together in one notice, as the truth knows them."""
    links: dict[str, set[str]] = defaultdict(set)
    for p in truth.publications:
        ends = {truth.uid_of[p["company"]]} if p.get("company") in truth.uid_of else set()
        for m in p["mentions"]:
            if m["kind"] == "person" and m.get("role_key") != "care_of":
                ends.add(m["entity"])
            elif m["kind"] == "company" and m["entity"] in truth.uid_of:
                ends.add(truth.uid_of[m["entity"]])
        for e in ends:
            links[e] |= ends - {e}
    return links


def test_a_three_hop_chain(ctx, truth):
    """A company and a person three notices apart in the truth (company - person - company - person, or through
    a co-named person): the shortest chain the graph finds is three hops, each a notice naming both ends."""
    links = _truth_links(truth)
    clean = {pid for pid in truth.persons if len(truth.spellings(pid)) == 1}  # one identity to the graph
    homonyms = Counter(truth.canonical(pid) for pid in truth.persons)
    for a in sorted(u for u in truth.companies if u in links):
        depth = {a: 0}
        frontier = [a]
        for d in (1, 2, 3):
            frontier = [n for f in frontier for n in sorted(links[f]) if n not in depth]
            for n in frontier:
                depth.setdefault(n, d)
        targets = sorted(n for n, d in depth.items() if d == 3 and n in clean and homonyms[truth.canonical(n)] == 1)
        if targets:
            q = targets[0]
            res = call(ctx, "find_connections", {"a": a, "b": _hub(ctx, truth.canonical(q))})
            assert res.status == "ok", (a, q, res.message)
            assert {r["hops"] for r in res.rows} == {3}, res.rows
            _every_hop_is_a_notice_naming_both_ends(res, truth)
            return
    pytest.fail("the world has no company and person three notices apart")


def test_unconnected_entities_get_an_explicit_empty_result(ctx, truth):
    lone = [u for u in truth.companies if truth.publications_of(u)
            and not any(m["kind"] == "person" for p in truth.publications_of(u) for m in p["mentions"])]
    other = next(u for u in truth.companies if truth.publications_of(u) and u not in lone)
    res = call(ctx, "find_connections", {"a": lone[0], "b": other, "max_hops": 2})
    assert res.status == "empty" and "no chain of at most 2" in res.message


def _every_hop_is_a_notice_naming_both_ends(res, truth: Truth) -> None:
    pubs = {p["publication_number"]: p for p in truth.publications}
    chains: dict[int, list[dict]] = defaultdict(list)
    for r in res.rows:
        chains[r["path"]].append(r)
    for hops in chains.values():
        assert [h["step"] for h in hops] == list(range(1, len(hops) + 1))
        assert hops[0]["from_uid"] == res.extra["a"]["uid"] and hops[-1]["to_uid"] == res.extra["b"]["uid"]
        for x, y in zip(hops, hops[1:], strict=False):
            assert x["to_uid"] == y["from_uid"]
        for h in hops:
            pub = pubs[h["publication_number"]]
            names = {_words(m["text"]) for m in pub["mentions"]}
            if pub.get("company") in truth.by_company_id:
                names |= {_words(n["name"]) for n in truth.by_company_id[pub["company"]]["names"]}
            for end in (h["from"], h["to"]):
                assert _words(end) in names, (end, pub["publication_number"])


def _words(name: str) -> frozenset[str]:
    """A name's words, the liquidation suffix aside (the notice may be older than the suffix)."""
    return frozenset(name.replace(",", " ").lower().split()) - {"in", "en", "liquidation", "liquidazione"}


def test_one_companys_names_list_every_change_a_list_across_companies_leaves_out_the_liquidation_suffix(ctx, truth):
    """'X GmbH' -> 'X GmbH in Liquidation' is a legal name of X (its own chain lists it) but no rename among
    companies renamed."""
    suffixed = [(u, c) for u, c in sorted(truth.companies.items()) if len(c["names"]) >= 2 and any(
        re.search(r"in liquidation|en liquidation|in liquidazione", n["name"], re.I) for n in c["names"][1:])]
    assert suffixed, "the built world holds no company put into liquidation"
    for uid, c in suffixed[:3]:
        own = call(ctx, "list_events", {"kind": "renamed", "uid": uid, "limit": 50}).rows
        assert [r["to"] for r in own] == [n["name"] for n in c["names"][1:]], (uid, own)
    across = call(ctx, "list_events", {"kind": "renamed", "limit": 500}).rows
    assert not any(re.search(r"in liquidation|en liquidation|in liquidazione", r["to"] or "", re.I)
                   and (r["from"] or "").lower() in (r["to"] or "").lower() for r in across)


def test_a_seat_that_says_its_canton_is_placed_without_a_look_up_and_as_the_register_places_it(ctx, truth):
    """A move's former canton, for a seat with the register's suffix or a city of kg.places.CITY_CANTONS, is the
    canton it says (the slowest look-ups at a million notices were a city's companies); the world's moves from such
    seats were made in that canton, and the graph's companies seated there are in it."""
    from kg.endpoints.base import read
    from kg.endpoints.events import SEAT_CANTONS
    from kg.places import CITY_CANTONS, seat_canton

    assert seat_canton("Buchs (AG)") == "AG" and seat_canton("Wil (SG) ") == "SG" and seat_canton("Zürich") == "ZH"
    assert seat_canton("Biel/Bienne") == "BE" and seat_canton("Zürichberg") is None and seat_canton("Foo (XX)") is None
    assert seat_canton(None) is None and seat_canton("Baden") is None
    moves = [p for p in _changes(truth, "seat") if seat_canton(p["facts"]["old_seat"])]
    assert moves, "the world has moves from a city or a suffixed seat"
    assert all(seat_canton(p["facts"]["old_seat"]) == p["facts"]["old_canton"] for p in moves)
    cities = [city for city in CITY_CANTONS if read(ctx, SEAT_CANTONS, seat=city)]
    assert len(cities) >= 5
    for city in cities:
        assert Counter(r["canton"] for r in read(ctx, SEAT_CANTONS, seat=city)).most_common(1)[0][0] \
            == CITY_CANTONS[city], city
    listed = {r["publication_number"]: r for r in call(ctx, "list_events", {"kind": "moved", "limit": 500}).rows}
    said = [r for r in listed.values() if seat_canton(r.get("from"))]
    assert said and all(r["from_canton"] == seat_canton(r["from"]) for r in said)



def test_the_build_counts_each_seats_canton_and_a_move_from_it_is_placed_as_its_companies_place_it(ctx, monkeypatch):
    """The build writes the canton of each seat (kg.seat_cantons: the canton of most of the companies seated there);
    a move's former canton, where neither the seat nor the company's earlier notices say it, is read from there, and
    the list is the one read from the companies of each seat."""
    from kg import seat_cantons
    from kg.endpoints import events
    from kg.endpoints.base import read

    counted = seat_cantons.read_cantons(read(ctx, seat_cantons.READ, uid=seat_cantons.SUMMARY_UID))
    assert counted is not None and len(counted) > 20
    per_seat: dict[str, Counter] = defaultdict(Counter)
    for r in read(ctx, "MATCH (c:Company) WHERE c.seat IS NOT NULL AND c.canton IS NOT NULL "
                       "RETURN c.seat AS seat, c.canton AS canton"):
        per_seat[r["seat"]][r["canton"]] += 1
    assert counted == {seat: min(n, key=lambda c: (-n[c], c)) for seat, n in per_seat.items()}
    read_from_summary = call(ctx, "list_events", {"kind": "moved", "limit": 500}).rows
    monkeypatch.setattr(events.seat_cantons, "read_cantons", lambda found: None)  # a graph the build has not counted
    read_per_seat = call(ctx, "list_events", {"kind": "moved", "limit": 500}).rows
    assert read_from_summary == read_per_seat and all(r.get("from_canton") for r in read_from_summary)
    # a summary of another version is not read
    assert seat_cantons.read_cantons([{"version": seat_cantons.VERSION + 1, "cantons": "{}"}]) is None
    assert seat_cantons.best({"AG": 2, "ZH": 2, "BE": 1}) == "AG"
