"""The offline engine's reading of a question: intent, the entity it names or refers back to, the facts it
asks for, and the parameters of an aggregate. Rules, not a model: the same question always reads the same way.

The entity comes first, from the graph (agent/offline/linker.py): its name is blanked out of the question
before any keyword is read, so "… Events GmbH" asks for no events. Only a question whose entity the linker
did not find falls back to guessing the name from its capitalised words (`entity_name`)."""
from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass, field

from rapidfuzz.distance import OSA

from agent import intents as I
from agent.offline import filters, graph_questions, linker, roles, spelling
from agent.offline.graph_questions import GraphAsk
from agent.offline.lexicon import (
    COMPOUND_HEADS,
    CONNECT,
    DIALECT,
    DIALECT_STARTS,
    DIALECT_UNG_STEMS,
    FACTS,
    LOWER_COMMON,
    NO_LONGER_LISTED,
    PREPOSITIONS,
    QUESTION_WORDS,
    STOP,
    WEAK_FOUNDATION,
)
from agent.offline.linker import mask, primary
from kg.endpoints.vocabulary import LEGAL_FORMS
from kg.places import canton_code
from kg.text import fold, holds_word

EVENT_FACTS = ("foundation", "name_change", "seat_move", "liquidation", "bankruptcy", "deletion", "first_notice",
               "latest_notice")
PROFILE_FACTS = ("address", "purpose", "capital", "legal_form", "uid", "status")

_TEXT = re.compile(r"\b(mention\w*|erwaehn\w*|contain\w*|enthalt\w*|text|wording|search the notices|volltext|"
                   r"full.?text)\b")
# the mention a user saw ("j'ai vu la mention « en liquidation » sur un courrier"): what they saw, not a search
_SEEN_MENTION = re.compile(r"\b(?:vu|lu|remarque|apercu|note|saw|seen|noticed|read|gesehen|bemerkt|visto|notato|"
                           # the mention it bears: "elle porte la mention « en liquidation » ?"
                           r"porte|portent|portait|bears?|carr(?:y|ies)|traegt|tragen|reca|recano|porta|portano)\b"
                           r"(?:\W+\w+){0,3}?\W+(?:la|une|cette|the|a|this|den|die|einen|una|questa) mention\w*")
_PRONOUN = re.compile(r"\b(it|its|it's|this company|that company|the company|this firm|this entity|this person|"
                      r"he|she|him|her|his|they|them|their|er|sie|ihm|ihr|ihre|ihren|sein|seine|seinen|"
                      r"diese firma|dieses unternehmen|diese gesellschaft|die firma|das unternehmen|diese person|"
                      r"same company|elle|celle-ci|cette societe|cette entreprise|cette firme|cette personne|"
                      r"essa|questa societa|questa azienda|questa ditta|questa persona|them|leur|son|ses|sua|suo|"
                      r"suoi|sue|lei|lui|loro|"
                      # the noun with its article: in a follow-up, the company or person of the conversation
                      r"(?:the|that|der|die|das|dem|den|la|le|l'|de la|du|della|dell'|nella|per la|il|lo) "
                      r"(?:firm|gesellschaft|firma|unternehmen|person|societe|entreprise|firme|personne|"
                      r"societa|azienda|ditta|persona))\b")
# A follow-up that asks one company's attribute without naming a subject refers to the active entity, also
# where the language drops the pronoun ("Quanto capitale ha?", "Welches Kapital hat die Firma?") -- unless it
# counts or ranks many ("Quante società …").
_ATTRIBUTES = frozenset({"capital", "uid", "address", "legal_form", "purpose", "status", "auditor", "head_office"})
# what else a follow-up without a subject asks of the conversation's entity
_OF_ONE = frozenset({"persons", "foundation", "first_notice", "latest_notice", "name_change", "seat_move",
                     "liquidation", "bankruptcy", "deletion", "history", "network"})
_COMPANY_NOUNS = (r"compan\w*|firms|enterprises|businesses|societies|outfits|firmen|unternehmen|gesellschaften|societes|"
                  r"entreprises|societa|aziende|ditte|imprese")
_MANY = re.compile(r"\b(" + _COMPANY_NOUNS + r"|notices|publications|meldungen|publikationen|avis|pubblicazioni|persons|"
                   r"people|personen|personnes|persone)\b")
# what a person's companies are asked by: the companies, or the mandates, functions and entries they hold there
_COMPANIES = re.compile(r"\b(" + _COMPANY_NOUNS + r"|firm|entities|entites|entita|organisations|organizations|"
                        r"\w*mandat\w*|aemter|"
                        r"cariche|carica|incarichi|incarico|positions|posts|functions|fonctions|funktionen|funzioni|roles|rollen|ruoli|"
                        r"appointments|directorships|boites|boite|houses|maisons|raisons sociales|ragioni sociali|"
                        r"entry|entries|eintrag\w*|eintraeg\w*|inscriptions|iscrizioni)\b")
# a person's companies asked ("in which companies …", "In quali società …", "dans quelles sociétés …")
_WHOSE_COMPANIES = re.compile(r"\b(?:in which (?:companies|firms|enterprises|businesses)|"
                              r"in welchen (?:firmen|unternehmen|gesellschaften)|"
                              r"dans quelles (?:societes|entreprises|entites|maisons)|"
                              r"in which entities|in quali (?:societa|aziende|ditte|imprese))\b")
_PEOPLE = re.compile(r"\b(persons|people|personen|leute|personnes|persone|network|netzwerk|reseau|rete|who else|"
                     r"wer sonst|qui d'autre|chi altro)\b")
# companies tied to one named company by its persons ("share directors with", "gemeinsame Personen mit")
_LINKED = re.compile(r"\b((?:shar|partag|condivid|teil)\w*(?:\W+\w+){0,2}?\W+(?:people|persons|directors|officers|board|"
                     r"members|management|personnes|administrateurs|dirigeants|persone|amministratori|personen|"
                     r"verwaltungsraete|organe)|same (?:people|persons|directors|officers|vr|gl|board\w*|signator\w*|managers?)|"
                     r"memes personnes|stesse persone|cross-mandat\w*|gemeinsame\w* person\w*|"
                     r"personnes (?:en )?commun\w*|persone (?:in )?comun\w*|memes gens|"
                     r"(?:through|via|by|par|tramite|attraverso|ueber) (?:the same |shared |common |des |les memes |"
                     r"le stesse |gemeinsame )?(?:persons|people|personnes|persone|personen|gens)|"
                     # a company's people, met elsewhere: "the people at X", "les gens de cette boîte"
                     r"(?:people|persons|staff) at|gens de (?:cette|la) (?:boite|societe|entreprise|firme)|"
                     r"persone di questa (?:ditta|societa|azienda|impresa)|leute (?:bei|von) dieser (?:firma|gesellschaft))\b")
# a quoted name: double quotes or guillemets, or single quotes that open after a space and close before one (an
# apostrophe inside a word, "what's", "J'aimerais", "s'il", quotes nothing)
_QUOTED = re.compile(r"[\"“„«]([^\"”“»]{2,80})[\"”“»]|(?<!\w)['‘]([^'’‘]{2,80})['’](?!\w)")
_CHE = re.compile(r"CHE-?\d{3}\.?\d{3}\.?\d{3}", re.I)

_FORMS = {fold(n) for form, names in LEGAL_FORMS.items() for n in (form, *names) if " " not in n} | {"sa", "sarl", "sagl"}
_TOKEN = re.compile(r"[&+]|[\w][\w.'’-]*", re.UNICODE)


# where something is: its town, place or address (any seat word reads a seat: `graph_questions.SEAT_WORD`; a where-word
# alone, the fact asked when nothing else is: `_WHERE`)
_PLACE_ASKED = re.compile(
    r"\b(?:where|which (?:town|city|place|municipality)|located|wo|welche[mnrs]? (?:ort|stadt|gemeinde)|"
    r"in welche[mnr]? (?:ort|stadt|gemeinde)|ou se trouve|ou est|quelle (?:ville|commune|localite)|dove|"
    r"in quale (?:citta|comune|localita)|quale (?:citta|comune|localita))\b")


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
    unread: list[str] = field(default_factory=list)  # words asking for something the rules do not know
    not_held: bool = False  # those words ask for what the register does not hold (its e-mail, turnover, staff)
    roles: set[str] = field(default_factory=set)  # the persons asked for, as role keys (empty: all of them)
    former: bool = False  # the persons who left ("former board members")
    role_words: str = ""  # how the answer names them ("board members", "liquidators")
    graph: GraphAsk | None = None  # a question only the graph answers: a date, a connection, a list, a ranking
    compare: str | None = None  # "which of the two …": the fact compared between the last two companies
    pair: list[dict] = field(default_factory=list)  # those two, older first (agent/offline/compare.py)
    companies_only: bool = False  # a person's companies asked: not the persons around them

    @property
    def place_asked(self) -> bool:
        """Where something is asked: its town, place or address ("which town is X's head office in?")."""
        return bool(_PLACE_ASKED.search(fold(self.question)))


def _has(folded: str, words: tuple[str, ...]) -> bool:
    return holds_word(folded, words)


_HEADS = re.compile(r"[a-z]{3,}(" + "|".join(COMPOUND_HEADS) + r")(?:e|es|en|s|n)?\b")


def _compound_facts(folded: str) -> set[str]:
    """Facts named by the head of a German compound: "Gesellschaftszweck" asks for the purpose."""
    return {COMPOUND_HEADS[m.group(1)] for m in _HEADS.finditer(folded)}


def entity_name(question: str) -> str | None:
    """The longest run of name-like words: capitalised words, connectors inside a name, legal forms; a
    lower-case word just before such a run joins it ("lonqua Architektur GmbH")."""
    m = _QUOTED.search(question)
    if m:
        return (m.group(1) or m.group(2)).strip()
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


def _names_nothing(name: str) -> bool:
    """A guessed name made only of words that questions use anyway ("Danke", "Indirizzo", "VR GL
    Zeichnungsberechtigte", "Et sa", "juridique SA Sàrl"): politeness, function words, the vocabulary of questions, the
    register's abbreviations, legal forms beside other such words."""
    words = [w for _, _, w in linker.tokens(fold(name))]
    rest = [w for w in words if w not in _FORMS]
    return bool(rest) and all(w in _FILLER or w in linker.FUNCTION_WORDS or w in DIALECT or linker.vocabulary(w)
                              for w in rest)


def _opener(question: str, name: str) -> bool:
    """One capitalised word set off by punctuation near the start of a sentence ("Interesting.", "Enfin, …",
    "Zum Schluss: …"): a sentence opener, capitalised as such, when the linker found no entity of that name."""
    if " " in name.strip():
        return False
    for m in re.finditer(re.escape(name) + r"\s*[,.:;!?]", question):
        before = re.split(r"[.!?:]\s", question[: m.start()])[-1]
        if len(before.split()) <= 2:
            return True
    return False


def _after_preposition(question: str) -> str | None:
    """Lower-case names: 'capital of quarvex partner ag' -> 'quarvex partner ag'. The longest run of words that
    starts with one no question uses anyway (`linker.vocabulary`), and goes on over further such words,
    connectors and vocabulary followed by them, and legal forms at its end."""
    toks = linker.tokens(question)
    words = [t[2] for t in toks]
    best: tuple[int, int] | None = None
    i = 0
    while i < len(words):
        if not (_name_word(words[i]) and words[i] not in linker.FORM_WORDS):
            i += 1
            continue
        j = end = i + 1
        while j < len(words) and (words[j] not in linker.FUNCTION_WORDS or words[j] in CONNECT | linker.FORM_WORDS):
            j += 1
            if _name_word(words[j - 1]) or words[j - 1] in linker.FORM_WORDS:
                end = j  # a name word or a legal form: the run reaches here
        if best is None or end - i > best[1] - best[0]:
            best = (i, end)
        i = end
    if not best:
        return None
    name = question[toks[best[0]][0]: toks[best[1] - 1][1]].strip()
    return name if len(name) >= 3 else None


