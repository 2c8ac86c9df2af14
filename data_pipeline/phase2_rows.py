"""Phase 2, pure part: the extraction of a page of notices, and the rows of the mentions it found.

No database here: the build's second process, which runs a rule extractor (`data_pipeline.offload`), starts without
loading the graph driver (3.3 s of a process start where no bytecode is cached, 1.1 s where it is). `phase2.py`
reads the notices and writes the rows.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from data_pipeline.extract.base import ExtractionInput, Extractor, Mention
from data_pipeline.identity import hub_for
from data_pipeline.privacy import PLAIN, Pseudonymizer

log = logging.getLogger(__name__)

EDGE_TYPES = ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO", "HAS_EVENT")  # the edges phase 2 writes
# An edge of phase 2 is written with its Event's mark, in one transaction, so a pending Event has none yet: it is
# created, one per (src, Event, role) as the MERGE would leave it. Not HAS_EVENT, which phase 1 writes too.
CREATED_TYPES = ("ACTED_IN", "PROVIDES_ASSURANCE_TO", "RELATED_TO")

# Table 6: a role becomes an edge type; persons and companies meet only through the Event.
# A debtor company named only in the text (KK10) is the notice's subject, as HAS_EVENT says in phase 1.
EDGE_FOR_ROLE = {"auditor": "PROVIDES_ASSURANCE_TO", "bankruptcy_office": "RELATED_TO", "debtor": "HAS_EVENT"}


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
    role) for an Event that has none yet (`created`: `phase2.CREATE_LINK`)."""
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
    links: dict[str, list[dict]] = {t: [] for t in EDGE_TYPES}
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
    return MentionRows(found, nodes, hubs, links, {t: _once(rows) for t, rows in links.items() if t in CREATED_TYPES})


def _once(rows: list[dict]) -> list[dict]:
    """One row per (src, event, role_key), its properties those of the rows in order, as MERGE ... SET r += leaves
    them."""
    out: dict[tuple[str, str, str], dict] = {}
    for r in rows:
        have = out.setdefault((r["src"], r["event"], r["role_key"]), {**r, "props": {}})
        have["props"] = {**have["props"], **r["props"]}
    return list(out.values())


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


def extracted(extractor: Extractor, batch: list[ExtractionInput], collect_errors: bool
               ) -> tuple[dict[str, list[Mention]], list[tuple[str, str]]]:
    """`extract`, with the failures returned (collected) instead of reported, or raised where not collected."""
    errors: list[tuple[str, str]] = []
    found = extract(extractor, batch, (lambda uid, reason: errors.append((uid, reason))) if collect_errors else None)
    return found, errors


_WORKER_EXTRACTOR: Extractor | None = None  # the extractor of a build's second process (`offload`)


def set_worker_extractor(extractor: Extractor) -> None:
    global _WORKER_EXTRACTOR  # noqa: PLW0603 - the second process's one extractor, set once when it starts
    _WORKER_EXTRACTOR = extractor


def extracted_in_worker(job: tuple[list[ExtractionInput], bool, bool]
                         ) -> tuple[dict[str, list[Mention]], list[tuple[str, str]], MentionRows | None]:
    """A page extracted in the second process, and its rows where asked (a plain build: `mention_rows` is pure)."""
    assert _WORKER_EXTRACTOR is not None
    batch, collect_errors, rows = job
    found, errors = extracted(_WORKER_EXTRACTOR, batch, collect_errors)
    return found, errors, mention_rows(found, _WORKER_EXTRACTOR.name) if rows and found else None
