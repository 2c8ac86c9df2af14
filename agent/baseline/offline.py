"""The offline engine's answer: the sentences of the retrieved notices that share the most terms with the
question, each with its publication number and date. Extractive, deterministic, labelled as such."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from agent.safe_text import md_text

LABEL = "Offline extractive answer (vector baseline, no LLM): the passages of the closest notices that best match your question."
MAX_SENTENCES = 2  # per notice
MAX_CHARS = 320  # per passage

# Words that say nothing about which passage answers (en/de/fr/it question words and articles).
STOPWORDS = frozenset("""
the and for with from that this what which who whom whose when where why how was were are has have had does did
into about there their its any all company companies notice gazette shab
der die das den dem des ein eine einer eines und oder ist sind war wer wie was wann welche welcher welches wo
von mit für auf aus bei nach über hat haben wurde wurden firma gesellschaft
les des une est sont qui que quoi quel quelle quels quelles quand comment pour avec dans par sur été société
gli della delle dei che chi quale quali quando come per con nel sono stato stata società
""".split())
_WORD = re.compile(r"[\w'.-]+", re.UNICODE)
# Sentence ends: a line break, or ". " / "; " before a capital (not "Nr. 31", "CHF 20'000.00", "28.11.2018").
_SPLIT = re.compile(r"\n+|(?<=[.;])\s+(?=[A-ZÀ-ÝÄÖÜ])")


class Passage(Protocol):
    publication_number: str
    date: str | None
    company_name: str | None
    text: str


def terms(question: str) -> set[str]:
    words = (w.strip("'.-").lower() for w in _WORD.findall(question))
    return {w for w in words if (len(w) >= 3 or w.isdigit()) and w not in STOPWORDS}


def _stem(word: str) -> str:
    """First six letters: enough to meet 'bankrupt'/'bankruptcy', 'bezweckt'/'bezwecken' half-way."""
    return word[:6] if word.isalpha() else word


def sentence_score(sentence: str, query: set[str]) -> int:
    words = {w.strip("'.-").lower() for w in _WORD.findall(sentence)}
    stems = {_stem(w) for w in words}
    return sum(1 for t in query if t in words or _stem(t) in stems)


def best_sentences(text: str, query: set[str]) -> list[str]:
    sentences = [s.strip() for s in _SPLIT.split(text) if s.strip()]
    scored = [(sentence_score(s, query), i) for i, s in enumerate(sentences[1:], start=1)]  # [0] is the title
    best = sorted(i for score, i in sorted(scored, key=lambda x: (-x[0], x[1]))[:MAX_SENTENCES] if score > 0)
    return [_clip(sentences[i]) for i in best] or [_clip(sentences[1] if len(sentences) > 1 else sentences[0])]


def _clip(s: str) -> str:
    return s if len(s) <= MAX_CHARS else s[:MAX_CHARS].rsplit(" ", 1)[0] + " …"


def extractive_answer(question: str, passages: Sequence[Passage]) -> str:
    if not passages:
        return LABEL + "\n\nNo notice is indexed yet: run `python -m agent.baseline index` first."
    query = terms(question)
    lines = [LABEL, ""]
    for n, p in enumerate(passages, start=1):
        title = p.text.split("\n", 1)[0].strip()
        # quoted notice text is data: shown as text, never as a link, an image or HTML (agent.safe_text)
        lines.append(f"{n}. **{md_text(p.publication_number)}** ({md_text(p.date or 'no date')}) — {md_text(title)}")
        lines += [f"   > {md_text(s)}" for s in best_sentences(p.text, query)]
    return "\n".join(lines)