def _name_word(word: str) -> bool:
    """A (loose) word that may belong to a name: not a word of the question's own vocabulary."""
    return len(word) >= 2 and not linker.vocabulary(word) and word not in linker.FUNCTION_WORDS


_PERSON_CUES = re.compile(
    r"\b(?:who is|who's|wer ist|qui est|chi e)\s*⟦|\b(in which compan\w*|in what compan\w*|which companies (?:does|is|has)|"
    r"in welchen (?:firmen|unternehmen|gesellschaften)|welcher (?:firmen|unternehmen|gesellschaften)|"
    r"quelles societes|dans quelles|in quali|quali societa|appear\w*|erscheint|figure|compare|this person|"
    r"that person|the person|diese person|dieser person|cette personne|questa persona|mr|mrs|ms|herr|frau|"
    r"monsieur|madame|signor|signora|hold a role|roles? does|born|resident|wohnhaft|domicilie|\w*mandat\w*|"
    r"mandates|aemter|cariche|incarichi|funktionen von|fonctions de|"
    # "companies linked to Michela Balducci": a person's companies (their own sole proprietorship among them)
    r"(?:compan\w*|firms|entities|businesses|enterprises) (?:linked|associated|connected|related|tied) (?:to|with))\b")


# what only a company has: asked of a name a person and a sole proprietorship share, the company is meant
_COMPANY_FACTS = frozenset({"purpose", "capital", "legal_form", "uid", "status", "head_office", "branches", "auditor",
                            "foundation", "name_change", "seat_move", "liquidation", "bankruptcy", "deletion"})


def _choose_kind(u: Understanding, link: dict, want: str | None = None) -> dict:
    """A company and a person of the same name (a sole proprietorship bears its owner's name): the question's
    wording decides (or `want`); asked nothing person-like, the company."""
    kinds = {link["kind"], *(a["kind"] for a in link.get("alternatives", []))}
    if len(kinds) < 2:
        return link
    # "which companies are linked to X through shared persons": a company's network, whatever the words for companies
    masked = fold(u.masked)
    want = want or ("Person" if _PERSON_CUES.search(masked) and not _LINKED.search(masked) else "Company")
    pool = [link, *link.get("alternatives", [])]
    same = [e for e in pool if e["kind"] == want]
    if not same:
        return link
    best = same[0]
    rest = [{"uid": e["uid"], "name": e["name"], "kind": e["kind"]} for e in same[1:]]
    return {**link, "uid": best["uid"], "name": best["name"], "kind": want, "alternatives": rest}


# "registered office" asks for the address, "registered at/for/there" is no founding date (a first registration
# is), nor is a registered letter, "inscrits pour faire quoi", "starting with CHE" or when a procedure started
_CHE_START = re.compile(r"\b(?:start(?:s|ing)?|begin(?:s|ning)?) with (?:the )?che\b")  # the number starting so
_STARTED = re.compile(r"\b((?:procedure|proceedings?|liquidation|bankruptcy)\b.{0,40}?)\bstart(?:ed|s)?\b")  # its start
_ADDRESS_PHRASES = re.compile(r"\bregistered (?:office|address|seat)|\b(?:in )?(?:which|what) (?:town|city|municipality)\b|"
                              r"\bwhere(?: exactly)? (?:are|is) (?:they|it) registered\b|\bregistered where\b")
_REGISTERED_AT = re.compile(r"\b(?<!first )registered (?=at|there|for(?! the first)|in|with|under|today|now|currently)\b|"
                            r"\bregistered (?:letter|mail|post)\b|\binscrite?s? (?=pour\b)|\bstart(?:s|ing)? with\b|"
                            r"\bstart(?:s|ed)? (?=(?:the |a |to )?(?:procedure|proceedings?|liquidat\w*|bankrupt\w*|wind\w*)\b)")
# where the answer is to come from, not what is asked: "laut Handelsregister", "selon leur inscription"
_SOURCE = re.compile(r"\b(?:according to|selon|d'apres|laut|gemaess|secondo)\s+(?:(?:the|its|their|le|la|les|leur|son|sa|"
                     r"l'|dem|den|der|il|lo)\s*)?(?:commercial )?(?:register|registry|registration|entry|statutes|"
                     r"articles|inscription|registre|rc|statuts|extrait|handelsregister|eintrag|statuten|registro|"
                     r"iscrizione|statuto)\b")

# the statutes named as the source ("selon les statuts", "according to its articles"): with nothing else asked, what
# they say it does
_BY_STATUTES = re.compile(r"\b(?:according to|selon|d'apres|laut|gemaess|secondo)\s+(?:(?:the|its|their|les|leurs|ses|"
                          r"den|seinen|ihren|lo|il suo)\s*)?(?:statutes|articles|statuts|statuten|statuto)\b")
# the branch of trade it works in, not a branch office: "in which branch is it working?", "branch of activity"
_SECTOR_PHRASES = re.compile(r"\bbranch(?:es)? of (?:activit\w*|industry|business|trade|commerce)\b|"
                             r"\b(?:which|what) branch\b(?!\s+(?:offices?|of)\b)(?=.{0,40}\b(?:work\w*|active|operat\w*|"
                             r"trad\w*)\b)|\b(?:work\w*|active|operat\w*|trad\w*) in (?:which|what) branch\b(?!\s+offices?\b)")


def understand(question: str, anchored: bool, link: dict | None = None) -> Understanding:
    """Read the question. `link` is the linker's result for it: the names it found are blanked before any
    keyword is read, and the main one is the entity asked about."""
    q = question.strip()
    u = Understanding(q, I.SEARCH)
    if I.GLOBAL_COMMAND.search(q):
        u.go_global = True
        return u
    main = primary(link)
    u.masked = respelt(mask(question, link).strip() if main else q)
    f = fold(u.masked)
    u.german = bool(re.search(r"\b(wer|was|wie|wo|wann|welche|ist|sind|der|die|das|und)\b", f))
    if main:
        u.link = _choose_kind(u, main)
        u.kind = u.link["kind"].lower()
        name = None
        asked = f
    else:
        name = entity_name(q)
        if name and anchored and (_names_nothing(name) or _opener(q, name)):
            name = None  # "Danke.", "Indirizzo della sede?", "VR, GL?", "Enfin, …": words of a follow-up
        asked = fold(u.masked.replace(name, " ")) if name else f  # "Quarvex & Partner AG" does not ask for partners
    asked = _STARTED.sub(r"\1", _CHE_START.sub(" che number ", _standard(asked)))
    by_statutes = bool(_BY_STATUTES.search(asked))
    asked = _SECTOR_PHRASES.sub(" sector ", asked)
    asked = _REGISTERED_AT.sub(" ", _ADDRESS_PHRASES.sub(" address ", _RELATED_ADJ.sub(" ", _SOURCE.sub(" ", asked))))
    u.facts = _read_facts(asked)
    if not u.facts and by_statutes and not _WHEN.search(asked):
        u.facts = {"purpose"}  # "X, c'est du négoce ou autre chose, selon les statuts ?": what its statutes let it do
    if not u.facts:
        corrected = _spelled(asked)  # "bankrupcy opened when", "date of registraton": the words meant
        if corrected != asked:
            u.facts, asked = _read_facts(corrected), corrected
    if {"name_change", "foundation"} <= u.facts and "foundation" not in _read_facts(_NAME_SINCE.sub(" ", asked)):
        u.facts.discard("foundation")  # "what was it called before and since when the new name?": the renaming's day
    if main and u.kind == "person" and u.facts and u.facts <= _COMPANY_FACTS:  # "Kurt Schildrich – quelle activité ?"
        u.link = _choose_kind(u, main, want="Company")
        u.kind = u.link["kind"].lower()
    che = _CHE.search(q)
    if che:
        u.uid = che.group(0)
    # a name the question spells as one (quoted, or with a legal form) is another entity, whatever the pronouns
    named = bool(name) and (bool(_QUOTED.search(q)) or bool(_FORMS & {w for _, _, w in linker.tokens(fold(name))}))
    u.refers_back = (bool(_PRONOUN.search(asked)) and not named) or (
        anchored and not main and not name and (
            bool(u.facts & _ATTRIBUTES) and not _MANY.search(asked)
            # its persons, its founding, its notices asked with no subject: the conversation's entity, unless the
            # question counts or ranks many
            or bool(u.facts & _OF_ONE) and filters.kind(u.masked) is None))
    if name and canton_code(name) and not re.search(r"\b(ag|sa|gmbh|sarl)\b", fold(name)):
        name = None  # "Zürich" alone is a place in an aggregate question, not an entity
    u.name = name
    if u.link:
        u.name = u.link["text"] if u.link["via"] != "uid" else None
        u.uid = u.link["uid"] if u.link["via"] == "uid" else u.uid
    address = street_address(q)
    if address and (not u.link or address[0] <= u.link["start"] < address[1]):
        # "Which company is registered at Seestrasse 30, 3014 Bern?": the notices that state this address
        u.intent, u.link, u.kind = I.ALL, None, "any"
        u.name = q[address[0]: address[1]]  # shown; the search asks for the street, its number and the postal code
        u.text_query = re.sub(r"(\b\d{4})\D*$", r"\1", u.name)
        u.facts = {"at_address"}
        return u
    if _graph_native(u, link, anchored):
        return u
    aggregate_kind = None if u.link or (u.refers_back and anchored) else filters.kind(u.masked)
    if aggregate_kind == "rank" and _LINKED.search(asked) and not filters.RANK.search(fold(u.masked)):
        aggregate_kind = None  # "which companies share directors with <a name not found>?": its network, no list
    if aggregate_kind == "count":  # a question naming an entity is about that entity, not an aggregate
        u.intent, u.count = I.ANALYTICS, filters.count_args(u.masked)
        return u
    if aggregate_kind == "rank":
        u.intent, u.rank = I.ANALYTICS, filters.rank_args(u.masked)
        return u
    if _TEXT.search(f) and not _SEEN_MENTION.search(f) and not (u.link and u.facts & _ATTRIBUTES) and not (
            u.refers_back and u.facts & {"first_notice", "latest_notice"}) and not (
            u.kind == "person" and u.link and _COMPANIES.search(asked)):
        # (the purpose of a named company "to see if it mentions trading" is still its purpose; "the earliest
        # publication mentioning them" is that person's first notice; "in which enterprises is P mentioned?", "firms
        # where P is mentioned" that person's companies)
        u.intent = I.ALL
        u.text_query = u.name or _after_preposition(q) or q
        return u
    if not u.name and not u.uid and not u.link and not (u.refers_back or anchored):
        u.name = _after_preposition(q)
    if not u.link and (u.name and re.search(r"\b(who is|wer ist|mr|mrs|herr|frau|person named|the person|die person)\b", f)
                       or _WHOSE_COMPANIES.search(f)):
        u.kind = "person" if not re.search(r"\b(ag|sa|gmbh|sarl|sagl)\b", fold(u.name or "")) else "any"
    if u.kind == "person" and _COMPANIES.search(asked) and not u.facts & {"first_notice", "latest_notice"}:
        # a person's companies, however asked ("where they are or were registered", "held a board seat in")
        u.facts = {"network"} | (u.facts & {"history"}) if "network" not in u.facts else u.facts
        u.companies_only = not _PEOPLE.search(asked)
    if "persons" in u.facts:
        u.roles, u.former = roles.asked_roles(asked)
        u.role_words = roles.label(u.roles)
    if u.facts & {"network"}:
        u.intent = I.NETWORK
    elif u.facts & {*EVENT_FACTS, "history"} and not u.facts & {"persons"}:
        u.intent = I.HISTORY
    not_held = list(dict.fromkeys(m.group() for r in (_ABOUT_OTHERS, _NOT_HELD) for m in r.finditer(asked)))
    person_age = u.kind == "person" and _AGE_ASKED.search(asked)  # "Wie alt ist P?": no founding of a person
    if person_age:
        not_held.append(person_age.group())
    if not_held and (u.link or u.name or u.refers_back or anchored):
        # its e-mail, turnover, staff, competitors: what the register does not hold. Asked alone (an "e-mail
        # address" is no address; "who are its competitors?" asks for none of its persons), it is said so; beside a
        # register fact ("address and phone number", "which employees may sign"), that fact is answered
        rest = _CONTACT.sub(" ", asked)  # read as typed, else with its long misspelt words read as meant
        held = set() if _ABOUT_OTHERS.search(asked) or person_age else _read_facts(rest) or _read_facts(_spelled(rest))
        if held == {"persons"} and not _has(asked, tuple(w for w in FACTS["persons"]
                                                       if w.strip(" ?") not in QUESTION_WHO)):
            held = set()
        if not held:
            u.facts, u.unread, u.not_held = {"unread"}, not_held, True
            return u
        u.facts = held

    if not u.facts:
        # nothing asked that the rules know: the dossier when that is what was asked (or only a name was given),
        # else an honest "I cannot tell what you want to know" (`unread`), never an answer to another question
        rest = fold(u.masked if u.link else (q.replace(u.name, " ") if u.name else q))
        u.unread = _unread(rest)
        asked_by = _by_question_word(u.masked if u.link else q) if u.unread else None
        misspelt = _misspelt_fact(u.unread)
        if misspelt:
            u.facts, u.unread = {misspelt}, []  # "adress of X", "capitl of X": one fact word, one typo
        elif asked_by:
            u.facts, u.unread = {asked_by}, []  # "Where …?", "How much …?": the question word says what is asked
        else:
            u.facts = {"unread"} if u.unread and not _DOSSIER.search(rest) else {"dossier"}
    return u


