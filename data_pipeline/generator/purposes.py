"""Business activities (the "Zweck"/"but"/"scopo" of an entity) in German, French and Italian, aligned by index,
with the industry word a company name may carry."""
from __future__ import annotations

import random

# (de activity, fr activity, it activity, de word, fr word, it word)
ACTIVITIES: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("die Erbringung von Beratungsdienstleistungen im Bereich der Informatik",
     "la fourniture de prestations de conseil dans le domaine de l'informatique",
     "la fornitura di servizi di consulenza nel settore informatico", "Informatik", "Informatique", "Informatica"),
    ("den Betrieb von Restaurants, Bars und Take-away-Lokalen",
     "l'exploitation de restaurants, de bars et d'établissements de vente à l'emporter",
     "la gestione di ristoranti, bar ed esercizi di vendita da asporto", "Gastro", "Restauration", "Ristorazione"),
    ("die Ausführung von Hoch- und Tiefbauarbeiten aller Art", "l'exécution de travaux de construction de tout genre",
     "l'esecuzione di lavori edili di ogni genere", "Bau", "Construction", "Costruzioni"),
    ("den Kauf, den Verkauf, die Vermietung und die Verwaltung von Immobilien",
     "l'achat, la vente, la location et la gestion de biens immobiliers",
     "l'acquisto, la vendita, la locazione e l'amministrazione di immobili", "Immobilien", "Immobilier", "Immobiliare"),
    ("den Handel mit Waren aller Art, insbesondere mit Lebensmitteln",
     "le commerce de marchandises de tout genre, notamment de denrées alimentaires",
     "il commercio di merci di ogni genere, in particolare di generi alimentari", "Handel", "Commerce", "Commercio"),
    ("den nationalen und internationalen Transport von Gütern und Personen",
     "le transport national et international de marchandises et de personnes",
     "il trasporto nazionale e internazionale di merci e persone", "Transport", "Transports", "Trasporti"),
    ("die Erbringung von Treuhand-, Buchhaltungs- und Steuerberatungsdienstleistungen",
     "la fourniture de services fiduciaires, comptables et de conseil fiscal",
     "la fornitura di servizi fiduciari, contabili e di consulenza fiscale", "Treuhand", "Fiduciaire", "Fiduciaria"),
    ("den Betrieb von Coiffeursalons sowie Dienstleistungen in den Bereichen Haar-, Bart- und Schönheitspflege",
     "l'exploitation de salons de coiffure et de soins de beauté", "la gestione di saloni di parrucchiere e di estetica",
     "Coiffure", "Coiffure", "Acconciature"),
    ("die Entwicklung, die Lizenzierung und den Vertrieb von Software",
     "le développement, la concession de licences et la distribution de logiciels",
     "lo sviluppo, la concessione di licenze e la distribuzione di software", "Software", "Software", "Software"),
    ("den Erwerb, das Halten, die Verwaltung und die Veräusserung von Beteiligungen an anderen Unternehmen",
     "l'acquisition, la détention, la gestion et la cession de participations dans d'autres entreprises",
     "l'acquisto, la detenzione, la gestione e la vendita di partecipazioni in altre imprese", "Holding", "Holding", "Holding"),
    ("die Ausführung von Reinigungsarbeiten in Gebäuden und Wohnungen",
     "l'exécution de travaux de nettoyage de bâtiments et d'appartements",
     "l'esecuzione di lavori di pulizia di edifici e appartamenti", "Reinigung", "Nettoyage", "Pulizie"),
    ("die Ausführung von Maler- und Gipserarbeiten", "l'exécution de travaux de peinture et de plâtrerie",
     "l'esecuzione di lavori di pittura e di gessatura", "Malerei", "Peinture", "Pittura"),
    ("die Planung und Ausführung von Sanitär- und Heizungsinstallationen",
     "la planification et l'exécution d'installations sanitaires et de chauffage",
     "la progettazione e l'esecuzione di impianti sanitari e di riscaldamento", "Haustechnik", "Sanitaire", "Impianti"),
    ("den Handel mit Fahrzeugen sowie den Betrieb einer Garage", "le commerce de véhicules et l'exploitation d'un garage",
     "il commercio di veicoli e la gestione di un'autorimessa", "Garage", "Garage", "Garage"),
    ("den Betrieb einer Praxis für Physiotherapie", "l'exploitation d'un cabinet de physiothérapie",
     "la gestione di uno studio di fisioterapia", "Physio", "Physio", "Fisioterapia"),
    ("die Erbringung von Dienstleistungen in den Bereichen Marketing und Kommunikation",
     "la fourniture de prestations dans les domaines du marketing et de la communication",
     "la fornitura di servizi nei settori del marketing e della comunicazione", "Kommunikation", "Communication",
     "Comunicazione"),
    ("den Handel mit Uhren und Schmuck", "le commerce de montres et de bijoux", "il commercio di orologi e gioielli",
     "Uhren", "Horlogerie", "Orologi"),
    ("die Erbringung von Architektur- und Planungsleistungen", "la fourniture de prestations d'architecture et de planification",
     "la fornitura di prestazioni di architettura e di pianificazione", "Architektur", "Architecture", "Architettura"),
    ("die Ausführung von Elektroinstallationen", "l'exécution d'installations électriques",
     "l'esecuzione di impianti elettrici", "Elektro", "Electricité", "Elettricità"),
    ("den Weinbau sowie den Handel mit Weinen und Spirituosen", "la viticulture et le commerce de vins et spiritueux",
     "la viticoltura e il commercio di vini e distillati", "Weinbau", "Vins", "Vini"),
    ("die Vermittlung und den Verleih von Personal", "le placement et la location de personnel",
     "il collocamento e il prestito di personale", "Personal", "Personnel", "Personale"),
    ("die Durchführung von Kursen, Schulungen und Weiterbildungen",
     "l'organisation de cours, de formations et de perfectionnements",
     "l'organizzazione di corsi, formazioni e perfezionamenti", "Bildung", "Formation", "Formazione"),
    ("die Organisation und Durchführung von Veranstaltungen", "l'organisation et la réalisation d'événements",
     "l'organizzazione e la realizzazione di eventi", "Events", "Evénements", "Eventi"),
    ("die Ausführung von Gartenbau- und Gartenunterhaltsarbeiten", "l'aménagement et l'entretien de jardins",
     "la sistemazione e la manutenzione di giardini", "Gartenbau", "Jardins", "Giardini"),
    ("die Vermögensverwaltung und die Anlageberatung", "la gestion de fortune et le conseil en placements",
     "la gestione patrimoniale e la consulenza in investimenti", "Vermögensverwaltung", "Gestion", "Gestioni"),
    ("den Import und Export von Waren aller Art", "l'importation et l'exportation de marchandises de tout genre",
     "l'importazione e l'esportazione di merci di ogni genere", "Trading", "Trading", "Trading"),
)

