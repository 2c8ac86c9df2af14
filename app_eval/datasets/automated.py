"""The automated dataset: 300 questions by "reverse RAG" (paper §5). The four query classes of
`queries.py` pull real subgraphs from the graph; each question and its expected answer are written from
those rows by templates (deterministic), three levels of 100: direct extraction (1), multi-hop
corporate structures and NameHub resolution paths (2), temporal event histories (3). An optional
LLM pass rewords the questions only (`paraphrase`); expected answers and facts stay the rows'."""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from app_eval.datasets import queries
from app_eval.datasets.facts import chf, names_list, purpose_head
from app_eval.datasets.model import AUTOMATED, Dataset, Fact, Item
from kg.driver import Graph

BUILDER_VERSION = 1
PER_LEVEL = 100
LEVEL1 = {"address": 25, "capital": 20, "seat": 15, "legal_form": 15, "purpose": 15, "uid": 10}
LEVEL2 = {"head_office": 10, "persons": 40, "namehub": 50}  # head offices short of 10 are made up with persons
LEVEL3 = {"history": 34, "first_notice": 33, "latest_notice": 33}
SUB_RUBRIC_NAMES = {"HR01": "new registration", "HR02": "change", "HR03": "deletion", "KK": "bankruptcy notice",
                    "LS": "debt-collection / liquidation notice"}


def _rows(graph: Graph, query: str) -> list[dict[str, Any]]:
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query)]


def sub_rubric_name(code: str | None) -> str:
    code = code or ""
    return SUB_RUBRIC_NAMES.get(code) or SUB_RUBRIC_NAMES.get(code[:2], code)


def _pub_facts(r: dict[str, Any], key_pub: bool = False) -> list[Fact]:
    return [Fact(kind="date", value=r["date"]), Fact(kind="publication", value=r["publication"], key=key_pub)]


