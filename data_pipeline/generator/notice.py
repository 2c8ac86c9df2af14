"""One generated publication as plain data: what the XML writer renders and the truth writer records."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Address:
    street: str
    number: str
    zip: str
    town: str
    care_of: str | None = None

    def one_line(self) -> str:
        co = f"{self.care_of}, " if self.care_of else ""
        return f"{co}{self.street} {self.number}, {self.zip} {self.town}"

    def as_dict(self) -> dict:
        return {"care_of": self.care_of, "street": self.street, "house_number": self.number, "zip": self.zip,
                "town": self.town}


@dataclass(frozen=True, slots=True)
class CompanyView:
    """A company's registered state at one moment (commonsNew / commonsActual / KK debtor)."""
    name: str
    translations: str | None
    uid: str
    code13: str
    seat: str
    canton: str
    legal_form: str
    address: Address
    purpose: str
    capital_nominal: float | None
    capital_paid: float | None
    opting_out: bool | None
    head_office: tuple[str, str] | None  # (name, uid) for branches


@dataclass(frozen=True, slots=True)
class PersonDebtor:
    prename: str
    name: str
    country: str  # ISO code
    birth_date: str
    address: Address


@dataclass(frozen=True, slots=True)
class OfficeMeta:
    """meta/registrationOffice."""
    id: str
    display_name: str
    street: str
    number: str
    zip: str
    town: str


@dataclass(slots=True)
class Notice:
    sub_rubric: str
    number: str
    id: str
    date: dt.date
    language: str
    canton: str
    title: tuple[str, str, str, str]  # de, en, it, fr
    legal_remedy: str | None
    office: OfficeMeta
    company_id: str | None
    expiration: dt.date | None = None
    secondary_tenant: bool = False
    # HR
    journal_number: int = 0
    journal_date: dt.date | None = None
    text: str = ""
    new: CompanyView | None = None
    actual: CompanyView | None = None
    last_fosc: tuple[dt.date, int, str] | None = None  # date, SHAB issue number, publication sequence
    flags: dict | None = None  # HR02 changements
    deletion_date: dt.date | None = None
    sender_office: str = ""
    # KK / LS: content elements before and after the debtor/company block, as (tag, value) pairs
    debtor: CompanyView | PersonDebtor | None = None
    pre: list = field(default_factory=list)
    post: list = field(default_factory=list)
    # truth
    facts: dict = field(default_factory=dict)
    mentions: list = field(default_factory=list)
