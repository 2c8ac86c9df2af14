"""Word lists of the offline reader, in English, German, French and Italian."""
from __future__ import annotations

from kg.text import fold

# fact -> the words that ask for it, matched on the folded question (lower case, no accents, ä -> ae) as word
# prefixes: "liquidat" finds "liquidation" and "liquidated", but also any word that starts so. Short or common
# words therefore go in as phrases ("but social", "sede legale", "ide "); a word that asks for another fact
# when it stands in a longer phrase is left out of the plain list (French "siège" is also "sits": "qui siège
# au conseil"; Italian "si trova" is also "is": "si trova in liquidazione"). Each tuple: English, German,
# French, Italian. An apostrophe also stands for ’ and a blank (`_spellings`).
FACTS: dict[str, tuple[str, ...]] = {
    "address": (
        # English ("registered office" and "in which town" are read by understand._ADDRESS_PHRASES)
        "address", "where is", "where's", "where?", "whereabouts", "located", "location", "street", "seat",
        "headquarter", "based in", "based?", "based ?", "based where", "domicil", "registered office", "postcode",
        "post code", "postal code", "zip", "where can i find", "which town", "which city", "what town", "what city",
        "which municipality", "what municipality", "which village", "which canton", "what canton",
        "contact details",
        # German
        "adresse", "geschaeftsadresse", "postadresse", "domiziladresse", "firmenadresse", "anschrift",
        "postanschrift", "firmenanschrift", "wo ist", "wo?", "wo befindet", "wo liegt", "wo hat", "wo sitzt",
        "wo finde", "wo genau", "strasse", "hausnummer", "sitz ", "sitz?", "sitz.", "sitzes", "sitzgemeinde",
        "sitzort", "sitzkanton", "firmensitz", "geschaeftssitz", "gesellschaftssitz", "domizil", "standort",
        "ansaessig", "postleitzahl", "plz", "welcher stadt", "welchem ort", "welcher ortschaft", "welcher gemeinde",
        "welchem kanton",
        # French ("siège" only in phrases: "qui siège au conseil" asks for persons)
        "ou se trouve", "ou?", "ou ?", "ou se situe", "ou est situe", "ou est sis", "ou est etabli", "ou est basee",
        "ou est base ", "ou est domicil", "ou est le siege", "le siege", "son siege", "du siege", "siege social",
        "siege de", "siege?", "siege ?", "sis a", "sise a", "situee", "rue ", "npa", "code postal",
        "adresse postale", "basee a", "base a", "quelle ville", "quelle commune", "quelle localite", "quel canton",
        "coordonnees", "localisation",
        # Italian ("si trova" alone is also "is": "si trova in liquidazione")
        "indirizzo", "dove si trova", "dove?", "dove ?", "dove ha sede", "dove e la sede", "dove ha la sede",
        "dove e situat", "dov'e", "dove e", "ha sede", "la sede", "sua sede", "sede ", "sede?", "sede.",
        "sede legale", "sede sociale", "situata", "situato", "ubicazione", "ubicat", "recapito", "codice postale",
        "numero postale", "cap ", "cap?", "nap ", "nap?", "quale citta", "quale comune", "che comune",
        "quale localita", "quale cantone", "che cantone"),
    "purpose": (
        # English
        "purpose", "business activit", "what does", "what do they do", "doing", "business is", "s business",
        "what business", "business of", "line of business", "line of work", "industry", "sector", "field of", "aim",
        "goal", "mission", "what field", "which field", "objective", "for?", "activity", "activities", "object of",
        "objects of", "corporate object", "engaged in", "specialis", "specializ", "what services", "what products",
        # German ("tätig" alone also asks for the status: "ist X noch tätig?")
        "zweck", "bezweck", "geschaeftszweck", "gesellschaftszweck", "firmenzweck", "unternehmenszweck",
        "hauptzweck", "stiftungszweck", "vereinszweck", "branche ", "branche?", "branchen", "taetigkeit",
        "geschaeftstaetigkeit", "taetig in", "taetig im", "taetig als", "geschaeftsfeld", "geschaeftsbereich",
        "welchem bereich", "wofuer", "was macht", "was tut", "was bietet", "was verkauft", "was produziert",
        "was stellt", "womit", "beschaeftigt sich", "befasst sich", "gegenstand",
        # French ("activité" alone also asks for the status: "encore en activité")
        "le but", "son but", "quel but", "but de", "but social", "buts", "objet", "l'activite", "son activite",
        "activite de", "activites de", "quelle activite", "quelles activites", "activite principale", "domaine",
        "secteur", "que fait", "qu'est-ce que fait", "que font", "de quoi s'occupe", "s'occupe", "que propose",
        "que vend", "que produit", "a quoi sert", "raison d'etre", "vocation",
        # Italian ("attività" alone also asks for the status: "ancora in attività")
        "scopo", "oggetto", "l'attivita", "sua attivita", "attivita di", "attivita della", "attivita del",
        "quale attivita", "che attivita", "attivita principale", "settore", "ramo di", "quale ramo", "opera ",
        "opera?", "cosa fa", "che fa", "che cosa fa", "di cosa si occupa", "di che cosa si occupa", "si occupa",
        "cosa produce", "cosa vende", "a cosa serve", "finalita"),
    "capital": (
        # English ("how much" alone does not: a company's worth is not its nominal capital)
        "capital", "how much money", "paid-in", "paid in", "how many shares", "number of shares",
        # German
        "kapital", "aktienkapital", "stammkapital", "grundkapital", "genossenschaftskapital",
        "gesellschaftskapital", "nennkapital", "nominalkapital", "partizipationskapital", "dotationskapital",
        "eigenkapital", "wie viel geld", "wieviel geld", "wie viele aktien", "anzahl aktien", "stammanteile",
        "liberiert",
        # French ("capital" above: capital-actions, capital social)
        "combien d'argent", "combien d'actions", "nombre d'actions", "parts sociales", "fonds propres", "libere",
        # Italian ("capital" above: capitale azionario, capitale sociale)
        "quanto denaro", "quanti soldi", "quante azioni", "numero di azioni", "quote sociali", "liberato"),
    "legal_form": (
        # English ("AG or GmbH?" is read by understand._EITHER_FORM)
        "legal form", "form of", "legal entity", "legal structure", "type of company", "kind of company",
        "sort of company", "type of entity", "kind of entity", "sort of entity", "sort of firm", "sort of business",
        "what kind of", "which kind of", "what type of", "which type of", "company type", "entity type",
        "registered as", "organised as", "organized as", "limited company", "limited liability",
        "sole proprietorship", "a gmbh", "an ag?", "a corporation", "a foundation", "an association",
        "a cooperative",
        # German
        "rechtsform", "gesellschaftsform", "unternehmensform", "organisationsform", "gesellschaftsart",
        "gesellschaftstyp", "firmentyp", "unternehmenstyp", "rechtsnatur", "art von gesellschaft", "art von firma",
        "art von unternehmen", "art gesellschaft", "art firma", "art unternehmen", "was fuer eine", "was fuer ein",
        "eine aktiengesellschaft", "eine gmbh", "eine ag?", "eine ag ", "eine genossenschaft", "eine einzelfirma",
        "ein einzelunternehmen", "eine kollektivgesellschaft", "eine kommanditgesellschaft", "eine stiftung",
        "ein verein",
        # French ("statut juridique" is the form, "statut" alone the status)
        "forme juridique", "forme legale", "forme de societe", "forme sociale", "statut juridique",
        "type de societe", "type d'entreprise", "type d'entite", "genre de societe", "genre d'entreprise",
        "sorte de societe", "quel type de", "quelle sorte de", "quel genre de", "une societe anonyme", "une sarl",
        "une sa?", "une sa ", "une societe a responsabilite", "une societe cooperative", "une raison individuelle",
        "une entreprise individuelle", "une fondation", "une association",
        # Italian
        "forma giuridica", "forma legale", "forma societaria", "natura giuridica", "tipo di societa",
        "tipo di impresa", "tipo di azienda", "tipo di ente", "genere di societa", "che tipo di", "quale tipo di",
        "che genere di", "che forma", "una societa anonima", "una sagl", "una sa?", "una sa ",
        "una societa a garanzia", "una cooperativa", "una ditta individuale", "una fondazione", "un'associazione"),
    "uid": (
        # English
        "uid", "che number", "che no", "che-", "ch-id", "ch number", "company number", "company id",
        "company identification", "business identification", "enterprise identification", "business number",
        "business id", "identification number", "registration number", "register number", "id number", "vat number",
        # German
        "unternehmens-identifikation", "unternehmensidentifikation", "identifikationsnummer", "unternehmensnummer",
        "firmennummer", "handelsregisternummer", "handelsregister-nummer", "registernummer", "hr-nummer",
        "che-nummer", "che nummer", "ch-nummer", "mwst-nummer", "mwst nummer", "mehrwertsteuernummer",
        "welcher nummer", "welche nummer",
        # French
        "ide ", "ide?", "ide.", "numero ide", "no ide", "numero d'identification", "numero d'entreprise",
        "numero de l'entreprise", "numero du registre", "numero de registre", "numero rc", "numero tva",
        "numero de tva",
        # Italian
        "idi ", "idi?", "idi.", "numero idi", "numero d'identificazione", "numero di identificazione",
        "numero d'impresa", "numero di impresa", "numero dell'impresa", "numero di registro", "numero del registro",
        "numero iva", "partita iva"),
    "status": (
        # English ("is X registered?" and "is it deleted?" are read with the deletion)
        "status", "still active", "still exist", "still in business", "still registered", "still operat",
        "still around", "still alive", "still going", "still running", "still trading", "still on the register",
        "still in the register", "is it active", "active or", "active?", "currently active",
        # German
        "noch aktiv", "noch eingetragen", "noch im handelsregister", "noch taetig", "noch in betrieb",
        "noch existent", "existiert noch", "existiert sie noch", "existiert es noch", "besteht noch", "noch?",
        "noch ?", "aktiv?", "aktiv oder",
        # French ("statut juridique" is the legal form)
        "statut?", "statut ?", "statut actuel", "le statut de", "son statut", "quel statut", "situation actuelle",
        "encore active", "encore actif", "toujours active", "toujours actif", "encore en activite",
        "toujours en activite", "existe encore", "existe toujours", "existe-t-elle encore",
        "existe-t-elle toujours", "existe-t-il encore", "existe-t-il toujours", "encore inscrit",
        "toujours inscrit", "encore enregistr", "toujours enregistr", "encore au registre", "toujours au registre",
        # Italian ("è stato" is a tense, not "lo stato")
        "lo stato", "stato attuale", "stato giuridico", "in che stato", "situazione attuale", "ancora attiva",
        "ancora attivo", "ancora in attivita", "ancora operativ", "tuttora attiv", "esiste ancora",
        "esiste tuttora", "ancora iscritt", "tuttora iscritt", "ancora registrat", "attiva?", "attivo?"),
    "persons": (
        # English
        "who ", "who?", "whom", "persons", "people", "board", "director", "manager", "managing", "management",
        "officer", "members", "signat", "sign for", "authorised to sign", "authorized to sign", "role", "owner",
        "owns", "the proprietor", "proprietors", "partner", "shareholder", "liquidator", "chair", "president",
        "ceo", "executive", "involved", "runs ", "run by", "in charge", "behind", "foundation board",
        # German
        "wer ", "wer?", "personen", "verwaltungsrat", "verwaltungsraet", "vr-mitglied", "vr-praesident",
        "geschaeftsfuehr", "geschaeftsleitung", "geschaeftsleiter", "direktor", "mitglied", "unterschrift",
        "zeichnungsberecht", "zeichnungsbefug", "prokur", "rolle", "funktion", "inhaber", "eigentuemer", "besitzer",
        "gesellschafter", "teilhaber", "praesident", "vorsitz", "beteiligt", "leitet", "organe", "stiftungsrat",
        "liquidatoren",
        # French ("fondé de procuration" is a signatory, not a founding)
        "qui ", "qui?", "personnes", "conseil d'administration", "conseil de fondation", "administrat", "gerant",
        "directeur", "directrice", "direction", "dirige", "membre", "signataire", "signature", "droit de signer",
        "procuration", "titulaire", "proprietaire", "associe", "liquidateur", "liquidatrice", "responsabl",
        # Italian
        "chi ", "chi?", "persone", "consiglio di", "consiglio d'amministrazione", "amministrat", "gerent",
        "direttore", "direttrice", "direzione", "dirige", "membri", "membro", "firmatari", "firma autorizzat",
        "diritto di firma", "firma collettiva", "firma individuale", "firmare", "procurator", "titolare",
        "proprietari", "soci ", "soci?", "socio", "liquidatore", "liquidatori", "responsabile", "ruolo", "ruoli",
        "funzione", "funzioni"),
    "network": (
        # English
        "network", "connected", "connection", "related", "linked", "relationship", "ties to", "links to",
        "other companies", "other firms", "which companies", "what companies", "companies is", "also active",
        "multi-hop", "share a person", "share persons", "shared person", "share people", "common person",
        "in common", "mandates",
        # German
        "netzwerk", "verbunden", "verbindung", "beziehung", "verflecht", "verflochten", "verknuepf",
        "andere firmen", "anderen firmen", "andere unternehmen", "anderen unternehmen", "weitere firmen",
        "weiteren firmen", "welchen firmen", "welchen unternehmen", "welchen gesellschaften", "firmen ist",
        "auch aktiv", "gemeinsame person", "gemeinsamen person", "mandate",
        # French
        "reseau", "lie a", "liee a", "lies a", "liees a", "liee?", "liee ?", "lien ", "liens", "relations",
        "personnes communes", "personne commune", "en commun", "autres societes", "autres entreprises",
        "quelles societes", "quelles entreprises", "mandats",
        # Italian
        "rete ", "rete?", "collegat", "legami", "legata a", "legate a", "persone comuni", "persona comune",
        "in comune", "relazioni", "altre societa", "altre aziende", "altre ditte", "quali societa", "quali aziende",
        "mandati"),
    "head_office": ("head office", "parent company", "main office", "branch of ", "belong to", "belongs to",
                    "gehoert", "appartient", "appartiene",
                    "hauptsitz", "hauptniederlassung", "zweigniederlassung von", "muttergesellschaft", "stammhaus",
                    "siege principal", "succursale de", "maison mere", "societe mere",
                    "sede principale", "sede centrale", "succursale di", "casa madre", "societa madre"),
    "branches": ("branches", "branch offices", "subsidiar",
                 "zweigniederlassungen", "filialen", "niederlassungen", "tochtergesellschaft",
                 "succursales", "filiales", "succursali", "filiali"),
    "auditor": ("auditor", "audit firm", "statutory audit", "revisionsstelle", "revisionsgesellschaft", "revisor",
                "organe de revision", "reviseur", "societe de revision",
                "ufficio di revisione", "organo di revisione", "revisore", "societa di revisione"),
    "history": (
        # English ("name changes" ask for the name change alone)
        "history", "timeline", "chronolog", "events", "notices", "publications", "what happened", "what changed",
        "has changed", "have changed", "what changes", "which changes", "all changes", "any changes", "changes to",
        # German
        "geschichte", "ereignisse", "meldungen", "publikationen", "veroeffentlichungen", "was ist passiert",
        "was geschah", "passiert", "aenderungen", "mutation", "werdegang", "chronik", "verlauf", "eintraege",
        # French
        "historique", "histoire", "evenements", "modifications", "mutations", "quels changements",
        "les changements", "que s'est-il passe", "qu'est-il arrive", "parcours", "tous les avis",
        # Italian
        "storia", "cronologia", "eventi", "pubblicazioni", "modifiche", "cambiamenti", "mutazioni",
        "cosa e successo", "vicende", "tutti gli avvisi"),
    "foundation": (
        # English ("registered" alone is weak: WEAK_FOUNDATION)
        "founded", "founding", "foundation date", "date of foundation", "year of foundation", "established",
        "registered", "incorporat", "created", "formed", "since when", "set up", "start?", "started",
        "start operat", "start trading", "how old", "inception", "entered in", "entered into", "date of entry",
        "date of registration", "registration date", "been in existence", "existed since", "exists since",
        "existed?", "been around",
        # German ("eingetragen" alone is weak)
        "gegruendet", "gruendung", "eingetragen", "neueintragung", "eintragungsdatum", "datum der eintragung",
        "erste eintragung", "erstmals eingetragen", "entstanden", "errichtet", "seit wann", "wie alt",
        "ins leben gerufen", "besteht seit", "existiert seit", "gibt es seit",
        # French ("inscrit" alone is weak; "fondé de procuration" is a signatory)
        "fondee", "fondees", "ete fonde", "fonde en", "fonde le", "fonde quand", "a fonde", "date de fondation",
        "annee de fondation", "sa fondation", "creee", "cree", "creation", "constituee", "constitution", "inscrit",
        "date d'inscription", "nouvelle inscription", "depuis quand", "existe depuis", "quel age",
        # Italian ("iscritt" alone is weak)
        "fondata", "fondato", "data di fondazione", "data della fondazione", "anno di fondazione", "sua fondazione",
        "costituit", "costituzione", "creata", "creato", "iscritt", "data d'iscrizione", "data di iscrizione",
        "nuova iscrizione", "da quando", "esiste da", "quanti anni ha"),
    "name_change": (
        # English
        "name change", "rename", "former name", "previous name", "old name", "earlier name", "other name",
        "new name", "called before", "used to be called", "was called", "formerly", "change its name",
        "changed its name", "change the name", "changed the name", "changed name", "change of name", "name changed",
        "previously known",
        # German ("früher" alone also asks for former officers)
        "namensaender", "namenswechsel", "umbenann", "umbenenn", "umfirmier", "firmenaenderung", "firmenwechsel",
        "hiess", "frueher bekannt", "vorher bekannt", "alter name", "alten namen", "neuer name", "neuen namen",
        "fruehere firma", "frueheren firma", "frueherer name", "frueheren name", "fruehere namen",
        "vorheriger name", "vorherigen namen", "bisherige firma", "bisheriger name", "ehemaliger name",
        "ehemaligen namen", "anderen namen", "andere namen", "namen geaendert", "namen gewechselt",
        "name geaendert", "firma geaendert", "aenderung der firma", "aenderung des namens",
        # French
        "ancien nom", "anciens noms", "ancienne raison", "anciennes raisons", "ancienne denomination",
        "changement de nom", "changement de raison", "changement de denomination", "change de nom",
        "change son nom", "change de raison", "modification du nom", "modification de la raison", "renomm",
        "nouveau nom", "nouvelle raison", "nouvelle denomination", "autre nom", "autres noms", "s'appelait",
        "appelait", "nom precedent", "nom anterieur", "raison sociale precedente",
        # Italian
        "nome precedente", "nomi precedenti", "vecchio nome", "vecchia ragione", "ragione sociale precedente",
        "ragioni sociali precedenti", "precedente ragione", "denominazione precedente", "cambiamento di nome",
        "cambio di nome", "cambio del nome", "cambiato nome", "cambiato il nome", "cambiato ragione",
        "cambiato la ragione", "cambiato denominazione", "modifica del nome", "modifica della ragione", "rinominat",
        "si chiamava", "chiamava", "nuovo nome", "nuova ragione", "altro nome", "altri nomi"),
    "seat_move": (
        # English ("transfer of the registered office" reads as "transfer of the address": "transfer of the")
        "seat move", "moved", "move to", "move its", "move the seat", "relocat", "new seat", "previous seat",
        "former seat", "old seat", "transfer of seat", "transfer of the seat", "seat transfer", "transfer its",
        "transferred its", "transfer of the", "change of seat", "change its seat", "changed its seat",
        "seat changed",
        # German
        "sitzverlegung", "verlegt", "verlegung", "umgezogen", "umzug", "gezuegelt", "disloziert", "dislokation",
        "neuer sitz", "neuen sitz", "frueherer sitz", "frueheren sitz", "alter sitz", "alten sitz",
        "bisheriger sitz", "bisherigen sitz", "sitzwechsel", "sitzaenderung", "sitz gewechselt", "sitz geaendert",
        # French
        "transfert du siege", "transfert de siege", "transfert de son siege", "transfere", "demenage",
        "nouveau siege", "ancien siege", "changement de siege", "change de siege", "deplace son siege",
        # Italian
        "trasferimento della sede", "trasferimento di sede", "trasferit", "trasloc", "nuova sede", "vecchia sede",
        "sede precedente", "precedente sede", "cambiato sede", "cambio di sede", "cambiamento di sede", "spostat",
        "spostamento della sede"),
    "liquidation": (
        # English ("liquidator" is a person: no "liquidat")
        "liquidation", "liquidated", "dissol", "wound up", "winding up", "wind up",
        # German
        "liquidiert", "aufgeloest", "aufloesung",
        # French
        "liquidee", "dissout", "dissous",
        # Italian ("liquidato" alone starts "liquidatore")
        "liquidazione", "liquidata", "e stato liquidato", "stata liquidata", "sciolt", "scioglimento"),
    "bankruptcy": ("bankrupt", "insolven", "went bust", "gone bust",
                   "konkurs", "pleite", "zahlungsunfaehig", "ueberschuld",
                   "faillite", "surendett",
                   "falliment", "fallit", "bancarotta", "sovraindebit"),
    "deletion": (
        # English
        "deleted", "deletion", "struck off", "striking off", "removed from the", "deregist", "cease",
        "no longer exist", "no longer registered", "not registered anymore", "closed down",
        # German
        "geloescht", "loeschung", "existiert nicht mehr", "gibt es nicht mehr", "nicht mehr eingetragen",
        "nicht mehr im handelsregister", "gestrichen",
        # French
        "radie", "radiation", "rayee", "n'existe plus", "plus inscrit", "ne figure plus", "a cesse",
        "cesse ses activites", "cessation",
        # Italian
        "cancellat", "cancellazione", "radiat", "cessat", "non esiste piu", "piu iscritt", "non figura piu"),
    "first_notice": ("first notice", "earliest notice", "first publication", "earliest publication", "oldest notice",
                     "oldest publication", "first published",
                     "erste meldung", "erste publikation", "erste veroeffentlichung", "aelteste meldung",
                     "aelteste publikation", "frueheste meldung", "frueheste publikation",
                     "premiere publication", "premier avis", "premiere annonce", "premiere parution",
                     "plus ancienne publication", "publication la plus ancienne", "avis le plus ancien",
                     "prima pubblicazione", "primo avviso", "primo annuncio", "pubblicazione piu vecchia",
                     "pubblicazione piu antica"),
    "latest_notice": ("most recent notice", "latest notice", "last notice", "newest notice", "latest publication",
                      "most recent publication", "last publication", "newest publication", "last published",
                      "letzte meldung", "neueste meldung", "juengste meldung", "aktuellste meldung",
                      "letzte publikation", "neueste publikation", "letzte veroeffentlichung",
                      "neueste veroeffentlichung", "zuletzt publiziert",
                      "derniere publication", "publication la plus recente", "plus recente publication",
                      "dernier avis", "avis le plus recent", "derniere annonce", "derniere parution",
                      "ultima pubblicazione", "pubblicazione piu recente", "ultimo avviso", "ultimo annuncio"),
}


