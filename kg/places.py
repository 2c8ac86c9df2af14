"""Swiss cantons and the spellings people use for places, so that "Geneva", "Genf" and "GE" all
select companies seated in Genève."""
from __future__ import annotations

from kg.text import fold

CANTONS: dict[str, tuple[str, ...]] = {  # code -> names (de, fr, it, en and common forms)
    "ZH": ("Zürich", "Zurich", "Zurigo"), "BE": ("Bern", "Berne", "Berna"), "LU": ("Luzern", "Lucerne", "Lucerna"),
    "UR": ("Uri",), "SZ": ("Schwyz", "Svitto"), "OW": ("Obwalden", "Obwald"), "NW": ("Nidwalden", "Nidwald"),
    "GL": ("Glarus", "Glaris", "Glarona"), "ZG": ("Zug", "Zoug", "Zugo"), "FR": ("Freiburg", "Fribourg", "Friburgo"),
    "SO": ("Solothurn", "Soleure", "Soletta"), "BS": ("Basel-Stadt", "Bâle-Ville", "Basilea Città", "Basel City"),
    "BL": ("Basel-Landschaft", "Bâle-Campagne", "Basilea Campagna", "Basel-Land"),
    "SH": ("Schaffhausen", "Schaffhouse", "Sciaffusa"),
    "AR": ("Appenzell Ausserrhoden", "Appenzell Rhodes-Extérieures"),
    "AI": ("Appenzell Innerrhoden", "Appenzell Rhodes-Intérieures"),
    "SG": ("St. Gallen", "Saint-Gall", "San Gallo", "St Gallen", "Sankt Gallen"),
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
    "St. Gallen": ("St Gallen", "Saint-Gall", "Sankt Gallen"), "Lugano": (), "Winterthur": (),
    "Sion": ("Sitten",), "Chur": ("Coire", "Coira"), "Solothurn": ("Soleure",), "Schaffhausen": ("Schaffhouse",),
}

_CANTON_BY_NAME = {fold(n): code for code, names in CANTONS.items() for n in (code, *names)}
_CITY_BY_NAME = {fold(n): city for city, names in CITY_NAMES.items() for n in (city, *names)}


def canton_code(text: str | None) -> str | None:
    """'Zürich', 'zurich', 'ZH', 'canton of Geneva' -> the two-letter code, or None."""
    if not text:
        return None
    t = fold(text).replace("canton of ", "").replace("canton ", "").replace("kanton ", "").strip(" .")
    return _CANTON_BY_NAME.get(t)


def city_spellings(text: str) -> list[str]:
    """Spellings a register may use for the town the user named (the input itself always included)."""
    city = _CITY_BY_NAME.get(fold(text).strip())
    out = [text.strip()]
    if city:
        out += [city, *CITY_NAMES[city]]
    return sorted(set(out))
