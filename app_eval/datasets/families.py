"""Paraphrase families: the ways a question is asked, written here and nowhere else (never read from the
agent or its word lists). Deterministic templates, so the committed files need no LLM.

Each split has its own families (SPEC §10: no family of a `test` item is used by a `dev` item):

- `*-en-*`     the item's own question (English, the split's base wording)
- `*-syntax-*` other syntax: imperatives and fragments ("Domicile of X?")
- `*-order-*`  other word order: the entity or the condition first
- `*-typo-*`   the base wording in lower case with one typo in the name (or in the subject of the question)
- `*-de-*`, `*-fr-*`, `*-it-*`  the question in German, French and Italian

Every item carries every paraphrase family of its split, so each language holds every item of a split.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from app_eval.datasets.model import DEV, TEST, Paraphrase

# the template column of each family, per split: base, syntax, order, de, fr, it
COLUMNS = ("en", "syntax", "order", "de", "fr", "it")
LANG = {"en": "en", "syntax": "en", "order": "en", "typo": "en", "de": "de", "fr": "fr", "it": "it"}
SUFFIX = {DEV: "a", TEST: "b"}


def family(split: str, column: str) -> str:
    return f"{split}-{column}-{SUFFIX[split]}"


BASE = {s: family(s, "en") for s in (DEV, TEST)}
FAMILIES = {s: tuple(family(s, c) for c in ("en", "syntax", "order", "typo", "de", "fr", "it")) for s in (DEV, TEST)}
PARAPHRASE_COLUMNS = ("syntax", "order", "typo", "de", "fr", "it")

# the test split's graph-native families (issue 17), written by a reviewer who had not seen the engine's rules
TEST_GRAPH = {
    "board_on_date": (
        "Which people were serving as directors of {n} on {date}?",
        "Directors of {n} in office on {date}?",
        "At {n}, which directors held office on {date}?",
        "Wer gehörte am {date} dem Verwaltungsrat von {n} an?",
        "Qui étaient les administrateurs de {n} en date du {date} ?",
        "Chi faceva parte del consiglio di amministrazione di {n} alla data del {date}?",
    ),
    "former_seat": (
        "In which town was {n} registered before it relocated?",
        "Previous domicile of {n}, prior to the relocation?",
        "{n} transferred its registered office: from which town?",
        "Welches war der bisherige Sitz von {n} vor der Sitzverlegung?",
        "Dans quelle localité {n} avait-elle son siège avant de déménager ?",
        "Qual era la sede precedente di {n}, prima dello spostamento?",
    ),
    "moved_between": (
        "Which firms relocated their registered office from {a} to {b}?",
        "Seat transfers from {a} to {b}: which firms?",
        "Having previously been domiciled in {a}, which firms moved their registered office to {b}?",
        "Welche Unternehmen sind mit ihrem Sitz von {a} nach {b} gezügelt?",
        "Quelles entreprises ont déplacé leur domicile de {a} vers {b} ?",
        "Quali ditte hanno spostato il proprio domicilio da {a} a {b}?",
    ),
    "founded_in": (
        "Which firms were newly registered in canton {canton} during {year}?",
        "Newly incorporated firms, canton {canton}, year {year}?",
        "During {year}, what new firms appeared in the register of canton {canton}?",
        "Welche Unternehmen wurden im Jahr {year} im Kanton {canton} neu ins Handelsregister eingetragen?",
        "Quelles nouvelles entreprises ont été immatriculées dans le canton de {canton} au cours de l'année {year} ?",
        "Quali nuove ditte sono state iscritte nel registro di commercio del Cantone {canton} nel corso del {year}?",
    ),
    "board_mandates": (
        "Which individuals have been directors of more than {k} firms?",
        "Individuals holding more than {k} directorships?",
        "Holding more than {k} board mandates: which people?",
        "Wer ist oder war in mehr als {k} Verwaltungsräten vertreten?",
        "Qui est ou a été administrateur de plus de {k} entreprises ?",
        "Chi cumula o ha cumulato mandati di amministratore in più di {k} società?",
    ),
    "merged_into": (
        "Which company took over the assets and liabilities of {n} in a merger?",
        "Absorbing company in the merger of {n}?",
        "Through a merger, {n} became part of which firm?",
        "Auf welche Gesellschaft sind Aktiven und Passiven von {n} infolge Fusion übergegangen?",
        "Quelle société a repris {n} par voie de fusion ?",
        "In quale società è confluita {n} a seguito di fusione?",
    ),
    "link": (
        "What is the relationship between {n} and {m}?",
        "Links between {n} and {m}?",
        "Between {n} and {m}, is there a link, and what is it?",
        "In welcher Beziehung stehen {n} und {m} zueinander?",
        "Qu'est-ce qui relie {n} à {m} ?",
        "Che rapporto intercorre tra {n} e {m}?",
    ),
}

# ask -> split -> (en, syntax, order, de, fr, it). Slots: {n} company (name or UID), {p} person, {what}/{canton}/{year}
# (counts), {place} (a seat), {addr} (an address), {date} (a date in the family's style).
T: dict[str, dict[str, tuple[str, str, str, str, str, str]]] = {
    "address": {
        DEV: ("What is the registered address of {n}?", "Give me the registered address of {n}.",
              "{n}: where is it registered (street and town)?", "Wie lautet die Geschäftsadresse von {n}?",
              "Quelle est l'adresse du siège de {n} ?", "Qual è l'indirizzo registrato di {n}?"),
        TEST: ("Which street address does the register hold for {n}?", "Street, number and postcode of {n}, please.",
               "For {n}, the postal address on file?", "Unter welcher Anschrift ist {n} eingetragen?",
               "À quelle adresse {n} est-elle inscrite ?", "A quale recapito risulta iscritta {n}?"),
    },
    "capital": {
        DEV: ("What is the nominal share capital of {n}?", "State the share capital of {n}.",
              "{n}: how much share capital does it have?", "Wie hoch ist das Stamm- oder Aktienkapital von {n}?",
              "Quel est le capital social de {n} ?", "A quanto ammonta il capitale sociale di {n}?"),
        TEST: ("How large is the capital that {n} has on record?", "Recorded capital of {n} in CHF?",
               "In CHF, {n} holds what nominal capital?", "Mit wie viel Kapital ist {n} im Register verzeichnet?",
               "Combien de capital nominal {n} déclare-t-elle ?", "Quanto capitale nominale dichiara {n}?"),
    },
    "seat": {
        DEV: ("Where is {n} seated?", "Name the seat of {n}.", "{n} has its seat where?", "Wo hat {n} ihren Sitz?",
              "Où se trouve le siège de {n} ?", "Dove ha sede {n}?"),
        TEST: ("In which municipality is {n} domiciled?", "Domicile of {n}?",
               "Which town is home to {n}, going by the gazette?", "In welcher Gemeinde ist {n} domiziliert?",
               "Dans quelle commune {n} est-elle domiciliée ?", "In quale comune è domiciliata {n}?"),
    },
    "legal_form": {
        DEV: ("What is the legal form of {n}?", "Tell me the legal form of {n}.", "{n} is which kind of legal entity?",
              "Welche Rechtsform hat {n}?", "Quelle est la forme juridique de {n} ?", "Qual è la forma giuridica di {n}?"),
        TEST: ("What kind of entity is {n} registered as?", "Entity type of {n}?", "As an entity, {n} is organised how?",
               "Als was für eine Gesellschaftsform ist {n} organisiert?", "Sous quelle forme de société {n} est-elle organisée ?",
               "Sotto quale forma societaria è organizzata {n}?"),
    },
    "purpose": {
        DEV: ("What is the purpose of {n}?", "Describe the business purpose of {n}.",
              "{n}: what does it do according to its purpose clause?", "Was ist der Zweck von {n}?",
              "Quel est le but de {n} ?", "Qual è lo scopo di {n}?"),
        TEST: ("What line of business does {n} pursue under its statutes?", "Statutory object of {n}?",
               "According to its statutes, {n} exists to do what?", "Womit befasst sich {n} laut Statuten?",
               "Selon ses statuts, de quoi s'occupe {n} ?", "Secondo lo statuto, di che cosa si occupa {n}?"),
    },
    "uid": {
        DEV: ("What is the UID of {n}?", "Look up the UID of {n}.", "{n}: which UID does it have?", "Welche UID hat {n}?",
              "Quel est le numéro IDE de {n} ?", "Qual è il numero IDI di {n}?"),
        TEST: ("Which enterprise identification number (CHE-...) belongs to {n}?", "CHE number for {n}?",
               "To {n} belongs which CHE identification number?",
               "Wie lautet die Unternehmens-Identifikationsnummer von {n}?",
               "Sous quel numéro CHE {n} est-elle enregistrée ?", "Con quale numero CHE è registrata {n}?"),
    },
    "head_office": {
        DEV: ("Which company is the head office of {n}?", "Identify the head office of {n}.",
              "{n} is a branch of which company?", "Welche Gesellschaft ist der Hauptsitz von {n}?",
              "Quelle société est le siège principal de {n} ?", "Quale società è la sede principale di {n}?"),
        TEST: ("To which parent enterprise does the branch {n} belong?", "Parent firm of the branch {n}?",
               "The branch {n} answers to which main establishment?", "Zu welchem Stammhaus gehört die Filiale {n}?",
               "De quelle maison mère dépend la succursale {n} ?", "Da quale casa madre dipende la succursale {n}?"),
    },
    "officers": {
        DEV: ("Who are the current officers of {n}, and in which roles?",
              "List the persons currently registered for {n} with their roles.",
              "{n}: who is registered there today, in which function?",
              "Welche Personen sind derzeit für {n} eingetragen, und in welcher Funktion?",
              "Quelles personnes sont actuellement inscrites pour {n}, et avec quelle fonction ?",
              "Quali persone sono attualmente iscritte per {n}, e con quale funzione?"),
        TEST: ("Which people still hold a function at {n}?", "Present signatories and board of {n}?",
               "At {n}, whose registration is still in force, and as what?", "Wer hat bei {n} heute noch eine Funktion inne?",
               "Qui exerce encore une fonction chez {n} ?", "Chi ricopre ancora una funzione presso {n}?"),
    },
    "person_companies": {
        DEV: ("In which companies does {p} appear in the notices?", "List the companies whose notices name {p}.",
              "{p}: which companies is this person linked to?", "In den Meldungen welcher Firmen erscheint {p}?",
              "Dans les publications de quelles sociétés figure {p} ?", "In quali società compare {p} nelle pubblicazioni?"),
        TEST: ("With which firms has {p} been involved, going by the gazette?", "Firms connected with {p}?",
               "Going by the gazette, {p} had dealings with which firms?",
               "Mit welchen Unternehmen hatte {p} laut Amtsblatt zu tun?",
               "Selon la FOSC, quelles entreprises sont liées à {p} ?", "Secondo il FUSC, quali ditte sono legate a {p}?"),
    },
    "history": {
        DEV: ("List the notices published about {n} in chronological order.", "Show all notices about {n}, oldest first.",
              "{n}: which notices were published, in order?", "Welche Meldungen wurden zu {n} publiziert (chronologisch)?",
              "Quelles publications concernent {n}, par ordre chronologique ?",
              "Quali pubblicazioni riguardano {n}, in ordine cronologico?"),
        TEST: ("Could you give a timeline of every gazette entry concerning {n}?", "Timeline of gazette entries on {n}.",
               "Every gazette entry on {n}, from earliest to latest?", "Zeitleiste aller Amtsblatt-Einträge zu {n}?",
               "Chronologie de toutes les annonces FOSC sur {n} ?", "Cronologia di tutti gli avvisi FUSC su {n}?"),
    },
    "first_notice": {
        DEV: ("When was the first notice about {n} published, and what was it?", "Find the first notice published about {n}.",
              "{n}: what was its first notice, and when?", "Wann erschien die erste Meldung zu {n}, und was war sie?",
              "Quand la première publication concernant {n} est-elle parue, et de quoi s'agissait-il ?",
              "Quando è apparsa la prima pubblicazione su {n}, e di che tipo era?"),
        TEST: ("What is the earliest gazette entry on record for {n}, and its date?", "Earliest gazette entry for {n}?",
               "Going back to the start, {n} first showed up in the gazette with which entry?",
               "Welches ist der älteste Amtsblatt-Eintrag zu {n}, und von wann?",
               "Quelle est l'annonce FOSC la plus ancienne sur {n}, et sa date ?",
               "Qual è l'avviso FUSC più vecchio su {n}, e la sua data?"),
    },
    "latest_notice": {
        DEV: ("When was the most recent notice about {n} published, and what was it?", "Find the latest notice about {n}.",
              "{n}: what is its most recent notice?", "Wann erschien die neueste Meldung zu {n}, und was war sie?",
              "Quand la publication la plus récente concernant {n} est-elle parue, et de quoi s'agissait-il ?",
              "Quando è apparsa l'ultima pubblicazione su {n}, e di che tipo era?"),
        TEST: ("What is the newest gazette entry on record for {n}, and its date?", "Newest gazette entry for {n}?",
               "Looking at recent activity, {n} last showed up in the gazette with which entry?",
               "Welches ist der jüngste Amtsblatt-Eintrag zu {n}, und von wann?",
               "Quelle est l'annonce FOSC la plus récente sur {n}, et sa date ?",
               "Qual è l'avviso FUSC più recente su {n}, e la sua data?"),
    },
    "founded": {
        DEV: ("When was {n} founded?", "Give the founding date of {n}.", "{n} was registered when?",
              "Wann wurde {n} gegründet?", "Quand {n} a-t-elle été fondée ?", "Quando è stata fondata {n}?"),
        TEST: ("On which day did the gazette print the new registration of {n}?", "Registration date of {n}?",
               "In the gazette, {n} was first entered on which date?",
               "An welchem Datum wurde die Neueintragung von {n} veröffentlicht?",
               "À quelle date la FOSC a-t-elle publié l'inscription de {n} ?",
               "In che data è stata pubblicata l'iscrizione di {n}?"),
    },
    "bankruptcy": {
        DEV: ("When was bankruptcy opened against {n}?", "Give the date on which bankruptcy was opened against {n}.",
              "{n}: on what date was its bankruptcy opened?", "Wann wurde über {n} der Konkurs eröffnet?",
              "Quand la faillite de {n} a-t-elle été prononcée ?", "Quando è stato dichiarato il fallimento di {n}?"),
        TEST: ("On which day did the court declare {n} bankrupt?", "Bankruptcy declared for {n} on?",
               "The court decision declaring {n} bankrupt is dated when?", "Von wann datiert der Konkursentscheid gegen {n}?",
               "De quand date le jugement de faillite contre {n} ?", "Di quando è la decisione di fallimento contro {n}?"),
    },
    "deleted": {
        DEV: ("When was {n} deleted from the commercial register?", "Give the deletion date of {n}.",
              "{n} was struck off when?", "Wann wurde {n} im Handelsregister gelöscht?",
              "Quand {n} a-t-elle été radiée du registre du commerce ?",
              "Quando è stata cancellata {n} dal registro di commercio?"),
        TEST: ("On what date did {n} cease to exist in the register?", "Removal from the register of {n}: date?",
               "From the register, {n} disappeared on which date?", "Seit wann existiert {n} im Register nicht mehr?",
               "Depuis quand {n} ne figure-t-elle plus au registre ?", "Da quando {n} non figura più nel registro?"),
    },
    "renamed": {
        DEV: ("What were the former names of {n}, and when did they change?", "List every name change of {n} with its date.",
              "{n}: under which names did it trade before?", "Welche früheren Namen hatte {n}, und wann wurden sie geändert?",
              "Quelles étaient les anciennes raisons sociales de {n}, et quand ont-elles changé ?",
              "Quali erano le precedenti ragioni sociali di {n}, e quando sono cambiate?"),
        TEST: ("Under what earlier firm names was {n} known, with the dates of each change?",
               "Earlier firm names of {n}, with dates?", "Before it was called {n}, the firm bore which names, and until when?",
               "Unter welchen Firmennamen trat {n} vorher auf, und seit wann heisst sie so?",
               "Sous quels noms {n} était-elle connue auparavant, avec les dates ?",
               "Con quali nomi era conosciuta prima {n}, con le date?"),
    },
    "dissolution": {
        DEV: ("Have any notices of dissolution or bankruptcy been published for {n}?",
              "List the dissolution, liquidation and bankruptcy notices for {n}.",
              "{n}: any bankruptcy or liquidation notices?", "Gibt es Auflösungs-, Liquidations- oder Konkursmeldungen zu {n}?",
              "Existe-t-il des publications de dissolution, de liquidation ou de faillite pour {n} ?",
              "Ci sono pubblicazioni di scioglimento, liquidazione o fallimento per {n}?"),
        TEST: ("Which insolvency, winding-up or removal entries exist for {n}?", "Insolvency and winding-up entries for {n}?",
               "Regarding winding-up or insolvency, what entries concern {n}?",
               "Welche Einträge zu Insolvenz, Abwicklung oder Löschung betreffen {n}?",
               "Quelles annonces d'insolvabilité, de mise en liquidation ou de radiation visent {n} ?",
               "Quali avvisi di insolvenza, liquidazione o cancellazione riguardano {n}?"),
    },
    "connected": {
        DEV: ("Which companies are connected to {n} through shared persons?",
              "List all companies that share a person with {n}.", "{n}: which other companies share persons with it?",
              "Welche Firmen sind über gemeinsame Personen mit {n} verbunden?",
              "Quelles sociétés sont liées à {n} par des personnes communes ?",
              "Quali società sono collegate a {n} tramite persone comuni?"),
        TEST: ("Which other firms have people in common with {n}?", "Firms sharing people with {n}?",
               "Through the people named at {n}, which other firms are reached?",
               "Welche anderen Unternehmen teilen Leute mit {n}?",
               "Quelles autres entreprises ont des gens en commun avec {n} ?",
               "Quali altre ditte hanno gente in comune con {n}?"),
    },
    "count": {
        DEV: ("How many {what} were published in canton {canton} in {year}?",
              "Count the {what} published in canton {canton} in {year}.", "In {year}, canton {canton}: how many {what}?",
              "Wie viele {what} wurden {year} im Kanton {canton} publiziert?",
              "Combien de {what} ont été publiées dans le canton {canton} en {year} ?",
              "Quante {what} sono state pubblicate nel cantone {canton} nel {year}?"),
        TEST: ("What number of {what} did the gazette carry for {canton} during {year}?", "Total {what}, {canton}, year {year}?",
               "During {year}, for {canton}, the gazette carried how many {what}?",
               "Wie hoch war {year} die Zahl der {what} für {canton}?",
               "Quel est le nombre de {what} pour {canton} durant l'année {year} ?",
               "Quante {what} ha pubblicato il FUSC per {canton} nell'anno {year}?"),
    },
    "top_city": {
        DEV: ("Which company seated in {place} has the largest nominal capital?",
              "Find the company in {place} with the highest share capital.", "In {place}, which company has the most capital?",
              "Welche Firma mit Sitz in {place} hat das grösste Kapital?",
              "Quelle société établie à {place} a le plus grand capital ?",
              "Quale società con sede a {place} ha il capitale più alto?"),
        TEST: ("Among firms domiciled in {place}, whose recorded capital is biggest?", "Biggest capital among {place} firms?",
               "Of all the firms of {place}, the top one by capital is?",
               "Unter den Unternehmen aus {place}: wer verfügt über das meiste Kapital?",
               "Parmi les entreprises domiciliées à {place}, laquelle dispose du capital le plus élevé ?",
               "Tra le ditte domiciliate a {place}, quale dispone del capitale maggiore?"),
    },
    "top_canton": {
        DEV: ("Which three companies in canton {canton} have the largest nominal capital?",
              "Rank the top three companies of canton {canton} by share capital.",
              "Canton {canton}: which three companies hold the most capital?",
              "Welche drei Firmen im Kanton {canton} haben das grösste Kapital?",
              "Quelles sont les trois sociétés du canton {canton} ayant le plus grand capital ?",
              "Quali sono le tre società del cantone {canton} con il capitale più alto?"),
        TEST: ("What are the 3 best-capitalised firms domiciled in {canton}?", "3 best-capitalised firms in {canton}?",
               "Domiciled in {canton}, which 3 firms are best capitalised?",
               "Nenne die 3 kapitalstärksten Unternehmen aus {canton}.",
               "Les 3 entreprises les mieux capitalisées de {canton} ?", "Le 3 ditte più capitalizzate di {canton}?"),
    },
    "reverse_address": {
        DEV: ("Which company is registered at {addr}?", "Find the company registered at the address {addr}.",
              "{addr}: which company is registered there?", "Welche Firma ist an der Adresse {addr} eingetragen?",
              "Quelle société est inscrite à l'adresse {addr} ?", "Quale società è iscritta all'indirizzo {addr}?"),
        TEST: ("Whose notices give {addr} as their address?", "Firm at {addr}?",
               "At {addr}, whose domicile is that, going by the gazette?", "Wer hat laut Amtsblatt die Anschrift {addr}?",
               "Qui a pour adresse {addr} selon la FOSC ?", "Chi ha come indirizzo {addr} secondo il FUSC?"),
    },
    "meeting": {
        DEV: ("Whose bankruptcy notice set the first creditors' meeting for {date}?",
              "Find the bankruptcy notice that calls the first creditors' meeting on {date}.",
              "First creditors' meeting on {date}: in whose bankruptcy?",
              "In welchem Konkurs fand die erste Gläubigerversammlung am {date} statt?",
              "Dans quelle faillite la première assemblée des créanciers a-t-elle lieu le {date} ?",
              "In quale fallimento la prima adunanza dei creditori si tiene il {date}?"),
        TEST: ("Which debtor's creditors were convened for a first meeting on {date}?",
               "Creditors convened {date}: which debtor?",
               "On {date} creditors met for the first time; whose estate was it?",
               "Wessen Gläubiger wurden auf den {date} zu einer ersten Versammlung geladen?",
               "Les créanciers de qui ont été convoqués une première fois le {date} ?",
               "I creditori di chi sono stati convocati la prima volta il {date}?"),
    },
    # graph-native questions (issue 17); slots {n}/{m} companies, {date}, {a}/{b} towns, {year}, {canton}, {k}
    "board_on_date": {
        DEV: ("Who sat on the board of directors of {n} on {date}?", "List the board members of {n} as of {date}.",
              "On {date}, who were the directors on the board of {n}?", "Wer war am {date} im Verwaltungsrat der {n}?",
              "Qui siégeait au conseil d'administration de {n} le {date} ?",
              "Chi sedeva nel consiglio d'amministrazione della {n} il {date}?"),
        TEST: TEST_GRAPH["board_on_date"],
    },
    "former_seat": {
        DEV: ("Where was {n} based before it moved its seat?", "Give the former seat of {n}.",
              "Before the move, where did {n} have its seat?", "Wo hatte {n} vor dem Umzug ihren Sitz?",
              "Où était le siège de {n} avant le transfert ?", "Dove aveva sede {n} prima del trasferimento?"),
        TEST: TEST_GRAPH["former_seat"],
    },
    "moved_between": {
        DEV: ("Which companies moved their seat from {a} to {b}?", "List the companies that moved from {a} to {b}.",
              "From {a} to {b}: which companies moved their seat?", "Welche Firmen haben ihren Sitz von {a} nach {b} verlegt?",
              "Quelles sociétés ont transféré leur siège de {a} à {b} ?",
              "Quali società hanno trasferito la sede da {a} a {b}?"),
        TEST: TEST_GRAPH["moved_between"],
    },
    "founded_in": {
        DEV: ("Which companies were founded in {year} in canton {canton}?",
              "List the companies entered in the register in {year} in canton {canton}.",
              "In canton {canton}, which companies were founded in {year}?",
              "Welche Firmen wurden {year} im Kanton {canton} gegründet?",
              "Canton de {canton} : quelles sociétés ont été fondées en {year} ?",
              "Quali società sono state fondate nel {year} nel Cantone {canton}?"),
        TEST: TEST_GRAPH["founded_in"],
    },
    "board_mandates": {
        DEV: ("Which persons have held board seats in more than {k} companies?",
              "List the persons who sat on the boards of more than {k} companies.",
              "On the boards of more than {k} companies: which persons have sat there?",
              "Welche Personen sassen in den Verwaltungsräten von mehr als {k} Firmen?",
              "Quelles personnes ont siégé au conseil d'administration de plus de {k} sociétés ?",
              "Quali persone hanno seduto nei consigli di amministrazione di più di {k} società?"),
        TEST: TEST_GRAPH["board_mandates"],
    },
    "merged_into": {
        DEV: ("Which company absorbed {n} in a merger?", "Name the company that took over {n} by merger.",
              "{n} was merged into which company?", "Von welcher Firma wurde {n} durch Fusion übernommen?",
              "Quelle société a absorbé {n} par fusion ?", "Quale società ha incorporato {n} per fusione?"),
        TEST: TEST_GRAPH["merged_into"],
    },
    "link": {
        DEV: ("How are {n} and {m} connected?", "Show the connection between {n} and {m}.", "{n} and {m}: what links them?",
              "Wie sind {n} und {m} miteinander verbunden?", "Quel est le lien entre {n} et {m} ?",
              "Come sono collegate {n} e {m}?"),
        TEST: TEST_GRAPH["link"],
    },
}

# the event kinds of count questions, per split and language column
WHAT: dict[str, dict[str, dict[str, str]]] = {
    "HR01": {DEV: {"en": "new registrations", "de": "Neueintragungen", "fr": "nouvelles inscriptions",
                   "it": "nuove iscrizioni"},
             TEST: {"en": "first-time register entries", "de": "Ersteintragungen", "fr": "premières inscriptions",
                    "it": "prime iscrizioni"}},
    "HR03": {DEV: {"en": "deletions from the commercial register", "de": "Löschungen", "fr": "radiations",
                   "it": "cancellazioni"},
             TEST: {"en": "register removals", "de": "Registerlöschungen", "fr": "radiations du registre",
                    "it": "cancellazioni dal registro"}},
    "KK02": {DEV: {"en": "bankruptcy openings", "de": "Konkurseröffnungen", "fr": "ouvertures de faillite",
                   "it": "aperture di fallimento"},
             TEST: {"en": "bankruptcy declarations", "de": "Konkurserkenntnisse", "fr": "déclarations de faillite",
                    "it": "dichiarazioni di fallimento"}},
}
MONTHS = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
           "December"),
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
           "Dezember"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
           "décembre"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
           "novembre", "dicembre"),
}
# canton names as each language writes them (the {canton} slot holds the code)
CANTON_NAMES: dict[str, tuple[str, str, str, str]] = {  # en, de, fr, it
    "ZH": ("Zurich", "Zürich", "Zurich", "Zurigo"), "BE": ("Bern", "Bern", "Berne", "Berna"),
    "LU": ("Lucerne", "Luzern", "Lucerne", "Lucerna"), "UR": ("Uri", "Uri", "Uri", "Uri"),
    "SZ": ("Schwyz", "Schwyz", "Schwyz", "Svitto"), "OW": ("Obwalden", "Obwalden", "Obwald", "Obvaldo"),
    "NW": ("Nidwalden", "Nidwalden", "Nidwald", "Nidvaldo"), "GL": ("Glarus", "Glarus", "Glaris", "Glarona"),
    "ZG": ("Zug", "Zug", "Zoug", "Zugo"), "FR": ("Fribourg", "Freiburg", "Fribourg", "Friburgo"),
    "SO": ("Solothurn", "Solothurn", "Soleure", "Soletta"), "BS": ("Basel-Stadt", "Basel-Stadt", "Bâle-Ville", "Basilea Città"),
    "BL": ("Basel-Landschaft", "Basel-Landschaft", "Bâle-Campagne", "Basilea Campagna"),
    "SH": ("Schaffhausen", "Schaffhausen", "Schaffhouse", "Sciaffusa"),
    "AR": ("Appenzell Ausserrhoden", "Appenzell Ausserrhoden", "Appenzell Rhodes-Extérieures", "Appenzello Esterno"),
    "AI": ("Appenzell Innerrhoden", "Appenzell Innerrhoden", "Appenzell Rhodes-Intérieures", "Appenzello Interno"),
    "SG": ("St. Gallen", "St. Gallen", "Saint-Gall", "San Gallo"), "GR": ("Graubünden", "Graubünden", "Grisons", "Grigioni"),
    "AG": ("Aargau", "Aargau", "Argovie", "Argovia"), "TG": ("Thurgau", "Thurgau", "Thurgovie", "Turgovia"),
    "TI": ("Ticino", "Tessin", "Tessin", "Ticino"), "VD": ("Vaud", "Waadt", "Vaud", "Vaud"),
    "VS": ("Valais", "Wallis", "Valais", "Vallese"), "NE": ("Neuchâtel", "Neuenburg", "Neuchâtel", "Neuchâtel"),
    "GE": ("Geneva", "Genf", "Genève", "Ginevra"), "JU": ("Jura", "Jura", "Jura", "Giura"),
}
LEGAL_WORDS = {"ag", "sa", "gmbh", "sàrl", "sarl", "sagl", "in", "liquidation", "liquidazione", "en", "&", "und", "et", "e",
               "partner", "zweigniederlassung", "succursale", "genossenschaft", "by"}


def date_text(iso_date: str, split: str, column: str) -> str:
    """A date in the family's style: dev writes it as the notices do (or ISO), test spells the month out."""
    y, m, d = iso_date.split("-")
    lang = LANG[column]
    if split == DEV:
        return iso_date if column in ("en", "syntax", "typo") else f"{d}.{m}.{y}"
    month = MONTHS[lang][int(m) - 1]
    return {"en": f"{int(d)} {month} {y}", "de": f"{int(d)}. {month} {y}", "fr": f"{int(d)} {month} {y}",
            "it": f"{int(d)} {month} {y}"}[lang]