def _spellings(words: tuple[str, ...]) -> tuple[str, ...]:
    """Each word as it may be typed: an apostrophe also as ’ and as a blank ("numero d’entreprise")."""
    out = [v for w in words for v in ((w, w.replace("'", "’"), w.replace("'", " ")) if "'" in w else (w,))]
    return tuple(dict.fromkeys(out))


FACTS = {fact: _spellings(words) for fact, words in FACTS.items()}

# words that ask for a founding only when nothing else is asked ("still registered", "registered at")
WEAK_FOUNDATION = ("registered", "eingetragen", "inscrit", "iscritt")

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
Renamed IDE IDI IVA Numero Numéro Nummer Qual Quale Quali Quel Quelle Quels Quelles Qui Chi Dove Où Quand Quando
Comment Come Combien Quanto Quanti Quante Est Sont È Ha Hanno
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

# -- entity linking (agent/offline/linker.py) -------------------------------------------------------------------
# Words that carry no name: articles, prepositions, pronouns, question words and auxiliaries of the four
# languages. They never go to the name index as terms (a name is still matched with them in it).
FUNCTION_WORDS = {fold(w) for w in """
a an the of in on at to for from by with about into over under and or not no is are was were be been being has
have had do does did can could will would shall should may might must what which who whom whose when where why
how many much me my i you your we our it its it's this that these those there here they them their he she him
her his any all some each every than then also only just please let lets us s now ok okay
der die das den dem des ein eine einer eines einem einen im in am an auf aus bei mit nach seit von vom zu zum zur
fuer ueber unter vor hinter neben zwischen durch gegen ohne um und oder nicht kein keine ist sind war waren wird
werden wurde wurden hat haben hatte hatten sein seine seiner ihr ihre ihrer es sie er wir ich du mir mich uns
wer was wie wo wann warum welche welcher welches welchen welchem wieviel viele gibt gab bitte dort da hier noch
schon auch nur jetzt denn dann
le la les l un une des du de d au aux en dans sur sous par pour avec sans chez et ou ne pas est sont etait
etaient a ont avait qui que quoi quel quelle quels quelles quand ou comment combien pourquoi ce cet cette ces
son sa ses leur leurs il elle ils elles on nous vous je y s se t est-ce qu
il lo la i gli le un uno una qual cos dei degli delle del dello della di da dal dalla in nel nella nei nelle su sul sulla
con per tra fra e o non chi che cosa quale quali quando dove come quanto quanta quanti quante perche suo sua
suoi sue loro ci si sono era erano ha hanno aveva questo questa questi queste quello quella ne
""".split()}
# Words that questions about companies use (what is asked, notice kinds, roles), in the four languages.
# A name made only of these and places is linked only when written with its legal form; they are also left
# out of the typo-tolerant and former-name look-ups, which cost more per term.
QUESTION_WORDS = {fold(w) for w in """
address addresses registered register registry commercial located location seat seated based headquarters
office head branch capital share nominal paid purpose business activity activities legal form type uid number
identification status active still exist exists existing deleted deletion struck founded founding foundation
established incorporated registration registrations entry entries new bankrupt bankruptcy bankruptcies opened
liquidation liquidations dissolved dissolution renamed rename name names former previous old change changes
changed moved move relocated transfer notice notices publication publications published latest recent first
last earliest newest oldest history timeline chronological order events event company companies firm firms
entity entities person persons people officer officers director directors board member members manager
managers management president chair chairman signatory signatories signature auditor auditors liquidator
liquidators owner owners partner partners role roles function functions current currently today who network
connected connection connections linked related shared sharing through via list show give tell find look
search describe state identify name named called appear appears appearing mentioned mention mentions date
dates when year years canton cantons town city top largest biggest highest most rank ranking count total
number numbers detail details dossier profile info information about overview hold holds held
one two three four five six seven eight nine ten twenty hundred
eins zwei drei vier fuenf sechs sieben acht neun zehn zwanzig hundert
deux trois quatre cinq six sept huit neuf dix vingt cent
uno due tre quattro cinque sei sette otto nove dieci venti cento
adresse adressen geschaeftsadresse sitz domizil hauptsitz zweigniederlassung firmensitz kapital
aktienkapital stammkapital zweck rechtsform gesellschaftsform uid nummer status aktiv geloescht loeschung
gegruendet gruendung eingetragen eintragung neueintragung neueintragungen konkurs konkurse eroeffnet
liquidation aufgeloest aufloesung umbenannt namensaenderung frueher frueheren alter alten neuer neuen
verlegt sitzverlegung meldung meldungen publikation publikationen publiziert erste ersten letzte letzten
neueste neuesten chronologisch geschichte firma firmen unternehmen gesellschaft gesellschaften person
personen verwaltungsrat mitglied mitglieder geschaeftsfuehrer geschaeftsfuehrerin praesident praesidentin
zeichnungsberechtigt unterschrift revisionsstelle liquidator liquidatoren inhaber funktion funktionen rolle
rollen derzeit aktuell heute verbunden verbindung verbindungen gemeinsame netzwerk handelsregister kanton
jahr stadt groesste groessten hoechste meiste zeige nenne liste finde erscheint erscheinen
adresse siege social capital but objet forme juridique numero ide statut actif radiee radie radiation fondee
fonde fondation inscrite inscrit inscription inscriptions nouvelles nouvelle faillite faillites prononcee
ouverte dissolution liquidation anciennes ancienne raison raisons sociales sociale nom noms changement
change transfere publication publications parue premiere dernier derniere recente recent chronologique
historique societe societes entreprise entreprises personne personnes conseil administration membre membres
gerant gerants directeur directeurs president presidente signature reviseur organe revision liquidateur
liquidateurs associe associes fonction fonctions role roles actuellement aujourd hui liees lie communes
reseau registre commerce canton annee ville plus grand grande principal principale figure figurent
indirizzo sede sociale capitale scopo forma giuridica numero idi stato attiva cancellata cancellazione
fondata fondazione iscritta iscritte iscritto iscrizione iscrizioni nuove nuova fallimento dichiarato aperto
scioglimento liquidazione precedenti precedente ragione ragioni nome nomi cambiate cambiato trasferita
pubblicazione pubblicazioni apparsa prima ultima recente cronologico cronologica storia societa azienda
aziende ditta persona persone consiglio amministrazione membro membri gerente direttore presidente firma
revisore ufficio liquidatore liquidatori socio soci funzione funzioni ruolo ruoli attualmente oggi
collegate collegata comuni rete registro commercio cantone anno citta principale compare compaiono
""".split()}
ORDINALS: dict[str, int] = {fold(w): i for i, ws in enumerate([
    "first 1st erste ersten erster erstes premier premiere primo prima",
    "second 2nd zweite zweiten zweiter zweites deuxieme second seconde secondo seconda",
    "third 3rd dritte dritten dritter drittes troisieme terzo terza",
    "fourth 4th vierte vierten vierter viertes quatrieme quarto quarta",
    "fifth 5th fuenfte fuenften fuenfter fuenftes cinquieme quinto quinta",
    "sixth 6th sechste sechsten sechster sechstes sixieme sesto sesta",
    "seventh 7th siebte siebten siebter siebtes septieme settimo settima",
    "eighth 8th achte achten achter achtes huitieme ottavo ottava",
    "ninth 9th neunte neunten neunter neuntes neuvieme nono nona",
    "tenth 10th zehnte zehnten zehnter zehntes dixieme decimo decima"], 1) for w in ws.split()}
