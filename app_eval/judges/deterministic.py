"""The deterministic judge (no key, no network, same scores every run): claim-level precision and recall.

The answer is read into typed claims (claims.Reading: uids, publication numbers, dates, amounts, postcodes,
counts, numbers, legal forms, each with its polarity; citations kept apart as evidence) and the reference's
facts are typed the same way (`Expected`). Then:

- information_recall: the share of the reference's facts the answer states positively (a fact stated only
  under negation — "no longer at …", "nicht mehr", "n'est plus" — is not stated);
- correctness: F1 of key-fact recall and the precision of the answer's claims of the kinds the question asks
  for. A claim of an asked kind that matches no reference fact is a false positive (a wrong date beside the
  right one); for a single-valued question it also contradicts the key fact, which then counts as missed; a
  value offered with an alternative ("Le Locle or Neuchâtel", "2019-11-27 or 2018-11-27") is a hedge and
  counts as missed. Claims of kinds not asked for (padding) do not count here. Citations (publication + date
  pairs) support a statement and are not themselves answers, unless the question asks for publications or a
  list of dates. List questions score set precision/recall/F1 over the items the answer lists (tables, bullet
  lists, enumerations). An answer about another entity (it names another company or uid, never the one
  asked about nor any entity of the reference) scores 0 on correctness and recall, even where a value
  coincides. A not-found question is correct only when the answer says so and states no facts;
- faithfulness: the share of the answer's claims (typed claims, citations as pairs, names) that the retrieved
  context supports. A factual answer with no context scores 0; an honest "not found" or a refusal with no
  claims scores 1; a fabricated citation caps the score at 0.5;
- answer_relevance: whether the answer gives what was asked. An echo of the question, a refusal and an
  off-topic answer (nothing of the asked kinds, or about another entity) score at most 0.2 (0.1 for echoes
  and refusals) whatever their similarity; an answer that states something of the asked kinds starts at 1;
  otherwise the MiniLM cosine (pinned, app_eval.judges.embedding) between question and answer decides.
  Padding lowers it: the score is scaled by the share of the answer spent on what was asked (after a grace
  of 200 characters for a lead-in, citations or next steps), and by 0.85 when that comes only at the end.
An empty answer scores 0 on every metric: it is a real (bad) answer, not a failed judge call.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from app_eval.judges import lexicon as lx
from app_eval.judges.base import CORRECTNESS, FAITHFULNESS, RECALL, RELEVANCE, Judge, JudgeInput, Score
from app_eval.judges.claims import (
    AMOUNT,
    COUNT,
    DATE,
    LEGAL,
    MONTH,
    NUMBER,
    NUMERIC,
    POSTCODE,
    PUB,
    UID_KIND,
    YEAR,
    Claim,
    Reading,
    num_text,
    number_value,
    parse_date,
    tokens,
)
from app_eval.judges.facts import fold

COS_FLOOR, COS_CEIL = 0.15, 0.65  # MiniLM: unrelated question/text pairs sit below the floor, direct answers near the ceil
CHUNKS, LINES_PER_CHUNK = 4, 3
ECHO_CAP, REFUSAL_CAP, OFF_TOPIC_CAP = 0.1, 0.1, 0.2
GRACE_CHARS = 200  # an answer may spend this much on a lead-in, a citation or an offer of next steps
LATE_START, LATE_FACTOR = 200, 0.85  # what was asked should come first: later than this and past half, less
FABRICATED_CAP = 0.5  # a fabricated citation caps faithfulness
NAME, TEXT = "name", "text"
MEASURABLE = (UID_KIND, PUB, DATE, AMOUNT, POSTCODE, COUNT, NUMBER, LEGAL)
FACTUAL = (UID_KIND, PUB, DATE, AMOUNT, POSTCODE, COUNT, LEGAL)  # what a not-found answer must not state
LIST_CATEGORIES = frozenset({"persons", "person_companies", "namehub", "connected", "history", "dissolution"})
OPEN_LIST = re.compile(r"\b(?:among others|for example|e g|such as|including|unter anderem|u a|zum beispiel|"
                       r"entre autres|par exemple|tra gli altri|ad esempio|tra cui)\b")
META_LINE = re.compile(r"^\s*(?:_?answered by|next:|sources?:|quellen?:|source :|references?:|\*\*which of these)",
                       re.IGNORECASE)

Embed = Callable[[Sequence[str]], np.ndarray]


def _default_embed(texts: Sequence[str]) -> np.ndarray:
    from app_eval.judges.embedding import embed  # noqa: PLC0415 - torch loads only when relevance is scored

    return embed(texts)


def chunks(answer: str) -> list[str]:
    lines = [ln.strip() for ln in answer.splitlines() if ln.strip()]
    return [" ".join(lines[i:i + LINES_PER_CHUNK]) for i in range(0, len(lines), LINES_PER_CHUNK)][:CHUNKS]


def f1(p: float, r: float) -> float:
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


# ------------------------------------------------------------------------------------------- the reference


@dataclass(frozen=True)
class Expected:
    """One fact of the reference, typed like the answer's claims."""
    kind: str  # a claims kind (uid, publication, date, amount, postcode, count, number, legal_form) or name / text
    value: str
    raw: str
    key: bool = True
    words: tuple[str, ...] = ()

    @property
    def number(self) -> str:
        return self.value.rsplit(":", 1)[-1]


