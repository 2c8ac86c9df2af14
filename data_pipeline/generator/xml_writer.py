"""Renders a Notice in the per-publication SHAB XML export format (`GET /publications/{id}/xml`): the same
envelope, element names, order and indentation as the real exports."""
from __future__ import annotations

from .dates import iso
from .lexicon import COUNTRIES
from .notice import Address, CompanyView, Notice, PersonDebtor

SCHEMA_BASE = "https://amtsblattportal.ch/api/v1/schemas/shab/1.26"
XSI = "http://www.w3.org/2001/XMLSchema-instance"


def esc(text: str) -> str:
    """Escape a text node the way the real exports do ("&lt;br />"): & and < always, > only in "]]>"."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if "]]>" in text:
        text = text.replace("]]>", "]]&gt;")
    return text


def _b(v: bool) -> str:
    return "true" if v else "false"


def _money(v: float) -> str:
    return f"{v:.2f}"


def _render(items: list, depth: int, out: list[str]) -> None:
    """Generic (tag, value) renderer: str/int leaves, bool as true/false, lists as nested elements, None skipped."""
    pad = "  " * depth
    for tag, value in items:
        if value is None:
            continue
        if isinstance(value, list):
            out.append(f"{pad}<{tag}>")
            _render(value, depth + 1, out)
            out.append(f"{pad}</{tag}>")
        elif isinstance(value, bool):
            out.append(f"{pad}<{tag}>{'true' if value else 'false'}</{tag}>")
        elif isinstance(value, str):
            out.append(f"{pad}<{tag}>{esc(value)}</{tag}>")
        else:
            out.append(f"{pad}<{tag}>{value}</{tag}>")


def _address(a: Address, pad: str, out: list[str]) -> None:
    out.append(f"{pad}<address>")
    if a.care_of:
        out.append(f"{pad}  <addressLine1>{esc(a.care_of)}</addressLine1>")
    out.append(f"{pad}  <street>{esc(a.street)}</street>")
    out.append(f"{pad}  <houseNumber>{esc(a.number)}</houseNumber>")
    out.append(f"{pad}  <swissZipCode>{a.zip}</swissZipCode>")
    out.append(f"{pad}  <town>{esc(a.town)}</town>")
    out.append(f"{pad}</address>")


def _uid_parts(uid: str) -> str:
    return uid[4:7] + uid[8:11] + uid[12:15]


def _commons(tag: str, c: CompanyView, out: list[str], deletion: bool = False) -> None:
    out.append(f"  <{tag}>")
    out.append("    <company>")
    out.append(f"      <name>{esc(c.name)}</name>")
    if c.translations:
        out.append(f"      <translations>{esc(c.translations)}</translations>")
    out.append(f"      <uid>{c.uid}</uid>")
    out.append(f"      <uidOrganisationId>{_uid_parts(c.uid)}</uidOrganisationId>")
    out.append("      <uidOrganisationIdCategorie>CHE</uidOrganisationIdCategorie>")
    out.append(f"      <code13>{c.code13}</code13>")
    out.append(f"      <seat>{esc(c.seat)}</seat>")
    out.append(f"      <legalForm>{c.legal_form}</legalForm>")
    out.append("      <noAddress>false</noAddress>")
    _address(c.address, "      ", out)
    out.append("    </company>")
    out.append(f"    <purpose>{esc(c.purpose)}</purpose>")
    if c.capital_nominal is not None:
        out.append("    <capital>")
        out.append(f"      <nominal>{_money(c.capital_nominal)}</nominal>")
        out.append(f"      <paid>{_money(c.capital_paid if c.capital_paid is not None else c.capital_nominal)}</paid>")
        out.append("    </capital>")
    if deletion:
        out.append(f"    <checkOptingOut>{_b(bool(c.opting_out))}</checkOptingOut>")
    elif c.opting_out is not None:
        out.append("    <revision>")
        out.append(f"      <optingOut>{_b(c.opting_out)}</optingOut>")
        out.append("    </revision>")
    if c.head_office is not None:
        out.append("    <headOffice>")
        out.append(f"      <name>{esc(c.head_office[0])}</name>")
        out.append(f"      <uid>{c.head_office[1]}</uid>")
        out.append("    </headOffice>")
    out.append(f"  </{tag}>")


_FLAG_ORDER = ("others", "nameChanged", "uidChanged", "legalStatusChanged", "seatChanged", "addressChanged", "purposeChanged")


_CHANGEMENTS_CACHE: dict[tuple, list[str]] = {}


def _changements(flags: dict, out: list[str]) -> None:
    """transaction/update/changements; the few distinct flag combinations are rendered once and cached."""
    key = tuple(sorted(k for k, v in flags.items() if v))
    block = _CHANGEMENTS_CACHE.get(key)
    if block is None:
        block = []
        _render_changements(dict.fromkeys(key, True), block)
        _CHANGEMENTS_CACHE[key] = block
    out.extend(block)


def _render_changements(flags: dict, out: list[str]) -> None:
    out.append("  <transaction>")
    out.append("    <update>")
    out.append("      <changements>")
    p = "        "
    for key in _FLAG_ORDER:
        out.append(f"{p}<{key}>{_b(flags.get(key, False))}</{key}>")
    out.append(f"{p}<capitalChanged>")
    for key in ("nominal", "paid", "other"):
        out.append(f"{p}  <{key}>{_b(flags.get('capital_' + key, False))}</{key}>")
    out.append(f"{p}</capitalChanged>")
    out.append(f"{p}<statusChanged>")
    out.append(f"{p}  <bankruptcy>")
    for key in ("dissolution", "dismissal", "revocation", "cancellation", "summary"):
        out.append(f"{p}    <{key}>{_b(flags.get('bankruptcy_' + key, False))}</{key}>")
    out.append(f"{p}  </bankruptcy>")
    out.append(f"{p}  <liquidation>")
    out.append(f"{p}    <dissolution>")
    for key in ("nonExceptional", "or731b", "hregv153b"):
        out.append(f"{p}      <{key}>{_b(flags.get('liquidation_' + key, False))}</{key}>")
    out.append(f"{p}    </dissolution>")
    out.append(f"{p}    <revocation>{_b(flags.get('liquidation_revocation', False))}</revocation>")
    out.append(f"{p}  </liquidation>")
    for key in ("suspension", "reentry", "reapplication"):
        out.append(f"{p}  <{key}>{_b(flags.get(key, False))}</{key}>")
    out.append(f"{p}</statusChanged>")
    out.append("      </changements>")
    out.append("    </update>")
    out.append("  </transaction>")


def _debtor(d: CompanyView | PersonDebtor, out: list[str]) -> None:
    out.append("  <debtor>")
    if isinstance(d, PersonDebtor):
        country = COUNTRIES[d.country]
        out.append("    <selectType>person</selectType>")
        out.append("    <person>")
        out.append(f"      <prename>{esc(d.prename)}</prename>")
        out.append(f"      <name>{esc(d.name)}</name>")
        out.append("      <countryOfOrigin>")
        out.append("        <name>")
        out.append(f"          <de>{esc(country[0])}</de>")
        out.append(f"          <fr>{esc(country[1])}</fr>")
        out.append(f"          <it>{esc(country[2])}</it>")
        out.append(f"          <en>{esc(country[3])}</en>")
        out.append("        </name>")
        out.append(f"        <isoCode>{d.country}</isoCode>")
        out.append("      </countryOfOrigin>")
        out.append(f"      <dateOfBirth>{d.birth_date}</dateOfBirth>")
        a = d.address
        out.append("      <residence>")
        out.append(f"        <street>{esc(a.street)}</street>")
        out.append(f"        <houseNumber>{esc(a.number)}</houseNumber>")
        out.append(f"        <swissZipCode>{a.zip}</swissZipCode>")
        out.append(f"        <town>{esc(a.town)}</town>")
        out.append("      </residence>")
        out.append("    </person>")
    else:
        out.append("    <selectType>company</selectType>")
        out.append("    <companies>")
        out.append("      <noUID>false</noUID>")
        out.append("      <company>")
        out.append(f"        <name>{esc(d.name)}</name>")
        out.append(f"        <uid>{d.uid}</uid>")
        out.append(f"        <uidOrganisationId>{_uid_parts(d.uid)}</uidOrganisationId>")
        out.append("        <uidOrganisationIdCategorie>CHE</uidOrganisationIdCategorie>")
        out.append(f"        <legalForm>{d.legal_form}</legalForm>")
        a = d.address
        out.append("        <address>")
        out.append(f"          <street>{esc(a.street)}</street>")
        out.append(f"          <houseNumber>{esc(a.number)}</houseNumber>")
        out.append(f"          <swissZipCode>{a.zip}</swissZipCode>")
        out.append(f"          <town>{esc(a.town)}</town>")
        out.append("        </address>")
        out.append(f"        <canton>{d.canton}</canton>")
        out.append("      </company>")
        out.append("    </companies>")
    out.append("  </debtor>")


def _ls_company(c: CompanyView, out: list[str]) -> None:
    out.append("  <company>")
    out.append(f"    <name>{esc(c.name)}</name>")
    out.append(f"    <uid>{c.uid}</uid>")
    out.append(f"    <seat>{esc(c.seat)}</seat>")
    out.append(f"    <legalForm>{c.legal_form}</legalForm>")
    _address(c.address, "    ", out)
    out.append("  </company>")


def render(n: Notice) -> str:
    sr = n.sub_rubric
    rubric = sr[:2]
    o = n.office
    out = [
        "<?xml version='1.0' encoding='UTF-8'?>",
        f'<{sr}:publication xmlns:xsi="{XSI}" xmlns:{sr}="https://shab.ch/shab/{sr}-export" '
        f'xsi:schemaLocation="https://shab.ch/shab/{sr}-export {SCHEMA_BASE}/{sr}-export.xsd">',
        "<meta>",
        f"  <id>{n.id}</id>",
        f"  <rubric>{rubric}</rubric>",
        f"  <subRubric>{sr}</subRubric>",
        f"  <language>{n.language}</language>",
        "  <registrationOffice>",
        f"    <id>{o.id}</id>",
        f"    <displayName>{esc(o.display_name)}</displayName>",
        f"    <street>{esc(o.street)}</street>",
        f"    <streetNumber>{esc(o.number)}</streetNumber>",
        f"    <swissZipCode>{o.zip}</swissZipCode>",
        f"    <town>{esc(o.town)}</town>",
        "    <containsPostOfficeBox>false</containsPostOfficeBox>",
        "  </registrationOffice>",
        f"  <publicationNumber>{n.number}</publicationNumber>",
        "  <publicationState>PUBLISHED</publicationState>",
        f"  <publicationDate>{iso(n.date)}</publicationDate>",
    ]
    if n.expiration is not None:
        out.append(f"  <expirationDate>{iso(n.expiration)}</expirationDate>")
    out.append("  <primaryTenantCode>shab</primaryTenantCode>")
    if n.legal_remedy:
        out.append(f"  <legalRemedy>{esc(n.legal_remedy)}</legalRemedy>")
    out.append(f"  <cantons>{n.canton}</cantons>")
    if n.secondary_tenant:
        out.append("  <secondaryTenants>")
        out.append(f"    <tenantCode>kab{n.canton.lower()}</tenantCode>")
        out.append(f"    <publicationDate>{iso(n.date)}</publicationDate>")
        out.append("  </secondaryTenants>")
    de, en, it, fr = n.title
    out += ["  <title>", f"    <de>{esc(de)}</de>", f"    <en>{esc(en)}</en>", f"    <it>{esc(it)}</it>",
            f"    <fr>{esc(fr)}</fr>", "  </title>", "</meta>", "<content>"]
    if rubric == "HR":
        out.append("  <testImport>false</testImport>")
        out.append(f"  <journalNumber>{n.journal_number}</journalNumber>")
        out.append(f"  <journalDate>{iso(n.journal_date)}</journalDate>")  # type: ignore[arg-type]
        out.append(f"  <publicationText>{esc(n.text)}</publicationText>")
        if n.new is not None:
            _commons("commonsNew", n.new, out)
        if n.actual is not None:
            _commons("commonsActual", n.actual, out, deletion=sr == "HR03")
        if n.last_fosc is not None:
            d, issue, seq = n.last_fosc
            out += ["  <lastFosc>", f"    <lastFoscDate>{iso(d)}</lastFoscDate>", f"    <lastFoscNumber>{issue}</lastFoscNumber>",
                    f"    <lastFoscSequence>{seq}</lastFoscSequence>", "  </lastFosc>"]
        if sr == "HR01":
            out += ["  <transaction>", "    <registration>true</registration>", "  </transaction>"]
        elif sr == "HR02":
            _changements(n.flags or {}, out)
        else:
            deleted = iso(n.deletion_date)  # type: ignore[arg-type]
            out += ["  <transaction>", "    <delete>", f"      <deletionDate>{deleted}</deletionDate>", "    </delete>",
                    "  </transaction>"]
        out += ["  <senderOffice>", f"    <officeName>{esc(n.sender_office)}</officeName>", "  </senderOffice>"]
    elif rubric == "KK":
        _render(n.pre, 1, out)
        if n.debtor is not None:
            _debtor(n.debtor, out)
        _render(n.post, 1, out)
    else:  # LS
        if isinstance(n.debtor, CompanyView):
            _ls_company(n.debtor, out)
        _render(n.post, 1, out)
    out.append("</content>")
    out.append(f"</{sr}:publication>")
    out.append("")
    return "\n".join(out)