def _graph_native(u: Understanding, link: dict | None, anchored: bool) -> bool:
    """A question only the graph answers (a company on a date, a connection, persons by their mandates, companies
    by what happened to them): its tool and arguments in `u.graph`, the intent whose tool set holds that tool."""
    mentions = sorted((link or {}).get("mentions", []), key=lambda m: m["start"])  # in the question's order
    uids = list(dict.fromkeys(m["uid"] for m in mentions if m.get("uid")))
    ask = graph_questions.read(u.masked or u.question, len(uids), anchored)
    if ask is None or (ask.entities == 1 and u.kind == "person"):
        return False  # a company's former seat or board on a date: not asked of a person ("held a board seat")
    if ask.entities == 2:
        ask.args |= {"a": uids[0], "b": uids[1]}
        u.intent, u.facts = I.NETWORK, {"connection"}
    elif ask.entities == 1:
        u.intent = I.HISTORY
        u.facts = {"as_of" if ask.tool == "company_as_of" else
                   {"former seat": "seat_move", "former name": "name_change"}.get(ask.label, "deletion")}
    else:
        u.intent, u.facts, u.link, u.name, u.kind = I.ANALYTICS, {"list"}, None, None, "any"
    u.graph = ask
    return True


# a question word that asks for one fact whatever the verb: "where" asks for the seat and address ("how much"
# does not: the worth or the revenue of a company is not its nominal capital)
_WHERE = re.compile(r"(?:^|\s|¿)(where|wo|où|dove|dov['’])(?=\s|$|['’])", re.IGNORECASE)


def _by_question_word(text: str) -> str | None:
    return "address" if _WHERE.search(text) else None


# what a company's notices never say: contacts, finances, staff, reviews, suppliers, insurers (folded text;
# "non-profit" is a kind of entity); its competitors and its people's pay: `_ABOUT_OTHERS`
_NOT_HELD = re.compile(
    r"\b(?:e-?mail\w*|ip address|web ?server|websites?|webseite\w*|homepage|site (?:web|internet)|"
    r"sito (?:web|internet)|url|telephone|phone|telefon\w*|fax|"
    r"suppliers?|lieferant\w*|fournisseurs?|fornitor\w*|"
    r"(?:customer|client|online|google) reviews?|reviews? (?:of|about|for)|bewertungen|avis (?:des )?clients?|"
    r"recension\w*|credit rating|bonitaet|notation|rating creditizio|"
    r"insured|insurance|insurer|versichert\w*|versicherung\w*|assureur\w*|assicurat\w*|assicurazion\w*|"
    r"revenues?|turnover|umsatz\w*|chiffre d'affaires|fatturato|(?<!non-)(?<!non )profits?|profitable|redditizi\w*|"
    r"rentable|gewinn|benefice\w*|"
    r"employees?|staff|headcount|mitarbeitende\w*|mitarbeiter\w*|angestellte\w*|employes|salaries|dipendent\w*|"
    r"share price|stock price|aktienkurs|cours de l'action|valore delle azioni)\b")
# asked of what is not the company's register entry however register words surround it: its competitors (another
# company), its people's pay, what its board discussed, parking at its seat, money it means to raise
_ABOUT_OTHERS = re.compile(
    r"\b(?:competitors?|konkurrent\w*|konkurrenz\w*|concurrents?|concurrence|concorrent\w*|concorrenza|"
    r"salar(?:y|ies|io|i)|salaires?|earns?|earning|verdien\w*|lohn|loehne|gehalt\w*|remuneration\w*|gagnent|gagne|"
    r"guadagn\w*|stipendi\w*|compensation|(?<!fully )(?<!capital )paid(?=\s*(?:\?|$))|discussed|diskutiert|discute|"
    r"discuss[oa]|parking|parkplatz\w*|parcheggi\w*|stationnement|einsammeln|raise (?:money|funds)|fundrais\w*|lever des fonds|"
    r"raccogliere fondi|(?:needs?|needed|wants?|plans?|planning|going|intends?|hopes?) to raise"
    r"(?! (?:its|the|their) (?:share |nominal )?capital)|"
    # a person's age: the notices name people, never how old they are (a company's age is its founding)
    r"(?:how old (?:is|are)|wie alt (?:ist|sind)|quel age (?:a|ont)|quanti anni (?:ha|hanno)) (?:\w+ ){0,2}?"
    r"(?:ceo|boss|board|members?|mitglied\w*|membres?|membri|owner\w*|founder\w*|director\w*|president\w*|chair\w*|manager\w*|partners?|"
    r"geschaeftsfuehrer\w*|chef\w*|inhaber\w*|gruender\w*|verwaltungsr\w*|direkt\w*|praesident\w*|"
    r"directeur\w*|directrice\w*|gerant\w*|proprietaire\w*|fondateur\w*|fondatrice\w*|fondator\w*|administrat\w*|"
    r"direttor\w*|direttric\w*|"
    r"titolar\w*|amministrator\w*|soci[oa]?)(?: members?)?)\b")
# a contact that register words name: an "e-mail address" or "phone number" asks for no address or UID
_CONTACT = re.compile(r"\b(?:(?:e-?mail|ip|web|internet|url)[- ]?ad+res+\w*|(?:ad+res+e|indirizzo) "
                      r"(?:e-?mail|ip|web|internet)|phone number|telephone number|numero de telephone|"
                      r"numero di telefono|telefonnummer)\b")
# asks for everything about an entity ("tell me about X", "alles über X", "tout sur X", "tutto su X")
_DOSSIER = re.compile(r"\b(about|ueber|uber|sur|su|tell me|info\w*|overview|profile|profil\w*|dossier|details?|"
                      r"everything|alles|tout|tutto|summar\w*|zusammenfass\w*|resume|riassun\w*|auskunft|"
                      r"renseignement\w*|who is|wer ist|qui est|chi e|what do you know|was weisst|descri(?:be|ption|zione)|"
                      r"beschreib\w*|decri[rst]e?|decriv\w*|"
                      # an overview, or the entity looked up: "einen Überblick", "un aperçu", "una panoramica",
                      # "the basics", "look up X", "nachschauen", "me chercher X", "mi cerchi X"
                      r"ueberblick|uebersicht|apercu|panoramica|basics|look (?:up|into)|lookup|nachschau\w*|"
                      r"nachschlagen|chercher|cherche[sz]?|cerc(?:a|hi|are|ami|armi)|what (?:do|have) you (?:have|got) on|"
                      r"was (?:hast du|haben sie|habt ihr) (?:zu|ueber)|qu'avez-vous sur|que savez-vous|"
                      r"cosa (?:sai|sa|avete) su)\b")
# words that ask for a founding, but beside a former name ask when or under which name it was registered (a former
# firm asked with "eingetragen" and "seit wann" beside it: the renaming, not the founding)
_NAME_SINCE = re.compile(r"\b(?:since when|seit wann|depuis quand|da quando|eingetragen|registered|inscrite?s?|"
                         r"iscritt[aoie])\b")
# words a question may hold besides what it asks: politeness, "I meant", "I would like to know"
_FILLER = {fold(w) for w in """
statuts statuten statuti statuto
please bitte merci grazie thanks thank danke sorry pardon entschuldigung entschuldige scusa scusi excuse meant mean
meinte meine voulais voulu dire intendevo intendo know wissen weiss savoir sais sapere so want wanted like would love
need brauche moechte moechten mochte voudrais voulons vorrei vorremmo also auch aussi anche again nochmal encore
ancora hello hi hallo bonjour buongiorno salut ciao kindly quick quickly briefly kurz bref breve okay ok yes ja oui si
hey hoi gruezi guten tag abend morgen good morning afternoon evening bonsoir buonasera could can kannst
koennten koenntest koennen pourriez pouvez peux potrebbe potreste puoi give gib geben donner donnez darmi dai
fornirmi fornire cortesemente gentilmente freundlicherweise
regarding regards concerning respecting betreffend bezueglich betreffs hinsichtlich concernant quant riguardo
riguarda merito speaking starting respect gemaess laut selon secondo according svp stp favore pls pull revert
counterpart counterparty
""".split()}


# single fact words long enough to forgive a typo in ("adress", "capitl", "purpse"), each with its fact
_FACT_WORDS = {w: fact for fact, words in FACTS.items() for w in words if w.isalpha() and len(w) >= 5}


def _read_facts(asked: str) -> set[str]:
    ended = asked + " "  # a UID word written with its space after it ("codice che ") also ends the question
    return _settle({fact for fact, words in FACTS.items() if _has(ended if fact == "uid" else asked, words)}
                   | {fact for fact, pattern in _PHRASED if pattern.search(asked)} | _compound_facts(asked), asked)


# an organ of the company: its persons (not the auditor, "organe de révision", nor the publication organ)
_ORGANS = re.compile(r"^(?!.*\bpubli).*\b(?:organes|organi|organe)\b(?!\s+(?:de|di|d')\s*(?:revision|controle|revisione|"
                     r"controllo|publication|audit)\b)")
