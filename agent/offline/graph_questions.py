"""The questions only a graph answers, as the offline engine reads them in English, German, French and Italian:
the state of a company on a date (`company_as_of`), how two entities are connected (`find_connections`), persons
ranked by their companies or mandates (`rank_persons`), and lists of companies by what happened to them —
entered, deleted, bankrupt, in liquidation, moved (from → to), renamed, merged (`list_events`).

`read` returns the tool and the arguments the words give; the entities come from the linker (one for a date or
a company's own moves and names, two for a connection). Matched on folded text (kg.text.fold)."""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from agent.offline import filters, roles
from kg.places import canton_code, city_spellings
from kg.text import fold

# -- dates ------------------------------------------------------------------------------------------------------
MONTHS = {fold(name): i for i, names in enumerate([
    "january jan januar janvier gennaio genn", "february feb februar fevrier febbraio febbr",
    "march mar maerz marz mars marzo", "april apr avril aprile", "may mai maggio magg", "june jun juni juin giugno",
    "july jul juli juillet luglio", "august aug aout agosto", "september sep sept settembre septembre sett",
    "october oct oktober okt octobre ottobre ott", "november nov novembre", "december dec dezember dez decembre dicembre dic",
], 1) for name in names.split()}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DATES = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b"), ("d", "m", "y")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th|er|°|o|\.)?\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})\b"), ("d", "M", "y")),
    (re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), ("M", "d", "y")),
)


def date_in(text: str) -> tuple[str, tuple[int, int]] | None:
    """The first calendar day written in `text` (ISO, 1.10.2019, 1 October 2019, 1. Oktober 2019, 1er octobre 2019,
    1° ottobre 2019, October 1, 2019), as an ISO date with its span; None when none is written."""
    f = fold(text)
    best: tuple[str, tuple[int, int]] | None = None
    for pattern, order in DATES:
        for m in pattern.finditer(f):
            parts = dict(zip(order, m.groups(), strict=True))
            month = MONTHS[parts["M"]] if "M" in parts else int(parts["m"])
            try:
                day = dt.date(int(parts["y"]), month, int(parts["d"]))
            except ValueError:
                continue
            if best is None or m.start() < best[1][0]:
                best = (day.isoformat(), m.span())
    return best


# -- connections ------------------------------------------------------------------------------------------------
CONNECTED = re.compile(r"\b(connect\w*|link\w*|relat\w*|tie[sd]?|in common|verbind\w*|verbunden|beziehung\w*|"
                       r"zusammenhang\w*|zusammen|verknuepf\w*|gemeinsam\w*|lie(?:e|s|es|ees?|ent)?|relie\w*|lien\w*|"
                       r"rapport\w*|en commun|"
                       r"collegat\w*|collegament\w*|legam\w*|leg(?:a|ano)|relazion\w*|in comune|connessi\w*|paths?|route|"
                       r"shar(?:e|es|ed|ing)|each other|one another|anything to do|miteinander|zu tun|a voir avec|"
                       r"a che fare|l'un\w* (?:avec|con) l'altr\w*)\b")

# -- persons by their companies ---------------------------------------------------------------------------------
PERSONS = re.compile(r"\b(persons?|people|individuals?|who|directors?|(?:board )?members?|personen|leute|wer|"
                     r"welche personen|mitglieder|personnes?|qui|individus|administrateurs|membres|persone|chi|"
                     r"quali persone|amministratori|membri)\b")
_N = r"(\d{1,3}|" + "|".join(filters.NUMBERS) + r")"
MANY = re.compile(r"\b(?:more than|over|at least|mehr als|ueber|mindestens|plus de|au moins|piu di|oltre|almeno)\s+"
                  + _N + r"\b")
