"""Checkable facts: CHE uids, publication numbers, dates, numbers, names and phrases, normalized so that
"CHF 100'000", "100,000" and "100000.0" meet, and "Doe, John" matches "John Doe"."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

UID = re.compile(r"\bCHE-?\d{3}\.?\d{3}\.?\d{3}\b")
PUBLICATION = re.compile(r"\b[A-Z]{2}\d{2}-\d{6,}\b")
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
SWISS_DATE = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b")
# 100'000 / 100’000 / 100,000 / 100 000 / 1234.50: digits with optional thousands separators and decimals
NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:['’, ]\d{3})+(?:\.\d+)?(?![\w'’])|(?<![\w.])\d+(?:\.\d+)?(?![\w'’])")
KINDS = ("uid", "publication", "date", "number", "name", "text")


def fold(text: str) -> str:
    """Lowercase without accents or punctuation, single-spaced (ü -> u, é -> e)."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _number(raw: str) -> str | None:
    digits = re.sub(r"['’, ]", "", raw)
    try:
        value = float(digits)
    except ValueError:
        return None
    return str(int(value)) if value == int(value) else f"{value:g}"


@dataclass(frozen=True)
class Fact:
    kind: str
    value: str

    @classmethod
    def of(cls, d: dict[str, Any]) -> Fact:
        kind, value = d["kind"], str(d["value"])
        if kind == "number":
            value = _number(value) or value
        elif kind == "uid":
            value = re.sub(r"\D", "", value)
        elif kind == "date":
            found = structured(value)
            value = next((f.value for f in found if f.kind == "date"), value)
        return cls(kind, value)


def structured(text: str) -> set[Fact]:
    """The uids, publication numbers, dates and numbers stated in a text (numbers of two digits or more,
    outside dates and identifiers, so that list markers and counts of one digit do not count)."""
    out: set[Fact] = set()
    rest = text
    for m in UID.finditer(text):
        out.add(Fact("uid", re.sub(r"\D", "", m.group())))
    rest = UID.sub(" ", rest)
    for m in PUBLICATION.finditer(rest):
        out.add(Fact("publication", m.group()))
    rest = PUBLICATION.sub(" ", rest)
    for m in ISO_DATE.finditer(rest):
        out.add(Fact("date", m.group()))
    rest = ISO_DATE.sub(" ", rest)
    for m in SWISS_DATE.finditer(rest):
        d, mo, y = m.groups()
        out.add(Fact("date", f"{y}-{int(mo):02d}-{int(d):02d}"))
    rest = SWISS_DATE.sub(" ", rest)
    for m in NUMBER.finditer(rest):
        value = _number(m.group())
        if value is not None and len(value.split(".")[0]) >= 2:
            out.add(Fact("number", value))
    return out


def present(fact: Fact, answer: str, answer_facts: set[Fact] | None = None, folded: str | None = None) -> bool:
    """Whether the answer states the fact: structured facts by value, names by their token set (any order),
    phrases by their folded text."""
    if fact.kind in ("uid", "publication", "date", "number"):
        return fact in (answer_facts if answer_facts is not None else structured(answer))
    folded = folded if folded is not None else fold(answer)
    if fact.kind == "name":
        tokens = set(fold(fact.value).split())
        return bool(tokens) and tokens <= set(folded.split())
    phrase = fold(fact.value)
    return bool(phrase) and f" {phrase} " in f" {folded} "


def matched(facts: Iterable[Fact], answer: str) -> list[bool]:
    answer_facts, folded = structured(answer), fold(answer)
    return [present(f, answer, answer_facts, folded) for f in facts]