# what it does, in everyday words: "que font-elles ?", "active dans quoi", "active in what?", "its field, please"
# (not "que font les administrateurs", "actifs dans quoi d'autre", "active in what canton", "experts in their field")
_ACTIVE_IN = re.compile(r"\bque font\b(?!\s+(?:les|des|ses|leurs|ces|nos|vos)\b)|"
                        r"\b(?:actif|actifs|active|actives) dans quoi\b(?! d'autre)|"
                        r"\battiv[oaie] in cosa\b(?! (?:altro|d'altro|oltre))|"
                        r"\bactive in what\b(?=\s*(?:[?.!,;]|$|sectors?\b|fields?\b|areas?\b|business|industr|domains?\b|"
                        r"lines? of\b))|"
                        r"(?<!\bin )\b(?:their|its) field\b(?!\s+(?!of\b)\w)")
# facts asked by a phrase whose words alone ask nothing: how long it has been in business, the money put into it
_PHRASED = (  # (fact, pattern): a fact may be asked by several
    ("liquidation", re.compile(r"\bwind(?:ing|s)? (?:the company|the business|the firm|it|them) (?:up|down)\b")),
    # the owners decided to end it: "l'assemblée a décidé d'y mettre fin", "mettre fin à la société"
    ("liquidation", re.compile(r"\b(?:decid\w*|assemblee|associes|actionnaires)\b.{0,40}\by mettre fin\b|"
                              r"\bmettre fin (?:a la societe|a l'entreprise|a la boite|aux activites)\b")),
    # "When was X launched?", "X a été lancée quand ?" (not its products, nor a procedure)
    ("foundation", re.compile(r"\bhow long (?:has|have)\b.{0,60}\bbeen (?:trading|in business|around|operating)\b|"
                             r"\bwhen (?:was|were)\b.{0,20}\b(?:made|formed)\?|"
                             r"\bwhen (?:was|were|did)\b.{0,20}\blaunch(?:ed)?\b(?!.{0,30}\b(?:liquidation|bankruptcy|"
                             r"procedure|proceedings|products?|brands?)\b)|"
                             r"^(?!.*\b(?:procedure|faillite|liquidation|concours|poursuite|produit|marque|site|gamme|"
                             r"campagne|application|offre)).*\b(?:a(?:-t-elle|-t-il)? ete lancee?|lancee? quand)\b")),
    ("capital", re.compile(r"\b(?:how much money|combien d'argent|wie viel geld|quanto denaro|quanti soldi)\b.{0,50}\b"
                          r"(?:put|invest\w*|brought|contribut\w*|mis|investi|apporte|eingelegt|investiert|einbezahlt|"
                          r"messo|investito|versato)\b|"
                          # "Combien les associés ont-ils apporté dans X ?": the money brought into it
                          r"\b(?:combien|how much|wie ?viel|quanto|quel montant|quelle somme|what amount|welcher betrag|"
                          r"quale importo|quale somma)\b(?!.{0,40}\b(?:time|revenue|sales|profit|temps|chiffre|"
                          r"umsatz|fatturato|personnes|people|persons)\b).{0,40}\b(?:apport\w*|investie?s?|injecte\w*|"
                          r"vers(?:e|ee|es)|put in(?:to)?|invest(?:ed)?|contributed|brought in|eingebracht|einbezahlt|"
                          r"conferit\w*|versat\w*)\b"
                          # (not what it invests in something: "in the new building", "dans sa nouvelle usine"; nor what
                          # was paid out: "versé aux créanciers", "versato al liquidatore")
                          r"(?!\s+(?:in|into|dans|en|nel|nella)\s+(?:the|a|an|its|their|new|sa|son|ses|leur|leurs|un|une|le|"
                          r"la|les)\b|\s+(?:aux?|ai|agli|al|alla|alle|to|an)\s+(?:\w+\s+)?(?:creanc|creditor|glaeubig|"
                          r"liquidat))")),
    # "con quanti franchi è nata?", "combien de francs a-t-on mis ?": the money put in (not what it costs, earns, owes,
    # lost or is worth)
    ("capital", re.compile(r"^(?!.*\b(?:costs?|costing|costed|costa|costano|costo|costi|coute\w*|kost\w*|prix|preis|prezzo|"
                          r"fattur\w*|chiffre|umsatz|revenue|"
                          r"turnover|perd\w*|perso|verlor\w*|creanc\w*|creditor\w*|glaeubig\w*|schulden|dettes?|debiti|"
                          r"debts?|verdien\w*|guadagn\w*|gagne\w*|salaire|lohn|stipendio|vaut|vale|wert|worth)\b)"
                          r".*\b(?:quanti franchi|combien de francs|wie ?viele? franken)\b")),
    # "how was it called earlier?" (not "I called earlier", "named earlier as liquidator")
    ("name_change", re.compile(r"(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bthey )\b(?:called|named) (?:earlier|originally)\b"
                              r"(?!\s+(?:as|a|an|the|about|by|for|to|today|this)\b)")),
    # "where are their offices?": its premises (not the offices a person holds or fills, nor a typo for its officers)
    ("address", re.compile(r"^(?!.*\b(?:hold|holds|held|holding|fill|fills|filled|vacant|give up|gave up|phone|telephone|"
                          r"fax|e-?mail|companies)\b)(?!.*\bwho (?:are|were) (?:the |its |their )?offices\b)"
                          r".*(?<!\bboard )(?<!\bexecutive )(?<!\bwhich )(?<!\bwhat )\boffices\b")),
    ("purpose", _ACTIVE_IN),
    # "de quelle nature est cette entité ?", "di che natura è X?": what it is in law (not the nature of its activity)
    ("legal_form", re.compile(r"\b(?:de quelle nature|di che natura|di quale natura) (?:est|e)(?:-elle|-il|-ce)?\b(?!\s*(?:le|la|"
                             r"les|son|sa|ses|leur|leurs|il|lo|gli|un|une|du|des|del|della|l')\b)")),
    # what it is allowed to do (not who may: the signatories); its reason for being (not that of a deletion)
    ("purpose", re.compile(r"^(?!.*\b(?:who|wer|qui|chi)\b).*\b(?:allowed|permitted|authori[sz]ed|entitled) to do\b|"
                          r"\b(?:raison d'etre|ragion d'essere)\b(?!\s*(?:de la|de l'|du|des|d'une?|della|dello|del)\s*"
                          r"(?:radiation|liquidation|faillite|dissolution|suppression|modification|changement|transfert|fusion|"
                          r"cancellazione|liquidazione|fallimento|modifica))|"
                          r"\breason (?:for being|to exist)(?=\s*(?:[?.!,;]|$|of\b))|"
                          # "what is their business?" (not "their business address")
                          r"\bwhat is (?:their|its|the) business\b(?!\s+(?:address\w*|names?|numbers?|id|ids|identifier|"
                          r"registration|form|structure|status|capital|type|entity|partners?|hours|e-?mail|phone|location|"
                          r"premises|owners?|register)\b)")),
    # money subscribed (not "subscribed to updates", "souscrit un emprunt")
    ("capital", re.compile(r"\bsubscribed (?:capital|shares|amount|sum|money)\b|\b(?:capital|shares|amount|sum|money)\b.{0,20}"
                          r"\bsubscribed\b|\b(?:somme|montant|capital|parts|actions|apports?)\b.{0,25}\bsouscrit\w*|"
                          r"\bsouscrit\w* (?:par|au capital)\b|\b(?:how much|combien|quanto|wie ?viel)\b.{0,40}\b(?:subscribed|"
                          r"souscrit\w*|sottoscritt\w*|gezeichnet)\b")),
    # the official number the state gave it (not "the official number of employees", "of shares")
    # (nor a count: "how many board members, official number?", "of its shareholders", "of the SOGC notice")
    ("uid", re.compile(r"^(?!.*\b(?:how many|combien|wie viele|quant[ie])\b).*(?:"
                      r"\b(?:official|officiel|ufficiale|offizielle) (?:company |business |registration )?"
                      r"(?:number|numero|nummer)|\b(?:numero|nummer) (?:officiel|ufficiale|offiziell\w*))\b"
                      r"(?!\s+(?:of|d'|de|des|du|di|dei|der|an)\s*(?:\w+\s+){0,2}(?:employees|staff|workers|shares|"
                      r"members|seats|salaries|employes|actions|dipendenti|azioni|mitarbeiter\w*|aktien|shareholders|"
                      r"directors|partners|associates|branch\w*|subsidiar\w*|persons|people|notices?|publications?|"
                      r"actionnaires|administrateurs|associes|succursales|avis|personnes|pubblicazion\w*|soci|"
                      r"amministratori|filiali|aktionaer\w*|gesellschafter\w*|filialen|publikation\w*)\b)")),
    # money it was endowed with (not "endowed with a board", "an endowment fund")
    ("capital", re.compile(r"\bendowment\b(?!\s+(?:funds?|polic\w*|insurance|foundations?)\b)|"
                          r"\bendow\w*\b.{0,30}\b(?:capital|money|francs?|chf|cash|sum|amount)\b|"
                          r"\b(?:how much|how many francs)\b.{0,40}\bendow\w*")),
    # a bank's coordinates are no address; whether it is an individual enterprise (not whether one owns one)
    ("address", re.compile(r"(?<!\bbank )(?<!\bbanking )\bcoordinates (?:of|for)\b")),
    ("legal_form", re.compile(r"(?<!\bown )(?<!\bowns )(?<!\bhave )(?<!\bhas )(?<!\brun )(?<!\bruns )"
                             r"\ban individual enterprise\b|\bindividual enterprise or\b")),
    # a court's "concours" (not a contest it opened: "le concours de design", "ouvert à tous")
    ("bankruptcy", re.compile(r"\bconcours (?:est |a ete )?ouvert\w*\b(?!\s+(?:a|aux|au|jusqu\w*|pour|par|des)\b)|"
                             r"\bouvert\w* le concours\b(?!\s+(?:de|d'|du|des)\b)")),
    # "ils sont en train de liquider la société" (not "who is to liquidate it": its liquidator)
    ("liquidation", re.compile(r"^(?!.*\b(?:qui|chi|wer|who)\b).*\b(?:liquider|liquidare|liquidier\w*)\b")),
    # "Est-ce que tu sais ce que X fait ?": what it does
    # (not "est-ce que X a fait faillite", "fait partie", "en fait": the verb ends the clause)
    ("purpose", re.compile(r"(?<!est-)\bce qu(?:e|')\s*(?:\S+\s+){0,3}?(?<!\ba )(?<!\bont )(?<!\ben )(?:fait|font)"
                          r"(?=\s*(?:[?.!,;]|$|exactement|au juste|dans la vie|comme))|"
                          r"\b(?:ils|elles) sont dans quoi\b(?! comme)")),
    # "historique de dénomination", "a-t-elle porté une autre firme ?": the names it bore
    ("name_change", re.compile(r"\bhistorique (?:des?|du) (?:noms?|denominations?|raisons? sociales?|appellations?)\b|"
                              # another name it bore; names it bore (plural, past); the name it bore then
                              r"\bport\w*\W+(?:\w+\W+){0,2}?(?:autres?|ancien\w*|precedent\w*|d'autres|different\w*)\W+"
                              r"(?:noms?|firmes?|raisons? sociales?|denominations?|appellations?)\b|"
                              r"\b(?:noms|firmes|raisons sociales|denominations|appellations)\b(?:\W+\S+){0,4}?\W+"
                              r"port(?:es|ees)\b|"
                              r"\b(?:nom|noms|firme|raison sociale|denomination)\b(?:\W+\S+){0,4}?\W+portai(?:t|ent)\b")),
    # "la boîte a coulé": it sank (not "de l'eau a coulé sous les ponts", "a coulé la dalle"); "le juge a ouvert la
    # procédure contre eux" (a court opens a bankruptcy; not a criminal, liquidation or composition procedure)
    ("bankruptcy", re.compile(r"\b(?:a|ont|avait|avaient|aurait) coule\b(?!\s+(?:sous|la|le|les|du|de|des|une?)\b)|"
                             r"\b(?:juge|tribunal)\b.{0,30}\bouv(?:ert|re)\w* (?:la|une) procedure\b"
                             r"(?=\s*(?:[?.!,;]|$|contre\b|a l'encontre\b|envers\b|de faillite\b|quand\b|pour\s+⟦⟧))")),
    # "the shares, how much are they worth in total?": the capital (not what a person's stake is worth, nor advice)
    ("capital", re.compile(r"^(?!.*\b(?:who|his|her|him|my|our|your|stake|shareholders?)\b)(?!.*[a-z]'s shares\b)"
                          r".*\bshares\b.{0,40}\bworth\b(?!\s+(?:buying|it|investing|selling|holding|anything)\b)")),
    # "when was it chartered?" (not a chartered accountant, "chartered a plane", "chartered flights")
    ("foundation", re.compile(r"\bchartered\b(?=\s*(?:[?.!,;]|$|in\b|on\b|when\b|since\b|before\b|after\b|where\b|and\b))")),
    # its officers as the register calls them, "les organes", "gli organi" (not the auditor: "organe de révision",
    # nor the publication organ, the official gazette)
    ("persons", _ORGANS),
    # "what else do its people sit on?" (not "what else do they serve besides coffee", nor a request for more)
    ("network", re.compile(r"\b(?:what|which|where) else\b(?!\s+(?:can|could|should|would|do you|is|are)\b)"
                          r"(?!.*\b(?:markets?|customers?|clients?|food|menu|coffee|products?|canteen|restaurant)\b)"
                          r".{0,40}\b(?:sit|sits|serve|serves|sitting|serving)\b(?=\s*(?:on|as)\b|\s*(?:in|at)?\s*\?|\s*$)|"
                          # "où ailleurs siègent-ils ?" (not "à Genève ou ailleurs ?": "or elsewhere")
                          r"(?:^|[,;:]|⟦⟧)\s*ou ailleurs\b|"
                          r"\b(?:sieg\w*|actif|actifs|active|actives|presente?s?|engagee?s?|sont|bossent|travaillent|inscrite?s?)(?:-\w+)*\s+"
                          r"ou ailleurs\b")),
    # "under which form is it registered?" (not "in what form is the capital paid", "in which form can I get it")
    ("legal_form", re.compile(r"\b(?:under|in) (?:which|what) form\b(?!\s+(?:number|can|could|should|must|do|does|did|"
                             r"are|were)\b)(?!.{0,40}\b(?:paid|published|signed|sign|get|obtain|order|receive)\b)")),
    # "Les actions valent combien ?", "Was sind die Aktien wert?", "Quanto valgono le azioni?": the capital
    ("capital", re.compile(r"^(?!.*\b(?:mes|nos|vos|ses|meine|unsere|mie|nostre)\s+(?:actions|aktien|azioni)\b)"
                          r".*(?:\b(?:actions|aktien|azioni)\b.{0,40}\b(?:valent|wert|valgono)\b|"
                          r"\b(?:valent|valgono)\b.{0,30}\b(?:actions|azioni)\b)")),
    # "What other boards do its people sit on?"
    ("network", re.compile(r"\bother boards\b")),
    # "shutting the company down" (not "shutting down its website")
    ("liquidation", re.compile(r"\bshutting\s+(?:it\s+|them\s+|(?:the (?:company|business|firm)\s+)?(?:⟦⟧\s+)?)?down\b"
                              r"(?!\s+(?:its|the|their|a|an|his|her|our|operations in)\b)")),
    # "closing the company down" (not "closing the company accounts", "closing down its branch", a closing-down sale)
    ("liquidation", re.compile(r"\bclosing (?:the )?(?:company|business|firm)\b(?!'s|\s+(?:accounts?|year|deal|books?|"
                              r"day|in)\b)|\bclosing (?:it )?down\b(?!\s+(?:its|the|their|a|an|his|her|sale)\b|-)")),
    # "Orlon SA date de quand ?" (the firm itself; not "la faillite date de quand ?")
    ("foundation", re.compile(r"^\W*(?:⟦⟧\W*)?dat(?:e|ent) de quand\b")),
    # firms run by the same people elsewhere: companies sharing its persons (not "the same people as in 2020")
    ("network", re.compile(r"\bsame (?:people|persons|folks|management|individuals)\b.{0,40}\b(?:else|other|elsewhere)\b|"
                          r"\b(?:else|other|elsewhere)\b.{0,40}\bsame (?:people|persons|folks|management|individuals)\b")),
    # "for which business is it registered?": what it does (the registration only its source)
    ("purpose", re.compile(r"\b(?:for|in) (?:which|what) (?:business|line of business|activity|activities|trade)\b.{0,30}"
                          r"\bregistered\b|\bregistered (?:for|as) (?:which|what) (?:business|activity|trade)\b")),
    # "has the firm name been changed?": the name changed, written after it
    ("name_change", re.compile(r"\b(?:firm|company|corporate|business|trade) names?\b.{0,20}\b(?:been |was |were )?"
                              r"(?:changed|altered|modified|amended)\b")),
    # "when did the court put them under?": it failed (not "put it under new management", "under review")
    ("bankruptcy", re.compile(r"\b(?:put|putting|push|pushes|pushed|pushing|send|sent|sending)\s+"
                             r"(?:them|it|him|her|(?:the|that|this) (?:company|firm|business))\s+under(?=\s*(?:[?.!,;]|$))")),
    # "the failure of X, pronounced by the court when?": its bankruptcy (a failure alone is no bankruptcy: "a failure
    # to file", "the failure rate")
    ("bankruptcy", re.compile(r"^(?=.*\b(?:court|judge|tribunal|gericht|richter|juge|giudice|pretura)\b)(?!.*\bfailure to\b)"
                             r".*\bfailure\b|\bpronounc\w*\b.{0,20}\b(?:failure|bankrupt\w*)\b|"
                             r"\b(?:failure|bankrupt\w*)\b.{0,60}\bpronounc\w*")),
    # "what's their game?": what it does (not "the game they sell": a product named)
    ("purpose", re.compile(r"\bwhat(?:'s| is) (?:the|their|its) (?:(?:stated|real|official|main) )?game\b"
                          r"(?!.{0,40}\b(?:called|named|titled?|sells?|sold|publish\w*|develop\w*|release\w*|makes?|made)\b)")),
    # "a-t-elle toujours porté ce nom-là ?", "hat sie immer so geheissen?", "ha sempre avuto questo nome?": whether it
    # was called otherwise (not "a-t-elle toujours son siège": another fact)
    ("name_change", re.compile(r"\btoujours (?:porte|eu|garde|conserve)\W+(?:\w+\W+){0,2}?(?:nom|noms|raison sociale|"
                              r"denomination|appellation)\b|"
                              r"\b(?:s'est|se sont)(?:-elles?|-ils?)? toujours (?:appelee?s?|nommee?s?)\b|"
                              r"\balways (?:had|borne|carried|used|kept|been under) (?:this|that|the same|its current|"
                              r"its present|the current|its)(?: company| firm| trade| business)? name\b|"
                              r"\b(?:schon )?immer so (?:geheissen|gehiessen|genannt)\b|"
                              r"\bimmer (?:diesen|denselben|den gleichen) namen\b|"
                              r"\bsempre (?:avuto|portato|usato) (?:questo|lo stesso|quel) nome\b|"
                              r"\bsempre (?:chiamata|chiamato|chiamati|chiamate)\b(?!\s+(?:a|per|da|in)\b)")),
)


