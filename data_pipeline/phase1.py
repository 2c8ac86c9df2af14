"""Phase 1 (§4.1.2): strong Company/Person/Event nodes and the deterministic edges of Table 6,
written with batched UNWIND in the portable Cypher subset (SPEC §4).

Idempotent: nodes are created only when their uid is missing (read in the batch's transaction: see `inserts`),
company state is updated only by an event at least as recent as the one it already reflects (`as_of`), and edges
are MERGEd.

Cost per row does not grow with the graph (issue 19): every lookup is `{uid: ...}` on `BaseNode` (the unique index
serves it on ArcadeDB and Neo4j); a batch first reads which of its uids exist, then updates those and creates the
others, so a new node is sent and written once (its create row already holds the update: see `fold`); and an edge
is MERGEd from its Event, whose few incoming edges are all the MERGE walks, never from a company with thousands.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from neo4j import ManagedTransaction
from neo4j.exceptions import ClientError

from data_pipeline.company_updates import UPDATE_COMPANIES, CompanyUpdates
from data_pipeline.hub_links import hub_uids, insert_statements
from data_pipeline.inserts import insert, missing, to_write
from data_pipeline.model import Publication
from data_pipeline.phase1_rows import Item, OnError, Phase1Rows, prepare
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.summaries import is_valid, write_summary
from data_pipeline.text_spool import TextSpool
from data_pipeline.uid_ledger import Attempts, UidLedger
from kg.driver import Graph
from kg.event_scope import (
    KIND_SUBS,
    KINDLESS,
    KINDS_UID,
    KINDS_VERSION,
    SCOPELESS,
    SCOPES_UID,
    SCOPES_VERSION,
    SET_SCOPES,
    scope,
    set_kind_scopes,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
# What the graph or the driver answers to a value it will not store. A connection or authentication
# failure is none of these (or is re-raised below): it stops the build rather than quarantining every record.
REFUSED = (ClientError, ValueError, TypeError, OverflowError)

# One label inside every {uid: ...} lookup; all labels at CREATE (ArcadeDB, SPEC §4). A batch reads which of its
# uids exist (`inserts.EXISTING`, in its own transaction): those are updated, the others inserted, so a new node is
# neither looked up nor sent twice (an Event's row holds its whole notice).
INSERT_EVENTS = insert("Event")
# An Event's properties are what its notice says, so writing them again is a no-op; it also brings an Event
# written by an older build up to today's graph model (e.g. the before/after values of a change).
UPDATE_EVENTS = """
UNWIND $rows AS row
MATCH (e:BaseNode {uid: row.uid})
SET e += row
"""
INSERT_COMPANIES = insert("Company", "row.create, n.as_of = row.as_of")
# Relationship types cannot be parameters, so there is one statement per type of Table 6.
EDGE_TYPES = ("HAS_EVENT", "HEAD_OFFICE_OF", "PROVIDES_ASSURANCE_TO", "INVOLVED_IN", "ACQUIRED_FROM", "DISSOLVED_IN")
# Written from the Event (`dst`): ArcadeDB's MERGE walks the edges of the pattern's first bound node.
def _edge(verb: str, set_role: str, etype: str) -> str:
    return f"""
