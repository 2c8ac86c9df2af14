"""The offline engine answers what was asked, and says so when it cannot: a name that is not in the register
is not answered with a similar company's facts, a question it cannot read gets an honest sentence, and the
legal dates and reverse address look-ups come from the world's truth (never from the graph)."""
from __future__ import annotations

import re

import pytest

from agent.session import Session
from kg.endpoints.search import similarity
from tests.support.truth import Truth


def plain(text: str) -> str:
    return re.sub(r"[*`_]", "", text)


def one_word_companies(truth: Truth) -> list[str]:
    """Companies whose name is one distinctive word and a legal form ("Termarul GmbH")."""
    return [u for u, c in sorted(truth.companies.items())
            if re.fullmatch(r"[A-Z][a-z]{5,} (GmbH|AG)", truth.name(u)) and c.get("capital_nominal")]


def test_a_similar_name_is_not_answered_for_a_company_that_does_not_exist(offline, truth):
    uids = one_word_companies(truth)[:3]
    assert uids, "the world has companies named like 'Termarul GmbH'"
    for uid in uids:
        word = truth.name(uid).split()[0]
        c = truth.companies[uid]
        a = offline.ask(f"What is the nominal share capital of {word} Zylvestrik Sàrl?", Session())
        text = plain(a.answer)
        assert "No company or person named" in text, a.answer
        assert a.current_uid is None and f"{c['capital_nominal']:,.0f}".replace(",", "'") not in text, a.answer


def test_part_of_a_name_still_finds_the_company():
    # the user gave part of the name: still a good match; words the name lacks: not one
    assert similarity("Termarul", "Termarul Design GmbH") >= 0.85
    assert similarity("Termarul Design Sàrl", "Termarul GmbH") < 0.8
    assert similarity("Quarvex AG", "Quarvex SA") == 1.0


def test_a_question_it_cannot_read_gets_an_honest_sentence_not_a_dossier(offline, truth):
    uid = one_word_companies(truth)[0]
    name, c = truth.name(uid), truth.companies[uid]
    a = offline.ask(f"What was the annual revenue of {name} last year?", Session())
    text = plain(a.answer)
    assert "could not tell what you want to know" in text and name in text and "revenue" in text, a.answer
    # no fact of the entity is stated as if it were the answer
    assert uid not in text and c["address"]["street"] not in text and "CHF" not in text, a.answer
    assert a.current_uid == uid  # the entity is identified: the next question can ask about it


def test_asking_for_everything_still_gives_the_dossier(offline, truth):
    uid = one_word_companies(truth)[1]
    a = offline.ask(f"Tell me about {truth.name(uid)}", Session())
    text = plain(a.answer)
    assert uid in text and truth.companies[uid]["address"]["street"] in text, a.answer


def test_which_company_is_registered_at_an_address(offline, truth):
    picked = [u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and c.get("address")
              and c["address"].get("house_number") and not c["address"].get("care_of")][:3]
    for uid, tpl in zip(picked, ("Which company is registered at {a}?", "Welche Firma hat die Adresse {a}?",
                                 "Quelle société est inscrite à l'adresse {a} ?"), strict=True):
        ad = truth.companies[uid]["address"]
        address = f"{ad['street']} {ad['house_number']}, {ad['zip']} {ad['town']}"
        a = offline.ask(tpl.format(a=address), Session())
        text = plain(a.answer)
        assert truth.name(uid) in text and uid in text, (address, a.answer)
        assert re.search(r"HR0\d-\d+", text), a.answer  # the notice stating it


def test_an_address_nobody_has_is_said_to_be_unknown(offline):
    a = offline.ask("Which company is registered at Nirgendwostrasse 9999, 9999 Nirgendwo?", Session())
    assert "No notice in the graph states the address" in a.answer, a.answer


def test_the_deletion_date_is_the_registers_not_the_publications(offline, truth):
    deleted = [u for u, c in sorted(truth.companies.items()) if c["status"] == "deleted" and c.get("deleted")
               and truth.publications_of(u) and "," not in truth.name(u)]
    checked = 0
    for uid in deleted[:8]:
        pubs = [p for p in truth.publications_of(uid) if p["sub_rubric"] == "HR03"]
        if not pubs or pubs[-1]["date"] == truth.companies[uid]["deleted"]:
            continue  # only where the two dates differ does the test tell them apart
        a = offline.ask(f"When was {truth.name(uid)} deleted from the commercial register?", Session())
        text = plain(a.answer)
        assert truth.companies[uid]["deleted"] in text and pubs[-1]["publication_number"] in text, a.answer
        checked += 1
    assert checked >= 2


