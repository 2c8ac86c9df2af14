"""Build a `Publication` from the nested mapping both SHAB formats share (`meta` + `content`).

The XML export and the API's JSON detail object carry the same fields under the same names;
the readers turn either into plain dicts/lists/strings and this module maps them once.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import Any

from data_pipeline.model import (
    LEGAL_FORMS,
    Address,
    CompanyInfo,
    Deadlines,
    Debtor,
    PersonInfo,
    Publication,
)
from data_pipeline.sources.errors import RecordError
from data_pipeline.sources.fields import amount, day_count, iso_date, utf8_text

_SUB_RUBRIC = re.compile(r"^[A-Z]{2}\d{2}$")
_TAG = re.compile(r"<[^>]+>")


@lru_cache(maxsize=1024)  # the paths are the mapping's own constants
def _steps(path: str) -> tuple[str, ...]:
    return tuple(path.split("."))


def get(d: Any, path: str) -> Any:
    """`get(d, "a.b.c")`, None when any step is missing; the first item of a list is taken."""
    cur = d
    for key in _steps(path):
        if isinstance(cur, list):
            cur = cur[0] if cur else None
        if not isinstance(cur, dict):
            return None
        cur = cur.get(key)
    return cur


def text(d: Any, path: str) -> str | None:
    value = get(d, path)
    if value is None or isinstance(value, (dict, list)):
        return None
    s = (value if type(value) is str else str(value)).strip()
    return utf8_text(s, path) if s else None


def date(d: Any, path: str) -> str | None:
    """ISO date; the JSON API writes `2026-08-26T00:00:00.000Z`, the XML `2026-08-26`. Anything that is
    not a real calendar date is refused (`RecordError`)."""
    s = text(d, path)
    return iso_date(s, path) if s else None


def number(d: Any, path: str) -> float | None:
    """A money amount (capital): finite, not negative, in range; else `RecordError`."""
    s = text(d, path)
    return None if s is None else amount(s, path)


def flag(d: Any, path: str) -> bool | None:
    s = text(d, path)
    return None if s is None else s.lower() in ("true", "yes", "1")


def as_list(value: Any) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def plain(s: str | None) -> str | None:
    """Text of an HTML fragment (KK10 publications are escaped HTML)."""
    if s is None:
        return None
    out = html.unescape(_TAG.sub(" ", s.replace("<br />", "\n").replace("<br/>", "\n")))
    out = re.sub(r"[ \t]+", " ", out).strip()
    return out or None


def address(d: Any) -> Address | None:
    if not isinstance(d, dict):
        return None
    a = Address(
        street=text(d, "street"), house_number=text(d, "houseNumber"), zip_code=text(d, "swissZipCode"),
        town=text(d, "town"), care_of=text(d, "addressLine1"), line2=text(d, "addressLine2"),
        po_box=text(d, "postOfficeBoxNumber"),
    )
    return a if a.one_line() else None


def company(commons: Any) -> CompanyInfo | None:
    """A company from a `commonsNew`/`commonsActual` block or a bare `company` element."""
    if not isinstance(commons, dict):
        return None
    c = commons.get("company", commons)
    if not isinstance(c, dict) or not text(c, "name"):
        return None
    code = text(c, "legalForm")
    capital = commons.get("capital") if "company" in commons else None
    return CompanyInfo(
        name=text(c, "name"), uid=text(c, "uid"), seat=text(c, "seat"), legal_form_code=code,
        legal_form=LEGAL_FORMS.get(code or "", code), address=address(c.get("address")),
        capital_nominal=number(capital, "nominal"), capital_paid=number(capital, "paid"),
        purpose=text(commons, "purpose") if "company" in commons else None,
        translations=text(c, "translations"), canton=text(c, "canton"),
        head_office_name=text(commons, "headOffice.name"), head_office_uid=text(commons, "headOffice.uid"),
        auditor_name=text(commons, "revision.revisionCompany.name"),
        auditor_uid=text(commons, "revision.revisionCompany.uid"),
        opting_out=flag(commons, "revision.optingOut"),
    )


def person(p: Any) -> PersonInfo | None:
    if not isinstance(p, dict):
        return None
    residence = p.get("residence")
    town = text(residence, "town") if isinstance(residence, dict) else text(p, "residence")
    origin = p.get("countryOfOrigin")
    country = None
    if isinstance(origin, dict):
        country = text(origin, "name.de") or text(origin, "name.en") or text(origin, "isoCode")
    return PersonInfo(
        last_name=text(p, "name"), first_name=text(p, "prename"), country_of_origin=country,
        date_of_birth=date(p, "dateOfBirth"), date_of_death=date(p, "dateOfDeath"), residence=town,
    )


def debtor(content: dict) -> Debtor | None:
    d = content.get("debtor")
    if not isinstance(d, dict):
        return None
    kind = text(d, "selectType") or ("person" if "person" in d else "company")
    if kind == "person":
        return Debtor("person", person=person(d.get("person")))
    companies = as_list(get(d, "companies"))
    comp = company(companies[0].get("company")) if companies and isinstance(companies[0], dict) else None
    return Debtor("company", company=comp)


def change_flags(node: Any, prefix: str = "") -> list[str]:
    """Paths of the true flags under transaction/update/changements, e.g. `seat`, `bankruptcy.dissolution`."""
    out: list[str] = []
    if not isinstance(node, dict):
        return out
    for key, value in node.items():
        name = key.removesuffix("Changed") if key.endswith("Changed") else key
        if name in ("statusChanged", "status"):
            name = ""
        path = f"{prefix}.{name}" if prefix and name else prefix or name
        if isinstance(value, dict):
            out += change_flags(value, path)
        elif str(value).lower() in ("true", "yes"):
            out.append(path)
    return out


def deadlines(content: dict) -> Deadlines | None:
    days_path = "daysAfterPublication" if text(content, "daysAfterPublication") else "claimOfCreditors.daysAfterPublication"
    days = text(content, days_path)
    dl = Deadlines(
        resolution_date=date(content, "resolutionDate"), cessation_date=date(content, "cessationDate"),
        proceeding_end_date=date(content, "proceedingEndDate"),
        revocation_date=date(content, "proceedingRevocationDate"), entry_start=date(content, "entryStart"),
        entry_deadline=date(content, "entryDeadline") or date(content, "claimOfCreditors.entryDeadline"),
        days_after_publication=day_count(days, days_path) if days else None,
        inventory_deadline=date(content, "inventory.entryDeadline"), auction_date=date(content, "auction.date"),
    )
    return dl if dl.any() else None


def all_text(node: Any) -> str:
    """Every string under `node`, in document order (kept for rubrics we do not model)."""
    if isinstance(node, dict):
        return "\n".join(t for t in (all_text(v) for v in node.values()) if t)
    if isinstance(node, list):
        return "\n".join(t for t in (all_text(v) for v in node) if t)
    return "" if node is None else str(node).strip()


def build(meta: Any, content: Any, *, source: str, schema_version: str | None = None) -> Publication:
    if not isinstance(meta, dict):
        raise RecordError("no <meta> block")
    content = content if isinstance(content, dict) else {}
    number_ = text(meta, "publicationNumber")
    sub = text(meta, "subRubric")
    pub_date = date(meta, "publicationDate")
    for field_name, value in (("publicationNumber", number_), ("subRubric", sub), ("publicationDate", pub_date)):
        if not value:
            raise RecordError(f"missing meta/{field_name}")
    assert number_ and sub and pub_date
    if not _SUB_RUBRIC.match(sub):
        raise RecordError(f"meta/subRubric {sub!r} is not a sub-rubric code")
    rubric = text(meta, "rubric") or sub[:2]
    title = {str(k): utf8_text(str(v).strip(), "meta/title") for k, v in (meta.get("title") or {}).items()
             if v and not isinstance(v, (dict, list))} if isinstance(meta.get("title"), dict) else {}
    pub = Publication(
        id=text(meta, "id") or number_, publication_number=number_, rubric=rubric, sub_rubric=sub,
        publication_date=pub_date, language=text(meta, "language"),
        cantons=[utf8_text(str(c).strip(), "meta/cantons") for c in as_list(meta.get("cantons"))
                 if c and not isinstance(c, (dict, list))],
        state=text(meta, "publicationState"), expiration_date=date(meta, "expirationDate"),
        schema_version=schema_version, registration_office=text(meta, "registrationOffice.displayName"),
        registration_office_town=text(meta, "registrationOffice.town"), title=title,
        journal_number=text(content, "journalNumber"), journal_date=date(content, "journalDate"),
        sender_office=text(content, "senderOffice.officeName"), remarks=text(content, "remarks"),
        source=source,
    )
    if rubric == "HR" or (rubric == "LS" and ("commonsNew" in content or "commonsActual" in content)):
        _fill_hr(pub, content)
    elif rubric in ("KK", "LS"):
        _fill_kk_ls(pub, content)
    else:
        pub.text = text(content, "publicationText")
        pub.raw_text = all_text(content) or None
    return pub


def _fill_hr(pub: Publication, content: dict) -> None:
    new, actual = company(content.get("commonsNew")), company(content.get("commonsActual"))
    pub.text = text(content, "publicationText")
    pub.company = new or actual
    pub.previous = actual if new is not None else None
    pub.changes = change_flags(get(content, "transaction.update.changements"))
    pub.deletion_date = date(content, "transaction.delete.deletionDate")
    pub.last_publication_date = date(content, "lastFosc.lastFoscDate")
    pub.last_publication_sequence = text(content, "lastFosc.lastFoscSequence")


def _fill_kk_ls(pub: Publication, content: dict) -> None:
    pub.debtor = debtor(content)
    pub.company = company(content.get("company")) or (pub.debtor.company if pub.debtor else None)
    # KK10 (miscellaneous) carries its own title and an escaped-HTML body.
    body = "\n".join(t for t in (text(content, "title"), plain(text(content, "publication"))) if t)
    pub.text = text(content, "publicationText") or body or None
    pub.office = (text(content, "registrationOffice") or text(content, "registrationOfficeAndCirculationAuthority")
                  or text(content, "registrationOfficeComplain"))
    pub.circulation = text(content, "locationCirculationAuthority")
    pub.deadlines = deadlines(content)
