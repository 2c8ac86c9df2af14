"""Phase 2 (§4.1.3): weak Person/Company nodes from event texts, linked to their Event with the role.

Events are read in pages of those not yet extracted, so a killed run resumes where it stopped and a
finished one does nothing on re-run. One weak node per (event, name): identity across events is
phase 3's job (NameHub), never a guess made here.

Under `--privacy` the texts in the graph are tokens: the pseudonymizer turns them back into text in
memory (from its token table), and the weak nodes are pseudonymized before they are written. An event
whose extraction fails is reported to `on_error` and left pending (the next run tries it again).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from neo4j import ManagedTransaction

from data_pipeline import offload
from data_pipeline.ahead import ahead
from data_pipeline.extract.base import ExtractionInput, Extractor, Mention
from data_pipeline.hub_links import hub_uids, insert_statements
from data_pipeline.inserts import to_write
from data_pipeline.offload import Offload
from data_pipeline.phase2_rows import (
    CREATED_TYPES,
    EDGE_TYPES,
    MentionRows,
    extracted,
    extracted_in_worker,
    mention_rows,
    set_worker_extractor,
)
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.text_spool import TOWNS, TextSpool
from data_pipeline.uid_ledger import Attempts, UidLedger
from kg.driver import Graph

# Sorted here, not by the server: at a million notices an ORDER BY exceeds ArcadeDB's query heap budget.
PENDING_UIDS = """
MATCH (e:Event)
WHERE e.extracted_by IS NULL AND e.sub_rubric IN $sub_rubrics
RETURN e.uid AS uid
"""
EVENT_TEXTS = """
UNWIND $uids AS u
MATCH (e:BaseNode {uid: u})
OPTIONAL MATCH (c:Company)-[:HAS_EVENT]->(e)
RETURN e.uid AS uid, e.full_text AS text, e.language AS language, e.sub_rubric AS sub_rubric,
       collect(coalesce(c.seat, c.town))[0] AS town
"""
# Only the nodes that `inserts.EXISTING` does not find in the page's transaction are created (an authority, a CHE
# number or a name seen before is already there), each with its NameHub's edge (`hub_links`).
# MERGEd from the Event: an authority or an audit firm named in thousands of notices would make a MERGE from
# its side walk all its edges (ArcadeDB walks the first bound node's), so the cost would grow with the graph.
def _link(verb: str, etype: str) -> str:
    return f"""
UNWIND $rows AS row
MATCH (a:BaseNode {{uid: row.src}})
MATCH (e:BaseNode {{uid: row.event}})
{verb} (e)<-[r:{etype} {{role_key: row.role_key}}]-(a)
SET r += row.props
"""


LINK = {etype: _link("MERGE", etype) for etype in EDGE_TYPES}
# For an Event pending until this transaction (`phase2_rows.CREATED_TYPES`): the rows' properties, the later winning.
CREATE_LINK = {etype: _link("CREATE", etype) for etype in CREATED_TYPES}
MARK_DONE = """
UNWIND $uids AS u MATCH (e:BaseNode {uid: u}) SET e.extracted_by = $extractor
"""

@dataclass
class Phase2Stats:
    events: int = 0
    mentions: int = 0
    failed: int = 0  # events whose text could not be extracted (or read back), left pending


def write_mentions(graph: Graph, found: dict[str, list[Mention]] | MentionRows, extractor: str,
                   px: Pseudonymizer = PLAIN, ledger: UidLedger | None = None, pending: bool = False) -> int:
    """The mentions `found` in Events (or their rows, `mention_rows`), written with the Events' marks in one
    transaction. `pending`: every Event was read as not yet extracted (`PENDING_UIDS`), so it has no edge of phase 2
    yet (`CREATE_LINK`). `ledger`: see `uid_ledger`."""
    rows = found if isinstance(found, MentionRows) else mention_rows(found, extractor, px)
    ledger = ledger or UidLedger(False)
    uids = [*rows.nodes, *hub_uids(rows.hubs.values())]
    attempts = Attempts()

    def work(tx: ManagedTransaction) -> None:
        trusted = attempts.first()  # a re-run (another writer meanwhile) looks every uid up and MERGEs every edge
        create = trusted and pending
        present = ledger.present(tx, uids, trusted)
        statements = insert_statements(((n["label"], n["props"]) for n in rows.nodes.values()
                                        if n["uid"] not in present), rows.hubs, present, ledger.fresh and trusted)
        statements += [(CREATE_LINK[etype], {"rows": rows.created[etype]}) if create and etype in CREATE_LINK
                       else (LINK[etype], {"rows": links}) for etype, links in rows.links.items()]
        for query, params in to_write(statements):
            tx.run(query, params).consume()
        tx.run(MARK_DONE, {"uids": list(rows.found), "extractor": extractor}).consume()

    graph.transact(work)
    ledger.add(uids)
    return rows.mentions


def pending_uids(graph: Graph, sub_rubrics: list[str], spool: TextSpool | None = None) -> list[str]:
    """The notices of `sub_rubrics` not extracted yet, sorted; from `spool` where it is active (`text_spool`)."""
    if spool is not None and spool.active:
        return spool.pending(sub_rubrics)
    with graph.driver.session(database=graph.database) as s:
        return sorted(r["uid"] for r in s.run(PENDING_UIDS, sub_rubrics=sub_rubrics))


def _event_rows(graph: Graph, uids: list[str], spool: TextSpool | None) -> dict[str, dict]:
    """`EVENT_TEXTS`' rows of `uids`; the texts from `spool` where it is active, the towns from the graph."""
    with graph.driver.session(database=graph.database) as s:
        if spool is None or not spool.active:
            return {r["uid"]: r for r in (rec.data() for rec in s.run(EVENT_TEXTS, uids=uids))}
        rows, ask = spool.rows(uids)
        towns = spool.towns
        unseen = sorted({r["company"] for r in rows.values() if r["company"] is not None} - towns.keys())
        if unseen:  # phase 2 changes no company's seat or town: each is read once
            towns |= dict.fromkeys(unseen) | {r["uid"]: r["town"] for r in s.run(TOWNS, uids=unseen)}
        for r in rows.values():
            r["town"] = towns.get(r.pop("company"))
        if ask:
            rows |= {r["uid"]: r for r in (rec.data() for rec in s.run(EVENT_TEXTS, uids=ask))}
        return rows


