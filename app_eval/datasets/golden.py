"""The golden dataset: 60 entity-centred questions (20 easy, 20 medium, 20 hard) whose reference answers come
from the generator's ground truth, never from the graph (paper §5: addresses, dissolution notices,
person-centred network questions), and are re-derived from the world's XML notices (`checks.py`).

References say what the notices say: the bankruptcy opening is the date the court decision states (not the
KK02 publication date), officers are the persons registered now (not those who left), a rename question asks
for the whole chain of names, a network question for every connected company.

Selection is deterministic (seeded), prefers names made of everyday words for part of each category, and
avoids questions that are ambiguous by construction: company names borne by two companies, person names
borne by two persons, persons named under several spellings where a list is asked.
"""
from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app_eval.datasets.checks import SecondView, compare
from app_eval.datasets.compose import SEARCH, Draft, everyday, finalize, world_digest
from app_eval.datasets.facts import address_facts, address_text, chf, names_list, purpose_head
from app_eval.datasets.families import Ask
from app_eval.datasets.model import GOLDEN, Check, Dataset, Fact, Item
from app_eval.datasets.notices import Notices
from app_eval.datasets.truth import Truth
from data_pipeline.identity import generate_hub_key
from data_pipeline.model import LEGAL_FORMS
from data_pipeline.phase3 import hub_uid

BUILDER_VERSION = 2
EASY = {"address": 4, "uid": 4, "legal_form": 4, "capital": 4, "purpose": 4}
MEDIUM = {"founded": 4, "bankruptcy": 4, "deleted": 4, "renamed": 4, "dissolution": 4}
HARD = {"persons": 7, "person_companies": 7, "connected": 6}
# questions only a graph answers (issue 17): a company on a date, its former seat, moves between two towns,
# foundations in a canton and year, persons by board seats, mergers, the link between two companies
GRAPH = {"board_on_date": 6, "former_seat": 6, "moved_between": 6, "founded_in": 6, "board_mandates": 3,
         "merged_into": 6, "link": 6}
BOARD = frozenset({"board_member", "chair", "vice_chair", "sole_board_member"})
EVERYDAY_SHARE = 0.5  # of each easy and medium category, from names made of everyday words
BANKRUPTCY_CHANGES = ("bankruptcy_opened", "liquidation")


def world_version(truth: Truth, kind: str, builder: int) -> str:
    s = truth.summary
    return f"seed{s['seed']}-{s['publications']}-g{s['generator']}-{kind}-v{builder}"


def person_uid(name: str) -> str:
    """The NameHub uid a build gives a person's name (unkeyed builds: SHA-1 of the hub key)."""
    return hub_uid(generate_hub_key(name))


class _Picker:
    """Seeded choices without repeats across categories (one company or person per question)."""

    def __init__(self, truth: Truth, seed: int) -> None:
        self.t, self.rng, self.used = truth, random.Random(seed), set()

    def companies(self, n: int, need: Callable[[str, dict], bool], prefer_everyday: bool = True) -> list[str]:
        pool = [u for u, c in sorted(self.t.companies.items())
                if u not in self.used and "," not in self.t.name(u) and self.t.name_counts[self.t.name(u).casefold()] == 1
                and self.t.pubs_of_company.get(u) and need(u, c)]
        got: list[str] = []
        if prefer_everyday:
            plain = [u for u in pool if everyday(self.t.name(u))]
            got = self.rng.sample(plain, min(round(n * EVERYDAY_SHARE), len(plain)))
        rest = [u for u in pool if u not in got]
        got += self.rng.sample(rest, min(n - len(got), len(rest)))
        self.used.update(got)
        return sorted(got)


def _pub_facts(p: dict[str, Any], key_pub: bool = False) -> list[Fact]:
    return [Fact(kind="date", value=p["date"]), Fact(kind="publication", value=p["publication_number"], key=key_pub)]


def _item(level: str, category: str, expected: str, facts: list[Fact], uid: str, names: list[str],
          answer_kind: str = "fact", **source: Any) -> Item:
    return Item(id="", level=level, category=category, question="", expected=expected, facts=facts,
                source={"uid": uid, **source, "names": names}, expected_first_tool=SEARCH, entity_uids=[uid],
                answer_kind=answer_kind)  # type: ignore[arg-type]


