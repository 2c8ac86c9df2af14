"""Person names by origin and the spelling variants under which one person appears in notices.

SHAB writes persons comma-first ("Muster, Hans Peter"); Geneva-style French notices write "Muster Hans Peter"
without a comma, and some clauses ("aber nicht mit Hans Muster", "c/o Hans Muster") use the natural order.
Variants are chosen only sometimes, so most mentions are the canonical form."""
from __future__ import annotations

import random

_M, _F = "m", "f"

FIRST_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "ch_de": {
        _M: ("Hans", "Peter", "Thomas", "Daniel", "Martin", "Andreas", "Markus", "Stefan", "Christian", "Michael", "Urs",
             "Beat", "Reto", "Marco", "Patrick", "Simon", "Lukas", "Jonas", "David", "Roland", "Bruno", "Walter", "Kurt",
             "Felix", "Matthias", "Samuel", "Niklaus", "Fabian", "Adrian", "Roger", "Jürg", "Rolf", "Josef", "Elias",
             "René", "Heinz", "Ueli", "Köbi", "Severin", "Dominik"),
        _F: ("Anna", "Maria", "Barbara", "Claudia", "Sandra", "Nicole", "Daniela", "Andrea", "Monika", "Ursula",
             "Brigitte", "Karin", "Sabine", "Laura", "Sarah", "Julia", "Lea", "Nadine", "Corinne", "Franziska", "Regula",
             "Esther", "Susanne", "Katharina", "Manuela", "Jasmin", "Sophie", "Jana", "Rahel", "Verena", "Käthi",
             "Mirjam", "Tanja", "Yvonne", "Stefanie", "Cornelia"),
    },
    "ch_fr": {
        _M: ("Jean", "Pierre", "Michel", "Philippe", "Alain", "Nicolas", "Olivier", "Christophe", "Laurent", "Stéphane",
             "Frédéric", "Julien", "Sébastien", "Yves", "François", "Jacques", "Luc", "Antoine", "Mathieu", "Cédric",
             "Grégoire", "Jérôme", "Raphaël", "Benoît", "Gaël", "Loïc"),
        _F: ("Marie", "Anne", "Isabelle", "Nathalie", "Catherine", "Sophie", "Christine", "Valérie", "Sandrine", "Céline",
             "Camille", "Chloé", "Élodie", "Françoise", "Hélène", "Aurélie", "Delphine", "Estelle", "Mélanie", "Joëlle",
             "Geneviève", "Léa", "Noémie", "Agnès"),
    },
    "ch_it": {
        _M: ("Marco", "Luca", "Giuseppe", "Giovanni", "Paolo", "Alessandro", "Francesco", "Matteo", "Stefano", "Roberto",
             "Davide", "Fabio", "Lorenzo", "Claudio", "Mario", "Sergio", "Fabrizio", "Massimo", "Nicola", "Gianluca"),
        _F: ("Maria", "Giulia", "Francesca", "Chiara", "Sara", "Elena", "Anna", "Paola", "Laura", "Silvia", "Valentina",
             "Federica", "Alessandra", "Monica", "Cristina", "Barbara", "Lucia", "Michela"),
    },
    "DE": {_M: ("Jörg", "Klaus", "Uwe", "Sven", "Jens", "Dirk", "Frank", "Tobias", "Florian", "Maximilian", "Henrik", "Volker"),
           _F: ("Katrin", "Heike", "Birgit", "Anke", "Jessica", "Melanie", "Lena", "Sabrina", "Doreen", "Ines")},
    "AT": {_M: ("Florian", "Lukas", "Wolfgang", "Gerhard", "Johann", "Michael"),
           _F: ("Elisabeth", "Theresa", "Magdalena", "Eva")},
    "FR": {_M: ("Jean-Luc", "Thierry", "Didier", "Guillaume", "Arnaud", "Bertrand", "Hugo"),
           _F: ("Sylvie", "Brigitte", "Emilie", "Pauline", "Mathilde", "Manon")},
    "IT": {_M: ("Giorgio", "Antonio", "Salvatore", "Vincenzo", "Riccardo", "Emanuele"),
           _F: ("Rosa", "Angela", "Giovanna", "Martina", "Serena", "Ilaria")},
    "PT": {_M: ("João", "José", "António", "Rui", "Nuno", "Tiago", "Caio Felipe"),
           _F: ("Ana", "Sofia", "Inês", "Mariana", "Beatriz")},
    "ES": {_M: ("José", "Francisco", "Javier", "Carlos", "Iker", "Alejandro"),
           _F: ("Carmen", "Lucía", "Marta", "Pilar", "Elena")},
    "TR": {_M: ("Mehmet", "Ali", "Mustafa", "Oğuz", "Özcan", "Emre", "Murat"), _F: ("Ayşe", "Fatma", "Elif", "Zeynep", "Emine")},
    "XK": {_M: ("Arben", "Besnik", "Driton", "Fatmir", "Valon", "Agon"), _F: ("Albana", "Blerta", "Drita", "Vjosa", "Arta")},
    "RS": {_M: ("Nikola", "Milan", "Dragan", "Stefan", "Marko"), _F: ("Jelena", "Milica", "Ana", "Ivana", "Snežana")},
    "GB": {_M: ("James", "John", "Graham", "Oliver", "Thomas", "William"),
           _F: ("Emma", "Katie", "Charlotte", "Olivia", "Sarah")},
    "US": {_M: ("Robert", "Michael", "Christopher", "Brian", "Kevin"), _F: ("Jennifer", "Ashley", "Megan", "Emily")},
    "PL": {_M: ("Piotr", "Tomasz", "Krzysztof", "Paweł"), _F: ("Agnieszka", "Katarzyna", "Małgorzata", "Joanna")},
    "NL": {_M: ("Jeroen", "Pieter", "Bas", "Joost"), _F: ("Anna Sophie", "Femke", "Anouk", "Marieke")},
    "IN": {_M: ("Raj", "Rahul", "Arjun", "Vikram", "Sanjay"), _F: ("Priya", "Anjali", "Deepa", "Sunita")},
    "CN": {_M: ("Wei", "Jun", "Hao", "Lei"), _F: ("Li", "Mei", "Xiu", "Yan")},
    "BR": {_M: ("Caio", "Thiago", "Rafael", "Gustavo"), _F: ("Fernanda", "Juliana", "Camila", "Larissa")},
}

