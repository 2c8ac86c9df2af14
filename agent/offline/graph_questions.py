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

from agent.offline import filters, linker, roles
from kg.places import CAPITAL_TOWNS, canton_code, city_spellings
from kg.text import fold

# -- dates ------------------------------------------------------------------------------------------------------
MONTHS = {fold(name): i for i, names in enumerate([
    "january jan januar janvier gennaio genn", "february feb februar fevrier febbraio febbr",
    "march mar maerz marz mars marzo", "april apr avril aprile", "may mai maggio magg", "june jun juni juin giugno",
    "july jul juli juillet luglio", "august aug aout agosto", "september sep sept settembre septembre sett",
    "october oct oktober okt octobre ottobre ott", "november nov novembre", "december dec dezember dez decembre dicembre dic",
], 1) for name in names.split()}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
# the first of a month written as a word: "the first of March 2021", "le premier mars 2021", "il primo marzo 2021"
_FIRST = r"(?:first|premier|primo|erste[nmr]?)"
DATES = (
    (re.compile(r"\b(\d{4})([-/.])(\d{1,2})\2(\d{1,2})\b"), ("y", "", "m", "d")),  # 2021-03-01, 2021/03/01
    # 1.3.2021, 01/03/2021, 1-3-2021, "1. 3. 2021" (the same separator twice)
    (re.compile(r"(?<![\d.])(\d{1,2})([./-])\s?(\d{1,2})\2\s?(\d{4})\b"), ("d", "", "m", "y")),
    # a two-digit year in a numeric date: 1.3.21, 1/3/21 (not a part of a longer number or a version)
    (re.compile(r"(?<![\w.])(\d{1,2})([./])(\d{1,2})\2(\d{2})(?![\w.]|[./]\d)"), ("d", "", "m", "yy")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th|er|°|o|\.)?\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})\b"), ("d", "M", "y")),
    (re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), ("M", "d", "y")),
    (re.compile(rf"\b{_FIRST}\s+(?:(?:day\s+)?of\s+)?({_MONTH})\.?,?\s+(\d{{4}})\b"), ("M", "y")),
)
# a year's last or first day named by its end or start: "at the end of 2021", "year-end 2021", "fin 2021", "à la fin de
# 2021", "per Ende 2021", "a fine 2021", "alla fine del 2021"; "at the start of 2022", "début 2022", "Anfang 2022",
# "all'inizio del 2022" (read only where a group of persons is asked: their state on that day)
YEAR_END = re.compile(r"\b(?:(?:the\s+)?(?:end|close)\s+of(?:\s+the\s+year)?|year[- ]?end(?:\s+of)?|end-|"
                      r"fin(?:\s+(?:de\s+)?(?:l'annee|d'annee|de))?|(?:jahres)?ende(?:\s+(?:des\s+jahres|jahr))?|"
                      r"fine(?:\s+(?:del|dell'anno|anno))?)\s*(?:(?:de\s+|d'|of\s+|di\s+)?(?P<M>" + _MONTH + r")\.?\s+)?"
                      r"(?P<y>\d{4})\b")
YEAR_START = re.compile(r"\b(?:(?:the\s+)?(?:start|beginning)\s+of(?:\s+the\s+year)?|"
                        r"debut(?:\s+(?:de\s+)?(?:l'annee|d'annee|de))?|(?:jahres)?(?:anfang|beginn)(?:\s+des\s+jahres)?|"
                        r"inizio(?:\s+(?:del|dell'anno|anno))?)\s*(?:(?:de\s+|d'|of\s+|di\s+)?(?P<M>" + _MONTH + r")\.?\s+)?"
                        r"(?P<y>\d{4})\b")
# the board by another name, where a company's persons on a day are asked (a lookup's "directors" are all officers)
_DIRECTORS = re.compile(r"\b(directors?|dirs|directorships?|director posts?|administrators?|administration council|"
                        r"governing bod(?:y|ies))\b")
# a change asked, not a state: "who joined the board at the end of 2021", "wer hat … verlassen", "chi è entrato"
_CHANGED = re.compile(r"\b(join\w*|left|leav\w*|resign\w*|appoint\w*|elect\w*|step\w* down|entered|"
                      r"(?:est|sont|etait|etaient|a ete|ont ete) entre\w*|sorti\w*|quitt\w*|"
                      r"nomm\w*|eingetreten|ausgetreten|verlass\w*|gewaehlt|ernannt|zurueckgetreten|entrat\w*|uscit\w*|"
                      r"nominat\w*|dimess\w*|eletto|eletti)\b")


def date_in(text: str) -> tuple[str, tuple[int, int]] | None:
    """The first calendar day written in `text` (ISO, 1.10.2019, 1 October 2019, 1. Oktober 2019, 1er octobre 2019,
    1° ottobre 2019, October 1, 2019), as an ISO date with its span; None when none is written."""
    f = fold(text)
    best: tuple[str, tuple[int, int]] | None = None
    for pattern, order in DATES:
        for m in pattern.finditer(f):
            parts = dict(zip(order, m.groups(), strict=True))
            month = MONTHS[parts["M"]] if "M" in parts else int(parts["m"])
            if "yy" in parts:  # 21 is 2021; a two-digit year after next year's is of the last century
                parts["y"] = 2000 + int(parts["yy"])
                parts["y"] -= 100 if parts["y"] > dt.date.today().year + 1 else 0
            try:
                day = dt.date(int(parts["y"]), month, int(parts.get("d", 1)))
            except ValueError:
                continue
            if best is None or m.start() < best[1][0]:
                best = (day.isoformat(), m.span())
    return best


def year_bound(text: str) -> tuple[str, tuple[int, int]] | None:
    """The last day of a year or month its end names ("end of 2021": 2021-12-31, "fin décembre 2022": 2022-12-31) or
    the first its start names ("Anfang 2022": 2022-01-01), as an ISO date with its span; None when none is written."""
    f = fold(text)
    found = [(m, True) for m in YEAR_END.finditer(f)] + [(m, False) for m in YEAR_START.finditer(f)]
    if not found:
        return None
    m, end = min(found, key=lambda x: x[0].start())
    year, month = int(m.group("y")), MONTHS[m.group("M")] if m.group("M") else (12 if end else 1)
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(year, month, last if end else 1).isoformat(), m.span()


# -- connections ------------------------------------------------------------------------------------------------
CONNECTED = re.compile(r"\b(connect\w*|link\w*|relat\w*|tie[sd]?|in common|verbind\w*|verbunden|beziehung\w*|"
                       r"zusammenhang\w*|zusammen|verknuepf\w*|gemeinsam\w*|lie(?:e|s|es|ees?|ent)?|relie\w*|lien\w*|"
                       r"rapport\w*|en commun|"
                       r"collegat\w*|collegament\w*|legam\w*|leg(?:a|ano)|relazion\w*|in comune|connessi\w*|paths?|route|"
                       r"shar(?:e|es|ed|ing)|each other|one another|anything to do|miteinander|zu tun|a voir avec|"
                       r"a che fare|l'un\w* (?:avec|con) l'altr\w*|rattach\w*|connexions?|percors\w*|cammin\w*|"
                       r"chemins?|(?:der|den|dem|einen) weg|bridg\w*|(?:le|un|du|il|da|del) ponte?(?![\w-])|thread|"
                       r"hang together|associat\w*|intertwin\w*|bound up|overlap\w*|mutual|go-between|tramite|"
                       r"colleg(?:a|ano|ate|ati)|foot in both|"
                       r"turns? up (?:at|in) both|(?:sits?|serves?|appears?|active|involved|present|works?) in both)\b")
