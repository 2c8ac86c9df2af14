"""What a text states: typed claims with their place in the text and their polarity.

`Reading(text)` reads an answer (or a context, or an expected answer) once:
- typed claims: CHE uids, publication numbers, full dates (ISO, Swiss 1.2.2024 / 01.02.2024, "1. Februar
  2024", "1er février 2024", "1 febbraio 2024", "February 1, 2024"), months ("November 2019"), years,
  amounts (CHF 100'000, Fr. 100 000.–, CHF 1.5 Mio, 75'000 Franken), postcodes ("3920 Zermatt"), counts
  ("42 notices", "fünf Personen"), other numbers, legal forms ("GmbH", "Sàrl", "société anonyme");
- citations: a publication number beside a date ("(HR01-1000000001, 2019-01-01)", "HR02-… of 2019-02-15") is
  evidence for a statement; both claims are marked `citation` and paired;
- polarity: a claim inside the scope of a negation cue of its clause ("not", "no longer", "nicht mehr",
  "kein", "ne … pas", "n'est plus", "non", "mai") is `negated`;
- token positions, so that names (any order, "Doe, John" = "John Doe") and phrases can be found with their
  span, and their polarity read the same way.
All regexes run over the *shadow* of the text: lowercase, accents stripped, the same length, so every span
found there is a span of the original.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property

from app_eval.judges import lexicon as lx

# ---------------------------------------------------------------------------------------------- the text


def _shadow_char(ch: str) -> str:
    """One character in shadow form: always exactly one character."""
    if ch in "’‘`´":
        return "'"
    if ch in "\u00a0\u202f\u2009\u2007":
        return " "
    if ch in "\u2010\u2011\u2012\u2212":  # hyphens and minus as typed by word processors
        return "-"
    if ch == "ß":
        return "s"
    if ord(ch) < 128:
        return ch.lower()
    low = (unicodedata.normalize("NFKD", ch)[:1] or ch).lower()
    return low[0] if low else ch


class _ShadowTable(dict):
    """str.translate's table, filled one character at a time as texts bring new ones."""

    def __missing__(self, code: int) -> str:
        self[code] = _shadow_char(chr(code))
        return self[code]


_SHADOW = _ShadowTable()


def shadow(text: str) -> str:
    """Lowercase, accents stripped, typographic apostrophes and spaces made plain; same length as `text`."""
    return text.translate(_SHADOW)


_MARKUP = re.compile(r"\*\*|__|(?<!\w)_|_(?!\w)|[*`\\]")


def plain(text: str) -> str:
    """Markdown emphasis, code marks and escapes blanked out (same length): `**X**` reads as X."""
    return _MARKUP.sub(lambda m: " " * len(m.group()), text)


def tokens(text: str) -> list[str]:
    """The words of a text as the judge compares them (shadow form, split on non-word characters)."""
    return re.findall(r"[^\W_]+", shadow(text))


# ---------------------------------------------------------------------------------------------- numbers

_NUM = (r"(?<![\w.,'])(?:\d{1,3}(?:(?:'|\u2019| |\.|,)\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?)(?:\.[-\u2013\u2014]{1,2})?"
        r"(?![\w'])")
NUM = re.compile(_NUM)


def number_value(raw: str, thousands_dot: bool = False) -> float | None:
    """'100'000' / '100 000' / '100,000' / '100.000' (thousands_dot) / '1,5' / '1.5' / '100'000.–' -> float."""
    s = shadow(raw).strip()
    s = re.sub(r"\.[-\u2013\u2014]{1,2}$", "", s).replace("\u2019", "'")
    try:
        if re.fullmatch(r"\d{1,3}(?:['\s]\d{3})+(?:[.,]\d{1,2})?", s):
            return float(re.sub(r"['\s]", "", s).replace(",", "."))
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?", s):
            return float(s.replace(",", ""))
        if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?", s):
            if s.count(".") > 1 or "," in s or thousands_dot:
                return float(s.replace(".", "").replace(",", "."))
            return float(s)
        return float(s.replace(",", "."))
    except ValueError:
        return None


