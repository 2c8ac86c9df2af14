"""What a question about one company asks for, in four languages: phrasings written for this test (none taken
from an evaluation set), read the way the engine reads them — the company's name linked in the graph first."""

from __future__ import annotations

import re

import pytest

from agent import intents as I
from agent.offline import filters, linker
from agent.offline.understand import understand

CASES = {
    "purpose": [
        "{n}: its purpose, please; I want to see if it mentions trading",
        "{n} : quel but ?",
        "But statutaire de {n}",
        "Gesellschaftszweck von {n} gemäss Handelsregister",
        "{n}: oggetto?",
        "Passons à {n}. Quel est son but ?",
        "What is {n}'s line of business?",
        "Womit befasst sich {n}?",
        "Di cosa si occupa {n}?",
        "De quoi s'occupe {n} ?",
        "What business is {n} in?",
        "What is {n}'s business?",
        "What industry is {n} active in?",
        "What does {n} do for a living?",
        "Which activities does {n} carry out?",
        "Business activity of {n}",
        "Was ist der Geschäftszweck von {n}?",
        "Was bezweckt {n}?",
        "In welcher Branche ist {n} tätig?",
        "Wofür ist {n} zuständig?",
        "Quel est l'objet de {n} ?",
        "Quelle est l'activité de {n} ?",
        "Dans quel domaine {n} est-elle active ?",
        "Que fait {n} ?",
        "Qual è l'attività di {n}?",
        "In che settore opera {n}?",
        "Qual è l'oggetto sociale di {n}?",
        "What is the stated aim of {n}?",
        "What is {n} for?",
        "What kind of business does {n} do?",
        "{n}: what sort of work are they in?",
    ],
    "legal_form": [
        "{n}: corporation, LLC, cooperative? Which one is it?",
        "{n} – SA, Sàrl ou entreprise individuelle ?",
        "Is {n} a cooperative, an association or a company?",
        "Regarding {n}: was it set up as a foundation or as a company limited by shares?",
        "Tell me the type of entity {n} is registered as",
        "{n}: AG, GmbH oder Einzelunternehmen?",
        "Is {n} a stock corporation, a limited liability company or something else?",
        "{n} — how is it organised legally?",
        "Is {n} a limited company or a partnership?",
        "Welche Gesellschaftsform hat {n}?",
        "Is {n} an AG or a GmbH?",
        "What sort of company is {n}?",
        "Legal form of {n}?",
        "Ist {n} eine AG oder GmbH?",
        "In welcher Rechtsform ist {n} organisiert?",
        "Welche Gesellschaftsart ist {n}?",
        "Est-ce que {n} est une SA ou une Sàrl ?",
        "Quel genre de société est {n} ?",
        "{n} è una SA o una Sagl?",
        "Che genere di società è {n}?",
        "What legal structure does {n} have?",
        "How is {n} incorporated?",
        "What form of business is {n}?",
    ],
    "address": [
        "{n}: recapito?",
        "Anschrift von {n}?",
        "adress of {n}",
        "Where does {n} operate?",
        "Wo arbeitet {n}?",
        "Où opère {n} ?",
        "Where can I find {n}?",
        "Where is {n}'s office?",
        "What's the street address of {n}?",
        "Postal address of {n}?",
        "Wo ist {n} zu finden?",
        "Welche Postadresse hat {n}?",
        "Wo sitzt {n}?",
        "Quelle est l'adresse postale de {n} ?",
        "Où est basée {n} ?",
        "Où {n} a-t-elle son siège ?",
        "Qual è l'indirizzo postale di {n}?",
        "Dove si trova la sede di {n}?",
        "Dov'è {n}?",
        "In which town is {n}?",
        "Which city is {n} in?",
        "In welcher Stadt ist {n}?",
        "Dans quelle ville se trouve {n} ?",
        "In quale città si trova {n}?",
        "{n} — which municipality is it registered in?",
        "Where's {n} domiciled these days?",
        "In welcher Gemeinde ist {n} ansässig?",
        "{n}, c'est dans quelle commune ?",
        "In quale comune risiede {n}?",
    ],
    "capital": [
        "capitl of {n}",
        "How much capital does {n} have?",
        "What is the capital of {n}?",
        "How big is {n}'s share capital?",
        "Capital stock of {n}?",
        "Wie viel Kapital hat {n}?",
        "Welches Kapital hat {n}?",
        "Quel capital a {n} ?",
        "De combien est le capital de {n} ?",
        "Quanto capitale ha {n}?",
        "Qual è il capitale di {n}?",
    ],
    "uid": [
        "What is the UID number of {n}?",
        "Give me the enterprise identification number of {n}",
        "Quel est le numéro CHE de {n} ?",
        "Numero CHE di {n}?",
        "Pour {n}, le numéro CHE, svp.",
        "What is {n}'s UID?",
        "Company ID of {n}?",
        "Register number of {n}?",
        "Which CHE number has {n}?",
        "UID-Nummer von {n}?",
        "Unternehmensnummer von {n}?",
        "Quel est l'IDE de {n} ?",
        "Numéro d'entreprise de {n} ?",
        "Qual è l'IDI di {n}?",
        "Numero d'impresa di {n}?",
    ],
    "deletion": [
        "When did the registration of {n} come to an end?",
        "Wann ist die Eintragung von {n} erloschen?",
        "Strike-off date {n}",
        "{n}: date of removal from the register?",
        "With respect to {n}, on which date was it struck from the register?",
        "As regards {n}, on which date was the entry cancelled?",
        "Deregistration date of {n}.",
        "Wann wurde {n} aus dem Handelsregister gestrichen?",
        "When did {n} disappear from the register?",
        "{n} n'est plus inscrite ?",
        "{n} è stata tolta dal registro?",
        "{n} was removed when?",
        "Has {n} been deleted?",
        "When was {n} struck off the register?",
        "When did {n} cease to exist?",
        "Was {n} removed from the register?",
        "Wann wurde {n} gelöscht?",
        "Ist {n} gelöscht?",
        "Quand {n} a-t-elle été radiée ?",
        "{n} est-elle radiée ?",
        "Quando è stata cancellata {n}?",
        "{n} è stata cancellata dal registro?",
    ],
    "foundation": [
        "Sit wenn git's {n}?",
        "{n}: how long has it been registered?",
        "Wie lange ist {n} schon im Handelsregister eingetragen?",
        "Date de fondation {n}",
        "When was {n} registered as a company?",
        "Regarding the registration of {n}, on which date it happened?",
        "{n}: how long has it existed?",
        "Speaking of {n}, what is its date of first registration?",
        "En quelle année {n} a-t-elle vu le jour ?",
        "In che anno è nata {n}?",
        "Data di iscrizione di {n}?",
        "Date d'inscription de {n} ?",
        "When was {n} born?",
        "When was {n} set up?",
        "When was {n} incorporated?",
        "When did {n} start?",
        "How old is {n}?",
        "Founding date of {n}?",
        "Wann wurde {n} gegründet?",
        "Seit wann gibt es {n}?",
        "Gründungsdatum von {n}?",
        "Quand {n} a-t-elle été fondée ?",
        "Date de création de {n} ?",
        "Quando è stata fondata {n}?",
        "Data di costituzione di {n}?",
        "When was {n} entered in the commercial register?",
    ],
    "name_change": [
        "Wie hät {n} früener gheisse?",
        "Denominazioni precedenti di {n}",
        "Quelle était la raison sociale antérieure de {n} ?",
        "{n} aveva prima un'altra ragione sociale?",
        "{n} avait-elle une autre raison sociale auparavant ?",
        "Quels changements de raison de commerce ont été publiés pour {n} ?",
        "Unter welchen Firmen war {n} früher eingetragen?",
        "Cambiamenti di ditta di {n}, con le date",
        "{n} — historique des changements de raison sociale",
        "Quali ragioni sociali ha avuto in passato {n}, e quando sono cambiate?",
        "Unter welchen Firmennamen war {n} früher eingetragen, und wann erfolgten die Änderungen?",
        "{n} ha cambiato ragione sociale? E quando?",
        "Quali erano le precedenti denominazioni di {n}?",
        "List the earlier company names used by {n}.",
        "Former company names of {n} with dates.",
        "Ex ragioni sociali di {n} e date di modifica.",
        "List the name history of {n}.",
        "Con quale ragione sociale era iscritta prima {n}?",
        "Under which name was {n} registered originally?",
        "{n}: under which names did it trade before?",
        "Sous quels noms {n} était-elle inscrite avant ?",
        "Did {n} ever have another name?",
        "Con quale nome era conosciuta prima {n}?",
        "Unter welchem Namen war {n} früher bekannt?",
        "{n} était connue sous quel nom ?",
        "{n} was previously called what?",
        "What was {n} called before?",
        "Did {n} change its name?",
        "Former names of {n}?",
        "Hatte {n} früher einen anderen Namen?",
        "Wie hiess {n} früher?",
        "{n} a-t-elle changé de nom ?",
        "Comment s'appelait {n} auparavant ?",
        "{n} ha cambiato nome?",
        "Come si chiamava prima {n}?",
    ],
    "liquidation": [
        "{n}: liquidation notices",
        "Which liquidation-related notices exist for {n}?",
        "How long has {n} been in liquidation?",
        "Have any notices of dissolution been published for {n}?",
        "When was {n} dissolved?",
        "Is {n} in liquidation?",
        "When did {n} go into liquidation?",
        "Wann wurde {n} aufgelöst?",
        "Quand {n} a-t-elle été dissoute ?",
        "Quando è stata sciolta {n}?",
        "Wann trat {n} in Liquidation?",
        "Has {n} been wound up?",
    ],
    "first_notice": [
        "What was the first notice about {n}?",
        "Earliest publication of {n}?",
        "When did {n} first appear in the gazette?",
        "Erste Publikation zu {n}?",
        "Première publication concernant {n} ?",
        "Prima pubblicazione su {n}?",
    ],
    "latest_notice": [
        "What is the latest notice about {n}?",
        "Most recent publication on {n}?",
        "When did {n} last appear in the gazette?",
        "Neueste Publikation zu {n}?",
        "Dernière publication concernant {n} ?",
        "Ultima pubblicazione su {n}?",
        "Newest SHAB entry for {n}?",
        "Dernière annonce de {n} dans la FOSC ?",
    ],
    "bankruptcy": [
        "When did {n} go under?",
        "{n} è in dissesto?",
        "Did {n} go bust?",
        "Ist {n} pleite gegangen?",
        "{n} è andata in bancarotta?",
    ],
    "head_office": [
        "Where is the head office of {n}?",
        "Which company does the branch {n} belong to?",
        "Parent company of {n}?",
        "Zu welcher Firma gehört die Zweigniederlassung {n}?",
        "À quelle société appartient la succursale {n} ?",
        "A quale società appartiene la succursale {n}?",
    ],
    "auditor": [
        "Who is the auditor of {n}?",
        "Qui est l'organe de révision de {n} ?",
        "Wer ist die Revisionsstelle der {n}?",
        "Chi è l'ufficio di revisione di {n}?",
    ],
    "persons": [
        "{n} : organes inscrits actuellement ?",
        "Wer sitzt bi {n} im VR?",
        "{n} : organes actuels ?",
        "Organi attuali di {n}?",
        "Welche Personen zeichnen gemeinsam für {n}?",
        "What were the names of the directors of {n} before 2020?",
        "List the former directors' names of {n}",
        "Qui siège au conseil d'administration de {n} ?",
        "Who sits on the board of {n}?",
        "Wer sitzt im Verwaltungsrat der {n}?",
    ],
    "network": [
        "affiliated entities of {n} with common officers",
        "Wo sind d'Lüüt vo {n} susch no im HR dinne?",
        "In welchen weiteren Firmen sind die Verwaltungsräte von {n} auch eingetragen?",
        "{n} – wo sind die gleichen Verwaltungsräte sonst noch eingetragen?",
        "{n} — sociétés apparentées via des administrateurs communs",
        "Companies sharing officers with {n}",
        "{n}: where else do its people hold positions?",
        "Welche anderen Firmen haben Personen mit {n} gemeinsam?",
        "Regarding {n}, are there sister companies with overlapping management?",
        "{n} : entreprises liées ?",
        "Quels sont les mandats de {n} ?",
        "Quali sono le cariche di {n}?",
        "Welche Mandate hat {n}?",
        "What mandates does {n} hold?",
        "Which companies share persons with {n}?",
        "Who else is connected to {n}?",
        "Mit welchen Firmen ist {n} verbunden?",
        "Quelles sociétés ont des personnes en commun avec {n} ?",
        "Quali società hanno persone in comune con {n}?",
    ],
}