UNWIND $rows AS row
MATCH (a:BaseNode {{uid: row.src}})
MATCH (b:BaseNode {{uid: row.dst}})
{verb} (b)<-[r:{etype}]-(a)
{set_role} r.role = row.role
"""


MERGE_EDGES = {t: _edge("MERGE", "ON CREATE SET", t) for t in EDGE_TYPES}
# An edge to an Event that this batch inserts cannot exist yet: it is created, once per (src, Event) as the MERGE
# would leave it (the first row's role).
CREATE_EDGES = {t: _edge("CREATE", "SET", t) for t in EDGE_TYPES}


@dataclass
class Phase1Batch:
    events: list[dict]
    companies: list[dict]
    persons: list[dict]
    edges: dict[str, list[dict]]
    hubs: dict[str, dict]  # a person's uid -> its NameHub, linked when the person is created (`hub_links`)


def fold(all_rows: Iterable[Phase1Rows]) -> Phase1Batch:
    """Rows of a batch, with duplicate uids folded (a batch must not create a uid twice). A company's `create`
    holds every value of its `update` (so `statements` may leave a new company out of the update)."""
    events: dict[str, dict] = {}
    companies: dict[str, dict] = {}
    persons: dict[str, dict] = {}
    edges: dict[str, list[dict]] = {t: [] for t in EDGE_TYPES}
    hubs: dict[str, dict] = {}
    for rows in all_rows:
        events.setdefault(rows.event["uid"], rows.event)
        for c in rows.companies:  # in date order: later state wins, first sighting creates
            have = companies.get(c["uid"])
            if have is None:
                companies[c["uid"]] = {"uid": c["uid"], "as_of": c["as_of"], "create": dict(c["create"]),
                                       "update": dict(c["update"])}
            else:
                have["create"] = {**c["create"], **have["create"], **c["update"]}
                have["update"].update(c["update"])
                have["as_of"] = max((d for d in (have["as_of"], c["as_of"]) if d), default=None)
        for p in rows.persons:
            if p["uid"] not in persons:  # the first sighting writes the person, with the hub of its own name
                persons[p["uid"]] = p
                if p["uid"] in rows.hubs:
                    hubs[p["uid"]] = rows.hubs[p["uid"]]
        for e in rows.edges:
            edges[e["type"]].append(e)
    return Phase1Batch(list(events.values()), list(companies.values()), list(persons.values()), edges, hubs)


def collect(pubs: Iterable[Publication], px: Pseudonymizer = PLAIN) -> Phase1Batch:
    """Rows of a batch of publications, folded."""
    return fold(rows for _, rows in prepare(pubs, px))


def node_uids(batch: Phase1Batch) -> list[str]:
    """The uids the batch writes: its nodes' and their hubs'."""
    return [r["uid"] for rows in (batch.events, batch.companies, batch.persons) for r in rows] + \
        hub_uids(batch.hubs.values())


def statements(batch: Phase1Batch, present: set[str], fresh: bool = False,
               kept: CompanyUpdates | None = None) -> list[tuple[str, dict]]:
    """The batch's statements, given which of its uids are in the graph (`present`): a node that exists is updated,
    one that does not is inserted with its `create` row, which holds every value of its `update` with the same
    `as_of` (see `fold`), so the outcome is that of an update after a create-if-missing, in one write. An edge to an
    Event that exists is MERGEd, one to an Event inserted here created. `fresh`: see `hub_links.insert_statements`;
    `kept`: the updates of the companies it holds are left to it (`company_updates`)."""
    out = [(UPDATE_EVENTS, {"rows": [r for r in batch.events if r["uid"] in present]}),
           (INSERT_EVENTS, {"rows": missing(batch.events, present)}),
           (UPDATE_COMPANIES, {"rows": [r for r in batch.companies
                                        if r["uid"] in present and not (kept and kept.held(r["uid"]))]}),
           (INSERT_COMPANIES, {"rows": missing(batch.companies, present)}),
           *insert_statements((("Person", p) for p in missing(batch.persons, present)), batch.hubs, present, fresh)]
    for t, rows in batch.edges.items():
        new: dict[tuple[str, str], dict] = {}
        for r in rows:
            if r["dst"] not in present:
                new.setdefault((r["src"], r["dst"]), r)
        out += [(MERGE_EDGES[t], {"rows": [r for r in rows if r["dst"] in present]}),
                (CREATE_EDGES[t], {"rows": list(new.values())})]
    return to_write(out)


def _write_batch(tx: ManagedTransaction, batch: Phase1Batch, ledger: UidLedger, trusted: bool,
                 kept: CompanyUpdates | None) -> set[str]:
    """The batch's statements; returns the uids it found present."""
    present = ledger.present(tx, node_uids(batch), trusted)
    for query, params in statements(batch, present, ledger.fresh and trusted, kept):
        tx.run(query, params).consume()
    return present


def _narrowed(items: list[T], commit: Callable[[list[T]], Callable[[], object]], on_error: OnError | None,
              refused: Callable[[T, Exception], None], what: str) -> int:
    """`commit(items)` (one transaction), then what it returns, once committed; returns how many items. When the graph
    refuses them and `on_error` is given, they are halved until the refused ones are found, each named to `refused`
    (a Security refusal, or any without `on_error`, is raised)."""
    try:
        after = commit(items)
    except REFUSED as exc:
        if on_error is None or "Security." in (getattr(exc, "code", None) or ""):
            raise
        if len(items) == 1:
            refused(items[0], exc)
            return 0
        log.warning("a batch of %d %s was refused (%s); narrowing it down", len(items), what, exc)
        mid = len(items) // 2
        return (_narrowed(items[:mid], commit, on_error, refused, what)
                + _narrowed(items[mid:], commit, on_error, refused, what))
    after()  # committed: a failure here is no refusal of the batch (it stops the build)
    return len(items)