class _Builder:
    def __init__(self, graph: Graph, seed: int) -> None:
        self.graph, self.rng = graph, random.Random(seed)
        self.direct = _rows(graph, queries.DIRECT)
        self.name_count = Counter((r["name"] or "").casefold() for r in self.direct)
        self.used: set[str] = set()

    def unambiguous(self, name: str | None) -> bool:
        return bool(name) and self.name_count[name.casefold()] == 1

    def sample(self, pool: list[Any], n: int, key: Callable[[Any], str]) -> list[Any]:
        pool = [x for x in pool if key(x) not in self.used]
        got = self.rng.sample(pool, min(n, len(pool)))
        self.used.update(key(x) for x in got)
        return sorted(got, key=key)

    # level 1 ----------------------------------------------------------------------------------------
    def level1(self) -> list[Item]:
        items = []
        ok = [r for r in self.direct if self.unambiguous(r["name"])]
        specs: dict[str, tuple[Callable[[dict], bool], Callable[[dict, str], Item]]] = {
            "address": (lambda r: r["address"] and r["status"] != "deleted", self._address),
            "capital": (lambda r: r["capital"], self._capital),
            "seat": (lambda r: r["seat"], self._seat),
            "legal_form": (lambda r: r["legal_form"], self._legal_form),
            "purpose": (lambda r: r["purpose"], self._purpose),
            "uid": (lambda r: True, self._uid),
        }
        for category, n in LEVEL1.items():
            pred, make = specs[category]
            for i, r in enumerate(self.sample([r for r in ok if pred(r)], n, lambda r: r["uid"])):
                # half of the questions name the company by its UID, as a register user often does
                ref = f"the company with UID {r['uid']}" if i % 2 and category != "uid" else r["name"]
                items.append(make(r, ref))
        return items

    @staticmethod
    def _item(level: str, category: str, question: str, expected: str, facts: list[Fact], **source: Any) -> Item:
        return Item(id="", level=level, category=category, question=question, expected=expected, facts=facts, source=source)

    def _address(self, r: dict, ref: str) -> Item:
        facts = [Fact(kind="text", value=r["address"])]
        facts += [Fact(kind="name", value=r["town"], key=False)] if r.get("town") else []
        return self._item("1", "address", f"What is the registered address of {ref}?",
                          f"{r['name']} ({r['uid']}) is registered at {r['address']}.", facts, uid=r["uid"])

    def _capital(self, r: dict, ref: str) -> Item:
        return self._item("1", "capital", f"What is the nominal share capital of {ref}?",
                          f"The nominal capital of {r['name']} is {chf(r['capital'])}.",
                          [Fact(kind="number", value=str(r["capital"]))], uid=r["uid"])

    def _seat(self, r: dict, ref: str) -> Item:
        return self._item("1", "seat", f"Where is {ref} seated?", f"{r['name']} has its seat in {r['seat']}.",
                          [Fact(kind="name", value=r["seat"])], uid=r["uid"])

    def _legal_form(self, r: dict, ref: str) -> Item:
        return self._item("1", "legal_form", f"What is the legal form of {ref}?", f"{r['name']} is a {r['legal_form']}.",
                          [Fact(kind="text", value=r["legal_form"])], uid=r["uid"])

    def _purpose(self, r: dict, ref: str) -> Item:
        return self._item("1", "purpose", f"What is the purpose of {ref}?", f"Purpose of {r['name']}: {r['purpose']}",
                          [Fact(kind="text", value=purpose_head(r["purpose"]))], uid=r["uid"])

    def _uid(self, r: dict, ref: str) -> Item:
        return self._item("1", "uid", f"What is the UID of {ref}?", f"The UID of {r['name']} is {r['uid']}.",
                          [Fact(kind="uid", value=r["uid"])], uid=r["uid"])

    # level 2 ----------------------------------------------------------------------------------------
    def level2(self) -> list[Item]:
        items = []
        heads: dict[str, dict] = {}
        for r in _rows(self.graph, queries.CORPORATE_HEAD_OFFICES):
            if self.unambiguous(r["name"]) and r["head_name"]:
                heads.setdefault(r["uid"], r)
        for r in self.sample(list(heads.values()), LEVEL2["head_office"], lambda r: r["uid"]):
            items.append(self._item("2", "head_office", f"Which company is the head office of {r['name']}?",
                                    f"The head office of {r['name']} is {r['head_name']} "
                                    f"(notice {r['publication']} of {r['date']}).",
                                    [Fact(kind="name", value=r["head_name"]), *_pub_facts(r)[1:]], uid=r["uid"],
                                    head_uid=r["head_uid"]))
        persons: dict[str, dict[str, dict]] = defaultdict(dict)
        names: dict[str, str] = {}
        for r in _rows(self.graph, queries.CORPORATE_PERSONS):
            if self.unambiguous(r["name"]) and r["role_key"] != "care_of":
                persons[r["uid"]][r["person"]] = r  # the person's latest role in the company's notices
                names[r["uid"]] = r["name"]
        pool = [u for u, ps in persons.items() if 2 <= len(ps) <= 6]
        n = LEVEL2["persons"] + LEVEL2["head_office"] - len(items)
        for uid in self.sample(pool, n, lambda u: u):
            ps = persons[uid]
            roles = [f"{p} ({r['role'] or r['role_key']})" for p, r in ps.items()]
            items.append(self._item("2", "persons", f"Which persons act for {names[uid]} in its notices, and in which roles?",
                                    f"{names[uid]}: {names_list(roles)}.", [Fact(kind="name", value=p) for p in ps], uid=uid))
        hubs: dict[str, dict[str, Any]] = {}
        for r in _rows(self.graph, queries.NAMEHUB_PATHS):
            h = hubs.setdefault(r["hub"], {"name": r["hub_name"], "companies": {}, "persons": set()})
            h["companies"].setdefault(r["uid"], r["name"])
            h["persons"].add(r["person"])
        pool = [u for u, h in hubs.items() if 2 <= len(h["companies"]) <= 5 and len(h["persons"]) >= 2 and h["name"]]
        for hub in self.sample(pool, PER_LEVEL - len(items), lambda u: u):
            h = hubs[hub]
            companies = sorted(h["companies"].values())
            question = f"Which companies is the person named '{h['name']}' linked to through the notices?"
            items.append(self._item("2", "namehub", question,
                                    f"The records under the name {h['name']} are linked to: {names_list(companies)}.",
                                    [Fact(kind="name", value=c) for c in companies], hub=hub, uids=sorted(h["companies"])))
        return items

    # level 3 ----------------------------------------------------------------------------------------
    def level3(self) -> list[Item]:
        events: dict[str, list[dict]] = defaultdict(list)
        for r in _rows(self.graph, queries.HISTORIES):
            if self.unambiguous(r["name"]):
                events[r["uid"]].append(r)
        pool = [u for u, es in events.items() if 3 <= len(es) <= 8]
        items = []
        for category, n in LEVEL3.items():
            for i, uid in enumerate(self.sample(pool, n, lambda u: u)):
                es, name = events[uid], events[uid][0]["name"]
                ref = f"the company with UID {uid}" if i % 2 else name
                if category == "history":
                    listed = "; ".join(f"{e['date']} {e['publication']} ({sub_rubric_name(e['sub_rubric'])})" for e in es)
                    items.append(self._item("3", category, f"List the notices published about {ref} in chronological order.",
                                            f"{len(es)} notices about {name}: {listed}.",
                                            [f for e in es for f in _pub_facts(e, key_pub=True)], uid=uid))
                else:
                    e = es[0] if category == "first_notice" else es[-1]
                    which = "first" if category == "first_notice" else "most recent"
                    items.append(self._item("3", category, f"When was the {which} notice about {ref} published, and what was it?",
                                            f"The {which} notice about {name} is {e['publication']} of {e['date']}, a "
                                            f"{sub_rubric_name(e['sub_rubric'])}.", _pub_facts(e), uid=uid))
        return items


def build_automated(graph: Graph, world: dict[str, Any], seed: int = 300,
                    paraphrase: Callable[[str], str] | None = None) -> Dataset:
    b = _Builder(graph, seed)
    items = b.level1() + b.level2() + b.level3()
    for n, item in enumerate(items, start=1):
        item.id = f"A{n:03d}"
        if paraphrase is not None:
            item.question = paraphrase(item.question)
    version = f"seed{world.get('seed')}-{world.get('publications')}-g{world.get('generator')}-{AUTOMATED}-v{BUILDER_VERSION}"
    return Dataset(kind=AUTOMATED, version=version + ("-paraphrased" if paraphrase else ""), world=world,
                   built_from="graph", items=items)
