"""Fixed wording of SHAB publications in German, French and Italian: legal forms, titles of the sub-rubrics,
legal remedies, functions of persons, signature rights, nationalities and countries."""
from __future__ import annotations

# eCH-0097 legal form codes used by the generator.
LEGAL_FORM_LONG: dict[str, dict[str, str]] = {
    "0101": {"de": "Einzelunternehmen", "fr": "entreprise individuelle", "it": "ditta individuale"},
    "0103": {"de": "Kollektivgesellschaft", "fr": "société en nom collectif", "it": "società in nome collettivo"},
    "0104": {"de": "Kommanditgesellschaft", "fr": "société en commandite", "it": "società in accomandita"},
    "0105": {"de": "Kommanditaktiengesellschaft", "fr": "société en commandite par actions",
             "it": "società in accomandita per azioni"},
    "0106": {"de": "Aktiengesellschaft", "fr": "société anonyme", "it": "società anonima"},
    "0107": {"de": "Gesellschaft mit beschränkter Haftung", "fr": "société à responsabilité limitée",
             "it": "società a garanzia limitata"},
    "0108": {"de": "Genossenschaft", "fr": "société coopérative", "it": "società cooperativa"},
    "0109": {"de": "Verein", "fr": "association", "it": "associazione"},
    "0110": {"de": "Stiftung", "fr": "fondation", "it": "fondazione"},
    "0151": {"de": "Zweigniederlassung", "fr": "succursale", "it": "succursale"},
}

# Name suffix by legal form and language of the name.
NAME_SUFFIX: dict[str, dict[str, str]] = {
    "0106": {"de": "AG", "fr": "SA", "it": "SA"},
    "0107": {"de": "GmbH", "fr": "Sàrl", "it": "Sagl"},
    "0103": {"de": "KLG", "fr": "SNC", "it": "SNC"},
    "0104": {"de": "& Co. KmG", "fr": "& Cie", "it": "& Co."},
    "0105": {"de": "KmAG", "fr": "SCmA", "it": "SAccA"},
}
NAME_PREFIX: dict[str, dict[str, str]] = {
    "0108": {"de": "Genossenschaft", "fr": "Société coopérative", "it": "Società cooperativa"},
    "0109": {"de": "Verein", "fr": "Association", "it": "Associazione"},
    "0110": {"de": "Stiftung", "fr": "Fondation", "it": "Fondazione"},
}
LIQUIDATION_SUFFIX: dict[str, tuple[str, ...]] = {
    "de": (" in Liquidation", " in Liquidation", " in Liquidation", ", in Liquidation"),
    "fr": (" en liquidation", ", en liquidation"),
    "it": (" in liquidazione", " in liquidazione", ", in liquidazione"),
}
BRANCH_NAME = {"de": "{head}, Zweigniederlassung {town}", "fr": "{head}, succursale de {town}",
               "it": "{head}, succursale di {town}"}