def type_facts(facts: Sequence[dict[str, Any]], expected: str) -> list[Expected]:
    """The reference's facts typed for matching; with no facts given, the typed claims of `expected`."""
    ref = Reading(expected) if expected else None
    out: list[Expected] = []
    for f in facts:
        kind, raw, key = f["kind"], str(f["value"]), bool(f.get("key", True))
        if kind == "uid":
            out.append(Expected(UID_KIND, re.sub(r"\D", "", raw), raw, key))
        elif kind == "publication":
            out.append(Expected(PUB, raw.strip().upper(), raw, key))
        elif kind == "date":
            out.append(Expected(DATE, parse_date(raw) or raw, raw, key))
        elif kind == "number":
            value = number_value(raw)
            text = num_text(value) if value is not None else raw
            sub = next((c for c in (ref.claims if ref else []) if c.kind in NUMERIC and c.number == text), None)
            if sub is not None and sub.kind in (AMOUNT, POSTCODE, COUNT):
                out.append(Expected(sub.kind, sub.value, raw, key))
            else:
                out.append(Expected(NUMBER, text, raw, key))
        elif kind == "text" and fold(raw) in lx.LEGAL_FORMS:
            out.append(Expected(LEGAL, lx.LEGAL_FORMS[fold(raw)], raw, key, tuple(tokens(raw))))
        elif kind in ("name", "text"):
            words = tuple(tokens(raw))
            if words:
                out.append(Expected(NAME if kind == "name" else TEXT, " ".join(words), raw, key, words))
    if not facts and ref is not None:
        seen = set()
        for c in ref.claims:
            if c.kind in MEASURABLE and (c.kind, c.value) not in seen:
                seen.add((c.kind, c.value))
                out.append(Expected(c.kind, c.value, expected[c.start:c.end], True))
    return out


def _claim_matches(c: Claim, e: Expected) -> bool:
    if e.kind in (UID_KIND, PUB, DATE, LEGAL):
        return c.kind == e.kind and c.value == e.value
    if e.kind in NUMERIC:
        return c.kind in NUMERIC and c.number == e.number
    return False


def _same_kind(c: Claim, kind: str, value: str = "") -> bool:
    """Whether a claim is of an asked kind (a count of the same thing: notices are not companies)."""
    if kind == COUNT:
        return c.kind == COUNT and c.value.partition(":")[0] == value.partition(":")[0]
    return c.kind == kind


# ------------------------------------------------------------------------------------------- one answer


@dataclass
class Mention:
    span: tuple[int, int]
    negated: bool


@dataclass
class Status:
    fact: Expected
    mentions: list[Mention] = field(default_factory=list)
    contradicted: bool = False
    hedged: bool = False

    @property
    def positive(self) -> bool:
        return any(not m.negated for m in self.mentions)

    @property
    def denied(self) -> bool:
        return any(m.negated for m in self.mentions)

    @property
    def stated(self) -> bool:
        """Stated positively, not also denied."""
        return self.positive and not self.denied

    @property
    def correct(self) -> bool:
        return self.stated and not self.contradicted and not self.hedged


def _copied_runs(answer: Reading, question_words: list[str]) -> list[tuple[int, int, int]]:
    """Stretches of the answer copied from the question: (start, end, number of words), maximal runs."""
    toks = answer.token_spans
    words = [t for t, _, _ in toks]
    m = len(question_words)
    prev = [0] * (m + 1)
    runs: list[tuple[int, int, int]] = []
    best_at: dict[int, int] = {}
    for i, w in enumerate(words):
        cur = [0] * (m + 1)
        for j in range(1, m + 1):
            if question_words[j - 1] == w:
                cur[j] = prev[j - 1] + 1
        best_at[i] = max(cur)
        prev = cur
    i = len(words) - 1
    while i >= 0:
        n = best_at.get(i, 0)
        if n >= 2:
            runs.append((toks[i - n + 1][1], toks[i][2], n))
            i -= n
        else:
            i -= 1
    return runs


