"""Word lists of the offline reader (English and German; French and Italian names of notice kinds)."""
from __future__ import annotations

from kg.text import fold

# German compounds end in the noun that says what is asked ("Gesellschaftszweck", "Eigenkapital", "Geschäftsanschrift"):
# head noun -> fact, matched at the end of a longer word (a compound's start, "Löschungsdatum", is a word prefix below)
COMPOUND_HEADS: dict[str, str] = {
    "zweck": "purpose", "kapital": "capital", "adresse": "address", "anschrift": "address", "rechtsform": "legal_form",
    "gesellschaftsform": "legal_form", "konkurs": "bankruptcy",
}
# no longer in the register: the company itself, or a person or a fact of it (understand reads which)
NO_LONGER_LISTED = ("no more appear", "no longer appear", "ne figure plus", "n'y figure plus", "n'apparait plus",
                    "non figura piu", "non compare piu", "erscheint nicht mehr",
                    "no more in the regist", "no longer in the regist", "no more in the commercial",
                    "no longer in the commercial")
# fact -> words that ask for it (folded, matched as word prefixes), English, German, French, Italian in turn.
# Short words go in as phrases ("but de", "sede di"): a prefix match would find them inside other words.
FACTS: dict[str, tuple[str, ...]] = {
    "address": ("address", "where is", "located", "location", "localisation", "street", "seat", "seated", "headquarter", "based",
                "domicile", "registered office", "postcode", "zip code", "where can i find", "which town", "which city",
                "what town", "what city", "hang their shingle", "hang its shingle", "hangs its shingle",
                "adresse", "geschaeftsadresse", "wo ist", "wo befindet", "wo liegt", "wo hat", "strasse", "sitz ",
                "sitz?", "sitz.", "sitzt", "firmensitz", "domizil", "postleitzahl", "plz", "postadresse",
                "welcher stadt", "welchem ort", "anschrift",
                "adresse", "ou se trouve", "ou est situe", "ou est sis", "ou est etabli", "siege", "sis a", "rue ", "rue?",
                "npa", "code postal", "adresse postale", "basee", "base a", "se trouve", "quelle ville",
                "indirizzo", "dove si trova", "dove ha sede", "dove e la sede", "ha sede", "sede ", "sede?", "sede.",
                "sede legale", "sede sociale", "codice postale", "cap ", "si trova", "dov'e", "dove e",
                "quale citta", "indirizzo postale", "recapito",
                "coordonnees", "coordinate postali", "recapiti", "postal coordinates",
                "addr", "mailing", "adress", "where exactly are", "where exactly is",
                "municipality", "domiciled", "gemeinde", "ansaessig", "quelle commune", "la commune", "commune de",
                "domicilie", "quale comune", "che comune", "comune di", "risiede", "domiciliation", "domiciliazione"),
    "purpose": ("purpose", "business activit", "what does", "what do they do", "doing", "business is", "s business",
                "what business", "business of", "industry", "aim", "goal", "mission", "for?",
                "bezweck", "geschaeftszweck", "branche", "taetig", "wofuer", "zustaendig",
                "domaine", "secteur", "settore", "opera ", "opera?", "activity", "activities", "object of",
                "zweck", "was macht", "was tut", "taetigkeit", "geschaeftstaetigkeit", "gegenstand",
                "but de", "but social", "buts", "son but", "leur but", "le but", "but inscrit", "but statutaire", "quel but",
                "objet social", "objet de", "activite", "que fait",
                "scopo", "oggetto sociale", "oggetto", "objects", "statutory object", "registered object", "attivita",
                "che cosa fa", "cosa fa",
                "line of business", "line of work", "befasst", "beschaeftigt sich", "s'occupe", "si occupa",
                "di cosa si occupa", "occupa di", "kind of business", "type of business", "kind of work",
                "sort of work", "type of work", "sector", "line of trade", "which field", "what field",
                "field of activit", "comme metier", "quel metier", "quel est leur metier",
                "nature of business", "nature of the business", "nature of its business", "fait quoi", "font quoi",
                "comme business", "comme activite", "nature des activites", "natura dell'attivita",
                "objective", "stated object", "finalita",
                "objet statutaire", "was machen", "actually do", "what do they do exactly", "di cosa si occupano",
                "allowed to do per", "allowed to do under", "allowed to do according", "allowed to do?", "pour faire quoi",
                "sert a faire quoi", "pour quoi faire", "pour but",
                "creneau", "fait dans la vie", "font dans la vie", "for a living",
                "registered to do", "what are they in", "what is it in",
                "bossent dans", "bosse dans quoi", "travaillent dans quoi",
                "champ d'action", "champ d'activite",
                "campo d'azione", "campo di attivita", "taetigkeitsfeld", "taetigkeitsbereich",
                "field of business", "what do they offer", "what does it offer",
                "what trade are", "what trade is", "business object", "what trade do", "which trade are",
                "which trade is", "trade are they in", "trade is it in",
                "se consacre", "se consacrent", "consacree a", "dedicated to", "devoted to", "si dedica", "widmet sich"),
    "capital": ("capital", "share capital", "how much money",
                "share amount", "apport de depart", "apport initial", "apport statutaire", "apports des associes",
                "apport des associes",
                "kapital", "aktienkapital", "stammkapital", "grundkapital", "genossenschaftskapital",
                "capital-actions", "capital social", "capital-social", "capital nominal",
                "capitale", "capitale sociale", "capitale azionario",
                "equity", "share cap", "paid-in", "paid in", "fonds propres", "capitale proprio", "capital libere",
                "einbezahlt", "liberiert", "libere", "nominal amount", "nominal value", "nominal cap", "ak/sk",
                "parts sociales", "stammanteile", "quote sociali", "apports", "apport en capital",
                "mise de fonds", "einlagen", "conferimenti", "somme nominale", "montant nominal",
                "mise de depart", "how many francs", "starting fund", "wie viel geld hat", "combien d'argent a ",
                "quanto denaro ha", "quanti soldi ha", "total nominal", "nominal of the",
                "fonds statutaire", "fonds social", "fondo sociale", "par value", "valeur nominale", "valore nominale",
                "nennwert", "dotation en capital", "dotee d'un capital", "issued cap"),
    "legal_form": ("legal form", "type of company", "kind of company", "form of", "legal entity", "type of entity",
                   "kind of entity", "entity type", "legal structure",
                   "what kind of", "which kind of", "what type of",
                   "which type of", "sort of company", "sort of firm", "sort of business", "sort of entity",
                   "gesellschaftsart", "genre de societe", "genere di societa",
                   "rechtsform", "rechtstraeger", "unternehmensform", "gesellschaftsform", "firmenform", "organisationsform",
                   "organised legally", "organized legally", "legally organi", "legal organi",
                   "how is it organi", "how is it set up legally", "juristisch organisiert", "rechtlich organisiert",
                   "organisee juridiquement", "organizzata giuridicamente", "art von gesellschaft", "was fuer eine",
                   "forme juridique", "forme legale", "type de societe", "quel type de", "quelle sorte de",
                   "forma giuridica", "forma legale", "tipo di societa", "che tipo di", "quale tipo di",
                   "constituted", "legal terms", "legally structured", "structured legally",
                   "sous quelle forme", "quelle forme", "nature de l'entite", "nature juridique", "statut juridique",
                   "forme sociale", "forme de la societe", "natura giuridica", "veste giuridica", "veste legale",
                   "quale veste", "quale forma", "in che forma ", "in che forma?", "rechtliche form", "rechtlichen form",
                   "company type", "entity type", "type of business entity", "corporate type", "company form",
                   "tipo societa", "tipo di ditta", "tipo ditta", "incorporated as", "registered as what",
                   "corporation, llc", "legal status", "statut legal", "genre de structure", "type de structure",
                   "structure juridique", "structure legale", "type d'entite", "genre d'entite", "quelle structure a ",
                   "forma societaria", "organized under", "organised under", "entity classification", "corporate form",
                   "legally speaking", "juridiquement parlant", "juridiquement, c'est", "giuridicamente parlando",
                   "rechtlich gesehen",
                   "genre d'entreprise", "sort of structure", "comme structure", "juristic form",
                   "quelle sorte d'", "juridiquement?", "incorpore comment", "incorporee comment",
                   "corporate vehicle", "legal vehicle", "sort of body", "kind of body",
                   "type of body", "type de personne morale", "genre de personne morale", "sorte de personne morale",
                   "au sens du droit", "in welcher form",
                   "juridical form", "juridical nature", "society of capital", "societe de capitaux",
                   "societa di capitali", "kapitalgesellschaft", "personne morale ou",
                   "legal person or",
                   "sort of enterprise", "kind of enterprise", "type of enterprise", "company structure",
                   "autre forme", "altra forma", "andere form", "tipo di ente", "tipo d'ente"),
    "uid": ("uid", "che number", "numero che,", "numero che?", "numero che.", "numero che de", "numero che du",
            "numero che d'", "numero che pour",
            "numero che di", "numero che del", "numero che per", "che-nummer", "che nummer", "numero d'ide", "che-",
            "registration number", "company number", "identification number",
            "business number", "register number", "company id", "company identification",
            "unternehmensnummer", "numero d'entreprise", "numero d entreprise", "numero d'impresa", "numero di impresa",
            "firmennummer", "handelsregisternummer", "identifikationsnummer", "unternehmens-identifikation",
            "ide ", "ide?", "numero ide", "numero d'identification", "numero d identification", "numero ide",
            "idi ", "idi?", "numero idi", "numero d'identificazione", "numero d identificazione",
            "numero di identificazione",
            "an identifier", "which identifier", "what identifier", "enterprise identifier", "identifiant",
            "identificativo", "codice identificativo", "reg number", "reg no",
            "registration no", "identification no", "numero d'immatriculation", "no d'entreprise", "le numero che",
            "numero che attribue", "enterprise number", "numero bce", "bce number",
            "matricule", "codice che ", "codice che?", "num che", "num. che", "nr che", "nr. che", "n° che",
            "n° d'entreprise", "n° ide", "n° uid", "code che ", "code che?", "du che ", "du che?",
            "le che de", "le che d'", "il che di", "il che del",
            "il che della", "numero di registro", "numero du registre", "numero de registre",
            "enterprise id", "leur che ", "leur che?", "son che ", "son che?", "their che ", "their che?",
            "business identifier", "business id ", "business id?", "business id.", "business id,", "company id",
            "unique company code", "unique code", "unique company number", "unique id", "unique identif",
            "numero unique", "code unique", "identifiant unique", "numero unico", "codice unico", "neq ", "neq?",
            "quel numero che", "numero federal", "federal number", "federal company number", "federal business number",
            "number attributed", "numero attribue", "che reference", "che ref", "registration identifier",
            "federal registration", "federal identifier",
            "n° d'identification", "no d'identification", "che no.", "che no ", "che no?", "che-no", "che identifier",
            "che id ", "che id?", "che-id"),
    "status": ("status", "still active", "still exist", "still in business", "still registered", "still operat",
               "still inscribed", "still listed",
               "still around", "is it active", "active or", "still trading",
               "noch aktiv", "existiert", "noch eingetragen", "noch im handelsregister", "noch taetig",
               "statut ", "statut?", "statut actuel", "encore active", "encore actif",
               "existe", "encore inscrit", "toujours inscrit",
               "toujours active", "toujours actif", "encore en activite",
               "stato attuale", "stato giuridico", "in che stato", "ancora attiva", "ancora attivo",
               "esiste", "ancora iscritt", "tuttora iscritt",
               "ancora in attivita", "still valid", "still live?", "still live on", "tuttora attiv", "still listed?",
               "still listed in the register",
               "still listed in the commercial", "still running?", "toujours au rc", "toujours au registre",
               "encore au rc", "encore au registre"),
    "persons": ("who ", "who?", "persons", "people", "board", "director", "manager", "officer", "members", "signat",
                "role", "owner", "partner", "liquidator", "managing", "chair", "president", "involved", "runs ", "runs?",
                "associates",
                "in charge", "behind", "pulling the strings", "pulls the strings", "pull the strings", "calls the shots",
                "call the shots", "calling the shots",
                "wer ", "personen", "verwaltungsrat", "verwaltungsraet", "geschaeftsfuehr", "geschaeftsleitung",
                "mitglied", "unterschrift", "zeichnungsberecht", "rolle", "funktion", "inhaber", "gesellschafter",
                "praesident", "vorsitz", "beteiligt", "leitet", "liquidatoren",
                "qui ", "qui?", "personnes", "conseil d'administration", "conseil d administration", "administrat",
                "gerant", "directeur", "directrice", "membre", "signataire", "signature", "titulaire", "associe",
                "liquidateur", "liquidatrice", "dirige",
                "chi ", "chi?", "persone", "consiglio di amministrazione", "consiglio d'amministrazione",
                "amministrat", "gerente", "direttore", "direttrice", "membri", "membro", "firmatari", "firma autorizzat",
                "titolare", "soci ", "soci?", "socio", "liquidatore", "liquidatori", "presidente", "dirige",
                # its organs ("Organi attuali di X"; the French "organe de révision" is the auditor, not a person)
                "organi ", "organi?", "die organe", "organe von", "organe der", "organpersonen", "organes de la",
                "organes de l'", "organes actuels", "ses organes", "les organes de la", "organes et",
                "organes inscrits", "organs of", "its organs", "the organs", "organs?",
                "representing", "represent the company", "individuals", "who's running", "who is running",
                "fondes de procuration",
                "fonde de procuration", "procuration", "procuratori", "procuratore",
                "organes de ", "composition actuelle", "composition de la direction", "composition du conseil",
                "composition of the board", "la direction", "principals",
                "authorised to sign", "authorized to sign", "can sign", "may sign", "sign for", "power to sign",
                "signing authorit", "signing right", "signing power",
                "direzione", "ruoli", "ruolo", "line-up", "lineup", "line up",
                # the persons who manage it ("its current management"), not a trade ("asset management")
                "the management", "current management", "its management", "their management", "'s management",
                "management team", "senior management", "top management", "management board"),
    "network": ("network", "connected", "connection", "related", "linked", "relationship", "other companies",
                "other enterprises", "other societies", "other outfits", "other shops", "which outfits", "which shops",
                "reliee a", "reliees a", "relies a", "relie a", "reliee par", "reliees par",
                "tied to", "tied through", "tied with", "tied up with", "ties to", "ties with",
                "other businesses", "run other businesses",
                "have other businesses", "own other businesses", "have other firms",
                "other firms run", "in other businesses", "in other firms", "which businesses", "des firmes", "ses firmes",
                "autres maisons", "which enterprises", "sister firm", "sister compan", "siegent ou ailleurs",
                "siegent ailleurs", "sit elsewhere", "sitzen anderswo", "siedono altrove",
                "which companies", "what companies", "companies is", "also active", "multi-hop", "share a person",
                "share persons", "shared person", "share people", "common person", "in common", "teilen personen",
                "teilt personen",
                "netzwerk", "verbunden", "verbindung", "beziehung", "andere firmen", "andere unternehmen",
                "weitere firmen", "welchen firmen ", "welchen firmen?", "welchen unternehmen", "firmen ist", "auch aktiv",
                "gemeinsame person", "gemeinsamen person",
                "reseau", "lie a", "liee a", "lies a", "liees a", "liens", "personnes communes", "personne commune",
                "relations", "autres societes", "quelles societes",
                "rete", "collegat", "legami", "persone comuni", "persona comune", "relazioni", "altre societa", "quali societa",
                # the posts a person holds, as mandates
                "mandats", "mandat ", "mandat?", "mandate", "mandates", "aemter", "positions held", "posts held",
                "cariche", "incarichi", "postes occupe", "fonctions occupe",
                # companies that share persons with this one
                "partage", "condivid", "shares people", "share officers", "sharing", "shared officers",
                "shared directors", "share directors", "share board",
                "in common with", "teilt sich", "teilen sich", "gemeinsame", "persone in comune", "en commun",
                "entreprises liees", "societes liees", "firmes liees", "societa legate", "aziende legate",
                # other companies of the same persons: "where else do its people hold positions", "sister companies"
                "where else", "sister compan", "overlapping", "dieselben", "die gleichen personen", "wo sonst",
                "die gleichen verwaltungsr", "die gleichen organe", "sonst noch eingetragen", "anderswo eingetragen",
                "weiteren gesellschaften", "weiteren firmen", "weiteren unternehmen", "ebenfalls eingetragen",
                "affiliat", "common officers", "common directors", "interlocking", "sonst noch im handelsregister",
                "auch eingetragen",
                "memes personnes", "memes administrateurs", "stesse persone", "stessi amministratori",
                "apparente", "administrateurs communs", "personnes en commun", "amministratori comuni",
                "other firms", "other entities", "anderen firmen", "anderen unternehmen", "anderen gesellschaften",
                "andere gesellschaften", "verflecht", "autres entreprises", "autres firmes",
                "altre imprese", "altre aziende", "altre ditte",
                "ditte connesse", "societa connesse", "aziende connesse", "connesse", "connessi",
                "same directors", "sister co",
                "societes soeurs", "societes sœurs", "soeurs", "sœurs", "memes organes", "memes dirigeants",
                "autres boites", "gleichen leute", "gleiche leute", "sonst noch drin", "sonst noch dabei",
                # the companies of a person
                "which firms", "what firms", "which entities", "quelles entreprises", "quelles firmes",
                "welchen gesellschaften", "quali imprese", "quali aziende", "quali ditte",
                "verknuepft", "entreprises associees", "societes associees", "riconducibil", "intrecci", "intreccio",
                "other organisations", "other organizations", "also sit", "sonst noch aktiv", "siegent ailleurs",
                "siegent-ils ailleurs", "actifs ailleurs", "inscrits ailleurs",
                "correlat", "aziende collegate", "societa collegate",
                "rattache", "amministratori in comune", "organi in comune", "in comune con", "legate a", "overlap",
                "dove altro", "also run", "partagent des", "associate compan", "associated compan", "autres entites",
                "with same administrators", "with the same administrators", "with same officers",
                "with the same officers", "with the same managers", "with same managers",
                "with same people", "with the same persons", "co. links", "company links",
                "business links",
                "connexes", "cross-director", "associated business", "personenverflecht", "also appear", "involvement",
                "leute sonst", "personen sonst", "cross-mandat",
                "memes gens"),
    "head_office": ("head office", "parent company", "main office", "branch of", "belong to", "belongs to",
                    "gehoert", "appartient", "appartiene",
                    "hauptsitz", "hauptniederlassung", "zweigniederlassung von", "muttergesellschaft",
                    "siege principal", "succursale de", "maison mere", "societe mere",
                    "sede principale", "succursale di", "casa madre", "societa madre"),
    "branches": ("branches", "branch offices", "subsidiar",
                 "zweigniederlassungen", "filialen", "succursales", "filiales", "succursali", "filiali"),
    "auditor": ("auditor", "audit firm", "revisionsstelle", "revisor", "organe de revision", "organes de revision", "reviseur",
                "ufficio di revisione", "revisore", "societa di revisione", "organe de controle", "organo di revisione"),
    "history": ("history", "timeline", "chronolog", "events", "notices", "publications", "what happened", "changes",
                "geschichte", "ereignisse", "meldungen", "publikationen", "was ist passiert", "aenderungen",
                "mutation", "werdegang",
                "historique", "histoire", "evenements", "publications", "modifications", "que s'est-il passe",
                "storia", "cronologia", "eventi", "pubblicazioni", "modifiche", "cambiamenti", "cosa e successo"),
    "foundation": ("founded", "foundation", "founding", "established", "registered", "incorporat", "created",
                   "since when", "since what year", "since which year", "seit welchem jahr",
                   "depuis quelle annee", "da che anno", "da quale anno",
                   "set up", "start", "how old", "wie alt ist", "wie alt?", "quel age a", "quel age?",
                   "quanti anni ha",
                   "entered in", "entered into",
                   "date of entry", "entered in the register",
                   "gegruendet", "gruendung", "eingetragen", "neueintragung", "entstanden", "seit wann",
                   "fondee", "fonde", "fondation", "creee", "cree", "creation", "date de creation",
                   "inscrite", "inscrit", "depuis quand",
                   "fondata", "fondato", "fondazione", "costituit", "costituzione", "iscritta", "iscritto", "da quando",
                   "born", "came into being", "came into existence", "inception", "began trading", "ins leben",
                   "gegr", "vu le jour", "date de naissance", "naissance", "nata ", "nata?", "nato ", "nato?", "nascita",
                   "creata", "creato", "creazione", "ha visto la luce", "iscrizione", "inscription", "eintragungsdatum",
                   "datum der eintragung", "how long has it existed",
                   "wie lange gibt es", "wie lange besteht", "depuis combien de temps", "da quanto tempo",
                   "first registration", "initial registration", "date of registration", "registration date",
                   "first registered", "erstmals eingetragen", "zum ersten mal",
                   "lance la boite", "lance la societe", "lance l'entreprise", "launched the company",
                   "launched the business", "elle date de quand", "ca date de quand", "recente ou ancienne", "inscribed",
                   "immatriculee", "immatricule ", "immatricule?", "date d'immatriculation",
                   "since how many years", "depuis combien d'annees", "put in the regist", "put on the regist",
                   "put into the regist", "est. year", "est. date", "a quel age",
                   "pour la premiere fois",
                   "erste eintragung", "ersteintragung", "premiere inscription", "prima iscrizione",
                   "date de constitution", "constitution de", "constituee le", "a ete constituee", "data di costituzione",
                   "entry date", "hr entry", "year of establishment", "date of establishment", "establishment date",
                   "data fondazione", "data di fondazione",
                   "came into existence", "come into existence", "came into being",
                   "come into being",
                   "acte de constitution", "annee de constitution", "qui date de quand",
                   "qui datent de quand",
                   # its first entry in the register, in other words
                   "first written into", "first written in the", "first entered", "first recorded",
                   # its constitution (the notary's deed) and its birth
                   "constitue quand", "constituee quand", "acte constitutif", "constitutive act", "act of constitution",
                   "date of constitution", "date of the constitution", "constitution date", "year of constitution",
                   "atto costitutivo", "gruendungsakt", "gruendungsurkunde", "deed of incorporation",
                   "est nee en", "est nee quand", "nee en quelle", "put in the commercial regist",
                   "put in the trade regist", "put on the commercial regist", "put into the commercial regist",
                   "ete constitue", "new entry", "new registration", "neueintrag"),
    "name_change": ("name change", "renamed", "former name", "previous name", "old name", "called before",
                    "called in the past", "predecessor name", "predecessor compan", "used to be named", "previously known",
                    "name earlier", "known earlier", "known before", "different company name", "other company name",
                    "under a different title", "earlier title", "former title", "previous title", "old title",
                    "bisherige firma", "bisherigen firma",
                    "under another title",
                    "earlier name", "new name", "formerly", "previously called", "previously named",
                    "change its name", "changed its name", "change of name",
                    "name changed", "namen geaendert", "namen gewechselt", "change de nom", "cambiato nome",
                    "cambiato il nome",
                    "namensaender", "umbenannt", "frueher", "firmenaenderung", "alter name", "neuer name",
                    "frueheren name", "vorheriger name", "hiess",
                    "ancien nom", "anciens noms", "anciennes raisons", "ancienne raison", "changement de nom",
                    "changement de raison", "renomm", "nouveau nom", "s'appelait", "appelait",
                    "nome precedente", "nomi precedenti", "vecchio nome", "cambiamento di nome", "cambio di nome",
                    "ragioni sociali precedenti", "ragione sociale precedente", "rinominat", "si chiamava",
                    "chiamava", "nuovo nome",
                    "another name", "other name", "different name", "other names", "known as", "known under",
                    "used to be called", "bekannt unter", "bekannt als", "anderen namen", "anderer name",
                    "connue sous", "connu sous", "anciennement", "autre nom", "nota come", "noto come",
                    "conosciut", "altro nome", "un nome diverso", "altra ragione sociale", "altra denominazione",
                    "autre raison sociale", "autre denomination", "another company name",
                    "trade under", "traded under", "trading under", "trading name",
                    "names did it trade", "unter welcher firma", "unter welchen firmen", "cambiamenti di ditta",
                    "cambiamento di ditta", "cambio di ditta", "cambi di ditta", "went by", "name history",
                    "namensgeschichte", "historique des noms",
                    "storia dei nomi", "under which name", "under what name", "earlier names", "earlier company name",
                    "prior name", "past names",
                    "precedenti denominazioni", "anciennes denominations", "ancienne denomination", "bisherige name",
                    "bisherigen namen", "firmiert", "unter welchen namen", "sous quels noms",
                    "con quali nomi", "sotto quali nomi",
                    "appellation", "denominata prima", "era denominata", "denominazione precedente",
                    "bezeichnung war", "unter welcher bezeichnung", "firma geaendert", "vorher eingetragen",
                    "ancienne appellation", "anciennes appellations",
                    "company title", "old designation", "former designation", "previous designation",
                    "rebrand", "denominations", "modifiche della ditta", "fka",
                    "aka ", "aka?", "formerly known", "f/k/a", "a/k/a", "umbenenn", "rinomin", "called differently",
                    "named differently", "use to be called", "called something else", "always its name",
                    "always been its name", "always been called",
                    "called previously", "named previously",
                    "rebaptis", "ribattezzat", "umgetauft", "rechristened",
                    "change d'enseigne", "changer d'enseigne", "changement d'enseigne", "ancienne enseigne",
                    "umfirm", "vormals",
                    "previous firma", "fruehere firma", "bisherige firma", "former firma", "firmenbezeichnung",
                    "alte bezeichnung", "alten bezeichnung",
                    "call themselves", "called themselves", "call itself", "called itself", "name switch"),
    "seat_move": ("seat move", "moved", "relocat", "new seat", "transfer of seat", "seat transfer",
                  "sitzverlegung", "verlegt", "umgezogen", "neuer sitz",
                  "transfert du siege", "transfere", "demenage", "nouveau siege",
                  "trasferimento della sede", "trasferit", "nuova sede", "spostat"),
    "liquidation": ("liquidation", "liquidated", "dissol", "wound up", "winding up", "winding-up", "wind up", "wind-up",
                    "aufgeloest", "aufloesung", "in liquidation",
                    "dissolution", "dissoute", "en liquidation", "liquidee", "liquide?", "mise en liquidation",
                    "liquidazione", "sciolt", "scioglimento", "messa in liquidazione",
                    "in liq", "en liq", "abwicklung", "abgewickelt", "cessation de la societe", "cessation d'activite",
                    "voie de cessation", "cessazione di ", "cessazione dell'attivita", "cessazione della societa",
                    "cessato l'attivita",
                    "terminate the company", "been terminated", "shareholders decided", "shareholders resolve",
                    "decided to close", "decide la cessation", "decide la dissolution", "wind-down", "wound down",
                    "wind down", "mettre fin a la societe", "fase di chiusura", "decisa la chiusura",
                    "chiusura della societa", "chiusura dell'azienda",
                    "i.l.", "i. l.", "fermeture", "decide to close", "close it down", "close down the company",
                    "winding down", "winding-down", "fermer la societe", "fermer l'entreprise", "fermer la boite",
                    "liquidating", "dissoudre", "de la fermer", "de le fermer", "fermer boutique",
                    "ferme boutique", "decide de fermer", "cle sous la porte", "fermer ses portes", "en train de fermer",
                    "est liquide", "arreter la societe", "arreter l'entreprise", "arreter la boite",
                    "liquidata?", "liquidato?", "stata liquidata", "stato liquidato"),
    "bankruptcy": ("bankrup", "insolven", "konkurs", "faillite", "fallimento", "fallita", "fallito", "go bust",
                   "went bust", "gone bust", "pleite", "went broke", "gone broke", "go broke", "going broke",
                   "are they broke", "is it broke", "bancarott", "go under", "went under", "gone under",
                   "zahlungsunfaehig", "en faillite", "dissesto",
                   "bust", "insolvab", "insolvent", "procedura concorsuale", "procedure concursuelle",
                   "apertura del concorso", "concorso su", "concorso a carico", "depose le bilan", "deposer le bilan",
                   "depot de bilan", "failure on record", "business failure",
                   "deconfiture", "fallimentar", "chapter 7", "chapter 11", "proceedings against", "opened proceedings",
                   "proceedings opened", "proceedings were opened",
                   "open proceedings", "procedure against", "adjudicat", "procedure de concours", "ouverture du concours",
                   "cessation de paiements", "cessation des paiements", "zahlungseinstellung",
                   "cessazione dei pagamenti", "procedure collective", "procedures collectives", "failli ",
                   "belly up", "belly-up",
                   "banqueroute", "bankrott", "declaration of failure", "declared in failure", "declared failed",
                   "jugement declaratif", "concours a ete ouvert", "concours a-t-il ete ouvert", "bkcy", "bkrpt"),
    "deletion": ("deleted", "deletion", "struck off", "removed from the register", "struck from", "stricken",
                 "strike-off", "strike off", "struck-off", "striking off", "striking-off", "removal from",
                 "eintrag erloschen", "firma erloschen", "ist erloschen", "erloeschen der",
                 "still on the register", "cease",
                 "removed",
                 "no longer exist", "closed down", "existiert nicht mehr", "n'existe plus", "non esiste piu",
                 "geloescht", "loeschung",
                 "radie", "radiee", "radiation",
                 "cancellat", "cancellazione", "radiat", "cancelled", "canceled", "cancellation",
                 "deregist", "de-regist",
                 "gestrichen", "streichung", "ausgetragen", "disappear", "vanished", "erased", "taken off",
                 "off the register", "no longer registered", "nicht mehr eingetragen", "plus inscrite",
                 "plus inscrit", "non piu iscritt", "effacee", "supprimee", "retiree du registre", "eliminata",
                 "rimossa dal registro", "tolta dal registro",
                 "rayee", "raye du", "rayer", "removal", "stralciat", "stralcio", "gestrichen worden",
                 "or gone", "gone?", "suppression", "tolta dal", "tolto dal", "oder weg", "ist sie weg", "ist er weg",
                 "sie weg?", "weg?", "disparu du registre", "disparue du registre", "a disparu?",
                 "a-t-elle disparu", "a-t-il disparu", "wiped from",
                 "wiped off", "taken out of the", "biffe", "gone from the regist",
                 "gone from the commercial regist", "gone from the hr",
                 "gone from the rc", "gone out of the regist", "exist anymore", "been taken out?", "was taken out?",
                 "disparu du rc", "disparue du rc", "disparu des registres", "scomparsa dal registro",
                 "scomparso dal registro", "sparita dal registro", "sparito dal registro", "verschwunden aus dem handelsreg",
                 "verschwunden aus dem register", "handelsregister verschwunden", "register verschwunden",
                 "hr verschwunden",
                 "or struck", "struck?", "wiped out", "austragung", "effac",
                 "depennat", "estinzione dal", "estinta dal", "estinto dal",
                 "taken out from", *NO_LONGER_LISTED),
    "first_notice": ("first notice", "earliest notice", "first publication", "oldest notice",
                     "erste meldung", "erste publikation", "aelteste meldung",
                     "premiere publication", "premier avis", "plus ancienne publication",
                     "prima pubblicazione", "primo avviso", "pubblicazione piu vecchia"),
    "latest_notice": ("most recent notice", "latest notice", "last notice", "newest notice", "latest publication",
                      "most recent publication", "last publication",
                      "letzte meldung", "neueste meldung", "letzte publikation", "juengste meldung",
                      "derniere publication", "publication la plus recente", "dernier avis",
                      "ultima pubblicazione", "pubblicazione piu recente", "ultimo avviso"),
}
# Swiss German as typed in chats, and the register's abbreviations, read as the standard German words (folded):
# "Sit wenn git's X?", "Wie hät X früener gheisse?", "Wer sitzt bi X im VR?"
DIALECT = {
    "sit wenn": "seit wann", "wenn isch": "wann ist", "wenn het": "wann hat", "wenn haet": "wann hat",
    "git's": "gibt es", "gits": "gibt es", "git es": "gibt es", "isch": "ist", "haet": "hat", "het": "hat",
    "frueener": "frueher", "fruener": "frueher", "frueecher": "frueher", "fruecher": "frueher",
    "gheisse": "geheissen", "gheisst": "geheissen", "lueuet": "leute", "luut": "leute",
    "susch no": "sonst noch", "susch": "sonst", "dinne": "drin", "iitreit": "eingetragen", "itreit": "eingetragen",
    "iitrage": "eingetragen", "itrage": "eingetragen", "wellne firme": "welchen firmen", "weli firme": "welche firmen",
    "wellne": "welchen", "weli": "welche",
    # Swiss German as typed: "ufglöst" (dissolved), "hei"/"hend" (have), "glyche" (same), "Lüt" (people), "i welche" (in which)
    "ufgloest": "aufgeloest", "uufgloest": "aufgeloest", "ufgeloest": "aufgeloest", "hei": "haben", "haend": "haben",
    "hend": "haben", "hett": "hat", "gsi": "gewesen", "gha": "gehabt", "gmacht": "gemacht", "gange": "gegangen",
    "glyche": "gleichen", "gliche": "gleichen", "di glyche": "die gleichen", "di gliche": "die gleichen",
    "luet": "leute", "andere firme": "andere firmen", "welche firme": "welche firmen", "i welche": "in welchen",
    "i wele": "in welchen", "i welne": "in welchen", "i wellne": "in welchen", "frueecheri": "fruehere",
    "fruecheri": "fruehere", "frueneri": "fruehere", "fruenere": "fruehere", "fruechere": "fruehere",
    "wievill": "wie viel", "wie vill": "wie viel", "gaeld": "geld", "praesi": "praesident",
    "bsitzer": "besitzer", "zueglet": "umgezogen", "noed": "nicht", "waenn": "wann",
    "i welche firme": "in welchen firmen", "i wele firme": "in welchen firmen", "i welne firme": "in welchen firmen",
    "i wellne firme": "in welchen firmen",
    "vo": "von", "bi": "bei", "gloescht": "geloescht", "adraesse": "adresse", "zwaeck": "zweck",
    "gruendet": "gegruendet", "worde": "worden", "vr": "verwaltungsrat", "gl": "geschaeftsleitung",
    "hr": "handelsregister",
    # chat abbreviations: "c ki le boss", "depuis qd", "c koi comme structure"
    "c": "c'est", "ki": "qui", "koi": "quoi", "qd": "quand", "lgtemps": "longtemps", "pk": "pourquoi", "wat": "what",
    "u": "you",
    "nbr": "number", "nmbr": "number",
    # a legal form in everyday words: a one-man or single owner business is a sole proprietorship
    "single owner business": "sole proprietorship", "single-owner business": "sole proprietorship",
    "sole owner business": "sole proprietorship", "one-man business": "sole proprietorship",
    "one man business": "sole proprietorship", "one-man company": "sole proprietorship",
    # English contractions: "what's their business"
    "what's": "what is", "whats": "what is",
}

