"""Text helpers of the endpoints: accent folding, safe Lucene queries, localized snippets."""
from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that carry no identity in a company name; still used for ranking, never alone for finding.
NAME_NOISE = {"ag", "sa", "gmbh", "sarl", "sàrl", "sagl", "llc", "ltd", "inc", "the", "und", "et", "e", "and", "de",
              "du", "des", "la", "le", "di", "del", "in", "liquidation", "liquidazione", "succursale",
              "zweigniederlassung", "von", "van", "der"}


def fold(text: str) -> str:
    """Lowercase without accents, umlauts spelled out: 'Müller' and 'Mueller' both give 'mueller'."""
    text = text.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def lucene_query(text: str, mode: str = "any", drop: set[str] | frozenset[str] = frozenset()) -> str:
    """Terms of `text` as a Lucene query, special characters removed so user input cannot break or widen it.
    mode "all": every word must occur; "any": any word may; "prefix": any word may start a name word
    ("Pell" -> "Pellandini"); "fuzzy": one typo, two in long words (much slower on a large index)."""
    terms = []
    for w in words(text):
        lw = w.lower()
        if lw in drop or len(lw) < 2:
            continue
        if mode == "all":
            terms.append(f"+{lw}")
        elif mode == "prefix" and len(lw) >= 3:
            terms.append(f"{lw}*")
        elif mode == "fuzzy" and len(lw) >= 4:
            terms.append(f"{lw}~{1 if len(lw) < 8 else 2}")
        else:
            terms.append(lw)
    return " ".join(terms)


def snippet(text: str, query: str, width: int = 220) -> str:
    """The part of `text` around the first query word it contains (accent-insensitive)."""
    if not text:
        return ""
    folded = fold(text)
    pos = -1
    for w in sorted(words(query), key=len, reverse=True):
        if len(w) >= 3:
            pos = folded.find(fold(w))
            if pos >= 0:
                break
    if pos < 0 or len(text) <= width:
        return text[:width] + ("…" if len(text) > width else "")
    start = max(0, pos - width // 3)
    end = min(len(text), start + width)
    return ("…" if start else "") + text[start:end].replace("\n", " ") + ("…" if end < len(text) else "")
