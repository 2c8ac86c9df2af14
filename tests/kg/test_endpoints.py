"""The semantic endpoints against a built world, checked against the generator's ground truth:
the rows an analyst would look at, not just "something came back"."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pytest

from kg.endpoints import ENDPOINTS, Context, call
from tests.conftest import ROOT, run
from tests.support.truth import Truth


def _with_notices(truth: Truth, n: int, **where) -> list[str]:
    """Companies that have notices in the world, in a fixed order."""
    out = []
    for uid, c in sorted(truth.companies.items()):
        if truth.publications_of(uid) and all(c.get(k) == v for k, v in where.items()):
            out.append(uid)
    return out[:n]


def _typo(name: str) -> str:
    """Drop one letter inside the longest word: 'Orlon Partner' -> 'Orlon Patner'."""
    words = name.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    words[i] = w[:3] + w[4:] if len(w) > 5 else w
    return " ".join(words)


def test_every_endpoint_is_registered_with_a_typed_schema():
    assert set(ENDPOINTS) == {"search_companies", "explore_network", "get_node_history", "global_text_search",
                              "get_top_entities", "count_entities_by_event", "execute_custom_cypher",
                              "company_as_of", "list_events", "rank_persons", "find_connections"}
    for e in ENDPOINTS.values():
        assert e.args_model.model_json_schema()["properties"] and len(e.description) > 40


def test_search_finds_companies_by_misspelled_name_and_by_uid(ctx, truth):
    found = 0
    sample = _with_notices(truth, 25, status="active")
    for uid in sample:
        name = truth.name(uid)
        res = call(ctx, "search_companies", {"query": _typo(name), "kind": "company"})
        assert res.status == "ok", (name, res.message)
        found += res.rows[0]["uid"] == uid or any(r["uid"] == uid and r["match"] == res.rows[0]["match"]
                                                  for r in res.rows)
        by_uid = call(ctx, "search_companies", {"query": uid})
        assert [r["uid"] for r in by_uid.rows] == [uid]
        assert by_uid.rows[0]["name"] == name
    assert found >= 0.9 * len(sample), f"{found}/{len(sample)} misspelled names ranked first"


NEAR_TWINS = ["Holding Zugorix AG", "Holding Zugorix GmbH, in Liquidation", "Gartenbau Wangelix",
              "Wangelix Gartenbau GmbH in Liquidation"]


@pytest.fixture
def near_twins(graph, graph_settings):
    """Companies whose names are equal up to legal-form words and word order (seen on the 100k world)."""
    rows = [{"uid": f"T-TWIN-{i}", "name": n, "strength": "strong", "status": "active"} for i, n in enumerate(NEAR_TWINS)]
    run(graph, "UNWIND $rows AS row CREATE (c:BaseNode:Company) SET c += row", rows=rows)
    yield Context(graph, graph_settings)
    run(graph, "MATCH (c:BaseNode) WHERE c.uid STARTS WITH 'T-TWIN-' DETACH DELETE c")


def test_a_name_typed_exactly_comes_first_among_equal_matches(near_twins):
    """"Holding Zugorix AG" and "Holding Zugorix GmbH, in Liquidation" match either query equally (legal-form
    words and order do not count); the one named exactly as typed must come first."""
    for name in NEAR_TWINS:
        rows = call(near_twins, "search_companies", {"query": name, "kind": "company"}).rows
        assert rows[0]["name"] == name, (name, [(r["name"], r["match"]) for r in rows[:3]])


def test_search_returns_the_profile_a_reader_checks(ctx, truth):
    for uid in _with_notices(truth, 10, status="active"):
        c = truth.companies[uid]
        [row] = call(ctx, "search_companies", {"query": uid}).rows
        assert row["seat"] == c["seats"][-1]["seat"]
        if c.get("capital_nominal"):
            assert row["capital_nominal"] == pytest.approx(c["capital_nominal"])
        assert row["purpose"].split()[:4] == c["purpose"].split()[:4]
        assert c["address"]["town"] in row["address"]


def test_a_company_row_names_the_notice_that_set_each_value(ctx, truth):
    """`stated_in`: the seat of a company that moved once stands in the notice of the move; its capital, never
    changed, in its entry (HR01) — what an answer cites for the value, checked against the generator's notices."""
    checked = 0
    for uid, c in sorted(truth.companies.items()):
        pubs = truth.publications_of(uid)
        moves = [p for p in pubs if "seat" in p["facts"].get("changes", [])]
        entry = [p for p in pubs if p["sub_rubric"] == "HR01"]
        if len(moves) != 1 or len(c["seats"]) != 2 or len(entry) != 1 or any(
                "capital.nominal" in p["facts"].get("changes", []) for p in pubs):
            continue
        [row] = call(ctx, "search_companies", {"query": uid}).rows
        stated = {field: where.split(", ")[0] for field, where in row["stated_in"].items()}
        assert stated["seat"] == moves[0]["publication_number"], uid
        if row.get("capital_nominal") is not None:
            assert stated["capital_nominal"] == entry[0]["publication_number"], uid
        checked += 1
        if checked == 8:
            break
    assert checked >= 3