def _easy(t: Truth, pick: _Picker) -> list[Draft]:
    out = []
    for uid in pick.companies(EASY["address"], lambda u, c: c["status"] == "active" and c.get("address", {}).get("street")):
        a, name = t.companies[uid]["address"], t.name(uid)
        out.append(Draft(_item("easy", "address", f"{name} is registered at {address_text(a)}.", address_facts(a), uid,
                               [name]), Ask.of("address", n=name)))
    for uid in pick.companies(EASY["uid"], lambda u, c: c["status"] == "active"):
        name = t.name(uid)
        out.append(Draft(_item("easy", "uid", f"The UID of {name} is {uid}.", [Fact(kind="uid", value=uid)], uid, [name]),
                         Ask.of("uid", n=name)))
    for uid in pick.companies(EASY["legal_form"], lambda u, c: c["status"] == "active"):
        name, form = t.name(uid), t.legal_form(uid)
        out.append(Draft(_item("easy", "legal_form", f"{name} is a {form}.", [Fact(kind="text", value=form)], uid, [name],
                               legal_form_code=t.companies[uid]["legal_form"]), Ask.of("legal_form", n=name)))
    for uid in pick.companies(EASY["capital"], lambda u, c: c["status"] == "active" and c.get("capital_nominal")):
        name, cap = t.name(uid), t.companies[uid]["capital_nominal"]
        out.append(Draft(_item("easy", "capital", f"The nominal capital of {name} is {chf(cap)}.",
                               [Fact(kind="number", value=str(cap))], uid, [name]), Ask.of("capital", n=name)))
    for uid in pick.companies(EASY["purpose"], lambda u, c: c["status"] == "active" and c.get("purpose")):
        name, purpose = t.name(uid), t.companies[uid]["purpose"]
        out.append(Draft(_item("easy", "purpose", f"Purpose of {name}: {purpose}",
                               [Fact(kind="text", value=purpose_head(purpose))], uid, [name]), Ask.of("purpose", n=name)))
    return out


def _sub(code: str) -> Callable[[dict], bool]:
    return lambda p: p["sub_rubric"] == code


def _first(t: Truth, uid: str, pred: Callable[[dict], bool]) -> dict | None:
    return next((p for p in t.pubs_of_company.get(uid, []) if pred(p)), None)


def openings(t: Truth, uid: str) -> list[tuple[str, dict]]:
    """(opening date as the notice states it, notice) for every notice that states a bankruptcy opening."""
    return [(p["facts"]["bankruptcy_opening_date"], p) for p in t.pubs_of_company.get(uid, [])
            if p["facts"].get("bankruptcy_opening_date") and (p["sub_rubric"].startswith("KK")
                                                             or "bankruptcy_opened" in p["facts"].get("changes", []))]


def renames(t: Truth, uid: str) -> list[tuple[str, str, str]]:
    """(old name, new name, date of the change) along the whole chain of the company's names."""
    names = t.companies[uid]["names"]
    return [(a["name"], b["name"], b["from"]) for a, b in zip(names, names[1:], strict=False)]


def dissolution_pubs(t: Truth, uid: str) -> list[dict]:
    return [p for p in t.pubs_of_company.get(uid, []) if p["sub_rubric"].startswith(("KK", "LS", "HR03"))
            or any(c in p["facts"].get("changes", []) for c in BANKRUPTCY_CHANGES)]


_LEGAL_DAYS = (("deletion_date", "deleted on"), ("bankruptcy_opening_date", "bankruptcy opened on"))


def _legal_dates(p: dict) -> list[str]:
    """The days a dissolution notice states for its legal effect (the deletion, the bankruptcy's opening): true facts an
    answer may give beside the notice's publication day, so they are reference facts too (not key ones)."""
    return [p["facts"][k] for k, _ in _LEGAL_DAYS if p["facts"].get(k)]


