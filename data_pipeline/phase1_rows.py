"""Phase 1, pure part: a `Publication` becomes the rows of strong nodes and deterministic edges.

No database here, so the mapping (Table 6) is unit-testable, and the build's second process, which reads and maps
the files (`read_rows`, `data_pipeline.offload`), starts without loading the graph driver (2.7 s of a process start
where no bytecode is cached, 1.1 s where it is). `phase1.py` writes the rows. Under
`--privacy` the rows come out already pseudonymized (keyed uids, tokenized values): they are built in
memory and nothing plain is ever handed to the writer.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data_pipeline.extract.court import bankruptcy_opened
from data_pipeline.extract.mergers import absorbed_by
from data_pipeline.identity import hub_for
from data_pipeline.model import CompanyInfo, Publication
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.sources import QuarantineEntry, read_chunk
from data_pipeline.uids import stable_uid
from kg.event_scope import kind_scopes, scope

__all__ = ["Item", "OnError", "Phase1Rows", "company_uid", "full_text", "prepare", "read_rows", "record_name", "rows_for",
           "stable_uid"]


def company_uid(c: CompanyInfo, px: Pseudonymizer = PLAIN) -> str:
    # A Swiss UID is the company's identity; without one, name + seat/canton is the best we have.
    return px.public_id(c.uid) or px.uid("CO", c.name, c.seat or c.canton)


@dataclass
class Phase1Rows:
    event: dict[str, Any]
    companies: list[dict[str, Any]] = field(default_factory=list)  # {uid, as_of, create, update}
    persons: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)  # {src, dst, type, role}
    hubs: dict[str, dict[str, Any]] = field(default_factory=dict)  # a person's uid -> its NameHub (`hub_links`)


# HR02 flags (statusChanged) after which the company is active again: a court revoked its bankruptcy (the register
# then drops "in Liquidation" from its name), its owners revoked its dissolution, or a deleted company re-entered.
_BACK_TO_ACTIVE = frozenset({"bankruptcy.revocation", "liquidation.revocation", "reentry"})


def _status(pub: Publication) -> str | None:
    sr = pub.sub_rubric
    if sr == "HR03":
        return "deleted"
    if sr in ("KK01", "KK02", "KK03", "KK04", "KK05", "KK06", "KK08", "KK09"):
        return "bankrupt"
    if sr == "KK07":
        return "active"  # bankruptcy revoked
    if pub.rubric == "LS" or any(c.startswith("liquidation.dissolution") for c in pub.changes):
        return "liquidation"  # (a company re-entered to be wound up is in liquidation)
    if any(c.startswith("bankruptcy.dissolution") for c in pub.changes):
        return "bankrupt"
    if any(c in _BACK_TO_ACTIVE for c in pub.changes):
        return "active"  # the register's own notice of a revoked bankruptcy or dissolution, or of a re-entry
    if sr == "HR01":
        return "active"
    return None


def _company_props(c: CompanyInfo) -> dict[str, Any]:
    props = {
        "name": c.name, "legal_form": c.legal_form, "legal_form_code": c.legal_form_code, "seat": c.seat,
        "address": c.address.one_line() if c.address else None, "zip_code": c.address.zip_code if c.address else None,
        "town": c.address.town if c.address else None, "capital_nominal": c.capital_nominal,
        "capital_paid": c.capital_paid, "purpose": c.purpose, "canton": c.canton,
    }
    return {k: v for k, v in props.items() if v is not None}


# What an HR notice says the company looked like after the act (commonsNew), kept on its Event so the state on
# any date can be read back (`company_as_of`); where the notice also gives the state before (commonsActual of
# an HR02) and a value differs, the value before is kept too (a rename, a seat move, a new address).
_STATE = ("name", "seat", "address", "legal_form", "capital_nominal", "purpose")


def _state(c: CompanyInfo | None) -> dict[str, Any]:
    if c is None:
        return {}
    props = _company_props(c)
    return {k: props.get(k) for k in _STATE}


def state_change(pub: Publication) -> dict[str, Any]:
    """`after_<field>` for the state after an HR/LS act, `before_<field>` for each value the act changed, and
    `status_after`; nothing for a KK notice (its company block is the debtor as the office knew it)."""
    if pub.rubric == "KK" or pub.company is None:
        return {}
    after, before = _state(pub.company), _state(pub.previous)
    out: dict[str, Any] = {f"after_{k}": v for k, v in after.items() if v is not None and k != "purpose"}
    for k, old in before.items():
        if old is not None and old != after.get(k):
            out[f"before_{k}"] = old
            if k == "purpose" and after.get(k) is not None:
                out["after_purpose"] = after[k]
    if (status := _status(pub)) is not None:
        out["status_after"] = status
    return out


def full_text(pub: Publication) -> str:
    """The Event's searchable text: the notice itself plus the sparse metadata around it (§4.1.2)."""
    title = pub.title.get(pub.language or "de") or pub.title.get("de") or next(iter(pub.title.values()), "")
    lines = [title, pub.text or ""]
    if pub.debtor is not None and pub.debtor.name and (not pub.text or pub.debtor.name not in pub.text):
        d = pub.debtor
        where = d.company.address.one_line() if d.company and d.company.address else (
            d.person.residence if d.person else None)
        lines.append(f"Debtor: {d.name}" + (f", {where}" if where else ""))
    if pub.office:  # one line, its lines comma-separated: "Office: Konkursamt Thun, Allmendstrasse 18, 3600 Thun"
        lines.append("Office: " + ", ".join(ln.strip() for ln in pub.office.splitlines() if ln.strip()))
    if pub.circulation:
        lines.append("Documents at: " + ", ".join(ln.strip() for ln in pub.circulation.splitlines() if ln.strip()))
    if pub.deadlines is not None:
        dl = pub.deadlines
        for label, value in (("Bankruptcy opened", dl.resolution_date), ("Proceedings closed", dl.proceeding_end_date),
                             ("Revoked", dl.revocation_date), ("Claims deadline", dl.entry_deadline)):
            if value:
                lines.append(f"{label}: {value}")
    if pub.remarks:
        lines.append(pub.remarks)
    if pub.raw_text and not pub.text:
        lines.append(pub.raw_text)
    return "\n".join(line.strip() for line in lines if line and line.strip())


