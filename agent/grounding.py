"""Grounding: an LLM answer states only what the data retrieved in its turn supports (issue 18, SPEC §9).

Every publication number, UID, date, amount and person or company name in the answer must occur in that
data (or in the user's own question). The answer is checked sentence by sentence as it streams: a sentence
whose claims are all supported is passed on, one with an unsupported claim is held back and recorded. When
nothing supported is left, or no data was retrieved at all, the answer is replaced by an honest sentence
saying what was searched and that it holds no answer. The report goes into the trace.

The check is lexical on purpose: it needs no model, cannot be talked out of its verdict by the text it
checks, and errs towards removing (a name the data spells differently is removed, not trusted).
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from agent.trace import Step

Kind = Literal["publication", "uid", "date", "amount", "name"]

PUBLICATION = re.compile(r"\b[A-Z]{2}\d{2}-\d{6,}\b")
UID = re.compile(r"\bCHE[-\s]?(\d{3})[.\s]?(\d{3})[.\s]?(\d{3})\b")
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DOT_DATE = re.compile(r"\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b")
MONTHS = {m: i for names in (
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"),
    ("januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"),
    ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"),
    ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre",
     "dicembre")) for i, m in enumerate(names, start=1)}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
WORD_DATE = re.compile(rf"\b(\d{{1,2}})\.?\s+(?:de\s+)?({_MONTH})\s+(\d{{4}})\b", re.IGNORECASE)
US_DATE = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}}),?\s+(\d{{4}})\b", re.IGNORECASE)
# an amount: CHF/Fr. before or after, or a number with thousands separators, or 4+ digits not a year
AMOUNT = re.compile(r"(?<![\w.-])(\d{1,3}(?:[’'\u202f ,.]\d{3})+|\d{4,})(?:[.,](\d{1,2}|-{1,2}))?(?![\w-])")
YEAR = re.compile(r"^(1[89]|20)\d{2}$")
# a name: two or more capitalised words in a row (particles and legal forms may sit inside)
CAP = r"[A-ZÀ-ÖØ-Þ][\w'’.-]*"
JOIN = r"(?:\s+(?:von|van|der|de|del|della|di|du|da|dos|le|la|&|und|et|e)\s+|\s+|,\s+)"
NAME = re.compile(rf"\b{CAP}(?:{JOIN}{CAP})+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[*_\"“„(\[A-ZÀ-Ö0-9-])|\n+")
ABBREVIATION = re.compile(r"(?:\b(?:dr|prof|st|mr|mrs|ms|mme|mlle|me|sig|hr|fr|nr|no|art|ca|vs|etc|inc|ltd|co|cie|jr|sr)|"
                          r"\b[A-ZÀ-Ö])\.\s+$", re.IGNORECASE)

# words that carry no identity: the product's and the register's own vocabulary, roles, legal forms, sentence
# openers; a name claim is the rest of its words
GENERIC = frozenset("""
the a an this that these those there their its it his her they he she we you i in on at of for by with from to and or
not no yes is are was were has have had be been according based sources source note however also both all each
swiss switzerland official gazette commerce commercial register registry shab fosc sogc seco zefix uid che
company companies firm business person persons people board member members director directors president chair
chairman chairwoman vice secretary manager managers managing signatory signatories auditor auditors liquidator
liquidators officer officers partner partners owner founder shareholder shareholders employee authorised authorized
signature signing power joint individual sole right rights collective ag sa gmbh sàrl sarl sagl ltd inc llc kg
co cie limited stock corporation cooperative association foundation stiftung verein genossenschaft branch
zweigniederlassung succursale liquidation bankruptcy merger deletion registration founded dissolved deleted
active status seat address purpose capital chf fr francs publication publications notice notices date dates number
monday tuesday wednesday thursday friday saturday sunday dr prof mr mrs ms mme m herr frau sig
der die das den dem des ein eine einer eines laut gemäss gemäß im am vom zum zur bei nach seit und oder nicht auch
gesellschaft firma unternehmen handelsregister handelsregisteramt verwaltungsrat verwaltungsrats präsident präsidentin
mitglied mitglieder geschäftsführer geschäftsführerin gesellschafter gesellschafterin revisionsstelle liquidator
zeichnungsberechtigt zeichnungsberechtigte prokura prokurist kapital aktienkapital stammkapital sitz zweck adresse
gründung eintragung löschung konkurs fusion sitzverlegung änderung publikation meldung datum kanton schweizerisches
handelsamtsblatt aktiengesellschaft genossenschaft einzelunternehmen kollektivgesellschaft
le la les un une du de des au aux selon dans sur et ou pas aussi société entreprise registre conseil administration
administrateur administratrice président présidente membre membres gérant gérante associé associée organe révision
capital siège but adresse fondation inscription radiation faillite canton feuille officielle suisse
il lo gli uno una del della dei delle nel nella secondo ed anche società ditta registro consiglio amministrazione
amministratore amministratrice presidente membro membri gerente socio organo revisione capitale sede scopo indirizzo
fondazione iscrizione cancellazione fallimento cantone foglio ufficiale svizzero
""".split()) | frozenset(MONTHS)
LEGAL_FORM_WORDS = frozenset("ag sa gmbh sàrl sarl sagl ltd inc llc kg sa".split())


def fold(text: str) -> str:
    """Lower case without accents: 'Müller' and 'MULLER' meet."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def _iso(y: str, m: int | str, d: int | str) -> str | None:
    m, d = int(m), int(d)
    return f"{int(y):04d}-{m:02d}-{d:02d}" if 1 <= m <= 12 and 1 <= d <= 31 else None


