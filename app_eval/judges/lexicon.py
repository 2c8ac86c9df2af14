"""The deterministic judge's word lists (en/de/fr/it), all folded (lowercase, no accents; see facts.fold).

Kept apart from the agent's own lexicon on purpose (SPEC §10: judges measure independently): a cue the
agent learns to say is not thereby a cue the judge accepts.
"""
from __future__ import annotations

import re

# Months, folded, with their common abbreviations (a trailing period is optional in the date pattern).
MONTHS: dict[str, int] = {}
for _n, _names in enumerate((
        "january jan januar janvier janv gennaio genn gen jaenner janner",
        "february feb febr februar fevrier fevr febbraio febb",
        "march mar maerz marz mars marzo",
        "april apr avril aprile",
        "may mai maggio magg",
        "june jun juni juin giugno giu",
        "july jul juli juillet juil luglio lug",
        "august aug august aout agosto ago",
        "september sep sept septembre settembre sett set",
        "october oct okt oktober octobre ottobre ott",
        "november nov novembre",
        "december dec dez dezember decembre dicembre dic"), start=1):
    for _w in _names.split():
        MONTHS.setdefault(_w, _n)
# "mai"/"mar"/"set"/"gen" are also words; the date pattern only takes them between a day and a year.

# Negation cues over the shadow text (lowercase, accents stripped, same length; see claims.shadow).
NEGATION = re.compile(r"\b(?:not|no|never|none|neither|nor|cannot|nothing|nowhere|nicht|kein\w*|nie|niemals|"
                      r"nirgends|weder|ne|pas|jamais|aucune?|ni|nulle?|non|nessun[oa]?|mai|nemmeno|neanche)\b|"
                      r"\b\w+n't\b|\bn'(?=\w)|\bcan ?not\b")
# "No. 5", "n° 5", "Nr. 5" are number signs, not negations; "mai" beside a digit is the month.
NUMBER_SIGN = re.compile(r"(?:no|n|nr)[.°º]?\s*\d")

# Negations whose scope is the whole sentence that follows, across its semicolons.
SENTENCE_NEGATION = re.compile(r"\b(?:it is not (?:the case|true|correct) that|it is false that|it is wrong that|"
                               r"es (?:ist|trifft) nicht (?:so|zu|wahr|richtig),? dass|es stimmt nicht,? dass|"
                               r"nicht zutreffend|il (?:est faux|n'est pas vrai|n'est pas exact) que|"
                               r"non e (?:vero|corretto|esatto) che|e falso che)\b")

# Clause boundaries inside a sentence: what follows a contrastive conjunction is a new assertion.
CONTRAST = re.compile(r"\b(?:but|however|whereas|instead|rather|aber|sondern|jedoch|hingegen|vielmehr|"
                      r"mais|cependant|plutot|par contre|tandis que|ma|pero|bensi|invece|tuttavia)\b")

# Disjunctions: "X or Y" between two values is a hedge, not an answer.
DISJUNCTION = r"(?:or|oder|ou|o|oppure|ovvero|beziehungsweise|bzw)"

# An answer that refuses or cannot answer (for a question that has an answer).
REFUSAL = re.compile(
    r"\b(?:i cannot|i can ?not|i can t|i m unable|i am unable|unable to|i m not able|i am not able|"
    r"i don t know|i do not know|i have no (?:information|data|access)|no information (?:is )?available|"
    r"cannot (?:answer|help|provide|find|determine)|can t (?:answer|help|provide|find|determine)|sorry|apologi[sz]e|"
    r"as an ai|not possible to (?:answer|say|determine)|"
    r"ich kann (?:ihnen )?(?:dazu |hierzu )?(?:leider )?(?:keine|nicht)|kann ich (?:leider )?nicht|leider|"
    r"weiss ich nicht|ich weiss (?:es )?nicht|keine (?:informationen|angaben|daten) (?:vor|verfugbar|gefunden)|"
    r"je ne (?:peux|sais|suis pas en mesure)|desole|aucune information|impossible de (?:repondre|dire|trouver)|"
    r"non (?:posso|so|sono in grado)|mi dispiace|purtroppo|nessuna informazione)\b")

