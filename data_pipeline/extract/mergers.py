"""Mergers stated in a deletion notice's text: which company took over the assets and liabilities.

The SHAB formats carry no merger field (SPEC §10): the register writes it in the notice, in a fixed phrasing
per language, naming the absorbing company with its seat and UID:
  de "Aktiven und Passiven (Fremdkapital) gehen infolge Fusion auf die X AG, in Zug (CHE-123.456.789), über."
  fr "Actifs et passifs (fonds étrangers) repris par X SA, à Genève (CHE-123.456.789), par suite de fusion."
  it "Attivi e passivi (capitale di terzi) ripresi da X SA, in Lugano (CHE-123.456.789), in seguito a fusione."
Deterministic, so phase 1 writes the Table 6 merger edges whatever extractor phase 2 uses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_UID = r"CHE[\s.\-]*\d{3}[\s.\-'’]?\d{3}[\s.\-'’]?\d{3}"
_TAKEN_BY = re.compile(
    r"(?:infolge\s+(?:der\s+)?Fusion\s+auf\s+(?:die|den|das)\s+|repris\s+par\s+(?:la\s+|le\s+)?|"
    r"ripresi\s+da(?:lla|l)?\s+)"
    r"(?P<name>[^;]+?),\s+(?:in|à|a)\s+(?P<seat>[^,;]+?)\s*\((?P<uid>" + _UID + r")\)",
    re.IGNORECASE)
_MERGER_WORD = re.compile(r"\b(?:Fusion|fusion|fusione)\b")


@dataclass(frozen=True, slots=True)
class Merger:
    acquirer: str  # as written
    seat: str
    uid: str  # CHE-123.456.789


def absorbed_by(text: str | None) -> Merger | None:
    """The absorbing company a deletion notice names, or None when the text states no merger."""
    if not text or not _MERGER_WORD.search(text):
        return None
    m = _TAKEN_BY.search(text)
    if m is None:
        return None
    digits = re.sub(r"\D", "", m.group("uid"))
    return Merger(m.group("name").strip(), m.group("seat").strip(), f"CHE-{digits[:3]}.{digits[3:6]}.{digits[6:]}")
