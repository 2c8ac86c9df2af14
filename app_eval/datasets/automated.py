"""The automated dataset: 300 questions by "reverse RAG" (paper §5). The query classes of `queries.py` pull real
subgraphs from the graph; every candidate is then re-derived from the world's XML notices (`checks.py`) and its
reference follows the notices (each difference is recorded in the dataset's `checks`). Three levels of 100:

1. direct extraction (address, capital, seat, legal form, purpose, UID) and names that do not exist;
2. multi-hop: head offices of branches, the persons registered now, NameHub resolution paths, unknown names;
3. temporal histories (all notices, first, latest), aggregations (counts by kind, canton and year; rankings by
   capital) and full-text questions (an address, a creditors' meeting date), and unknown names;
and a fourth group, "graph" (up to 32): a company's former seat, the companies that moved between two towns, the
companies entered in a canton in a year, and the company that absorbed another — what only the graph's history
answers (list_events).

Questions are worded by the families of `families.py` (the item's split decides which); an optional LLM pass
adds one more paraphrase (`paraphrase`), never replacing the deterministic ones."""
from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from app_eval.datasets import queries
from app_eval.datasets.checks import SecondView, compare
from app_eval.datasets.compose import COUNT, NOT_FOUND, SEARCH, TEXT, TOP, Draft, Unknown, everyday, finalize
from app_eval.datasets.facts import chf, names_list, purpose_head
from app_eval.datasets.families import Ask
from app_eval.datasets.model import AUTOMATED, Check, Dataset, Fact, Item, Paraphrase
from app_eval.datasets.notices import MEETING, Address, Notices, iso
from app_eval.datasets.truth import Truth
from data_pipeline.model import LEGAL_FORMS
from kg.driver import Graph
from kg.posts import ENDED
from kg.text import fold

BUILDER_VERSION = 3
PER_LEVEL = 100
# per level, the categories short of their count (small worlds) are made up with names that do not exist
LEVEL1 = {"address": 16, "capital": 14, "seat": 12, "legal_form": 12, "purpose": 12, "uid": 12, "not_found": 22}
LEVEL2 = {"head_office": 10, "persons": 30, "namehub": 48, "not_found": 12}  # head offices short of 10: persons
LEVEL3 = {"history": 14, "first_notice": 12, "latest_notice": 12, "count": 20, "top_city": 8, "top_canton": 8,
          "fulltext_address": 12, "fulltext_meeting": 8, "not_found": 6}
# the graph-native classes the golden set asks too (issue 17); a small world may hold fewer (no filler)
GRAPH_LEVEL = {"former_seat": 8, "moved_between": 8, "founded_in": 8, "merged_into": 8}
COUNTED = ("HR01", "HR03", "KK02")
SUB_RUBRIC_NAMES = {"HR01": "new registration", "HR02": "change", "HR03": "deletion", "KK": "bankruptcy notice",
                    "LS": "debt-collection / liquidation notice"}
FOLLOWS = "reference follows the notices"
NOT_FOUND_ASKS = {"1": ("address", "capital", "uid", "seat", "legal_form", "purpose"), "2": ("person_companies", "officers"),
                  "3": ("history",)}


def _rows(graph: Graph, query: str, **params: Any) -> list[dict[str, Any]]:
    with graph.driver.session(database=graph.database) as s:
        return [r.data() for r in s.run(query, params)]


def sub_rubric_name(code: str | None) -> str:
    code = code or ""
    return SUB_RUBRIC_NAMES.get(code) or SUB_RUBRIC_NAMES.get(code[:2], code)


def address_facts(a: Address) -> list[Fact]:
    out = [Fact(kind="text", value=a.street)] if a.street else []
    out += [Fact(kind="number", value=a.zip)] if a.zip else []
    out += [Fact(kind="name", value=a.town)] if a.town else []
    return out + ([Fact(kind="text", value=a.number, key=False)] if a.number else [])


def person_display(name: str) -> str:
    """'Last, First' as a user types it: 'First Last' (names without a comma stay as they are)."""
    last, sep, first = name.partition(", ")
    return f"{first} {last}" if sep else name


def _address_note(graph_line: str | None) -> str:
    if graph_line and graph_line.lower().startswith("c/o"):
        return "the graph's address keeps the c/o line; the notices' address fields (street, number, zip, town) do not"
    return ""


