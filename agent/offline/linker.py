"""Entity linking for the offline engine: which companies, persons and UIDs a question names, found by looking
them up in the graph before any keyword is read, so that names made of everyday words ("… Events GmbH"),
lower-case names, names after a preposition of any language, misspellings and former names all survive.

How: the question's words go to the name indexes in one query (companies by current name, persons by their
NameHub identity); every returned name is compared, accent- and case-insensitively, with every run of words
of the question. An exact name (legal-form words and "in Liquidation" aside) beats a misspelled one, and the
longest run wins. Only when nothing matches exactly do the dearer look-ups run: the names companies bore in
earlier notices (former names), then typo-tolerant terms for the words no returned name holds. A CHE UID is
read in any spacing or punctuation. Typically one look-up per question, at most three (see `link`).

The result is plain data (dicts and lists), so it can sit in the checkpointed scratch of a turn:
{"mentions": [mention, ...], "ms": float, "lookups": int}, the first mention the main one. A mention:
{"text", "start", "end", "uid", "name", "kind" ("Company"|"Person"), "match" (0..1), "exact" (bool),
"via" ("name"|"former"|"uid"), "former" (the old name, via former), "alternatives" ([{uid, name, kind}]:
entities as plausible as this one; several mean the question is ambiguous)}.
"""
from __future__ import annotations

import re
import time
from typing import Any

from rapidfuzz.distance import OSA

from agent.offline import lexicon
from kg import name_words
from kg.endpoints.base import Context, read
from kg.endpoints.search import FORMER_NAMES as FORMER
from kg.places import CANTONS, CITY_NAMES
from kg.text import fold, loose

COMPANY_INDEX, HUB_INDEX, EVENT_INDEX = "Company[name]", "NameHub[name]", "Event[full_text]"
POOL = 30  # names read per index and look-up

# Companies by current name (a weak node whose NameHub also holds a strong company is that company: hidden, as
# in search_companies) and persons by NameHub identity, in one round trip.
NAMES = """
CALL db.index.fulltext.queryNodes($companies, $q, {limit: $pool}) YIELD node, score
WITH node, score
OPTIONAL MATCH (node)-[:HAS_NAME]->(h:NameHub)
OPTIONAL MATCH (twin:Company)-[:HAS_NAME]->(h) WHERE twin.strength = 'strong' AND twin.uid <> node.uid
WITH node, score, count(twin) AS twins
RETURN node.uid AS uid, node.name AS name, 'Company' AS kind, node.strength AS strength, twins AS twins,
       '' AS current, score AS score
UNION ALL
CALL db.index.fulltext.queryNodes($hubs, $q, {limit: $pool}) YIELD node, score
WITH node, score
MATCH (p:Person)-[:HAS_NAME]->(node)
WITH node, score, count(p) AS members
RETURN node.uid AS uid, node.name AS name, 'Person' AS kind, 'strong' AS strength, 0 AS twins,
       '' AS current, score AS score
"""
BY_UID = """
MATCH (n:BaseNode {uid: $uid})
WHERE n:Company
RETURN n.uid AS uid, n.name AS name
"""

