"""Entity state of the synthetic world: persons, companies and the bounded pools that hold the live ones.

Memory stays bounded: a company leaves the pool when it is deleted or when the pool of live companies is full
(retired, as if it had simply not published anything since), and a person leaves once idle; either way its
truth record is written at that moment and the object is dropped."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .notice import Address, CompanyView
from .places import Town


class IndexedPool:
    """A list with O(1) add, remove and uniform random choice (order depends only on the call sequence)."""
    __slots__ = ("items", "pos")

    def __init__(self) -> None:
        self.items: list[str] = []
        self.pos: dict[str, int] = {}

    def add(self, key: str) -> None:
        if key not in self.pos:
            self.pos[key] = len(self.items)
            self.items.append(key)

    def remove(self, key: str) -> None:
        i = self.pos.pop(key, None)
        if i is None:
            return
        last = self.items.pop()
        if i < len(self.items):
            self.items[i] = last
            self.pos[last] = i

    def choice(self, rng: random.Random) -> str:
        return self.items[rng.randrange(len(self.items))]

    def __contains__(self, key: str) -> bool:
        return key in self.pos

    def __len__(self) -> int:
        return len(self.items)


@dataclass(slots=True)
class Person:
    id: str
    first_names: list[str]
    last_name: str
    gender: str
    nationality: str
    origins: list[str]  # Heimatorte of a Swiss citizen, empty for foreigners
    residence: str  # as written in notices: "Zürich", "Thörishaus (Neuenegg)", "Konstanz (DE)"
    home: Town | None  # None when living abroad
    birth_date: str
    since: str
    former_last_names: list[str] = field(default_factory=list)
    former_nationalities: list[str] = field(default_factory=list)
    address: Address | None = None  # postal address, drawn when first needed (liquidator contact, KK debtor)
    residences: list[dict] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    roles: list[dict] = field(default_factory=list)
    live: int = 0  # posts held in live companies

    @property
    def canonical(self) -> str:
        return f"{self.last_name}, {' '.join(self.first_names)}"

    def note_variant(self, text: str) -> None:
        if text not in self.variants:
            self.variants.append(text)

    def truth(self) -> dict:
        return {
            "type": "person", "id": self.id, "first_names": self.first_names, "last_name": self.last_name,
            "former_last_names": self.former_last_names, "former_nationalities": self.former_nationalities,
            "gender": self.gender, "birth_date": self.birth_date,
            "nationality": self.nationality, "origin": " und ".join(self.origins) if self.origins else None,
            "origins": self.origins, "residence": self.residence, "residences": self.residences,
            "variants": [self.canonical] + [v for v in self.variants if v != self.canonical], "roles": self.roles,
        }


@dataclass(slots=True)
class Post:
    """A function in a company: held by a person (P...) or a legal entity (C..., auditors and trustees)."""
    holder: str
    kind: str  # person | company
    role_key: str
    signature: str  # key into lexicon.SIGNATURES; "" for legal entities
    shares: int = 0  # GmbH Stammanteile
    amount: float = 0.0  # Kommanditsumme
    role_index: int = -1  # index into the holder's truth roles list


@dataclass(slots=True)
class Bankruptcy:
    opened: object  # dt.date of the court decision
    office: str
    court: str
    or731b: bool
    proceeding: str | None = None  # kk02 | kk03 | revoked
    summary: bool = True
    kk01: bool = False
    has_land: bool = False  # real estate in the estate: Lastenverzeichnis (KK09) and auction (KK08) follow
    kk02_day: int | None = None  # working-day index of each published step
    kk04_day: int | None = None
    kk05_day: int | None = None
    kk08_day: int | None = None
    kk09_day: int | None = None
    kk10: int = 0
    closed: bool = False
    revocation_published: bool = False
    person_debtor: str | None = None


@dataclass(slots=True)
class Liquidation:
    resolution: object  # dt.date
    organ: str  # decision body key
    liquidator: str  # P... or C...
    calls_planned: int
    calls_done: int = 0


@dataclass(slots=True)
class Company:
    id: str
    uid: str
    code13: str
    name: str
    base_name: str  # the name without a liquidation suffix
    name_lang: str
    legal_form: str
    town: Town
    address: Address
    purpose: str
    industry: int
    capital_nominal: float | None
    capital_paid: float | None
    share_count: int
    opting_out: bool | None
    translations: str | None
    founded: str
    status: str = "active"
    head_office: str | None = None
    head_view: tuple[str, str] | None = None
    auditor: str | None = None
    service: bool = False
    posts: list[Post] = field(default_factory=list)
    names: list[dict] = field(default_factory=list)
    seats: list[dict] = field(default_factory=list)
    capital_history: list[dict] = field(default_factory=list)
    status_history: list[dict] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    last_pub: tuple | None = None  # (date, issue number, sequence string)
    liq: Liquidation | None = None
    bk: Bankruptcy | None = None
    deleted: str | None = None
    absorbed_by: str | None = None
    owner: str | None = None  # sole proprietor
    care_of: str | None = None  # person named in "c/o ..." of the address
    office_id: str | None = None  # meta/registrationOffice id when the company itself publishes (LS)
    geneva: bool = False  # its notices use the Geneva French style

    def view(self) -> CompanyView:
        return CompanyView(
            self.name, self.translations, self.uid, self.code13, self.town.municipality, self.town.canton,
            self.legal_form, self.address, self.purpose, self.capital_nominal, self.capital_paid, self.opting_out,
            self.head_view,
        )

    def set_status(self, status: str, date: str) -> None:
        self.status = status
        self.status_history.append({"status": status, "from": date})

    def truth(self) -> dict:
        return {
            "type": "company", "id": self.id, "uid": self.uid, "code13": self.code13, "names": self.names,
            "translations": self.translations, "legal_form": self.legal_form, "language": self.name_lang,
            "seats": self.seats, "capital_nominal": self.capital_nominal, "capital_paid": self.capital_paid,
            "capital_history": self.capital_history, "purpose": self.purpose, "address": self.address.as_dict(),
            "status": self.status, "status_history": self.status_history, "founded": self.founded,
            "deleted": self.deleted, "head_office": self.head_office, "absorbed_by": self.absorbed_by,
            "service_firm": self.service, "events": self.events,
        }


class Population:
    """The live persons and companies, with the pools the life cycle draws from, and their retirement."""

    def __init__(self, rng: random.Random, emit: Callable[[dict], None], company_cap: int, idle_person_cap: int):
        self.rng = rng
        self.emit = emit
        self.company_cap = company_cap
        self.idle_person_cap = idle_person_cap
        self.companies: dict[str, Company] = {}
        self.persons: dict[str, Person] = {}
        self.active = IndexedPool()  # companies open for ordinary mutations
        self.by_form: dict[str, IndexedPool] = {}
        self.people = IndexedPool()  # persons that may take a new post (live or idle)
        self.idle = IndexedPool()
        self.firms: list[str] = []  # auditors and trustees (never retired before the end)
        self.companies_written = 0
        self.persons_written = 0

    # companies
    def add_company(self, c: Company) -> None:
        self.companies[c.id] = c
        if c.service:
            self.firms.append(c.id)

    def activate(self, c: Company) -> None:
        self.active.add(c.id)
        self.by_form.setdefault(c.legal_form, IndexedPool()).add(c.id)

    def deactivate(self, c: Company) -> None:
        self.active.remove(c.id)
        pool = self.by_form.get(c.legal_form)
        if pool is not None:
            pool.remove(c.id)

    def live_companies(self) -> int:
        return len(self.companies) - len(self.firms)

    def retire_company(self, c: Company) -> None:
        """Drop a company from the world (deleted, or frozen because the pool is full) and write its truth."""
        self.deactivate(c)
        del self.companies[c.id]
        for post in c.posts:
            if post.kind == "person":
                self.release(post.holder)
        self.emit(c.truth())
        self.companies_written += 1

    def trim(self) -> None:
        """Retire random active companies while the pool is over its cap."""
        while self.live_companies() > self.company_cap and len(self.active) > 1:
            self.retire_company(self.companies[self.active.choice(self.rng)])

    # persons
    def add_person(self, p: Person) -> None:
        self.persons[p.id] = p
        self.people.add(p.id)

    def hold(self, pid: str) -> None:
        p = self.persons[pid]
        p.live += 1
        self.idle.remove(pid)

    def release(self, pid: str) -> None:
        p = self.persons.get(pid)
        if p is None:
            return
        p.live -= 1
        if p.live <= 0:
            p.live = 0
            self.idle.add(pid)
            while len(self.idle) > self.idle_person_cap:
                self.retire_person(self.idle.items[0])

    def retire_person(self, pid: str) -> None:
        p = self.persons.pop(pid)
        self.people.remove(pid)
        self.idle.remove(pid)
        self.emit(p.truth())
        self.persons_written += 1

    def finish(self) -> None:
        """Write the truth of everything still alive, in creation order."""
        for cid in list(self.companies):
            c = self.companies.pop(cid)
            self.emit(c.truth())
            self.companies_written += 1
        for pid in list(self.persons):
            self.emit(self.persons.pop(pid).truth())
            self.persons_written += 1