def dates_in(text: str) -> list[tuple[str, str]]:
    """(as written, ISO) for every date in the text, in any of the four languages' styles."""
    out = [(m.group(0), _iso(*m.groups())) for m in ISO_DATE.finditer(text)]
    out += [(m.group(0), _iso(m.group(3), m.group(2), m.group(1))) for m in DOT_DATE.finditer(text)]
    out += [(m.group(0), _iso(m.group(3), MONTHS[m.group(2).casefold()], m.group(1))) for m in WORD_DATE.finditer(text)]
    out += [(m.group(0), _iso(m.group(3), MONTHS[m.group(1).casefold()], m.group(2))) for m in US_DATE.finditer(text)]
    return [(w, iso) for w, iso in out if iso]


def amounts_in(text: str) -> list[tuple[str, str]]:
    """(as written, digits) for every amount; years and the digits of dates, UIDs and publication numbers are not."""
    masked = PUBLICATION.sub(" ", UID.sub(" ", text))
    for w, _ in dates_in(masked):
        masked = masked.replace(w, " ")
    out = []
    for m in AMOUNT.finditer(masked):
        digits = re.sub(r"\D", "", m.group(1))
        if not YEAR.match(digits) or m.group(2):
            out.append((m.group(0), digits.lstrip("0") or "0"))
    return out


@dataclass(frozen=True)
class Claim:
    kind: Kind
    text: str
    supported: bool


@dataclass
class Evidence:
    """What the turn retrieved (every tool result) and what the user said: the only sources an answer may state."""
    fields: list[str]  # folded string values, one per field of every row
    publications: set[str]
    uids: set[str]
    dates: set[str]
    amounts: set[str]
    years: set[str]

    @classmethod
    def of(cls, texts: Iterable[str]) -> Evidence:
        raw = list(texts)
        joined = "\n".join(raw)
        dates = {iso for _, iso in dates_in(joined)}
        return cls(fields=[fold(t) for t in raw], publications=set(PUBLICATION.findall(joined)),
                   uids={"".join(g) for g in UID.findall(joined)}, dates=dates,
                   amounts={d for _, d in amounts_in(joined)} | {t.split(".")[0] for t in raw if re.fullmatch(r"\d+(\.0+)?", t)},
                   years={d[:4] for d in dates} | set(re.findall(r"\b(?:1[89]|20)\d{2}\b", joined)))

    @classmethod
    def of_turn(cls, question: str, steps: Iterable[Step]) -> Evidence:
        texts = [question]
        for s in steps:
            texts += list(_strings(s.payload))
        return cls.of(texts)

    def name_supported(self, words: list[str]) -> bool:
        """All the name's identifying words stand together in one retrieved field (or the question)."""
        return any(all(re.search(rf"\b{re.escape(w)}\b", f) for w in words) for f in self.fields)


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        yield str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)
    else:
        yield json.dumps(value, default=str)


def claims(sentence: str, ev: Evidence) -> list[Claim]:
    """The checkable claims of one sentence, each marked supported or not."""
    out = [Claim("publication", p, p in ev.publications) for p in PUBLICATION.findall(sentence)]
    out += [Claim("uid", m.group(0), "".join(m.groups()) in ev.uids) for m in UID.finditer(sentence)]
    out += [Claim("date", w, iso in ev.dates) for w, iso in dates_in(sentence)]
    out += [Claim("amount", w, d in ev.amounts) for w, d in amounts_in(sentence)]
    rest = PUBLICATION.sub(" ", UID.sub(" ", sentence))
    for m in NAME.finditer(rest.replace("**", " ").replace("__", " ")):
        out += _name_claims(m.group(0), ev)
    return out