def num_text(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


# ---------------------------------------------------------------------------------------------- claims

UID_KIND, PUB, DATE, MONTH, YEAR, AMOUNT, POSTCODE, COUNT, NUMBER, LEGAL = (
    "uid", "publication", "date", "month", "year", "amount", "postcode", "count", "number", "legal_form")
NUMERIC = (AMOUNT, POSTCODE, COUNT, NUMBER, YEAR)


@dataclass(frozen=True)
class Claim:
    kind: str
    value: str  # normalized: uid digits, "HR01-1000000001", "2019-01-01", "100000", "gmbh", count "notice:5"
    start: int
    end: int
    negated: bool = False
    citation: bool = False
    pair: str = ""  # a citation's other half (the date of a publication, the publication of a date)

    @property
    def number(self) -> str:
        """The bare numeric value (a count's value without its noun class)."""
        return self.value.rsplit(":", 1)[-1]


_MONTHS = "|".join(sorted(map(re.escape, lx.MONTHS), key=len, reverse=True))
_UID = re.compile(r"\bche[-\s]?(\d{3})[.\s]?(\d{3})[.\s]?(\d{3})\b")
_PUBLICATION = re.compile(r"\b([a-z]{2}\d{2})-(\d{6,})\b")
_DATES = (
    (re.compile(r"(?<![\d.])(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?![\d-])"), "ymd"),
    (re.compile(r"(?<![\d.])(\d{1,2})\s?[./]\s?(\d{1,2})\s?[./]\s?(\d{4})(?!\d)"), "dmy"),
    (re.compile(rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th|°|º)?\s*(?:of\s+|de\s+|di\s+)?({_MONTHS})\.?,?\s+(\d{{4}})\b"),
     "dMy"),
    (re.compile(rf"\b({_MONTHS})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b"), "Mdy"),
)
_MONTH_YEAR = re.compile(rf"\b({_MONTHS})\.?\s+(\d{{4}})\b|(?<![\d.])(\d{{1,2}})[./](\d{{4}})(?![\d.])")
_CURRENCY = r"(?:chf|sfr\.?|fr\.|frs\.?|eur|euros?|usd|\$|€|franken|francs?|franchi|franco)"
_MULT = r"(?:mio\.?|millionen|millions?|milioni|mln\.?|mrd\.?|milliarden?|milliards?|miliardi|billions?|bn)"
_AMOUNT = re.compile(rf"\b{_CURRENCY}\s*({_NUM})(?:\s*({_MULT}))?"  # CHF 100'000 / CHF 1.5 Mio
                     rf"|({_NUM})(?:\s*({_MULT}))?\s*(?:(?:di|de|of)\s+)?{_CURRENCY}(?!\w)")  # 1,5 milioni di franchi
_COUNT_WORD = "|".join(sorted(lx.COUNT_NOUN, key=len, reverse=True))
_NUMBER_WORD = "|".join(sorted(lx.NUMBER_WORDS, key=len, reverse=True))
_COUNT = re.compile(rf"(?<![\w.,'])(\d{{1,6}}|{_NUMBER_WORD})\s+(?:[a-z-]+\s+){{0,2}}?({_COUNT_WORD})\b")
_COUNT_HEADER = re.compile(rf"\b({_COUNT_WORD})\b[^()\n]{{0,80}}\((\d{{1,6}})\)\s*:")
_POSTCODE = re.compile(r"(?<![\w.,'-])(?:ch-)?([1-9]\d{3})\s+(?=[^\W\d_])")
_LEGAL_BY_FIRST: dict[str, list[str]] = {}
for _spelling in sorted(lx.LEGAL_FORMS, key=len, reverse=True):  # the longest spelling first
    _LEGAL_BY_FIRST.setdefault(_spelling.split()[0], []).append(_spelling)
_CITE_GAP = re.compile(r"[\s,;:()\[\]·|/\-\u2013\u2014]*(?:(?:of|from|vom|du|del|dal|on|am|le|il|dated|published|"
                       r"publiziert|publie|pubblicato|notice)[\s,;:()\[\]·|/\-\u2013\u2014]*)?")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•+]\s+)?\d{1,3}[.)]\s")