def _related_company(rows: Phase1Rows, pub: Publication, other: CompanyInfo, etype: str, role: str,
                     event_uid: str, px: Pseudonymizer) -> None:
    """A company the notice names in a structured field (head office, auditor), linked to the Event. The notice
    states nothing of that company's state, so its date is no `as_of`: a branch's notice naming its head office
    must not hold back the head office's own notices of an earlier date written after it (its deletion, say)."""
    uid = company_uid(other, px)
    rows.companies.append({"uid": uid, "as_of": None, "update": {},
                           "create": px.protect("Company", {"uid": uid, "name": other.name, "strength": "strong",
                                                            "source_event": event_uid, "phase": 1, "status": "active"})})
    rows.edges.append({"src": uid, "dst": event_uid, "type": etype, "role": role})


def rows_for(pub: Publication, px: Pseudonymizer = PLAIN) -> Phase1Rows:
    """The rows of one publication; with a keyed `px` they are pseudonymized before they leave here."""
    subject = pub.company
    event_uid = px.public_id(pub.publication_number)
    assert event_uid is not None
    opened = pub.deadlines.resolution_date if pub.deadlines is not None else None
    if opened is None and pub.rubric == "HR" and any(c.startswith("bankruptcy.dissolution") for c in pub.changes):
        opened = bankruptcy_opened(pub.text)  # the court's decision, as the register's text states it
    event = {
        "uid": event_uid, "publication_id": px.public_id(pub.id), "publication_number": event_uid,
        "rubric": pub.rubric, "sub_rubric": pub.sub_rubric, "publication_date": pub.publication_date,
        "canton": pub.cantons[0] if pub.cantons else None, "cantons": ",".join(pub.cantons) or None,
        "language": pub.language, "title": pub.title.get(pub.language or "de") or pub.title.get("de"),
        "full_text": full_text(pub), "company_name": pub.subject_name,
        "company_uid": px.public_id(subject.uid) if subject else None,
        "changes": ",".join(pub.changes) or None, "deletion_date": pub.deletion_date,
        "bankruptcy_opened": opened,
        "register_office": pub.sender_office or pub.registration_office, "office": pub.office,
        "source": pub.source, "scope": scope(pub.sub_rubric, pub.cantons[0] if pub.cantons else None,
                                             pub.publication_date),
    } | state_change(pub)
    merger = absorbed_by(pub.text) if pub.sub_rubric == "HR03" and subject is not None else None
    if merger is not None:
        event |= {"acquirer_uid": px.public_id(merger.uid), "acquirer_name": merger.acquirer}
    event |= kind_scopes(event)  # a seat move, a rename, a merger, ...: list_events reads them by these
    rows = Phase1Rows(event=px.protect("Event", {k: v for k, v in event.items() if v is not None}))
    status = _status(pub)
    if subject is not None and subject.name:
        uid = company_uid(subject, px)
        # strength: a company first seen as a weak mention (by CHE number) is now verified
        update: dict[str, Any] = {"strength": "strong"} | ({} if pub.rubric == "KK" else _company_props(subject))
        if status:
            update["status"] = status
        if not subject.canton and pub.rubric == "HR" and pub.cantons:
            update["canton"] = pub.cantons[0]  # an HR notice is published by the register of the seat's canton
        if pub.deletion_date:
            update["deletion_date"] = pub.deletion_date
        if opened:
            update["bankruptcy_date"] = opened
        create = _company_props(subject) | update | {"uid": uid, "strength": "strong", "source_event": event_uid,
                                                   "phase": 1, "status": status or "active"}
        created = px.protect("Company", create)
        # the canton the persons' counts per canton hold this company in (phase 3 recounts them when it changes)
        created["hubs_canton"] = created.get("canton")
        rows.companies.append({"uid": uid, "as_of": pub.publication_date, "create": created,
                               "update": px.protect("Company", update)})
        debtor = pub.debtor is not None and pub.debtor.company is subject
        rows.edges.append({"src": uid, "dst": event_uid, "type": "HAS_EVENT",
                           "role": "DEBTOR_COMPANY" if debtor else "SUBJECT"})
        # Table 6: PARENT -> HEAD_OFFICE_OF, ASSURANCE -> PROVIDES_ASSURANCE_TO, both through the Event
        for name, other_uid, etype, role in ((subject.head_office_name, subject.head_office_uid, "HEAD_OFFICE_OF", "PARENT"),
                                             (subject.auditor_name, subject.auditor_uid, "PROVIDES_ASSURANCE_TO",
                                              "ASSURANCE")):
            if name:
                _related_company(rows, pub, CompanyInfo(name=name, uid=other_uid), etype, role, event_uid, px)
        if merger is not None:  # Table 6: the absorbed company DISSOLVED_IN, the absorbing one ACQUIRED_FROM
            rows.edges.append({"src": uid, "dst": event_uid, "type": "DISSOLVED_IN", "role": "DISSOLVED"})
            _related_company(rows, pub, CompanyInfo(name=merger.acquirer, uid=merger.uid), "ACQUIRED_FROM", "BUYER",
                             event_uid, px)
    if pub.debtor is not None and pub.debtor.kind == "person" and pub.debtor.person and pub.debtor.person.name:
        p = pub.debtor.person
        uid = px.uid("PE", p.last_name, p.first_name, p.date_of_birth, p.residence)
        props = {"uid": uid, "name": p.name, "first_name": p.first_name, "last_name": p.last_name,
                 "nationality": p.country_of_origin, "residence": p.residence, "date_of_birth": p.date_of_birth,
                 "strength": "strong", "source_event": event_uid, "phase": 1}
        stored = px.protect("Person", {k: v for k, v in props.items() if v is not None})
        rows.persons.append(stored)
        hub = hub_for(p.name, stored.get("name"), px)
        if hub:
            rows.hubs[uid] = hub
        rows.edges.append({"src": uid, "dst": event_uid, "type": "INVOLVED_IN", "role": "DEBTOR_PERSON"})
    return rows