def _digest(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big")


def misspell(text: str, key: str) -> str:
    """`text` in lower case with one typo (two neighbouring letters swapped, or one dropped) in its longest
    distinctive word; which letters depends on `key`, so the same item always gets the same typo."""
    words = text.split(" ")
    candidates = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha() and w.casefold() not in LEGAL_WORDS]
    if not candidates:
        return text.lower()
    i = max(candidates, key=lambda j: (len(words[j]), -j))
    w = words[i].lower()
    pos = 1 + _digest(key) % (len(w) - 2)
    swapped = w[:pos] + w[pos + 1] + w[pos] + w[pos + 2:]
    words[i] = swapped if swapped != w else w[:pos] + w[pos + 1:]
    return " ".join(x.lower() for x in words)


def uid_plain(uid: str) -> str:
    """A UID as people type it in a hurry: lower case, no dots."""
    return uid.replace(".", "").lower()


@dataclass(frozen=True)
class Ask:
    """What an item asks, in a form every family can word: the ask key and its slots. `subject` names the slot
    the typo family misspells; `uid_ref` marks a company named by its UID (never misspelled: that would name
    another company)."""
    key: str
    slots: tuple[tuple[str, str], ...]
    subject: str = "n"
    uid_ref: bool = False

    @classmethod
    def of(cls, key: str, subject: str = "n", uid_ref: bool = False, **slots: str) -> Ask:
        return cls(key, tuple(sorted(slots.items())), subject, uid_ref)

    def text(self, split: str, column: str, item_id: str) -> str:
        slots = dict(self.slots)
        lang = LANG[column]
        template = T[self.key][split][COLUMNS.index("en" if column == "typo" else column)]
        if self.key == "count":
            slots["what"] = WHAT[slots["what"]][split][lang]
        if "date" in slots:
            slots["date"] = date_text(slots["date"], split, column)
        if self.key == "founded_in":  # the canton named as the language writes it
            slots["canton"] = canton_name(slots["canton"], lang)
        if self.uid_ref and split == DEV and column == "en":
            slots["n"] = f"the company with UID {slots['n']}"
        if column != "typo":
            return _fill(template, slots)
        if self.uid_ref:
            slots["n"] = uid_plain(slots["n"])
        elif self.subject in slots:
            slots[self.subject] = misspell(slots[self.subject], item_id)
        return _fill(template, slots).lower()


def canton_name(code: str, language: str) -> str:
    """A canton's name as `language` (en, de, fr, it) writes it."""
    return CANTON_NAMES[code][("en", "de", "fr", "it").index(language)]


def _fill(template: str, slots: dict[str, str]) -> str:
    return re.sub(r"\s+", " ", template.format(**slots)).strip()


def phrase(ask: Ask, split: str, item_id: str) -> tuple[str, list[Paraphrase]]:
    """The item's question (its split's base family) and one paraphrase per other family of its split."""
    question = ask.text(split, "en", item_id)
    paraphrases = [Paraphrase(family=family(split, c), language=LANG[c], question=ask.text(split, c, item_id))  # type: ignore[arg-type]
                   for c in PARAPHRASE_COLUMNS]
    return question, paraphrases