# between the two, with a person asked: "bridge person between A and B", "tie between A / B, via whom"
BETWEEN = re.compile(r"\b(between|entre|zwischen|tra|fra|both|beiden|deux|entrambe|due)\b")
_WHOM = re.compile(r"\b(who|whom|person\w*|individual\w*|people|qui|personne\w*|wer|wem|chi|persona|persone)\b")
# a comparison of the two, no one between them: "who was founded first between A and B", "chi è più vecchia tra A e B"
_COMPARED = re.compile(r"\b(more|less|fewer|older|younger|bigger|larger|smaller|first|earlier|later|higher|lower|"
                       r"oldest|largest|biggest|compar\w*|difference|mehr|weniger|aelter\w*|juenger\w*|groesser\w*|"
                       r"kleiner\w*|zuerst|unterschied|vergleich\w*|plus|moins|premiere?|laquelle|lequel|piu|meno|"
                       r"vecchi\w*|differenza|quale)\b")
# a link or route that is no tie between them: "the link to the websites of A and B", "le lien vers le site",
# "the route from A's office to B's office"
_NO_TIE = re.compile(r"\b(?:links?|liens?|collegament\w*|routes?|percors\w*|weg|chemins?)\b(?:\W+\w+){0,3}?\W+"
                     r"(?:websites?|web\w*|sites?|sito|siti|homepages?|url|pages?|seiten?|pagina|pdf|offices?|bureaux?|"
                     r"buero\w*|uffic\w*|train|bus|car|auto|zug|treno)\b")

# -- persons by their companies ---------------------------------------------------------------------------------
PERSONS = re.compile(r"\b(persons?|people|individuals?|who|whom|names|folks|directors?|dirs|(?:board )?members?|personen|"
                     r"leute|wer|welche personen|mitglieder|personnes?|qui|individus|administrateurs|membres|persone|chi|"
                     r"quali persone|amministratori|membri|anyone|anybody|everyone|everybody|someone|somebody|jemand|"
                     r"verwaltungsraete|verwaltungsraetinnen|quelqu'un|qualcuno|chiunque)\b")
_N = r"(\d{1,3}|" + "|".join(filters.NUMBERS) + r")"
# at least that many: "a minimum of 3", "no fewer than three", "au minimum 4", "wenigstens zwei", "non meno di 3"
_AT_LEAST = (r"at least|a minimum of|minimum(?: of)?|no fewer than|not fewer than|no less than|not less than|mindestens|"
             r"wenigstens|minimal|nicht weniger als|au moins|au minimum|minimum|pas moins de|almeno|come minimo|minimo|"
             r"non meno di")
MANY = re.compile(r"\b(?:(?:strictly )?(?:more than|over|above|greater than|higher than|larger than)|beyond|in excess of|"
                  r"exceed(?:s|ing)?|upwards of|mehr als|ueber|plus de|au-dela de|au dela de|superieur a|piu di|oltre|"
                  r"superiore a|" + _AT_LEAST + r")\s+" + _N + r"\b"
                  # "above 60 years", "capital above 100 000 francs", "over 1 million": no count of seats
                  r"(?!['’.,]?\d|\s*(?:\d|years?|yrs?|jahre?n?|ans?\b|anni|chf|fr\b|francs?|franken|franchi|"
                  r"million\w*|mio\b|mrd|milliard\w*|bn\b|%|per ?cent|prozent|pour ?cent|cantons?|kantone?n?|cantoni))")
# "three or more", "drei oder mehr", "trois ou plus", "tre o più": at least that many, also with the noun between ("three
# board seats or more", "trois mandats d'administrateur ou plus")
OR_MORE = re.compile(r"\b" + _N + r"(?:\s+(?:[\w'-]+\s+){0,3}?(?:or more|oder mehr|ou plus|o piu|und mehr|et plus|e piu)\b|\+)")
MOST = re.compile(r"\b(most|meisten|am meisten|le plus|plus grand nombre|piu|il maggior numero|maggior numero|"
                  r"rank\w*|by (?:the )?number of|(?:largest|highest|greatest|biggest) number|nach (?:der )?anzahl|"
                  r"par nombre|selon le nombre|per numero|"
                  r"classifica\w*|classement|rangliste)\b")
SEATS = re.compile(r"\b(compan\w*|boards?|boardrooms?|councils?|mandates?|seats|positions?|posts|roles|firm\w*|unternehm\w*|"
                   r"directorships?|memberships?|\w*mandat\w*|gesellschaft\w*|verwaltungsraet\w*|societes|entreprises|"
                   r"conseils|postes|fonctions|sieges|verwaltungsrat\w*|\w*sitze|seggi|cda|vr|"
                   r"societa|aziende|consigli|cariche|incarichi|ditte)\b")
# "companies with over three directors", "the most Mitglieder": persons counted per company, not ranked
# (not the seats themselves: "more than 3 boards of directors")
COUNTED_PERSONS = re.compile(r"(?<!\bby )(?<!\bto )"  # "boards held by one person": the same person, no count
                             # (not across a dash: "boards at over 3 companies - the persons on them?")
                             r"\b(?:" + _N[1:-1] + r"|most|meisten)\s+(?!boards?\s+of\b)(?:\w+(?:\s+|-)){0,2}?"
                             r"(?<!per )(?<!pro )(?<!par )(?<!each )"  # "3 directorships per person": seats counted per person
                             r"(?:directors?|members?|mitglieder\w*|"
                             r"administrateurs|amministratori|membres|membri|persons?|people|personen|personnes|persone|"
                             r"consiglieri)\b")
AT_LEAST = re.compile(r"\b(" + _AT_LEAST + r")\b")
# the number written first, then "more than that": "3: who sits on more boards than that?", "3 — who is a director at
# strictly more than that many companies?", "3 is the threshold: plus que ça", "Threshold 3: … more than that number"
THAN_THAT = re.compile(r"^\W*(?:(?:threshold|limit|cut-?off|seuil|limite|soglia|schwelle\w*|grenze)\W+)?" + _N +
                       r"\b(?=.*\b(?:than (?:that|this)|that many|plus que (?:ca|cela)|mehr als (?:das|dies)|"
                       r"piu di cosi|piu di questo)\b)")
NOW = re.compile(r"\b(currently|current|today|now|still|derzeit|aktuell\w*|heute|noch|zurzeit|actuel\w*|"
                 r"aujourd'hui|encore|attualmente|attual\w*|oggi|ancora)\b")
_OFFICE = r"(?:registered|regd?\.?) office"  # "registered office", "reg. office", "regd office"

# -- lists of companies by what happened to them ----------------------------------------------------------------
LIST = re.compile(r"\b(which|what|list\w*|show\w*|name the|welche\w*|liste\w*|nenne\w*|zeig\w*|quel(?:le)?s?|"
                  r"lesquel\w*|montre\w*|donne\w*|quali|quale|elenc\w*|mostra\w*)\b")