LAST_NAMES: dict[str, tuple[str, ...]] = {
    "ch_de": (
        "Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Meyer", "Steiner", "Fischer", "Gerber",
        "Brunner", "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss", "Graf", "Roth", "Bühler", "Kälin",
        "Hofmann", "Suter", "Kunz", "Lüthi", "Bachmann", "Schärer", "Bürgi", "Künzli", "Jäggi", "Häfliger", "Zürcher",
        "Bösch", "Rüegg", "Käser", "Wüthrich", "Lüscher", "Habegger", "Zimmerli", "Siegenthaler", "Flück",
        "Bürki", "Kämpf", "Gisler", "Ammann", "Amstutz", "Aebischer", "Egli", "Flückiger", "Gasser", "Hug",
        "Imhof", "Joss", "Kuster", "Locher", "Marti", "Nussbaumer", "Oberholzer", "Probst", "Ritter", "Schnyder",
        "Sutter", "Tanner", "Vogel", "Walser", "Wenger", "Zbinden", "Zollinger", "Hunziker", "Blaser", "Furrer",
        "Schuler", "Meister", "Rohner", "Burkhard", "Mathys", "Zaugg", "Bolliger", "Hänni", "Dubach", "Stucki", "Stöckli",
        "Grünenfelder", "Näf", "Schläpfer", "Hürlimann", "Gächter", "Jörg", "Blöchliger", "Fässler", "Dönni",
    ),
    "ch_fr": (
        "Favre", "Rochat", "Dubois", "Perret", "Pittet", "Jaquier", "Bonvin", "Python", "Cuénod", "Jaccard", "Mottier",
        "Chappuis", "Rey", "Morand", "Rossier", "Dupuis", "Gilliéron", "Golay", "Bovet", "Vuilleumier", "Monnier",
        "Girard", "Cretton", "Fellay", "Pasche", "Despond", "Délèze", "Jacot", "Droz", "Matthey", "Bérard",
        "Burnier", "Crausaz", "Fragnière", "Genoud", "Maillard", "Rappaz", "Sauthier", "Théraulaz", "Wälti",
    ),
    "ch_it": (
        "Bernasconi", "Rossi", "Ferrari", "Lepori", "Bianchi", "Galli", "Fontana", "Rezzonico", "Pedrazzini", "Cattaneo",
        "Gianella", "Canonica", "Solcà", "Bonetti", "Pellandini", "Guidotti", "Bottinelli", "Zanetti", "Quadri",
        "Foletti", "Crivelli", "Merlini", "Respini", "Beffa", "Cereghetti", "Delcò", "Induni", "Lurati",
    ),
    "DE": ("Schmidt", "Schneider", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Schäfer", "Koch", "Richter",
           "Klein", "Wolf", "Schröder", "Neumann", "Braun", "Zimmer", "Krüger"),
    "AT": ("Gruber", "Huber", "Bauer", "Wagner", "Pichler", "Steiner", "Moser", "Hofer", "Eder", "Leitner"),
    "FR": ("Martin", "Bernard", "Dubois", "Moreau", "Laurent", "Lefebvre", "Girard", "Roux", "Fournier", "Petit",
           "Durand", "Leroy"),
    "IT": ("Russo", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti",
           "Rinaldi"),
    "PT": ("Silva", "Ferreira", "Santos", "Pereira", "Costa", "Oliveira", "Rodrigues", "Sousa Pinto", "Martins"),
    "ES": ("García", "Martínez", "López", "Fernández", "González", "Navarro", "Ruiz Gómez", "Sánchez"),
    "TR": ("Yılmaz", "Kaya", "Demir", "Şahin", "Öztürk", "Aydın", "Arslan", "Doğan", "Koç", "Çelik"),
    "XK": ("Krasniqi", "Berisha", "Hoxha", "Gashi", "Morina", "Shala", "Kelmendi"),
    "RS": ("Petrović", "Jovanović", "Nikolić", "Marković", "Đorđević", "Ilić"),
    "GB": ("Smith", "Jones", "Taylor", "Brown", "Evans", "Walker", "Roberts", "Wilson"),
    "US": ("Johnson", "Williams", "Miller", "Davis", "Anderson"),
    "PL": ("Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński"),
    "NL": ("de Vries", "van Dijk", "Jansen", "Bakker", "Visser", "van den Berg"),
    "IN": ("Sharma", "Singh", "Patel", "Kumar", "Khan", "Gupta"),
    "CN": ("Zhang", "Wang", "Li", "Chen", "Liu", "Huang"),
    "BR": ("Souza", "Lima", "Carvalho", "Almeida", "Ribeiro"),
}