# Titles: HR titles read "<label> <name>, <seat>", KK/LS titles "<label> <name>".
TITLE_LABELS: dict[str, tuple[str, str, str, str]] = {  # (de, en, it, fr)
    "HR01": ("Neueintragung", "New entries", "Nuove registrazioni", "Nouvelles entrées"),
    "HR02": ("Mutation", "Change", "Cambiamenti", "Mutation"),
    "HR03": ("Löschung", "Deletion", "Cancellazione", "Annulation"),
    "KK01": ("Vorläufige Konkursanzeige", "Provisional announcement of bankruptcy",
             "Avviso provvisorio di apertura di fallimento", "Avis préalable d'ouverture de faillite"),
    "KK02": ("Konkurspublikation/Schuldenruf", "Bankruptcy publication/call to creditors",
             "Pubblicazione di fallimento/diffida ai creditori", "Publication de faillite/appel aux créanciers"),
    "KK03": ("Einstellung des Konkursverfahrens", "Suspension of bankruptcy proceedings",
             "Sospensione della procedura di fallimento", "Suspension de la procédure de faillite"),
    "KK04": ("Kollokationsplan und Inventar", "Collocation plan and inventory", "Graduatoria e inventario",
             "Etat de collocation et inventaire"),
    "KK05": ("Verteilungsliste und Schlussrechnung", "Distribution list and final accounts",
             "Lista di ripartizione e conteggio finale", "Liste de répartition et décompte final"),
    "KK06": ("Schluss des Konkursverfahrens", "Closing of bankruptcy proceedings",
             "Conclusione della procedura di fallimento", "Clôture de faillite"),
    "KK07": ("Widerruf des Konkurses", "Revocation of bankruptcy", "Revoca del fallimento", "Révocation de faillite"),
    "KK08": ("Konkursamtliche Grundstücksteigerung", "Auction of land by bankruptcy office",
             "Vendita all'incanto forzata di fondi", "Vente aux enchères forcée d'immeubles"),
    "KK09": ("Lastenverzeichnisse", "Schedules of claims", "Elenchi degli oneri", "Etat des charges"),
    "LS01": ("Schuldenruf infolge Liquidation einer Aktiengesellschaft",
             "Call to creditors following the liquidation of a company limited by shares",
             "Diffida ai creditori in seguito a liquidazione di una società anonima",
             "Appel aux créanciers suite à la liquidation d'une société anonyme"),
    "LS02": ("Schuldenruf infolge Liquidation einer Gesellschaft mit beschränkter Haftung",
             "Call to creditors following the liquidation of a limited liability company",
             "Diffida ai creditori in seguito a liquidazione di una società a garanzia limitata",
             "Appel aux créanciers suite à la liquidation d'une société à responsabilité limitée"),
    "LS03": ("Schuldenruf infolge Liquidation einer Genossenschaft",
             "Call to creditors following the liquidation of a cooperative",
             "Diffida ai creditori in seguito a liquidazione di una società cooperativa",
             "Appel aux créanciers suite à la liquidation d'une société coopérative"),
    "LS04": ("Schuldenruf infolge Liquidation eines Vereins", "Call to creditors following the liquidation of an association",
             "Diffida ai creditori in seguito a liquidazione di un'associazione",
             "Appel aux créanciers suite à la liquidation d'une association"),
    "LS05": ("Schuldenruf infolge Liquidation einer Stiftung", "Call to creditors following the liquidation of a foundation",
             "Diffida ai creditori in seguito a liquidazione di una fondazione",
             "Appel aux créanciers suite à la liquidation d'une fondation"),
    "LS06": ("Schuldenruf infolge Liquidation einer Kollektivgesellschaft",
             "Call to creditors following the liquidation of a general partnership",
             "Diffida ai creditori in seguito a liquidazione di una società in nome collettivo",
             "Appel aux créanciers suite à la liquidation d'une société en nom collectif"),
    "LS07": ("Schuldenruf infolge Liquidation einer Kommanditgesellschaft",
             "Call to creditors following the liquidation of a limited partnership",
             "Diffida ai creditori in seguito a liquidazione di una società in accomandita",
             "Appel aux créanciers suite à la liquidation d'une société en commandite"),
    "LS08": ("Schuldenruf infolge Liquidation einer Kommanditaktiengesellschaft",
             "Call to creditors following the liquidation of a partnership limited by shares",
             "Diffida ai creditori in seguito a liquidazione di una società in accomandita per azioni",
             "Appel aux créanciers suite à la liquidation d'une société en commandite par actions"),
}
NEW_WORD = ("neu", "new", "nuovo", "nouveau")  # "Mutation X, Aarau, neu Speicher" (de, en, it, fr)

LS_FOR_FORM = {"0106": "LS01", "0107": "LS02", "0108": "LS03", "0109": "LS04", "0110": "LS05", "0103": "LS06",
               "0104": "LS07", "0105": "LS08"}
FORM_FOR_LS = {v: k for k, v in LS_FOR_FORM.items()}

HR_LEGAL_REMEDY = {
    "HR01": {
        "de": "Die aufgeführte Rechtseinheit wurde ins Handelsregister aufgenommen und ist rechtsfähig. <br />"
              "Publikation nach HRegV Art. 9 und Art. 35.",
        "fr": "L'entité juridique mentionnée a été inscrite au registre du commerce et jouit de la capacité juridique. "
              "<br />Publication selon les art. 9 et 35 ORC.",
        "it": "L'ente giuridico menzionato è stato iscritto nel registro di commercio e ha capacità giuridica. <br />"
              "Pubblicazione secondo gli art. 9 e 35 ORC.",
    },
    "HR02": {
        "de": "Die Mutation der aufgeführten Rechtseinheit wurde im Handelsregister eingetragen. <br />"
              "Publikation nach HRegV Art. 9 und Art. 35.",
        "fr": "La mutation de l'entité juridique mentionnée a été effectuée dans le registre du commerce. <br />"
              "Publication selon les art. 9 et 35 ORC.",
        "it": "La modifica dell'ente giuridico menzionato è stata iscritta nel registro di commercio. <br />"
              "Pubblicazione secondo gli art. 9 e 35 ORC.",
    },
}

