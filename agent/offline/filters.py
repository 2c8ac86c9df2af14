"""Counts and rankings as the offline engine reads them, in English, German, French and Italian: whether a
question is one, and every filter it states (event kind, canton or town, year or period, legal form, status,
a purpose keyword such as "crypto", how many, by what). The results are the arguments of
`count_entities_by_event` (CountArgs) and `get_top_entities` (TopArgs). Matched on folded text (kg.text.fold)."""
from __future__ import annotations

import re
from datetime import date
from typing import Literal

from rapidfuzz.distance import OSA

from agent.offline import linker
from kg.endpoints.vocabulary import LEGAL_FORMS
from kg.places import CANTONS, CAPITAL_TOWNS, canton_code, canton_near, city_spellings
from kg.text import fold, holds_word

# -- is it a count, a ranking? ---------------------------------------------------------------------------------
# "the UID number of X", "the identification number of X": a number that identifies, not a count
_NOT_AN_ID = "".join(f"(?<!{w} )" for w in ("uid", "che", "identification", "registration", "register", "enterprise",
                                             "company", "business", "vat", "tax", "phone", "telephone"))
COUNT = re.compile(r"\b(how many|how often|wie viele?|wie oft|count|" + _NOT_AN_ID + r"number of|anzahl|zaehl\w*|combien|"
                   r"nombre d\w*|quant[iae]\b|quanto|numero d[ie]\w*(?! (?:identificazione|iscrizione|registro|ide\b|idi\b))|"
                   r"totale?)\b")
RANK = re.compile(r"\b(top|largest|biggest|highest|richest|most(?! recent)|greatest|best capitali[sz]ed|"
                  r"\w*kapitalstaerkst\w*|mieux capitalis\w*|piu capitalizzat\w*|groesste?\w*|hoechste?\w*|meiste\w*|"
                  r"rank\w*|rangliste|plus (?:grand|gros|eleve|important)\w*|le plus|la plus|les plus|"
                  r"piu (?:grand|alt|elevat|important|ricc|capital)\w*|plus de capital|meisten kapital|"
                  r"maggior\w*|classifica|classement|il piu|la piu)\b")
# a list of companies ("which companies in Lugano …", "welche Firmen im Kanton Jura …"): with a filter stated, the
# companies that meet it, ranked by capital
LIST = re.compile(r"\b(?:(?:which|what) (?:compan\w*|firms?|businesses|gmbhs?|ags?)|list (?:(?:all|the|of) )*"
                  r"(?:compan\w*|firms?|businesses)|welche[rnms]? (?:\w+ )?(?:firm\w*|unternehm\w*|gesellschaft\w*)|"
                  r"liste (?:der |des |delle )?(?:firm\w*|unternehm\w*|societes|entreprises|societa|aziende)|"
                  r"quel(?:le)?s (?:\w+ )?(?:societes|entreprises|firmes)|quali (?:\w+ )?(?:societa|aziende|ditte|imprese))\b")
# a ranking is of companies (or by capital): "the most recent notice" or "the oldest person" is none
RANK_OBJECT = re.compile(r"\b(compan\w*|\w*firm\w*|\w*unternehm\w*|\w*gesellschaft\w*|capital\w*|\w*kapital\w*|"
                         r"societe\w*|entreprise\w*|societa|aziend\w*|ditt[ae]|capitale)\b")

# -- what is counted (first match wins: "ouvertures de faillite" is a bankruptcy, not an opening) ----------------
EVENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bankruptcy", ("bankrupt", "konkurs", "faillite", "fallimen", "fallit", "insolven", "went bust", "gone bust",
                    "go bust", "pleite", "bancarott")),
    ("deletion", ("deleted", "deletion", "struck off", "geloescht", "loeschung", "radiation", "radiee", "radie",
                  "cancellazion", "cancellat", "removal", "removed from")),
    ("liquidation", ("liquidation", "liquidazion", "aufloesung", "aufgeloest", "dissolution", "scioglimen")),
    ("foundation", ("new registration", "new entr", "registration", "founded", "foundation", "founding", "new compan",
                    "neueintragung", "gruendung", "gegruendet", "neue firmen", "neue unternehmen",
                    "entered", "entries", "set up", "nouvelles inscriptions", "nouvelle inscription", "inscriptions",
                    "fondation", "fondee", "creation", "creee", "cree",
                    "nuove iscrizioni", "nuova iscrizione", "iscrizioni", "fondazion", "fondate", "costituzion",
                    "established", "incorporated", "started", "creat", "neugruend", "neu eingetragen", "entstanden",
                    "vu le jour", "constitue", "costituit", "nate nel", "nati nel", "formed", "new business",
                    "came into being", "into existence", "firmengruend", "unternehmensgruend", "ins handelsregister",
                    "formation", "were born", "newly born", "births of", "newco", "new co's", "first entr",
                    "constitution", "incorporation", "popped up", "companies born", "firms born", "launched",
                    # (not "articles of incorporation": see event)
                    "first appeared", "first came", "inscribed", "ex novo", "brand-new", "brand new")),
    ("change", ("change", "mutation", "aenderung", "modification", "mutazion", "modific", "cambiament")),
)

