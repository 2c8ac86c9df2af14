"""Checkable facts: CHE uids, publication numbers, dates, numbers, names and phrases, normalized so that
"CHF 100'000", "100,000" and "100000.0" meet, "28.11.2018", "28. November 2018" and "2018-11-28" meet, and
"Doe, John" matches "John Doe". The claim reader behind it (with polarity and citations) is
app_eval.judges.claims; the deterministic judge uses that directly."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

KINDS = ("uid", "publication", "date", "number", "name", "text")


def fold(text: str) -> str:
    """Lowercase without accents or punctuation, single-spaced (ü -> u, é -> e)."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _number(raw: str) -> str | None:
    from app_eval.judges.claims import num_text, number_value  # noqa: PLC0415 - claims imports the lexicon only

    value = number_value(raw)
    return None if value is None else num_text(value)


@dataclass(frozen=True)
class Fact:
    kind: str
    value: str

    @classmethod
    def of(cls, d: dict[str, Any]) -> Fact:
        from app_eval.judges.claims import parse_date  # noqa: PLC0415

        kind, value = d["kind"], str(d["value"])
        if kind == "number":
            value = _number(value) or value
        elif kind == "uid":
            value = re.sub(r"\D", "", value)
        elif kind == "date":
            value = parse_date(value) or value
        return cls(kind, value)


def structured(text: str) -> set[Fact]:
    """The uids, publication numbers, full dates and numbers stated in a text (numbers of two digits or
    more outside dates and identifiers, so that list markers and counts of one digit do not count)."""
    from app_eval.judges.claims import NUMERIC, Reading  # noqa: PLC0415

    out: set[Fact] = set()
    for c in Reading(text).claims:
        if c.kind in ("uid", "publication", "date"):
            out.add(Fact(c.kind, c.value))
        elif c.kind in NUMERIC and len(c.number.split(".")[0]) >= 2:
            out.add(Fact("number", c.number))
    return out


def present(fact: Fact, answer: str, answer_facts: set[Fact] | None = None, folded: str | None = None) -> bool:
    """Whether the text contains the fact (any polarity): structured facts by value, names by their token
    set (any order), phrases by their folded text."""
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