KK_LEGAL_REMEDY: dict[str, dict[str, str]] = {
    "KK01": {
        "de": "Schuldner des Konkursiten können ihre Schulden nicht mehr durch Zahlung an den Konkursiten begleichen; sie "
              "riskieren, zweimal bezahlen zu müssen. Die Publikation betreffend Art, Verfahren, Eingabefrist usw. "
              "erfolgt später. <br />Publikation nach Art. 222 SchKG.",
        "fr": "Les débiteurs du failli ne peuvent plus s'acquitter de leurs dettes en payant le failli. La publication "
              "concernant la nature de la procédure, le délai de production, etc. suivra. <br />Publication selon "
              "l'art. 222 LP.",
        "it": "I debitori del fallito non possono più liberarsi dai loro debiti pagando al fallito. La pubblicazione "
              "concernente il tipo di procedura, il termine per le insinuazioni ecc. seguirà. <br />Pubblicazione "
              "secondo l'art. 222 LEF.",
    },
    "KK02": {"de": "Publikation nach Art. 231, 232 SchKG sowie Art. 29 und 123 KOV.",
             "fr": "Publication selon les art. 231 et 232 LP ainsi que les art. 29 et 123 OAOF.",
             "it": "Pubblicazione secondo gli art. 231 e 232 LEF nonché gli art. 29 e 123 RUF."},
    "KK03": {"de": "Das Konkursverfahren wird als geschlossen erklärt, falls nicht ein Gläubiger innert der obgenannten "
                   "Frist die Durchführung verlangt und für die Deckung der Kosten den erwähnten Vorschuss leistet. <br />"
                   "Publikation nach Art. 230 und 230a SchKG.",
             "fr": "La procédure de faillite sera clôturée si aucun créancier ne demande, dans le délai précité, la "
                   "continuation de la liquidation et ne fournit l'avance de frais requise. <br />Publication selon les "
                   "art. 230 et 230a LP.",
             "it": "La procedura di fallimento sarà chiusa se nessun creditore ne chiede la continuazione entro il termine "
                   "indicato prestando l'anticipo delle spese richiesto. <br />Pubblicazione secondo gli art. 230 e 230a "
                   "LEF."},
    "KK04": {"de": "Klagen auf Anfechtung des Kollokationsplanes sind innert 20 Tagen nach der öffentlichen Bekanntmachung "
                   "beim Gericht des Konkursortes anzuheben. <br />Publikation nach Art. 221, 249 und 250 SchKG.",
             "fr": "Les actions en contestation de l'état de collocation doivent être intentées dans les 20 jours dès la "
                   "publication devant le juge du for de la faillite. <br />Publication selon les art. 221, 249 et 250 LP.",
             "it": "Il creditore che intende contestare la graduatoria deve promuovere l'azione dinanzi al giudice del luogo "
                   "del fallimento entro venti giorni dalla pubblicazione del deposito della graduatoria. <br />"
                   "Pubblicazione secondo gli art. 221, 249 e 250 LEF."},
    "KK05": {"de": "Publikation nach Art. 263 SchKG.", "fr": "Publication selon l'art. 263 LP.",
             "it": "Pubblicazione secondo l'art. 263 LEF."},
    "KK06": {"de": "Publikation nach Art. 268 Abs. 4 SchKG.", "fr": "Publication selon l'art. 268 al. 4 LP.",
             "it": "Pubblicazione secondo l'art. 268 cpv. 4 LEF."},
    "KK07": {"de": "Publikation nach Art. 195, 196 und 332 SchKG.", "fr": "Publication selon les art. 195, 196 et 332 LP.",
             "it": "Pubblicazione secondo gli art. 195, 196 e 332 LEF."},
    "KK08": {"de": "Publikation nach Art. 257 bis 259 SchKG.", "fr": "Publication selon les art. 257 à 259 LP.",
             "it": "Pubblicazione secondo gli art. 257-259 LEF."},
    "KK09": {"de": "Publikation nach Art. 140 und 247 SchKG.", "fr": "Publication selon les art. 140 et 247 LP.",
             "it": "Pubblicazione secondo gli art. 140 e 247 LEF."},
    "KK10": {"de": "Publikation nach SchKG.", "fr": "Publication selon la LP.", "it": "Pubblicazione secondo la LEF."},
}