# Surnames are also composed from stems and endings, so that, as in the real register, most people have a name
# nobody else in the world has; the namesakes of the world are then the deliberate ones (Factory.p_same_name).
_STEMS = {
    "de": ("Aeb", "Amst", "Bach", "Balt", "Berg", "Bieri", "Blatt", "Brand", "Brun", "Bütt", "Dürr", "Eggi", "Fahr", "Feld",
           "Frick", "Gass", "Gut", "Hafn", "Hald", "Hasl", "Heim", "Hirz", "Hof", "Holz", "Hub", "Isel", "Jost", "Kalt",
           "Kell", "Kirch", "Kling", "Knob", "Lang", "Laub", "Leh", "Lind", "Loos", "Matt", "Mett", "Moos", "Mühl", "Nieder",
           "Ober", "Pfist", "Rein", "Ried", "Ruf", "Sager", "Schaub", "Schild", "Schwar", "Seil", "Sonn", "Spring", "Stald",
           "Stauff", "Stein", "Stoll", "Tschan", "Uhl", "Vetter", "Wald", "Wehr", "Weiss", "Wirz", "Zell", "Zuber"),
    "fr": ("Aub", "Bachel", "Bar", "Berth", "Bes", "Blanch", "Bonn", "Bour", "Brun", "Cart", "Chap", "Chav", "Clerc",
           "Cornu", "Court", "Dess", "Duc", "Duf", "Fav", "Gaill", "Gav", "Gir", "Grand", "Jol", "Lamb", "Lav", "Mart",
           "Mer", "Mich", "Mont", "Mor", "Pach", "Per", "Pil", "Rap", "Reym", "Rich", "Rob", "Roch", "Roul", "Sav", "Tor",
           "Vau", "Vid", "Vuill"),
    "it": ("Bald", "Bern", "Bert", "Bon", "Borr", "Brun", "Calv", "Cam", "Cas", "Cav", "Ced", "Colomb", "Cort", "Fasol",
           "Ferr", "Fior", "Gall", "Gian", "Grass", "Lom", "Lucch", "Mart", "Mazz", "Mor", "Neg", "Pagan", "Pell", "Poll",
           "Ramp", "Ross", "Sal", "Sart", "Sold", "Tagl", "Tam", "Valsang", "Vanon", "Zan", "Zopp"),
}
_ENDINGS = {
    "de": ("er", "mann", "inger", "acher", "li", "ler", "egger", "hofer", "bauer", "berger", "mann", "ig", "lin", "isser",
           "ener", "wyler", "mater", "halter", "rich", "stein"),
    "fr": ("ard", "et", "ier", "oud", "ey", "in", "on", "at", "ez", "and", "aux", "elet", "illard", "ottet", "uis"),
    "it": ("etti", "ini", "oni", "elli", "ari", "ucci", "ello", "ato", "ini", "olfi", "azzi", "esi", "otti", "ero"),
}
_FOREIGN_PARTS = {  # composed surnames for nationalities whose common-name lists are short
    "XK": (("Krasn", "Ber", "Hox", "Gash", "Mor", "Shal", "Kelm", "Rexh", "Sadik", "Bytyq", "Thaq", "Lush", "Dem"),
           ("iqi", "isha", "ha", "i", "aj", "ani", "olli", "aku", "ica")),
    "RS": (("Petr", "Jovan", "Nikol", "Mark", "Đorđ", "Il", "Stojan", "Pavl", "Milos", "Rad", "Vuk", "Simon", "Lazar"),
           ("ović", "ević", "ić", "ijević", "ačić")),
    "TR": (("Yıl", "Kay", "Dem", "Şah", "Öz", "Ayd", "Arsl", "Doğ", "Kar", "Akt", "Kıl", "Erd", "Tek", "Güne", "Yüks"),
           ("maz", "a", "ir", "in", "türk", "ın", "an", "oğlu", "soy", "kan", "el", "ek")),
    "PL": (("Kowal", "Nowak", "Wiśni", "Wójc", "Kamiń", "Lewand", "Zieliń", "Szymań", "Dąbrow", "Kozł", "Jankow"),
           ("ski", "ewski", "czyk", "ak", "owski")),
    "IN": (("Shar", "Sing", "Pat", "Kum", "Gup", "Ven", "Redd", "Iyer", "Nai", "Chand", "Raj", "Desh"),
           ("ma", "h", "el", "ar", "ta", "katesan", "y", "ran", "du", "pande", "an")),
    "GB": (("Ash", "Brad", "Craw", "Ell", "Fair", "Har", "Kings", "Lang", "Mar", "Pem", "Rad", "Stan", "Thorn", "Whit"),
           ("ford", "ley", "ton", "wood", "field", "by", "well", "son", "ridge")),
}
_FOREIGN_PARTS["US"] = _FOREIGN_PARTS["GB"]
_GROUP_LANG = {"ch_de": "de", "DE": "de", "AT": "de", "ch_fr": "fr", "FR": "fr", "ch_it": "it", "IT": "it"}


