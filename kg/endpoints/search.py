"""search_companies: fuzzy, typo-tolerant lookup of companies and persons by name (Table 8).

The name indexes find candidates: exact words, prefixes, then, for a typo, the words of the index within an edit or
two of those typed (`kg.name_words`; fuzzy terms on a graph whose build did not list them); RapidFuzz ranks them on
the accent-folded names. Persons come back as NameHub identities, one row per person however many notices
name them; a weak company whose NameHub also holds a strong company is that company, so it is hidden.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from kg import name_words
from kg.ddl import COMPANY_NAME_INDEX, FULLTEXT_INDEX, HUB_NAME_INDEX
from kg.endpoints.base import ERROR, Context, Rows, Stop, endpoint, read
from kg.places import canton_code
from kg.text import NAME_NOISE, fold, lucene_query, words

COMPANIES = """
CALL db.index.fulltext.queryNodes($index, $q, {limit: $pool}) YIELD node, score
WITH node, score
OPTIONAL MATCH (node)-[:HAS_NAME]->(h:NameHub)
OPTIONAL MATCH (twin:Company)-[:HAS_NAME]->(h)
WHERE twin.strength = 'strong' AND twin.uid <> node.uid
RETURN node.uid AS uid, node.name AS name, node.strength AS strength, node.legal_form AS legal_form,
       node.seat AS seat, node.canton AS canton, node.status AS status, node.kind AS company_kind, node.address AS address,
       node.capital_nominal AS capital_nominal, node.capital_paid AS capital_paid, node.purpose AS purpose,
       node.deletion_date AS deletion_date, node.bankruptcy_date AS bankruptcy_date, h.uid AS hub,
       count(twin) AS strong_twins, score
"""
PERSONS = """
CALL db.index.fulltext.queryNodes($index, $q, {limit: $pool}) YIELD node, score
WITH node AS h, score
MATCH (p:Person)-[:HAS_NAME]->(h)
RETURN h.uid AS uid, h.name AS name, max(score) AS score
"""
# What a person row shows, read for the rows shown only (a common name's hubs hold thousands of notices)
PERSON_DETAILS = """
UNWIND $uids AS u
MATCH (h:BaseNode {uid: u})<-[:HAS_NAME]-(p:Person)
OPTIONAL MATCH (p)-[r]->(e:Event)
OPTIONAL MATCH (c:Company)-[:HAS_EVENT]->(e)
RETURN h.uid AS uid, collect(DISTINCT p.residence) AS residences, collect(DISTINCT p.nationality) AS nationalities,
       count(DISTINCT e) AS notices, collect(DISTINCT c.name)[0..4] AS companies, collect(DISTINCT r.role)[0..3] AS roles
"""
BY_UID = """
MATCH (n:BaseNode {uid: $uid})
WHERE n:Company
RETURN n.uid AS uid, n.name AS name, n.strength AS strength, n.legal_form AS legal_form, n.seat AS seat,
       n.canton AS canton, n.status AS status, n.address AS address, n.capital_nominal AS capital_nominal,
       n.capital_paid AS capital_paid, n.purpose AS purpose, n.deletion_date AS deletion_date,
       n.bankruptcy_date AS bankruptcy_date, 1.0 AS score
"""
# Former names: the name a company bore before a notice changed it (`before_name`, phase 1), or the name an
# older notice used where it differs from today's (renames, "in Liquidation"). Found through the notices'
# full-text index, so no second name index is kept. Shared with the offline engine's entity linker.
FORMER_NAMES = """
CALL db.index.fulltext.queryNodes($events, $q, {limit: $pool}) YIELD node, score
WITH node, score
MATCH (c:Company)-[:HAS_EVENT]->(node)
WITH c, score, coalesce(node.before_name, node.company_name) AS old
WHERE old IS NOT NULL AND old <> c.name AND c.strength = 'strong'
RETURN c.uid AS uid, old AS name, 'Company' AS kind, c.strength AS strength, 0 AS twins, c.name AS current,
       c.legal_form AS legal_form, c.seat AS seat, c.canton AS canton, c.status AS status, max(score) AS score
"""
# The notices that state a company's current values: its entry (HR01) and the changes the register recorded.
STATED = """
UNWIND $uids AS u
MATCH (c:BaseNode {uid: u})-[:HAS_EVENT]->(e:Event)
WHERE e.sub_rubric = 'HR01' OR e.changes IS NOT NULL
RETURN c.uid AS uid, e.uid AS publication_number, e.publication_date AS publication_date, e.sub_rubric AS sub_rubric,
       e.changes AS changes