def test_search_finds_persons_as_one_identity_with_their_companies(ctx, truth):
    checked = 0
    for _pid, mentions in sorted(truth.mentions_of.items())[:200]:
        canonical = [m for m, _ in mentions if m["variant"] == "canonical"]
        if len(mentions) < 2 or not canonical:
            continue
        last, first = canonical[0]["text"].split(", ", 1)
        res = call(ctx, "search_companies", {"query": f"{first} {last}", "kind": "person"})
        assert res.status == "ok" and res.rows[0]["kind"] == "Person", canonical[0]["text"]
        top = res.rows[0]
        assert top["name"].replace(",", "").split() and set(top["name"].replace(",", "").split()) == \
            set(canonical[0]["text"].replace(",", "").split())
        assert top["notices"] >= sum(1 for m, _ in mentions if m["text"] == canonical[0]["text"])
        checked += 1
        if checked == 15:
            break
    assert checked == 15


def test_search_says_so_when_nothing_matches(ctx):
    res = call(ctx, "search_companies", {"query": "Qwxzy Plorvinth"})
    assert res.status == "empty" and "global_text_search" in res.message


def test_network_lists_the_officers_of_a_company_with_roles_and_citations(ctx, truth):
    checked = 0
    for uid in _with_notices(truth, 60):
        officers = truth.officers(uid)
        if len(officers) < 2:
            continue
        res = call(ctx, "explore_network", {"uid": uid})
        persons = [r for r in res.rows if r["branch"] == "persons"]
        for m in officers.values():
            key = sorted(m["text"].replace(",", "").lower().split())
            match = [r for r in persons if sorted(r["name"].replace(",", "").lower().split()) == key]
            assert match, (uid, m["text"], [r["name"] for r in persons])
            assert all(r["publication_number"] for r in match)
            if m.get("role_key"):
                assert m["role_key"] in {r.get("role_key") for r in match}, (m["role_key"], match)
        checked += 1
        if checked == 8:
            break
    assert checked == 8


def test_network_reaches_other_companies_through_a_shared_person(ctx, truth):
    """Multi-hop: a person active in two companies links them (lateral branch)."""
    by_person: dict[str, set[str]] = {}
    cid_to_uid = {c["id"]: u for u, c in truth.companies.items()}
    for pub in truth.publications:
        for m in pub["mentions"]:
            if m["kind"] == "person" and m["variant"] == "canonical" and pub.get("company") in cid_to_uid:
                by_person.setdefault(m["text"], set()).add(cid_to_uid[pub["company"]])
    pairs = [(n, sorted(cs)) for n, cs in sorted(by_person.items()) if len(cs) >= 2][:6]
    assert pairs
    for name, companies in pairs:
        res = call(ctx, "explore_network", {"uid": companies[0]})
        lateral = {(r["uid"], r["via_name"]) for r in res.rows if r["branch"] == "lateral"}
        assert any(u == companies[1] and v == name for u, v in lateral), (name, companies)
        assert res.extra["graph"]["nodes"] and res.extra["graph"]["edges"]
        kinds = Counter(n["kind"] for n in res.extra["graph"]["nodes"])
        assert kinds["Company"] >= 2 and kinds["Event"] >= 1 and kinds["Person"] >= 1


def test_history_is_every_notice_of_the_company_in_date_order(ctx, truth):
    for uid in _with_notices(truth, 12):
        expected = [p["publication_number"] for p in truth.publications_of(uid)]
        res = call(ctx, "get_node_history", {"uid": uid})
        own = [r["publication_number"] for r in res.rows if r["relation"] == "HAS_EVENT"]
        assert sorted(own) == sorted(expected)
        dates = [r["publication_date"] for r in res.rows]
        assert dates == sorted(dates)


