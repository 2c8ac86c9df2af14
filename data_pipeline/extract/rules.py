"""Offline rule extractor for SHAB phrasing in de/fr/it; needs no API key.

A notice lists persons in sections ("Eingetragene Personen: ...", "Personnes inscrites: ...",
"Persone iscritte: ...", "Liquidator: ...") as `;`-separated entries of comma fields:
`Muster, Hans, von Bern, in Thun, Präsident des Verwaltungsrates, mit Einzelunterschrift`.
"""
from __future__ import annotations

import re

from data_pipeline.extract.base import ExtractionInput, Extractor, Mention, keep
from data_pipeline.extract.roles import SIGNATURE_WORDS, is_role, is_role_title, role_key
from kg.posts import RENAMED, RESIGNED, person_key

_SECTION_HEADERS: list[tuple[str, str, str | None]] = [  # (regex, status, implied role)
    (r"Eingetragene Personen neu oder mutierend", "registered", None),
    (r"(?:Neu )?[Ee]ingetragene Personen", "registered", None),
    (r"Ausgeschiedene Personen und erloschene Unterschriften", "resigned", None),
    (r"Ausgeschiedene Personen", "resigned", None),
    (r"Inscription ou modification de personne\(s\)", "registered", None),
    (r"Personnes? inscrites?", "registered", None),
    (r"Personne\(s\) inscrite\(s\)", "registered", None),
    (r"Personnes? radiées? et signatures? (?:éteintes?|radiées?)", "resigned", None),
    (r"Personne\(s\) et signature\(s\) radiée\(s\)", "resigned", None),
    (r"Personnes? radiées?", "resigned", None),
    (r"Iscrizione o modifica di persone", "registered", None),
    (r"Nuove persone iscritte o modifiche di persone iscritte", "registered", None),
    (r"Persone iscritte o modificate", "registered", None),
    (r"Personnes inscrites ou modifiées", "registered", None),
    (r"Persone uscenti e firme estinte", "resigned", None),
    (r"Persone iscritte", "registered", None),
    (r"Persone dimissionarie e firme cancellate", "resigned", None),
    (r"Persone (?:radiate|uscenti)(?: e firme cancellate)?", "resigned", None),
    (r"Liquidator(?:in)?", "registered", "Liquidator"),
    (r"Liquidat(?:eur|rice)s?", "registered", "Liquidateur"),
    (r"Liquidat(?:ore|rice)", "registered", "Liquidatore"),
    (r"Revisionsstelle", "registered", "Revisionsstelle"),
    (r"Organe de révision", "registered", "Organe de révision"),
    (r"Ufficio di revisione", "registered", "Ufficio di revisione"),
    (r"Associée?s?[- ]gérante?s?", "registered", "Associé-gérant"),
    (r"Gesellschafter(?:in)?(?: und Geschäftsführer(?:in)?)?", "registered", "Gesellschafter"),
    (r"Inhaber(?:in)?", "registered", "Inhaber"),
    (r"Titulaire", "registered", "Titulaire"),
    (r"Titolare", "registered", "Titolare"),
]
# one pattern: the first header that matches the whole title decides, as in a loop over them
_HEADER = re.compile("|".join(f"(?P<h{i}>{rx})" for i, (rx, _, _) in enumerate(_SECTION_HEADERS)))
# A section title opens a sentence (or a line) and ends at the first colon of it.
_TITLE = re.compile(r"(?:^|(?<=[.;:] ))(?P<title>[A-ZÄÖÜÉÈ][^.:;\n]{0,90}?):\s", re.M)
_BRACKETS = re.compile(r"\[[^\]]*\]")
_FORMER = re.compile(r"\[(?:bisher|précédemment|finora): ([^\]]+)\]")
_CARE_OF = re.compile(r"c/o ((?:[A-ZÄÖÜÉ][\w'’\-]+\.? ){1,4}[A-ZÄÖÜÉ][\w'’\-]+)(?=,)")
_OWNER_IN = re.compile(r"(?:del(?:la)? titolare|d(?:u|e la) titulaire|(?:über )?(?:den|die|des|der) Inhaber(?:in|s)?) "
                       r"(?P<name>[A-ZÄÖÜÉ](?:[\w'’\-]+|\.)(?: [A-ZÄÖÜÉ](?:[\w'’\-]+|\.)){1,4})")
_OWNER_WORDS = ("titolare ", "titulaire ", "Inhaber")  # one of them is in every text _OWNER_IN matches
_OFFICE_LINE = re.compile(r"^Office: (?P<first>[^,\n]+)", re.M)
_AUTHORITY_WORDS = ("amt", "office", "ufficio", "gericht", "tribunal", "pretura", "bureau", "service", "sektion")
_NO_LONGER = re.compile(r"(?:^|(?<=[.;] ))(?P<name>[A-ZÄÖÜÉ][^.;:,]{2,80}?) n'est plus (?P<role>[^;.]+?)"
                        r"(?:; ses pouvoirs sont radiés)?\.")