# Function labels: role_key -> lang -> (masculine, feminine). "{body}" is filled from BODY per legal form.
ROLE_LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "board_member": {"de": ("Mitglied {body_de}", "Mitglied {body_de}"), "fr": ("{member_fr}", "{member_fr_f}"),
                     "it": ("membro {body_it}", "membro {body_it}")},
    "chair": {"de": ("Präsident {body_de}", "Präsidentin {body_de}"), "fr": ("président {body_fr}", "présidente {body_fr}"),
              "it": ("presidente {body_it}", "presidente {body_it}")},
    "vice_chair": {"de": ("Vizepräsident {body_de}", "Vizepräsidentin {body_de}"),
                   "fr": ("vice-président {body_fr}", "vice-présidente {body_fr}"),
                   "it": ("vicepresidente {body_it}", "vicepresidente {body_it}")},
    "sole_board_member": {"de": ("einziges Mitglied des Verwaltungsrates", "einziges Mitglied des Verwaltungsrates"),
                          "fr": ("administrateur unique", "administratrice unique"),
                          "it": ("amministratore unico", "amministratrice unica")},
    "managing_director": {"de": ("Geschäftsführer", "Geschäftsführerin"), "fr": ("gérant", "gérante"),
                          "it": ("gerente", "gerente")},
    "managing_partner": {"de": ("Gesellschafter und Geschäftsführer", "Gesellschafterin und Geschäftsführerin"),
                         "fr": ("associé gérant", "associée gérante"), "it": ("socio e gerente", "socia e gerente")},
    "chair_management": {"de": ("Gesellschafter und Vorsitzender der Geschäftsführung",
                                "Gesellschafterin und Vorsitzende der Geschäftsführung"),
                         "fr": ("associé et président des gérants", "associée et présidente des gérants"),
                         "it": ("socio e presidente della gerenza", "socia e presidente della gerenza")},
    "partner": {"de": ("Gesellschafter", "Gesellschafterin"), "fr": ("associé", "associée"), "it": ("socio", "socia")},
    "unlimited_partner": {"de": ("unbeschränkt haftender Gesellschafter", "unbeschränkt haftende Gesellschafterin"),
                          "fr": ("associé indéfiniment responsable", "associée indéfiniment responsable"),
                          "it": ("socio illimitatamente responsabile", "socia illimitatamente responsabile")},
    "limited_partner": {"de": ("Kommanditär", "Kommanditärin"), "fr": ("associé commanditaire", "associée commanditaire"),
                        "it": ("socio accomandante", "socia accomandante")},
    "director": {"de": ("Direktor", "Direktorin"), "fr": ("directeur", "directrice"), "it": ("direttore", "direttrice")},
    "owner": {"de": ("Inhaber", "Inhaberin"), "fr": ("titulaire", "titulaire"), "it": ("titolare", "titolare")},
    "liquidator": {"de": ("Liquidator", "Liquidatorin"), "fr": ("liquidateur", "liquidatrice"),
                   "it": ("liquidatore", "liquidatrice")},
    "branch_manager": {"de": ("Leiter der Zweigniederlassung", "Leiterin der Zweigniederlassung"),
                       "fr": ("directeur de la succursale", "directrice de la succursale"),
                       "it": ("direttore della succursale", "direttrice della succursale")},
    "authorized_signatory": {"de": ("", ""), "fr": ("", ""), "it": ("", "")},
}
# Truth role names for persons without a function (signature only): the Prokurist / signatory.
SIGNATORY_ROLE = {"de": ("Prokurist", "Prokuristin", "Zeichnungsberechtigter", "Zeichnungsberechtigte"),
                  "fr": ("fondé de procuration", "fondée de procuration", "signataire", "signataire"),
                  "it": ("procuratore", "procuratrice", "firmatario", "firmataria")}
