"""The golden dataset: 60 entity-centred questions (20 easy, 20 medium, 20 hard) whose reference answers
come from the generator's ground truth, never from the graph (paper §5: addresses, dissolution notices,
person-centred network questions).

Selection is deterministic (seeded) and avoids questions that are ambiguous by construction: company
names borne by two companies, person names borne by two persons.
"""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from app_eval.datasets.facts import address_facts, address_text, chf, names_list, purpose_head
from app_eval.datasets.model import GOLDEN, Dataset, Fact, Item
from app_eval.datasets.truth import Truth

BUILDER_VERSION = 1
EASY = {"address": 5, "uid": 4, "legal_form": 3, "capital": 4, "purpose": 4}
MEDIUM = {"founded": 5, "bankruptcy": 4, "deleted": 4, "renamed": 3, "dissolution": 4}
HARD = {"persons": 7, "person_companies": 7, "connected": 6}
DISSOLUTION_SUB_RUBRICS = ("KK", "LS", "HR03")


def world_version(truth: Truth, kind: str, builder: int) -> str:
    s = truth.summary
    return f"seed{s['seed']}-{s['publications']}-g{s['generator']}-{kind}-v{builder}"


class _Picker:
    """Seeded choices without repeats across categories (one company or person per question)."""

    def __init__(self, truth: Truth, seed: int) -> None:
        self.t, self.rng, self.used = truth, random.Random(seed), set()

    def companies(self, n: int, need: Callable[[str, dict], bool]) -> list[str]:
        pool = [u for u, c in sorted(self.t.companies.items())
                if u not in self.used and "," not in self.t.name(u) and self.t.name_counts[self.t.name(u).casefold()] == 1
                and self.t.pubs_of_company.get(u) and need(u, c)]
        got = self.rng.sample(pool, min(n, len(pool)))
        self.used.update(got)
        return sorted(got)


def _pub_fact(p: dict[str, Any]) -> list[Fact]:
    return [Fact(kind="date", value=p["date"]), Fact(kind="publication", value=p["publication_number"], key=False)]


def _easy(t: Truth, pick: _Picker) -> list[Item]:
    items = []
    for uid in pick.companies(EASY["address"], lambda u, c: c["status"] == "active" and c.get("address", {}).get("street")):
        a = t.companies[uid]["address"]
        items.append(Item(id="", level="easy", category="address", question=f"What is the registered address of {t.name(uid)}?",
                          expected=f"{t.name(uid)} is registered at {address_text(a)}.", facts=address_facts(a),
                          source={"uid": uid}))
    for uid in pick.companies(EASY["uid"], lambda u, c: c["status"] == "active"):
        items.append(Item(id="", level="easy", category="uid", question=f"What is the UID of {t.name(uid)}?",
                          expected=f"The UID of {t.name(uid)} is {uid}.", facts=[Fact(kind="uid", value=uid)],
                          source={"uid": uid}))
    for uid in pick.companies(EASY["legal_form"], lambda u, c: c["status"] == "active"):
        form = t.legal_form(uid)
        items.append(Item(id="", level="easy", category="legal_form", question=f"What is the legal form of {t.name(uid)}?",
                          expected=f"{t.name(uid)} is a {form}.", facts=[Fact(kind="text", value=form)], source={"uid": uid}))
    for uid in pick.companies(EASY["capital"], lambda u, c: c["status"] == "active" and c.get("capital_nominal")):
        cap = t.companies[uid]["capital_nominal"]
        items.append(Item(id="", level="easy", category="capital", question=f"What is the share capital of {t.name(uid)}?",
                          expected=f"The nominal capital of {t.name(uid)} is {chf(cap)}.",
                          facts=[Fact(kind="number", value=str(cap))], source={"uid": uid}))
    for uid in pick.companies(EASY["purpose"], lambda u, c: c["status"] == "active" and c.get("purpose")):
        purpose = t.companies[uid]["purpose"]
        items.append(Item(id="", level="easy", category="purpose", question=f"What is the purpose of {t.name(uid)}?",
                          expected=f"Purpose of {t.name(uid)}: {purpose}", facts=[Fact(kind="text", value=purpose_head(purpose))],
                          source={"uid": uid}))
    return items


def _first(t: Truth, uid: str, pred: Callable[[dict], bool]) -> dict | None:
    return next((p for p in t.pubs_of_company.get(uid, []) if pred(p)), None)


