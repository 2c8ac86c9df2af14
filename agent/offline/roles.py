"""Which persons a question asks for, by role: the board, its president, the managers, the signatories, the
liquidators, owners and partners, in English, German, French and Italian, current or former. The graph stores a
language-neutral `role_key` on every ACTED_IN/INVOLVED_IN edge (data_pipeline's role vocabulary); these are the
words that ask for each group of keys. Matched on folded text as word prefixes, like the fact words."""
from __future__ import annotations

import re

from kg.endpoints.vocabulary import ROLE_GROUPS as KEYS
from kg.text import fold, holds_word

# group -> (role keys, the words that ask for the group); the first group a question names wins its persons
ROLE_GROUPS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "president": (KEYS["president"], (
        "president", "chairman", "chairwoman", "chairperson", "chair of", "the chair", "praesident", "vorsitz",
        "presidente", "presidence", "presidenza", "chairs ", "chairs?", "chaired", "praesidiert", "preside",
        "presied")),
    "board": (KEYS["board"], (
        "board", "director of the board", "directorship", "verwaltungsrat", "verwaltungsraet", "vr-mitglied", "vr mitglied",
        "conseil d'administration", "conseil d administration", "conseils d'administration",
        "conseils d administration", "administrateur", "administratrice", "membre du conseil", "membres du conseil",
        "consiglio di amministrazione", "consiglio d'amministrazione", "consigli di amministrazione",
        "consigli d'amministrazione", "amministratore", "amministratrice", "amministratori", "membro del consiglio",
        "membri del consiglio", "consigliere di amministrazione", "consiglieri di amministrazione",
        "consigliere d'amministrazione", "consiglieri d'amministrazione")),
    "liquidators": (KEYS["liquidators"], ("liquidator", "liquidatoren", "liquidatorin", "liquidateur",
                                                "liquidatrice", "liquidatore", "liquidatori")),
    "signatories": (KEYS["signatories"], (
        "signator", "can sign", "may sign", "allowed to sign", "able to sign", "sign for", "signing", "signs",
        "who sign", "unterzeichn", "qui signe", "firma per",
        "authorised to sign", "authorized to sign", "power to sign",
        "signature", "zeichnungsberecht", "zeichnet", "unterschrift", "prokur", "signataire", "signer",
        "droit de signature", "firmatari", "firma autorizzat", "diritto di firma", "procurator", "firmare")),
    "managers": (KEYS["managers"], (
        "manag", "runs", "run the", "ceo", "chief executive", "executive",
        "geschaeftsfuehr", "geschaeftsleitung", "direktor", "leiter", "leitet", "gerant", "gerante", "direction",
        "directeur", "directrice", "gerente", "gerenti", "direttore", "direttrice", "direzione")),
    "owners": (KEYS["owners"], ("owner", "proprietor", "inhaber", "titulaire", "proprietaire", "titolare",
                                      "proprietario", "proprietaria")),
    "partners": (KEYS["partners"], (
        "partner", "shareholder", "gesellschafter", "teilhaber", "associe", "socio", "soci ")),
}
# the persons who left: "former", "ehemalig", "ancien", "ex-"; "who left", "resigned"
FORMER = re.compile(r"\b(former|previous|past|earlier|used to|left|resigned|stepped down|ex|ehemalig\w*|frueher\w*|"
                    r"ausgeschieden\w*|zurueckgetreten|ancien\w*|precedent\w*|demission\w*|sorti\w*|ex-\w+|"
                    r"precedent\w*|dimess\w*|uscit\w*|passat\w*)\b")


# the board by its abbreviation: "VR", "VR-Mandate", "CdA", "C.d.A.", "BoD"; the French "CA" only where it is a body
# one sits in ("au CA", "membre du CA": "le CA" may be the turnover, "ça" folds to "ca")
_BOARD_SHORT = re.compile(r"(?<![\w.-])(?:vr|cda|c\.d\.a\.?|bod)(?![\w])")
_CA = re.compile(r"\b(?:au|aux|membres? du|composition du|dans (?:le|les|\d+|\w+))\s+CA\b")
# the board as "the conseil" one sits in, in any language ("sits in the conseil", "siéger au conseil"); not a
# consultancy ("société de conseil", "conseil en gestion") nor a public council
_CONSEIL = re.compile(r"\b(?:au|aux|the|in the|on the|at the|dans le|le|du) conseils?\b"
                      r"(?!\s+(?:en|communal|general|municipal|d'etat|federal|national|des etats)\b)")


def asked_roles(question: str) -> tuple[set[str], bool]:
    """The role keys a question asks for (empty: all persons) and whether it asks for those who left."""
    f = fold(question)
    keys: set[str] = set()
    for _group, (group_keys, words) in ROLE_GROUPS.items():
        if holds_word(f, words) or (
                _group == "board" and (_BOARD_SHORT.search(f) or _CA.search(question) or _CONSEIL.search(f))):
            keys |= group_keys
            if _group == "president":
                break  # "the president of the board" asks for the president, not the whole board
    return keys, bool(FORMER.search(f))


# a signing right as the register states it ("mit Kollektivunterschrift zu zweien", "avec signature individuelle",
# "con firma collettiva a due", "mit Einzelprokura"), and its absence ("ohne Zeichnungsberechtigung")
_SIGNS = re.compile(r"unterschrift|prokura|zeichnungsberecht|signature|procuration|firma|procura|sign")
_NO_SIGN = re.compile(r"\b(ohne|sans|senza|without|keine?)\b")


def signs(signature: str | None) -> bool:
    f = fold(signature or "")
    return bool(_SIGNS.search(f)) and not _NO_SIGN.search(f)


# "Prokura" is one kind of signing right: asked by name, only its holders (the authorised-signatory role)
PROKURA = re.compile(r"prokur|procurator|procuration|procura\b|procuratori|fonde de procuration")


def prokura_named(question: str) -> bool:
    """Whether the question names the Prokura (then only its holders are the signatories asked)."""
    return bool(PROKURA.search(fold(question)))


def holds(row: dict, keys: set[str], prokura: bool = False) -> bool:
    """Whether a person's row is one the role keys ask for. The signatories are every person the register gives a
    signing right, whatever their function (a board member signing jointly by two is one): "who may sign for X?";
    only the holders of a Prokura when the question names it (`prokura`, from `prokura_named`)."""
    if row.get("role_key") in keys:
        return True
    return set(KEYS["signatories"]) <= keys and signs(row.get("signature")) and not prokura


def officers_asked(keys: set[str]) -> bool:
    """Whether the roles asked are those of the company's officers (its board, managers or signatories, not one
    president, its liquidators, owners or partners): the others who act for it now are worth showing beside them."""
    officers = set(KEYS["board"]) | set(KEYS["managers"]) | set(KEYS["signatories"])
    return bool(keys) and keys <= officers and not keys <= set(KEYS["president"])


def label(keys: set[str]) -> str:
    """How an answer names the persons of these role keys: the group they are, else "persons"."""
    for group, (group_keys, _words) in ROLE_GROUPS.items():
        if keys == set(group_keys):
            return {"president": "president", "board": "board members", "liquidators": "liquidators",
                    "signatories": "signatories", "managers": "managers", "owners": "owners",
                    "partners": "partners"}[group]
    return "persons" if not keys else "persons in these roles"