# words the engine learnt from dev writers Q-S (each asked here in a phrasing of this test's own)
CASES["legal_form"] += ["Nature juridique de {n} ?", "Sous quelle forme {n} exerce-t-elle ?", "Statut juridique : {n}",
                        "Qual è la natura giuridica di {n}?", "{n} opera sotto quale veste giuridica?",
                        "{n}: how is it constituted?", "{n} – SA ou Sàrl ?", "{n}, AG oder GmbH?"]
CASES["uid"] += ["L'identifiant de {n} ?", "Il codice CHE di {n}, per favore", "{n} reg number", "Which identifier has {n}?",
                 "Tu me donnes le CHE de {n} ?"]
CASES["capital"] += ["How much equity does {n} have?", "Fonds propres de {n} ?", "{n}: paid-in capital amount?"]
CASES["bankruptcy"] += ["Did {n} go bust?", "{n} est-elle insolvable ?", "Procedura concorsuale contro {n}?",
                        "{n} a-t-elle déposé le bilan ?"]
CASES["deletion"] += ["{n} a-t-elle été rayée ?", "{n} è stata stralciata?", "Removal date of {n}?"]
CASES["liquidation"] += ["{n} en liq. ?", "Ist {n} in Abwicklung?", "Cessazione di {n}: quando?",
                         "Did the shareholders of {n} resolve to dissolve it?"]