COMPANIES = re.compile(r"\b(compan\w*|firm\w*|business\w*|unternehm\w*|gesellschaft\w*|societe\w*|entreprise\w*|"
                       r"societa|aziend\w*|ditt[ae]|enterprises?|corporations?|entit(?:y|ies)|outfits?|societ(?:y|ies)|"
                       r"co\.?s|entites?|entita|imprese|undertakings?|concerns)\b")
# the kinds that count_entities_by_event cannot tell (no sub-rubric of their own), first match wins
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # (the Italian "incorporate" only with what follows it: "did they incorporate in 2020" is a founding)
    ("merged", re.compile(r"\b(merg\w*|absorb\w*|fusion\w*|fusionn\w*|fusionier\w*|fusione|fuse\w*|incorporat[aoi]|"
                          r"incorporate (?:da|dalla|dal|nella|nel|in una|in un)|"
                          r"incorporazion\w*|taken over|uebernommen|reprise?s?)\b")),
    # ("moved up in the ranking" is no move)
    ("moved", re.compile(r"\b(mov\w*(?!\s+(?:up|down|forward|ahead)\b)|relocat\w*|"
                         r"transferr\w* (?:its|their) (?:seat|" + _OFFICE + r"|domicile|headquarters|head ?office)|"
                         r"seat transfer\w*|"
                         r"umgezogen\w*|umzug\w*|umzueg\w*|gezuegelt\w*|zuegel\w*|zogen|traslocat\w*|sitzwechsel\w*|"
                         r"chang\w* (?:their|its) (?:seat|" + _OFFICE + r")|"
                         r"change\w* de siege|cambiat\w* (?:la )?sede|verleg\w*|sitzverleg\w*|"
                         r"zugezogen\w*|weggezogen\w*|gezogen\w*|demenag\w*|spostat\w*|"
                         r"transfer\w* (?:de )?(?:leur |son )?siege|transfere\w*|trasfer\w*|deplac\w*|"
                         r"(?:um|ueber)(?:ge)?siedel\w*|(?:um|ueber)siedl\w*|"
                         # a change, shift or transfer of the seat, the seat's change ("shifted their registered
                         # office", "changed of head office", "ont changé de domicile", "HQ transfers", "Domizilwechsel")
                         r"(?:chang\w*|shift\w*|transfer\w*|switch\w*|swap\w*|displac\w*|re-?register\w*|cambi\w*|"
                         r"wechsel\w*)\s+(?:[\w']+\s+){0,2}?(?<!board )(?:seats?|" + _OFFICE + r"|head ?office|headquarters?|hq|"
                         r"domicil\w*|siege|sitz|domizil|sede|place of business)"
                         # not a board seat ("switched seats on the board"), nor a thing of the office ("the HQ phone
                         # number", "domicile provider", "domicile fiscal")
                         r"(?!\s+(?:on|in|at) (?:the |their |its )?(?:board|verwaltungsrat|conseil|consiglio|cda)\b|"
                         r"\s*(?:phone|telephone|number|hours|provider|holder|fiscal|e-?mail|website)\b)|"
                         r"(?<!board )(?<!board-)(?:seat|head ?office|headquarters|hq|domicile|domizil|siege|sede)[\s-]+"
                         r"(?:transfers?|changes?|moves?|switch\w*|wechsel\w*|shifts?)|"
                         r"domizilwechsel\w*|displaced|upped sticks|up sticks|packed (?:their|its) bags|packed up|"
                         r"decamp\w*|migrat\w*|exodus|re-?domicil\w*|uproot\w*)\b")),
    ("renamed", re.compile(r"\b(renam\w*|changed (?:its|their) names?|new names?|name changes?|umbenann\w*|"
                           r"namensaender\w*|neuen? namen?|(?:namen?|firma) geaendert|change de (?:nom|raison)|"
                           r"changement de (?:nom|raison)|"
                           r"rebaptis\w*|cambiat\w* (?:il )?nome|cambio (?:di|del) nome|ridenominat\w*)\b")),
    ("capital_changed", re.compile(r"\b(capital (?:increase|reduction|change)\w*|increased (?:its|their) capital|"
                                   r"kapitalerhoeh\w*|kapitalherabsetz\w*|augmentation de capital|"
                                   r"aumento (?:di|del) capitale)\b")),
)
# a trade named by a move or a removal: "moving companies", "removal firms", "Umzugsfirmen", "entreprises de
# déménagement", "ditte di traslochi" are companies of a kind, not companies that moved or were deleted
TRADE = re.compile(r"\b(?:moving|removals?|relocation)[\s-]+(?P<a>compan\w*|firm\w*|business\w*|services?|vans?|trucks?)\b|"
                   r"\bumzug\w*?(?P<b>firm\w*|unternehm\w*|dienst\w*|gesellschaft\w*)\b|"
                   r"\b(?P<c>entreprises?|societes?|services?) de demenagement\w*|"
                   r"\b(?P<d>ditt[ae]|aziend[ae]|impres[ae]|societa) di traslo\w*")


def _trade_free(f: str) -> str:
    """The folded question with a trade's move or removal word taken out ("moving companies": "companies")."""
    return TRADE.sub(lambda m: next(g for g in m.groups() if g), f)


# what moved is not the seat: "moved their warehouse from Baden to Wohlen", "ihr Lager verlegt", "son entrepôt", "il
# suo magazzino" (a thing of theirs, after its determiner)
NOT_SEAT = re.compile(r"\b(?:its|their|his|her|the|ihr\w*|sein\w*|den|die|das|son|sa|ses|leur|leurs|le|la|les|il|lo|i|gli|"
                      r"suo|sua|suoi|loro)\s+(?:\w+\s+)?(?:warehouses?|storage|stock|production|factor(?:y|ies)|plants?|"
                      r"workshops?|shops?|stores?|servers?|lager\w*|produktion\w*|fabrik\w*|werkstatt\w*|entrepots?|"
                      r"usines?|ateliers?|magasins?|magazzin\w*|produzion\w*|fabbric\w*|stabiliment\w*|officin\w*|"
                      r"negoz\w*|deposit\w*)\b")
# the legal form Stiftung named ("which foundations are registered in Zurich"), no founding
_FOUNDATIONS = re.compile(r"\b(?:foundations?|fondations?|fondazion[ei]|stiftung\w*)\b")
# a canton written in brackets after a town ("Wohlen (AG)"): not the legal form AG
_CANTON_IN_BRACKETS = re.compile(r"\(\s*(?:ag|ai|ar|be|bl|bs|fr|ge|gl|gr|ju|lu|ne|nw|ow|sg|sh|so|sz|tg|ti|ur|vd|vs|zg|zh)\s*\)")
_EVENT_KIND = {"foundation": "founded", "deletion": "deleted", "bankruptcy": "bankrupt", "liquidation": "liquidation"}
# a place: a word, and a second one only when capitalised ("Le Locle", "St. Gallen"; "Liestal verlegt" is one)
# ... or joined by a small word: "Affoltern am Albis", "Muri bei Bern", "Romanel sur Lausanne"
_JOIN = r"(?:[ -](?:am|an|im|bei|ob|sur|sous|près|pres)[ -])"
# typed in lower case, a town's article and its joined words are part of it ("le locle", "langnau im emmental")
_PLACE = (rf"(?:(?i:st|ste)\.\s?|(?:le|la|les|san|santa|sankt|saint|sainte|bad|val)\s)?[^\W\d_][\w'.-]*"
          rf"(?:(?:[ -]|{_JOIN})[A-ZÄÖÜÀ-Ý][\w'.-]*|{_JOIN}[^\W\d_][\w'.-]*)?")  # "st. gallen" typed
