"""Idempotent schema bootstrap (SPEC §3, §4): uid uniqueness, lookup indexes, event full-text index.

Everything is portable Cypher DDL except the full-text index, which ArcadeDB creates only
through its SQL (HTTP API); that one difference lives in `create_fulltext_arcadedb`.
`kg.driver.Graph.ensure_schema()` runs it; `python -m kg.schema` is the command. This module imports nothing
of `kg.driver` (the driver imports it).
"""
from __future__ import annotations

from collections.abc import Iterable

from neo4j import Driver

from kg.arcade_http import ArcadeHttp
from kg.backend import Backend, detect_backend
from kg.event_scope import KIND_SCOPES, MOVE_TOWNS
from kg.hub_counts import PROPERTIES, SUMMARY_LABEL, TALLY_LABEL

# ArcadeDB names a full-text index "<Type>[<property>]"; Neo4j gets the same name so that
# `db.index.fulltext.queryNodes(name, ...)` is one query on both backends. Both are Lucene underneath,
# so fuzzy (`name~`) and prefix (`name*`) terms work on both, and so does the options map `{limit: n}`: the index's
# n best hits by score (what every read of a large index asks for; unlimited, a common word yields every notice).
FULLTEXT_INDEX = "Event[full_text]"
COMPANY_NAME_INDEX = "Company[name]"
HUB_NAME_INDEX = "NameHub[name]"
FULLTEXT = {FULLTEXT_INDEX: ("Event", "full_text"), COMPANY_NAME_INDEX: ("Company", "name"),
            HUB_NAME_INDEX: ("NameHub", "name")}

# The schema the custom-Cypher tool shows, as the build read it, kept in a summary node (kg.graph_store): reading it
# live samples every relationship type, which ArcadeDB does by walking vertices until enough edges of the type are
# seen (39 s for the rare types at a million notices). Here, not there, so that the pipeline names it without
# importing langchain_neo4j (0.6 s on every `python -m data_pipeline` command).
SCHEMA_UID = "summary-schema"
SCHEMA_VERSION = 1
INDEX_BUILD_S = 3600.0  # a full-text index built over a million notices takes minutes (a build's statements: an hour)
CONSTRAINTS = [
    "CREATE CONSTRAINT basenode_uid IF NOT EXISTS FOR (n:BaseNode) REQUIRE n.uid IS UNIQUE",
]
# ArcadeDB allows one index per property, and Company.name carries the full-text one there.
COMPANY_NAME_RANGE = "CREATE INDEX company_name IF NOT EXISTS FOR (n:Company) ON (n.name)"
INDEXES = [
    # a uid looked up under its own label (`(c:Company {uid: ...})`, as analysts and the model write it): ArcadeDB
    # serves only the label that holds the index, and BaseNode's constraint does not serve Company's
    *(f"CREATE INDEX {label.lower()}_uid IF NOT EXISTS FOR (n:{label}) ON (n.uid)"
      for label in ("Company", "Person", "Event", "NameHub")),
    "CREATE INDEX person_name IF NOT EXISTS FOR (n:Person) ON (n.name)",
    "CREATE INDEX namehub_key IF NOT EXISTS FOR (n:NameHub) ON (n.key)",
    "CREATE INDEX event_publication_date IF NOT EXISTS FOR (n:Event) ON (n.publication_date)",
    "CREATE INDEX event_sub_rubric IF NOT EXISTS FOR (n:Event) ON (n.sub_rubric)",
    # sub-rubric, canton and year in one (kg.event_scope): counts and lists by kind, canton and period
    "CREATE INDEX event_scope IF NOT EXISTS FOR (n:Event) ON (n.scope)",
    # canton and year of the notices of one listed kind (a seat move, a rename, ...; kg.event_scope.KIND_SCOPES)
    *(f"CREATE INDEX event_{p} IF NOT EXISTS FOR (n:Event) ON (n.{p})" for p in (*KIND_SCOPES.values(), *MOVE_TOWNS)),
    "CREATE INDEX company_seat IF NOT EXISTS FOR (n:Company) ON (n.seat)",
] + [  # rank_persons reads the hubs whose company (mandate) count, in all or in a role group, reaches its threshold
    f"CREATE INDEX namehub_{p} IF NOT EXISTS FOR (n:NameHub) ON (n.{p})" for p in PROPERTIES] + [
    f"CREATE INDEX hubcanton_{p} IF NOT EXISTS FOR (n:{TALLY_LABEL}) ON (n.{p})" for p in ("hub", *PROPERTIES)]