CASES["foundation"] += ["Date de constitution de {n} ?", "When was {n} constituted?"]
CASES["name_change"] += ["Appellations antérieures de {n} ?", "Come era denominata prima {n}?"]
CASES["network"] += ["Sociétés associées à {n} ?", "Aziende correlate a {n}?", "Mit {n} verknüpfte Firmen?",
                     "Where else do the directors of {n} also sit?"]
CASES["address"] += ["Coordonnées de {n} ?"]
CASES["purpose"] += ["{n}: nature of business?", "{n}, ça fait quoi ?"]

# and from dev writers T-V
CASES["legal_form"] += ["Ist {n} eine Genossenschaft?", "Is {n} a sole prop?", "{n}, SA, Sàrl ou quoi ?",
                        "entity type {n}"]
CASES["address"] += ["{n} addr pls"]
CASES["bankruptcy"] += ["{n} en déconfiture ?", "Procedura fallimentare di {n}: da quando?",
                        "When were proceedings opened against {n}?"]
CASES["network"] += ["Ditte legate a {n}?", "Do the people of {n} overlap with other firms?",
                     "Entités rattachées à {n} ?"]
CASES["name_change"] += ["{n} fka?", "Historique des dénominations de {n}", "Was {n} rebranded?"]
CASES["purpose"] += ["Corporate objective of {n}?", "Finalità di {n}?"]
CASES["uid"] += ["{n} enterprise ID?"]

# and from dev writers W-Y, who wrote the name first and tersely
CASES["legal_form"] += ["{n} – what is it incorporated as?", "Che tipo società è {n}?",
                        "{n}: corporation, LLC, cooperative … which one?"]
CASES["uid"] += ["{n}: business ID?", "The business identifier of {n}, in CHE format?"]
CASES["capital"] += ["{n} nominal cap?", "{n}: AK/SK?"]
CASES["bankruptcy"] += ["{n}: adjudicated bankrupt when?", "Procédure de concours contre {n} ?",
                        "{n} bankrupcty date"]
CASES["deletion"] += ["{n} still there or gone?", "Suppression de {n} au RC ?", "{n} è stata tolta dal RC?",
                      "Ist {n} weg?"]
CASES["liquidation"] += ["{n} i.L.?", "{n} : en cours de fermeture ?", "When did they decide to close {n} down?"]
CASES["foundation"] += ["Establishment date of {n}?", "Entry date of {n} in the HR?", "Data fondazione {n}?",
                        "{n}: date of registartion?"]
CASES["name_change"] += ["{n}: f/k/a?", "Gab es bei {n} Umbenennungen?", "{n} : changements de nom et historique ?"]
CASES["network"] += ["{n}: same directors in other firms?", "Sister cos of {n}?", "Ditte connesse a {n}?",
                     "Sociétés sœurs de {n} ?", "{n}: wo sind die gleichen Leute sonst noch drin?",
                     "{n}: autres boîtes des mêmes dirigeants ?"]
CASES["persons"] += ["{n}: who is authorized to sign?"]
CASES["purpose"] += ["What does {n} actually do?", "Was machen die bei {n}?", "Objet statutaire de {n} ?"]
# words of writers ZA and ZB (unusual wording, mostly French and English), each in a phrasing of this test's own
CASES["address"] += ["I must post a registered letter to {n}: where does it go?", "Localisation du siège de {n} ?",
                     "{n}: official adress for our records"]
CASES["capital"] += ["{n}: montant des parts sociales ?", "Combien d'argent y a-t-il dans le capital de {n} ?",
                     "How much money did the shareholders invest in {n}?"]
CASES["network"] += ["Do the people behind {n} have other businesses?", "{n}: which firms share its directors?"]
CASES["deletion"] += ["Est-ce que {n} a disparu du registre ?", "Was {n} wiped off the register?"]
CASES["liquidation"] += ["Is {n} winding down?", "{n} : les actionnaires ont décidé de fermer la société ?"]
CASES["foundation"] += ["When was {n} registered for the first time?", "{n}, ils ont lancé la société quand ?",
                        "How long has {n} been in business?", "{n}, ça date de quand ?"]
CASES["legal_form"] += ["Quel est le statut légal de {n} ?", "What is the legal status of {n}?",
                        "{n}: quel type de structure ?", "Décrivez-moi la structure juridique de {n}",
                        "{n}: corporation or limited liability co?",
                        "{n} — type d'entité ?", "Is {n} incorporated or a sole trader?"]
CASES["persons"] += ["Who's running {n} these days?"]
CASES["purpose"] += ["{n}: what is it allowed to do under its statutes?", "{n}, ça sert à faire quoi ?",
                     "{n} a pour but quoi ?"]
CASES["name_change"] += ["What was {n} called in the past?", "Did {n} use a different name before?"]
CASES["uid"] += ["{n}: codice CHE", "{n}, num CHE ?", "Le n° d'entreprise de {n} ?", "Quel est le matricule de {n} ?"]
CASES["bankruptcy"] += ["{n} est en cessation de paiements depuis quand ?", "Procédure collective contre {n} ?"]
# words of writers Z (a Fribourg retiree) and ZD (a Brussels accountant), in phrasings of this test's own
CASES["capital"] += ["Montant des apports de {n} ?", "{n}: à combien se monte la mise de fonds ?",
                     "With how many francs was {n} capitalised, the starting fund?", "{n}, la somme nominale ?"]
CASES["uid"] += ["What is the enterprise number of {n}?", "Le numéro BCE suisse de {n} ?",
                 "{n}: business identification no.?", "Give me the number of {n} starting with CHE"]
CASES["legal_form"] += ["{n}: forma societaria?", "{n} : SA ou plutôt une SRL ?", "{n}, juridiquement, c'est quoi ?",
                        "{n}: entreprise individuelle ou société de capitaux ?"]
