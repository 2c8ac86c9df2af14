"""Text helpers of the endpoints: accent folding, safe Lucene queries, localized snippets."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# a word as the full-text index keeps it: an apostrophe between letters does not split it ("L'Mira", "dell'Orto")
_ELIDED = re.compile(r"[^\W_]+(?:'[^\W_]+)*", re.UNICODE)
# Words that carry no identity in a company name; still used for ranking, never alone for finding.
NAME_NOISE = {"ag", "sa", "gmbh", "sarl", "sàrl", "sagl", "llc", "ltd", "inc", "the", "und", "et", "e", "and", "de",
              "du", "des", "la", "le", "di", "del", "in", "liquidation", "liquidazione", "succursale",
              "zweigniederlassung", "von", "van", "der"}


def fold(text: str) -> str:
    """Lowercase without accents, umlauts spelled out: 'Müller' and 'Mueller' both give 'mueller'."""
    text = text.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def holds_word(folded: str, words: Iterable[str], whole: bool = False) -> bool:
    """Whether `folded` holds one of `words` where a word starts (no letter before it) and, when `whole`, ends.
    One pattern per list of words, compiled once: a pattern built per word and call overflowed the `re` module's
    cache (512 patterns), so every question compiled some 1,700 of them again."""
    words = tuple(words)
    return bool(words) and _word_pattern(words, whole).search(folded) is not None


@lru_cache(maxsize=4096)
def _word_pattern(words: tuple[str, ...], whole: bool) -> re.Pattern[str]:
    end = r"\b" if whole else ""
    return re.compile("|".join(rf"(?<![a-z]){re.escape(w)}{end}" for w in words))


def loose(text: str) -> str:
    """Text as names compare with a typo allowed: folded, and 'ü', 'ue' and 'u' alike ('Büttinger', 'Buettinger'
    and 'Buttinger' are one name; 'Zrüich' is one swap from 'Zürich')."""
    return fold(text).replace("ae", "a").replace("oe", "o").replace("ue", "u")


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def terms(text: str) -> list[str]:
    """The words of `text` as a full-text index keeps them: lowercase, an elided word whole ("l'mira")."""
    return _ELIDED.findall(text.replace("’", "'").lower())


def lucene_query(text: str, mode: str = "any", drop: set[str] | frozenset[str] = frozenset(),
                 near: Callable[[str], list[str]] | None = None) -> str:
    """Terms of `text` as a Lucene query, special characters removed so user input cannot break or widen it.
    mode "all": every word must occur; "typing": every word must occur, the last one as typed so far, a prefix
    ("Velpra Han" -> "Velpra Handel"), or dropped where it starts a word of `drop` ("Velpra Handel Gm": a legal form,
    whose prefix would match every GmbH); "any": any word may; "prefix": any word may start a name word
    ("Pell" -> "Pellandini"); "fuzzy": one typo, two in long words (much slower on a large index), or, given `near`
    (a typed word -> the words of the index close to it: `kg.name_words`), those words, exactly."""
    terms = []
    tokens = _ELIDED.findall(text.replace("’", "'"))
    for i, token in enumerate(tokens):
        # the index keeps an elided word whole ("L'Mira" is the term l'mira): asked for as written or as its word
        parts = words(token)
        word = parts[-1] if len(parts[-1]) >= 3 or len(parts) == 1 else parts[0]  # "L'Mira": mira; "Meier's": meier
        alike = [w.lower() for w in ([token] if "'" in token else []) + [word]]
        alike = [w for w in alike if w not in drop and len(w) >= 2]
        if mode == "prefix":
            alike = [f"{w}*" for w in alike if len(w) >= 3] or alike
        elif mode == "typing" and i == len(tokens) - 1:  # a legal form typed in part is dropped as the whole one is
            alike = [] if any(n.startswith(w) for w in alike for n in drop) else [
                f"{w}*" if len(w) >= 3 else w for w in alike]
        elif mode == "fuzzy" and near is not None:  # as typed too: a term the index lacks costs nothing
            alike = list(dict.fromkeys(c for w in alike for c in ([w, *near(w)] if len(w) >= 4 else [w])))
        elif mode == "fuzzy":
            alike = [f"{w}~{1 if len(w) < 8 else 2}" if len(w) >= 4 else w for w in alike]
        if alike:
            one = alike[0] if len(alike) == 1 else f"({' '.join(alike)})"
            terms.append(f"+{one}" if mode in ("all", "typing") else one)
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