class Analysis:
    """An answer read against its question and reference: the facts found, the claims of asked kinds, lists."""

    def __init__(self, item: JudgeInput) -> None:
        self.item = item
        self.answer = Reading(item.answer, item.expected)
        self.question = Reading(item.question)
        self.q_words = tokens(item.question)
        self.q_set = set(self.q_words)
        self.facts = type_facts(item.facts, item.expected)
        keys = [f for f in self.facts if f.key]
        self.keys = keys or list(self.facts)
        self.kind = self._answer_kind()
        self.runs = _copied_runs(self.answer, self.q_words)
        self.given = {(c.kind, c.value) for c in self.question.claims}
        self.status = [self._find(f) for f in self.facts]

    # -- what is asked
    def _answer_kind(self) -> str:
        k = (self.item.answer_kind or "").strip()
        if k in ("list", "count", "not_found"):
            return k  # "fact" is also the dataset model's default: the facts may still show a list
        names = [f for f in self.keys if f.kind == NAME]
        if len(names) >= 2 or (self.item.category in LIST_CATEGORIES and names):
            return "list"
        if any(sum(1 for f in self.keys if f.kind == kind) >= 2 for kind in (DATE, PUB)):
            return "list"
        return "fact"

    def multi(self, kind: str) -> bool:
        """Whether the question asks for several values of this kind (a list), not one."""
        return self.kind == "list" or sum(1 for f in self.keys if f.kind == kind) > 1

    @property
    def open_list(self) -> bool:
        return bool(OPEN_LIST.search(fold(self.item.expected)))

    def key_kinds(self) -> list[str]:
        return sorted({f.kind for f in self.keys})

    # -- finding one fact
    def _skip_for(self, words: Sequence[str]) -> list[tuple[int, int]]:
        """Copied stretches to ignore when a fact also occurs in the question: the answer must state it on
        its own, not by repeating the question ("the legal form of Varvopra GmbH" does not say GmbH)."""
        if not words or not set(words) <= self.q_set:
            return []
        return [(a, b) for a, b, n in self.runs if n > len(words)]

    def _find(self, f: Expected) -> Status:
        st = Status(f)
        a = self.answer
        if f.kind in MEASURABLE:  # a legal form inside a name copied from the question is no answer
            # (a two-word overlap such as "is Stiftung" is no copy: "… of Stiftung X is Stiftung" answers)
            skip = [(x, y) for x, y, n in self.runs if n >= 3] if f.kind == LEGAL else []
            for c in a.claims:
                if _claim_matches(c, f) and not any(x <= c.start < y for x, y in skip):
                    st.mentions.append(Mention((c.start, c.end), c.negated))
        elif f.kind == NAME:
            for span in a.find_name(list(f.words), skip=self._skip_for(f.words)):
                st.mentions.append(Mention(span, a.negated(*span)))
        else:  # a phrase; an address also in its parts ("Hauptstrasse 107, 3930 Visp" = "3930 Visp, Hauptstrasse 107")
            skip = self._skip_for(f.words)
            spans = a.find_phrase(list(f.words), skip)
            if not spans and "," in f.raw:
                parts = [tokens(p) for p in f.raw.split(",") if tokens(p)]
                found = [a.find_phrase(p, skip) for p in parts]
                if all(found):
                    spans = [s for group in found for s in group]
            for span in spans:
                st.mentions.append(Mention(span, a.negated(*span)))
        if st.mentions and not self.multi(f.kind):
            st.hedged = any(self._hedged(m.span) for m in st.mentions if not m.negated)
        return st

    def _hedged(self, span: tuple[int, int]) -> bool:
        after = self.answer.plain[span[1]:span[1] + 40]
        before = self.answer.plain[max(0, span[0] - 40):span[0]]
        alt = rf"(?:,\s*)?\b{lx.DISJUNCTION}\b\s+(?:an?\s+|une?\s+|ein[e]?\s+|la\s+|le\s+|il\s+)?"
        return bool(re.match(rf"\s*{alt}[A-ZÀ-Ý0-9]", after) or
                    re.search(rf"[A-Za-zÀ-ÿ0-9][\w'-]*\s*{alt}$", before) and not re.search(r"[.;:\n]", before[-12:]))

    # -- the answer's claims of the asked kinds
    def asked_claims(self, kind: str, value: str = "") -> list[Claim]:
        """The answer's claims of one asked kind, less the values the question itself gave. Citations count
        only where they are the answer: publications asked for, or a list of dates."""
        cite_ok = kind == PUB or self.multi(kind) or any(f.kind == PUB for f in self.keys)
        return [c for c in self.answer.claims if _same_kind(c, kind, value) and (c.kind, c.value) not in self.given
                and (cite_ok or not c.citation)]

    def _matches_any(self, c: Claim) -> bool:
        return any(_claim_matches(c, f) for f in self.facts)

    # -- lists
    def list_items(self) -> tuple[int, int, list[str]]:
        """Set matching of the answer's listed items against the reference's names: (items matched,
        extra items, the extras' texts). Only blocks (tables, bullet lists, enumerations) that hold at least
        one reference name are read, so padding elsewhere does not count here."""
        names = [st for st in self.status if st.fact.kind == NAME]
        if not names:
            return 0, 0, []
        tp = fp = 0
        extras: list[str] = []
        stop = self.q_set | set(self.subject)
        for block in segments(self.answer):
            hits = []
            for seg, _row in block:
                words = set(tokens(seg))
                hit = [st for st in names if set(st.fact.words) <= words]
                hits.append(hit)
            if not any(hits):
                continue
            for (seg, row), hit in zip(block, hits, strict=True):
                if hit:
                    tp += 1
                    continue
                if lx.FORMER.search(fold(row)):
                    continue  # listed as having left: not claimed as a current member
                if _name_like(seg, stop, [set(st.fact.words) for st in names]):
                    fp += 1
                    extras.append(seg.strip()[:60])
        return tp, fp, extras

    # -- the subject
    @cached_property
    def subject(self) -> list[str]:
        return subject_words(self.item.question, self.item.expected)

    def mentions_subject(self) -> bool:
        """Whether the answer names the entity asked about: most of its distinctive words, or its uid."""
        uids = {re.sub(r"\D", "", u) for u in self.item.entity_uids} | {
            c.value for c in self.question.claims if c.kind == UID_KIND}
        if uids and any(c.kind == UID_KIND and c.value in uids for c in self.answer.claims):
            return True
        words = [w for w in self.subject if w not in lx.LEGAL_TOKENS and w not in lx.FILLER
                 and w not in lx.NOT_NAMES and w not in lx.LEGAL_FORMS]
        if not words:
            return True
        have = set(tokens(self.item.answer))
        return sum(1 for w in words if w in have) >= max(1, math.ceil(0.6 * len(words)))

    def other_entities(self) -> list[str]:
        """Companies (names with a legal form) and uids the answer names that are neither the subject, nor in
        the question, nor in the reference."""
        known = set(self.subject) | self.q_set
        for f in self.facts:
            known |= set(f.words)
        out = []
        for text, words in entity_mentions(self.answer):
            own = [w for w in words if w not in lx.LEGAL_TOKENS and w not in lx.LEGAL_FORMS and w not in lx.NOT_NAMES]
            if own and not set(own) <= known and set(words) & lx.LEGAL_TOKENS:
                out.append(text)
        expected_uids = {f.value for f in self.facts if f.kind == UID_KIND} | {
            re.sub(r"\D", "", u) for u in self.item.entity_uids}
        if expected_uids:
            out += [c.value for c in self.answer.claims if c.kind == UID_KIND and c.value not in expected_uids
                    and (c.kind, c.value) not in self.given]
        return out

    @cached_property
    def swapped(self) -> list[str]:
        """The other entities an answer is about, when it never names the one asked about nor any entity of the
        reference (else empty). A value that coincides (two companies with CHF 20'000) does not save it."""
        if self.kind == "not_found" or any(st.stated for st in self.status if st.fact.kind == NAME):
            return []
        others = self.other_entities()
        return others if others and not self.mentions_subject() else []