# entered in the register, with a year: a new entry ("registered in 2019", not "the registered office")
NEWLY_ENTERED = re.compile(r"\b(registered|listed|eingetragen\w*|registriert\w*|inscrit\w*|immatricul\w*|enregistre\w*|"
                           r"iscritt\w*|registrat[aeio])\b"
                           r"(?! (?:office|address|seat|sitz))")


_ARTICLES = re.compile(r"\b(?:articles|certificate|deed) of incorporation\b|"
                       r"\b(?:amend\w*|chang\w*|modifi\w*|revis\w*)\s+(?:\w+\s+){0,2}?constitution\b")


def event(f: str) -> str | None:
    """The event kind a folded question names (first match of EVENTS), or a new entry it implies, or the kind
    of an event word typed with a typo ("registraitons", "bankrupcies")."""
    f = _ARTICLES.sub(" ", f)  # "changed their articles of incorporation", "modifié leur constitution": the statutes
    for name, words in EVENTS:
        if holds_word(f, words):
            return name
    if NEWLY_ENTERED.search(f) and YEAR.search(f):
        return "foundation"  # "registered in 2019", "2019 eingetragen", "inscrites en 2019"
    return _misspelt_event(f)


# the one-word event terms long enough to forgive a typo in (they are matched as word beginnings)
_EVENT_WORDS = tuple((w, name) for name, words in EVENTS for w in words if w.isalpha() and len(w) >= 7)


def _misspelt_event(f: str) -> str | None:
    """The event kind one word of the question names with a typo: its beginning within one edit of an event term
    (two from nine letters); none, or several kinds that close, is None. Words the rules know are no typos."""
    near = set()
    for word in re.findall(r"[a-z]{7,}", f):
        if word in linker.QUESTION_WORDS or word in linker.FUNCTION_WORDS:
            continue
        for term, name in _EVENT_WORDS:
            limit = 2 if len(term) >= 9 else 1
            if min(OSA.distance(word[:n], term) for n in (len(term) - 1, len(term), len(term) + 1)) <= limit:
                near.add(name)
    return near.pop() if len(near) == 1 else None


# a sub-rubric code: "HR01 notices", "KK02 or KK03"
SUB_RUBRIC = re.compile(r"(?<![\w-])(hr0[1-3]|kk(?:0[1-9]|10)|ls0[1-8])(?![\w-])")

# -- where ------------------------------------------------------------------------------------------------------
CANTON_WORD = re.compile(r"\b(?:canton|kanton|cantone|cant\.|kt\.|ct\.)\s+(?:of\s+|de\s+|du\s+|di\s+|del\s+|dello\s+|des\s+|d')?"
                         r"([^\W\d_][\w'.-]*(?:[ -][^\W\d_][\w'.-]*){0,2})", re.IGNORECASE)
CANTON_AFTER = re.compile(r"([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?)\s+(?i:canton)\b")  # "St. Gallen canton"
TOWN_WORD = re.compile(r"(?:\b(?:in|im|at|a|à|en|nel|nella|based in|seated in|located in|registered in|mit sitz in|"
                       r"sitz in|domiciled in|avec siege a|siege a|sise? a|etablie? a|basee? a|con sede a|sede a|"
                       r"situat[ao] a)\s+)([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?)")

# a place written first, then a comma, colon, dash, bracket, year or "to": "Geneva, 2022: …", "Bern to Thun: …"
LEADING_PLACE = re.compile(r"^\s*([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?)\s*(?=[,:;–—(]|-\s|\d{4}\b|"
                           r"(?:to|nach|vers|verso|à|a|->|→)\s)")
