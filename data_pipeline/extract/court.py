"""The court's bankruptcy opening stated in a register notice's text.

When a court opens bankruptcy over a company, the register publishes the dissolution (HR02, flag
`bankruptcy.dissolution`) and writes the court's decision into the text, in a fixed phrasing per language:
  de "Mit Entscheid des Konkursgerichts vom 24.12.2018 wurde über die Gesellschaft der Konkurs eröffnet"
  fr "Par jugement du Tribunal de première instance du 24.12.2018, la faillite de la société a été prononcée"
  it "Con decisione del Pretore del 24.12.2018 è stato dichiarato il fallimento della società"
The bankruptcy office's own notice (KK, `resolutionDate`) carries the date as a field, but for a sole
proprietorship that notice names the owner as debtor, not the firm: the register's text is then the only
place that ties the opening to the company. Deterministic, so phase 1 writes it whatever extractor phase 2 uses.
"""
from __future__ import annotations

import re

_OPENING = re.compile(r"(?:Entscheid|jugement|decisione)\b.{0,160}?\b(?:vom|du|del)\s+(\d{1,2})\.(\d{1,2})\.(\d{4})"
                      r".{0,160}?(?:Konkurs eröffnet|faillite\b.{0,60}?prononcée|dichiarato il fallimento)",
                      re.IGNORECASE | re.DOTALL)


def bankruptcy_opened(text: str | None) -> str | None:
    """The opening date (ISO) a notice's text states for the court's decision, or None."""
    m = _OPENING.search(text or "")
    if m is None:
        return None
    day, month, year = m.groups()
    return f"{year}-{int(month):02d}-{int(day):02d}"