def _identity(text: str) -> tuple[list[str], bool]:
    """The words that identify a name, and whether it is one: two identifying words ("Hans Müller"), or one
    with a legal form ("Praor AG"); one capitalised word beside vocabulary ("Das Kapital") is none."""
    every = _words(text)
    words = [w for w in every if w not in GENERIC and not w.isdigit() and len(w) > 1]
    return words, len(words) >= 2 or bool(words and LEGAL_FORM_WORDS & set(every))


def _name_claims(run: str, ev: Evidence) -> list[Claim]:
    """A run of capitalised words is one name ("Bachhofer, Anna") or a list of names ("Anna Bachhofer, Rolf
    Kaltlin"): the whole run first, else each comma-separated name of two or more identifying words."""
    run = run.rstrip(".'’-")
    words, is_name = _identity(run)
    if not is_name:
        return []
    if ev.name_supported(words) or "," not in run:
        return [Claim("name", run, ev.name_supported(words))]
    parts = [p.strip() for p in run.split(",")]
    named = [(p, *_identity(p)) for p in parts]
    if not any(len(w) >= 2 for _, w, _ in named):  # "Müller, Hans": surname and first name, one name
        return [Claim("name", run, False)]
    return [Claim("name", p, ev.name_supported(w)) for p, w, ok in named if ok and len(w) >= 2]


