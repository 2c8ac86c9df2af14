"""Word lists of the offline reader (English and German; French and Italian names of notice kinds)."""
from __future__ import annotations

from kg.text import fold

# fact -> words that ask for it (folded, matched as word prefixes)
FACTS: dict[str, tuple[str, ...]] = {
    "address": ("address", "adresse", "domicile", "domizil", "located", "where is", "wo ist", "wo befindet", "street",
                "strasse", "sitz", "seat", "headquarter", "based"),
    "purpose": ("purpose", "zweck", "business activit", "what does", "was macht", "taetigkeit", "activity", "but de"),
    "capital": ("capital", "kapital", "aktienkapital", "stammkapital", "share capital"),
    "legal_form": ("legal form", "rechtsform", "type of company", "form of"),
    "uid": ("uid", "che number", "che-", "registration number", "company number", "identification number"),
    "status": ("status", "still active", "noch aktiv", "still exist", "existiert", "still in business"),
    "persons": ("who ", "wer ", "persons", "personen", "people", "board", "verwaltungsrat", "director", "manager",
                "geschaeftsfuehr", "officer", "members", "mitglied", "signat", "unterschrift", "role", "rolle",
                "funktion", "owner", "inhaber", "partner", "gesellschafter", "liquidator", "auditor", "revisionsstelle",
                "managing", "chair", "praesident", "involved", "beteiligt"),
    "network": ("network", "netzwerk", "connected", "verbunden", "connection", "verbindung", "related", "linked",
                "relationship", "beziehung", "other companies", "andere firmen", "andere unternehmen", "weitere firmen",
                "which companies", "welchen firmen", "welchen unternehmen", "what companies", "companies is", "firmen ist",
                "also active", "auch aktiv", "branch", "zweigniederlassung", "head office", "hauptsitz", "multi-hop"),
    "history": ("history", "geschichte", "timeline", "chronolog", "events", "ereignisse", "notices", "publications",
                "meldungen", "publikationen", "what happened", "was ist passiert", "changes", "aenderungen", "mutation"),
    "foundation": ("founded", "foundation", "gegruendet", "gruendung", "established", "registered", "eingetragen",
                   "incorporat", "neueintragung", "entstanden", "created"),
    "name_change": ("name change", "renamed", "former name", "previous name", "old name", "called before",
                    "namensaender", "umbenannt", "frueher", "firmenaenderung", "alter name", "new name", "neuer name"),
    "seat_move": ("seat move", "moved", "relocat", "sitzverlegung", "verlegt", "umgezogen", "new seat", "neuer sitz",
                  "transfer of seat", "seat transfer"),
    "liquidation": ("liquidat", "aufgeloest", "aufloesung", "dissol", "wound up"),
    "bankruptcy": ("bankrupt", "konkurs", "insolven", "faillite", "fallimento"),
    "deletion": ("deleted", "deletion", "geloescht", "loeschung", "struck off", "removed from the register"),
    "first_notice": ("first notice", "earliest notice", "first publication", "erste meldung", "erste publikation"),
    "latest_notice": ("most recent notice", "latest notice", "last notice", "newest notice", "letzte meldung",
                      "neueste meldung", "letzte publikation"),
}

# capitalised words that start questions or name what is asked, never part of an entity name
STOP = {fold(w) for w in """
What Who Which Where When How Why Show Give List Tell Find Search Please Is Are Was Were Does Do Did Has Have
Can Could The A An In Of For And Or To About On At By With From Me Its It His Her Their This That These
Company Companies Firm Person Persons People Network History Events Notices Top Most Largest Biggest Capital
Address Purpose UID Status Board I SHAB Canton City Geneva Zurich Year Since Until Who's What's Wer Was Wo
Wann Wie Welche Welcher Welches Zeige Zeig Gib Liste Nenne Bitte Ist Sind War Hat Haben Wurde Wurden Der Die
Das Den Dem Des Ein Eine Einer Im Von Vom Zum Zur Für Über Mit Und Oder Seit Bis Sitz Adresse Zweck Kapital
Aktienkapital Stammkapital Rechtsform Personen Verwaltungsrat Geschäftsführer Geschäftsführerin Gründung
Konkurs Konkurse Liquidation Löschung Netzwerk Geschichte Firma Firmen Unternehmen Gesellschaft
Handelsregister Kanton Jahr Mitglieder Funktion Rolle Unterschrift Publikationen Meldungen Ereignisse
Sitzverlegung Namensänderung Inhaber Revisionsstelle Liquidator Liquidatoren Personen Verbindungen Zeitpunkt
Datum Hauptsitz Zweigniederlassung Welchen Welchem Namen Name Änderung Änderungen Vorher Früher Heute Aktuell
Tell Also Then Now Please Okay Ok And Dossier Profile Details Info Information Informationen Überblick
Übersicht Auskunft Chronologie Timeline Mutationen Gründungsdatum Domizil Nationalität Wohnort Heimatort
Signature Role Roles Roles? Liquidators Auditor Auditors Officers Directors Managers Members Owner Owners
Bankruptcy Bankruptcies Liquidations Foundations Deletions Registrations Deletion Date Founded Registered
Renamed
""".split()}
CONNECT = {"&", "+", "und", "et", "e", "and", "de", "di", "du", "des", "la", "le", "von", "van", "der", "den", "da",
            "del", "della", "y", "-", "by"}

PREPOSITIONS = {"of", "the", "for", "about", "with", "der", "die", "das", "des", "den", "dem", "von", "bei", "zur", "zum",
                 "fuer", "ueber", "mit", "de", "du", "di"}
# lower-case words that precede a name without being part of it
LOWER_COMMON = {fold(w) for w in """
of the is are was were for about does did has have had with from and or to at by on in der die das den dem des
ist sind war hat haben von vom bei beim zur zum für über mit und oder wo wie wann wer was an auf aus als ein
eine einer welche welcher gab gibt wurde wurden its his her their this that these those what which who when
where how many much date name address purpose capital persons companies company firm firma manages manage
managed runs run owns own owned go goes went move moves moved founded registered deleted renamed named called
mention mentions erwaehnen erwaehnt enthalten contain contains show list find search tell give leads lead
leitet fuehrt besitzt gehoert heisst hiess
""".split()}