# the words the facts are asked with, long enough to forgive a typo in ("bankrupcy", "registraton", "adresse")
_SPELLED = frozenset(w for words in FACTS.values() for phrase in words for w in re.findall(r"[a-z]+", phrase)
                     if len(w) >= 5) | frozenset(w for w in QUESTION_WORDS if len(w) >= 5 and w.isalpha())


_KNOWN = linker.GENERIC | _FILLER  # read as typed, never as a misspelling (the function words among them)


def _spelled(asked: str) -> str:
    """The (folded) question with its words that misspell a word the facts are asked with read as meant
    (`spelling.meant`); the rest as typed."""
    return spelling.respell(asked, _SPELLED, _KNOWN, folded=True)


@functools.cache
def _rule_words() -> tuple[frozenset[str], frozenset[str]]:
    """Every word the reader's rules spell (the facts' words, the question vocabulary's, the words of the patterns of
    the graph questions, the filters, the roles and this module), and the stems those patterns read with any
    ending."""
    patterns = [v for m in (graph_questions, filters, roles, sys.modules[__name__]) for v in vars(m).values()
                if isinstance(v, re.Pattern)]
    # the facts' and the notice kinds' words are read as word beginnings ("fondee" reads "fondées")
    prefixes = {w for words in (*FACTS.values(), *(words for _, words in filters.EVENTS)) for phrase in words
                for w in re.findall(r"[a-z]+", phrase) if len(w) >= 5}
    return (frozenset(_SPELLED | spelling.pattern_words(patterns)),
            frozenset(spelling.pattern_stems(patterns) | prefixes))


def respelt(text: str) -> str:
    """A question (names blanked) with the words it misspells read as the rules' words ("merdged into what?",
    "befroe X moved its seat"), before any rule reads it."""
    words, stems = _rule_words()
    return spelling.respell(text, words, _KNOWN, stems=stems, replaced=False)


def _misspelt_fact(unread: list[str]) -> str | None:
    """The one fact that the words the rules did not read name with a typo (one edit, two from 9 letters, the first
    letter as written: a word of its own that differs there is no typo, "failing" no "mailing", "residence" no
    "présidence"), or None when none or several facts come that close."""
    near = {fact for w in unread if len(w) >= 5 for word, fact in _FACT_WORDS.items()
            if word[0] == w[0] and abs(len(word) - len(w)) <= 2
            and OSA.distance(w, word) <= (2 if len(word) >= 9 else 1)}
    return near.pop() if len(near) == 1 else None


def _unread(folded: str) -> list[str]:
    """The words of a question (names blanked) that the rules do not read: neither function words, nor the
    vocabulary of questions, nor fillers."""
    return [folded[a:b] for a, b, w in linker.tokens(folded) if len(w) >= 3 and not w.isdigit() and w not in _FILLER
            and w not in linker.FUNCTION_WORDS and w not in linker.FORM_WORDS and not linker.vocabulary(w)]


# a Swiss postal address: street and number, postcode and town ("Seestrasse 30, 3014 Bern", "Via Ciseri 95,
# 6850 Mendrisio", "rue du Rhône 12, 1204 Genève")
_ADDRESS = re.compile(r"(?P<street>(?:[^\W\d_][\w.'’-]*\s+){1,4}\d{1,4}[a-zA-Z]?)\s*,?\s+(?P<zip>[1-9]\d{3})\s+"
                      r"(?P<town>[^\W\d_][\w.'’-]*(?:\s+[^\W\d_][\w.'’-]*)?)")


