"""A read-only LangChain graph store over a `Graph`, and the schema the custom-Cypher tool shows the model.

`GuardedGraphStore` speaks langchain_neo4j's `GraphStore` protocol (`query`, `get_schema`,
`get_structured_schema`, `refresh_schema`), so LangChain's graph chains can use the product's graph, but
every query goes through the read-only path (`kg.guard` + `kg.readonly`: guard, reader account, rolled-back
READ transaction, timeouts, row cap), never around it. It reuses the graph's driver.

Its structured schema comes from the graph itself, with queries inside the portable subset and the guard's
allow-list (run through that same path): `CALL db.labels()`, `CALL db.relationshipTypes()`, `SHOW INDEXES`,
`SHOW CONSTRAINTS`, and per label / relationship type a bounded sample read with `keys()`, `labels()` and
`valueType()`. It never calls APOC, `db.schema.visualization()` or `Neo4jGraph` with schema refresh (none
of which ArcadeDB answers). The shape is langchain_neo4j's (`node_props`, `rel_props`, `relationships`,
`metadata`).

`correct()` fixes relationship directions in a query with langchain_neo4j's `CypherQueryCorrector`, given
the (start label, type, end label) triples seen in the graph. Its regular expressions take time that grows
steeply with some inputs, so it only sees queries of a bounded size and balanced brackets, with string
literals masked; a query it cannot place in the schema ("" from the corrector) runs unchanged: the guard
still applies, and an empty result then says so.
"""
from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from langchain_neo4j.chains.graph_qa.cypher_utils import CypherQueryCorrector, Schema

from kg.ddl import SCHEMA_UID, SCHEMA_VERSION
from kg.driver import Graph
from kg.guard import QueryRefused, tokenize
from kg.plan_hints import hoist_aggregates
from kg.readonly import QueryFailed, QueryTimeout, ReadOnlyResult, run_read_only
from kg.settings import Settings

log = logging.getLogger(__name__)
SAMPLE_NODES = 500  # nodes read per label for its property names and types
SAMPLE_RELS = 2000  # relationships read per type for its end labels and properties
SAMPLES_AT_ONCE = 2  # samples read at the same time (each on a server thread of its own)
EMPTY_SCHEMA_RETRY_S = 30.0  # an empty schema (a graph still being built) is read again after this
MAX_PROPS_SHOWN = 30  # per label in the text the model reads, most frequent first
# What the corrector may be given (its worst case on such input stays in the tens of milliseconds).
CORRECT_MAX_CHARS, CORRECT_MAX_BRACES, CORRECT_MAX_PARENS = 1200, 8, 30
_MEMO_KEY = "graph_store"
# The schema as the build read it (kg.ddl.SCHEMA_UID); a graph without it (or with an older version) is read live.
READ_SCHEMA = ("MATCH (s:BaseNode {uid: $uid}) WHERE s.version = $version "
               "RETURN s.structured AS structured, s.triples AS triples")
_memo_lock = threading.Lock()

Correction = Literal["unchanged", "corrected", "unmatched", "skipped"]


@dataclass(frozen=True)
class Corrected:
    query: str  # what runs: the corrected query, or the original one
    outcome: Correction  # unmatched: a pattern fits the schema in neither direction; skipped: not checked