FROM_TO = re.compile(rf"\b(?:(?i:from|von|aus|de|du|da|dal|dalla|out of)\s+|(?i:d|dall)['’])(?P<a>{_PLACE})\s+"
                     rf"(?i:to|into|nach|in|a|à|au|en|vers|verso)\s+(?P<b>{_PLACE})", re.UNICODE)
# a place written as a name: capitalised, a second capitalised word allowed ("St. Moritz", "Le Locle")
# (not a capitalised preposition before it: "In Le Locle before, in Neuchâtel after" names Le Locle)
_CAP_PLACE = (rf"(?!(?:In|From|To|Into|Von|Nach|Aus|Dans|Pour|Per|Nel|Nella|Dal|Dalla|Da)\s)"
              rf"[A-ZÄÖÜÀ-Ý][\w'.-]*(?:(?:[ -]|{_JOIN})[A-ZÄÖÜÀ-Ý][\w'.-]*)?")
# "moved out of Bellinzona and into Lugano": the second place written as a name, or after "into" ("out of bern and
# into thun", typed in lower case)
FROM_AND_TO = re.compile(rf"\b(?i:from|von|aus|de|da|out of)\s+(?P<a>{_PLACE})\s+(?i:and|und|et|e)\s+"
                         rf"(?:(?i:to|into|nach|in|a|à|en|vers|verso)\s+(?P<b>{_CAP_PLACE})|(?i:into)\s+(?P<c>{_PLACE}))",
                         re.UNICODE)
# "moved to Zug from Zürich": the destination first, both written as names
TO_FROM = re.compile(rf"\b(?i:to|into|nach|vers|verso)\s+(?P<b>{_CAP_PLACE})\s+(?i:from|von|aus|depuis|da|dal|dalla)\s+"
                     rf"(?P<a>{_CAP_PLACE})", re.UNICODE)
FROM_ONLY = re.compile(rf"\b(?i:from|away from|out of|weg aus|weg von|depuis|quitte\w*|quitted|left|leaving|lasciat\w*)"
                       rf"\s+(?P<a>{_CAP_PLACE})", re.UNICODE)
# the kinds a canton's register keeps (a move is between towns): a canton named as its capital is named is the canton
_CANTONAL = {"founded", "deleted", "bankrupt", "liquidation"}
_TOWN_NOUN = re.compile(r"\b(towns?|city|cities|municipalit\w*|village|stadt|gemeinde\w*|ort(?:schaft)?|ville|commune|"
                        r"localite|citta|comune|localita)\b")
# "Bern-based companies that moved to Thun", "Zug-domiciled firms": the place they were seated in
FROM_BASED = re.compile(rf"(?P<a>{_CAP_PLACE})-(?i:based|domiciled|registered|seated)\b", re.UNICODE)
_BASED = re.compile(r"-(?i:based|domiciled|registered|seated)$")
_PRONOUN_PLACES = {"it", "them", "there", "here", "la", "li", "dort", "dorthin"}
TO_ONLY = re.compile(rf"\b(?i:to|into|towards?|over to|nach|vers|verso)\s+(?P<b>{_CAP_PLACE})", re.UNICODE)
# "left Interlaken for Spiez", "left Thun and settled in Biel", "ont quitté Onex pour Genève", "hanno lasciato Onex per
# Ginevra"
LEFT_FOR = re.compile(rf"\b(?i:left|leaving|quitt\w*|walked out on|walked away from|abandoned|deserted|lasciat\w*|lasciando|"
                      rf"parti\w* d[e']|partit\w* da)\s*"
                      rf"(?P<a>{_PLACE})\s+(?i:for|pour|per|to(?=\s+(?:establish|settle|set up|install|re-?register))|"
                      rf"(?:and|und|et|e)\s+(?:settled|moved|relocated|went|s'est install\w*|"
                      rf"s'est etabli\w*|s'est établi\w*|si e trasferit\w*|si è trasferit\w*|zog)\s+"
                      rf"(?:in|to|into|nach|à|a|en))"
                      rf"\s+(?:(?:[\w']+\s+){{0,3}}?(?i:s'install\w*|s'etabl\w*|s'établ\w*|install\w*|etabl\w*|établ\w*|"
                      rf"establish\w*|trasferirsi|stabilir\w*|settle\w*|set up)(?:\s+(?:[\w']+\s+){{0,2}}?(?i:in|at|a|à|en|au)|"
                      rf"\s+(?i:a|à|en|in|au)))?\s*(?P<b>{_PLACE})", re.UNICODE)
# the place left first, the leaving in a clause after it: "Kriens, which many firms have quit for Morges"
WHICH_LEFT = re.compile(rf"^\W*(?:(?i:regarding|concerning|as for)\s+)?(?P<a>{_CAP_PLACE}),\s+(?i:which|that)\s+"
                        rf"(?:[\w']+\s+){{0,5}}?(?i:left|quit|quitted|abandoned|deserted)\s+(?i:for|pour|per)\s+"
                        rf"(?P<b>{_PLACE})", re.UNICODE)
# where they settled, then where they came from: "settled in Basel coming from Sarnen", "installées à Bâle en venant de
# Sarnen", "niedergelassen in Basel, aus Sarnen kommend", "stabilite a Basilea provenienti da Sarnen"
ARRIVED_FROM = re.compile(rf"\b(?i:settled|arrived|install\w*|etabli\w*|établi\w*|arriv\w*|niedergelassen|angesiedelt|"
                          rf"stabilit\w*|insediat\w*)\s+(?i:in|at|a|à|en|au|nach)\s+(?P<b>{_CAP_PLACE}),?\s+"
                          rf"(?i:coming|arriving|moving|en venant|venant|provenant|in arrivo|arrivando|arrivate|"
                          rf"provenient\w*|kommend|herkommend)\s+(?i:from|de|d'|du|da|dal|dalla|aus|von)\s*"
                          rf"(?P<a>{_CAP_PLACE})", re.UNICODE)
# a verb of going between two places: "companies that went from Emmen to Opfikon", "passées de Sarnen à Bâle",
# "von Baden nach Wohlen gewechselt", "passate da Sarnen a Basilea" (both places written as names)
WENT = re.compile(r"\b(went|gone|go(?:es)?|came|come|passed|switched|pass(?:e|ee|ees|es|ent|er)|venu(?:e|es|s)?|"
                  r"gewechselt|wechselt\w*|gegangen|gingen|gekommen|kamen|passat[eoi]|andat[eoi]|venut[eoi])\b")
