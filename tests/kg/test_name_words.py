"""The names' words the build lists for the typo pass (`kg.name_words`): the corrections a user's slip needs, the
summary as the build writes it on a real graph, and search_companies finding the same entities through it as
through the index's fuzzy terms."""
from __future__ import annotations

import random
from collections import Counter

from kg import name_words
from kg.ddl import COMPANY_NAME_INDEX, HUB_NAME_INDEX
from kg.endpoints import call
from kg.endpoints.base import read
from kg.name_words import Vocabulary
from kg.text import terms


def _vocabulary(*words: str, common: str = "") -> Vocabulary:
    counts = dict.fromkeys(words, 1)
    return Vocabulary(counts | ({common: 50} if common else {}))


def test_a_slip_finds_the_words_one_edit_away_a_swap_counting_one():
    v = _vocabulary("xakor", "kolar", "muller", "müller", "zürich", "bernasconi", "bernardoni", "holding")
    assert v.near("xaokr") == ["xakor"]  # neighbours swapped: one edit, as Lucene counts it
    assert v.near("xakr") == ["xakor"]  # a letter left out
    assert v.near("holdinng") == ["holding"]  # one typed twice
    assert set(v.near("mueller")) == {"muller", "müller"}  # an umlaut spelled out is no edit
    assert v.near("zurich") == ["zürich"]
    # two edits from eight letters on, not before
    assert v.near("bernsconi") == ["bernasconi"] and "bernardoni" in v.near("bernasconi")
    assert v.near("kolra") == ["kolar"] and v.near("klroa") == []
    assert v.near("qwxzy") == []


def test_closest_then_most_common_words_first_and_at_most_fifty():
    near = {"maier"[:i] + c + "maier"[i + 1:] for i in range(5) for c in "bcdfgklnpstvwxz"}  # 75 words, one edit
    v = _vocabulary("maier", *near, "meiser", common="mayer")
    found = v.near("maier")
    assert found[0] == "maier" and found[1] == "mayer"  # the word itself, then the most common one edit away
    assert len(found) == name_words.EXPANSIONS and "meiser" not in found and set(found[2:]) < near


def test_the_summary_rows_hold_every_word_once_in_chunks(monkeypatch):
    monkeypatch.setattr(name_words, "CHUNK", 3)
    counted = {COMPANY_NAME_INDEX: name_words.count(["Orlon AG", "L'Mira Orlon SA", None, "Käser & Söhne GmbH"]),
               HUB_NAME_INDEX: name_words.count(["Meier, Anna", "Meier, Hans"])}
    assert counted[COMPANY_NAME_INDEX] == Counter({"orlon": 2, "ag": 1, "l'mira": 1, "sa": 1, "käser": 1, "söhne": 1,
                                                   "gmbh": 1})
    assert counted[HUB_NAME_INDEX]["meier"] == 2
    rows = name_words.rows(counted, "s1")
    found = name_words.head([rows[-1]])
    assert found is not None and found[0] == "s1" and len(found[1][COMPANY_NAME_INDEX]) == 3  # 7 words, 3 a node
    by_uid = {r["uid"]: r for r in rows}
    for index, uids in found[1].items():
        v = Vocabulary.from_chunks([by_uid[u] for u in uids], "s1")
        assert v is not None and v.counts == dict(counted[index])
        assert Vocabulary.from_chunks([by_uid[u] for u in uids], "s2") is None  # a chunk of another build
    assert name_words.head([rows[-1] | {"version": 0}]) is None  # invalid: the endpoint asks for fuzzy terms


def test_the_build_lists_every_word_of_every_name_it_indexed(ctx, truth):
    vocabularies = name_words.VOCABULARIES.get(lambda q, **p: read(ctx, q, **p))
    assert vocabularies is not None and set(vocabularies) == {COMPANY_NAME_INDEX, HUB_NAME_INDEX}
    names = [r["name"] for r in read(ctx, "MATCH (c:Company) RETURN c.name AS name")]
    assert len(names) > 100 and Counter(w for n in names for w in set(terms(n))) == \
        Counter(vocabularies[COMPANY_NAME_INDEX].counts)
    hubs = [r["name"] for r in read(ctx, "MATCH (h:NameHub) RETURN h.name AS name")]
    assert set(vocabularies[HUB_NAME_INDEX].counts) == {w for n in hubs for w in terms(n)}


def _slip(name: str, rng: random.Random) -> str:
    """Two neighbouring letters of the longest word swapped (a typing slip no prefix or exact word finds)."""
    parts = name.split(" ")
    i = max(range(len(parts)), key=lambda k: len(parts[k]))
    w = parts[i]
    j = rng.randrange(1, len(w) - 2) if len(w) > 4 else 1
    parts[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    return " ".join(parts)


def test_a_slip_finds_the_same_entities_through_the_words_as_through_fuzzy_terms(ctx, truth, monkeypatch):
    """The typo pass through the listed words ranks the entity asked for first at least as often as the index's fuzzy
    terms (one edit below eight letters: a swap there is two edits to ArcadeDB, one here)."""
    rng = random.Random(3)
    companies = [truth.name(u) for u, c in sorted(truth.companies.items())
                 if c.get("status") == "active" and truth.publications_of(u)][:30]
    typed = [(name, _slip(name, rng)) for name in companies if len(max(name.split(" "), key=len)) >= 5]
    assert len(typed) >= 20

    def ranked_first() -> int:
        hits = 0
        for name, slip in typed:
            rows = call(ctx, "search_companies", {"query": slip, "kind": "company"}).rows
            hits += bool(rows) and rows[0]["name"] == name
        return hits

    through_words = ranked_first()
    monkeypatch.setattr(name_words.VOCABULARIES, "get", lambda read: None)  # a graph built before the words
    through_fuzzy = ranked_first()
    assert through_words >= 0.9 * len(typed), (through_words, len(typed))
    assert through_words >= through_fuzzy, (through_words, through_fuzzy)


def test_a_person_typed_with_a_slip_is_found(ctx, truth):
    rng = random.Random(5)
    checked = found = 0
    for _pid, mentions in sorted(truth.mentions_of.items())[:300]:
        canonical = [m["text"] for m, _ in mentions if m["variant"] == "canonical"]
        if not canonical or len(max(canonical[0].split(), key=len)) < 6:
            continue
        last, first = canonical[0].split(", ", 1)
        rows = call(ctx, "search_companies", {"query": _slip(f"{first} {last}", rng), "kind": "person"}).rows
        found += bool(rows) and set(rows[0]["name"].replace(",", "").split()) == set(canonical[0].replace(",", "").split())
        checked += 1
        if checked == 20:
            break
    assert checked == 20 and found >= 17, found


def test_the_typo_pass_asks_for_the_words_found_exactly():
    from kg.text import NAME_NOISE, lucene_query
    near = {"xaokr": ["xakor", "xakr"], "taitri": ["tatiri"], "l'taitri": []}.get
    assert lucene_query("Xaokr AG", "fuzzy", drop=NAME_NOISE, near=lambda w: near(w, [])) == "(xaokr xakor xakr)"
    assert lucene_query("L'Taitri Bau", "fuzzy", near=lambda w: near(w, [])) == "(l'taitri taitri tatiri) bau"
    assert lucene_query("Xaokr AG", "fuzzy", drop=NAME_NOISE) == "xaokr~1"  # no words listed: fuzzy terms