CASES["purpose"] += ["In which field is {n} active?", "{n}: line of trade?", "{n}, quel est leur métier ?"]
CASES["network"] += ["Sister firms of {n}?", "{n} : ses dirigeants siègent dans quelles autres maisons ?"]
CASES["deletion"] += ["Was {n} taken out of the register?"]
CASES["liquidation"] += ["{n} est-elle liquidée ?", "Did the owners of {n} decide to wind the company up?"]
CASES["foundation"] += ["Since how many years is {n} inscribed in the register?"]
CASES["name_change"] += ["Sous quelle(s) raison(s) sociale(s) {n} était-elle connue auparavant ?"]
CASES["bankruptcy"] += ["When was the procedure against {n} started?"]
# words of writer ZC (a New York M&A associate), in phrasings of this test's own
CASES["legal_form"] += ["How is {n} organised under Swiss law?", "{n}: AG vs GmbH?", "Corporate form of {n}?"]
CASES["name_change"] += ["Predecessor names of {n}?"]
CASES["uid"] += ["Le numéro CHE attribué à {n}, svp", "{n}: no d'entreprise ?"]
CASES["foundation"] += ["{n} a été immatriculée quand ?"]
CASES["network"] += ["{n} : ses administrateurs siègent-ils ailleurs ?"]
CASES["status"] = ["Is {n} still live on the register?", "{n} è tuttora attiva?", "{n} still listed?"]
# words of writers ZE (a Bangalore vendor manager), ZF (a Montréal journalist), ZG (a Lugano compliance analyst), in
# phrasings of this test's own
CASES["address"] += ["Where does {n} hang its shingle?"]
CASES["bankruptcy"] += ["Did {n} go belly up?"]
CASES["capital"] += ["Total nominal of {n}?", "How much did the founders put in {n}?",
                     "Combien les actionnaires ont-ils injecté dans {n} ?"]
CASES["network"] += ["Which firms are run by the same people as {n}?", "{n}: associated companies?",
                     "Dans quelles autres entités retrouve-t-on les dirigeants de {n} ?"]
CASES["deletion"] += ["{n} a été biffée du registre ?", "Is {n} gone from the register?",
                      "Does {n} exist anymore?"]
CASES["liquidation"] += ["Is {n} liquidating?", "Quand a-t-on décidé de dissoudre {n} ?",
                         "{n} : ils ont fermé boutique ?"]
CASES["foundation"] += ["When was {n} first registered in Zurich?", "{n} a été lancée quand ?"]
CASES["legal_form"] += ["{n}: proprietorship or limited company?", "{n} est incorporée comment ?"]
CASES["persons"] += ["Signing authorities of {n}?"]
CASES["purpose"] += ["Que fait {n} dans la vie ?", "Quel est le créneau de {n} ?",
                     "Je me demande ce que {n} fait, selon le registre."]
CASES["name_change"] += ["Was {n} named differently before?", "Quels noms {n} a-t-elle portés ?",
                         "Historique du nom de {n}"]
CASES["uid"] += ["The unique company number of {n}?", "{n}, quel est son numéro unique ?",
                 "Le numéro CHE de {n} ?", "Qual è il codice unico di {n}?"]
CASES["liquidation"] += ["{n} a-t-elle mis la clé sous la porte ?"]
CASES["name_change"] += ["Quel nom portait {n} en 2015 ?"]
CASES["capital"] += ["Wie viel haben die Aktionäre in {n} eingebracht?"]
# words of writers ZH (a St. Gallen owner translating from German) and ZI (a student typing in chat style), in
# phrasings of this test's own
CASES["persons"] += ["c ki le directeur de {n} ?"]
CASES["foundation"] += ["depuis qd {n} existe-t-elle ?", "When was {n} put on the register?", "{n}: est. date?",
                        "Elle a quel âge, {n} ?"]
CASES["bankruptcy"] += ["{n} a failli quand ?"]
CASES["status"] += ["{n} est toujours au registre ?"]
CASES["deletion"] += ["Has {n} gone out of the register?"]
CASES["liquidation"] += ["{n} est en train de fermer ?", "Ont-ils décidé d'arrêter la société {n} ?"]
CASES["legal_form"] += ["{n}: corp or coop?", "Quelle sorte d'entité est {n} ?", "{n}, c koi comme structure ?"]
CASES["purpose"] += ["What is {n} registered to do?", "Ils bossent dans quoi chez {n} ?"]
CASES["name_change"] += ["Has {n} always been called that?", "Ancienne désignation de {n} ?"]
# words of writers ZJ (a Geneva broker typing on her phone) and ZK (a London in-house lawyer), in phrasings of this
# test's own
CASES["address"] += ["Domiciliation de {n} ?"]
CASES["bankruptcy"] += ["Was a bankrupcy declared for {n}?"]
CASES["capital"] += ["Le fonds social de {n} ?", "How much was subscribed by the shareholders of {n}?",
                     "Montant souscrit par les actionnaires de {n} ?"]
CASES["deletion"] += ["Quand {n} a-t-elle disparu du RC ?"]
CASES["liquidation"] += ["Est-ce qu'on va liquider {n} ?", "Did the members of {n} vote to dissolve it?"]
CASES["foundation"] += ["Année d'immatriculation de {n} ?", "For how many years has {n} existed?",
                        "When did {n} come into existence?", "Since which year has {n} been in the register?",
                        "Da quanti anni è iscritta {n}?"]
CASES["legal_form"] += ["What kind of body is {n}?", "{n} : quel genre de personne morale ?", "Legal vehicle of {n}?",
                        "Au sens du droit, {n} est quoi ?", "De quelle nature est {n} ?", "Di che natura è {n}?"]
CASES["purpose"] += ["What is {n} permitted to do?", "What's the business of {n}?", "Le champ d'activité de {n} ?",
                     "{n}: raison d'être?"]
CASES["uid"] += ["For the purposes of the contract, the UID of {n}?"]
# from the words of ZL-ZM (phrasings of this test's own)
CASES["bankruptcy"] += ["Depuis quand {n} a coulé ?", "Le tribunal a ouvert une procédure contre {n} ?"]
CASES["capital"] += ["{n}: what are all its shares worth together?", "Total par value of {n}?"]
CASES["network"] += ["What else do the directors of {n} sit on?", "Les administrateurs de {n}, actifs où ailleurs ?"]
CASES["liquidation"] += ["Is {n} closing down?", "Is {n} closing down for good?"]
CASES["foundation"] += ["Année de constitution de {n} ?", "In which year was {n} chartered?",
                        "{n}, ça date de quand cette boîte ?", "{n}, c'est une société qui date de quand ?"]
CASES["legal_form"] += ["{n}: is that a limited liability corporation?", "{n} is an association or what?",
                        "In what form is {n} registered?"]
CASES["persons"] += ["Les organes de {n} ?", "Gli organi di {n}?"]
CASES["name_change"] += ["How was {n} named previously?", "{n}: former registered names?",
                         "L'ancienne enseigne de {n} ?"]
