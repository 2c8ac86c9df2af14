"""Swiss places for the synthetic world: towns with real postcodes per canton, the language spoken there,
the bankruptcy office (Konkursamt) in charge, commercial register offices and street names per language.

Everything here is plain tuples and lists (never sets), so iteration order is fixed."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Town:
    municipality: str  # political municipality = the legal seat ("Opfikon")
    locality: str  # postal locality of an address ("Glattbrugg"); equals municipality mostly
    zips: tuple[str, ...]
    canton: str
    lang: str  # de | fr | it
    office: str  # key into BANKRUPTCY_OFFICES
    weight: int  # relative number of companies

    @property
    def residence(self) -> str:
        """How SHAB writes a person's residence: "Thörishaus (Neuenegg)" for a locality of a municipality."""
        if self.locality == self.municipality:
            return self.municipality
        return f"{self.locality} ({self.municipality})"

    @property
    def postal(self) -> str:
        """The town as written in a postal address: "Hergiswil NW" for the seat "Hergiswil (NW)"."""
        return self.locality.replace("(", "").replace(")", "")


def _t(muni: str, zips: str, canton: str, lang: str, office: str, weight: int = 1, locality: str | None = None) -> Town:
    return Town(muni, locality or muni, tuple(zips.split()), canton, lang, office, weight)


