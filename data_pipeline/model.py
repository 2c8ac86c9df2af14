"""The typed `Publication` every source reader produces (SHAB XML export, SHAB API JSON).

Fields the source does not carry are None (or empty lists); nothing is invented.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# eCH-0097 legal form codes used by the commercial register, with the usual short label.
LEGAL_FORMS: dict[str, str] = {
    "0101": "Einzelunternehmen",
    "0103": "Kollektivgesellschaft",
    "0104": "Kommanditgesellschaft",
    "0105": "Kommanditaktiengesellschaft",
    "0106": "AG",
    "0107": "GmbH",
    "0108": "Genossenschaft",
    "0109": "Verein",
    "0110": "Stiftung",
    "0111": "Zweigniederlassung einer ausländischen Gesellschaft",
    "0113": "Besondere Rechtsform",
    "0114": "Kommanditgesellschaft für kollektive Kapitalanlagen",
    "0115": "SICAV",
    "0116": "SICAF",
    "0117": "Institut des öffentlichen Rechts",
    "0151": "Zweigniederlassung",
}

RUBRICS = ("HR", "KK", "LS")


@dataclass(slots=True)
class Address:
    street: str | None = None
    house_number: str | None = None
    zip_code: str | None = None
    town: str | None = None
    care_of: str | None = None  # addressLine1, e.g. "c/o Vadim Pogreban"
    line2: str | None = None
    po_box: str | None = None

    def one_line(self) -> str:
        street = " ".join(p for p in (self.street, self.house_number) if p)
        place = " ".join(p for p in (self.zip_code, self.town) if p)
        return ", ".join(p for p in (self.care_of, self.line2, street, place) if p)


@dataclass(slots=True)
class CompanyInfo:
    name: str | None = None
    uid: str | None = None
    seat: str | None = None
    legal_form_code: str | None = None
    legal_form: str | None = None
    address: Address | None = None
    capital_nominal: float | None = None
    capital_paid: float | None = None
    purpose: str | None = None
    translations: str | None = None
    canton: str | None = None
    head_office_name: str | None = None
    head_office_uid: str | None = None
    auditor_name: str | None = None
    auditor_uid: str | None = None
    opting_out: bool | None = None


@dataclass(slots=True)
class PersonInfo:
    last_name: str | None = None
    first_name: str | None = None
    country_of_origin: str | None = None
    date_of_birth: str | None = None
    date_of_death: str | None = None
    residence: str | None = None

    @property
    def name(self) -> str:
        return ", ".join(p for p in (self.last_name, self.first_name) if p)


@dataclass(slots=True)
class Debtor:
    kind: str  # "company" | "person"
    company: CompanyInfo | None = None
    person: PersonInfo | None = None

    @property
    def name(self) -> str | None:
        if self.company is not None:
            return self.company.name
        return self.person.name if self.person is not None else None


@dataclass(slots=True)
class Deadlines:
    resolution_date: str | None = None  # bankruptcy opened (Konkurseröffnung)
    cessation_date: str | None = None
    proceeding_end_date: str | None = None
    revocation_date: str | None = None
    entry_start: str | None = None
    entry_deadline: str | None = None
    days_after_publication: int | None = None
    inventory_deadline: str | None = None
    auction_date: str | None = None

    def any(self) -> bool:
        return any(getattr(self, f) is not None for f in self.__slots__)  # type: ignore[attr-defined]


@dataclass(slots=True)
class Publication:
    id: str
    publication_number: str
    rubric: str
    sub_rubric: str
    publication_date: str  # ISO date
    language: str | None = None
    cantons: list[str] = field(default_factory=list)
    state: str | None = None
    expiration_date: str | None = None
    schema_version: str | None = None
    registration_office: str | None = None  # meta/registrationOffice displayName
    registration_office_town: str | None = None
    sender_office: str | None = None  # content/senderOffice/officeName (register office)
    title: dict[str, str] = field(default_factory=dict)
    journal_number: str | None = None
    journal_date: str | None = None
    text: str | None = None  # publicationText (HR, LS) or the KK10 publication
    company: CompanyInfo | None = None  # state after the act (commonsNew), else the subject
    previous: CompanyInfo | None = None  # commonsActual of HR02: state before
    changes: list[str] = field(default_factory=list)  # HR02 change flags that are true
    deletion_date: str | None = None
    last_publication_date: str | None = None
    last_publication_sequence: str | None = None
    debtor: Debtor | None = None
    office: str | None = None  # KK/LS free-text office (Konkursamt, Anmeldestelle)
    circulation: str | None = None  # KK05/KK09 locationCirculationAuthority: where the documents lie
    deadlines: Deadlines | None = None
    remarks: str | None = None
    raw_text: str | None = None  # unknown rubrics: every text of <content>, kept verbatim
    source: str | None = None

    @property
    def subject_name(self) -> str | None:
        if self.company is not None and self.company.name:
            return self.company.name
        return self.debtor.name if self.debtor is not None else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