# from a reading of those words (phrasings both readers missed)
CASES["capital"] += ["Combien valent les actions de {n} ?", "Die Aktien von {n}, was sind sie wert?"]
CASES["auditor"] += ["Quel est l'organe de contrôle de {n} ?"]
CASES["liquidation"] += ["Are they shutting {n} down?"]
CASES["name_change"] += ["The original company name of {n}?"]
# from the words of ZN-ZO (phrasings of this test's own): Swiss German as typed, everyday words for register facts
CASES["foundation"] += ["Wenn isch s Gründigsdatum vo {n}?", "{n} was first entered in the register in which year?"]
CASES["persons"] += ["Wer sind d Zeichnigsberechtigte vo {n}?", "Wer isch i dr Gschäftsleitig vo {n}?"]
CASES["network"] += ["Weli Firme hei di gliche Verwaltigsröt wie {n}?"]
CASES["liquidation"] += ["Isch {n} ufglöst?"]
CASES["name_change"] += ["Wie het {n} früecher gheisse?", "{n}: named earlier how?"]
CASES["address"] += ["Where are the offices of {n} registered?"]
CASES["purpose"] += ["{n}, que font-elles ?", "What is the field of business of {n}?", "{n} est active dans quoi ?"]
CASES["capital"] += ["Avec combien de francs {n} a-t-elle été fondée ?", "What amount did the partners of {n} put in?"]
CASES["uid"] += ["Le numéro fédéral de {n} ?"]
CASES["legal_form"] += ["Is {n} a one-man business?"]
# from the words of ZP-ZQ (phrasings of this test's own)
CASES["purpose"] += ["{n} se consacre à quoi ?", "What is {n} dedicated to?"]
CASES["name_change"] += ["Was {n} known before under another company name?"]
CASES["uid"] += ["{n} CHE nbr?"]
CASES["liquidation"] += ["Les associés de {n} ont-ils décidé d'y mettre fin ?", "Are the shareholders of {n} winding it down?"]
# from the words of ZR-ZS (phrasings of this test's own): a notary's French in English, a KYC analyst's shorthand
CASES["address"] += ["The postal coordinates for {n}, please?"]
CASES["bankruptcy"] += ["Did {n} make banqueroute?", "Was {n} declared in failure?", "{n} : jugement déclaratif, quand ?",
                        "Quand le concours a-t-il été ouvert sur {n} ?"]
CASES["capital"] += ["{n} : valeur nominale de son capital ?", "How much did the associates endow {n} with?"]
CASES["deletion"] += ["Does {n} no longer appear in the register?", "{n} ne figure plus au RC ?", "{n}: inscribed or struck?"]
CASES["foundation"] += ["The deed of incorporation of {n} is dated when?", "{n} : c'est constituée quand ?",
                        "Year of constitution of {n}?", "{n} est née en quelle année ?"]
CASES["legal_form"] += ["{n}: juridical nature?", "Est-ce que {n} est une société de capitaux ?",
                        "Is {n} an individual enterprise?"]
CASES["persons"] += ["Who are the organs of {n}?"]
CASES["network"] += ["Firms with the same officers as {n}?"]
CASES["name_change"] += ["A lease where {n} bore another appellation: its previous denominations?"]
CASES["uid"] += ["The official number of {n}?"]
# from the words of ZT-ZU: a court that put it under, enterprises tied through its people, still inscribed, since which
# year, a branch of trade, what its statutes say, rebaptised, always that name
CASES["bankruptcy"] += ["{n}: when did the creditors push it under?"]
CASES["network"] += ["Which other enterprises are tied to {n}?"]
CASES["status"] += ["Is {n} still listed?", "{n} still inscribed?"]
CASES["foundation"] += ["{n}: since which year?", "{n} existe depuis quelle année ?"]
CASES["purpose"] += ["{n}, which branch of activity?", "{n} d'après ses statuts ?", "{n} works in which branch?"]
CASES["name_change"] += ["{n} a-t-elle été rebaptisée ?", "Has {n} always had this name?",
                         "{n} s'est-elle toujours appelée comme ça ?", "Ist {n} umgetauft worden?"]
# from the words of ZV-ZW: a failure a court pronounced, outfits and societies tied by their people, who pulls the
# strings, how long it has existed (the verb first), forms named in full, its game
CASES["bankruptcy"] += ["The court pronounced the failure of {n} when?"]
CASES["network"] += ["Les sociétés reliées à {n} ?", "{n}: which other outfits share its people?",
                     "The other societies of the directors of {n}?"]
CASES["persons"] += ["Who calls the shots at {n}?", "{n}: who is pulling the strings?"]
CASES["foundation"] += ["{n} existe depuis combien de temps ?"]
CASES["legal_form"] += ["Is {n} a joint-stock society or a partnership?",
                        "{n} est-elle une société par actions ou autre chose ?",
                        "Ist {n} eine Gesellschaft mit beschränkter Haftung?",
                        "{n}, une entreprise individuelle ou une compagnie ?"]
CASES["purpose"] += ["{n}: what is its game?"]
CASES["name_change"] += ["Has {n} always had this company name?"]
# from the words of ZX-ZY: broke, a share amount, the owners' contribution, the same managers, a mention it bears,
# "or otherwise", a corporate type, entities a person is in, the business it is registered for, company styles, a name
# changed (written after it), the CHE reference, a registration identifier
CASES["bankruptcy"] += ["Did {n} go broke?"]
CASES["capital"] += ["Share amount of {n}?", "L'apport des associés de {n} ?"]
CASES["network"] += ["Firms with the same managers as {n}?"]
CASES["liquidation"] += ["{n} porte-t-elle la mention « en liquidation » ?"]
CASES["legal_form"] += ["{n}: GmbH, AG or otherwise?", "{n} corporate type?"]
CASES["purpose"] += ["What business is {n} registered for? For which business is it registered?"]
CASES["name_change"] += ["{n}: former company styles?", "Was the company name of {n} ever changed?"]
CASES["uid"] += ["{n}: CHE reference?", "Registration identifier of {n}?"]
# from the words of ZZL-ZZO (an insolvency assistant in Lugano, a KYC analyst in Lausanne, a carpenter near Thun, a
# London underwriter), in phrasings of this test's own: a register it was wiped out of or an entry carried out of
# it, effaced, extinct; a firm that re-styled itself; an entity's type; a trade; shorthand
CASES["deletion"] += ["{n}: wiped out of the register on which day?", "Die Austragung von {n}, wann war die?",
                      "Date d'effacement de {n} ?", "{n} è estinta dal registro da quando?",
                      "When was {n} taken out from the register?", "{n} – no longer in the register since when?"]
