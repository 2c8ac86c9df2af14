"""The offline engine on realistic questions in English and German, checked against the world's truth.

Questions are written here from templates and filled with entities the truth file names; the expected
facts come from the truth (never from the graph), so a wrong graph, tool or template fails them.
"""
from __future__ import annotations

import re

import pytest

from agent.session import Session
from data_pipeline.model import LEGAL_FORMS
from kg.endpoints.vocabulary import ROLE_GROUPS
from tests.conftest import run
from tests.support.truth import Truth

ASKED: list[str] = []  # every question asked, for the count test at the end


def ask(agent, question: str, session: Session | None = None, uid: str | None = None):
    ASKED.append(question)
    return agent.ask(question, session if session is not None else Session(), uid=uid)


def chf(v: float) -> str:
    return f"{v:,.0f}".replace(",", "'")


def typo(name: str) -> str:
    words = name.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    if len(words[i]) > 6:
        words[i] = words[i][:4] + words[i][5:]
    return " ".join(words)


def plain(text: str) -> str:
    return re.sub(r"[*`_]", "", text)


def active_companies(truth: Truth, n: int, need=lambda c: True) -> list[str]:
    out = [u for u, c in sorted(truth.companies.items())
           if c["status"] == "active" and truth.publications_of(u) and need(c) and "," not in truth.name(u)]
    return out[:n]


def test_address_in_english_and_german_with_misspelled_names(offline, truth):
    templates = ["What is the address of {n}?", "Where is {n} located?", "Wo ist der Sitz der {n}?",
                 "Welche Adresse hat {n}?", "what's the registered address of {n}", "Adresse von {n}?"]
    for tpl, uid in zip(templates, active_companies(truth, 6), strict=True):
        c = truth.companies[uid]
        a = ask(offline, tpl.format(n=typo(truth.name(uid))))
        text = plain(a.answer)
        assert c["address"]["street"] in text and c["address"]["town"] in text, (tpl, truth.name(uid), a.answer)
        assert a.current_uid == uid and re.search(r"\d{4}-\d\d-\d\d", text)  # the notice it rests on


def test_purpose_capital_legal_form_and_uid(offline, truth):
    with_capital = active_companies(truth, 20, lambda c: c.get("capital_nominal"))
    for tpl, uid in zip(["What is the purpose of {n}?", "Was ist der Zweck der {n}?", "What does {n} do?",
                         "Zweck von {n}"], with_capital[:4], strict=True):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert " ".join(truth.companies[uid]["purpose"].split()[:6]) in a.answer, (tpl, a.answer)
    for tpl, uid in zip(["What is the share capital of {n}?", "Wie hoch ist das Kapital der {n}?",
                         "How much capital does {n} have?", "Stammkapital {n}?"], with_capital[4:8], strict=True):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert chf(truth.companies[uid]["capital_nominal"]) in a.answer, (tpl, a.answer)
    for tpl, uid in zip(["What is the legal form of {n}?", "Welche Rechtsform hat {n}?", "legal form of {n}"],
                        with_capital[8:11], strict=True):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert LEGAL_FORMS[truth.companies[uid]["legal_form"]] in a.answer, (tpl, a.answer)
    for tpl, uid in zip(["What is the UID of {n}?", "Wie lautet die UID von {n}?", "UID of {n}?"],
                        with_capital[11:14], strict=True):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert uid in a.answer, (tpl, a.answer)


def _key(name: str) -> list[str]:
    return sorted(name.replace(",", "").lower().split())


BOARD = {"board_member", "chair", "vice_chair", "sole_board_member"}
CHAIR = set(ROLE_GROUPS["president"])
MANAGERS = {"managing_director", "managing_partner", "director", "chair_management", "branch_manager"}