# An answer that says the entity asked about is not in the data.
NOT_FOUND = re.compile(
    r"\b(?:not found|found no|find no|could not find|couldn t find|did not find|didn t find|no (?:such )?"
    r"(?:company|companies|person|persons|entity|entities|match|matches|matching|record|records|entry|entries|"
    r"result|results|firm|business)|not (?:in|found in|listed in|registered in|recorded in|present in) the "
    r"(?:register|registry|graph|data|database|gazette|commercial register)|does not exist|doesn t exist|no such|"
    r"is not registered|isn t registered|not registered|unknown (?:company|entity|person)|nothing (?:about|on|was found)|"
    r"kein(?:e|en|er)? (?:firma|unternehmen|gesellschaft|person|treffer|eintrag|eintrage|ergebnis|ergebnisse|"
    r"handelsregistereintrag)|nicht gefunden|nicht (?:im|in der) (?:handelsregister|register|datenbank|graph|shab)|"
    r"existiert nicht|nicht eingetragen|nicht verzeichnet|"
    r"aucun(?:e)? (?:societe|entreprise|personne|resultat|entite|correspondance|inscription)|introuvable|"
    r"pas (?:ete )?trouve|n existe pas|ne figure pas|n est pas inscrit|"
    r"nessun(?:a|o)? (?:societa|impresa|azienda|persona|risultato|iscrizione|corrispondenza)|non (?:ho |e stat[oa] )?"
    r"trovat|non esiste|non e (?:presente|iscritt)|non risulta)")

# Words that carry no content for the echo test: function words and the words of a restated question.
FILLER = frozenset("""
a an the of to in on at for by with from about as is are was were be been being it its this that these those
what which who whom whose when where why how do does did has have had can could would should will shall may
might must you your yours i me my we our us they their them he she his her please tell me let know want wanted
asking asked ask question answer regarding concerning re here there so well ok okay yes sure registered
current currently
der die das den dem des ein eine einer eines einem und oder ist sind war waren wird werden wurde wurden hat haben
was wer wie wann wo welche welcher welches welchen bitte sie ihr ihre ich mir mich wir uns frage fragen antwort
zu zur zum von vom im in an am auf aus bei mit nach uber fur um sich es
le la les un une des du de d l et ou est sont etait a au aux en dans par pour sur avec que qui quoi quel quelle
quels quelles quand ou comment vous votre je me moi nous question reponse ce cette ces son sa ses
il lo gli i una uno di da del della dei degli delle e o che chi cosa quale quali quando dove come per con su
nel nella sono era lei voi io mi noi domanda risposta suo sua
""".split())

# Words that start a sentence or label a template field: capitalised, but not names.
NOT_NAMES = frozenset("""
the a an this that these those it its there here yes no not none and or but also both either all any each
what which who when where why how
uid che chf fr eur usd mio million millions status purpose legal form seat address capital nominal paid share
registered registration register commercial person persons people role roles signature notice notices company
companies companie entity entities name names kind type date dates publication publications number numbers
history network corporate structure linked named answered offline engine rule based llm next show open search
return source sources citation citations note notes found top total count counts period canton year years
nr no hr hr01 hr02 hr03 kk shab fosc fusc sogc dossier profile summary details detail result results table
new entry change changes deletion deleted liquidation bankruptcy bankrupt dissolution dissolved merger founded
foundation moved transfer head office branch auditor via as of since until on in at for from by to with
member members partner director manager chairman president owner signatory board left active inactive
earliest latest first last most recent former formerly previously currently current
swiss switzerland official gazette commerce schweiz schweizerisches handelsamtsblatt suisse feuille officielle
svizzera foglio ufficiale svizzero zefix registry registre registro kanton cantone graph database data
der die das ein eine und oder auch sitz adresse zweck kapital rechtsform firma gesellschaft personen person
rolle funktion zeichnung unterschrift publikation publikationen meldung meldungen eintrag handelsregister
neueintragung mutation loschung konkurs auflosung gegrundet grundung status verwaltungsrat geschaftsfuhrer
gesellschafter prasident prasidentin mitglied inhaber inhaberin prokurist liquidator revisionsstelle
kommanditar aktuar direktor direktorin vizeprasident einzelunterschrift kollektivunterschrift zu zweien
zeichnungsberechtigt ohne zeichnungsberechtigung geschaftsfuhrerin gesellschafterin
le la les un une et ou siege adresse but capital forme juridique societe personne personnes role roles
signature publication publications inscription radiation faillite dissolution fondee fondation associe
associee gerant gerante president presidente membre administrateur administratrice directeur directrice
liquidateur titulaire organe revision signature individuelle collective deux
il lo la gli le una e o sede indirizzo scopo capitale forma giuridica societa persona persone ruolo firma
pubblicazione pubblicazioni iscrizione cancellazione fallimento scioglimento fondata fondazione socio socia
gerente presidente membro amministratore direttore direttrice procuratore liquidatore titolare individuale
collettiva
""".split())