_ABBREV = {"st", "ste", "sta", "ép", "dr", "prof", "mme", "mlle", "hr", "fr", "nr", "no", "lic", "iur", "oec",
           "dipl", "ing", "med", "phil", "rer", "pol", "sc", "nat", "techn", "publ", "p", "vgl", "sig", "dott", "avv"}
_UID = re.compile(r"\s*\((CHE-\d{3}\.\d{3}\.\d{3})\)")
_ORIGIN = re.compile(r"^(?:(?:von|de|du|des|da|di)\s+|d['’])(.+)$")
_RESIDENCE = re.compile(r"^(?:in|à|a)\s+(.+)$")
_NATIONALITY = re.compile(r"(?:^(\w+)\s+Staatsangehörige[rn]?$)|(?:^(?:citoyen(?:ne)?|ressortissant(?:e)?|cittadin[oa])\s+(.+)$)")
_COMPANY_SUFFIX = re.compile(r"\b(?:AG|SA|GmbH|Sàrl|Sagl|S\.A\.|Ltd|Genossenschaft|Stiftung|KLG|Treuhand AG|"
                             r"société coopérative|società cooperativa|Fondation|Fondazione)\b")
_CONFERRED = re.compile(r"(?P<sig>(?:Signature|Procuration) (?:collective à deux|individuelle)|"
                        r"(?:Firma|Procura) (?:collettiva a due|individuale)) (?:a été conférée à|è stata conferita a) ")
_CONFERRED_WORDS = ("a été conférée à ", "è stata conferita a ")  # one of them is in every text _CONFERRED matches
_SIGNATURE = re.compile(r"(?:\b(?:mit|avec|con)\s)?[^,]*?(?:unterschrift|signature|firma|zeichnungsberechtigung)[^,]*",
                        re.I)
_PROCURATION_GONE = re.compile(r"La (?:procuration|signature) de (?P<name>[^.,;]+?) (?:est|sont) radiée")
_OFFICE = re.compile(
    r"(?P<authority>Konkursamt|Betreibungs- und Konkursamt|Office des (?:poursuites et )?faillites|"
    r"Ufficio (?:di |dei |delle )?(?:esecuzioni e )?fallimenti)"
    r"(?:\s+(?:de l'Etat de |de l'État de |du canton de |de |du |d'|di |del |des )?"
    r"(?P<city>[A-ZÄÖÜÉ][\w'\-]+(?:[ \-/](?:[A-ZÄÖÜÉ][\w'\-]+|am|an|bei|im))*))?")


_BRACKET = re.compile(r"[()\[\]]")
# what the scans below stop at: a bracket (the depth) and the separator or the full stop
_MARKS = {c: re.compile(r"[()\[\]" + re.escape(c) + "]") for c in (",", ";", ".")}


def _split_outside(s: str, sep: str) -> list[str]:
    """`s` split at each `sep` outside brackets (an unmatched closing one counts as outside); parts stripped, empty
    ones left out."""
    if _BRACKET.search(s) is None:
        parts = s.split(sep)
    else:
        parts, depth, start = [], 0, 0
        for m in _MARKS[sep].finditer(s):
            ch = m.group()
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif depth <= 0:
                parts.append(s[start: m.start()])
                start = m.end()
        parts.append(s[start:])
    return [p.strip() for p in parts if p.strip()]


def _word_before(s: str, i: int) -> str:
    r"""The run of word characters (and apostrophes) that ends at `i`, or just before a newline there, as
    `re.search(r"([\w'’]+)$", s[:i])` finds it."""
    end = i - 1 if i > 0 and s[i - 1] == "\n" else i
    j = end
    while j > 0 and (s[j - 1].isalnum() or s[j - 1] in "_'’"):
        j -= 1
    return s[j:end]


def _sentence_end(s: str) -> int:
    """Index of the first '.' that ends a sentence (not an abbreviation or an initial)."""
    depth = 0
    for m in _MARKS["."].finditer(s):
        i, ch = m.start(), m.group()
        if ch in "([":
            depth += 1
            continue
        if ch in ")]":
            depth -= 1
            continue
        if depth > 0 or (i + 1 < len(s) and not s[i + 1].isspace()):
            continue
        tok = _word_before(s, i)
        if tok.lower() in _ABBREV or (len(tok) == 1 and tok.isalpha() and tok.isupper()):
            continue
        return i
    return len(s)


