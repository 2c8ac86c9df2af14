"""The conversational dataset: 10 multi-turn conversations over the paper's three conversation goals
(§5.5): a person and their shared activities (3), a company and its location (4), and a company
followed by a subject shift to another company (3). Expected answers come from the truth; every turn
names the tools a structured research path would call there (`expected_tool_behavior`), and turns that
depend on earlier ones carry the memory tags Tier 4's carryover accuracy is computed over."""
from __future__ import annotations

import random
from collections import defaultdict

from app_eval.datasets.facts import address_facts, address_text, names_list
from app_eval.datasets.golden import world_version
from app_eval.datasets.model import CONVERSATIONAL, Conversation, Dataset, Fact, Turn
from app_eval.datasets.truth import Truth

BUILDER_VERSION = 1
GOALS = {"person_shared_activities": 3, "company_location": 4, "subject_shift": 3}
SEARCH, NETWORK, HISTORY = "search_companies", "explore_network", "get_node_history"


def _founding(t: Truth, uid: str) -> dict | None:
    return next((p for p in t.pubs_of_company.get(uid, []) if p["sub_rubric"] == "HR01"), None)


def _company_pool(t: Truth) -> list[str]:
    """Active companies founded inside the world (so the founding notice exists), with an address,
    2-6 persons in their notices and a name no other company bears."""
    return [u for u, c in sorted(t.companies.items())
            if c["status"] == "active" and "," not in t.name(u) and t.name_counts[t.name(u).casefold()] == 1
            and c.get("address", {}).get("street") and _founding(t, u) and 2 <= len(t.officers(u)) <= 6]


def _officer_turn(t: Truth, uid: str, question: str, tags: list[str], tools: list[str]) -> Turn:
    officers = list(t.officers(uid).values())
    return Turn(question=question, expected=f"{t.name(uid)}: {names_list([m['text'] for m in officers])}.",
                facts=[Fact(kind="name", value=m["text"]) for m in officers], tags=tags, expected_tool_behavior=tools)


def _founded_turn(t: Truth, uid: str, question: str, tags: list[str]) -> Turn:
    p = _founding(t, uid)
    return Turn(question=question, expected=f"{t.name(uid)} was founded; the registration was published on {p['date']} "
                                            f"({p['publication_number']}).",
                facts=[Fact(kind="date", value=p["date"]), Fact(kind="publication", value=p["publication_number"], key=False)],
                tags=tags, expected_tool_behavior=[HISTORY])


def _address_turn(t: Truth, uid: str, question: str, tags: list[str], tools: list[str]) -> Turn:
    a = t.companies[uid]["address"]
    return Turn(question=question, expected=f"{t.name(uid)} is registered at {address_text(a)}.", facts=address_facts(a),
                tags=tags, expected_tool_behavior=tools)


def _person_conversation(t: Truth, pid: str, uids: list[str]) -> Conversation:
    name, names = t.person_display(pid), [t.name(u) for u in uids]
    first = t.mentions_of[pid][0][1]
    return Conversation(id="", goal="person_shared_activities", source={"person": pid, "uids": uids}, turns=[
        Turn(question=f"Who is {name}?", expected=f"{name} appears in the notices of {names_list(names)}.",
             facts=[Fact(kind="name", value=n) for n in names], expected_tool_behavior=[SEARCH]),
        Turn(question="In which companies does this person hold a role?",
             expected=f"{name}: {names_list(names)}.", facts=[Fact(kind="name", value=n) for n in names],
             tags=["entity_memory"], expected_tool_behavior=[NETWORK, HISTORY]),
        Turn(question="When did this person first appear in a notice?",
             expected=f"The first notice naming {name} was published on {first['date']} ({first['publication_number']}).",
             facts=[Fact(kind="date", value=first["date"]),
                    Fact(kind="publication", value=first["publication_number"], key=False)],
             tags=["entity_memory", "temporal_memory"], expected_tool_behavior=[HISTORY]),
    ])


def _company_conversation(t: Truth, uid: str) -> Conversation:
    name = t.name(uid)
    return Conversation(id="", goal="company_location", source={"uid": uid}, turns=[
        Turn(question=f"Tell me about {name}.",
             expected=f"{name} ({uid}), {t.legal_form(uid)} in {t.companies[uid]['seats'][-1]['seat']}.",
             facts=[Fact(kind="uid", value=uid), Fact(kind="name", value=t.companies[uid]["seats"][-1]["seat"])],
             expected_tool_behavior=[SEARCH]),
        _address_turn(t, uid, "Where is its registered address?", ["context_carryover"], [SEARCH, HISTORY]),
        _officer_turn(t, uid, "Who are the persons registered there?", ["entity_memory"], [NETWORK]),
        _founded_turn(t, uid, "When was it founded?", ["temporal_memory", "context_carryover"]),
    ])


def _shift_conversation(t: Truth, a: str, b: str) -> Conversation:
    return Conversation(id="", goal="subject_shift", source={"uid": a, "then": b}, turns=[
        _officer_turn(t, a, f"Who are the persons registered in the notices of {t.name(a)}?", [], [SEARCH, NETWORK]),
        _founded_turn(t, a, "When was this company founded?", ["temporal_memory", "context_carryover"]),
        _address_turn(t, b, f"Now let's look at {t.name(b)}. What is its address?", [], [SEARCH]),
        _officer_turn(t, b, "And who is registered there?", ["context_carryover", "entity_memory"], [NETWORK]),
    ])


def build_conversational(truth: Truth, seed: int = 10) -> Dataset:
    rng = random.Random(seed)
    t = truth
    pool = _company_pool(t)
    companies = rng.sample(pool, GOALS["company_location"] + 2 * GOALS["subject_shift"])
    counts: dict[str, int] = defaultdict(int)
    for pid in t.mentions_of:
        counts[t.canonical(pid).casefold()] += 1
    persons = []
    for pid, ms in sorted(t.mentions_of.items()):
        uids = sorted({t.uid_of[p["company"]] for m, p in ms if p.get("company") in t.uid_of and m.get("role_key") != "care_of"})
        if 2 <= len(uids) <= 4 and counts[t.canonical(pid).casefold()] == 1 and all(t.name_counts[t.name(u).casefold()] == 1
                                                                                   for u in uids):
            persons.append((pid, uids))
    convs = [_person_conversation(t, pid, uids) for pid, uids in rng.sample(persons, GOALS["person_shared_activities"])]
    n_loc = GOALS["company_location"]
    convs += [_company_conversation(t, u) for u in companies[:n_loc]]
    rest = companies[n_loc:]
    convs += [_shift_conversation(t, rest[2 * i], rest[2 * i + 1]) for i in range(GOALS["subject_shift"])]
    for n, c in enumerate(convs, start=1):
        c.id = f"C{n:02d}"
    return Dataset(kind=CONVERSATIONAL, version=world_version(t, CONVERSATIONAL, BUILDER_VERSION), world=t.summary,
                   built_from="truth", conversations=convs)