AU_CANTON = re.compile(r"\b(?:au|aux)\s+([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?)")
BARE_CANTON = re.compile(r"(?<![\w.-])([A-Z]{2})(?![\w.-])")
NAMED = re.compile(r"(?<![\w'-])([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*){0,2})")
# a word said to be in companies' names: "with Jura in their name", "Vaud im Namen", "Valais dans leur nom"
_AS_A_NAME = re.compile(r"['’\"]?\s+(?i:in\s+(?:the|their|its)\s+(?:company\s+)?names?|im\s+(?:firmen)?namen|"
                        r"dans\s+(?:le|leur|la)\s+(?:nom|raison)|nel(?:la)?\s+(?:nome|ragione))")
WEAK_TOWN_WORD = re.compile(r"\b(?:of|von|aus|de|du|di|da)\s+([A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?)")

COUNTRY = {"switzerland", "schweiz", "suisse", "svizzera", "svizra", "ch"}

# -- when -------------------------------------------------------------------------------------------------------
# a year, not part of a date (01.10.2019, 2019-10-01); a full stop after it ends the sentence
YEAR = re.compile(r"(?<![\d\-])(?<!\d\.)(18[89]\d|19\d\d|20\d\d)(?!\d|[.\-]\d)")
SINCE = re.compile(r"\b(?:since|from|seit|ab|depuis|des|dal|dall'|dai|a partire dal)\s+(?:l'an\s+|dem jahr\s+|"
                   r"il\s+)?(\d{4})\b")
BEFORE = re.compile(r"\b(?:before|vor|avant|prima del|prima dell'|until|bis|jusqu'en|fino al)\s+(\d{4})\b")
# a year named relative to today: "last year", "letztes Jahr", "l'année dernière", "l'anno scorso", "this year"
LAST_YEAR = re.compile(r"\b(?:last|previous|past) year\b|\b(?:letzte[sn]?|vergangene[sn]?|im vor)\s*jahr\b|"
                       r"\bvorjahr\b|\bl'(?:annee|an) (?:derniere|dernier|passee|precedente)\b|\bl'anno (?:scorso|passato)\b")
THIS_YEAR = re.compile(r"\bthis year\b|\b(?:dieses|diesem|laufenden) jahr\b|\bheuer\b|\bcette annee\b|"
                       r"\bquest'anno\b|\bnell'anno in corso\b")
LAST_YEARS = re.compile(r"\b(?:(?:in )?the (?:last|past)|(?:in )?den (?:letzten|vergangenen)|(?:ces|les|au cours des)"
                        r"|(?:negli|gli) (?:ultimi|scorsi))\s+(\d{1,2}|[a-z]+)\s+(?:years|jahren|dernieres annees|"
                        r"annees|anni)\b")
GROUP = (("year", r"(?:year|jahr|annee|an|anno)"), ("canton", r"(?:canton|kanton|cantone)"),
         ("month", r"(?:month|monat|mois|mese)"))
PER = r"\b(?:per|by|pro|nach|each|jede[snm]?|par|chaque|ogni|for each|pour chaque)\s+"

# -- what kind of company ---------------------------------------------------------------------------------------
STATUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("liquidation", ("in liquidation", "en liquidation", "in liquidazione")),
    ("bankrupt", ("bankrupt", "in konkurs", "en faillite", "in fallimento", "fallit")),
    ("deleted", ("deleted", "geloescht", "radiee", "cancellat")),
    ("active", ("active", "aktiv", "actif", "actives", "attiv", "still registered", "noch eingetragen")),
)
METRIC: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("notices", ("notices", "publications", "meldungen", "publikationen", "events", "avis", "pubblicazioni")),
    ("persons", ("persons", "people", "personen", "officers", "board members", "personnes", "persone")),
)
NUMBERS = {fold(w): i for i, ws in enumerate(["one eins un une uno una", "two zwei deux due", "three drei trois tre",
                                             "four vier quatre quattro", "five fuenf cinq cinque",
                                             "six sechs six sei", "seven sieben sept sette", "eight acht huit otto",
                                             "nine neun neuf nove", "ten zehn dix dieci"], 1) for w in ws.split()}
LIMIT = re.compile(r"\b(?:top|die|the|les|le|i|gli|first|ersten|premieres?|primi|prime)\s+(\d{1,3}|" +
                   "|".join(NUMBERS) + r")\b|\b(\d{1,3})\s+(?:largest|biggest|groessten|plus|piu|companies|firmen|"
                   r"societes|societa|aziende|entreprises|unternehmen)")