def surname(rng: random.Random, group: str) -> str:
    """A surname for a person of `group`: a common one from the list, or (mostly) a composed one."""
    names = LAST_NAMES[group]
    lang = _GROUP_LANG.get(group)
    if lang is None and group in _FOREIGN_PARTS and rng.random() < 0.75:
        stems, ends = _FOREIGN_PARTS[group]
        return stems[rng.randrange(len(stems))] + ends[rng.randrange(len(ends))]
    if lang is None:  # other nationalities: double surnames widen the small lists
        first = names[rng.randrange(len(names))]
        if group in ("PT", "ES", "BR") and rng.random() < 0.6:
            other = names[rng.randrange(len(names))]
            return first if other == first else f"{first} {other}"
        return first
    if rng.random() < 0.12:
        return names[rng.randrange(len(names))]
    stems, ends = _STEMS[lang], _ENDINGS[lang]
    return stems[rng.randrange(len(stems))] + ends[rng.randrange(len(ends))]


# Nationalities (ISO 3166 alpha-2) with weights per language region of residence.
NATIONALITY_WEIGHTS: dict[str, tuple[tuple[str, int], ...]] = {
    "de": (("CH", 660), ("DE", 80), ("IT", 40), ("AT", 25), ("PT", 25), ("XK", 25), ("TR", 25), ("RS", 15), ("ES", 12),
           ("FR", 10), ("GB", 12), ("US", 8), ("PL", 8), ("NL", 8), ("IN", 10), ("CN", 8), ("BR", 6)),
    "fr": (("CH", 620), ("FR", 110), ("PT", 60), ("IT", 40), ("ES", 25), ("DE", 15), ("XK", 15), ("TR", 12), ("GB", 20),
           ("US", 12), ("BR", 15), ("RS", 8), ("NL", 8), ("IN", 8), ("CN", 6), ("PL", 6)),
    "it": (("CH", 640), ("IT", 220), ("DE", 30), ("PT", 20), ("XK", 15), ("RS", 15), ("ES", 10), ("FR", 10), ("GB", 8),
           ("BR", 8), ("TR", 6), ("US", 6)),
}