def test_history_follows_a_person_across_companies(ctx, truth):
    pid, mentions = next((p, ms) for p, ms in sorted(truth.mentions_of.items())
                         if len({pub["company"] for _, pub in ms}) >= 2 and all(m["variant"] == "canonical" for m, _ in ms))
    hub = call(ctx, "search_companies", {"query": mentions[0][0]["text"], "kind": "person"}).rows[0]["uid"]
    res = call(ctx, "get_node_history", {"uid": hub})
    assert {pub["publication_number"] for _, pub in mentions} <= {r["publication_number"] for r in res.rows}


def test_text_search_finds_the_notice_that_contains_a_phrase(ctx, truth):
    for pub in [p for p in truth.publications if p["sub_rubric"] == "HR01"][:8]:
        name = pub["facts"]["name"]
        res = call(ctx, "global_text_search", {"query": name, "limit": 20})
        assert pub["publication_number"] in [r["publication_number"] for r in res.rows], name
        row = next(r for r in res.rows if r["publication_number"] == pub["publication_number"])
        assert name.split()[0].lower() in row["snippet"].lower()


def test_text_search_of_a_common_word_gives_the_best_hits_of_every_hit(ctx, truth, monkeypatch):
    """The index is asked for its best hits only (a window); what comes back is what reading every hit gives,
    with filters that leave few of the best hits too."""
    from kg.ddl import FULLTEXT_INDEX
    from kg.endpoints import text_search
    from kg.endpoints.base import read
    from kg.endpoints.text_search import TEXT_SEARCH_ALL
    from kg.text import lucene_query
    monkeypatch.setattr(text_search, "WINDOW", 12)  # the test world's common words have tens of hits, not thousands
    words = Counter(w for p in truth.publications if p["sub_rubric"] == "HR01" for w in p["facts"]["name"].split()
                    if len(w) > 4)
    common = [w for w, _ in words.most_common(3)]
    rare_canton = Counter(p["canton"] for p in truth.publications).most_common()[-1][0]
    cases = [{"query": w} for w in common] + [{"query": "Konkurs", "limit": 50}, {"query": "Konkurs Verwaltung"},
                                              {"query": common[0], "canton": rare_canton},
                                              {"query": "Konkurs", "sub_rubric": "KK", "since": "2024-01-01"},
                                              {"query": common[0], "until": "2019-03-01"}]
    for args in cases:
        res = call(ctx, "global_text_search", args)
        every = read(ctx, TEXT_SEARCH_ALL, index=FULLTEXT_INDEX, q=lucene_query(args["query"]),
                     sub_rubric=args.get("sub_rubric"), canton=args.get("canton"), since=args.get("since"),
                     until=args.get("until"), limit=args.get("limit", 10))
        assert [round(r["score"], 3) for r in res.rows] == [round(r["score"], 3) for r in every], args
        last = round(every[-1]["score"], 3) if every else None  # ties at the last score may come in any order
        assert {r["publication_number"] for r in res.rows if r["score"] != last} == {
            r["publication_number"] for r in every if round(r["score"], 3) != last}, args
    for word in [*common, "Konkurs"]:  # more hits than the window: the window is what was read
        hits = read(ctx, "CALL db.index.fulltext.queryNodes($i, $q) YIELD node RETURN count(*) AS n", i=FULLTEXT_INDEX,
                    q=lucene_query(word))[0]["n"]
        assert hits > 12, (word, hits)


def test_an_elided_name_is_found_as_the_index_keeps_it(ctx, truth):
    """The index keeps "L'Mira" as one term: a query asks for it whole or as its last word, apostrophe as typed."""
    from kg.text import lucene_query
    assert lucene_query("L’Mira SA", "all") == "+(l'mira mira) +sa"
    assert lucene_query("dell'Orto", "prefix") == "(dell'orto* orto*)"
    assert lucene_query("Orlon SA", "fuzzy") == "orlon~1 sa"
    elided = sorted(c["names"][-1]["name"] for u, c in truth.companies.items() if truth.publications_of(u)
                    and re.match(r"^\w{1,3}'\w", c["names"][-1]["name"]))
    assert elided, "the test world names no company with an elided article"
    for name in elided[:5]:
        for typed in (name, name.replace("'", "’"), name[:-2] if len(name) > 8 else name):
            res = call(ctx, "search_companies", {"query": typed})
            assert res.rows and res.rows[0]["name"] == name, (typed, [r["name"] for r in res.rows[:3]])


