"""Counts and rankings read in four languages (agent/offline/filters.py): what is counted or ranked and every
filter stated. Phrasings written here, none taken from an evaluation set; every result must be valid tool input."""
from __future__ import annotations

from datetime import date

import pytest

from agent.offline import filters
from kg.endpoints.analytics import CountArgs, TopArgs


@pytest.mark.parametrize("question, expected", [
    ("How many deletions were published in canton Vaud in 2022?", {"event_type": "deletion", "canton": "VD", "year": 2022}),
    ("how many new registrations per year since 2020 in canton ZH",
     {"event_type": "foundation", "canton": "ZH", "since": "2020-01-01", "group_by": "year"}),
    ("Number of bankruptcies in Geneva between 2019 and 2021",
     {"event_type": "bankruptcy", "canton": "GE", "since": "2019-01-01", "until": "2021-12-31"}),
    ("Wie viele Konkurse gab es 2023 im Kanton Bern?", {"event_type": "bankruptcy", "canton": "BE", "year": 2023}),
    ("Anzahl Neueintragungen pro Kanton im Jahr 2024", {"event_type": "foundation", "year": 2024, "group_by": "canton"}),
    ("Wie viele Löschungen vor 2021 im Kanton St. Gallen?", {"event_type": "deletion", "canton": "SG",
                                                            "until": "2020-12-31"}),
    ("Combien de faillites en 2023 dans le canton de vaud ?", {"event_type": "bankruptcy", "canton": "VD", "year": 2023}),
    ("combien de nouvelles inscriptions depuis 2021 dans le canton du Valais",
     {"event_type": "foundation", "canton": "VS", "since": "2021-01-01"}),
    ("Nombre de radiations par année dans le canton de Genève",
     {"event_type": "deletion", "canton": "GE", "group_by": "year"}),
    ("Quanti fallimenti nel Cantone Ticino nel 2022?", {"event_type": "bankruptcy", "canton": "TI", "year": 2022}),
    ("Quante nuove iscrizioni tra il 2019 e il 2021 nel canton Grigioni?",
     {"event_type": "foundation", "canton": "GR", "since": "2019-01-01", "until": "2021-12-31"}),
    ("Numero di cancellazioni per mese nel 2025", {"event_type": "deletion", "year": 2025, "group_by": "month"}),
])
def test_counts(question, expected):
    assert filters.kind(question) == "count"
    args = filters.count_args(question)
    assert args == expected
    CountArgs(**args)


@pytest.mark.parametrize("question, expected", [
    ("Top 10 crypto companies in Geneva by capital", {"limit": 10, "city": "Geneva", "keyword": "crypto"}),
    ("Which 5 companies have the largest capital in canton Zug?", {"limit": 5, "canton": "ZG"}),
    ("largest GmbHs in Bern in liquidation", {"city": "Bern", "legal_form": "GmbH", "status": "liquidation"}),
    ("Top three software companies in canton of Zurich", {"limit": 3, "canton": "ZH", "keyword": "software"}),
    ("Companies with the most notices in Basel", {"metric": "notices", "city": "Basel"}),
    ("Die 5 grössten Softwarefirmen in Zug", {"limit": 5, "city": "Zug", "keyword": "software"}),
    ("Welche Aktiengesellschaften im Kanton Aargau haben das höchste Kapital?", {"canton": "AG", "legal_form": "AG"}),
    ("Die zehn grössten aktiven Firmen im Bereich Immobilien", {"limit": 10, "status": "active",
                                                               "keyword": "immobilien"}),
    ("Les 3 plus grandes sociétés anonymes du canton de Vaud", {"limit": 3, "canton": "VD", "legal_form": "AG"}),
    ("Quelle société basée à Lausanne a le plus gros capital ?", {"city": "Lausanne"}),
    ("les cinq plus grandes entreprises du secteur horlogerie", {"limit": 5, "keyword": "horlogerie"}),
    ("Le 10 aziende più grandi del canton Ticino", {"limit": 10, "canton": "TI"}),
    ("Quale società con sede a Lugano ha il capitale più alto?", {"city": "Lugano"}),
    ("Quali sono le 3 società con più capitale nel canton Vaud?", {"limit": 3, "canton": "VD"}),
    ("Quelles sont les cinq entreprises qui ont le plus de capital à Sion ?", {"limit": 5, "city": "Sion"}),
    ("Le sagl attive nel settore immobiliare con il capitale maggiore", {"legal_form": "GmbH", "status": "active",
                                                                       "keyword": "immobiliare"}),
])
def test_rankings(question, expected):
    assert filters.kind(question) == "rank"
    args = filters.rank_args(question)
    assert args == {"metric": "capital"} | expected
    TopArgs(**args)