def test_persons_and_roles(offline, truth):
    """All persons when no role is named; the board (or the managers) registered now when one is, then apart the
    others who act for the company now (its president asked: the president alone)."""
    picked = [u for u in active_companies(truth, 400) if 2 <= len(truth.officers(u)) <= 6]
    with_board = [u for u in picked if any(m.get("role_key") in BOARD for m in truth.current_officers(u).values())]
    with_managers = [u for u in picked if any(m.get("role_key") in MANAGERS for m in truth.current_officers(u).values())]
    with_chair = [u for u in active_companies(truth, 400)
                  if any(m.get("role_key") in CHAIR for m in truth.current_officers(u).values())]
    cases = [("Who are the persons registered at {n}?", picked[0], None),
             ("Welche Personen sind bei {n} eingetragen?", picked[1], None),
             ("Wer ist im Verwaltungsrat der {n}?", with_board[0], BOARD),
             ("Board members and roles of {n}", with_board[1], BOARD),
             ("Who manages {n}?", with_managers[0], MANAGERS),
             ("Who chairs the board of {n}?", with_chair[0], CHAIR),
             ("Qui préside le conseil d'administration de {n} ?", with_chair[1], CHAIR),
             ("Chi presiede il consiglio di amministrazione di {n}?", with_chair[2], CHAIR)]
    for tpl, uid, keys in cases:
        a = ask(offline, tpl.format(n=truth.name(uid)))
        asked, _, others = a.answer.partition("in other functions:")
        got = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", asked, re.M)}
        officers = truth.officers(uid) if keys is None else {
            p: m for p, m in truth.current_officers(uid).items() if m.get("role_key") in keys}
        for m in officers.values():
            assert " ".join(_key(m["text"])) in got, (tpl, m["text"], a.answer)
        if keys is not None:  # nobody else among them; the others registered now apart, but beside a president
            assert len(got - {"person"}) == len(officers), (tpl, officers, a.answer)
            rest = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", others, re.M)} - {"person"}
            if keys is CHAIR:
                assert not others, (tpl, a.answer)
            else:
                want = {" ".join(_key(m["text"])) for p, m in truth.current_officers(uid).items() if p not in officers}
                assert want <= rest and not rest & got, (tpl, want - rest, a.answer)


def _shared(truth: Truth) -> list[tuple[str, str, str]]:
    cid_to_uid = {c["id"]: u for u, c in truth.companies.items()}
    by_person: dict[str, set[str]] = {}
    for pub in truth.publications:
        for m in pub["mentions"]:
            if m["kind"] == "person" and m["variant"] == "canonical" and pub.get("company") in cid_to_uid:
                by_person.setdefault(m["text"], set()).add(cid_to_uid[pub["company"]])
    return [(n, *sorted(cs)[:2]) for n, cs in sorted(by_person.items()) if len(cs) >= 2]


def test_connected_companies_through_shared_persons(offline, truth):
    templates = ["Which companies are connected to {n}?", "Mit welchen Firmen ist {n} verbunden?",
                 "Show the network of {n}", "What other companies are linked to {n} through its people?"]
    for tpl, (person, a_uid, b_uid) in zip(templates, _shared(truth)[:4], strict=True):
        a = ask(offline, tpl.format(n=truth.name(a_uid)))
        assert truth.name(b_uid) in a.answer and person in a.answer, (tpl, person, a.answer)
        assert a.intent == "explore_network" and a.network and a.network["nodes"]


def _pubs(truth: Truth, pred) -> list[tuple[str, dict]]:
    """(company uid, publication) for publications matching pred, one per active-looking company."""
    id_to_uid = {c["id"]: u for u, c in truth.companies.items()}
    out, seen = [], set()
    for p in truth.publications:
        uid = id_to_uid.get(p.get("company"))
        if uid and uid not in seen and pred(p) and "," not in truth.name(uid):
            seen.add(uid)
            out.append((uid, p))
    return out