# Swiss German nouns in -ig where German has -ung ("Gründigsdatum", "Leitig", "Löschig"): the stems
DIALECT_UNG_STEMS = ("gruend", "zeichn", "verwalt", "aender", "leit", "loesch", "fuehr", "verleg", "beteilig", "loes",
                     "oeffn", "trag", "hoeh", "nenn", "wandl", "rechn")
# and the starts of words spelt in dialect ("Gschäftsfüehrer", "Iitragig", "uflöse"; "-berechtigti": plural -e)
DIALECT_STARTS = {"gschaeft": "geschaeft", "gsellschaft": "gesellschaft", "iitrag": "eintrag", "itrag": "eintrag",
                  "ufloes": "aufloes", "gmeind": "gemeind", "berechtigti": "berechtigte"}

# words that ask for a founding only when nothing else is asked ("still registered", "registered at")
WEAK_FOUNDATION = ("registered", "eingetragen", "inscrit", "inscrite", "iscritt", "iscritta", "iscritto",
                   # "how long" asks since when only when nothing else is asked ("how long has it been in liquidation?")
                   "wie lange gibt es", "wie lange besteht", "depuis combien de temps", "da quanto tempo",
                   # a first entry beside another fact is that fact's ("when was the liquidation first recorded?")
                   "first written into", "first written in the", "first entered", "first recorded", "inscribed",
                   "put in the commercial regist", "put in the trade regist", "put on the commercial regist",
                   "put into the commercial regist")

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
regarding concerning across throughout within concernant betreffend bezueglich hinsichtlich riguardo riguardante
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
time times mal erstmals fois volta belly
vr gl ca cda rc street strasse hausnummer rue numero
data datum
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
appear mention chronolog histor notice prokur procura
eingetrag eintrag gegruend gruendung konkurs eroeffn loesch aufgeloe aufloes aenderung geaender verleg umbenann
namensaender meldung publikation verwaltungsrat geschaeftsfuehr mitglied zeichnung unterschrift revision
unternehm gesellschaft verbund verbind gemeinsam erschein
inscri fondat fonde faillit ouvert radiat radie dissolu transfer societe entrepris administr gerant associe
signatai reviseu figur ancienn actuel
iscri fondat fallim apert cancell sciogl cambia trasfer aziend amministr gerent dirett revisor colleg compai
precedent attual
""".split())