CASES["name_change"] += ["{n} hat umfirmiert, von welchem Namen?", "Vormals hiess {n} wie?",
                         "What did {n} call itself before?", "{n}: frühere Firmenbezeichnungen?"]
CASES["legal_form"] += ["Che tipo di ente è {n}?", "{n}: a foundation or what sort of enterprise?",
                        "{n} – which company structure?", "{n} : une SA ou une autre forme ?"]
CASES["purpose"] += ["{n}: what trade are they in?"]
CASES["capital"] += ["{n}: issued cap?"]
CASES["bankruptcy"] += ["{n} bkcy date?"]
CASES["uid"] += ["{n} CHE no.?"]
CASES["persons"] += ["{n}: board line-up?"]
CASES["network"] += ["Cross-directorships of {n}?", "Sociétés connexes à {n} ?", "Personenverflechtungen von {n}?",
                     "Businesses associated with {n} where its people also appear?"]
CASES["foundation"] += ["Quand {n} a-t-elle été constituée ?", "{n}: new entry in the register on which day?"]
CASES["address"] += ["{n}: where exactly are they registered?", "{n} full adress?"]
# from the words of ZZR-ZZS (a journalist in Geneva, a fiduciary clerk in Zurich), in phrasings of this test's own
CASES["deletion"] += ["{n} è stata depennata dal registro?"]
CASES["foundation"] += ["Neueintrag {n}: wann?"]
CASES["persons"] += ["Direzione di {n}?", "{n}: ruoli attuali dei membri?"]
CASES["name_change"] += ["{n}: frühere Firma?", "Previous Firma of {n}?"]
CASES["uid"] += ["Le n° d'identification de {n} ?"]
CASES["purpose"] += ["Business object of {n}?"]
CASES["network"] += ["{n}: wo sind ihre Leute sonst noch?", "Cross-mandates of {n}?"]
# from the words of ZZZ-ZZZB: a striking-off, an entry that expired; earlier titles, the firm it was registered under
# before; an identification number with its apostrophes dropped; a kind of legal person; persons shared, in German;
# and a fact word typed with a typo, read as meant before any rule reads it
CASES["deletion"] += ["striking-off {n} date?", "{n} – wann ist der Eintrag erloschen?", "Erlöschen der {n}: Datum?"]
CASES["name_change"] += ["{n}'s earlier titles, changed when?", "Unter welcher bisherigen Firma war {n} eingetragen?",
                         "Regarding {n}, what was it called before and since when the new name?",
                         "{n}: bisherige Firma, und seit wann gilt der neue Name?"]
CASES["uid"] += ["{n} – qual e il numero d identificazione dell impresa?"]
CASES["legal_form"] += ["Bei {n}: als welche Art Rechtsträger ist sie eingetragen?", "{n}: e una SA, una Sagl o una coperativa?"]
CASES["network"] += ["Bei {n}: welche Gesellschaften teilen Personen mit ihr?"]
CASES["capital"] += ["{n} nominal captial pls"]
CASES["foundation"] += ["{n}: when was it regsitered for the first time?"]

# reading these is not yet covered (a known gap, kept visible): xfail when they fail, so a fix shows up
GAPS = {"How is {n} incorporated?"}


@pytest.fixture(scope="module")
def company(truth) -> str:
    return next(
        truth.name(u)
        for u in sorted(truth.companies)
        if re.fullmatch(r"[A-Z][a-z]{5,} (AG|GmbH)", truth.name(u)) and truth.publications_of(u)
    )


@pytest.mark.parametrize("fact, template", [(f, q) for f, qs in CASES.items() for q in qs])
def test_the_fact_asked_is_read(ctx, company, fact, template):
    if template in GAPS:
        pytest.xfail("not read yet")
    question = template.format(n=company)
    facts = understand(question, anchored=False, link=linker.link(ctx, question)).facts
    allowed = {fact, "persons"} if fact == "network" else {fact, "purpose"} if fact == "legal_form" else {fact}
    assert fact in facts and facts <= allowed, (question, facts)


COUNTS = [
    "How many companies were founded in canton Bern in 2021?",
    "How many firms went bankrupt in 2023 in Zurich?",
    "How many companies were deleted in 2022?",
    "Number of companies entered in the register in Geneva in 2020?",
    "How many new companies in canton Zug in 2024?",
    "How many bankruptcy notices were published in Vaud in 2022?",
    "How many notices of deletion in canton TI in 2021?",
    "Wie viele Firmen wurden 2021 im Kanton Bern gegründet?",
    "Wie viele Unternehmen gingen 2023 in Konkurs?",
    "Wie viele Gesellschaften wurden 2022 gelöscht?",
    "Combien d'entreprises ont été créées dans le canton de Vaud en 2021 ?",
    "Combien de sociétés ont fait faillite en 2023 ?",
    "Combien de sociétés ont été radiées en 2022 dans le canton de Genève ?",
    "Quante società sono state fondate nel Canton Ticino nel 2021?",
    "Quante aziende sono fallite nel 2023?",
    "Quante società sono state cancellate nel 2022?",
    "How often was a bankruptcy published in 2023 in canton Bern?",
    "What is the number of new entries in canton ZH in 2020?",
    "Total of deletions in canton BS during 2025?",
    "Count the bankruptcies in Geneva in 2024",
]
RANKS = [
    "Which company in canton Zug has the most capital?",
    "Biggest companies in Lausanne?",
    "Richest companies in Zurich",
    "Companies with the highest share capital in canton Bern",
    "Welche Firma im Kanton Zug hat am meisten Kapital?",
    "Die kapitalstärksten Firmen in Basel",
    "Quelle entreprise du canton de Genève a le capital le plus élevé ?",
    "Les sociétés les mieux capitalisées à Lausanne",
    "Quale azienda del Canton Ticino ha il capitale maggiore?",
    "Le società più capitalizzate di Lugano",
    "Which 3 firms in Bern hold the largest capital?",
    "List the companies in canton Vaud by capital, largest first",
]


@pytest.mark.parametrize("question", COUNTS)
def test_counts_say_what_and_when(question):
    args = filters.count_args(question)
    assert filters.kind(question) == "count" and args.get("event_type") and "year" in args, args


@pytest.mark.parametrize("question", RANKS)
def test_rankings_say_where(question):
    args = filters.rank_args(question)
    assert filters.kind(question) == "rank" and (args.get("canton") or args.get("city")), args


def test_an_attribute_of_a_named_company_is_no_text_search(ctx, company):
    # "… its purpose; does it mention trading?" asks the purpose of that company, not a search of every notice
    q = f"{company}: what is its purpose? I want to see if it mentions trading."
    u = understand(q, anchored=False, link=linker.link(ctx, q))
    assert u.facts == {"purpose"} and not u.text_query, (u.facts, u.text_query)
    q = f"Which notices mention {company}?"
    assert understand(q, anchored=False, link=linker.link(ctx, q)).text_query