# "three or more", "drei oder mehr", "trois ou plus", "tre o più": at least that many
OR_MORE = re.compile(r"\b" + _N + r"(?:\s+(?:or more|oder mehr|ou plus|o piu|und mehr|et plus|e piu)\b|\+)")
MOST = re.compile(r"\b(most|meisten|am meisten|le plus|plus grand nombre|piu|il maggior numero|maggior numero|"
                  r"rank\w*|by (?:the )?number of|(?:largest|highest|greatest|biggest) number|nach (?:der )?anzahl|"
                  r"par nombre|selon le nombre|per numero|"
                  r"classifica\w*|classement|rangliste)\b")
SEATS = re.compile(r"\b(compan\w*|boards?|mandates?|seats|positions?|posts|roles|firm\w*|unternehm\w*|"
                   r"directorships?|memberships?|\w*mandat\w*|gesellschaft\w*|verwaltungsraet\w*|societes|entreprises|"
                   r"conseils|postes|fonctions|"
                   r"societa|aziende|consigli|cariche|incarichi|ditte)\b")
# "companies with over three directors", "the most Mitglieder": persons counted per company, not ranked
COUNTED_PERSONS = re.compile(r"\b(?:" + _N[1:-1] + r"|most|meisten)\s+(?:\w+\s+){0,2}?(?:directors?|members?|mitglieder\w*|"
                             r"administrateurs|amministratori|membres|membri|persons?|people|personen|personnes|persone)\b")
AT_LEAST = re.compile(r"\b(at least|mindestens|au moins|almeno)\b")
NOW = re.compile(r"\b(currently|current|today|now|still|derzeit|aktuell\w*|heute|noch|zurzeit|actuel\w*|"
                 r"aujourd'hui|encore|attualmente|attual\w*|oggi|ancora)\b")

# -- lists of companies by what happened to them ----------------------------------------------------------------
LIST = re.compile(r"\b(which|what|list\w*|show\w*|name the|welche\w*|liste\w*|nenne\w*|zeig\w*|quel(?:le)?s?|"
                  r"lesquel\w*|montre\w*|donne\w*|quali|quale|elenc\w*|mostra\w*)\b")
COMPANIES = re.compile(r"\b(compan\w*|firm\w*|business\w*|unternehm\w*|gesellschaft\w*|societe\w*|entreprise\w*|"
                       r"societa|aziend\w*|ditt[ae])\b")
# the kinds that count_entities_by_event cannot tell (no sub-rubric of their own), first match wins
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("merged", re.compile(r"\b(merg\w*|absorb\w*|fusion\w*|fusionn\w*|fusionier\w*|fusione|fuse\w*|incorporat[aoei]|"
                          r"incorporazion\w*|taken over|uebernommen|reprise?s?)\b")),
    ("moved", re.compile(r"\b(mov\w*|relocat\w*|transferr\w* (?:its|their) (?:seat|registered office)|seat transfer\w*|"
                         r"umgezogen\w*|umzug\w*|umzueg\w*|gezuegelt\w*|zuegel\w*|zogen|traslocat\w*|sitzwechsel\w*|"
                         r"chang\w* (?:their|its) (?:seat|registered office)|"
                         r"change\w* de siege|cambiat\w* (?:la )?sede|verleg\w*|sitzverleg\w*|"
                         r"zugezogen\w*|weggezogen\w*|gezogen\w*|demenag\w*|spostat\w*|"
                         r"transfer\w* (?:de )?(?:leur |son )?siege|transfere\w*|trasfer\w*|deplac\w*)\b")),
    ("renamed", re.compile(r"\b(renam\w*|changed (?:its|their) names?|new names?|name changes?|umbenann\w*|"
                           r"namensaender\w*|neuen? namen?|(?:namen?|firma) geaendert|change de (?:nom|raison)|"
                           r"changement de (?:nom|raison)|"
                           r"rebaptis\w*|cambiat\w* (?:il )?nome|cambio (?:di|del) nome|ridenominat\w*)\b")),
    ("capital_changed", re.compile(r"\b(capital (?:increase|reduction|change)\w*|increased (?:its|their) capital|"
                                   r"kapitalerhoeh\w*|kapitalherabsetz\w*|augmentation de capital|"
                                   r"aumento (?:di|del) capitale)\b")),
)
_EVENT_KIND = {"foundation": "founded", "deletion": "deleted", "bankruptcy": "bankrupt", "liquidation": "liquidation"}
# a place: a word, and a second one only when capitalised ("Le Locle", "St. Gallen"; "Liestal verlegt" is one)
# ... or joined by a small word: "Affoltern am Albis", "Muri bei Bern", "Romanel sur Lausanne"
_JOIN = r"(?:[ -](?:am|an|im|bei|ob|sur|sous|près|pres)[ -])"
_PLACE = rf"[^\W\d_][\w'.-]*(?:(?:[ -]|{_JOIN})[A-ZÄÖÜÀ-Ý][\w'.-]*)?"
FROM_TO = re.compile(rf"\b(?:(?i:from|von|aus|de|du|da|dal|dalla|out of)\s+|(?i:d|dall)['’])(?P<a>{_PLACE})\s+"
                     rf"(?i:to|into|nach|in|a|à|au|en|vers|verso)\s+(?P<b>{_PLACE})", re.UNICODE)