# "Onex -> Genève", "Bern → Saint-Imier"
_NAMED = r"(?:[A-ZÄÖÜÀ-Ý][\w'.-]*(?:[ -][A-ZÄÖÜÀ-Ý][\w'.-]*)?|[^\W\d_][\w'.-]*)"  # "Le Locle", "onex"
ARROW = re.compile(rf"(?P<a>{_NAMED})\s*(?:->|→|=>|>)\s*(?P<b>{_PLACE})", re.UNICODE)
# "seat moves Plan-les-Ouates to Lancy": a move word, then two places around "to", the first written as a name
BARE = re.compile(rf"\b(?i:moves?|moved|relocations?|relocated|transfers?|umzug|umzuege|umzüge|sitzverlegung\w*|"
                  rf"demenagements?|déménagements?|trasferimenti|traslochi)\s+(?P<a>{_CAP_PLACE})\s+"
                  rf"(?i:to|nach|vers|verso|à|a|->|→|=>|>)\s+(?P<b>{_PLACE})", re.UNICODE)
# one seat given up for another: "Fribourg swapped for Bulle as the registered office", "swapped Bern for Thun"
SWAPPED = re.compile(rf"(?:(?P<a>{_CAP_PLACE})\s+(?i:swapped|exchanged|traded|switched)|"
                     rf"(?i:swapped|exchanged|traded|switched)\s+(?P<a2>{_PLACE}))\s+(?i:for)\s+(?P<b>{_PLACE})", re.UNICODE)
# the two places written first, then the question: "Bern to Thun: which companies moved their seat?"
LEADING = re.compile(rf"^\s*(?P<a>{_CAP_PLACE})(?:\s+(?i:to|nach|vers|verso|à|a|->|→)|,\s*(?i:then|puis|dann|poi))\s+"
                     rf"(?P<b>{_CAP_PLACE})\s*"
                     rf"(?=[,:;–—?(]|-\s|$)", re.UNICODE)
# a pair that says where from and where to: "from A ... into B", "A as old domicile, B as new one"
_FROM_SIDE = re.compile(r"\b(?i:from|out of|von|aus|left|quitt\w*)\b")
_TO_SIDE = re.compile(r"\b(?i:into|towards?|over to|nach|vers|verso|then|puis|dann|poi)\b|->|→")
_OLD_SIDE = re.compile(r"\b(?i:old|ancien\w*|alte[nrms]?|vecchi\w*|previous\w*|former\w*|frueher\w*|bisherig\w*|earlier|"
                       r"originally|before)\b")
_NEW_SIDE = re.compile(r"\b(?i:new|nouve\w*|neue[nrms]?|nuov\w*|now|nowadays|today|currently|afterwards)\b")
# a move said by a bare verb beside an old and a new place ("in Lugano earlier, now in Locarno: which companies shifted?")
_SHIFTED = re.compile(r"\b(?:shift\w*|switch\w*)\b")
# trade between two places, no move: "companies from Lugano that export into Italy", "ship goods out of Basel"
_TRADE = re.compile(r"\b(?:export\w*|import\w*|sell\w*|sold|suppl\w*|ship\w*|deliver\w*|liefer\w*|verkauf\w*|vend\w*|"
                    r"fourni\w*|fornisc\w*|fornit\w*|esport\w*|expand\w*|owned|gehoer\w*|appartien\w*|apparten\w*|"
                    r"trade[sd]?|trading|handel\w*)\b")
_JOINED_TO = re.compile(r"\b([A-ZÄÖÜÀ-Ý][\w.']*)-(to|nach|à|a)-([A-ZÄÖÜÀ-Ý])")
# capitalised words a question uses that are no places ("HQ transfers", "Handelsregister")
_NOT_PLACES = {"hq", "ch", "che", "uid", "ide", "idi", "handelsregister", "registre", "registro", "shab", "fosc", "fusc",
               "sogc", "list", "liste", "lista", "pls", "please", "thx", "thanks", "merci", "danke", "grazie",
               *MONTHS, "q1", "q2", "q3", "q4", "h1", "h2", "monday", "tuesday", "wednesday", "thursday", "friday",
               "saturday", "sunday", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
               "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lunedi", "martedi",
               "mercoledi", "giovedi", "venerdi", "sabato", "domenica",
               # a capitalised word opening a sentence or standing alone that no town is ("Formerly seated in Aigle …",
               # "… may I know?")
               "i", "formerly", "previously", "earlier", "originally", "once", "now", "today", "currently", "later",
               "then", "before", "afterwards"}
# the first word of a town of two capitalised words ("Le Locle", "St. Moritz", "Bad Ragaz"); two other capitalised
# words together are more likely a person's name ("Anna Keller") than a town
_TOWN_FIRST = {"le", "la", "les", "l'", "st", "st.", "ste", "ste.", "saint", "sainte", "sankt", "san", "santa", "bad", "val",
               "ponte", "pont", "mont", "monte", "crans", "villars", "castel", "novaggio", "chateau", "chatel", "unter",
               "ober", "nieder", "alt", "neu"}
# a company's own past: "where was it based before it moved", "what was it called before"
FORMER_SEAT = re.compile(r"\b((?:before|prior to) (?:it|the company|they) moved|(?:before|prior to) the move|former seat|"
                         r"previous seat|prev\.? seat|"
                         r"previously based|used to be based|vor dem umzug|"
                         r"frueher\w* sitz(?!ung)\w*|bisherig\w* sitz(?!ung)\w*|"
                         r"origin\w* (?:town|city|place|seat|municipality|domicile)"
                         r"(?!\s+of\s+(?:\S+\s+){0,2}?(?:products?|goods|wares|produkte?|produits?|prodott[oi])\b)|"
                         r"pre-?(?:relocation|move)|pre-?transfer(?!\s+(?:share|capital|price|value|balance))|"
                         r"(?:town|city|place|municipality|seat) (?:it|they) (?:left|quit|vacated)|"
                         r"(?:shift\w*|mov\w*|relocat\w*|transfer\w*)\s+"
                         r"(?:(?:its|their|the)\s+(?:seat|" + _OFFICE + r"|head ?office|headquarters|hq|domicile)\s+)?"
                         r"away from(?!\s+(?:its|their|the|a|an)\b)|"
                         r"ancien siege|avant (?:son|le) demenagement|avant le transfert|sede precedente|"
                         r"prima del trasferimento|ex sede|(?:before|prior to) (?:the |its )?(?:move|relocation|transfer)|"
                         r"avant de (?:demenager|deplacer|transferer|quitter)|prima di (?:traslocare|trasferir\w*|"
                         r"spostar\w*|cambiare sede)|where from|de quelle (?:ville|commune|localite|region)|"
                         r"aus welche\w* (?:stadt|gemeinde|ort\w*)|"
                         r"(?:which|what) (?:town|city|place|municipality|commune|village)\b(?:\W+\w+){0,6}?\W+"
                         r"(?:leave|left|(?:come|came) from|quitt\w*)|quelle (?:ville|commune)\b(?:\W+\w+){0,6}?\W+quitt\w*|"
                         r"vor (?:der|dem) (?:sitzverlegung|umzug|verlegung)|avant (?:son|le|la) (?:demenagement|"
                         r"transfert|deplacement)|prima del (?:trasloco|trasferimento|cambio di sede)|"
                         r"von wo|woher|d'ou|da dove|da quale (?:citta|comune|localita|luogo|sede|cantone|paese)|"
                         r"from where|from (?:which|what) (?:town|city|place|municipality|commune|village|canton|locality)|"
                         r"(?:left|quit|vacated|abandoned) (?:which|what) (?:town|city|place|municipality|commune)|whence|"
                         r"until (?:its|the) (?:transfer|move|relocation))\b|"
                         r"\b(?:mov\w*|relocat\w*) (?:away )?(?:from|out of)\W*$")
