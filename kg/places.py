"""Swiss cantons and the spellings people use for places, so that "Geneva", "Genf" and "GE" all
select companies seated in Genève."""
from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from kg.text import fold

CANTONS: dict[str, tuple[str, ...]] = {  # code -> names (de, fr, it, en and common forms)
    "ZH": ("Zürich", "Zurich", "Zurigo"), "BE": ("Bern", "Berne", "Berna"), "LU": ("Luzern", "Lucerne", "Lucerna"),
    "UR": ("Uri",), "SZ": ("Schwyz", "Svitto"), "OW": ("Obwalden", "Obwald", "Obvaldo"),
    "NW": ("Nidwalden", "Nidwald", "Nidvaldo"),
    "GL": ("Glarus", "Glaris", "Glarona"), "ZG": ("Zug", "Zoug", "Zugo"), "FR": ("Freiburg", "Fribourg", "Friburgo"),
    "SO": ("Solothurn", "Soleure", "Soletta"), "BS": ("Basel-Stadt", "Bâle-Ville", "Basilea Città", "Basel City"),
    "BL": ("Basel-Landschaft", "Bâle-Campagne", "Basilea Campagna", "Basel-Land"),
    "SH": ("Schaffhausen", "Schaffhouse", "Sciaffusa"),
    "AR": ("Appenzell Ausserrhoden", "Appenzell Rhodes-Extérieures", "Appenzello Esterno", "Appenzell Outer Rhodes",
           "Appenzell A.Rh.", "Appenzell A. Rh.", "Appenzell AR"),
    "AI": ("Appenzell Innerrhoden", "Appenzell Rhodes-Intérieures", "Appenzello Interno", "Appenzell Inner Rhodes",
           "Appenzell I.Rh.", "Appenzell I. Rh.", "Appenzell AI"),
    "SG": ("St. Gallen", "Saint-Gall", "San Gallo", "St Gallen", "Sankt Gallen", "St.Gallen", "St-Gall", "Saint Gall"),
    "GR": ("Graubünden", "Grisons", "Grigioni"), "AG": ("Aargau", "Argovie", "Argovia"),
    "TG": ("Thurgau", "Thurgovie", "Turgovia"), "TI": ("Tessin", "Ticino"),
    "VD": ("Waadt", "Vaud"), "VS": ("Wallis", "Valais", "Vallese"),
    "NE": ("Neuenburg", "Neuchâtel"), "GE": ("Genf", "Genève", "Ginevra", "Geneva"), "JU": ("Jura", "Giura"),
}
# Towns whose everyday names differ from the register's spelling.
CITY_NAMES: dict[str, tuple[str, ...]] = {
    "Genève": ("Geneva", "Genf", "Ginevra", "Geneve"), "Zürich": ("Zurich", "Zurigo"), "Bern": ("Berne", "Berna"),
    "Luzern": ("Lucerne", "Lucerna"), "Basel": ("Basle", "Bâle", "Basilea"), "Lausanne": ("Losanna",),
    "Neuchâtel": ("Neuenburg",), "Fribourg": ("Freiburg",), "Biel/Bienne": ("Biel", "Bienne"),
    "St. Gallen": ("St Gallen", "Saint-Gall", "Sankt Gallen", "St.Gallen", "St-Gall"), "Lugano": (), "Winterthur": (),
    "Sion": ("Sitten",), "Chur": ("Coire", "Coira"), "Solothurn": ("Soleure",), "Schaffhausen": ("Schaffhouse",),
}

_CANTON_BY_NAME = {fold(n).strip(" ."): code for code, names in CANTONS.items() for n in (code, *names)}
_CITY_BY_NAME = {fold(n): city for city, names in CITY_NAMES.items() for n in (city, *names)}


def canton_code(text: str | None) -> str | None:
    """'Zürich', 'zurich', 'ZH', 'canton of Geneva' -> the two-letter code, or None."""
    if not text:
        return None
    return _CANTON_BY_NAME.get(_bare(text))