# ------------------------------------------------------------------------------------------- text helpers


def subject_words(question: str, expected: str) -> list[str]:
    """The entity a question is about: the longest stretch of the question that the reference repeats and
    that holds a capitalised word; else the reference's first multi-word name."""
    q = Reading(question)
    qt = q.token_spans
    ew = tokens(expected)
    best: list[str] = []
    for i in range(len(qt)):
        for j in range(i + 1, len(qt) + 1):
            run = [t for t, _, _ in qt[i:j]]
            if len(run) <= len(best) or not _contains(ew, run):
                continue
            if any(q.plain[a].isupper() and t not in lx.QUESTION_WORDS for t, a, _ in qt[i:j]):
                best = run
    label = lx.FILLER | lx.QUESTION_WORDS | lx.NOT_NAMES
    while best and best[0] in label:
        best = best[1:]
    while best and best[-1] in label and best[-1] not in lx.LEGAL_TOKENS:
        best = best[:-1]
    if best:
        return best
    if expected:
        for _, words in entity_mentions(Reading(expected)):
            if len(words) >= 2:
                return list(words)
    return []


def _contains(seq: list[str], run: list[str]) -> bool:
    n = len(run)
    return any(seq[i:i + n] == run for i in range(len(seq) - n + 1))


# One capitalised word is a name only after one of these ("in Zermatt", "à Genève"): German capitalises nouns.
_PLACE_PREPOSITIONS = frozenset("in at from near a à au en di da nel nella im in bei nach aus von zu".split())
_PLACE_ARTICLES = frozenset("le la les l il lo san sant santa st ste saint sainte sankt".split())
_CONNECTORS = frozenset("& de du des di da del della dello van von der den le la e et und y".split())


def entity_mentions(r: Reading) -> list[tuple[str, tuple[str, ...]]]:
    """Names in a text: runs of capitalised words (with their connectors: "de", "von", "&", …) that are not
    labels or sentence openers; a single word only as a place ("in Zermatt") or a company ("sigvi GmbH")."""
    out = []
    toks = r.token_spans
    i = 0
    while i < len(toks):
        w, a, b = toks[i]
        article = (w in _PLACE_ARTICLES and r.plain[a].isupper() and i + 1 < len(toks) and _cap(r, i + 1)
                   and re.fullmatch(r"[ '.-]{1,2}", r.low[b:toks[i + 1][1]]) is not None)  # "Le Locle", "St. Moritz"
        if not _cap(r, i) and not article:
            i += 1
            continue
        j = i + 1 if article else i
        while j + 1 < len(toks):
            gap = r.low[toks[j][2]:toks[j + 1][1]]
            if not re.fullmatch(r"[ &'/-]{0,3}", gap):
                break
            nxt = toks[j + 1][0]
            if _cap(r, j + 1) or nxt in lx.LEGAL_TOKENS or (r.plain[toks[j + 1][1]].isupper() and nxt not in lx.FILLER):
                j += 1  # inside a name a label word is a word of the name ("Bau & Partner GmbH")
            elif nxt in _CONNECTORS and j + 2 < len(toks) and _cap(r, j + 2) \
                    and re.fullmatch(r"[ &'/-]{0,3}", r.low[toks[j + 1][2]:toks[j + 2][1]]):
                j += 2
            else:
                break
        while j > i and toks[j][0] in lx.NOT_NAMES and toks[j][0] not in lx.LEGAL_TOKENS:
            j -= 1  # "… GmbH Status" ends before the label
        run = [t for t, _, _ in toks[i:j + 1]]
        if i > 0 and (all(t in lx.LEGAL_TOKENS for t in run) or r.low[toks[i - 1][2]:toks[i][1]] == " & "):
            prev = toks[i - 1][0]  # "sigvi GmbH", "ansig & Associés Sàrl": a name may start in lowercase
            if re.fullmatch(r"[ &]{1,3}", r.low[toks[i - 1][2]:toks[i][1]]) and prev not in lx.FILLER \
                    and prev not in lx.NOT_NAMES and not prev.isdigit():
                i -= 1
        words = tuple(t for t, _, _ in toks[i:j + 1] if t not in _CONNECTORS)
        start = toks[i][1]
        before = r.plain[max(0, start - 40):start]
        line = before.rsplit("\n", 1)[-1] if "\n" in before else (before if start <= 40 else None)
        opener = (line is not None and re.fullmatch(r"[\s*_`#>|]*(?:[-*•+]\s+|\d{1,3}[.)]\s+)?[\s*_`]*", line) is not None) \
            or re.search(r"[.!?:|]\s*[*_`]*\s*$", before) is not None
        place = i > 0 and toks[i - 1][0] in _PLACE_PREPOSITIONS and r.low[toks[i - 1][2]:start] == " "
        if words and (len(words) >= 2 or (not opener and (place or words[0] in lx.LEGAL_TOKENS))):
            out.append((r.text[start:toks[j][2]], words))
        i = j + 1
    return out