@dataclass
class Report:
    """What the check did to one answer (recorded in the trace and the evaluation)."""
    claims: int = 0
    unsupported: list[dict[str, str]] = field(default_factory=list)  # {kind, text}
    removed_sentences: int = 0
    replaced: bool = False  # nothing supported was left (or nothing was retrieved): the honest answer stands
    fabricated_citations: int = 0  # publication numbers / UIDs stated that the data does not hold
    sources_added: list[str] = field(default_factory=list)  # notices cited for an answer that cited none itself

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _citable(value: Any) -> Iterable[dict[str, Any]]:
    """Every row of a tool result that names its notice (publication number), nested rows included."""
    if isinstance(value, dict):
        if isinstance(value.get("publication_number"), str) and PUBLICATION.fullmatch(value["publication_number"]):
            yield value
        for v in value.values():
            yield from _citable(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _citable(v)


def sources(sentences: list[str], steps: list[Step], asked: Evidence, most: int = 2) -> list[str]:
    """The notices that hold the facts of `sentences` (beyond what the question said): the retrieved rows whose own
    fields hold the most of its dates and amounts, or the notice a company row names as stating the address or seat
    a sentence gives (`stated_in`, only for the company the answer names), newest first, as "HR01-…, 2021-09-28".
    A name or UID tells no notice from another about the same company, so it never decides; no row holding a stated
    fact, or more rows tied than `most`, gives no source: a citation is never guessed."""
    stated = [(sentence, c.text) for sentence in sentences for c in claims(sentence, asked)
              if not c.supported and c.kind in ("date", "amount")]
    scored: dict[str, tuple[int, str]] = {}

    def score(number: str, date: str, held: int) -> None:
        if held and held > scored.get(number, (0, ""))[0]:
            scored[number] = (held, date)

    def holding(own: dict[str, Any]) -> int:
        if not stated:
            return 0
        ev = Evidence.of(_strings(own))
        return sum(1 for sentence, text in stated if any(c.text == text and c.supported for c in claims(sentence, ev)))

    for step in steps:
        for row in _citable(step.payload):
            own = {k: v for k, v in row.items() if not isinstance(v, dict | list | tuple)}  # not its nested rows
            score(row["publication_number"], str(row.get("publication_date") or row.get("date") or ""), holding(own))
    for row in _answered_company(sentences, steps):
        for field_name, where in row["stated_in"].items():
            number, _, date = str(where).partition(", ")
            if row.get(field_name) is None or not PUBLICATION.fullmatch(number):
                continue
            place = field_name in ("address", "seat") and any(
                _states_place(sentence, str(row[field_name]), str(row.get("name") or ""), asked) for sentence in sentences)
            score(number, date, holding({field_name: row[field_name]}) + place)
    if not scored:
        return []
    top_score = max(held for held, _ in scored.values())
    top = sorted(((n, d) for n, (held, d) in scored.items() if held == top_score), key=lambda nd: nd[1], reverse=True)
    if len(top) > most:
        return []
    return [f"{number}, {date}" if date else number for number, date in top]


def _answered_company(sentences: list[str], steps: list[Step]) -> list[dict[str, Any]]:
    """The company row an answer is about, of those that name their values' notices (`stated_in`): the one whose
    name the answer states, else the only one retrieved; none when that is not one row."""
    rows = [r for step in steps for r in _stating(step.payload)]
    said = fold(" ".join(sentences))
    named = [r for r in rows if r.get("name") and re.search(rf"(?<!\w){re.escape(fold(str(r['name'])))}(?!\w)", said)]
    chosen = named or rows
    return chosen if len({r.get("uid") for r in chosen}) == 1 else []


def _states_place(sentence: str, place: str, company: str, asked: Evidence) -> bool:
    """The sentence gives this address or seat as a whole word (not inside "Bernstrasse"), the question did not
    already say it, and it states no other new name the place could be the context of ("the president of X
    (Bern) is Hans Meier")."""
    p = fold(place)
    if len(p) < 4 or p in " ".join(asked.fields) or not re.search(rf"(?<!\w){re.escape(p)}(?!\w)", fold(sentence)):
        return False
    own = fold(company)
    others = [c.text for c in claims(sentence, asked) if c.kind == "name" and not c.supported
              and fold(c.text) not in own and own not in fold(c.text) and fold(c.text) not in p]
    return not others


def _stating(value: Any) -> Iterable[dict[str, Any]]:
    """Every row of a tool result that names the notices stating its fields (`stated_in`)."""
    if isinstance(value, dict):
        if isinstance(value.get("stated_in"), dict):
            yield value
        for v in value.values():
            if isinstance(v, dict | list | tuple):
                yield from _stating(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _stating(v)


def searched(steps: list[Step]) -> str:
    """What the turn looked up, for the honest answer."""
    if not steps:
        return "no search was made"
    return "; ".join(f"{s.tool}({', '.join(f'{k}={v!r}' for k, v in s.args.items())}) → {s.status}" for s in steps)


def not_found(steps: list[Step]) -> str:
    return (f"I could not find an answer to this in the register data I retrieved, so I state no facts. "
            f"Searched: {searched(steps)}.")


class GroundedStream:
    """Streams an answer sentence by sentence, passing on only the sentences the evidence supports."""

    def __init__(self, question: str, steps: list[Step], emit: Callable[[str], None]) -> None:
        self.ev, self.steps, self.emit = Evidence.of_turn(question, steps), steps, emit
        self.asked = Evidence.of([question])  # a claim only the question supports is an echo, not an answer
        self.retrieved = any(s.status == "ok" for s in steps)
        self.buffer, self.kept, self.report = "", [], Report()
        self.facts_kept = 0

    def feed(self, piece: str) -> None:
        self.buffer += piece
        start = 0
        while True:
            m = SENTENCE_END.search(self.buffer, start)
            if m is None:
                return
            if ABBREVIATION.search(self.buffer[:m.end()]):  # "Dr. Müller", "Rosa A. Sartari": not an end
                start = m.end()
                continue
            sentence, self.buffer, start = self.buffer[:m.end()], self.buffer[m.end():], 0
            self._check(sentence)

    def _check(self, sentence: str) -> None:
        found = claims(sentence, self.ev)
        self.report.claims += len(found)
        bad = [c for c in found if not c.supported]
        if bad or (found and not self.retrieved):
            self.report.removed_sentences += 1
            for c in bad or found:
                self.report.unsupported.append({"kind": c.kind, "text": c.text})
                self.report.fabricated_citations += c.kind in ("publication", "uid")
            return
        self.facts_kept += sum(1 for c in claims(sentence, self.asked) if not c.supported)
        self.kept.append(sentence)
        self.emit(sentence)

    def close(self) -> tuple[str, Report]:
        if self.buffer:
            self._check(self.buffer)
            self.buffer = ""
        text = "".join(self.kept).strip()
        if self.report.removed_sentences and (not self.facts_kept or not text):
            self.report.replaced = True
            honest = not_found(self.steps)
            self.emit(("\n\n" if text else "") + honest)
            return (text + "\n\n" + honest).strip() if text else honest, self.report
        cite = ""
        if text and not PUBLICATION.search(text):  # facts (dates, amounts, an address) without their notice: name it
            self.report.sources_added = sources(self.kept, self.steps, self.asked)
            if self.report.sources_added:
                cite = f"\n\nSource: {'; '.join(self.report.sources_added)}."
                self.emit(cite)
        if self.report.removed_sentences:
            note = (f"\n\n_{self.report.removed_sentences} statement(s) not supported by the retrieved data were "
                    f"removed._")
            self.emit(note)
            return text + cite + note, self.report
        return text + cite, self.report