# a purpose keyword: "crypto companies", "Software-Firmen", "im Bereich Immobilien", "nel settore immobiliare"
KEYWORD = (
    re.compile(r"\b([^\W\d_][\w]{2,})[- ](?:compan\w*|firm\w*|unternehm\w*|gesellschaft\w*|societe\w*|entreprise\w*|"
               r"aziend\w*|startups?|business\w*)\b"),
    re.compile(r"\b(?:sector|industry|branche|bereich|secteur|domaine|settore|ambito|field)\s+(?:of\s+|de\s+|du\s+|"
               r"de la\s+|des\s+|di\s+|del\s+|dell'|della\s+|dei\s+|der\s+)?([^\W\d_][\w]{2,})"),
    re.compile(r"\b([^\W\d_][\w]{2,})\s+(?:sector|industry|branche|secteur|settore|field)\b"),
    re.compile(r"\b(?:active in|working in|related to|dealing with|with purpose|into|speciali[sz]ed in|specializing in|"
               r"specialising in|focused on|focusing on|spezialisiert auf|si occupano di|specializzat[ei] in|"
               r"taetig (?:im|in der)|im bereich|"
               r"mit zweck|actives? dans|specialisees? dans|attive? nel|attive? in|che operano nel|operanti nel)\s+"
               r"(?:the\s+|le\s+|la\s+|l'|les\s+|il\s+|lo\s+|gli\s+|der\s+|dem\s+|des\s+)?([^\W\d_][\w]{2,})"),
    re.compile(r"\b([^\W\d_]{3,}?)-?(?:firmen|unternehmen|gesellschaften)\b"),  # Softwarefirmen, Krypto-Firmen
)
SECTOR_WORDS = {"sector", "industry", "branche", "bereich", "sektor", "secteur", "domaine", "settore", "ambito", "field"}
_FORMS = {fold(n): form for form, names in LEGAL_FORMS.items() for n in (form, *names)}
_NOT_KEYWORDS = {"large", "big", "small", "new", "old", "other", "all", "many", "swiss", "registered", "active",
                 "deleted", "bankrupt", "the", "which", "what", "most", "some", "neue", "alle", "grosse", "kleine",
                 "nouvelles", "grandes", "nuove", "grandi", "tutte", "toutes", "welche", "quelles", "quali", "plus",
                 "piu", "listed", "these", "those", "top", "several", "different", "meisten", "groessten"}


def kind(question: str, lists: bool = True) -> Literal["count", "rank"] | None:
    """A count ("how many", "wie viele", "combien", "quanti"), a ranking of companies ("top 10", "grösste",
    "le plus grand capital", "più grandi"), or neither."""
    f = fold(question)
    if COUNT.search(f):
        return "count"
    if RANK.search(f) and (RANK_OBJECT.search(f) or legal_form(f)):
        return "rank"
    if lists and LIST.search(f) and set(rank_args(question)) - {"metric"}:
        return "rank"  # "which companies in Lugano are into software?": the companies meeting the filters
    return None