ORDER BY publication_date, publication_number
"""
# a row field -> the change kind of the notices that set it
STATED_FIELDS = {"address": "address", "seat": "seat", "capital_nominal": "capital.nominal", "purpose": "purpose"}
STATED_ROWS = 3
CHE = re.compile(r"CHE-?\d{3}\.?\d{3}\.?\d{3}", re.IGNORECASE)
MIN_SIMILARITY = 0.7
GOOD_MATCH = 0.9  # an exact-word hit this close needs no fuzzy pass


class SearchArgs(BaseModel):
    query: str = Field(description="a company or person name, possibly misspelled or partial, or a CHE UID")
    kind: Literal["any", "company", "person"] = Field("any", description="restrict to companies or persons")
    canton: str | None = Field(None, description="optional canton (code or name) the company is seated in")
    limit: int = Field(10, ge=1, le=50)


def _che(text: str) -> str | None:
    m = CHE.search(text)
    if not m:
        return None
    digits = re.sub(r"\D", "", m.group(0))
    return f"CHE-{digits[0:3]}.{digits[3:6]}.{digits[6:9]}"


def similarity(query: str, name: str) -> float:
    """How well `name` matches what the user typed, 0..1: accent-, case-, punctuation- and order-insensitive.
    Extra words in the name cost a little (a branch "X AG, Zweigniederlassung Y" ranks below "X AG"),
    legal-form words cost nothing, and typos cost what they change. Extra words in what was typed cost more:
    "Termarul Design Sàrl" is not "Termarul GmbH" (the name lacks a word the user gave), while "Termarul" may
    well be "Termarul Design GmbH" (the user gave part of the name)."""
    q, n = " ".join(words(fold(query))), " ".join(words(fold(name or "")))
    q_core = " ".join(w for w in q.split() if w not in NAME_NOISE) or q
    n_core = " ".join(w for w in n.split() if w not in NAME_NOISE) or n
    if len(q_core.split()) > len(n_core.split()):
        # words typed that the name lacks: only the order-insensitive comparison of the whole strings counts
        return max(fuzz.token_sort_ratio(q, n), fuzz.token_sort_ratio(q_core, n_core)) / 100
    full = 0.6 * fuzz.token_sort_ratio(q, n) + 0.4 * fuzz.token_set_ratio(q, n)
    part = 85 if set(q_core.split()) <= set(n_core.split()) else fuzz.partial_ratio(q_core, n_core) * 0.85
    return max(full, fuzz.token_sort_ratio(q_core, n_core), part) / 100


def closeness(query: str, name: str) -> float:
    """Breaks ties between equal matches: the name as typed, word order and legal-form words included
    ("Holding Zug GmbH, in Liquidation" before "Holding Zug AG")."""
    return fuzz.ratio(" ".join(words(fold(query))), " ".join(words(fold(name or "")))) / 100


def _indexes(args: SearchArgs) -> list[str]:
    """The name indexes a search reads: persons' only without a canton (a canton places companies)."""
    return [i for i, kind in ((COMPANY_NAME_INDEX, "company"), (HUB_NAME_INDEX, "person"))
            if args.kind in ("any", kind) and not (kind == "person" and args.canton)]


def _queries(ctx: Context, args: SearchArgs, mode: str) -> dict[str, str]:
    """Index -> the Lucene query of what was typed in `mode`; for the typo pass, the words of each index close to
    the typed ones where the build listed them, else fuzzy terms."""
    vocabularies = name_words.VOCABULARIES.get(lambda q, **p: read(ctx, q, **p)) if mode == "fuzzy" else None
    queries = {}
    text = args.query
    for index in _indexes(args):
        vocabulary = (vocabularies or {}).get(index)
        near: Callable[[str], list[str]] | None = vocabulary.near if vocabulary else None
        queries[index] = lucene_query(text, mode, drop=NAME_NOISE, near=near) or lucene_query(text, mode, near=near)
    return queries


def _candidates(ctx: Context, args: SearchArgs, queries: dict[str, str]) -> list[dict]:
    pool = max(50, args.limit * 5)
    found: list[dict] = []
    if q := queries.get(COMPANY_NAME_INDEX):
        canton = canton_code(args.canton) if args.canton else None
        seen_hubs: set[str] = set()
        rows = read(ctx, COMPANIES, index=COMPANY_NAME_INDEX, q=q, pool=pool)
        # of weak twins, the one that carries the CHE number stands for the others
        for r in sorted(rows, key=lambda r: not CHE.fullmatch(r["uid"] or "")):
            if r["strength"] == "weak" and (r["strong_twins"] or r["hub"] in seen_hubs):
                continue  # an orphan weak node: the strong company (or a first weak twin) stands for it
            if canton and r.get("canton") != canton:
                continue
            seen_hubs.add(r["hub"])
            found.append({k: v for k, v in r.items() if k not in ("strong_twins", "hub") and v is not None}
                         | {"kind": "Company", "match": round(similarity(args.query, r["name"]), 3)})
    if q := queries.get(HUB_NAME_INDEX):
        for r in read(ctx, PERSONS, index=HUB_NAME_INDEX, q=q, pool=pool):
            found.append({k: v for k, v in r.items() if v not in (None, [])}
                         | {"kind": "Person", "match": round(similarity(args.query, r["name"]), 3)})
    return found