# a place written as a name: capitalised, a second capitalised word allowed ("St. Moritz", "Le Locle")
_CAP_PLACE = rf"[A-ZÄÖÜÀ-Ý][\w'.-]*(?:(?:[ -]|{_JOIN})[A-ZÄÖÜÀ-Ý][\w'.-]*)?"
# "moved out of Bellinzona and into Lugano": the second place written as a name
FROM_AND_TO = re.compile(rf"\b(?i:from|von|aus|de|da|out of)\s+(?P<a>{_PLACE})\s+(?i:and|und|et|e)\s+"
                         rf"(?i:to|into|nach|in|a|à|en|vers|verso)\s+(?P<b>{_CAP_PLACE})", re.UNICODE)
# "moved to Zug from Zürich": the destination first, both written as names
TO_FROM = re.compile(rf"\b(?i:to|into|nach|vers|verso)\s+(?P<b>{_CAP_PLACE})\s+(?i:from|von|aus|depuis|da|dal|dalla)\s+"
                     rf"(?P<a>{_CAP_PLACE})", re.UNICODE)
FROM_ONLY = re.compile(rf"\b(?i:from|away from|out of|weg aus|weg von|depuis|quitte\w*|lasciat\w*)\s+"
                       rf"(?P<a>{_CAP_PLACE})", re.UNICODE)
TO_ONLY = re.compile(rf"\b(?i:to|into|nach|vers|verso)\s+(?P<b>{_CAP_PLACE})", re.UNICODE)
# "left Interlaken for Spiez", "left Thun and settled in Biel", "ont quitté Onex pour Genève", "hanno lasciato Onex per
# Ginevra"
LEFT_FOR = re.compile(rf"\b(?i:left|leaving|quitt\w*|lasciat\w*|lasciando|parti\w* d[e']|partit\w* da)\s*"
                      rf"(?P<a>{_PLACE})\s+(?i:for|pour|per|(?:and|und|et|e)\s+(?:settled|moved|relocated|went|s'est install\w*|"
                      rf"s'est etabli\w*|s'est établi\w*|si e trasferit\w*|si è trasferit\w*|zog)\s+"
                      rf"(?:in|to|into|nach|à|a|en))"
                      rf"\s+(?:(?i:s'install\w*|s'etabl\w*|s'établ\w*|"
                      rf"trasferirsi|stabilirsi|settle)\s+(?i:a|à|en|in)\s+)?(?P<b>{_PLACE})", re.UNICODE)