# A publication that cannot be written: (its name: `record_name`, reason) -> its quarantine.
OnError = Callable[[str, str], None]
# A publication's name in the quarantine, and its rows
Item = tuple[str, Phase1Rows]


def record_name(pub: Publication) -> str:
    """What the quarantine calls a publication: its file, or its number."""
    return pub.source or pub.publication_number


def prepare(pubs: Iterable[Publication], px: Pseudonymizer = PLAIN, on_error: OnError | None = None) -> list[Item]:
    """Each publication's name with its rows, in date order. A publication whose mapping fails, whatever the
    error, goes to `on_error` with the reason (without `on_error` the error propagates)."""
    out = []
    for pub in sorted(pubs, key=lambda p: (p.publication_date, p.publication_number)):
        try:
            out.append((record_name(pub), rows_for(pub, px)))
        except Exception as exc:
            if on_error is None:
                raise
            on_error(record_name(pub), f"cannot map the record to graph rows ({type(exc).__name__}: {exc})")
    return out


def read_rows(paths: list[Path]) -> tuple[list[Item], list[tuple[str, str]], list[QuarantineEntry]]:
    """The rows of the publications in `paths` (no pseudonymizer), with what mapping them and what reading them
    quarantined, for the caller to log: a build's next chunk, made while it writes one (`data_pipeline.offload`)."""
    pubs, entries = read_chunk(paths)
    failed: list[tuple[str, str]] = []
    return prepare(pubs, PLAIN, lambda name, reason: failed.append((name, reason))), failed, entries