def _cap(r: Reading, i: int) -> bool:
    w, a, _ = r.token_spans[i]
    return (r.plain[a].isupper() and len(w) >= 2 and w not in lx.NOT_NAMES and w not in lx.FILLER
            and w not in lx.MONTHS and not w.isdigit())


_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")
_NAME_HEADERS = frozenset("person persons name names company companies firma firm nom nome societe societa entity "
                          "personne persona unternehmen gesellschaft".split())
_BULLET = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)])\s+")


def segments(r: Reading) -> list[list[tuple[str, str]]]:
    """The answer's list blocks, each a list of (item, its whole row): a Markdown table (its name column), a bullet or
    numbered list (each line up to its first dash, parenthesis or dot separator), or an enumeration inside a
    sentence (after its colon, split at semicolons, else at commas and "and"/"und"/"et"/"e")."""
    lines = r.plain.split("\n")
    blocks: list[list[str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("|"):
            table = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                table.append(lines[i])
                i += 1
            blocks.append(_table_items(table))
            continue
        if _BULLET.match(line):
            block = []
            while i < len(lines) and _BULLET.match(lines[i]):
                block.append((_item_name(_BULLET.sub("", lines[i])), lines[i]))
                i += 1
            blocks.append(block)
            continue
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line):
            block = [(part, part) for part in _enumeration(sentence)]
            if block:
                blocks.append(block)
        i += 1
    return [b for b in blocks if b]


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _table_items(table: list[str]) -> list[tuple[str, str]]:
    rows = [t for t in table if not _TABLE_SEP.match(t)]
    if not rows:
        return []
    header = [fold(c) for c in _cells(rows[0])]
    has_header = len(table) > 1 and _TABLE_SEP.match(table[1]) is not None
    body = rows[1:] if has_header else rows
    col = next((k for k, h in enumerate(header) if set(h.split()) & _NAME_HEADERS), None) if has_header else None
    if col is None:
        col = next((k for k, h in enumerate(header) if h not in ("", "#", "nr", "no")), 0) if has_header else 0
    return [(_cells(row)[col] if col < len(_cells(row)) else "", row) for row in body]


def _item_name(text: str) -> str:
    """A list line's item: up to the first " — ", " - ", " · ", "(" or ":" after a label."""
    m = re.match(r"^\s*[\w ]{1,20}:\s+(.+)$", text)
    if m and len(m.group(1)) > 2:
        text = m.group(1)
    return re.split(r"\s[—–-]\s|\s·\s|\(|\s\|\s", text, maxsplit=1)[0]


def _enumeration(sentence: str) -> list[str]:
    body = sentence.rsplit(":", 1)[-1] if ":" in sentence else sentence
    body = re.sub(r"\([^)]*\)", " ", body)
    if ";" in body:
        parts = body.split(";")
    else:
        parts = re.split(r",\s+|\s+(?:and|und|et|e|sowie|as well as|ainsi que|nonché)\s+", body)
    parts = [p.strip(" .") for p in parts if p.strip(" .")]
    return parts if len(parts) >= 2 or ":" in sentence else []


def _name_like(seg: str, stop: set[str], names: list[set[str]]) -> bool:
    """Whether a list item names something: a capitalised word that is no label, role, question word or part
    of a reference name (a name split at its comma is one item, not two)."""
    r = Reading(seg)
    words = set(tokens(seg))
    if any(words and words <= n for n in names):
        return False
    spans = [(c.start, c.end) for c in r.claims]
    for w, a, _ in r.token_spans:
        if any(x <= a < y for x, y in spans):
            continue
        if r.plain[a].isupper() and len(w) >= 2 and w not in lx.NOT_NAMES and w not in lx.FILLER \
                and w not in stop and w not in lx.MONTHS:
            return True
    return False


def _blocks(text: str, us: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Runs of consecutive table rows or list lines among the units (a table without its header row)."""
    out: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    kind = ""
    for x, b in us:
        line = text[x:b].lstrip()
        k = "table" if line.startswith("|") else "list" if _BULLET.match(line) else ""
        if k and k == kind and current and text[current[-1][1]:x].count("\n") <= 1 + (k == "table"):
            current.append((x, b))
            continue
        if current:
            out.append(current)
        current, kind = ([(x, b)] if k else []), k
    if current:
        out.append(current)
    return [blk[1:] if text[blk[0][0]:blk[0][1]].lstrip().startswith("|") and len(blk) > 1 else blk for blk in out]


def units(text: str) -> list[tuple[int, int]]:
    """The answer's units for the padding measure: lines, prose lines split into sentences; table separators
    and meta lines (next steps, the engine's footer) left out."""
    out = []
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        if not line.strip() or _TABLE_SEP.match(line) or META_LINE.match(line.strip(" *_")):
            continue
        if line.strip().startswith("|") or _BULLET.match(line):
            out.append((start, start + len(line)))
            continue
        s = start
        for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z*])", line):
            out.append((s, start + m.start()))
            s = start + m.end()
        out.append((s, start + len(line)))
    return [(a, b) for a, b in out if text[a:b].strip()]


# ------------------------------------------------------------------------------------------- the judge


def _cues(text: str) -> tuple[bool, bool, bool]:
    """(says not found, refuses, only asks back)."""
    folded = fold(text)
    not_found = bool(lx.NOT_FOUND.search(folded))
    refusal = bool(lx.REFUSAL.search(folded))
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]
    asks = bool(sentences) and all(s.rstrip(" *_").endswith("?") for s in sentences)
    return not_found, refusal, asks


