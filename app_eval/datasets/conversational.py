"""The conversational dataset: 20 multi-turn conversations over five goals, four each: the paper's three
(§5.5: a person and their shared activities, a company and its location, a subject shift to another company)
and two more: a correction (the user names the wrong company, then the right one) and a comparison (two
companies side by side). Expected answers come from the truth and are re-derived from the notices
(`checks.py`); every turn names the tools a structured research path would call there
(`expected_tool_behavior`; empty where the answer is already in the conversation), and turns that depend on
earlier ones carry the tags Tier 4's carryover accuracy is computed over.

Conversations are split into dev and test by goal (fixed seed); test conversations are worded with the test
families' phrasings, dev ones with the dev phrasings."""
from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

from app_eval.datasets.checks import SecondView, compare
from app_eval.datasets.compose import HISTORY, NETWORK, SEARCH, everyday, world_digest
from app_eval.datasets.facts import address_facts, address_text, chf, names_list
from app_eval.datasets.families import T
from app_eval.datasets.golden import person_uid, world_version
from app_eval.datasets.model import CONVERSATIONAL, DEV, TEST, Check, Conversation, Dataset, Fact, Turn
from app_eval.datasets.notices import Notices
from app_eval.datasets.split import assign
from app_eval.datasets.truth import Truth

BUILDER_VERSION = 2
FIRST_ASKS = ("officers", "address", "capital")  # the first question of a topic, from the golden families `families.T`
GOALS = {"person_shared_activities": 4, "company_location": 4, "subject_shift": 4, "correction": 4, "comparison": 4}

# follow-up turns, per split (the first turns of a topic use the base family of `families.T`)
W: dict[str, dict[str, str]] = {
    DEV: {
        "who": "Who is {p}?",
        "roles": "In which companies does this person hold a role?",
        "first": "When did this person first appear in a notice?",
        "about": "Tell me about {n}.",
        "its_address": "Where is its registered address?",
        "its_officers": "Who are the persons registered there now?",
        "its_founded": "When was it founded?",
        "this_founded": "When was this company founded?",
        "shift": "Now let's look at {n}. What is its address?",
        "shift_officers": "And who is registered there now?",
        "correction": "Sorry, I meant {n}, not that one.",
        "its_form": "And its legal form?",
        "and_of": "And of {n}?",
        "larger": "Which of the two has the larger capital?",
        "earlier": "Which of them was founded first?",
    },
    TEST: {
        "who": "Could you look up {p} for me?",
        "roles": "Which firms is that individual tied to?",
        "first": "Since when does that individual show up in the gazette?",
        "about": "What can you find on {n}?",
        "its_address": "On which street is that firm domiciled?",
        "its_officers": "Which people still hold a function there?",
        "its_founded": "When was its first register entry published?",
        "this_founded": "When did that firm first get entered?",
        "shift": "Switching to {n}: on which street is it domiciled?",
        "shift_officers": "Which people hold a function there today?",
        "correction": "Correction: the firm I have in mind is {n}.",
        "its_form": "What type of entity is that firm?",
        "and_of": "Same question for {n}.",
        "larger": "Between those two firms, whose capital is higher?",
        "earlier": "Which firm of that pair got its first register entry sooner?",
    },
}


def _founding(t: Truth, uid: str) -> dict | None:
    return next((p for p in t.pubs_of_company.get(uid, []) if p["sub_rubric"] == "HR01"), None)


def _company_pool(t: Truth) -> list[str]:
    """Active companies founded inside the world (so the founding notice exists), with an address, 2-6 persons
    registered now (each under one spelling) and a name no other company bears."""
    return [u for u, c in sorted(t.companies.items())
            if c["status"] == "active" and "," not in t.name(u) and t.name_counts[t.name(u).casefold()] == 1
            and c.get("address", {}).get("street") and _founding(t, u) and 2 <= len(t.current_officers(u)) <= 6
            and all(len({m["text"] for m in ms}) == 1 for ms in t.register_mentions(u).values())]


