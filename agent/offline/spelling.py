"""Words of a question typed with a typo, read as the words meant ("merdged" as "merged", "dirctors" as
"directors", "befroe" as "before"): the offline reader's rules spell their words one way, and a user typing fast
does not.

A word is read as another only where that is safe: it is none of the known words itself (nor a known word with an
ending: "trasferite" is "trasferit-"), it begins with the same letter as the word meant, and exactly one known word
is nearest to it (of several as near, the one keeping most of its letters in place). A word of seven letters or more
may be one edit from it; a shorter one of five or six letters only two neighbouring letters swapped ("borad",
"moevd"): one letter more or less turns too many short words into others ("funded" is not "founded"). Read before
any rule (`respell(..., replaced=False)`), a letter written for another is no typo: it turns words of one language
into another's; nor is a letter more or less at the end, which is an ending ("liquider", "structures"). A word with
a capital inside the question is a name, not a typo, and is left alone.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from rapidfuzz.distance import OSA

from kg.text import fold

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_ESCAPE = re.compile(r"\\[a-zA-Z]")
_OTHER_ESCAPE = re.compile(r"\\[a-vx-zA-Z]")  # every escape but \w, which marks a stem


def pattern_words(patterns: Iterable[re.Pattern[str]], shortest: int = 5) -> set[str]:
    """The words the rules' patterns spell (folded, `shortest` letters or more; escapes such as \\b and \\w left out)."""
    out: set[str] = set()
    for p in patterns:
        out |= {fold(w) for w in _WORD.findall(_ESCAPE.sub(" ", p.pattern)) if len(w) >= shortest and w.islower()}
    return out


# a word a pattern writes as a stem, its ending left open: "trasferit\w*", "register(?:ed|s)", "eingetragen[a-z]*"
_STEM = re.compile(r"([^\W\d_]{4,})(?=\\w|\[a-z|\[\\w|\(\?:[a-z])")


def pattern_stems(patterns: Iterable[re.Pattern[str]]) -> set[str]:
    """The stems the rules' patterns read with any ending (folded)."""
    return {fold(m.group(1)) for p in patterns for m in _STEM.finditer(_OTHER_ESCAPE.sub(" ", p.pattern))
            if m.group(1).islower()}


def _swapped(typed: str, word: str) -> bool:
    """`typed` is `word` with two neighbouring letters swapped."""
    if len(typed) != len(word) or typed == word:
        return False
    diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == word[diff[1]] and typed[diff[1]] == word[diff[0]]


def meant(typed: str, vocabulary: Collection[str], known: Collection[str] = (), stems: Iterable[str] = (),
          replaced: bool = True) -> str | None:
    """The one word of `vocabulary` (folded) that the folded word `typed` misspells, else None. `known`: more words
    that are read as typed (function words, fillers); `stems`: beginnings read with any ending. Without `replaced`,
    a typo is a letter dropped, doubled or added, or two swapped, never one letter written for another, and one
    edit at most: a letter replaced turns words of one language into those of another ("mandare", "mandate";
    "constatée", "constituée")."""
    if len(typed) < 5 or typed in vocabulary or typed in known:
        return None
    if any(typed.startswith(v) for v in stems):
        return None  # a known stem with an ending ("trasferite")
    if len(typed) < 7:
        near = [v for v in vocabulary if v[0] == typed[0] and _swapped(typed, v)]
        return near[0] if len(near) == 1 else None
    if not replaced:
        # a letter more or less at the end is an ending, not a typo ("liquider", "structures")
        near = [v for v in vocabulary if v[0] == typed[0] and (
            _swapped(typed, v) or abs(len(v) - len(typed)) == 1 and not (typed.startswith(v) or v.startswith(typed))
            and OSA.distance(typed, v, score_cutoff=1) == 1)]
        return _nearest(typed, near)
    dist = {v: d for v in vocabulary if v[0] == typed[0] and abs(len(v) - len(typed)) <= 1
            and (d := OSA.distance(typed, v, score_cutoff=2)) <= (2 if len(v) >= 9 else 1)}
    if not dist:
        return None
    return _nearest(typed, [v for v, d in dist.items() if d == min(dist.values())])


def _nearest(typed: str, best: list[str]) -> str | None:
    """The one of words as near as each other: "registred" is "registered", which keeps its ending, not
    "registre"; the most letters in place wins, a tie reads nothing."""
    if len(best) > 1:
        kept = {v: _kept(typed, v) for v in best}
        best = [v for v in best if kept[v] == max(kept.values())]
    return best[0] if len(best) == 1 else None


def _kept(typed: str, word: str) -> int:
    """Letters of `typed` in place in `word`: its longest common beginning and ending, not overlapping."""
    head = 0
    while head < min(len(typed), len(word)) and typed[head] == word[head]:
        head += 1
    tail = 0
    while tail < min(len(typed), len(word)) - head and typed[-1 - tail] == word[-1 - tail]:
        tail += 1
    return head + tail


def respell(text: str, vocabulary: Collection[str], known: Collection[str] = (), folded: bool = False,
            stems: Iterable[str] = (), replaced: bool = True) -> str:
    """`text` with each misspelt word written as the word meant (`meant`); the rest as typed. Unless `folded` (the
    text is folded already), a word with a capital is left alone where it is not the text's first word, and a
    capitalised first word stays capitalised."""
    def fix(m: re.Match[str]) -> str:
        w = m.group()
        first = not text[:m.start()].strip(" \t¿¡\"'«“")
        if not folded and w != w.lower() and not (first and w[1:] == w[1:].lower()):
            return w
        word = meant(fold(w), vocabulary, known, stems, replaced)
        if word is None:
            return w
        return word.capitalize() if not folded and w[0].isupper() else word
    return _WORD.sub(fix, text)