class _NeedsVectors(Exception):
    """Scoring ahead: this record's relevance depends on a similarity not embedded yet."""


class _EmbeddingFailed(Exception):
    """The embedding model failed: relevance is missing, with the reason."""


def relevance_texts(item: JudgeInput) -> list[str]:
    """What relevance compares: the question, then the answer's chunks (the whole answer when it has none)."""
    return [item.question, *(chunks(item.answer) or [item.answer])]


class DeterministicJudge(Judge):
    name = "deterministic"

    def __init__(self, embed: Embed | None = None) -> None:
        self._embed = embed or _default_embed
        self._vectors: dict[str, np.ndarray] = {}  # the texts of the records last prepared
        self._relevance: dict[int, tuple[JudgeInput, Score]] = {}  # their relevance, scored ahead

    def prepare(self, items: Sequence[JudgeInput], metrics: Sequence[str]) -> None:
        """Scores the relevance of these records ahead, embedding in one call only the texts of those whose score
        depends on the similarity (an answer that states the asked kinds, or says "not found" to a not-found
        question, is scored without it). One call sorted by length across the records pads less and multiplies
        larger matrices: about 2x faster than a call per record; the vectors differ by float rounding (~1e-7).
        `score` then returns these scores; an embedding failure is left to each record's own score."""
        self._vectors, self._relevance = {}, {}
        if RELEVANCE not in metrics:
            return
        pending: list[JudgeInput] = []
        for item in items:
            if item.answer.strip():
                try:
                    self._relevance[id(item)] = (item, self.relevance(Analysis(item), embed=False))
                except _NeedsVectors:
                    pending.append(item)
        texts = list(dict.fromkeys(t for item in pending for t in relevance_texts(item)))
        if texts:
            try:
                self._vectors = dict(zip(texts, self._embed(texts), strict=True))
            except Exception:  # noqa: BLE001, S110 - each record then embeds its own texts and reports why it failed
                pass

    def _vectors_of(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        fresh = dict(zip(missing, self._embed(missing), strict=True)) if missing else {}
        return np.stack([self._vectors[t] if t in self._vectors else fresh[t] for t in texts])

    def score(self, metric: str, item: JudgeInput) -> Score:
        if metric not in (RECALL, CORRECTNESS, FAITHFULNESS, RELEVANCE):
            return Score(None, error=f"unknown metric {metric!r}")
        if not item.answer.strip():
            return Score(0.0, detail={"reason": "empty answer"})
        if metric == RELEVANCE and (ahead := self._relevance.get(id(item))) and ahead[0] is item:
            return ahead[1]
        a = Analysis(item)
        if metric == FAITHFULNESS:
            return self.faithfulness(a)
        if metric == RELEVANCE:
            return self.relevance(a)
        if a.kind == "not_found":
            return self.not_found(a)
        if not a.facts:
            return Score(None, error="the expected answer has no checkable facts")
        return self.recall(a) if metric == RECALL else self.correctness(a)

    # -- recall and correctness
    def recall(self, a: Analysis) -> Score:
        if a.swapped:
            return Score(0.0, detail={"facts": len(a.status), "found": 0, "about_another_entity": a.swapped[:5]})
        stated = [st for st in a.status if st.stated]
        return Score(len(stated) / len(a.status), detail={
            "facts": len(a.status), "found": len(stated),
            "denied": [st.fact.raw for st in a.status if st.denied][:10],
            "missing": [st.fact.raw for st in a.status if not st.positive][:10]})

    def correctness(self, a: Analysis) -> Score:
        keys = [st for st in a.status if st.fact.key] or a.status
        if a.swapped:  # the facts it states are another entity's, even where the values coincide
            return Score(0.0, detail={"answer_kind": a.kind, "key_facts": len(keys), "correct": 0,
                                      "about_another_entity": a.swapped[:5]})
        tp_claims = fp_claims = 0
        wrong: list[str] = []
        for kind in sorted({st.fact.kind for st in keys if st.fact.kind in MEASURABLE}):
            value = next(st.fact.value for st in keys if st.fact.kind == kind)
            for c in a.asked_claims(kind, value):
                if c.negated:
                    if a._matches_any(c):  # a true value denied
                        fp_claims += 1
                        wrong.append(f"not {c.value}")
                elif a._matches_any(c):
                    tp_claims += 1
                else:
                    fp_claims += 1
                    wrong.append(c.value)
                    if not a.multi(kind) and not c.citation:  # another value for a one-value question
                        for st in keys:
                            if st.fact.kind == kind and (kind != COUNT or st.fact.value.partition(":")[0]
                                                         == c.value.partition(":")[0]):
                                st.contradicted = True
        extras: list[str] = []
        if a.kind == "list" and not a.open_list:
            tp_items, fp_items, extras = a.list_items()
            tp_claims += tp_items
            fp_claims += fp_items
        correct = [st for st in keys if st.correct]
        recall = len(correct) / len(keys)
        measured = tp_claims + fp_claims
        precision = tp_claims / measured if measured else None
        value = recall if precision is None else f1(precision, recall)
        return Score(round(value, 4), detail={
            "answer_kind": a.kind, "key_facts": len(keys), "correct": len(correct),
            "recall": round(recall, 4), "precision": None if precision is None else round(precision, 4),
            "denied": [st.fact.raw for st in keys if st.denied][:10],
            "contradicted": [st.fact.raw for st in keys if st.contradicted][:10],
            "hedged": [st.fact.raw for st in keys if st.hedged][:10],
            "wrong_claims": wrong[:10], "extra_items": extras[:10]})

    def not_found(self, a: Analysis) -> Score:
        """A question about an entity the data does not hold: right only if the answer says so and states
        nothing about it."""
        says, refuses, _ = _cues(a.item.answer)
        stated = [c for c in a.answer.claims if c.kind in FACTUAL and not c.negated and (c.kind, c.value) not in a.given]
        value = 1.0 if says and not stated else 0.3 if says else 0.0
        return Score(value, detail={"answer_kind": "not_found", "says_not_found": says, "refuses": refuses,
                                    "facts_stated": [c.value for c in stated][:10]})

    # -- faithfulness
    def faithfulness(self, a: Analysis) -> Score:
        ctx_text = a.item.context or ""
        ctx = None if context_empty(ctx_text) else Reading(ctx_text)
        ctx_only = set(tokens(ctx_text)) if ctx is not None else set()
        ctx_words = ctx_only | a.q_set
        ctx_values = {(c.kind if c.kind not in NUMERIC else "n", c.number if c.kind in NUMERIC else c.value)
                      for c in (ctx.claims if ctx else [])} | {
            (c.kind if c.kind not in NUMERIC else "n", c.number if c.kind in NUMERIC else c.value)
            for c in a.question.claims}
        records = len({c.value for c in (ctx.claims if ctx else []) if c.kind in (PUB, UID_KIND)})
        checked: list[tuple[str, bool]] = []
        fabricated: list[str] = []
        for c in a.answer.claims:
            if c.negated or (c.kind, c.value) in a.given:
                continue
            if c.citation and c.kind == DATE:
                continue  # checked with its publication
            if c.citation and c.kind == PUB:
                ok = ctx is not None and _cited(ctx, c.value, c.pair)
                checked.append((f"{c.value}, {c.pair}", ok))
                if not ok:
                    fabricated.append(f"{c.value}, {c.pair}")
                continue
            checked.append((c.value, self._supported(c, ctx_values, ctx_only, ctx_text, records)))
        known = set(a.q_set)
        for text, words in entity_mentions(a.answer):
            if set(words) <= known:
                continue
            checked.append((text, set(words) <= ctx_words))
        says, refuses, asks = _cues(a.item.answer)
        detail: dict[str, Any] = {"claims": len(checked), "supported": sum(ok for _, ok in checked),
                                  "unsupported": [v for v, ok in checked if not ok][:10]}
        if not checked:
            if says or refuses or asks:
                return Score(1.0, detail=detail | {"reason": "no claims: an honest not-found, refusal or question"})
            if ctx is None:
                return Score(0.0, detail=detail | {"reason": "a factual answer with no retrieved context"})
            words = [w for w in tokens(a.item.answer) if len(w) >= 4 and w.isalpha() and w not in lx.FILLER
                     and w not in lx.NOT_NAMES and w not in a.q_set]
            share = sum(1 for w in words if w in ctx_words) / len(words) if words else 1.0
            return Score(round(share, 4), detail=detail | {"reason": "no typed claims: share of content words in the context",
                                                           "words": len(words)})
        if ctx is None:
            return Score(0.0, detail=detail | {"reason": "a factual answer with no retrieved context"})
        value = sum(ok for _, ok in checked) / len(checked)
        if fabricated:
            value = min(value, FABRICATED_CAP)
            detail["fabricated_citations"] = fabricated[:10]
        return Score(round(value, 4), detail=detail)

    @staticmethod
    def _supported(c: Claim, values: set, words: set[str], ctx_text: str, records: int) -> bool:
        if c.kind in NUMERIC:
            if ("n", c.number) in values:
                return True
            if c.kind == COUNT:  # a count the system made from the rows it retrieved
                return 0 < int(c.number) <= max(records, 1)
            return c.kind == YEAR and c.number in ctx_text
        if c.kind == MONTH:
            return c.value in ctx_text or any(k == DATE and v.startswith(c.value) for k, v in values)
        if c.kind == LEGAL:
            return any(set(s.split()) <= words for s, canon in lx.LEGAL_FORMS.items() if canon == c.value)
        return (c.kind, c.value) in values

    # -- relevance
    def relevance(self, a: Analysis, embed: bool = True) -> Score:
        """How far the answer gives what was asked. The similarity of question and answer is computed only where
        the score depends on it (with `embed` False, only from vectors already prepared: else _NeedsVectors)."""
        item = a.item
        from app_eval.judges.embedding import PIN  # noqa: PLC0415 - light: constants only

        detail: dict[str, Any] = {"embedding": PIN, "answer_kind": a.kind}
        similarity: list[float] = []

        def sem() -> float:
            if not similarity:
                texts = relevance_texts(item)
                if not embed and any(t not in self._vectors for t in texts):
                    raise _NeedsVectors
                try:
                    vectors = self._vectors_of(texts)
                except Exception as exc:  # noqa: BLE001 - a model that cannot load is a missing score, with its reason
                    raise _EmbeddingFailed(f"embedding failed: {type(exc).__name__}: {str(exc)[:200]}") from exc
                cos = float(np.max(vectors[1:] @ vectors[0]))
                similarity.append(min(1.0, max(0.0, (cos - COS_FLOOR) / (COS_CEIL - COS_FLOOR))))
                detail.update(cosine=round(cos, 4), similarity=round(similarity[0], 4))
            return similarity[0]

        try:
            return self._relevance_path(a, sem, detail)
        except _EmbeddingFailed as exc:
            return Score(None, error=str(exc))

    def _relevance_path(self, a: Analysis, sem: Callable[[], float], detail: dict[str, Any]) -> Score:
        item = a.item
        says, refuses, _ = _cues(item.answer)
        hits = [st for st in a.status if st.mentions]
        new_claims = [c for c in a.answer.claims if (c.kind, c.value) not in a.given and c.kind != YEAR]
        typed = [k for k in a.key_kinds() if k in MEASURABLE]
        bearing = bool(hits) or any(any(_same_kind(c, k, next(f.value for f in a.keys if f.kind == k)) for c in
                                        new_claims) for k in typed)

        def capped(cap: float, why: str) -> Score:
            return Score(round(cap * sem(), 4), detail=detail | {"path": why})

        if a.kind == "not_found":
            if says:
                focus = self._focus(a, item.answer, not_found=True)
                if any(c.kind in FACTUAL and not c.negated for c in new_claims):  # "not found; did you mean …"
                    return Score(round(0.5 * focus, 4), detail=detail | {"path": "says not found, then offers facts"})
                return Score(round(focus, 4), detail=detail | {"path": "says not found", "focus": round(focus, 4)})
            if refuses:
                return capped(REFUSAL_CAP, "refusal")
            return capped(OFF_TOPIC_CAP, "does not say the entity is not found")
        if self._echo(a, new_claims, hits):
            return capped(ECHO_CAP, "echo of the question")
        if (refuses or says) and not bearing:
            return capped(REFUSAL_CAP, "refusal or not found")
        if a.swapped:
            detail["other_entities"] = a.swapped[:5]
            return capped(OFF_TOPIC_CAP, "about another entity")
        if typed and not bearing and len(typed) == len(a.key_kinds()):
            return capped(OFF_TOPIC_CAP, "nothing of the asked kinds")
        if not a.facts:
            base = sem()
        else:
            base = 1.0 if bearing else sem()
        focus = self._focus(a, item.answer) if a.facts else 1.0
        return Score(round(base * focus, 4), detail=detail | {"path": "states the asked kinds" if bearing else "similarity",
                                                              "focus": round(focus, 4)})

    @staticmethod
    def _echo(a: Analysis, new_claims: list[Claim], hits: list[Status]) -> bool:
        """The answer restates the question: no new claim, no fact, and hardly a word the question lacks."""
        if new_claims or any(st.stated for st in hits):
            return False
        words = [w for w in tokens(a.item.answer) if w not in lx.FILLER]
        if not words:
            return True
        new = [w for w in words if w not in a.q_set]
        return len(new) <= max(1, int(0.25 * len(words)))

    @staticmethod
    def _focus(a: Analysis, text: str, not_found: bool = False) -> float:
        """The share of the answer spent on what was asked (with a grace for a lead-in, citations or next
        steps), less when the asked content comes only in the second half."""
        us = units(text)
        total = sum(b - x for x, b in us)
        if not us or total <= 0:
            return 1.0
        spans = [m.span for st in a.status for m in st.mentions]
        for st in a.status:  # a phrase (a purpose, an address) goes on to the end of its line
            for m in st.mentions if st.fact.kind == TEXT else []:
                end = text.find("\n", m.span[0])
                spans += [(x, b) for x, b in us if m.span[0] <= x and (end < 0 or b <= end)]
        for k in {f.kind for f in a.keys if f.kind in MEASURABLE}:
            value = next(f.value for f in a.keys if f.kind == k)
            spans += [(c.start, c.end) for c in a.asked_claims(k, value)]
        asked: list[tuple[int, int]] = []
        for x, b in us:
            seg = text[x:b]
            if any(x <= s < b for s, _ in spans) or (not_found and lx.NOT_FOUND.search(fold(seg))):
                asked.append((x, b))
        for block in _blocks(text, us):  # a list of asked items, or a ranking whose first row is asked, counts whole
            if (a.kind == "list" and any(u in asked for u in block)) or block[0] in asked:
                asked = sorted(set(asked) | set(block))
        used = sum(b - x for x, b in asked)
        focus = min(1.0, (used + GRACE_CHARS) / total)
        if asked and asked[0][0] > max(LATE_START, 0.5 * len(text)):
            focus *= LATE_FACTOR
        return focus


def context_empty(context: str) -> bool:
    """No context, or only tool calls that returned nothing (`{"tool": …, "rows": [], "message": ""}` lines)."""
    if not context.strip():
        return True
    for line in context.splitlines():
        if not line.strip():
            continue
        try:
            step = json.loads(line)
        except ValueError:
            return False
        if not isinstance(step, dict) or step.get("rows") or str(step.get("message") or "").strip() or \
                set(step) - {"tool", "rows", "message"}:
            return False
    return True


def _cited(ctx: Reading, publication: str, day: str) -> bool:
    """Whether the context holds this publication with this date (in the same record, near each other)."""
    pubs = [c for c in ctx.claims if c.kind == PUB and c.value == publication]
    if not pubs:
        return False
    if not day:
        return True
    dates = [c for c in ctx.claims if c.kind == DATE and c.value == day]
    return any(abs(d.start - p.start) <= 400 for p in pubs for d in dates)