_ABBREVIATIONS = frozenset("st nr no fr dr ca vgl bzw sog inkl str mio mrd e.g i.e z.b u.a etc av ch ag sa co "
                           "prof mr mrs ms jr sr art abs lit ltd inc corp dipl ing lic".split())


_PLACE_ARTICLES = frozenset({"la", "le", "les", "l", "il", "lo", "los", "las", "el"})


def _multiplier(word: str) -> float:
    """Mio / Million(en) / milioni -> 1e6; Mrd / Milliarde(n) / milliard(s) / miliardi / billion -> 1e9."""
    return 1e9 if word.startswith(("mrd", "milliard", "miliard", "bil", "bn")) else 1e6


def _valid(y: int, m: int, d: int) -> str | None:
    try:
        return date(y, m, d).isoformat()
    except ValueError:
        return None


def _date_of(m: re.Match, form: str) -> str | None:
    g = m.groups()
    if form == "ymd":
        return _valid(int(g[0]), int(g[1]), int(g[2]))
    if form == "dmy":
        return _valid(int(g[2]), int(g[1]), int(g[0]))
    if form == "dMy":
        return _valid(int(g[2]), lx.MONTHS[g[1]], int(g[0]))
    return _valid(int(g[2]), lx.MONTHS[g[0]], int(g[1]))


def parse_date(text: str) -> str | None:
    """The first full date in a text, as ISO (any of the formats above)."""
    dates = [c for c in Reading(text).claims if c.kind == DATE]
    return dates[0].value if dates else None


# ---------------------------------------------------------------------------------------------- reading