# words that ask for a fact in one question and not in another (found by reading the change that added them)
NOT_ASKED = [
    # from a reading of the words of writers ZJ and ZK: where they ask something else
    ("Where's the UID of {n}?", {"uid"}),
    ("What's their business address, {n}?", {"address"}),
    ("Quelle personne morale est l'organe de révision de {n} ?", {"auditor"}),
    ("De quelle nature est la dernière publication de {n} ?", {"latest_notice"}),
    ("Who is allowed to do business on behalf of {n}?", {"persons"}),
    ("{n}: reason for being struck off?", {"deletion"}),
    ("Which board members voted for the liquidation of {n}?", {"liquidation", "persons"}),
    ("Le capital souscrit par les associés de {n} et leurs noms ?", {"capital", "persons"}),
    ("How long has {n} existed and is it still active?", {"foundation", "status"}),
    ("Since which date is the new address of {n} registered?", {"address"}),
    ("Any amendments to the purpose of {n}?", {"purpose"}),
    ("De quelle nature est l'activité de {n} ?", {"purpose"}),
    ("Au sens du droit suisse, quel est le but de {n} ?", {"purpose"}),
    ("Rechtsform und Status der {n}?", {"legal_form", "status"}),
    ("Forma giuridica e scopo di {n}?", {"legal_form", "purpose"}),
    ("Wann wurde {n} gegründet und was ist ihre Rechtsform?", {"legal_form", "foundation"}),
    ("Quels sont les organes de révision de {n} ?", {"auditor"}),
    ("{n} a-t-elle déménagé ailleurs ?", {"seat_move"}),
    ("Quel est le nom du chef de {n} ?", {"unread"}),
    ("Data di chiusura dell'esercizio di {n}?", {"unread"}),
    ("Since when has {n} existed and is it bankrupt?", {"foundation", "bankruptcy"}),
    ("Was {n} constituted as an AG or a GmbH?", {"legal_form"}),
    ("When was {n} incorporated as a GmbH?", {"foundation", "legal_form"}),
    ("{n}: existiert die Firma noch oder ist sie gelöscht, seit wann?", {"deletion", "status"}),
    ("Seit wann existiert {n} und ist sie in Konkurs?", {"foundation", "bankruptcy"}),
    ("Which town is the head office of {n} in?", {"head_office"}),
    ("{n} wassup", {"unread"}),
    # words of what the register does not hold beside a register fact: the fact is answered
    ("What is the address and phone number of {n}?", {"address"}),
    ("Is the share capital of {n} fully paid?", {"capital"}),
    ("Welche Mitarbeiter der {n} sind zeichnungsberechtigt?", {"persons"}),
    ("Does the purpose of {n} include website design?", {"purpose"}),
    ("Please review the history of {n}", {"history"}),
    ("{n}, registered since when, bankrupt since when?", {"bankruptcy", "foundation"}),
    ("Does {n} receive grants?", {"unread"}),
    ("Is the board of {n} still the same people as in 2020?", {"persons"}),
    ("Let's discuss {n}: who is on the board?", {"persons"}),
    ("How much are the board members of {n} paid?", {"unread"}),  # their pay, not who they are
    ("Who founded the main competitor of {n}?", {"unread"}),  # another company
    ("{n} adresss?", {"address"}),
    # a word of its own one letter from a question word is no typo of it ("failing" is no "mailing")
    ("Is {n} failing?", {"unread"}),
    ("What is the residence of {n}?", {"unread"}),
    ("Give me a description of {n}", {"dossier"}),
    # a person's age is no founding, a capital to raise no capital
    ("How old is the CEO of {n}?", {"unread"}),
    ("Quel âge a le directeur de {n} ?", {"unread"}),
    ("How much capital does {n} need to raise next year?", {"unread"}),
    ("Wie alt ist die {n}?", {"foundation"}),
    # an e-mail address typed with one "d" is still an e-mail address; the register's words beside what it does not
    # hold are read however typed
    ("{n} e-mail adress?", {"unread"}),
    # "legal status … still active?": both asked
    ("What is the legal status of {n}, is it still active?", {"legal_form", "status"}),
    # from a reading of the words ZA and ZB brought (each misread by their first version)
    ("Which products has {n} launched?", {"unread"}),
    ("Hi, first time here. Who are the directors of {n}?", {"persons"}),
    ("Which partners decided the liquidation of {n}?", {"liquidation", "persons"}),
    ("Does {n} sell to other businesses?", {"unread"}),
    ("What's the legal status and the legal form of {n}?", {"legal_form", "status"}),
    ("What is the website domain of {n}?", {"unread"}),
    ("Is {n} planning to raise its capital?", {"capital"}),
    ("{n} dove opera", {"address"}),
    ("Combien d'argent gagne {n} ?", {"unread"}),
    ("Décrivez-moi {n}", {"dossier"}),
    # from a second reading (each read right before the first reading's narrowing, or misread by a new word)
    ("When was {n} launched?", {"foundation"}),
    ("Is {n} still running?", {"status"}),
    ("What is {n} allowed to do?", {"purpose"}),
    ("Wie viel Geld hat die {n}?", {"capital"}),
    ("Quelle structure a {n} ?", {"legal_form"}),
    ("{n}, wie alt?", {"foundation"}),
    ("Quel est le numéro d'immatriculation de {n} ?", {"uid"}),
    ("Qui peut représenter juridiquement {n} ?", {"persons"}),
    # from the words of ZE-ZG: what each new word must leave alone
    ("Where is {n} registered, legally speaking?", {"address"}),
    ("Since when is {n} in liquidation?", {"liquidation"}),
    ("According to the register, who manages {n}?", {"persons"}),
    ("Who are the partners who decided to dissolve {n}?", {"liquidation", "persons"}),
    # from a reading of those words (each misread by their first version)
    ("Est-ce que {n} a fait faillite ?", {"bankruptcy"}),
    ("Est-ce que {n} est en fait une SA ?", {"legal_form"}),
    ("Is {n} an AG or a GmbH, and where is it based?", {"address", "legal_form"}),
    ("La procédure de faillite contre {n} a été lancée quand ?", {"bankruptcy"}),
    ("Le nouveau produit de {n} a été lancé quand ?", {"unread"}),
    ("Quelle société porte le nom {n} ?", {"unread"}),
    ("Has {n} always had the same management?", {"unread"}),
    ("How much did {n} invest in the new building?", {"unread"}),
    ("{n} : quelle rue ?", {"address"}),
    ("Which associates does {n} have?", {"persons"}),
    # from the words of ZL-ZM: what each new word must leave alone
    ("Which chartered accountant audits {n}?", {"unread"}),
    ("L'organe de révision de {n} ?", {"auditor"}),
    ("How much are {n}'s shares worth to him?", {"unread"}),
    ("Qui dirige {n}, une société qui a coulé ?", {"bankruptcy", "persons"}),
    ("In which year was {n} chartered and who sits on its board?", {"foundation", "persons"}),
    ("Is {n} shutting down its online shop?", {"unread"}),
    ("{n} est à Genève ou ailleurs ?", {"unread"}),
    ("Is {n} a good company or what?", {"dossier"}),
    ("La faillite de {n} date de quand ?", {"bankruptcy"}),
    ("Capital et organes de {n} ?", {"capital", "persons"}),
    # from the words of ZN-ZO: what each new word must leave alone
    ("I am too old for computers: where is {n} based?", {"address"}),
    ("Since when does {n} exist? It has been here forever, they say, depuis toujours.", {"foundation"}),
    ("Is {n} still registered, toujours ?", {"status"}),
    ("When was {n} founded and with what capital?", {"capital", "foundation"}),
    # (from a reviewer's questions of its own)
    ("When was the bankruptcy of {n} first recorded?", {"bankruptcy"}),
    ("Quanti franchi costa un estratto di {n}?", {"unread"}),
    ("Que font les administrateurs de {n} ?", {"persons"}),
    ("I called earlier about {n}: who is on its board?", {"persons"}),
    ("When was {n} founded and with how much capital?", {"capital", "foundation"}),
    ("Wo isch dr früecher Sitz vo {n} gsi?", {"seat_move"}),
    # from the words of ZP-ZQ: the articles of association ask no status; partners of a firm in liquidation are asked
    ("Les statuts de {n} ?", {"dossier"}),
    ("Les associés de {n} en liquidation ?", {"liquidation", "persons"}),
    # from the words of ZR-ZS: a board's people, a count of employees, a seat before a rename, a liquidation's entry
    ("Are the same people still on the board of {n}?", {"persons"}),
    ("What is the official number of employees of {n}?", {"unread"}),
    ("Where was {n} before, under its old name?", {"seat_move"}),
    ("When was the liquidation of {n} first put in the commercial register?", {"liquidation"}),
    ("Who are the associates of {n}?", {"persons"}),
    ("Le concours hippique de {n} ?", {"unread"}),
    # (from a reviewer's questions of its own)
    ("Name the town where {n} was before.", {"seat_move"}),
    ("{n} a ouvert le concours de design quand ?", {"unread"}),
    ("Is {n} endowed with legal personality?", {"unread"}),
    ("The official number of shareholders of {n}?", {"unread"}),
    ("What are the bank coordinates of {n}?", {"unread"}),
    ("Le conseil d'administration de {n} est constitué quand ?", {"persons"}),
    ("The old address of {n} no longer appears?", {"address"}),
    # from the words of ZT-ZU: put under new management, a branch office, an address always the same, the statutes
    # beside another fact
    ("Did they put {n} under new management?", {"unread"}),
    ("Which branch office of {n} is in Geneva?", {"head_office"}),
    ("Has the address of {n} always been the same?", {"address"}),
    ("{n} according to its articles, capital?", {"capital"}),
    ("Since which year is {n} in liquidation?", {"liquidation"}),
    # from the words of ZV-ZW: a failure to file, a failure rate; the game a company sells
    ("The court noted a failure to file by {n}?", {"unread"}),
    ("What's the failure rate at {n}?", {"unread"}),
    ("What's the game {n} sells called?", {"unread"}),
    # from the words of ZZL-ZZO: an enterprise identification number is no kind of entity ("che ente"); a trade
    # register is no trade; persons who link are the link, not the persons asked; an effect is no effacement
    ("Does {n} have a CHE enterprise identification number?", {"uid"}),
    ("What trade register number has {n}?", {"uid"}),
    ("Which companies are connected to {n} through persons who also sit elsewhere?", {"network"}),
    ("Who are the persons who run {n}?", {"persons"}),
    ("With what effect was {n} deleted?", {"deletion"}),
    # from the words of ZZV-ZZY: its management is its persons, asset management a trade; a CHE identifier its UID
    ("{n}: who is in the management team?", {"persons"}),
    ("What does {n} do — asset management?", {"purpose"}),
    ("The CHE identifier of {n}, please.", {"uid"}),
    # the since-when of a founding stays beside a renaming asked as such
    ("When was {n} founded and when was it renamed?", {"foundation", "name_change"}),
]