# "Onex -> Genève", "Bern → Saint-Imier"
_NAMED = r"(?:[A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?|[^\W\d_][\w'.-]*)"  # "Le Locle", "onex"
ARROW = re.compile(rf"(?P<a>{_NAMED})\s*(?:->|→|=>|>)\s*(?P<b>{_PLACE})", re.UNICODE)
# "seat moves Plan-les-Ouates to Lancy": a move word, then two places around "to", the first written as a name
BARE = re.compile(rf"\b(?i:moves?|moved|relocations?|relocated|transfers?|umzug|umzuege|umzüge|sitzverlegung\w*|"
                  rf"demenagements?|déménagements?|trasferimenti|traslochi)\s+(?P<a>{_CAP_PLACE})\s+"
                  rf"(?i:to|nach|vers|verso|à|a)\s+(?P<b>{_PLACE})", re.UNICODE)
# the two places written first, then the question: "Bern to Thun: which companies moved their seat?"
LEADING = re.compile(rf"^\s*(?P<a>{_CAP_PLACE})\s+(?i:to|nach|vers|verso|à|a|->|→)\s+(?P<b>{_CAP_PLACE})\s*"
                     rf"(?=[,:;–—?(]|-\s|$)", re.UNICODE)
# a company's own past: "where was it based before it moved", "what was it called before"
FORMER_SEAT = re.compile(r"\b(before (?:it|the company|they) moved|before the move|former seat|previous seat|"
                         r"previously based|used to be based|vor dem umzug|frueher\w* sitz|bisherig\w* sitz|"
                         r"ancien siege|avant (?:son|le) demenagement|avant le transfert|sede precedente|"
                         r"prima del trasferimento|ex sede|before (?:the |its )?(?:move|relocation|transfer)|"
                         r"vor (?:der|dem) (?:sitzverlegung|umzug|verlegung)|avant (?:son|le|la) (?:demenagement|"
                         r"transfert|deplacement)|prima del (?:trasloco|trasferimento|cambio di sede)|"
                         r"von wo|woher|d'ou|da dove|da quale|from where|from which (?:town|city|place))\b|"
                         r"\b(?:mov\w*|relocat\w*) (?:away )?from\W*$")
SEAT_NOUN = re.compile(r"\b(seats?|registered office|head ?office|headquarters|sitz\w*|siege|sede)\b")
SEAT_WORD = re.compile(r"\b(seat|seated|registered office|head ?office|headquarter\w*|based|located|domicil\w*|where|"
                       r"sitz|wo|ansaessig|domizil\w*|siege|basee?|situee?|se trouvait|sede|si trovava|dove|"
                       r"ou (?:etait|avait|se)|"
                       r"(?:which|what) (?:town|city|place|municipality)|in welche\w* (?:stadt|ort|gemeinde)|"
                       r"quelle (?:ville|commune|localite)|quale (?:citta|comune|localita))\b")
# "where" after a noun asks no place: "I have an old deed where it had another name"
# (a place before it still asks one: "the town where it was before")
_RELATIVE_WHERE = re.compile(r"\b(?:a|an|the|some|one|this|that)\s+(?:\w+\s+)?(?!(?:towns?|city|cities|places?|villages?|"
                             r"municipalit\w*|communes?|cantons?|locations?|localit\w*|area|region|country|seat|office)\s)"
                             r"\w+\s+where\b")
# ("old" not of the asker, "I'm too old for computers", nor an age, "how old"; in dialect "dr alt Sitz", "früecher")
PAST_WORD = re.compile(r"\b(before|previous\w*|former\w*|earlier|original\w*|prior|used to|"
                       r"(?<!\bam )(?<!\bbit )(?<!\btoo )(?<!\bam very )(?<!'m very )(?<!\bam so )(?<!'m so )(?<!'m )"
                       r"(?<!\bhow )(?<!\bgetting )old(?! for\b)(?!-fashioned)|alte[rnms]?|(?<=\bdr )alt|bevor|"
                       r"frue+(?:ch|n)er\w*|"
                       r"vecchi[ao]|until (?:\d{4}|it moved)|bis (?:\d{4}|zum umzug)|jusqu'en \d{4}|fino al \d{4}|"
                       r"frueher\w*|vorher\w*|vorig\w*|bisherig\w*|zuvor|ehemal\w*|urspruenglich\w*|"
                       r"past|in the past|damals|einst|anterieur\w*|anterior\w*|"
                       r"avant|auparavant|jadis|precedent\w*|ancien\w*|autrefois|initial\w*|"
                       r"origine\w*|d'origine|"
                       r"prima|in passato|in precedenza|originari\w*|inizial\w*|ex)\b")