@dataclass
class Reading:
    """One text, read once: its claims, tokens, clauses and negated regions."""
    text: str
    reference: str = ""  # the reference an answer is read against: its capitalised nouns are no negations
    claims: list[Claim] = field(init=False)

    def __post_init__(self) -> None:
        self.plain = plain(self.text)
        self.low = shadow(self.plain)
        self._taken = [False] * len(self.low)
        found: list[Claim] = []
        found += self._uids() + self._publications() + self._dates()
        found += self._amounts() + self._counts() + self._postcodes() + self._numbers() + self._legal_forms()
        found = _pair_citations(sorted(found, key=lambda c: c.start), self.low)
        self.claims = [replace(c, negated=self.negated(c.start, c.end)) for c in found]

    # -- extraction (each marks the characters it took, so a later kind never re-reads them)
    def _free(self, a: int, b: int) -> bool:
        return not any(self._taken[a:b])

    def _take(self, a: int, b: int) -> None:
        for i in range(a, b):
            self._taken[i] = True

    def _uids(self) -> list[Claim]:
        out = []
        for m in _UID.finditer(self.low):
            out.append(Claim(UID_KIND, "".join(m.groups()), m.start(), m.end()))
            self._take(m.start(), m.end())
        return out

    def _publications(self) -> list[Claim]:
        out = []
        for m in _PUBLICATION.finditer(self.low):
            if self._free(m.start(), m.end()):
                out.append(Claim(PUB, f"{m.group(1).upper()}-{m.group(2)}", m.start(), m.end()))
                self._take(m.start(), m.end())
        return out

    def _dates(self) -> list[Claim]:
        out = []
        for rx, form in _DATES:
            for m in rx.finditer(self.low):
                if self._free(m.start(), m.end()) and (iso := _date_of(m, form)):
                    out.append(Claim(DATE, iso, m.start(), m.end()))
                    self._take(m.start(), m.end())
        for m in _MONTH_YEAR.finditer(self.low):
            if not self._free(m.start(), m.end()):
                continue
            month = lx.MONTHS[m.group(1)] if m.group(1) else int(m.group(3))
            year = int(m.group(2) or m.group(4))
            if 1 <= month <= 12 and 1800 <= year <= 2100:
                out.append(Claim(MONTH, f"{year}-{month:02d}", m.start(), m.end()))
                self._take(m.start(), m.end())
        return out

    def _amounts(self) -> list[Claim]:
        out = []
        for m in _AMOUNT.finditer(self.low):
            raw, mult = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if not self._free(m.start(), m.end()) or raw is None:
                continue
            value = number_value(raw, thousands_dot=not mult)  # "CHF 75.000" is 75'000; "CHF 0.075 Mio" is not
            if value is None:
                continue
            if mult:
                value *= _multiplier(mult)
            out.append(Claim(AMOUNT, num_text(round(value, 2)), m.start(), m.end()))
            self._take(m.start(), m.end())
        return out

    def _counts(self) -> list[Claim]:
        out = []
        for m in _COUNT.finditer(self.low):
            a, b = m.span(1)
            if not self._free(a, b) or _LIST_MARKER.match(self.low[self.low.rfind("\n", 0, a) + 1: b + 2]):
                continue
            raw = m.group(1)
            n = int(raw) if raw.isdigit() else lx.NUMBER_WORDS[raw]
            if len(raw) == 4 and 1800 <= n <= 2100 and not re.fullmatch(r"\s+", self.low[b:m.start(2)]):
                continue  # "in 2019 new entries were …": a year, not a count
            out.append(Claim(COUNT, f"{lx.COUNT_NOUN[m.group(2)]}:{n}", a, b))
            self._take(a, b)
        for m in _COUNT_HEADER.finditer(self.low):
            a, b = m.span(2)
            if self._free(a, b):
                out.append(Claim(COUNT, f"{lx.COUNT_NOUN[m.group(1)]}:{int(m.group(2))}", a, b))
                self._take(a, b)
        return out

    def _postcodes(self) -> list[Claim]:
        out = []
        for m in _POSTCODE.finditer(self.low):
            a, b = m.span(1)
            nxt = re.match(r"[^\W\d_][\w'-]*", self.low[m.end():])
            word = nxt.group() if nxt else ""
            if (not self._free(a, b) or not self.plain[m.end():m.end() + 1].isupper() or word in lx.MONTHS
                    or word in lx.COUNT_NOUN or (word in lx.NOT_NAMES and not self._place_article(m.end(), word))):
                continue
            out.append(Claim(POSTCODE, m.group(1), a, b))
            self._take(a, b)
        return out

    def _place_article(self, at: int, word: str) -> bool:
        """'2300 La Chaux-de-Fonds', '2400 Le Locle': an article that opens a place name (capitalised, and
        followed by another capitalised word) does not stop a postcode."""
        if word not in _PLACE_ARTICLES:
            return False
        rest = self.plain[at + len(word):]
        return bool(re.match(r"['’]?\s*[A-ZÀ-Ý]", rest))

    def _numbers(self) -> list[Claim]:
        out = []
        for m in NUM.finditer(self.low):
            a, b = m.span()
            if not self._free(a, b):
                continue
            line_start = self.low.rfind("\n", 0, a) + 1
            head = self.low[line_start:a]
            if re.fullmatch(r"\s*(?:[-*•+]\s+)?", head) and re.match(r"[.)]\s", self.low[b:b + 2]):
                continue  # a list marker "1. " / "2) "
            if re.fullmatch(r"\s*\|\s*", head):
                continue  # a table's first cell: the row number
            value = number_value(m.group())
            if value is None:
                continue
            text = num_text(value)
            if re.fullmatch(r"\d{4}", m.group()) and 1800 <= value <= 2100:
                out.append(Claim(YEAR, text, a, b))
            elif value >= 10 or "." in text:
                out.append(Claim(NUMBER, text, a, b))
            self._take(a, b)
        return out

    def _legal_forms(self) -> list[Claim]:
        """A legal form named on its own ("is a GmbH", "Rechtsform: Sàrl"), not as the end of a company name."""
        out = []
        toks = self.token_spans
        words = [t for t, _, _ in toks]
        i = 0
        while i < len(toks):
            for spelling in _LEGAL_BY_FIRST.get(words[i], ()):
                parts = spelling.split()
                if words[i:i + len(parts)] == parts:
                    a, b = toks[i][1], toks[i + len(parts) - 1][2]
                    if not self._in_name(i) and self._free(a, b):
                        out.append(Claim(LEGAL, lx.LEGAL_FORMS[spelling], a, b))
                    i += len(parts) - 1
                    break
            i += 1
        return out

    def _in_name(self, i: int) -> bool:
        """Whether token i is part of a company name: a capitalised word that is no label stands right before
        it ("Varvopra GmbH") or, for a form that opens a name, right after it ("Association Volon Gestion")."""
        toks = self.token_spans

        def named(j: int) -> bool:
            w, a, _ = toks[j]
            return (self.plain[a].isupper() or self.plain[a].isdigit()) and w not in lx.NOT_NAMES and w not in lx.FILLER \
                and w not in lx.LEGAL_FORMS

        if i > 0 and not re.search(r"[:;|()\n,]", self.low[toks[i - 1][2]:toks[i][1]]) and named(i - 1):
            return True
        return i + 1 < len(toks) and re.fullmatch(r" ", self.low[toks[i][2]:toks[i + 1][1]]) is not None and named(i + 1)

    # -- tokens, clauses and polarity
    @cached_property
    def token_spans(self) -> list[tuple[str, int, int]]:
        return [(m.group(), m.start(), m.end()) for m in re.finditer(r"[^\W_]+", self.low)]

    @cached_property
    def clauses(self) -> list[tuple[int, int]]:
        """Sentence parts: split at line ends, ; ! ? and sentence-final periods, and before a contrastive
        conjunction (what follows "but"/"sondern"/"mais" is a new assertion)."""
        cuts = {0, len(self.low)}
        for m in re.finditer(r"\n|[;!?]|\|", self.low):
            cuts.add(m.end())
        for m in re.finditer(r"\.(?=\s+[\w(\"'*_\[-]|\s*$)", self.plain):
            before = re.search(r"([\w.]+)$", self.low[max(0, m.start() - 40):m.start()])
            word = before.group(1) if before else ""
            if word in _ABBREVIATIONS or re.fullmatch(r"\d{1,2}", word) or (len(word) == 1 and word.isalpha()):
                continue
            cuts.add(m.end())
        for m in lx.CONTRAST.finditer(self.low):
            cuts.add(m.start())
        s = sorted(cuts)
        return [(a, b) for a, b in zip(s, s[1:], strict=False) if b > a]

    def clause_of(self, pos: int) -> tuple[int, int]:
        starts = [a for a, _ in self.clauses]
        i = max(0, bisect_right(starts, pos) - 1)
        return self.clauses[i] if self.clauses else (0, len(self.low))

    def _valued(self, a: int, b: int) -> bool:
        """Whether a stretch of text states a value: a digit, or a capitalised word that is no label."""
        if re.search(r"\d", self.low[a:b]):
            return True
        for m in re.finditer(r"[^\W\d_]+", self.low[a:b]):
            if self.plain[a + m.start()].isupper() and m.group() not in lx.NOT_NAMES and m.group() not in lx.FILLER \
                    and m.group() not in lx.LEGAL_FORMS:
                return True
        return False

    @cached_property
    def negated_regions(self) -> list[tuple[int, int]]:
        out = []
        for m in lx.SENTENCE_NEGATION.finditer(self.low):  # "it is not the case that …": the whole sentence
            end = m.end()
            for a, b in self.clauses:
                if b <= m.end():
                    continue
                end = b
                if re.search(r"[.!?\n]\s*$", self.low[a:b]):  # a sentence end, not a semicolon
                    break
            out.append((m.start(), end))
        for a, b in self.clauses:
            part = self.low[a:b]
            for m in lx.NEGATION.finditer(part):
                c0, c1 = a + m.start(), a + m.end()
                if lx.NUMBER_SIGN.match(self.low, c0):
                    continue
                if m.group() == "ne" and self.plain[c0:c1] == "NE":
                    continue  # the canton of Neuchâtel
                if m.group() == "mai" and re.search(r"\d", self.low[max(a, c0 - 4):min(b, c1 + 6)]):
                    continue
                if self._noun(c0, c1):
                    continue  # "Unterstützung von Menschen in Not": a German noun inside quoted text
                forward = self._forward_scope(c1, b)
                if forward:
                    out.append(forward)
                elif len(re.findall(r"\w+", self.low[c1:b])) <= 4:  # "… nicht mehr eingetragen."
                    out.append((a, c0))
        return out

    def _noun(self, a: int, b: int) -> bool:
        """A cue written with a capital inside a sentence after a lowercase word, as the reference writes it too
        ("Menschen in Not" of a quoted purpose): a German noun, not a negation (which is lowercase, or all capitals
        for stress: "NOT")."""
        word = self.plain[a:b]
        if not self.reference or not (word[:1].isupper() and word[1:].islower()):
            return False
        before = re.search(r"([^\W\d_]+)\s$", self.plain[max(0, a - 40):a])
        return bool(before) and before.group(1).islower() and f"{before.group(1)} {word}" in plain(self.reference)

    def _forward_scope(self, start: int, end: int) -> tuple[int, int] | None:
        """From the cue on, comma by comma while each stretch states a value; None if nothing follows."""
        pos, last = start, None
        for m in re.finditer(r",|$", self.low[start:end]):
            stop = start + m.start()
            if not self._valued(pos, stop):
                break
            last = stop
            pos = stop + 1
            if stop >= end:
                break
        return (start, last) if last is not None else None

    def negated(self, a: int, b: int) -> bool:
        return any(x <= a and b <= y + 1 for x, y in self.negated_regions)

    # -- finding facts
    def find_phrase(self, words: list[str], skip: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """Spans where `words` occur as consecutive tokens, outside the `skip` spans."""
        toks, n, out = self.token_spans, len(words), []
        if not n:
            return out
        seq = [t for t, _, _ in toks]
        for i in range(len(seq) - n + 1):
            if seq[i:i + n] == words:
                a, b = toks[i][1], toks[i + n - 1][2]
                if not any(x <= a < y for x, y in skip):
                    out.append((a, b))
        return out

    def find_name(self, words: list[str], within: tuple[int, int] | None = None, slack: int = 1,
                  skip: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """Spans holding all of a name's tokens (any order) inside a window of len+slack tokens (a middle name)
        that crosses no line, semicolon or table cell: "Bergwyler, Urs; Niederli, Michael" names neither
        Bergwyler, Michael nor Niederli, Urs."""
        need = set(words)
        if not need:
            return []
        toks = [t for t in self.token_spans if within is None or within[0] <= t[1] < within[1]]
        toks = [t for t in toks if not any(x <= t[1] < y for x, y in skip)]
        size, out = len(words) + slack, []
        for i, (w, a, _) in enumerate(toks):
            if w not in need:
                continue
            window = toks[i:i + size]
            got, end = set(), None
            for w2, _, b2 in window:
                if re.search(r"[\n;|]", self.low[a:b2]):
                    break
                if w2 in need:
                    got.add(w2)
                    end = b2
                if got == need:
                    break
            if got == need and end is not None and not any(x <= a < b for x, b in out):
                out.append((a, end))
        return out


def _pair_citations(claims: list[Claim], low: str) -> list[Claim]:
    """A publication number and a date side by side cite a notice: mark both, each with the other's value.
    A publication takes the date after it ("(HR01-…, 2019-01-01)", "HR02-… of 2019-02-15") before the one
    in front of it ("2019-07-03 HR01-…", "on 2019-11-27 (HR01-…)"); a date belongs to one citation."""
    out = list(claims)
    used: set[int] = set()

    def near(i: int, j: int) -> bool:
        a, b = (out[i], out[j]) if out[i].start < out[j].start else (out[j], out[i])
        gap = low[a.end:b.start]
        return len(gap) <= 24 and _CITE_GAP.fullmatch(gap) is not None

    for i, c in enumerate(out):
        if c.kind != PUB:
            continue
        after = [j for j in range(i + 1, min(len(out), i + 3)) if out[j].kind == DATE]
        before = [j for j in range(max(0, i - 2), i) if out[j].kind == DATE]
        for j in after[:1] + before[-1:]:
            if j not in used and near(i, j):
                used.add(j)
                out[i] = replace(c, citation=True, pair=out[j].value)
                out[j] = replace(out[j], citation=True, pair=c.value)
                break
    return out