def street_address(question: str) -> tuple[int, int] | None:
    """The span of a postal address in the question, from its street (question words before it left out) to
    its town; None when the question holds none ("April 6, 2025 at X" is a day, not a number and a postal code)."""
    m = _ADDRESS.search(question)
    day = graph_questions.date_in(question) if m else None
    while m and day and day[1][0] < m.end("zip") and m.start("street") < day[1][1]:
        # the day read as a number and a postcode: look again after it ("April 6, 2025 at Bahnhofstrasse 12, 8001
        # Zürich"), not after the whole wrong match, which may have eaten the street
        m = _ADDRESS.search(question, max(day[1][1], m.start("street") + 1))
    if not m:
        return None
    start = m.start("street")
    for w in list(re.finditer(r"\S+", m.group("street")))[:-2]:  # the street's last word and number stay
        if not (fold(w.group()) in linker.FUNCTION_WORDS or linker.vocabulary(linker.loose(w.group()))):
            break
        start = m.start("street") + w.end()  # "at", "the address", "unter der Adresse" are not the street
    town = m.group("town").split()
    end = m.start("town") + len(town[0])
    if len(town) > 1 and not (fold(town[1]) in linker.FUNCTION_WORDS or linker.vocabulary(linker.loose(town[1]))):
        end = m.end("town")
    while end > start and question[end - 1] in ".,;:'’":
        end -= 1
    return start + len(question[start:]) - len(question[start:].lstrip()), end


_FORM = (r"\b(?:ag|sa|gmbh|sarl|sagl|llc|ltd|genossenschaft|cooperative|cooperativa|stiftung|fondation|fondazione|verein|"
         r"(?:limited|public|private|stock|joint.stock|limited liability|share) (?:company|co|society)|limited one|"
         r"company limited by shares|"
         r"company|compagnie|societe|society|corp|coop|asso|one.man (?:business|company|firm)|"
         r"societe (?:a responsabilite limitee|par actions|cooperative)|societa (?:a responsabilita limitata|cooperativa)|"
         r"gesellschaft mit beschraenkter haftung|"
         r"(?:private|public) limited|srl|bv|nv|plc|societe de capitaux|societa di capitali|kapitalgesellschaft|"
         r"association|associazione|foundation|corporation|(?:general |limited )?"
         r"partnership|(?:sole )?proprietorship(?: firm)?|sole (?:prop|trader)|einzel(?:unternehmen|firma)|kollektivgesellschaft|"
         r"aktiengesellschaft|societe (?:anonyme|en nom collectif)|raison individuelle|entreprise individuelle|ditta individuale|"
         r"societa (?:anonima|in nome collettivo))\b")
_FORM_RE = re.compile(_FORM)
_OR = re.compile(r"\b(?:or|oder|ou|o|vs|versus)\b")
_INCORPORATED_OR = re.compile(r"\bincorporated\b.{0,12}\bor\b(?: \w+){0,2} " + _FORM)  # "… incorporated or a sole trader?"
_SOMETHING_ELSE = re.compile(_FORM + r".{0,12}\b(?:or|oder|ou|o)\b.{0,6}\b(?:something|anything|some other|another|"
                             r"etwas|eine andere|autre chose|une autre|altro|un'altra|quoi|was anderes|cosa|otherwise|"
                             r"else|sonst\w*|autrement|altrimenti)\b|"
                             # "an AG or what?" (one form named: not "a good company or what?")
                             r"\b(?:ag|sa|gmbh|sarl|sagl|llc|ltd|genossenschaft|cooperative|cooperativa|stiftung|fondation|"
                             r"verein|association|foundation|corporation|partnership)\W{0,3}\bor what\W*$")


def _either_form(asked: str) -> bool:
    """"Is X an AG or a GmbH?", "a stock corporation, a limited liability company or something else?": the
    legal form asked as a choice between forms."""
    forms = list(_FORM_RE.finditer(asked))
    if len(forms) >= 2 and _OR.search(asked, forms[0].end(), forms[-1].start()):
        return forms[-1].start() - forms[0].end() <= 60
    if len(forms) >= 3 and forms[-1].start() - forms[0].end() <= 60:
        return True  # "corporation, LLC, association, foundation? which one"
    return bool(_SOMETHING_ELSE.search(asked) or _INCORPORATED_OR.search(asked))
_NOTICE = (r".{0,40}\b(?:notice|publication|meldung|publikation|avis|pubblicazion|appear|erschien|paru|apparso|apparsa|"
           r"show(?:s|ed)? up|turn(?:s|ed)? up|pop(?:s|ped)? up|"
           r"apparition|apparu|compars[oa]|aufgetaucht|auftauch|taucht|"
           r"entry|entries|shab|fosc|sogc|gazette|announcement|bekanntmachung|annonce|annuncio|avviso)")
_NOTICE_ORDER = {
    "first_notice": re.compile(r"\b(?:first|earliest|oldest|erste\w*|erstmals|aelteste\w*|premier\w*|plus ancien\w*|"
                               r"prim[oa]|piu vecchi\w*)\b" + _NOTICE),
    "latest_notice": re.compile(r"\b(?:latest|last|most recent|newest|neueste\w*|letzte\w*|juengste\w*|derni\w*|"
                                r"plus recent\w*|ultim[oa]|piu recent\w*)\b" + _NOTICE),
}


# what a company does, not what it is: "… do they do?", "… are they in?"
_DOING = re.compile(r"\b(?:do|does|did)\b.*\bdo\W*$|\b(?:are|is)\b.*\bin\W*$")


# "old company names", "earlier names", "c'était quoi avant ?" (not "former director names", "old street names", nor
# "c'était quoi avant, son activité ?"): read where persons are not asked
_OLD_NAMES = re.compile(r"\b(?:old|former|previous|earlier|prior|past|original)\s+"
                        r"(?:(?:company|corporate|business|trade|firm|registered|legal|official)\s+)?names\b"
                        r"(?!\s+(?:of|in|on)\s+(?:the\s+|its\s+)?(?:founders|directors|owners|members|shareholders|partners|"
                        r"persons|people|board|auditors?)\b)|"
                        r"\boriginal (?:company |corporate |trade |registered )?name\b(?!\s+(?:of|in|on)\s+(?:the\s+|its\s+)?"
                        r"(?:founders?|directors?|owners?|members?|shareholders?|partners?|persons?|people|board|auditors?)\b)|"
                        r"c'etait quoi avant(?=\s*(?:[?.!]|$|,?\s*(?:le|son) nom\b))")