MERGED_INTO = re.compile(r"\b(absorb\w*|merged into|merged|merge|merger|took over|took (?:it|them) over|taken over|"
                         r"acquired|fusion\w*|"
                         r"fusioniert\w*|aufgegangen|verschmolzen|fus[ao]|fusionat\w*|"
                         r"uebernomm\w*|uebernahm|absorbe\w*|englob\w*|fusionn\w*|repris\w*|incorporat[aoei]|incorporazione|fusione|"
                         r"assorbit\w*|"
                         r"rilevat\w*)\b")
FORMER_NAME = re.compile(r"\b((?:former|previous|old|earlier|prior) (?:names?|denominations?|appellations?)|called before|"
                         r"used to be called|formerly|"
                         r"frueher\w* (?:name|firma|hiess)|alte[rn]? name|ehemalig\w* name|hiess (?:sie|es|die firma) "
                         r"frueher|ancien nom|anciennement|s'appelait|nom precedent|vecchio nome|nome precedente|"
                         r"si chiamava|precedentemente|trade[ds]? under|traded as|trading under|went by|"
                         r"precedenti ragioni sociali|ragioni sociali precedenti|precedente ragione sociale|"
                         r"ragione sociale precedente|raisons? sociales? (?:precedentes?|anterieures?)|"
                         r"anciennes? raisons? sociales?|fruehere[rn]? firmen?(?:namen)?)\b")


@dataclass
class GraphAsk:
    tool: str  # company_as_of | find_connections | rank_persons | list_events
    args: dict[str, Any] = field(default_factory=dict)
    entities: int = 0  # entities the call needs from the linker: 0, 1 (the main one) or 2
    label: str = ""  # what was asked, for the answer ("board members on 2019-10-01", "seat moves")


def read(masked: str, mentions: int, anchored: bool) -> GraphAsk | None:
    """The graph-native question `masked` (the question with the linked names blanked) asks, or None. `mentions`:
    how many distinct entities the linker found in it; `anchored`: the conversation has an active entity (a
    question about "it" or naming no one may be about that one)."""
    f = fold(masked)
    if mentions >= 2 and CONNECTED.search(f):
        return GraphAsk("find_connections", {}, 2, "connection")
    if mentions >= 1 or anchored:
        when = date_in(masked)
        if when:
            keys, _former = roles.asked_roles(masked)
            args: dict[str, Any] = {"date": when[0]} | ({"roles": sorted(keys)} if keys else {})
            return GraphAsk("company_as_of", args, 1, roles.label(keys) if keys else "state")
        if FORMER_SEAT.search(f) or (SEAT_WORD.search(_RELATIVE_WHERE.sub(" ", f)) and PAST_WORD.search(f)):
            return GraphAsk("list_events", {"kind": "moved"}, 1, "former seat")
        if FORMER_NAME.search(f):
            return GraphAsk("list_events", {"kind": "renamed"}, 1, "former name")
        if MERGED_INTO.search(f) and mentions == 1:
            return GraphAsk("list_events", {"kind": "merged"}, 1, "merged into")
        if mentions:
            return None
    return _ranking(masked, f) or _listing(masked, f, anchored)