# CHE-123.456.789, CHE123456789, che 123 456 789, CHE-123 456.789 ...
CHE = re.compile(r"(?<![A-Za-z0-9])CHE[\s.\-:/]*(\d{3})[\s.\-'’]?(\d{3})[\s.\-'’]?(\d{3})(?!\d)", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_ELIDED = re.compile(r"[^\W\d_]+['’][^\W\d_]+")

# words that say what kind of legal entity a name is, not which one; and the liquidation suffix
FORM_WORDS = {"ag", "sa", "gmbh", "sarl", "sagl", "llc", "ltd", "inc", "kg", "klg", "kmg", "snc", "scs", "sca", "sas",
              "aktiengesellschaft", "genossenschaft", "verein", "stiftung", "einzelunternehmen", "kollektivgesellschaft",
              "kommanditgesellschaft", "cooperative", "coop", "fondation", "fondazione", "associazione"}
LIQUIDATION = {"liquidation", "liquidazione", "liq"}

EXACT = 0.97  # a match at least this good is exact: legal form and liquidation suffix aside, the same words
FUZZY_BASE = 0.7  # a misspelled name scores between this and EXACT, by the share of its letters that are right
TIE = 0.02  # entities this close to the best are as plausible as it


def normalize_uid(text: str) -> str | None:
    """The first CHE UID written in `text`, in the register's spelling CHE-123.456.789."""
    m = CHE.search(text)
    return f"CHE-{m.group(1)}.{m.group(2)}.{m.group(3)}" if m else None


def tokens(text: str) -> list[tuple[int, int, str]]:
    """(start, end, loose word) of every word: 'Müller & Co.' -> muller, co."""
    return [(m.start(), m.end(), loose(m.group())) for m in _WORD.finditer(text)]


def core(words: list[str]) -> list[str]:
    """A company name without legal-form words at either end and without one '(in|en) liquidation' (or 'liq') at
    the end: 'X GmbH: liquidation notices' does not name 'X GmbH in Liquidation' with the word after it."""
    w = list(words)
    suffix = True  # one liquidation suffix: "X in Liquidation liquidation notices" names X in Liquidation, then asks
    while w:
        if w[-1] in FORM_WORDS:
            w.pop()
        elif suffix and w[-1] in LIQUIDATION and len(w) > 1 and w[-2] in ("in", "en"):
            del w[-2:]
            suffix = False
        elif suffix and w[-1] == "liq":
            w.pop()
            suffix = False
        else:
            break
    while w and w[0] in FORM_WORDS:
        w.pop(0)
    return w


FUNCTION_WORDS = {loose(w) for w in lexicon.FUNCTION_WORDS}
QUESTION_WORDS = {loose(w) for w in lexicon.QUESTION_WORDS}
PLACES = {loose(w) for code, names in CANTONS.items() for n in (code, *names) for w in _WORD.findall(n)} | \
         {loose(w) for city, names in CITY_NAMES.items() for n in (city, *names) for w in _WORD.findall(n)}
GENERIC = QUESTION_WORDS | FUNCTION_WORDS | PLACES | {loose(w) for w in (*lexicon.ORDINALS, *lexicon.LAST_WORDS,
                                                                          *lexicon.PICK_NOUNS)}


STEMS = tuple(loose(w) for w in lexicon.QUESTION_STEMS)


def vocabulary(word: str) -> bool:
    """A (loose) word that questions use anyway: asked facts, notice kinds, roles, places, "the second one"."""
    return word in GENERIC or word.isdigit() or word.startswith(STEMS)


def _generic(words: list[str]) -> bool:
    """Only words questions use anyway: such a run names nothing unless its legal form says so."""
    return all(vocabulary(w) for w in words)


def _company_match(span: list[str], name: list[str], folded: tuple[list[str], list[str]] | None = None) -> float:
    """How well a run of the question's (loose) words names a company; `folded`: the same run and name folded
    but not loosened, for misspellings that loosening lengthens ('gargae' is 'garga' loose, two edits from
    'garage', one as typed)."""
    if span == name:
        return 1.0
    if span[0] in FORM_WORDS and span[0] not in name:
        return 0.0  # "Date de fondation X": a legal-form word before the name that it does not hold is the question's
    cs, cn = core(span), core(name)
    if not cs or not cn:
        return 0.0
    if sum(w in FORM_WORDS for w in span) > max(1, sum(w in FORM_WORDS for w in name)):
        return 0.0  # "X GmbH – SA, Sàrl or …?": the forms after the name are the question's choice, not the name
    if cs == cn:
        # the legal form or the liquidation suffix left out or written otherwise ("Quarvex AG" for "Quarvex SA")
        if _generic(cn) and (len(span) == len(cs) or len(cn) == 1):
            return 0.0  # "Trading" or "Zürich" alone is a word of the question, not this company
        return EXACT if _same_form(span, name) else EXACT - 2 * TIE
    if (_edge(span[0]) and span[0] != name[0]) or (_edge(span[-1]) and span[-1] != name[-1]) or _generic(cs) \
            or len(span) == len(cs) == 1:
        return 0.0  # a misspelled name neither starts nor ends with "of" or "di" (unless its own: "L'Lumyo …"), nor
        # is one bare word
    # a legal-form word misspelt ("Vreein Quanov") is no longer a form word: the whole run against the whole name
    m = _typo_match(cs, cn) or (_typo_match(core(folded[0]), core(folded[1])) if folded else 0.0) \
        or (_typo_match(span, name) if len(cs) != len(cn) else 0.0)
    if m and not _same_form(span, name):
        m -= 2 * TIE  # "… AG" typed: a GmbH of that name is less likely
    elif m and not _same_form(span, name, literal=True):
        m -= 1.5 * TIE  # "… SA" typed: the SA of that name before an AG of it (a translation of the form)
    return m


def _edge(word: str) -> bool:
    """A word no name starts or ends with: "of", "di", "der" (but "SA" is a legal form, not French "sa")."""
    return word in FUNCTION_WORDS and word not in FORM_WORDS


FORM_GROUPS = ({"ag", "sa", "aktiengesellschaft"}, {"gmbh", "sarl", "sagl", "llc"})


def _same_form(span: list[str], name: list[str], literal: bool = False) -> bool:
    """The legal-form words typed are the name's (in any of the languages; `literal`: as the name writes them), or
    none were typed."""
    typed = {w for w in span if w in FORM_WORDS}
    own = {w for w in name if w in FORM_WORDS}
    return all(w in own or not literal and any(w in g and own & g for g in FORM_GROUPS) for w in typed)


def _typo_match(typed: list[str], name: list[str]) -> float:
    """A misspelling: word for word, a few edits (a swap of two letters is one), more in longer words and
    names; 0 when further off or when words are missing or extra."""
    if len(typed) != len(name):
        return 0.0
    total, length = 0, sum(len(w) for w in name)
    for x, y in zip(typed, name, strict=True):
        limit = 0 if len(y) < 4 else 1 if len(y) <= 6 else 2
        d = OSA.distance(x, y, score_cutoff=limit)
        if d > limit:
            return 0.0
        total += d
    if total > (1 if length <= 8 else 2 if length <= 24 else 3):
        return 0.0
    return round(FUZZY_BASE + (EXACT - 0.01 - FUZZY_BASE) * (1 - total / max(length, 1)), 4)


def _person_match(span: list[str], name: list[str], surname: list[str],
                  folded: tuple[list[str], list[str]] | None = None) -> float:
    if len(span) < 2 or _edge(span[0]) or _edge(span[-1]):
        return 0.0
    if sorted(span) == sorted(name):
        return 1.0  # "Vadim Pogreban" for "Pogreban, Vadim"
    if set(span) < set(name) and len(set(span)) == len(span) and set(surname) <= set(span):
        return 0.95  # a middle name left out
    if _generic(span):
        return 0.0
    given_first = name[len(surname):] + name[: len(surname)]  # "Gächter, Josef Walter" as "Josef Walter Gächter"
    m = max(_typo_match(span, name), _typo_match(span, given_first))
    if not m and folded:
        typed, own = folded
        m = max(_typo_match(typed, own), _typo_match(typed, own[len(surname):] + own[:len(surname)]))
    return m


def _terms(words: list[str], mode: str) -> str:
    """A Lucene query of the question's words (letters and digits only, so input cannot widen it)."""
    out: list[str] = []
    for w in dict.fromkeys(words):
        f = loose(w)
        if len(f) < 2 or f in FUNCTION_WORDS or f in FORM_WORDS or f in LIQUIDATION or (
                mode != "exact" and vocabulary(f)):
            continue
        if mode == "fuzzy" and len(w) >= 4:
            out.append(f"{w}~{1 if len(w) < 5 else 2}")  # the index counts a swap of two letters as two edits
        else:
            out.append(w)
    return " ".join(out)


def _near(ctx: Context, fuzzy: str) -> str:
    """Fuzzy terms ("meier~1") as the words of the name indexes within as many edits, asked for exactly, where the
    build listed them (`kg.name_words`: a fuzzy term costs a second at a million notices); else as they are."""
    try:
        vocabularies = name_words.VOCABULARIES.get(lambda q, **p: read(ctx, q, **p))
    except Exception:  # noqa: BLE001 - the look-up itself notes a failing graph
        vocabularies = None
    if vocabularies is None:
        return fuzzy
    out: list[str] = []
    for term in fuzzy.split():
        word, _, k = term.partition("~")
        out += [near for v in vocabularies.values() for near in v.near(word, int(k))] if k else [word]
    return " ".join(dict.fromkeys(out))


def _variants(raw: list[str]) -> list[str]:
    """The index is not accent-folded: ask for a word as typed, lower-cased, and folded ('zürich', 'zuerich',
    'zurich'; 'mueller' also as 'müller')."""
    out: list[str] = []
    for w in raw:
        low = w.lower()
        out += [low, fold(low), fold(low.replace("ä", "a").replace("ö", "o").replace("ü", "u"))]
        if re.search(r"[aou]e", low) and low.isascii():
            out.append(low.replace("ae", "ä").replace("oe", "ö").replace("ue", "ü"))
    return [w for w in dict.fromkeys(out) if w]


class _Found:
    """One entity and the best run of question words naming it."""
    __slots__ = ("row", "match", "i", "j")

    def __init__(self, row: dict[str, Any], match: float, i: int, j: int) -> None:
        self.row, self.match, self.i, self.j = row, match, i, j

    @property
    def key(self) -> tuple[str, str]:
        return self.row["kind"], self.row["uid"]


def _best_runs(toks: list[tuple[int, int, str]], rows: list[dict[str, Any]], text: str = "") -> list[_Found]:
    """Every entity of `rows` and the run of the question's words (`toks` of `text`) that names it best."""
    words = [t[2] for t in toks]
    typed = [fold(text[s:e]) for s, e, _ in toks] if text else None
    # a word after a dash, colon, comma or question mark: a name typed before it ends there
    breaks = {k for k in range(1, len(toks)) if _BREAK.search(text[toks[k - 1][1]: toks[k][0]])} if text else set()
    best: dict[tuple[str, str], _Found] = {}
    for row in rows:
        if not row.get("name") or not row.get("uid"):
            continue
        if row["kind"] == "Company" and row.get("strength") == "weak" and row.get("twins"):
            continue
        name = [t[2] for t in tokens(row["name"])]
        if not name:
            continue
        surname = [t[2] for t in tokens(row["name"].split(",")[0])] if "," in row["name"] else name[-1:]
        own = [fold(w) for w in _WORD.findall(row["name"])]
        lo, hi = (max(1, len(core(name)) - 1), len(name) + 1) if row["kind"] == "Company" else (2, len(name) + 1)
        # a company name without a comma or dash is not typed across one ("X: LLC?"); a person's may be ("Meier, Anna")
        unbroken = row["kind"] == "Company" and not _BREAK.search(row["name"])
        for n in range(lo, min(hi, len(words)) + 1):
            for i in range(0, len(words) - n + 1):
                if unbroken and any(i < k < i + n for k in breaks):
                    continue
                span = words[i: i + n]
                alt = (typed[i: i + n], own) if typed else None
                m = _company_match(span, name, alt) if row["kind"] == "Company" else \
                    _person_match(span, name, surname, alt)
                if not m or (row["kind"] == "Company" and (_continues(words, i + n, breaks)
                                                            or _form_asked(span, name, words, i + n))):
                    continue
                key = (row["kind"], row["uid"])
                cur = best.get(key)
                # the longest run naming this entity (it holds the legal form, all given names), then the best
                if cur is None or (n, m) > (cur.j - cur.i, cur.match):
                    best[key] = _Found(row, m, i, i + n)
    return list(best.values())


_OR_WORDS = {"or", "oder", "ou", "o"}


def _form_asked(span: list[str], name: list[str], words: list[str], j: int) -> bool:
    """'X – AG oder GmbH?', 'X, SA ou Sàrl ?': a legal form the name lacks, then 'or' and another form, is the
    question's choice, not part of the name."""
    return span[-1] in FORM_WORDS and span[-1] not in name and j < len(words) and words[j] in _OR_WORDS \
        and any(w in FORM_WORDS for w in words[j + 1: j + 3])


_BREAK = re.compile(r"[—–:;,?!()]|\s-\s")


def _continues(words: list[str], j: int, breaks: set[int] = frozenset()) -> bool:
    """The question's name goes on after word j up to a legal form ('Termarul Design Sàrl' is not 'Termarul'), not
    across a dash or a comma ('Chappuis Personal — corporation, LLC …?')."""
    if j < len(words) and words[j - 1] in FORM_WORDS:
        return False
    for k, w in enumerate(words[j: j + 3], start=j):
        if k in breaks:
            return False
        if w in FORM_WORDS:  # "X – AG oder GmbH?": the forms straight after the name are asked, not its own
            return not (k == j and _form_asked([w], [], words, k + 1))
        if w in FUNCTION_WORDS or vocabulary(w):
            return False
    return False


def _choose(found: list[_Found], toks: list[tuple[int, int, str]], question: str, via: str) -> list[dict[str, Any]]:
    """Mentions, main one first: the longest run wins, then the better match; overlapping runs give way."""
    mentions: list[dict[str, Any]] = []
    taken: set[int] = set()
    order = sorted(found, key=lambda f: (-(f.j - f.i), -f.match, f.row["kind"] != "Company",
                                         f.row.get("strength") != "strong"))
    for f in order:
        if any(k in taken for k in range(f.i, f.j)):
            continue
        peers = [g for g in found if g is not f and g.i < f.j and f.i < g.j and g.match >= f.match - TIE
                 and (g.j - g.i) >= (f.j - f.i)
                 and (f.match < EXACT or g.match >= EXACT)]
        start, end = toks[f.i][0], toks[f.j - 1][1]
        row = f.row
        mention = {"text": question[start:end], "start": start, "end": end, "uid": row["uid"], "name": row["current"]
                   or row["name"], "kind": row["kind"], "match": f.match, "exact": f.match >= EXACT, "via": via,
                   "alternatives": [{"uid": g.row["uid"], "name": g.row["current"] or g.row["name"], "kind": g.row["kind"]}
                                    for g in peers if g.key != f.key]}
        if via == "former":
            mention["former"] = row["name"]
        mentions.append(mention)
        taken.update(range(f.i, f.j))
        for g in peers:  # an alternative is not another mention of the question
            taken.update(range(g.i, g.j))
    return mentions


def _query(ctx: Context, cypher: str, terms: str, stats: dict[str, Any], **params: Any) -> list[dict[str, Any]]:
    """One look-up; a failing one (graph down, index missing) finds nothing and is noted, so the question goes
    on to the tools, which report the failure themselves."""
    if not terms or stats.get("error"):
        return []
    stats["lookups"] += 1
    try:
        return read(ctx, cypher, q=terms, pool=POOL, **params)
    except Exception as exc:  # noqa: BLE001 - linking is best effort; the tools report a graph failure
        stats["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        return []


def link(ctx: Context, question: str, thorough: bool = True) -> dict[str, Any]:
    """The entities `question` names, looked up in the graph (see the module's doc for the result).
    `thorough=False` (a count or a ranking) skips the typo-tolerant and former-name look-ups."""
    started = time.perf_counter()
    stats: dict[str, Any] = {"lookups": 0}
    mentions: list[dict[str, Any]] = []
    text = question
    che = CHE.search(question)
    if che:
        uid = normalize_uid(che.group(0))
        rows = _query(ctx, BY_UID, uid or "", stats, uid=uid)
        mentions.append({"text": che.group(0), "start": che.start(), "end": che.end(), "uid": uid,
                         "name": rows[0]["name"] if rows else None, "kind": "Company", "match": 1.0, "exact": True,
                         "via": "uid", "found": bool(rows), "alternatives": []})
        text = question[:che.start()] + " " * (che.end() - che.start()) + question[che.end():]
    toks = tokens(text)
    # the index keeps an elided word whole ("L'Lumyo"): asked for as written too
    raw = [text[s:e] for s, e, _ in toks] + [w.replace("’", "'") for w in _ELIDED.findall(text)]
    if toks:
        rows = _query(ctx, NAMES, _terms(_variants(raw), "exact"), stats, companies=COMPANY_INDEX, hubs=HUB_INDEX)
        found = _best_runs(toks, rows, text)
        if thorough and not che and not any(f.match >= EXACT for f in found):
            # dearer look-ups only when no name matched exactly: a former name, then misspelled words
            names = _terms(_variants(raw), "former")
            former = _best_runs(toks, _query(ctx, FORMER, names, stats, events=EVENT_INDEX))
            if any(f.match >= EXACT for f in former):
                mentions += _choose([f for f in former if f.match >= EXACT], toks, text, "former")
                found = []
            else:
                # typo-tolerant terms only for the words no returned name holds: the misspelled ones
                known = {w for r in rows for _, _, w in tokens(r.get("name") or "")}
                # as typed (lower-cased) and folded: the loose form ('ae' as 'a') would add edits to a misspelling
                fuzzy = _terms(list(dict.fromkeys(v for s, e, w in toks if w not in known and len(w) >= 4
                                                  for v in (text[s:e].lower(), fold(text[s:e])))), "fuzzy")
                if "~" in fuzzy:
                    # with the question's other words, places too ("architektru zürich": the Zürich one first)
                    rows = _query(ctx, NAMES, _near(ctx, fuzzy) + " " + _terms(_variants(raw), "exact"), stats,
                                  companies=COMPANY_INDEX, hubs=HUB_INDEX)
                    seen = {f.key: f for f in found}
                    for f in _best_runs(toks, rows, text):
                        if f.key not in seen or f.match > seen[f.key].match:
                            seen[f.key] = f
                    found = list(seen.values())
        mentions += _choose(found, toks, text, "name")
    if che and not mentions[0]["found"] and len(mentions) > 1:
        # a UID the register does not hold beside a name it does ("X, its UID in CHE-123.456.789 format?"): the
        # name is the entity asked about
        mentions = mentions[1:] + mentions[:1]
    return {"mentions": mentions, "ms": round((time.perf_counter() - started) * 1000, 1), "lookups": stats["lookups"],
            **({"error": stats["error"]} if stats.get("error") else {})}


def primary(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The main mention of a link result, or None."""
    return (result or {}).get("mentions", [None])[0] if (result or {}).get("mentions") else None


def mask(question: str, result: dict[str, Any] | None, placeholder: str = " ⟦⟧ ") -> str:
    """The question with every linked mention replaced, so keywords are read outside names."""
    out = question
    for m in sorted((result or {}).get("mentions", []), key=lambda m: -m["start"]):
        out = out[: m["start"]] + placeholder + out[m["end"]:]
    return out