def load_inputs(graph: Graph, uids: list[str], px: Pseudonymizer = PLAIN,
                spool: TextSpool | None = None) -> tuple[list[ExtractionInput], list[str]]:
    """The texts of `uids` (turned back into text by `px`), and the uids whose text cannot be read back."""
    rows = _event_rows(graph, uids, spool)
    out, unreadable = [], []
    for u in uids:
        if u not in rows:
            continue
        stored = rows[u]["text"]
        text = px.plain(stored)
        if text is None and stored is not None:
            unreadable.append(u)
            continue
        out.append(ExtractionInput(u, text or "", rows[u]["language"], rows[u]["sub_rubric"], px.plain(rows[u]["town"])))
    return out, unreadable


@dataclass
class _Page:
    batch: list[ExtractionInput]
    unreadable: list[str]
    found: dict[str, list[Mention]]
    errors: list[tuple[str, str]]  # (event uid, reason) of the events whose extraction failed
    rows: MentionRows | None = None  # made ahead too where no token table is written (a plain build)


def _read_and_extract(graph: Graph, extractor: Extractor, uids: list[str], px: Pseudonymizer,
                      collect_errors: bool, off: Offload, spool: TextSpool | None) -> _Page:
    """A page read and extracted, with nothing reported yet (it may run ahead of the page being written); the
    extraction in the second process where there is one, which makes the page's rows too. Their rows are made here
    otherwise. Under a keyed pseudonymizer, which writes its token table as it tokenizes, they are made in the
    writing thread (`write_mentions`). (Made in this thread beside the writes, pure Python holds the interpreter lock
    the writing thread needs each time the server answers it, up to a switch interval of 5 ms each time.)"""
    batch, unreadable = load_inputs(graph, uids, px, spool)
    if off.enabled:
        found, errors, rows = off.run(extracted_in_worker, (batch, collect_errors, not px.keyed))
    else:
        found, errors = extracted(extractor, batch, collect_errors)
        rows = None if px.keyed or not found else mention_rows(found, extractor.name, px)
    return _Page(batch, unreadable, found, errors, rows)


def run_phase2(graph: Graph, extractor: Extractor, sub_rubrics: list[str], page: int = 500,
               on_progress: Callable[[int], None] | None = None,
               on_start: Callable[[int], object] | None = None, px: Pseudonymizer = PLAIN,
               on_error: Callable[[str, str], None] | None = None, processes: bool | None = None,
               ledger: UidLedger | None = None, spool: TextSpool | None = None) -> Phase2Stats:
    """Pages are written in uid order; the next page is read and extracted meanwhile (`ahead`), the extraction in a
    second process where the extractor computes (`Extractor.computes`) and the pages are many (`offload.use`).
    Writing a page touches only its own events (their marks, edges to them, new weak nodes), so what the next page
    reads is the same either way; a page's failures reach `on_error` just before it is written, in the order of a
    plain loop. `spool`: the texts of a build that started on an empty graph (`text_spool`)."""
    stats = Phase2Stats()
    uids = pending_uids(graph, sub_rubrics, spool)
    if on_start:
        on_start(len(uids))
    pages = [uids[i: i + page] for i in range(0, len(uids), page)]
    wanted = offload.use(len(uids), processes) and extractor.computes
    with Offload(wanted, set_worker_extractor, (extractor,)) as off:
        for p in ahead(lambda us: _read_and_extract(graph, extractor, us, px, on_error is not None, off, spool),
                       pages):
            if on_error:
                for u in p.unreadable:
                    on_error(u, "the event's text token is not in the privacy token table; left pending")
                for uid, reason in p.errors:
                    on_error(uid, reason)
            stats.failed += len(p.unreadable)
            # every event extracted is marked, even those with no mention; a failed one stays pending
            done = [item for item in p.batch if item.uid in p.found]
            stats.failed += len(p.batch) - len(done)
            if p.found:
                stats.mentions += write_mentions(graph, p.rows or p.found, extractor.name, px, ledger, pending=True)
            stats.events += len(done)
            if on_progress:
                on_progress(len(p.batch) + len(p.unreadable))
    return stats