class _Turns:
    """Turns with their references from the truth, each re-derived from the notices (disagreements kept as checks
    under the key "<conversation>.<turn>" until the conversations are numbered)."""

    def __init__(self, t: Truth, view: SecondView | None) -> None:
        self.t, self.v = t, view
        self.checks: list[tuple[int, int, Check]] = []  # (conversation index, turn number, check)
        self.conv = 0

    def numbered_checks(self, ids: list[str]) -> list[Check]:
        """The disagreements found, each under "<conversation id>.<turn>"."""
        out = []
        for conv, turn_no, check in self.checks:
            check.item = f"{ids[conv]}.{turn_no}"
            out.append(check)
        return out

    def _check(self, turn_no: int, category: str, reference: list, notices: list) -> None:
        c = compare("", category, reference, notices, "kept")
        if c is not None:
            self.checks.append((self.conv, turn_no, c))

    def address(self, n: int, uid: str, q: str, tags: list[str], tools: list[str]) -> Turn:
        a = self.t.companies[uid]["address"]
        if self.v is not None:
            got = self.v.address(uid)
            self._check(n, "address", [a.get("street"), a.get("zip"), a.get("town")],
                        [got.street, got.zip, got.town] if got else [])
        return Turn(question=q, expected=f"{self.t.name(uid)} is registered at {address_text(a)}.", facts=address_facts(a),
                    tags=tags, expected_tool_behavior=tools, entity_uids=[uid])  # type: ignore[arg-type]

    def officers(self, n: int, uid: str, q: str, tags: list[str], tools: list[str]) -> Turn:
        officers = list(self.t.current_officers(uid).values())
        names = [m["text"] for m in officers]
        if self.v is not None:
            candidates = {m["text"] for ms in self.t.register_mentions(uid).values() for m in ms}
            self._check(n, "persons", names, sorted(self.v.current_persons(uid, candidates)))
        roles = [f"{m['text']} ({m.get('role') or m.get('role_key')})" for m in officers]
        return Turn(question=q, expected=f"Currently registered for {self.t.name(uid)}: {names_list(roles)}.",
                    facts=[Fact(kind="name", value=x) for x in names], tags=tags, expected_tool_behavior=tools,  # type: ignore[arg-type]
                    entity_uids=[uid], answer_kind="list")

    def founded(self, n: int, uid: str, q: str, tags: list[str]) -> Turn:
        p = _founding(self.t, uid)
        assert p is not None
        if self.v is not None:
            reg = self.v.registration(uid)
            self._check(n, "founded", [p["date"]], [reg.date] if reg else [])
        return Turn(question=q, expected=f"{self.t.name(uid)}: new registration in the commercial register, published on "
                                         f"{p['date']} ({p['publication_number']}).",
                    facts=[Fact(kind="date", value=p["date"]),
                           Fact(kind="publication", value=p["publication_number"], key=False)],
                    tags=tags, expected_tool_behavior=[HISTORY], entity_uids=[uid])  # type: ignore[arg-type]

    def capital(self, n: int, uid: str, q: str, tags: list[str], tools: list[str]) -> Turn:
        cap = self.t.companies[uid]["capital_nominal"]
        if self.v is not None:
            got = self.v.capital(uid)
            self._check(n, "capital", [float(cap)], [got] if got is not None else [])
        return Turn(question=q, expected=f"The nominal capital of {self.t.name(uid)} is {chf(cap)}.",
                    facts=[Fact(kind="number", value=str(cap))], tags=tags, expected_tool_behavior=tools,  # type: ignore[arg-type]
                    entity_uids=[uid])

    def person_companies(self, n: int, pid: str, uids: list[str], q: str, tags: list[str], tools: list[str]) -> Turn:
        names = [self.t.name(u) for u in uids]
        if self.v is not None:
            got = self.v.companies_naming(self.t.spellings(pid))
            self._check(n, "person_companies", names, sorted(self.v.name(u) or u for u in got))
        return Turn(question=q, expected=f"{self.t.person_display(pid)} appears in the notices of: {names_list(names)}.",
                    facts=[Fact(kind="name", value=x) for x in names], tags=tags, expected_tool_behavior=tools,  # type: ignore[arg-type]
                    entity_uids=[person_uid(self.t.canonical(pid))], answer_kind="list")


def _person(tt: _Turns, w: dict[str, str], pid: str, uids: list[str]) -> Conversation:
    t = tt.t
    name, first = t.person_display(pid), t.mentions_of[pid][0][1]
    return Conversation(id="", goal="person_shared_activities", source={"person": pid, "uids": uids, "names": [name]}, turns=[
        tt.person_companies(1, pid, uids, w["who"].format(p=name), [], [SEARCH]),
        tt.person_companies(2, pid, uids, w["roles"], ["entity_memory"], [NETWORK, HISTORY]),
        Turn(question=w["first"],
             expected=f"The first notice naming {name} was published on {first['date']} ({first['publication_number']}).",
             facts=[Fact(kind="date", value=first["date"]),
                    Fact(kind="publication", value=first["publication_number"], key=False)],
             tags=["entity_memory", "temporal_memory"], expected_tool_behavior=[HISTORY],
             entity_uids=[person_uid(t.canonical(pid))]),
    ])