def _persons_note(graph: list[str], notices: list[str]) -> str:
    def key(name: str) -> list[str]:
        return sorted(fold(name).replace(",", " ").split())

    notes = []
    for extra in sorted(set(graph) - set(notices)):
        twin = next((n for n in notices if key(n) == key(extra)), None)
        notes.append(f"the graph lists {extra!r} beside {twin!r}: one person under two spellings" if twin
                     else f"the notices' latest mention of {extra!r} is a resignation or none")
    notes += [f"the graph misses {n!r}, registered in the notices" for n in sorted(set(notices) - set(graph))]
    return "; ".join(notes)


def _item(level: str, category: str, expected: str, facts: list[Fact], names: list[str], uids: list[str],
          tool: str = SEARCH, answer_kind: str = "fact", **source: Any) -> Item:
    return Item(id="", level=level, category=category, question="", expected=expected, facts=facts,
                source={**source, "names": names}, expected_first_tool=tool, entity_uids=uids,
                answer_kind=answer_kind)  # type: ignore[arg-type]


class _Alternate:
    """False, True, False, ... (always False when off): every other question names the company by its UID."""

    def __init__(self, on: bool) -> None:
        self.on, self.n = on, 0

    def next(self) -> bool:
        self.n += 1
        return self.on and self.n % 2 == 0