TOWNS: tuple[Town, ...] = (
    # Zürich
    _t("Zürich", "8001 8002 8008 8032", "ZH", "de", "Konkursamt Zürich-Hottingen", 14),
    _t("Zürich", "8003 8045 8047 8048 8055", "ZH", "de", "Konkursamt Zürich-Altstetten", 12),
    _t("Zürich", "8004 8005 8037", "ZH", "de", "Konkursamt Zürich-Aussersihl", 10),
    _t("Zürich", "8050 8051 8052 8057", "ZH", "de", "Konkursamt Zürich-Oerlikon", 9),
    _t("Winterthur", "8400 8404 8406 8408", "ZH", "de", "Konkursamt Winterthur-Altstadt", 8),
    _t("Uster", "8610", "ZH", "de", "Konkursamt Uster", 3),
    _t("Dietikon", "8953", "ZH", "de", "Konkursamt Dietikon", 3),
    _t("Thalwil", "8800", "ZH", "de", "Konkursamt Thalwil", 2),
    _t("Horgen", "8810", "ZH", "de", "Konkursamt Horgen", 2),
    _t("Horgen", "8816", "ZH", "de", "Konkursamt Horgen", 1, "Hirzel"),
    _t("Bülach", "8180", "ZH", "de", "Konkursamt Bülach", 2),
    _t("Opfikon", "8152", "ZH", "de", "Konkursamt Kloten", 2, "Glattbrugg"),
    _t("Kloten", "8302", "ZH", "de", "Konkursamt Kloten", 2),
    _t("Dübendorf", "8600", "ZH", "de", "Konkursamt Dübendorf", 2),
    _t("Meilen", "8706", "ZH", "de", "Konkursamt Meilen", 2),
    _t("Stäfa", "8712", "ZH", "de", "Konkursamt Meilen", 1),
    _t("Wetzikon", "8620", "ZH", "de", "Konkursamt Wetzikon", 2),
    _t("Affoltern am Albis", "8910", "ZH", "de", "Konkursamt Affoltern", 1),
    _t("Bassersdorf", "8303", "ZH", "de", "Konkursamt Kloten", 1),
    _t("Stallikon", "8143", "ZH", "de", "Konkursamt Affoltern", 1),
    # Bern
    _t("Bern", "3006 3007 3008 3011 3012 3013 3014", "BE", "de", "Konkursamt Bern-Mittelland", 12),
    _t("Biel/Bienne", "2502 2503", "BE", "de", "Konkursamt Seeland", 4),
    _t("Thun", "3600 3604", "BE", "de", "Konkursamt Oberland", 4),
    _t("Köniz", "3098", "BE", "de", "Konkursamt Bern-Mittelland", 3),
    _t("Köniz", "3097", "BE", "de", "Konkursamt Bern-Mittelland", 1, "Liebefeld"),
    _t("Burgdorf", "3400", "BE", "de", "Konkursamt Emmental-Oberaargau", 2),
    _t("Langenthal", "4900", "BE", "de", "Konkursamt Emmental-Oberaargau", 2),
    _t("Ostermundigen", "3072", "BE", "de", "Konkursamt Bern-Mittelland", 1),
    _t("Interlaken", "3800", "BE", "de", "Konkursamt Oberland", 1),
    _t("Spiez", "3700", "BE", "de", "Konkursamt Oberland", 1),
    _t("Muri bei Bern", "3074", "BE", "de", "Konkursamt Bern-Mittelland", 1),
    _t("Langnau im Emmental", "3550", "BE", "de", "Konkursamt Emmental-Oberaargau", 1),
    _t("Neuenegg", "3174", "BE", "de", "Konkursamt Bern-Mittelland", 1, "Thörishaus"),
    _t("Moutier", "2740", "BE", "fr", "Office des faillites du Jura bernois", 1),
    _t("Saint-Imier", "2610", "BE", "fr", "Office des faillites du Jura bernois", 1),
    # Luzern
    _t("Luzern", "6003 6004 6005 6006", "LU", "de", "Konkursamt Luzern", 6),
    _t("Kriens", "6010", "LU", "de", "Konkursamt Kriens", 2),
    _t("Emmen", "6020", "LU", "de", "Konkursamt Emmen", 2, "Emmenbrücke"),
    _t("Sursee", "6210", "LU", "de", "Konkursamt Sursee", 1),
    _t("Hochdorf", "6280", "LU", "de", "Konkursamt Hochdorf", 1),
    _t("Malters", "6102", "LU", "de", "Konkursamt Kriens", 1),
    _t("Ebikon", "6030", "LU", "de", "Konkursamt Luzern", 1),
    # Central Switzerland
    _t("Altdorf (UR)", "6460", "UR", "de", "Konkursamt Uri", 1),
    _t("Schwyz", "6430", "SZ", "de", "Konkursamt Schwyz", 1),
    _t("Freienbach", "8808", "SZ", "de", "Konkursamt Höfe", 2, "Pfäffikon"),
    _t("Küssnacht (SZ)", "6403", "SZ", "de", "Konkursamt Küssnacht", 1),
    _t("Einsiedeln", "8840", "SZ", "de", "Konkursamt Einsiedeln", 1),
    _t("Sarnen", "6060", "OW", "de", "Konkursamt Obwalden", 1),
    _t("Stans", "6370", "NW", "de", "Konkursamt Nidwalden", 1),
    _t("Hergiswil (NW)", "6052", "NW", "de", "Konkursamt Nidwalden", 1),
    _t("Glarus", "8750", "GL", "de", "Konkursamt des Kantons Glarus", 1),
    _t("Zug", "6300", "ZG", "de", "Konkursamt des Kantons Zug", 6),
    _t("Baar", "6340", "ZG", "de", "Konkursamt des Kantons Zug", 3),
    _t("Cham", "6330", "ZG", "de", "Konkursamt des Kantons Zug", 1),
    _t("Steinhausen", "6312", "ZG", "de", "Konkursamt des Kantons Zug", 1),
    # Fribourg (bilingual)
    _t("Fribourg", "1700", "FR", "fr", "Office des faillites de la Sarine", 3),
    _t("Bulle", "1630", "FR", "fr", "Office des faillites de la Gruyère", 2),
    _t("Villars-sur-Glâne", "1752", "FR", "fr", "Office des faillites de la Sarine", 1),
    _t("Estavayer", "1470", "FR", "fr", "Office des faillites de la Broye", 1, "Estavayer-le-Lac"),
    _t("Murten", "3280", "FR", "de", "Konkursamt des Seebezirks", 1),
    _t("Düdingen", "3186", "FR", "de", "Konkursamt des Sensebezirks", 1),
    # Solothurn, Basel, Schaffhausen
    _t("Solothurn", "4500", "SO", "de", "Konkursamt Region Solothurn", 2),
    _t("Olten", "4600", "SO", "de", "Konkursamt Region Olten", 2),
    _t("Grenchen", "2540", "SO", "de", "Konkursamt Region Solothurn", 1),
    _t("Basel", "4051 4052 4053 4055 4056 4057 4058", "BS", "de", "Konkursamt Basel-Stadt", 9),
    _t("Riehen", "4125", "BS", "de", "Konkursamt Basel-Stadt", 1),
    _t("Liestal", "4410", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Allschwil", "4123", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Pratteln", "4133", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Muttenz", "4132", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Binningen", "4102", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Reinach (BL)", "4153", "BL", "de", "Konkursamt Basel-Landschaft", 1),
    _t("Schaffhausen", "8200", "SH", "de", "Konkursamt Schaffhausen", 2),
    _t("Neuhausen am Rheinfall", "8212", "SH", "de", "Konkursamt Schaffhausen", 1),
    # Eastern Switzerland
    _t("Herisau", "9100", "AR", "de", "Konkursamt Appenzell Ausserrhoden", 1),
    _t("Speicher", "9042", "AR", "de", "Konkursamt Appenzell Ausserrhoden", 1),
    _t("Appenzell", "9050", "AI", "de", "Konkursamt Appenzell Innerrhoden", 1),
    _t("St. Gallen", "9000 9008 9014", "SG", "de", "Kantonales Konkursamt St. Gallen", 5),
    _t("Rapperswil-Jona", "8640", "SG", "de", "Kantonales Konkursamt St. Gallen", 2),
    _t("Wil (SG)", "9500", "SG", "de", "Kantonales Konkursamt St. Gallen", 2),
    _t("Gossau (SG)", "9200", "SG", "de", "Kantonales Konkursamt St. Gallen", 1),
    _t("Buchs (SG)", "9470", "SG", "de", "Kantonales Konkursamt St. Gallen", 1),
    _t("Rorschach", "9400", "SG", "de", "Kantonales Konkursamt St. Gallen", 1),
    _t("Chur", "7000", "GR", "de", "Konkursamt Plessur", 3),
    _t("Davos", "7270", "GR", "de", "Konkursamt Prättigau/Davos", 1),
    _t("St. Moritz", "7500", "GR", "de", "Konkursamt Maloja", 1),
    _t("Landquart", "7302", "GR", "de", "Konkursamt Landquart", 1),
    _t("Poschiavo", "7742", "GR", "it", "Ufficio esecuzioni e fallimenti Bernina", 1),
    _t("Roveredo (GR)", "6535", "GR", "it", "Ufficio esecuzioni e fallimenti Moesa", 1),
    _t("Mesocco", "6563", "GR", "it", "Ufficio esecuzioni e fallimenti Moesa", 1),
    _t("Aarau", "5000 5004", "AG", "de", "Konkursamt Aargau", 3),
    _t("Baden", "5400", "AG", "de", "Konkursamt Aargau", 3),
    _t("Wettingen", "5430", "AG", "de", "Konkursamt Aargau", 2),
    _t("Wohlen (AG)", "5610", "AG", "de", "Konkursamt Aargau", 1),
    _t("Brugg", "5200", "AG", "de", "Konkursamt Aargau", 1),
    _t("Spreitenbach", "8957", "AG", "de", "Konkursamt Aargau", 1),
    _t("Rheinfelden", "4310", "AG", "de", "Konkursamt Aargau", 1),
    _t("Zofingen", "4800", "AG", "de", "Konkursamt Aargau", 1),
    _t("Oftringen", "4665", "AG", "de", "Konkursamt Aargau", 1),
    _t("Frauenfeld", "8500", "TG", "de", "Konkursamt des Kantons Thurgau", 2),
    _t("Kreuzlingen", "8280", "TG", "de", "Konkursamt des Kantons Thurgau", 2),
    _t("Arbon", "9320", "TG", "de", "Konkursamt des Kantons Thurgau", 1),
    _t("Weinfelden", "8570", "TG", "de", "Konkursamt des Kantons Thurgau", 1),
    _t("Amriswil", "8580", "TG", "de", "Konkursamt des Kantons Thurgau", 1),
    # Ticino
    _t("Lugano", "6900 6902 6903", "TI", "it", "Ufficio dei fallimenti di Lugano", 7),
    _t("Lugano", "6962", "TI", "it", "Ufficio dei fallimenti di Lugano", 1, "Viganello"),
    _t("Paradiso", "6900", "TI", "it", "Ufficio dei fallimenti di Lugano", 1),
    _t("Bellinzona", "6500", "TI", "it", "Ufficio dei fallimenti di Bellinzona", 2),
    _t("Locarno", "6600", "TI", "it", "Ufficio esecuzione e fallimenti di Locarno", 2),
    _t("Minusio", "6648", "TI", "it", "Ufficio esecuzione e fallimenti di Locarno", 1),
    _t("Mendrisio", "6850", "TI", "it", "Ufficio dei fallimenti di Mendrisio", 2),
    _t("Chiasso", "6830", "TI", "it", "Ufficio dei fallimenti di Mendrisio", 1),
    _t("Biasca", "6710", "TI", "it", "Ufficio dei fallimenti di Bellinzona", 1),
    # Vaud
    _t("Lausanne", "1003 1004 1005 1006 1007", "VD", "fr", "Office des faillites de l'arrondissement de Lausanne", 8),
    _t("Pully", "1009", "VD", "fr", "Office des faillites de l'arrondissement de Lausanne", 1),
    _t("Renens (VD)", "1020", "VD", "fr", "Office des faillites de l'arrondissement de l'Ouest lausannois", 1),
    _t("Chavannes-près-Renens", "1022", "VD", "fr", "Office des faillites de l'arrondissement de l'Ouest lausannois", 1),
    _t("Montreux", "1820", "VD", "fr", "Office des faillites de l'arrondissement de la Riviera - Pays-d'Enhaut", 2),
    _t("Vevey", "1800", "VD", "fr", "Office des faillites de l'arrondissement de la Riviera - Pays-d'Enhaut", 2),
    _t("Nyon", "1260", "VD", "fr", "Office des faillites de l'arrondissement de Nyon", 2),
    _t("Morges", "1110", "VD", "fr", "Office des faillites de l'arrondissement de Morges", 2),
    _t("Yverdon-les-Bains", "1400", "VD", "fr", "Office des faillites de l'arrondissement du Jura-Nord vaudois", 2),
    _t("Aigle", "1860", "VD", "fr", "Office des faillites de l'arrondissement de l'Est vaudois", 1),
    # Valais (French Lower Valais, German Upper Valais)
    _t("Sion", "1950 1951", "VS", "fr", "Office des faillites du Valais central", 2),
    _t("Sierre", "3960", "VS", "fr", "Office des faillites du Valais central", 1),
    _t("Martigny", "1920", "VS", "fr", "Office des faillites du Bas-Valais", 2),
    _t("Monthey", "1870", "VS", "fr", "Office des faillites du Bas-Valais", 1),
    _t("Saint-Gingolph", "1898", "VS", "fr", "Office des faillites du Bas-Valais", 1, "St-Gingolph"),
    _t("Brig-Glis", "3900", "VS", "de", "Konkursamt Oberwallis", 1),
    _t("Visp", "3930", "VS", "de", "Konkursamt Oberwallis", 1),
    _t("Zermatt", "3920", "VS", "de", "Konkursamt Oberwallis", 1),
    # Neuchâtel, Geneva, Jura
    _t("Neuchâtel", "2000", "NE", "fr", "Office des faillites du canton de Neuchâtel", 2),
    _t("La Chaux-de-Fonds", "2300", "NE", "fr", "Office des faillites du canton de Neuchâtel", 2),
    _t("Le Locle", "2400", "NE", "fr", "Office des faillites du canton de Neuchâtel", 1),
    _t("Genève", "1201 1202 1204 1205 1206 1207 1208", "GE", "fr", "Office cantonal des faillites", 10),
    _t("Carouge (GE)", "1227", "GE", "fr", "Office cantonal des faillites", 2),
    _t("Meyrin", "1217", "GE", "fr", "Office cantonal des faillites", 1),
    _t("Vernier", "1214", "GE", "fr", "Office cantonal des faillites", 1),
    _t("Lancy", "1212", "GE", "fr", "Office cantonal des faillites", 1, "Grand-Lancy"),
    _t("Onex", "1213", "GE", "fr", "Office cantonal des faillites", 1),
    _t("Thônex", "1226", "GE", "fr", "Office cantonal des faillites", 1),
    _t("Plan-les-Ouates", "1228", "GE", "fr", "Office cantonal des faillites", 1),
    _t("Delémont", "2800", "JU", "fr", "Office des faillites de Delémont", 1),
    _t("Porrentruy", "2900", "JU", "fr", "Office des faillites de Porrentruy", 1),
)

# Languages used by each canton's publications (first = majority language).
CANTON_LANGS: dict[str, tuple[str, ...]] = {
    "ZH": ("de",), "BE": ("de", "fr"), "LU": ("de",), "UR": ("de",), "SZ": ("de",), "OW": ("de",), "NW": ("de",),
    "GL": ("de",), "ZG": ("de",), "FR": ("fr", "de"), "SO": ("de",), "BS": ("de",), "BL": ("de",), "SH": ("de",),
    "AR": ("de",), "AI": ("de",), "SG": ("de",), "GR": ("de", "it"), "AG": ("de",), "TG": ("de",), "TI": ("it",),
    "VD": ("fr",), "VS": ("fr", "de"), "NE": ("fr",), "GE": ("fr",), "JU": ("fr",),
}

CANTON_NAMES: dict[str, dict[str, str]] = {
    "ZH": {"de": "Zürich", "fr": "Zurich", "it": "Zurigo"}, "BE": {"de": "Bern", "fr": "Berne", "it": "Berna"},
    "LU": {"de": "Luzern", "fr": "Lucerne", "it": "Lucerna"}, "UR": {"de": "Uri", "fr": "Uri", "it": "Uri"},
    "SZ": {"de": "Schwyz", "fr": "Schwyz", "it": "Svitto"}, "OW": {"de": "Obwalden", "fr": "Obwald", "it": "Obvaldo"},
    "NW": {"de": "Nidwalden", "fr": "Nidwald", "it": "Nidvaldo"}, "GL": {"de": "Glarus", "fr": "Glaris", "it": "Glarona"},
    "ZG": {"de": "Zug", "fr": "Zoug", "it": "Zugo"}, "FR": {"de": "Freiburg", "fr": "Fribourg", "it": "Friburgo"},
    "SO": {"de": "Solothurn", "fr": "Soleure", "it": "Soletta"},
    "BS": {"de": "Basel-Stadt", "fr": "Bâle-Ville", "it": "Basilea Città"},
    "BL": {"de": "Basel-Landschaft", "fr": "Bâle-Campagne", "it": "Basilea Campagna"},
    "SH": {"de": "Schaffhausen", "fr": "Schaffhouse", "it": "Sciaffusa"},
    "AR": {"de": "Appenzell Ausserrhoden", "fr": "Appenzell Rhodes-Extérieures", "it": "Appenzello Esterno"},
    "AI": {"de": "Appenzell Innerrhoden", "fr": "Appenzell Rhodes-Intérieures", "it": "Appenzello Interno"},
    "SG": {"de": "St. Gallen", "fr": "Saint-Gall", "it": "San Gallo"},
    "GR": {"de": "Graubünden", "fr": "Grisons", "it": "Grigioni"},
    "AG": {"de": "Aargau", "fr": "Argovie", "it": "Argovia"}, "TG": {"de": "Thurgau", "fr": "Thurgovie", "it": "Turgovia"},
    "TI": {"de": "Tessin", "fr": "Tessin", "it": "Ticino"}, "VD": {"de": "Waadt", "fr": "Vaud", "it": "Vaud"},
    "VS": {"de": "Wallis", "fr": "Valais", "it": "Vallese"}, "NE": {"de": "Neuenburg", "fr": "Neuchâtel", "it": "Neuchâtel"},
    "GE": {"de": "Genf", "fr": "Genève", "it": "Ginevra"}, "JU": {"de": "Jura", "fr": "Jura", "it": "Giura"},
}

# CH-ID (code13) register office numbers per canton.
REGISTER_CODES: dict[str, str] = {
    "ZH": "020", "BE": "036", "LU": "100", "UR": "120", "SZ": "130", "OW": "140", "NW": "150", "GL": "160", "ZG": "170",
    "FR": "217", "SO": "241", "BS": "270", "BL": "280", "SH": "290", "AR": "300", "AI": "310", "SG": "320", "GR": "350",
    "AG": "400", "TG": "440", "TI": "501", "VD": "550", "VS": "621", "NE": "645", "GE": "660", "JU": "670",
}


def register_office(town: Town) -> str:
    """The cantonal commercial register office that publishes entries for a seat (senderOffice/officeName)."""
    c = town.canton
    if c == "VS":
        if town.lang == "de":
            return "Handelsregisteramt Oberwallis"
        return "Registre du commerce du Valais central" if town.municipality in ("Sion", "Sierre") else \
            "Registre du commerce du Bas-Valais"
    if c == "TI":
        return "Registro di commercio del Cantone Ticino"
    if c == "GE":
        return "Registre du commerce du Canton de Genève"
    if c in ("VD", "NE", "JU", "FR"):
        article = "du" if c == "JU" else "de"
        if c == "FR" and town.lang == "de":
            return "Handelsregisteramt des Kantons Freiburg"
        return f"Registre du commerce du canton {article} {CANTON_NAMES[c]['fr']}" if c != "VD" else \
            "Registre du commerce du canton de Vaud"
    if c == "BE" and town.lang == "fr":
        return "Registre du commerce du canton de Berne"
    return f"Handelsregisteramt des Kantons {CANTON_NAMES[c]['de']}"


STREETS: dict[str, tuple[str, ...]] = {
    "de": (
        "Bahnhofstrasse", "Hauptstrasse", "Dorfstrasse", "Kirchweg", "Industriestrasse", "Seestrasse", "Poststrasse",
        "Schulstrasse", "Gartenstrasse", "Landstrasse", "Zürcherstrasse", "Bernstrasse", "Rosenweg", "Mühlegasse",
        "Sonnenbergstrasse", "Feldstrasse", "Lindenstrasse", "Neugasse", "Kramgasse", "Bahnhofplatz", "Gewerbestrasse",
        "Rütistrasse", "Alte Landstrasse", "Oberdorfstrasse", "Unterdorfstrasse", "Birkenweg", "Sandäckerstrasse",
        "Weiherstrasse", "Bachstrasse", "Tellstrasse", "Aegertlistrasse", "Badenerstrasse", "Hohlstrasse",
        "Schaffhauserstrasse", "Thurgauerstrasse", "Leutschenbachstrasse", "St. Alban-Vorstadt", "Freie Strasse",
        "Marktgasse", "Ringstrasse", "Im Grund", "Widenmatt", "Hinterwies", "Zentweg",
    ),
    "fr": (
        "Rue de la Gare", "Avenue de la Gare", "Rue du Lac", "Chemin des Vignes", "Route de Lausanne", "Rue du Marché",
        "Avenue des Alpes", "Rue de l'Eglise", "Chemin du Bois", "Grand-Rue", "Rue du Rhône", "Place du Marché",
        "Rue de la Servette", "Rue de la Confédération", "Chemin du Grand-Puits", "Avenue de France", "Rue Centrale",
        "Route de Genève", "Chemin des Crêts", "Rue des Moulins", "Avenue du Léman", "Rue de Carouge", "Chemin de la Forêt",
        "Rue du Simplon", "Route cantonale", "Rue des Alpes", "Avenue de la Praille", "Rue Saint-Laurent", "Quai du Seujet",
    ),
    "it": (
        "Via Nassa", "Via Cantonale", "Via San Gottardo", "Via della Stazione", "Piazza Grande", "Via Lugano",
        "Corso San Gottardo", "Via Motta", "Via ai Monti", "Via Industria", "Via Ciseri", "Via Pretorio", "Via Luini",
        "Via Vegezzi", "Via Balestra", "Via Canova", "Riva Albertolli", "Via Lungomoesa", "Via Sempione", "Via Borghetto",
        "Viale Stazione", "Via Municipio", "Via alla Chiesa",
    ),
}

# Towns abroad where some persons live ("in Konstanz (DE)").
FOREIGN_RESIDENCES: tuple[tuple[str, str], ...] = (
    ("Konstanz", "DE"), ("München", "DE"), ("Lörrach", "DE"), ("Annemasse", "FR"), ("Saint-Julien-en-Genevois", "FR"),
    ("Lyon", "FR"), ("Como", "IT"), ("Milano", "IT"), ("Varese", "IT"), ("Wien", "AT"), ("Feldkirch", "AT"),
    ("London", "GB"), ("Amsterdam", "NL"),
)

# Extra Heimatorte (places of origin) beyond the seat towns.
EXTRA_ORIGINS: tuple[str, ...] = (
    "Schötz", "Muotathal", "Vechigen", "Kölliken", "Madiswil", "Fahrni", "Sumiswald", "Auswil", "Tschugg", "Löhningen",
    "Vordemwald", "Subingen", "Kirchleerau", "Rorschach", "Villmergen", "Würenlos", "Maur", "Homburg", "Affoltern am Albis",
    "Wangen-Brüttisellen", "Dietlikon", "Meggen", "Trub", "Eggiwil", "Lauperswil", "Rüderswil", "Signau", "Guggisberg",
    "Grindelwald", "Adelboden", "Saanen", "Schangnau", "Hasle bei Burgdorf", "Rüegsau", "Lützelflüh", "Wynigen",
    "Ormont-Dessus", "Bagnes", "Savièse", "Nendaz", "Orsières", "Lens", "Chermignon", "Conthey", "Val-de-Ruz",
    "Le Chenit", "Sainte-Croix", "Château-d'Oex", "Blenio", "Faido", "Onsernone", "Maggia", "Vallemaggia", "Cevio",
    "Breggia", "Capriasca", "Collina d'Oro", "Poschiavo", "Disentis/Mustér", "Scuol", "Trun", "Glarus Süd", "Urnäsch",
)


@dataclass(frozen=True, slots=True)
class Office:
    name: str
    lang: str
    street: str
    number: str
    zip: str
    town: str
    canton: str


def _stable_int(text: str) -> int:
    """A hash that does not depend on PYTHONHASHSEED."""
    h = 2166136261
    for ch in text.encode("utf-8"):
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def _build_offices() -> dict[str, Office]:
    offices: dict[str, Office] = {}
    for town in TOWNS:
        if town.office in offices:
            continue
        h = _stable_int(town.office)
        streets = STREETS[town.lang]
        offices[town.office] = Office(
            town.office, town.lang, streets[h % len(streets)], str(1 + (h >> 8) % 60), town.zips[0], town.locality,
            town.canton,
        )
    return offices


BANKRUPTCY_OFFICES: dict[str, Office] = _build_offices()

# Seat towns per canton (for moves inside a canton) and per language.
TOWNS_BY_CANTON: dict[str, tuple[Town, ...]] = {}
for _town in TOWNS:
    TOWNS_BY_CANTON[_town.canton] = (*TOWNS_BY_CANTON.get(_town.canton, ()), _town)
del _town

ORIGINS: tuple[str, ...] = tuple(dict.fromkeys([t.municipality for t in TOWNS] + list(EXTRA_ORIGINS)))