LAST_WORDS = {"last", "letzte", "letzten", "letzter", "letztes", "dernier", "derniere", "ultimo", "ultima"}
# what may follow an ordinal that picks from the candidate table ("the second one", "die zweite Firma")
PICK_NOUNS = {fold(w) for w in """
one company firm entry candidate result row option person entity eins firma unternehmen gesellschaft eintrag
treffer kandidat person resultat ergebnis societe entreprise entree candidat resultat ligne personne option
societa azienda ditta voce candidato risultato riga persona opzione please bitte
""".split()}
# beginnings of the inflected forms of such words ("publiées", "pubblicate", "Konkurseröffnungen", "openings")
QUESTION_STEMS = tuple(fold(w) for w in """
publish publicat publiz publie publiee pubblic registr incorporat establish bankrupt liquidat dissol delet
opening renam relocat transfer officer director manag member sharehold signator signing auditor connect
appear mention chronolog histor notice
eingetrag eintrag gegruend gruendung konkurs eroeffn loesch aufgeloe aufloes aenderung geaender verleg umbenann
namensaender meldung publikation verwaltungsrat geschaeftsfuehr mitglied zeichnung unterschrift revision
unternehm gesellschaft verbund verbind gemeinsam erschein
inscri fondat fonde faillit ouvert radiat radie dissolu transfer societe entrepris administr gerant associe
signatai reviseu figur ancienn actuel
iscri fondat fallim apert cancell sciogl cambia trasfer aziend amministr gerent dirett revisor colleg compai
precedent attual
""".split())