@pytest.mark.parametrize("question", [
    "What is the address of Zylo Beispiel AG?", "What is the most recent notice of Zylo Beispiel AG?",
    "Wo hat die Zylo Beispiel GmbH ihren Sitz?", "Quel est le but de Zylo Exemple SA ?",
    "Chi è il presidente del consiglio di Zylo Esempio SA?", "Who is the oldest person on the board of Zylo AG?",
])
def test_questions_about_one_entity_are_no_aggregates(question):
    assert filters.kind(question) is None


def test_a_year_inside_a_uid_or_date_is_no_year():
    assert "year" not in filters.count_args("How many notices mention CHE-201.920.224 or 12.05.2021?")


def test_canton_aargau_is_not_the_legal_form():
    args = filters.rank_args("top 5 companies im Kanton AG")
    assert args.get("canton") == "AG" and "legal_form" not in args


def test_registered_in_a_year_counts_new_entries():
    args = filters.count_args("How many companies were registered in canton St. Gallen in 2022?")
    assert args["event_type"] == "foundation" and args["canton"] == "SG" and args["year"] == 2022
    assert "event_type" not in filters.count_args("How many companies have their registered office in canton Zug?")


@pytest.mark.parametrize("question, where", [
    ("Which companies were founded in Appenzell Innerrhoden in 2020?", {"canton": "AI"}),
    ("Companies registered in 2020 in the canton of Appenzell I.Rh.", {"canton": "AI"}),
    ("Quali ditte sono state costituite nel 2020 in Appenzello Interno?", {"canton": "AI"}),
    ("Welche Firmen gibt es in Graubünden?", {"canton": "GR"}),
    ("Which companies are based in Zürich?", {"city": "Zürich", "canton_guess": "ZH"}),  # a town too: the town
])
def test_a_canton_named_without_the_word_canton_is_the_canton_unless_a_town_has_its_name(question, where):
    assert filters.place(question) == where


def test_the_founding_of_companies_is_no_legal_form():
    assert filters.legal_form("fondations de societes en 2020") is None
    assert filters.legal_form("quelles fondations ont ete creees en 2020") == "Stiftung"


@pytest.mark.parametrize("question, expected", [
    ("Which companies in Lugano are into software?", {"city": "Lugano", "keyword": "software"}),
    ("List the firms based in Sion", {"city": "Sion"}),
    ("Welche Unternehmen im Kanton Jura sind im Bereich Informatik tätig?", {"canton": "JU", "keyword": "informatik"}),
    ("Quelles entreprises de Fribourg sont spécialisées dans la menuiserie ?", {"city": "Fribourg",
                                                                                 "canton_guess": None,
                                                                                 "keyword": "menuiserie"}),
    ("Quali aziende in Ticino si occupano di logistica?", {"canton": "TI", "keyword": "logistica"}),
    ("Which GmbHs are registered in Chur?", {"city": "Chur", "legal_form": "GmbH"}),
])
def test_a_list_of_companies_with_a_filter_is_a_ranking_by_capital(question, expected):
    """"Which companies in X do Y?" lists companies (get_top_entities: by capital, with every stated filter)."""
    assert filters.kind(question) == "rank", question
    args = filters.rank_args(question)
    expected = {k: v for k, v in expected.items() if k != "canton_guess"}
    assert args == {"metric": "capital"} | expected, question
    TopArgs(**args)