_BOILERPLATE = {
    "de": (
        "Die Gesellschaft kann Zweigniederlassungen und Tochtergesellschaften im In- und Ausland errichten und sich an "
        "anderen Unternehmen im In- und Ausland beteiligen sowie alle Geschäfte tätigen, die direkt oder indirekt mit "
        "ihrem Zweck in Zusammenhang stehen.",
        "Die Gesellschaft kann im In- und Ausland Grundeigentum erwerben, belasten, veräussern und verwalten.",
        "Sie kann auch Finanzierungen für eigene oder fremde Rechnung vornehmen sowie Garantien und Bürgschaften für "
        "Tochtergesellschaften und Dritte eingehen.",
    ),
    "fr": (
        "La société peut créer des succursales et des filiales en Suisse et à l'étranger et participer à d'autres "
        "entreprises en Suisse et à l'étranger.",
        "Elle peut acquérir, grever, aliéner et gérer des immeubles en Suisse et à l'étranger.",
        "Elle peut faire toutes opérations commerciales, financières, mobilières ou immobilières en relation directe ou "
        "indirecte avec son but.",
    ),
    "it": (
        "La società può costituire succursali e filiali in Svizzera e all'estero e partecipare ad altre imprese in "
        "Svizzera e all'estero.",
        "Può acquistare, gravare, alienare e amministrare fondi in Svizzera e all'estero.",
        "Può compiere tutte le operazioni commerciali, finanziarie e immobiliari connesse direttamente o indirettamente "
        "con lo scopo sociale.",
    ),
}