def _former(ctx: Context, args: SearchArgs, seen: set[str]) -> list[dict]:
    """Companies that bore the name asked for before a rename: the current name, with `former_name`."""
    q = lucene_query(args.query, "all", drop=NAME_NOISE) or lucene_query(args.query, "all")
    canton = canton_code(args.canton) if args.canton else None
    best: dict[str, dict] = {}
    for r in read(ctx, FORMER_NAMES, events=FULLTEXT_INDEX, q=q, pool=max(50, args.limit * 5)) if q else []:
        if r["uid"] in seen or (canton and r.get("canton") != canton):
            continue
        row = {k: v for k, v in r.items() if k not in ("twins", "current", "name", "kind") and v is not None} | {
            "name": r["current"], "former_name": r["name"], "kind": "Company",
            "match": round(similarity(args.query, r["name"]), 3)}
        if r["uid"] not in best or row["match"] > best[r["uid"]]["match"]:
            best[r["uid"]] = row
    return list(best.values())


@endpoint(
    "search_companies",
    "Find companies and persons by name (fuzzy: tolerates typos, partial names, missing accents; former names of "
    "renamed companies too, with `former_name`) or by CHE UID. "
    "Returns candidates with uid, name, seat, canton, legal form, status; persons with residences, companies "
    "and roles. Use it first whenever the question names an entity and no uid is known.",
    SearchArgs)
def search_companies(ctx: Context, args: SearchArgs) -> Rows:
    che = _che(args.query)
    if che:
        rows = [r | {"kind": "Company", "match": 1.0} for r in read(ctx, BY_UID, uid=che)]
        return Rows(_with_sources(ctx, rows), f"no company has the UID {che}")
    if not words(args.query):
        raise Stop(ERROR, "the query has no searchable word")
    # Exact words first, then the same with the last word as typed so far (a name typed in part, "Velpra Han"), then
    # any word's prefix, then typos: each pass only when the previous found no good match, because the prefixes of
    # any word match thousands of names at a million notices, and fuzzy terms cost ~100x more than exact ones.
    found: list[dict] = []
    asked: set[tuple[str, ...]] = set()
    for mode in ("all", "typing", "prefix", "fuzzy"):
        queries = _queries(ctx, args, mode)
        if tuple(queries.values()) in asked:  # the same queries as a pass before ("Meier AG" as typed is "+meier" again)
            continue
        asked.add(tuple(queries.values()))
        seen = {(r["kind"], r["uid"]) for r in found}
        found += [r for r in _candidates(ctx, args, queries) if (r["kind"], r["uid"]) not in seen]
        if any(r["match"] >= GOOD_MATCH for r in found):
            break
    if args.kind != "person" and not any(r["match"] >= GOOD_MATCH for r in found):
        found += _former(ctx, args, {r["uid"] for r in found})
    found = [r for r in found if r["match"] >= MIN_SIMILARITY]
    # a node the register knows by its CHE number before a mention-only one of the same name ("WC-…")
    found.sort(key=lambda r: (-r["match"], r["kind"] != "Company", -closeness(args.query, r["name"]),
                              r.get("strength") != "strong", not CHE.fullmatch(r["uid"]), -r["score"]))
    for r in found:
        r["score"] = round(r["score"], 3)
    shown = _with_persons(ctx, found[: args.limit])
    return Rows(_with_sources(ctx, shown), f"no company or person matches {args.query!r}; try another "
                "spelling, fewer words, or global_text_search for names that only appear in notice texts")


def _with_persons(ctx: Context, rows: list[dict]) -> list[dict]:
    """Person rows get their residences, nationalities, notice count, first companies and roles."""
    persons = [r["uid"] for r in rows if r.get("kind") == "Person"]
    details = {d.pop("uid"): d for d in read(ctx, PERSON_DETAILS, uids=persons)} if persons else {}
    for r in rows:
        r |= {k: v for k, v in details.get(r["uid"], {}).items() if v not in (None, [])} if r.get("kind") == "Person" else {}
    return rows


def _with_sources(ctx: Context, rows: list[dict]) -> list[dict]:
    """The first company rows get `stated_in`: for the address, seat, capital and purpose, the newest notice that
    states the value (a change of that kind, else the entry), as "HR02-…, date", so an answer can cite where a fact
    stands. Kept short (a model reads every token): the value is the row's own field, and only the first rows,
    which answers are about, carry it."""
    companies = [r["uid"] for r in rows if r.get("kind") == "Company"][:STATED_ROWS]
    notices: dict[str, list[dict]] = {}
    for n in read(ctx, STATED, uids=companies) if companies else []:  # oldest first
        notices.setdefault(n["uid"], []).append(n)
    for r in rows:
        stated = {}
        for field, change in STATED_FIELDS.items():
            own = notices.get(r["uid"], []) if r.get(field) is not None else []
            setting = [n for n in own if n["sub_rubric"] == "HR01" or change in (n["changes"] or "").split(",")]
            if setting:
                stated[field] = f"{setting[-1]['publication_number']}, {setting[-1]['publication_date']}"
        if stated:
            r["stated_in"] = stated
    return rows