def _bare(text: str) -> str:
    """The canton's name without "canton (of)", "Kanton", "cantone (del)" before it."""
    return re.sub(r"^(?:canton|kanton|cantone)\s+(?:of\s+|de\s+|du\s+|di\s+|del\s+|dello\s+|d')?", "",
                  fold(text).strip()).strip(" .")


def canton_near(text: str | None) -> str | None:
    """canton_code, forgiving one typo in a name of 5+ letters ("Scwhyz", "Appenzell Innerrhoedn") and two in one
    of 10+; only a single closest canton counts. For text that says it is a canton ("im Kanton ...")."""
    exact = canton_code(text)
    if exact or not text:
        return exact
    t = _bare(text)
    if len(t) < 5:
        return None
    allowed = 2 if len(t) >= 10 else 1
    near = {code for name, code in _CANTON_BY_NAME.items() if len(name) >= 5 and OSA.distance(t, name) <= allowed}
    return near.pop() if len(near) == 1 else None


# The canton of each town above: a seat written so is in it (a town of the same name elsewhere is written with its
# canton by the register: "Buchs (AG)", "Wil (SG)").
CITY_CANTONS: dict[str, str] = {
    "Genève": "GE", "Zürich": "ZH", "Bern": "BE", "Luzern": "LU", "Basel": "BS", "Lausanne": "VD", "Neuchâtel": "NE",
    "Fribourg": "FR", "Biel/Bienne": "BE", "St. Gallen": "SG", "Lugano": "TI", "Winterthur": "ZH", "Sion": "VS",
    "Chur": "GR", "Solothurn": "SO", "Schaffhausen": "SH",
}
_SEAT_CANTON = re.compile(r"\(([A-Z]{2})\)\s*$")


def seat_canton(seat: str | None) -> str | None:
    """The canton a seat says itself: the register's suffix ("Buchs (AG)") or one of the towns of `CITY_CANTONS`;
    None for any other town (the graph knows its canton from the companies seated there)."""
    if not seat:
        return None
    suffix = _SEAT_CANTON.search(seat)
    if suffix and suffix.group(1) in CANTONS:
        return suffix.group(1)
    return CITY_CANTONS.get(seat.strip())


# cantons named like their capital: as a place a company moved from or to, the name means the town
CAPITAL_TOWNS = frozenset(fold(n) for n in ("Zürich", "Zurich", "Zurigo", "Bern", "Berne", "Berna", "Luzern", "Lucerne",
                                            "Lucerna", "Zug", "Zoug", "Zugo", "Schwyz", "Svitto", "Glarus", "Glaris",
                                            "Glarona", "Fribourg", "Freiburg", "Friburgo", "Solothurn", "Soleure",
                                            "Soletta", "Schaffhausen", "Schaffhouse", "Sciaffusa", "St. Gallen",
                                            "St Gallen", "Saint-Gall", "San Gallo", "Sankt Gallen", "Genf", "Genève",
                                            "Geneve", "Geneva", "Ginevra", "Neuchâtel", "Neuenburg", "Appenzell"))


def city_spellings(text: str) -> list[str]:
    """Spellings a register may use for the town the user named (the input itself always included)."""
    city = _CITY_BY_NAME.get(fold(text).strip())
    out = [text.strip()]
    if city:
        out += [city, *CITY_NAMES[city]]
    saint = _SAINT.match(text.strip())
    if saint:  # "St-Imier", "Saint-Imier", "St. Imier": the register writes either
        rest = saint.group(2)
        out += [f"Saint-{rest}", f"St-{rest}", f"St. {rest}", f"St.{rest}", f"Sankt {rest}"]
    return sorted(set(out))


_SAINT = re.compile(r"^(st\.\s*|(?:st|saint|sankt)[\s-]+)(\w.*)$", re.IGNORECASE)  # not "Stans"