def _company(tt: _Turns, w: dict[str, str], uid: str) -> Conversation:
    t = tt.t
    name, seat = t.name(uid), t.companies[uid]["seats"][-1]["seat"]
    return Conversation(id="", goal="company_location", source={"uid": uid, "names": [name]}, turns=[
        Turn(question=w["about"].format(n=name), expected=f"{name} ({uid}), {t.legal_form(uid)} in {seat}.",
             facts=[Fact(kind="uid", value=uid), Fact(kind="name", value=seat)], expected_tool_behavior=[SEARCH],
             entity_uids=[uid]),
        tt.address(2, uid, w["its_address"], ["context_carryover"], [SEARCH, HISTORY]),
        tt.officers(3, uid, w["its_officers"], ["entity_memory"], [NETWORK]),
        tt.founded(4, uid, w["its_founded"], ["temporal_memory", "context_carryover"]),
    ])


def _shift(tt: _Turns, w: dict[str, str], a: str, b: str) -> Conversation:
    t = tt.t
    return Conversation(id="", goal="subject_shift", source={"uid": a, "then": b, "names": [t.name(a), t.name(b)]}, turns=[
        tt.officers(1, a, w["first_officers"].format(n=t.name(a)), [], [SEARCH, NETWORK]),
        tt.founded(2, a, w["this_founded"], ["temporal_memory", "context_carryover"]),
        tt.address(3, b, w["shift"].format(n=t.name(b)), ["subject_shift"], [SEARCH]),
        tt.officers(4, b, w["shift_officers"], ["subject_shift", "context_carryover", "entity_memory"], [NETWORK]),
    ])


def _correction(tt: _Turns, w: dict[str, str], wrong: str, right: str) -> Conversation:
    t = tt.t
    form = t.legal_form(right)
    return Conversation(id="", goal="correction", source={"uid": right, "wrong": wrong, "names": [t.name(wrong), t.name(right)]},
                        turns=[
        tt.address(1, wrong, w["first_address"].format(n=t.name(wrong)), [], [SEARCH]),
        tt.address(2, right, w["correction"].format(n=t.name(right)), ["correction", "context_carryover"], [SEARCH]),
        Turn(question=w["its_form"], expected=f"The legal form of {t.name(right)} is {form}.",
             facts=[Fact(kind="text", value=form)], tags=["context_carryover", "entity_memory"],
             expected_tool_behavior=[SEARCH], entity_uids=[right]),
    ])


def _comparison(tt: _Turns, w: dict[str, str], a: str, b: str) -> Conversation:
    t = tt.t
    cap = {u: t.companies[u]["capital_nominal"] for u in (a, b)}
    founded = {u: _founding(t, u) for u in (a, b)}
    larger = max((a, b), key=lambda u: cap[u])
    earlier = min((a, b), key=lambda u: (founded[u]["date"], founded[u]["publication_number"]))  # type: ignore[index]
    other = b if earlier == a else a
    return Conversation(id="", goal="comparison", source={"uid": a, "then": b, "names": [t.name(a), t.name(b)]}, turns=[
        tt.capital(1, a, w["first_capital"].format(n=t.name(a)), [], [SEARCH]),
        tt.capital(2, b, w["and_of"].format(n=t.name(b)), ["context_carryover"], [SEARCH]),
        Turn(question=w["larger"], expected=f"{t.name(larger)} has the larger nominal capital ({chf(cap[larger])}).",
             facts=[Fact(kind="name", value=t.name(larger)), Fact(kind="number", value=str(cap[larger]), key=False)],
             tags=["comparison", "entity_memory"], expected_tool_behavior=[], entity_uids=[a, b]),
        Turn(question=w["earlier"], expected=f"{t.name(earlier)} was registered first (new registration published on "
                                             f"{founded[earlier]['date']}; {t.name(other)} came later).",  # type: ignore[index]
             facts=[Fact(kind="name", value=t.name(earlier)), Fact(kind="date", value=founded[earlier]["date"], key=False)],  # type: ignore[index]
             tags=["comparison", "temporal_memory", "entity_memory"], expected_tool_behavior=[HISTORY], entity_uids=[a, b]),
    ])


def wording(split: str) -> dict[str, str]:
    """The turns of the committed set in `split`: its follow-ups and the first question of each topic."""
    return W[split] | {f"first_{ask}": T[ask][split][0] for ask in FIRST_ASKS}