def _is_first_name(field: str) -> bool:
    words = field.split()
    return (0 < len(words) <= 5 and not is_role(field) and not _ORIGIN.match(field) and not _RESIDENCE.match(field)
            and not _NATIONALITY.search(field) and not any(w in field.lower() for w in SIGNATURE_WORDS)
            and all(w[:1].isupper() or w in ("de", "von", "van", "der", "di", "da", "dos", "del", "la", "le")
                    for w in words) and not any(map(str.isdigit, field)))


_PARTICLES = ("de ", "von ", "van ", "di ", "da ", "del ", "della ", "le ", "la ", "du ", "dos ", "des ", "ter ", "zu ")


def _looks_like_name(name: str) -> bool:
    words = name.replace(",", " ").split()
    starts = name[:1].isupper() or name.startswith(_PARTICLES)
    return 0 < len(words) <= 10 and starts and not any(map(str.isdigit, name))


def parse_entry(entry: str, status: str, implied_role: str | None) -> list[Mention]:
    """The mention of one entry, plus a former name from its "[bisher: Name, Vorname, ...]": a person registered
    under a new name is still named under the old one, whose post ends there (`renamed`) and goes on under the new."""
    former = _FORMER.search(entry)
    fields = _split_outside(_BRACKETS.sub(" ", entry), ",")
    if not fields:
        return []
    first = fields[0]
    uid = _UID.search(first)
    if uid:
        name, rest, kind = first[: uid.start()].strip(), fields[1:], "company"
    elif len(fields) > 1 and _is_first_name(fields[1]) and not _COMPANY_SUFFIX.search(first):
        name, rest, kind = f"{first}, {fields[1]}", fields[2:], "person"
    else:
        name, rest = first, fields[1:]
        kind = "company" if _COMPANY_SUFFIX.search(first) else "person"
    m = Mention(name=name, kind=kind, status=status, uid=uid.group(1) if uid else None)
    roles = []
    for f in rest:
        low = f.lower()
        if (o := _ORIGIN.match(f)) and not m.origin and not m.residence:
            m.origin = o.group(1).strip()
        elif (r := _RESIDENCE.match(f)) and not m.residence:
            m.residence = r.group(1).strip()
        elif (n := _NATIONALITY.search(f)) and not m.nationality:
            m.nationality = (n.group(1) or n.group(2)).strip()
        elif any(w in low + " " for w in SIGNATURE_WORDS):
            sig = _SIGNATURE.search(f)
            m.signature = m.signature or (sig.group(0).strip() if sig else f)
            head = f[: sig.start()].strip() if sig else ""  # "pour 200 parts ... avec signature ..."
            if head and is_role(head):
                roles.append(head)
        elif is_role(f):
            roles.append(f)
    m.role = " und ".join(roles) if roles else implied_role
    m.role_key = role_key(m.role) or ("authorized_signatory" if m.signature else None)
    if not _looks_like_name(m.name):
        return []
    out = [m]
    if former:
        old = _split_outside(former.group(1), ",")
        if len(old) >= 2 and _is_first_name(old[1]) and _looks_like_name(old[0]) and not is_role(old[0]) \
                and person_key(f"{old[0]}, {old[1]}") != person_key(m.name):
            out.append(Mention(name=f"{old[0]}, {old[1]}", kind=kind, role=m.role, role_key=m.role_key,
                               status=RESIGNED if status == RESIGNED else RENAMED))
    return out


def _section_kind(title: str) -> tuple[str, str | None] | None:
    """(status, implied role) of a section title, or None for "Zweck:", "Mitteilungen an die Gesellschafter:"..."""
    if (h := _HEADER.fullmatch(title)) and h.lastgroup:
        _, status, implied = _SECTION_HEADERS[int(h.lastgroup[1:])]
        return status, implied
    if is_role_title(title):  # Geneva style: "Associée-gérante: ...", "Directeur de la succursale: ..."
        return "registered", title
    return None


def _sections(text: str) -> list[tuple[str, str | None, str]]:
    masked = _BRACKETS.sub(lambda mm: " " * len(mm.group()), text)  # "[bisher: ...]" may hold dots
    heads = []
    for h in _TITLE.finditer(masked):
        kind = _section_kind(h.group("title"))
        if kind is not None:
            heads.append((h.start(), h.end(), *kind))
    out = []
    for i, (_, end, status, implied) in enumerate(heads):
        stop = heads[i + 1][0] if i + 1 < len(heads) else len(masked)
        length = _sentence_end(masked[end:stop])
        out.append((status, implied, text[end: end + length]))
    return out


