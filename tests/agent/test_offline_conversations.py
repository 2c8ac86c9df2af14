"""The offline engine in a chat: follow-ups worded as people chat (no pronoun, thanks first, a sentence opener,
an overview asked, "which one is older?"), checked against the world's truth.

The phrasings are written here, in four languages; the rules they test were found with the independent
conversation writers of the dev split (`app_eval/datasets/independent_conversations.py`)."""
from __future__ import annotations

import re

import pytest

from agent.session import Session
from tests.agent.test_offline_questions import _key, active_companies, ask, chf, plain


def _founding(truth, uid: str) -> dict | None:
    return next((p for p in truth.publications_of(uid) if p["sub_rubric"] == "HR01"), None)


def _picked(truth, start: int, n: int) -> list[str]:
    """Active companies founded inside the world, with an address, a capital and 2-6 persons registered now, and a
    name no other company bears."""
    pool = [u for u in active_companies(truth, 600, lambda c: c.get("capital_nominal") and c.get("address", {}).get("street"))
            if _founding(truth, u) and 2 <= len(truth.current_officers(u)) <= 6
            and truth.name_counts[truth.name(u).casefold()] == 1]
    return pool[start: start + n]


@pytest.mark.parametrize("follow_up, asked", [
    ("Thanks. Street and number of the registered office?", "address"),
    ("Gut. Adresse gemäss Handelsregister?", "address"),
    ("Merci. Et l'adresse inscrite de la société ?", "address"),
    ("Grazie. Indirizzo registrato?", "address"),
    ("Okay. Wer ist heute eingetragen? VR, GL, Prokura.", "persons"),
    ("Bon. Qui est inscrit aujourd'hui ? CA, direction, signatures.", "persons"),
    ("Lastly: when was the firm entered in the register?", "founded"),
    ("Ensuite, quand a-t-elle été fondée ?", "founded"),
])
def test_a_follow_up_without_a_subject_asks_about_the_active_company(offline, truth, follow_up, asked):
    uid = _picked(truth, 0, 1)[0]
    s = Session()
    ask(offline, f"What is the legal form of {truth.name(uid)}?", s)
    a = ask(offline, follow_up, s)
    text = plain(a.answer)
    assert a.current_uid == uid and "No company or person named" not in text, (follow_up, a.answer)
    if asked == "address":
        assert truth.companies[uid]["address"]["street"] in text, a.answer
    elif asked == "persons":
        listed = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", a.answer, re.M)}
        assert {" ".join(_key(m["text"])) for m in truth.current_officers(uid).values()} <= listed, a.answer
    else:
        assert _founding(truth, uid)["publication_number"] in text, a.answer


@pytest.mark.parametrize("question", [
    "Can you look up {n} for me?",
    "Einen kurzen Überblick über {n}, bitte.",
    "Pouvez-vous me donner un aperçu de {n} ?",
    "Mi fai una panoramica su {n}?",
])
def test_an_overview_asked_in_four_languages_is_the_dossier(offline, truth, question):
    uid = _picked(truth, 1, 1)[0]
    a = ask(offline, question.format(n=truth.name(uid)))
    text = plain(a.answer)
    assert a.current_uid == uid and uid in text and truth.companies[uid]["address"]["street"] in text, a.answer
    assert "could not tell what you want" not in text


@pytest.mark.parametrize("compared, question", [
    ("foundation", "And which one is older?"),
    ("foundation", "Und welche ist zuerst eingetragen worden?"),
    ("foundation", "Et laquelle existe depuis plus longtemps, laquelle est la plus ancienne ?"),
    ("capital", "E quale ha il capitale maggiore?"),
    ("capital", "Laquelle a le plus gros capital ?"),
])
def test_which_one_with_a_comparative_compares_the_last_two_companies(offline, truth, compared, question):
    a_uid, b_uid = next((a, b) for a, b in zip(_picked(truth, 2, 12)[::2], _picked(truth, 2, 12)[1::2], strict=True)
                        if truth.companies[a]["capital_nominal"] != truth.companies[b]["capital_nominal"]
                        and _founding(truth, a)["date"] != _founding(truth, b)["date"])
    s = Session()
    ask(offline, f"Capital of {truth.name(a_uid)}?", s)
    ask(offline, f"And of {truth.name(b_uid)}?", s)
    a = plain(ask(offline, question, s).answer)
    if compared == "capital":
        big = max((a_uid, b_uid), key=lambda u: truth.companies[u]["capital_nominal"])
        assert f"{truth.name(big)} has the larger nominal capital" in a and chf(truth.companies[big]["capital_nominal"]) in a, a
    else:
        first = min((a_uid, b_uid), key=lambda u: _founding(truth, u)["date"])
        assert f"{truth.name(first)} was entered in the commercial register first" in a, a


def test_who_is_a_person_lists_their_companies_and_their_network_only_when_asked(offline, truth):
    persons = [pid for pid in sorted(truth.mentions_of) if 2 <= len(truth.companies_of_person(pid)) <= 4
               and len(truth.spellings(pid)) == 1][:2]
    assert persons
    for pid in persons:
        name = truth.person_display(pid)
        who = plain(ask(offline, f"Who is {name}?").answer)
        assert all(truth.name(u) in who for u in truth.companies_of_person(pid)), who
        assert "Linked through shared persons" not in who
        network = plain(ask(offline, f"Show the network of {name}.").answer)
        assert "Linked through shared persons" in network or "Named in the same notices" in network, network


def test_a_persons_start_asked_with_since_when_is_their_first_notice(offline, truth):
    pid = next(pid for pid, ms in sorted(truth.mentions_of.items()) if len(ms) >= 2
               and all(m["variant"] == "canonical" for m, _ in ms))
    s = Session()
    ask(offline, f"Who is {truth.person_display(pid)}?", s)
    a = plain(ask(offline, "Seit wann taucht die Person im SHAB auf?", s).answer)
    assert truth.mentions_of[pid][0][1]["publication_number"] in a and "The first notice about" in a, a


def test_a_name_with_a_legal_form_is_another_company_even_beside_the_words_the_company(offline, truth):
    uid = _picked(truth, 0, 1)[0]
    s = Session()
    ask(offline, f"What is the address of {truth.name(uid)}?", s)
    a = ask(offline, "And the address of the company Qwxzorbit Plenk AG?", s)
    assert a.current_uid != uid and truth.companies[uid]["address"]["street"] not in plain(a.answer), a.answer


def test_an_apostrophe_inside_a_word_quotes_no_name(offline, truth):
    uid = _picked(truth, 0, 1)[0]
    s = Session()
    ask(offline, f"Tell me about {truth.name(uid)}.", s)
    a = ask(offline, "What's the street address? I'd like to check it's not a letterbox.", s)
    assert a.current_uid == uid and truth.companies[uid]["address"]["street"] in plain(a.answer), a.answer


@pytest.mark.parametrize("same", ["Thanks. And for {n}?", "Merci. Et pour {n} ?", "Danke. Und für {n}?"])
def test_thanks_before_an_elliptic_follow_up_keeps_the_question(offline, truth, same):
    a_uid, b_uid = _picked(truth, 0, 2)
    s = Session()
    ask(offline, f"What is the share capital of {truth.name(a_uid)}?", s)
    a = ask(offline, same.format(n=truth.name(b_uid)), s)
    text = plain(a.answer)
    assert a.current_uid == b_uid and chf(truth.companies[b_uid]["capital_nominal"]) in text, a.answer
    assert "The UID of" not in text and "Legal form" not in text, a.answer  # the question asked, not a dossier