def plans(t: Truth, rng: random.Random, goals: dict[str, int], exclude: set[str] | None = None) -> list[tuple[str, object]]:
    """The entities of each conversation, (goal, argument) in a fixed order: `goals[g]` of each goal, drawn with `rng`
    from companies and persons whose answers are unambiguous, none of them in `exclude`."""
    exclude = exclude or set()
    pool = [u for u in _company_pool(t) if u not in exclude]
    plain = [u for u in pool if everyday(t.name(u))]
    n_company = goals["company_location"] + 2 * (goals["subject_shift"] + goals["correction"])
    companies = rng.sample(plain, min(len(plain), n_company // 2))
    companies += rng.sample([u for u in pool if u not in companies], n_company - len(companies))
    rng.shuffle(companies)
    counts: dict[str, int] = defaultdict(int)
    for pid in t.mentions_of:
        counts[t.canonical(pid).casefold()] += 1
    persons = [(pid, us) for pid in sorted(t.mentions_of) if 2 <= len(us := t.companies_of_person(pid)) <= 4
               and counts[t.canonical(pid).casefold()] == 1 and len(t.spellings(pid)) == 1
               and all(t.name_counts[t.name(u).casefold()] == 1 for u in us)
               and person_uid(t.canonical(pid)) not in exclude and not exclude & set(us)]
    pairs_pool = [u for u in pool if u not in companies and t.companies[u].get("capital_nominal")]
    pairs: list[tuple[str, str]] = []
    while len(pairs) < goals["comparison"]:
        a, b = rng.sample(pairs_pool, 2)
        fa, fb = _founding(t, a), _founding(t, b)
        if t.companies[a]["capital_nominal"] != t.companies[b]["capital_nominal"] and fa and fb and fa["date"] != fb["date"]:
            pairs.append((a, b))
            pairs_pool = [u for u in pairs_pool if u not in (a, b)]
    out: list[tuple[str, object]] = []
    out += [("person_shared_activities", (pid, us)) for pid, us in rng.sample(persons, goals["person_shared_activities"])]
    n_loc, n_shift = goals["company_location"], goals["subject_shift"]
    out += [("company_location", u) for u in companies[:n_loc]]
    rest = companies[n_loc:]
    out += [("subject_shift", (rest[2 * i], rest[2 * i + 1])) for i in range(n_shift)]
    rest = rest[2 * n_shift:]
    out += [("correction", (rest[2 * i], rest[2 * i + 1])) for i in range(goals["correction"])]
    out += [("comparison", p) for p in pairs]
    return out


def entities_of(t: Truth, goal: str, arg: object) -> set[str]:
    """The uids a plan uses: its companies, or a person (as the graph names them) and their companies."""
    if goal == "person_shared_activities":
        pid, companies = arg  # type: ignore[misc]
        return {person_uid(t.canonical(pid)), *companies}
    return {arg} if isinstance(arg, str) else set(arg)  # type: ignore[arg-type]


def conversation(tt: _Turns, w: dict[str, str], goal: str, arg: object) -> Conversation:
    """One conversation of `goal` on the plan's entities, worded with `w` (keys of `wording`)."""
    if goal == "person_shared_activities":
        return _person(tt, w, *arg)  # type: ignore[misc]
    if goal == "company_location":
        return _company(tt, w, arg)  # type: ignore[arg-type]
    if goal == "subject_shift":
        return _shift(tt, w, *arg)  # type: ignore[misc]
    if goal == "correction":
        return _correction(tt, w, *arg)  # type: ignore[misc]
    return _comparison(tt, w, *arg)  # type: ignore[misc]


def build_conversational(truth: Truth, seed: int = 10, notices: Notices | None = None, world: Path | None = None) -> Dataset:
    rng = random.Random(seed)
    t = truth
    if notices is None and world is not None:
        notices = Notices.load(world)
    tt = _Turns(t, SecondView(notices) if notices is not None else None)
    chosen = plans(t, rng, GOALS)
    ids = [f"C{n:02d}" for n in range(1, len(chosen) + 1)]
    # splits are assigned before the wording
    splits = assign(list(zip(ids, chosen, strict=True)), lambda x: (x[1][0],), lambda x: x[0])
    convs: list[Conversation] = []
    for i, (cid, (goal, arg)) in enumerate(zip(ids, chosen, strict=True)):
        split = splits[cid]
        tt.conv = i
        c = conversation(tt, wording(split), goal, arg)
        c.id, c.split = cid, split  # type: ignore[assignment]
        convs.append(c)
    return Dataset(kind=CONVERSATIONAL, version=world_version(t, CONVERSATIONAL, BUILDER_VERSION), world=t.summary,
                   built_from="truth", conversations=convs, world_digest=world_digest(world) if world else None,
                   checks=tt.numbered_checks(ids))