def _ranking(masked: str, f: str) -> GraphAsk | None:
    """Persons by their companies: "who sits on the most boards", "persons on more than three boards"."""
    many, most = MANY.search(f) or OR_MORE.search(f), MOST.search(f)
    if not (PERSONS.search(f) and SEATS.search(f) and (many or most)) or COUNTED_PERSONS.search(f):
        return None
    keys, _ = roles.asked_roles(masked)
    args: dict[str, Any] = {"metric": "mandates" if re.search(r"\bmandat\w*|\bmandates?\b|\bcariche\b|\bincarichi\b", f)
                            else "companies"}
    if keys:
        args["roles"] = sorted(keys)
    if many:
        n = many.group(1)
        n = int(n) if n.isdigit() else filters.NUMBERS[n]
        args["min_count"] = n if AT_LEAST.search(f) or OR_MORE.search(f) else n + 1
        args["limit"] = 50
    if NOW.search(f):
        args["current"] = True
    where = filters.place(masked)
    if where.get("canton") or where.get("canton_guess"):
        args["canton"] = where.get("canton") or where.get("canton_guess")
    return GraphAsk("rank_persons", args, 0, roles.label(keys) if keys else "persons")


def _listing(masked: str, f: str, anchored: bool = False) -> GraphAsk | None:
    """Companies by what happened to them. A count of entries, deletions, bankruptcies or liquidations stays with
    count_entities_by_event; a list of them, and any question about moves, renames and mergers, come here."""
    kind = next((k for k, pattern in KINDS if pattern.search(f)), None)
    if kind is None and (LEFT_FOR.search(masked) or (FROM_TO.search(masked) and SEAT_NOUN.search(f))
                         or (ARROW.search(masked) and COMPANIES.search(f))):
        kind = "moved"  # "left Onex for Genève", "companies whose seat went from Bern to Thun"
    counting = filters.kind(masked) == "count"
    if kind is None:
        if counting:
            return None
        listed = LIST.search(f) and (COMPANIES.search(f) or filters.legal_form(f))
        # "New companies registered in Zug in 2019", "Neugründungen im Kanton Schwyz 2019": what happened, when
        # or where, with no one named and no conversation to refer to, asks for the companies it happened to
        scoped = not anchored and (filters.YEAR.search(f) or filters.place(masked))
        if not (listed or scoped):
            return None
        event = filters.event(f)
        kind = _EVENT_KIND.get(event or "")
        if kind is None:
            return None
        moves: dict[str, str] = {}
    else:
        moves = _from_to(masked) if kind == "moved" else {}
        # "Sitzverlegungen von Bern nach Thun": a move between two places is a list without a list word
        if not (counting or LIST.search(f) or COMPANIES.search(f) or {"from_place", "to_place"} <= set(moves)):
            return None
    args: dict[str, Any] = {"kind": kind} | moves
    if not ({"from_place", "to_place"} & set(args)):
        where = filters.place(masked)
        if where.get("canton"):
            args["canton"] = where["canton"]
        elif where.get("city"):
            args["town"] = where["city"]
    period = filters.period(f)
    args |= period
    form = filters.legal_form(f)
    if form:
        args["legal_form"] = form
    args["limit"] = 50
    return GraphAsk("list_events", args, 0, kind)


def _leading(masked: str) -> re.Match | None:
    """Two places written first ("Bern to Thun: …"), the first one the register knows (not "Sitzverlegungen")."""
    m = LEADING.match(masked)
    return m if m and (canton_code(m.group("a")) or len(city_spellings(m.group("a"))) > 1) else None


def _from_to(masked: str) -> dict[str, str]:
    m = (FROM_AND_TO.search(masked) or FROM_TO.search(masked) or TO_FROM.search(masked) or LEFT_FOR.search(masked)
         or ARROW.search(masked) or BARE.search(masked) or _leading(masked))
    if m and not filters.YEAR.fullmatch(m.group("a")):
        return {"from_place": m.group("a").strip(".'"), "to_place": m.group("b").strip(".'")}
    out = {}
    a, b = FROM_ONLY.search(masked), TO_ONLY.search(masked)
    if a:
        out["from_place"] = a.group("a").strip(".'")
    if b:
        out["to_place"] = b.group("b").strip(".'")
    return out