def place(question: str) -> dict:
    """{"canton": code} for "im Kanton Zürich", "canton de Vaud", "canton NE", "nel Cantone Ticino";
    {"city": name, "canton_guess": code or None} for "in Geneva", "à Lausanne", "con sede a Lugano"; else {}."""
    for m in CANTON_WORD.finditer(question):
        words = m.group(1).split()
        for n in range(len(words), 0, -1):
            code = _canton(" ".join(words[:n]))
            if code:
                return {"canton": code}
    for m in CANTON_AFTER.finditer(question):
        code = _canton(m.group(1))
        if code:
            return {"canton": code}
    for m in AU_CANTON.finditer(question):  # "au Tessin", "aux Grisons": a canton French names with its article
        code = canton_code(m.group(1))
        if code and fold(m.group(1)) not in CAPITAL_TOWNS:
            return {"canton": code}
    for m in TOWN_WORD.finditer(question):
        word = m.group(1).strip(".'")
        if word == "AG":
            return {"canton": "AG"}  # "in AG" is the canton (the legal form is an AG, "AGs", "Aktiengesellschaften")
        if YEAR.fullmatch(word) or fold(word) in _FORMS or fold(word.split()[0]) in SECTOR_WORDS:
            continue
        if len(word) == 2 and word.upper() in CANTONS:
            return {"canton": word.upper()}
        code = canton_code(word) or canton_code(m.group(1))  # "Appenzell I.Rh." keeps its full stop
        if code and fold(word) not in CAPITAL_TOWNS and fold(m.group(1)) not in CAPITAL_TOWNS:
            return {"canton": code}  # "in Ticino", "in Appenzell Innerrhoden": no town has the name
        return {"city": word, "canton_guess": code}
    m = LEADING_PLACE.match(question)
    if m:  # "Geneva, 2022: which companies …?", "Zug 2021 – new companies?": a place the register knows, first
        word = m.group(1).strip(".'")
        code = canton_code(word) if word != "AG" else None  # "AG, 2021: …": the legal form as likely as Aargau
        if code and fold(word) not in CAPITAL_TOWNS:
            return {"canton": code}
        if code or len(city_spellings(word)) > 1:
            return {"city": word, "canton_guess": code}
    for m in BARE_CANTON.finditer(question):  # "(VD, 2023)": a canton's code on its own ("AG" is the legal form)
        if m.group(1) in CANTONS and m.group(1) != "AG":
            return {"canton": m.group(1)}
    for m in WEAK_TOWN_WORD.finditer(question):  # "le società di Lugano": only a place the register knows
        word = m.group(1).strip(".'")
        f = fold(word)
        if canton_code(word) or len(city_spellings(word)) > 1 or not (
                f in COUNTRY or f in _FORMS or linker.loose(word) in linker.QUESTION_WORDS | linker.FUNCTION_WORDS
                or YEAR.fullmatch(word) or event(f)):  # "Number of Löschungen" names no town
            code = canton_code(word)
            if code and f not in CAPITAL_TOWNS and not city_spellings(word)[1:]:
                return {"canton": code}  # "the register of Graubünden": a canton no town is named after
            return {"city": word, "canton_guess": code}
    # "Neugründungen Appenzell Ausserrhoden, 2022": a canton no town is named after; a canton's capital its town
    for m in NAMED.finditer(question):
        if _AS_A_NAME.match(question[m.end():]):
            continue  # "Jura in their name", "Vaud im Namen": a word of the companies' names
        words = m.group(1).split()
        spans = sorted(((i, j) for i in range(len(words)) for j in range(i + 1, len(words) + 1)),
                       key=lambda ij: ij[0] - ij[1])  # the longest first
        for start, end in spans:
            name = re.sub(r"['’]s$", "", " ".join(words[start:end])).strip(".,'")  # "Jura's new companies"
            code = canton_code(name) if len(name) > 2 and not name.isupper() else None  # "URI", "JURA" machines
            # no other name with it ("Uri Levin", "Sarah Wallis", "Jura Elektroapparate"): only question words
            others = words[:start] + words[end:]
            if code and any(not (linker.vocabulary(linker.loose(w)) or event(fold(w))) for w in others):
                continue
            if code and fold(name) not in CAPITAL_TOWNS and not city_spellings(name)[1:]:
                return {"canton": code}
            if code:  # "Neugründungen Schwyz 2021": the town, as a leading "Schwyz, 2021: …" is read
                return {"city": name, "canton_guess": code}
    return {}


def _canton(text: str) -> str | None:
    """The canton a text that follows "canton"/"Kanton"/"cantone" names, one typo forgiven."""
    t = text.strip(" .,'")
    if len(t) == 2 and t.upper() in CANTONS:
        return t.upper()
    return canton_near(t)


def today() -> date:
    """The day relative years are counted from ("last year")."""
    return date.today()


def _years_ago(n: int) -> str:
    day = today()
    return date(day.year - n, day.month, min(day.day, 28) if day.month == 2 else day.day).isoformat()


def period(f: str) -> dict:
    last = LAST_YEARS.search(f)
    if last:
        n = last.group(1)
        n = int(n) if n.isdigit() else NUMBERS.get(n)
        if n:
            return {"since": _years_ago(n)}
    if LAST_YEAR.search(f):
        return {"year": today().year - 1}
    if THIS_YEAR.search(f):
        return {"year": today().year}
    since, before = SINCE.search(f), BEFORE.search(f)
    years = YEAR.findall(f)
    if since and not before:
        return {"since": f"{since.group(1)}-01-01"}
    if before and not since and len(years) == 1:
        return {"until": f"{int(before.group(1)) - 1}-12-31"}
    if len(years) == 1:
        return {"year": int(years[0])}
    if len(years) >= 2:
        return {"since": f"{min(years)}-01-01", "until": f"{max(years)}-12-31"}
    return {}