def _legal_day(p: dict) -> str:
    said = [f"{words} {p['facts'][k]}" for k, words in _LEGAL_DAYS if p["facts"].get(k) and p["facts"][k] != p["date"]]
    return f" ({'; '.join(said)})" if said else ""


def _medium(t: Truth, pick: _Picker) -> list[Draft]:
    out = []
    for uid in pick.companies(MEDIUM["founded"], lambda u, c: _first(t, u, _sub("HR01")) is not None):
        p, name = _first(t, uid, _sub("HR01")), t.name(uid)
        assert p is not None
        out.append(Draft(_item("medium", "founded", f"{name}: new registration in the commercial register, published on "
                               f"{p['date']} ({p['publication_number']}).", _pub_facts(p), uid,
                               [name], publications=[p["publication_number"]]), Ask.of("founded", n=name)))

    def one_opening(u: str, c: dict) -> bool:  # a company debtor (the notices name it by UID), one opening, a KK02
        return c["legal_form"] != "0101" and len({d for d, _ in openings(t, u)}) == 1 \
            and any(p["sub_rubric"] == "KK02" for p in t.pubs_of_company[u])

    for uid in pick.companies(MEDIUM["bankruptcy"], one_opening):
        name, found = t.name(uid), openings(t, uid)
        date = found[0][0]
        kk02 = next(p for p in t.pubs_of_company[uid] if p["sub_rubric"] == "KK02")
        out.append(Draft(_item("medium", "bankruptcy", f"Bankruptcy was opened against {name} on {date} (the date the court "
                               f"decision bears in the notices); the bankruptcy notice {kk02['publication_number']} followed "
                               f"on {kk02['date']}.",
                               [Fact(kind="date", value=date),
                                Fact(kind="publication", value=kk02["publication_number"], key=False),
                                Fact(kind="date", value=kk02["date"], key=False)],
                               uid, [name], publications=[p["publication_number"] for _, p in found]),
                         Ask.of("bankruptcy", n=name)))
    for uid in pick.companies(MEDIUM["deleted"], lambda u, c: _first(t, u, _sub("HR03")) is not None):
        p, name = _first(t, uid, _sub("HR03")), t.name(uid)
        assert p is not None
        deleted = p["facts"].get("deletion_date") or p["date"]
        out.append(Draft(_item("medium", "deleted", f"{name} was deleted from the commercial register on {deleted}; the "
                               f"deletion was published on {p['date']} ({p['publication_number']}).",
                               [Fact(kind="date", value=deleted),
                                Fact(kind="publication", value=p["publication_number"], key=False),
                                Fact(kind="date", value=p["date"], key=False)],
                               uid, [name], publications=[p["publication_number"]]), Ask.of("deleted", n=name)))
    # renames: whole chains, the longer ones first (half the picks from chains of three names or more), all inside the
    # world (a rename before its first day is stated by no notice)
    start = t.summary.get("start_date", "")

    def chain(size: Callable[[int], bool]) -> Callable[[str, dict], bool]:
        return lambda u, c: c["status"] == "active" and size(len(c["names"])) and all(d >= start for *_, d in renames(t, u))

    long_chain = pick.companies(MEDIUM["renamed"] // 2, chain(lambda n: n >= 3), False)
    chains = long_chain + pick.companies(MEDIUM["renamed"] - len(long_chain), chain(lambda n: n == 2))
    for uid in sorted(chains):
        name, chain = t.name(uid), renames(t, uid)
        steps = "; ".join(f"{old} until {date}" for old, _new, date in chain)
        facts = [f for old, _new, date in chain for f in (Fact(kind="name", value=old), Fact(kind="date", value=date))]
        out.append(Draft(_item("medium", "renamed", f"{name} was formerly named: {steps} (then renamed {chain[-1][1]}).",
                               facts, uid, [name, *[old for old, _n, _d in chain]], answer_kind="list",
                               former_names=[old for old, _n, _d in chain]), Ask.of("renamed", n=name)))
    for uid in pick.companies(MEDIUM["dissolution"],
                              lambda u, c: c["legal_form"] != "0101" and 2 <= len(dissolution_pubs(t, u)) <= 6):
        pubs, name = dissolution_pubs(t, uid), t.name(uid)
        listed = ", ".join(f"{p['sub_rubric']} notice {p['publication_number']} of {p['date']}{_legal_day(p)}" for p in pubs)
        stated = sorted({d for p in pubs for d in _legal_dates(p)} - {p["date"] for p in pubs})
        out.append(Draft(_item("medium", "dissolution", f"Yes: {listed}.",
                               [f for p in pubs for f in _pub_facts(p, key_pub=True)]
                               + [Fact(kind="date", value=d, key=False) for d in stated], uid, [name], answer_kind="list",
                               publications=[p["publication_number"] for p in pubs]), Ask.of("dissolution", n=name)))
    return out


def _hard(t: Truth, pick: _Picker, rng: random.Random) -> list[Draft]:
    out = []
    person_name_count: dict[str, int] = defaultdict(int)
    for pid in t.mentions_of:
        person_name_count[t.canonical(pid).casefold()] += 1

    def plain(pid: str) -> bool:  # one person per name, named under one spelling only
        return person_name_count[t.canonical(pid).casefold()] == 1 and len(t.spellings(pid)) == 1

    def officers_ok(u: str, c: dict) -> bool:
        cur, former = t.current_officers(u), t.former_officers(u)
        return c["status"] == "active" and 2 <= len(cur) <= 6 and bool(former) and all(plain(p) for p in (*cur, *former))

    for uid in pick.companies(HARD["persons"], officers_ok, False):
        officers, name = t.current_officers(uid), t.name(uid)
        roles = [f"{m['text']} ({m.get('role') or m.get('role_key')})" for m in officers.values()]
        out.append(Draft(_item("hard", "persons", f"Currently registered for {name}: {names_list(roles)}.",
                               [Fact(kind="name", value=m["text"]) for m in officers.values()], uid,
                               [name, *[m["text"] for m in officers.values()]], answer_kind="list",
                               persons=sorted(officers), former=sorted(t.former_officers(uid))), Ask.of("officers", n=name)))
    # persons named in two to four companies' notices, with a name no other person bears
    companies_of = {pid: us for pid in sorted(t.mentions_of) if 2 <= len(us := t.companies_of_person(pid)) <= 4
                    and plain(pid) and all(t.name_counts[t.name(u).casefold()] == 1 for u in us)}
    for pid in rng.sample(sorted(companies_of), min(HARD["person_companies"], len(companies_of))):
        uids, display = companies_of[pid], t.person_display(pid)
        names = [t.name(u) for u in uids]
        item = Item(id="", level="hard", category="person_companies", question="",
                    expected=f"{display} appears in the notices of: {names_list(names)}.",
                    facts=[Fact(kind="name", value=n) for n in names],
                    source={"person": pid, "uids": uids, "spellings": sorted(t.spellings(pid)), "names": [display, *names]},
                    expected_first_tool=SEARCH, entity_uids=[person_uid(t.canonical(pid))], answer_kind="list")
        out.append(Draft(item, Ask.of("person_companies", subject="p", p=display)))
    # every company connected to one company through persons named in both companies' notices

    def connected(u: str) -> dict[str, list[str]]:
        via: dict[str, list[str]] = defaultdict(list)
        for pid in t.register_mentions(u):
            for other in t.companies_of_person(pid):
                if other != u:
                    via[other].append(pid)
        return via

    def connected_ok(u: str, c: dict) -> bool:
        via = connected(u)
        return c["status"] == "active" and 3 <= len(via) <= 10 and all(plain(p) for p in t.register_mentions(u)) \
            and all(t.name_counts[t.name(o).casefold()] == 1 for o in via)

    for uid in pick.companies(HARD["connected"], connected_ok, False):
        via, name = connected(uid), t.name(uid)
        others = sorted(via, key=t.name)
        listed = "; ".join(t.name(o) for o in others)
        out.append(Draft(_item("hard", "connected", f"Companies that share persons with {name}: {listed}.",
                               [Fact(kind="name", value=t.name(o)) for o in others], uid, [name, *[t.name(o) for o in others]],
                               answer_kind="list", connected=others,
                               via={o: sorted(t.canonical(p) for p in via[o]) for o in others}), Ask.of("connected", n=name)))
    return out


def _graph(t: Truth, pick: _Picker, rng: random.Random) -> list[Draft]:
    """The graph-native classes. References from the truth; a list holds every company or person the truth puts
    in it, and only questions whose every member has one name and one spelling are asked."""
    out: list[Draft] = []
    spellings_of_name: dict[str, int] = defaultdict(int)
    for pid in t.mentions_of:
        spellings_of_name[t.canonical(pid).casefold()] += 1

    def plain(pid: str) -> bool:
        return spellings_of_name[t.canonical(pid).casefold()] == 1 and len(t.spellings(pid)) == 1

    def unique(u: str) -> bool:
        return t.name_counts[t.name(u).casefold()] == 1

    # the board on the day before a board change: every member named in a notice by then or resigning later
    def board_on(u: str, day: str) -> list[str] | None:
        cid, notices = t.companies[u]["id"], [(p["date"], m) for p in t.pubs_of_company.get(u, [])
                                               if p["sub_rubric"].startswith("HR") for m in p["mentions"]]
        named = set(t.register_mentions(u))
        if any(r["company"] == cid and r["role_key"] in BOARD and r["from"] <= day and (r["to"] is None or r["to"] > day)
               for pid, person in t.persons.items() if pid not in named for r in person["roles"]):
            return None  # a member no notice of the window names: no notice could tell
        members = []
        for pid in t.register_mentions(u):
            if any(r["company"] == cid and r["role_key"] in BOARD and r["from"] <= day and (r["to"] is None or r["to"] > day)
                   for r in t.persons[pid]["roles"]):
                seen = sorted(((d, m) for d, m in notices if m.get("entity") == pid), key=lambda x: x[0])
                later = [m for d, m in seen if d > day]
                # named by then, or first named later by their resignation (a later listing as registered could be
                # a new entry: then no notice tells that they were in office that day)
                if not (any(d <= day for d, _ in seen) or (later and later[0].get("status") == "resigned")):
                    return None
                members.append(pid)
        return members if members and all(plain(p) for p in members) else None

    def board_day(u: str) -> str | None:
        for p in t.pubs_of_company.get(u, []):
            if "board" in p["facts"].get("changes", []) and any(
                    m.get("status") == "resigned" and m.get("role_key") in BOARD for m in p["mentions"]):
                day = _day_before(p["date"])
                if board_on(u, day) and day >= t.companies[u]["founded"]:
                    return day
        return None

    for uid in pick.companies(GRAPH["board_on_date"], lambda u, c: board_day(u) is not None, False):
        day, name = board_day(uid), t.name(uid)
        assert day is not None
        members = board_on(uid, day) or []
        names = [t.canonical(p) for p in members]
        out.append(Draft(_item("graph", "board_on_date", f"On {day} the board of {name} was: {names_list(names)}.",
                               [Fact(kind="name", value=n) for n in names], uid, [name, *names], answer_kind="list",
                               date=day, persons=members), Ask.of("board_on_date", n=name, date=day)))

    def one_move(u: str, c: dict) -> dict | None:
        moves = [p for p in t.pubs_of_company.get(u, []) if "seat" in p["facts"].get("changes", [])]
        return moves[0] if len(moves) == 1 and len(c["seats"]) == 2 else None

    for uid in pick.companies(GRAPH["former_seat"], lambda u, c: one_move(u, c) is not None):
        p, name = one_move(uid, t.companies[uid]), t.name(uid)
        assert p is not None
        old = p["facts"]["old_seat"]
        out.append(Draft(_item("graph", "former_seat", f"{name} was seated in {old} until it moved to "
                               f"{p['facts']['new_seat']} ({p['publication_number']}, {p['date']}).",
                               [Fact(kind="name", value=old), Fact(kind="date", value=p["date"], key=False),
                                Fact(kind="publication", value=p["publication_number"], key=False)], uid, [name],
                               publications=[p["publication_number"]]), Ask.of("former_seat", n=name)))

    movers: dict[tuple[str, str], set[str]] = defaultdict(set)
    for p in t.publications:
        f = p["facts"]
        if "seat" in f.get("changes", []) and p.get("company") in t.uid_of and f["old_seat"] != f["new_seat"]:
            movers[(f["old_seat"], f["new_seat"])].add(t.uid_of[p["company"]])
    pairs = sorted(k for k, us in movers.items() if 1 <= len(us) <= 5 and all(unique(u) for u in us)
                   and " (" not in k[0] + k[1] and "/" not in k[0] + k[1])
    for a, b in sorted(rng.sample(pairs, min(GRAPH["moved_between"], len(pairs)))):
        uids = sorted(movers[(a, b)], key=t.name)
        names = [t.name(u) for u in uids]
        out.append(Draft(Item(id="", level="graph", category="moved_between", question="",
                              expected=f"Moved their seat from {a} to {b}: {names_list(names)}.",
                              facts=[Fact(kind="name", value=n) for n in names],
                              source={"uids": uids, "from": a, "to": b, "names": names}, expected_first_tool="list_events",
                              entity_uids=uids, answer_kind="list"), Ask.of("moved_between", subject="a", a=a, b=b)))

    founded: dict[tuple[str, str], list[str]] = defaultdict(list)
    for p in t.publications:
        if p["sub_rubric"] == "HR01" and p.get("company") in t.uid_of:
            founded[(p["date"][:4], p["canton"])].append(t.uid_of[p["company"]])
    strata = sorted(k for k, us in founded.items() if 2 <= len(us) <= 10 and all(unique(u) for u in us))
    for year, canton in sorted(rng.sample(strata, min(GRAPH["founded_in"], len(strata)))):
        uids = sorted(founded[(year, canton)], key=t.name)
        names = [t.name(u) for u in uids]
        out.append(Draft(Item(id="", level="graph", category="founded_in", question="",
                              expected=f"Founded in {year} in canton {canton}: {names_list(names)}.",
                              facts=[Fact(kind="name", value=n) for n in names],
                              source={"uids": uids, "year": year, "canton": canton, "names": names},
                              expected_first_tool="list_events", entity_uids=uids, answer_kind="list"),
                         Ask.of("founded_in", subject="canton", year=year, canton=canton)))

    seats: dict[str, set[str]] = defaultdict(set)  # person id -> companies whose notices name them on the board
    for u in t.companies:
        for p in t.pubs_of_company.get(u, []):
            for m in p["mentions"]:
                if m["kind"] == "person" and m.get("role_key") in BOARD:
                    seats[m["entity"]].add(u)
    # a person is counted under the identity key of their name (§4.1.4), as the graph's NameHubs count them:
    # asked only where every spelling of each person gives one key and no homonym joins a key
    by_key: dict[str, set[str]] = defaultdict(set)
    for pid, us in seats.items():
        by_key[generate_hub_key(t.canonical(pid))] |= us

    def one_key(pid: str) -> bool:
        return len({generate_hub_key(s) for s in t.spellings(pid) | {t.canonical(pid)}}) == 1

    made = 0
    for k in range(1, 8):
        over = sorted(pid for pid, us in seats.items() if len(us) > k)
        joined = [n for n, us in by_key.items() if len(us) > k]
        if not 1 <= len(over) <= 20 or len(joined) != len(over) or not all(one_key(p) for p in over):
            continue
        names = [t.canonical(p) for p in over]
        out.append(Draft(Item(id="", level="graph", category="board_mandates", question="",
                              expected=f"On the boards of more than {k} companies: {names_list(names)}.",
                              facts=[Fact(kind="name", value=n) for n in names],
                              source={"persons": over, "k": k, "names": names}, expected_first_tool="rank_persons",
                              entity_uids=[person_uid(n) for n in names], answer_kind="list"),
                         Ask.of("board_mandates", subject="k", k=str(k))))
        made += 1
        if made == GRAPH["board_mandates"]:
            break

    def merger(u: str, c: dict) -> dict | None:
        p = next((p for p in t.pubs_of_company.get(u, []) if p["facts"].get("reason") == "merger"), None)
        target = p and t.uid_of.get(p["facts"].get("absorbed_by") or "")
        return p if p and target and unique(target) else None

    for uid in pick.companies(GRAPH["merged_into"], lambda u, c: merger(u, c) is not None):
        p, name = merger(uid, t.companies[uid]), t.name(uid)
        assert p is not None
        named = next(m["text"] for m in p["mentions"] if m.get("role_key") == "acquirer")
        out.append(Draft(_item("graph", "merged_into", f"{name} was absorbed by {named} ({p['publication_number']}, "
                               f"{p['date']}).", [Fact(kind="name", value=named),
                                                   Fact(kind="publication", value=p["publication_number"], key=False)],
                               uid, [name, named], publications=[p["publication_number"]],
                               acquirer=t.uid_of[p["facts"]["absorbed_by"]]), Ask.of("merged_into", n=name)))

    shared: dict[tuple[str, str], set[str]] = defaultdict(set)
    for pid in sorted(t.mentions_of):
        if not plain(pid):
            continue
        us = [u for u in t.companies_of_person(pid) if unique(u)]
        for i, a in enumerate(us):
            for b in us[i + 1:]:
                shared[(a, b)].add(pid)
    def related(a: str, b: str) -> bool:
        """A head office and its branch, or a merger: linked directly, not through the person."""
        ca, cb = t.companies[a], t.companies[b]
        return any(x.get(k) == y["id"] for x, y in ((ca, cb), (cb, ca)) for k in ("head_office", "absorbed_by"))

    links = sorted(k for k, ps in shared.items() if len(ps) == 1 and not (set(k) & pick.used) and not related(*k))
    for a, b in sorted(rng.sample(links, min(GRAPH["link"], len(links)))):
        (pid,) = shared[(a, b)]
        person = t.canonical(pid)
        out.append(Draft(Item(id="", level="graph", category="link", question="",
                              expected=f"{t.name(a)} and {t.name(b)} are linked through {person}, named in both "
                                       f"companies' notices.", facts=[Fact(kind="name", value=person)],
                              source={"uids": [a, b], "person": pid, "names": [t.name(a), t.name(b), person]},
                              expected_first_tool=SEARCH, entity_uids=[a, b], answer_kind="fact"),
                         Ask.of("link", n=t.name(a), m=t.name(b))))
    return out


def _day_before(iso_date: str) -> str:
    return (dt.date.fromisoformat(iso_date) - dt.timedelta(days=1)).isoformat()


def check_golden(items: list[Item], t: Truth, view: SecondView) -> list[Check]:
    """Re-derive every reference from the notices; a difference is recorded (the builder is fixed where the
    notices showed it wrong, so what remains is explained in the note)."""
    out: list[Check | None] = []
    kept = "kept"
    for it in items:
        uid = it.source.get("uid")
        key = [f.value for f in it.facts if f.key]
        c = it.category
        if c == "address":
            a = view.address(uid)
            out.append(compare(it.id, c, key, [a.street, a.zip, a.town] if a else [], kept))
        elif c == "uid":
            out.append(compare(it.id, c, key, sorted(view.uids_named(it.source["names"][0])), kept))
        elif c == "legal_form":
            code = view.legal_form(uid)
            out.append(compare(it.id, c, key, [LEGAL_FORMS.get(code or "", code or "")], kept))
        elif c == "capital":
            cap = view.capital(uid)
            out.append(compare(it.id, c, [float(v) for v in key], [cap] if cap is not None else [], kept))
        elif c == "purpose":
            out.append(compare(it.id, c, key, [purpose_head(view.purpose(uid) or "")], kept))
        elif c == "founded":
            reg = view.registration(uid)
            out.append(compare(it.id, c, key, [reg.date] if reg else [], kept))
        elif c == "bankruptcy":
            out.append(compare(it.id, c, key, view.bankruptcy_openings(uid), kept))
        elif c == "deleted":
            d = view.deletion(uid)
            out.append(compare(it.id, c, key, [d.deletion_date or d.date] if d else [], kept))
        elif c == "renamed":
            found = view.renames(uid)
            out.append(compare(it.id, c, key, [v for old, _new, date, _p in found for v in (old, date)], kept))
        elif c == "dissolution":
            out.append(compare(it.id, c, key, [v for x in view.dissolution_notices(uid) for v in (x.date, x.number)], kept))
        elif c == "persons":
            candidates = {m["text"] for ms in t.register_mentions(uid).values() for m in ms}
            out.append(compare(it.id, c, key, sorted(view.current_persons(uid, candidates)), kept))
        elif c == "person_companies":
            uids = view.companies_naming(it.source["spellings"])
            out.append(compare(it.id, c, key, sorted(view.name(u) or u for u in uids), kept))
        elif c == "connected":
            spellings = {m["text"] for ms in t.register_mentions(uid).values() for m in ms}
            uids = view.companies_naming(spellings) - {uid}
            out.append(compare(it.id, c, key, sorted(view.name(u) or u for u in uids), kept))
        elif c == "former_seat":
            out.append(compare(it.id, c, key, [old for old, _new, _d, _n in view.seat_moves(uid)], kept))
        elif c == "moved_between":
            a, b = it.source["from"], it.source["to"]
            uids = {u for u in view.n.by_uid if any((o, n) == (a, b) for o, n, _d, _x in view.seat_moves(u))}
            out.append(compare(it.id, c, key, sorted(view.name(u) or u for u in uids), kept))
        elif c == "founded_in":
            uids = view.registered_in(it.source["canton"], it.source["year"])
            out.append(compare(it.id, c, key, sorted(view.name(u) or u for u in uids), kept))
        elif c == "merged_into":
            d = view.deletion(uid)
            out.append(compare(it.id, c, key, [n for n in key if d and view.merger_names(d, n)], kept))
        elif c == "link":
            both = all(set(it.source["uids"]) <= view.companies_naming([n]) for n in key)
            out.append(compare(it.id, c, key, key if both else [], kept))
        # board_on_date and board_mandates: the truth's terms of office; the notices are re-read for them by the
        # endpoints' own tests (tests/kg/test_graph_native.py), not here
    return [c for c in out if c is not None]


def entity_drafts(truth: Truth, seed: int, exclude: set[str]) -> list[Draft]:
    """The easy, medium and hard drafts a seeded picker makes on entities outside `exclude` (uids): the golden
    set's questions asked of other companies and persons (the independent phrasings, `independent.py`)."""
    pick = _Picker(truth, seed)
    pick.used |= exclude
    drafts = _easy(truth, pick) + _medium(truth, pick) + _hard(truth, pick, random.Random(seed + 1))
    return [d for d in drafts if not set(d.item.entity_uids or []) & exclude]


def graph_drafts(truth: Truth, seed: int, exclude: set[str]) -> list[Draft]:
    """The graph-native drafts a seeded picker makes on entities outside `exclude` (uids), as `entity_drafts` does
    for the others. The persons with more than k board seats are the world's, not drawn: those lists are made
    whatever `exclude` holds."""
    pick = _Picker(truth, seed)
    pick.used |= exclude
    drafts = _graph(truth, pick, random.Random(seed + 2))
    return [d for d in drafts if d.item.category == "board_mandates" or not set(d.item.entity_uids or []) & exclude]


def build_golden(truth: Truth, seed: int = 60, notices: Notices | None = None, world: Path | None = None) -> Dataset:
    """`notices` (or `world`, to read them from) gives the second procedure; without either no checks are made."""
    pick = _Picker(truth, seed)
    drafts = _easy(truth, pick) + _medium(truth, pick) + _hard(truth, pick, random.Random(seed + 1))
    items = finalize(drafts, "G")
    items += finalize(_graph(truth, pick, random.Random(seed + 2)), "G", start=len(items) + 1)
    if notices is None and world is not None:
        notices = Notices.load(world)
    checks = check_golden(items, truth, SecondView(notices)) if notices is not None else []
    return Dataset(kind=GOLDEN, version=world_version(truth, GOLDEN, BUILDER_VERSION), world=truth.summary,
                   built_from="truth", items=items, world_digest=world_digest(world) if world else None, checks=checks)