class GuardedGraphStore:
    """langchain_neo4j's `GraphStore` protocol over a `Graph`, read-only (see the module's docstring)."""

    def __init__(self, graph: Graph, *, timeout_s: float = 15.0, row_cap: int = 1000) -> None:
        self.graph = graph
        self.timeout_s = timeout_s
        self.row_cap = row_cap
        self._structured: dict[str, Any] | None = None
        self._loaded_at = 0.0
        self._triples: list[Schema] = []
        self._corrector: CypherQueryCorrector | None = None
        self._lock = threading.Lock()

    # ---- the GraphStore protocol ---------------------------------------------------------------
    @property
    def get_schema(self) -> str:
        return format_schema(self.get_structured_schema)

    @property
    def get_structured_schema(self) -> dict[str, Any]:
        """Read once; an empty graph's (no labels with nodes yet, say during a build) is read again after a while."""
        with self._lock:
            stale = self._structured is not None and not self._structured["node_props"] \
                and time.monotonic() - self._loaded_at > EMPTY_SCHEMA_RETRY_S
            if self._structured is None or stale:
                self._load()
            assert self._structured is not None
            return self._structured

    def query(self, query: str, params: dict | None = None) -> list[dict[str, Any]]:
        """Rows of a read-only query. Raises `QueryRefused` (a ValueError) for anything the guard or the
        database refuses, `QueryTimeout` or `QueryFailed` otherwise."""
        return self.run(query, params).rows

    def refresh_schema(self) -> None:
        """The schema read from the graph itself, now (not the build's summary of it)."""
        with self._lock:
            self._load(live=True)

    def add_graph_documents(self, graph_documents: list[Any], include_source: bool = False) -> None:
        raise QueryRefused("this graph store is read-only; the pipeline (python -m data_pipeline build) writes the graph")

    # ---- beyond the protocol -------------------------------------------------------------------
    def run(self, query: str, params: dict | None = None, *, timeout_s: float | None = None,
            row_cap: int | None = None) -> ReadOnlyResult:
        """The read-only path, on the graph's read-only driver (reused, never closed here). On ArcadeDB an aggregate
        without a grouping key is read over a subquery (`kg.plan_hints`: the same rows, its index used)."""
        if self.graph.backend == "arcadedb":
            query = hoist_aggregates(query)
        return run_read_only(self.graph.reader_driver(), query, params or {}, database=self.graph.database,
                             timeout_s=timeout_s or self.timeout_s, row_cap=row_cap or self.row_cap)

    @property
    def triples(self) -> list[Schema]:
        """(start label, relationship type, end label) for every label of the nodes seen at each end."""
        self.get_structured_schema  # noqa: B018 - loads the schema once
        return self._triples

    def correct(self, query: str) -> Corrected:
        """`query` with relationship directions that contradict the graph's schema reversed.

        The query must already pass the guard (callers check first: the corrector never sees what the guard
        refuses); the corrected one is guarded again when it runs."""
        if len(query) > CORRECT_MAX_CHARS or query.count("{") > CORRECT_MAX_BRACES \
                or query.count("(") > CORRECT_MAX_PARENS:
            return Corrected(query, "skipped")
        try:
            masked, literals = _mask_strings(query)
        except QueryRefused:
            return Corrected(query, "skipped")
        corrector = self._corrector_for()
        if corrector is None or not _balanced(masked):
            return Corrected(query, "skipped")
        try:
            fixed = corrector(masked)
        except Exception:  # noqa: BLE001 - the corrector's regexes fail on some valid Cypher; then it runs as written
            return Corrected(query, "skipped")
        if not fixed:
            return Corrected(query, "unmatched")
        fixed = _unmask(fixed, literals)
        return Corrected(query, "unchanged") if fixed == query else Corrected(fixed, "corrected")

    def _corrector_for(self) -> CypherQueryCorrector | None:
        triples = self.triples
        if not triples:
            return None
        with self._lock:
            if self._corrector is None:
                self._corrector = CypherQueryCorrector(triples)
            return self._corrector

    def _load(self, live: bool = False) -> None:
        kept = [] if live else self.query(READ_SCHEMA, {"uid": SCHEMA_UID, "version": SCHEMA_VERSION})
        if kept:
            structured = json.loads(kept[0]["structured"])
            triples = [Schema(*t) for t in json.loads(kept[0]["triples"])]
        else:
            structured, triples = build_structured_schema(self.query)
        self._structured, self._triples, self._corrector = structured, triples, None
        self._loaded_at = time.monotonic()

    def summary(self) -> dict[str, str]:
        """The schema read live, as the properties of the summary node that keeps it (`SCHEMA_UID`)."""
        structured, triples = build_structured_schema(self.query)
        return {"structured": json.dumps(structured, sort_keys=True), "triples": json.dumps([list(t) for t in triples])}


def store_for(graph: Graph, settings: Settings) -> GuardedGraphStore:
    """The graph's own store, made once per `Graph` (its schema is read once per connection)."""
    with _memo_lock:
        store = graph.memo.get(_MEMO_KEY)
        if store is None:
            store = graph.memo[_MEMO_KEY] = GuardedGraphStore(graph, timeout_s=settings.query_timeout_s,
                                                              row_cap=settings.query_row_cap)
        return store


# ---- reading the schema from the graph ---------------------------------------------------------------
def _name(label: str) -> str:
    return "`" + label.replace("`", "``") + "`"