def test_a_name_typed_in_part_is_found_with_every_word_and_the_last_as_a_prefix(ctx, truth, monkeypatch):
    """"Velpra Han": every word must occur, the last one as typed so far. The names typed without their last two
    letters are found by that pass, before any word's prefix is tried (thousands of names at a million notices), and
    they are the rows the passes that follow would have found first."""
    from kg.ddl import COMPANY_NAME_INDEX
    from kg.endpoints import search
    from kg.text import NAME_NOISE, lucene_query
    assert lucene_query("Velpra Han", "typing", drop=NAME_NOISE) == "+velpra +han*"
    # a legal form, typed in part or whole, is no word asked for ("gm*" would match every GmbH)
    assert lucene_query("Talu Physio Gm", "typing", drop=NAME_NOISE) == "+talu +physio"
    assert lucene_query("Meier AG", "typing", drop=NAME_NOISE) == "+meier"
    assert lucene_query("dell'Orto Bau", "typing") == "+(dell'orto orto) +bau*"
    assert lucene_query("Bau Mo", "typing") == "+bau +mo"  # two letters: a prefix of thousands of words
    names = sorted({c["names"][-1]["name"] for u, c in truth.companies.items() if truth.publications_of(u)
                    and len(c["names"][-1]["name"].split()) >= 3 and len(c["names"][-1]["name"]) > 12})[:12]
    assert len(names) >= 6
    asked: list[str] = []
    candidates = search._candidates
    monkeypatch.setattr(search, "_candidates",
                        lambda c, a, q: asked.append(q[COMPANY_NAME_INDEX]) or candidates(c, a, q))
    typed_found = 0
    for name in names:
        typed = name[:-2]
        asked.clear()
        rows = call(ctx, "search_companies", {"query": typed}).rows
        if lucene_query(typed, "prefix", drop=NAME_NOISE) not in asked:  # found before any word's prefix was read
            typed_found += lucene_query(typed, "typing", drop=NAME_NOISE) in asked
            assert rows and rows[0]["name"] == name, (typed, [r["name"] for r in rows[:3]])
        with monkeypatch.context() as m:  # the passes as they were: exact words, then any word's prefix
            m.setattr(search, "lucene_query", lambda text, mode="any", drop=frozenset(), near=None:
                      lucene_query(text, "all" if mode == "typing" else mode, drop, near))
            before = call(ctx, "search_companies", {"query": typed}).rows
        assert rows[:1] == before[:1] or rows[0]["match"] >= before[0]["match"], typed
    assert typed_found >= len(names) // 2, "the names typed in part were found by the prefix pass"


def test_name_look_ups_read_the_best_hits_the_index_gives(ctx, truth):
    """The name searches ask each full-text index for its best `pool` hits (`{limit: $pool}`): the same nodes as
    reading every hit and keeping the best `pool` by score."""
    from agent.offline.linker import NAMES
    from kg.ddl import COMPANY_NAME_INDEX, FULLTEXT_INDEX, HUB_NAME_INDEX
    from kg.endpoints.base import read
    from kg.endpoints.search import COMPANIES, FORMER_NAMES, PERSONS
    from kg.text import lucene_query
    words = Counter(w for c in truth.companies.values() for w in c["names"][-1]["name"].split() if len(w) > 3)
    pool = 5
    for query, params in ((COMPANIES, {"index": COMPANY_NAME_INDEX}), (PERSONS, {"index": HUB_NAME_INDEX}),
                          (FORMER_NAMES, {"events": FULLTEXT_INDEX}),
                          (NAMES, {"companies": COMPANY_NAME_INDEX, "hubs": HUB_NAME_INDEX})):
        every = query.replace(", {limit: $pool}) YIELD node, score\nWITH node AS h, score",
                              ") YIELD node, score\nWITH node AS h, score ORDER BY score DESC LIMIT $pool").replace(
            ", {limit: $pool}) YIELD node, score\nWITH node, score",
            ") YIELD node, score\nWITH node, score ORDER BY score DESC LIMIT $pool")
        assert every != query and "{limit" not in every
        for word, _ in words.most_common(3) + [("Müller", 0), ("Konkurs", 0)]:
            q = lucene_query(word, "prefix")
            best, read_all = read(ctx, query, q=q, pool=pool, **params), read(ctx, every, q=q, pool=pool, **params)
            assert sorted(round(r["score"], 3) for r in best) == sorted(round(r["score"], 3) for r in read_all), word
            if len({round(r["score"], 3) for r in read_all}) == len(read_all):  # no ties: the same nodes
                assert {r["uid"] for r in best} == {r["uid"] for r in read_all}, word