SEAT_NOUN = re.compile(r"\b(seats?|" + _OFFICE + r"|head ?office|headquarters|hq|sitz\w*|siege|sede|domicil\w*|domizil\w*|"
                       r"place of business)\b")
SEAT_WORD = re.compile(r"\b(seat|seated|" + _OFFICE + r"|head ?office|headquarter\w*|based|located|domicil\w*|where|"
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
PAST_WORD = re.compile(r"\b(before|previous\w*|former\w*|earlier|original\w*|prior|used to|use to|"
                       r"(?<!\bam )(?<!\bbit )(?<!\btoo )(?<!\bam very )(?<!'m very )(?<!\bam so )(?<!'m so )(?<!'m )"
                       r"(?<!\bhow )(?<!\bgetting )old(?! for\b)(?!-fashioned)|alte[rnms]?|(?<=\bdr )alt|bevor|"
                       r"frue+(?:ch|n)er\w*|"
                       r"vecchi[ao]|until (?:\d{4}|it moved)|bis (?:\d{4}|zum umzug)|jusqu'en \d{4}|fino al \d{4}|"
                       r"frueher\w*|vorher\w*|vorig\w*|bisherig\w*|zuvor|ehemal\w*|urspruenglich\w*|"
                       r"past|in the past|damals|einst|anterieur\w*|anterior\w*|"
                       r"avant|auparavant|jadis|precedent\w*|ancien\w*|autrefois|initial\w*|"
                       r"origine\w*|d'origine|"
                       r"prima|in passato|in precedenza|originari\w*|inizial\w*|ex)\b")
MERGED_INTO = re.compile(r"\b(absorb\w*|merged into|merged|merge|merger|took over|took\s+(?:\S+\s+){1,4}?over|taken over|"
                         r"acquired|acquiring|fusion\w*|swallow\w*|geschluckt|schluckte|verschluckt|englout\w*|"
                         r"takeover|take\s+(?:\S+\s+){0,4}?over|avale\w*|confluit\w*|"
                         r"inglob\w*|rachet\w*|uebernahm\w*|uebernehm\w*|acquis\w*|acquist\w*|"
                         r"fusioniert\w*|aufgegangen|verschmolzen|fus[ao]|fusionat\w*|"
                         r"uebernomm\w*|absorbe\w*|englob\w*|fusionn\w*|repris\w*|incorporat[aoi]|incorporazione|fusione|"
                         r"incorporate (?:da|dalla|dal|nella|nel|in una|in un)|"
                         r"assorbit\w*|assorbent\w*|incorporant\w*|(?<!en )reprenant\w*|absorbant\w*|amalgamat\w*|"
                         r"uebernehmend\w*|aufnehmend\w*|rechtsnachfolg\w*|(?:legal )?successor\w*|successeur\w*|successore|"
                         r"combined into|(?:was|were|been|got|be) combined with|surviving (?:company|entity|firm|one)|"
                         r"(?:s'est|se sont)(?:-elles?|-ils?)? fondue?s?|fondue?s? dans|integree?s? dans|"
                         r"integrat[aoei] (?:in|nella|nel)|"
                         r"(?:dissolved|dissolution|aufgeloest|aufloesung|dissoute?s?|sciolt[aoei]|scioglimento)\s+"
                         r"(?:[\w']+\s+){0,2}?(?:without|sans|ohne|senza) (?:liquidation|liquidazione)|"
                         r"folded into|rolled (?:up )?into|annex\w*|pass(?:ed)? into|incorporated into|"
                         r"rilevat\w*)\b")
# its assets and liabilities taken over by another (a universal succession), not its balance sheet
_ASSETS_TAKEN = re.compile(r"\b(?:assets and liabilities|actifs et passifs|aktiven und passiven|attivi e passivi)\b"
                           r"(?=.*\b(?:took|taken|takes?|transferr\w*|transfer\w*|pass(?:ed|es|e)?|went|uebernomm\w*|uebertrag\w*|"
                           r"uebergegangen|gingen|repris\w*|transmis\w*|passe\w*|rilevat\w*|trasferit\w*|passat\w*)\b)"
                           r"|\b(?:took|taken|takes?|uebernomm\w*|uebernahm\w*|repris\w*|rilevat\w*)\b.*\b(?:assets and "
                           r"liabilities|actifs et passifs|aktiven und passiven|attivi e passivi)\b")
# the successor of a person, not of the company ("the successor of its founder", "the successor auditor")
_PERSON_SUCCESSOR = re.compile(r"\bsuccess(?:or|eur|ore)\w*\s+(?:\S+\s+){0,3}?(?:founders?|auditors?|owners?|ceo|cfo|"
                               r"directors?|president|chair\w*|managers?|partners?|liquidators?|gruender\w*|"
                               r"inhaber\w*|fondat\w*|proprietaire|reviseur|revisore|amministrator\w*|"
                               r"administrat\w*)\b")
# a merger inside the company, or a thing or an office taken over ("the merger of two departments", "took over the
# lease"; "took over as CEO", "die Geschäftsführung übernommen", "repris la direction": an office, read by the roles)
UNITS = re.compile(r"\b(departments?|divisions?|units?|teams?|abteilung\w*|sparten?|departements?|services|reparti|"
                   r"reparto|divisioni|uffici|"
                   # a thing taken over, not a company: "take over the lease", "den Mietvertrag übernommen"
                   r"leases?|contracts?|premises|buildings?|customers|clients|staff|employees|personnel|mietvertrag\w*|"
                   r"vertrag\w*|vertraege\w*|liegenschaft\w*|gebaeude|kunden\w*|personal|bail|contrats?|locaux|clientele|"
                   r"immeubles?|contratt[oi]|locali|clienti|immobil[ei]|personale)\b")
# what was published on a day: the notices of that day, not the company's state then (the notices named as the
# source, "according to the SHAB", ask no publication: `_SOURCE`)
_SOURCE = re.compile(r"\b(?:according to|as per|selon|d'apres|laut|gemaess|secondo|stando a)\s+(?:\w+\s+){0,2}?"
                     r"(?:notices?|shab|fosc|sogc|publications?|avis|meldungen|publikationen|pubblicazioni)\b"
                     r"(?:\s+(?:notices?|publications?|avis|meldungen|pubblicazioni)\b)?")
PUBLISHED = re.compile(r"\b(publish\w*|publications?|notices?|announce\w*|meldung\w*|publiziert\w*|publikation\w*|"
                       r"veroeffentlich\w*|erschienen|publie\w*|parution|paru\w*|pubblica\w*|annunc\w*|avvis\w*|shab|"
                       r"fosc|sogc)\b")
# the asker's own search ("where can I find the old notices"), no place asked of the company
_ASKER_WHERE = re.compile(r"\b(?:where (?:can|could|do|should|would|may|might) (?:i|we|one)|wo (?:finde|kann|koennen|soll) "
                          r"(?:ich|man|wir)|ou (?:puis-je|peut-on|trouver|pourrais-je)|"
                          r"dove (?:posso|possiamo|trovo|si possono))\b")
# a person asked ("who sat on the board before it moved", "where was its former director based"): not the seat
_PERSON_ASKED = re.compile(r"^\W*(?:who|wer|qui|chi)\b|\b(?:directors?|ceos?|founders?|employees?|staff|owners?|"
                           r"managers?|partners?|members?|people|persons?)\b")
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
    between = BETWEEN.search(f) and _WHOM.search(f) and not _COMPARED.search(f)
    if mentions >= 2 and (CONNECTED.search(_NO_TIE.sub(" ", f)) or between):
        return GraphAsk("find_connections", {}, 2, "connection")
    if mentions >= 1 or anchored:
        keys, _former = roles.asked_roles(masked)
        day = date_in(masked)
        if day:  # "the directors of X on 1 May 2021": its board
            keys = _board_for_directors(keys, f)
        # a day, or (for a group of persons, not who joined or left) a year's end or start: "the board at the end
        # of 2021"; not what was published that day ("what was published about X on 1 March 2021")
        when = day or (year_bound(masked) if keys and not _CHANGED.search(f) else None)
        if when and not (PUBLISHED.search(_SOURCE.sub(" ", f)) and not keys):
            args: dict[str, Any] = {"date": when[0]} | ({"roles": sorted(keys)} if keys else {})
            return GraphAsk("company_as_of", args, 1, roles.label(keys) if keys else "state")
        seat_asked = FORMER_SEAT.search(f) or (
            SEAT_WORD.search(_ASKER_WHERE.sub(" ", _RELATIVE_WHERE.sub(" ", f))) and PAST_WORD.search(f))
        if seat_asked and not (keys or _PERSON_ASKED.search(f)) and not (NOT_SEAT.search(f) and not SEAT_NOUN.search(f)):
            return GraphAsk("list_events", {"kind": "moved"}, 1, "former seat")
        if FORMER_NAME.search(f):
            return GraphAsk("list_events", {"kind": "renamed"}, 1, "former name")
        if ((MERGED_INTO.search(_PERSON_SUCCESSOR.sub(" ", f)) or _ASSETS_TAKEN.search(f)) and mentions == 1 and not keys
                and not UNITS.search(f)):
            return GraphAsk("list_events", {"kind": "merged"}, 1, "merged into")
        if mentions:
            return None
    return _ranking(masked, f) or _listing(masked, f, anchored)


_BOARD_ROLES = frozenset(roles.ROLE_GROUPS["board"][0])


def _board_for_directors(keys: set[str], f: str) -> set[str]:
    """The roles asked, or the board where none is and the directors are (only where a day or a ranking of seats
    makes them the board)."""
    return set(_BOARD_ROLES) if not keys and _DIRECTORS.search(f) else keys


def _ranking(masked: str, f: str) -> GraphAsk | None:
    """Persons by their companies: "who sits on the most boards", "persons on more than three boards"."""
    many, most = MANY.search(f) or OR_MORE.search(f) or THAN_THAT.search(f), MOST.search(f)
    if not (PERSONS.search(f) and SEATS.search(f) and (many or most)) or COUNTED_PERSONS.search(f):
        return None
    keys = _board_for_directors(roles.asked_roles(masked)[0], f)  # "directors at more than 3 companies": board seats
    # mandates are (company, role) pairs; a board's roles at one company (member, then chair) are one board seat, so
    # "board mandates" are counted as boards, the companies
    board = bool(keys) and keys <= _BOARD_ROLES
    args: dict[str, Any] = {"metric": "mandates" if re.search(r"\bmandat\w*|\bmandates?\b|\bcariche\b|\bincarichi\b", f)
                            and not board else "companies"}
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
    f = _trade_free(f)  # "moving companies", "removal firms": companies of a trade
    masked = _JOINED_TO.sub(r"\1 \2 \3", masked)  # "Bern-to-Thun seat transfers"
    kind = next((k for k, pattern in KINDS if pattern.search(f)), None)
    went = FROM_TO.search(masked) if WENT.search(f) and COMPANIES.search(f) else None
    if kind is None and (LEFT_FOR.search(masked) or WHICH_LEFT.search(masked) or (FROM_TO.search(masked) and SEAT_NOUN.search(f))
                         or (len(_from_to(masked)) == 2 and (SEAT_NOUN.search(f) or _SHIFTED.search(f))
                             and _moving(masked))
                         # "out of Sion, into Sierre: which outfits?": companies, where they left and where they went
                         or (COMPANIES.search(f) and _left_and_went(masked))
                         or (ARROW.search(masked) and COMPANIES.search(f)) or ARRIVED_FROM.search(masked)
                         or (SWAPPED.search(masked) and SEAT_NOUN.search(f) and len(_from_to(masked)) == 2)
                         or (went and _place_like(went.group("a")) and _place_like(went.group("b")))):
        kind = "moved"  # "left Onex for Genève", "companies whose seat went from Bern to Thun", "passées de A à B"
    if kind == "moved" and NOT_SEAT.search(f) and not SEAT_NOUN.search(f):
        return None  # "moved their warehouse from Baden to Wohlen": not their seat
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
        if event == "foundation" and filters.legal_form(f) == "Stiftung":
            event = filters.event(_FOUNDATIONS.sub(" ", f))  # "which foundations …": the legal form, not a founding
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
        elif where.get("city") and kind in _CANTONAL and fold(where["city"]) in CAPITAL_TOWNS and where.get("canton_guess") \
                and not _TOWN_NOUN.search(f):
            args["canton"] = where["canton_guess"]  # "new entries in Schwyz": the canton's register, its capital within
        elif where.get("city"):
            args["town"] = where["city"]
    period = filters.period(f)
    args |= period
    form = filters.legal_form(_CANTON_IN_BRACKETS.sub(" ", f))
    if form:
        args["legal_form"] = form
    args["limit"] = 50
    return GraphAsk("list_events", args, 0, kind)


def _leading(masked: str) -> re.Match | None:
    """Two places written first ("Bern to Thun: …"), the first one a place (not "Sitzverlegungen")."""
    m = LEADING.match(masked)
    return m if m and _place_like(m.group("a")) else None


def _place_like(name: str) -> bool:
    """Whether a name written where a place goes may be one: a canton or a town the register knows by several names,
    or a capitalised word that questions use for nothing else (not "Sitzverlegungen", "GmbH", "Active")."""
    name = name.strip(".'")
    if canton_code(name) or len(city_spellings(name)) > 1:
        return True
    head, _, rest = name.partition(" ")
    if rest and fold(head) in _TOWN_FIRST:  # "Le Locle", "St. Moritz": judged by the word after the article
        return _place_like(rest)
    first, f = linker.loose(name.split()[0]), fold(name)
    if first in linker.PLACES:
        return True
    return (name[:1].isupper() and not linker.vocabulary(first) and not filters.legal_form(f) and not filters.event(f)
            and not filters.YEAR.fullmatch(name) and not any(p.search(f) for _, p in KINDS))


def _from_to(masked: str) -> dict[str, str]:
    """The places a move is said to go from and to; one said by a pronoun is the other place named ("Regarding Bern:
    which companies left it for Liestal?")."""
    # "Nyon's firms that moved to Vevey", "Amriswil-based before the move, Frauenfeld-based after it"
    out = {k: _BASED.sub("", re.sub(r"['’]s$", "", v)) for k, v in _ends(masked).items()}
    for end, other in (("from_place", "to_place"), ("to_place", "from_place")):
        if fold(out.get(end, "")) in _PRONOUN_PLACES:
            named = [p for p in _places(masked, fallback=True) if p and p != out.get(other)]
            if named:
                out[end] = named[0]
            else:
                del out[end]
    return out


def _ends(masked: str) -> dict[str, str]:
    m = (FROM_AND_TO.search(masked) or FROM_TO.search(masked) or TO_FROM.search(masked) or LEFT_FOR.search(masked)
         or WHICH_LEFT.search(masked)
         or ARRIVED_FROM.search(masked) or BARE.search(masked) or ARROW.search(masked) or _leading(masked))
    swap = SWAPPED.search(masked) if not m else None
    if swap and _place_like(swap.group("a") or swap.group("a2")) and _place_like(swap.group("b")):
        return {"from_place": (swap.group("a") or swap.group("a2")).strip(".'"),
                "to_place": _lower_place(masked, swap, "b", swap.group("b").strip(".'"))}
    if m and not filters.YEAR.fullmatch(m.group("a")):
        to = m.group("b") or m.groupdict().get("c") or ""
        return {"from_place": _lower_place(masked, m, "a", _trimmed(m.group("a"))),
                "to_place": _lower_place(masked, m, "b" if m.group("b") else "c", to.strip(".'"))}
    out = {}
    a, b = FROM_ONLY.search(masked) or FROM_BASED.search(masked), TO_ONLY.search(masked)
    if a:
        out["from_place"] = a.group("a").strip(".'")
    if b:
        out["to_place"] = b.group("b").strip(".'")
    places = _places(masked, fallback=True)
    if len(places) == 2 and all(places) and len(out) < 2:
        # two places and a move, however joined ("Out of Bulle, into Sion", "Bulle as old domicile and Sion as new
        # one", "from Bern … re-registered in Thun"): the one said to be left or arrived at where that is said, else
        # the first is the old seat
        first, second = places
        if out.get("to_place") == first or out.get("from_place") == second:
            first, second = second, first
        # "moved from Zug and from Baar": two places left, none gone to
        if not re.search(r"(?i:\b(?:from|von|aus|out of|de|da|dal|depuis)\s+)" + re.escape(second), masked):
            out = {"from_place": first, "to_place": second}
    return out


def _trimmed(name: str) -> str:
    """A place captured with a word before it ("Sitzwechsel Baar", "Von Bern"): the place alone; a town's own first
    word stays ("Le Locle", "La Tour-de-Peilz")."""
    name = name.strip(".'")
    first = fold(name.split(" ", 1)[0])
    return name.split(" ", 1)[1] if " " in name and first not in _TOWN_FIRST and not _place_like(name) else name


_JOIN_WORDS = {"am", "an", "im", "bei", "ob", "sur", "sous", "pres", "de", "di", "del", "la", "le", "les", "st", "ste",
               "sankt", "saint", "san", "santa"}
_PLACE_END = re.compile(r"[,;:?!()–—]|\s(?:-|to|into|and|und|et|e|nach|à|a|for|pour|per|in|during|since|over|with|"
                        r"which|that|who|pls|please|bitte|svp|merci|thx|list|liste|lista|\d{4})\b")


def _lower_place(masked: str, m: re.Match, group: str, name: str) -> str:
    """A place typed in lower case is read as one word by the patterns ("muri" of "muri bei bern", "st" of "st.
    gallen"): where it begins a name of several words, the words its joins hold together (an article or "st." before
    the next word, "bei" or "am" between two), up to the next preposition or mark."""
    if not name or name != name.lower() or m.group(group) is None:
        return name
    rest = masked[m.start(group):]
    end = _PLACE_END.search(rest)
    words = (rest[: end.start()] if end else rest).split()
    if len(words) < 2:
        return name
    taken, i = [words[0]], 1
    if fold(words[0]).strip(".'") in _JOIN_WORDS:  # "st. gallen", "le mont-sur-lausanne"
        taken.append(words[1])
        i = 2
    while i + 1 < len(words) and fold(words[i]).strip(".'") in _JOIN_WORDS:  # "muri bei bern"
        taken += words[i:i + 2]
        i += 2
    return " ".join(taken).strip(".'")


def _left_and_went(masked: str) -> bool:
    """Two places, one said to be left and the other gone to, one of them by more than "from" or "to" ("out of
    Sion, into Sierre"; not "companies from Zürich that sell to Geneva")."""
    a, b = FROM_ONLY.search(masked), TO_ONLY.search(masked)
    moving = a and b and (not re.match(r"(?i)(?:from|depuis)\b", a.group()) or not re.match(r"(?i)(?:to|nach)\b", b.group()))
    # the two said together ("Out of Sion, into Sierre"), and no trade between them ("ship goods out of Basel into
    # Germany", "out of Zug sold to Roche")
    moving = moving and abs(b.start() - a.end()) <= 25 and not _TRADE.search(fold(masked))
    return bool(moving and a.group("a") != b.group("b") and _place_like(a.group("a")) and _place_like(b.group("b")))


def _moving(masked: str) -> bool:
    """Words that say which of two places was left and which gone to, as a pair, outside the places' own names
    ("Neuchâtel", "Altdorf"): not one "new" or one "from" ("new companies seated in Zug or Baar", "seat in Zug,
    directors from Luzern")."""
    rest = masked
    for place in _places(masked):
        rest = rest.replace(place, " ")
    return bool((_FROM_SIDE.search(rest) and _TO_SIDE.search(rest)) or (_OLD_SIDE.search(rest) and _NEW_SIDE.search(rest)))


_BEFORE_PLACE = re.compile(r"(?i:\b(?:by|von|durch|par|da|di|canton|kanton|cantone)\s+(?:of\s+|de\s+)?)$")


def _places(masked: str, fallback: bool = False) -> list[str]:
    """The distinct places written as names in `masked`, in order (a capitalised word that may be one, see
    `_place_like`). With `fallback` (two places read without a pattern that joins them), not a name after "by" or a
    canton word ("founded by Anna Keller", "in canton Zurich"), nor two capitalised words that are no known town."""
    out: list[str] = []
    keys: set[str] = set()
    for m in re.finditer(_CAP_PLACE, masked):
        name = _trimmed(m.group())  # "Sitzwechsel Frauenfeld", "Von Schaffhausen": the place after
        if fallback and (_BEFORE_PLACE.search(masked[:m.start()]) or (
                " " in name and fold(name.split()[0]) not in _TOWN_FIRST and not canton_code(name)
                and len(city_spellings(name)) < 2
                # a town's words joined by "am", "bei", "sur" … ("Affoltern am Albis", "Muri bei Bern")
                and not any(fold(w) in _JOIN_WORDS for w in name.split()[1:-1]))):
            name = ""  # no place to pair, but a name that makes the two others no pair ("Swiss Official Gazette")
        key = re.sub(r"^(?:canton|kanton|cantone)\s+", "", fold(name))  # "Kanton Zürich" and "Zürich": one place
        if not name:
            out.append(name)
        elif key not in keys and _place_like(name) and key not in _NOT_PLACES:
            out.append(name)
            keys.add(key)
    return out
