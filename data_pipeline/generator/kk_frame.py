"""The frame of the bankruptcy office's notices (KK01-KK10): the competent office and its address block, the debtor
(the company, or the owner of a sole proprietorship as a person), title, legal remedy and expiry date."""
from __future__ import annotations

from .dates import iso
from .framing import new_notice, plain
from .identifiers import new_uuid
from .lexicon import COMPANY_ROLE, KK_LEGAL_REMEDY, TITLE_LABELS
from .notice import CompanyView, Notice, OfficeMeta, PersonDebtor
from .phrasing import Text
from .places import BANKRUPTCY_OFFICES, Office
from .state import WorldState
from .world import Company, Person


def bankruptcy_office(c: Company) -> Office:
    """The office in charge of the company's bankruptcy (that of its seat when none is open)."""
    return BANKRUPTCY_OFFICES[c.bk.office if c.bk is not None else c.town.office]


def office_meta(s: WorldState, office: Office) -> OfficeMeta:
    """The office as the publishing office of a notice (one id per office, drawn when first seen)."""
    oid = s.office_ids.get(office.name)
    if oid is None:
        oid = s.office_ids[office.name] = new_uuid(s.rng)
    return OfficeMeta(oid, office.name, office.street, office.number, office.zip, office.town)


def office_text(office: Office, field_name: str, one_line: bool = False) -> Text:
    """The office's name (a mention) and address, for the notice field `field_name`."""
    t = Text(field_name)
    role = COMPANY_ROLE["bankruptcy_office"][office.lang]
    t.mention(office.name, f"OFFICE:{office.name}", "office", role, "bankruptcy_office", None, None, "canonical")
    if one_line:
        t.add(f", {office.street} {office.number}, {office.zip} {office.town}")
    else:
        t.add(f"\n{office.street} {office.number}\n{office.zip} {office.town}")
    return t


def debtor(s: WorldState, c: Company) -> tuple[CompanyView | PersonDebtor, Person | None]:
    """The debtor block: the owner of a bankrupt sole proprietorship as a person (with the person), else the
    company (and None)."""
    bk = c.bk
    if bk is not None and bk.person_debtor and bk.person_debtor in s.pop.persons:
        p = s.pop.persons[bk.person_debtor]
        if p.address is None:
            p.address = s.factory.address(p.home or c.town)
        return PersonDebtor(" ".join(p.first_names), p.last_name, p.nationality, p.birth_date, p.address), p
    return c.view(), None


def kk_notice(s: WorldState, sr: str, c: Company) -> tuple[Notice, Office, Person | None]:
    """A KK notice about the bankruptcy of `c`, with its office and the debtor when a person."""
    office = bankruptcy_office(c)
    lang = office.lang
    shown_debtor, person = debtor(s, c)
    shown = f"{person.last_name}, {' '.join(person.first_names)}" if person is not None else c.name
    labels = TITLE_LABELS.get(sr, ("", "", "", ""))  # KK10 titles come with the notice
    title = (f"{labels[0]} {shown}", f"{labels[1]} {shown}", f"{labels[2]} {shown}", f"{labels[3]} {shown}")
    n = new_notice(s, sr, c, lang, c.town.canton, title, KK_LEGAL_REMEDY[sr][lang], office_meta(s, office))
    try:
        n.expiration = s.today.replace(year=s.today.year + 5)
    except ValueError:
        n.expiration = s.today.replace(year=s.today.year + 5, day=28)
    n.secondary_tenant = s.rng.random() < 0.7
    n.debtor = shown_debtor
    bk = c.bk
    n.facts = {"debtor": person.id if person is not None else c.id,
               "debtor_kind": "person" if person is not None else "company", "office": office.name,
               "bankruptcy_opening_date": iso(bk.opened) if bk is not None else None}  # type: ignore[arg-type]
    return n, office, person


def attach(n: Notice, *texts: Text) -> None:
    """Add the mentions of the notice's further fields to its own."""
    for t in texts:
        n.mentions.extend(t.mentions)


def land(s: WorldState, c: Company, lang: str) -> str:
    """A plot of land of the debtor near its seat, as described in an auction or a charges notice."""
    rng = s.rng
    a = s.factory.address(c.town)
    plot = 100 + rng.randrange(9000)
    return {"de": f"Grundstück Nr. {plot}, Grundbuch {plain(c.town.municipality)}, {a.street} {a.number}, {a.zip} "
                  f"{a.town}: Wohn- und Geschäftshaus",
            "fr": f"Parcelle no {plot} du registre foncier de {plain(c.town.municipality)}, {a.street} {a.number}, "
                  f"{a.zip} {a.town}: bâtiment d'habitation et commercial",
            "it": f"Fondo n. {plot} RFD {plain(c.town.municipality)}, {a.street} {a.number}, {a.zip} {a.town}: "
                  "edificio abitativo e commerciale"}[lang]