def _type_name(value_type: str | None) -> str:
    """`valueType()`'s answer as langchain's schema writes it: "STRING NOT NULL" -> STRING, "LIST<...>" -> LIST."""
    t = (value_type or "ANY").replace(" NOT NULL", "").strip()
    return "LIST" if t.startswith("LIST") else t


def _sampled(query: Any, match: str, var: str, ends: str = "") -> list[dict[str, Any]]:
    """Property names and types seen on a bounded sample. With `ends` (labels the match names, as columns) the rows
    are grouped by them too, and a row of property '' stands for every element of the sample."""
    keys = f"keys({var}) + ['']" if ends else f"keys({var})"
    try:
        return query(f"{match} UNWIND {keys} AS property "
                     f"RETURN {ends}property, valueType({var}[property]) AS type, count(*) AS seen")
    except QueryFailed:  # a server without valueType() (Neo4j before 5.13): names only
        return [r | {"type": None} for r in query(f"{match} UNWIND {keys} AS property "
                                                   f"RETURN {ends}property, count(*) AS seen")]


def _properties(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sample's property names and types, most frequent first."""
    seen: Counter[str] = Counter()
    types: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        seen[r["property"]] += r["seen"]
        types[r["property"]][_type_name(r["type"])] += r["seen"]
    order = sorted(seen, key=lambda p: (-seen[p], p))
    return [{"property": p, "type": types[p].most_common(1)[0][0]} for p in order]


def _each(read: Callable[[str], list[dict[str, Any]]], names: list[str]) -> list[list[dict[str, Any]]]:
    """`read` of each name, in order, SAMPLES_AT_ONCE at a time (the server answers each on a thread of its own)."""
    with ThreadPoolExecutor(SAMPLES_AT_ONCE) as pool:
        return list(pool.map(read, names))


def build_structured_schema(query: Any) -> tuple[dict[str, Any], list[Schema]]:
    """The graph's schema in langchain_neo4j's shape, and the corrector's triples, read with `query` (the
    guarded read path). Labels carried by every node seen (here `BaseNode`) are listed under
    `metadata.base_labels`, and the relationships name the other, more specific labels."""
    labels = sorted(r["label"] for r in query("CALL db.labels() YIELD label RETURN label"))
    types = sorted(r["relationshipType"] for r in
                   query("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType"))
    label_sets: list[frozenset[str]] = []
    triples: set[Schema] = set()
    pairs: dict[str, set[tuple[frozenset[str], frozenset[str]]]] = defaultdict(set)
    rel_props: dict[str, list[dict[str, Any]]] = {}
    # one read of each type's sample (a rare type's scans the whole graph: 8 s at a million notices)
    samples = _each(lambda t: _sampled(query, f"MATCH (a)-[r:{_name(t)}]->(b) WITH a, r, b LIMIT {SAMPLE_RELS}", "r",
                                       ends="labels(a) AS start, labels(b) AS end, "), types)
    for t, rows in zip(types, samples, strict=True):
        for r in rows:  # the ends of every edge
            if r["property"] != "":
                continue
            start, end = frozenset(r["start"] or []), frozenset(r["end"] or [])
            pairs[t].add((start, end))
            label_sets += [start, end]
            triples |= {Schema(s, t, e) for s in start for e in end}
        props = _properties([r for r in rows if r["property"] != ""])
        if props:
            rel_props[t] = props
    multi = [s for s in label_sets if len(s) > 1]
    base = sorted(frozenset.intersection(*multi)) if multi else []

    def specific(ls: frozenset[str]) -> list[str]:
        return sorted(ls - set(base)) or sorted(ls)

    node_props: dict[str, list[dict[str, Any]]] = {}
    kinds = [label for label in labels if label not in base]
    samples = _each(lambda label: _sampled(query, f"MATCH (n:{_name(label)}) WITH n LIMIT {SAMPLE_NODES}", "n"), kinds)
    for label, rows in zip(kinds, samples, strict=True):
        props = _properties(rows)
        if props:
            node_props[label] = props
    for label in base:  # what every kind of node has in common
        common = set.intersection(*({p["property"] for p in ps} for ps in node_props.values())) if node_props else set()
        first = next(iter(node_props.values()), [])
        node_props[label] = [p for p in first if p["property"] in common]
    relationships = sorted({(s, t, e) for t, ps in pairs.items() for st, en in ps
                            for s in specific(st) for e in specific(en)})
    metadata: dict[str, Any] = {"base_labels": base, "index": [], "constraint": []}
    for key, statement in (("index", "SHOW INDEXES"), ("constraint", "SHOW CONSTRAINTS")):
        try:
            metadata[key] = [{"name": r.get("name"), "type": r.get("type"), "labels": r.get("labelsOrTypes") or [],
                              "properties": r.get("properties") or []} for r in query(statement)]
        except (QueryFailed, QueryRefused, QueryTimeout) as exc:  # a reader without SHOW privileges: no metadata
            log.info("schema: %s not available (%s)", statement, exc)
    structured = {"node_props": node_props, "rel_props": rel_props,
                  "relationships": [{"start": s, "type": t, "end": e} for s, t, e in relationships],
                  "metadata": metadata}
    return structured, sorted(triples)


def format_schema(structured: dict[str, Any], max_props: int = MAX_PROPS_SHOWN) -> str:
    """The schema as the model reads it (langchain_neo4j's layout, plus look-up and full-text hints). Only
    names, never values, and only plain ones (letters, digits, `_`, `[]`): whatever else a graph holds never
    reaches the prompt (SPEC §9: data is not instructions)."""
    def props(ps: list[dict[str, Any]]) -> str:
        ps = [p for p in ps if _plain(p["property"], p["type"])]
        shown = ", ".join(f"{p['property']}: {p['type']}" for p in ps[:max_props])
        return shown + (", ..." if len(ps) > max_props else "")

    meta = structured.get("metadata", {})
    lines = ["Node properties:"]
    lines += [f"{label} {{{props(ps)}}}" for label, ps in structured.get("node_props", {}).items() if _plain(label)]
    lines += [f"Every node also has the label {b}." for b in meta.get("base_labels", []) if _plain(b)]
    for c in meta.get("constraint", []):
        if c.get("type") == "UNIQUENESS" and len(c.get("labels", [])) == 1 and len(c.get("properties", [])) == 1 \
                and _plain(c["labels"][0], c["properties"][0]):
            label, prop = c["labels"][0], c["properties"][0]
            lines.append(f"{label}.{prop} is unique: look a node up with MATCH (n:{label} {{{prop}: ${prop}}}).")
    lines.append("Relationship properties:")
    lines += [f"{t} {{{props(ps)}}}" for t, ps in structured.get("rel_props", {}).items() if _plain(t)]
    lines.append("The relationships (direction matters):")
    lines += [f"(:{r['start']})-[:{r['type']}]->(:{r['end']})" for r in structured.get("relationships", [])
              if _plain(r["start"], r["type"], r["end"])]
    fulltext = [i for i in meta.get("index", []) if i.get("type") == "FULLTEXT"
                and _plain(i.get("name"), *i.get("labels", []), *i.get("properties", []))]
    if fulltext:
        lines.append("Full-text indexes (CALL db.index.fulltext.queryNodes('<name>', $text) YIELD node, score):")
        lines += [f"'{i['name']}' on {'/'.join(i['labels'])}.{'/'.join(i['properties'])}" for i in fulltext]
    return "\n".join(lines)


_PLAIN = re.compile(r"[\w\[\]]{1,64}")


def _plain(*names: Any) -> bool:
    return all(isinstance(n, str) and _PLAIN.fullmatch(n) for n in names)


# ---- what the corrector may see --------------------------------------------------------------------
_PAIRS = {")": "(", "]": "[", "}": "{"}


def _balanced(text: str) -> bool:
    """Brackets balanced (string literals masked): a query with unbalanced ones fails on the server anyway,
    and those are the corrector's slowest inputs."""
    stack: list[str] = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in _PAIRS and (not stack or stack.pop() != _PAIRS[ch]):
            return False
    return not stack


def _mask_strings(query: str) -> tuple[str, list[str]]:
    """String literals replaced by placeholders, so the corrector never rewrites text inside them."""
    literals: list[str] = []
    out, pos = [], 0
    for t in tokenize(query):
        if t.kind == "string":
            out += [query[pos:t.start], f"'\x00{len(literals)}\x00'"]
            literals.append(query[t.start:t.end])
            pos = t.end
    out.append(query[pos:])
    return "".join(out), literals


def _unmask(query: str, literals: list[str]) -> str:
    return re.sub(r"'\x00(\d+)\x00'", lambda m: literals[int(m.group(1))], query)