def _write(graph: Graph, items: list[Item], on_error: OnError | None,
           ledger: UidLedger, spool: TextSpool | None = None, kept: CompanyUpdates | None = None) -> int:
    """Write `items` in one transaction; when the graph refuses it and `on_error` is given, halve the batch
    until the refused publications are found, and quarantine just those."""
    def commit(part: list[Item]) -> Callable[[], None]:
        batch = fold(rows for _, rows in part)
        attempts = Attempts()
        present = graph.transact(lambda tx: _write_batch(tx, batch, ledger, attempts.first(), kept))
        ledger.add(node_uids(batch))

        def after() -> None:
            if kept is not None:
                kept.committed(batch.companies, present)
            if spool is not None:
                spool.add(batch.events, ((e["src"], e["dst"]) for e in batch.edges["HAS_EVENT"]))
        return after

    def refused(item: Item, exc: Exception) -> None:
        assert on_error is not None
        on_error(item[0], f"the graph refused the record ({type(exc).__name__}: {exc})")

    return _narrowed(items, commit, on_error, refused, "publications")


def write_kept(graph: Graph, kept: CompanyUpdates, on_error: OnError | None = None, batch: int = 2000) -> int:
    """The companies' updates `kept` until phase 1's end, a transaction per `batch` companies; returns how many. Where
    the graph refuses a company's update (as it would have refused it in its batch), that company is named to
    `on_error` with the reason and keeps the state it was created with; the others are written."""
    def commit(rows: list[dict]) -> Callable[[], None]:
        graph.write((UPDATE_COMPANIES, {"rows": rows}))
        return lambda: None

    def refused(row: dict, exc: Exception) -> None:
        assert on_error is not None
        on_error(f"company {row['uid']}", f"the graph refused the company's latest state ({type(exc).__name__}: {exc}); "
                                          "it keeps its first notice's")

    rows = kept.take()
    for i in range(0, len(rows), batch):
        _narrowed(rows[i: i + batch], commit, on_error, refused, "companies' updates")
    return len(rows)


def write_batch(graph: Graph, pubs: list[Publication], px: Pseudonymizer = PLAIN,
                on_error: OnError | None = None, ledger: UidLedger | None = None,
                spool: TextSpool | None = None, kept: CompanyUpdates | None = None) -> int:
    """One transaction per batch: a build killed mid-batch leaves nothing half-written. Rows are
    pseudonymized by `px` before they reach the graph. Returns the publications written. `ledger`: the uids this
    build wrote, on a build that started on an empty graph (`uid_ledger`); `spool`: the notices it wrote, for phase 2
    (`text_spool`); `kept`: the companies' updates, written when phase 1 ends (`company_updates`)."""
    return write_rows(graph, prepare(pubs, px, on_error), on_error, ledger, spool, kept)


def write_rows(graph: Graph, items: list[Item], on_error: OnError | None = None, ledger: UidLedger | None = None,
               spool: TextSpool | None = None, kept: CompanyUpdates | None = None) -> int:
    """`write_batch` of publications already mapped (`prepare`, `read_rows`)."""
    return _write(graph, items, on_error, ledger or UidLedger(False), spool, kept) if items else 0


def backfill_kind_scopes(graph: Graph, batch: int = 5000) -> int:
    """Writes the kind scopes (`kg.event_scope.KIND_SCOPES`) of the notices of a graph whose notices were written
    before them, then marks the graph as holding them (phase 1 writes them with every notice from then on); returns
    how many notices were read. Nothing to read on a marked graph or an empty one."""
    if is_valid(graph, KINDS_UID, KINDS_VERSION):
        return 0
    with graph.driver.session(database=graph.database) as s:
        rows = [r.data() for r in s.run(KINDLESS, subs=list(KIND_SUBS))]
    for i in range(0, len(rows), batch):
        graph.write(*set_kind_scopes(rows[i: i + batch]))
    write_summary(graph, KINDS_UID, KINDS_VERSION, {})
    return len(rows)


def backfill_scopes(graph: Graph, batch: int = 5000) -> int:
    """Writes the scope (`kg.event_scope`: sub-rubric, canton, month) of the notices of a graph written before phase 1
    wrote it so (no scope, or a year's), then marks the graph as holding them (phase 1 writes them with every notice
    from then on); returns how many were written. Nothing to read on a marked graph or an empty one."""
    if is_valid(graph, SCOPES_UID, SCOPES_VERSION):
        return 0
    with graph.driver.session(database=graph.database) as s:
        rows = [{"uid": r["uid"], "scope": found} for r in s.run(SCOPELESS)
                if (found := scope(r["sub_rubric"], r["canton"], r["publication_date"])) != r["scope"]]
    for i in range(0, len(rows), batch):
        graph.write((SET_SCOPES, {"rows": rows[i: i + batch]}))
    write_summary(graph, SCOPES_UID, SCOPES_VERSION, {})
    return len(rows)