def test_event_dates_foundation_name_change_seat_move(offline, truth):
    for tpl, (uid, p) in zip(["When was {n} founded?", "Wann wurde {n} gegründet?", "When was {n} registered?",
                              "Gründungsdatum von {n}?"], _pubs(truth, lambda p: p["sub_rubric"] == "HR01"), strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["date"] in a.answer and p["publication_number"] in a.answer, (tpl, a.answer)
    renames = _pubs(truth, lambda p: p["sub_rubric"] == "HR02" and p["facts"].get("changes") == ["name"])
    for tpl, (uid, p) in zip(["When was {n} renamed?", "Hatte {n} früher einen anderen Namen?",
                              "What was the former name of {n}?"], renames, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["date"] in a.answer, (tpl, a.answer)
    moves = _pubs(truth, lambda p: p["sub_rubric"] == "HR02" and "seat" in p["facts"].get("changes", []))
    for tpl, (uid, p) in zip(["When did {n} move its seat?", "Wann wurde der Sitz der {n} verlegt?",
                              "Has {n} relocated?"], moves, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["date"] in a.answer, (tpl, a.answer)


def test_event_dates_liquidation_bankruptcy_deletion(offline, truth):
    bankrupt = _pubs(truth, lambda p: p["sub_rubric"] == "KK02")
    for tpl, (uid, p) in zip(["When did {n} go bankrupt?", "Wann ging {n} in Konkurs?", "Is {n} bankrupt?"],
                             bankrupt, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["date"] in a.answer, (tpl, a.answer)
    deleted = _pubs(truth, lambda p: p["sub_rubric"] == "HR03")
    for tpl, (uid, p) in zip(["When was {n} deleted from the register?", "Wann wurde {n} gelöscht?",
                              "Deletion date of {n}?"], deleted, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["date"] in a.answer, (tpl, a.answer)
    liquidations = _pubs(truth, lambda p: p["sub_rubric"].startswith("LS"))
    for tpl, (uid, _p) in zip(["When did {n} go into liquidation?", "Wann wurde {n} aufgelöst?"], liquidations,
                              strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        dates = {q["date"] for q in truth.publications_of(uid)
                 if q["sub_rubric"].startswith("LS") or "liquidation" in q["facts"].get("changes", [])}
        assert any(d in a.answer for d in dates), (tpl, a.answer)


def test_a_dissolution_by_bankruptcy_is_a_liquidation_notice(offline, truth):
    """A register notice saying the company is dissolved because bankruptcy was opened (its name gains "in
    Liquidation") answers "any liquidation notices?" with that notice, beside the bankruptcy."""
    dissolved = _pubs(truth, lambda p: p["sub_rubric"] == "HR02" and "bankruptcy_opened" in p["facts"].get("changes", []))
    assert dissolved
    for tpl, (uid, p) in zip(["Are there any liquidation notices for {n}?", "Gibt es Liquidationsmeldungen zu {n}?"],
                             dissolved, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert p["publication_number"] in a.answer and "No liquidation notice" not in a.answer, (tpl, a.answer)


def test_history_lists_every_notice(offline, truth):
    for tpl, uid in zip(["Show the history of {n}", "Zeige alle Meldungen zu {n}"],
                        active_companies(truth, 40, lambda c: True)[20:22], strict=True):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        for p in truth.publications_of(uid):
            assert p["publication_number"] in a.answer, (tpl, p["publication_number"], a.answer)
        assert a.state == "S3"


def test_persons_by_name(offline, truth):
    picked = [(pid, ms) for pid, ms in sorted(truth.mentions_of.items())
              if len({pub["company"] for _, pub in ms}) >= 1 and all(m["variant"] == "canonical" for m, _ in ms)][:4]
    id_to_uid = {c["id"]: u for u, c in truth.companies.items()}
    for tpl, (_pid, ms) in zip(["Who is {n}?", "Wer ist {n}?", "In which companies is {n} active?",
                                "Tell me about {n}"], picked, strict=True):
        last, first = ms[0][0]["text"].split(", ", 1)
        a = ask(offline, tpl.format(n=f"{first} {last}"))
        for _, pub in ms:
            if pub.get("company") in id_to_uid:
                assert truth.name(id_to_uid[pub["company"]]).split(",")[0] in a.answer, (tpl, a.answer)


def test_full_text_questions(offline, truth):
    from collections import Counter
    words = Counter(w for p in truth.publications if p["sub_rubric"] == "HR01" for w in p["facts"]["name"].split())
    id_to_uid = {c["id"]: u for u, c in truth.companies.items()}
    hr01 = [p for p in truth.publications if p["sub_rubric"] == "HR01" and p["company"] in id_to_uid
            and len(truth.publications_of(id_to_uid[p["company"]])) <= 5
            and any(words[w] == 1 and len(w) > 4 for w in p["facts"]["name"].split())][10:13]
    for tpl, p in zip(["Which notices mention {w}?", "Welche Meldungen erwähnen {w}?", "Search the notices for {w}"],
                      hr01, strict=True):
        word = next(w for w in p["facts"]["name"].split() if words[w] == 1 and len(w) > 4)
        a = ask(offline, tpl.format(w=word))
        assert p["publication_number"] in a.answer, (tpl, word, a.answer)


def test_rankings(offline, truth, ctx):
    from kg.endpoints import call
    in_graph = {r["uid"] for r in call(ctx, "execute_custom_cypher", {
        "query": "MATCH (c:Company) WHERE c.strength = 'strong' RETURN c.uid AS uid"}).rows}
    from collections import Counter
    cantons = [c for c, _ in Counter(c["seats"][-1]["canton"] for c in truth.companies.values()).most_common(3)]
    names = {"ZH": "Zürich", "BE": "Bern", "GE": "Geneva", "VD": "Vaud", "TI": "Ticino", "AG": "Aargau", "SG": "St. Gallen",
             "LU": "Luzern", "BS": "Basel-Stadt", "FR": "Fribourg", "VS": "Valais"}
    for tpl, canton in zip(["Top 5 companies by capital in canton {c}", "Die 5 grössten Firmen nach Kapital im Kanton {c}",
                            "Which are the 5 companies with the largest capital in canton {c}?"], cantons, strict=True):
        expected = sorted(((c["capital_nominal"], c["names"][-1]["name"]) for u, c in truth.companies.items()
                           if u in in_graph and c.get("capital_nominal") and c["seats"][-1]["canton"] == canton
                           and c["status"] != "deleted"), key=lambda x: (-x[0], x[1]))[:5]
        a = ask(offline, tpl.format(c=names.get(canton, canton)))
        assert a.intent == "analytics" and [t.tool for t in a.trace] == ["get_top_entities"]
        for value, _name in expected:
            assert chf(value) in a.answer, (tpl, value, a.answer)


def test_counts(offline, truth):
    from collections import Counter
    kk02 = Counter((p["canton"], p["date"][:4]) for p in truth.publications if p["sub_rubric"] == "KK02")
    names = {"ZH": "Zürich", "BE": "Bern", "GE": "Geneva", "VD": "Vaud", "TI": "Ticino", "AG": "Aargau"}
    picked = [(c, y, n) for (c, y), n in kk02.most_common() if c in names][:2]
    for tpl, (canton, year, n) in zip(["How many bankruptcies were there in canton {c} in {y}?",
                                       "Wie viele Konkurse gab es im Kanton {c} im Jahr {y}?"], picked, strict=True):
        a = ask(offline, tpl.format(c=names[canton], y=year))
        assert f"**{n}**" in a.answer, (tpl, n, a.answer)
    foundations = sum(1 for p in truth.publications if p["sub_rubric"] == "HR01" and p["date"].startswith("2021"))
    a = ask(offline, "How many companies were founded in 2021?")
    assert f"**{foundations}**" in a.answer, a.answer
    per_year = Counter(p["date"][:4] for p in truth.publications if p["sub_rubric"] == "HR03")
    a = ask(offline, "How many deletions per year?")
    for year, n in per_year.items():
        assert f"| {year} | {n} |" in a.answer, (year, n, a.answer)


def test_follow_ups_resolve_pronouns_against_the_conversation(offline, truth):
    picked = [u for u in active_companies(truth, 200) if len(truth.officers(u)) >= 2][5:8]
    for uid in picked:
        s = Session()
        first = ask(offline, f"What is the address of {truth.name(uid)}?", s)
        assert first.current_uid == uid
        second = ask(offline, "Who are its board members?", s)
        assert second.current_uid == uid and [t["tool"] for t in second.to_dict()["trace"]] == ["explore_network"]
        current = truth.current_officers(uid).values()
        board = [m for m in current if m.get("role_key") in BOARD] or list(current)  # no board: who is registered
        listed = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", second.answer, re.M)}
        assert all(" ".join(_key(m["text"])) in listed for m in board), second.answer
        third = ask(offline, "Und wann wurde diese Firma gegründet?", s)
        assert third.current_uid == uid and "get_node_history" in [t.tool for t in third.trace]
    uid = picked[0]
    anchored = ask(offline, "What is its capital?", Session(), uid=uid)
    assert anchored.current_uid == uid and (chf(truth.companies[uid]["capital_nominal"]) in anchored.answer
                                            if truth.companies[uid].get("capital_nominal") else "No capital" in anchored.answer)


def test_french_and_italian_questions_name_the_entity_after_their_preposition(offline, truth):
    """The name is looked up in the graph first, so "de …", "di …", "della …" never become part of it."""
    templates = ["Quelle est l'adresse de {n} ?", "Où se trouve le siège de {n} ?", "Qual è l'indirizzo di {n}?",
                 "Dove ha sede la {n}?"]
    for tpl, uid in zip(templates, active_companies(truth, 30)[24:28], strict=True):
        c = truth.companies[uid]
        a = ask(offline, tpl.format(n=truth.name(uid)))
        assert a.current_uid == uid and c["address"]["street"] in plain(a.answer), (tpl, a.answer)
        assert not a.candidates


def test_uids_in_any_spelling(offline, truth):
    with_capital = active_companies(truth, 40, lambda c: c.get("capital_nominal"))[30:33]
    for uid, spell in zip(with_capital, (lambda d: f"CHE{d}", lambda d: f"che {d[:3]} {d[3:6]} {d[6:]}",
                                         lambda d: f"CHE-{d[:3]}.{d[3:6]} {d[6:]}"), strict=True):
        a = ask(offline, f"What is the share capital of {spell(re.sub(r'[^0-9]', '', uid))}?")
        assert a.current_uid == uid and chf(truth.companies[uid]["capital_nominal"]) in a.answer, a.answer


def test_a_follow_up_naming_another_company_answers_about_it(offline, truth):
    picked = [u for u in active_companies(truth, 200) if len(truth.officers(u)) >= 2][8:10]
    first, other = picked
    s = Session()
    ask(offline, f"What is the address of {truth.name(first)}?", s)
    a = ask(offline, f"Now let's look at {truth.name(other)}. Who are its board members?", s)
    assert a.current_uid == other, a.answer
    names = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", a.answer, re.M)}
    assert all(" ".join(_key(m["text"])) in names for m in truth.officers(other).values()), a.answer
    b = ask(offline, "And its address?", s)
    assert b.current_uid == other and truth.companies[other]["address"]["street"] in plain(b.answer)


@pytest.mark.parametrize("first_q, same_q, then_q", [
    ("Capital of {a}?", "Same question for {b}.", "And its UID?"),
    ("Kapital von {a}?", "Dasselbe für {b}.", "Und die UID?"),
    ("Capitale di {a}?", "Stessa domanda per {b}.", "E il numero IDI?"),
    ("UID de {a} ?", "Même question pour {b}.", "Quanto capitale ha?"),  # a pronoun the language drops
])
def test_the_same_question_about_another_company_and_a_follow_up_without_pronoun(offline, truth, first_q, same_q,
                                                                                  then_q):
    a_uid, b_uid = [u for u in active_companies(truth, 300, lambda c: c.get("capital_nominal"))][20:22]
    s = Session()
    ask(offline, first_q.format(a=truth.name(a_uid)), s)
    same = ask(offline, same_q.format(b=truth.name(b_uid)), s)
    then = ask(offline, then_q, s)
    asked_uid = "UID" in first_q or "IDE" in first_q
    assert same.current_uid == b_uid and (b_uid if asked_uid else chf(truth.companies[b_uid]["capital_nominal"])) \
        in same.answer, same.answer
    assert then.current_uid == b_uid and (chf(truth.companies[b_uid]["capital_nominal"]) if asked_uid else b_uid) \
        in then.answer, then.answer


def test_a_persons_first_notice_is_one_that_names_them(offline, truth):
    persons = [pid for pid, ms in sorted(truth.mentions_of.items()) if len(ms) >= 2
               and all(m["variant"] == "canonical" for m, _ in ms)][:3]
    assert persons
    for pid in persons:
        s = Session()
        ask(offline, f"Who is {truth.person_display(pid)}?", s)
        a = ask(offline, "When did this person first appear in a notice?", s)
        first = truth.mentions_of[pid][0][1]["publication_number"]
        assert "The first notice about" in plain(a.answer) and first in a.answer, (first, a.answer)


def test_a_changed_capital_cites_the_notice_that_changed_it(offline, truth):
    changed = [(truth.uid_of[p["company"]], p) for p in truth.publications if "capital" in p["facts"].get("changes", [])
               and p["company"] in truth.uid_of and truth.companies[truth.uid_of[p["company"]]]["status"] == "active"]
    latest = {uid: p for uid, p in changed}  # publication order: the last change wins
    picked = [(u, p) for u, p in sorted(latest.items()) if truth.name_counts[truth.name(u).casefold()] == 1][:3]
    assert picked, "the built world holds no capital change"
    for uid, pub in picked:
        a = ask(offline, f"What is the share capital of {truth.name(uid)}?")
        assert chf(truth.companies[uid]["capital_nominal"]) in a.answer and pub["publication_number"] in a.answer, \
            (pub["publication_number"], a.answer)


def _founded_in_window(truth: Truth, uid: str) -> str | None:
    return next((p["date"] for p in truth.publications_of(uid) if p["sub_rubric"] == "HR01"), None)


@pytest.mark.parametrize("first_q, then_q, compare_q, fact", [
    ("What is the capital of {a}?", "And of {b}?", "Which of the two has the larger capital?", "capital"),
    ("Kapital von {a}?", "Und von {b}?", "Welche der beiden hat mehr Kapital?", "capital"),
    ("Où est le siège de {a} ?", "Et celui de {b} ?", "Laquelle des deux a été fondée en premier ?", "foundation"),
    ("Dove ha sede {a}?", "E {b}?", "Quale delle due è stata fondata prima?", "foundation"),
])
def test_which_of_the_two_compares_the_last_two_companies(offline, truth, first_q, then_q, compare_q, fact):
    pool = [u for u in active_companies(truth, 400, lambda c: c.get("capital_nominal")) if _founded_in_window(truth, u)
            and truth.name_counts[truth.name(u).casefold()] == 1]
    a_uid, b_uid = next((a, b) for a, b in zip(pool[30:], pool[31:], strict=False)
                        if truth.companies[a]["capital_nominal"] != truth.companies[b]["capital_nominal"]
                        and _founded_in_window(truth, a) != _founded_in_window(truth, b))
    s = Session()
    ask(offline, first_q.format(a=truth.name(a_uid)), s)
    ask(offline, then_q.format(b=truth.name(b_uid)), s)
    answer = plain(ask(offline, compare_q, s).answer)
    if fact == "capital":
        winner = max((a_uid, b_uid), key=lambda u: truth.companies[u]["capital_nominal"])
        first_line = f"{truth.name(winner)} has the larger nominal capital: CHF {chf(truth.companies[winner]['capital_nominal'])}"
    else:
        winner = min((a_uid, b_uid), key=lambda u: _founded_in_window(truth, u))
        first_line = f"{truth.name(winner)} was entered in the commercial register first, on {_founded_in_window(truth, winner)}"
    assert answer.startswith(first_line), (first_line, answer)
    other = b_uid if winner == a_uid else a_uid
    assert truth.name(other) in answer


def test_a_firm_known_only_from_mentions_is_given_its_che_number_never_a_graph_id(offline, ctx):
    """An auditor or c/o firm has no notice of its own: the graph holds the mention that states its CHE number and
    mentions without one (graph ids "WC-…"); the UID asked is the CHE number, and a firm never named with one gets
    no UID at all."""
    named = run(ctx.graph, """
        MATCH (c:Company)-[:HAS_NAME]->(h:NameHub)<-[:HAS_NAME]-(t:Company)
        WHERE c.strength = 'weak' AND t.strength = 'weak' AND c.uid STARTS WITH 'CHE' AND t.uid STARTS WITH 'WC-'
        RETURN DISTINCT c.uid AS uid, c.name AS name ORDER BY uid LIMIT 3""")
    unnamed = run(ctx.graph, """
        MATCH (c:Company)-[:HAS_NAME]->(h:NameHub) WHERE c.strength = 'weak' AND c.uid STARTS WITH 'WC-'
        OPTIONAL MATCH (t:Company)-[:HAS_NAME]->(h) WHERE t.uid STARTS WITH 'CHE'
        WITH c, count(t) AS che WHERE che = 0
        RETURN c.name AS name ORDER BY name LIMIT 2""")
    assert named and unnamed, "the built world holds no firm known only from mentions"
    for r in named:
        a = ask(offline, f"What is the UID of {r['name']}?")
        assert r["uid"] in a.answer, (r, a.answer)
    for r in unnamed:
        a = ask(offline, f"What is the UID of {r['name']}?")
        assert "WC-" not in a.answer, (r, a.answer)


def test_offline_answers_are_labelled(offline, truth):
    a = ask(offline, f"What is the address of {truth.name(active_companies(truth, 1)[0])}?")
    assert "offline engine" in a.answer and a.engine == "offline" and a.llm_calls == 0


def test_at_least_sixty_questions_were_asked():
    if len(ASKED) < 30:
        pytest.skip("run with the whole module")
    assert len(set(ASKED)) >= 60, len(set(ASKED))


def _signs(m: dict) -> bool:
    s = (m.get("signature") or "").lower()
    return bool(s) and not re.search(r"\b(ohne|sans|senza)\b", s)


def test_signatories_are_everyone_with_a_signing_right(offline, truth):
    """"Who may sign for X?" lists every person the register gives a signing right (a board member signing
    jointly by two included), not only those whose sole function is a signature."""
    picked = [u for u in active_companies(truth, 600) if 2 <= len(truth.current_officers(u)) <= 6
              and any(_signs(m) and m.get("role_key") != "authorized_signatory"
                      for m in truth.current_officers(u).values())]
    for tpl, uid in zip(["Who is authorised to sign for {n}?", "Welche Personen sind bei {n} zeichnungsberechtigt?",
                         "Qui a le droit de signature pour {n} ?"], picked, strict=False):
        a = ask(offline, tpl.format(n=truth.name(uid)))
        got = {" ".join(_key(n)) for n in re.findall(r"^\| ([^|]+?) \|", a.answer, re.M)}
        want = {" ".join(_key(m["text"])) for m in truth.current_officers(uid).values() if _signs(m)}
        assert want and want <= got, (tpl, want - got, a.answer)


def test_capital_answers_the_nominal_capital_and_the_paid_in_part_when_asked(offline, truth):
    part = active_companies(truth, 800, lambda c: c.get("capital_paid") and c.get("capital_nominal")
                            and c["capital_paid"] < c["capital_nominal"])
    assert part
    uid = part[0]
    c = truth.companies[uid]
    a = ask(offline, f"Capital of {truth.name(uid)}?")
    assert chf(c["capital_nominal"]) in a.answer and chf(c["capital_paid"]) not in a.answer, a.answer
    a = ask(offline, f"What is the capital of {truth.name(uid)} and how much of it is paid in?")
    assert chf(c["capital_nominal"]) in a.answer and chf(c["capital_paid"]) in a.answer, a.answer


def test_a_winding_up_by_the_bankruptcy_office_lists_its_notices(offline, truth):
    """A company dissolved by bankruptcy (or by a court under art. 731b CO) is wound up by the bankruptcy office:
    "was it put into liquidation?" lists the office's notices beside the register's dissolution."""
    dissolved = [(u, p) for u, p in _pubs(truth, lambda p: p["sub_rubric"] == "HR02" and "bankruptcy_opened"
                                          in p["facts"].get("changes", []))
                 if any(q["sub_rubric"].startswith("KK") for q in truth.publications_of(u))]
    assert dissolved
    uid, _p = dissolved[0]
    a = ask(offline, f"Has {truth.name(uid)} been put into liquidation?")
    for q in truth.publications_of(uid):
        if q["sub_rubric"].startswith("KK") and q.get("company") == truth.companies[uid]["id"]:
            assert q["publication_number"] in a.answer, (q["publication_number"], a.answer)


def test_a_persons_companies_however_asked(offline, truth):
    """A question about a person that names companies asks for the person's companies, even with words that ask
    something of a company ("registered", "board seat")."""
    pid = next(p for p in sorted(truth.mentions_of) if len(truth.companies_of_person(p)) == 2
               and len(truth.spellings(p)) == 1 and "," in truth.canonical(p))
    person = truth.canonical(pid)
    for tpl in ["About {p}: list the companies where they are or were registered.",
                "In what firms has {p} held a board seat, past or present?",
                "Dans quelles entreprises trouve-t-on {p} au registre du commerce ?",
                "Quelles fonctions sont enregistrées au nom de {p} ?", "Mandates of {p}.",
                "Show every commercial register entry listing {p}."]:
        a = ask(offline, tpl.format(p=person))
        for uid in truth.companies_of_person(pid):
            assert truth.name(uid) in a.answer, (tpl, truth.name(uid), a.answer)
        assert "Linked through shared persons" not in a.answer, (tpl, a.answer)  # the companies asked, no more


def test_a_bankruptcy_answer_lists_the_offices_notices_after_the_opening(offline, truth):
    """"When did X go bankrupt?" gives the opening, then every later notice of the bankruptcy office (suspension,
    schedules, closure), each cited."""
    cases = [u for u, c in sorted(truth.companies.items()) if c.get("status") != "active"
             and c["legal_form"] != "0101" and truth.name_counts[truth.name(u).casefold()] == 1
             and sum(p["sub_rubric"].startswith("KK") for p in truth.publications_of(u)) >= 2]
    assert cases
    for uid in cases[:2]:
        a = ask(offline, f"When did {truth.name(uid)} go bankrupt?")
        for p in truth.publications_of(uid):
            if p["sub_rubric"].startswith("KK"):
                assert p["publication_number"] in a.answer, (p["publication_number"], a.answer)


def test_a_company_dissolved_by_the_opening_of_bankruptcy_has_no_liquidation_of_its_own(offline, truth):
    """A company whose bankruptcy was opened without a dissolution notice of the register is dissolved by that
    opening: "which liquidation notices?" lists the bankruptcy office's notices, not "no liquidation notice"."""
    cases = [u for u, c in sorted(truth.companies.items()) if truth.name_counts[truth.name(u).casefold()] == 1
             and any(p["sub_rubric"].startswith("KK") for p in truth.publications_of(u))
             and not any(p["sub_rubric"] == "HR02" for p in truth.publications_of(u))]
    assert cases
    for uid in cases[:2]:
        a = ask(offline, f"Which liquidation notices were published for {truth.name(uid)}?")
        assert "No liquidation notice" not in a.answer and "opening of bankruptcy" in a.answer, a.answer
        for p in truth.publications_of(uid):
            if p["sub_rubric"].startswith("KK") and p.get("company") == truth.companies[uid]["id"]:
                assert p["publication_number"] in a.answer, (p["publication_number"], a.answer)


def test_a_number_that_identifies_is_no_count(offline, truth):
    """"the UID number of <misspelt name>" asks for the UID; "number of" there counts nothing."""
    uid = next(u for u in active_companies(truth, 400) if re.fullmatch(r"[A-Z][a-z]{6,} (AG|GmbH)", truth.name(u))
               and truth.name_counts[truth.name(u).casefold()] == 1)  # one word to find it by, misspelt
    for tpl in ("what is the uid number of {n}?", "The enterprise identification number of {n}, please"):
        a = ask(offline, tpl.format(n=typo(truth.name(uid)).lower()))
        assert uid in plain(a.answer), (tpl, a.answer)


@pytest.mark.parametrize("question", [
    "what companies share board members or directors with beplrael garage sàrl?",
    "Which firms have the same directors as xantor immobilien gmbh?",
    "Welche Firmen haben gemeinsame Personen mit lorvix bau ag?",
])
def test_companies_sharing_persons_with_a_name_not_found_are_no_list(question):
    """A name the linker does not find (a typo, an unknown firm) keeps a network question a network question: the
    legal form in the name is no filter of a list of every GmbH."""
    from agent.offline.understand import understand
    u = understand(question, anchored=False, link=None)
    assert u.rank is None and u.count is None, (question, u.rank, u.count)


def test_companies_that_share_an_address_stay_a_list():
    from agent.offline.understand import understand
    u = understand("Which companies in Zug share the same address?", anchored=False, link=None)
    assert u.rank is not None, u


def test_the_head_office_of_a_company_that_is_no_branch_is_its_own_seat(offline, truth):
    """"Which town is X's head office in?" of a company that no notice makes a branch: its own registered seat, said
    to be so, not only "no head office is named"."""
    def head_office(c: dict) -> bool:
        return bool(c.get("address", {}).get("street")) and not re.search(
            r"zweigniederlassung|succursale|filiale", c["names"][-1]["name"], re.I)

    for tpl, uid in zip(["Which town is the head office of {n} in?", "Wo ist der Hauptsitz der {n}?"],
                        active_companies(truth, 40, head_office), strict=False):
        c = truth.companies[uid]
        text = plain(ask(offline, tpl.format(n=truth.name(uid))).answer)
        assert "not recorded as a branch" in text and c["address"]["town"] in text, (tpl, c["address"], text)
    # asked which company is its head office (no where), the structure answers alone: no profile is read for it
    uid = active_companies(truth, 40, head_office)[0]
    a = ask(offline, f"Which company is the head office of {truth.name(uid)}?")
    tools = [t.tool for t in a.trace]
    assert "No head office" in plain(a.answer) and "search_companies" not in tools, (tools, a.answer)


def test_a_uid_not_in_the_register_beside_a_name_asks_about_the_name(offline, truth):
    """"X, its business identifier in CHE-123.456.789 format?": the sample number is no company; X's UID is."""
    uid = active_companies(truth, 1)[0]
    a = ask(offline, f"{truth.name(uid)}, its business identifier in CHE-123.456.789 format?")
    assert a.current_uid == uid and uid in plain(a.answer), a.answer
    alone = plain(ask(offline, "What is the address of CHE-123.456.789?").answer)
    assert "No company with the UID 'CHE-123.456.789'" in alone and "None" not in alone, alone


def test_a_count_of_board_members_lists_them_alone(offline, truth):
    """"How many board members …?": the board, without the others registered beside it, whom a reader would count."""
    uid = next(u for u in active_companies(truth, 400)
               if sum(m.get("role_key") in BOARD for m in truth.current_officers(u).values()) >= 1
               and any(m.get("role_key") not in BOARD for m in truth.current_officers(u).values()))
    text = plain(ask(offline, f"How many board members does {truth.name(uid)} have?").answer)
    assert "in other functions" not in text and "Board members" in text, text


def test_the_answer_streams_in_whole_lines_of_bounded_size():
    from agent.offline.engine import pieces

    text = "A dossier.\n" + "".join(f"- HR02-10000{i:05d} (2024-01-{i % 28 + 1:02d}): a line about a notice\n"
                                    for i in range(60)) + "x" * 900 + "\n\n_Answered by the offline engine._"
    out = pieces(text, 400)
    assert "".join(out) == text
    assert all(p.endswith("\n") for p in out[:-1])  # never a line cut in two
    assert all(len(p) <= 400 for p in out if "x" * 900 not in p)  # a longer line goes alone
    assert 5 <= len(out) <= len(text) // 200
    assert pieces("") == [] and pieces("one line") == ["one line"]