def _settle(facts: set[str], asked: str) -> set[str]:
    """Overlaps between the fact words: a seat move is asked with seat words, a liquidator is no liquidation,
    "still registered" asks for the status, not the founding date."""
    if _either_form(asked):
        facts.add("legal_form")  # "Is X an AG or a GmbH?", "a limited company or a partnership?" (no partners asked)
        if not _WHEN.search(asked):
            facts.discard("foundation")  # "incorporated as a company, a cooperative or a foundation?": the form
        if not _asks_who(asked):
            facts.discard("persons")
    if not facts and _IS_FORM.search(asked):
        facts.add("legal_form")
    if "legal_form" in facts and len(facts) > 1 and _IN_LAW.search(asked) and not _either_form(asked) and not _has(
            _IN_LAW.sub(" ", asked), FACTS["legal_form"]):
        facts.discard("legal_form")  # "where do they hang their shingle, legally speaking?": the seat, in law
    if "legal_form" in facts and re.search(r"\bconstitu(?:t|e)", asked) and _WHEN.search(asked) and not re.search(
            r"\blegal|\bform|\btype|\bkind|\bsort", asked) and not _either_form(asked):
        facts.discard("legal_form")  # "when was X constituted?": its founding, not how it is constituted
        facts.add("foundation")
    if re.search(r"\bname history|namensgeschichte|historique des "
                 r"(?:noms|changements de nom|denominations|appellations|raisons sociales)|storia dei nomi|"
                 r"\bname changes|namensaenderungen|changements de (?:nom|raison)|cambiamenti di (?:nome|ditta)", asked):
        facts.discard("history")  # the history of its names, not of every notice
    if "persons" not in facts and (_NAME_BEFORE.search(asked) or _NAME_CHANGED.search(asked) or _FORMER_NAME.search(asked)
                                   or _OLD_NAMES.search(asked)):
        # (the names of former directors are persons asked, not the company's former names)
        facts.add("name_change")  # "under which company name was it registered before?"
        facts.discard("foundation")
    for fact, pattern in _NOTICE_ORDER.items():
        if pattern.search(asked):
            facts.add(fact)
            facts.discard("history")
    if "legal_form" in facts and _LEGAL_STATUS.search(asked) and not _has(_LEGAL_STATUS.sub(" ", asked) + " ",
                                                                         FACTS["status"] + FACTS["legal_form"]):
        facts.discard("status")  # "statut juridique", "legal status": the legal form, not whether it is active
    if "legal_form" in facts and _FORM_ASKED.search(asked) and not _has(
            asked, tuple(w for w in FACTS["purpose"] if not w.startswith("opera"))):
        facts.discard("purpose")  # "sotto quale veste giuridica opera X": the form it operates in
    if {"legal_form", "purpose"} <= facts and _DOING.search(asked):
        facts.discard("legal_form")  # "what kind of business do they do?", "what sort of work are they in?"
    if "network" in facts and _TRADES_WITH.search(asked):
        facts.discard("network")  # "does X sell to other businesses?": its customers, not companies sharing persons
    if "capital" in facts and re.search(r"\bstarting (?:fund|capital)\b", asked) and not _WHEN.search(asked):
        facts.discard("foundation")  # "the starting fund": the capital, not when it started
    if "persons" in facts and facts & {"capital", "liquidation"} and (
            _BY_OWNERS.search(asked) or "capital" in facts and _BY_OWNERS_PASSIVE.search(asked)
            and not _NAMES_ASKED.search(asked)) and not _asks_who(
            asked) and not _WHICH_OWNERS.search(asked):
        facts.discard("persons")  # "how much money did the owners put in", "les associés ont décidé de fermer"
    if "purpose" in facts and _FOR_PURPOSES.search(asked) and not _has(_FOR_PURPOSES.sub(" ", asked), FACTS["purpose"]):
        facts.discard("purpose")  # "for the purposes of our file, its UID": why it is asked, not its purpose
    if "seat_move" in facts or "head_office" in facts or _SITS_ON.search(asked):
        facts.discard("address")  # "qui siège au conseil", "who sits on the board": a seat on a board
    if "history" in facts and facts & set(EVENT_FACTS) and not _has(
            asked, tuple(w for w in FACTS["history"] if w not in _NOTICE_NOUNS | _CHANGE_NOUNS)):
        facts.discard("history")  # "notices of dissolution or bankruptcy": those notices, not every notice
    if "foundation" in facts and facts & {"bankruptcy", "liquidation", "deletion"} and not _has(
            _STILL_REGISTERED.sub(" ", asked), tuple(w for w in FACTS["foundation"] if w not in _SINCE_WHEN)) and not (
            re.search(r"\b(?:exist|besteh|existe|esist)", asked) and not _STILL.search(asked)):
        # a bankruptcy or deletion asked with a "since when": the date of that event, not the founding (a question
        # of how long it has existed asks the founding; one of whether it still exists does not)
        facts.discard("foundation")
    if {"foundation", "capital"} <= facts and _FOUNDED_WITH.search(asked) and not _WHEN.search(asked):
        facts.discard("foundation")  # "with how much capital was it set up?": the money, not the date
    if {"capital", "legal_form"} <= facts and _CAPITAL_FORM.search(asked) and not _has(
            _CAPITAL_FORM.sub(" ", asked), FACTS["capital"]):
        facts.discard("capital")  # "a society of capitals or a sole proprietorship?": a legal form, no money asked
    if "legal_form" in facts and len(facts) > 1 and _CAPITAL_FORM.search(asked) and not _IS_CAPITAL_FORM.search(
            asked) and not _either_form(asked) and not re.search(r"\b(?:or|oder|o)\b", asked) and not _has(
            _CAPITAL_FORM.sub(" ", asked), FACTS["legal_form"]):
        facts.discard("legal_form")  # "où siège la société de capitaux X ?": its seat; the form only names it
    if "deletion" in facts and _NO_LONGER_LISTED.search(asked) and not _has(_NO_LONGER_LISTED.sub(" ", asked),
                                                                             FACTS["deletion"]):
        if _LISTED_AS.search(asked):
            facts.add("persons")  # "does Y no longer appear as director of X?": whether that person is still there
        if facts - {"deletion", "status", "dossier"}:
            facts.discard("deletion")  # "the old address no longer appears": that fact, not the company's deletion
    if {"foundation", "persons"} <= facts and (_BODY_CONSTITUTED.search(asked) or re.search(r"\bnee\b", asked)) and not (
            _asks_who(asked) or _has(asked, tuple(w for w in FACTS["foundation"] if "constitu" not in w and "nee" not in w))):
        facts.discard("foundation")  # "le conseil est constitué quand ?", "la directrice est née en quelle année ?"
    if {"foundation", "legal_form"} <= facts and re.search(
            r"\bincorporated as\b|\b(?:a|an|or|une|ou|una|o) (?:foundation|fondation|fondazione)\b", asked) \
            and not _WHEN.search(asked):
        facts.discard("foundation")  # "incorporated as what?", "a foundation or what sort of enterprise?": the legal form
    if "purpose" in facts and facts & {"persons", "network"} and _ACTIVE_IN.search(asked) and not _has(
            asked, FACTS["purpose"]):
        facts.discard("purpose")  # "que font les administrateurs ?", "sono attivi in cosa, i gerenti?": those persons
    if "foundation" in facts and len(facts) > 1:
        strong = tuple(w for w in FACTS["foundation"] if w not in WEAK_FOUNDATION)
        if not _has(asked, strong) and not any(p.search(asked) for f, p in _PHRASED if f == "foundation"):
            facts.discard("foundation")  # "registered" besides another fact is not the founding
    if {"network", "persons"} <= facts and not _asks_who(asked, tuple(w + " " for w in QUESTION_WHO)):
        facts.discard("persons")  # "which companies share board members with X?": the companies, not X's persons
    if re.search(r"\bunter welche[nrm]? firm", asked):
        facts -= {"network"}  # "unter welchen Firmen war sie eingetragen?": its trade names (Firma), not other firms
        facts.add("name_change")
    if "network" in facts and re.search(r"\b(?:sonst noch|ebenfalls|auch) (?:eingetragen|im handelsregister)\b", asked):
        facts.discard("status")  # "wo sind sie sonst noch eingetragen?": elsewhere, not "still registered"
    if _REGISTRATION_ENDED.search(asked):
        facts.add("deletion")  # "its registration came to an end": when?
        facts.discard("foundation")
    if _HOW_LONG_LISTED.search(asked) and not facts & {"liquidation", "bankruptcy", "deletion", "persons", "address"}:
        facts.add("foundation")  # "how long has it been in the register?" (not "how long in liquidation?")
    if not facts and _REGISTRATION_WHEN.search(asked):
        facts.add("foundation")  # "regarding the registration of X, on which date did it happen?"
    if "foundation" in facts and _HOW_LONG.search(asked) and not _STILL.search(asked):
        facts.discard("status")  # "how long has it existed?" asks since when, not whether it still exists
    if {"history", "name_change"} <= facts and _NAME_HISTORY.search(asked) and not _has(
            _NAME_HISTORY.sub(" ", asked), FACTS["history"]):
        facts.discard("history")  # "changement de nom, historique ?": the history of its names, not every notice
    if {"capital", "persons"} <= facts and _CONTRIBUTION.search(asked) and not _asks_who(asked):
        facts.discard("persons")  # "l'apport des associés, c'est combien ?": the money they put in, not who they are
    if "persons" in facts and len(facts) > 1 and not _asks_who(asked, FACTS["persons"]) and not _ORGANS.search(asked):
        facts.discard("persons")  # "c'est une boîte qui date de quand ?": a relative "qui", no one asked
    if "auditor" in facts and re.search(r"\borganes? de revision", asked):
        facts.discard("persons")  # "les organes de révision": the audit firm
    if facts & {"head_office", "branches", "auditor"}:
        facts.discard("network")
        # "who is the auditor?" asks for the audit firm; persons only when a role is named besides it
        if not _has(asked, tuple(w for w in FACTS["persons"] if w.strip(" ?") not in QUESTION_WHO)):
            facts.discard("persons")
    return facts


QUESTION_WHO = frozenset({"who", "wer", "qui", "chi"})
_HISTORY_WORD = r"(?:history|historique|histoire|storia|geschichte|chronolog\w*|cronologia|timeline)"
_NAMES_WORD = r"(?:names?|noms?|nomi|nome|namen|raisons? sociales?|ragion[ei] social[ei]|denominations?)"
_NAME_HISTORY = re.compile(rf"\b{_NAMES_WORD}\W+(?:\w+\W+){{0,2}}{_HISTORY_WORD}|\b{_HISTORY_WORD}\W+(?:\w+\W+){{0,2}}"
                           rf"{_NAMES_WORD}\b")
# ("depuis toujours", "pour toujours": since forever, for good; no "still")
_STILL_WORD = r"\b(?:still|noch|encore|(?<!depuis )(?<!pour )toujours|ancora|tuttora)"
_STILL = re.compile(_STILL_WORD + r"\b")
# "still registered", "ancora iscritta": whether it is, not since when
_STILL_REGISTERED = re.compile(_STILL_WORD + r"\s+(?:\w+\s+)?(?:registered|eingetragen|inscrite?s?|iscritt\w*|"
                               r"on the register|im handelsregister)")
_OWNER_WORD = r"owners?|shareholders?|partners?|associates|associes?|actionnaires|gesellschafter\w*|aktionaer\w*|soci|azionisti"
# the owners as who put the capital in or decided the liquidation: not the persons asked for
_MEMBERS = (r"(?<!board )members|membres(?! du conseil| de la direction)|mitglieder(?! des verwaltungsrat\w*| der "
            r"geschaeftsleitung| des vorstand\w*)|membri(?! del consiglio)")
_BY_OWNERS = re.compile(r"\b(?:" + _OWNER_WORD + r"|inhaber\w*|" + _MEMBERS + r")\b.{0,25}\b(?:put|invest\w*|"
                        r"brought|contribut\w*|endow\w*|paid|decid\w*|wind(?:ing|s)?|wound|liquidat(?:e|es|ed|ing)|dissolv\w*|"
                        r"resolv\w*|vot(?:e|ed|ing)|ont(?:-ils|-elles)? (?:mis|investi|apporte|verse|decide)|"
                        r"haben (?:\w+ )?(?:eingelegt|investiert|einbezahlt|beschlossen|entschieden)|"
                        r"hanno (?:messo|investito|versato|deciso))\b")
# the money subscribed or paid in by the owners ("la somme souscrite par les associés"): the capital, not its persons
_BY_OWNERS_PASSIVE = re.compile(r"\b(?:souscrit\w*|subscribed|apporte\w*|versee?s?|paid in|put in|contributed|"
                                r"gezeichnet|einbezahlt|eingebracht|sottoscritt\w*|versat\w*|conferit\w*)\s+"
                                r"(?:par|by|von|dai|da|dagli)\s+(?:\w+\s+){0,2}?(?:" + _OWNER_WORD + r")\b")
# what it was founded with: "with how much capital was it set up?"
_FOUNDED_WITH = re.compile(r"\b(?:with how (?:much|many)|con quant[io]|con quanta|avec combien|mit wie ?viel\w*)\b"
                           r"(?!\s+(?:de |d')?(?:partners|soci|associes|gesellschaftern|personen|persons|people|members|"
                           r"membres|directors|administrateurs|amministratori))")
# a company whose owners' liability is their capital: a kind of legal form ("une société de capitaux")
_CAPITAL_FORM = re.compile(r"\b(?:compan(?:y|ies)|societ(?:y|ies)|societes?|societa) (?:of|de|di) capita(?:l|ls|ux|li)\b|"
                           r"\bkapitalgesellschaft\w*")
_IS_CAPITAL_FORM = re.compile(r"\b(?:is|est|ist|e|sont|sind|sono|was|etait|war|era)\b[^,;]{0,25}\b(?:a|an|une|eine|una|un)\s+"
                              r"(?:compan|societ|kapitalges)")
# no longer listed: a fact, a person or the company itself gone from the register
_NO_LONGER_LISTED = re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, NO_LONGER_LISTED)) + r")\w*")
_LISTED_AS = re.compile(_NO_LONGER_LISTED.pattern + r"\s+(?:\w+\s+)?(?:as|at|among|chez|comme|parmi|tra|fra|come|als|bei|"
                        r"unter)\b")
# a board or committee constituted, not the company
_BODY_CONSTITUTED = re.compile(r"\b(?:board|conseil|direction|comite|committee|verwaltungsrat\w*|vorstand|consiglio|"
                               r"geschaeftsleitung)\b.{0,40}\bconstitu|\bconstitu\w*\b.{0,30}\b(?:board|conseil|comite|"
                               r"committee|consiglio|direction)\b")
_FOR_PURPOSES = re.compile(r"\bfor (?:the |our |my )?purposes? of\b|\baux fins d[eu']|\bai fini d")
# "qui" that asks no one: "pour ce qui est de X", "une boîte qui date de quand ?" (a relative pronoun after the firm)
_NOT_WHO = re.compile(r"\b(?:ce|boite|societe|entreprise|firme|structure|maison|compagnie|affaire|sarl|sa) qui\b|"
                     # a relative after persons: "through persons who also appear there", "des gens qui …"
                     r"\b(?:persons|people|individuals|directors|officers|personnes|gens|persone) (?:who|qui|chi)\b")
_WHO_WORD = re.compile(r"\b(?:" + "|".join(sorted(QUESTION_WHO)) + r")\b(?!-)")  # "par qui, …" too ("qui-vive" not)


def _asks_who(asked: str, words: tuple[str, ...] = tuple(QUESTION_WHO)) -> bool:
    """Whether one of `words` (the question words for persons by default), or a question word for persons standing
    alone, is in the question as a question (not a relative "qui" after the firm: `_NOT_WHO`)."""
    kept = _NOT_WHO.sub(" ", asked)
    return _has(kept, words) or bool(_WHO_WORD.search(kept))


_TRADES_WITH = re.compile(r"\b(?:sells?|selling|suppl(?:y|ies|ying)|deliver\w*|serv(?:e|es|ing)|work(?:s|ing)? with) "
                          r"(?:\w+ )?(?:to )?other (?:businesses|firms|companies)\b")
_WHICH_OWNERS = re.compile(r"\b(?:which|welche\w*|quel\w*|qual[ie]?)\s+(?:\w+\s+)?(?:" + _OWNER_WORD +
                           r"|members|membres|mitglieder|membri)\b")