def test_top_companies_by_capital_match_the_truth(ctx, truth):
    canton_counts = Counter(c["seats"][-1]["canton"] for c in truth.companies.values() if c.get("capital_nominal"))
    canton = canton_counts.most_common(1)[0][0]
    res = call(ctx, "get_top_entities", {"metric": "capital", "canton": canton, "limit": 5})
    graph_uids = {r["uid"] for r in call(ctx, "execute_custom_cypher", {
        "query": "MATCH (c:Company) WHERE c.strength = 'strong' RETURN c.uid AS uid"}).rows}
    expected = sorted(((c["capital_nominal"], u) for u, c in truth.companies.items()
                       if u in graph_uids and c.get("capital_nominal") and c["seats"][-1]["canton"] == canton
                       and c["status"] != "deleted"), reverse=True)[:5]
    assert [r["value"] for r in res.rows] == [v for v, _ in expected]
    assert {r["uid"] for r in res.rows} == {u for _, u in expected} or len({v for v, _ in expected}) < 5


def test_counts_by_event_type_canton_and_year_match_the_truth(ctx, truth):
    kk02 = [p for p in truth.publications if p["sub_rubric"] == "KK02"]
    by_year = Counter(p["date"][:4] for p in kk02)
    res = call(ctx, "count_entities_by_event", {"event_type": "bankruptcy", "group_by": "year"})
    assert {r["group"]: r["notices"] for r in res.rows} == dict(by_year)
    canton, year = Counter((p["canton"], p["date"][:4]) for p in kk02).most_common(1)[0][0]
    one = call(ctx, "count_entities_by_event", {"event_type": "bankruptcy", "canton": canton, "year": int(year)})
    assert one.rows[0]["notices"] == sum(1 for p in kk02 if p["canton"] == canton and p["date"][:4] == year)
    zero = call(ctx, "count_entities_by_event", {"event_type": "bankruptcy", "year": 1990})
    assert zero.status == "ok" and zero.rows[0]["notices"] == 0


def test_bad_arguments_and_unknown_values_are_explained(ctx):
    assert "invalid arguments" in call(ctx, "get_top_entities", {"limit": "many"}).message
    assert "unknown canton" in call(ctx, "count_entities_by_event", {"canton": "Atlantis"}).message
    assert "choose one of" in call(ctx, "count_entities_by_event", {"event_type": "picnic"}).message
    assert call(ctx, "no_such_tool", {}).status == "error"


def test_custom_cypher_refuses_writes_and_leaves_the_graph_unchanged(ctx, truth):
    before = call(ctx, "execute_custom_cypher", {"query": "MATCH (e:Event) RETURN count(e) AS n"}).rows[0]["n"]
    assert before == len(truth.publications)
    for q in ("MATCH (n) DETACH DELETE n", "CREATE (:Company {name: 'x'})", "MATCH (c:Company) SET c.name = 'x'"):
        res = call(ctx, "execute_custom_cypher", {"query": q})
        assert res.status == "refused" and "refused" in res.message
    assert call(ctx, "execute_custom_cypher", {"query": "MATCH (e:Event) RETURN count(e) AS n"}).rows[0]["n"] == before


def test_cli_calls_one_endpoint(built_world, truth):
    s = built_world.settings
    uid = _with_notices(truth, 1)[0]
    env = {"GRAPH_DATA_DIR": str(s.graph_dir), "GRAPH_BOLT_PORT": str(s.graph_bolt_port),
           "GRAPH_HTTP_PORT": str(s.graph_http_port), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "kg.endpoints", "get_node_history", "--args", json.dumps({"uid": uid}),
                          "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["status"] == "ok" and data["citations"] and data["row_count"] == len(data["rows"])
