"""The offline engine's reading of a question: intent, the entity it names or refers back to, the facts it
asks for, and the parameters of an aggregate. Rules, not a model: the same question always reads the same way.

The entity comes first, from the graph (agent/offline/linker.py): its name is blanked out of the question
before any keyword is read, so "… Events GmbH" asks for no events. Only a question whose entity the linker
did not find falls back to guessing the name from its capitalised words (`entity_name`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent import intents as I
from agent.offline.lexicon import CONNECT, FACTS, LOWER_COMMON, PREPOSITIONS, STOP
from agent.offline.linker import mask, primary
from kg.endpoints.vocabulary import LEGAL_FORMS
from kg.places import CANTONS, canton_code
from kg.text import fold

EVENT_FACTS = ("foundation", "name_change", "seat_move", "liquidation", "bankruptcy", "deletion", "first_notice",
               "latest_notice")
PROFILE_FACTS = ("address", "purpose", "capital", "legal_form", "uid", "status")

_ANALYTIC_RANK = re.compile(r"\b(top|largest|biggest|highest|most(?! recent)|groesste?n?|hoechste?n?|meiste|rank|ranking|"
                            r"rangliste)\b")
_ANALYTIC_COUNT = re.compile(r"\b(how many|wie viele?|count|number of|anzahl|zaehl)")
_TEXT = re.compile(r"\b(mention\w*|erwaehn\w*|contain\w*|enthalt\w*|text|wording|search the notices|volltext|"
                   r"full.?text)\b")
_PRONOUN = re.compile(r"\b(it|its|it's|this company|that company|the company|this firm|this entity|this person|"
                      r"he|she|him|her|his|they|them|their|er|sie|ihm|ihr|ihre|ihren|sein|seine|seinen|"
                      r"diese firma|dieses unternehmen|diese gesellschaft|die firma|das unternehmen|diese person|"
                      r"same company)\b")
_YEAR = re.compile(r"\b(18[89]\d|19\d\d|20\d\d)\b")
_LIMIT = re.compile(r"\b(?:top|die|the)\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:largest|biggest|groessten|companies|firmen)")
_QUOTED = re.compile(r"[\"“„«']([^\"”“»']{2,80})[\"”“»']")
_CHE = re.compile(r"CHE-?\d{3}\.?\d{3}\.?\d{3}", re.I)

_FORMS = {fold(n) for form, names in LEGAL_FORMS.items() for n in (form, *names) if " " not in n} | {"sa", "sarl", "sagl"}
_TOKEN = re.compile(r"[&+]|[\w][\w.'’-]*", re.UNICODE)


@dataclass
class Understanding:
    question: str
    intent: str
    facts: set[str] = field(default_factory=set)
    name: str | None = None  # the entity named in the question
    uid: str | None = None  # a CHE UID or graph uid written in the question
    refers_back: bool = False  # a pronoun or "this company": the anchor is meant
    go_global: bool = False  # "back to global mode"
    text_query: str | None = None
    rank: dict | None = None  # get_top_entities arguments
    count: dict | None = None  # count_entities_by_event arguments
    kind: str = "any"  # company | person | any
    german: bool = False
    link: dict | None = None  # the entity the linker found the question to name (agent/offline/linker.py), plain data
    masked: str = ""  # the question with the linked names blanked: where the keywords were read


def _has(folded: str, words: tuple[str, ...]) -> bool:
    return any(re.search(r"(?<![a-z])" + re.escape(w), folded) for w in words)


def entity_name(question: str) -> str | None:
    """The longest run of name-like words: capitalised words, connectors inside a name, legal forms; a
    lower-case word just before such a run joins it ("lonqua Architektur GmbH")."""
    m = _QUOTED.search(question)
    if m:
        return m.group(1).strip()
    tokens = _TOKEN.findall(question)
    runs: list[tuple[int, int]] = []
    start = None
    for i, tok in enumerate(tokens + ["?"]):
        f = fold(tok.strip(".'’"))
        name_like = i < len(tokens) and tok[:1].isupper() and f not in STOP
        inside = start is not None and i < len(tokens) and (f in CONNECT or f in _FORMS)
        if name_like or inside:
            start = i if start is None else start
            continue
        if start is not None:
            end = i
            while end > start and fold(tokens[end - 1]) in CONNECT:
                end -= 1
            runs.append((start, end))
            start = None
    if not runs:
        return None

    def weight(r: tuple[int, int]) -> tuple[int, bool]:
        return r[1] - r[0], any(fold(t) in _FORMS for t in tokens[r[0]: r[1]])

    a, b = max(runs, key=weight)
    before, prep = (tokens[a - 1] if a > 0 else ""), (fold(tokens[a - 2]) if a > 1 else "")
    weak_run = sum(1 for t in tokens[a:b] if fold(t) not in _FORMS and fold(t) not in CONNECT) <= 1
    if before.isalpha() and before.islower() and fold(before) not in LOWER_COMMON and (prep in PREPOSITIONS or weak_run):
        a -= 1
    name = " ".join(t.removesuffix("'s").removesuffix("’s") for t in tokens[a:b]).strip(" ,.?!")
    return name if len(name) >= 3 else None


def _after_preposition(question: str) -> str | None:
    """Lower-case names: 'capital of quarvex partner ag' -> 'quarvex partner ag'."""
    m = re.search(r"\b(?:of|about|for|von|der|des|ueber|über|is|ist)\s+([^?!.]{3,80})", question, re.I)
    if not m:
        return None
    tail = re.sub(r"\b(located|registered|based|founded|gegründet|eingetragen|domiciled)\b.*", "", m.group(1), flags=re.I)
    return tail.strip(" ,") or None


_PERSON_CUES = re.compile(
    r"\b(who is|who's|wer ist|qui est|chi e|in which compan\w*|in what compan\w*|which companies (?:does|is|has)|"
    r"in welchen (?:firmen|unternehmen|gesellschaften)|welcher (?:firmen|unternehmen|gesellschaften)|"
    r"quelles societes|dans quelles|in quali|quali societa|appear\w*|erscheint|figure|compare|this person|"
    r"that person|the person|diese person|dieser person|cette personne|questa persona|mr|mrs|ms|herr|frau|"
    r"monsieur|madame|signor|signora|hold a role|roles? does|born|resident|wohnhaft|domicilie)\b")


def _choose_kind(u: Understanding, link: dict) -> dict:
    """A company and a person of the same name (a sole proprietorship bears its owner's name): the question's
    wording decides; asked nothing person-like, the company."""
    kinds = {link["kind"], *(a["kind"] for a in link.get("alternatives", []))}
    if len(kinds) < 2:
        return link
    want = "Person" if _PERSON_CUES.search(fold(u.masked)) else "Company"
    pool = [link, *link.get("alternatives", [])]
    same = [e for e in pool if e["kind"] == want]
    if not same:
        return link
    best = same[0]
    rest = [{"uid": e["uid"], "name": e["name"], "kind": e["kind"]} for e in same[1:]]
    return {**link, "uid": best["uid"], "name": best["name"], "kind": want, "alternatives": rest}


# "registered office" asks for the address, "registered at/for/there" is no founding date
_ADDRESS_PHRASES = re.compile(r"\bregistered (?:office|address|seat)|\b(?:in )?(?:which|what) (?:town|city|municipality)\b")
_REGISTERED_AT = re.compile(r"\bregistered (?=at|there|for|in|with|under|today|now|currently)\b")


def understand(question: str, anchored: bool, link: dict | None = None) -> Understanding:
    """Read the question. `link` is the linker's result for it: the names it found are blanked before any
    keyword is read, and the main one is the entity asked about."""
    q = question.strip()
    u = Understanding(q, I.SEARCH)
    if I.GLOBAL_COMMAND.search(q):
        u.go_global = True
        return u
    main = primary(link)
    u.masked = mask(question, link).strip() if main else q
    f = fold(u.masked)
    u.german = bool(re.search(r"\b(wer|was|wie|wo|wann|welche|ist|sind|der|die|das|und)\b", f))
    if main:
        u.link = _choose_kind(u, main)
        u.kind = u.link["kind"].lower()
        name = None
        asked = f
    else:
        name = entity_name(q)
        asked = fold(q.replace(name, " ")) if name else f  # "Quarvex & Partner AG" does not ask for partners
    asked = _REGISTERED_AT.sub(" ", _ADDRESS_PHRASES.sub(" address ", asked))
    u.facts = {fact for fact, words in FACTS.items() if _has(asked, words)}
    che = _CHE.search(q)
    if che:
        u.uid = che.group(0)
    u.refers_back = bool(_PRONOUN.search(asked))
    if name and canton_code(name) and not re.search(r"\b(ag|sa|gmbh|sarl)\b", fold(name)):
        name = None  # "Zürich" alone is a place in an aggregate question, not an entity
    u.name = name
    if u.link:
        u.name = u.link["text"] if u.link["via"] != "uid" else None
        u.uid = u.link["uid"] if u.link["via"] == "uid" else u.uid
    place = _place(u.masked)
    if u.link:
        pass  # a question naming an entity is about that entity, not an aggregate
    elif _ANALYTIC_COUNT.search(f) and not (u.refers_back and anchored):
        u.intent = I.ANALYTICS
        u.count = _count_args(f, place)
        return u
    elif _ANALYTIC_RANK.search(f) and not (u.refers_back and anchored) and (
            "compan" in f or "firm" in f or "unternehm" in f or "capital" in f or "kapital" in f):
        u.intent = I.ANALYTICS
        u.rank = _rank_args(q, f, place)
        return u
    if _TEXT.search(f):
        u.intent = I.ALL
        u.text_query = u.name or _after_preposition(q) or q
        return u
    if not u.name and not u.uid and not u.link and not (u.refers_back or anchored):
        u.name = _after_preposition(q)
    if not u.link and re.search(r"\b(who is|wer ist|mr|mrs|herr|frau|person named|the person|die person|"
                                r"in which companies|in welchen (firmen|unternehmen))\b", f):
        u.kind = "person" if not re.search(r"\b(ag|sa|gmbh|sarl|sagl)\b", fold(u.name or "")) else "any"
    if u.facts & {"network"}:
        u.intent = I.NETWORK
    elif u.facts & {*EVENT_FACTS, "history"} and not u.facts & {"persons"}:
        u.intent = I.HISTORY
    if not u.facts:
        u.facts = {"dossier"}
    return u


def aggregate(question: str) -> bool:
    """A count or a ranking, as the rules below read one: the linker need not try hard to find a name in it."""
    f = fold(question)
    return bool(_ANALYTIC_COUNT.search(f) or (_ANALYTIC_RANK.search(f) and (
        "compan" in f or "firm" in f or "unternehm" in f or "capital" in f or "kapital" in f)))


def _place(q: str) -> dict:
    """'in Geneva', 'im Kanton Zürich', 'canton of Vaud' -> city or canton filter."""
    m = re.search(r"\b(?:canton(?: of)?|kanton)\s+([A-ZÄÖÜ][\w.\- ]+?)"
                  r"(?=\s+(?:in|im|for|für|seit|since|during|between|per|pro|by)\b|[?,.!]|$)", q, re.I)
    if m and canton_code(m.group(1)):
        return {"canton": canton_code(m.group(1))}
    m = re.search(r"\b(?:in|im|at|seated in|based in|mit sitz in)\s+([A-ZÄÖÜ][\w.\-]+(?:\s[A-ZÄÖÜ][\w.\-]+)?)", q)
    if m:
        word = m.group(1)
        if re.fullmatch(r"(?:18|19|20)\d\d", word):
            return {}
        if word.upper() in CANTONS and len(word) == 2:
            return {"canton": word.upper()}
        return {"city": word, "canton_guess": canton_code(word)}
    return {}


def _count_args(f: str, place: dict) -> dict:
    args: dict = {}
    for fact, etype in (("bankruptcy", "bankruptcy"), ("foundation", "foundation"), ("deletion", "deletion"),
                        ("liquidation", "liquidation")):
        if _has(f, FACTS[fact]):
            args["event_type"] = etype
            break
    else:
        if "change" in f or "mutation" in f or "aenderung" in f:
            args["event_type"] = "change"
    if place.get("canton") or place.get("canton_guess"):
        args["canton"] = place.get("canton") or place.get("canton_guess")
    years = _YEAR.findall(f)
    if len(years) == 1:
        args["year"] = int(years[0])
    elif len(years) >= 2:
        args["since"], args["until"] = f"{min(years)}-01-01", f"{max(years)}-12-31"
    if re.search(r"\b(per|by|pro|nach|each|jede)\s+(year|jahr)", f):
        args["group_by"] = "year"
    elif re.search(r"\b(per|by|pro|nach|each|jede)\s+(canton|kanton)", f):
        args["group_by"] = "canton"
    elif re.search(r"\b(per|by|pro|nach)\s+(month|monat)", f):
        args["group_by"] = "month"
    return args


def _rank_args(q: str, f: str, place: dict) -> dict:
    args: dict = {"metric": "capital"}
    if re.search(r"\b(notices|publications|meldungen|publikationen|events)\b", f):
        args["metric"] = "notices"
    elif re.search(r"\b(persons|people|personen|officers|board members)\b", f):
        args["metric"] = "persons"
    m = _LIMIT.search(f)
    if m:
        args["limit"] = int(m.group(1) or m.group(2))
    if place.get("canton"):
        args["canton"] = place["canton"]
    elif place.get("city"):
        args["city"] = place["city"]
    for form, names in LEGAL_FORMS.items():
        if any(re.search(rf"\b{re.escape(n)}s?\b", f) for n in (fold(form), *names) if len(n) > 1) \
                and not re.search(r"\bcompan", fold(form)):
            args["legal_form"] = form
            break
    m = re.search(r"\b(?:in the|im|in der)\s+(\w+)\s+(?:sector|industry|branche|bereich)", f) or \
        re.search(r"\b(?:related to|im bereich|with purpose|mit zweck|active in)\s+(\w+)", f)
    if m:
        args["keyword"] = m.group(1)
    return args