_TRANSLIT = str.maketrans({
    "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "é": "e", "è": "e", "ê": "e", "ë": "e", "à": "a",
    "â": "a", "ç": "c", "ï": "i", "î": "i", "ô": "o", "ù": "u", "ş": "s", "Ş": "S", "ı": "i", "ğ": "g", "ć": "c",
    "Đ": "Dj", "đ": "dj", "ł": "l", "ś": "s", "ń": "n", "ó": "o", "í": "i", "á": "a", "ã": "a", "É": "E", "Ç": "C",
})


def transliterate(text: str) -> str:
    """ASCII spelling as typed without umlauts: "Müller" -> "Mueller", "Délèze" -> "Deleze"."""
    return text.translate(_TRANSLIT)


def name_group(nationality: str, lang: str) -> str:
    if nationality == "CH":
        return "ch_" + lang
    return nationality if nationality in LAST_NAMES else "ch_de"


# Spelling variants. "canonical" is comma-first with all first names ("Muster, Hans Peter").
VARIANTS_COMMA = ("middle_initial", "first_only", "translit", "upper", "first_last", "first_initial_last")


def render_name(first_names: list[str], last: str, kind: str) -> str:
    first = " ".join(first_names)
    if kind == "canonical":
        return f"{last}, {first}"
    if kind == "middle_initial":
        return f"{last}, {first_names[0]} " + " ".join(f"{n[0]}." for n in first_names[1:])
    if kind == "first_only":
        return f"{last}, {first_names[0]}"
    if kind == "translit":
        return transliterate(f"{last}, {first}")
    if kind == "upper":
        return f"{last.upper()}, {first}"
    if kind == "first_last":
        return f"{first} {last}"
    if kind == "first_initial_last":
        return f"{first_names[0]} " + "".join(f"{n[0]}. " for n in first_names[1:]) + last
    if kind == "last_first":
        return f"{last} {first}"
    if kind == "last_first_upper":
        return f"{last.upper()} {first}"
    if kind == "last_first_translit":
        return transliterate(f"{last} {first}")
    raise ValueError(kind)


def applicable(first_names: list[str], last: str, kind: str) -> bool:
    if kind in ("middle_initial", "first_only", "first_initial_last"):
        return len(first_names) > 1
    if kind in ("translit", "last_first_translit"):
        return transliterate(last + " ".join(first_names)) != last + " ".join(first_names)
    if kind in ("upper", "last_first_upper"):
        return last.upper() != last
    return True


def pick_variant(rng: random.Random, first_names: list[str], last: str, style: str, p_variant: float) -> str:
    """The spelling kind for one mention. style: "comma" (SHAB standard), "last_first" (Geneva style) or
    "first_last" (c/o, contact addresses, "aber nicht mit ...")."""
    if style == "first_last":
        if rng.random() < p_variant and len(first_names) > 1:
            return "first_initial_last"
        return "first_last"
    if style == "last_first":
        if rng.random() < p_variant:
            kind = ("last_first_upper", "last_first_translit")[rng.randrange(2)]
            if applicable(first_names, last, kind):
                return kind
        return "last_first"
    if rng.random() < p_variant:
        kind = VARIANTS_COMMA[rng.randrange(len(VARIANTS_COMMA))]
        if applicable(first_names, last, kind):
            return kind
    return "canonical"
