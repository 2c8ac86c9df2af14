"""Small helpers that turn truth or graph values into expected-answer prose and its facts."""
from __future__ import annotations

from typing import Any

from app_eval.datasets.model import Fact


def chf(value: float) -> str:
    return f"CHF {value:,.0f}".replace(",", "'")


def address_text(a: dict[str, Any]) -> str:
    street = " ".join(x for x in (a.get("street"), a.get("house_number")) if x)
    return ", ".join(x for x in (street, " ".join(x for x in (a.get("zip"), a.get("town")) if x)) if x)


def address_facts(a: dict[str, Any]) -> list[Fact]:
    out = []
    if a.get("street"):
        out.append(Fact(kind="text", value=a["street"]))
    if a.get("zip"):
        out.append(Fact(kind="number", value=str(a["zip"])))
    if a.get("town"):
        out.append(Fact(kind="name", value=a["town"]))
    if a.get("house_number"):
        out.append(Fact(kind="text", value=str(a["house_number"]), key=False))
    return out


def purpose_head(purpose: str, words: int = 6) -> str:
    """The opening words of a purpose clause: what any faithful answer quotes."""
    return " ".join(purpose.split()[:words]).rstrip(",;:")


def names_list(names: list[str]) -> str:
    return "; ".join(names)