# Legal forms: each folded spelling -> one canonical form, so "GmbH", "Sàrl", "Sagl" and
# "Gesellschaft mit beschränkter Haftung" meet.
_LEGAL = {
    "gmbh": "gmbh|sarl|sagl|srl|gesellschaft mit beschrankter haftung|societe a responsabilite limitee|"
            "societa a garanzia limitata|societa a responsabilita limitata|limited liability company|llc",
    "ag": "ag|sa|aktiengesellschaft|societe anonyme|societa anonima|stock corporation|"
          "company limited by shares|joint stock company|public limited company",
    "einzelunternehmen": "einzelunternehmen|einzelfirma|entreprise individuelle|raison individuelle|ditta individuale|"
                         "impresa individuale|sole proprietorship|sole trader",
    "kollektivgesellschaft": "kollektivgesellschaft|klg|kig|societe en nom collectif|snc|societa in nome collettivo|"
                             "general partnership",
    "kommanditgesellschaft": "kommanditgesellschaft|kmg|societe en commandite|scm|societa in accomandita|"
                             "limited partnership",
    "genossenschaft": "genossenschaft|societe cooperative|cooperative|societa cooperativa|cooperativa",
    "verein": "verein|association|associazione",
    "stiftung": "stiftung|fondation|fondazione",  # not "foundation": in English that is mostly the founding
    "zweigniederlassung": "zweigniederlassung|succursale|filiale|branch|branch office",
}
LEGAL_FORMS: dict[str, str] = {s: canon for canon, spellings in _LEGAL.items() for s in spellings.split("|")}
# Tokens that mark a company name (a run of capitalised words ending in one of these is an entity).
LEGAL_TOKENS = frozenset("ag sa gmbh sarl sagl klg kig snc kmg scm genossenschaft cooperative cooperativa verein "
                         "stiftung fondation fondazione ltd llc inc plc ug se".split())

# Count nouns, folded, by what they count.
COUNT_NOUNS = {
    "notice": "notice notices publication publications entry entries event events announcement announcements "
              "registration registrations deletion deletions bankruptcy bankruptcies liquidation liquidations "
              "neueintragung neueintragungen loschung loschungen konkurs konkurse konkursmeldung konkursmeldungen "
              "inscription inscriptions radiation radiations faillite faillites iscrizione iscrizioni "
              "cancellazione cancellazioni fallimento fallimenti "
              "publikation publikationen meldung meldungen mitteilung mitteilungen eintrag eintrage eintragungen "
              "avis annonce annonces pubblicazione pubblicazioni avviso avvisi annuncio annunci notifica notifiche",
    "company": "company companies firm firms business businesses entity entities firma firmen unternehmen "
               "gesellschaft gesellschaften societe societes entreprise entreprises societa impresa imprese azienda "
               "aziende ditta ditte",
    "person": "person persons people individual individuals officer officers personen personne personnes persona "
              "persone",
}
COUNT_NOUN = {w: cls for cls, words in COUNT_NOUNS.items() for w in words.split()}
# Number words from two up (one/ein/un are also articles).
NUMBER_WORDS = {w: n for n, ws in enumerate((
    "two zwei deux due", "three drei trois tre", "four vier quatre quattro", "five funf cinq cinque",
    "six sechs six sei", "seven sieben sept sette", "eight acht huit otto", "nine neun neuf nove",
    "ten zehn dix dieci", "eleven elf onze undici", "twelve zwolf douze dodici"), start=2) for w in ws.split()}

# A listed item marked as no longer current (a person who left): not claimed as a current member.
FORMER = re.compile(r"\b(?:left|former|formerly|resigned|retired|no longer|ausgeschieden|ehemalig\w*|ehemals|fruher|"
                    r"geloscht|deleted|demissionnaire|ancien|ancienne|sortant\w*|uscit[oa]|dimissionari[oa]|cessat[oa])\b")

# Words after which the amount is a different attribute (paid-in capital), not the nominal capital.
PAID = re.compile(r"\b(?:paid|paid in|paid up|einbezahlt|liberiert|libere|liberee|verse|versee|liberato|versato)\b")

# Parts of a question that name what is asked, not the entity (stripped when finding the subject).
QUESTION_WORDS = frozenset("what which who whom whose when where why how is are was were the of in for about "
                           "was wer wie wann wo welche welcher welches ist sind der die das des von "
                           "quel quelle quels quelles qui quand ou comment est le la les de du des "
                           "che chi quale quali quando dove come e il lo la di del della".split())