def count_args(question: str) -> dict:
    """CountArgs for a count question: event_type, canton, year or since/until, group_by."""
    f = fold(question)
    args: dict = {}
    codes = list(dict.fromkeys(c.upper() for c in SUB_RUBRIC.findall(f)))
    happened = None if codes else event(f)
    if codes:
        args["sub_rubric"] = ",".join(codes)  # the register's own codes say exactly what is counted
    if happened:
        args["event_type"] = happened
    where = place(question)
    if where.get("canton") or where.get("canton_guess"):
        args["canton"] = where.get("canton") or where.get("canton_guess")
    args |= period(f)
    for key, word in GROUP:
        if re.search(PER + word + r"\b", f):
            args["group_by"] = key
            break
    return args


def rank_args(question: str) -> dict:
    """TopArgs for a ranking: metric, limit, canton or city, legal_form, status, keyword."""
    f = fold(question)
    args: dict = {"metric": "capital"}
    for metric, words in METRIC:
        if holds_word(f, words, whole=True):
            args["metric"] = metric
            break
    m = LIMIT.search(f)
    if m:
        n = m.group(1) or m.group(2)
        args["limit"] = min(100, int(n) if n.isdigit() else NUMBERS[n])
    where = place(question)
    if where.get("canton"):
        args["canton"] = where["canton"]
    elif where.get("city"):
        args["city"] = where["city"]
    form = legal_form(f)
    if form:
        args["legal_form"] = form
    for status, words in STATUS:
        if holds_word(f, words):
            args["status"] = status
            break
    keyword = _keyword(f, where)
    if keyword:
        args["keyword"] = keyword
    return args


# "fondations de sociétés", "fondazione di società": the founding of companies, not the legal form
_FOUNDING_OF = re.compile(r"\b(?:fondations?|fondazion[ei]) (?:de|d'|des|di|delle) ?(?:societes|entreprises|societa|"
                          r"aziende|imprese|ditte)\b|"
                          # "new company foundations", "foundations of companies": foundings, not the legal form
                          r"\b(?:company|companies|business|firm|corporate) foundations?\b|"
                          r"\bfoundations? of (?:new )?(?:companies|firms|businesses)\b|"
                          # "new entries (foundations)": a gloss of the founding
                          r"\((?:foundations?|fondations?)\)")
# "2021, canton Fribourg: the foundations, which companies?": the companies asked for, their foundings named
_COMPANIES_ASKED = re.compile(r"\bwhich (?:companies|firms|businesses|cos)\b")
_FOUNDATIONS = re.compile(r"(?<!\bare )(?<!\bis )\bfoundations?\b")  # not "which companies are foundations"


def legal_form(f: str) -> str | None:
    f = _FOUNDING_OF.sub(" ", f)
    if _COMPANIES_ASKED.search(f):
        f = _FOUNDATIONS.sub(" ", f)
    for name, form in sorted(_FORMS.items(), key=lambda x: -len(x[0])):
        if form == "Zweigniederlassung" or len(name) < 2:
            continue
        # "AG" is also canton Aargau: "Kanton AG" is the canton
        words = r"s?\s+".join(re.escape(w) for w in name.split())  # "sociétés anonymes", "GmbHs"
        if re.search(rf"(?<!canton )(?<!kanton )(?<![\w-]){words}(?:s|en)?\b", f):
            return form
    return None


def _keyword(f: str, where: dict) -> str | None:
    places = {fold(v) for v in where.values() if isinstance(v, str)}
    for pattern in KEYWORD:
        for m in pattern.finditer(f):
            w = m.group(1)
            lw = linker.loose(w)
            status = any(w.startswith(fold(x)) for _, words in STATUS for x in words)
            if (w in _NOT_KEYWORDS or lw in _NOT_KEYWORDS or w in _FORMS or w in places or linker.vocabulary(lw)
                    or status or w in SECTOR_WORDS or legal_form(m.group(0))
                    or lw in linker.FUNCTION_WORDS or canton_code(w) or w in NUMBERS or RANK.fullmatch(w)):
                continue
            return w
    return None
