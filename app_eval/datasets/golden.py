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
        listed = ", ".join(f"{p['sub_rubric']} notice {p['publication_number']} of {p['date']}" for p in pubs)
        out.append(Draft(_item("medium", "dissolution", f"Yes: {listed}.",
                               [f for p in pubs for f in _pub_facts(p, key_pub=True)], uid, [name], answer_kind="list",
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
    return [c for c in out if c is not None]


def build_golden(truth: Truth, seed: int = 60, notices: Notices | None = None, world: Path | None = None) -> Dataset:
    """`notices` (or `world`, to read them from) gives the second procedure; without either no checks are made."""
    pick = _Picker(truth, seed)
    drafts = _easy(truth, pick) + _medium(truth, pick) + _hard(truth, pick, random.Random(seed + 1))
    items = finalize(drafts, "G")
    if notices is None and world is not None:
        notices = Notices.load(world)
    checks = check_golden(items, truth, SecondView(notices)) if notices is not None else []
    return Dataset(kind=GOLDEN, version=world_version(truth, GOLDEN, BUILDER_VERSION), world=truth.summary,
                   built_from="truth", items=items, world_digest=world_digest(world) if world else None, checks=checks)