BOARD = {"board_member", "chair", "vice_chair", "sole_board_member"}


def _current_and_former(truth: Truth, uid: str, keys: set[str]) -> tuple[set[str], set[str]]:
    """From the truth: the last names of the persons in these roles still registered, and of those who left."""
    def last(pid: str) -> str:
        return truth.persons[pid]["last_name"]
    now = {last(p) for p, m in truth.current_officers(uid).items() if m.get("role_key") in keys}
    left = {last(p) for p, m in truth.former_officers(uid).items() if m.get("role_key") in keys}
    return now, left - now


def test_persons_by_role_current_and_former(offline, truth):
    picked = []
    for uid in sorted(truth.companies):
        now, left = _current_and_former(truth, uid, BOARD)
        others, _ = _current_and_former(truth, uid, {"authorized_signatory", "managing_director"})
        if now and left and others and "," not in truth.name(uid):
            picked.append((uid, now, left, others))
    assert len(picked) >= 2, "the world has boards with members who left"
    for (uid, now, left, others), (ask_now, ask_left) in zip(picked, (
            ("Who sits on the board of {n}?", "Who are the former board members of {n}?"),
            ("Wer ist im Verwaltungsrat der {n}?", "Wer war früher im Verwaltungsrat der {n}?")), strict=False):
        text = plain(offline.ask(ask_now.format(n=truth.name(uid)), Session()).answer)
        assert all(p in text for p in now) and not any(p in text for p in left), text
        board = text.partition("in other functions:")[0]  # the others who act for it now come apart, after
        assert not any(p in board for p in others - now - left), text  # signatories are not board members
        text = plain(offline.ask(ask_left.format(n=truth.name(uid)), Session()).answer)
        assert all(p in text for p in left) and not any(p in text for p in now), text


def test_a_board_member_renamed_or_written_otherwise_is_listed_once_and_only_while_in_office(offline, truth):
    """Where the notices name a board member under a new name ("[bisher: ...]"), with an umlaut spelled out or an
    initial more or less, the board now lists each member in office once, and no name of one who left."""
    odd_kinds = {"former_name", "translit", "middle_initial", "first_only", "first_initial_last"}
    checked = 0
    for uid in sorted(truth.companies):
        odd = {m["entity"] for p in truth.publications_of(uid) for m in p["mentions"]
               if m["kind"] == "person" and m.get("variant") in odd_kinds and m.get("role_key") in BOARD}
        now = {p for p, m in truth.current_officers(uid).items() if m.get("role_key") in BOARD}
        if not odd or not now or truth.companies[uid]["status"] != "active" or "," in truth.name(uid):
            continue
        text = plain(offline.ask(f"Who sits on the board of {truth.name(uid)}?", Session()).answer)
        board = text.partition("in other functions:")[0]
        for pid in odd:
            named = sum(board.count(f"| {s} |") for s in truth.spellings(pid))
            assert named == (1 if pid in now else 0), (truth.name(uid), truth.canonical(pid), text)
        checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("template", [
    "What's the e-mail of {n}?", "{n}: how many employees?", "Who are the competitors of {n}?",
    "Wer sind die Lieferanten der {n}?", "Quel est le chiffre d'affaires de {n} ?", "Il fatturato di {n}?",
    "What salary does {n} pay?", "Is {n} profitable?", "{n} phone number", "Which insurer covers {n}?",
    "Wie viele Mitarbeitende hat {n}?", "Où trouver le site web de {n} ?"])
def test_what_the_register_does_not_hold_is_said_so(offline, truth, template):
    """Its e-mail, staff, competitors, turnover, pay, insurer: the register holds none, whatever register words the
    question also uses ("e-mail address" is no address, "who are its competitors" asks for none of its persons)."""
    uid = one_word_companies(truth)[2]
    text = plain(offline.ask(template.format(n=truth.name(uid)), Session()).answer)
    assert "do not hold" in text and uid not in text and "CHF" not in text and "| Person |" not in text, text


@pytest.mark.parametrize("template, words", [
    ("How much of the capital of {n} is paid in?", "CHF"),
    ("When did the shareholders of {n} decide to dissolve it?", "liquidation"),
])
def test_register_words_beside_those_still_ask_the_register(offline, truth, template, words):
    uid = one_word_companies(truth)[3]
    text = plain(offline.ask(template.format(n=truth.name(uid)), Session()).answer)
    assert "do not hold" not in text and words.casefold() in text.casefold(), text