# Every node is created as (:BaseNode:<one of these>), SPEC §3.
NODE_LABELS = ("Company", "Person", "Event", "NameHub", TALLY_LABEL, SUMMARY_LABEL)


def create_label_types_arcadedb(http: ArcadeHttp, database: str) -> None:
    """ArcadeDB stores a node of two labels in a type of its own, `BaseNode~Event`, which the first CREATE of such a
    node makes, and making it quiesces the server's background workers. When one is busy (compacting an index a build
    has just made: the texts' index is compacted while phase 3 runs), that CREATE waits up to 60 s and fails with
    DeadlockDetected: the build's first HubCanton node, written in phase 3, stalled builds of 20,000 and 30,000
    publications by a minute. The types are made here, before any data or index."""
    for label in ("BaseNode", *NODE_LABELS):
        http.sql(database, f"CREATE VERTEX TYPE `{label}` IF NOT EXISTS")
    for label in NODE_LABELS:
        http.sql(database, f"CREATE VERTEX TYPE `BaseNode~{label}` IF NOT EXISTS EXTENDS `BaseNode`, `{label}`")


def bootstrap_schema(driver: Driver, database: str, arcade_http: ArcadeHttp | None = None,
                     fulltext: bool = True) -> Backend:
    """Create constraints and indexes when missing. Safe to run any number of times."""
    backend = detect_backend(driver, database)
    if backend == "arcadedb" and arcade_http is not None:
        create_label_types_arcadedb(arcade_http, database)
    with driver.session(database=database) as s:
        for stmt in CONSTRAINTS + INDEXES:
            s.run(stmt).consume()
        if backend == "neo4j":
            s.run(COMPANY_NAME_RANGE).consume()
        elif fulltext:  # graphs built before the name search had the range index in its place
            s.run("DROP INDEX company_name IF EXISTS").consume()
        if backend == "neo4j" and fulltext:
            for name, (label, prop) in FULLTEXT.items():
                s.run(f"CREATE FULLTEXT INDEX `{name}` IF NOT EXISTS FOR (n:{label}) ON EACH [n.{prop}]").consume()
    if backend == "arcadedb" and fulltext:
        if arcade_http is None:
            raise ValueError("ArcadeDB needs its HTTP API to create the full-text index")
        create_fulltext_arcadedb(arcade_http, database)
    return backend


def drop_fulltext_arcadedb(http: ArcadeHttp, database: str) -> None:
    """ArcadeDB indexes text ~20x faster in bulk (at CREATE INDEX) than row by row, so a bulk
    load drops the indexes first and `bootstrap_schema` rebuilds them afterwards."""
    for name in FULLTEXT:
        http.sql(database, f"DROP INDEX `{name}` IF EXISTS")


def create_fulltext_arcadedb(http: ArcadeHttp, database: str, names: Iterable[str] = tuple(FULLTEXT)) -> None:
    """Build the full-text indexes `names` (of FULLTEXT) where missing. ArcadeDB compacts a large index in a
    thread of its own once built (at a million notices the texts' index takes 54 s to build, then 90 s to compact),
    and builds the next index only once that is done."""
    # The property must be declared before ArcadeDB will index it; `full_text` needs backticks.
    for label, prop in (FULLTEXT[name] for name in names):
        http.sql(database, f"CREATE VERTEX TYPE {label} IF NOT EXISTS")
        http.sql(database, f"CREATE PROPERTY {label}.`{prop}` IF NOT EXISTS STRING")
        http.sql(database, f"CREATE INDEX IF NOT EXISTS ON {label} (`{prop}`) FULL_TEXT", timeout_s=INDEX_BUILD_S)