def _conferred(text: str) -> list[Mention]:
    """FR: "Signature collective à deux a été conférée à A, de X, à Y, B, de ..., et C, de ..., à Z."."""
    out: list[Mention] = []
    for m in _CONFERRED.finditer(text) if any(w in text for w in _CONFERRED_WORDS) else ():
        body = text[m.end():]
        body = body[: _sentence_end(body)]
        for g in re.finditer(r"(?:^|,\s+|\s+et\s+)(?P<name>[^,]+?),\s+(?:de|du|des|d')\s*(?P<origin>[^,]+),\s+à\s+"
                             r"(?P<res>[^,]+?)(?=,\s+[A-Z]{3}\b|,|\s+et\s+|$)", body):
            name = re.sub(r"^et\s+", "", g.group("name").strip())
            out.append(Mention(name=name, kind="person", origin=g.group("origin").strip(),
                               residence=g.group("res").strip(), signature=m.group("sig"), status="registered",
                               role_key="authorized_signatory"))
    for g in _PROCURATION_GONE.finditer(text) if " radiée" in text else ():
        out.append(Mention(name=g.group("name").strip(), kind="person", role="procuration",
                           role_key="authorized_signatory", status="resigned"))
    return out


def _loose_mentions(text: str) -> list[Mention]:
    """Persons named outside lists: "c/o Hans Muster," in an address; "Dupont Jean n'est plus gérant"."""
    out: list[Mention] = []
    # each pattern's literal looked for first: most texts hold none of them (a regex scan of every text costs more)
    for g in _CARE_OF.finditer(text) if "c/o " in text else ():
        kind = "company" if _COMPANY_SUFFIX.search(g.group(1)) else "person"
        out.append(Mention(name=g.group(1), kind=kind, role="c/o", role_key="care_of"))
    for g in _OWNER_IN.finditer(text) if any(w in text for w in _OWNER_WORDS) else ():
        name = g.group("name").strip().rstrip(".")
        if len(name.split()) >= 2:
            out.append(Mention(name=name, kind="person", role="Inhaber", role_key="owner"))
    # a liquidator's contact address opens with the person's name
    for g in _OFFICE_LINE.finditer(text) if "Office: " in text else ():
        first = g.group("first").strip()
        words = first.split()
        if 2 <= len(words) <= 5 and _looks_like_name(first) and not any(a in first.lower() for a in _AUTHORITY_WORDS) \
                and not _COMPANY_SUFFIX.search(first) and "liquidat" in text.lower():
            out.append(Mention(name=first, kind="person", role="Liquidator", role_key="liquidator"))
    for g in _NO_LONGER.finditer(text) if " n'est plus " in text else ():
        name = re.sub(r"^(?:[A-ZÉ][\w'’]*(?: [\w'’]+)*: )", "", g.group("name")).strip()
        kind = "company" if _COMPANY_SUFFIX.search(name) else "person"
        out.append(Mention(name=name, kind=kind, role=g.group("role").strip(), role_key=role_key(g.group("role")),
                           status="resigned"))
    return out


# KK10 notices ("other bankruptcy notices") carry no structured debtor: the text names it.
_DEBTOR = re.compile(r"(?:Konkursverfahren über|im Konkurs(?:verfahren)?(?: über)?|Konkurs über|dans la faillite de|"
                     r"faillite de|nel fallimento di|fallimento di)\s+(?P<name>[^.;\n]+?)"
                     r"(?=\s+(?:werden|wird|ist|sind|a été|sont|ont|è|sono|vengono|viene)\b|[.;\n]|$)")


def debtors(text: str) -> list[Mention]:
    found: dict[str, Mention] = {}
    for m in _DEBTOR.finditer(text):
        name = m.group("name").strip().rstrip(",")
        kind = "company" if _COMPANY_SUFFIX.search(name) else "person"
        found.setdefault(name, Mention(name=name, kind=kind, role="Schuldner", role_key="debtor"))
    return list(found.values())


def offices(text: str, town: str | None) -> list[Mention]:
    """Bankruptcy offices; a bare authority gets the city appended (§4.1.3 "Konkursamt Zürich")."""
    found: dict[str, Mention] = {}
    for m in _OFFICE.finditer(text):
        authority, city = m.group("authority"), m.group("city") or town
        name = m.group(0).strip() if m.group("city") else (f"{authority} {city}" if city else None)
        if name and name not in found:
            found[name] = Mention(name=name, kind="office", role=authority, role_key="bankruptcy_office")
    return list(found.values())


def extract_text(item: ExtractionInput) -> list[Mention]:
    text = item.text or ""
    mentions: list[Mention] = []
    for status, implied, body in _sections(text):
        for entry in _split_outside(body, ";"):
            mentions += parse_entry(entry, status, implied)
    mentions += _conferred(text)
    mentions += _loose_mentions(text)
    if item.sub_rubric == "KK10":
        mentions += debtors(text)
    out = [m for m in mentions if keep(m, text)]
    out += [m for m in offices(text, item.town) if m.role and m.role in text]
    return out


class RuleExtractor(Extractor):
    name = "rules"
    computes = True

    def extract(self, batch: list[ExtractionInput]) -> dict[str, list[Mention]]:
        return {item.uid: extract_text(item) for item in batch}
