"""The deterministic judge's adversarial suite: answers built to fool a fact-matching judge, each with the
score it must get, beside as many right answers (other order, format, date style, language, terse) that
must keep a high score (SPEC §10).

Each item is a realistic question of the demo world's datasets (app_eval/datasets/files), with its
reference facts and the context a system would have retrieved (tool rows, as the GraphRAG system passes
them). Right answers are written in the shapes the systems produce: the offline engine's Markdown (bold
names, `uid` code spans, "(HR01-…, 2019-…)" citations, tables, "Next:" and its footer), an LLM's prose in
de/fr/it/en, terse replies.

A case is (item, answer, metric, bound): a right answer must score >= its bound, a wrong one <= its bound.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, JudgeInput

FOOTER = "\n\n_Answered by the offline engine (rule-based, no LLM)._"


def ctx(*steps: tuple[str, list[dict[str, Any]]]) -> str:
    """A GraphRAG context: one JSON line per tool call, as app_eval.systems builds it."""
    return "\n".join(json.dumps({"tool": tool, "rows": rows, "message": ""}, ensure_ascii=False) for tool, rows in steps)


def f(kind: str, value: str, key: bool = True) -> dict[str, Any]:
    return {"kind": kind, "value": value, "key": key}


@dataclass(frozen=True)
class Item:
    question: str
    expected: str
    facts: tuple[dict[str, Any], ...]
    context: str = ""
    answer_kind: str = ""
    category: str = ""
    entity_uids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    id: str
    item: Item
    answer: str
    metric: str
    bound: float
    right: bool  # True: must score >= bound; False: must score <= bound
    trap: str  # what the answer tries (for wrong ones) or what it varies (for right ones)
    context: str | None = None  # overrides the item's context
    note: str = field(default="", compare=False)

    def judge_input(self) -> JudgeInput:
        it = self.item
        return JudgeInput(question=it.question, answer=self.answer, expected=it.expected, facts=it.facts,
                          context=it.context if self.context is None else self.context, answer_kind=it.answer_kind,
                          category=it.category, entity_uids=it.entity_uids)


# ------------------------------------------------------------------------------------------- the items

UID = Item(
    "What is the UID of Marvelzen GmbH?", "The UID of Marvelzen GmbH is CHE-203.113.104.",
    (f("uid", "CHE-203.113.104"),),
    ctx(("search_companies", [{"uid": "CHE-203.113.104", "name": "Marvelzen GmbH", "legal_form": "GmbH", "seat": "Thun",
                               "canton": "BE", "status": "active", "address": "Seestrasse 12, 3600 Thun",
                               "capital_nominal": 20000.0, "purpose": "Handel mit Waren aller Art."}]),
        ("explore_network", [{"branch": "persons", "uid": "P-11", "name": "Kunz, Andrea",
                              "role": "Gesellschafterin und Geschäftsführerin", "signature": "Einzelunterschrift",
                              "publication_number": "HR01-1000004412", "publication_date": "2020-02-11"},
                             {"branch": "persons", "uid": "P-12", "name": "Meier, Thomas", "role": "Gesellschafter",
                              "signature": "ohne Zeichnungsberechtigung", "publication_number": "HR01-1000004412",
                              "publication_date": "2020-02-11"}]),
        ("get_node_history", [{"publication_number": "HR01-1000004412", "publication_date": "2020-02-11",
                               "sub_rubric": "HR01", "relation": "HAS_EVENT"},
                              {"publication_number": "HR02-1000009120", "publication_date": "2021-06-30",
                               "sub_rubric": "HR02", "changes": "address", "relation": "HAS_EVENT"}])),
    category="uid", entity_uids=("CHE-203.113.104",))

ADDRESS = Item(
    "What is the registered address of Holzhofer Immobilien GmbH?",
    "Holzhofer Immobilien GmbH is registered at St. Alban-Vorstadt 82, 3920 Zermatt.",
    (f("text", "St. Alban-Vorstadt"), f("number", "3920"), f("name", "Zermatt"), f("text", "82", key=False)),
    ctx(("search_companies", [{"uid": "CHE-318.545.201", "name": "Holzhofer Immobilien GmbH", "legal_form": "GmbH",
                               "seat": "Zermatt", "address": "St. Alban-Vorstadt 82, 3920 Zermatt", "status": "active"}]),
        ("get_node_history", [{"publication_number": "HR02-1000015530", "publication_date": "2023-03-14",
                               "sub_rubric": "HR02", "changes": "address", "relation": "HAS_EVENT"}])),
    category="address", entity_uids=("CHE-318.545.201",))

STREET = Item(
    "What is the registered address of Bergegger Haustechnik GmbH?",
    "Bergegger Haustechnik GmbH (CHE-101.044.147) is registered at Hauptstrasse 107, 3930 Visp.",
    (f("text", "Hauptstrasse 107, 3930 Visp"), f("name", "Visp", key=False)),
    ctx(("search_companies", [{"uid": "CHE-101.044.147", "name": "Bergegger Haustechnik GmbH", "seat": "Visp",
                               "address": "Hauptstrasse 107, 3930 Visp", "legal_form": "GmbH"}])),
    category="address", entity_uids=("CHE-101.044.147",))

CAPITAL = Item(
    "What is the share capital of ansig & Associés Sàrl?", "The nominal capital of ansig & Associés Sàrl is CHF 75'000.",
    (f("number", "75000"),),
    ctx(("search_companies", [{"uid": "CHE-240.117.932", "name": "ansig & Associés Sàrl", "legal_form": "GmbH",
                               "seat": "Lausanne", "capital_nominal": 75000.0, "capital_paid": 75000.0}]),
        ("get_node_history", [{"publication_number": "HR01-1000006710", "publication_date": "2020-09-01",
                               "sub_rubric": "HR01", "relation": "HAS_EVENT"}])),
    category="capital", entity_uids=("CHE-240.117.932",))

FOUNDED = Item(
    "When was Elpra Sonnen AG founded?",
    "Elpra Sonnen AG was entered in the commercial register; the registration was published on 2019-11-27 "
    "(HR01-1000003152).",
    (f("date", "2019-11-27"), f("publication", "HR01-1000003152", key=False)),
    ctx(("search_companies", [{"uid": "CHE-442.870.116", "name": "Elpra Sonnen AG", "legal_form": "AG", "seat": "Chur"}]),
        ("get_node_history", [{"publication_number": "HR01-1000003152", "publication_date": "2019-11-27",
                               "sub_rubric": "HR01", "relation": "HAS_EVENT"},
                              {"publication_number": "HR02-1000008841", "publication_date": "2021-04-12",
                               "sub_rubric": "HR02", "changes": "others", "relation": "HAS_EVENT"}])),
    category="founded", entity_uids=("CHE-442.870.116",))

BANKRUPTCY = Item(
    "When was bankruptcy opened against Ionhel Handel GmbH in Liquidation?",
    "The opening of bankruptcy against Ionhel Handel GmbH in Liquidation was published on 2021-05-03 (KK02-0000000756).",
    (f("date", "2021-05-03"), f("publication", "KK02-0000000756", key=False)),
    ctx(("get_node_history", [{"publication_number": "KK02-0000000756", "publication_date": "2021-05-03",
                               "sub_rubric": "KK02", "relation": "HAS_EVENT"},
                              {"publication_number": "HR02-1000007002", "publication_date": "2021-02-18",
                               "sub_rubric": "HR02", "changes": "liquidation", "relation": "HAS_EVENT"}])),
    category="bankruptcy")

SEAT = Item(
    "Where is Wirzinger Formation en liquidation seated?", "Wirzinger Formation en liquidation has its seat in Le Locle.",
    (f("name", "Le Locle"),),
    ctx(("search_companies", [{"uid": "CHE-157.835.706", "name": "Wirzinger Formation en liquidation", "seat": "Le Locle",
                               "canton": "NE", "legal_form": "Einzelunternehmen"}])),
    category="seat", entity_uids=("CHE-157.835.706",))

LEGAL_FORM = Item(
    "What is the legal form of Varvopra GmbH?", "Varvopra GmbH is a GmbH.", (f("text", "GmbH"),),
    ctx(("search_companies", [{"uid": "CHE-390.002.614", "name": "Varvopra GmbH", "legal_form": "GmbH", "seat": "Olten"}])),
    category="legal_form")

PERSONS = Item(
    "Which persons act for Helhel Haustechnik KLG in its notices, and in which roles?",
    "Helhel Haustechnik KLG: Bergwyler, Michael (Gesellschafter); Niederli, Urs (Gesellschafter).",
    (f("name", "Bergwyler, Michael"), f("name", "Niederli, Urs")),
    ctx(("explore_network", [
        {"branch": "persons", "uid": "P-1", "name": "Bergwyler, Michael", "role": "Gesellschafter",
         "signature": "Einzelunterschrift", "publication_number": "HR01-1000001288", "publication_date": "2019-05-06"},
        {"branch": "persons", "uid": "P-2", "name": "Niederli, Urs", "role": "Gesellschafter",
         "signature": "Einzelunterschrift", "publication_number": "HR01-1000001288", "publication_date": "2019-05-06"}])),
    category="persons")

COMPANIES = Item(
    "In which companies is Oğuz Emre Günein active?",
    "Oğuz Emre Günein appears in the notices of: Helri Sonnen GmbH; Ionnovti Uhren GmbH.",
    (f("name", "Helri Sonnen GmbH"), f("name", "Ionnovti Uhren GmbH")),
    ctx(("explore_network", [
        {"branch": "companies", "uid": "CHE-210.554.008", "name": "Helri Sonnen GmbH", "role": "Geschäftsführer",
         "publication_number": "HR01-1000010554", "publication_date": "2022-01-17"},
        {"branch": "companies", "uid": "CHE-377.120.941", "name": "Ionnovti Uhren GmbH", "role": "Gesellschafter",
         "publication_number": "HR02-1000016002", "publication_date": "2023-05-02"}])),
    category="person_companies")

HISTORY = Item(
    "List the notices published about Talon Azur Sàrl in chronological order.",
    "5 notices about Talon Azur Sàrl: 2019-07-03 HR01-1000001756 (new registration); 2020-03-09 HR02-1000004148 "
    "(change); 2020-04-20 HR02-1000004551 (change); 2020-05-07 HR02-1000004728 (change); 2022-06-14 "
    "HR02-1000012059 (change).",
    tuple(x for d, p in (("2019-07-03", "HR01-1000001756"), ("2020-03-09", "HR02-1000004148"),
                          ("2020-04-20", "HR02-1000004551"), ("2020-05-07", "HR02-1000004728"),
                          ("2022-06-14", "HR02-1000012059")) for x in (f("date", d), f("publication", p))),
    ctx(("get_node_history", [{"publication_number": p, "publication_date": d, "sub_rubric": p[:4]} for d, p in (
        ("2019-07-03", "HR01-1000001756"), ("2020-03-09", "HR02-1000004148"), ("2020-04-20", "HR02-1000004551"),
        ("2020-05-07", "HR02-1000004728"), ("2022-06-14", "HR02-1000012059"))])),
    category="history")

FIRST = Item(
    "When was the first notice about alpvoox Costruzioni Sagl published, and what was it?",
    "The first notice about alpvoox Costruzioni Sagl is HR02-1000000439 of 2019-02-15, a change.",
    (f("date", "2019-02-15"), f("publication", "HR02-1000000439", key=False)),
    ctx(("get_node_history", [{"publication_number": "HR02-1000000439", "publication_date": "2019-02-15",
                               "sub_rubric": "HR02"},
                              {"publication_number": "HR02-1000003310", "publication_date": "2019-12-02",
                               "sub_rubric": "HR02"}])),
    category="first_notice")

HEAD = Item(
    "Which company is the head office of Sigvel Handel GmbH, Zweigniederlassung Langenthal?",
    "The head office of Sigvel Handel GmbH, Zweigniederlassung Langenthal is Sigvel Handel GmbH "
    "(notice HR01-1000002043 of 2019-08-02).",
    (f("name", "Sigvel Handel GmbH"), f("publication", "HR01-1000002043", key=False)),
    ctx(("explore_network", [{"branch": "structure", "uid": "CHE-316.396.426", "name": "Sigvel Handel GmbH",
                              "relation": "HEAD_OFFICE_OF", "publication_number": "HR01-1000002043",
                              "publication_date": "2019-08-02"}])),
    category="head_office")

RENAMED = Item(
    "When did Kati SA change its name?",
    "Kati SA was renamed from Teczen Prime SA to Kati SA; published on 2024-10-21 (HR02-1000020411).",
    (f("date", "2024-10-21"), f("publication", "HR02-1000020411", key=False), f("name", "Teczen Prime SA", key=False)),
    ctx(("get_node_history", [{"publication_number": "HR02-1000020411", "publication_date": "2024-10-21",
                               "sub_rubric": "HR02", "changes": "name", "name_in_notice": "Kati SA"},
                              {"publication_number": "HR01-1000011406", "publication_date": "2022-07-04",
                               "sub_rubric": "HR01", "name_in_notice": "Teczen Prime SA"}])),
    category="renamed")

NOT_FOUND = Item(
    "What is the UID of Zorblax Innovations AG?", "No company named Zorblax Innovations AG is in the register data.", (),
    ctx(("search_companies", []), ("global_text_search", [])), answer_kind="not_found", category="uid")

COUNT = Item(
    "How many bankruptcy notices were published in canton Zürich in 2021?",
    "42 bankruptcy notices were published in canton ZH in 2021.", (f("number", "42"),),
    ctx(("count_entities_by_event", [{"notices": 42, "companies": 40, "persons": 3}])), answer_kind="count",
    category="count")

COUNT_HR01 = Item(
    "How many new registrations were published in canton BE in 2021?",
    "37 new registrations were published in canton BE in 2021.", (f("number", "37"),),
    ctx(("count_entities_by_event", [{"notices": 37, "companies": 37, "persons": 0}])), answer_kind="count",
    category="count")

TOP_CITY = Item(
    "Which company seated in Zermatt has the largest nominal capital?",
    "Of the companies seated in Zermatt, Gornergrat Hotels AG (CHE-412.300.118) has the largest nominal capital, "
    "CHF 2'500'000.",
    (f("name", "Gornergrat Hotels AG"), f("number", "2500000", key=False)),
    ctx(("get_top_entities", [
        {"uid": "CHE-412.300.118", "name": "Gornergrat Hotels AG", "seat": "Zermatt", "legal_form": "AG", "value": 2500000.0},
        {"uid": "CHE-318.545.201", "name": "Holzhofer Immobilien GmbH", "seat": "Zermatt", "legal_form": "GmbH",
         "value": 200000.0},
        {"uid": "CHE-150.221.904", "name": "Zermatt Bergsport GmbH", "seat": "Zermatt", "legal_form": "GmbH",
         "value": 40000.0}])),
    category="top_city", entity_uids=("CHE-412.300.118",))

CONNECTED = Item(
    "Which companies are connected to Alpzen AG through shared persons?",
    "3 companies share persons with Alpzen AG: Verein Pramar Events (through Kelmi, Driton Arben Valon); Zusig GmbH "
    "(through Pfistler, Jonas); Vogen AG (through Pfistler, Jonas).",
    (f("name", "Verein Pramar Events"), f("name", "Zusig GmbH"), f("name", "Vogen AG")),
    ctx(("explore_network", [
        {"branch": "lateral", "name": n, "via_name": v, "role": "Mitglied", "publication_number": p,
         "publication_date": d} for n, v, p, d in (
            ("Verein Pramar Events", "Kelmi, Driton Arben Valon", "HR01-1000006031", "2020-07-14"),
            ("Zusig GmbH", "Pfistler, Jonas", "HR02-1000011873", "2022-05-30"),
            ("Vogen AG", "Pfistler, Jonas", "HR02-1000013390", "2022-10-04"))])),
    answer_kind="list", category="connected")

NOT_FOUND_BUILT = Item(  # the dataset builder's shape: one text fact "not found"
    "Which companies is Jolanda Quarzwiler active in?", "not found", (f("text", "not found"),),
    ctx(("search_companies", [])), answer_kind="not_found", category="not_found")

# ------------------------------------------------------------------------------------------- answers

UID_DOSSIER = (
    "The UID of **Marvelzen GmbH** is `CHE-203.113.104`.\n\n**Marvelzen GmbH** is seated in Thun; registered address: "
    "Seestrasse 12, 3600 Thun (HR02-1000009120, 2021-06-30).\n\nLegal form: GmbH.\n\nNominal capital of **Marvelzen GmbH**: "
    "CHF 20'000 (HR01-1000004412, 2020-02-11).\n\nStatus: active (HR02-1000009120, 2021-06-30).\n\nPurpose: Handel mit "
    "Waren aller Art. (HR01-1000004412, 2020-02-11)\n\nPersons in the notices of **Marvelzen GmbH**:\n\n"
    "| Person | Role | Signature | Status | Notice |\n|---|---|---|---|---|\n"
    "| Kunz, Andrea | Gesellschafterin und Geschäftsführerin | Einzelunterschrift | registered | HR01-1000004412, 2020-02-11 |\n"
    "| Meier, Thomas | Gesellschafter | ohne Zeichnungsberechtigung | registered | HR01-1000004412, 2020-02-11 |\n\n"
    "Notices about **Marvelzen GmbH** (2):\n- 2020-02-11 · HR01-1000004412 · new entry (foundation)\n"
    "- 2021-06-30 · HR02-1000009120 · change (address)\n\nNext: Show the network of Marvelzen GmbH · Show the event "
    "history of Marvelzen GmbH" + FOOTER)

OTHER_DOSSIER = (
    "The UID of **Varvopra GmbH** is `CHE-390.002.614`.\n\n**Varvopra GmbH** is seated in Olten; registered address: "
    "Bahnhofstrasse 4, 4600 Olten.\n\nLegal form: GmbH.\n\nStatus: active.\n\nNext: Show the network of Varvopra GmbH"
    + FOOTER)

PERSONS_TABLE = (
    "Persons in the notices of **Helhel Haustechnik KLG**:\n\n| Person | Role | Signature | Status | Notice |\n"
    "|---|---|---|---|---|\n"
    "| Bergwyler, Michael | Gesellschafter | Einzelunterschrift | registered | HR01-1000001288, 2019-05-06 |\n"
    "| Niederli, Urs | Gesellschafter | Einzelunterschrift | registered | HR01-1000001288, 2019-05-06 |\n\n"
    "Next: Show the network of Helhel Haustechnik KLG · Show the event history of Helhel Haustechnik KLG" + FOOTER)

HISTORY_LIST = (
    "Notices about **Talon Azur Sàrl** (5):\n- 2019-07-03 · HR01-1000001756 · new entry (foundation)\n"
    "- 2020-03-09 · HR02-1000004148 · change (address)\n- 2020-04-20 · HR02-1000004551 · change (officers/other)\n"
    "- 2020-05-07 · HR02-1000004728 · change (purpose)\n- 2022-06-14 · HR02-1000012059 · change (capital)\n\n"
    "Next: Show the network of Talon Azur Sàrl · Search the notice texts for more" + FOOTER)


def _cases() -> list[Case]:
    C: list[Case] = []

    def right(id_: str, item: Item, answer: str, metric: str, trap: str, bound: float = 0.9, **kw: Any) -> None:
        C.append(Case(id_, item, answer, metric, bound, True, trap, **kw))

    def wrong(id_: str, item: Item, answer: str, metric: str, trap: str, bound: float = 0.5, **kw: Any) -> None:
        C.append(Case(id_, item, answer, metric, bound, False, trap, **kw))

    # --- correctness: right answers in other shapes, formats, languages
    right("uid-offline", UID, "The UID of **Marvelzen GmbH** is `CHE-203.113.104`.\n\nNext: Show the network of Marvelzen GmbH"
          " · Show the event history of Marvelzen GmbH" + FOOTER, CORRECTNESS, "offline engine shape")
    right("uid-terse", UID, "CHE-203.113.104", CORRECTNESS, "terse")
    right("uid-undotted", UID, "Marvelzen GmbH has UID CHE203113104.", CORRECTNESS, "uid without separators")
    right("uid-de", UID, "Die UID der Marvelzen GmbH lautet CHE-203.113.104 (Neueintrag HR01-1000004412 vom 11.02.2020).",
          CORRECTNESS, "German, with a citation")
    right("uid-dossier", UID, UID_DOSSIER, CORRECTNESS, "a dossier: padding does not make it wrong")
    right("address-offline", ADDRESS, "**Holzhofer Immobilien GmbH** is seated in Zermatt; registered address: St. "
          "Alban-Vorstadt 82, 3920 Zermatt (HR02-1000015530, 2023-03-14).\n\nNext: Show the network of Holzhofer "
          "Immobilien GmbH" + FOOTER,
          CORRECTNESS, "offline engine shape")
    right("address-order", ADDRESS, "3920 Zermatt, St. Alban-Vorstadt 82.", CORRECTNESS, "postcode first")
    right("address-fr", ADDRESS, "L'adresse de Holzhofer Immobilien GmbH est St. Alban-Vorstadt 82, 3920 Zermatt.",
          CORRECTNESS, "French")
    right("street-order", STREET, "Bergegger Haustechnik GmbH: 3930 Visp, Hauptstrasse 107.", CORRECTNESS,
          "address parts reordered")
    right("street-de", STREET, "Die Firma ist an der Hauptstrasse 107 in 3930 Visp domiziliert.", CORRECTNESS, "German, 'in'")
    right("capital-offline", CAPITAL, "Nominal capital of **ansig & Associés Sàrl**: CHF 75'000, of which CHF 75'000 paid in "
          "(HR01-1000006710, 2020-09-01)." + FOOTER, CORRECTNESS, "offline engine shape, paid-in beside nominal")
    right("capital-space", CAPITAL, "Le capital social s'élève à CHF 75 000.", CORRECTNESS, "French, space thousands")
    right("capital-dash", CAPITAL, "Fr. 75'000.–", CORRECTNESS, "Swiss Fr. 75'000.–")
    right("capital-it", CAPITAL, "Il capitale nominale è di 75.000 franchi.", CORRECTNESS, "Italian, dot thousands")
    right("capital-mio", CAPITAL, "The share capital is CHF 0.075 Mio.", CORRECTNESS, "in millions")
    right("founded-offline", FOUNDED, "**Elpra Sonnen AG** was entered in the commercial register (new entry) on 2019-11-27 "
          "(HR01-1000003152).\n\nNext: Show the network of Elpra Sonnen AG · Show the event history of Elpra Sonnen AG"
          + FOOTER, CORRECTNESS, "offline engine shape")
    right("founded-swiss", FOUNDED, "Elpra Sonnen AG wurde am 27.11.2019 im Handelsregister eingetragen.", CORRECTNESS,
          "Swiss date, German")
    right("founded-long-de", FOUNDED, "Gegründet: 27. November 2019.", CORRECTNESS, "German long date")
    right("founded-fr", FOUNDED, "La société a été inscrite le 27 novembre 2019 (HR01-1000003152).", CORRECTNESS,
          "French long date")
    right("founded-it", FOUNDED, "Elpra Sonnen AG è stata iscritta il 27 novembre 2019.", CORRECTNESS, "Italian long date")
    right("founded-en-us", FOUNDED, "It was founded on November 27, 2019.", CORRECTNESS, "month first")
    right("founded-cited", FOUNDED, "Founded 2019-11-27 (HR01-1000003152, 2019-11-27); a later change followed "
          "(HR02-1000008841, 2021-04-12).", CORRECTNESS, "a second notice cited as evidence is no second answer")
    right("bankruptcy-de", BANKRUPTCY, "Der Konkurs über die Ionhel Handel GmbH in Liquidation wurde am 3. Mai 2021 eröffnet "
          "(KK02-0000000756).", CORRECTNESS, "German, 'Mai' is the month not a negation")
    right("bankruptcy-swiss", BANKRUPTCY, "Bankruptcy: bankruptcy publication / call to creditors on 03.05.2021 "
          "(KK02-0000000756).", CORRECTNESS, "Swiss date with leading zeros")
    right("seat-terse", SEAT, "Le Locle.", CORRECTNESS, "terse")
    right("seat-it", SEAT, "La sede di Wirzinger Formation en liquidation è a Le Locle (NE).", CORRECTNESS, "Italian")
    right("legal-terse", LEGAL_FORM, "GmbH", CORRECTNESS, "terse")
    right("legal-fr", LEGAL_FORM, "Varvopra GmbH est une société à responsabilité limitée.", CORRECTNESS,
          "French name of the form")
    right("legal-offline", LEGAL_FORM, "Legal form: GmbH.\n\nNext: Show the network of Varvopra GmbH" + FOOTER, CORRECTNESS,
          "offline engine shape")
    right("persons-table", PERSONS, PERSONS_TABLE, CORRECTNESS, "offline persons table")
    right("persons-prose", PERSONS, "Michael Bergwyler and Urs Niederli, both partners (Gesellschafter).", CORRECTNESS,
          "first name first, prose")
    right("persons-reversed", PERSONS, "- Niederli, Urs — Gesellschafter\n- Bergwyler, Michael — Gesellschafter", CORRECTNESS,
          "other order, bullets")
    right("companies-semicolon", COMPANIES, "Ionnovti Uhren GmbH; Helri Sonnen GmbH.", CORRECTNESS, "other order, terse")
    right("companies-offline", COMPANIES, "**Oğuz Emre Günein** appears in notices of 2 companies:\n- Helri Sonnen GmbH — "
          "Geschäftsführer (HR01-1000010554, 2022-01-17)\n- Ionnovti Uhren GmbH — Gesellschafter (HR02-1000016002, "
          "2023-05-02)" + FOOTER, CORRECTNESS, "offline network list")
    right("history-offline", HISTORY, HISTORY_LIST, CORRECTNESS, "offline history list")
    right("history-swiss", HISTORY, "03.07.2019 HR01-1000001756; 09.03.2020 HR02-1000004148; 20.04.2020 HR02-1000004551; "
          "07.05.2020 HR02-1000004728; 14.06.2022 HR02-1000012059.", CORRECTNESS, "Swiss dates")
    right("first-offline", FIRST, "The first notice about **alpvoox Costruzioni Sagl** is HR02-1000000439 of 2019-02-15, a "
          "change." + FOOTER, CORRECTNESS, "offline engine shape")
    right("head-offline", HEAD, "Corporate structure: Sigvel Handel GmbH (head office, HR01-1000002043, 2019-08-02)." + FOOTER,
          CORRECTNESS, "offline structure line")
    right("renamed-de", RENAMED, "Die Kati SA hiess früher Teczen Prime SA; die Namensänderung wurde am 21.10.2024 publiziert "
          "(HR02-1000020411).", CORRECTNESS, "German")
    right("notfound-offline", NOT_FOUND, "I found no company or person matching 'Zorblax Innovations AG'." + FOOTER,
          CORRECTNESS, "honest not found")
    right("notfound-de", NOT_FOUND, "Eine Firma Zorblax Innovations AG ist im Handelsregister nicht eingetragen.", CORRECTNESS,
          "honest not found, German")
    right("count-offline", COUNT, "There were **42** bankruptcy notices in canton ZH in 2021 (KK01, KK02), concerning 40 "
          "companies and 3 person(s).", CORRECTNESS, "offline count with other counts beside it")
    right("count-de", COUNT, "Im Kanton Zürich wurden 2021 zweiundvierzig – genau 42 – Konkursmeldungen publiziert.",
          CORRECTNESS, "German")

    # --- correctness: wrong answers
    wrong("uid-negated", UID, "The UID of Marvelzen GmbH is not CHE-203.113.104.", CORRECTNESS, "negated", 0.1)
    wrong("uid-swapped", UID, "The UID of **Varvopra GmbH** is `CHE-390.002.614`.", CORRECTNESS, "swapped entity", 0.1)
    wrong("uid-two", UID, "Marvelzen GmbH: CHE-203.113.104 or CHE-203.113.140.", CORRECTNESS, "wrong uid beside the right one")
    wrong("address-negated", ADDRESS, "Holzhofer Immobilien GmbH is NOT at St. Alban-Vorstadt 82, 3920 Zermatt any more.",
          CORRECTNESS, "negated", 0.1)
    wrong("address-negated-de", ADDRESS, "Die Holzhofer Immobilien GmbH ist an der St. Alban-Vorstadt 82, 3920 Zermatt nicht "
          "mehr eingetragen.", CORRECTNESS, "negated, German (negation after the facts)", 0.1)
    wrong("address-negated-fr", ADDRESS, "Holzhofer Immobilien GmbH n'est plus domiciliée à St. Alban-Vorstadt 82, 3920 "
          "Zermatt.", CORRECTNESS, "negated, French", 0.1)
    wrong("address-postcode", ADDRESS, "St. Alban-Vorstadt 82, 3920 Zermatt or 3902 Brig-Glis.", CORRECTNESS,
          "a second postcode beside the right one", 0.7)
    wrong("seat-negated-it", SEAT, "Wirzinger Formation en liquidation non ha più sede a Le Locle.", CORRECTNESS,
          "negated, Italian", 0.1)
    wrong("seat-hedged", SEAT, "Its seat is Le Locle or Neuchâtel.", CORRECTNESS, "hedged between two places")
    wrong("capital-two", CAPITAL, "The capital is CHF 75'000; an earlier notice gives CHF 50'000.", CORRECTNESS,
          "a wrong amount beside the right one")
    wrong("capital-wrong", CAPITAL, "The share capital is CHF 57'000.", CORRECTNESS, "digits swapped", 0.1)
    wrong("founded-two-dates", FOUNDED, "Elpra Sonnen AG was founded on 2019-11-27 or on 2019-11-22.", CORRECTNESS,
          "wrong date beside the right one")
    wrong("founded-two-dates-de", FOUNDED, "Gegründet am 22.11.2019, publiziert am 27.11.2019.", CORRECTNESS,
          "a second (journal) date presented as an answer")
    wrong("founded-cite-only", FOUNDED, "Elpra Sonnen AG was founded on 2018-05-02 (HR01-1000003152, 2019-11-27).",
          CORRECTNESS, "wrong stated date, right date only inside the citation")
    wrong("founded-negated", FOUNDED, "Elpra Sonnen AG was not founded on 27 November 2019.", CORRECTNESS, "negated", 0.1)
    wrong("founded-swapped", FOUNDED, "Elpra Sonnen AG was entered in the commercial register on 2021-04-12 "
          "(HR02-1000008841).", CORRECTNESS, "the date of another notice", 0.1)
    wrong("legal-wrong", LEGAL_FORM, "Varvopra GmbH is an AG.", CORRECTNESS, "the form inside the name is no answer", 0.1)
    wrong("legal-echo", LEGAL_FORM, "The legal form of Varvopra GmbH.", CORRECTNESS, "echo", 0.1)
    wrong("legal-two", LEGAL_FORM, "Varvopra GmbH is a GmbH or a société anonyme.", CORRECTNESS, "hedged between two forms")
    wrong("uid-refusal", UID, "I'm sorry, I cannot answer that question.", CORRECTNESS, "refusal", 0.0)
    wrong("uid-notfound", UID, "I found no company or person matching 'Marvelzen GmbH'.", CORRECTNESS,
          "not found for an entity that exists", 0.0)
    wrong("persons-partial", PERSONS, "Helhel Haustechnik KLG: Bergwyler, Michael (Gesellschafter).", CORRECTNESS,
          "partial list", 0.7)
    wrong("persons-extra", PERSONS, "Bergwyler, Michael; Niederli, Urs; Kunz, Andrea; Meier, Thomas.", CORRECTNESS,
          "two invented members beside the right ones", 0.7)
    wrong("persons-swapped", PERSONS, "Bergwyler, Urs; Niederli, Michael.", CORRECTNESS, "first names swapped", 0.1)
    wrong("persons-other", PERSONS, "| Person | Role |\n|---|---|\n| Kunz, Andrea | Gesellschafterin |\n| Meier, Thomas | "
          "Gesellschafter |", CORRECTNESS, "another company's persons", 0.1)
    wrong("companies-partial", COMPANIES, "Oğuz Emre Günein is active in Ionnovti Uhren GmbH.", CORRECTNESS, "partial list", 0.7)
    wrong("companies-negated", COMPANIES, "Oğuz Emre Günein is no longer active in Helri Sonnen GmbH; he is active in Ionnovti "
          "Uhren GmbH.", CORRECTNESS, "one item denied", 0.7)
    wrong("history-partial", HISTORY, "- 2019-07-03 · HR01-1000001756 · new entry\n- 2022-06-14 · HR02-1000012059 · change",
          CORRECTNESS, "partial list", 0.6)
    wrong("history-extra", HISTORY, HISTORY_LIST.replace("\n\nNext:", "\n- 2023-01-09 · HR02-1000014410 · change\n- "
          "2023-08-21 · HR03-1000016118 · deletion\n- 2024-02-02 · HR02-1000018801 · change\n\nNext:"), CORRECTNESS,
          "three invented notices after the right ones", 0.8)
    wrong("first-latest", FIRST, "The first notice about alpvoox Costruzioni Sagl is HR02-1000003310 of 2019-12-02.",
          CORRECTNESS, "the wrong notice", 0.1)
    wrong("head-hedged", HEAD, "The head office is Sigvel Handel GmbH or Sigvel Holding AG.", CORRECTNESS, "hedged")
    wrong("notfound-invented", NOT_FOUND, "The UID of Zorblax Innovations AG is CHE-488.201.993.", CORRECTNESS,
          "invents an entity that does not exist", 0.0)
    wrong("notfound-dossier", NOT_FOUND, UID_DOSSIER, CORRECTNESS, "answers about another entity", 0.0)
    wrong("count-two", COUNT, "There were 42 or 44 bankruptcy notices.", CORRECTNESS, "hedged count")
    wrong("count-wrong", COUNT, "There were 24 bankruptcy notices in canton ZH in 2021, concerning 42 companies.",
          CORRECTNESS, "the right number counting the wrong thing", 0.1)

    # --- information recall
    right("recall-founded", FOUNDED, "Published on 27.11.2019 as HR01-1000003152.", RECALL, "all facts, Swiss date")
    right("recall-address", ADDRESS, "Zermatt (3920), St. Alban-Vorstadt 82", RECALL, "all facts, other order", 0.9)
    right("recall-renamed", RENAMED, "Renamed from Teczen Prime SA on 21 October 2024 (HR02-1000020411).", RECALL,
          "all facts, long date")
    wrong("recall-negated", ADDRESS, "The company is no longer registered at St. Alban-Vorstadt 82, 3920 Zermatt.", RECALL,
          "negated", 0.0)
    wrong("recall-negated-de", FOUNDED, "Die Firma wurde nicht am 27.11.2019 gegründet, und HR01-1000003152 ist keine "
          "Neueintragung.", RECALL, "negated, German", 0.0)

    # --- faithfulness
    right("faith-offline", UID, UID_DOSSIER, FAITHFULNESS, "every value from the context")
    right("faith-cited", FOUNDED, "Elpra Sonnen AG was entered on 27.11.2019 (HR01-1000003152, 2019-11-27).", FAITHFULNESS,
          "citation matches the context")
    right("faith-notfound", NOT_FOUND, "No company named Zorblax Innovations AG is in the register data.", FAITHFULNESS,
          "honest not found, empty rows")
    right("faith-notfound-empty", NOT_FOUND, "I could not find Zorblax Innovations AG.", FAITHFULNESS,
          "honest not found, no context at all", context="")
    right("faith-refusal", UID, "I'm sorry, I cannot answer that.", FAITHFULNESS, "a refusal states nothing", context="")
    right("faith-persons", PERSONS, PERSONS_TABLE, FAITHFULNESS, "table from the rows")
    right("faith-capital-fr", CAPITAL, "Le capital nominal de ansig & Associés Sàrl est de CHF 75 000, entièrement libéré "
          "(HR01-1000006710, 01.09.2020).", FAITHFULNESS, "other formats than the context")
    right("faith-count", HISTORY, HISTORY_LIST, FAITHFULNESS, "a count the system made from its rows")
    wrong("faith-invented-cite", FOUNDED, "Elpra Sonnen AG was entered on 2019-11-27 (HR01-1000099999, 2019-11-27).",
          FAITHFULNESS, "invented citation")
    wrong("faith-cite-date", FOUNDED, "Elpra Sonnen AG was entered on 2019-11-27 (HR01-1000003152, 2019-11-28).",
          FAITHFULNESS, "citation with the wrong date")
    wrong("faith-prose-no-context", ADDRESS, "Holzhofer Immobilien GmbH is a family-run real-estate agency in Zermatt, "
          "founded by Peter Holzhofer in 1998.", FAITHFULNESS, "invented prose, nothing retrieved", 0.0, context="")
    wrong("faith-vague-no-context", ADDRESS, "It is a well established company with a long tradition in the region.",
          FAITHFULNESS, "vague prose, nothing retrieved", 0.0, context="")
    wrong("faith-invented-values", UID, "Marvelzen GmbH (CHE-203.113.104) was founded on 2017-03-01 with a capital of CHF "
          "150'000 by Hans Gerber.", FAITHFULNESS, "invented values beside one retrieved")
    wrong("faith-invented-persons", PERSONS, "Helhel Haustechnik KLG: Bergwyler, Michael; Sutter, Claudia; Imhof, Reto.",
          FAITHFULNESS, "invented members", 0.6)
    wrong("faith-notfound-invented", NOT_FOUND, "Zorblax Innovations AG (CHE-488.201.993) is a stock corporation in Zug, "
          "founded on 12.03.2015.", FAITHFULNESS, "invents an entity over empty rows", 0.0)

    # --- relevance (the real MiniLM)
    right("rel-terse-uid", UID, "CHE-203.113.104", RELEVANCE, "terse")
    right("rel-offline-uid", UID, "The UID of **Marvelzen GmbH** is `CHE-203.113.104`.\n\nNext: Show the network of Marvelzen "
          "GmbH · Show the event history of Marvelzen GmbH" + FOOTER, RELEVANCE, "offline engine shape")
    right("rel-de-founded", FOUNDED, "Elpra Sonnen AG wurde am 27.11.2019 gegründet.", RELEVANCE, "German")
    right("rel-it-seat", SEAT, "La sede è a Le Locle.", RELEVANCE, "Italian, terse")
    right("rel-persons-table", PERSONS, PERSONS_TABLE, RELEVANCE, "a table")
    right("rel-history", HISTORY, HISTORY_LIST, RELEVANCE, "a list")
    right("rel-notfound", NOT_FOUND, "I found no company or person matching 'Zorblax Innovations AG'." + FOOTER, RELEVANCE,
          "honest not found")
    right("rel-capital-fr", CAPITAL, "Le capital s'élève à CHF 75 000.", RELEVANCE, "French")
    right("rel-wrong-but-on-topic", FOUNDED, "Elpra Sonnen AG was founded on 2018-05-02.", RELEVANCE,
          "a wrong date still answers the question")
    right("rel-address", ADDRESS, "3920 Zermatt, St. Alban-Vorstadt 82", RELEVANCE, "terse address")
    right("rel-legal-fr", LEGAL_FORM, "Une Sàrl (société à responsabilité limitée).", RELEVANCE, "French, terse")
    wrong("rel-echo", UID, "What is the UID of Marvelzen GmbH?", RELEVANCE, "the question repeated", 0.1)
    wrong("rel-echo-restated", ADDRESS, "You asked for the registered address of Holzhofer Immobilien GmbH. The registered "
          "address of Holzhofer Immobilien GmbH is its registered address.", RELEVANCE, "echo", 0.1)
    wrong("rel-echo-de", FOUNDED, "Wann wurde die Elpra Sonnen AG gegründet? Die Elpra Sonnen AG wurde gegründet.", RELEVANCE,
          "echo, German", 0.1)
    wrong("rel-refusal", UID, "I'm sorry, but I cannot help with that request.", RELEVANCE, "refusal", 0.1)
    wrong("rel-refusal-fr", CAPITAL, "Désolé, je ne peux pas répondre à cette question.", RELEVANCE, "refusal, French", 0.1)
    wrong("rel-notfound-exists", UID, "I found no company or person matching 'Marvelzen GmbH'.", RELEVANCE,
          "not found for an entity that exists", 0.2)
    wrong("rel-other-dossier", UID, OTHER_DOSSIER, RELEVANCE, "another entity's dossier", 0.2)
    wrong("rel-offtopic-kind", FOUNDED, "Elpra Sonnen AG is a stock corporation with its seat in Chur; it trades in solar "
          "panels.", RELEVANCE, "about the entity, not what was asked", 0.2)
    wrong("rel-padded", UID, UID_DOSSIER, RELEVANCE, "a whole dossier for one fact", 0.6)
    wrong("rel-padded-late", FOUNDED, "Elpra Sonnen AG is a stock corporation (AG) with its seat in Chur, canton Graubünden. "
          "Its purpose is the planning and installation of solar plants and related services. The company is active and "
          "has had several changes to its board of directors, its signatories and its auditors over the years. Its "
          "persons include members of the board, a president and authorised signatories with joint signature. "
          "It was entered in the register on 2019-11-27 (HR01-1000003152).", RELEVANCE, "the answer comes last", 0.6)
    wrong("rel-notfound-dossier", NOT_FOUND, UID_DOSSIER, RELEVANCE, "a dossier instead of 'not found'", 0.2)
    # --- the dataset builder's newer shapes: counts, rankings, full connection lists, built not-found items
    right("count-hr01-offline", COUNT_HR01, "There were **37** new registration notices in canton BE in 2021 (HR01), "
          "concerning 37 companies.", CORRECTNESS, "offline count, a company count beside it")
    right("count-hr01-fr", COUNT_HR01, "37 nouvelles inscriptions ont été publiées dans le canton de Berne en 2021.",
          CORRECTNESS, "French")
    wrong("count-hr01-wrong", COUNT_HR01, "There were 73 new registrations in canton BE in 2021.", CORRECTNESS,
          "digits swapped", 0.1)
    wrong("count-hr01-range", COUNT_HR01, "Between 37 and 41 new registrations were published.", CORRECTNESS,
          "a second count beside the right one")
    right("top-city-offline", TOP_CITY, "Top 3 companies by nominal capital (seat Zermatt):\n\n| # | Company | Seat | "
          "Legal form | Nominal capital | uid |\n|---|---|---|---|---|---|\n| 1 | Gornergrat Hotels AG | Zermatt | AG | "
          "CHF 2'500'000 | `CHE-412.300.118` |\n| 2 | Holzhofer Immobilien GmbH | Zermatt | GmbH | CHF 200'000 | "
          "`CHE-318.545.201` |\n| 3 | Zermatt Bergsport GmbH | Zermatt | GmbH | CHF 40'000 | `CHE-150.221.904` |" + FOOTER,
          CORRECTNESS, "offline ranking table")
    wrong("top-city-other", TOP_CITY, "The largest is Holzhofer Immobilien GmbH (CHE-318.545.201) with CHF 200'000.",
          CORRECTNESS, "swapped entity: the second of the ranking", 0.1)
    right("persons-left", PERSONS, PERSONS_TABLE.replace(
        "\n\nNext:", "\n| Imhof, Reto | Kommanditär | ohne Zeichnungsberechtigung | left | HR02-1000004410, 2020-03-02 |"
        "\n\nNext:"), CORRECTNESS, "offline table with a person marked as left")
    right("connected-offline", CONNECTED, "Linked through shared persons (3):\n- Verein Pramar Events — via Kelmi, Driton "
          "Arben Valon (Mitglied, HR01-1000006031, 2020-07-14)\n- Zusig GmbH — via Pfistler, Jonas (Mitglied, "
          "HR02-1000011873, 2022-05-30)\n- Vogen AG — via Pfistler, Jonas (Mitglied, HR02-1000013390, 2022-10-04)" + FOOTER,
          CORRECTNESS, "offline lateral list")
    wrong("connected-padded-list", CONNECTED, "Verein Pramar Events; Zusig GmbH; Treuhand Cham GmbH; Helri Sonnen GmbH; "
          "Rivo & Partner GmbH.", CORRECTNESS, "partial list padded with three companies that are not connected")
    right("notfound-built", NOT_FOUND_BUILT, "I found no company or person matching 'Jolanda Quarzwiler'." + FOOTER,
          CORRECTNESS, "honest not found (the builder's 'not found' fact)")
    wrong("notfound-candidates", NOT_FOUND_BUILT, "I found 2 candidates for 'Jolanda Quarzwiler':\n\n| # | Name | Kind | "
          "Seat / residence | Status | uid |\n|---|---|---|---|---|---|\n| 1 | Quarzwiler, Jolanda Maria | Person | Thun | "
          "2 notice(s) | `P0004411` |\n| 2 | Quarzwil AG | Company | Biel | active | `CHE-233.018.442` |", CORRECTNESS,
          "offers candidates without saying the person is not there", 0.0)
    right("rel-top-city", TOP_CITY, "Top 3 companies by nominal capital (seat Zermatt):\n\n| # | Company | Seat | "
          "Legal form | Nominal capital | uid |\n|---|---|---|---|---|---|\n| 1 | Gornergrat Hotels AG | Zermatt | AG | "
          "CHF 2'500'000 | `CHE-412.300.118` |\n| 2 | Holzhofer Immobilien GmbH | Zermatt | GmbH | CHF 200'000 | "
          "`CHE-318.545.201` |\n| 3 | Zermatt Bergsport GmbH | Zermatt | GmbH | CHF 40'000 | `CHE-150.221.904` |" + FOOTER,
          RELEVANCE, "a ranking table whose first row is the answer")
    right("rel-count", COUNT_HR01, "37.", RELEVANCE, "terse count")
    return C


CASES = _cases()