@pytest.mark.parametrize("question", ["Which companies are in the commercial register?", "List all companies"])
def test_a_list_with_no_filter_is_no_ranking(question):
    assert filters.kind(question) is None


def test_relative_years_are_calendar_years_before_today():
    this = filters.today().year
    assert filters.count_args("how many companies went bust in canton Vaud last year?") == {
        "event_type": "bankruptcy", "canton": "VD", "year": this - 1}
    assert filters.count_args("Wie viele Löschungen gab es dieses Jahr?") == {"event_type": "deletion", "year": this}
    assert filters.count_args("Combien de faillites l'année dernière ?")["year"] == this - 1
    assert filters.count_args("Quante nuove iscrizioni l'anno scorso nel canton Ticino?")["year"] == this - 1
    day = filters.today()

    def ago(n: int) -> str:
        return date(day.year - n, day.month, min(day.day, 28 if day.month == 2 else 31)).isoformat()

    args = filters.count_args("How many new registrations in the last 3 years?")
    assert args == {"event_type": "foundation", "since": ago(3)}
    assert filters.count_args("Anzahl Konkurse in den letzten zwei Jahren")["since"] == ago(2)
    assert filters.count_args("Combien de radiations ces cinq dernières années ?")["since"] == ago(5)


@pytest.mark.parametrize("question, expected", [
    ("Count of company formations in 2023 in the canton of LU", {"event_type": "foundation", "canton": "LU", "year": 2023}),
    ("In canton VS, how many HR01 notices were there in 2020?", {"sub_rubric": "HR01", "canton": "VS", "year": 2020}),
    ("how many KK02 or KK03 notices happened in SG in the year 2020",
     {"sub_rubric": "KK02,KK03", "canton": "SG", "year": 2020}),
    ("Total removals from the register in canton NE in 2021?", {"event_type": "deletion", "canton": "NE", "year": 2021}),
    ("Number of Löschungen (VD, 2023)", {"event_type": "deletion", "canton": "VD", "year": 2023}),
    ("How many new registraitons were published in canton BE in 2021?",
     {"event_type": "foundation", "canton": "BE", "year": 2021}),
    ("how many bankrupcies in canton GE in 2022", {"event_type": "bankruptcy", "canton": "GE", "year": 2022}),
    ("Wie viele Neueintragugen gab es 2020 im Kanton Luzern?", {"event_type": "foundation", "canton": "LU", "year": 2020}),
])
def test_counts_read_codes_bare_cantons_and_misspelt_event_words(question, expected):
    """Phrasings written for this test: sub-rubric codes, a canton code in brackets, an event word with a typo."""
    assert filters.kind(question) == "count"
    args = filters.count_args(question)
    assert args == expected, question
    CountArgs(**args)


def test_a_legal_form_ag_is_not_read_as_a_bare_canton():
    assert "canton" not in filters.count_args("How many AG were founded in 2021?")


def test_in_ag_is_the_canton_and_an_event_word_is_no_town():
    assert filters.count_args("2022: number of bankruptcy openings in AG?") == {
        "event_type": "bankruptcy", "canton": "AG", "year": 2022}
    assert filters.count_args("Number of Löschungen in 2021") == {"event_type": "deletion", "year": 2021}


def test_a_list_question_still_lets_the_linker_look_for_a_name():
    from agent.offline.understand import aggregate
    assert filters.kind("Which company absorbed quarvex malerei ag in a merger?") == "rank"
    assert not aggregate("Which company absorbed quarvex malerei ag in a merger?")
    assert aggregate("Top 5 companies in canton Zug")