@pytest.mark.parametrize("template, facts", NOT_ASKED)
def test_a_word_is_read_only_where_it_asks(ctx, company, template, facts):
    question = template.format(n=company)
    assert understand(question, anchored=False, link=linker.link(ctx, question)).facts == facts, question


@pytest.mark.parametrize("template, text_search", [
    ("J'ai vu la mention « en faillite » sur une facture de {n} : depuis quand ?", False),
    ("Which notices mention {n}?", True),
    ("Trouve les avis avec la mention « Holding »", True),
    ("Avis qui mentionnent {n} ?", True),
])
def test_a_mention_seen_is_no_text_search(ctx, company, template, text_search):
    """"La mention « en faillite »" is what the user saw; "notices that mention X" asks for a search of their text."""
    question = template.format(n=company)
    u = understand(question, anchored=False, link=linker.link(ctx, question))
    assert (u.intent == I.ALL) == text_search, (question, u.intent, u.facts)


@pytest.fixture(scope="module")
def person(truth) -> str:
    """A person named the same in every notice, "First Last" as users write it."""
    for _pid, ms in sorted(truth.mentions_of.items()):
        if all(m["variant"] == "canonical" for m, _ in ms):
            last, first = ms[0][0]["text"].split(", ", 1)
            return f"{first} {last}"
    raise AssertionError("no person in the world")


@pytest.mark.parametrize("template, text_search", [
    ("In which enterprises is {p} mentioned, now or before?", False),
    ("{p}: in which companies is this person mentioned?", False),
    ("Which notices mention {p}?", True),
    ("In which notices is {p} mentioned?", True),
    ("Firms where {p} is mentioned?", False),
    ("List of businesses with any mention of {p} in the gazette", False),
    ("Which houses of commerce does {p} turn up in?", False),
    ("{p} : dans quelles maisons est-il mentionné ?", False),
])
def test_the_companies_a_person_is_mentioned_in_are_no_text_search(ctx, person, template, text_search):
    """"In which enterprises is P mentioned?" asks for P's companies; "which notices mention P?" for a text search."""
    question = template.format(p=person)
    u = understand(question, anchored=False, link=linker.link(ctx, question))
    assert (u.intent == I.ALL) == text_search, (question, u.intent, u.facts)
    assert text_search or "network" in u.facts, (question, u.facts)
