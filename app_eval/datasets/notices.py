"""The second view of a world: its XML notices, read here on their own terms (no pipeline mapping, no
generator truth; the one text rule shared with the pipeline is the court's bankruptcy opening,
`data_pipeline/extract/court.py`), so the dataset references can be re-derived from what the notices state.

One `Notice` per file, with what the checks need: the company the notice is about (uid, name before and
after), the register fields it states (seat, legal form, address, capital, purpose, head office), its legal
dates (register entry, deletion, bankruptcy opening as stated), the debtor of a bankruptcy notice and the
free text. `Notices.load(world)` reads every `xml/**/*.xml` of a world once."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from xml.etree.ElementTree import Element

from defusedxml.ElementTree import fromstring

from data_pipeline.extract.court import bankruptcy_opened

SWISS_DATE = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b")
MEETING = re.compile(r"(?:Erste Gläubigerversammlung|Première assemblée des créanciers|Prima adunanza dei creditori)"
                     r":\s*(\d{1,2}\.\d{1,2}\.\d{4})")
STATUTES = re.compile(r"(?:Statutendatum\s*:|Date des statuts\s*:|Data dello statuto\s*:|Statuts du|Statuto del)\s*"
                      r"(\d{1,2}\.\d{1,2}\.\d{4})", re.IGNORECASE)


def iso(swiss: str) -> str:
    d, m, y = swiss.split(".")
    return f"{y}-{int(m):02d}-{int(d):02d}"


def _text(el: Element | None, path: str) -> str | None:
    if el is None:
        return None
    found = el.find(path)
    if found is None or found.text is None:
        return None
    return found.text.strip() or None


@dataclass(frozen=True)
class Address:
    street: str | None
    number: str | None
    zip: str | None
    town: str | None

    def line(self) -> str:
        street = " ".join(x for x in (self.street, self.number) if x)
        return ", ".join(x for x in (street, " ".join(x for x in (self.zip, self.town) if x)) if x)


def _address(el: Element | None) -> Address | None:
    if el is None:
        return None
    a = Address(_text(el, "street"), _text(el, "houseNumber"), _text(el, "swissZipCode"), _text(el, "town"))
    return a if a.street or a.town else None


@dataclass
class Notice:
    number: str
    sub_rubric: str
    date: str
    language: str | None
    canton: str | None
    title: str | None
    text: str  # publicationText (HR, LS) or the KK remarks; `full` joins every free-text field
    full: str
    journal_date: str | None = None
    uid: str | None = None  # the company the notice is about (new state, else actual, else debtor / company)
    name: str | None = None  # its name after the notice
    old_name: str | None = None  # its name before (HR02 commonsActual)
    old_seat: str | None = None  # its seat before (HR02 commonsActual)
    name_changed: bool = False
    seat: str | None = None
    legal_form: str | None = None
    address: Address | None = None
    capital: float | None = None
    purpose: str | None = None
    head_office_uid: str | None = None
    head_office_name: str | None = None
    deletion_date: str | None = None
    resolution_date: str | None = None  # KK: the bankruptcy opening as the notice states it
    bankruptcy_dissolution: bool = False  # HR02: dissolved by bankruptcy
    liquidation_dissolution: bool = False  # HR02: dissolved, in liquidation
    debtor: str | None = None  # KK: the debtor as named ("Last, First" or the company name)

    @property
    def opening_stated(self) -> str | None:
        """The bankruptcy opening date the notice states: the KK resolution date, else the court decision in
        an HR02 text."""
        if self.resolution_date:
            return self.resolution_date
        return bankruptcy_opened(self.text)

    @property
    def meeting(self) -> str | None:
        m = MEETING.search(self.full)
        return iso(m.group(1)) if m else None

    @property
    def statutes_date(self) -> str | None:
        m = STATUTES.search(self.text or "")
        return iso(m.group(1)) if m else None


def parse(xml: bytes) -> Notice:
    root = fromstring(xml)
    meta, content = root.find("meta"), root.find("content")
    if meta is None or content is None:
        raise ValueError("not a SHAB publication (no meta/content)")
    text = _text(content, "publicationText") or ""
    remarks = _text(content, "remarks") or ""
    office = _text(content, "registrationOffice") or ""
    n = Notice(number=_text(meta, "publicationNumber") or "", sub_rubric=_text(meta, "subRubric") or "",
               date=_text(meta, "publicationDate") or "", language=_text(meta, "language"),
               canton=_text(meta, "cantons"), title=_text(meta, "title/de"), text=text or remarks,
               full="\n".join(x for x in (text, remarks, office) if x), journal_date=_text(content, "journalDate"))
    new, actual = content.find("commonsNew"), content.find("commonsActual")
    state = new if new is not None else actual
    company = state.find("company") if state is not None else None
    if company is None:  # LS: content/company; KK: content/debtor/companies/company
        company = content.find("company")
    if company is None:
        company = content.find("debtor/companies/company")
    if company is not None:
        n.uid, n.name = _text(company, "uid"), _text(company, "name")
        n.seat, n.legal_form = _text(company, "seat"), _text(company, "legalForm")
        n.address = _address(company.find("address"))
    if state is not None:
        n.purpose = _text(state, "purpose")
        cap = _text(state, "capital/nominal")
        n.capital = float(cap) if cap else None
        n.head_office_uid, n.head_office_name = _text(state, "headOffice/uid"), _text(state, "headOffice/name")
    if actual is not None and new is not None:
        n.old_name = _text(actual, "company/name")
        n.old_seat = _text(actual, "company/seat")
    changes = content.find("transaction/update/changements")
    if changes is not None:
        n.name_changed = _text(changes, "nameChanged") == "true"
        n.bankruptcy_dissolution = _text(changes, "statusChanged/bankruptcy/dissolution") == "true"
        liq = changes.find("statusChanged/liquidation/dissolution")
        n.liquidation_dissolution = liq is not None and any((c.text or "").strip() == "true" for c in liq)
    n.deletion_date = _text(content, "transaction/delete/deletionDate")
    n.resolution_date = _text(content, "resolutionDate")
    person = content.find("debtor/person")
    if person is not None:
        n.debtor = f"{_text(person, 'name') or ''}, {_text(person, 'prename') or ''}".strip(", ")
    elif content.find("debtor") is not None:
        n.debtor = n.name
    return n


@dataclass
class Notices:
    all: list[Notice] = field(default_factory=list)  # in publication order (date, number)

    @classmethod
    def load(cls, world: Path) -> Notices:
        notices = [parse(p.read_bytes()) for p in sorted((world / "xml").rglob("*.xml"))]
        notices.sort(key=lambda n: (n.date, n.number))
        return cls(notices)

    @cached_property
    def by_uid(self) -> dict[str, list[Notice]]:
        out: dict[str, list[Notice]] = defaultdict(list)
        for n in self.all:
            if n.uid:
                out[n.uid].append(n)
        return out

    @cached_property
    def by_number(self) -> dict[str, Notice]:
        return {n.number: n for n in self.all}

    def latest(self, uid: str, attr: str) -> object | None:
        """The value the company's most recent notice stating `attr` gives."""
        for n in reversed(self.by_uid.get(uid, [])):
            value = getattr(n, attr)
            if value is not None:
                return value
        return None

    def current_name(self, uid: str) -> str | None:
        return self.latest(uid, "name")  # type: ignore[return-value]

    def register_notices(self, uid: str) -> list[Notice]:
        return [n for n in self.by_uid.get(uid, []) if n.sub_rubric.startswith("HR")]

    def deleted(self, uid: str) -> bool:
        return any(n.sub_rubric == "HR03" for n in self.by_uid.get(uid, []))

    def canton(self, uid: str) -> str | None:
        regs = self.register_notices(uid)
        return regs[-1].canton if regs else None