# their names asked beside the money they put in ("le capital souscrit par les associés et leurs noms")
_NAMES_ASKED = re.compile(r"\b(?:names?|noms?|namen|nomi|list\w*|liste|elenco|lesquels|lesquelles|welche)\b")
# how old a person is, asked of a person
_AGE_ASKED = re.compile(r"\b(?:how old|wie alt|quel age|quanti anni ha)\b(?! (?:is |ist |a |ha )?(?:the |die |la |le |l'|das )?"
                        r"(?:company|firm|firma|unternehmen|gesellschaft|societe|entreprise|societa|azienda|ditta))")
_IN_LAW = re.compile(r"\b(?:legally speaking|juridiquement parlant|giuridicamente parlando|rechtlich gesehen|"
                     r"au sens du droit(?: des societes| suisse)?)\b")
_LEGAL_STATUS = re.compile(r"\b(?:statut (?:juridique|legal)|legal status)\b")
_SINCE_WHEN = frozenset({"since when", "seit wann", "depuis quand", "da quando", "since what year", "since which year",
                         "seit welchem jahr", "depuis quelle annee", "da che anno", "da quale anno"})
# the legal form named with a word that alone would ask for something else (a status, an activity, a registration)
_FORM_ASKED = re.compile(r"\b(?:sous quelle forme|veste (?:giuridica|legale)|quale veste)\b")
# one legal form asked with yes or no ("Ist X eine Einzelfirma?"): the forms a company has, not "a company"
_ONE_FORM = (r"(?:ag|sa|gmbh|sarl|sagl|llc|ltd|genossenschaft|cooperative|cooperativa|stiftung|fondation|fondazione|verein|"
             r"(?:single|one|sole)[ -](?:owner|man|person)(?: business| company| firm| enterprise)?|"
             r"association|associazione|foundation|corporation|partnership|(?:sole )?proprietorship|sole prop|sole trader|"
             r"einzel(?:unternehmen|firma)|kollektivgesellschaft|aktiengesellschaft|societe anonyme|raison individuelle|"
             r"entreprise individuelle|ditta individuale|societa anonima|gesellschaft mit beschraenkter haftung|"
             r"societe (?:a responsabilite limitee|par actions)|societa a responsabilita limitata|joint.stock society|"
             r"(?:limited liability|limited|stock|joint.stock) company)")
# "Is X a GmbH?", "X - is that a stock corporation?" (the question, or its clause after the name, ends in the form)
_IS_FORM = re.compile(r"(?:^|[,:;\u2013\u2014-]\s*)(?:is|ist|est|e|era|was|war)\b"
                      r"(?:(?!\b(?:of|by|part|member|parent|subsidiary|owned|audited|controlled|client|partner|filiale|"
                      r"teil|mitglied|membre|von|par)\b).){0,80}\b(?:an?|eine?|une?|un|una)\s+"
                      r"(?:\w+\s+){0,2}?" + _ONE_FORM + r"\W*$")
# (a year asked, not a year named: "im Jahr 2019", "last year")
_WHEN_WORD = (r"(?:when|date|wann|datum|quand|quando|data|(?<!im )(?<!last )(?<!this )(?<!next )(?<!dieses )(?<!letztes )"
              r"(?:year|jahr|annee|anno)(?!\s*\d))")
_REGISTRATION_WHEN = re.compile(r"\b(?:registration|eintragung|immatriculation|inscription|iscrizione)\b.*\b" + _WHEN_WORD +
                                r"\b|\b" + _WHEN_WORD + r"\b.*\b(?:registration|eintragung|immatriculation|inscription|"
                                r"iscrizione)\b")
_WHEN = re.compile(r"\b(?:when|since|what year|which year|date|wann|seit|datum|jahr|quand|depuis|quelle annee|"
                   r"quando|da quando|data|anno)\b")
# what the owners brought in ("l'apport statutaire des associés", "the contribution of its shareholders")
_CONTRIBUTION = re.compile(r"\bapports?\b(?:\W+\w+){0,2}?\W+(?:des|de ses|de leurs) (?:associes|actionnaires|fondateurs|"
                           r"cooperateurs)\b|\bcontributions? (?:of|by|from) (?:the |its )?(?:partners|shareholders|founders|"
                           r"associates|members)\b")
# a registration that ended: the deletion ("when did the registration of X come to an end?")
_REGISTRATION_ENDED = re.compile(r"\b(?:registration|entry|eintragung|inscription|iscrizione)\b.{0,30}\b(?:ended|end|"
                                 r"come to an end|came to an end|ceased|terminated|erloschen|beendet|endete|pris fin|"
                                 r"prend fin|terminee|cessee|cessata|terminata|finita)\b")
# how long it has existed or been registered: the founding ("how long has it been in the register?")
# how many years, since which date or year: how long it has been, asked in so many words
_YEARS_SINCE = (r"for how many years|since (?:what|which) (?:date|year)|seit wie ?vielen jahren|da quanti anni|"
                r"seit welche[mn] (?:jahr|datum)|depuis quelle (?:annee|date)|da (?:che|quale) (?:anno|data)")
_HOW_LONG_LISTED = re.compile(r"\b(?:how long|wie lange|depuis combien de temps|da quanto tempo|" + _YEARS_SINCE +
                              r"|depuis combien d'annees)\b.{0,40}"
                              r"\b(?:register\w*|exist\w*|around|in business|operating|eingetragen|besteh\w*|"
                              r"existier\w*|gibt es|inscrit\w*|immatricul\w*|iscritt\w*|esist\w*)"
                              # the verb first: "elle existe depuis combien de temps ?", "esiste da quanto tempo?"
                              r"|\b(?:exist\w*|besteh\w*|existier\w*|esist\w*|inscrit\w*|iscritt\w*|eingetragen)\b.{0,20}"
                              r"\b(?:depuis combien de temps|depuis combien d'annees|da quanto tempo|seit wie ?vielen jahren)\b")
_DIALECT = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, DIALECT), key=len, reverse=True))
                      + r")(?![\w'])")
_DIALECT_UNG = re.compile(r"(" + "|".join(DIALECT_UNG_STEMS) + r")ig(?=s\w|e\b|\b)")
_DIALECT_START = re.compile(r"\b(" + "|".join(DIALECT_STARTS) + r")")
# "isch si glöscht worde und wenn?": a "wenn" that ends the question asks when (Swiss German "wänn"/"wenn")
_WENN_ASKED = re.compile(r"\bwenn(?=\s*\?*\s*$)")


def _standard(folded: str) -> str:
    """Swiss German dialect words and the register's abbreviations as standard German (`lexicon.DIALECT`); a plural
    written in brackets as the plural ("raison(s) sociale(s)")."""
    folded = re.sub(r"\s+(?=[?!])", "", folded).replace("\u2019", "'")  # French spacing: "son numéro CHE ?"; ’ as '"
    folded = _DIALECT_START.sub(lambda m: DIALECT_STARTS[m.group(1)], _DIALECT_UNG.sub(r"\1ung", folded))
    folded = _WENN_ASKED.sub("wann", folded)
    return _DIALECT.sub(lambda m: DIALECT[m.group(1)], re.sub(r"(?<=[a-z])\((e?s|x)\)", r"\1", folded))


# "liquidation-related notices": an adjective, not a question about related companies
_RELATED_ADJ = re.compile(r"(?<=\w)-related\b")
_HOW_LONG = re.compile(r"\b(?:how long|since when|wie lange|seit wann|depuis combien|depuis quand|da quanto|da quando|"
                       + _YEARS_SINCE +
                       # "when it came into existence": its founding, not whether it exists
                       r"|(?:came|come|coming) into (?:existence|being))\b")
# a name asked together with "before": the former name ("Con quale ragione sociale era iscritta prima?")
_NAME_WORD = (r"(?:names?|company names?|(?:company |corporate )?styles?|firmenname\w*|namen?|noms?|nom[ei]|"
              r"raisons? sociales?|raisons? de commerce|"
              r"ragion[ei] social[ei]|denominazion[ei]|denominations?|designations?|firmes?)")
# a former name: "former company names", "frühere Firmennamen", "ex ragioni sociali", "anciens noms"
_FORMER_NAME = re.compile(r"\b(?:former|previous|earlier|prior|old|past|ehemalig\w*|frueher\w*|bisherig\w*|alte[nr]?|"
                          r"ancien\w*|precedent\w*|vecchi\w*|ex|anterior\w*)\W+(?:(?:company|firm|trade|business|legal|registered)\W+)?"
                          + _NAME_WORD + r"\b"
                          # after the name word: "denominazioni precedenti", "raison sociale antérieure"
                          r"|\b" + _NAME_WORD + r"\W+(?:precedent\w*|anterior\w*|anterieur\w*|passat\w*)\b")
# the name changed: "ha cambiato ragione sociale?", "a-t-elle changé de raison sociale ?", "hat den Namen gewechselt?"
_NAME_CHANGED = re.compile(r"\b(?:chang\w*|cambiat\w*|cambi\w*|modifi\w*|geaendert|gewechselt|aender\w*|wechsel\w*)\b"
                           r"(?:\W+\w+){0,3}?\W+" + _NAME_WORD + r"\b")
_NAME_BEFORE = re.compile(r"\b" + _NAME_WORD + r"\b.{0,40}"
                          r"\b(?:before|previously|earlier|originally|vorher|zuvor|frueher|urspruenglich|avant|"
                          r"auparavant|precedemment|a l'origine|prima|precedentemente|in precedenza|originariamente|in the past|"
                          r"in passato|par le passe|dans le passe|autrefois|in der vergangenheit|un tempo)\b"
                          r"|\b(?:before|previously|originally|vorher|zuvor|urspruenglich|auparavant|a l'origine|prima|"
                          r"in precedenza|originariamente)\b.{0,25}\b(?:called|named|hiess|s'appelait|appelee|"
                          r"chiamava|chiamata|denominata|denommee)\b")
# "when did the changes happen?" beside a name change asks for those changes, not for every notice
_CHANGE_NOUNS = frozenset({"changes", "aenderungen", "modifications", "modifiche", "cambiamenti", "mutation"})
_NOTICE_NOUNS = frozenset({"notices", "publications", "meldungen", "publikationen", "pubblicazioni", "events",
                           "ereignisse", "evenements", "eventi"})
_SITS_ON = re.compile(r"\b(?:(?:siege(?:nt)?|sitz(?:t|en)|sits?|sitting|siede(?:no)?) |"
                      # a verb (no noun: "le siège de X, qui au conseil ?") with words between: "wer sitzt bei X im VR"
                      r"(?:sitz(?:t|en)|sits|sitting|siegent|siedono)(?:\W+\S+){1,4}?\s+)(?:au|im|in|on|nel) "
                      r"(?:conseil|verwaltungsrat|board|consiglio)"
                      # persons who sit in other companies: "ses dirigeants siègent dans quelles autres maisons"
                      r"|\b(?:siegent|sitzen|siedono|sit)(?: (?:dans|in|on|bei|nelle|in den) (?:\w+ )?"
                      r"(?:autres?|other|anderen?|altre)|\b.{0,10}\b(?:ailleurs|elsewhere|anderswo|altrove)\b)")


def aggregate(question: str) -> bool:
    """A count or a ranking: the linker need not try hard to find a name in it. "Which company …" may still
    name one ("which company absorbed blatatcher malerei ag?"), so a list question is no aggregate here."""
    return filters.kind(question, lists=False) is not None