COMPANY_ROLE = {  # roles held by legal entities (auditors, trustee liquidators, head offices, acquirers)
    "auditor": {"de": "Revisionsstelle", "fr": "organe de révision", "it": "ufficio di revisione"},
    "liquidator": {"de": "Liquidatorin", "fr": "liquidatrice", "it": "liquidatrice"},
    "head_office": {"de": "Hauptsitz", "fr": "siège principal", "it": "sede principale"},
    "acquirer": {"de": "übernehmende Gesellschaft", "fr": "société reprenante", "it": "società assuntrice"},
    "bankruptcy_office": {"de": "Konkursamt", "fr": "Office des faillites", "it": "Ufficio dei fallimenti"},
}

# Governing body per legal form: (de genitive, fr "du conseil ...", it "del consiglio ...", fr member m, fr member f)
BODY: dict[str, tuple[str, str, str, str, str]] = {
    "0106": ("des Verwaltungsrates", "du conseil d'administration", "del consiglio d'amministrazione", "administrateur",
             "administratrice"),
    "0105": ("des Verwaltungsrates", "du conseil d'administration", "del consiglio d'amministrazione", "administrateur",
             "administratrice"),
    "0108": ("der Verwaltung", "de l'administration", "dell'amministrazione", "membre de l'administration",
             "membre de l'administration"),
    "0109": ("des Vorstandes", "du comité", "del comitato", "membre du comité", "membre du comité"),
    "0110": ("des Stiftungsrates", "du conseil de fondation", "del consiglio di fondazione", "membre du conseil de fondation",
             "membre du conseil de fondation"),
}


def role_label(role_key: str, legal_form: str, gender: str, lang: str) -> str:
    male, female = ROLE_LABELS[role_key][lang]
    label = female if gender == "f" else male
    if "{" in label:
        body = BODY.get(legal_form, BODY["0106"])
        label = label.format(body_de=body[0], body_fr=body[1], body_it=body[2], member_fr=body[3], member_fr_f=body[4])
    return label


SIGNATURES: dict[str, dict[str, str]] = {  # signature key -> lang -> label as in "mit <label>"
    "individual": {"de": "Einzelunterschrift", "fr": "signature individuelle", "it": "firma individuale"},
    "collective_two": {"de": "Kollektivunterschrift zu zweien", "fr": "signature collective à deux",
                       "it": "firma collettiva a due"},
    "individual_procuration": {"de": "Einzelprokura", "fr": "procuration individuelle", "it": "procura individuale"},
    "collective_procuration": {"de": "Kollektivprokura zu zweien", "fr": "procuration collective à deux",
                               "it": "procura collettiva a due"},
    "none": {"de": "Zeichnungsberechtigung", "fr": "droit de signature", "it": "diritto di firma"},
}
WITH = {"de": "mit ", "fr": "avec ", "it": "con "}
WITHOUT = {"de": "ohne ", "fr": "sans ", "it": "senza "}

SECTION = {
    "registered": {"de": "Eingetragene Personen", "fr": "Personnes inscrites", "it": "Persone iscritte"},
    "changed": {"de": "Eingetragene Personen neu oder mutierend", "fr": "Inscription ou modification de personne(s)",
                "it": "Nuove persone iscritte o modifiche di persone iscritte"},
    "resigned": {"de": "Ausgeschiedene Personen und erloschene Unterschriften",
                 "fr": "Personne(s) et signature(s) radiée(s)",
                 "it": "Persone dimissionarie e firme cancellate"},
}
SECTION_ALT = {  # occasional alternative headers seen in French and Italian notices
    "resigned": {"fr": "Personnes radiées et signatures éteintes", "it": "Persone uscenti e firme estinte"},
    "changed": {"fr": "Personnes inscrites ou modifiées", "it": "Persone iscritte o modificate"},
}
BISHER = {"de": "bisher", "fr": "précédemment", "it": "finora"}
IN_TOWN = {"de": "in ", "fr": "à ", "it": "in "}
FROM_ORIGIN = {"de": "von ", "fr": "de ", "it": "da "}

