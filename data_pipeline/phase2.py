"""Phase 2 (§4.1.3): weak Person/Company nodes from event texts, linked to their Event with the role.

Events are read in pages of those not yet extracted, so a killed run resumes where it stopped and a
finished one does nothing on re-run. One weak node per (event, name): identity across events is
phase 3's job (NameHub), never a guess made here.

Under `--privacy` the texts in the graph are tokens: the pseudonymizer turns them back into text in
memory (from its token table), and the weak nodes are pseudonymized before they are written. An event
whose extraction fails is reported to `on_error` and left pending (the next run tries it again).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from neo4j import ManagedTransaction

from data_pipeline import offload
from data_pipeline.ahead import ahead
from data_pipeline.extract.base import ExtractionInput, Extractor, Mention
from data_pipeline.hub_links import hub_uids, insert_statements
from data_pipeline.identity import hub_for
from data_pipeline.inserts import to_write
from data_pipeline.offload import Offload
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.text_spool import TOWNS, TextSpool
from data_pipeline.uid_ledger import Attempts, UidLedger
from kg.driver import Graph

log = logging.getLogger(__name__)

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


LINK = {etype: _link("MERGE", etype) for etype in ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO", "HAS_EVENT")}
# An edge of phase 2 is written with its Event's mark, in one transaction, so a pending Event has none yet: it is
# created, one per (src, Event, role) as the MERGE would leave it (the rows' properties, the later winning). Not for
# HAS_EVENT, which phase 1 writes too.
CREATE_LINK = {etype: _link("CREATE", etype) for etype in ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO")}
MARK_DONE = """
UNWIND $uids AS u MATCH (e:BaseNode {uid: u}) SET e.extracted_by = $extractor
"""

# Table 6: a role becomes an edge type; persons and companies meet only through the Event.
# A debtor company named only in the text (KK10) is the notice's subject, as HAS_EVENT says in phase 1.
EDGE_FOR_ROLE = {"auditor": "PROVIDES_ASSURANCE_TO", "bankruptcy_office": "RELATED_TO", "debtor": "HAS_EVENT"}


@dataclass
class Phase2Stats:
    events: int = 0
    mentions: int = 0
    failed: int = 0  # events whose text could not be extracted (or read back), left pending


def _node_for(m: Mention, event_uid: str, extractor: str, px: Pseudonymizer = PLAIN
              ) -> tuple[str, str, dict, dict | None]:
    """(uid, label, properties, its NameHub: `hub_links`); `event_uid` as stored in the graph; the node comes out
    pseudonymized by `px`."""
    if m.kind == "office":  # an authority is one node however many notices name it
        uid = px.uid("OF", m.name)
    elif m.kind == "company" and m.uid:
        uid = px.public_id(m.uid) or m.uid  # a CHE number names the company itself
    else:
        uid = px.uid("WP" if m.kind == "person" else "WC", event_uid, m.name)
    props = {"uid": uid, "name": m.name, "strength": "weak", "source_event": event_uid, "phase": 2,
             "extractor": extractor, "residence": m.residence, "nationality": m.nationality, "origin": m.origin,
             "kind": "authority" if m.kind == "office" else None}
    label = "Person" if m.kind == "person" else "Company"
    stored = px.protect(label, {k: v for k, v in props.items() if v is not None})
    # a company named by its CHE number is keyed by phase 3: a later notice may register it under another name
    return uid, label, stored, None if m.kind == "company" and m.uid else hub_for(m.name, stored.get("name"), px)


@dataclass
class MentionRows:
    """What `write_mentions` writes of the mentions found in a page's Events, made without the graph: the nodes
    (each uid's first mention), their NameHubs, the edges per type (`links`), and the same edges once per (src, Event,
    role) for an Event that has none yet (`created`: `CREATE_LINK`)."""
    found: dict[str, list[Mention]]
    nodes: dict[str, dict]
    hubs: dict[str, dict]
    links: dict[str, list[dict]]
    created: dict[str, list[dict]]

    @property
    def mentions(self) -> int:
        return sum(len(v) for v in self.found.values())


def mention_rows(found: dict[str, list[Mention]], extractor: str, px: Pseudonymizer = PLAIN) -> MentionRows:
    """The rows of the mentions `found` in Events (pseudonymized by `px`)."""
    nodes: dict[str, dict] = {}
    hubs: dict[str, dict] = {}
    links: dict[str, list[dict]] = {t: [] for t in LINK}
    for event_uid, mentions in found.items():
        for m in mentions:
            uid, label, props, hub = _node_for(m, event_uid, extractor, px)
            if uid not in nodes:  # the first mention of a uid writes it, with the hub of its own name
                nodes[uid] = {"uid": uid, "label": label, "props": props}
                if hub:
                    hubs[uid] = hub
            etype = EDGE_FOR_ROLE.get(m.role_key or "", "ACTED_IN")
            edge = {"role": m.role, "signature": m.signature, "status": m.status, "extractor": extractor}
            links[etype].append({"src": uid, "event": event_uid, "role_key": m.role_key or "unknown",
                                 "props": {k: v for k, v in edge.items() if v is not None}})
    return MentionRows(found, nodes, hubs, links, {t: _once(rows) for t, rows in links.items() if t in CREATE_LINK})


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


def _once(rows: list[dict]) -> list[dict]:
    """One row per (src, event, role_key), its properties those of the rows in order, as MERGE ... SET r += leaves
    them."""
    out: dict[tuple[str, str, str], dict] = {}
    for r in rows:
        have = out.setdefault((r["src"], r["event"], r["role_key"]), {**r, "props": {}})
        have["props"] = {**have["props"], **r["props"]}
    return list(out.values())


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


def extract(extractor: Extractor, batch: list[ExtractionInput],
            on_error: Callable[[str, str], None] | None = None) -> dict[str, list[Mention]]:
    """Mentions per event. When the extractor fails on a batch, each event is tried alone, and one that
    still fails goes to `on_error` (event uid, reason) and is left out (so it stays pending)."""
    try:
        found = extractor.extract(batch)
        return {item.uid: found.get(item.uid, []) for item in batch}
    except Exception as exc:
        if on_error is None:
            raise
        log.warning("extraction of a batch of %d events failed (%s); trying them one by one", len(batch), exc)
    found: dict[str, list[Mention]] = {}
    for item in batch:
        try:
            found[item.uid] = extractor.extract([item]).get(item.uid, [])
        except Exception as exc:  # noqa: BLE001 - one event's failure is that event's quarantine
            on_error(item.uid, f"extraction failed ({type(exc).__name__}: {exc})")
    return found


@dataclass
class _Page:
    batch: list[ExtractionInput]
    unreadable: list[str]
    found: dict[str, list[Mention]]
    errors: list[tuple[str, str]]  # (event uid, reason) of the events whose extraction failed
    rows: MentionRows | None = None  # made ahead too where no token table is written (a plain build)


def _extracted(extractor: Extractor, batch: list[ExtractionInput], collect_errors: bool
               ) -> tuple[dict[str, list[Mention]], list[tuple[str, str]]]:
    """`extract`, with the failures returned (collected) instead of reported, or raised where not collected."""
    errors: list[tuple[str, str]] = []
    found = extract(extractor, batch, (lambda uid, reason: errors.append((uid, reason))) if collect_errors else None)
    return found, errors


_WORKER_EXTRACTOR: Extractor | None = None  # the extractor of a build's second process (`offload`)


def _set_worker_extractor(extractor: Extractor) -> None:
    global _WORKER_EXTRACTOR  # noqa: PLW0603 - the second process's one extractor, set once when it starts
    _WORKER_EXTRACTOR = extractor


def _extracted_in_worker(job: tuple[list[ExtractionInput], bool, bool]
                         ) -> tuple[dict[str, list[Mention]], list[tuple[str, str]], MentionRows | None]:
    """A page extracted in the second process, and its rows where asked (a plain build: `mention_rows` is pure)."""
    assert _WORKER_EXTRACTOR is not None
    batch, collect_errors, rows = job
    found, errors = _extracted(_WORKER_EXTRACTOR, batch, collect_errors)
    return found, errors, mention_rows(found, _WORKER_EXTRACTOR.name) if rows and found else None


def _read_and_extract(graph: Graph, extractor: Extractor, uids: list[str], px: Pseudonymizer,
                      collect_errors: bool, off: Offload, spool: TextSpool | None) -> _Page:
    """A page read and extracted, with nothing reported yet (it may run ahead of the page being written); the
    extraction in the second process where there is one, which makes the page's rows too. Their rows are made here
    otherwise. Under a keyed pseudonymizer, which writes its token table as it tokenizes, they are made in the
    writing thread (`write_mentions`). (Made in this thread beside the writes, pure Python holds the interpreter lock
    the writing thread needs each time the server answers it, up to a switch interval of 5 ms each time.)"""
    batch, unreadable = load_inputs(graph, uids, px, spool)
    if off.enabled:
        found, errors, rows = off.run(_extracted_in_worker, (batch, collect_errors, not px.keyed))
    else:
        found, errors = _extracted(extractor, batch, collect_errors)
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
    with Offload(wanted, _set_worker_extractor, (extractor,)) as off:
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