class _Builder:
    def __init__(self, graph: Graph, truth: Truth, view: SecondView, seed: int) -> None:
        self.graph, self.t, self.v, self.rng = graph, truth, view, random.Random(seed)
        self.direct = _rows(graph, queries.DIRECT)
        self.name_count = Counter((r["name"] or "").casefold() for r in self.direct)
        self.used: set[str] = set()
        self.unknown = Unknown([r["name"] for r in _rows(graph, queries.ALL_NAMES)]
                               + [n for n in view.all_company_names], seed)

    def unambiguous(self, name: str | None) -> bool:
        return bool(name) and self.name_count[name.casefold()] == 1

    def candidates(self, pool: list[Any], key: Callable[[Any], str], name: Callable[[Any], str] | None = None,
                   prefer_everyday: float = 0.0) -> list[Any]:
        """The pool (minus what was used) in a seeded order; with `prefer_everyday`, that share of the first
        picks has a name made of everyday words."""
        pool = sorted((x for x in pool if key(x) not in self.used), key=key)
        self.rng.shuffle(pool)
        if not prefer_everyday or name is None:
            return pool
        plain = [x for x in pool if everyday(name(x))]
        other = [x for x in pool if not everyday(name(x))]
        out: list[Any] = []
        n_plain = 0
        while plain or other:  # interleave so that the first picks hold about the asked share of everyday names
            take_plain = bool(plain) and (not other or n_plain < prefer_everyday * (len(out) + 1))
            out.append((plain if take_plain else other).pop(0))
            n_plain += take_plain
        return out

    def take(self, pool: list[Any], n: int, make: Callable[[Any], Draft | None], key: Callable[[Any], str],
             **kw: Any) -> list[Draft]:
        out = []
        for x in self.candidates(pool, key, **kw):
            if len(out) == n:
                break
            d = make(x)
            if d is not None:
                self.used.add(key(x))
                out.append(d)
        return out

    # level 1 ------------------------------------------------------------------------------------------------
    def level1(self) -> list[Draft]:
        ok = [r for r in self.direct if self.unambiguous(r["name"])]
        specs: dict[str, tuple[Callable[[dict], bool], Callable[[dict, bool], Draft | None]]] = {
            "address": (lambda r: bool(r["address"]) and r["status"] != "deleted", self._address),
            "capital": (lambda r: bool(r["capital"]), self._capital),
            "seat": (lambda r: bool(r["seat"]), self._seat),
            "legal_form": (lambda r: bool(r["legal_form_code"]), self._legal_form),
            "purpose": (lambda r: bool(r["purpose"]), self._purpose),
            "uid": (lambda r: True, self._uid),
        }
        out: list[Draft] = []
        for category, n in LEVEL1.items():
            if category == "not_found":
                continue
            pred, make = specs[category]
            # half of the questions name the company by its UID, as a register user often does
            alternate = _Alternate(category != "uid")
            out += self.take([r for r in ok if pred(r)], n, lambda r, make=make, alt=alternate: make(r, alt.next()),
                             lambda r: r["uid"], name=lambda r: r["name"], prefer_everyday=0.5)
        return out + self.not_found("1", PER_LEVEL - len(out))

    def _draft(self, r: dict, by_uid: bool, category: str, expected: str, facts: list[Fact], checks: list[Check | None],
               **source: Any) -> Draft:
        item = _item("1", category, expected, facts, [r["name"]], [r["uid"]], uid=r["uid"], **source)
        return Draft(item, Ask.of(category, uid_ref=by_uid, n=r["uid"] if by_uid else r["name"]),
                     [c for c in checks if c is not None])

    def _address(self, r: dict, by_uid: bool) -> Draft | None:
        a = self.v.address(r["uid"])
        if a is None:
            return None
        check = compare("", "address", [r["address"]], [a.line()], FOLLOWS, _address_note(r["address"]))
        return self._draft(r, by_uid, "address", f"{r['name']} ({r['uid']}) is registered at {a.line()}.",
                           [*address_facts(a), Fact(kind="uid", value=r["uid"], key=False)], [check])

    def _capital(self, r: dict, by_uid: bool) -> Draft | None:
        cap = self.v.capital(r["uid"])
        if cap is None:
            return None
        check = compare("", "capital", [float(r["capital"])], [cap], FOLLOWS)
        return self._draft(r, by_uid, "capital", f"The nominal capital of {r['name']} is {chf(cap)}.",
                           [Fact(kind="number", value=str(cap))], [check])

    def _seat(self, r: dict, by_uid: bool) -> Draft | None:
        seat = self.v.seat(r["uid"])
        if seat is None:
            return None
        check = compare("", "seat", [r["seat"]], [seat], FOLLOWS)
        return self._draft(r, by_uid, "seat", f"{r['name']} has its seat in {seat}.", [Fact(kind="name", value=seat)],
                           [check])

    def _legal_form(self, r: dict, by_uid: bool) -> Draft | None:
        code = self.v.legal_form(r["uid"])
        if code is None:
            return None
        form = LEGAL_FORMS.get(code, code)
        check = compare("", "legal_form", [r["legal_form_code"]], [code], FOLLOWS)
        return self._draft(r, by_uid, "legal_form", f"The legal form of {r['name']} is {form}.",
                           [Fact(kind="text", value=form)], [check], legal_form_code=code)

    def _purpose(self, r: dict, by_uid: bool) -> Draft | None:
        purpose = self.v.purpose(r["uid"])
        if purpose is None:
            return None
        check = compare("", "purpose", [r["purpose"]], [purpose], FOLLOWS)
        return self._draft(r, by_uid, "purpose", f"Purpose of {r['name']}: {purpose}",
                           [Fact(kind="text", value=purpose_head(purpose))], [check])

    def _uid(self, r: dict, by_uid: bool) -> Draft | None:
        if self.v.uids_named(r["name"]) != {r["uid"]}:  # the notices give this name to no company, or to another too
            return None
        return self._draft(r, False, "uid", f"The UID of {r['name']} is {r['uid']}.", [Fact(kind="uid", value=r["uid"])], [])

    # names that do not exist ----------------------------------------------------------------------------------
    def not_found(self, level: str, n: int) -> list[Draft]:
        asks = NOT_FOUND_ASKS[level]
        near_pool = sorted(r["name"] for r in self.direct if self.unambiguous(r["name"]) and " " in r["name"])
        first_names, last_names = self._name_parts()
        out: list[Draft] = []
        i = 0
        while len(out) < n:
            ask, near = asks[i % len(asks)], None
            i += 1
            if ask == "person_companies":
                name = self.unknown.person(first_names, last_names)
                draft_ask = Ask.of(ask, subject="p", p=name)
                spellings = [name, ", ".join(reversed(name.split(" ", 1)))]
            else:
                near = self.rng.choice(near_pool) if i % 2 == 0 else None
                name = self.unknown.company(near)
                draft_ask = Ask.of(ask, n=name)
                spellings = [name]
            if any(self.v.text_mentions(x) for x in spellings):  # named in some notice's text after all
                continue
            item = _item(level, "not_found", NOT_FOUND, [Fact(kind="text", value=NOT_FOUND)], [name], [],
                         answer_kind="not_found", asks=ask, **({"near": near} if near else {}))
            out.append(Draft(item, draft_ask))
        return out

    def _name_parts(self) -> tuple[list[str], list[str]]:
        firsts, lasts = set(), set()
        for m in (m for p in self.t.publications for m in p.get("mentions", []) if m["kind"] == "person"):
            if m.get("variant") == "canonical" and ", " in m["text"]:
                last, first = m["text"].split(", ", 1)
                lasts.add(last)
                firsts.add(first.split()[0])
        return sorted(firsts), sorted(lasts)

    # level 2 ------------------------------------------------------------------------------------------------
    def level2(self) -> list[Draft]:
        out: list[Draft] = []
        heads: dict[str, dict] = {}
        for r in _rows(self.graph, queries.CORPORATE_HEAD_OFFICES):
            if self.unambiguous(r["name"]) and r["head_name"]:
                heads.setdefault(r["uid"], r)
        out += self.take(list(heads.values()), LEVEL2["head_office"], self._head_office, lambda r: r["uid"])
        out += self.take(self._persons_pool(), LEVEL2["persons"] + LEVEL2["head_office"] - len(out), self._persons,
                         lambda u: u)
        hubs: dict[str, dict[str, Any]] = {}
        for r in _rows(self.graph, queries.NAMEHUB_PATHS):
            h = hubs.setdefault(r["hub"], {"hub": r["hub"], "name": r["hub_name"], "companies": {}, "persons": set(),
                                           "variants": set()})
            h["companies"].setdefault(r["uid"], r["name"])
            h["persons"].add(r["person"])
            h["variants"].add(r["variant"])
        pool = [h for h in hubs.values() if 2 <= len(h["companies"]) <= 5 and len(h["persons"]) >= 2 and h["name"]]
        out += self.take(pool, PER_LEVEL - LEVEL2["not_found"] - len(out), self._namehub, lambda h: h["hub"])
        return out + self.not_found("2", PER_LEVEL - len(out))

    def _head_office(self, r: dict) -> Draft | None:
        head_uid, stated = self.v.head_office(r["uid"])
        if not head_uid:
            return None
        head = self.v.name(head_uid) or stated or ""
        check = compare("", "head_office", [r["head_uid"], r["head_name"]], [head_uid, head], FOLLOWS)
        item = _item("2", "head_office", f"The head office of {r['name']} is {head} ({head_uid}).",
                     [Fact(kind="name", value=head), Fact(kind="uid", value=head_uid, key=False)], [r["name"], head], [r["uid"]],
                     uid=r["uid"], head_uid=head_uid)
        return Draft(item, Ask.of("head_office", n=r["name"]), [check] if check else [])

    def _persons_pool(self) -> list[str]:
        latest: dict[str, dict[str, dict]] = defaultdict(dict)
        self.names: dict[str, str] = {}
        for r in _rows(self.graph, queries.CORPORATE_PERSONS):
            if self.unambiguous(r["name"]) and r["role_key"] != "care_of":
                latest[r["uid"]][r["person"]] = r  # rows come in date order: the person's latest mention wins
                self.names[r["uid"]] = r["name"]
        self.latest = latest

        def current(uid: str) -> list[str]:
            return [p for p, r in latest[uid].items() if r["status"] not in ENDED]

        with_former = [u for u, ps in latest.items() if 2 <= len(current(u)) <= 6 and len(current(u)) < len(ps)]
        without = [u for u, ps in latest.items() if 2 <= len(current(u)) <= 6 and len(current(u)) == len(ps)]
        return with_former + self.rng.sample(sorted(without), min(len(without), len(with_former) // 3))

    def _persons(self, uid: str) -> Draft | None:
        rows = self.latest[uid]
        graph_current = sorted(p for p, r in rows.items() if r["status"] not in ENDED)
        mentions = self.t.register_mentions(uid) if uid in self.t.companies else {}
        if any(len({m["text"] for m in ms}) > 1 for ms in mentions.values()):
            return None  # a person named under two spellings would be listed twice: not a fair list question
        current = sorted(self.v.current_persons(uid, set(rows) | {ms[0]["text"] for ms in mentions.values()}))
        if not 2 <= len(current) <= 6:
            return None
        roles = {ms[-1]["text"]: ms[-1].get("role") or ms[-1].get("role_key") for ms in mentions.values()}
        for p, r in rows.items():
            roles.setdefault(p, r.get("role") or r.get("role_key"))
        check = compare("", "persons", graph_current, current, FOLLOWS, _persons_note(graph_current, current))
        name = self.names[uid]
        listed = names_list([f"{p} ({roles.get(p)})" for p in current])
        item = _item("2", "persons", f"Currently registered for {name}: {listed}.",
                     [Fact(kind="name", value=p) for p in current], [name, *current], [uid], answer_kind="list", uid=uid,
                     former=sorted(set(rows) - set(current)))
        return Draft(item, Ask.of("officers", n=name), [check] if check else [])

    def _namehub(self, h: dict) -> Draft | None:
        uids = sorted(self.v.companies_naming(h["variants"]))
        names = sorted({self.v.name(u) or h["companies"].get(u, u) for u in uids})
        if not 2 <= len(uids) <= 6:
            return None
        check = compare("", "namehub", sorted(h["companies"]), uids, FOLLOWS)
        display = person_display(h["name"])
        item = _item("2", "namehub", f"The records under the name {h['name']} are linked to: {names_list(names)}.",
                     [Fact(kind="name", value=n) for n in names], [display, h["name"], *names], [h["hub"]], answer_kind="list",
                     hub=h["hub"], companies=uids)
        return Draft(item, Ask.of("person_companies", subject="p", p=display), [check] if check else [])

    # level 3 ------------------------------------------------------------------------------------------------
    def level3(self) -> list[Draft]:
        events: dict[str, list[dict]] = defaultdict(list)
        for r in _rows(self.graph, queries.HISTORIES):
            if self.unambiguous(r["name"]):
                events[r["uid"]].append(r)
        pool = [u for u, es in events.items() if 3 <= len(es) <= 8]
        out: list[Draft] = []
        for category in ("history", "first_notice", "latest_notice"):
            alternate = _Alternate(True)
            out += self.take(pool, LEVEL3[category],
                             lambda u, c=category, alt=alternate: self._history(c, u, events[u], alt.next()), lambda u: u)
        out += self._counts(LEVEL3["count"])
        out += self._top_city(LEVEL3["top_city"]) + self._top_canton(LEVEL3["top_canton"])
        out += self._fulltext_address(LEVEL3["fulltext_address"]) + self._fulltext_meeting(LEVEL3["fulltext_meeting"])
        return out + self.not_found("3", PER_LEVEL - len(out))

    # graph-native ------------------------------------------------------------------------------------------
    def graph_level(self) -> list[Draft]:
        moves: dict[str, list[dict]] = defaultdict(list)
        for r in _rows(self.graph, queries.SEAT_MOVES):
            if r["before"] != r["after"]:
                moves[r["uid"]].append(r)
        names = {u: ms[0]["name"] for u, ms in moves.items()}
        one_move = [u for u, ms in moves.items() if len(ms) == 1 and self.unambiguous(names[u])]
        out = self.take(one_move, GRAPH_LEVEL["former_seat"], lambda u: self._former_seat(moves[u][0]), lambda u: u)
        pairs: dict[tuple[str, str], set[str]] = defaultdict(set)
        for u, ms in moves.items():
            for m in ms:
                pairs[(m["before"], m["after"])].add(u)
        plain = [k for k, us in pairs.items() if 1 <= len(us) <= 5 and all(self.unambiguous(names[u]) for u in us)
                 and not re.search(r" \(|/", k[0] + k[1])]
        out += self.take(plain, GRAPH_LEVEL["moved_between"], lambda k: self._moved_between(k, pairs[k], names),
                         lambda k: f"moved {k[0]} -> {k[1]}")
        entered: dict[tuple[str, str], list[dict]] = defaultdict(list)
        for r in _rows(self.graph, queries.NEW_ENTRIES):
            if r["canton"]:
                entered[(r["year"], r["canton"])].append(r)
        strata = [k for k, rs in entered.items() if 2 <= len(rs) <= 10 and all(self.unambiguous(r["name"]) for r in rs)]
        out += self.take(strata, GRAPH_LEVEL["founded_in"], lambda k: self._founded_in(k, entered[k]),
                         lambda k: f"founded {k[0]} {k[1]}")
        mergers = [r for r in _rows(self.graph, queries.MERGERS) if self.unambiguous(r["name"]) and r["acquirer"]]
        out += self.take(mergers, GRAPH_LEVEL["merged_into"], self._merged_into, lambda r: r["uid"])
        return out

    def _former_seat(self, m: dict) -> Draft | None:
        moved = self.v.seat_moves(m["uid"])
        check = compare("", "former_seat", [m["before"]], [old for old, _new, _d, _n in moved], FOLLOWS)
        if len(moved) != 1:
            return None
        old, new, date, number = moved[0]
        item = _item("graph", "former_seat", f"{m['name']} was seated in {old} until it moved to {new} ({number}, "
                     f"{date}).", [Fact(kind="name", value=old), Fact(kind="date", value=date, key=False),
                                   Fact(kind="publication", value=number, key=False)], [m["name"]], [m["uid"]],
                     tool="list_events", uid=m["uid"], publications=[number])
        return Draft(item, Ask.of("former_seat", n=m["name"]), [check] if check else [])

    def _moved_between(self, pair: tuple[str, str], uids: set[str], names: dict[str, str]) -> Draft | None:
        a, b = pair
        found = sorted(u for u in uids | set(self.v.n.by_uid)
                       if any((old, new) == (a, b) for old, new, _d, _n in self.v.seat_moves(u)))
        check = compare("", "moved_between", sorted(names[u] for u in uids),
                        sorted(self.v.name(u) or u for u in found), FOLLOWS)
        listed = sorted(self.v.name(u) or names.get(u, u) for u in found)
        if not listed:
            return None
        item = _item("graph", "moved_between", f"Moved their seat from {a} to {b}: {names_list(listed)}.",
                     [Fact(kind="name", value=n) for n in listed], listed, found, tool="list_events",
                     answer_kind="list", **{"from": a, "to": b})
        return Draft(item, Ask.of("moved_between", subject="a", a=a, b=b), [check] if check else [])

    def _founded_in(self, stratum: tuple[str, str], rows: list[dict]) -> Draft | None:
        year, canton = stratum
        found = sorted(self.v.registered_in(canton, year))
        check = compare("", "founded_in", sorted(r["name"] for r in rows),
                        sorted(self.v.name(u) or u for u in found), FOLLOWS)
        listed = sorted(self.v.name(u) or u for u in found)
        if not listed:
            return None
        item = _item("graph", "founded_in", f"Founded in {year} in canton {canton}: {names_list(listed)}.",
                     [Fact(kind="name", value=n) for n in listed], listed, found, tool="list_events",
                     answer_kind="list", year=year, canton=canton)
        return Draft(item, Ask.of("founded_in", subject="canton", year=year, canton=canton), [check] if check else [])

    def _merged_into(self, r: dict) -> Draft | None:
        d = self.v.deletion(r["uid"])
        named = r["acquirer"] if d and self.v.merger_names(d, r["acquirer"]) else None
        check = compare("", "merged_into", [r["acquirer"]], [named] if named else [], FOLLOWS)
        if d is None or named is None:
            return None
        item = _item("graph", "merged_into", f"{r['name']} was absorbed by {named} ({d.number}, {d.date}).",
                     [Fact(kind="name", value=named), Fact(kind="publication", value=d.number, key=False)],
                     [r["name"], named], [r["uid"]], tool="list_events", uid=r["uid"], publications=[d.number],
                     acquirer=r["acquirer_uid"])
        return Draft(item, Ask.of("merged_into", n=r["name"]), [check] if check else [])

    def _history(self, category: str, uid: str, es: list[dict], by_uid: bool) -> Draft | None:
        notices = self.v.history(uid)
        if len(notices) < 3:
            return None
        check = compare("", category, [f"{e['date']} {e['publication']}" for e in es],
                        [f"{x.date} {x.number}" for x in notices], FOLLOWS)
        name = es[0]["name"]
        if category == "history":
            listed = "; ".join(f"{x.date} {x.number} ({sub_rubric_name(x.sub_rubric)})" for x in notices)
            expected = f"Notices about {name}, oldest first: {listed}."
            facts = [f for x in notices for f in (Fact(kind="date", value=x.date), Fact(kind="publication", value=x.number))]
            kind = "list"
        else:
            x = notices[0] if category == "first_notice" else notices[-1]
            which = "first" if category == "first_notice" else "most recent"
            expected = f"The {which} notice about {name} is {x.number} of {x.date}, a {sub_rubric_name(x.sub_rubric)}."
            facts = [Fact(kind="date", value=x.date), Fact(kind="publication", value=x.number, key=False)]
            kind = "fact"
        item = _item("3", category, expected, facts, [name], [uid], answer_kind=kind, uid=uid)
        return Draft(item, Ask.of(category, uid_ref=by_uid, n=uid if by_uid else name), [check] if check else [])

    def _counts(self, n: int) -> list[Draft]:
        rows = [r for r in _rows(self.graph, queries.EVENT_COUNTS, subs=list(COUNTED))
                if r["canton"] and 3 <= r["notices"] <= 150]
        out = []
        by_kind = {k: [r for r in rows if r["sub_rubric"] == k] for k in COUNTED}
        turn = 0
        while len(out) < n and any(by_kind.values()):  # the kinds in turn; a small world may run out of one
            group = by_kind[COUNTED[turn % len(COUNTED)]]
            turn += 1
            if not group:
                continue
            r = group.pop(self.rng.randrange(len(group)))
            count = self.v.count(r["sub_rubric"], r["canton"], r["year"])
            check = compare("", "count", [r["notices"]], [count], FOLLOWS)
            what = {"HR01": "new registrations", "HR03": "deletions", "KK02": "bankruptcy notices (KK02)"}[r["sub_rubric"]]
            item = _item("3", "count", f"{count} {what} were published in canton {r['canton']} in {r['year']}.",
                         [Fact(kind="number", value=str(count))], [], [], tool=COUNT, answer_kind="count",
                         sub_rubric=r["sub_rubric"], canton=r["canton"], year=r["year"])
            out.append(Draft(item, Ask.of("count", subject="what", what=r["sub_rubric"], canton=r["canton"], year=r["year"]),
                             [check] if check else []))
        return out

    def _graph_ranking(self, key: str) -> dict[str, list[dict]]:
        groups: dict[str, list[dict]] = defaultdict(list)
        for r in self.direct:
            if r["status"] != "deleted" and r["capital"] and r[key]:
                groups[r[key]].append(r)
        return {g: sorted(rs, key=lambda r: (-r["capital"], r["name"])) for g, rs in groups.items()}

    def _top_city(self, n: int) -> list[Draft]:
        groups = self._graph_ranking("seat")
        pool = sorted(s for s, rs in groups.items() if len(rs) >= 4 and rs[0]["capital"] > rs[1]["capital"])
        out = []
        for seat in self.candidates(pool, lambda s: f"seat:{s}"):
            if len(out) == n:
                break
            ranked = self.v.ranking(seat=seat)
            if len(ranked) < 2 or ranked[0][2] == ranked[1][2]:
                continue
            uid, name, cap = ranked[0]
            check = compare("", "top_city", [groups[seat][0]["uid"]], [uid], FOLLOWS)
            item = _item("3", "top_city", f"Of the companies seated in {seat}, {name} ({uid}) has the largest nominal capital, "
                         f"{chf(cap)}.", [Fact(kind="name", value=name), Fact(kind="number", value=str(cap), key=False),
                                          Fact(kind="uid", value=uid, key=False)],
                         [name], [uid], tool=TOP, seat=seat)
            out.append(Draft(item, Ask.of("top_city", subject="place", place=seat), [check] if check else []))
        return out

    def _top_canton(self, n: int) -> list[Draft]:
        groups = self._graph_ranking("canton")
        pool = sorted(c for c, rs in groups.items() if len(rs) >= 6 and rs[2]["capital"] > rs[3]["capital"])
        out = []
        for canton in self.candidates(pool, lambda c: f"canton:{c}"):
            if len(out) == n:
                break
            ranked = self.v.ranking(canton=canton)
            if len(ranked) < 4 or ranked[2][2] == ranked[3][2]:
                continue
            top = ranked[:3]
            graph_top = [r["uid"] for r in groups[canton][:3]]
            check = compare("", "top_canton", graph_top, [u for u, _n, _c in top], FOLLOWS,
                            self._ranking_note(canton, graph_top, [u for u, _n, _c in top]))
            listed = "; ".join(f"{name} ({chf(cap)})" for _u, name, cap in top)
            item = _item("3", "top_canton", f"The three companies of canton {canton} with the largest nominal capital: {listed}.",
                         [Fact(kind="name", value=name) for _u, name, _c in top], [name for _u, name, _c in top],
                         [u for u, _n, _c in top], tool=TOP, answer_kind="list", canton=canton)
            out.append(Draft(item, Ask.of("top_canton", subject="canton", canton=canton), [check] if check else []))
        return out

    def _ranking_note(self, canton: str, graph_top: list[str], top: list[str]) -> str:
        rows = {r["uid"]: r for r in self.direct}
        parts = []
        for u in sorted(set(graph_top) ^ set(top)):
            r = rows.get(u, {})
            parts.append(f"{u}: graph canton {r.get('canton')}, capital {r.get('capital')}; notices canton {self.v.n.canton(u)}, "
                         f"capital {self.v.capital(u)}, deleted {self.v.n.deleted(u)}")
        return f"canton {canton}: " + "; ".join(parts)

    def _fulltext_address(self, n: int) -> list[Draft]:
        by_line = Counter(r["address"] for r in self.direct if r["address"])
        pool = [r for r in self.direct if r["address"] and by_line[r["address"]] == 1 and r["status"] != "deleted"
                and self.unambiguous(r["name"])]

        def make(r: dict) -> Draft | None:
            a = self.v.address(r["uid"])
            if a is None or not a.street or not a.number or self.v.address_holders(a.line()) != {r["uid"]}:
                return None
            check = compare("", "fulltext_address", [r["address"]], [a.line()], FOLLOWS, _address_note(r["address"]))
            item = _item("3", "fulltext_address", f"{r['name']} ({r['uid']}) is registered at {a.line()}.",
                         [Fact(kind="name", value=r["name"]), Fact(kind="uid", value=r["uid"], key=False)], [r["name"]],
                         [r["uid"]], tool=TEXT, uid=r["uid"], address=a.line())
            return Draft(item, Ask.of("reverse_address", subject="addr", addr=a.line()), [check] if check else [])

        return self.take(pool, n, make, lambda r: r["uid"])

    def _fulltext_meeting(self, n: int) -> list[Draft]:
        rows = _rows(self.graph, queries.BANKRUPTCY_TEXTS)
        for r in rows:
            m = MEETING.search(r["text"] or "")
            r["meeting"] = iso(m.group(1)) if m else None
        per_date = Counter(r["meeting"] for r in rows if r["meeting"])
        pool = [r for r in rows if r["meeting"] and per_date[r["meeting"]] == 1 and self.unambiguous(r["name"])]

        def make(r: dict) -> Draft | None:
            found = self.v.meetings(r["meeting"])
            if len(found) != 1 or not found[0].uid:
                return None
            x = found[0]
            debtor = x.debtor or x.name or ""
            check = compare("", "fulltext_meeting", [r["uid"], r["publication"]], [x.uid, x.number], FOLLOWS)
            item = _item("3", "fulltext_meeting", f"The first creditors' meeting of {r['meeting']} was called in the bankruptcy "
                         f"of {debtor} ({x.uid}), notice {x.number} of {x.date}.",
                         [Fact(kind="name", value=debtor), Fact(kind="publication", value=x.number, key=False)],
                         [debtor, r["name"]], [x.uid], tool=TEXT, uid=x.uid, publications=[x.number])
            return Draft(item, Ask.of("meeting", subject="date", date=r["meeting"]), [check] if check else [])

        return self.take(pool, n, make, lambda r: r["publication"])


def build_automated(graph: Graph, truth: Truth, notices: Notices, seed: int = 300, world_digest: str | None = None,
                    paraphrase: Callable[[str], str] | None = None) -> Dataset:
    b = _Builder(graph, truth, SecondView(notices), seed)
    base, native = b.level1() + b.level2() + b.level3(), b.graph_level()
    drafts = base + native
    # the graph-native items came later and are split on their own, so no earlier item moved (as in the golden set)
    items = finalize(base, "A")
    items += finalize(native, "A", start=len(items) + 1)
    checks = [c for d in drafts for c in d.checks]
    for item in items:
        if paraphrase is not None:
            reworded = paraphrase(item.question)
            if reworded != item.question:
                item.paraphrases.append(Paraphrase(family=f"{item.split}-llm", language="en", question=reworded))
    world = truth.summary
    version = f"seed{world.get('seed')}-{world.get('publications')}-g{world.get('generator')}-{AUTOMATED}-v{BUILDER_VERSION}"
    return Dataset(kind=AUTOMATED, version=version + ("-paraphrased" if paraphrase else ""), world=world, built_from="graph",
                   items=items, world_digest=world_digest, checks=checks)