# country -> (adjective de m, de f, fr m, fr f, it m, it f)
NATIONALITY_ADJ: dict[str, tuple[str, str, str, str, str, str]] = {
    "DE": ("deutscher", "deutsche", "allemand", "allemande", "tedesco", "tedesca"),
    "FR": ("französischer", "französische", "français", "française", "francese", "francese"),
    "IT": ("italienischer", "italienische", "italien", "italienne", "italiano", "italiana"),
    "AT": ("österreichischer", "österreichische", "autrichien", "autrichienne", "austriaco", "austriaca"),
    "PT": ("portugiesischer", "portugiesische", "portugais", "portugaise", "portoghese", "portoghese"),
    "ES": ("spanischer", "spanische", "espagnol", "espagnole", "spagnolo", "spagnola"),
    "GB": ("britischer", "britische", "britannique", "britannique", "britannico", "britannica"),
    "US": ("amerikanischer", "amerikanische", "américain", "américaine", "statunitense", "statunitense"),
    "TR": ("türkischer", "türkische", "turc", "turque", "turco", "turca"),
    "XK": ("kosovarischer", "kosovarische", "kosovar", "kosovare", "kosovaro", "kosovara"),
    "RS": ("serbischer", "serbische", "serbe", "serbe", "serbo", "serba"),
    "PL": ("polnischer", "polnische", "polonais", "polonaise", "polacco", "polacca"),
    "NL": ("niederländischer", "niederländische", "néerlandais", "néerlandaise", "olandese", "olandese"),
    "IN": ("indischer", "indische", "indien", "indienne", "indiano", "indiana"),
    "CN": ("chinesischer", "chinesische", "chinois", "chinoise", "cinese", "cinese"),
    "BR": ("brasilianischer", "brasilianische", "brésilien", "brésilienne", "brasiliano", "brasiliana"),
}

# country -> (de, fr, it, en, Geneva style "de France")
COUNTRIES: dict[str, tuple[str, str, str, str, str]] = {
    "CH": ("Schweiz", "Suisse", "Svizzera", "Switzerland", "de Suisse"),
    "DE": ("Deutschland", "Allemagne", "Germania", "Germany", "d'Allemagne"),
    "FR": ("Frankreich", "France", "Francia", "France", "de France"),
    "IT": ("Italien", "Italie", "Italia", "Italy", "d'Italie"),
    "AT": ("Österreich", "Autriche", "Austria", "Austria", "d'Autriche"),
    "PT": ("Portugal", "Portugal", "Portogallo", "Portugal", "du Portugal"),
    "ES": ("Spanien", "Espagne", "Spagna", "Spain", "d'Espagne"),
    "GB": ("Vereinigtes Königreich", "Royaume-Uni", "Regno Unito", "United Kingdom", "du Royaume-Uni"),
    "US": ("Vereinigte Staaten", "Etats-Unis", "Stati Uniti", "United States", "des Etats-Unis"),
    "TR": ("Türkei", "Turquie", "Turchia", "Turkey", "de Turquie"),
    "XK": ("Kosovo", "Kosovo", "Kosovo", "Kosovo", "du Kosovo"),
    "RS": ("Serbien", "Serbie", "Serbia", "Serbia", "de Serbie"),
    "PL": ("Polen", "Pologne", "Polonia", "Poland", "de Pologne"),
    "NL": ("Niederlande", "Pays-Bas", "Paesi Bassi", "Netherlands", "des Pays-Bas"),
    "IN": ("Indien", "Inde", "India", "India", "d'Inde"),
    "CN": ("China", "Chine", "Cina", "China", "de Chine"),
    "BR": ("Brasilien", "Brésil", "Brasile", "Brazil", "du Brésil"),
}


def nationality_phrase(country: str, gender: str, lang: str) -> str:
    """ "deutscher Staatsangehöriger" / "ressortissante française" / "cittadino italiano"."""
    adj = NATIONALITY_ADJ[country]
    f = gender == "f"
    if lang == "de":
        return f"{adj[1]} Staatsangehörige" if f else f"{adj[0]} Staatsangehöriger"
    if lang == "fr":
        return f"ressortissante {adj[3]}" if f else f"ressortissant {adj[2]}"
    return f"cittadina {adj[5]}" if f else f"cittadino {adj[4]}"


def chf(amount: float) -> str:
    """Swiss money format as in SHAB texts: CHF 20'000.00."""
    whole, cents = divmod(round(amount * 100), 100)
    return f"CHF {whole:,}.{cents:02d}".replace(",", "'")


def thousands(n: int) -> str:
    return f"{n:,}".replace(",", "'")