def _medium(t: Truth, pick: _Picker) -> list[Item]:
    items = []
    specs: list[tuple[str, Callable[[dict], bool], str, Callable[[str, dict], str]]] = [
        ("founded", lambda p: p["sub_rubric"] == "HR01", "When was {n} founded?",
         lambda n, p: f"{n} was entered in the commercial register; the registration was published on {p['date']} "
                      f"({p['publication_number']})."),
        ("bankruptcy", lambda p: p["sub_rubric"] == "KK02", "When was bankruptcy opened against {n}?",
         lambda n, p: f"The opening of bankruptcy against {n} was published on {p['date']} ({p['publication_number']})."),
        ("deleted", lambda p: p["sub_rubric"] == "HR03", "When was {n} deleted from the commercial register?",
         lambda n, p: f"The deletion of {n} was published on {p['date']} ({p['publication_number']})."),
        ("renamed", lambda p: p["sub_rubric"] == "HR02" and p["facts"].get("changes") == ["name"],
         "When did {n} change its name?",
         lambda n, p: f"{n} was renamed from {p['facts'].get('old_name')} to {p['facts'].get('new_name')}; published on "
                      f"{p['date']} ({p['publication_number']})."),
    ]
    for category, pred, question, prose in specs:
        for uid in pick.companies(MEDIUM[category], lambda u, c, pred=pred: _first(t, u, pred) is not None):
            p = _first(t, uid, pred)
            facts = _pub_fact(p)
            if category == "renamed" and p["facts"].get("old_name"):
                facts.append(Fact(kind="name", value=p["facts"]["old_name"], key=False))
            name = t.name(uid) if category != "renamed" else p["facts"].get("new_name") or t.name(uid)
            items.append(Item(id="", level="medium", category=category, question=question.format(n=name),
                              expected=prose(name, p), facts=facts,
                              source={"uid": uid, "publications": [p["publication_number"]]}))

    def dissolution(p: dict) -> bool:
        return p["sub_rubric"].startswith(DISSOLUTION_SUB_RUBRICS) or "liquidation" in p["facts"].get("changes", [])

    for uid in pick.companies(MEDIUM["dissolution"], lambda u, c: _first(t, u, dissolution) is not None):
        pubs = [p for p in t.pubs_of_company[uid] if dissolution(p)]
        listed = ", ".join(f"{p['sub_rubric']} notice {p['publication_number']} of {p['date']}" for p in pubs)
        items.append(Item(id="", level="medium", category="dissolution",
                          question=f"Have any notices of dissolution or bankruptcy been published for {t.name(uid)}?",
                          expected=f"Yes: {listed}.", facts=[f for p in pubs for f in _pub_fact(p)],
                          source={"uid": uid, "publications": [p["publication_number"] for p in pubs]}))
    return items


def _hard(t: Truth, pick: _Picker, rng: random.Random) -> list[Item]:
    items = []
    for uid in pick.companies(HARD["persons"], lambda u, c: c["status"] == "active" and 2 <= len(t.officers(u)) <= 6):
        officers = t.officers(uid)
        names = [m["text"] for m in officers.values()]
        roles = [f"{m['text']} ({m.get('role') or m.get('role_key')})" for m in officers.values()]
        items.append(Item(id="", level="hard", category="persons",
                          question=f"Which persons are registered in the notices of {t.name(uid)}, and in which roles?",
                          expected=f"{t.name(uid)}: {names_list(roles)}.", facts=[Fact(kind="name", value=n) for n in names],
                          source={"uid": uid, "persons": sorted(officers)}))
    # persons active in two or more companies, with a name no other person bears
    person_name_count: dict[str, int] = defaultdict(int)
    for pid in t.mentions_of:
        person_name_count[t.canonical(pid).casefold()] += 1
    companies_of: dict[str, list[str]] = {}
    for pid, ms in sorted(t.mentions_of.items()):
        uids = sorted({t.uid_of[p["company"]] for m, p in ms if p.get("company") in t.uid_of and m.get("role_key") != "care_of"})
        if 2 <= len(uids) <= 4 and person_name_count[t.canonical(pid).casefold()] == 1 \
                and all(t.name_counts[t.name(u).casefold()] == 1 for u in uids):
            companies_of[pid] = uids
    chosen = rng.sample(sorted(companies_of), min(HARD["person_companies"] + HARD["connected"], len(companies_of)))
    for pid in chosen[:HARD["person_companies"]]:
        names = [t.name(u) for u in companies_of[pid]]
        items.append(Item(id="", level="hard", category="person_companies",
                          question=f"In which companies is {t.person_display(pid)} active?",
                          expected=f"{t.person_display(pid)} appears in the notices of: {names_list(names)}.",
                          facts=[Fact(kind="name", value=n) for n in names], source={"person": pid, "uids": companies_of[pid]}))
    for pid in chosen[HARD["person_companies"]:]:
        a, b = companies_of[pid][:2]
        person = t.canonical(pid)
        items.append(Item(id="", level="hard", category="connected",
                          question=f"Which companies are connected to {t.name(a)} through shared persons?",
                          expected=f"Among others, {t.name(b)} is connected to {t.name(a)} through {person}.",
                          facts=[Fact(kind="name", value=t.name(b)), Fact(kind="name", value=person, key=False)],
                          source={"uid": a, "connected": b, "person": pid}))
    return items


def build_golden(truth: Truth, seed: int = 60) -> Dataset:
    pick = _Picker(truth, seed)
    items = _easy(truth, pick) + _medium(truth, pick) + _hard(truth, pick, random.Random(seed + 1))
    for n, item in enumerate(items, start=1):
        item.id = f"G{n:03d}"
    return Dataset(kind=GOLDEN, version=world_version(truth, GOLDEN, BUILDER_VERSION), world=truth.summary,
                   built_from="truth", items=items)