_OPENING = {
    # legal form -> (de, fr, it) sentence openings
    "company": ("Die Gesellschaft bezweckt ", "La société a pour but ", "La società ha per scopo "),
    "0109": ("Der Verein bezweckt ", "L'association a pour but ", "L'associazione ha per scopo "),
    "0110": ("Die Stiftung bezweckt ", "La fondation a pour but ", "La fondazione ha per scopo "),
    "0108": ("Die Genossenschaft bezweckt in gemeinsamer Selbsthilfe ", "La société coopérative a pour but ",
             "La società cooperativa ha per scopo "),
}

_LANG_INDEX = {"de": 0, "fr": 1, "it": 2}
_ARTICLES = ("die ", "den ", "das ", "le ", "la ", "les ", "l'", "il ", "lo ", "gli ")


NONPROFIT: tuple[tuple[str, str, str], ...] = (  # purposes of associations and foundations
    ("die Förderung des Sports", "la promotion du sport", "la promozione dello sport"),
    ("die Förderung von Kunst und Kultur", "la promotion de l'art et de la culture", "la promozione dell'arte e della cultura"),
    ("die Unterstützung von Menschen in Not", "le soutien aux personnes dans le besoin",
     "il sostegno alle persone nel bisogno"),
    ("die Förderung der Bildung und der Forschung", "la promotion de la formation et de la recherche",
     "la promozione della formazione e della ricerca"),
    ("die Pflege des Brauchtums und der Geselligkeit", "la préservation des traditions et de la convivialité",
     "la cura delle tradizioni e della convivialità"),
    ("die berufliche Vorsorge zugunsten der Arbeitnehmer der Stifterfirma",
     "la prévoyance professionnelle en faveur des employés de la fondatrice",
     "la previdenza professionale a favore dei dipendenti della fondatrice"),
    ("die Förderung des Natur- und Umweltschutzes", "la protection de la nature et de l'environnement",
     "la protezione della natura e dell'ambiente"),
)


def _bare(activity: str) -> str | None:
    """ "den Betrieb von Restaurants" -> "Betrieb von Restaurants" (the short style of sole proprietorships);
    None where the phrase would not start with a noun. French and Italian keep the article ("Le commerce de vins")."""
    for article in _ARTICLES[:3]:
        if activity.startswith(article):
            rest = activity[len(article):]
            return rest if rest[:1].isupper() else None
    return activity[0].upper() + activity[1:]


def industry_word(industry: int, lang: str) -> str:
    return ACTIVITIES[industry][3 + _LANG_INDEX[lang]]


def purpose_text(rng: random.Random, industry: int, lang: str, legal_form: str) -> str:
    """The purpose clause as registered: a sentence, longer with boilerplate for corporations, a bare phrase for
    sole proprietorships ("Gastronomiebetrieb." style)."""
    i = _LANG_INDEX[lang]
    activity = ACTIVITIES[industry][i]
    if legal_form in ("0101", "0103", "0104"):
        bare = _bare(activity)
        if bare is not None:
            return bare + "."
        opening = ("Das Unternehmen bezweckt ", "L'entreprise a pour but ", "L'impresa ha per scopo ")[i]
        return opening + activity + "."
    if legal_form in ("0109", "0110"):
        activity = NONPROFIT[industry % len(NONPROFIT)][i]
    opening = _OPENING.get(legal_form, _OPENING["company"])[i]
    text = opening + activity + "."
    if legal_form in ("0106", "0107", "0105", "0151") and rng.random() < 0.7:
        k = 1 + rng.randrange(3)
        text += " " + " ".join(_BOILERPLATE[lang][:k])
    return text
